"""Labyrinth's gems drawn in colours a reader accepts for their names (emerald green, ruby
red, a "blue pear shape" blue), a tile's two gems told apart where their colours are alike,
and homes marked with their players' initials, so that they read without colour."""

from __future__ import annotations

import colorsys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from piecepack_diagrams.api import replay_file
from piecepack_diagrams.figures import figure_set, game_replays
from piecepack_diagrams.games.labyrinth import picture
from piecepack_diagrams.games.labyrinth.gem_colours import GEM_COLOURS
from piecepack_diagrams.render import render
from piecepack_diagrams.render.primitives import contrasting
from piecepack_diagrams.scene import Group, Marker, flattened
from svgpaths import parse_path

SVG = "{http://www.w3.org/2000/svg}"
COURSE_GEMS = (Path(picture.__file__).with_name("gems.txt")).read_text(encoding="utf-8").split()
RECORDS = sorted(Path("records/labyrinth").glob("*.ppn"))


def _hls(colour: str) -> tuple[float, float, float]:
    """Hue in degrees, lightness and saturation (0..1) of ``#RRGGBB``."""
    h, light, s = colorsys.rgb_to_hls(*(int(colour[k:k + 2], 16) / 255 for k in (1, 3, 5)))
    return h * 360, light, s


def _is_hue(colour: str, low: float, high: float) -> bool:
    hue, light, sat = _hls(colour)
    return sat > 0.25 and 0.1 < light < 0.95 and (low <= hue <= high if low <= high else hue >= low or hue <= high)


# A colour word in a gem's name, or a stone known by its colour -> the hues (degrees) a reader accepts.
HUES = {"red": (340, 12), "ruby": (340, 12), "garnet": (330, 12), "pink": (300, 358), "rose": (300, 358),
        "orange": (15, 40), "apricot": (15, 40), "carnelian": (5, 30), "yellow": (40, 62), "citrine": (35, 55),
        "lemon": (45, 65), "golden": (35, 52), "green": (80, 165), "emerald": (120, 165), "peridot": (65, 100),
        "aventurine": (90, 160), "aquamarine": (160, 195), "grandidierite": (150, 190), "blue": (200, 250),
        "sapphire": (200, 250), "lapis": (200, 235), "azurite": (210, 240), "purple": (260, 300),
        "amethyst": (260, 300), "tanzanite": (225, 260), "padparadscha": (5, 30)}


def test_every_gem_of_the_course_list_has_its_own_colour_in_the_table():
    assert sorted(GEM_COLOURS) == sorted(COURSE_GEMS)
    for gem in COURSE_GEMS:
        assert picture.gem_colour(gem) == GEM_COLOURS[gem]
    assert picture.gem_colour("mexican_opal") == GEM_COLOURS["mexican-opal"], "the fixtures' spelling"


@pytest.mark.parametrize("word", sorted(HUES))
def test_a_gem_named_for_a_colour_or_known_by_one_is_drawn_in_it(word):
    low, high = HUES[word]
    named = [g for g in COURSE_GEMS if word in g.split("-") or g.startswith(word)]
    assert named, word
    for gem in named:
        if word == "garnet" and gem == "grossular-garnet":
            continue  # the green garnet
        if ((word == "emerald" and gem.endswith("emerald-cut"))
                or (gem == "padparadscha-sapphire" and word == "sapphire")):
            continue  # a cut, not the stone; the pink-orange sapphire
        colour = picture.gem_colour(gem)
        assert _is_hue(colour, low, high), (gem, colour, _hls(colour))


def test_black_stones_are_near_black_white_ones_near_white_and_every_number_reads_on_its_gem():
    for gem in ("black-onyx", "black-obsidian", "black-spinel-cushion"):
        assert _hls(picture.gem_colour(gem))[1] < 0.3, gem
    for gem in ("white-square", "diamond", "rock-quartz", "moonstone", "magnesite"):
        assert _hls(picture.gem_colour(gem))[1] > 0.85, gem

    def luminance(colour: str) -> float:
        def channel(c: float) -> float:
            return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
        r, g, b = (channel(int(colour[k:k + 2], 16) / 255) for k in (1, 3, 5))
        return 0.2126 * r + 0.7152 * g + 0.0722 * b

    for gem, colour in GEM_COLOURS.items():
        a, b = sorted((luminance(colour), luminance(contrasting(colour))))
        assert (b + 0.05) / (a + 0.05) >= 3.0, (gem, colour)  # large text's contrast


def test_a_dark_gem_has_a_light_rim_on_the_dark_wall():
    scene = picture.position_scene(next(replay_file(str(RECORDS[0]))).positions[0].state)
    gems = [m for m in flattened(scene.annotations) if isinstance(m, Marker) and m.role == "gem"]
    assert gems and all(m.rim for m in gems)


def test_colour_distance_is_zero_for_one_colour_and_largest_for_black_and_white():
    assert picture.colour_distance("#123456", "#123456") == 0
    assert picture.colour_distance("#000000", "#FFFFFF") == pytest.approx(765, abs=1)
    assert picture.is_alike("emerald", "green-aventurine") and picture.is_alike("ruby", "spinel")
    assert not picture.is_alike("emerald", "ruby") and not picture.is_alike("citrine", "azurite")


@pytest.mark.parametrize("record", RECORDS, ids=lambda p: p.stem)
def test_the_two_gems_of_every_tile_differ_in_colour_or_in_shape(record):
    state = next(replay_file(str(record))).positions[0].state
    tiles = [g for g in picture.board_notes(state) if isinstance(g, Group) and g.role == "tile"]
    spare = picture.tile_annotations(state.position.spare, 0.0, 0.0)
    assert len(tiles) == state.position.board.height * state.position.board.width
    for tile in tiles + [spare]:
        one, two = [m for m in tile.items if isinstance(m, Marker) and m.role == "gem"]
        assert one.shape != two.shape or picture.colour_distance(one.colour, two.colour) >= picture.ALIKE, (one, two)


def test_the_players_key_draws_a_goal_s_gems_in_the_shapes_of_its_tile():
    figure = {f.name: f for f in figure_set("labyrinth", game_replays("labyrinth")).figures}["labyrinth-setup"]
    state = next(r for r in game_replays("labyrinth") if r.record.file == figure.source).positions[0].state
    keyed = [m for panel in figure.scene.panels if panel.title == "Players" for m in flattened(panel.annotations)
             if isinstance(m, Marker) and m.shape == "diamond"]
    alike = [p for p in state.position.players
             if p.goto is not None and picture.is_alike(*state.position.board.tiles[p.goto[0]][p.goto[1]].gems)]
    assert alike and len(keyed) == len(alike)


def _box(subpaths) -> tuple[float, float, float, float]:
    xs = [x for s in subpaths for x, _ in s.points]
    ys = [y for s in subpaths for _, y in s.points]
    return min(xs), min(ys), max(xs), max(ys)


@pytest.mark.parametrize("record", RECORDS, ids=lambda p: p.stem)
def test_each_home_square_carries_its_player_s_initial_in_the_svg(record):
    play = next(replay_file(str(record))).positions[0].state
    root = ET.fromstring(render(picture.position_scene(play), "svg"))
    paths = [(el, parse_path(el.get("d"))) for el in root.iter(SVG + "path")]
    for player in play.position.players:
        colour = picture.player_colour(player.color)
        initial = play.name_of(player.color)[:1].upper()
        squares = [_box([s]) for el, subs in paths if el.get("fill") == colour for s in subs
                   if len(set(s.points)) == 4 and len({round(x) for x, _ in s.points}) == 2]
        # Glyphs of one fill are one path, labelled with their texts: any outline of such a path.
        letters = [_box([s]) for el, subs in paths if initial in (el.get("aria-label") or "").split() for s in subs]
        # The letter inside the square, and at least 0.4 as tall as the square is wide.
        assert any(x0 <= (lx0 + lx1) / 2 <= x1 and y0 <= (ly0 + ly1) / 2 <= y1 and ly1 - ly0 >= 0.4 * (x1 - x0)
                   for x0, y0, x1, y1 in squares for lx0, ly0, lx1, ly1 in letters), (player.color, initial)
