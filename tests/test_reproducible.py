"""Reproducibility: every output (SVG, PDF, PNG, text, HTML, plates, puzzle books) is
byte-identical across processes and hash seeds, and seeded deals do not depend on the
iteration order of sets or dicts (Python randomises string hashes per process)."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

# One process's digests of everything we make: run under different PYTHONHASHSEED values.
_SCRIPT = r"""
import hashlib, json, sys
from piecepack_diagrams import setup_scene
from piecepack_diagrams.api import replay_file, scene_of
from piecepack_diagrams.books import puzzle_book
from piecepack_diagrams.render import render
from piecepack_diagrams.sheets.plates import plates_pdf
from piecepack_diagrams.sheets.viewer import viewer_html
from piecepack_diagrams.games.labyrinth.deal import deal
from piecepack_diagrams.games.labyrinth.jsonio import state_json

out = {}
def digest(name, data):
    out[name] = hashlib.sha256(data if isinstance(data, bytes) else data.encode()).hexdigest()

for game, seed in (("coin-collectors", 4), ("lab-rats", 9), ("landlocked", 5)):
    scene = setup_scene(game, seed=seed)
    for fmt in ("svg", "pdf", "png", "txt"):
        digest(f"{game}-{seed}.{fmt}", render(scene, fmt))
game = next(replay_file("records/labyrinth/seven-by-seven-four-players.ppn"))
digest("maze.svg", render(scene_of(game, 5), "svg"))
digest("maze.html", viewer_html(game))
digest("maze-plates.pdf", plates_pdf(game))
digest("landlocked-book.pdf", puzzle_book("landlocked", count=2, seed=3))
digest("deal.json", json.dumps(state_json(deal(11, height=9, width=9, players=3, goals=2))))
json.dump(out, sys.stdout, sort_keys=True)
"""


def _digests(hash_seed: str, **environment: str) -> dict[str, str]:
    import json

    env = {**{k: v for k, v in os.environ.items() if not k.startswith(("RL_", "SOURCE_DATE", "MATPLOTLIBRC"))},
           "PYTHONHASHSEED": hash_seed, **environment}
    done = subprocess.run([sys.executable, "-c", _SCRIPT], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@pytest.fixture(scope="module")
def first() -> dict[str, str]:
    return _digests("0")


def test_outputs_are_the_same_under_any_hash_seed(first):
    assert len(first) == 17
    for seed in ("4242", "random"):
        assert _digests(seed) == first, f"PYTHONHASHSEED={seed} changed an output"


def test_outputs_are_the_same_whatever_the_environment(first, tmp_path):
    """reportlab takes a PDF's dates from SOURCE_DATE_EPOCH (a word there ended in a
    traceback) and its settings from RL_* variables and ~/.reportlab_settings; matplotlib
    reads a matplotlibrc. None of them changes a byte of what we make."""
    (tmp_path / ".reportlab_settings").write_text("pageCompression = 0\nuseA85 = 0\n", encoding="utf-8")
    rc = tmp_path / "matplotlibrc"
    rc.write_text("patch.antialiased: False\nsavefig.facecolor: red\nfont.family: serif\n", encoding="utf-8")
    # Each of these changed the bytes of every PDF (a SOURCE_DATE_EPOCH of 1 its dates) or PNG.
    hostile = {"SOURCE_DATE_EPOCH": "not a number", "RL_pageCompression": "0", "RL_pdfMultiLine": "1",
               "RL_pdfComments": "1", "RL_documentLang": "fr", "RL_useA85": "0", "RL_invariant": "0",
               "HOME": str(tmp_path), "MATPLOTLIBRC": str(rc)}
    changed = {name for name, value in _digests("0", **hostile).items() if first[name] != value}
    assert not changed, f"{hostile} changed {sorted(changed)}"


def test_a_pdf_s_dates_do_not_come_from_source_date_epoch(monkeypatch):
    from piecepack_diagrams import setup_scene
    from piecepack_diagrams.render import render

    scene = setup_scene("tablut")
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    plain = render(scene, "pdf")
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1")
    assert render(scene, "pdf") == plain


def test_the_same_process_makes_the_same_bytes_twice():
    from piecepack_diagrams import setup_scene
    from piecepack_diagrams.render import clear_caches, render

    scene = setup_scene("coin-collectors", seed=2)
    first = {fmt: hashlib.sha256(render(scene, fmt)).hexdigest() for fmt in ("svg", "pdf", "png", "txt")}
    clear_caches()  # cold caches draw the same
    assert {fmt: hashlib.sha256(render(scene, fmt)).hexdigest() for fmt in ("svg", "pdf", "png", "txt")} == first
