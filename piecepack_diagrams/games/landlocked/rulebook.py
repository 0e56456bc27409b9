"""What a Landlocked rulebook shows: the kinds of leg, how to tell them apart, and legs
to try when looking for one the rules refuse (see :mod:`piecepack_diagrams.figures`)."""

from __future__ import annotations

from typing import Iterator

from ...errors import PiecepackError
from ...scene import Annotation, Arrow, PathLine
from .board import cell_name, pass_problem
from .game import parse_path
from .picture import cell_centre
from .rules import LandlockedState

#: Kind of leg -> what the rules say of it, in a player's words.
KINDS = {
    "outbound": "an outbound leg walks to the next outbound tile (null, ace .. 5), passing no inbound tile "
                "and no outbound tile lower than its target, marking each grid tile it passes",
    "inbound": "an inbound leg walks to the next inbound tile (5 .. null), passing no inbound tile lower "
               "than its target",
    "home": "the last leg walks from the inbound null back home to the empty space",
}
#: Legs 0-5 are outbound, 6-11 inbound, 12 the way home.
_OUTBOUND_LEGS, _INBOUND_LEGS = 6, 12


def move_kind(before: LandlockedState, after: LandlockedState, text: str) -> str | None:
    """The kind of the leg ``text`` that led from ``before`` to ``after``, or None."""
    if after.leg == before.leg:
        return None
    if before.leg < _OUTBOUND_LEGS:
        return "outbound"
    return "inbound" if before.leg < _INBOUND_LEGS else "home"


def describe(before: LandlockedState, after: LandlockedState, text: str) -> str:
    """The leg ``text`` in a player's words: from where to where, space by space."""
    try:
        cells = parse_path(text)
    except PiecepackError:
        return text
    kind = move_kind(before, after, text) or "leg"
    return (f"the pawn walks leg {before.leg + 1} ({kind}) from {cell_name(cells[0])} to {cell_name(cells[-1])}, "
            f"by {', '.join(cell_name(c) for c in cells[1:-1]) or 'no other space'}")


def _l_paths(start: int, end: int) -> Iterator[list[int]]:
    """The two paths from ``start`` to ``end`` that turn at most once."""
    (r0, c0), (r1, c1) = divmod(start, 5), divmod(end, 5)
    for row_first in (True, False):
        cells, r, c = [start], r0, c0
        for axis in ((0, 1) if row_first else (1, 0)):
            while (r, c)[axis] != (r1, c1)[axis]:
                if axis == 0:
                    r += 1 if r1 > r else -1
                else:
                    c += 1 if c1 > c else -1
                cells.append(r * 5 + c)
        yield cells


def illegal_candidates(state: LandlockedState) -> Iterator[str]:
    """The straight ways (turning at most once) from the pawn to its next target."""
    target = state.target
    if target is None or state.outcome != "playing":
        return
    for cells in _l_paths(state.position, target):
        if len(cells) > 1:
            yield "-".join(cell_name(c) for c in cells)


def attempt_marks(state: LandlockedState, text: str) -> Iterator[Annotation]:
    """The path drawn up to the first space it may not pass, that step crossed out."""
    try:
        cells = parse_path(text)
    except PiecepackError:
        return
    stop = next((k for k, cell in enumerate(cells[1:-1], start=1)
                 if pass_problem(state.deal, state.leg, cell, state.marks, state.options)), len(cells) - 1)
    points = tuple(cell_centre(c) for c in cells[:stop + 1])
    if len(points) > 2:
        yield PathLine(points[:-1])
    if len(points) > 1:
        yield Arrow(points[-2], points[-1], role="illegal")


__all__ = ["KINDS", "attempt_marks", "describe", "illegal_candidates", "move_kind"]
