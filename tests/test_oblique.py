"""The oblique view's occlusion is exact: its drawing, rasterized, shows at every pixel the
piece an independent z-buffer (a ray caster written here) finds nearest the viewer."""

from __future__ import annotations

import io
import os
from pathlib import Path

import numpy as np
import pytest
from PIL import Image, ImageDraw

from piecepack_diagrams.api import replay_file, scene_of, setup_scene
from piecepack_diagrams.errors import OptionError
from piecepack_diagrams.layout.compose import LaidOut
from piecepack_diagrams.oblique.draw import id_colour
from piecepack_diagrams.oblique.order import _cycle, _graph, _sorted_breaking, drawing_order
from piecepack_diagrams.oblique.projection import Projection
from piecepack_diagrams.oblique.solids import solids_of
from piecepack_diagrams.oblique.view import oblique_laid_out
from piecepack_diagrams.pieces import Piece
from piecepack_diagrams.render import render
from piecepack_diagrams.render.png import render_png
from piecepack_diagrams.render.shapes import Polygon
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
    every ppdf setup at three views and every position at one, turning through every angle
    and depth from one layout to the next; with PIECEPACK_OBLIQUE_FULL=1 every layout at
    every view."""
    named = [("tall-pawns", _tall_pawns())] + [(n, _setup(n)) for n in SETUPS] + _positions()
    out = []
    for k, (name, scene) in enumerate(named):
        if FULL or name in REPRESENTATIVE:
            views = EVERY_VIEW
        else:
            turns = (0, 9, 17) if name in SETUPS else (0,)
            views = tuple(EVERY_VIEW[(k * 7 + t) % len(EVERY_VIEW)] for t in turns)
        out.append((name, scene, views))
    return out


class _Planes:
    """A scene's solids as the z-buffer needs them, worked out once for every view: per
    solid its index, its corners, and its faces' planes (a point and an outward normal)."""

    def __init__(self, scene: Scene) -> None:
        self.solids = []
        for solid in solids_of(scene.pieces):
            corners = np.array([p for f in solid.faces for p in f.points])
            tri = np.array([f.points[:3] for f in solid.faces])  # each face's first three corners
            normals = np.cross(tri[:, 1] - tri[:, 0], tri[:, 2] - tri[:, 0])
            self.solids.append((solid.index, corners, tri[:, 0], normals))


def _zbuffer(planes: _Planes, projection: Projection, xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
    """Per pixel centre (``xs`` the columns' x, ``ys`` the rows' y), the index of the piece the
    line of sight meets nearest the viewer (-1: none): each solid's faces as half-spaces, the
    line clipped by all of them at once, over the pixels of the solid's bounding box only."""
    w = np.array(projection.towards_viewer)
    best = np.full((len(ys), len(xs)), -np.inf)
    ids = np.full((len(ys), len(xs)), -1)
    dx, dy = projection.shift
    for index, corners, p0, normals in planes.solids:
        px, py = corners[:, 0] + corners[:, 2] * dx, corners[:, 1] + corners[:, 2] * dy
        cols = np.nonzero((xs >= px.min()) & (xs <= px.max()))[0]
        rows = np.nonzero((ys >= py.min()) & (ys <= py.max()))[0]
        if not len(cols) or not len(rows):
            continue
        c0, c1, r0, r1 = cols[0], cols[-1] + 1, rows[0], rows[-1] + 1
        gx, gy = xs[None, None, c0:c1], ys[None, r0:r1, None]
        # inside: n . (q + t w - p0) <= 0 for q = (x, y, 0): t against slope = n . w.
        base = (normals[:, 0, None, None] * (gx - p0[:, 0, None, None]) + normals[:, 1, None, None]
                * (gy - p0[:, 1, None, None]) - (normals[:, 2] * p0[:, 2])[:, None, None])
        slope = normals @ w
        level = np.abs(slope) < 1e-12
        with np.errstate(divide="ignore", invalid="ignore"):
            t = -base / np.where(level, 1.0, slope)[:, None, None]
        lo = np.max(np.where((slope < 0)[:, None, None] & ~level[:, None, None], t, -np.inf), axis=0)
        hi = np.min(np.where((slope > 0)[:, None, None] & ~level[:, None, None], t, np.inf), axis=0)
        outside = np.any(level[:, None, None] & (base > 0), axis=0)
        hit = (lo <= hi) & ~outside & (hi > best[r0:r1, c0:c1])
        best[r0:r1, c0:c1] = np.where(hit, hi, best[r0:r1, c0:c1])
        ids[r0:r1, c0:c1] = np.where(hit, index, ids[r0:r1, c0:c1])
    return ids


def _id_raster(laid: LaidOut) -> np.ndarray:
    """The piece-id drawing's stamps filled in order without anti-aliasing (PIL, no
    matplotlib: the sweep's fast raster), one pixel per :data:`DPI`-th of an inch."""
    f = laid.scene.frame
    cols, rows = max(1, round(f.width * DPI)), max(1, round(f.height * DPI))
    image = Image.new("RGB", (cols, rows), "white")
    pen = ImageDraw.Draw(image)
    sx, sy = cols / f.width, rows / f.height
    assert laid.drawn is not None
    for stamp, x, y in laid.drawn:
        for prim in stamp.primitives:
            assert isinstance(prim, Polygon)
            # PIL's pixel (i, j) covers [i, i + 1): a pixel centre at i + 0.5 is point i.
            pen.polygon([((x + px - f.x0) * sx - 0.5, (f.y1 - y - py) * sy - 0.5) for px, py in prim.points],
                        fill=prim.fill)
    return np.asarray(image).astype(int)


def _uniform_round(ids: np.ndarray, reach: int) -> np.ndarray:
    """Where every pixel ``reach`` round (a square) has the same id as the centre, the
    picture's border excluded: rows first, then columns of row results."""
    rows, cols = ids.shape
    inner = (slice(reach, rows - reach), slice(reach, cols - reach))
    across = np.zeros(ids.shape, bool)
    across[:, reach:cols - reach] = True
    for d in range(-reach, reach + 1):
        across[:, reach:cols - reach] &= ids[:, reach + d:cols - reach + d] == ids[:, reach:cols - reach]
    same = np.zeros(ids.shape, bool)
    same[inner] = True
    for d in range(-reach, reach + 1):
        same[inner] &= across[reach + d:rows - reach + d, reach:cols - reach]
        same[inner] &= ids[reach + d:rows - reach + d, reach:cols - reach] == ids[inner]
    return same


def _wrong_pixels(scene: Scene, projection: Projection, order=None, *, planes: _Planes | None = None,
                  matplotlib: bool = False) -> int:
    """Pixels, away from every edge, whose colour is not the z-buffer's piece's: the drawing
    rasterized by PIL, or with ``matplotlib`` by the PNG back end itself."""
    laid = oblique_laid_out(scene, DEFAULT, projection, scale=1.0, ids=True)
    if order is not None:
        from piecepack_diagrams.oblique.draw import oblique_stamps

        laid = replace(laid, drawn=tuple(oblique_stamps(scene.pieces, DEFAULT, projection, ids=True,
                                                       order=order(solids_of(scene.pieces)))))
    if matplotlib:
        image = np.asarray(Image.open(io.BytesIO(render_png(laid, dpi=DPI))).convert("RGB")).astype(int)
    else:
        image = _id_raster(laid)
    rows, cols = image.shape[:2]
    f = laid.scene.frame
    # The picture's whole pixels span the frame (its size rounded): each pixel's centre in inches.
    ids = _zbuffer(planes or _Planes(scene), projection, f.x0 + (np.arange(cols) + 0.5) * f.width / cols,
                   f.y1 - (np.arange(rows) + 0.5) * f.height / rows)
    palette = np.array([[int(c[1:3], 16), int(c[3:5], 16), int(c[5:7], 16)]
                        for c in (id_colour(k) for k in range(len(scene.pieces)))] + [[255, 255, 255]])
    expected = palette[ids]  # -1, no piece, is the last row: white
    # Anti-aliasing (and the renderer's snapping to pixels) touches up to two pixels round
    # each edge: only pixels whose neighbours two round are all the same piece count.
    same = _uniform_round(ids, 2)
    wrong = (np.abs(image - expected).max(axis=2) > 24) & same
    return int(wrong.sum())


@pytest.mark.parametrize("name,scene,views", _cases(), ids=lambda v: v if isinstance(v, str) else "")
def test_oblique_drawing_matches_a_zbuffer(name: str, scene: Scene, views: tuple[tuple[float, float], ...]) -> None:
    planes = _Planes(scene)
    bad = {(a, d): n for a, d in views if (n := _wrong_pixels(scene, Projection(a, d), planes=planes))}
    assert not bad, bad


@pytest.mark.parametrize("name", REPRESENTATIVE)
def test_the_png_back_end_draws_the_same_order(name: str) -> None:
    """The sweep rasterizes the stamps itself: the PNG back end (matplotlib, anti-aliased)
    agrees with the z-buffer too, at a few views."""
    scene = next(scene for n, scene, _ in _cases() if n == name)
    planes = _Planes(scene)
    bad = {(a, d): n for a, d in ((45, 0.5), (180, 2.0), (270, 1.0))
           if (n := _wrong_pixels(scene, Projection(a, d), planes=planes, matplotlib=True))}
    assert not bad, bad


def _cyclic() -> Scene:
    """A tile standing on another's corner and a pawn beside them: seen from below at angle
    90, depth 2, the upper tile hides the lower, the lower the pawn, the pawn the upper tile."""
    return Scene(pieces=(ScenePiece(Piece("tile", "back"), -0.09, -1.43, 45),
                         ScenePiece(Piece("pawn", "face", 1), 1.13, -0.83, 120),
                         ScenePiece(Piece("tile", "back"), 0.53, 0.24, 30)))


def test_a_cycle_is_broken_by_cutting_a_piece() -> None:
    scene, projection = _cyclic(), Projection(90, 2)
    solids = solids_of(scene.pieces)
    assert _cycle(_graph(list(solids), projection))
    drawn = drawing_order(solids, projection)
    assert any(s.is_part for s in drawn) and {s.index for s in drawn} == {0, 1, 2}
    assert _wrong_pixels(scene, projection) == 0
    assert _wrong_pixels(scene, projection, matplotlib=True) == 0

    def uncut(given):  # the same relations, the cycle broken by the scene's order instead
        return [given[k] for k in _sorted_breaking(_graph(list(given), projection), list(given))]

    assert _wrong_pixels(scene, projection, order=uncut) > 20


def _by_height(solids):
    return sorted(solids, key=lambda s: (s.base, s.top))


def test_a_sort_on_height_alone_fails_the_check() -> None:
    scene = _tall_pawns()  # seen from the upper left, the pawns' heads reach over the tiles' stack
    assert _wrong_pixels(scene, Projection(315, 2)) == 0
    assert _wrong_pixels(scene, Projection(315, 2), order=_by_height) > 20


@pytest.mark.parametrize("options,words", [
    ({"angle": 400}, "0 to 360"), ({"depth": 0}, "above 0"), ({"depth": 9}, "at most 4"),
    ({"angle": float("nan")}, "a number"), ({"view": "sideways"}, "flat or oblique"),
    ({"framing": "focus"}, "framing in the oblique view")])
def test_out_of_range_view_options_are_refused_naming_the_range(options, words) -> None:
    with pytest.raises(OptionError) as caught:
        render(_tall_pawns(), "svg", **{"view": "oblique", **options})
    assert words in str(caught.value)


def test_a_box_fits_the_oblique_drawing() -> None:
    import xml.etree.ElementTree as ET

    scene = setup_scene("coin-collectors", seed=1)
    root = ET.fromstring(render(scene, "svg", view="oblique", box=(3.0, 2.0)))
    sizes = [float(root.get(k, "0").removesuffix("pt")) / 72 for k in ("width", "height")]
    assert max(sizes) > 2.9 or sizes[1] > 1.9
    assert sizes[0] <= 3.0 + 1e-6 and sizes[1] <= 2.0 + 1e-6


def test_marks_lie_on_the_tiles_under_the_pieces_standing_there() -> None:
    """A highlight tints the tile's top round a coin, not the coin lying on it; the board's
    coordinates are drawn (and left out when asked)."""
    scene = setup_scene("coin-collectors", seed=1)
    coin = next(p for p in scene.pieces if p.piece.kind == "coin")
    assert scene.coordinates is not None
    file = min(scene.coordinates.files, key=lambda f: abs(f[0] - coin.x))
    rank = min(scene.coordinates.ranks, key=lambda r: abs(r[0] - coin.y))
    projection, dpi = Projection(45, 0.5), 40

    def picture(**options) -> np.ndarray:
        png = render(scene, "png", view="oblique", scale=1.0, dpi=dpi, **options)
        return np.asarray(Image.open(io.BytesIO(png)).convert("RGB")).astype(int)

    plain, marked = picture(), picture(highlight=[f"{file[1]}{rank[1]}"])
    assert plain.shape == marked.shape
    frame = oblique_laid_out(scene, DEFAULT, projection, scale=1.0).scene.frame
    dx, dy = projection.shift

    def pixel(x: float, y: float, z: float) -> tuple[int, int]:
        return int((frame.y1 - y - z * dy) * dpi), int((x + z * dx - frame.x0) * dpi)

    on_coin = pixel(coin.x, coin.y, 0.5)  # the coin's top: a tile and a coin high
    beside = pixel(file[0] - 0.8, rank[0] - 0.8, 0.25)  # the tile's top, its ground, away from coin and glyphs
    assert plain[beside].min() > 230  # (the ground: a glyph keeps its colour under a highlight)
    assert np.abs(plain[on_coin] - marked[on_coin]).max() <= 8
    assert np.abs(plain[beside] - marked[beside]).max() > 20
    bare = render(scene, "svg", view="oblique", coordinates=False)
    assert len(bare) < len(render(scene, "svg", view="oblique"))


def _is_in_pawn_outline(across: float, up: float) -> bool:
    """piecepackr's pawn outline for a pawn 0.5 wide and 0.875 tall (inches across its middle
    and up from its foot): as wide as the pawn up to 0.3 of its height, narrowing in a straight
    line to the neck at 0.55, where an ellipse as wide as the pawn, a quarter of its height
    high each way round 0.75 of its height, makes the head."""
    w, h = 0.25, 0.875
    if up < 0 or abs(across) > w:
        return False
    if up <= 0.3 * h:
        return True
    if up <= 0.55 * h:  # the neck: at 0.55 the ellipse is 0.6 of the width across
        return abs(across) <= w - 0.4 * w * (up - 0.3 * h) / (0.25 * h)
    return (across / w) ** 2 + ((up - 0.75 * h) / (0.25 * h)) ** 2 <= 1


@pytest.mark.parametrize("side", ["face", "left"])
def test_a_pawn_is_piecepackrs_pawn_outline_standing_or_lying(side: str) -> None:
    """A standing pawn's solids fill its outline in the upright plane through its middle
    (across x, up z); one lying on its side fills it in the level-ish plane along y (its head
    towards +y, its width upwards): the foot, the narrow neck and the round head, not a box."""
    solids = [s for s in solids_of((ScenePiece(Piece("pawn", side, 1), 0.0, 0.0),)) if not s.is_mark]
    tops = {round(s.top, 6) for s in solids}
    assert tops == ({0.875} if side == "face" else {0.5})

    def is_inside(p: tuple[float, float, float]) -> bool:
        return any(all(np.dot(f.normal, np.subtract(p, f.points[0])) <= 1e-9 for f in s.faces) for s in solids)

    def at(across: float, up: float) -> tuple[float, float, float]:
        return (across, 0.0, up) if side == "face" else (0.0, up - 0.4375, across + 0.25)

    checked = 0
    step = 0.02
    for i in range(-15, 16):
        for j in range(-3, 48):
            a, u = i * step, j * step
            expected = _is_in_pawn_outline(a, u)
            near = ((a + da, u + du) for da in (-0.01, 0, 0.01) for du in (-0.01, 0, 0.01))
            if any(_is_in_pawn_outline(*p) != expected for p in near):
                continue  # on the outline: the head's arc is drawn as straight pieces
            assert is_inside(at(a, u)) == expected, (a, u)
            checked += 1
    assert checked > 800
    # The neck is narrower than the foot and the head: a box would fill it.
    assert not is_inside(at(0.22, 0.45)) and is_inside(at(0.22, 0.1)) and is_inside(at(0.22, 0.66))


def test_a_piece_after_a_pawn_stands_on_what_lies_under_it() -> None:
    """A pawn is two solids but one piece: the pieces listed after it still stand on what lies
    under their own footprints (a coin on a tile a quarter inch up, a stack of coins a coin's
    thickness apart), not on the pawn's height."""
    pawn, tile = ScenePiece(Piece("pawn", "face", 1), 5.0, 5.0), ScenePiece(Piece("tile", "back"), 0.0, 0.0)
    coins = tuple(ScenePiece(Piece("coin", "back"), 0.2, 0.0) for _ in range(3))
    solids = solids_of((pawn, tile, *coins))
    assert [(s.base, s.top) for s in solids if s.piece in coins] == [(0.25, 0.5), (0.5, 0.75), (0.75, 1.0)]
    # Lab Rats' setup lists its pawns before its stacks of coins: each stack's coins lie one on another.
    lab_rats = solids_of(setup_scene("lab-rats", seed=1).pieces)
    assert any(s.piece.piece.kind == "pawn" for s in lab_rats[:lab_rats.index(next(
        s for s in lab_rats if s.piece.piece.kind == "coin"))]), "a pawn comes before the coins"
    stacks: dict[tuple[float, float], list[float]] = {}
    for s in lab_rats:
        if s.piece.piece.kind == "coin":
            stacks.setdefault((s.piece.x, s.piece.y), []).append(s.base)
    assert len(stacks) >= 3 and all(len(b) == 8 for b in stacks.values())
    for stack, bases in stacks.items():
        assert sorted(bases) == [0.25 * k for k in range(len(bases))], stack


def _rgb(colour: str) -> np.ndarray:
    return np.array([int(colour[k:k + 2], 16) for k in (1, 3, 5)])


def _is_shade_of(pixels: np.ndarray, colour: str) -> np.ndarray:
    """Where ``pixels`` are ``colour`` darkened (each channel a like share of it, 30 to 85 %):
    a side of a solid in that colour, turned from the light."""
    c = np.maximum(_rgb(colour), 1)
    share = pixels / c
    return (share.max(axis=-1) - share.min(axis=-1) < 0.12) & (share.max(axis=-1) < 0.85) & (share.min(axis=-1) > 0.3)


def test_labyrinth_tiles_stand_as_slabs_with_the_players_tokens_on_them() -> None:
    """Seen from below (angle 90) the maze tiles show their fronts, a band of shaded wall
    colour along the board's bottom edge, and each player's token its shaded side under its
    top: they stand up, where marks lying flat would show the tiles' tops and flat discs."""
    from piecepack_diagrams.scene import Marker

    scene = setup_scene("labyrinth", seed=1)
    projection, dpi = Projection(90, 2), 40
    png = render(scene, "png", view="oblique", angle=90, depth=2, scale=1.0, dpi=dpi)
    image = np.asarray(Image.open(io.BytesIO(png)).convert("RGB")).astype(int)
    frame = oblique_laid_out(scene, DEFAULT, projection, scale=1.0).scene.frame

    def pixel(x: float, y: float) -> tuple[int, int]:
        return int((frame.y1 - y) * dpi), int((x - frame.x0) * dpi)

    row, first = pixel(0.3, 0.08)  # the board's bottom edge is y = 0, its columns from x = 0
    _, last = pixel(6.7, 0.08)
    assert _is_shade_of(image[row, first:last], DEFAULT.maze_wall).mean() > 0.9
    avatars = [a for a in scene.annotations if isinstance(a, Marker) and a.role == "avatar"]
    assert len(avatars) == 4
    for a in avatars:
        top, col = pixel(a.x, a.y + 2.0)
        bottom, _ = pixel(a.x, a.y - 0.5)
        shaded = _is_shade_of(image[top:bottom, col], a.colour)
        runs = np.diff(np.flatnonzero(np.diff(np.concatenate(([0], shaded.astype(int), [0])))))[::2]
        assert runs.size and runs.max() >= 6, a


def test_a_piece_cut_to_break_a_cycle_keeps_its_top_picture() -> None:
    """Wherever the cut tile of the cycle is in front (the z-buffer says so), the drawing shows
    what the same tile drawn alone shows there: its rank and suit, cut along the parts' tops."""
    from piecepack_diagrams.oblique.draw import oblique_stamps

    scene = _cyclic()
    scene = replace(scene, pieces=tuple(replace(p, piece=replace(p.piece, side="face", suit=3, rank=4))
                                        if p.piece.kind == "tile" else p for p in scene.pieces))
    projection, dpi = Projection(90, 2), 60
    drawn = drawing_order(solids_of(scene.pieces), projection)
    cut = {s.index for s in drawn if s.is_part}
    assert len(cut) == 1
    k = cut.pop()
    laid = oblique_laid_out(scene, DEFAULT, projection, scale=1.0, coordinates=False)
    alone = replace(laid, drawn=tuple(oblique_stamps([scene.pieces[k]], DEFAULT, projection)))
    picture, reference = (np.asarray(Image.open(io.BytesIO(render_png(v, dpi=dpi))).convert("RGB")).astype(int)
                          for v in (laid, alone))
    f = laid.scene.frame
    rows, cols = picture.shape[:2]
    ids = _zbuffer(_Planes(scene), projection, f.x0 + (np.arange(cols) + 0.5) * f.width / cols,
                   f.y1 - (np.arange(rows) + 0.5) * f.height / rows)
    seen = (ids == k) & _uniform_round(ids, 2)
    inked = seen & (reference.max(axis=2) < 100)  # the rank and suit printed on the tile
    assert inked.sum() > 150
    differs = np.abs(picture - reference).max(axis=2) > 60
    assert (differs & seen).sum() < 0.01 * seen.sum()
