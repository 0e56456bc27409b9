"""Setups of the marbles system (``MovetextParser: Marble``): a square holed board
for pyramid-stacking marble games such as Spoff, as the piecepackr project lays it
out (R package ppdf's ``marble_board``)."""

from __future__ import annotations

from typing import Any, Mapping

from ...errors import SetupError
from ...pieces import COLOUR_NAMES, Piece
from ...rng import SeededRandom
from .setups import Layout, _int_option, _unknown_options, setup

#: Board and bit colours of the colour systems, by name, with their suit numbers.
COLOURS = {name: k for k, name in enumerate(COLOUR_NAMES, start=1)}
#: Inches per movetext unit on a marbles board: holes are half an inch apart.
MARBLES_SCALE = 0.5


@setup("board", "Board (marbles)")
def marbles_board(opts: Mapping[str, Any], rng: SeededRandom) -> Layout:
    """A square board of ``nrows`` x ``nrows`` holes (default 4), cyan unless ``suit``
    names another colour; its first hole is at a1."""
    _unknown_options("Board", opts, {"nrows", "suit"})
    size = _int_option("NRows", opts.get("nrows", 4))
    if not 1 <= size <= 50:
        raise SetupError(f"a marbles board of {size} rows is out of range", token=str(size), expected="1 to 50")
    colour = str(opts.get("suit", "cyan")).lower()
    if colour not in COLOURS:
        raise SetupError(f"unknown board colour '{colour}'", token=colour, expected=", ".join(COLOURS))
    # The first hole's centre is one unit from the origin, in units of the scale.
    centre = MARBLES_SCALE - 0.5 + 0.5 * size
    board = Piece("board", "face", COLOURS[colour], size, cfg="marbles")
    return Layout(((board, centre, centre, 0.0),), scale_factor=MARBLES_SCALE)


__all__ = ["COLOURS", "MARBLES_SCALE", "marbles_board"]
