"""The Lab Rats maze: tiles grid side up, each 2x2 squares, laid by die rolls.

Squares are integer points ``(x, y)``; a square's centre is that many inches
from the origin (one square is half a tile, an inch). A tile is named by its
lower-left square and the direction its leading edge faces, in degrees
counter-clockwise: 0 away from the player, 90 to the left, 180 towards the
player, 270 to the right (the convention of the piecepackr project's layouts).

Diagram 1 of the rules, as ``../shared/rules/RULINGS.md`` reads it: measured
from the previous tile, in squares, "forward" being its leading edge's
direction:

======== =========================================== ==================
die      new tile                                    new leading edge
======== =========================================== ==================
null, 3  straight ahead, flush                       same direction
2        ahead, one square to the left               same direction
4        ahead, one square to the right              same direction
ace      against the left side, one square forward   turned left
5        against the right side, one square forward  turned right
======== =========================================== ==================
"""

from __future__ import annotations

from typing import Iterable, Iterator

from ...reprs import brief_repr
from ...values import field, value

Square = tuple[int, int]

#: Die faces as 1-based ranks: 1 null, 2 ace, 3..6 two to five.
NULL, ACE, TWO, THREE, FOUR, FIVE = range(1, 7)
DIE_FACES = (NULL, ACE, TWO, THREE, FOUR, FIVE)
FACE_NAMES = {NULL: "null", ACE: "ace", TWO: "2", THREE: "3", FOUR: "4", FIVE: "5"}
#: How faces are written in records: n a 2 3 4 5 (0 and 1 are accepted for null and ace).
FACE_SYMBOLS = {NULL: "n", ACE: "a", TWO: "2", THREE: "3", FOUR: "4", FIVE: "5"}

#: Die face -> (squares right, squares forward, turn in degrees), from the previous tile's centre.
PLACEMENTS: dict[int, tuple[int, int, int]] = {
    NULL: (0, 2, 0),
    ACE: (-2, 1, 90),
    TWO: (-1, 2, 0),
    THREE: (0, 2, 0),
    FOUR: (1, 2, 0),
    FIVE: (2, 1, -90),
}

#: The number of tiles in a finished maze.
MAZE_TILES = 24

_FORWARD = {0: (0, 1), 90: (-1, 0), 180: (0, -1), 270: (1, 0)}
_RIGHT = {0: (1, 0), 90: (0, 1), 180: (-1, 0), 270: (0, -1)}
DIRECTION_NAMES = {0: "north", 90: "west", 180: "south", 270: "east"}


def forward(angle: int) -> tuple[int, int]:
    """The unit step a leading edge facing ``angle`` points along."""
    return _FORWARD[angle % 360]


def right(angle: int) -> tuple[int, int]:
    """The unit step to the right of a leading edge facing ``angle``."""
    return _RIGHT[angle % 360]


@value(order=True)
class Tile:
    """A tile whose lower-left square is ``(x, y)``, leading edge facing ``angle``."""

    x: int
    y: int
    angle: int = 0

    @property
    def squares(self) -> tuple[Square, Square, Square, Square]:
        """The four squares the tile covers."""
        x, y = self.x, self.y
        return ((x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1))

    @property
    def centre(self) -> tuple[float, float]:
        """The tile's centre in inches."""
        return self.x + 0.5, self.y + 0.5

    @classmethod
    def from_centre(cls, x: float, y: float, angle: float) -> Tile:
        """The tile centred at ``(x, y)`` inches (half-integers), leading edge facing ``angle``.

        Raises ``ValueError`` if the centre is not on the square grid or the angle not a right angle.
        """
        if (x - 0.5) != int(x - 0.5) or (y - 0.5) != int(y - 0.5):
            raise ValueError(f"a tile centre lies between squares (x.5, y.5), not at ({x:g}, {y:g})")
        if angle % 90:
            raise ValueError(f"a leading edge faces 0, 90, 180 or 270 degrees, not {angle:g}")
        return cls(int(x - 0.5), int(y - 0.5), int(angle) % 360)

    def placed(self, face: int) -> Tile:
        """The tile a roll of ``face`` places against this one (Diagram 1)."""
        sx, sy, angle = STEPS[self.angle, face]
        return Tile(self.x + sx, self.y + sy, angle)

    def leading_squares(self) -> tuple[Square, Square]:
        """The two squares along the leading edge (the left one first, facing the edge)."""
        return self._edge_squares(1)

    def trailing_squares(self) -> tuple[Square, Square]:
        """The two squares along the edge opposite the leading edge (left one first, facing forward)."""
        return self._edge_squares(-1)

    def _edge_squares(self, sign: int) -> tuple[Square, Square]:
        (fx, fy), (rx, ry) = forward(self.angle), right(self.angle)
        cx, cy = self.x + 0.5 + sign * 0.5 * fx, self.y + 0.5 + sign * 0.5 * fy
        return _square(cx - 0.5 * rx, cy - 0.5 * ry), _square(cx + 0.5 * rx, cy + 0.5 * ry)

    def edge(self, which: str = "leading") -> tuple[tuple[float, float], tuple[float, float]]:
        """The end points (inches) of the leading (or ``"trailing"``) edge."""
        (fx, fy), (rx, ry) = forward(self.angle), right(self.angle)
        sign = 1 if which == "leading" else -1
        cx, cy = self.x + 0.5 + sign * fx, self.y + 0.5 + sign * fy
        return (cx - rx, cy - ry), (cx + rx, cy + ry)

    def __repr__(self) -> str:
        return f"Tile(x={self.x!r}, y={self.y!r}, angle={self.angle!r})"


#: (leading edge angle, die face) -> (shift of the lower-left square, new angle).
STEPS = {(angle, face): (dx * _RIGHT[angle][0] + dy * _FORWARD[angle][0],
                          dx * _RIGHT[angle][1] + dy * _FORWARD[angle][1], (angle + turn) % 360)
          for angle in _FORWARD for face, (dx, dy, turn) in PLACEMENTS.items()}


def _square(x: float, y: float) -> Square:
    return round(x), round(y)


#: Squares that touch a tile along an edge, relative to its lower-left square.
EDGE_NEIGHBOURS = ((0, -1), (1, -1), (2, 0), (2, 1), (0, 2), (1, 2), (-1, 0), (-1, 1))
#: Squares that touch a tile only at a corner.
CORNER_NEIGHBOURS = ((-1, -1), (2, -1), (2, 2), (-1, 2))


@value
class Maze:
    """Tiles in the order they were placed; the last one holds the exit."""

    tiles: tuple[Tile, ...]
    _squares: frozenset[Square] = field(init=False, repr=False, compare=False)

    __repr__ = brief_repr

    def __post_init__(self) -> None:
        # Computed once: the rules ask for the maze's squares at every move.
        object.__setattr__(self, "_squares", frozenset(sq for tile in self.tiles for sq in tile.squares))

    @classmethod
    def start(cls) -> Maze:
        """A maze of one tile, the first, at the origin facing away from the player."""
        return cls((Tile(0, 0, 0),))

    @property
    def squares(self) -> frozenset[Square]:
        """Every square of the maze."""
        return self._squares

    def is_complete(self) -> bool:
        """True once all 24 tiles are down."""
        return len(self.tiles) == MAZE_TILES

    def placement_problem(self, tile: Tile, *, corner_contact: bool = True) -> str | None:
        """Why ``tile`` cannot be the next tile (placed against the last one), or ``None`` if it can.

        The new tile may not overlap a tile, nor share an edge with any tile but
        the last one (nor, without ``corner_contact``, touch another at a corner).
        """
        owner = {sq: k for k, t in enumerate(self.tiles) for sq in t.squares}
        return placement_problem(owner, len(self.tiles) - 1, tile, corner_contact=corner_contact)

    def is_legal_next(self, tile: Tile, *, corner_contact: bool = True) -> bool:
        """True when ``tile`` may be placed next."""
        return self.placement_problem(tile, corner_contact=corner_contact) is None

    def with_tile(self, tile: Tile) -> Maze:
        return Maze(self.tiles + (tile,))

    def without_last(self) -> Maze:
        return Maze(self.tiles[:-1])

def placement_problem(owner: dict[Square, int], last: int, tile: Tile, *, corner_contact: bool = True) -> str | None:
    """Why ``tile`` cannot be placed against tile ``last`` (0-based) when ``owner`` maps
    each covered square to its tile, or ``None`` if it can."""
    for sq in tile.squares:
        if sq in owner:
            return f"it would overlap tile {owner[sq] + 1}"
    x, y = tile.x, tile.y
    for dx, dy in EDGE_NEIGHBOURS:
        k = owner.get((x + dx, y + dy))
        if k is not None and k != last:
            return f"it would touch tile {k + 1}, which does not hold the leading edge"
    if not corner_contact:
        for dx, dy in CORNER_NEIGHBOURS:
            k = owner.get((x + dx, y + dy))
            if k is not None and k != last:
                return f"it would touch tile {k + 1} at a corner"
    return None


def describe_tile(tile: Tile) -> str:
    """``"the tile at (3, 4) facing west"``, for messages."""
    return f"the tile at ({tile.centre[0]:g}, {tile.centre[1]:g}) facing {DIRECTION_NAMES[tile.angle]}"


def iter_problems(tiles: Iterable[Tile], *, corner_contact: bool = True) -> Iterator[tuple[int, str]]:
    """For tiles in placement order, each ``(index, problem)`` that makes them not a legal maze:
    a first tile not facing away from the player is fine (the table can be turned), but every
    later tile must be a Diagram 1 placement against the one before and a legal one."""
    tiles = list(tiles)
    owner: dict[Square, int] = {}
    for k, tile in enumerate(tiles):
        if k > 0:
            faces = [face for face in DIE_FACES if tiles[k - 1].placed(face) == tile]
            if not faces:
                yield k, (f"tile {k + 1} ({describe_tile(tile)}) is not where any die roll places it "
                          f"against tile {k}")
            problem = placement_problem(owner, k - 1, tile, corner_contact=corner_contact)
            if problem:
                yield k, f"tile {k + 1} ({describe_tile(tile)}): {problem}"
        for sq in tile.squares:
            owner.setdefault(sq, k)


def is_legal_maze(tiles: Iterable[Tile], *, corner_contact: bool = True) -> bool:
    """True when ``tiles`` (in placement order) could have been built by the rules."""
    return next(iter_problems(tiles, corner_contact=corner_contact), None) is None


__all__ = ["ACE", "CORNER_NEIGHBOURS", "DIE_FACES", "EDGE_NEIGHBOURS", "DIRECTION_NAMES", "FACE_NAMES", "FACE_SYMBOLS",
           "FIVE", "FOUR", "MAZE_TILES", "Maze", "NULL", "PLACEMENTS", "STEPS", "Square", "THREE", "TWO", "Tile",
           "describe_tile", "forward", "is_legal_maze", "iter_problems", "placement_problem", "right"]
