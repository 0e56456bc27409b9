"""The course's milestone harnesses: read a fixture's JSON input, give the JSON
output its expected-output file holds (``labyrinth harness MILESTONE``)."""

from __future__ import annotations

from typing import Any

from ...errors import SetupError
from .jsonio import coordinate_json, parse_board, parse_coordinate, parse_state
from .board import DIRECTIONS
from .state import PASS, LabyrinthState
from .strategies import DEGREES, STRATEGIES, choose

MILESTONES = ("m3", "m4", "m5", "m6", "m7", "m8", "m9", "m10")


def run(milestone: str, values: list[Any]) -> Any:
    """The expected output for a milestone's input values; raises :class:`SetupError`
    for an unknown milestone or input of the wrong shape."""
    if milestone not in MILESTONES:
        raise SetupError(f"unknown milestone '{milestone}'", token=milestone, expected=", ".join(MILESTONES))
    if milestone == "m3":
        _expect(values, 2, "a board and a coordinate")
        board = parse_board(values[0], strict=False)
        return [coordinate_json(c) for c in board.reachable(parse_coordinate(values[1]))]
    if milestone == "m4":
        _expect(values, 4, "a state, an index, a direction and a degree")
        state = parse_state(values[0], strict=False)
        index, direction, degrees = values[1], values[2], values[3]
        _check_slide(state.board.height if direction in ("LEFT", "RIGHT") else state.board.width, index, direction,
                     degrees)
        _need_players(state)
        after = state.slid(index, direction, degrees)
        return [coordinate_json(c) for c in after.board.reachable(after.players[0].current)]
    if milestone == "m5":
        _expect(values, 3, "a strategy, a state and a goal")
        if values[0] not in STRATEGIES:
            raise SetupError(f"unknown strategy {values[0]!r}", expected=" or ".join(STRATEGIES))
        state = parse_state(values[1], strict=False)
        _need_players(state)
        choice = choose(values[0], state, parse_coordinate(values[2]))
        if isinstance(choice, str):  # PASS: the one action that is not a Move
            return PASS
        return [choice.index, choice.direction, choice.degrees, coordinate_json(choice.destination)]
    from .referee import play_fixture

    _expect(values, 2, "players and a referee state")
    return play_fixture(milestone, values[0], values[1])


def _need_players(state: LabyrinthState) -> None:
    if not state.players:
        raise SetupError("the state has no players; this milestone moves the first player's avatar",
                         expected="a state with at least one player")


def _check_slide(size: int, index: Any, direction: Any, degrees: Any) -> None:
    """Raises :class:`SetupError` unless the slide names a direction, a row or column of
    the board and a quarter turn."""
    if direction not in DIRECTIONS:
        raise SetupError(f"{direction!r} is not a direction", token=str(direction)[:40], expected=" ".join(DIRECTIONS))
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < size:
        raise SetupError(f"{index!r} is not a row or column of the board", token=str(index)[:40],
                         expected=f"a whole number from 0 to {size - 1}")
    if isinstance(degrees, bool) or degrees not in DEGREES:
        raise SetupError(f"{degrees!r} is not a turn of the spare", token=str(degrees)[:40],
                         expected=" ".join(map(str, DEGREES)))


def _expect(values: list[Any], count: int, what: str) -> None:
    if not isinstance(values, list):
        raise SetupError(f"the input is {type(values).__name__}, not a sequence of JSON values; this milestone "
                         f"reads {what}")
    if len(values) < count:
        raise SetupError(f"the input holds {len(values)} JSON values; this milestone reads {what}")


__all__ = ["MILESTONES", "run"]
