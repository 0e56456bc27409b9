"""Ports of ppdf setups: checkers (being written)."""
