"""The oblique view's occlusion is exact: its drawing, rasterized, shows at every pixel the
piece an independent z-buffer (a ray caster written here) finds nearest the viewer."""

from __future__ import annotations

import io
import os
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from piecepack_diagrams.api import SetupError, replay_file, scene_of, setup_scene
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
DPI = 24
FULL = bool(os.environ.get("PIECEPACK_OBLIQUE_FULL"))


def _tall_pawns() -> Scene:
    """A pawn beside a stack of two tiles, taller than the stack (piecepackr's #284)."""
    return Scene(pieces=(ScenePiece(Piece("tile", "back"), 0, 0), ScenePiece(Piece("tile", "back"), 0, 0),
                         ScenePiece(Piece("pawn", "face", 2), 1.3, 0), ScenePiece(Piece("pawn", "face", 3), -1.3, 0.2),
                         ScenePiece(Piece("die", "face", 1, 3), 0, 1.3),
                         ScenePiece(Piece("coin", "back", 4), 0.3, 0.2)))


def _layouts() -> list[tuple[str, Scene]]:
    names = sorted(p.stem for p in (CORPUS / "ppdf" / "setups").glob("*.csv"))
    chosen = names if FULL else [n for n in names if n in ("alquerque", "12345ive", "accordion_seed1")]
    out = [("tall-pawns", _tall_pawns())]
    for name in chosen:
        game, _, seed = name.partition("_seed")
        try:
            out.append((name, setup_scene(game, seed=int(seed) if seed else None)))
        except SetupError:  # a reference layout some other setup name draws
            continue
    records = sorted((CORPUS / "ppn" / "records").glob("*.ppn"))
    for path in records if FULL else records[:1]:
        for replay in replay_file(path, strict=False):
            for k in range(len(replay.positions)):
                out.append((f"{path.stem}-{k}", scene_of(replay, k, caption=False)))
    return out


def _zbuffer(scene: Scene, projection: Projection, xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
    """Per pixel centre, the index of the piece the line of sight meets nearest the viewer
    (-1: none): each solid's faces as half-spaces, the line clipped by each."""
    w = np.array(projection.towards_viewer)
    best = np.full(xs.shape, -np.inf)
    ids = np.full(xs.shape, -1)
    for solid in solids_of(scene.pieces):
        lo = np.full(xs.shape, -np.inf)
        hi = np.full(xs.shape, np.inf)
        for face in solid.faces:
            pts = np.array(face.points)
            n = np.cross(pts[1] - pts[0], pts[2] - pts[0])
            # inside: n . (q + t w - p0) <= 0, q = (x, y, 0)
            base = n[0] * (xs - pts[0][0]) + n[1] * (ys - pts[0][1]) - n[2] * pts[0][2]
            slope = float(n @ w)
            if abs(slope) < 1e-12:
                lo = np.where(base > 0, np.inf, lo)
                continue
            t = -base / slope
            if slope > 0:
                hi = np.minimum(hi, t)
            else:
                lo = np.maximum(lo, t)
        hit = (lo <= hi) & (hi > best)
        best = np.where(hit, hi, best)
        ids = np.where(hit, solid.index, ids)
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
    xs = f.x0 + (np.arange(cols) + 0.5) / DPI
    ys = f.y1 - (np.arange(rows) + 0.5) / DPI
    gx, gy = np.meshgrid(xs, ys)
    ids = _zbuffer(scene, projection, gx, gy)
    palette = {-1: (255, 255, 255)}
    for k in range(len(scene.pieces)):
        c = id_colour(k)
        palette[k] = (int(c[1:3], 16), int(c[3:5], 16), int(c[5:7], 16))
    expected = np.array([palette[i] for i in ids.ravel()]).reshape(image.shape)
    # Anti-aliasing: only pixels whose neighbours (two pixels round) are all the same piece count.
    same = np.ones(ids.shape, bool)
    for dy in range(-2, 3):
        for dx in range(-2, 3):
            same &= np.roll(np.roll(ids, dy, 0), dx, 1) == ids
    same[:2, :] = same[-2:, :] = False
    same[:, :2] = same[:, -2:] = False
    wrong = (np.abs(image - expected).max(axis=2) > 24) & same
    return int(wrong.sum())


@pytest.mark.parametrize("name,scene", _layouts(), ids=lambda v: v if isinstance(v, str) else "")
def test_oblique_drawing_matches_a_zbuffer_at_every_angle_and_depth(name: str, scene: Scene) -> None:
    bad = {(a, d): n for a in ANGLES for d in DEPTHS if (n := _wrong_pixels(scene, Projection(a, d)))}
    assert not bad, bad


def _by_height(solids):
    return sorted(solids, key=lambda s: (s.base, s.top))


def test_a_sort_on_height_alone_fails_the_check() -> None:
    scene = _tall_pawns()
    assert _wrong_pixels(scene, Projection(0, 2)) == 0
    assert _wrong_pixels(scene, Projection(0, 2), order=_by_height) > 20


@pytest.mark.parametrize("options,words", [
    ({"angle": 400}, "0 to 360"), ({"depth": 0}, "above 0"), ({"depth": 9}, "at most 4"),
    ({"angle": float("nan")}, "a number"), ({"view": "sideways"}, "flat or oblique")])
def test_out_of_range_view_options_are_refused_naming_the_range(options, words) -> None:
    with pytest.raises(OptionError) as caught:
        render(_tall_pawns(), "svg", **{"view": "oblique", **options})
    assert words in str(caught.value)
