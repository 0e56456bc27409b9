"""Labyrinth tiles' connectors: which sides of a tile are open, and rotation.

A connector is a bit mask of open sides: north 1, east 2, south 4, west 8.
"""

from __future__ import annotations

NORTH, EAST, SOUTH, WEST = 1, 2, 4, 8
CONNECTORS: dict[str, int] = {
    "│": NORTH | SOUTH, "─": EAST | WEST, "┐": SOUTH | WEST, "└": NORTH | EAST, "┌": EAST | SOUTH,
    "┘": NORTH | WEST, "┬": EAST | SOUTH | WEST, "├": NORTH | EAST | SOUTH, "┴": NORTH | EAST | WEST,
    "┤": NORTH | SOUTH | WEST, "┼": NORTH | EAST | SOUTH | WEST,
}
SYMBOLS: dict[int, str] = {mask: symbol for symbol, mask in CONNECTORS.items()}


def rotate(mask: int, degrees: int) -> int:
    """``mask`` turned ``degrees`` (a multiple of 90) counter-clockwise: north becomes west."""
    for _ in range((degrees // 90) % 4):
        # Counter-clockwise: N->W, W->S, S->E, E->N, i.e. each bit moves three places round.
        mask = ((mask << 3) | (mask >> 1)) & 0xF
    return mask


def parse_connector(text: str) -> int:
    """The mask of a connector character; raises ``ValueError`` for anything else."""
    if not isinstance(text, str):
        raise ValueError(f"{text!r} is not a connector; expected one of {' '.join(CONNECTORS)}")
    try:
        return CONNECTORS[text]
    except KeyError:
        raise ValueError(f"'{text}' is not a connector; expected one of {' '.join(CONNECTORS)}") from None


__all__ = ["CONNECTORS", "EAST", "NORTH", "SOUTH", "SYMBOLS", "WEST", "parse_connector", "rotate"]
