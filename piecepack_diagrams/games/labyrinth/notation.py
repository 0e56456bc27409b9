"""Labyrinth records: the starting position in the header, one turn per move number.

The header gives the position in one of two forms:

* ``State``: the course's JSON state (a mapping, or a string holding the JSON), every
  player with its ``goto``; the state may carry ``goals``.
* Inline: ``Board`` (rows of tiles, each ``"┌ amethyst ruby"``: connector, then its two
  gems), ``Spare`` (a tile the same way), ``Players`` (each ``{color: red, home: [1, 1],
  goal: [3, 5]}``, with ``avatar`` when not at home and an optional ``name``), and
  optionally ``Goals`` (further goals, in order) and ``Last`` (``[0, LEFT]``, the slide
  before the record starts).

``Names`` (a list) names the players of either form in turn order; ``Options`` sets
``setup_ejection_counts`` and ``max_rounds`` (see :class:`~.rules.Options`).
Coordinates are ``[row, column]`` from the top left, counting from 0.

Movetext tokens, one turn (the next player's) per move number:

=================== =============================================================
``2L90@3,4``        slide row 2 left (L, R: rows; U, D: columns), insert the spare
                    turned 90 degrees counter-clockwise, move to row 3, column 4
``pass``            pass
``out``             the player is thrown out instead of taking its turn
``out:red``         player ``red`` is thrown out outside its turn (before play, or
                    when sent a new goal); does not use up the turn
=================== =============================================================
"""

from __future__ import annotations

import json
import re
from typing import Any, Iterable, Mapping

from ...errors import NotationError, SetupError, SourceLocation
from ...textsafe import as_text
from ...notation import MoveGroup, Token, parse_records
from ...notation.movetext import format_movetext
from ...notation.yamlsafe import dump_metadata, yaml_quoted
from .board import DIRECTIONS, Board, Coordinate, Tile
from .connectors import SYMBOLS, parse_connector
from .deal import deal
from .jsonio import check_gems, json_decoder, parse_state, shown
from .rules import MAX_ROUNDS, LabyrinthPlay, Options, check_max_rounds
from .state import PASS, Action, LabyrinthState, Move, Player

_MOVE = re.compile(r"(\d{1,4})([LRUDlrud])(\d{1,4})@(\d{1,4}),(\d{1,4})")
_LETTER = {d[0]: d for d in DIRECTIONS}
TURN_HELP = "a turn such as 2L90@3,4 (slide row 2 left, spare turned 90, move to 3,4), pass, out or out:COLOUR"
OUT = "out"


def parse_turn(text: str) -> Action | str | tuple[str, str]:
    """A token's meaning: a :class:`Move`, ``PASS``, ``"out"``, or ``("out", colour)``.

    Raises :class:`NotationError` for anything else.
    """
    if m := _MOVE.fullmatch(text):
        return Move(int(m[1]), _LETTER[m[2].upper()], int(m[3]), (int(m[4]), int(m[5])))
    if text.lower() == "pass":
        return PASS
    if text.lower() == OUT:
        return OUT
    if text.lower().startswith("out:") and len(text) > 4:
        return (OUT, text[4:])
    raise NotationError(f"'{text}' is not a Labyrinth turn", token=text, expected=TURN_HELP)


def format_turn(action: Action | str | tuple[str, str]) -> str:
    """The token for a turn (the inverse of :func:`parse_turn`)."""
    if isinstance(action, Move):
        r, c = action.destination
        return f"{action.index}{action.direction[0]}{action.degrees}@{r},{c}"
    if isinstance(action, tuple):
        return f"{OUT}:{action[1]}"
    return "pass" if action == PASS else OUT


def _coordinate(value: Any, what: str) -> Coordinate:
    if not (isinstance(value, list) and len(value) == 2 and all(isinstance(v, int) and not isinstance(v, bool)
                                                              for v in value)):
        raise SetupError(f"{what} must be [row, column], not {shown(value)[:40]}",
                         expected="[row, column], e.g. [1, 3]")
    return value[0], value[1]


def _tile(value: Any, what: str) -> Tile:
    parts = value.split() if isinstance(value, str) else []
    if len(parts) != 3:
        raise SetupError(f"{what}: {str(value)[:40]!r} is not a tile", token=str(value)[:40],
                         expected="a connector and two gems, e.g. '┌ amethyst ruby'")
    try:
        mask = parse_connector(parts[0])
    except ValueError as exc:
        raise SetupError(f"{what}: {exc}", token=parts[0]) from None
    return Tile(mask, (parts[1], parts[2]))


def parse_inline(metadata: Mapping[str, Any]) -> LabyrinthState:
    """The position of an inline header (``Board``, ``Spare``, ``Players`` ...).

    Raises :class:`SetupError` naming the field, row and column at fault.
    """
    rows = metadata.get("Board")
    if not isinstance(rows, list) or not rows or not all(isinstance(row, list) and row for row in rows):
        raise SetupError("Board must be a list of rows, each a list of tiles", token="Board",
                         expected="rows such as [┌ amethyst ruby, ─ beryl zircon, ...]")
    if len({len(row) for row in rows}) != 1:
        raise SetupError(f"the Board's rows are ragged: lengths {sorted({len(row) for row in rows})}", token="Board")
    board = Board(tuple(tuple(_tile(tile, f"Board row {r}, column {c}") for c, tile in enumerate(row))
                        for r, row in enumerate(rows)))
    if "Spare" not in metadata:
        raise SetupError("the header gives a Board but no Spare", token="Spare", expected="Spare: ┼ gem gem")
    spare = _tile(metadata["Spare"], "Spare")
    check_gems(board, spare)
    raw = metadata.get("Players")
    if not isinstance(raw, list) or not raw:
        raise SetupError("Players must be a list of players", token="Players",
                         expected="{color: red, home: [1, 1], goal: [3, 5]} for each player")
    players = []
    for k, p in enumerate(raw):
        if not isinstance(p, Mapping) or not {"color", "home", "goal"} <= set(p):
            raise SetupError(f"player {k + 1} needs color, home and goal", token="Players")
        unknown = sorted(as_text(key) for key in set(p) - {"color", "home", "goal", "avatar", "name", "strategy"})
        if unknown:
            raise SetupError(f"player {k + 1}: unknown field '{unknown[0]}'", token="Players",
                             expected="color, home, goal, avatar, name, strategy")
        home = _coordinate(p["home"], f"player {k + 1}'s home")
        players.append(Player(as_text(p["color"]), _coordinate(p.get("avatar", p["home"]), f"player {k + 1}'s avatar"),
                              home, _coordinate(p["goal"], f"player {k + 1}'s goal")))
    goals = metadata.get("Goals") or []
    if not isinstance(goals, list):
        raise SetupError(f"Goals must be a list of [row, column], not {as_text(goals)}", token="Goals",
                         expected="e.g. [[1, 3], [5, 5]]")
    goals = tuple(_coordinate(g, "each of Goals") for g in goals)
    last = metadata.get("Last")
    if last is not None:
        if not (isinstance(last, list) and len(last) == 2 and isinstance(last[0], int) and
                str(last[1]).upper() in DIRECTIONS):
            raise SetupError(f"Last must be [index, direction], not {str(last)[:40]}", token="Last",
                             expected="e.g. [0, LEFT]")
        last = (last[0], str(last[1]).upper())
    return LabyrinthState(board, spare, tuple(players), last, goals)


def parse_header(metadata: Mapping[str, Any]) -> LabyrinthPlay:
    """The game at its start, from a record's header (either form).

    Raises :class:`SetupError`.
    """
    if "State" in metadata:
        raw = metadata["State"]
        if isinstance(raw, str):
            try:
                raw = json_decoder(raw, "State").decode(raw)
            except json.JSONDecodeError as exc:
                raise SetupError(f"State is not JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}",
                                 token="State") from None
            except NotationError as exc:
                raise SetupError(f"State: {exc.message}", token="State", expected=exc.expected) from None
            except RecursionError:
                raise SetupError("State: the JSON is nested too deeply", token="State") from None
        state = parse_state(raw)
        names = _names(metadata.get("Names"))
    elif "Board" in metadata:
        state = parse_inline(metadata)
        names = tuple(as_text(p.get("name", "")) for p in metadata["Players"])
        if metadata.get("Names"):
            names = _names(metadata["Names"])
    else:
        raise SetupError("a Labyrinth record needs its position: State (the course's JSON) or Board, Spare and "
                         "Players", token="State")
    if names and len(names) != len(state.players):
        raise SetupError(f"Names lists {len(names)} names for {len(state.players)} players", token="Names")
    check_players(state)
    return LabyrinthPlay(state, names or ("",) * len(state.players), parse_options(metadata.get("Options")))


def _names(raw: Any) -> tuple[str, ...]:
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise SetupError(f"Names must be a list of the players' names, not {as_text(raw)}", token="Names",
                         expected="e.g. [Ann, Bob]")
    return tuple(as_text(n) for n in raw)


def dealt(metadata: Mapping[str, Any], seed: int | None) -> LabyrinthPlay:
    """The game dealt from ``seed``, ``Size`` (``"9x9"``, default 7x7) and ``Players`` (a
    count, default 4). Raises :class:`SetupError`."""
    size = re.fullmatch(r"(\d{1,3})x(\d{1,3})", str(metadata.get("Size", "7x7")))
    if size is None:
        raise SetupError(f"Size must be ROWSxCOLUMNS, not {metadata.get('Size')!r}", token="Size", expected="e.g. 9x9")
    count = metadata.get("Players", 4)
    if not isinstance(count, int) or isinstance(count, bool):
        raise SetupError("with a Seed, Players is how many players", token="Players", expected="a whole number")
    state = deal(seed or 0, height=int(size[1]), width=int(size[2]), players=count)
    return LabyrinthPlay(state, ("",) * len(state.players), parse_options(metadata.get("Options")))


def check_players(state: LabyrinthState) -> None:
    """Each player has its own colour, a goal, and everything on the board; raises :class:`SetupError`."""
    colors = [p.color for p in state.players]
    for _k, player in enumerate(state.players):
        if colors.count(player.color) > 1:
            raise SetupError(f"two players are '{player.color}'; each needs its own colour", token=player.color)
        if player.goto is None:
            raise SetupError(f"player {player.color} has no goal", token=player.color,
                             expected="a goal (goto) for every player")
        for what, (r, c) in (("avatar", player.current), ("home", player.home), ("goal", player.goto)):
            if not state.board.is_inside((r, c)):
                raise SetupError(f"player {player.color}: its {what} ({r}, {c}) is off the "
                                 f"{state.board.height}x{state.board.width} board", token=player.color)
    for r, c in state.goals:
        if not state.board.is_inside((r, c)):
            raise SetupError(f"the goal ({r}, {c}) is off the board", token="Goals")


def parse_options(raw: Any) -> Options:
    """Options from a header's ``Options`` mapping; raises :class:`SetupError`."""
    if raw is None:
        return Options()
    if not isinstance(raw, Mapping):
        raise SetupError("Options must be a mapping such as {setup_ejection_counts: false}", token="Options")
    for key, value in raw.items():
        if key == "setup_ejection_counts" and not isinstance(value, bool):
            raise SetupError(f"option '{key}' is true or false, not {value!r}", token=str(key))
        if key == "max_rounds":
            check_max_rounds(value)
        if key not in ("setup_ejection_counts", "max_rounds"):
            raise SetupError(f"unknown Labyrinth option '{key}'", token=str(key),
                             expected="setup_ejection_counts, max_rounds")
    return Options(raw.get("setup_ejection_counts", True), raw.get("max_rounds", MAX_ROUNDS))


def _flow(values: Iterable[str]) -> str:
    return "[" + ", ".join(values) + "]"


def header_text(state: LabyrinthState, *, names: Iterable[str] = (), strategies: Iterable[str] = (),
                extra: Mapping[str, Any] | None = None, verdict: Mapping[str, Any] | None = None,
                options: Options = Options()) -> str:
    """The YAML header (inline form) of a record starting at ``state``: ``extra`` fields
    (such as ``Event``) first, one line per board row so the board reads as a grid, and
    ``verdict`` fields (such as ``Winners``) last."""
    names, strategies = list(names), list(strategies)
    lines = [dump_metadata({"GameType": "Labyrinth", **dict(extra or {})}).rstrip("\n"), "Board:"]
    for row in state.board.tiles:
        lines.append("  - " + _flow(f"{SYMBOLS[t.connector]} {t.gems[0]} {t.gems[1]}" for t in row))
    s = state.spare
    lines.append(f"Spare: {SYMBOLS[s.connector]} {s.gems[0]} {s.gems[1]}")
    lines.append("Players:")
    for k, p in enumerate(state.players):
        fields = [f"color: {yaml_quoted(p.color)}", f"home: [{p.home[0]}, {p.home[1]}]"]
        if p.current != p.home:
            fields.append(f"avatar: [{p.current[0]}, {p.current[1]}]")
        assert p.goto is not None
        fields.append(f"goal: [{p.goto[0]}, {p.goto[1]}]")
        if k < len(names) and names[k]:
            fields.append(f"name: {yaml_quoted(names[k])}")
        if k < len(strategies) and strategies[k]:
            fields.append(f"strategy: {strategies[k]}")
        lines.append("  - {" + ", ".join(fields) + "}")
    if state.goals:
        lines.append("Goals: " + _flow(f"[{r}, {c}]" for r, c in state.goals))
    if state.last is not None:
        lines.append(f"Last: [{state.last[0]}, {state.last[1]}]")
    if options != Options():
        lines.append(f"Options: {{setup_ejection_counts: {str(options.setup_ejection_counts).lower()}, "
                     f"max_rounds: {options.max_rounds}}}")
    if verdict:
        lines.append(dump_metadata(dict(verdict)).rstrip("\n"))
    return "\n".join(lines) + "\n"


def record_text(header: str, turns: list[list[Action | str | tuple[str, str]]], *,
                comments: dict[int, str] | None = None) -> str:
    """A whole record: the header, then ``turns`` (each the tokens of one move number),
    checked to read back as written. Raises :class:`NotationError` if it would not."""
    location = SourceLocation("<record>", 1, 1)
    groups = tuple(MoveGroup(f"{n}.", tuple(Token(format_turn(a), location) for a in tokens),
                             (Token((comments or {}).get(n, ""), location),) if (comments or {}).get(n) else (),
                             location)
                   for n, tokens in enumerate(turns, start=1))
    text = "---\n" + header + "...\n" + format_movetext(groups) + "\n"
    back = parse_records(text, name="<record>")[0]
    if back.groups != groups:
        raise NotationError("the record does not read back as written", location=location)
    return text


__all__ = ["OUT", "TURN_HELP", "check_players", "dealt", "format_turn", "header_text", "parse_header", "parse_inline",
           "parse_options", "parse_turn", "record_text"]
