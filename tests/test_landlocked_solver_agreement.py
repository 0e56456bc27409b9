"""The Landlocked solver against the one it replaced (issue 19), deal by deal on 2,000
seeded deals under each variant of ``stats landlocked``: the same verdicts (winnable
or not, and the fewest passes), every route walked home through the rules with that
many passes, and the same statistics.

The old solver is kept frozen in tests/reference/landlocked_old_solver.py. Its verdicts
on the 2,000 seeds are in tests/reference/landlocked_old_verdicts.json (written by
make_landlocked_old_verdicts.py: running it on them all takes it about 30 s); here it
runs live on the first 200 seeds of each variant, which must give those verdicts and
the same routes as the new solver, and on positions in mid-game (marks made, tiles worn,
under every option). About 15 s in all.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from reference.landlocked_old_solver import choices_by_size as old_choices_by_size
from reference.landlocked_old_solver import solve as old_solve

from piecepack_diagrams.games.landlocked import LandlockedState, check_route, deal_from_seed, solve, stats
from piecepack_diagrams.games.landlocked.board import CELLS, Options, pass_problem
from piecepack_diagrams.games.landlocked.paths import (MinimalChoices, allowed_cells, choices_by_size, leg_masks,
                                                      path_through)
from piecepack_diagrams.games.landlocked.rules import apply_leg
from piecepack_diagrams.games.landlocked.solver import Route

REFERENCE = json.loads((Path(__file__).parent / "reference" / "landlocked_old_verdicts.json").read_text())
FIRST_SEED = REFERENCE["first_seed"]
#: Per variant, the old solver's fewest passes on each seeded deal, -1 for no route home.
OLD = REFERENCE["verdicts"]
LIVE = 200
ALL_OPTIONS = [Options(difficulty, pass_visited_outbound=visited, limit_markers=limited)
               for difficulty in ("easy", "standard", "hard") for visited in (False, True) for limited in (False, True)]


def _verdict(route: Route) -> int:
    return route.passes if route.solvable else -1


def _seeds(name: str) -> range:
    return range(FIRST_SEED, FIRST_SEED + len(OLD[name]))


def test_every_variant_is_compared_on_2000_deals():
    assert set(OLD) == set(stats.VARIANTS)
    assert all(len(verdicts) == 2000 for verdicts in OLD.values())


@pytest.fixture(scope="module")
def routes() -> dict[str, list[tuple[LandlockedState, Route]]]:
    """Per variant, each seeded deal with the new solver's route."""
    out = {}
    for name in OLD:
        states = [LandlockedState(deal_from_seed(seed), stats.VARIANTS[name]) for seed in _seeds(name)]
        out[name] = [(state, solve(state)) for state in states]
    return out


@pytest.mark.parametrize("name", list(stats.VARIANTS))
def test_the_old_solver_runs_to_the_same_verdicts_and_routes(routes, name):
    """Live, on the first seeds: the old solver gives the stored verdicts, and the new one
    the same routes (where several are as good, the same one: its drawings stay the same)."""
    for seed, (state, new) in zip(_seeds(name)[:LIVE], routes[name]):
        old = old_solve(state)
        assert _verdict(old) == OLD[name][seed - FIRST_SEED], f"{name}, seed {seed}: the stored verdict is stale"
        assert (_verdict(new), new.paths) == (_verdict(old), old.paths), f"{name}, seed {seed}"


@pytest.mark.parametrize("name", list(stats.VARIANTS))
def test_the_same_verdicts_deal_by_deal(routes, name):
    differ = [(seed, old, _verdict(new)) for seed, old, (_, new) in zip(_seeds(name), OLD[name], routes[name])
              if old != _verdict(new)]
    assert not differ, f"{name}: (seed, old fewest passes, new) {differ[:5]} ({len(differ)} in all)"
    assert sum(v >= 0 for v in OLD[name]) > 400  # wins to compare, not just hopeless deals


@pytest.mark.parametrize("name", list(stats.VARIANTS))
def test_every_route_wins_through_the_rules_with_its_passes(routes, name):
    for seed, (state, new) in zip(_seeds(name), routes[name]):
        if not new.solvable:
            assert new.paths == ()
            continue
        assert len(new.paths) == 13 and check_route(state, new.paths), f"{name}, seed {seed}"
        passed = sum(1 for path in new.paths for cell in path[:-1] if state.deal.is_grid(cell))
        assert passed == new.passes, f"{name}, seed {seed}"


@pytest.mark.parametrize("name", list(stats.VARIANTS))
def test_the_same_statistics(name, monkeypatch):
    new = stats.variant_statistics(len(OLD[name]), first_seed=FIRST_SEED, variants=[name])
    old = {deal_from_seed(seed): passes for seed, passes in zip(_seeds(name), OLD[name])}
    monkeypatch.setattr(stats, "solve", lambda state: Route(old[state.deal] >= 0, passes=max(old[state.deal], 0)))
    assert stats.variant_statistics(len(OLD[name]), first_seed=FIRST_SEED, variants=[name]) == new
    assert new[0].solvable.hits == sum(new[0].passes.values()) == sum(v >= 0 for v in OLD[name])


def test_the_free_spaces_are_the_rules_own():
    """The masks the solver reads are what :func:`pass_problem` allows on a clean board."""
    for seed in range(1, 201):
        deal = deal_from_seed(seed)
        for options in ALL_OPTIONS:
            grid, free = leg_masks(deal, options)
            assert grid == sum(1 << c for c in range(CELLS) if deal.is_grid(c))
            for leg in range(13):
                allowed = [c for c in range(CELLS) if not deal.is_grid(c) and c != deal.targets[leg]
                           and pass_problem(deal, leg, c, (0,) * CELLS, options) is None]
                assert free[leg] == sum(1 << c for c in allowed), (seed, options, leg)


def _trimmed(layers: list[list[int]]) -> list[list[int]]:
    """Without the trailing empty lists (past the last minimal choice)."""
    while layers and not layers[-1]:
        layers = layers[:-1]
    return layers


def _layers(choices: MinimalChoices) -> list[list[int]]:
    out: list[list[int]] = []
    while (layer := choices.layer(len(out))) is not None:
        out.append(layer)
    return _trimmed(out)


def test_minimal_choices_are_the_old_ones_and_shared_under_wear():
    """Each leg's minimal choices, in order, are the old solver's; with tiles worn they are
    those of the board without wear, less those holding a worn tile (so positions share them)."""
    rng = random.Random(19)
    for seed in range(1, 121):
        deal = deal_from_seed(seed)
        options = rng.choice(ALL_OPTIONS)
        for leg in range(13):
            start = deal.targets[leg - 1] if leg else 0
            marks = tuple(rng.choice((0, 0, 1, 2, 3, 4, 5)) if deal.is_grid(c) else 0 for c in range(CELLS))
            free, grid = allowed_cells(deal, leg, marks, options)
            worn = leg_masks(deal, options)[0] & ~grid
            old = _trimmed(list(old_choices_by_size(deal, leg, start, marks, options)))
            assert _layers(MinimalChoices(start, deal.targets[leg], free, grid)) == old, (seed, leg)
            unworn = _layers(MinimalChoices(start, deal.targets[leg], free, grid | worn))
            assert _trimmed([[c for c in layer if not c & worn] for layer in unworn]) == old, (seed, leg)


def test_positions_in_mid_game_get_the_old_verdicts_and_routes():
    """From positions after some legs (marks made, tiles worn), under every option, with
    the coins running out too: the old solver's verdicts and routes."""
    rng = random.Random(7)
    compared = wins = 0
    for seed in range(1, 201):
        state = LandlockedState(deal_from_seed(seed), rng.choice(ALL_OPTIONS))
        for _ in range(rng.randrange(12)):  # legs walked through one of their fewest-tile choices
            if state.outcome != "playing":
                break
            choices = [c for layer in choices_by_size(state.deal, state.leg, state.position, state.marks,
                                                      state.options) for c in layer][:6]
            if not choices:  # a deal's first leg may have no path at all
                break
            path = path_through(state.deal, state.leg, state.position, rng.choice(choices), state.marks, state.options)
            state = apply_leg(state, path)
        if state.outcome != "playing":
            continue
        old, new = old_solve(state), solve(state)
        assert (_verdict(new), new.paths) == (_verdict(old), old.paths), (seed, state)
        compared += 1
        wins += new.solvable and any(state.marks)
    assert compared > 100 and wins > 20
