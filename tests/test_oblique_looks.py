"""How the oblique view's solids look: a dark piece keeps its edges and its form (its sides
lit apart, its edges in a line that shows on it), a glyph drawn on a side whole."""

from __future__ import annotations

import pytest

from piecepack_diagrams.oblique.draw import oblique_stamps
from piecepack_diagrams.oblique.faces import FaceFrame, glyph_polygons
from piecepack_diagrams.oblique.projection import Projection
from piecepack_diagrams.pieces import Piece
from piecepack_diagrams.render.shapes import Polygon
from piecepack_diagrams.scene import ScenePiece
from piecepack_diagrams.theme import DEFAULT, PRINT


def _luminance(colour: str) -> float:
    """WCAG's relative luminance of ``#RRGGBB``."""
    def channel(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(int(colour[k:k + 2], 16)) for k in (1, 3, 5))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _contrast(a: str, b: str) -> float:
    """WCAG's contrast ratio of two colours (1 to 21)."""
    hi, lo = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def _solid_polygons(piece: Piece, projection: Projection, theme=DEFAULT) -> list[Polygon]:
    """The polygons of the piece's solid (its faces and outline; not its top's flat picture)."""
    (stamp, _, _), *_ = oblique_stamps((ScenePiece(piece, 0.0, 0.0),), theme, projection)
    return [p for p in stamp.primitives if isinstance(p, Polygon)]


@pytest.mark.parametrize("theme", [DEFAULT, PRINT])
@pytest.mark.parametrize("piece", [Piece("pawn", "face", 2), Piece("die", "face", 2, 4)])
@pytest.mark.parametrize("angle,depth", [(45.0, 1.0), (135.0, 0.5), (270.0, 2.0)])
def test_a_black_pieces_edges_show_on_its_faces(theme, piece, angle, depth) -> None:
    """WCAG's 3:1 for graphical objects: every edge drawn against every face of the piece."""
    assert theme.suit_colour(2) == "#000000"  # the Moons: black in both themes
    polygons = _solid_polygons(piece, Projection(angle, depth), theme)
    faces = {p.fill for p in polygons if p.fill != "none" and p.stroke != "none"}  # (a die's ranks unstroked)
    edges = {p.stroke for p in polygons if p.stroke not in ("none", p.fill) and p.width > 0}
    assert faces and edges
    assert min(_contrast(e, f) for e in edges for f in faces) >= 3.0, (edges, faces)


def test_a_black_dies_sides_are_lit_apart() -> None:
    """Seen from the lower left, the side facing the light (the left one) is lighter than the front."""
    polygons = _solid_polygons(Piece("die", "face", 2, 4), Projection(45.0, 1.0))
    sides = [p.fill for p in polygons if p.fill != "none" and len(p.points) == 4]
    assert len(set(sides)) == 2


def test_a_glyph_whose_parts_run_either_way_round_is_drawn_whole() -> None:
    """The Arms' fleur-de-lis is five parts, none a hole; an A has one counter."""
    frame = FaceFrame((0.0, 0.0), (1.0, 0.0), (0.0, 1.0), 1.0, 1.0)
    arms = glyph_polygons(frame, "suit", 4, 1.0, "#FFFFFF", "#123456")
    assert len(arms) == 5 and {p.fill for p in arms} == {"#FFFFFF"}
    letter = glyph_polygons(frame, "text", "A", 1.0, "#FFFFFF", "#123456")
    assert sorted(p.fill for p in letter) == ["#123456", "#FFFFFF"]


@pytest.mark.parametrize("angle", [45.0, 135.0, 225.0, 315.0])
def test_a_title_over_a_slab_keeps_the_gap_the_flat_layout_left(angle) -> None:
    """A word above a board made of marks (Labyrinth's spare tile) lies level with its top, but
    is not drawn nearer it than laid out: its bottom stays above the slab's drawn top edge."""
    from piecepack_diagrams.oblique.raised import SLAB, MarkLook
    from piecepack_diagrams.oblique.solids import mark_solids
    from piecepack_diagrams.render.primitives import Stamp

    square = ((0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0))
    slab = MarkLook(Stamp.from_primitives((Polygon(square, "#4A6B52", "none", 0.0),)), square, SLAB, "#4A6B52", True)
    gap = 0.05
    words = ((0.0, 1.0 + gap), (0.8, 1.0 + gap), (0.8, 1.2 + gap), (0.0, 1.2 + gap))
    title = MarkLook(Stamp.from_primitives((Polygon(words, "#404040", "none", 0.0),)), is_word=True)
    projection = Projection(angle, 1.0)
    drawn_slab, drawn_title = mark_solids((slab, title), (), projection.shift)
    slab_top = max(y for f in drawn_slab.faces for _, y in projection.points(f.points))
    title_bottom = min(y for f in drawn_title.faces for _, y in projection.points(f.points))
    assert drawn_title.base == SLAB  # level with the slab's top: drawn over it, never under
    assert title_bottom - slab_top >= gap - 1e-9


@pytest.mark.parametrize("angle,depth", [(315.0, 2.0), (45.0, 1.0)])
def test_a_legends_words_lie_level_with_its_swatches(angle, depth) -> None:
    """Beside the boards, a legend's words stay on the table with the swatches they name (at
    315 degrees and depth 2 they were raised to the tiles' tops, drawn a line below their
    swatches and cut off at the frame), while the coordinates lie level with the tiles' tops."""
    from piecepack_diagrams.api import setup_scene
    from piecepack_diagrams.layout.compose import lay_out
    from piecepack_diagrams.oblique.raised import mark_looks
    from piecepack_diagrams.oblique.solids import mark_solids, solids_of
    from piecepack_diagrams.scene import Label

    flat = lay_out(setup_scene("landlocked", seed=1), scale=1.0, framing="whole")
    labels = [a for a in flat.scene.annotations if isinstance(a, Label)]
    solids = solids_of(flat.scene.pieces)
    shift = Projection(angle, depth).shift
    by_label = {id(a): mark_solids(mark_looks((a,), DEFAULT, flat.scale), solids, shift)[0] for a in labels}
    keys = [by_label[id(a)] for a in labels if a.role == "key"]
    coordinates = [by_label[id(a)] for a in labels if a.role == "coordinate"]
    assert keys and coordinates
    tiles_top = max(s.top for s in solids if s.piece.piece.kind == "tile")
    assert {m.base for m in keys} == {0.0}
    assert {m.base for m in coordinates} == {tiles_top}


def _hull(points: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """The convex hull of ``points``, counter-clockwise (Andrew's monotone chain)."""
    pts = sorted(set(points))

    def cross(o, a, b) -> float:
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    lower: list[tuple[float, float]] = []
    upper: list[tuple[float, float]] = []
    for p in pts:
        while len(lower) >= 2 and cross(lower[-2], lower[-1], p) <= 0:
            lower.pop()
        lower.append(p)
    for p in reversed(pts):
        while len(upper) >= 2 and cross(upper[-2], upper[-1], p) <= 0:
            upper.pop()
        upper.append(p)
    return lower[:-1] + upper[:-1]


def _meets(box: tuple[float, float, float, float], hull: list[tuple[float, float]]) -> bool:
    """Whether a box and a convex polygon overlap (no separating axis among the box's two and
    the polygon's edges' normals)."""
    corners = [(box[0], box[1]), (box[2], box[1]), (box[2], box[3]), (box[0], box[3])]
    axes = [(1.0, 0.0), (0.0, 1.0)] + [(b[1] - a[1], a[0] - b[0]) for a, b in zip(hull, hull[1:] + hull[:1])]
    for ax, ay in axes:
        one = [ax * x + ay * y for x, y in corners]
        two = [ax * x + ay * y for x, y in hull]
        if max(one) <= min(two) or max(two) <= min(one):
            return False
    return True


@pytest.mark.parametrize("angle", range(0, 360, 45))
@pytest.mark.parametrize("depth", [1.0, 2.0])
def test_words_beside_standing_pieces_are_not_hidden_by_them(angle, depth) -> None:
    """The words the layout places beside a piece (the rat's and the exit's names, a stack's
    count) keep clear of every piece standing up as drawn, not only of its footprint: a
    standing pawn drawn over its neighbour's name hid it ("rat" at angle 45, depth 1)."""
    from pathlib import Path

    from piecepack_diagrams.api import replay_file, scene_of
    from piecepack_diagrams.oblique.solids import solids_of
    from piecepack_diagrams.oblique.view import oblique_laid_out
    from piecepack_diagrams.render.lettering import text_width
    from piecepack_diagrams.render.shapes import Text

    projection = Projection(angle, depth)
    records = sorted((Path(__file__).resolve().parents[1] / "records" / "lab-rats").glob("*.ppn"))
    checked = 0
    for path in records:
        (replay,) = replay_file(path)
        for k in (0, len(replay.positions) - 1):
            scene = scene_of(replay, k, caption=False)
            laid = oblique_laid_out(scene, DEFAULT, projection)
            hulls = [_hull(projection.points(pt for f in s.faces for pt in f.points))
                     for s in solids_of(scene.pieces) if s.piece.piece.kind not in ("tile", "board")]
            for stamp, x, y in laid.drawn:
                for prim in stamp.primitives:
                    if isinstance(prim, Text) and (prim.text in ("rat", "exit") or prim.text.startswith("×")):
                        # The letters' advance across, a capital's height up (the ink, about its centre).
                        half_w, half_h = text_width(prim.text) * prim.size / 2, 0.36 * prim.size
                        box = (prim.x + x - half_w, prim.y + y - half_h, prim.x + x + half_w, prim.y + y + half_h)
                        assert not any(_meets(box, h) for h in hulls), (path.name, k, prim.text)
                        checked += 1
    assert checked >= 2 * len(records)


@pytest.mark.parametrize("game", ["coin-collectors", "landlocked", "lab-rats", "labyrinth"])
def test_every_word_lies_inside_the_drawings_frame(game) -> None:
    """Every word drawn (coordinates level with the boards' tops, names, legends) lies inside
    the frame the drawing is cut to, from every angle: a row's numbers moved towards angle
    135 with the boards' tops were cut in half by the left edge."""
    from piecepack_diagrams.api import setup_scene
    from piecepack_diagrams.oblique.view import oblique_laid_out
    from piecepack_diagrams.render.lettering import text_width
    from piecepack_diagrams.render.shapes import Text

    scene = setup_scene(game, seed=1)
    for angle in range(0, 360, 45):
        for depth in (1.0, 2.0):
            laid = oblique_laid_out(scene, DEFAULT, Projection(angle, depth))
            frame = laid.scene.frame
            assert frame is not None
            for stamp, x, y in laid.drawn or ():
                for prim in stamp.primitives:
                    if isinstance(prim, Text) and not prim.angle:
                        half_w, half_h = text_width(prim.text) * prim.size / 2, 0.36 * prim.size
                        cx, cy = prim.x + x, prim.y + y
                        assert frame.x0 <= cx - half_w and cx + half_w <= frame.x1, (angle, depth, prim.text)
                        assert frame.y0 <= cy - half_h and cy + half_h <= frame.y1, (angle, depth, prim.text)


@pytest.mark.parametrize("angle,depth", [(45.0, 0.5), (135.0, 1.0), (225.0, 1.0)])
def test_a_highlighted_tiles_glyphs_keep_their_suit_colours(angle, depth) -> None:
    """A highlight over a tile tints the tile's ground under its printing, as the flat view
    does: every pixel of a suit's colour stays that colour. A see-through square over the
    tile's top turned the Arms blue green-grey and the Crowns green lime."""
    import io

    import numpy as np
    from PIL import Image

    from piecepack_diagrams.api import setup_scene
    from piecepack_diagrams.render import render

    scene = setup_scene("landlocked", seed=1)
    options = {"view": "oblique", "angle": angle, "depth": depth, "scale": 1.0, "dpi": 40}
    squares = ["b4", "d3", "e1", "a3"]  # tiles face up, their suits printed (b1, the target, is tinted already)
    plain = np.asarray(Image.open(io.BytesIO(render(scene, "png", **options))).convert("RGB")).astype(int)
    marked = np.asarray(Image.open(io.BytesIO(render(scene, "png", highlight=squares, **options))).convert("RGB"))
    assert plain.shape == marked.shape
    changed = np.abs(plain - marked.astype(int)).sum(axis=2) > 40
    assert changed.sum() > 1000  # the highlights show
    seen = 0
    for colour in DEFAULT.suit_colours:  # (the deal's two suits are face up, and the coins' suit)
        target = np.array([int(colour[k:k + 2], 16) for k in (1, 3, 5)])
        inked = np.abs(plain - target).sum(axis=2) <= 12
        seen += inked.sum() > 50
        assert (inked & changed).sum() == 0, (colour, int((inked & changed).sum()))
    assert seen >= 2
