"""The Coin Collectors movetext: one turn per move number, a move then a roll.

=========== ==================================================================
``MN``      the Moons pawn moves one cell north (up); E right, S down, W left
``R:S3Mn``  the dice picked up and what they show now (suit letter, then n a 2 3 4 5)
``R:-``     no dice rolled this turn (the ones kept still give a move)
``X:C``     Acceptable Losses: stuck, the Crowns pawn is taken out of the game
=========== ==================================================================

A move may end with an annotation glyph (``MN?``: see :mod:`~piecepack_diagrams.annotations`).
"""

from __future__ import annotations

import re

from ...annotations import split_annotation
from ...errors import NotationError
from ...pieces import Suit
from .rules import Action, PawnMove, Remove, Roll

_FACES = {"n": 1, "0": 1, "a": 2, "1": 2, "2": 3, "3": 4, "4": 5, "5": 6}
_MOVE = re.compile(r"([SMCAsmca])([NESWnesw])")
HELP = "a move such as MN (pawn suit, then N E S W), a roll such as R:S3Mn or R:-, or X:C (take a pawn out)"


def parse_action(text: str) -> Action:
    """An action from its token (an annotation glyph after it aside); raises
    :class:`NotationError` naming what is wrong."""
    text, _ = split_annotation(text)
    if m := _MOVE.fullmatch(text):
        return PawnMove(int(Suit.parse(m[1])), m[2].upper())
    if text.startswith(("R:", "r:")):
        return Roll(parse_dice(text[2:], token=text))
    if text.startswith(("X:", "x:")) and len(text) == 3:
        try:
            return Remove(int(Suit.parse(text[2])))
        except ValueError:
            raise NotationError(f"'{text[2]}' is not a suit", token=text, expected="S, M, C or A") from None
    raise NotationError(f"'{text}' is not a Coin Collectors move", token=text, expected=HELP)


def parse_dice(body: str, *, token: str) -> tuple[tuple[int, int], ...]:
    """``"S3Mn"`` -> ((1, 4), (2, 1)); ``"-"`` -> (). Raises :class:`NotationError`."""
    if body == "-":
        return ()
    if not body or len(body) % 2:
        raise NotationError(f"'{token}' is not a roll", token=token,
                            expected="pairs of a suit letter and a face, as in R:S3Mn, or R:-")
    out = []
    for k in range(0, len(body), 2):
        letter, face = body[k], body[k + 1]
        try:
            suit = int(Suit.parse(letter))
        except ValueError:
            raise NotationError(f"'{letter}' in '{token}' is not a die's suit", token=token,
                                expected="S, M, C or A") from None
        if face.lower() not in _FACES:
            raise NotationError(f"'{face}' in '{token}' is not a die face", token=token,
                                expected="n a 2 3 4 5 (null, ace, two .. five)")
        out.append((suit, _FACES[face.lower()]))
    return tuple(out)


__all__ = ["HELP", "parse_action", "parse_dice"]
