"""Ports of ppdf setups: original_a_to_f (being written)."""
