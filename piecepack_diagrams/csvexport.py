"""Replays as CSV rows with the columns and conventions of the reference
positions in ``../shared/corpus/ppn/reference/`` (less ``file``, ``game_index``
and ``id``), so any replay can be compared with the reference."""

from __future__ import annotations

import csv
import io
from typing import Iterator

from .engine import Replay

COLUMNS = ("move_index", "move_label", "row", "piece_side", "suit", "rank", "cfg", "x", "y", "angle")


def _number(value: float) -> str:
    if abs(value - round(value)) < 1e-12:
        return str(int(round(value)))
    return repr(round(value, 12))


def replay_rows(result: Replay) -> Iterator[tuple[str, ...]]:
    """One row per piece per position; ``move_index`` 1 is the setup.

    Generic PPN states give their pieces in record units; other games give the
    pieces their drawing shows, in inches (for Lab Rats: tiles, pawns, coins on
    squares and in the stacks).
    """
    for index, position in enumerate(result.positions, start=1):
        pieces = getattr(position.state, "pieces", None)
        if pieces is None:
            from .layout.compose import drawn_pieces

            pieces = drawn_pieces(result.game.scene(position.state))
        for row, p in enumerate(pieces, start=1):
            yield (str(index), position.label, str(row), p.piece.piece_side, str(p.piece.suit),
                   str(p.piece.rank), p.piece.cfg, _number(p.x), _number(p.y), _number(p.angle))


#: The rows (pieces summed over positions) a replay's CSV may hold: about 12 MB of text, written in a few seconds.
MAX_ROWS = 250_000


def replay_csv(result: Replay) -> str:
    """The whole replay as CSV text with a header row."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(COLUMNS)
    writer.writerows(replay_rows(result))
    return out.getvalue()
