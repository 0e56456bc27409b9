"""What a Landlocked rulebook shows: the kinds of leg, how to tell them apart, and legs
to try when looking for one the rules refuse (see :mod:`piecepack_diagrams.figures`)."""

from __future__ import annotations

from typing import Iterator

from ...engine import Replay
from ...errors import PiecepackError, RuleError
from ...scene import Annotation, Bounds, Scene
from . import picture
from .board import HOME, cell_name, pass_problem
from .game import parse_path
from .picture import target_words
from .rules import LandlockedState
from ...values import replace

#: Kind of leg -> what the rules say of it, in a player's words.
KINDS = {
    "outbound": "an outbound leg passes no inbound tile and no lower outbound tile",
    "inbound": "an inbound leg passes no inbound tile lower than its target",
    "home": "the last leg walks home, passing any tile",
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
    """The leg ``text`` in a player's words: from where to which tile, by which spaces
    (spaces by their coordinates, as on the board's edges)."""
    try:
        cells = parse_path(text)
    except PiecepackError:
        return text
    if cells[0] != before.position:
        cells = [before.position] + cells
    kind = move_kind(before, after, text) or "leg"
    target = cells[-1]
    by = ", ".join(cell_name(c) for c in cells[1:-1]) or "no other space"
    # Short enough for a plate's caption to stay on one line.
    tile = "home" if target == HOME else before.deal.describe(target)
    return f"leg {before.leg + 1} ({kind}): {cell_name(cells[0])} to {tile} at {cell_name(target)}, by {by}"


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


def _refused_at(state: LandlockedState, cells: list[int]) -> int | None:
    """The index in ``cells`` (the pawn's space first) of the first space the leg may not
    pass, or None."""
    return next((k for k, cell in enumerate(cells[1:-1], start=1)
                 if pass_problem(state.deal, state.leg, cell, state.marks, state.options)), None)


def _attempt(state: LandlockedState, text: str) -> tuple[list[int], int] | None:
    try:
        cells = parse_path(text)
    except PiecepackError:
        return None
    if cells[0] != state.position:
        cells = [state.position] + cells
    stop = _refused_at(state, cells)
    return (cells, stop) if stop is not None else None


def attempt_marks(state: LandlockedState, text: str) -> Iterator[Annotation]:
    """The leg drawn up to the first space it may not pass: the legal part solid, the
    refused step dashed with an X just inside the tile it may not enter."""
    attempt = _attempt(state, text)
    if attempt is not None:
        yield from picture.attempt_marks(state.deal, *attempt)


def attempt_focus(state: LandlockedState, text: str) -> Bounds | None:
    """The region a refused leg is about: its spaces up to the refused one, and a tile round."""
    attempt = _attempt(state, text)
    return picture.focus_of(attempt[0][:attempt[1] + 1]) if attempt is not None else None


def attempt_scene(state: LandlockedState, text: str, error: RuleError) -> Scene | None:
    """The position the leg was tried in, without the leg before it (so the two cannot be
    mistaken for one), with the attempt's marks; its caption says which step is refused and
    why, in a player's words."""
    attempt = _attempt(state, text)
    if attempt is None:
        return None
    cells, stop = attempt
    focus = picture.focus_of(cells[:stop + 1])
    scene = picture.position_scene(replace(state, last_path=()))
    problem = pass_problem(state.deal, state.leg, cells[stop], state.marks, state.options)
    target = state.target
    assert target is not None  # an attempt is refused on a leg still to walk
    heading = f"Leg {state.leg + 1} heads from {cell_name(cells[0])} for {target_words(state.deal, target)}"
    said = f"{heading}; the dashed step onto {cell_name(cells[stop])} is refused: {problem}."
    marks = tuple(picture.attempt_marks(state.deal, cells, stop))
    return replace(scene, annotations=scene.annotations + marks, focus=focus,
                   pieces=tuple(picture.board_pieces(state, clear_of=marks)),
                   panels=(picture.key_panel(state, focus=focus),), caption=said)


def end_scene(result: Replay) -> Scene | None:
    """The end of a game: its whole route, the outbound legs on one board and the inbound legs
    and the way home on another, each leg numbered where it ends (the marker coins left off,
    so that the legs show)."""
    states = [position.state for position in result.positions]
    paths = tuple(tuple(s.last_path[1:]) for s in states[1:])
    if not paths or any(not path for path in paths):
        return None
    final = states[-1]
    said = ("The whole route, leg by leg, each numbered where it enters its target (colours and lines in turn; "
            f"the coins of its {final.markers} passes are left off); the inbound legs start from the outbound 5, "
            "where leg 6 ended")
    return picture.route_scene(states, paths, caption=said)


__all__ = ["KINDS", "attempt_focus", "attempt_marks", "attempt_scene", "describe", "end_scene", "illegal_candidates",
           "move_kind"]
