"""Ports of ppdf setups: original_s_to_w (being written)."""
