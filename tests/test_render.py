"""Drawings checked by structure (parsed SVG, text) and by pixels (rasterised PDF, PNG).

The expected picture is the Coin Collectors setup the issue describes: 24 tiles
face up in a 5x5 square with the centre empty (tile centres 1.5..9.5 inches),
a coin on each tile, the four pawns in the hole, four dice beside the board;
suit colours Suns #D55E00, Moons #000000, Crowns #009E73, Arms #0072B2. Drawn at true
size (scale 1), so an inch of the table is an inch of paper.
"""

from __future__ import annotations

import io
import shutil
import subprocess
import xml.etree.ElementTree as ET

import pytest

from piecepack_diagrams import load_theme, render, setup_scene
from piecepack_diagrams.cli import main
from piecepack_diagrams.layout import lay_out
from piecepack_diagrams.scene import PieceMark
from raster import Raster, block_mismatch, rasterize_pdf, rgb_rows
from svgpaths import parse_path

SUIT_COLOURS = {"#D55E00", "#000000", "#009E73", "#0072B2"}
SUITS = ("#D55E00", "#000000", "#009E73", "#0072B2")
SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def scene():
    return setup_scene("coin-collectors", seed=1, builder="rulings")


@pytest.fixture(scope="module")
def laid(scene):
    """The setup laid out at true size: its frame says where the page's corners are."""
    return lay_out(scene, scale=1.0)


def _dice(laid):
    """The dice beside the board: (suit, x, y) in table inches, as the layout placed them."""
    return sorted((a.piece.piece.suit, a.piece.x, a.piece.y) for a in laid.scene.annotations
                  if isinstance(a, PieceMark) and a.piece.piece.kind == "die")


def _pt(value: str) -> float:
    return float(value.removesuffix("pt"))


def _svg_paths(data: bytes):
    """The root, its user units per point, and (element, subpaths) for every path."""
    root = ET.fromstring(data)
    per_point = float(root.get("viewBox").split()[2]) / _pt(root.get("width"))
    return root, per_point, [(el, parse_path(el.get("d"))) for el in root.iter(SVG + "path")]


def _shapes_of(paths, per_point: float, *, fill: str, size_pt: float):
    """Centres (points) of subpaths of paths filled ``fill`` whose width is ``size_pt``."""
    return sorted((sub.centre()[0] / per_point, sub.centre()[1] / per_point)
                  for el, subs in paths if el.get("fill") == fill
                  for sub in subs if abs(sub.size()[0] / per_point - size_pt) < 0.5)


def test_svg_structure(scene, laid):
    frame = laid.scene.frame
    root, per_point, paths = _svg_paths(render(laid, "svg"))
    assert _pt(root.get("width")) == pytest.approx(frame.width * 72)
    # Tiles are drawn 1.94 inches across (a gap shows between neighbours), centred on their places.
    tiles = _shapes_of(paths, per_point, fill="#FFFFFF", size_pt=1.94 * 72)
    expected = sorted(((1.5 + 2 * c - frame.x0) * 72, (frame.y1 - (9.5 - 2 * r)) * 72)
                      for r in range(5) for c in range(5) if (r, c) != (2, 2))
    assert [v for xy in tiles for v in xy] == pytest.approx([v for xy in expected for v in xy], abs=0.02)
    coins = _shapes_of(paths, per_point, fill="#FFFFFF", size_pt=54)  # 0.75 inch
    assert len(coins) == 24
    # Four dice, half an inch, one of each suit colour, beside the board (right of x = 10.5 or below y = 0.5).
    dice = _dice(laid)
    assert [suit for suit, _, _ in dice] == [1, 2, 3, 4]
    assert all(x > 10.5 or y < 0.5 for _, x, y in dice)
    for suit, x, y in dice:
        found = _shapes_of(paths, per_point, fill=SUITS[suit - 1], size_pt=36)
        assert any(abs(fx - (x - frame.x0) * 72) < 0.5 and abs(fy - (frame.y1 - y) * 72) < 0.5 for fx, fy in found)
    # Every tile face has its suit symbol in its upper-left quarter.
    symbol_points = [(x / per_point, y / per_point) for el, subs in paths
                     if el.get("fill") in SUIT_COLOURS and el.get("aria-label") is None
                     for sub in subs for x, y in sub.points]
    for cx, cy in expected:
        assert any(cx - 72 < x < cx and cy - 72 < y < cy for x, y in symbol_points), (cx, cy)
    # Ranks: each of null, ace, 2..5 once per suit on the tiles and once per suit on the coins.
    ranks = [rank for el, _ in paths if el.get("fill") in SUIT_COLOURS
             for rank in (el.get("aria-label") or "").split()]
    assert sorted(ranks) == sorted(list("nA2345") * 8)


def _pixel(raster: Raster, frame, x: float, y: float, dpi: int) -> str:
    return raster.hex(int((x - frame.x0) * dpi), int((frame.y1 - y) * dpi))


def _close(colour: str, want: str, tolerance: int = 24) -> bool:
    a = [int(colour[i:i + 2], 16) for i in (1, 3, 5)]
    b = [int(want[i:i + 2], 16) for i in (1, 3, 5)]
    return all(abs(x - y) <= tolerance for x, y in zip(a, b))


def test_pdf_pixels(laid):
    dpi = 36
    frame = laid.scene.frame
    raster = rasterize_pdf(render(laid, "pdf"), dpi=dpi)
    assert raster[0] == pytest.approx(frame.width * dpi, abs=1)
    # The hole between the pawns is empty paper.
    assert _close(_pixel(raster, frame, 5.5, 5.35, dpi), "#FFFFFF")
    # Pawns in the hole, each its suit's colour (Suns upper left ... Arms lower left): their bodies.
    from piecepack_diagrams.games.coin_collectors.picture import HOLE_SPOTS

    for (x, y), colour in zip(HOLE_SPOTS, SUITS):
        assert _close(_pixel(raster, frame, x - 0.17, y - 0.36, dpi), colour), (x, y)
    # Dice beside the board, filled with their suit colour (a corner clear of rank and symbol).
    for suit, x, y in _dice(laid):
        assert _close(_pixel(raster, frame, x + 0.17, y + 0.17, dpi), SUITS[suit - 1])


def test_png_pixels(laid):
    import matplotlib.image as mpimg

    frame = laid.scene.frame
    image = mpimg.imread(io.BytesIO(render(laid, "png")), format="png")
    dpi = 100
    assert image.shape[1] == pytest.approx(frame.width * dpi, abs=2)

    def at(x, y):
        r, g, b = image[int((frame.y1 - y) * dpi), int((x - frame.x0) * dpi)][:3]
        return f"#{int(r * 255):02X}{int(g * 255):02X}{int(b * 255):02X}"

    assert _close(at(5.5, 5.35), "#FFFFFF")
    assert _close(at(4.95 - 0.17, 6.02 - 0.36), "#D55E00")
    _suit, x, y = _dice(laid)[3]
    assert _close(at(x + 0.17, y + 0.17), "#0072B2")


def test_every_format_shows_the_same_picture(scene, tmp_path):
    import numpy as np

    if shutil.which("rsvg-convert") is None:
        pytest.fail("rsvg-convert (Debian package librsvg2-bin) is needed; the README's test command installs it")
    dpi = 100
    width, height, pixels = rasterize_pdf(render(scene, "pdf", scale=1.0), dpi=dpi)
    pdf = np.frombuffer(pixels, dtype=np.uint8).reshape(height, width, 3).astype(int)
    svg_file = tmp_path / "cc.svg"
    svg_file.write_bytes(render(scene, "svg", scale=1.0))
    svg = rgb_rows(subprocess.run(["rsvg-convert", "--dpi-x", str(dpi), "--dpi-y", str(dpi), str(svg_file)],
                                   capture_output=True, check=True).stdout)
    png = rgb_rows(render(scene, "png", scale=1.0))
    # Edges anti-alias differently in each rasteriser; the pictures themselves must agree.
    assert block_mismatch(svg, pdf) < 0.005
    assert block_mismatch(png, pdf) < 0.005
    assert block_mismatch(np.roll(svg, 10, axis=1), pdf) > 0.05  # a picture shifted a tenth of an inch is caught


def test_text_rendering(scene):
    text = render(scene, "txt").decode()
    assert text.count("(") == 24  # coins
    assert text.count("[") == 4  # dice
    assert text.count("P") == 4  # pawns
    assert sum(text.count(g) for g in "☼☾♛⚜") == 24 + 4 + 4
    assert text.count("┼") == 16  # the 4x4 inner crossings of the 5x5 square (the hole's neighbours draw its corners)


def test_text_never_writes_a_label_over_another():
    # Labels that text cannot set apart are refused in words, never printed one over another;
    # a few at one spot are set side by side.
    from piecepack_diagrams.errors import OutputError
    from piecepack_diagrams.scene import Label, Scene

    few = Scene(annotations=tuple(Label(1.0, 1.0, f"label {k}") for k in range(3)))
    text = render(few, "txt").decode()
    assert all(f"label {k}" in text for k in range(3))
    crowd = Scene(annotations=tuple(Label(1.0, 1.0, f"label {k}") for k in range(40)))
    with pytest.raises(OutputError, match="no room for 'label"):
        render(crowd, "txt")


@pytest.mark.parametrize("fmt", ["svg", "pdf", "png", "txt"])
def test_same_scene_same_bytes(scene, fmt):
    assert render(scene, fmt) == render(setup_scene("coin-collectors", seed=1, builder="rulings"), fmt)


def test_seeds_give_different_layouts():
    one, two = (render(setup_scene("coin-collectors", seed=seed), "txt") for seed in (1, 2))
    assert one != two


def test_theme_from_a_file_restyles_output(tmp_path, scene):
    theme_file = tmp_path / "mine.yaml"
    theme_file.write_text("base: print\nsuit_colours: ['#112233', '#445566', '#778899', '#AABBCC']\n")
    theme = load_theme(theme_file)
    _, _per_point, paths = _svg_paths(render(scene, "svg", theme=theme))
    fills = {el.get("fill") for el, _ in paths}
    assert {"#112233", "#445566", "#778899", "#AABBCC"} <= fills
    assert not fills & SUIT_COLOURS - {"#000000"}  # the print theme's edges may be black
    bad = tmp_path / "bad.yaml"
    bad.write_text("suit_colour: red\n")
    with pytest.raises(ValueError, match="no field 'suit_colour'"):
        load_theme(bad)


def test_setup_command_writes_every_format(tmp_path, capsys):
    for fmt in ("svg", "pdf", "png", "txt"):
        out = tmp_path / f"cc.{fmt}"
        assert main(["setup", "coin-collectors", "--seed", "1", "-f", fmt, "-o", str(out)]) == 0
        assert out.stat().st_size > 100
    assert (tmp_path / "cc.pdf").read_bytes().startswith(b"%PDF")
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]  # no temporary files left


def test_theme_lettering_font_changes_the_ranks_only(tmp_path, scene):
    import os
    import shutil as sh

    import matplotlib

    from piecepack_diagrams import PiecepackError

    sh.copy(os.path.join(matplotlib.get_data_path(), "fonts", "ttf", "DejaVuSerif-Bold.ttf"), tmp_path / "serif.ttf")
    (tmp_path / "serif.yaml").write_text("lettering_font: serif.ttf\n")
    _, _, plain = _svg_paths(render(scene, "svg"))
    _, _, serif = _svg_paths(render(scene, "svg", theme=load_theme(tmp_path / "serif.yaml")))
    labelled = lambda paths: {el.get("aria-label"): el.get("d") for el, _ in paths if el.get("aria-label")}  # noqa: E731
    assert labelled(plain).keys() == labelled(serif).keys()
    assert all(labelled(plain)[k] != labelled(serif)[k] for k in labelled(plain))  # other letters...
    unlabelled = lambda paths: [el.get("d") for el, _ in paths if not el.get("aria-label")]  # noqa: E731
    assert unlabelled(plain) == unlabelled(serif)  # ...and nothing else changed

    (tmp_path / "missing.yaml").write_text("lettering_font: nowhere.ttf\n")
    with pytest.raises(PiecepackError, match=r"lettering_font 'nowhere\.ttf' is not a file"):
        load_theme(tmp_path / "missing.yaml")
    (tmp_path / "fake.ttf").write_text("not a font\n")
    (tmp_path / "fake.yaml").write_text("lettering_font: fake.ttf\n")
    with pytest.raises(PiecepackError, match=r"lettering_font 'fake\.ttf' is not a font file"):
        load_theme(tmp_path / "fake.yaml")
    (tmp_path / "broken.ttf").write_bytes(b"\x00\x01\x00\x00" + b"not the rest of a font")
    (tmp_path / "broken.yaml").write_text("lettering_font: broken.ttf\n")
    with pytest.raises(PiecepackError, match="cannot use the font file"):
        render(scene, "pdf", theme=load_theme(tmp_path / "broken.yaml"))
    (tmp_path / "pdf.yaml").write_text("pdf_font: Comic Sans\n")
    with pytest.raises(PiecepackError, match="not a font this package embeds"):
        load_theme(tmp_path / "pdf.yaml")


def _rasters(scene, tmp_path, dpi: int, theme):
    """The scene at true size as pixels, rasterised from PDF, PNG and SVG."""
    import numpy as np

    width, height, pixels = rasterize_pdf(render(scene, "pdf", scale=1.0, theme=theme), dpi=dpi)
    pdf = np.frombuffer(pixels, dtype=np.uint8).reshape(height, width, 3).astype(int)
    png = rgb_rows(render(scene, "png", scale=1.0, theme=theme))
    svg_file = tmp_path / "h.svg"
    svg_file.write_bytes(render(scene, "svg", scale=1.0, theme=theme))
    svg = rgb_rows(subprocess.run(["rsvg-convert", "--dpi-x", str(dpi), "--dpi-y", str(dpi), str(svg_file)],
                                   capture_output=True, check=True).stdout)
    return {"pdf": pdf, "png": png, "svg": svg}


@pytest.mark.parametrize("theme_name", ["default", "print"])
def test_every_suit_glyph_keeps_its_colour_under_every_highlight(tmp_path, theme_name):
    import numpy as np

    from piecepack_diagrams.pieces import Piece
    from piecepack_diagrams.scene import Highlight, Scene, ScenePiece
    from piecepack_diagrams.theme import THEMES

    theme = THEMES[theme_name]
    # A row per suit: a tile face (the rank in the middle), a coin, a die and a pawn, each
    # under a highlight of each role.
    pieces, marks, places = [], [], []
    for suit in range(1, 5):
        y = 10.0 - 2.5 * suit
        for k, (kind, rank) in enumerate((("tile", 6), ("coin", 5), ("die", 4), ("pawn", 1))):
            x = 1.5 + 2.5 * k
            pieces.append(ScenePiece(Piece(kind, "face", suit, rank), x, y))
            marks.append(Highlight(x, y, 2.0, 2.0, role="target" if (suit + k) % 2 else "highlight"))
            places.append((suit, kind, x, y))
    scene = Scene(tuple(pieces), tuple(marks), frame=None)
    frame = lay_out(scene, scale=1.0).scene.frame
    dpi = 100
    suit_colours = theme.suit_colours
    for fmt, image in _rasters(scene, tmp_path, dpi, theme).items():
        for suit, kind, x, y in places:
            colour = np.array([int(suit_colours[suit - 1][i:i + 2], 16) for i in (1, 3, 5)])
            half = {"tile": 0.35, "coin": 0.2, "die": 0.2, "pawn": 0.22}[kind]
            px, py = int((x - frame.x0) * dpi), int((frame.y1 - y) * dpi)
            box = image[py - int(half * dpi):py + int(half * dpi), px - int(half * dpi):px + int(half * dpi)]
            # The glyph (or the die's or pawn's body) shows in its suit's own colour: a highlight
            # laid over it would leave no pixel of that colour (it would be the colour seen
            # through the tint: olive for Moons under yellow).
            assert (abs(box - colour).max(axis=2) <= 20).sum() > 40, (fmt, suit, kind)


def test_panels_whose_titles_cannot_fit_below_the_board_go_beside_it():
    # Three panels titled wider together than the box: side by side below they would run off
    # the page at any scale, so they go to the right, and the drawing fits its box.
    from piecepack_diagrams.pieces import Piece
    from piecepack_diagrams.scene import Panel, Scene, ScenePiece

    coin = (ScenePiece(Piece("coin", "face", 1, 3), 0.0, 0.0),)
    panels = tuple(Panel(coin, title=f"A rather long panel title {k}") for k in range(3))
    board = tuple(ScenePiece(Piece("tile", "back", 1, 1), 1.0 + 2.0 * k, 1.0) for k in range(5))
    laid = lay_out(Scene(board, panels=panels), box=(3.2, 9.0))
    assert laid.width <= 3.2 * 1.001 and laid.height <= 9.0


def test_a_name_of_a_thing_the_window_leaves_out_is_left_out():
    from piecepack_diagrams.pieces import Piece
    from piecepack_diagrams.scene import Bounds, Label, Scene, ScenePiece

    tiles = (ScenePiece(Piece("tile", "back", 1, 1), 1.0, 1.0), ScenePiece(Piece("tile", "back", 1, 2), 13.0, 1.0))
    names = (Label(1.0, 1.0, "here", place="near"), Label(13.0, 1.0, "far away", place="near"))
    scene = Scene(tiles, names, focus=Bounds(-0.5, -0.5, 2.5, 2.5))
    shown = {a.text for a in lay_out(scene, framing="focus").scene.annotations if isinstance(a, Label)}
    assert shown == {"here"}
    shown = {a.text for a in lay_out(scene, framing="whole").scene.annotations if isinstance(a, Label)}
    assert shown == {"here", "far away"}


def test_the_audit_looks_at_what_a_reader_sees():
    from piecepack_diagrams.layout import audit_laid_out
    from piecepack_diagrams.pieces import Piece
    from piecepack_diagrams.scene import Scene, ScenePiece, stacked

    def kinds(pieces):
        return sorted(f.kind for f in audit_laid_out(lay_out(Scene(tuple(pieces)), scale=1.0), product="t"))

    pawn = ScenePiece(Piece("pawn", "face", 3, 1), 1.0, -0.4)
    # A pawn beside a deep pile covers only the numbers of coins the pile's own top coins hide
    # anyway ...
    pile = stacked([Piece("coin", "face", 1, r) for r in range(1, 7)], 1.2, 0.3)
    assert "hidden" not in kinds(pile + [pawn])
    # ... but the number of a coin of its own it covers is hidden.
    assert "hidden" in kinds([ScenePiece(Piece("coin", "face", 1, 4), 1.0, 0.0), pawn])
    # A band of board is drawn, not empty: a coin at one end of a row of tiles (the rest of
    # the drawing is tiles, not an empty margin).
    coin = ScenePiece(Piece("coin", "face", 1, 4), 0.0, 0.0)
    tiles = [ScenePiece(Piece("tile", "back", 1, 1), 1.0 + 2.0 * k, 0.0) for k in range(4)]
    assert "empty-margin" not in kinds([coin, *tiles])


def test_the_audit_reports_a_drawing_wider_than_its_cell():
    from piecepack_diagrams.pieces import Piece
    from piecepack_diagrams.scene import Scene, ScenePiece
    from piecepack_diagrams.sheets import Cell, Page, load_template, render_pages
    from piecepack_diagrams.sheets.pdf import Audit

    board = Scene(tuple(ScenePiece(Piece("tile", "back", 1, 1), 1.0 + 2.0 * k, 1.0) for k in range(5)))
    for scale, expected in ((1.0, ["outside"]), (None, [])):
        audit = Audit("t")
        render_pages([Page("", (Cell(board, scale=scale),))], load_template("figure"), audit=audit)
        assert [f.kind for f in audit.findings] == expected
