"""The referee of the course's later milestones: runs a game between players who
follow a reference strategy, some of whom misbehave, and says who won and who
was thrown out (``../shared/corpus/labyrinth/README.md``, section 11).

A player misbehaves by failing a call (``setUp``, ``takeTurn`` or ``win``) the
``k``-th time it is made: by raising, or by never returning; both are the same
to the referee, which throws the player out and carries on.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Any

from ...errors import PiecepackError, SetupError
from .jsonio import parse_state
from .rules import MAX_ROUNDS, arrive, winner_indices
from .state import PASS, LabyrinthState, check_move
from .strategies import STRATEGIES, choose

#: Events of a game's log besides moves and passes.
OUT, REMOVED = "OUT", "REMOVED"
_NAME = re.compile(r"[a-zA-Z0-9]{1,20}")
METHODS = ("setUp", "takeTurn", "win")


class Misbehaved(Exception):
    """A player failed a call (an exception or a call that never returns)."""


@dataclass
class Contestant:
    """A player in a referee's game: name, strategy, and when (if ever) it misbehaves."""

    name: str
    strategy: str
    bad_method: str | None = None
    bad_count: int = 1
    calls: dict[str, int] = field(default_factory=dict)

    def call(self, method: str) -> None:
        """Count a call of ``method``; raises :class:`Misbehaved` if this is the failing one."""
        self.calls[method] = self.calls.get(method, 0) + 1
        if method == self.bad_method and self.calls[method] == self.bad_count:
            raise Misbehaved(f"{self.name} failed {method} (call {self.bad_count})")

    def calls_left(self, method: str) -> int:
        """How many more calls of ``method`` succeed before the failing one (a large number if none fails)."""
        if method != self.bad_method:
            return 1 << 30
        return max(0, self.bad_count - self.calls.get(method, 0) - 1) + 1


def parse_specs(specs: Any) -> list[Contestant]:
    """Players from ``[[name, strategy], [name, strategy, method], [name, strategy, method, k], ...]``."""
    if not isinstance(specs, list):
        raise SetupError("the players must be a list of [name, strategy, ...]")
    out = []
    for spec in specs:
        if not (isinstance(spec, list) and 2 <= len(spec) <= 4 and spec[1] in STRATEGIES):
            raise SetupError(f"{str(spec)[:60]} is not a player", expected='[name, "Riemann"|"Euclid", method?, k?]')
        method = spec[2] if len(spec) > 2 else None
        if method is not None and method not in METHODS:
            raise SetupError(f"{method!r} is not a method a player can fail", expected=", ".join(METHODS))
        count = spec[3] if len(spec) > 3 else 1
        if not isinstance(count, int) or count < 1:
            raise SetupError(f"{count!r} is not a count of calls", expected="a whole number from 1")
        out.append(Contestant(str(spec[0]), spec[1], method, count))
    return out


@dataclass
class GameResult:
    """Who won, who was thrown out, and what happened, in order (for records): each entry
    a player's name and its :class:`Move`, ``PASS``, ``OUT`` (thrown out instead of taking
    its turn) or ``REMOVED`` (thrown out outside its turn: at set-up or when sent a goal)."""

    winners: list[str]
    misbehaving: list[str]
    turns: list[tuple[str, Any]]


def referee(state: LabyrinthState, contestants: list[Contestant], *, setup_counts_as_activity: bool = True,
            max_rounds: int = MAX_ROUNDS, skip_cycles: bool = True) -> GameResult:
    """Play a game: ``contestants[i]`` plays ``state.players[i]``, in that order, for at most
    ``max_rounds`` rounds. Never raises for a player's misbehaviour or illegal move: the
    player is thrown out and the game goes on. ``skip_cycles`` only trades time: the result
    is the same either way. Raises :class:`SetupError` for a player with no goal to head for."""
    names = [c.name for c in contestants]
    who = dict(zip(names, contestants))
    out: list[str] = []
    turns: list[tuple[str, Any]] = []

    def eject(name: str) -> None:
        nonlocal state
        k = names.index(name)
        names.pop(k)
        state = replace(state, players=state.players[:k] + state.players[k + 1:])
        out.append(name)

    activity_in_first_round = False
    for name in list(names):
        try:
            who[name].call("setUp")
        except Misbehaved:
            eject(name)
            turns.append((name, REMOVED))
            activity_in_first_round = setup_counts_as_activity
    finisher: str | None = None
    # Strategies are deterministic, so a position repeated at the start of a round repeats
    # with the same period until a player's takeTurn failure comes due; whole cycles up to
    # then are skipped. (setUp is only called on reaching a target, which no cycle can hold:
    # goals reached only ever grow.)
    seen: dict[Any, tuple[int, int]] = {}
    round_number = 0
    while round_number < max_rounds:
        if not names:
            break
        if round_number and skip_cycles:
            key = (state, tuple(names))
            if key in seen:
                first, first_turn = seen[key]
                period = round_number - first
                cycles = min([(max_rounds - round_number) // period] +
                             [(who[n].calls_left("takeTurn") - 1) // period for n in names])
                if cycles > 0:
                    turns.extend(turns[first_turn:] * cycles)
                    round_number += cycles * period
                    for n in names:
                        who[n].calls["takeTurn"] = who[n].calls.get("takeTurn", 0) + cycles * period
                    seen.clear()
                    if round_number >= max_rounds:
                        break
            seen[key] = (round_number, len(turns))
        active = activity_in_first_round if round_number == 0 else False
        for name in list(names):
            if name not in names:
                continue
            k = names.index(name)
            target = state.players[k].target
            if target is None:
                raise SetupError(f"player {name!r} has no goal to head for", expected="a 'goto' for each player")
            try:
                who[name].call("takeTurn")
                choice = choose(who[name].strategy, replace(state, turn=k), target)
            except Misbehaved:
                eject(name)  # a player thrown out has not moved: the round may still be one of passes
                turns.append((name, OUT))
                continue
            if isinstance(choice, str):  # PASS: the one action that is not a Move
                turns.append((name, PASS))
                continue
            try:
                moved = check_move(replace(state, turn=k), choice)
            except PiecepackError:
                eject(name)  # never happens with the reference strategies, which move legally
                turns.append((name, OUT))
                continue
            turns.append((name, choice))
            active = True
            state, event = arrive(replace(moved, turn=0), k)
            if event == "home":
                finisher = name
                break
            if event == "goal":
                try:
                    who[name].call("setUp")
                except Misbehaved:
                    eject(name)
                    turns.append((name, REMOVED))
        if finisher is not None or not active:
            break
        round_number += 1
    winners = [names[k] for k in winner_indices(state.players, names.index(finisher) if finisher else None)]
    for name in list(names):
        try:
            who[name].call("win")
        except Misbehaved:
            if name in winners:
                winners.remove(name)
            out.append(name)
    return GameResult(sorted(winners), sorted(out), turns)


def sign_up(specs: list[Contestant]) -> list[Contestant]:
    """The remote milestone's sign-up: valid names only, at most six, youngest first."""
    valid = [c for c in specs if _NAME.fullmatch(c.name)][:6]
    return list(reversed(valid))


def seated(state: LabyrinthState, contestants: list[Contestant]) -> LabyrinthState:
    """``state`` with one place for each contestant (the first ones; the course's states may
    hold more places than players). Raises :class:`SetupError` if there are too few."""
    if len(contestants) > len(state.players):
        raise SetupError(f"{len(contestants)} players for {len(state.players)} places on the board",
                         expected=f"at most {len(state.players)} players")
    return replace(state, players=state.players[:len(contestants)])


def play_fixture(milestone: str, specs_json: Any, state_json: Any) -> Any:
    """The expected output of a referee milestone (m6 .. m10) for its input."""
    state = parse_state(state_json, strict=False)
    contestants = parse_specs(specs_json)
    if milestone in ("m9", "m10"):
        # The last milestones ran as a server: players sign up, and the referee takes them youngest first.
        contestants = sign_up(contestants)
        if len(contestants) < 2:
            return [[], []]
    state = seated(state, contestants)
    result = referee(state, contestants, setup_counts_as_activity=milestone != "m10")
    if milestone == "m6":
        return result.winners
    return [result.winners, result.misbehaving]


__all__ = ["Contestant", "GameResult", "MAX_ROUNDS", "Misbehaved", "OUT", "REMOVED", "parse_specs", "play_fixture",
           "referee", "seated", "sign_up"]
