"""Labyrinth positions as scenes: each tile a wall square with its passages, its two
gems as numbered marks (a colour per gem name, with a legend), homes, goals and
avatars in the players' colours, the spare beside the board, the last slide as an
arrow and the last avatar's route.

Tiles are an inch square; row 0 is at the top.
"""

from __future__ import annotations

import colorsys
import zlib
from functools import lru_cache

from ...scene import Arrow, Bounds, Group, Highlight, Label, Marker, Outline, PathLine, Rectangle, Scene
from .board import Coordinate, Tile
from .connectors import EAST, NORTH, SOUTH, SYMBOLS, WEST
from .rules import LabyrinthPlay
from .strategies import legal_turns

#: Half the width of a passage, and where the corner marks sit (inches from the centre).
PASSAGE = 0.15
CORNER = 0.3
#: The course's colour names.
COLOUR_NAMES = {"purple": "#7B3FA0", "orange": "#F08C00", "pink": "#F27EB2", "red": "#D62828", "blue": "#1F5FAF",
                "green": "#2E8B57", "yellow": "#F2D022", "white": "#FFFFFF", "black": "#202020"}


def player_colour(color: str) -> str:
    """``#RRGGBB`` for a course colour: a name, or six hex digits; grey for anything else."""
    if color.lower() in COLOUR_NAMES:
        return COLOUR_NAMES[color.lower()]
    if len(color) == 6 and all(ch in "0123456789ABCDEFabcdef" for ch in color):
        return "#" + color.upper()
    return "#808080"


def _palette() -> tuple[str, ...]:
    # Twelve hues, alternately lighter and darker: colours a reader can tell apart; the
    # numbers on the marks tell apart the gems that share one.
    out = []
    for k in range(12):
        r, g, b = colorsys.hls_to_rgb(k / 12, (0.45, 0.65)[k % 2], 0.75)
        out.append(f"#{round(r * 255):02X}{round(g * 255):02X}{round(b * 255):02X}")
    return tuple(out)


GEM_PALETTE = _palette()


@lru_cache(maxsize=512)
def gem_colour(gem: str) -> str:
    """The colour of a gem's marks: one of :data:`GEM_PALETTE`, chosen by its name (the
    same on every run and machine)."""
    return GEM_PALETTE[zlib.crc32(gem.encode("utf-8")) % len(GEM_PALETTE)]


@lru_cache(maxsize=16)
def passage(mask: int) -> tuple[tuple[float, float], ...]:
    """The outline of a tile's passages about its centre: the centre square and an arm
    to each open side, walked counter-clockwise as one polygon."""
    a, h = PASSAGE, 0.5
    points: list[tuple[float, float]] = []
    # Each side in turn (east, north, west, south), from the corner before it to the one after.
    for side, arm in ((EAST, ((a, -a), (h, -a), (h, a), (a, a))), (NORTH, ((a, a), (a, h), (-a, h), (-a, a))),
                      (WEST, ((-a, a), (-h, a), (-h, -a), (-a, -a))), (SOUTH, ((-a, -a), (-a, -h), (a, -h), (a, -a)))):
        points += arm if mask & side else (arm[0], arm[-1])
    out: list[tuple[float, float]] = []
    for p in points:
        if not out or out[-1] != p:
            out.append(p)
    if out[0] == out[-1]:
        out.pop()
    return tuple(out)


def tile_annotations(tile: Tile, x: float, y: float, numbers: dict[str, int]) -> Group:
    """A tile centred at ``(x, y)``: the wall, the passages and the two gems."""
    g1, g2 = tile.gems
    return _tile_group(tile, x, y, str(numbers.get(g1, "")), str(numbers.get(g2, "")))


# A game's tiles recur from position to position, mostly in the same places.
@lru_cache(maxsize=4096)
def _tile_group(tile: Tile, x: float, y: float, n1: str, n2: str) -> Group:
    shape = tuple((x + dx, y + dy) for dx, dy in passage(tile.connector))
    g1, g2 = tile.gems
    return Group((Rectangle(x, y, 1.0, 1.0, role="wall"), Outline(shape, glyph=SYMBOLS[tile.connector], glyph_at=(x, y)),
                  Marker(x - CORNER, y + CORNER, 0.26, gem_colour(g1), text=n1, role="gem"),
                  Marker(x + CORNER, y - CORNER, 0.26, gem_colour(g2), text=n2, role="gem")),
                 role="tile")


def position_scene(play: LabyrinthPlay, *, caption: str = "", show_legal: bool = False,
                   legend: bool = True) -> Scene:
    """A drawing of the game: the board, the spare, the players; with ``show_legal`` the
    cells the player to move can reach with some slide are highlighted; with ``legend``
    the gems and players are listed beside the board."""
    position = play.position
    board = position.board
    h, w = board.height, board.width

    def centre(cell: Coordinate) -> tuple[float, float]:
        return cell[1] + 0.5, h - cell[0] - 0.5

    gems = sorted({g for row in board.tiles for t in row for g in t.gems} | set(position.spare.gems))
    numbers = {g: k for k, g in enumerate(gems, start=1)}
    notes: list = []
    for r, row in enumerate(board.tiles):
        for c, tile in enumerate(row):
            notes.append(tile_annotations(tile, *centre((r, c)), numbers))
    if show_legal and play.to_move is not None:
        cells = sorted({move.destination for move in legal_turns(play.position)})
        notes += [Highlight(*centre(cell), 1.0, 1.0) for cell in cells]
    players = position.players
    homes: dict[Coordinate, int] = {}
    goals: dict[Coordinate, int] = {}
    for player in players:
        colour = player_colour(player.color)
        x, y = centre(player.home)
        k = homes[player.home] = homes.get(player.home, -1) + 1
        notes.append(Marker(x - CORNER + 0.1 * k, y - CORNER, 0.22, colour, "square", role="home"))
        if player.target is not None and not player.going_home:
            x, y = centre(player.target)
            k = goals[player.target] = goals.get(player.target, -1) + 1
            notes.append(Marker(x + CORNER - 0.12 * k, y + CORNER, 0.26, colour, "ring", role="goal"))
    for k, cell in enumerate(position.goals):
        x, y = centre(cell)
        notes.append(Marker(x + CORNER, y + CORNER, 0.26, "#808080", "ring", str(k + 2), role="goal"))
    last = play.last_turn
    if last is not None:
        notes.append(PathLine(tuple((x + 0.08, y - 0.08) for x, y in map(centre, last.route)),
                              colour=player_colour(last.color)))
    if position.last is not None:
        notes.append(slide_arrow(*position.last, h, w))
    here: dict[Coordinate, int] = {}
    for player in players:
        x, y = centre(player.current)
        k = here[player.current] = here.get(player.current, -1) + 1
        notes.append(Marker(x + 0.13 * k, y - 0.13 * k, 0.34, player_colour(player.color), "disc",
                            _initial(play, player.color), role="avatar"))
    sx, sy = w + 1.5, h - 0.5
    notes.append(tile_annotations(position.spare, sx, sy, numbers))
    notes.append(Label(sx, sy + 0.75, "spare", 0.2))
    # A frame that does not depend on the turn (room for a slide arrow on every side), so
    # every position of a game is drawn at the same scale.
    x1, y0 = w + 2.25, -1.0
    if legend:
        key, right, bottom = _legend(play, gems, numbers, x0=w + 1.0, top=h - 1.6, width=w + 2.6)
        notes += key
        x1, y0 = max(x1, right + 0.25), min(y0, bottom - 0.25)
    return Scene((), tuple(notes), caption=caption, title="Labyrinth", frame=Bounds(-1.0, y0, x1, h + 1.0))


def _initial(play: LabyrinthPlay, color: str) -> str:
    return play.name_of(color)[:1].upper()


def slide_arrow(index: int, direction: str, h: int, w: int) -> Arrow:
    """An arrow just outside the board pointing where the tiles moved, at the end where the
    spare went in."""
    if direction in ("LEFT", "RIGHT"):
        y = h - index - 0.5
        return Arrow((w + 0.7, y), (w + 0.08, y)) if direction == "LEFT" else Arrow((-0.7, y), (-0.08, y))
    x = index + 0.5
    return Arrow((x, -0.7), (x, -0.08)) if direction == "UP" else Arrow((x, h + 0.7), (x, h + 0.08))


#: Text sizes of the legend (inches), and the width of a character as a share of the size (an estimate
#: for the columns: games do not measure text).
_PLAYER_TEXT, _GEM_TEXT, _CHAR = 0.18, 0.14, 0.62


def _legend(play: LabyrinthPlay, gems: list[str], numbers: dict[str, int], *, x0: float, top: float,
            width: float) -> tuple[list, float, float]:
    """The players (avatar, name, where it is heading) under the spare, and the gems by
    number in as few rows under the board as fit ``width`` inches; and how far right and
    down they reach (estimated: games do not measure text)."""
    right = x0
    players: list = []
    y = top
    for player in play.position.players:
        colour = player_colour(player.color)
        players.append(Marker(x0 + 0.2, y, 0.3, colour, "disc", _initial(play, player.color)))
        name = play.name_of(player.color)
        heading = "home" if player.going_home else "goal"
        text = f"{name}: {heading}" if name == player.color else f"{name} ({player.color}): {heading}"
        players.append(Label(x0 + 0.5, y, text, _PLAYER_TEXT, anchor="start"))
        right = max(right, x0 + 0.5 + _CHAR * _PLAYER_TEXT * len(text))
        y -= 0.5
    out: list = [Group(tuple(players), role="legend")]
    if not gems:
        return out, right, 0.0
    for rows in range(1, len(gems) + 1):
        columns = [gems[k:k + rows] for k in range(0, len(gems), rows)]
        widths = [0.45 + _CHAR * _GEM_TEXT * max(len(g) for g in column) for column in columns]
        if sum(widths) <= width:
            break
    x = 0.2
    key: list = []
    for column, column_width in zip(columns, widths):
        for row, gem in enumerate(column):
            gy = -1.05 - row * 0.25
            key.append(Marker(x, gy, 0.22, gem_colour(gem), text=str(numbers[gem])))
            key.append(Label(x + 0.17, gy, gem, _GEM_TEXT, anchor="start"))
        x += column_width
    return out + [Group(tuple(key), role="legend-gem")], max(right, x), -1.05 - (len(columns[0]) - 1) * 0.25 - 0.15


__all__ = ["COLOUR_NAMES", "GEM_PALETTE", "gem_colour", "passage", "player_colour", "position_scene", "slide_arrow",
           "tile_annotations"]
