"""Dealing Landlocked: 24 shuffled tiles in the 5x5 grid round the empty upper-left
space, then coins drawn for the outbound suit and the inbound suit (drawing
again until it differs)."""

from __future__ import annotations

from ...rng import SeededRandom
from .board import CELLS, HOME, Deal

ALL_TILES = tuple((s, r) for s in range(1, 5) for r in range(1, 7))


def deal_from_seed(seed: int) -> Deal:
    """The deal of ``seed``: the same on every machine."""
    rng = SeededRandom(seed)
    tiles = rng.shuffled(list(ALL_TILES))
    coins = rng.shuffled(list(ALL_TILES))  # the face-down pile; coins are drawn from its top
    outbound = coins[0][0]
    inbound = next(suit for suit, _ in coins[1:] if suit != outbound)
    return make_deal(tiles, outbound, inbound)


def make_deal(tiles: list[tuple[int, int]], outbound: int, inbound: int) -> Deal:
    """A deal from 24 tiles in reading order (skipping the empty space) and the two suits."""
    cells: list[tuple[int, int] | None] = [None] * CELLS
    for cell, tile in zip((c for c in range(CELLS) if c != HOME), tiles):
        cells[cell] = tile
    return Deal(tuple(cells), outbound, inbound)


__all__ = ["ALL_TILES", "deal_from_seed", "make_deal"]
