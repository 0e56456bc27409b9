"""The standard-rules Lab Rats solver (issue 22): every claimed escape replayed by the rules
engine, every claimed dead end checked by its certificate, independently of the solver.

An ``"unnavigable"`` certificate is checked with the navigability search (itself held against
a frozen older solver in test_lab_rats_solver_agreement.py). An ``"exhausted"`` one lists
classes of positions: a key ``("U", stacks, trail, rat)`` stands for that one arrangement (the
stacks' values in sorted order), ``("M", counts, trail, rat)`` for every arrangement of those
coins. The check here proves that no position reachable escapes: the start is covered, and for
every class, every position the engine's ``legal_actions`` and ``apply_action`` lead to from any
position of it is covered by a listed class, with two exceptions the module
``classes`` justifies and that are checked here with the navigability search: a discard after
which no order of the coins left gets out from the start, and any move or discard from a
position from which neither the rat's square nor the last trail coin's has a way out with the
stacked coins. No listed class's position may escape at once.
"""

from __future__ import annotations

import itertools
import os
from collections import deque

import pytest

from piecepack_diagrams.games.lab_rats import GAME
from piecepack_diagrams.games.lab_rats.navigable import escape_route
from piecepack_diagrams.games.lab_rats.rules import (BackUp, Coin, CoinDown, LabRatsState, Return, apply_action,
                                                     legal_actions)
from piecepack_diagrams.games.lab_rats.solver import check_solution, solve, solve_advanced
from piecepack_diagrams.games.lab_rats.standard import Verdict, solve_standard
from piecepack_diagrams.games.lab_rats.stats import DealStatistics, deal_chunk, is_navigable, starts
from piecepack_diagrams.errors import SetupError
from piecepack_diagrams.values import replace

#: Deals checked (both start squares unless the first wins): 500 by default, in chunks the
#: test runner can share out; LAB_RATS_DEALS=N checks N.
DEALS = int(os.environ.get("LAB_RATS_DEALS", "500"))
CHUNK = 25
_STAND_INS = tuple(Coin(1, v + 1) for v in range(6))


def _stacks_of(state: LabRatsState) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(c.value for c in s) for s in state.stacks)


def _keys(state: LabRatsState) -> tuple[tuple[object, ...], tuple[object, ...]]:
    """The position's one-arrangement key and its every-arrangement key."""
    squares = sorted(state.maze.squares)
    stacks = _stacks_of(state)
    trail = tuple((state.down[i].coin.value, squares.index(state.down[i].square)) for i in state.trail)
    rat = squares.index(state.rat)
    counts = tuple(sum(s.count(v) for s in stacks) for v in range(6))
    return ("U", tuple(sorted(stacks)), trail, rat), ("M", counts, trail, rat)


def _position(deal: LabRatsState, stacks: tuple[tuple[int, ...], ...], trail: tuple[tuple[int, int], ...],
              rat: int) -> LabRatsState:
    """An engine position with these stacks (values), trail coins (value, square) and rat."""
    squares = sorted(deal.maze.squares)
    down = tuple(CoinDown(_STAND_INS[v], squares[s], "move") for v, s in trail)
    return replace(deal, stacks=tuple(tuple(_STAND_INS[v] for v in s) for s in stacks), down=down,
                   trail=tuple(range(len(trail))), rat=squares[rat], last_move=None)


def _members(counts: tuple[int, ...]) -> list[tuple[tuple[int, ...], ...]]:
    """For each value present, an arrangement of ``counts`` with that value on top of stack 1."""
    coins = [v for v in range(6) for _ in range(counts[v])]
    out = []
    for v in sorted(set(coins)):
        rest = list(coins)
        rest.remove(v)
        first = rest[:7] + [v]
        out.append((tuple(first), tuple(rest[7:15]), tuple(rest[15:])))
    return out or [((), (), ())]


def _check_exhausted(deal: LabRatsState, verdict: Verdict) -> None:
    assert verdict.certificate is not None and verdict.certificate.kind == "exhausted"
    keys = verdict.certificate.keys
    assert len(keys) == verdict.certificate.states
    squares = sorted(deal.maze.squares)
    start = squares.index(deal.rat)
    assert any(key in keys for key in _keys(deal)), "the start is not covered"

    def ahead(counts: tuple[int, ...], trail: tuple[tuple[int, int], ...], rat: int) -> bool:
        if escape_route(deal, squares[rat], counts) is not None:
            return True
        return bool(trail) and trail[-1][1] != rat and escape_route(deal, squares[trail[-1][1]], counts) is not None

    for key in keys:
        kind, held, trail, rat = key
        assert isinstance(trail, tuple) and isinstance(rat, int)
        if kind == "U":
            assert isinstance(held, tuple)
            members = [held]
        else:
            assert kind == "M" and isinstance(held, tuple)
            members = _members(held)
        for stacks in members:
            position = _position(deal, stacks, trail, rat)
            counts = _keys(position)[1][1]
            assert isinstance(counts, tuple)
            open_ahead = ahead(counts, trail, rat)
            for action in legal_actions(position):
                if kind == "M" and getattr(action, "stack", 1) != 1 and not isinstance(action, Return):
                    continue  # the other tops are met in the other members
                after = apply_action(position, action)
                assert after.outcome != "won", f"{key} escapes by {action.text}"
                if not open_ahead and not isinstance(action, (BackUp, Return)):
                    continue
                one, every = _keys(after)
                if every in keys or (kind == "U" and one in keys):
                    continue
                if action.text.endswith("x"):  # a discard: the coins kept must not get out
                    kept = [0] * 6
                    for coin in [c for s in after.stacks for c in s] + [after.down[i].coin for i in after.trail]:
                        kept[coin.value] += 1
                    if escape_route(deal, squares[start], tuple(kept)) is None:
                        continue
                raise AssertionError(f"{key}: {action.text} leads out of the certificate")


def _check(state: LabRatsState, verdict: Verdict) -> None:
    if verdict.winnable:
        assert check_solution(state, verdict.actions)
        assert is_navigable(state)  # the navigability bound: no escape from an unnavigable maze
    elif verdict.winnable is False:
        assert verdict.certificate is not None
        assert not solve_advanced(state).solvable  # an advanced escape is a standard one
        if verdict.certificate.kind == "unnavigable":
            assert not is_navigable(state)
        else:
            _check_exhausted(state, verdict)
    else:  # undecided: only a maze some coin order can leave, with no advanced escape
        assert is_navigable(state) and not solve_advanced(state).solvable


@pytest.mark.parametrize("first", range(1, DEALS + 1, CHUNK))
def test_verdicts_are_proved(first: int) -> None:
    undecided = 0
    for seed in range(first, min(first + CHUNK, DEALS + 1)):
        verdicts = []
        for state in starts(GAME.setup({}, seed=seed)):
            verdict = solve_standard(state, keep=True)
            _check(state, verdict)
            verdicts.append(verdict.winnable)
            if verdict.winnable:
                break
        undecided += True not in verdicts and None in verdicts
    assert undecided <= 1  # about four deals in 1,000 stay undecided


def _short_stacks(seed: int, coins: tuple[str, ...]) -> LabRatsState:
    """Seed ``seed``'s maze with the coins given (top first, round the three stacks)."""
    state = starts(GAME.setup({}, seed=seed))[0]
    stacks = tuple(tuple(Coin.parse(c) for c in reversed(coins[k::3])) for k in range(3))
    return replace(state, stacks=stacks)


@pytest.mark.parametrize("coins", [("aS", "aM", "2S"), ("aS", "aM", "aC", "2S", "nA"), ("5S", "5M", "5C", "aS")])
def test_exhausted_certificates_are_checked(coins: tuple[str, ...]) -> None:
    state = _short_stacks(1, coins)
    assert is_navigable(state)  # with all 24 coins: the short stacks are what stop the rat
    verdict = solve_standard(state, keep=True)
    assert verdict.winnable is False
    _check_exhausted(state, verdict)


@pytest.mark.parametrize("seed, coins", [
    (53, ("3M", "4C", "5S", "4M", "2A")), (13, ("4A", "nC", "2A", "5M", "nS")), (25, ("2C", "4C", "4A", "4M")),
    (22, ("5C", "2A", "3S", "5M", "aS", "5A", "2M", "3M")), (39, ("nA", "aS", "3M", "5M")),
    (24, ("nC", "aC", "2C", "2A")),
])
def test_verdicts_agree_with_the_exhaustive_search(seed: int, coins: tuple[str, ...]) -> None:
    # Where the older whole-position search (solver.solve) finishes, it and the new solver agree.
    state = _short_stacks(seed, coins)
    old = solve(state, advanced=False, budget=20_000)
    assert not old.exhausted
    verdict = solve_standard(state, keep=True)
    assert verdict.winnable is old.solvable
    _check(state, verdict)


def test_escape_routes_keep_to_the_coins_given() -> None:
    state = starts(GAME.setup({}, seed=3))[0]
    route = escape_route(state, state.rat)
    assert route is not None and is_navigable(state)
    used = [v for _, v in route]
    assert all(used.count(v) <= 4 for v in range(6))
    fewer = tuple(max(0, 4 - used.count(v)) if v == used[0] else 4 for v in range(6))
    other = escape_route(state, state.rat, fewer)
    assert other is None or [v for _, v in other].count(used[0]) <= fewer[used[0]]
    assert escape_route(state, state.rat, (0,) * 6) is None


def test_a_certificate_missing_a_class_is_refused() -> None:
    state = starts(GAME.setup({}, seed=228))[0]  # a navigable maze, a deal lost
    verdict = solve_standard(state, keep=True)
    assert verdict.certificate is not None and len(verdict.certificate.keys) > 100
    _check_exhausted(state, verdict)
    for key in sorted(verdict.certificate.keys, key=repr)[::40]:
        cut = replace(verdict, certificate=replace(verdict.certificate, keys=verdict.certificate.keys - {key},
                                                    states=verdict.certificate.states - 1))
        with pytest.raises(AssertionError):
            _check_exhausted(state, cut)


def _reachable(state: LabRatsState, depth: int) -> set[tuple[object, ...]]:
    """The one-arrangement keys of every position reachable without discards while at most
    ``depth`` more coins lie on the trail (breadth first, with the engine)."""
    base = len(state.trail)
    seen = {_keys(state)[0]}
    todo = deque([state])
    while todo:
        current = todo.popleft()
        for action in legal_actions(current):
            if action.text.endswith("x"):
                continue
            after = apply_action(current, action)
            if after.outcome != "playing":
                continue
            key = _keys(after)[0]
            if len(after.trail) <= base + depth and key not in seen:
                seen.add(key)
                todo.append(after)
    return seen


def _arrangements(coins: tuple[int, ...]) -> set[tuple[tuple[int, ...], ...]]:
    out = set()
    for order in set(itertools.permutations(coins)):
        for cut1 in range(len(coins) + 1):
            for cut2 in range(cut1, len(coins) + 1):
                stacks = (order[:cut1], order[cut1:cut2], order[cut2:])
                out.add(tuple(sorted(stacks)))
    return out


@pytest.mark.parametrize("case", ["a", "c"])
def test_merged_arrangements_reach_each_other(case: str) -> None:
    # A brute-force check of the merge of classes.py on small cases: from one arrangement,
    # every arrangement of the same coins is reached with the trail and the rat as they were.
    deal = starts(GAME.setup({}, seed=1))[0]
    squares = sorted(deal.maze.squares)
    from piecepack_diagrams.games.lab_rats.classes import Successors

    rules = Successors(deal)
    free = [i for i, m in enumerate(rules.movable) if m == 0b111111 and not any(rules.exits[i])]
    position = _position(deal, ((1, 5), (3,), ()), (), free[0])
    if case == "c":  # the rat moved an ace off a free square onto one where a 5 cannot move
        near = next(m for _, _, m in rules.moves[free[0]][1] if not rules.movable[m] & 1 << 5)
        position = _position(deal, ((1, 5), (3,), ()), ((1, free[0]),), near)
        assert rules.witness((0, 1, 0, 1, 0, 1), ((1, free[0]),), near) is not None
    assert not rules.movable[squares.index(position.rat)] & 1 << 5 or case == "a"
    reached = _reachable(position, 3 if case == "a" else 4)
    trail, rat = _keys(position)[0][2:]
    got = {key[1] for key in reached if key[2:] == (trail, rat)}
    assert got == _arrangements((1, 5, 3))


def test_an_escape_needing_a_back_up_is_found() -> None:
    # Seed 6's first start square: no escape without backing up, one with.
    state = starts(GAME.setup({}, seed=6))[0]
    assert not solve_advanced(state).solvable
    verdict = solve_standard(state)
    assert verdict.winnable and check_solution(state, verdict.actions)
    assert any(a.text == "B" or a.text.startswith("R") for a in verdict.actions)


def test_a_position_with_coins_down_is_refused() -> None:
    state = starts(GAME.setup({}, seed=1))[0]
    moved = apply_action(state, legal_actions(state)[0])
    with pytest.raises(ValueError, match="no coins down"):
        solve_standard(moved)


def test_statistics_count_the_standard_verdicts() -> None:
    # Seeds 16 to 19: no advanced escape on 16 and 19 (both starts), standard ones found.
    got = deal_chunk(16, 4)
    wins = 0
    for seed in range(16, 20):
        won = False
        for state in starts(GAME.setup({}, seed=seed)):
            verdict = solve_standard(state)
            assert verdict.winnable is not None
            won = won or bool(verdict.winnable)
        wins += won
    assert got.advanced.hits < wins == got.standard.hits and got.standard.trials == 4
    assert got.standard_undecided == 0
    assert "standard rules (exact): " in got.report()
    back = DealStatistics.from_json(got.to_json())
    assert back == got and back + deal_chunk(20, 1) == deal_chunk(16, 5)
    with pytest.raises(SetupError, match="standard_undecided"):
        DealStatistics.from_json({**got.to_json(), "standard_undecided": -1})
    with pytest.raises(SetupError, match="undecided than not won"):
        DealStatistics.from_json({**got.to_json(), "standard_undecided": 1})
