"""Lab Rats under the standard rules (with backing up): a winning line, or a certificate
that none exists, for a known deal (maze, coin order, the rat's square).

Three steps, cheapest first:

* the exact advanced-version solver: an escape without backing up is a standard escape;
* the navigability search: when no order of the 24 coins gets the rat out of the maze from
  its square, no play does (certificate ``"unnavigable"``);
* a search over whole standard-rules positions, with those positions merged that no future
  can tell apart: coins of one value are interchangeable (moves depend on values only), the
  three stacks are interchangeable (any action on one has its twin on another), a discarded
  coin's square never matters again, nor does where a movement coin's move ended (the rat's
  square is kept, and a back-up goes to where the coin lies). Which coins are on the trail and
  which were discarded is kept: the discards are the coins neither stacked nor on the trail.
  Positions with fewer discards are searched first, and the first few hundred are also probed
  with the advanced solver (dig a coin out by backing up, then run without backing up).
  When the search ends without an escape, the certificate (``"exhausted"``) gives the number of
  merged positions and a digest of them, which a test recomputes with the rules engine alone.

Positions are merged, never pruned by a bound, so an exhausted search is a proof.
"""

from __future__ import annotations

import hashlib
from collections import deque

from ...values import replace, value
from .maze import Square
from .navigable import is_navigable
from .rules import (Action, BackUp, Coin, Discard, LabRatsState, Move, Return, STACK_SIZE, apply_action,
                    exit_distance, ray)
from .solver import check_solution, solve_advanced

#: Merged positions the search may visit before it gives up (the verdict is then undecided).
STANDARD_STATES = 200_000
#: Positions (the first met) probed with the advanced solver for an escape without further back-ups.
PROBED = 300
_HEADINGS = (0, 90, 180, 270)
#: A coin standing for each value (0 null, 1..5) in probes: only values matter to the solvers.
_STAND_INS = tuple(Coin(1, v + 1) for v in range(6))

#: A merged position: the three stacks' values (sorted), the trail (value, square) and the rat's square index.
Key = tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, int], ...], int]


@value
class Certificate:
    """Why no escape exists: ``kind`` ``"unnavigable"`` (no order of the coins gets the rat out
    of the maze from its square) or ``"exhausted"`` (every merged position reachable was
    searched: ``states`` of them, whose sorted keys hash to ``digest``)."""

    kind: str
    states: int = 0
    digest: str = ""


@value
class Verdict:
    """A deal's standard-rules verdict: ``winnable`` (``None``: undecided within the budget),
    the ``actions`` of an escape, or the ``certificate`` that there is none; ``searched`` counts
    the merged positions visited."""

    winnable: bool | None
    actions: tuple[Action, ...] = ()
    certificate: Certificate | None = None
    searched: int = 0


class _Moves:
    """The maze's squares as indices, each square's moves per coin value (0: null) as
    ``(heading, distance, square reached)``, and the values that exit from it (with the
    distance a null coin needs)."""

    def __init__(self, state: LabRatsState) -> None:
        self.squares: list[Square] = sorted(state.maze.squares)
        self.index = {square: i for i, square in enumerate(self.squares)}
        self.moves: list[list[list[tuple[int, int, int]]]] = []
        self.exits: list[tuple[int | None, ...]] = []  # per square, per value: the exit's distance or None
        heading = state.exit_heading
        for square in self.squares:
            per_value: list[list[tuple[int, int, int]]] = [[] for _ in range(6)]
            for way in _HEADINGS:
                for distance, reached in enumerate(ray(state.maze.squares, square, way), start=1):
                    per_value[0].append((way, distance, self.index[reached]))
                    if distance <= 5:
                        per_value[distance].append((way, distance, self.index[reached]))
            self.moves.append(per_value)
            need = exit_distance(state, square, heading)
            self.exits.append(tuple(None if need is None or (v and v < need) else need for v in range(6)))


def key_of(stacks: tuple[tuple[int, ...], ...], trail: tuple[tuple[int, int], ...], rat: int) -> Key:
    """The merged position's key (stacks in sorted order)."""
    return tuple(sorted(stacks)), trail, rat


def digest_of(keys: list[Key]) -> str:
    """The SHA-256 of the sorted keys' reprs, one a line: what an ``"exhausted"`` certificate holds."""
    sha = hashlib.sha256()
    for key in sorted(keys):
        sha.update(repr(key).encode())
        sha.update(b"\n")
    return sha.hexdigest()


def solve_standard(state: LabRatsState, *, states: int = STANDARD_STATES, probed: int = PROBED) -> Verdict:
    """The standard-rules verdict for ``state`` (a position with no coins down: a deal's start).

    A winning line is checked by replaying it through the rules before it is returned.
    Raises ``ValueError`` when ``state`` has coins down or is over.
    """
    if state.down or state.outcome != "playing" or state.building:
        raise ValueError("the standard solver starts from a deal's first position (no coins down)")
    plain = solve_advanced(state)
    if plain.solvable:
        return Verdict(True, plain.actions, searched=plain.searched)
    if not is_navigable(state):
        return Verdict(False, certificate=Certificate("unnavigable"))
    return _search(state, _Moves(state), states=states, probed=probed)


def _search(state: LabRatsState, maze: _Moves, *, states: int, probed: int) -> Verdict:
    stacks0 = tuple(tuple(c.value for c in s) for s in state.stacks)
    start = (stacks0, (), maze.index[state.rat])
    start_key = key_of(*start)
    parents: dict[Key, tuple[Key, Action] | None] = {start_key: None}
    layers: list[deque[tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, int], ...], int]]] = [deque([start])]
    visited = 0
    while layers:
        todo = layers.pop(0)
        discards: deque[tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, int], ...], int]] = deque()
        while todo:
            stacks, trail, rat = todo.popleft()
            here = key_of(stacks, trail, rat)
            visited += 1
            if visited > states:
                return Verdict(None, searched=visited)
            exits = maze.exits[rat]
            for i, coins in enumerate(stacks):
                if coins and exits[coins[-1]] is not None:
                    out = Move(i + 1, state.exit_heading, exits[0] if coins[-1] == 0 else None)
                    return _won(state, _line(parents, here) + (out,), visited)
            if visited <= probed and trail:
                found = _probe(state, maze, parents, here, stacks, rat)
                if found is not None:
                    return _won(state, found, visited)
            children: list[tuple[Action, tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, int], ...], int]]] = []
            if trail and trail[-1][1] != rat:
                children.append((BackUp(), (stacks, trail, trail[-1][1])))
            elif trail:
                coin = trail[-1][0]
                for j in range(3):
                    if len(stacks[j]) < STACK_SIZE:
                        put = tuple(s + (coin,) if k == j else s for k, s in enumerate(stacks))
                        children.append((Return(j + 1), (put, trail[:-1], rat)))
            for i, coins in enumerate(stacks):
                if not coins:
                    continue
                coin = coins[-1]
                taken = tuple(s[:-1] if k == i else s for k, s in enumerate(stacks))
                for way, distance, reached in maze.moves[rat][coin]:
                    children.append((Move(i + 1, way, None if coin else distance),
                                     (taken, trail + ((coin, rat),), reached)))
                key = key_of(taken, trail, rat)
                if key not in parents:
                    parents[key] = (here, Discard(i + 1))
                    discards.append((taken, trail, rat))
            for action, child in children:
                key = key_of(*child)
                if key not in parents:
                    parents[key] = (here, action)
                    todo.append(child)
        if discards:
            layers.append(discards)
    return Verdict(False, certificate=Certificate("exhausted", len(parents), digest_of(list(parents))),
                   searched=visited)


def _line(parents: dict[Key, tuple[Key, Action] | None], key: Key) -> tuple[Action, ...]:
    """The actions from the start to the position of ``key``."""
    actions: list[Action] = []
    link = parents[key]
    while link is not None:
        key, action = link
        actions.append(action)
        link = parents[key]
    actions.reverse()
    return tuple(actions)


def _probe(state: LabRatsState, maze: _Moves, parents: dict[Key, tuple[Key, Action] | None], here: Key,
           stacks: tuple[tuple[int, ...], ...], rat: int) -> tuple[Action, ...] | None:
    """An escape from this position without backing up, found by the advanced solver, as the whole line."""
    stand_in = replace(state, rat=maze.squares[rat], stacks=tuple(tuple(_STAND_INS[v] for v in s) for s in stacks),
                       down=(), trail=())
    if not solve_advanced(stand_in).solvable:
        return None
    line = _line(parents, here)
    real = state
    for action in line:
        real = apply_action(real, action)
    return line + solve_advanced(real).actions


def _won(state: LabRatsState, line: tuple[Action, ...], visited: int) -> Verdict:
    # The search's positions merge coins of one value and the stacks' order, but every action
    # names a stack of the position it was taken in, so the line replays on the real deal.
    assert check_solution(state, line), "a standard-rules line that does not replay"
    return Verdict(True, line, searched=visited)


__all__ = ["Certificate", "PROBED", "STANDARD_STATES", "Verdict", "digest_of", "key_of", "solve_standard"]
