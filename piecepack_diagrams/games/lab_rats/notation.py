"""The Lab Rats movetext: build steps and play moves, as records write them.

Under a ``build.`` move number, each token is a die roll while building:
``n a 2 3 4 5`` (``0`` and ``1`` also mean null and ace) for a roll that placed
a tile, the same with ``x`` (``4x``) for a roll that was re-rolled because its
placement was illegal, and ``<`` for backing out the last tile.

Under any other move number, each token is one action:

========== ===================================================================
``2N``     move with the top coin of stack 2, north (away from the player)
``3E4``    move with the top coin of stack 3, four squares east (null coin)
``1x``     discard the top coin of stack 1 under the rat
``B``      back up: the rat returns to the square of its last movement coin
``R2``     return the movement coin under the rat to the top of stack 2
``resign`` give up
========== ===================================================================

Directions are compass letters with north away from the player: N, W, S, E. A move may end
with an annotation glyph (``2N??``, ``1x!``: see :mod:`~piecepack_diagrams.annotations`).
"""

from __future__ import annotations

import re

from ...annotations import split_annotation
from ...errors import NotationError
from .build import PLACED, REROLLED, BuildStep
from .rules import DIRECTIONS, Action, BackUp, Concede, Discard, Move, Return

_FACES = {"n": 1, "0": 1, "a": 2, "1": 2, "2": 3, "3": 4, "4": 5, "5": 6}
_MOVE = re.compile(r"([1-3])([NWSEnwse])(\d{1,3})?")
_DISCARD = re.compile(r"([1-3])[xX]")
_RETURN = re.compile(r"[Rr]([1-3])")

BUILD_HELP = "a die roll (n a 2 3 4 5), a re-rolled roll (4x) or '<' to back out"
MOVE_HELP = "a move such as 2N or 3E4, a discard such as 1x, B (back up), R2 (return a coin) or resign"


def is_build_label(label: str) -> bool:
    """True for the move numbers that hold build steps (``build.``, ``build2.`` ...)."""
    return label.lower().startswith("build")


def parse_build_step(text: str) -> BuildStep:
    """A build step from its token; raises :class:`NotationError` for anything else."""
    if text == "<":
        return BuildStep("back")
    face = _FACES.get(text[:1].lower()) if len(text) in (1, 2) else None
    if face is None or (len(text) == 2 and text[1] not in "xX"):
        raise NotationError(f"'{text}' is not a build step", token=text, expected=BUILD_HELP)
    return BuildStep(REROLLED if len(text) == 2 else PLACED, face)


def parse_action(text: str) -> Action:
    """A play action from its token (an annotation glyph after it aside); raises
    :class:`NotationError` for anything else."""
    text, _ = split_annotation(text)
    if m := _MOVE.fullmatch(text):
        return Move(int(m[1]), DIRECTIONS[m[2].upper()], int(m[3]) if m[3] else None)
    if m := _DISCARD.fullmatch(text):
        return Discard(int(m[1]))
    if m := _RETURN.fullmatch(text):
        return Return(int(m[1]))
    if text in ("B", "b"):
        return BackUp()
    if text.lower() in ("resign", "concede"):
        return Concede()
    raise NotationError(f"'{text}' is not a Lab Rats move", token=text, expected=MOVE_HELP)


__all__ = ["BUILD_HELP", "MOVE_HELP", "is_build_label", "parse_action", "parse_build_step"]
