"""Outputs that grow with their input stay bounded: a PNG of a drawing that reaches far
(a piece hundreds of inches away, a caption of thousands of words) is scaled down to a
bounded number of pixels or refused with a located error naming what reaches so far, and
charts are bounded the same way."""

from __future__ import annotations

import math
import resource
import struct
import subprocess
import sys
import time
from pathlib import Path

import pytest

from piecepack_diagrams.cli import main
from piecepack_diagrams.errors import PiecepackError
from piecepack_diagrams.render.raster import MAX_PIXELS, MAX_SIDE

ROOT = Path(__file__).resolve().parents[1]


def _png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def _assert_bounded(data: bytes) -> None:
    width, height = _png_size(data)
    assert max(width, height) <= MAX_SIDE and width * height <= MAX_PIXELS, (width, height)


def _record(tmp_path: Path, movetext: str) -> Path:
    path = tmp_path / "far.ppn"
    path.write_text(f"---\nEvent: far away\n...\n{movetext}\n", encoding="utf-8")
    return path


def _run_cli(args: list[str]) -> tuple[int, str, float, int]:
    """Exit status, standard error, seconds and peak memory (MB) of the command in its own process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "piecepack_diagrams", *args], capture_output=True, text=True,
                          timeout=120, cwd=ROOT)
    seconds = time.perf_counter() - start
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    assert peak >= before
    return done.returncode, done.stderr, seconds, peak // 1024


FAR_DRAWINGS = {
    "a coin 200 inches out": "1. cS3@b2 2. cM2@(200,200)",
    "a caption of two thousand words": "1. cS3@b2 {" + "word " * 2000 + "}",
    "a caption of a thousand lines": "1. cS3@b2 {" + "line\n" * 1000 + "}",
}


@pytest.mark.parametrize("movetext", FAR_DRAWINGS.values(), ids=FAR_DRAWINGS.keys())
def test_a_drawing_that_reaches_far_is_scaled_to_a_bounded_png(tmp_path, movetext):
    out = tmp_path / "far.png"
    status, err, seconds, peak_mb = _run_cli(["render", str(_record(tmp_path, movetext)), "-o", str(out)])
    assert status == 0, err
    _assert_bounded(out.read_bytes())
    assert seconds < 20 and peak_mb < 600, (seconds, peak_mb)


REFUSED = {
    "a coin 9999 inches out": ("1. cS3@b2\n2. cM2@(9999,9999) {far}\n3. b2-c2\n", 5, "(9999, 9999)"),
    "a die placed and left behind": ("1. cS3@b2\n2. b2-c2\n3. dA4@(5000,-3000)\n4. c2-d2\n5. cC5@b3\n", 6,
                                     "(5000, -3000)"),
    "a caption of a hundred thousand words": ("1. cS3@b2 {" + "word " * 100_000 + "}", 4, "caption"),
}


@pytest.mark.parametrize("movetext, line, named", REFUSED.values(), ids=REFUSED.keys())
def test_a_drawing_too_large_to_rasterize_is_refused_at_the_move_that_made_it(tmp_path, capsys, movetext, line,
                                                                              named):
    record = _record(tmp_path, movetext)
    out = tmp_path / "far.png"
    start = time.process_time()
    assert main(["render", str(record), "-o", str(out)]) == 1
    assert time.process_time() - start < 10
    err = capsys.readouterr().err
    assert err.startswith(f"{record}:{line}:"), err[:300]
    assert named in err and "Traceback" not in err
    assert not out.exists()
    # Vector formats have no pixels to count, and still draw it.
    assert main(["render", str(record), "-o", str(tmp_path / "far.svg")]) == 0


def test_the_library_bounds_a_png_at_any_resolution():
    from piecepack_diagrams import setup_scene
    from piecepack_diagrams.render.png import render_png

    scene = setup_scene("coin-collectors", seed=1)
    start = time.process_time()
    _assert_bounded(render_png(scene, dpi=1e6))
    assert time.process_time() - start < 20
    for dpi in (0, -5, math.nan, math.inf, True, "100"):
        with pytest.raises(PiecepackError):
            render_png(scene, dpi=dpi)


def test_charts_are_bounded_whatever_their_data_or_resolution():
    from piecepack_diagrams.render.plots import bar_chart_png, grouped_bars_png, proportions_png

    start = time.process_time()
    _assert_bounded(bar_chart_png({1: 1, 2: 5}, title="t", xlabel="x", ylabel="y", dpi=50_000))
    _assert_bounded(bar_chart_png({0: 1, 10 ** 9: 2}, title="t", xlabel="x", ylabel="y"))
    _assert_bounded(grouped_bars_png({"a": {-10 ** 7: 1}, "b": {10 ** 7: 3}}, title="t", xlabel="x", ylabel="y"))
    _assert_bounded(proportions_png([(str(k), 0.5, 0.4, 0.6) for k in range(5)], title="t", xlabel="x", dpi=9e9))
    assert time.process_time() - start < 60
    with pytest.raises(PiecepackError, match="too large"):
        proportions_png([(str(k), 0.5, 0.4, 0.6) for k in range(10_000)], title="t", xlabel="x")


# --- plates and viewer pages: refused before drawing when they would pass their bound ----------

def _crowded_record(tmp_path: Path, moves: int) -> Path:
    """1,000 coins (the most a board holds) put down at once, then one of them moved back
    and forth ``moves`` times."""
    shuffle = " ".join(f"{k + 2}. " + ("(0,0)-(0,-1)" if k % 2 == 0 else "(0,-1)-(0,0)") for k in range(moves))
    path = tmp_path / "crowded.ppn"
    path.write_text(f"---\nEvent: crowded\n...\n1. cS3@({{0..39}},{{0..24}})\n{shuffle}\n", encoding="utf-8")
    return path


@pytest.mark.parametrize("command", [["plates"], ["plates", "-f", "svg"], ["viewer"]])
def test_plates_and_pages_that_would_draw_too_much_are_refused_before_drawing(tmp_path, capsys, command):
    from piecepack_diagrams.sheets.plates import MAX_DRAWN

    record = _crowded_record(tmp_path, 600)  # 602 positions of 1,000 coins: 602,000 to draw
    assert MAX_DRAWN < 602 * 1000
    out = tmp_path / ("out.html" if command == ["viewer"] else "out.pdf" if len(command) == 1 else "out")
    start = time.process_time()
    assert main([*command, str(record), "-o", str(out)]) == 1
    assert time.process_time() - start < 10
    err = capsys.readouterr().err
    assert not out.exists()
    assert err.startswith(f"{record}:1:1: error: 602 positions") and f"{MAX_DRAWN:,}" in err, err
    assert "--moves" in err and "Traceback" not in err


def test_the_drawing_bound_is_foretold_from_a_few_positions():
    from piecepack_diagrams.engine import replay
    from piecepack_diagrams.errors import LimitError
    from piecepack_diagrams.notation import parse_records
    from piecepack_diagrams.sheets.plates import MAX_DRAWN, check_drawn

    shuffle = " ".join(f"{k + 2}. (0,0)-(0,-1) {k + 2}... (0,-1)-(0,0)" for k in range(300))
    result = replay(parse_records(f"1. cS3@({{0..39}},{{0..24}})\n{shuffle}\n")[0])
    assert len(result.positions) == 602
    start = time.process_time()
    with pytest.raises(LimitError) as err:
        check_drawn(result, range(len(result.positions)))
    assert time.process_time() - start < 3, "a few positions are looked at, not all"
    import re

    fit = int(re.search(r"at most ([\d,]+) positions", err.value.describe())[1].replace(",", ""))
    assert 0.9 * MAX_DRAWN <= fit * 1000 <= 1.1 * MAX_DRAWN, fit
    assert err.value.location is not None
    check_drawn(result, range(0, 450))  # 450 positions of 1,000 coins fit
