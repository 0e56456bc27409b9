"""The games' statistics as JSON: written by ``stats --format json``, read back, and added up.

Every game's statistics are counts over seeds (see :mod:`piecepack_diagrams.tallies`), so
runs over different seeds, on one machine or many, add up to the run over all of them:
``parse_statistics(a) + parse_statistics(b)``, or ``stats merge a.json b.json``. The JSON
holds the counts (which are what is read back) and, for a reader, the figures computed from
them: proportions with their 95% intervals, means.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .errors import NotationError, PiecepackError, SetupError, SourceLocation

#: What the JSON says it is, and the version of its form.
FORMAT = "piecepack-diagrams statistics"
VERSION = 1
#: The largest statistics file read (a histogram has a few dozen entries).
MAX_BYTES = 1 << 20
#: Each game's statistics: its module (under ``piecepack_diagrams.games``) and class.
_CLASSES = {"lab-rats": ("lab_rats.stats", "DealStatistics"),
            "coin-collectors": ("coin_collectors.stats", "CoinCollectorsStatistics"),
            "landlocked": ("landlocked.stats", "LandlockedStatistics")}


def statistics_json(stats: Any) -> str:
    """``stats`` (any game's statistics) as JSON text, ending in a line break; the same
    statistics always give the same text."""
    return json.dumps({"format": FORMAT, "version": VERSION, **stats.to_json()}, indent=2, ensure_ascii=False) + "\n"


def parse_statistics(text: str, *, name: str = "<string>") -> Any:
    """The statistics ``text`` holds (as :func:`statistics_json` writes them), for any game.

    Raises :class:`~piecepack_diagrams.errors.PiecepackError` located in ``name`` for text
    that is not such JSON, or counts that disagree with each other."""
    from .games.labyrinth.jsonio import json_decoder  # refuses NaN, infinities and 5,000-digit numbers

    try:
        value = json_decoder(text, name).decode(text)
    except json.JSONDecodeError as exc:
        raise NotationError(f"not JSON: {exc.msg}", location=SourceLocation(name, exc.lineno, exc.colno),
                            expected="statistics as stats --format json writes them") from None
    except RecursionError:
        raise NotationError("JSON nested too deep", location=SourceLocation(name, 1, 1)) from None
    where = SourceLocation(name, 1, 1)
    if not isinstance(value, dict) or value.get("format") != FORMAT:
        raise SetupError("not the statistics of a stats run", location=where, token=str(value)[:60],
                         expected=f'a JSON object with "format": "{FORMAT}" (stats --format json)')
    if value.get("version") != VERSION:
        raise SetupError(f"statistics of version {value.get('version')!r}, which this version cannot read",
                         location=where, expected=f"version {VERSION}")
    game = value.get("game")
    if game not in _CLASSES:
        raise SetupError(f"no statistics of the game {game!r}", location=where, token=str(game)[:60],
                         expected=", ".join(_CLASSES))
    import importlib

    module, kind = _CLASSES[game]
    try:
        return getattr(importlib.import_module(f".games.{module}", __package__), kind).from_json(value)
    except PiecepackError as exc:
        raise exc.with_location(where) from None


def read_statistics(path: str | Path) -> Any:
    """The statistics in the file at ``path`` (see :func:`parse_statistics`).

    Raises :class:`~piecepack_diagrams.errors.PiecepackError` located in the file for a
    file that cannot be read, is larger than :data:`MAX_BYTES`, or does not hold statistics;
    :class:`TypeError` for a ``path`` that is not a path."""
    from .arguments import check_path

    check_path(path)
    name = str(path)
    try:
        with open(path, "rb") as stream:
            data = stream.read(MAX_BYTES + 1)
    except OSError as exc:
        raise SetupError(f"cannot read the statistics: {exc.strerror or exc}", location=SourceLocation(name, 1, 1),
                         expected="a file written by stats --format json") from None
    if len(data) > MAX_BYTES:
        raise SetupError(f"the file is larger than {MAX_BYTES:,} bytes", location=SourceLocation(name, 1, 1),
                         expected="statistics as stats --format json writes them")
    from .notation.container import decode_utf8

    return parse_statistics(decode_utf8(data, file=name), name=name)


def merge_statistics(paths: list[str | Path]) -> Any:
    """The statistics of the files at ``paths`` added up (all of one game).

    Raises :class:`~piecepack_diagrams.errors.PiecepackError` located in the file that
    cannot be read or added to those before it: another game, variant or policies, or
    seeds counted already."""
    if not paths:
        raise SetupError("no statistics to merge", token="merge", expected="one or more files of stats --format json")
    total = None
    for path in paths:
        stats = read_statistics(path)
        if total is None:
            total = stats
            continue
        if type(stats) is not type(total):
            raise SetupError("statistics of another game than the files before",
                             location=SourceLocation(str(path), 1, 1),
                             token=stats.to_json()["game"], expected=total.to_json()["game"])
        try:
            total = total + stats
        except PiecepackError as exc:
            raise exc.with_location(SourceLocation(str(path), 1, 1)) from None
    return total


__all__ = ["FORMAT", "MAX_BYTES", "VERSION", "merge_statistics", "parse_statistics",
           "read_statistics", "statistics_json"]
