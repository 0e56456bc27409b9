"""Ports of ppdf setups: chess (being written)."""
