"""What a Labyrinth rulebook shows: the kinds of turn, how to tell them apart, and turns
to try when looking for one the rules refuse (see :mod:`piecepack_diagrams.figures`)."""

from __future__ import annotations

from dataclasses import replace
from typing import Iterator

from ...errors import PiecepackError
from ...scene import Annotation, Arrow
from .notation import OUT, parse_turn
from .picture import slide_arrow
from .rules import LabyrinthPlay
from .state import PASS, Move
from .strategies import lines

#: Kind of turn -> what the rules say of it, in a player's words.
KINDS = {
    "slide-and-move": "slide a row or column by inserting the spare tile (turned as you like) at one end; "
                      "the tile pushed out becomes the spare; then walk your avatar along connected paths",
    "pass": "a player may pass: no slide, no move",
    "out": "a player whose turn breaks the rules is thrown out of the game",
}


def _turn(text: str) -> object | None:
    try:
        return parse_turn(text)
    except PiecepackError:
        return None


def move_kind(before: LabyrinthPlay, after: LabyrinthPlay, text: str) -> str | None:
    """The kind of the turn ``text`` that led from ``before`` to ``after``, or None."""
    turn = _turn(text)
    if isinstance(turn, Move):
        return "slide-and-move"
    if turn == PASS:
        return "pass"
    if turn == OUT or isinstance(turn, tuple):
        return "out"
    return None


#: Slide directions as a player says them.
_SLIDES = {"LEFT": "left", "RIGHT": "right", "UP": "up", "DOWN": "down"}


def describe(before: LabyrinthPlay, after: LabyrinthPlay, text: str) -> str:
    """The turn ``text`` in a player's words: who slid which row or column which way, turned
    the spare how far, and walked where (rows and columns counted from 1 at the top left)."""
    turn = _turn(text)
    mover = before.to_move
    who = before.name_of(mover.color) if mover is not None else "the player"
    if isinstance(turn, Move):
        line = "row" if turn.direction in ("LEFT", "RIGHT") else "column"
        r, c = turn.destination
        return (f"{who} slides {line} {turn.index + 1} {_SLIDES[turn.direction]} with the spare turned "
                f"{turn.degrees} degrees, then walks to row {r + 1}, column {c + 1}")
    if turn == PASS:
        return f"{who} passes"
    if turn == OUT or isinstance(turn, tuple):
        return f"{who} breaks the rules and is thrown out of the game"
    return text


def illegal_candidates(play: LabyrinthPlay) -> Iterator[str]:
    """The first legal slide, then a walk to each cell of the board in turn (the ones the
    avatar cannot reach are refused)."""
    if play.to_move is None:
        return
    state = play.position
    slides = lines(state)
    if not slides:
        return
    index, direction = slides[0]
    for r in range(state.board.height):
        for c in range(state.board.width):
            yield Move(index, direction, 0, (r, c)).text


def attempt_marks(play: LabyrinthPlay, text: str) -> Iterator[Annotation]:
    """The slide's arrow, and an arrow crossed out from the avatar to where it may not go."""
    turn = _turn(text)
    mover = play.to_move
    if not isinstance(turn, Move) or mover is None:
        return
    board = play.position.board
    h, w = board.height, board.width
    yield replace(slide_arrow(turn.index, turn.direction, h, w), role="slide")
    slid = play.position.slid(turn.index, turn.direction, turn.degrees)
    start = next(p.current for p in slid.players if p.color == mover.color)
    (r0, c0), (r1, c1) = start, turn.destination
    yield Arrow((c0 + 0.5, h - r0 - 0.5), (c1 + 0.5, h - r1 - 0.5), role="illegal")


__all__ = ["KINDS", "attempt_marks", "describe", "illegal_candidates", "move_kind"]
