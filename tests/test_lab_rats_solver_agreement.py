"""The Lab Rats solvers of issue 19 against the ones they replaced, deal by deal.

``tests/data/lab_rats_old_verdicts.csv`` holds the old solvers' verdicts on seeds 1..2000, both
start squares (written once by ``tests/reference/make_lab_rats_verdicts.py``: the old
navigability search takes minutes). The new solvers must give the same verdict on every one;
the old solvers (``tests/reference/lab_rats_old_solver.py``) also run here on a sample, to show
the file is still their output, and on positions the file does not cover (the first moves of a
deal, the exit-from-the-edge option). The whole file takes some 25 seconds on the shared machine.
"""

from __future__ import annotations

import csv
from dataclasses import replace
from pathlib import Path

import pytest
from reference.lab_rats_old_solver import is_navigable as old_is_navigable
from reference.lab_rats_old_solver import solve_advanced as old_solve_advanced

from piecepack_diagrams.games.lab_rats import GAME
from piecepack_diagrams.games.lab_rats.rules import Options, apply_action, legal_actions
from piecepack_diagrams.games.lab_rats.solver import check_solution, solve_advanced
from piecepack_diagrams.games.lab_rats.stats import DealStatistics, deal_statistics, is_navigable, starts
from piecepack_diagrams.tallies import Seeds
from piecepack_diagrams.proportions import Proportion

VERDICTS = Path(__file__).parent / "data" / "lab_rats_old_verdicts.csv"
SEEDS = range(1, 2001)
#: Seeds on which the old solvers run live, spread over the file's range: 40 for the advanced
#: version; 10 of them for navigability (the old search takes a quarter of a second or more a
#: position), among them the three with unnavigable mazes (501, 701, 1701).
SAMPLE = range(1, 2001, 50)
NAVIGABILITY_SAMPLE = (1, 301, 501, 701, 901, 1101, 1301, 1501, 1701, 1901)
#: The deals whose statistics are compared (deal_statistics solves them all again).
STATISTICS_SEEDS = range(1501, 2001)


@pytest.fixture(scope="module")
def verdicts() -> dict[tuple[int, tuple[int, int]], dict[str, str]]:
    """The file's rows by seed and start square."""
    with VERDICTS.open(newline="", encoding="utf-8") as handle:
        return {(int(row["seed"]), (int(row["start_x"]), int(row["start_y"]))): row for row in csv.DictReader(handle)}


@pytest.fixture(scope="module")
def deals() -> dict[int, list]:
    """Every seed's two starting positions, as deal_statistics solves them."""
    return {seed: starts(GAME.setup({"Variant": "advanced"}, seed=seed)) for seed in SEEDS}


def _verdict(solution) -> tuple[bool, int, int, str]:  # noqa: ANN001
    """What the file keeps of an advanced solution."""
    return solution.solvable, solution.coins, solution.searched, solution.text


def _row(row: dict[str, str]) -> tuple[bool, int, int, str]:
    return row["solvable"] == "1", int(row["coins"]), int(row["searched"]), row["actions"]


def test_the_file_covers_both_starts_of_every_seed(verdicts, deals):
    assert len(verdicts) == 2 * len(SEEDS)
    assert all((seed, state.rat) in verdicts for seed, states in deals.items() for state in states)
    # Both verdicts occur often enough for the comparisons below to mean something.
    navigable = [row["navigable"] for row in verdicts.values()]
    solvable = [row["solvable"] for row in verdicts.values()]
    assert navigable.count("0") > 100 and solvable.count("0") > 500 and solvable.count("1") > 2000


def test_the_file_is_the_old_solvers_output(verdicts, deals):
    for seed in SAMPLE:
        for state in deals[seed]:
            row = verdicts[seed, state.rat]
            assert _verdict(old_solve_advanced(state)) == _row(row), (seed, state.rat)
            if seed in NAVIGABILITY_SAMPLE:
                assert old_is_navigable(state) == (row["navigable"] == "1"), (seed, state.rat)


def test_navigability_agrees_deal_by_deal(verdicts, deals):
    disagree = [(seed, state.rat) for seed, states in deals.items() for state in states
                if is_navigable(state) != (verdicts[seed, state.rat]["navigable"] == "1")]
    assert disagree == []


def test_advanced_solutions_agree_deal_by_deal(verdicts, deals):
    disagree, unchecked = [], []
    for seed, states in deals.items():
        for state in states:
            solution = solve_advanced(state)
            if _verdict(solution) != _row(verdicts[seed, state.rat]):
                disagree.append((seed, state.rat))
            if solution.solvable and not check_solution(state, solution.actions):
                unchecked.append((seed, state.rat))
    assert disagree == [] and unchecked == []


def test_deal_statistics_agree(verdicts):
    # The statistics the old verdicts give: a deal is won with its better start, its maze
    # navigable when it is won or either start is navigable.
    by_seed: dict[int, list[dict[str, str]]] = {}
    for (seed, _), row in verdicts.items():
        by_seed.setdefault(seed, []).append(row)
    wins = navigable = 0
    fewest: dict[int, int] = {}
    for seed in STATISTICS_SEEDS:
        rows = by_seed[seed]
        coins = [int(row["coins"]) for row in rows if row["solvable"] == "1"]
        if coins:
            wins += 1
            fewest[min(coins)] = fewest.get(min(coins), 0) + 1
        navigable += bool(coins) or any(row["navigable"] == "1" for row in rows)
    games = len(STATISTICS_SEEDS)
    expected = DealStatistics(Seeds.from_range(STATISTICS_SEEDS[0], games), Proportion(wins, games),
                              Proportion(navigable, games), dict(sorted(fewest.items())))
    assert expected.navigable.hits < games  # some unnavigable maze among them
    assert deal_statistics(games, first_seed=STATISTICS_SEEDS[0], standard=False) == expected


def _first_moves(seed: int) -> list:
    """A deal after each of its legal first actions (what puzzles.forgiveness solves)."""
    state = GAME.setup({"Variant": "advanced"}, seed=seed)
    return [after for after in (apply_action(state, action) for action in legal_actions(state))
            if after.outcome == "playing"]


@pytest.mark.parametrize("seed", [3, 6, 14, 501, 1999])
def test_advanced_solutions_agree_after_the_first_move(seed):
    for state in _first_moves(seed):
        assert solve_advanced(state) == old_solve_advanced(state)


@pytest.mark.parametrize("seed", [1, 13, 15, 38])
def test_both_solvers_agree_when_only_the_exit_squares_lead_out(seed):
    for state in starts(GAME.setup({"Variant": "advanced"}, seed=seed)):
        state = replace(state, options=Options(advanced=True, exit_from_edge_only=True))
        assert solve_advanced(state) == old_solve_advanced(state)
        assert is_navigable(state) == old_is_navigable(state)


def test_a_rat_off_the_maze_is_refused():
    state = GAME.setup({"Variant": "advanced"}, seed=1)
    with pytest.raises(ValueError, match="not a square of the maze"):
        is_navigable(replace(state, rat=(1000, 1000)))
