"""The course's JSON formats: reading a stream of JSON values, and boards, tiles,
states and players from them, every problem a located, worded error."""

from __future__ import annotations

import json
import math
from functools import lru_cache
from pathlib import Path
from typing import IO, Any, NoReturn

from ...errors import NotationError, SetupError, SourceLocation
from ...notation.container import decode_utf8
from ...numbers import MAX_DIGITS
from ...textsafe import as_text
from .board import Board, Coordinate, Tile
from .connectors import SYMBOLS, parse_connector
from .state import LabyrinthState, Player

#: JSON input larger than this is refused (the course's largest states are a few KiB).
MAX_JSON_BYTES = 4 << 20


@lru_cache(maxsize=1)
def gem_names() -> frozenset[str]:
    """The 102 gem names of the course (package data)."""
    from importlib.resources import files

    return frozenset(files(__package__).joinpath("gems.txt").read_text(encoding="utf-8").split())


def read_input(source: str | Path | IO[bytes], *, name: str | None = None) -> list[Any]:
    """Every JSON value of a file, or of a binary stream named ``name`` in errors, as
    :func:`read_values` reads them. At most :data:`MAX_JSON_BYTES` are read: a longer input
    (a device that never ends) is refused without reading the rest.

    Raises :class:`NotationError` located in the input: a file that cannot be read, one
    too large, a byte that is not UTF-8, and whatever :func:`read_values` refuses."""
    if isinstance(source, (str, Path)):
        name = name or str(source)
        try:
            with open(source, "rb") as stream:
                data = stream.read(MAX_JSON_BYTES + 1)
        except OSError as exc:
            raise NotationError(f"cannot read the file: {exc.strerror or exc}",
                                location=SourceLocation(name, 1, 1)) from None
    else:
        name = name or "<stdin>"
        data = source.read(MAX_JSON_BYTES + 1)
    if len(data) > MAX_JSON_BYTES:
        raise NotationError(f"the input is larger than {MAX_JSON_BYTES >> 20} MiB", location=SourceLocation(name, 1, 1))
    return read_values(decode_utf8(data, file=name), name=name)


def read_values(text: str, *, name: str = "<stdin>") -> list[Any]:
    """Every JSON value in ``text``, one after another (not an array).

    Raises :class:`NotationError` at the line and column of malformed JSON, and of a number
    no reader could use: ``NaN``, ``Infinity``, one too large for a float, or a whole number
    of more than :data:`~piecepack_diagrams.numbers.MAX_DIGITS` digits.
    """
    if len(text) > MAX_JSON_BYTES:
        raise NotationError(f"the input is larger than {MAX_JSON_BYTES >> 20} MiB", location=SourceLocation(name, 1, 1))
    decoder = json_decoder(text, name)
    values: list[Any] = []
    i = 0
    while True:
        while i < len(text) and text[i].isspace():
            i += 1
        if i == len(text):
            return values
        try:
            value, i = decoder.raw_decode(text, i)
        except json.JSONDecodeError as exc:
            raise NotationError(f"malformed JSON: {exc.msg}", location=SourceLocation(name, exc.lineno, exc.colno),
                                token=text[exc.pos:exc.pos + 12]) from None
        except RecursionError:
            raise NotationError("the JSON is nested too deeply", location=SourceLocation(name, 1, 1)) from None
        values.append(value)


def json_decoder(text: str, name: str) -> json.JSONDecoder:
    """A decoder for ``text`` (named ``name`` in errors) that refuses, where they are
    written, the numbers no reader could use (see :func:`read_values`)."""
    def refuse(literal: str, why: str) -> NoReturn:
        at = max(0, text.find(literal))  # the first place the number is written
        line = text.count("\n", 0, at) + 1
        raise NotationError(f"{why}: {literal}", location=SourceLocation(name, line, at - text.rfind("\n", 0, at)),
                            token=literal, expected=f"a finite number of at most {MAX_DIGITS} digits")

    def whole(literal: str) -> int:
        if len(literal) > MAX_DIGITS:
            refuse(literal, f"a number of more than {MAX_DIGITS} digits")
        return int(literal)

    def real(literal: str) -> float:
        value = float(literal)
        if not math.isfinite(value):
            refuse(literal, "a number too large for a float")
        return value

    def constant(literal: str) -> NoReturn:
        refuse(literal, "not a number JSON allows")

    return json.JSONDecoder(parse_int=whole, parse_float=real, parse_constant=constant)


def shown(value: Any) -> str:
    """A JSON value as a short text for a message (never fails, whatever YAML or JSON made)."""
    try:
        return json.dumps(value, ensure_ascii=False, default=str)[:60]
    except (TypeError, ValueError):
        return as_text(value)[:60]


def parse_coordinate(value: Any) -> Coordinate:
    if not (isinstance(value, dict) and all(isinstance(value.get(k), int) and not isinstance(value.get(k), bool)
                                            for k in ("row#", "column#"))):
        raise SetupError(f"{shown(value)} is not a coordinate", expected='{"row#": N, "column#": N}')
    return value["row#"], value["column#"]


def coordinate_json(coordinate: Coordinate) -> dict[str, int]:
    return {"row#": coordinate[0], "column#": coordinate[1]}


def _gems(pair: Any, where: str) -> tuple[str, str]:
    if not (isinstance(pair, list) and len(pair) == 2 and all(isinstance(g, str) for g in pair)):
        raise SetupError(f"{where}: {shown(pair)} is not a pair of gems", expected="[gem, gem]")
    return pair[0], pair[1]


def check_gems(board: Board, spare: Tile | None = None) -> None:
    """Every gem on the board (and the spare) is one of the game's, and no two tiles carry
    the same pair. Raises :class:`SetupError` naming the tile."""
    seen: dict[frozenset[str], str] = {}
    tiles = [(f"row {r}, column {c}", tile) for r, row in enumerate(board.tiles) for c, tile in enumerate(row)]
    for where, tile in tiles + ([("the spare", spare)] if spare is not None else []):
        for gem in tile.gems:
            if gem not in gem_names():
                raise SetupError(f"{where}: '{gem}' is not a gem of the game", token=gem,
                                 expected="a name from the course's gem list")
        key = frozenset(tile.gems)
        if key in seen:
            raise SetupError(f"{where}: the gems {tile.gems[0]} and {tile.gems[1]} are already on the tile at "
                             f"{seen[key]}", expected="each pair of gems once on a board")
        seen[key] = where


def parse_board(value: Any, *, strict: bool = True) -> Board:
    """A board from ``{"connectors": [[...]], "treasures": [[[gem, gem], ...]]}``.

    Raises :class:`SetupError` for ragged rows and unknown connectors, and (``strict``, the
    default) for gems not in the game's list and gem pairs used twice. The course's own
    harnesses did not check gems, and some fixtures repeat pairs or misspell a gem, so the
    conformance harness reads with ``strict=False``.
    """
    if not isinstance(value, dict) or "connectors" not in value or "treasures" not in value:
        raise SetupError("a board needs 'connectors' and 'treasures'", expected='{"connectors": ..., "treasures": ...}')
    connectors, treasures = value["connectors"], value["treasures"]
    if not isinstance(connectors, list) or not connectors or not all(isinstance(row, list) for row in connectors):
        raise SetupError("'connectors' must be rows of connectors")
    width = len(connectors[0])
    if width == 0 or any(len(row) != width for row in connectors):
        raise SetupError(f"the board's rows are ragged: lengths {sorted({len(row) for row in connectors})}")
    if not isinstance(treasures, list) or len(treasures) != len(connectors) or \
            any(not isinstance(row, list) or len(row) != width for row in treasures):
        raise SetupError("'treasures' must have the same rows and columns as 'connectors'")
    rows = []
    for r, (crow, trow) in enumerate(zip(connectors, treasures)):
        row = []
        for c, (symbol, pair) in enumerate(zip(crow, trow)):
            where = f"row {r}, column {c}"
            try:
                mask = parse_connector(symbol if isinstance(symbol, str) else repr(symbol))
            except ValueError as exc:
                raise SetupError(f"{where}: {exc}", token=str(symbol)) from None
            row.append(Tile(mask, _gems(pair, where)))
        rows.append(tuple(row))
    board = Board(tuple(rows))
    if strict:
        check_gems(board)
    return board


def parse_tile(value: Any, *, strict: bool = True) -> Tile:
    if not isinstance(value, dict) or not {"tilekey", "1-image", "2-image"} <= set(value):
        raise SetupError("a spare tile needs 'tilekey', '1-image' and '2-image'")
    try:
        mask = parse_connector(value["tilekey"])
    except ValueError as exc:
        raise SetupError(f"the spare: {exc}", token=str(value["tilekey"])) from None
    tile = Tile(mask, _gems([value["1-image"], value["2-image"]], "the spare"))
    if strict:
        check_gems(Board(((tile,),)))
    return tile


def parse_state(value: Any, *, strict: bool = True) -> LabyrinthState:
    """A state (``board``, ``spare``, ``plmt``, ``last``; players may carry ``goto``;
    the state may carry ``goals``). Raises :class:`SetupError` (gems checked if ``strict``)."""
    if not isinstance(value, dict) or not {"board", "spare", "plmt"} <= set(value):
        raise SetupError("a state needs 'board', 'spare' and 'plmt'")
    board = parse_board(value["board"], strict=strict)
    players = []
    if not isinstance(value["plmt"], list):
        raise SetupError(f"'plmt' must be a list of players, not {shown(value['plmt'])}")
    for k, p in enumerate(value["plmt"]):
        if not isinstance(p, dict) or not {"current", "home", "color"} <= set(p):
            raise SetupError(f"player {k}: needs 'current', 'home' and 'color'")
        player = Player(str(p["color"]), parse_coordinate(p["current"]), parse_coordinate(p["home"]),
                        parse_coordinate(p["goto"]) if "goto" in p else None)
        # The course's harnesses never looked at homes off the board; read leniently, they are let be.
        for what, (r, c) in (("avatar", player.current), ("home", player.home))[:2 if strict else 1]:
            if not board.is_inside((r, c)):
                raise SetupError(f"player {k} ({player.color}): its {what} ({r}, {c}) is off the board")
        players.append(player)
    last = value.get("last")
    if last is not None:
        if not strict and isinstance(last, list) and len(last) == 2 and isinstance(last[1], str):
            last = [last[0], last[1].upper()]  # one fixture writes "Left"
        if not (isinstance(last, list) and len(last) == 2 and isinstance(last[0], int) and
                last[1] in ("LEFT", "RIGHT", "UP", "DOWN")):
            raise SetupError(f"'last' must be null or [index, direction], not {shown(last)[:40]}")
        last = (last[0], last[1])
    goals = value.get("goals") or []
    if not isinstance(goals, list):
        raise SetupError(f"'goals' must be a list of coordinates, not {shown(goals)}")
    goals = tuple(parse_coordinate(g) for g in goals)
    spare = parse_tile(value["spare"], strict=strict)
    if strict:
        check_gems(board, spare)
    return LabyrinthState(board, spare, tuple(players), last, goals)


def board_json(board: Board) -> dict[str, Any]:
    return {"connectors": [[SYMBOLS[t.connector] for t in row] for row in board.tiles],
            "treasures": [[list(t.gems) for t in row] for row in board.tiles]}


def state_json(state: LabyrinthState) -> dict[str, Any]:
    """The course's JSON referee state for ``state`` (with ``goals`` when there are any)."""
    spare = state.spare
    out: dict[str, Any] = {
        "board": board_json(state.board),
        "spare": {"tilekey": SYMBOLS[spare.connector], "1-image": spare.gems[0], "2-image": spare.gems[1]},
        "plmt": [{"current": coordinate_json(p.current), "home": coordinate_json(p.home), "color": p.color,
                  **({"goto": coordinate_json(p.goto)} if p.goto is not None else {})} for p in state.players],
        "last": list(state.last) if state.last is not None else None,
    }
    if state.goals:
        out["goals"] = [coordinate_json(g) for g in state.goals]
    return out


__all__ = ["MAX_JSON_BYTES", "board_json", "check_gems", "coordinate_json", "gem_names", "json_decoder", "parse_board",
           "parse_coordinate", "parse_state", "parse_tile", "read_input", "read_values", "shown", "state_json"]
