"""Setups of original piecepack games, as the piecepackr project lays them out (R
package ppdf): Alien City, Plans of Action and Relativity. Each is a small data
function registered with :func:`.setups.setup`; the exact arrangement comes from the
record's ``Tiles`` or ``Coins`` option, else from the seed.
"""

from __future__ import annotations

import re
from typing import Any, Mapping

from ...errors import SetupError
from ...pieces import Piece, Suit
from ...rng import SeededRandom
from .setups import Item, Layout, _unknown_options, parse_ranks, rectangular_board, setup

#: PPN's angle characters.
_ANGLES = {"^": 0.0, "<": 90.0, "v": 180.0, ">": 270.0}
_TILE = re.compile(r"([SMCA])([na2-5])([\^<v>])")


def _parse_tiles(text: str, count: int) -> list[tuple[int, int, float]]:
    """``"C3^Sa^S5v..."`` (``/`` between rows ignored) -> (suit, rank, angle) per tile."""
    body = str(text).replace("/", "").replace(" ", "")
    found = [(int(Suit.parse(m[1])), "na2345".index(m[2]) + 1, _ANGLES[m[3]]) for m in _TILE.finditer(body)]
    if "".join(m[0] for m in _TILE.finditer(body)) != body or len(found) != count:
        raise SetupError(f"Tiles '{text}' is not {count} tiles", token=str(text),
                         expected="a suit letter, a rank and an angle (^ < v >) per tile, e.g. C3^Sa^S5v")
    return found


def _parse_suits(text: str, count: int) -> list[int]:
    body = str(text).replace("/", "").replace(" ", "")
    if len(body) != count or any(c not in "SMCA" for c in body):
        raise SetupError(f"Coins '{text}' is not {count} suits", token=str(text), expected="letters S, M, C, A")
    return [int(Suit.parse(c)) for c in body]


@setup("alien_city", "Alien City")
def alien_city(opts: Mapping[str, Any], rng: SeededRandom) -> Layout:
    """Twenty tiles face up (no nulls) in a 4x5 block, each turned as the deal says.

    Option ``tiles``: twenty tiles row by row from the top, e.g. ``C3^Sa^S5vAa>/...``.
    """
    _unknown_options("Alien City", opts, {"tiles"})
    if opts.get("tiles") is not None:
        tiles = _parse_tiles(opts["tiles"], 20)
    else:
        faces = rng.shuffled([(suit, rank) for suit in range(1, 5) for rank in range(2, 7)])
        tiles = [(suit, rank, 90.0 * rng.below(4)) for suit, rank in faces]
    spots = [(1.5 + 2 * c, 9.5 - 2 * r) for r in range(5) for c in range(4)]
    return Layout(tuple((Piece("tile", "face", s, r), x, y, a) for (s, r, a), (x, y) in zip(tiles, spots)))


@setup("plans_of_action", "Plans of Action")
def plans_of_action(opts: Mapping[str, Any], rng: SeededRandom) -> Layout:
    """An 8x8 board of tile backs with 24 coins suit side up on its middle 6x4 squares.

    Option ``coins``: the 24 suits row by row from the top (``SASASS/MMACSS/...``).
    The ranks under the coins are not given: each suit's coins get null .. 5 in the
    order they are placed (the reference draws them at random).
    """
    _unknown_options("Plans of Action", opts, {"coins"})
    suits = (_parse_suits(opts["coins"], 24) if opts.get("coins") is not None
             else rng.shuffled([suit for suit in range(1, 5) for _ in range(6)]))
    seen = [0, 0, 0, 0]
    items: list[Item] = rectangular_board(8, 8)
    for k, suit in enumerate(suits):
        seen[suit - 1] += 1
        items.append((Piece("coin", "back", suit, seen[suit - 1]), 2 + k % 6, 6 - k // 6, 0.0))
    return Layout(tuple(items))


@setup("relativity", "Relativity")
def relativity(opts: Mapping[str, Any], rng: SeededRandom) -> Layout:
    """A 6x4 board of six tile backs covered by 24 coins number side up, Suns and Moons
    on the top half, Arms and Crowns on the bottom half, three of a suit side by side.

    Option ``coins``: the 24 ranks row by row from the top (``n45a5n/3a2243/...``).
    """
    _unknown_options("Relativity", opts, {"coins"})
    if opts.get("coins") is not None:
        ranks = parse_ranks(opts["coins"], count=24, what="Coins")
    else:
        ranks = _random_relativity_ranks(rng)
    suits = [suit for suit in (1, 2, 1, 2, 4, 3, 4, 3) for _ in range(3)]
    items: list[Item] = rectangular_board(6, 4)
    items += [(Piece("coin", "face", s, r), 1 + k % 6, 4 - k // 6, 0.0) for k, (s, r) in enumerate(zip(suits, ranks))]
    return Layout(tuple(items))


def _random_relativity_ranks(rng: SeededRandom) -> list[int]:
    """Each suit's six coins shuffled, dealt again while the four corner coins of the
    top half would all be equal (the rules' one forbidden deal)."""
    while True:
        ranks = [r for _ in range(4) for r in rng.shuffled(list(range(1, 7)))]
        if len({ranks[5], ranks[3], ranks[2], ranks[0]}) > 1:
            break
    order = [*range(0, 3), *range(6, 9), *range(3, 6), *range(9, 12), *range(12, 15), *range(18, 21),
             *range(15, 18), *range(21, 24)]
    return [ranks[k] for k in order]


__all__ = ["alien_city", "plans_of_action", "relativity"]
