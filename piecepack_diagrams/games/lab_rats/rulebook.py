"""What a Lab Rats rulebook shows: the kinds of move, how to tell them apart, and
moves to try when looking for one the rules refuse (see :mod:`piecepack_diagrams.figures`)."""

from __future__ import annotations

from typing import Iterator

from ...errors import PiecepackError
from ...scene import Annotation, Arrow
from .notation import parse_action
from .rules import DIRECTIONS, BackUp, Discard, LabRatsState, Move, Return

#: Kind of move -> what the rules say of it, in a player's words.
KINDS = {
    "rat": "take a stack's top coin and move the rat like a rook by its value, leaving the coin on the "
           "square the rat left",
    "null-coin": "a null coin moves the rat any number of squares in a straight line",
    "discard": "discard a top coin: it goes under the rat and the rat stays",
    "back-up": "standard rules: back up to the square of the last movement coin",
    "return": "standard rules: after backing up, return the movement coin to the top of a stack",
}

#: Squares the rat moves per heading (N, W, S, E) in the drawing.
_STEP = {0: (0, 1), 90: (-1, 0), 180: (0, -1), 270: (1, 0)}


def _action(text: str) -> object | None:
    try:
        return parse_action(text)
    except PiecepackError:
        return None  # the maze-building group, or not a move


def move_kind(before: LabRatsState, after: LabRatsState, text: str) -> str | None:
    """The kind of the move ``text`` that led from ``before`` to ``after``, or None."""
    action = _action(text)
    if isinstance(action, Move) and before.stacks[action.stack - 1]:
        return "null-coin" if before.stacks[action.stack - 1][-1].rank == 1 else "rat"
    return {Discard: "discard", BackUp: "back-up", Return: "return"}.get(type(action))


#: Headings as a player says them (north is away from the player).
_HEADING_WORDS = {0: "north", 90: "west", 180: "south", 270: "east"}


def describe(before: LabRatsState, after: LabRatsState, text: str) -> str:
    """The move ``text`` in a player's words: which stack's coin moved the rat how far and
    which way, or which coin was discarded or returned."""
    from ...pieces import rank_name, suit_name

    action = _action(text)
    if isinstance(action, Move) and before.stacks[action.stack - 1]:
        coin = before.stacks[action.stack - 1][-1]
        moved = abs(after.rat[0] - before.rat[0]) + abs(after.rat[1] - before.rat[1])
        squares = f"{moved} square{'s' if moved != 1 else ''}"
        return (f"the top coin of stack {action.stack}, the {rank_name(coin.rank)} of {suit_name(coin.suit)}, moves "
                f"the rat {squares} {_HEADING_WORDS[action.heading]} and stays on the square the rat left")
    if isinstance(action, Discard) and before.stacks[action.stack - 1]:
        coin = before.stacks[action.stack - 1][-1]
        return (f"the top coin of stack {action.stack}, the {rank_name(coin.rank)} of {suit_name(coin.suit)}, is "
                "discarded under the rat, which stays where it is")
    if isinstance(action, BackUp):
        return "the rat backs up to the square of its last movement coin"
    if isinstance(action, Return):
        return f"the movement coin under the rat goes back on top of stack {action.stack}"
    return text


def illegal_candidates(state: LabRatsState) -> Iterator[str]:
    """Rat moves by a top coin's value in each direction, from each stack (numbered coins only,
    so the arrow drawn is the whole move)."""
    if state.building or state.outcome != "playing":
        return
    for stack, coins in enumerate(state.stacks, start=1):
        if coins and coins[-1].rank > 1:
            for letter in DIRECTIONS:
                yield f"{stack}{letter}"


def attempt_marks(state: LabRatsState, text: str) -> Iterator[Annotation]:
    """An arrow crossed out: where the move would take the rat."""
    action = _action(text)
    if not isinstance(action, Move):
        return
    value = state.stacks[action.stack - 1][-1].rank - 1
    dx, dy = _STEP[action.heading]
    x, y = state.rat
    yield Arrow((x, y), (x + dx * value, y + dy * value), role="illegal")


__all__ = ["KINDS", "attempt_marks", "describe", "illegal_candidates", "move_kind"]
