"""Drawings checked by structure (parsed SVG, text) and by pixels (rasterised PDF, PNG).

The expected picture is the Coin Collectors setup the issue describes: 24 tiles
face up in a 5x5 square with the centre empty (tile centres 1.5..9.5 inches),
a coin on each tile, the four pawns in the hole, four dice beside the board
at x = 12 inches; suit colours Suns #D55E00, Moons #000000, Crowns #009E73,
Arms #0072B2.
"""

from __future__ import annotations

import io
import shutil
import subprocess
import xml.etree.ElementTree as ET

import pytest

from piecepack_diagrams import load_theme, render, setup_scene
from piecepack_diagrams.cli import main
from raster import Raster, rasterize_pdf
from svgpaths import parse_path

SUIT_COLOURS = {"#D55E00", "#000000", "#009E73", "#0072B2"}
SVG = "{http://www.w3.org/2000/svg}"
# The layout spans x 0.5..12.25 and y 0.5..10.5 inches; drawings add a quarter-inch margin.
X0, Y1 = 0.25, 10.75


@pytest.fixture(scope="module")
def scene():
    return setup_scene("coin-collectors", seed=1)


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


def test_svg_structure(scene):
    root, per_point, paths = _svg_paths(render(scene, "svg"))
    assert _pt(root.get("width")) == pytest.approx((12.25 + 0.25 - X0) * 72)
    tiles = _shapes_of(paths, per_point, fill="#FFFFFF", size_pt=144)
    expected = sorted(((1.5 + 2 * c - X0) * 72, (Y1 - (9.5 - 2 * r)) * 72)
                      for r in range(5) for c in range(5) if (r, c) != (2, 2))
    assert [v for xy in tiles for v in xy] == pytest.approx([v for xy in expected for v in xy], abs=0.02)
    coins = _shapes_of(paths, per_point, fill="#FFFFFF", size_pt=54)  # 0.75 inch
    assert len(coins) == 24
    # Four dice, half an inch, one of each suit colour, beside the board at x = 12 inches.
    dice = sorted((y, colour) for colour in SUIT_COLOURS
                  for x, y in _shapes_of(paths, per_point, fill=colour, size_pt=36) if x == pytest.approx((12 - X0) * 72))
    assert [colour for _, colour in dice] == ["#D55E00", "#000000", "#009E73", "#0072B2"]
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


def _pixel(raster: Raster, x: float, y: float, dpi: int) -> str:
    return raster.hex(int((x - X0) * dpi), int((Y1 - y) * dpi))


def _close(colour: str, want: str, tolerance: int = 24) -> bool:
    a = [int(colour[i:i + 2], 16) for i in (1, 3, 5)]
    b = [int(want[i:i + 2], 16) for i in (1, 3, 5)]
    return all(abs(x - y) <= tolerance for x, y in zip(a, b))


def test_pdf_pixels(scene):
    dpi = 36
    raster = rasterize_pdf(render(scene, "pdf"), dpi=dpi)
    assert raster[0] == pytest.approx((12.5 - X0) * dpi, abs=1)
    # The hole between the pawns is empty paper.
    assert _close(_pixel(raster, 5.5, 5.5, dpi), "#FFFFFF")
    # Pawns in the hole, each its suit's colour (Suns upper left ... Arms lower left).
    for (x, y), colour in zip(((5, 6), (6, 6), (6, 5), (5, 5)), ("#D55E00", "#000000", "#009E73", "#0072B2")):
        assert _close(_pixel(raster, x, y - 0.36, dpi), colour), (x, y)
    # Dice beside the board, filled with their suit colour.
    for suit, colour in enumerate(("#D55E00", "#000000", "#009E73", "#0072B2"), start=1):
        assert _close(_pixel(raster, 12.17, 11 - 2 * suit + 0.17, dpi), colour)


def test_png_pixels(scene):
    import matplotlib.image as mpimg

    image = mpimg.imread(io.BytesIO(render(scene, "png")), format="png")
    dpi = 100
    assert image.shape[1] == pytest.approx((12.5 - X0) * dpi, abs=2)

    def at(x, y):
        r, g, b = image[int((Y1 - y) * dpi), int((x - X0) * dpi)][:3]
        return f"#{int(r * 255):02X}{int(g * 255):02X}{int(b * 255):02X}"

    assert _close(at(5.5, 5.5), "#FFFFFF")
    assert _close(at(5, 6 - 0.36), "#D55E00")
    assert _close(at(12.17, 3.17), "#0072B2")


def _rgb_rows(png: bytes):
    import matplotlib.image as mpimg

    image = mpimg.imread(io.BytesIO(png), format="png")
    return (image[:, :, :3] * 255).round().astype(int)


def _mismatch(a, b, block: int = 5) -> float:
    """The fraction of ``block``-pixel squares whose mean colours differ by more than
    a quarter of the range (averaging first, because each rasteriser places
    hairlines and anti-aliased edges a pixel differently)."""
    assert a.shape == b.shape, (a.shape, b.shape)
    h, w = (a.shape[0] // block) * block, (a.shape[1] // block) * block

    def means(image):
        return image[:h, :w].reshape(h // block, block, w // block, block, 3).mean(axis=(1, 3))

    return float((abs(means(a) - means(b)).max(axis=2) > 64).mean())


def test_every_format_shows_the_same_picture(scene, tmp_path):
    import numpy as np

    if shutil.which("rsvg-convert") is None:
        pytest.fail("rsvg-convert (Debian package librsvg2-bin) is needed; the README's test command installs it")
    dpi = 100
    width, height, pixels = rasterize_pdf(render(scene, "pdf"), dpi=dpi)
    pdf = np.frombuffer(pixels, dtype=np.uint8).reshape(height, width, 3).astype(int)
    svg_file = tmp_path / "cc.svg"
    svg_file.write_bytes(render(scene, "svg"))
    svg = _rgb_rows(subprocess.run(["rsvg-convert", "--dpi-x", str(dpi), "--dpi-y", str(dpi), str(svg_file)],
                                   capture_output=True, check=True).stdout)
    png = _rgb_rows(render(scene, "png"))
    # Edges anti-alias differently in each rasteriser; the pictures themselves must agree.
    assert _mismatch(svg, pdf) < 0.005
    assert _mismatch(png, pdf) < 0.005
    assert _mismatch(np.roll(svg, 10, axis=1), pdf) > 0.05  # a picture shifted a tenth of an inch is caught


def test_text_rendering(scene):
    text = render(scene, "txt").decode()
    assert text.count("(") == 24  # coins
    assert text.count("[") == 4  # dice
    assert text.count("P") == 4  # pawns
    assert sum(text.count(g) for g in "☼☾♛⚜") == 24 + 4 + 4
    assert text.count("┼") == 16  # the 4x4 inner crossings of the 5x5 square (the hole's neighbours draw its corners)


@pytest.mark.parametrize("fmt", ["svg", "pdf", "png", "txt"])
def test_same_scene_same_bytes(scene, fmt):
    assert render(scene, fmt) == render(setup_scene("coin-collectors", seed=1), fmt)


def test_seeds_give_different_layouts():
    assert render(setup_scene("coin-collectors", seed=1), "txt") != render(setup_scene("coin-collectors", seed=2), "txt")


def test_theme_from_a_file_restyles_output(tmp_path, scene):
    theme_file = tmp_path / "mine.yaml"
    theme_file.write_text("base: print\nsuit_colours: ['#112233', '#445566', '#778899', '#AABBCC']\n")
    theme = load_theme(theme_file)
    _, per_point, paths = _svg_paths(render(scene, "svg", theme=theme))
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
    with pytest.raises(PiecepackError, match="lettering_font 'nowhere.ttf' is not a file"):
        load_theme(tmp_path / "missing.yaml")
    (tmp_path / "fake.ttf").write_text("not a font\n")
    (tmp_path / "fake.yaml").write_text("lettering_font: fake.ttf\n")
    with pytest.raises(PiecepackError, match="lettering_font 'fake.ttf' is not a font file"):
        load_theme(tmp_path / "fake.yaml")
    (tmp_path / "broken.ttf").write_bytes(b"\x00\x01\x00\x00" + b"not the rest of a font")
    (tmp_path / "broken.yaml").write_text("lettering_font: broken.ttf\n")
    with pytest.raises(PiecepackError, match="cannot use the font file"):
        render(scene, "pdf", theme=load_theme(tmp_path / "broken.yaml"))
    (tmp_path / "pdf.yaml").write_text("pdf_font: Comic Sans\n")
    with pytest.raises(PiecepackError, match="not a font this package embeds"):
        load_theme(tmp_path / "pdf.yaml")


def test_highlights_are_see_through_in_every_format(tmp_path):
    import numpy as np

    from piecepack_diagrams.pieces import Piece
    from piecepack_diagrams.scene import Highlight, Scene, ScenePiece

    # A black (Moons) tile back under a highlight: the tile must show through, blended.
    scene = Scene((ScenePiece(Piece("die", "face", 2, 1), 1.0, 1.0),), (Highlight(1.0, 1.0, 1.0, 1.0),),
                  frame=None)
    dpi = 100
    width, height, pixels = rasterize_pdf(render(scene, "pdf"), dpi=dpi)
    pdf = np.frombuffer(pixels, dtype=np.uint8).reshape(height, width, 3).astype(int)
    png = _rgb_rows(render(scene, "png"))
    svg_file = tmp_path / "h.svg"
    svg_file.write_bytes(render(scene, "svg"))
    svg = _rgb_rows(subprocess.run(["rsvg-convert", "--dpi-x", str(dpi), "--dpi-y", str(dpi), str(svg_file)],
                                   capture_output=True, check=True).stdout)
    for image in (pdf, png, svg):
        h, w = image.shape[:2]
        r, g, b = image[h // 2 - 15, w // 2 - 15]  # on the die, clear of its white rank
        # 45% of #FFD400 over black: about (115, 95, 0); an opaque highlight would be (255, 212, 0).
        assert 80 < r < 150 and 60 < g < 130 and b < 40, (r, g, b)
