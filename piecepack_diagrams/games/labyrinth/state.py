"""Labyrinth positions: the board, the spare, the players (homes, goals, avatars) and
the last slide; turns as actions, checked with worded errors."""

from __future__ import annotations


from ...errors import RuleError
from ...values import replace, value
from .board import OPPOSITE, Board, Coordinate, Tile, cell_name, column_name, line_name, moved, row_name
from ...reprs import brief_repr


@value
class Player:
    """A player: its colour, where its avatar is, its home, its current goal (``goto``),
    whether the goal was reached and the player sent home, and goals reached so far."""

    color: str
    current: Coordinate
    home: Coordinate
    goto: Coordinate | None = None
    going_home: bool = False
    reached: int = 0

    @property
    def target(self) -> Coordinate | None:
        """Where the player is heading: its goal, or home once sent home."""
        return self.home if self.going_home else self.goto


@value
class Move:
    """Slide row/column ``index`` ``direction``, insert the spare turned ``degrees``
    counter-clockwise, move the avatar to ``destination``."""

    index: int
    direction: str
    degrees: int
    destination: Coordinate

    @property
    def text(self) -> str:
        r, c = self.destination
        return f"{self.index}{self.direction[0]}{self.degrees}@{r},{c}"


PASS = "PASS"
Action = Move | str


@value
class LabyrinthState:
    """Board, spare, players in turn order (``players[turn]`` moves next), the last slide
    and the queue of further goals (later milestones)."""

    board: Board
    spare: Tile
    players: tuple[Player, ...]
    last: tuple[int, str] | None = None
    goals: tuple[Coordinate, ...] = ()
    turn: int = 0

    __repr__ = brief_repr

    def slid(self, index: int, direction: str, degrees: int) -> LabyrinthState:
        """The state after the slide and insert, avatars moved along (no legality checks)."""
        board, spare = self.board.slide(index, direction, self.spare, degrees)
        h, w = self.board.height, self.board.width
        players = tuple(replace(p, current=moved(p.current, index, direction, h, w)) for p in self.players)
        return replace(self, board=board, spare=spare, players=players, last=(index, direction))


def is_movable(board: Board, index: int, direction: str) -> bool:
    """Even rows (LEFT, RIGHT) and even columns (UP, DOWN) slide."""
    size = board.height if direction in ("LEFT", "RIGHT") else board.width
    return 0 <= index < size and index % 2 == 0


def is_undo(last: tuple[int, str] | None, index: int, direction: str) -> bool:
    """True when the slide would push back the previous slide."""
    return last is not None and last[0] == index and last[1] == OPPOSITE[direction]


def movable_words(board: Board) -> str:
    """The rows and columns that slide, in a player's words: ``rows 1, 3, 5 and 7 and
    columns a, c, e and g``."""
    rows = [row_name(r) for r in range(0, board.height, 2)]
    columns = [column_name(c) for c in range(0, board.width, 2)]
    return f"{_listed('row', rows)} and {_listed('column', columns)}"


def _listed(what: str, names: list[str]) -> str:
    if len(names) == 1:
        return f"{what} {names[0]}"
    return f"{what}s {', '.join(names[:-1])} and {names[-1]}"


def check_move(state: LabyrinthState, move: Move, *, label: str | None = None) -> LabyrinthState:
    """The state after the current player's ``move`` (avatar moved, turn not advanced).

    Raises :class:`RuleError` saying, in a player's words (rows numbered from 1 at the top,
    columns lettered from ``a`` at the left, cells as ``b2``), which rule the move breaks.
    """
    if move.direction not in OPPOSITE:
        raise RuleError(f"'{move.direction}' is not a direction", move=label, rule="LEFT, RIGHT, UP or DOWN")
    line = line_name(move.index, move.direction)
    what = f"sliding {line} {move.direction.lower()}"
    if not is_movable(state.board, move.index, move.direction):
        raise RuleError(f"{line} cannot slide: only {movable_words(state.board)} do", move=label,
                        rule="movable rows and columns")
    if move.degrees not in (0, 90, 180, 270):
        raise RuleError(f"{move.degrees} is not a rotation", move=label, rule="0, 90, 180 or 270 degrees")
    if is_undo(state.last, move.index, move.direction):
        raise RuleError(f"{what} undoes the previous slide, {line} {OPPOSITE[move.direction].lower()}", move=label,
                        rule="no undoing the previous slide")
    after = state.slid(move.index, move.direction, move.degrees)
    me = after.players[state.turn]
    h, w = state.board.height, state.board.width
    if not after.board.is_inside(move.destination):
        r, c = move.destination
        raise RuleError(f"the avatar cannot walk off the board: row {row_name(r)}, column {column_name(c)} is not "
                        f"on the {h} x {w} board", move=label, rule="moves stay on the board")
    if move.destination == me.current:
        raise RuleError(f"the avatar must leave {cell_name(me.current)}, where it stands after {what}", move=label,
                        rule="the avatar must move")
    if not after.board.is_reachable(me.current, move.destination):
        raise RuleError(f"after {what}, the avatar cannot walk from {cell_name(me.current)} to "
                        f"{cell_name(move.destination)}: no path of connected passages leads there", move=label,
                        rule="the avatar moves along connected pathways")
    players = list(after.players)
    players[state.turn] = replace(me, current=move.destination)
    return replace(after, players=tuple(players))


__all__ = ["Action", "LabyrinthState", "Move", "PASS", "Player", "check_move", "is_movable", "is_undo",
           "movable_words"]
