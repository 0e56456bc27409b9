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

SUIT_COLOURS = {"#D55E00", "#000000", "#009E73", "#0072B2"}
SVG = "{http://www.w3.org/2000/svg}"
# The layout spans x 0.5..12.25 and y 0.5..10.5 inches; drawings add a quarter-inch margin.
X0, Y1 = 0.25, 10.75


@pytest.fixture(scope="module")
def scene():
    return setup_scene("coin-collectors", seed=1)


def _pt(value: str) -> float:
    return float(value.removesuffix("pt"))


def test_svg_structure(scene):
    root = ET.fromstring(render(scene, "svg"))
    assert _pt(root.get("width")) == pytest.approx((12.25 + 0.25 - X0) * 72)
    polygons = [[tuple(map(float, p.split(","))) for p in el.get("points").split()] for el in root.iter(SVG + "polygon")]
    squares = {}
    for pts in polygons:
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        if len(pts) == 4:
            squares.setdefault(round(max(xs) - min(xs)), []).append(((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2))
    tiles = sorted(squares[144])
    assert len(tiles) == 24
    expected = sorted(((1.5 + 2 * c - X0) * 72, (Y1 - (9.5 - 2 * r)) * 72)
                      for r in range(5) for c in range(5) if (r, c) != (2, 2))
    assert [v for xy in tiles for v in xy] == pytest.approx([v for xy in expected for v in xy])
    assert len(squares[36]) == 4  # four dice, half an inch
    coins = [el for el in root.iter(SVG + "circle") if float(el.get("r")) == pytest.approx(27)]
    assert len(coins) == 24
    suits = [el.get("fill") for el in root.iter(SVG + "use")]
    assert len(suits) == 24 and set(suits) == SUIT_COLOURS  # a suit symbol on every tile face
    texts = [el for el in root.iter(SVG + "text")]
    assert sorted(el.text for el in texts if el.get("font-size") == "79.2") == sorted(
        list("nA2345") * 4)  # every tile rank once per suit
    dice = [el.get("fill") for el in root.iter(SVG + "polygon") if el.get("fill") in SUIT_COLOURS]
    assert set(dice) == SUIT_COLOURS


def _rasterise_pdf(data: bytes, dpi: int):
    if shutil.which("pdftoppm") is None:
        pytest.fail("pdftoppm (Debian package poppler-utils) is needed; the README's test command installs it")
    ppm = subprocess.run(["pdftoppm", "-r", str(dpi), "-singlefile", "-"], input=data, capture_output=True,
                         check=True).stdout
    header, rest = ppm.split(b"\n", 1)
    dims, rest = rest.split(b"\n", 1)
    width, height = map(int, dims.split())
    _, pixels = rest.split(b"\n", 1)
    return width, height, pixels


def _pixel(raster, x: float, y: float, dpi: int) -> str:
    width, _, pixels = raster
    px, py = int((x - X0) * dpi), int((Y1 - y) * dpi)
    r, g, b = pixels[(py * width + px) * 3: (py * width + px) * 3 + 3]
    return f"#{r:02X}{g:02X}{b:02X}"


def _close(colour: str, want: str, tolerance: int = 24) -> bool:
    a = [int(colour[i:i + 2], 16) for i in (1, 3, 5)]
    b = [int(want[i:i + 2], 16) for i in (1, 3, 5)]
    return all(abs(x - y) <= tolerance for x, y in zip(a, b))


def test_pdf_pixels(scene):
    dpi = 36
    raster = _rasterise_pdf(render(scene, "pdf"), dpi)
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
    root = ET.fromstring(render(scene, "svg", theme=theme))
    assert {el.get("fill") for el in root.iter(SVG + "use")} == {"#112233", "#445566", "#778899", "#AABBCC"}
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
