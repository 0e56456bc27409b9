"""Replays as CSV rows with the columns and conventions of the reference
positions in ``../shared/corpus/ppn/reference/`` (less ``file``, ``game_index``
and ``id``), so any replay can be compared with the reference."""

from __future__ import annotations

import csv
import io
from typing import Any, Iterable, Iterator

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
        yield from state_rows(result.game, position.state, index=index, label=position.label)


def state_rows(game: Any, state: Any, *, index: int, label: str) -> Iterator[tuple[str, ...]]:
    """The rows of one position of ``game`` (see :func:`replay_rows`)."""
    pieces = getattr(state, "pieces", None)
    if pieces is None:
        from .layout.compose import drawn_pieces

        pieces = drawn_pieces(game.scene(state))
    for row, p in enumerate(pieces, start=1):
        yield (str(index), label, str(row), p.piece.piece_side, str(p.piece.suit),
               str(p.piece.rank), p.piece.cfg, _number(p.x), _number(p.y), _number(p.angle))


def rows_csv(rows: Iterable[tuple[str, ...]]) -> str:
    """``rows`` as CSV text under the header row :data:`COLUMNS`."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(COLUMNS)
    writer.writerows(rows)
    return out.getvalue()


#: The rows (pieces summed over positions) a replay's CSV may hold: about 12 MB of text, written in a few seconds.
MAX_ROWS = 250_000


def replay_csv(result: Replay) -> str:
    """The whole replay as CSV text with a header row."""
    return rows_csv(replay_rows(result))
