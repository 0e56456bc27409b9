"""Puzzle books and page templates: every printed puzzle is solvable, the book is
laid out as the templates say, and the same arguments give the same bytes."""

from __future__ import annotations

import subprocess

import pytest
from raster import rasterize_pdf
from test_lab_rats import _reference_fewest_coins

from piecepack_diagrams.books import puzzle_book
from piecepack_diagrams.errors import PiecepackError
from piecepack_diagrams.games.lab_rats.picture import ROUTE_COLOURS
from piecepack_diagrams.games.lab_rats.puzzles import generate_puzzles, rate
from piecepack_diagrams.games.lab_rats.solver import check_solution
from piecepack_diagrams.sheets import load_template, template_names

SUIT_COLOURS = [(0xD5, 0x5E, 0x00), (0x00, 0x9E, 0x73), (0x00, 0x72, 0xB2)]


def test_puzzles_are_solvable_rated_and_reproducible():
    puzzles = generate_puzzles(5, seed=3)
    assert [p.number for p in puzzles] == [1, 2, 3, 4, 5]
    assert generate_puzzles(5, seed=3) == puzzles
    for p in puzzles:
        assert p.state.options.advanced
        assert check_solution(p.state, p.solution.actions)
        assert p.solution.coins == _reference_fewest_coins(p.state)  # the fewest, by an independent search
        assert p.difficulty == rate(p.solution.coins, p.forgiveness)
    hard = generate_puzzles(2, seed=3, difficulty="hard")
    assert all(p.solution.coins >= 21 or p.forgiveness <= 0.25 for p in hard)


def _pages(pdf: bytes) -> int:
    info = subprocess.run(["pdfinfo", "-"], input=pdf, capture_output=True, check=True).stdout.decode()
    return int(next(line.split()[-1] for line in info.splitlines() if line.startswith("Pages:")))


def test_book_has_puzzle_pages_then_the_key():
    book = puzzle_book("lab-rats", count=3, seed=2)
    assert book == puzzle_book("lab-rats", count=3, seed=2)
    key = load_template("answer-key")
    assert _pages(book) == 3 + -(-3 // (key.columns * key.rows))
    # A puzzle page shows the coins of the stacks in suit colours in its lower part (the legend),
    # and the maze's tile backs above; the key's pages show the route, its legs in turn in the
    # route colours (every one of them: a route has more than three legs).
    width, height, pixels = rasterize_pdf(book, dpi=30, page=1)
    colours = {tuple(pixels[i:i + 3]) for i in range(0, len(pixels), 3)}
    assert any(_near(c, s) for c in colours for s in SUIT_COLOURS)
    lower = {tuple(pixels[(r * width + c) * 3:(r * width + c) * 3 + 3])
             for r in range(height // 2, height) for c in range(width)}
    assert any(_near(c, s) for c in lower for s in SUIT_COLOURS)
    width, height, pixels = rasterize_pdf(book, dpi=60, page=4)
    for colour in ROUTE_COLOURS:
        rgb = tuple(int(colour[k:k + 2], 16) for k in (1, 3, 5))
        assert sum(_near(tuple(pixels[i:i + 3]), rgb, 12) for i in range(0, len(pixels), 3)) > 20, colour


def _near(a, b, tolerance=30):
    return all(abs(x - y) <= tolerance for x, y in zip(a, b))


def test_templates_load_and_bad_ones_are_refused(tmp_path):
    assert {"puzzle-sheet", "answer-key"} <= set(template_names())
    sheet = load_template("puzzle-sheet")
    (x, _y, w, _h), = sheet.cells()
    assert x == pytest.approx(0.6) and x + w == pytest.approx(8.5 - 0.6)
    mine = tmp_path / "mine.yaml"
    mine.write_text("paper: a4\nlandscape: true\ngrid: [3, 2]\nmargins: [0.5, 0.4, 0.5, 0.4]\n")
    t = load_template(mine)
    assert (t.width, t.height) == (11.69, 8.27) and len(t.cells()) == 6
    for text, wording in [("paper: b7\n", "unknown paper"), ("grid: [0, 2]\n", "grid must be"),
                          ("colour: red\n", "no field 'colour'"), ("grid: [12, 12]\nmargins: 4\n", "too small")]:
        bad = tmp_path / "bad.yaml"
        bad.write_text(text)
        with pytest.raises(PiecepackError, match=wording) as err:
            load_template(bad)
        assert err.value.location is not None and err.value.location.file == str(bad)


# --- the search is bounded --------------------------------------------------------------------------

class _Clock:
    """A clock that moves ``step`` seconds each time it is read after a deal."""

    def __init__(self, step: float) -> None:
        self.now = 0.0
        self.step = step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


def _dealer(every: int, log: list[int]):
    """A deal maker that finds a puzzle in one deal of ``every`` (never with 0), counting deals in ``log``."""
    def make(deal_seed: int, number: int):
        log.append(deal_seed)
        return number if every and len(log) % every == 0 else None
    return make


@pytest.mark.parametrize("every, step, limit, words", [
    (0, 0.0, 300, "found none of the 500"),          # nothing ever turns up: the deals would run out
    (0, 1.0, 300, "found none of the 500"),          # ... or the time
    (10, 0.5, 300, "at that rate the other"),        # too rare for the time allowed
    (300, 0.0, 300, "past the limit of 100,000 deals"),  # too rare for the deals allowed
])
def test_a_search_that_cannot_finish_gives_up_early_saying_what_it_found(every, step, limit, words):
    from piecepack_diagrams.engine.puzzles import SAMPLE, deal_puzzles

    log: list[int] = []
    with pytest.raises(PiecepackError) as err:
        deal_puzzles(500, seed=1, difficulty="hard", difficulties=("easy", "hard"), make=_dealer(every, log),
                     rating=lambda p: "hard", time_limit=limit, clock=_Clock(step))
    message = err.value.describe()
    assert words in message and "--count" in message and "easy" in message, message
    found = len(log) // every if every else 0
    assert f"in {len(log):,} deals" in message and (f"only {found} of" in message or not found)
    # Early: long before the 100,000 deals (200 a puzzle) or the time allowed are used up.
    assert SAMPLE <= len(log) < 100_000 / 4 and len(log) * step < limit / 2, len(log)


def test_a_search_that_can_finish_is_never_given_up():
    from piecepack_diagrams.engine.puzzles import deal_puzzles

    for every in (1, 2, 10, 30):
        for count in (1, 7, 60):
            log: list[int] = []
            found = deal_puzzles(count, seed=1, difficulty=None, difficulties=("easy",), make=_dealer(every, log),
                                 rating=lambda p: "easy", time_limit=300, clock=_Clock(0.01))
            assert found == list(range(1, count + 1)) and len(log) == count * every


def test_puzzles_that_would_take_hours_fail_within_seconds_with_a_progress_bar(tmp_path):
    import sys
    import time

    out = tmp_path / "hard.pdf"
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "piecepack_diagrams", "puzzles", "coin-collectors", "--count", "500",
                           "--difficulty", "hard", "-o", str(out)], capture_output=True, text=True, timeout=120)
    assert time.perf_counter() - start < 30
    assert done.returncode == 2 and not out.exists()  # what was asked for cannot be done: a usage error
    lines = done.stderr.strip().splitlines()
    assert lines[0].startswith("[---") and "0/500" in lines[0], "a progress bar on standard error"
    assert lines[-1].startswith("piecepack-diagrams puzzles: error: found none of the 500 Coin Collectors deal "
                                "puzzles rated hard"), lines[-1]
    assert "--count" in lines[-1] and "--time-limit" in lines[-1] and "Traceback" not in done.stderr


@pytest.mark.parametrize("limit", ["0", "-1", "nan", "1e9"])
def test_a_time_limit_out_of_range_is_refused(tmp_path, capsys, limit):
    from piecepack_diagrams.cli import main

    assert main(["puzzles", "landlocked", "--count", "2", "--time-limit", limit, "-o", str(tmp_path / "x.pdf")]) == 2
    assert "--time-limit" in capsys.readouterr().err
