"""Ports of ppdf setups: traditional (being written)."""
