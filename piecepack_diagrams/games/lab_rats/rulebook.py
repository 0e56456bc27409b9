"""What a Lab Rats rulebook shows: the kinds of move, how to tell them apart, and
moves to try when looking for one the rules refuse (see :mod:`piecepack_diagrams.figures`)."""

from __future__ import annotations

from typing import Iterator, Sequence

from ...engine import Replay
from ...errors import PiecepackError, RuleError
from ...pieces import rank_name, suit_name
from ...scene import Annotation, Arrow, Bounds, PathLine, Scene
from .maze import forward
from .notation import parse_action
from .picture import RAT_SPOT, SHOWN_ALONG, focus_of, move_way, position_scene, rat_spot
from .rules import DIRECTIONS, BackUp, Concede, Discard, LabRatsState, Move, Return, ray
from ...values import replace

#: Kind of move -> what the rules say of it, in a player's words.
KINDS = {
    "rat": "take a stack's top coin and move the rat like a rook by its value, leaving the coin on the "
           "square the rat left",
    "null-coin": "a null coin moves the rat any number of squares in a straight line",
    "discard": "discard a top coin: it goes under the rat and the rat stays",
    "back-up": "standard rules: back up to the square of the last movement coin",
    "return": "standard rules: after backing up, return the movement coin to the top of a stack",
}

#: The setup figure's explanation.
SETUP = ("The rat (the Crowns pawn) starts on the first tile; the two exit pawns stand at the last tile's "
         "leading edge. Beside the maze: the three stacks of eight coins, top coins face up.")


def _action(text: str) -> object | None:
    try:
        return parse_action(text)
    except PiecepackError:
        return None  # the maze-building group, or not a move


def _moved(before: LabRatsState, after: LabRatsState) -> int:
    return abs(after.rat[0] - before.rat[0]) + abs(after.rat[1] - before.rat[1])


def move_kind(before: LabRatsState, after: LabRatsState, text: str) -> str | None:
    """The kind of the move ``text`` that led from ``before`` to ``after``, or None. A move
    shows its rule only when it is long enough to: a numbered coin's of two squares or more,
    a null coin's of three squares or more (and at most what a figure shows whole); the
    move out of the maze is the end's."""
    action = _action(text)
    if isinstance(action, Move) and before.stacks[action.stack - 1]:
        if after.outcome == "won":
            return None
        moved = _moved(before, after)
        if before.stacks[action.stack - 1][-1].rank == 1:
            return "null-coin" if 3 <= moved <= SHOWN_ALONG else None
        return "rat" if moved >= 2 else None
    return {Discard: "discard", BackUp: "back-up", Return: "return"}.get(type(action))


#: Headings as a player says them (north is up, away from the player).
_HEADING_WORDS = {0: "north", 90: "west", 180: "south", 270: "east"}


def describe(before: LabRatsState, after: LabRatsState, text: str) -> str:
    """The move ``text`` in a player's words, in the past tense (a figure shows the position
    after it, so the stacks drawn already show the next coin): which stack's coin moved the rat
    how far and which way, or which coin was discarded or returned."""
    action = _action(text)
    if isinstance(action, Move) and before.stacks[action.stack - 1]:
        coin = before.stacks[action.stack - 1][-1]
        which = f"the {rank_name(coin.rank)} of {suit_name(coin.suit)}, taken from the top of stack {action.stack}"
        way = _HEADING_WORDS[action.heading]
        if after.outcome == "won":
            return f"{which}, carried the rat {way} out of the maze between the exit pawns"
        moved = _moved(before, after)
        squares = f"{moved} square{'s' if moved != 1 else ''}"
        return f"{which}, moved the rat {squares} {way} and stayed on the square the rat left"
    if isinstance(action, Discard) and before.stacks[action.stack - 1]:
        coin = before.stacks[action.stack - 1][-1]
        return (f"the {rank_name(coin.rank)} of {suit_name(coin.suit)}, taken from the top of stack {action.stack}, "
                "was discarded under the rat, which stayed where it was")
    if isinstance(action, BackUp):
        return "the rat backed up to the square of its last movement coin"
    if isinstance(action, Return):
        return f"the movement coin under the rat went back on top of stack {action.stack} (ringed)"
    if isinstance(action, Concede):
        return "the player gave up"
    if before.building or len(after.build) > len(before.build):
        rolls = sum(step.kind != "back" for step in after.build) - sum(step.kind != "back" for step in before.build)
        return (f"{rolls} die roll{'s' if rolls != 1 else ''} built the maze to {len(after.maze.tiles)} tiles "
                "(re-rolls and back-outs included)")
    return text


def setup_replay(replays: Sequence[Replay]) -> Replay:
    """The game whose setup the rulebook shows: a won one (a deal the rat escapes from)."""
    return next((r for r in replays if r.status().outcome == "won"), replays[0])


def illegal_candidates(state: LabRatsState) -> Iterator[str]:
    """Rat moves by a top coin's value in each direction, from each stack (numbered coins only,
    so the arrow drawn is the whole move)."""
    if state.building or state.outcome != "playing":
        return
    for stack, coins in enumerate(state.stacks, start=1):
        if coins and coins[-1].rank > 1:
            for letter in DIRECTIONS:
                yield f"{stack}{letter}"


def _attempt(state: LabRatsState, text: str) -> tuple[list[tuple[int, int]], tuple[int, int]] | None:
    """The maze squares a numbered coin's move ``text`` would pass, and the first square it
    would reach off the maze (None: not such a move, or one that stays in the maze)."""
    action = _action(text)
    if not isinstance(action, Move) or not state.stacks[action.stack - 1]:
        return None
    value = state.stacks[action.stack - 1][-1].value
    passed = list(ray(state.maze.squares, state.rat, action.heading))[:value]
    if len(passed) >= value:
        return None
    dx, dy = forward(action.heading)
    last = passed[-1] if passed else state.rat
    return passed, (last[0] + dx, last[1] + dy)


def attempt_marks(state: LabRatsState, text: str) -> Iterator[Annotation]:
    """The move crossed out, along the way a move would go: a solid line over the maze squares
    it would pass, then a dashed arrow to the first square off the maze, crossed out there."""
    found = _attempt(state, text)
    if found is None:
        return
    passed, off = found

    def spot(square: tuple[int, int]) -> tuple[float, float]:
        return square[0] + RAT_SPOT[0], square[1] + RAT_SPOT[1]

    # The way from the rat to the square off the maze, leaving the pawn at its edge.
    back = move_way(spot(off), rat_spot(state))
    edge = back[-1]
    lane = back[0][1] - spot(off)[1]
    if passed:
        last = (spot(passed[-1])[0], spot(passed[-1])[1] + lane)
        yield PathLine((edge, last), role="attempt")
        edge = last
    yield Arrow(edge, back[0], role="illegal")


def attempt_focus(state: LabRatsState, text: str) -> Bounds | None:
    """The region a refused move is about: the rat, the squares it would pass, the square off
    the maze, and a square round them."""
    found = _attempt(state, text)
    if found is None:
        return None
    passed, off = found
    return focus_of([state.rat, *passed, off])


def attempt_scene(state: LabRatsState, text: str, error: RuleError) -> Scene | None:
    """The refused move drawn on its position without that position's own last move (so the
    only arrow is the refused one), cropped to it."""
    focus = attempt_focus(state, text)
    if focus is None:
        return None
    scene = position_scene(replace(state, last_move=None, last_action=None))
    return replace(scene, annotations=scene.annotations + tuple(attempt_marks(state, text)), focus=focus)


__all__ = ["KINDS", "SETUP", "attempt_focus", "attempt_marks", "attempt_scene", "describe", "illegal_candidates",
           "move_kind", "setup_replay"]
