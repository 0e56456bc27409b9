"""Labyrinth positions as scenes: each tile a wall square with its passages and its two
gems as colour dots (the lower right one a diamond where the two colours are alike);
homes (squares with the player's initial), goals (rings) and avatars (discs with an
initial) in the players' colours; the last slide as an arrow outside the board and the last walk
as a line along the passages' centres. Beside the board: the spare tile, and a key of
the players saying where each is heading. Columns ``a``, ``b`` ... from the left and rows
``1``, ``2`` ... from the top are the board's coordinates (as :func:`~.board.cell_name`
names cells).

The whole gem key (every gem numbered, on a board large enough for the numbers to read)
is a drawing of its own, :func:`key_scene`.

Tiles are an inch square; row 0 is at the top.
"""

from __future__ import annotations

import colorsys
import math
import zlib
from functools import lru_cache

from ...scene import (Annotation, Arrow, Bounds, Coordinates, Group, Highlight, Label, Marker, Outline, Panel,
                      Rectangle, Scene, flattened)
from .board import Coordinate, Tile, cell_name, column_name, row_name
from .connectors import EAST, NORTH, SOUTH, SYMBOLS, WEST
from .gem_colours import GEM_COLOURS
from .rules import LabyrinthPlay
from .strategies import legal_turns
from ...values import replace

#: Half the width of a passage (inches from the tile's centre).
PASSAGE = 0.15
#: A tile's gems: dots this wide this far from its centre (upper left, lower right).
GEM_SPOT, GEM_DOT = 0.31, 0.2
#: A home: a square this wide in the lower left corner, its player's initial on it (wide
#: enough for the letter to print at 7 points in a figure); a goal: a ring in the upper
#: right. (Both clear of an avatar on the tile: a player's disc does not hide its own home.)
HOME_SPOT, HOME_SIZE = 0.34, 0.28
GOAL_SPOT, GOAL_SIZE = 0.31, 0.3
#: An avatar: a disc this wide on the tile's centre, the player's initial on it.
AVATAR = 0.54
#: The printed size of the key's words (points), and the distance between its lines (inches of the board).
KEY_POINTS = 7.5
KEY_STEP = 0.55
#: The course's colour names.
COLOUR_NAMES = {"purple": "#7B3FA0", "orange": "#F08C00", "pink": "#F27EB2", "red": "#D62828", "blue": "#1F5FAF",
                "green": "#2E8B57", "yellow": "#F2D022", "white": "#FFFFFF", "black": "#202020"}
#: Goals still to come (the queue of later goals) are grey rings.
LATER_GOAL = "#808080"


def player_colour(color: str) -> str:
    """``#RRGGBB`` for a course colour: a name, or six hex digits; grey for anything else."""
    if color.lower() in COLOUR_NAMES:
        return COLOUR_NAMES[color.lower()]
    if len(color) == 6 and all(ch in "0123456789ABCDEFabcdef" for ch in color):
        return "#" + color.upper()
    return "#808080"


def _palette() -> tuple[str, ...]:
    # For a gem not in the course's list: twelve hues, alternately lighter and darker.
    out = []
    for k in range(12):
        r, g, b = colorsys.hls_to_rgb(k / 12, (0.45, 0.65)[k % 2], 0.75)
        out.append(f"#{round(r * 255):02X}{round(g * 255):02X}{round(b * 255):02X}")
    return tuple(out)


GEM_PALETTE = _palette()


@lru_cache(maxsize=512)
def gem_colour(gem: str) -> str:
    """The colour of a gem's marks: the stone's own (:data:`~.gem_colours.GEM_COLOURS`) for
    a gem of the course's list, else one of :data:`GEM_PALETTE` chosen by its name (the same
    on every run and machine)."""
    known = GEM_COLOURS.get(gem.lower().replace("_", "-"))  # the course's fixtures spell some with "_"
    return known or GEM_PALETTE[zlib.crc32(gem.encode("utf-8")) % len(GEM_PALETTE)]


#: Two colours closer than this (:func:`colour_distance`) are alike: a tile's two gems so
#: coloured are told apart by shape (the lower right one a diamond).
ALIKE = 120.0


def colour_distance(a: str, b: str) -> float:
    """How far apart two ``#RRGGBB`` colours look: the distance in RGB weighted as the eye
    weighs the channels ("redmean"); 0 for one colour, about 765 for black and white."""
    r1, g1, b1 = (int(a[k:k + 2], 16) for k in (1, 3, 5))
    r2, g2, b2 = (int(b[k:k + 2], 16) for k in (1, 3, 5))
    mean = (r1 + r2) / 2
    dr, dg, db = r1 - r2, g1 - g2, b1 - b2
    return math.sqrt((2 + mean / 256) * dr * dr + 4 * dg * dg + (2 + (255 - mean) / 256) * db * db)


def is_alike(gem: str, other: str) -> bool:
    """Whether two gems' colours are too close to tell them apart on one tile."""
    return colour_distance(gem_colour(gem), gem_colour(other)) < ALIKE


def gem_shapes(gems: tuple[str, str]) -> tuple[str, str]:
    """The marks of a tile's two gems: discs, the second a diamond where their colours are alike."""
    return ("disc", "diamond" if is_alike(*gems) else "disc")


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


def cell_centre(cell: Coordinate, height: int) -> tuple[float, float]:
    """The centre of the tile at ``cell`` (row 0 at the top) on a board ``height`` rows tall."""
    return cell[1] + 0.5, height - cell[0] - 0.5


def board_coordinates(height: int, width: int) -> Coordinates:
    """The board's coordinates as :func:`~.board.cell_name` names cells: columns ``a``.. from
    the left, rows ``1``.. from the top."""
    return Coordinates(files=tuple((c + 0.5, column_name(c)) for c in range(width)),
                       ranks=tuple((height - r - 0.5, row_name(r)) for r in range(height)))


def tile_annotations(tile: Tile, x: float, y: float, numbers: dict[str, int] | None = None,
                     gem: float = GEM_DOT) -> Group:
    """A tile centred at ``(x, y)``: the wall, the passages and the two gems, as dots
    ``gem`` inches wide; with ``numbers`` (gem -> number), numbered as the key lists them."""
    g1, g2 = tile.gems
    n1, n2 = (str(numbers.get(g1, "")), str(numbers.get(g2, ""))) if numbers else ("", "")
    return _tile_group(tile, x, y, n1, n2, gem)


# A game's tiles recur from position to position, mostly in the same places.
@lru_cache(maxsize=4096)
def _tile_group(tile: Tile, x: float, y: float, n1: str, n2: str, gem: float) -> Group:
    shape = tuple((x + dx, y + dy) for dx, dy in passage(tile.connector))
    g1, g2 = tile.gems
    s1, s2 = gem_shapes(tile.gems)
    spot = min(GEM_SPOT, 0.49 - gem / 2)  # a large numbered mark stays within its tile
    return Group((Rectangle(x, y, 1.0, 1.0, role="wall"),
                  Outline(shape, glyph=SYMBOLS[tile.connector], glyph_at=(x, y)),
                  Marker(x - spot, y + spot, gem, gem_colour(g1), s1, text=n1, role="gem", rim=True),
                  Marker(x + spot, y - spot, gem, gem_colour(g2), s2, text=n2, role="gem", rim=True)),
                 role="tile")


def board_notes(play: LabyrinthPlay, numbers: dict[str, int] | None = None, gem: float = GEM_DOT) -> list[Annotation]:
    """The tiles of the board, gems as :func:`tile_annotations` draws them."""
    board = play.position.board
    h = board.height
    return [tile_annotations(tile, *cell_centre((r, c), h), numbers, gem)
            for r, row in enumerate(board.tiles) for c, tile in enumerate(row)]


def position_scene(play: LabyrinthPlay, *, caption: str = "", show_legal: bool = False,
                   legend: bool = True) -> Scene:
    """A drawing of the game: the board, the spare and the players' key beside it, the last
    turn's slide and walk. With ``show_legal`` the cells the player to move can reach with
    some slide are highlighted. The key says where each player is heading; with ``legend``
    it also names the gems of each goal and says what the rings and squares are (without,
    one line a player: plates and the viewer show the whole key once). A turn's drawing is
    about the slid row or column and the walk: its focus."""
    position = play.position
    board = position.board
    h, w = board.height, board.width
    notes: list[Annotation] = board_notes(play)
    if show_legal and play.to_move is not None:
        cells = sorted({move.destination for move in legal_turns(position)})
        notes += [Highlight(*cell_centre(cell, h), 1.0, 1.0) for cell in cells]
    players = position.players
    homes: dict[Coordinate, int] = {}
    for player in players:
        x, y = cell_centre(player.home, h)
        k = homes[player.home] = homes.get(player.home, -1) + 1
        notes.append(home_mark(x - HOME_SPOT + 0.12 * k, y - HOME_SPOT, player.color, play.name_of(player.color)))
    goals: dict[Coordinate, int] = {}
    for player in players:
        if player.goto is not None and not player.going_home:
            x, y = cell_centre(player.goto, h)
            k = goals[player.goto] = goals.get(player.goto, -1) + 1
            notes.append(Marker(x + GOAL_SPOT - 0.12 * k, y + GOAL_SPOT, GOAL_SIZE, player_colour(player.color),
                                "ring", role="goal"))
    for cell in position.goals:
        x, y = cell_centre(cell, h)
        notes.append(Marker(x + GOAL_SPOT, y + GOAL_SPOT, GOAL_SIZE, LATER_GOAL, "ring", role="goal"))
    last = play.last_turn
    focus = None
    if last is not None and last.move is not None:
        notes += walk_marks(tuple(cell_centre(cell, h) for cell in last.route), player_colour(last.color))
        notes.append(slide_arrow(last.move.index, last.move.direction, h, w))
        focus = turn_focus(last.move.index, last.move.direction, last.route, h, w)
    elif last is not None:
        # A pass: no slide, no walk; the drawing is about the player who passed: its tile ringed (it stays).
        stood = next((p.current for p in players if p.color == last.color), None)
        if stood is not None:
            x, y = cell_centre(stood, h)
            focus = Bounds(x - 1.5, y - 1.5, x + 1.5, y + 1.5)
            notes.append(Highlight(x, y, 1.0, 1.0, role="target"))
    here: dict[Coordinate, int] = {}
    for player in players:
        x, y = cell_centre(player.current, h)
        k = here[player.current] = here.get(player.current, -1) + 1
        notes.append(avatar(x + 0.16 * k, y - 0.16 * k, player.color, play.name_of(player.color)))
    if focus is not None:
        focus = holding(focus, notes)
    panels = (spare_panel(position.spare, side="below"), players_panel(play)) if legend \
        else (spare_panel(position.spare),)

    return Scene((), tuple(notes), caption=caption, title="Labyrinth", focus=focus, panels=panels,
                 coordinates=board_coordinates(h, w))


#: A window keeps the homes and goals it shows this far (inches of the board) inside its
#: edges: clear of a torn edge's teeth at the scales a figure prints at.
MARK_CLEARANCE = 0.15


def holding(focus: Bounds, notes: list[Annotation] | tuple[Annotation, ...]) -> Bounds:
    """``focus`` grown to hold whole, :data:`MARK_CLEARANCE` inside its edges, each home and
    goal that it shows part of (a ring cut by a torn edge reads as something else)."""
    x0, y0, x1, y1 = focus.x0, focus.y0, focus.x1, focus.y1
    for m in flattened(notes):
        if not (isinstance(m, Marker) and m.role in ("home", "goal")):
            continue
        r = m.size / 2 + MARK_CLEARANCE
        if m.x + m.size / 2 > focus.x0 and m.x - m.size / 2 < focus.x1 and \
                m.y + m.size / 2 > focus.y0 and m.y - m.size / 2 < focus.y1:
            x0, y0, x1, y1 = min(x0, m.x - r), min(y0, m.y - r), max(x1, m.x + r), max(y1, m.y + r)
    return Bounds(x0, y0, x1, y1)


#: A walk's start: a dot this wide; its arrow stops this far short of the avatar's centre.
_WALK_DOT = 0.16


def walk_marks(points: tuple[tuple[float, float], ...], colour: str, *, role: str = "move") -> list[Annotation]:
    """A walk through ``points`` (tile centres) in ``colour``: a dot where it starts and an
    arrow along the passages, its head at the edge of the avatar that ends it (none for a walk
    that stays on its tile)."""
    if len(points) < 2:
        return []
    (x0, y0), (x1, y1) = points[-2], points[-1]
    length = math.hypot(x1 - x0, y1 - y0)
    short = min(AVATAR / 2, length / 2)
    end = (x1 - (x1 - x0) / length * short, y1 - (y1 - y0) / length * short)
    return [Marker(*points[0], _WALK_DOT, colour, "disc", role="walk-start"),
            Arrow(points[0], end, role=role, via=points[1:-1], colour=colour)]


def turn_focus(index: int, direction: str, route: tuple[Coordinate, ...], h: int, w: int) -> Bounds:
    """The region a turn is about: the end of the slid row or column where the spare went in,
    with its arrow, the cells walked, and half a tile round them."""
    y1: float  # a whole number of tiles in some directions
    if direction == "LEFT":
        x0, y0, x1, y1 = w - 1.0, h - index - 1.0, w + 1.0, h - index
    elif direction == "RIGHT":
        x0, y0, x1, y1 = -1.0, h - index - 1.0, 1.0, h - index
    elif direction == "UP":
        x0, y0, x1, y1 = index, -1.0, index + 1.0, 1.0
    else:
        x0, y0, x1, y1 = index, h - 1.0, index + 1.0, h + 1.0
    for r, c in route:
        x0, y0, x1, y1 = min(x0, c), min(y0, h - r - 1.0), max(x1, c + 1.0), max(y1, h - r)
    return Bounds(x0, y0, x1, y1).expanded(1.0)


def spare_panel(spare: Tile, *, side: str = "right") -> Panel:
    """The spare tile, beside the board (``side`` as :class:`~piecepack_diagrams.scene.Panel`
    takes it), a panel of its own: under the players' key's heading it would read as one of
    the players."""
    return Panel(annotations=(tile_annotations(spare, 0.5, -0.5),), title="Spare tile", side=side)


def avatar(x: float, y: float, color: str, name: str) -> Marker:
    """A player's avatar at ``(x, y)``: a disc in its colour with its initial (left out where
    it would print too small to read)."""
    return Marker(x, y, AVATAR, player_colour(color), "disc", name[:1].upper(), role="avatar", legible=True)


def home_mark(x: float, y: float, color: str, name: str) -> Marker:
    """A player's home at ``(x, y)``: a square in its colour with its initial (so homes are
    told apart without colour; left out where it would print too small to read)."""
    return Marker(x, y, HOME_SIZE, player_colour(color), "square", name[:1].upper(), role="home", legible=True)


def gone_avatar(x: float, y: float, color: str, name: str) -> Marker:
    """Where a player thrown out stood, at ``(x, y)``: a ring the size of its avatar, in its
    colour, with its initial (the avatar itself has left the board)."""
    return Marker(x, y, AVATAR, player_colour(color), "ring", name[:1].upper(), role="gone", legible=True)


def display_name(name: str) -> str:
    """A player's name as prose writes it: capitalised (``sam`` -> ``Sam``)."""
    return name[:1].upper() + name[1:]


def player_words(name: str, color: str) -> str:
    """A player as the key names it: ``Ann (red)`` (a name capitalised, as prose writes
    it), or the colour alone for a player with no name."""
    return color if name == color else f"{display_name(name)} ({color})"


def gem_words(gem: str) -> str:
    """A gem's name as prose writes it: ``golden-diamond-cut`` -> ``golden diamond cut``."""
    return gem.replace("-", " ").replace("_", " ")


def players_panel(play: LabyrinthPlay, *, full: bool = True, within: Bounds | None = None,
                  out: tuple[tuple[str, str], ...] | None = None) -> Panel:
    """The key of the players, under the board: each player's avatar and where it is heading
    (its goal, or its home once it has been to the goal), the players thrown out (``out``,
    (colour, name) pairs; None: all of ``play.out``) as such, and what the rings and
    squares drawn stand for (the spare tile is a panel of its own); ``full``: each goal's
    gems (as marks in their colours and shapes, upper left first, and by name). Lines are kept short: a column is 3.25
    inches. Without ``full`` (the whole key's page, beside the board) each line is shorter
    still. With ``within`` (the part of the board a figure shows) only the players standing
    there are listed, and a ring or square there of a player not listed is named for its
    player."""
    position = play.position
    board = position.board
    h = board.height

    def shown(cell: Coordinate) -> bool:
        x, y = cell_centre(cell, h)
        return within is None or (within.x0 <= x <= within.x1 and within.y0 <= y <= within.y1)

    players = [p for p in position.players if shown(p.current)]
    others = [p for p in position.players if not shown(p.current)]
    lines: list[tuple[tuple[Marker, ...], str]] = []
    for player in players:
        name = play.name_of(player.color)
        disc = (avatar(0.0, 0.0, player.color, name),)
        who = player_words(name, player.color)
        if play.finisher == player.color:
            lines.append((disc, f"{who}: home after the goal: wins"))
        elif player.going_home or player.goto is None:
            lines.append((disc, f"{who}: going home to {cell_name(player.home)}"))
        else:
            if not full:
                lines.append((disc, f"{who}: goal {cell_name(player.goto)}, home {cell_name(player.home)}"))
                continue
            lines.append((disc, f"{who}: on the way to goal {cell_name(player.goto)}"))
            # Upper left, then lower right, in the shapes the tile draws them in.
            gems = board.tiles[player.goto[0]][player.goto[1]].gems
            (g1, g2), (s1, s2) = gems, gem_shapes(gems)
            dots = (Marker(-0.12, 0.0, GEM_DOT, gem_colour(g1), s1), Marker(0.12, 0.0, GEM_DOT, gem_colour(g2), s2))
            lines.append((dots, f"{gem_words(g1)}, {gem_words(g2)}"))
    for color, name in play.out if out is None else out:
        lines.append(((gone_avatar(0.0, 0.0, color, name),), f"{player_words(name, color)}: thrown out of the game"))
    aiming = [p for p in position.players if p.goto is not None and not p.going_home and shown(p.goto)]
    if any(p in players for p in aiming):
        lines.append(((Marker(0.0, 0.0, GOAL_SIZE, "#404040", "ring"),), "ring: a goal (player's colour)"))
    for p in (p for p in aiming if p in others):
        lines.append(((Marker(0.0, 0.0, GOAL_SIZE, player_colour(p.color), "ring"),),
                      f"ring: the goal of {player_words(play.name_of(p.color), p.color)}"))
    later = [cell for cell in position.goals if shown(cell)]
    if later:
        lines.append(((Marker(0.0, 0.0, GOAL_SIZE, LATER_GOAL, "ring"),),
                      f"grey ring: {'a goal still to come' if full else 'next goal'} "
                      f"({', '.join(map(cell_name, later))})"))
    if any(shown(p.home) for p in players):
        lines.append(((Marker(0.0, 0.0, HOME_SIZE, "#FFFFFF", "square"),), "square: a home (initial, colour)"))
    for p in (p for p in others if shown(p.home)):
        lines.append(((home_mark(0.0, 0.0, p.color, play.name_of(p.color)),),
                      f"square: the home of {player_words(play.name_of(p.color), p.color)}"))
    notes: list[Annotation] = []
    for k, (marks, text) in enumerate(lines):
        y = -k * KEY_STEP
        notes += [replace(m, y=m.y + y, role="key") for m in marks]
        notes.append(Label(AVATAR / 2 + 0.15, y, text, KEY_POINTS, role="key", anchor="start"))
    return Panel(annotations=(Group(tuple(notes), role="players"),), title="Players", side="below" if full else "right")


def slide_arrow(index: int, direction: str, h: int, w: int) -> Arrow:
    """An arrow just outside the board pointing where the tiles moved, at the end where the
    spare went in."""
    if direction in ("LEFT", "RIGHT"):
        y = h - index - 0.5
        return Arrow((w + 0.7, y), (w + 0.08, y)) if direction == "LEFT" else Arrow((-0.7, y), (-0.08, y))
    x = index + 0.5
    return Arrow((x, -0.7), (x, -0.08)) if direction == "UP" else Arrow((x, h + 0.7), (x, h + 0.08))


#: The whole key is laid out for a page this wide and at most this tall (paper inches): a
#: letter page's text block, with room for the caption.
KEY_PAGE = (6.4, 8.6)
#: Its lines this far apart (points); its gems' numbered marks at most this wide (inches, in a tile's corner).
_KEY_LINE = 10.5
KEY_GEM = 0.5
#: Its homes at most this wide (inches, in a tile's lower left corner, clear of the gems).
KEY_HOME = 0.44
#: A character's width as a share of the size, generously (games do not measure text).
_CHAR = 0.62


def key_scene(play: LabyrinthPlay, *, page: tuple[float, float] = KEY_PAGE) -> Scene:
    """The whole key: the board with the players on it and every gem numbered, beside it the
    spare and the players' key, under it every gem by number; laid out for a page of ``page``
    paper inches (at that size or larger the numbers print at 7 points or more)."""
    position = play.position
    board = position.board
    h, w = board.height, board.width
    gems = sorted({g for row in board.tiles for t in row for g in t.gems} | set(position.spare.gems))
    numbers = {g: k for k, g in enumerate(gems, start=1)}
    longest = max((len(g) for g in gems), default=1)
    people = players_panel(play, full=False)
    widest = max(len(a.text) for a in flattened(people.annotations) if isinstance(a, Label))
    beside = widest * _CHAR * KEY_POINTS / 72 + 0.6  # the players' key, printed inches
    scale = (page[0] - beside) / (w + 1.0)
    while True:
        # The marks' numbers must print at 7 points: two digits take half the mark.
        dot = max(0.32, 7.6 / 72 / 0.5 / scale)
        step = _KEY_LINE / 72 / scale
        width = 0.3 + longest * _CHAR * KEY_POINTS / 72 / scale + 0.25
        columns = max(1, min(len(gems), int(page[0] / scale / width)))
        rows = math.ceil(len(gems) / columns)
        if (h + 2.4 + rows * step) * scale <= page[1] or scale < 0.05:
            break
        scale *= 0.97
    dot = min(dot, KEY_GEM)
    # Homes large enough for their initials to print at 7 points, their outer corner where it was.
    home = min(KEY_HOME, max(HOME_SIZE, 7.6 / 72 / 0.62 / scale))
    inward = (home - HOME_SIZE) / 2
    shown = position_scene(play, legend=False)
    notes: list[Annotation] = board_notes(play, numbers, dot)
    # Homes and goals, not the avatars: they would hide gems' numbers.
    notes += [replace(a, x=a.x + inward, y=a.y + inward, size=home) if a.role == "home" else a
              for a in shown.annotations if isinstance(a, Marker) and a.role in ("home", "goal")]
    key: list[Annotation] = []
    for k, gem in enumerate(gems):
        x, y = (k // rows) * width, -(k % rows) * step
        key.append(Marker(x, y, 0.2, gem_colour(gem), role="key"))
        key.append(Label(x + 0.2, y, f"{numbers[gem]} {gem_words(gem)}", KEY_POINTS, role="key", anchor="start"))
    spare = Panel(annotations=(tile_annotations(position.spare, 0.5, -0.5, numbers, dot),), title="Spare",
                  side="right")
    listed = Panel(annotations=(Group(tuple(key), role="key"),), title="Gems", side="below")
    return Scene((), tuple(notes), title="Labyrinth", panels=(spare, people, listed),
                 coordinates=board_coordinates(h, w))


__all__ = ["ALIKE", "COLOUR_NAMES", "GEM_PALETTE", "KEY_PAGE", "board_coordinates", "board_notes", "cell_centre",
           "colour_distance", "gem_colour", "gem_shapes", "gem_words", "gone_avatar", "holding", "home_mark",
           "is_alike", "key_scene", "passage", "player_colour", "player_words", "players_panel", "position_scene",
           "slide_arrow", "spare_panel", "tile_annotations", "turn_focus"]
