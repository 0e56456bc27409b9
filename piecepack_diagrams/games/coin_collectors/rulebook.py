"""What a Coin Collectors rulebook shows: the kinds of move, how to tell them apart,
and moves to try when looking for one the rules refuse (see :mod:`piecepack_diagrams.figures`)."""

from __future__ import annotations

from typing import Iterator

from ...errors import PiecepackError
from ...pieces import Suit
from ...scene import Annotation
from .board import STEPS, step
from .notation import parse_action
from .picture import attempt_arrow
from .rules import CoinCollectorsState, PawnMove, Remove, legal_moves

#: Kind of move -> what the rules say of it, in a player's words.
KINDS = {
    "tile-die": "a pawn steps onto a tile whose suit's die shows the tile's rank, takes its coin, "
                "then dice are rolled",
    "pawn-die": "a pawn steps onto a tile whose coin's number its own die shows, takes the coin, "
                "then dice are rolled",
    "remove": "Acceptable Losses: when no pawn can move, one pawn leaves the game and all four dice are rolled",
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


def attempt_marks(state: CoinCollectorsState, text: str) -> Iterator[Annotation]:
    """An arrow crossed out, from the pawn to the coin it may not take."""
    action = _first(text)
    if not isinstance(action, PawnMove):
        return
    target = step(state.pawns[action.suit - 1], action.direction)
    if target is not None:
        yield attempt_arrow(state, action.suit, target)


__all__ = ["KINDS", "attempt_marks", "illegal_candidates", "move_kind"]
