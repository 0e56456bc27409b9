"""What a Coin Collectors rulebook shows: the kinds of move, how to tell them apart,
and moves to try when looking for one the rules refuse (see :mod:`piecepack_diagrams.figures`)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Iterator

from ...errors import PiecepackError
from ...pieces import Suit, rank_name, suit_name

from ...scene import Annotation, Bounds, Highlight, Scene
from .board import HOLE, STEPS, cell_centre, cell_name, step
from .notation import parse_action
from .picture import HOLE_SPOTS, attempt_arrow, dice_panel, focus_of, pawn_spot, position_scene
from .rules import Action, CoinCollectorsState, PawnMove, Remove, Roll, apply_action, legal_moves
from ...values import replace
import itertools

if TYPE_CHECKING:
    from ...engine.replays import Replay

#: Directions as a player says them.
_HEADINGS = {"N": "north", "E": "east", "S": "south", "W": "west"}

#: Kind of move -> what the rules say of it, in a player's words.
KINDS = {
    "tile-die": "a pawn steps onto a tile whose suit's die shows the tile's rank, takes its coin, "
                "then dice are rolled",
    "pawn-die": "a pawn steps onto a tile whose coin's number its own die shows, takes the coin, "
                "then dice are rolled",
    "remove": "when no pawn can move (Acceptable Losses), one pawn leaves the game and all four dice are rolled",
}


def _actions(text: str) -> list[Action]:
    try:
        return [parse_action(token) for token in text.split()]
    except PiecepackError:
        return []


def _first(text: str) -> Action | None:
    actions = _actions(text)
    return actions[0] if actions else None


def move_kind(before: CoinCollectorsState, after: CoinCollectorsState, text: str) -> str | None:
    """The kind of the move ``text`` that led from ``before`` to ``after``, or None (a move
    both dice allow shows neither rule alone)."""
    if any(isinstance(a, Remove) for a in _actions(text)):
        return "remove"
    action = _first(text)
    if not isinstance(action, PawnMove):
        return None
    legal = next((m for m in legal_moves(before) if m.move == action), None)
    if legal is None or len(legal.reasons) != 1:
        return None
    return "tile-die" if legal.reasons[0].endswith("the tile's rank") else "pawn-die"


def describe(before: CoinCollectorsState, after: CoinCollectorsState, text: str) -> str:
    """The turn ``text`` in a player's words: which pawn went where and took what, and what
    the dice show after the roll (squares by their coordinates, as on the board's edges)."""
    return _words(before, text, numbers=True)


def describe_figure(before: CoinCollectorsState, after: CoinCollectorsState, text: str) -> str:
    """The turn ``text`` as its figure (:func:`move_scene`) draws it, one moment: a step
    with the dice it was made with (the roll after it said, its numbers not: they are not
    drawn); a pawn taken out, the position that left no move and the dice that show it."""
    stuck = _stuck(before, text)
    if stuck is not None:
        state, suit = stuck
        shown = ", ".join(f"{suit_name(s)} {rank_name(state.dice[s - 1])}" for s in range(1, 5))
        return (f"the dice show {shown} and no pawn can collect a coin, so the {suit_name(suit)} pawn "
                f"(ringed) leaves the game; then all four dice are rolled again")
    return _words(before, text, numbers=False)


def _stuck(before: CoinCollectorsState, text: str) -> tuple[CoinCollectorsState, int] | None:
    """The position in which ``text`` first takes a pawn out (a roll left no move) and that
    pawn's suit, or None if it takes none out."""
    state = before
    for action in _actions(text):
        if isinstance(action, Remove):
            return state, action.suit
        try:
            state = apply_action(state, action)
        except PiecepackError:
            return None
    return None


def _words(before: CoinCollectorsState, text: str, *, numbers: bool) -> str:
    parts = []
    for action in _actions(text):
        if isinstance(action, PawnMove):
            start = before.pawns[action.suit - 1]
            target = step(start, action.direction)
            if target is None:
                continue
            tile, coin = before.deal.tiles[target], before.deal.coins[target]
            where = "from the hole" if start == HOLE else f"from {cell_name(start)}"
            what = (f"onto the {rank_name(tile[1])} of {suit_name(tile[0])} at {cell_name(target)}"
                    if tile is not None else f"to {cell_name(target)}")
            coin_words = f" and takes its coin, the {rank_name(coin[1])} of {suit_name(coin[0])}" if coin else ""
            why = next((m.reasons for m in legal_moves(before) if m.move == action), ())
            because = f" ({' and '.join(why)})" if why else ""
            parts.append(f"the {suit_name(action.suit)} pawn steps {_HEADINGS[action.direction]} {where} {what}"
                         f"{because}{coin_words}")
        elif isinstance(action, Remove):
            parts.append(f"no pawn can move, so the {suit_name(action.suit)} pawn leaves the game")
        elif isinstance(action, Roll):
            if not action.results:
                parts.append("no dice are rolled")
            elif not numbers:
                parts.append("then dice are rolled again")
            else:
                rolled = ", ".join(f"{suit_name(suit)} {rank_name(rank)}" for suit, rank in action.results)
                parts.append(f"the dice rolled show {rolled}")
    return "; ".join(parts) if parts else text


def move_scene(before: CoinCollectorsState, after: CoinCollectorsState, text: str, caption: str) -> Scene:
    """The turn ``text`` drawn as :func:`describe_figure` says it, one moment. A step: the
    position after it, the step's arrow from the pawn that took it, and beside the board the
    dice it was made with, the one (or two) the caption cites ringed. A pawn taken out: the
    position the roll left with no move (the whole board), the dice that show it, and the
    pawn that leaves ringed with its tile (the caption names it)."""
    stuck = _stuck(before, text)
    if stuck is not None:
        return _leaving_scene(*stuck, caption=caption)
    scene = position_scene(after, caption=caption)
    panels = tuple(dice_panel(before.dice, cited=_cited(before, text)) if p.title == "Dice" else p
                   for p in scene.panels)
    return replace(scene, panels=panels)


def _cited(before: CoinCollectorsState, text: str) -> frozenset[int]:
    """The suits of the dice that allow the step in ``text`` (the dice its caption cites)."""
    cited: set[int] = set()
    for action in _actions(text):
        if not isinstance(action, PawnMove):
            continue
        target = step(before.pawns[action.suit - 1], action.direction)
        legal = next((m for m in legal_moves(before) if m.move == action), None)
        if target is None or legal is None:
            continue
        tile = before.deal.tiles[target]
        for reason in legal.reasons:
            cited.add(tile[0] if reason.endswith("the tile's rank") and tile is not None else action.suit)
    return frozenset(cited)


#: The ring round the pawn that leaves, in the hole (on a tile: the tile's own edge), inches.
_LEAVING_RING = (0.8, 1.1)


def _leaving_scene(state: CoinCollectorsState, suit: int, *, caption: str) -> Scene:
    """The position ``state`` in which the pawn of ``suit`` is taken out: the whole board (no
    step is drawn: the roll, not a step, left no move), the pawn ringed with its tile."""
    scene = replace(position_scene(replace(state, last_move=None), caption=caption), focus=None)
    x, y = pawn_spot(state, suit) or HOLE_SPOTS[suit - 1]
    cell = state.pawns[suit - 1]
    ring = (Highlight(x, y, *_LEAVING_RING, role="target") if cell == HOLE
            else Highlight(*cell_centre(cell), 2.0, 2.0, role="target"))
    # (No label: no spot of a tile is free for one; the caption names the pawn it rings.)
    return replace(scene, annotations=scene.annotations + (ring,))


def end_scene(result: Replay) -> Scene | None:
    """The end of a game on its final position; the die (or dice) its last step was made
    with ringed, as on the move figures, when no roll came after it (the dice drawn are
    those the step used)."""
    if len(result.positions) < 2:
        return None
    before, after = result.positions[-2], result.final
    scene = position_scene(after.state)
    if any(isinstance(a, Roll) for a in _actions(after.text)):
        return scene
    panels = tuple(dice_panel(after.state.dice, cited=_cited(before.state, after.text)) if p.title == "Dice"
                   else p for p in scene.panels)
    return replace(scene, panels=panels)


def illegal_candidates(state: CoinCollectorsState) -> Iterator[str]:
    """Each pawn's step onto each neighbouring coin, those whose refused arrow reads best
    first: arrows that run clear of the other pawns before those squeezed out sideways
    between two rows of pawns in the hole, and of these the longer first (a pawn standing at
    the hole's edge has a stub of an arrow to the tile beside it; one stepping out between the
    pawns, or from a tile, a line the eye follows)."""
    if state.phase != "move" or state.outcome != "playing":
        return
    found = []
    for suit in range(1, 5):
        cell = state.pawns[suit - 1]
        if not state.can_move(suit):
            continue
        for direction in STEPS:
            target = step(cell, direction)
            if target is not None and state.present >> target & 1:
                arrow = attempt_arrow(state, suit, target)
                points = (arrow.start, *arrow.via, arrow.end)
                length = sum(math.dist(a, b) for a, b in itertools.pairwise(points))
                found.append(((_is_squeezed(suit, cell, direction), -length), Suit(suit).letter + direction))
    for _, text in sorted(found, key=lambda f: f[0]):
        yield text


def _is_squeezed(suit: int, cell: int, direction: str) -> bool:
    """Whether a step's arrow leaves the hole sideways past another pawn: along the narrow
    lane between the two rows of pawns (the lane between the two columns is wide)."""
    if cell != HOLE or direction in "NS":
        return False
    (px, _), (cx, _) = HOLE_SPOTS[suit - 1], cell_centre(HOLE)
    return (px - cx) * (1 if direction == "E" else -1) < 0


def attempt_focus(state: CoinCollectorsState, text: str) -> Bounds | None:
    """The region a refused step is about: the pawn's cell, the tile it may not enter, and
    a tile round them."""
    action = _first(text)
    if not isinstance(action, PawnMove):
        return None
    start = state.pawns[action.suit - 1]
    target = step(start, action.direction)
    return focus_of([start, target]) if target is not None else None


def attempt_marks(state: CoinCollectorsState, text: str) -> Iterator[Annotation]:
    """An arrow crossed out, from the pawn to the coin it may not take."""
    action = _first(text)
    if not isinstance(action, PawnMove):
        return
    target = step(state.pawns[action.suit - 1], action.direction)
    if target is not None:
        yield attempt_arrow(state, action.suit, target)


__all__ = ["KINDS", "attempt_focus", "attempt_marks", "describe", "describe_figure", "end_scene", "illegal_candidates",
           "move_kind", "move_scene"]
