"""Ports of ppdf setups: solitaires (being written)."""
