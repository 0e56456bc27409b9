"""A referee's game written down as a record: ``labyrinth play STATE.json --players ...``.

The record replays through the rules engine to the same end; the referee's verdict
(winners, and players thrown out) is kept in the header.
"""

from __future__ import annotations

from typing import Any

from ...errors import SetupError
from ...values import replace, value
from .jsonio import parse_state
from .notation import OUT, check_players, header_text, record_text
from .referee import OUT as OUT_EVENT
from .referee import REMOVED, Contestant, GameResult, parse_specs, referee, seated
from .rules import Options


@value
class PlayedGame:
    """A referee's game: the record's text and the referee's result."""

    text: str
    result: GameResult


def parse_player_args(specs: list[str]) -> list[list[Any]]:
    """``["Ann:Riemann", "Bob:Euclid:takeTurn:3"]`` as the course's player specs.

    Raises :class:`SetupError` for a spec of the wrong shape.
    """
    out: list[list[Any]] = []
    for spec in specs:
        parts = spec.split(":")
        if not 2 <= len(parts) <= 4:
            raise SetupError(f"'{spec}' is not a player", token=spec,
                             expected="NAME:STRATEGY, NAME:STRATEGY:METHOD or NAME:STRATEGY:METHOD:K")
        if len(parts) == 4:
            if not (parts[3].isascii() and parts[3].isdigit()):  # int() reads '²' too
                raise SetupError(f"'{parts[3]}' in '{spec}' is not a count of calls", token=spec)
            parts[3] = int(parts[3])  # type: ignore[call-overload]
        out.append(parts)
    return out


def check_names(names: list[str]) -> None:
    """Each player has a name of its own (the record names its players, and reads them
    back by name). Raises :class:`SetupError` for an empty or a repeated name."""
    seen: set[str] = set()
    for k, name in enumerate(names, start=1):
        if not name.strip():
            raise SetupError(f"player {k} has an empty name", token="", expected="a name for every player")
        if name in seen:
            raise SetupError(f"two players are named '{name}'", token=name, expected="a different name for each player")
        seen.add(name)


def play_game(values: list[Any], players: list[list[Any]] | None = None, *, options: Options = Options(),
              event: str = "") -> PlayedGame:
    """Referee a game and write its record.

    ``values`` are the JSON values of the input: a referee state, or (a fixture's input)
    player specs then the state; ``players`` replaces the specs. Raises :class:`SetupError`
    for input of the wrong shape or a state that is not a legal position.
    """
    if len(values) == 2 and isinstance(values[0], list):
        specs, state_json = values
    elif len(values) == 1:
        specs, state_json = None, values[0]
    else:
        raise SetupError(f"the input holds {len(values)} JSON values",
                         expected="a referee state, or player specs then a state")
    specs = players if players is not None else specs
    if not specs:
        raise SetupError("no players: give --players NAME:STRATEGY ...", expected="at least one player")
    contestants = parse_specs(specs)
    check_names([c.name for c in contestants])
    state = parse_state(state_json)
    state = seated(state, contestants)
    check_players(state)
    result = referee(state, [replace(c, calls={}) for c in contestants],
                     setup_counts_as_activity=options.setup_ejection_counts, max_rounds=options.max_rounds)
    turns, comments = _movetext(result, contestants, [p.color for p in state.players])
    header = header_text(state, names=[c.name for c in contestants], strategies=[c.strategy for c in contestants],
                         options=options, extra={"Event": event} if event else {},
                         verdict={"Winners": result.winners, "Removed": result.misbehaving})
    return PlayedGame(record_text(header, turns, comments=comments), result)


def _movetext(result: GameResult, contestants: list[Contestant],
              colours: list[str]) -> tuple[list[list[Any]], dict[int, str]]:
    colour = {c.name: col for c, col in zip(contestants, colours)}
    failing = {c.name: c.bad_method for c in contestants}
    turns: list[list[Any]] = []
    comments: dict[int, str] = {}
    pending: list[Any] = []

    def note(number: int, name: str) -> None:
        why = f"failed {failing[name]}" if failing[name] else "made an illegal move"
        comments[number] = " ".join(filter(None, (comments.get(number, ""), f"{name} {why} and is out.")))

    for name, event in result.turns:
        if event == REMOVED and turns and not pending:
            turns[-1].append((OUT, colour[name]))  # failed when sent its next goal, right after its move
            note(len(turns), name)
        elif event == REMOVED:
            pending.append((OUT, colour[name]))  # failed at set-up, before play
            note(len(turns) + 1, name)
        else:
            turns.append(pending + [OUT if event == OUT_EVENT else event])
            pending = []
            if event == OUT_EVENT:
                note(len(turns), name)
    if pending:
        turns.append(pending)
    return turns, comments


__all__ = ["PlayedGame", "check_names", "parse_player_args", "play_game"]
