"""The standard-rules Lab Rats solver (issue 22): every claimed escape replayed by the rules
engine, every claimed dead end checked by its certificate, independently of the solver.

An ``"unnavigable"`` certificate is checked with the navigability search (itself held against
a frozen older solver in test_lab_rats_solver_agreement.py); an ``"exhausted"`` one by
enumerating every position reachable with the engine's own ``legal_actions`` and
``apply_action``, merged by a key written here, and comparing its count and digest.
"""

from __future__ import annotations

import hashlib
from collections import deque

import pytest

from piecepack_diagrams.games.lab_rats import GAME
from piecepack_diagrams.games.lab_rats.rules import Coin, LabRatsState, apply_action, legal_actions
from piecepack_diagrams.games.lab_rats.solver import check_solution, solve_advanced
from piecepack_diagrams.games.lab_rats.standard import solve_standard
from piecepack_diagrams.games.lab_rats.stats import is_navigable, starts
from piecepack_diagrams.values import replace

#: Deals solved by default (both start squares); a search over a deal may take seconds, so the
#: budget is kept small here: an undecided verdict is allowed, a wrong one is not.
SEEDS = range(1, 41)
BUDGET = 3_000


def _engine_key(state: LabRatsState) -> tuple[object, ...]:
    squares = sorted(state.maze.squares)
    stacks = tuple(sorted(tuple(c.value for c in s) for s in state.stacks))
    trail = tuple((state.down[i].coin.value, squares.index(state.down[i].square)) for i in state.trail)
    return stacks, trail, squares.index(state.rat)


def _enumerate(state: LabRatsState) -> tuple[bool, int, str]:
    """Whether some play escapes, and (when none does) the merged positions' count and digest."""
    seen = {_engine_key(state)}
    todo = deque([state])
    while todo:
        current = todo.popleft()
        for action in legal_actions(current):
            after = apply_action(current, action)
            if after.outcome == "won":
                return True, 0, ""
            key = _engine_key(after)
            if after.outcome == "playing" and key not in seen:
                seen.add(key)
                todo.append(after)
            elif after.outcome == "lost":
                seen.add(key)
    sha = hashlib.sha256()
    for key in sorted(seen):  # type: ignore[type-var]  # tuples of ints compare
        sha.update(repr(key).encode() + b"\n")
    return False, len(seen), sha.hexdigest()


@pytest.mark.parametrize("seed", SEEDS)
def test_verdicts_are_proved(seed: int) -> None:
    for state in starts(GAME.setup({}, seed=seed)):
        verdict = solve_standard(state, states=BUDGET)
        if verdict.winnable:
            assert check_solution(state, verdict.actions)
        elif verdict.winnable is False:
            assert verdict.certificate is not None
            assert not solve_advanced(state).solvable  # an advanced escape is a standard one
            if verdict.certificate.kind == "unnavigable":
                assert not is_navigable(state)
            else:
                assert _enumerate(state) == (False, verdict.certificate.states, verdict.certificate.digest)
        else:  # undecided: only a maze some coin order can leave, with no advanced escape
            assert is_navigable(state) and not solve_advanced(state).solvable


def _short_stacks(seed: int, coins: tuple[str, ...]) -> LabRatsState:
    """Seed ``seed``'s maze with the coins given (top first, round the three stacks)."""
    state = starts(GAME.setup({}, seed=seed))[0]
    stacks = tuple(tuple(Coin.parse(c) for c in reversed(coins[k::3])) for k in range(3))
    return replace(state, stacks=stacks)


@pytest.mark.parametrize("coins", [("aS", "aM", "2S"), ("aS", "aM", "aC", "2S", "nA"), ("5S", "5M", "5C", "aS")])
def test_exhausted_certificates_match_the_engine(coins: tuple[str, ...]) -> None:
    state = _short_stacks(1, coins)
    verdict = solve_standard(state)
    assert verdict.winnable is False and verdict.certificate is not None
    assert verdict.certificate.kind == "exhausted"
    assert _enumerate(state) == (False, verdict.certificate.states, verdict.certificate.digest)


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
