"""Building a Lab Rats maze: roll, place by Diagram 1, re-roll illegal placements,
back out when stuck, until 24 tiles are down.

A build is recorded as :class:`BuildStep` values: a roll that placed a tile, a
roll that was re-rolled because its placement was illegal, or a back-out. The
same steps replayed by :func:`replay_build` give the same maze, and a step
that breaks the rules is reported with the rule in words.

Backing out follows ``RULINGS.md``: when no die face gives a legal placement,
the last tile is taken away, and while the tile before it stays that placement
is not used again (otherwise building could loop forever).
"""

from __future__ import annotations


from ...rng import SeededRandom
from ...values import value
from .maze import (CORNER_NEIGHBOURS, EDGE_NEIGHBOURS, STEPS, DIE_FACES, NULL, THREE, FACE_NAMES, FACE_SYMBOLS,
                   MAZE_TILES, Maze, Square, Tile, placement_problem)

#: A roll's outcomes.
PLACED, REROLLED = "placed", "rerolled"


@value
class BuildStep:
    """One step of a build: ``kind`` is ``"placed"`` or ``"rerolled"`` (with the die
    ``face``, 1 = null .. 6 = five) or ``"back"`` (the last tile backed out)."""

    kind: str
    face: int = 0

    @property
    def text(self) -> str:
        """The step as written in a record: ``4``, ``4x`` (re-rolled) or ``<`` (back out)."""
        if self.kind == "back":
            return "<"
        return FACE_SYMBOLS[self.face] + ("x" if self.kind == REROLLED else "")

    def __repr__(self) -> str:
        return f"BuildStep(kind={self.kind!r}, face={self.face!r})"


class BuildError(ValueError):
    """A build step breaks the building rules; ``index`` is the step's position (0-based)."""

    def __init__(self, message: str, index: int) -> None:
        super().__init__(message)
        self.message = message
        self.index = index


class Builder:
    """A maze under construction, with what backing out has ruled out.

    ``banned[k]`` holds placements of tile ``k`` (0-based) already backed out
    while tile ``k - 1`` stayed.
    """

    __slots__ = ("corner_contact", "tiles", "banned", "steps", "owner", "blocked")

    def __init__(self, corner_contact: bool = True) -> None:
        self.corner_contact = corner_contact
        self.tiles: list[Tile] = [Tile(0, 0, 0)]
        self.banned: dict[int, set[Tile]] = {}
        self.steps: list[BuildStep] = []
        #: Which tile (0-based) covers each square, kept up to date as tiles come and go.
        self.owner: dict[Square, int] = {sq: 0 for sq in Tile(0, 0, 0).squares}
        #: Squares a new tile may not cover: those covered by, or touching, any tile but the last
        #: (a count per square, as zones overlap). The last tile's own squares are checked apart.
        self.blocked: dict[Square, int] = {}

    def __repr__(self) -> str:
        return f"<Builder: {len(self.tiles)} tiles placed, corner_contact={self.corner_contact!r}>"

    def _zone(self, tile: Tile) -> list[Square]:
        x, y = tile.x, tile.y
        around = EDGE_NEIGHBOURS if self.corner_contact else EDGE_NEIGHBOURS + CORNER_NEIGHBOURS
        return list(tile.squares) + [(x + dx, y + dy) for dx, dy in around]

    def _block(self, tile: Tile, delta: int) -> None:
        blocked = self.blocked
        for sq in self._zone(tile):
            count = blocked.get(sq, 0) + delta
            if count:
                blocked[sq] = count
            else:
                del blocked[sq]

    def fits(self, face: int) -> bool:
        """True when a roll of ``face`` may place the next tile now (the fast check).

        Diagram 1 never places a tile over the last one, so only the older tiles' zones matter.
        """
        last = self.tiles[-1]
        sx, sy, angle = STEPS[last.angle, face]
        x, y = last.x + sx, last.y + sy
        blocked = self.blocked
        if (x, y) in blocked or (x + 1, y) in blocked or (x, y + 1) in blocked or (x + 1, y + 1) in blocked:
            return False
        banned = self.banned.get(len(self.tiles))
        return not banned or Tile(x, y, angle) not in banned

    @property
    def maze(self) -> Maze:
        return Maze(tuple(self.tiles))

    def is_complete(self) -> bool:
        return len(self.tiles) == MAZE_TILES

    def problem(self, face: int) -> str | None:
        """Why a roll of ``face`` cannot place the next tile now, or ``None``."""
        if self.fits(face):
            return None
        tile = self.tiles[-1].placed(face)
        if tile in self.banned.get(len(self.tiles), ()):
            return "that placement was backed out before"
        return placement_problem(self.owner, len(self.tiles) - 1, tile, corner_contact=self.corner_contact)

    def legal_faces(self) -> list[int]:
        """The die faces that would place the next tile legally."""
        ok = {face: self.fits(face) for face in DIE_FACES if face != THREE}
        ok[THREE] = ok[NULL]  # null and 3 place the tile the same way
        return [face for face in DIE_FACES if ok[face]]

    def place(self, face: int) -> Tile:
        tile = self.tiles[-1].placed(face)
        for sq in tile.squares:
            self.owner[sq] = len(self.tiles)
        self._block(self.tiles[-1], 1)  # the last tile becomes an older one
        self.tiles.append(tile)
        self.banned.pop(len(self.tiles), None)  # the next tile's options are fresh behind a new tile
        self.steps.append(BuildStep(PLACED, face))
        return tile

    def back_out(self) -> Tile:
        tile = self.tiles.pop()
        for sq in tile.squares:
            del self.owner[sq]
        self._block(self.tiles[-1], -1)  # the tile before is the last one again
        self.banned.pop(len(self.tiles) + 1, None)
        self.banned.setdefault(len(self.tiles), set()).add(tile)
        self.steps.append(BuildStep("back"))
        return tile

    def apply(self, step: BuildStep) -> None:
        """Apply a recorded step, checking it against the rules.

        Raises :class:`BuildError` naming the rule the step breaks.
        """
        index = len(self.steps)
        number = len(self.tiles) + 1
        if self.is_complete():
            raise BuildError(f"the maze already has all {MAZE_TILES} tiles", index)
        if step.kind == "back":
            faces = self.legal_faces()
            if faces:
                names = " or ".join(FACE_NAMES[f] for f in faces)
                raise BuildError(f"tile {number} can still be placed (a roll of {names} fits); "
                                 "back out only when no roll fits", index)
            if len(self.tiles) == 1:
                raise BuildError("the first tile cannot be backed out", index)
            self.back_out()
            return
        problem = self.problem(step.face)
        if step.kind == REROLLED:
            if problem is None:
                raise BuildError(f"a roll of {FACE_NAMES[step.face]} places tile {number} legally, "
                                 "so it may not be re-rolled", index)
            self.steps.append(step)
            return
        if problem is not None:
            raise BuildError(f"a roll of {FACE_NAMES[step.face]} cannot place tile {number}: {problem}; "
                             "it must be re-rolled", index)
        self.place(step.face)


def build_maze(seed: int, *, corner_contact: bool = True) -> tuple[Maze, tuple[BuildStep, ...]]:
    """The maze a seeded build gives, with every roll, re-roll and back-out.

    The same seed gives the same maze on every machine.
    """
    return build_with(SeededRandom(seed), corner_contact=corner_contact)


def build_with(rng: SeededRandom, *, corner_contact: bool = True) -> tuple[Maze, tuple[BuildStep, ...]]:
    """A build driven by ``rng`` (see :func:`build_maze`)."""
    builder = Builder(corner_contact=corner_contact)
    while not builder.is_complete():
        legal = builder.legal_faces()
        if not legal:
            builder.back_out()
            continue
        while True:
            face = rng.die()
            if face in legal:
                builder.place(face)
                break
            builder.steps.append(BuildStep(REROLLED, face))
    return builder.maze, tuple(builder.steps)


def replay_build(steps: list[BuildStep] | tuple[BuildStep, ...], *, corner_contact: bool = True) -> Builder:
    """The builder after ``steps``; raises :class:`BuildError` at the first illegal one."""
    builder = Builder(corner_contact=corner_contact)
    for step in steps:
        builder.apply(step)
    return builder


def maze_from_faces(faces: list[int], *, corner_contact: bool = True) -> Maze:
    """The maze that placing tiles by ``faces`` (the placing rolls only) builds.

    Raises :class:`BuildError` for a face that cannot place its tile.
    """
    return replay_build([BuildStep(PLACED, f) for f in faces], corner_contact=corner_contact).maze


__all__ = ["BuildError", "BuildStep", "Builder", "PLACED", "REROLLED", "build_maze", "build_with",
           "maze_from_faces", "replay_build"]
