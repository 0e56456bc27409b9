"""Ports of ppdf setups: original_f_to_r (being written)."""
