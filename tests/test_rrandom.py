"""R's random number generator reproduced: values R itself printed (the corpus's r-rng.csv),
facts from R's documentation and sources, and R's behaviour at the edges."""

from __future__ import annotations

import csv
import math

import pytest

from piecepack_diagrams.rrandom import RRandom, is_r_seed, mt_state, revsort
from ppdf_corpus import PPDF


def _calls():
    with open(PPDF / "r-rng.csv", newline="", encoding="utf-8") as handle:
        return [(int(r["seed"]), r["call"], [float(v) for v in r["values"].split()]) for r in csv.DictReader(handle)]


CALLS = _calls()


def _run(rng: RRandom, call: str) -> list[float]:
    # The calls of r-rng.csv, spelled as this module spells them.
    if call == "runif(10)":
        return rng.runif(10)
    if call == "sample(24)":
        return rng.sample(24)
    if call == "sample(6, 20, replace = TRUE)":
        return rng.sample(6, 20, replace=True)
    if call == "sample.int(1000000, 5)":
        return rng.sample_int(1000000, 5)
    if call == "sample(4); sample(24); runif(2)":
        return [*rng.sample(4), *rng.sample(24), *rng.runif(2)]
    if call == "sample(c(10, 20, 30), 5, replace = TRUE, prob = c(0.2, 0.3, 0.5))":
        return rng.sample([10, 20, 30], 5, replace=True, prob=[0.2, 0.3, 0.5])
    if call == "rnorm(3)":
        return rng.rnorm(3)
    raise AssertionError(f"a call this test does not know: {call}")


def test_the_corpus_names_every_kind_of_call() -> None:
    assert len({call for _, call, _ in CALLS}) == 7
    assert len(CALLS) >= 50


@pytest.mark.parametrize("seed,call,values", CALLS, ids=[f"{s}-{c[:24]}" for s, c, _ in CALLS])
def test_values_r_printed(seed: int, call: str, values: list[float]) -> None:
    got = _run(RRandom(seed), call)
    assert len(got) == len(values)
    for g, w in zip(got, values):
        # R printed 17 significant digits: doubles agree to the last bit or two
        assert math.isclose(g, w, rel_tol=1e-15, abs_tol=1e-300), (got, values)


def test_set_seed_state_as_r_stores_it() -> None:
    # R: set.seed(1); .Random.seed[2:4] is 624 (the position) then the table's first words,
    # -169270483 and -442010614 as R's signed integers.
    words = [w - 2**32 if w >= 2**31 else w for w in mt_state(1)[:2]]
    assert words == [-169270483, -442010614]
    assert len(mt_state(1)) == 624


def test_seeds_are_r_integers() -> None:
    assert is_r_seed(0) and is_r_seed(-(2**31) + 1) and is_r_seed(2**31 - 1)
    assert not is_r_seed(2**31) and not is_r_seed(-(2**31)) and not is_r_seed(True) and not is_r_seed(1.0)
    with pytest.raises(ValueError, match="whole number"):
        RRandom(2**31)
    # Negative seeds are R's too: their 32-bit pattern seeds the generator.
    assert RRandom(-1).runif(1) != RRandom(1).runif(1)


def test_sample_without_replacement_is_a_permutation_and_with_is_in_range() -> None:
    rng = RRandom(7)
    for n in (1, 2, 3, 16, 17, 24, 100, 40000):
        assert sorted(rng.sample_int(n)) == list(range(1, n + 1))
    drawn = rng.sample_int(6, 5000, replace=True)
    assert set(drawn) == set(range(1, 7))
    # Each face about a sixth of the time (5000 draws: 833 expected, far inside 700..970).
    assert all(700 < drawn.count(face) < 970 for face in range(1, 7))


def _r_unif_index(rng: RRandom, n: int) -> int:
    """R_unif_index as R's random.c writes it, on uniforms: 16 bits a uniform."""
    bits = math.ceil(math.log2(n))
    while True:
        value = 0
        for _ in range(0, bits + 1, 16):
            value = 65536 * value + math.floor(rng.unif_rand() * 65536)
        value &= (1 << bits) - 1
        if value < n:
            return value


@pytest.mark.parametrize("n", [1, 2, 6, 24, 32768, 32769, 65536, 65537, 1_000_000, 2**31 - 1])
def test_each_index_draws_and_consumes_what_r_does(n: int) -> None:
    ours, rs = RRandom(3), RRandom(3)
    assert [ours.unif_index(n) for _ in range(50)] == [_r_unif_index(rs, n) for _ in range(50)]
    assert ours.unif_rand() == rs.unif_rand()  # the streams are still in step
    ours, rs = RRandom(9), RRandom(9)
    assert ours.sample_int(n, 20, replace=True) == [_r_unif_index(rs, n) + 1 for _ in range(20)]
    assert ours.unif_rand() == rs.unif_rand()


def test_shuffles_draw_as_r_does() -> None:
    # do_sample without replacement: draw j from the remaining pool, take it, move the last in.
    for n in (5, 24, 40000):
        ours, rs = RRandom(12), RRandom(12)
        pool, out = list(range(n)), []
        for last in range(n, max(n - 30, 0), -1):
            j = _r_unif_index(rs, last)
            out.append(pool[j] + 1)
            pool[j] = pool[last - 1]
        assert ours.sample_int(n, len(out)) == out


def test_sample_of_a_vector_and_of_a_number() -> None:
    assert RRandom(1).sample(["a", "b", "c", "d"]) == [["a", "b", "c", "d"][k - 1] for k in RRandom(1).sample_int(4)]
    assert RRandom(5).sample(10, 3) == RRandom(5).sample_int(10, 3)
    assert RRandom(5).sample([10], 1) == [10]  # a vector of one is sampled from itself ...
    assert RRandom(5).sample(10, 1)[0] in range(1, 11)  # ... a number n means 1:n


def test_errors_where_r_stops() -> None:
    rng = RRandom(1)
    with pytest.raises(ValueError, match="larger than the population"):
        rng.sample_int(3, 4)
    with pytest.raises(ValueError, match="incorrect number of probabilities"):
        rng.sample_int(3, 2, prob=[1, 2])
    with pytest.raises(ValueError, match="too few positive probabilities"):
        rng.sample_int(3, 3, prob=[1, 0, 1])


def test_weighted_without_replacement_follows_the_weights() -> None:
    rng = RRandom(11)
    firsts = [rng.sample_int(3, 2, prob=[0.1, 0.1, 0.8])[0] for _ in range(2000)]
    assert 1450 < firsts.count(3) < 1750  # 80 % of 2000


def test_walker_alias_for_many_likely_values_follows_the_weights() -> None:
    weights = [2.0 if k < 150 else 1.0 for k in range(300)]  # the first half twice as likely
    drawn = RRandom(2).sample_int(300, 30000, replace=True, prob=weights)
    first_half = sum(1 for d in drawn if d <= 150)
    assert 19400 < first_half < 20600  # two thirds of 30000


def test_revsort_sorts_decreasing_and_carries_the_indices() -> None:
    a, ib = [0.2, 0.5, 0.1, 0.5, 0.3], [1, 2, 3, 4, 5]
    revsort(a, ib)
    assert a == sorted(a, reverse=True)
    assert sorted(ib) == [1, 2, 3, 4, 5]
    assert [[0.2, 0.5, 0.1, 0.5, 0.3][i - 1] for i in ib] == a


def test_hashed_sampling_of_huge_populations_gives_distinct_values() -> None:
    drawn = RRandom(4).sample_int(20_000_000, 50)
    assert len(set(drawn)) == 50 and all(1 <= d <= 20_000_000 for d in drawn)
