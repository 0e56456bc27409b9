"""The Labyrinth board: a grid of tiles (connector and gem pair), reachability along
connected pathways, and sliding a row or column with the spare tile.

Coordinates are ``(row, column)`` from the top left. Reachability works on bit
masks (cell ``(r, c)`` is bit ``r * width + c``), a flood fill of a few shifts.
"""

from __future__ import annotations

from functools import lru_cache

from ...errors import SetupError
from ...values import field, value
from .connectors import EAST, NORTH, SOUTH, WEST, rotate
from ...reprs import brief_repr

Coordinate = tuple[int, int]
Gems = tuple[str, str]
DIRECTIONS = ("LEFT", "RIGHT", "UP", "DOWN")
OPPOSITE = {"LEFT": "RIGHT", "RIGHT": "LEFT", "UP": "DOWN", "DOWN": "UP"}


@value
class Tile:
    """A tile: its connector (a mask of open sides) and its two gems."""

    connector: int
    gems: Gems

    def rotated(self, degrees: int) -> Tile:
        """The tile turned ``degrees`` counter-clockwise."""
        return Tile(rotate(self.connector, degrees), self.gems)


@value
class Board:
    """A rectangular grid of tiles, row by row."""

    tiles: tuple[tuple[Tile, ...], ...]
    #: For each side (north, east, south, west), the cells open that way, as a bit mask.
    _open: tuple[int, int, int, int] = field(init=False, repr=False, compare=False)

    __repr__ = brief_repr

    def __post_init__(self) -> None:
        w = self.width
        sides = [0, 0, 0, 0]
        for r, row in enumerate(self.tiles):
            for c, tile in enumerate(row):
                bit = 1 << (r * w + c)
                mask = tile.connector
                for k, side in enumerate((NORTH, EAST, SOUTH, WEST)):
                    if mask & side:
                        sides[k] |= bit
        object.__setattr__(self, "_open", tuple(sides))

    @property
    def height(self) -> int:
        return len(self.tiles)

    @property
    def width(self) -> int:
        return len(self.tiles[0])

    def is_inside(self, cell: Coordinate) -> bool:
        """Whether ``cell`` is a cell of this board."""
        return 0 <= cell[0] < len(self.tiles) and 0 <= cell[1] < len(self.tiles[0])

    def reachable_mask(self, start: Coordinate) -> int:
        """The bit mask of the cells reachable from ``start`` (``start`` included).

        Raises :class:`SetupError` for a start off the board."""
        h, w = len(self.tiles), len(self.tiles[0])
        if not (0 <= start[0] < h and 0 <= start[1] < w):  # is_inside, written out: this is the hot path
            raise SetupError(f"({start[0]}, {start[1]}) is off the {self.height}x{self.width} board",
                             expected=f"a row below {self.height} and a column below {self.width}")
        return flood(self._open, h, w, start)

    def slid_open(self, index: int, direction: str, inserted: int) -> tuple[int, int, int, int]:
        """The open-side masks after a slide inserting a tile whose connector is ``inserted``
        (already turned): the slide done on bits, without building the board."""
        base, spot = self.slid_base(index, direction)
        return tuple(b | (spot if inserted & side else 0)  # type: ignore[return-value]
                     for b, side in zip(base, (NORTH, EAST, SOUTH, WEST)))

    def slid_base(self, index: int, direction: str) -> tuple[tuple[int, int, int, int], int]:
        """The open-side masks after a slide with the inserted cell left closed, and that cell's bit."""
        h, w = self.height, self.width
        out = []
        if direction in ("LEFT", "RIGHT"):
            shift = index * w
            line = (1 << w) - 1
            spot = 1 << (shift + (w - 1 if direction == "LEFT" else 0))
            for mask in self._open:
                segment = (mask >> shift) & line
                segment = segment >> 1 if direction == "LEFT" else (segment << 1) & line
                out.append((mask & ~(line << shift)) | (segment << shift))
        else:
            column = _column_mask(h, w, index)
            spot = 1 << ((h - 1) * w + index if direction == "UP" else index)
            for mask in self._open:
                segment = mask & column
                segment = segment >> w if direction == "UP" else (segment << w) & column
                out.append((mask & ~column) | segment)
        return (out[0], out[1], out[2], out[3]), spot

    def reachable(self, start: Coordinate) -> list[Coordinate]:
        """The cells reachable from ``start``, in row-major order (``start`` included)."""
        mask = self.reachable_mask(start)
        w = self.width
        out = []
        while mask:
            low = mask & -mask
            out.append(divmod(low.bit_length() - 1, w))
            mask ^= low
        return out

    def is_reachable(self, start: Coordinate, target: Coordinate) -> bool:
        return bool(self.reachable_mask(start) >> (target[0] * self.width + target[1]) & 1)

    def path(self, start: Coordinate, end: Coordinate) -> list[Coordinate] | None:
        """A shortest route from ``start`` to ``end`` along connected pathways (both ends
        included), the first found in north, east, south, west order; ``None`` if unreachable."""
        h, w = self.height, self.width
        steps = ((NORTH, SOUTH, -1, 0), (EAST, WEST, 0, 1), (SOUTH, NORTH, 1, 0), (WEST, EAST, 0, -1))
        came: dict[Coordinate, Coordinate | None] = {start: None}
        frontier = [start]
        while frontier and end not in came:
            following = []
            for r, c in frontier:
                here = self.tiles[r][c].connector
                for side, back, dr, dc in steps:
                    nr, nc = r + dr, c + dc
                    if here & side and 0 <= nr < h and 0 <= nc < w and (nr, nc) not in came \
                            and self.tiles[nr][nc].connector & back:
                        came[nr, nc] = (r, c)
                        following.append((nr, nc))
            frontier = following
        if end not in came:
            return None
        route = [end]
        while came[route[-1]] is not None:
            route.append(came[route[-1]])  # type: ignore[arg-type]
        return route[::-1]

    def slide(self, index: int, direction: str, spare: Tile, degrees: int) -> tuple[Board, Tile]:
        """The board after sliding row (LEFT, RIGHT) or column (UP, DOWN) ``index`` one step
        and inserting ``spare`` turned ``degrees`` counter-clockwise; and the new spare."""
        rows = [list(row) for row in self.tiles]
        inserted = spare.rotated(degrees)
        if direction == "LEFT":
            out = rows[index].pop(0)
            rows[index].append(inserted)
        elif direction == "RIGHT":
            out = rows[index].pop()
            rows[index].insert(0, inserted)
        else:
            column = [row[index] for row in rows]
            if direction == "UP":
                out = column.pop(0)
                column.append(inserted)
            else:
                out = column.pop()
                column.insert(0, inserted)
            for r, tile in enumerate(column):
                rows[r][index] = tile
        return Board(tuple(tuple(row) for row in rows)), out

@lru_cache(maxsize=256)
def _column_mask(height: int, width: int, column: int) -> int:
    return sum(1 << (r * width + column) for r in range(height))


def flood(sides: tuple[int, int, int, int], height: int, width: int, start: Coordinate) -> int:
    """The cells reachable from ``start`` given the open-side masks: two neighbouring cells
    connect when each is open towards the other."""
    north, east, south, west = sides
    w = width
    full = (1 << (height * width)) - 1
    first_column = _column_mask(height, width, 0)  # cached
    # A link exists where a cell is open one way and its neighbour open back.
    up = north & (south << w)
    down = south & (north >> w) & full
    right = east & (west >> 1) & ~(first_column << (w - 1))
    left = west & (east << 1) & ~first_column
    region = 1 << (start[0] * w + start[1])
    while True:
        grown = region | ((region & up) >> w) | ((region & down) << w) | ((region & right) << 1) | \
            ((region & left) >> 1)
        if grown == region:
            return region
        region = grown


def column_name(column: int) -> str:
    """A column as a player names it: ``a`` for the leftmost, then ``b`` ... ``z``, ``aa`` ..."""
    name = ""
    column += 1
    while column > 0:
        column, k = divmod(column - 1, 26)
        name = chr(ord("a") + k) + name
    return name


def row_name(row: int) -> str:
    """A row as a player names it: ``1`` for the top one, then ``2`` ..."""
    return str(row + 1)


def cell_name(cell: Coordinate) -> str:
    """A cell as a player names it, as the board's edges show: its column's letter and its
    row's number (``b2``: second column, second row from the top)."""
    return column_name(cell[1]) + row_name(cell[0])


def line_name(index: int, direction: str) -> str:
    """The row (a slide left or right) or column (up or down) ``index`` in a player's words:
    ``row 1``, ``column c``."""
    return f"row {row_name(index)}" if direction in ("LEFT", "RIGHT") else f"column {column_name(index)}"


def moved(position: Coordinate, index: int, direction: str, height: int, width: int) -> Coordinate:
    """Where an avatar at ``position`` ends up after the slide: it rides along with its tile,
    and one pushed off the edge lands on the inserted tile at the other end."""
    r, c = position
    if direction in ("LEFT", "RIGHT") and r == index:
        c = (c - 1) % width if direction == "LEFT" else (c + 1) % width
    elif direction in ("UP", "DOWN") and c == index:
        r = (r - 1) % height if direction == "UP" else (r + 1) % height
    return r, c


__all__ = ["Board", "Coordinate", "DIRECTIONS", "Gems", "OPPOSITE", "Tile", "cell_name", "column_name", "flood",
           "line_name", "moved", "row_name"]
