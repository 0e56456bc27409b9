"""The layout audit finds each kind of defect it names, on drawings made to have it, and
nothing on the same drawings made right; the audit and proof commands report them."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from piecepack_diagrams.layout import audit_laid_out, lay_out
from piecepack_diagrams.layout.compose import LaidOut
from piecepack_diagrams.pieces import Piece
from piecepack_diagrams.scene import Arrow, Bounds, Label, Panel, PathLine, Rectangle, Scene, ScenePiece

ROOT = Path(__file__).resolve().parents[1]


def _kinds(laid: LaidOut, **kwargs) -> list[str]:
    return [f.kind for f in audit_laid_out(laid, product="test", **kwargs)]


def _tile(x: float, y: float, rank: int = 4) -> ScenePiece:
    return ScenePiece(Piece("tile", "face", 1, rank), x, y)


def test_text_printed_below_its_minimum_is_found_and_true_size_is_not():
    scene = Scene((_tile(1, 1), _tile(3, 1)))
    # A tile's rank is 1.1 inches: at a twentieth of true size it prints at 5.5 points.
    assert _kinds(lay_out(scene, scale=0.07)) == ["small-text"]
    assert _kinds(lay_out(scene, scale=1.0)) == []
    # A label's size is its printed size, whatever the scale.
    labelled = Scene((_tile(1, 1),), (Label(1, 2.5, "north", 6.0),))
    assert _kinds(lay_out(labelled, scale=1.0)) == ["small-text"]
    assert _kinds(lay_out(Scene((_tile(1, 1),), (Label(1, 2.5, "north", 8.0),)), scale=0.2)) == []


def test_a_caption_or_title_too_small_is_found():
    laid = lay_out(Scene((_tile(1, 1),), caption="A caption"), scale=1.0)
    assert _kinds(laid, caption_points=8.0) == ["small-text"]
    assert _kinds(laid, caption_points=9.0, title_points=9.0) == ["small-text"]
    assert _kinds(laid, caption_points=9.0, title_points=12.0) == []


def test_a_label_over_a_rank_a_piece_or_another_label_is_found():
    on_rank = Scene((_tile(1, 1),), (Label(1, 1, "here", 9.0),))
    assert "overlap" in _kinds(lay_out(on_rank, scale=1.0))
    coin = ScenePiece(Piece("coin", "face", 2, 3), 4, 1)
    on_coin = Scene((coin,), (Label(4.2, 1, "coin", 9.0),))
    assert "overlap" in _kinds(lay_out(on_coin, scale=1.0))
    twice = Scene((), (Label(1, 1, "first", 9.0), Label(1.05, 1.02, "second", 9.0)))
    assert "overlap" in _kinds(lay_out(twice, scale=1.0))
    apart = Scene((coin,), (Label(6, 1, "first", 9.0), Label(6, 2, "second", 9.0)))
    assert _kinds(lay_out(apart, scale=1.0)) == []


def test_a_label_the_layout_places_lands_clear_of_what_it_names():
    coin = ScenePiece(Piece("coin", "face", 2, 3), 4, 1)
    # Asked to sit on the coin it names, the layout moves it off.
    near = Scene((coin, _tile(1, 1)), (Label(4, 1, "the coin", 9.0, place="near"),))
    laid = lay_out(near, scale=1.0)
    assert _kinds(laid) == []
    assert _kinds(lay_out(Scene(near.pieces, (Label(4, 1, "the coin", 9.0),)), scale=1.0)) != []


def test_a_leader_across_a_piece_is_found():
    pawn = ScenePiece(Piece("pawn", "face", 2, 1), 2.0, 1.0)
    # A leader from the point (1, 1) to a label beyond the pawn runs across the pawn.
    across = Scene((pawn,), (Label(3.2, 1.0, "far", 9.0), PathLine(((1.0, 1.0), (2.9, 1.0)), role="leader")))
    assert _kinds(lay_out(across, scale=1.0)) == ["overlap"]
    beside = Scene((pawn,), (Label(1.0, 2.2, "far", 9.0), PathLine(((1.0, 1.0), (1.0, 2.1)), role="leader")))
    assert _kinds(lay_out(beside, scale=1.0)) == []


def test_a_route_through_a_label_or_a_rank_is_found():
    route = PathLine(((0, 1), (6, 1)))
    assert "hidden" in _kinds(lay_out(Scene((_tile(3, 1),), (route,)), scale=1.0))
    assert "overlap" in _kinds(lay_out(Scene((), (route, Label(3, 1, "crossed", 9.0))), scale=1.0))
    clear = PathLine(((0, 3), (6, 3)))
    assert _kinds(lay_out(Scene((_tile(3, 1),), (clear,)), scale=1.0)) == []


def test_a_rank_covered_by_a_piece_not_in_its_stack_is_found_and_a_stack_is_not():
    # (A coin centred on the tile would be a stack on it, meant to lie there.)
    covered = Scene((_tile(1, 1), ScenePiece(Piece("coin", "face", 2, 3), 1.45, 0.95)))
    assert _kinds(lay_out(covered, scale=1.0)) == ["hidden"]
    corner = Scene((_tile(1, 1), ScenePiece(Piece("coin", "face", 2, 3), 1.57, 0.43)))
    assert _kinds(lay_out(corner, scale=1.0)) == []
    stack = Scene((ScenePiece(Piece("coin", "face", 2, 3), 1.0, 1.0),
                   ScenePiece(Piece("coin", "face", 1, 5), 1.06, 1.06)))
    assert _kinds(lay_out(stack, scale=1.0)) == []


def test_an_arrow_over_a_rank_is_found():
    arrow = Arrow((1, -1), (1, 3))
    assert "hidden" in _kinds(lay_out(Scene((_tile(1, 1),), (arrow,)), scale=1.0))


def test_a_label_off_the_page_and_an_empty_band_are_found():
    laid = lay_out(Scene((_tile(1, 1),), (Label(1, 2.6, "above", 9.0),)), scale=1.0)
    short = LaidOut(laid.scene.__class__(laid.scene.pieces, laid.scene.annotations,
                                         frame=Bounds(-0.25, -0.25, 2.25, 2.4)), laid.scale, laid.window)
    assert "outside" in _kinds(short)
    tall = LaidOut(Scene(laid.scene.pieces, laid.scene.annotations, frame=Bounds(-0.25, -0.25, 2.25, 6.0)),
                   laid.scale, laid.window)
    assert "empty-margin" in _kinds(tall)


def test_torn_edges_hide_what_they_cover_from_the_audit():
    # A board cropped through a tile: the half under the torn edge is not "hidden".
    scene = Scene((_tile(1, 1), _tile(3, 1), _tile(5, 1)), focus=Bounds(0, 0, 3.0, 2.0))
    laid = lay_out(scene, scale=1.0, framing="focus")
    assert laid.window.x1 == pytest.approx(3.0)
    assert _kinds(laid) == []


def _cli(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "piecepack_diagrams", *args], cwd=cwd, capture_output=True,
                          text=True, timeout=300)


def _boxes_overlap(a: Bounds, b: Bounds) -> bool:
    return a.x0 < b.x1 - 1e-9 and b.x0 < a.x1 - 1e-9 and a.y0 < b.y1 - 1e-9 and b.y0 < a.y1 - 1e-9


def test_panels_never_overlap_and_the_audit_finds_panels_that_do():
    from dataclasses import replace

    board = Scene((_tile(1, 1),))
    # A tall panel on the right reaches below the board; two wide ones below run under it.
    tall = Panel(annotations=(Rectangle(0.0, 0.0, 1.0, 5.0),), title="Tall", side="right")
    wide = Panel(annotations=(Rectangle(0.0, 0.0, 2.5, 0.5),), title="Wide", side="below")
    laid = lay_out(replace(board, panels=(tall, wide, wide)), scale=1.0)
    assert len(laid.panels) == 3
    for k, a in enumerate(laid.panels):
        for b in laid.panels[k + 1:]:
            assert not _boxes_overlap(a, b), (a, b)
    # Panels that chose to go below and would run past the board start a new row under it.
    assert laid.panels[2].y1 <= laid.panels[1].y0
    assert "overlap" not in _kinds(laid)
    clash = replace(laid, panels=(laid.panels[0], laid.panels[0]))
    assert _kinds(clash) == ["overlap"]


def test_the_audit_command_reports_findings_with_their_product_and_exits_by_them(tmp_path):
    good = _cli("audit", str(ROOT / "records" / "ppn" / "tic-tac-toe-draw.ppn"), "--no-figures", cwd=tmp_path)
    assert good.returncode == 0, good.stdout + good.stderr
    assert good.stdout.strip().splitlines()[-1].startswith("layout audit: no findings in ")
    # A record whose last move leaves a label-sized piece far below its minimum: a tiny board
    # drawn with a piece 400 inches away prints its ranks at a fraction of a point.
    record = tmp_path / "far.ppn"
    record.write_text("1. S5@a1 2. S5@(400,400)\n", encoding="utf-8")
    bad = _cli("audit", str(record), "--no-figures", cwd=tmp_path)
    assert bad.returncode == 1
    lines = bad.stdout.strip().splitlines()
    assert any(line.startswith("far.svg/pdf/png: small-text: ") for line in lines), lines
    assert lines[-1].startswith("layout audit: ") and "finding" in lines[-1]


def test_the_proof_sheet_shows_every_product_with_its_audit(tmp_path):
    records = tmp_path / "records"
    records.mkdir()
    for name in ("tic-tac-toe-draw.ppn", "four-field-kono-short.ppn"):
        (records / name).write_bytes((ROOT / "records" / "ppn" / name).read_bytes())
    done = _cli("proof", "--records", str(records), "--no-figures", "--no-puzzles", "-o", "sheet.pdf", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    sheet = tmp_path / "sheet.pdf"
    assert not (tmp_path / "output").exists(), "proof writes only its sheet"
    text = subprocess.run(["pdftotext", "-layout", str(sheet), "-"], capture_output=True, text=True,
                          check=True).stdout
    # Each record's drawing and plates: four products, each named with the audit's verdict.
    for product in ("tic-tac-toe-draw.svg/pdf/png", "tic-tac-toe-draw-plates.pdf", "four-field-kono-short.svg/pdf/png",
                    "four-field-kono-short-plates.pdf"):
        assert product in text, product
    assert text.count("audit: no findings") == 4
    assert "4 products, 0 with audit findings" in text
    from raster import rasterize_pdf

    # Each copy is drawn: ink (not white, not the edge's grey) in the first cell's upper part.
    page = rasterize_pdf(sheet, dpi=30)
    inked = sum(1 for y in range(40, 100) for x in range(15, 80) if sum(page.rgb(x, y)) < 600)
    assert inked > 50
