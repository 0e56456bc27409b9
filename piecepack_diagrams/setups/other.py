"""Ports of ppdf setups: other (being written)."""
