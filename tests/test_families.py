"""The pieces of other systems that ppdf's piecepack setups use, drawn as piecepackr draws
them: dominoes (pips by rank and suit), go stones, the playing cards expansion (hearts,
spades, clubs, diamonds in red and black), matchsticks, pyramids and saucers by rank; checked
in the SVG's geometry, in the PDF's pixels, in text, and across formats."""

from __future__ import annotations

import math
import shutil
import subprocess

import pytest
from raster import block_mismatch, rasterize_pdf, rgb_rows
from svgpaths import parse_path

from piecepack_diagrams.layout import lay_out
from piecepack_diagrams.pieces import Piece, piece_size
from piecepack_diagrams.render import render
from piecepack_diagrams.render.geometry import PageGeometry
from piecepack_diagrams.scene import Scene, ScenePiece
from piecepack_diagrams.theme import DEFAULT, PRINT

#: SVG user units per inch (a hundred per point).
UNITS = 7200
DPI = 100


def _scene(*placed: tuple[Piece, float, float] | tuple[Piece, float, float, float]) -> Scene:
    return Scene(pieces=tuple(ScenePiece(*p) for p in placed))


def _pixels(scene: Scene, theme=DEFAULT):
    """The scene's PDF at true size and DPI dots per inch: a function from table inches to RGB."""
    laid = lay_out(scene, scale=1.0, theme=theme)
    geo = PageGeometry.from_scene(laid.scene, caption_size=theme.caption_size)
    raster = rasterize_pdf(render(laid, "pdf", theme=theme), dpi=DPI)

    def at(x: float, y: float) -> tuple[int, int, int]:
        return raster.rgb(round((x - geo.bounds.x0) * DPI), round((geo.bounds.y1 - y) * DPI))

    return at


def _hex(colour: str) -> tuple[int, int, int]:
    return tuple(int(colour[k:k + 2], 16) for k in (1, 3, 5))


def _near(rgb, colour: str, tolerance: int = 30) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(rgb, _hex(colour)))


def _svg_paths(scene: Scene) -> list[tuple[dict[str, str], list]]:
    """The SVG's paths at true size: (attributes, subpaths) in drawing order."""
    import xml.etree.ElementTree as ET

    root = ET.fromstring(render(scene, "svg", scale=1.0))
    return [(el.attrib, parse_path(el.attrib["d"])) for el in root.iter("{http://www.w3.org/2000/svg}path")]


# --- dominoes ---------------------------------------------------------------------------------

def _pips(piece: Piece, angle: float = 0.0) -> tuple[int, int]:
    """The pips drawn on a domino standing at (1, 1): (upper half, lower half), counted in
    the SVG as the black discs above and below its centre line."""
    paths = _svg_paths(_scene((piece, 1.0, 1.0, angle)))
    line = [sub for attrs, subs in paths if attrs.get("fill") == "none" for sub in subs]
    assert len(line) == 1, "one line across the middle"
    middle = line[0].centre()[1]
    discs = [sub for attrs, subs in paths if attrs.get("fill") == "#000000" for sub in subs if sub.arcs]
    assert all(math.isclose(d.arcs[0], 0.08 * UNITS, rel_tol=0.01) for d in discs)
    return (sum(d.centre()[1] < middle for d in discs), sum(d.centre()[1] > middle for d in discs))


@pytest.mark.parametrize("suit, rank", [(3, 5), (7, 1), (1, 7), (5, 5), (2, 6)])
def test_a_domino_shows_rank_minus_one_pips_on_top_and_suit_minus_one_below(suit, rank):
    # piecepackr's dominoes: "the number of pips on the top of the domino is controlled by
    # their rank and on the bottom by their suit" (values one less: rank 1 is the blank).
    assert _pips(Piece("tile", "face", suit, rank, "dominoes")) == (rank - 1, suit - 1)


def test_a_domino_turned_half_round_has_its_halves_swapped():
    assert _pips(Piece("tile", "face", 3, 5, "dominoes"), 180.0) == (2, 4)


def test_a_domino_is_a_white_one_by_two_tile_with_a_line_across():
    at = _pixels(_scene((Piece("tile", "face", 1, 1, "dominoes"), 1.0, 1.0)))
    assert _near(at(1.0, 1.5), DEFAULT.piece_background) and _near(at(1.0, 0.4), DEFAULT.piece_background)
    assert max(at(1.0, 1.0)) < 90  # the line across the middle
    # Its edge: an inch by two, a little smaller so that neighbours show a gap; nothing beyond.
    assert max(at(1.0, 0.03)) < 150 and max(at(1.47, 1.0)) < 150 and max(at(1.0, 1.97)) < 150
    assert min(at(1.0, -0.01)) > 240 and min(at(1.52, 1.0)) > 240
    assert piece_size(Piece("tile", "face", 1, 1, "dominoes")) == piece_size(Piece("tile", "back", 1, 1, "dominoes"))


# --- go stones --------------------------------------------------------------------------------

def test_go_stones_are_round_stones_in_their_colour_with_a_rim():
    black, white, red = (Piece("bit", "face", s, 1, "go") for s in (2, 6, 1))
    at = _pixels(_scene((black, 1.0, 1.0), (white, 2.0, 1.0), (red, 3.0, 1.0)))
    assert max(at(1.0, 1.0)) < 60  # suit 2 is black
    assert min(at(2.0, 1.0)) > 200  # suit 6 is white
    assert _near(at(3.0, 1.0), DEFAULT.bit_colours[0])
    # 22 millimetres across (piecepackr's go stones on a one-inch board), a dark rim round them.
    r = 0.8700787 / 2
    assert max(at(2.0 + r - 0.01, 1.0)) < 150  # the white stone's rim
    assert min(at(2.0 + r + 0.04, 1.0)) > 240 and min(at(1.0, 1.0 + r + 0.04)) > 240
    assert max(at(1.0, 1.0 - r + 0.05)) < 80  # still stone inside the rim


# --- the playing cards expansion --------------------------------------------------------------

CARD_RED, CARD_BLACK = DEFAULT.suit_colours[0], DEFAULT.suit_colours[1]


@pytest.mark.parametrize("suit, colour", [(1, CARD_RED), (2, CARD_BLACK), (3, CARD_BLACK), (4, CARD_RED)])
def test_the_playing_cards_expansion_is_coloured_red_and_black(suit, colour):
    assert DEFAULT.suit_colour(suit, "playing_cards_expansion") == colour
    at = _pixels(_scene((Piece("pawn", "face", suit, 1, "playing_cards_expansion"), 1.0, 1.0)))
    assert _near(at(1.0, 0.7), colour)  # the pawn's body


def test_a_card_suit_coin_shows_a_red_heart():
    # A heart: the tip at the bottom and two lobes over a cusp; the sun of a piecepack coin
    # shows neither (rays leave the bottom and the cusp's place clear, its disc fills the middle).
    heart = Piece("coin", "back", 1, 1, "playing_cards_expansion")
    sun = Piece("coin", "back", 1, 1, "piecepack")
    at = _pixels(_scene((heart, 1.0, 1.0), (sun, 2.0, 1.0)))
    size = 0.52  # the symbol's width on a coin
    tip, lobe, cusp = (0.0, -0.36 * size), (0.22 * size, 0.3 * size), (0.0, 0.37 * size)
    assert _near(at(1.0 + tip[0], 1.01 + tip[1]), CARD_RED) and _near(at(1.0 + lobe[0], 1.01 + lobe[1]), CARD_RED)
    assert _near(at(1.0 - lobe[0], 1.01 + lobe[1]), CARD_RED)
    assert min(at(1.0 + cusp[0], 1.01 + cusp[1])) > 200
    assert min(at(2.0 + tip[0], 1.01 + tip[1])) > 200  # the sun is another shape


def test_card_suits_stay_apart_in_black_and_white():
    # In the print theme all four suits are black: their shapes must differ, each from each
    # by a good share of the ink either of them puts down.
    pieces = [(Piece("coin", "back", s, 1, "playing_cards_expansion"), 1.0 * s, 1.0) for s in range(1, 5)]
    at = _pixels(_scene(*pieces), PRINT)
    steps = [k / DPI for k in range(-26, 27)]
    inks = [{(dx, dy) for dx in steps for dy in steps if max(at(s + dx, 1.01 + dy)) < 100} for s in range(1, 5)]
    assert all(len(ink) > 200 for ink in inks)
    for a in range(4):
        for b in range(a + 1, 4):
            assert len(inks[a] ^ inks[b]) > 0.15 * len(inks[a] | inks[b]), (a + 1, b + 1)


# --- matchsticks, pyramids, saucers -----------------------------------------------------------

#: piecepackr's matchstick lengths by rank: rank 1 a 3/8 square, then from one tile centre to
#: the next (1, sqrt 2, 2, sqrt 5, 2 sqrt 2 half-tiles) less the stick's 3/16 width.
LENGTHS = (0.375, 0.8125, math.sqrt(2) - 0.1875, 1.8125, math.sqrt(5) - 0.1875, 2 * math.sqrt(2) - 0.1875)


@pytest.mark.parametrize("rank", range(1, 7))
def test_matchsticks_are_thin_sticks_as_long_as_their_rank_says(rank):
    piece = Piece("matchstick", "face", 3, rank)
    width = 0.375 if rank == 1 else 0.1875
    assert piece_size(piece).height == pytest.approx(LENGTHS[rank - 1])
    assert piece_size(piece).width == pytest.approx(width)
    at = _pixels(_scene((piece, 1.0, 2.0)))
    green = DEFAULT.suit_colours[2]
    half = LENGTHS[rank - 1] / 2
    assert _near(at(1.0 - width / 2 + 0.03, 2.0 - half + 0.03), green)  # clear of the suit
    assert rank == 1 or _near(at(1.0 - width / 2 + 0.03, 2.0), green)
    assert min(at(1.0, 2.0 - half - 0.04)) > 240 and min(at(1.0 + width / 2 + 0.04, 2.0)) > 240


def test_a_matchstick_lying_across_is_as_long_across():
    at = _pixels(_scene((Piece("matchstick", "face", 4, 4), 2.0, 1.0, 90.0)))
    assert _near(at(2.0 + 0.85, 1.0 - 0.05), DEFAULT.suit_colours[3]) and min(at(2.0 + 0.95, 1.0)) > 240
    assert min(at(2.0, 1.0 + 0.15)) > 240


@pytest.mark.parametrize("rank, width", [(1, 0.5), (3, 0.6375), (6, 27 / 32)])
def test_pyramids_seen_from_above_are_squares_with_diagonals_sized_by_rank(rank, width):
    piece = Piece("pyramid", "top", 2, rank)
    assert piece_size(piece).width == pytest.approx(width) and piece_size(piece).height == pytest.approx(width)
    # The four faces meet at the apex: two diagonals across the square, which is outlined.
    paths = _svg_paths(_scene((piece, 1.0, 1.0)))
    lines = [sub for attrs, subs in paths if attrs.get("fill") == "none" for sub in subs]
    assert sum(len(s.points) == 2 and abs(s.size()[0] - width * UNITS) < 20
               and abs(s.size()[1] - width * UNITS) < 20 for s in lines) == 2
    at = _pixels(_scene((piece, 1.0, 1.0)))
    assert max(at(1.0 + width * 0.25, 1.0 - width * 0.4)) < 60  # the front face, black
    assert min(at(1.0, 1.0 - width / 2 - 0.04)) > 240 and min(at(1.0 + width / 2 + 0.04, 1.0)) > 240
    # Lit from the upper left: the top face lighter than the right one.
    assert sum(at(1.0, 1.0 + width * 0.35)) > sum(at(1.0 + width * 0.35, 1.0)) + 60


def test_pyramids_grow_with_rank():
    widths = [piece_size(Piece("pyramid", "top", 1, rank)).width for rank in range(1, 7)]
    assert widths == sorted(widths) and len(set(widths)) == 6
    # A pyramid lying on a face shows a triangle 1.538842 times as tall as its base, drawn so.
    face = Piece("pyramid", "face", 1, 6)
    assert piece_size(face).height == pytest.approx(27 / 32 * 1.538842)
    at = _pixels(_scene((face, 1.0, 1.0)))
    tall = piece_size(face).height
    assert _near(at(1.0, 1.0 + tall / 2 - 0.08), DEFAULT.suit_colours[0])  # the apex
    assert _near(at(1.0 - 27 / 64 + 0.05, 1.0 - tall / 2 + 0.03), DEFAULT.suit_colours[0])  # a corner of the base
    assert min(at(1.0, 1.0 + tall / 2 + 0.05)) > 240


def test_a_saucer_is_a_disc_with_a_band_of_its_suit_round_the_rim():
    face, back = Piece("saucer", "face", 4, 1), Piece("saucer", "back", 4, 1)
    at = _pixels(_scene((face, 1.0, 1.0), (back, 2.0, 1.0)))
    blue = DEFAULT.suit_colours[3]
    assert _near(at(1.32, 1.0), blue) and _near(at(0.68, 1.0), blue)  # the band
    assert min(at(1.23, 1.0)) > 240  # white inside the band
    assert _near(at(1.0, 1.0), blue)  # the suit in the middle (the fleur-de-lis' stem)
    assert max(at(1.0, 1.0 + 0.32)) > 240  # the notch at the top, white in the band
    assert not _near(at(2.32, 1.0), blue) and max(at(2.32, 1.0)) < 100  # the back's band is dark
    assert min(at(2.0, 1.0)) > 240  # and it shows no suit
    assert min(at(1.0 + 0.41, 1.0)) > 240  # 3/4 inch across


# --- text and formats -------------------------------------------------------------------------

FAMILIES = (
    (Piece("tile", "face", 3, 5, "dominoes"), 1.0, 2.0),
    (Piece("bit", "face", 2, 1, "go"), 3.0, 2.0),
    (Piece("coin", "back", 1, 1, "playing_cards_expansion"), 4.5, 2.0),
    (Piece("pawn", "face", 4, 1, "playing_cards_expansion"), 6.0, 2.0),
    (Piece("die", "face", 2, 3, "playing_cards_expansion"), 7.5, 2.0),
    (Piece("matchstick", "face", 1, 4), 9.0, 2.0),
    (Piece("matchstick", "face", 2, 1), 10.5, 2.0),
    (Piece("pyramid", "top", 3, 6), 12.0, 2.0),
    (Piece("saucer", "face", 4, 1), 14.0, 2.0),
)


def test_every_family_has_its_own_symbol_in_text():
    text = render(_scene(*FAMILIES), "txt").decode("utf-8")
    for symbol in ("[4|2]", "●", "(♥)", "P♦", "[2♠]", "☼", "▪☾", "▲5♛", "◎⚜"):
        assert symbol in text, (symbol, text)
    # The rank-4 matchstick: a heavy line almost two inches (four rows) long, its suit in the middle.
    lines = text.split("\n")
    row = next(k for k, line in enumerate(lines) if "☼" in line)
    column = lines[row].index("☼")
    assert [lines[r][column] if column < len(lines[r]) else " " for r in range(row - 2, row + 3)] == list("┃┃☼┃┃")


def test_every_format_draws_the_families_alike(tmp_path):
    import numpy as np

    if shutil.which("rsvg-convert") is None:
        pytest.fail("rsvg-convert (Debian package librsvg2-bin) is needed; the README's test command installs it")
    scene = _scene(*FAMILIES)
    raster = rasterize_pdf(render(scene, "pdf", scale=1.0), dpi=DPI)
    pdf = np.frombuffer(raster.pixels, dtype=np.uint8).reshape(raster.height, raster.width, 3).astype(int)
    svg_file = tmp_path / "families.svg"
    svg_file.write_bytes(render(scene, "svg", scale=1.0))
    svg = rgb_rows(subprocess.run(["rsvg-convert", "--dpi-x", str(DPI), "--dpi-y", str(DPI), str(svg_file)],
                                   capture_output=True, check=True).stdout)
    png = rgb_rows(render(scene, "png", scale=1.0))
    assert block_mismatch(svg, pdf) < 0.005
    assert block_mismatch(png, pdf) < 0.005
    assert block_mismatch(np.roll(svg, 10, axis=1), pdf) > 0.02  # a picture shifted a tenth of an inch is caught
