"""Drawing options: marks on squares named in the game's notation, turns, coordinates, sizes.

The board is built here: four tiles, back up, their grids making a 4 x 4 board of 1-inch
squares whose centres are (1, 1) for a1 to (4, 4) for d4 (as PPN places algebraic squares),
a Suns coin on a1; the frame (0, 0) to (5, 5) is set, so where a table point lands on the
page is known without asking the layout.
"""

from __future__ import annotations

import io
from dataclasses import replace
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from piecepack_diagrams import OptionError, render
from piecepack_diagrams.cli import main
from piecepack_diagrams.layout import lay_out
from piecepack_diagrams.pieces import Piece
from piecepack_diagrams.scene import Bounds, Coordinates, Label, Scene, ScenePiece
from piecepack_diagrams.theme import DEFAULT
from raster import rasterize_pdf
from svgpaths import parse_path

SVG = "{http://www.w3.org/2000/svg}"
KONO = Path(__file__).resolve().parents[1] / "records" / "ppn" / "four-field-kono-short.ppn"
FRAME = Bounds(0.0, 0.0, 5.0, 5.0)
COIN = Piece("coin", "face", 1, 3)
BOARD = Scene(pieces=tuple(ScenePiece(Piece("tile", "back", 2, 1), x, y) for x in (1.5, 3.5) for y in (1.5, 3.5))
              + (ScenePiece(COIN, 1.0, 1.0),),
              frame=FRAME,
              coordinates=Coordinates(files=tuple((float(k), "abcd"[k - 1]) for k in range(1, 5)),
                                      ranks=tuple((float(k), str(k)) for k in range(1, 5))))


def centre(name: str) -> tuple[float, float]:
    """Square ``name``'s centre on the table, as the notation places it: a1 at (1, 1)."""
    return float("abcd".index(name[0]) + 1), float(name[1:])


def _paths(svg: bytes) -> tuple[float, list[tuple[ET.Element, list]]]:
    """User units per table inch at true size, and every path with its subpaths."""
    root = ET.fromstring(svg)
    per_inch = float(root.get("viewBox").split()[2]) / FRAME.width
    return per_inch, [(el, parse_path(el.get("d"))) for el in root.iter(SVG + "path")]


def _page(x: float, y: float, per_inch: float, frame: Bounds = FRAME) -> tuple[float, float]:
    return (x - frame.x0) * per_inch, (frame.y1 - y) * per_inch


def _svg(**options) -> bytes:
    return render(BOARD, "svg", scale=1.0, coordinates=False, **options)


def test_an_arrow_runs_from_centre_to_centre():
    per_inch, paths = _paths(_svg(arrows=[("b2", "b4")]))
    shafts = [sub for el, subs in paths if el.get("stroke") == DEFAULT.annotation for sub in subs]
    heads = [sub for el, subs in paths if el.get("fill") == DEFAULT.annotation for sub in subs]
    assert len(shafts) == 1 and len(heads) == 1
    start, tip = _page(*centre("b2"), per_inch), _page(*centre("b4"), per_inch)
    assert shafts[0].points[0] == pytest.approx(start, abs=1)
    assert heads[0].points[0] == pytest.approx(tip, abs=1)  # the head's point is the square's centre
    # The shaft runs straight towards the tip and stops at the head's base.
    assert shafts[0].points[-1][0] == pytest.approx(start[0], abs=1)
    assert start[1] > shafts[0].points[-1][1] > tip[1]
    # Under it, a wider rim in the page's colour along the same line: the arrow stands apart
    # from whatever piece it crosses.
    order = [el for el, _ in paths]
    shaft_el = next(el for el, subs in paths if el.get("stroke") == DEFAULT.annotation)
    rims = [(el, sub) for el, subs in paths if el.get("stroke") == "#FFFFFF" and el.get("fill") == "none"
            for sub in subs if sub.points[0] == pytest.approx(start, abs=1)]
    assert len(rims) == 1 and order.index(rims[0][0]) < order.index(shaft_el)
    assert float(rims[0][0].get("stroke-width")) > float(shaft_el.get("stroke-width"))


def test_a_highlight_fills_its_square_under_the_pieces():
    per_inch, paths = _paths(_svg(highlight=["a1"]))
    tints = [(k, sub) for k, (el, subs) in enumerate(paths) if el.get("fill") == DEFAULT.highlight for sub in subs]
    assert len(tints) == 1
    k, tint = tints[0]
    x0, y0 = _page(0.5, 1.5, per_inch)
    x1, y1 = _page(1.5, 0.5, per_inch)
    assert tint.extent() == pytest.approx((x0, y0, x1, y1), abs=1)
    assert float(paths[k][0].get("fill-opacity")) < 0.6  # see-through: the tile's grid shows
    # Drawn after the tiles and before the coin on the square (the coin keeps its colours).
    coin = next(j for j, (el, subs) in enumerate(paths) for sub in subs if sub.arcs
                and sub.centre() == pytest.approx(_page(1.0, 1.0, per_inch), abs=1))
    assert k < coin


@pytest.mark.parametrize(("options", "lands_on"), [({"flipped": True}, "d4"), ({"rotate": 180}, "d4"),
                                                   ({"rotate": 90}, "d1"), ({"rotate": 270}, "a4"),
                                                   ({"rotate": 90, "flipped": True}, "a4")])
def test_a_turn_puts_a1_where_another_corner_was(options, lands_on):
    """A turned board fills the same frame turned: the coin on a1 lands where a corner square
    was (a half turn: the opposite one; a quarter turn counter-clockwise: d1)."""
    per_inch, paths = _paths(_svg(**options))
    coins = [sub.centre() for el, subs in paths for sub in subs
             if sub.arcs and sub.arcs[0] == pytest.approx(0.375 * per_inch, abs=1)]
    assert coins == [pytest.approx(_page(*centre(lands_on), per_inch), abs=1)]


def test_turned_coordinates_follow_their_rows_and_stay_upright():
    def names_below(scene: Scene) -> list[str]:
        laid = lay_out(scene, scale=1.0)
        labels = [a for a in laid.scene.annotations if isinstance(a, Label) and a.role == "coordinate"]
        bottom = min(a.y for a in labels)
        return [a.text for a in sorted(labels, key=lambda a: a.x) if a.y == bottom]

    from piecepack_diagrams.layout.orient import turned

    assert names_below(BOARD) == ["a", "b", "c", "d"]
    assert names_below(turned(BOARD, 180)) == ["d", "c", "b", "a"]
    assert names_below(turned(BOARD, 90)) == ["4", "3", "2", "1"]
    # Words have no turn of their own: the coordinates' outlines are drawn upright (as tall as
    # an unturned drawing's, not as wide).
    straight, turned_svg = (render(BOARD, "svg", scale=1.0, rotate=r) for r in (0, 90))
    assert _letter_heights(straight) == pytest.approx(_letter_heights(turned_svg), abs=2)


def _letter_heights(svg: bytes) -> list[float]:
    _, paths = _paths(svg)
    return sorted(sub.size()[1] for el, subs in paths if el.get("aria-label") and el.get("fill") == DEFAULT.edge
                  for sub in subs)


def test_coordinates_on_and_off():
    def named(svg: bytes) -> set[str]:
        root = ET.fromstring(svg)
        return {w for el in root.iter(SVG + "path") for w in (el.get("aria-label") or "").split()}

    assert {"a", "d", "1", "4"} <= named(render(BOARD, "svg"))
    assert not {"a", "d", "1", "4"} & named(render(BOARD, "svg", coordinates=False))
    def rows(text: bytes) -> list[list[str]]:
        return [line.split() for line in text.decode().splitlines()]

    assert ["a", "b", "c", "d"] in rows(render(BOARD, "txt"))
    assert ["a", "b", "c", "d"] not in rows(render(BOARD, "txt", coordinates=False))


def test_a_label_is_set_beside_its_square_and_the_page_holds_it():
    laid_svg = render(BOARD, "svg", labels={"d4": "Goal"})
    assert "Goal" in {el.get("aria-label") for el in ET.fromstring(laid_svg).iter(SVG + "path")}
    from piecepack_diagrams.layout.marks import marked, parse_marks

    laid = lay_out(marked(BOARD, parse_marks(labels=[("d4", "Goal")])), scale=1.0)
    label = next(a for a in laid.scene.annotations if isinstance(a, Label) and a.text == "Goal")
    assert abs(label.x - 4.0) < 1.0 and abs(label.y - 4.0) < 1.0  # beside d4
    frame = laid.scene.frame
    assert frame.x0 <= label.x <= frame.x1 and frame.y0 <= label.y <= frame.y1


def _near(raster, px: int, py: int, want: str, tolerance: int = 30) -> bool:
    """Whether a pixel within one of ``(px, py)`` has the colour ``want``."""
    goal = [int(want[i:i + 2], 16) for i in (1, 3, 5)]
    return any(all(abs(a - b) <= tolerance for a, b in zip(raster(px + dx, py + dy), goal))
               for dx in (-1, 0, 1) for dy in (-1, 0, 1))


def _mixed(colour: str, base: str, share: float) -> str:
    a = [int(colour[k:k + 2], 16) for k in (1, 3, 5)]
    b = [int(base[k:k + 2], 16) for k in (1, 3, 5)]
    return "#" + "".join(f"{round(x * share + y * (1 - share)):02X}" for x, y in zip(a, b))


@pytest.mark.parametrize("fmt", ["pdf", "png"])
def test_marks_in_pixels(fmt):
    """Rasterized, the highlighted square shows the tint over the tile and the arrow's
    shaft its colour, where the geometry says; an unmarked square the tile's own back."""
    dpi = 72
    options = {"scale": 1.0, "coordinates": False, "highlight": ["c2"], "arrows": [("a3", "d3")]}
    if fmt == "pdf":
        page = rasterize_pdf(render(BOARD, "pdf", **options), dpi=dpi)
        pixel = page.rgb
    else:
        import matplotlib.image as mpimg

        image = mpimg.imread(io.BytesIO(render(BOARD, "png", dpi=dpi, **options)), format="png")

        def pixel(px: int, py: int) -> tuple[int, int, int]:
            return tuple(int(round(v * 255)) for v in image[py, px][:3])

    def at(x: float, y: float) -> tuple[int, int]:
        return int(x * dpi), int((FRAME.y1 - y) * dpi)

    tint = _mixed(DEFAULT.highlight, DEFAULT.tile_back_background, DEFAULT.highlight_opacity)
    assert _near(pixel, *at(3.25, 1.75), tint)  # inside c2, clear of its ring
    assert _near(pixel, *at(3.25, 3.75 - 1), DEFAULT.tile_back_background)  # c2's neighbour c3's corner: no tint
    assert _near(pixel, *at(2.2, 3.0), DEFAULT.annotation)  # on the arrow's shaft, between b3 and c3


def test_png_size_by_width_or_dpi():
    import matplotlib.image as mpimg

    for width in (300, 517):
        image = mpimg.imread(io.BytesIO(render(BOARD, "png", coordinates=False, scale=1.0, width=width)), format="png")
        assert image.shape[1] == width
    image = mpimg.imread(io.BytesIO(render(BOARD, "png", coordinates=False, scale=1.0, dpi=40)), format="png")
    assert image.shape[1] == pytest.approx(5 * 40, abs=1)
    root = ET.fromstring(render(BOARD, "svg", coordinates=False, scale=1.0, width=250))
    assert root.get("width") == "250" and float(root.get("height")) == pytest.approx(250, abs=0.02)


def test_same_options_same_bytes_and_no_options_as_before():
    options = {"arrows": [("a1", "c3")], "highlight": ["b2"], "labels": [("d4", "X")], "rotate": 90}
    for fmt in ("svg", "pdf"):
        assert render(BOARD, fmt, **options) == render(BOARD, fmt, **options)
        assert render(BOARD, fmt) == render(BOARD, fmt, coordinates=True, rotate=0, flipped=False, arrows=(),
                                            highlight=(), labels=())


@pytest.mark.parametrize(("options", "words"), [
    ({"highlight": ["z9"]}, ["'z9'", "a, b, c, d", "1, 2, 3, 4"]),
    ({"arrows": [("b2", "B2")]}, ["b2", "itself"]),
    ({"labels": [("c3", "  ")]}, ["c3", "no text"]),
    ({"labels": {"c3": "two\nlines"}}, ["one line"]),
    ({"rotate": 45}, ["45", "0, 90, 180 or 270"]),
    ({"fmt": "png", "dpi": 5}, ["5", "10 to 1200"]),
    ({"fmt": "png", "width": 20_000}, ["20000", "16,384"]),
    ({"fmt": "png", "dpi": 100, "width": 300}, ["both"]),
    ({"fmt": "pdf", "dpi": 100}, ["resolution for pdf"]),
    ({"fmt": "pdf", "width": 300}, ["width in pixels for pdf"]),
])
def test_bad_options_are_refused_by_name(options, words):
    fmt = options.pop("fmt", "svg")
    with pytest.raises(OptionError) as caught:
        render(BOARD, fmt, **options)
    for word in words:
        assert word in str(caught.value)


def test_marks_need_a_board_with_coordinates_and_a_scene_not_laid_out():
    with pytest.raises(OptionError, match="names no squares"):
        render(Scene(pieces=BOARD.pieces), "svg", highlight=["a1"])
    with pytest.raises(OptionError, match="laid out"):
        render(lay_out(BOARD), "svg", flipped=True)


@pytest.mark.parametrize("options", [{"arrows": "b2-b5"}, {"highlight": "c3"}, {"arrows": [("b2",)]},
                                     {"rotate": "90"}, {"flipped": 1}, {"width": 300.0}])
def test_options_of_the_wrong_type_are_type_errors(options):
    with pytest.raises(TypeError):
        render(BOARD, "svg", **options)


@pytest.mark.parametrize(("argv", "words"), [
    (["--highlight", "z9"], ["'z9'", "a, b, c, d"]),
    (["--arrow", "b2-b2"], ["itself"]),
    (["--arrow", "b2"], ["FROM-TO"]),
    (["--label", "c3="], ["no text"]),
    (["--width", "5"], ["16 to 16,384"]),
    (["--dpi", "200"], ["resolution for svg"]),
])
def test_the_command_line_refuses_bad_marks_with_a_usage_error(argv, words, capsys, tmp_path):
    code = main(["render", str(KONO), *argv, "-o", str(tmp_path / "x.svg")])
    err = capsys.readouterr().err
    assert code == 2
    assert "render: error:" in err and "Traceback" not in err
    for word in words:
        assert word in err
    assert not list(tmp_path.iterdir())


def test_the_command_line_draws_marks(tmp_path):
    out = tmp_path / "kono.svg"
    assert main(["render", str(KONO), "--flip", "--arrow", "a1-c3", "--highlight",
                 "b2", "--label", "d4=Here", "--width", "400", "-o", str(out)]) == 0
    root = ET.fromstring(out.read_bytes())
    assert root.get("width") == "400"
    assert "Here" in {el.get("aria-label") for el in root.iter(SVG + "path")}
    assert any(el.get("fill") == DEFAULT.highlight for el in root.iter(SVG + "path"))


def test_text_shades_a_highlighted_square_round_its_pieces():
    board = replace(BOARD, frame=None)  # framed by the layout, which puts the squares' middles on rows
    lines = render(board, "txt", highlight=["b3", "a1"]).decode().splitlines()
    shaded = [(r, line.index("░")) for r, line in enumerate(lines) if "░" in line]
    assert len(shaded) == 1 and lines[shaded[0][0]].count("░") == 3  # b3 is empty; a1's coin leaves it no blank cell
    row, column = shaded[0]
    files = next(line for line in lines if line.split() == ["a", "b", "c", "d"])
    assert lines[row].split()[0] == "3" and column <= files.index("b") <= column + 2
    assert "░" not in render(board, "txt").decode()


def test_a_cropped_figure_grows_to_show_every_mark():
    from piecepack_diagrams.layout.marks import marked, parse_marks

    about_a1 = replace(BOARD, frame=None, focus=Bounds(0.5, 0.5, 2.5, 2.5))
    plain = lay_out(about_a1, framing="focus").window
    assert plain.x1 < 3.5  # d4 lies beyond the crop ...
    window = lay_out(marked(about_a1, parse_marks(highlight=["d4"])), framing="focus").window
    assert window.x0 <= 0.5 and window.y0 <= 0.5 and window.x1 >= 4.5 and window.y1 >= 4.5  # ... until marked


def test_a_png_too_large_at_the_width_asked_is_refused():
    from piecepack_diagrams import OutputError

    with pytest.raises(OutputError, match="16,000 pixels wide"):
        render(BOARD, "png", coordinates=False, scale=1.0, width=16_000)
