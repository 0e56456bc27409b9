"""The oblique view's occlusion is exact: its drawing, rasterized, shows at every pixel the
piece an independent z-buffer (a ray caster written here) finds nearest the viewer."""

from __future__ import annotations

import io
import os
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from piecepack_diagrams.api import replay_file, scene_of, setup_scene
from piecepack_diagrams.errors import OptionError
from piecepack_diagrams.oblique.draw import id_colour
from piecepack_diagrams.oblique.projection import Projection
from piecepack_diagrams.oblique.solids import solids_of
from piecepack_diagrams.oblique.view import oblique_laid_out
from piecepack_diagrams.pieces import Piece
from piecepack_diagrams.render import render
from piecepack_diagrams.render.png import render_png
from piecepack_diagrams.scene import Scene, ScenePiece
from piecepack_diagrams.theme import DEFAULT
from piecepack_diagrams.values import replace

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus"
ANGLES = tuple(range(0, 360, 45))
DEPTHS = (0.5, 1.0, 2.0)
#: Every angle and depth, for the representative layouts (and for all with PIECEPACK_OBLIQUE_FULL=1).
EVERY_VIEW = tuple((a, d) for a in ANGLES for d in DEPTHS)
#: Pixels an inch: a pawn's narrowest part as drawn (a quarter inch) keeps a pixel two
#: pixels from every edge.
DPI = 20
FULL = bool(os.environ.get("PIECEPACK_OBLIQUE_FULL"))
SETUPS = sorted(p.stem for p in (CORPUS / "ppdf" / "setups").glob("*.csv"))
#: Layouts drawn at every angle and depth by default: tall pawns by low stacks, stacks of
#: coins on tiles with pawns and dice, a game position.
REPRESENTATIVE = ("tall-pawns", "coin_collectors_seed1", "alien-city-3")


def _tall_pawns() -> Scene:
    """A pawn beside a stack of two tiles, taller than the stack (piecepackr's #284)."""
    return Scene(pieces=(ScenePiece(Piece("tile", "back"), 0, 0), ScenePiece(Piece("tile", "back"), 0, 0),
                         ScenePiece(Piece("pawn", "face", 2), 1.3, 0), ScenePiece(Piece("pawn", "face", 3), -1.3, 0.2),
                         ScenePiece(Piece("die", "face", 1, 3), 0, 1.3),
                         ScenePiece(Piece("coin", "back", 4), 0.3, 0.2)))


def _setup(name: str) -> Scene:
    game, _, seed = name.partition("_seed")
    return setup_scene(game, seed=int(seed) if seed else None)


def _positions() -> list[tuple[str, Scene]]:
    """Every position of the PPN corpus's records (of its first record by default)."""
    out = []
    records = sorted((CORPUS / "ppn" / "records").glob("*.ppn"))
    for path in records if FULL else records[:1]:
        for replay in replay_file(path, strict=False):
            for k in range(len(replay.positions)):
                out.append((f"{path.stem}-{k}", scene_of(replay, k, caption=False)))
    return out


def _cases() -> list[tuple[str, Scene, tuple[tuple[float, float], ...]]]:
    """(name, scene, views): by default the representative layouts at every angle and depth,
    every other layout at one view, turning through every angle and depth from one layout to
    the next; with PIECEPACK_OBLIQUE_FULL=1 every layout at every view."""
    named = [("tall-pawns", _tall_pawns())] + [(n, _setup(n)) for n in SETUPS] + _positions()
    return [(name, scene, EVERY_VIEW if FULL or name in REPRESENTATIVE else (EVERY_VIEW[k * 7 % len(EVERY_VIEW)],))
            for k, (name, scene) in enumerate(named)]


def _zbuffer(scene: Scene, projection: Projection, xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
    """Per pixel centre (``xs`` the columns' x, ``ys`` the rows' y), the index of the piece the
    line of sight meets nearest the viewer (-1: none): each solid's faces as half-spaces, the
    line clipped by all of them at once, over the pixels of the solid's bounding box only."""
    w = np.array(projection.towards_viewer)
    best = np.full((len(ys), len(xs)), -np.inf)
    ids = np.full((len(ys), len(xs)), -1)
    dx, dy = projection.shift
    for solid in solids_of(scene.pieces):
        corners = np.array([p for f in solid.faces for p in f.points])
        px, py = corners[:, 0] + corners[:, 2] * dx, corners[:, 1] + corners[:, 2] * dy
        cols = np.nonzero((xs >= px.min()) & (xs <= px.max()))[0]
        rows = np.nonzero((ys >= py.min()) & (ys <= py.max()))[0]
        if not len(cols) or not len(rows):
            continue
        c0, c1, r0, r1 = cols[0], cols[-1] + 1, rows[0], rows[-1] + 1
        gx, gy = np.meshgrid(xs[c0:c1], ys[r0:r1])
        p0 = np.array([f.points[0] for f in solid.faces])
        normals = np.array([np.cross(np.subtract(f.points[1], f.points[0]), np.subtract(f.points[2], f.points[0]))
                            for f in solid.faces])
        # inside: n . (q + t w - p0) <= 0 for q = (x, y, 0): t against slope = n . w.
        base = (normals[:, 0, None, None] * (gx - p0[:, 0, None, None]) + normals[:, 1, None, None]
                * (gy - p0[:, 1, None, None]) - (normals[:, 2] * p0[:, 2])[:, None, None])
        slope = normals @ w
        with np.errstate(divide="ignore", invalid="ignore"):
            t = -base / slope[:, None, None]
        level = np.abs(slope) < 1e-12
        lo = np.max(np.where((slope < 0)[:, None, None] & ~level[:, None, None], t, -np.inf), axis=0)
        hi = np.min(np.where((slope > 0)[:, None, None] & ~level[:, None, None], t, np.inf), axis=0)
        outside = np.any(level[:, None, None] & (base > 0), axis=0)
        hit = (lo <= hi) & ~outside & (hi > best[r0:r1, c0:c1])
        best[r0:r1, c0:c1] = np.where(hit, hi, best[r0:r1, c0:c1])
        ids[r0:r1, c0:c1] = np.where(hit, solid.index, ids[r0:r1, c0:c1])
    return ids


def _wrong_pixels(scene: Scene, projection: Projection, order=None) -> int:
    """Pixels, away from every edge, whose colour is not the z-buffer's piece's."""
    laid = oblique_laid_out(scene, DEFAULT, projection, scale=1.0, ids=True)
    if order is not None:
        from piecepack_diagrams.oblique.draw import oblique_stamps

        laid = replace(laid, drawn=tuple(oblique_stamps(scene.pieces, DEFAULT, projection, ids=True,
                                                       order=order(solids_of(scene.pieces)))))
    image = np.asarray(Image.open(io.BytesIO(render_png(laid, dpi=DPI))).convert("RGB")).astype(int)
    rows, cols = image.shape[:2]
    f = laid.scene.frame
    # The picture's whole pixels span the frame (its size rounded): each pixel's centre in inches.
    ids = _zbuffer(scene, projection, f.x0 + (np.arange(cols) + 0.5) * f.width / cols,
                   f.y1 - (np.arange(rows) + 0.5) * f.height / rows)
    palette = np.array([[int(c[1:3], 16), int(c[3:5], 16), int(c[5:7], 16)]
                        for c in (id_colour(k) for k in range(len(scene.pieces)))] + [[255, 255, 255]])
    expected = palette[ids]  # -1, no piece, is the last row: white
    # Anti-aliasing (and the renderer's snapping to pixels) touches up to two pixels round
    # each edge: only pixels whose neighbours two round are all the same piece count.
    same = np.ones(ids.shape, bool)
    for dy in range(-2, 3):
        for dx in range(-2, 3):
            same &= np.roll(np.roll(ids, dy, 0), dx, 1) == ids
    same[:2, :] = same[-2:, :] = False
    same[:, :2] = same[:, -2:] = False
    wrong = (np.abs(image - expected).max(axis=2) > 24) & same
    return int(wrong.sum())


@pytest.mark.parametrize("name,scene,views", _cases(), ids=lambda v: v if isinstance(v, str) else "")
def test_oblique_drawing_matches_a_zbuffer(name: str, scene: Scene, views: tuple[tuple[float, float], ...]) -> None:
    bad = {(a, d): n for a, d in views if (n := _wrong_pixels(scene, Projection(a, d)))}
    assert not bad, bad


def _by_height(solids):
    return sorted(solids, key=lambda s: (s.base, s.top))


def test_a_sort_on_height_alone_fails_the_check() -> None:
    scene = _tall_pawns()
    assert _wrong_pixels(scene, Projection(0, 2)) == 0
    assert _wrong_pixels(scene, Projection(0, 2), order=_by_height) > 20


@pytest.mark.parametrize("options,words", [
    ({"angle": 400}, "0 to 360"), ({"depth": 0}, "above 0"), ({"depth": 9}, "at most 4"),
    ({"angle": float("nan")}, "a number"), ({"view": "sideways"}, "flat or oblique"),
    ({"box": (3.0, 3.0)}, "box in the oblique view"), ({"framing": "focus"}, "framing in the oblique view")])
def test_out_of_range_view_options_are_refused_naming_the_range(options, words) -> None:
    with pytest.raises(OptionError) as caught:
        render(_tall_pawns(), "svg", **{"view": "oblique", **options})
    assert words in str(caught.value)


def test_marks_in_the_oblique_view_are_refused_not_dropped() -> None:
    scene = setup_scene("coin-collectors", seed=1)
    with pytest.raises(OptionError) as caught:
        render(scene, "svg", view="oblique", highlight=["a1"])
    assert "highlight or labels in the oblique view" in str(caught.value)
