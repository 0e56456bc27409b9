"""What a Coin Collectors rulebook shows: the kinds of move, how to tell them apart,
and moves to try when looking for one the rules refuse (see :mod:`piecepack_diagrams.figures`)."""

from __future__ import annotations

from typing import Iterator

from ...errors import PiecepackError
from ...pieces import Suit, rank_name, suit_name
from dataclasses import replace

from ...scene import Annotation, Bounds, Label, Marker, Scene
from .board import HOLE, STEPS, cell_centre, cell_name, step
from .notation import parse_action
from .picture import HOLE_SPOTS, PAWN_SPOT, attempt_arrow, dice_panel, focus_of, position_scene, step_arrow
from .rules import CoinCollectorsState, PawnMove, Remove, Roll, legal_moves

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


def _actions(text: str) -> list[object]:
    try:
        return [parse_action(token) for token in text.split()]
    except PiecepackError:
        return []


def _first(text: str) -> object | None:
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
            else:
                rolled = ", ".join(f"{suit_name(suit)} {rank_name(rank)}" for suit, rank in action.results)
                parts.append(f"the dice rolled show {rolled}")
    return "; ".join(parts) if parts else text


#: Where a pawn that left the game stood: a grey ring this wide round its place.
_GONE_RING, _GONE_GREY = 0.62, "#6E6E6E"


def move_scene(before: CoinCollectorsState, after: CoinCollectorsState, text: str, caption: str) -> Scene:
    """The turn ``text`` drawn on the position after it: the step's arrow from the pawn that
    took it; beside the board the dice as they were when the pawn stepped, the one (or two)
    the caption cites ringed; each pawn that left the game a grey ring where it stood,
    named."""
    scene = position_scene(after, caption=caption)
    actions = _actions(text)
    notes: list[Annotation] = []
    cited: set[int] = set()
    moved: dict[int, int] = {}
    for action in actions:
        if isinstance(action, PawnMove):
            start = before.pawns[action.suit - 1]
            target = step(start, action.direction)
            legal = next((m for m in legal_moves(before) if m.move == action), None)
            if target is None or legal is None:
                continue
            moved[action.suit] = target
            tile = before.deal.tiles[target]
            for reason in legal.reasons:
                cited.add(tile[0] if reason.endswith("the tile's rank") and tile is not None else action.suit)
            if after.last_move != (start, target):
                # The pawn left the game after its step: the scene drew no arrow for it.
                notes.append(step_arrow(start, target))
        elif isinstance(action, Remove):
            cell = moved.get(action.suit, before.pawns[action.suit - 1])
            if cell == HOLE:
                x, y = HOLE_SPOTS[action.suit - 1]
            else:
                cx, cy = cell_centre(cell)
                x, y = cx + PAWN_SPOT[0], cy + PAWN_SPOT[1]
            notes.append(Marker(x, y, _GONE_RING, _GONE_GREY, "ring", role="gone"))
            notes.append(Label(x, y, f"{suit_name(action.suit)} pawn out", 7.5, place="near"))
    panels = tuple(dice_panel(before.dice, cited=frozenset(cited)) if p.title == "Dice" else p
                   for p in scene.panels)
    return replace(scene, annotations=scene.annotations + tuple(notes), panels=panels)


def illegal_candidates(state: CoinCollectorsState) -> Iterator[str]:
    """Each pawn's step onto each neighbouring coin."""
    if state.phase != "move" or state.outcome != "playing":
        return
    for suit in range(1, 5):
        cell = state.pawns[suit - 1]
        if not state.can_move(suit):
            continue
        for direction in STEPS:
            target = step(cell, direction)
            if target is not None and state.present >> target & 1:
                yield Suit(suit).letter + direction


def attempt_focus(state: CoinCollectorsState, text: str) -> "Bounds | None":
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


__all__ = ["KINDS", "attempt_focus", "attempt_marks", "describe", "illegal_candidates", "move_kind", "move_scene"]
