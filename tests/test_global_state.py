"""The library leaves the interpreter's global state as the user set it: matplotlib's
backend and rcParams, the root logger, the warnings filters, the recursion limit, the
environment, the global random generator, the standard streams and signal handlers.

The calls run in a fresh interpreter of their own: a module that changes a global when it
is imported (``matplotlib.use`` at the top of a renderer) changes it only the first time,
which in the test session may be long before this test."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

from conftest import ROOT

#: A user's session: a backend of their own, rcParams and logging they set, then every public
#: call that can reach matplotlib, logging, reportlab or a random generator, each followed by
#: a comparison of the global state with what it was before the library was imported.
#: Prints the calls made and what each one changed.
_SESSION = r"""
import json, logging, os, random, signal, sys, warnings
from pathlib import Path

import matplotlib

matplotlib.use("svg")
matplotlib.rcParams["lines.linewidth"] = 7.25
matplotlib.rcParams["font.size"] = 13.5
handler = logging.StreamHandler(sys.stderr)
logging.getLogger().addHandler(handler)
logging.getLogger().setLevel(logging.ERROR)
warnings.simplefilter("default", DeprecationWarning)
sys.setrecursionlimit(4321)
random.seed(1234)
os.environ["SOURCE_DATE_EPOCH"] = "1700000000"  # hidden from reportlab while a PDF is made, then back


def state():
    return {
        "backend": matplotlib.get_backend(),
        "rcParams": {k: repr(v) for k, v in matplotlib.rcParams.items()},
        "root logger": [logging.getLogger().level, [id(h) for h in logging.getLogger().handlers],
                        logging.getLogger().disabled, logging.root.manager.disable],
        "warnings filters": repr(warnings.filters),
        "recursion limit": sys.getrecursionlimit(),
        "environment": dict(os.environ),
        "random": repr(random.getstate()),
        "streams": [id(sys.stdout), id(sys.stderr)],
        "signals": [repr(signal.getsignal(signal.SIGINT)), repr(signal.getsignal(signal.SIGTERM))],
        "working folder": os.getcwd(),
    }


out = Path(sys.argv[1])
record = Path(sys.argv[2])
changes, calls = {}, []
# Compared with the state before the library is imported: importing it is a call too.
before = state()


def check(name, call):
    call()
    after = state()
    calls.append(name)
    changed = [key for key in before if before[key] != after[key]]
    if changed:
        changes[name] = changed


from piecepack_diagrams import parse_records, render, replay, setup_scene
from piecepack_diagrams.api import render_position
from piecepack_diagrams.build import build
from piecepack_diagrams.cli import main
from piecepack_diagrams.render import plots

game = replay(parse_records(record.read_text())[0])
scene = setup_scene("lab-rats", seed=3)
for fmt in ("png", "svg", "pdf", "txt"):
    check(f"render {fmt}", lambda: render(scene, fmt))
check("render_position png", lambda: render_position(game, "last", "png"))
check("bar_chart_png", lambda: plots.bar_chart_png({1: 2, 2: 5}, title="t", xlabel="x", ylabel="y", note="n"))
check("grouped_bars_png", lambda: plots.grouped_bars_png({"a": {1: 2}, "b": {2: 3}}, title="t", xlabel="x", ylabel="y"))
check("proportions_png", lambda: plots.proportions_png([("a", 0.5, 0.4, 0.6)], title="t", xlabel="x"))
check("stats --plot", lambda: main(["stats", "lab-rats", "--games", "2", "-j", "1",
                                    "--plot", str(out / "plot.png")]))
check("render command", lambda: main(["render", str(record), "-o", str(out / "cli.png")]))
check("build", lambda: build(record.parent.parent, out / "built", figures=True, puzzles=False, jobs=1))
check("random setup", lambda: setup_scene("coin-collectors"))
print(json.dumps({"calls": calls, "changes": changes}))
"""


def test_public_calls_leave_global_state_alone(tmp_path: Path) -> None:
    # One small shipped record, in a records folder of its own (build takes a folder).
    shipped = ROOT / "records" / "landlocked" / "landlocked-after-six-legs.ppn"
    records = tmp_path / "records" / "landlocked"
    records.mkdir(parents=True)
    shutil.copy(shipped, records / shipped.name)
    out = tmp_path / "out"
    out.mkdir()
    done = subprocess.run([sys.executable, "-c", _SESSION, str(out), str(records / shipped.name)],
                          capture_output=True, text=True, cwd=tmp_path, timeout=120)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout.strip().splitlines()[-1])
    assert report["changes"] == {}
    # Every call ran and made what it should (a call that did nothing would prove nothing).
    assert len(report["calls"]) == 12
    assert (out / "plot.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert (out / "cli.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert sorted(p.suffix for p in (out / "built").rglob("*.png"))
