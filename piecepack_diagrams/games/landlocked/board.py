"""Landlocked's board and rules as data: the deal, the options, and what a leg may
pass, as ``../shared/rules/RULINGS.md`` reads the rules.

The grid is 5x5; cell ``k`` is at column ``k % 5`` and row ``k // 5`` from the
top left, named like a chess square (``a5`` top left, ``e1`` bottom right).
Cell 0, top left, is the empty space: home.
"""

from __future__ import annotations


from ...pieces import Suit
from ...reprs import brief_repr
from ...values import field, value

HOME = 0
CELLS = 25
RANK_WORDS = ("null", "ace", "2", "3", "4", "5")
#: How many passes a grid-side-up tile takes, by difficulty.
LIMITS = {"easy": 5, "standard": 4, "hard": 3}
#: Where the n-th pass's coin goes, by difficulty.
MARK_SPOTS = {
    "standard": ("lower right", "upper right", "upper left", "centre"),
    "easy": ("lower right", "upper right", "upper left", "centre", "lower left"),
    "hard": ("lower right", "upper right", "centre"),
}
#: Coins in a piecepack, the most markers there are with ``limit_markers``.
MARKER_COINS = 24


def cell_name(cell: int) -> str:
    return "abcde"[cell % 5] + str(5 - cell // 5)


def parse_cell(text: str) -> int:
    """``"b4"`` -> its cell; raises ``ValueError``."""
    if len(text) != 2 or text[0].lower() not in "abcde" or text[1] not in "12345":
        raise ValueError(f"'{text}' is not a grid space (a1 to e5)")
    return (5 - int(text[1])) * 5 + "abcde".index(text[0].lower())


def are_neighbours(a: int, b: int) -> bool:
    return abs(a % 5 - b % 5) + abs(a // 5 - b // 5) == 1


@value
class Options:
    """``difficulty`` (``standard``, ``easy``: a fifth pass, ``hard``: three), ``pass_visited_outbound``
    (outbound legs may also pass the lower outbound tiles), ``limit_markers`` (the game stops when
    the 24 coins run out)."""

    difficulty: str = "standard"
    pass_visited_outbound: bool = False
    limit_markers: bool = False

    @property
    def limit(self) -> int:
        return LIMITS[self.difficulty]

    def __repr__(self) -> str:
        return (f"Options(difficulty={self.difficulty!r}, pass_visited_outbound={self.pass_visited_outbound!r}, "
                f"limit_markers={self.limit_markers!r})")


@value
class Deal:
    """The tiles (``tiles[k]`` is ``(suit, rank)``, ``None`` at home) and the two suits drawn."""

    tiles: tuple[tuple[int, int] | None, ...]
    outbound: int
    inbound: int
    #: The 13 targets: cells of the outbound null..5, the inbound 5..null, then home.
    targets: tuple[int, ...] = field(init=False, repr=False, compare=False)

    __repr__ = brief_repr

    def __post_init__(self) -> None:
        where = {tile: k for k, tile in enumerate(self.tiles) if tile is not None}
        targets = [where[(self.outbound, r)] for r in range(1, 7)] + [where[(self.inbound, r)] for r in range(6, 0, -1)]
        object.__setattr__(self, "targets", tuple(targets) + (HOME,))

    def is_face_up(self, cell: int) -> bool:
        tile = self.tiles[cell]
        return tile is not None and tile[0] in (self.outbound, self.inbound)

    def is_grid(self, cell: int) -> bool:
        """True for a tile turned grid side up."""
        return self.tiles[cell] is not None and not self.is_face_up(cell)

    def describe(self, cell: int) -> str:
        tile = self.tiles[cell]
        if tile is None:
            return "the empty space"
        if not self.is_face_up(cell):
            return f"the grid tile at {cell_name(cell)}"
        return f"the {RANK_WORDS[tile[1] - 1]} of {Suit(tile[0]).title}"

def leg_name(deal: Deal, leg: int) -> str:
    """``"leg 9 (to the 3 of Moons)"``; legs count from 1."""
    target = deal.targets[leg]
    return f"leg {leg + 1} (to {'home' if target == HOME else deal.describe(target)})"


def pass_problem(deal: Deal, leg: int, cell: int, marks: tuple[int, ...], options: Options) -> str | None:
    """Why the pawn may not pass through ``cell`` on ``leg`` (0-based) with these marks, or ``None``."""
    if cell == HOME:
        return None
    tile = deal.tiles[cell]
    if deal.is_grid(cell):
        if marks[cell] >= options.limit:
            return f"{deal.describe(cell)} has been passed {marks[cell]} times, the most it takes"
        return None
    if leg == 12:
        return None  # home: every tile may be passed
    target = deal.tiles[deal.targets[leg]]
    assert tile is not None and target is not None  # a pawn passes tiles, towards a tile (not home: leg 12)
    suit, rank = tile
    target_rank = target[1]
    outbound_leg = leg < 6
    if outbound_leg:
        if suit == deal.inbound:
            return f"{deal.describe(cell)} is an inbound tile, and outbound legs may not pass inbound tiles"
        if rank < target_rank and not options.pass_visited_outbound:
            return f"{deal.describe(cell)} is an outbound tile lower than your target"
        return None
    if suit == deal.inbound and rank < target_rank:
        return f"{deal.describe(cell)} is an inbound tile lower than your target"
    return None




__all__ = ["CELLS", "Deal", "HOME", "LIMITS", "MARKER_COINS", "MARK_SPOTS", "Options", "RANK_WORDS",
           "are_neighbours", "cell_name", "leg_name", "parse_cell", "pass_problem"]
