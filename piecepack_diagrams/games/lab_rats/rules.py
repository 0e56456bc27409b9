"""Navigating the Lab Rats maze: the rat, three stacks of coins, rook moves,
discards, backing up, the exit. States are immutable; every rule broken is
reported as a :class:`~piecepack_diagrams.errors.RuleError` in a player's words.

The rulings of ``../shared/rules/RULINGS.md`` apply; the named options are the
fields of :class:`Options`.
"""

from __future__ import annotations

from typing import Callable, Iterator

from ...errors import RuleError
from ...pieces import RANK_LETTERS, Suit
from ...scene import ScenePiece
from ...values import field, replace, value
from .build import BuildStep
from .maze import DIRECTION_NAMES, Maze, Square, forward
from ...reprs import brief_repr

#: Coins per stack at the start, and the most a stack may hold.
STACK_SIZE = 8
STACKS = 3
#: Compass letters of records -> the angle a move heads (0 away from the player, 90 left ...).
DIRECTIONS = {"N": 0, "W": 90, "S": 180, "E": 270}


@value(order=True)
class Coin:
    """A coin: ``suit`` 1..4, ``rank`` 1..6 (null, ace, 2..5). Its value is the squares it moves."""

    suit: int
    rank: int

    @property
    def value(self) -> int:
        """Squares this coin moves the rat; 0 for the null coin, which moves any number."""
        return self.rank - 1

    @property
    def text(self) -> str:
        """``"3M"``: rank then suit letter, as records write coins."""
        return RANK_LETTERS[self.rank - 1] + Suit(self.suit).letter

    def describe(self) -> str:
        """``"the 3 of Moons"``."""
        name = ("null", "ace", "2", "3", "4", "5")[self.rank - 1]
        return f"the {name} of {Suit(self.suit).title}"

    @classmethod
    def parse(cls, text: str) -> Coin:
        """A coin from ``"3M"``, ``"nS"``, ``"aC"`` (also ``0``/``1`` for null/ace); raises ``ValueError``."""
        t = text.strip()
        if len(t) != 2:
            raise ValueError(f"'{text}' is not a coin; write a rank (n a 2 3 4 5) then a suit (S M C A), as in 3M")
        rank = {"n": 1, "0": 1, "a": 2, "1": 2, "2": 3, "3": 4, "4": 5, "5": 6}.get(t[0].lower())
        if rank is None:
            raise ValueError(f"'{text}' is not a coin: '{t[0]}' is not a rank (n a 2 3 4 5)")
        try:
            suit = Suit.parse(t[1])
        except ValueError:
            raise ValueError(f"'{text}' is not a coin: '{t[1]}' is not a suit (S M C A)") from None
        return cls(int(suit), rank)

    def __repr__(self) -> str:
        return f"Coin(suit={self.suit!r}, rank={self.rank!r})"


#: All 24 coins, in suit then rank order.
ALL_COINS: tuple[Coin, ...] = tuple(Coin(s, r) for s in range(1, 5) for r in range(1, 7))


@value
class Options:
    """The rule options: ``advanced`` (no backing up), ``corner_contact`` (tiles may touch
    other tiles at a corner while building), ``exit_from_edge_only`` (an exiting move
    must start on one of the two exit squares)."""

    advanced: bool = False
    corner_contact: bool = True
    exit_from_edge_only: bool = False

    def __repr__(self) -> str:
        return (f"Options(advanced={self.advanced!r}, corner_contact={self.corner_contact!r}, "
                f"exit_from_edge_only={self.exit_from_edge_only!r})")


@value
class CoinDown:
    """A coin left on a square: by a move (``kind="move"``) or a discard."""

    coin: Coin
    square: Square
    kind: str


@value
class Move:
    """Take the top coin of ``stack`` (1..3) and move the rat ``heading`` (0, 90, 180, 270)
    by its value (``distance`` for the null coin, or to check the value)."""

    stack: int
    heading: int
    distance: int | None = None

    @property
    def text(self) -> str:
        letter = next(k for k, v in DIRECTIONS.items() if v == self.heading)
        return f"{self.stack}{letter}{'' if self.distance is None else self.distance}"


@value
class Discard:
    """Put the top coin of ``stack`` under the rat without moving; it is lost."""

    stack: int

    @property
    def text(self) -> str:
        return f"{self.stack}x"


@value
class BackUp:
    """Move the rat back to the square of the last movement coin (standard rules)."""

    @property
    def text(self) -> str:
        return "B"


@value
class Return:
    """Put the movement coin under the rat back on top of ``stack`` (standard rules)."""

    stack: int

    @property
    def text(self) -> str:
        return f"R{self.stack}"


@value
class Concede:
    """The player gives up."""

    @property
    def text(self) -> str:
        return "resign"


Action = Move | Discard | BackUp | Return | Concede


@value
class LabRatsState:
    """A Lab Rats position.

    ``stacks`` hold coins bottom to top; ``down`` the coins left on squares, in
    the order they were put down; ``trail`` the indices in ``down`` of the
    movement coins a back-up can still return to, oldest first. ``build`` is
    how the maze was built (empty when it was given whole), ``building`` true
    while tiles are still being placed by the record's build moves; ``seed``
    the seed that dealt the coins (and the maze, unless ``maze_from`` says otherwise).
    """

    maze: Maze
    stacks: tuple[tuple[Coin, ...], ...]
    rat: Square
    options: Options = field(default_factory=Options)
    down: tuple[CoinDown, ...] = ()
    trail: tuple[int, ...] = ()
    outcome: str = "playing"
    last_move: tuple[tuple[float, float], tuple[float, float]] | None = None
    build: tuple[BuildStep, ...] = ()
    building: bool = False
    seed: int | None = None
    #: Where the maze came from: ``"seed"``, ``"ppdf"`` (ppdf's layout), ``"tiles"``, ``"rolls"``
    #: or ``"record"`` (build moves).
    maze_from: str = "record"
    #: The action that led to this position (None at the setup), for drawings: which coin was
    #: discarded or returned. Not part of the position: two states alike but for it are equal.
    last_action: Action | None = field(default=None, compare=False)
    #: A setup made from ppdf's layout: its pieces where ppdf lays them out (None after a move).
    layout: tuple[ScenePiece, ...] | None = field(default=None, compare=False, repr=False)

    __repr__ = brief_repr

    @property
    def pieces(self) -> tuple[ScenePiece, ...] | None:
        """The pieces a setup from ppdf's layout holds, where ppdf lays them out (what its
        export gives); None otherwise (the export then gives the drawing's pieces)."""
        return self.layout if self.last_action is None else None

    @property
    def exit_squares(self) -> tuple[Square, Square]:
        """The two squares along the last tile's leading edge."""
        return self.maze.tiles[-1].leading_squares()

    @property
    def exit_heading(self) -> int:
        return self.maze.tiles[-1].angle

    def top(self, stack: int) -> Coin | None:
        """The visible coin of ``stack`` (1..3), or ``None`` when it is empty."""
        coins = self.stacks[stack - 1]
        return coins[-1] if coins else None

    def is_on_movement_coin(self) -> bool:
        """True when the last movement coin still down lies under the rat."""
        return bool(self.trail) and self.down[self.trail[-1]].square == self.rat

    def coins_left(self) -> int:
        return sum(len(s) for s in self.stacks)

    def coins_used(self) -> int:
        """Coins on the maze: moves and discards not taken back."""
        return len(self.down)

    def is_over(self) -> bool:
        return self.outcome != "playing"

def deal_stacks(coins: list[Coin]) -> tuple[tuple[Coin, ...], ...]:
    """Three stacks of eight from 24 coins listed top first, stack by stack."""
    return tuple(tuple(reversed(coins[k * STACK_SIZE:(k + 1) * STACK_SIZE])) for k in range(STACKS))


def ray(maze_squares: frozenset[Square], start: Square, heading: int) -> Iterator[Square]:
    """Squares from ``start`` (not included) heading ``heading`` while they are maze squares."""
    dx, dy = forward(heading)
    x, y = start
    while True:
        x, y = x + dx, y + dy
        if (x, y) not in maze_squares:
            return
        yield x, y


def exit_distance(state: LabRatsState, start: Square, heading: int) -> int | None:
    """The fewest squares a move from ``start`` heading ``heading`` needs to carry the
    rat out of the maze (``None`` if it cannot): it must reach an exit square along
    maze squares with at least one square to spare."""
    if heading != state.exit_heading:
        return None
    exits = state.exit_squares
    if start in exits:
        return 1
    if state.options.exit_from_edge_only:
        return None
    for steps, square in enumerate(ray(state.maze.squares, start, heading), start=1):
        if square in exits:
            return steps + 1
    return None


def _squares(n: int) -> str:
    return f"{n} square{'s' if n != 1 else ''}"


def apply_action(state: LabRatsState, action: Action, *, move: str | None = None) -> LabRatsState:
    """The state after ``action`` (which it records as its ``last_action``); raises
    :class:`RuleError` (with ``move`` as its label)."""
    def fail(message: str, rule: str) -> RuleError:
        return RuleError(message, move=move, rule=rule, token=getattr(action, "text", None))

    if state.building:
        raise fail(f"the maze has only {len(state.maze.tiles)} tiles; build all 24 before the rat moves",
                   "the maze is built before the rat moves")
    if state.outcome != "playing":
        raise fail(f"the game is over (the rat has {'escaped' if state.outcome == 'won' else state.outcome})",
                   "no moves after the end")
    if isinstance(action, Concede):
        return replace(state, outcome="conceded", last_move=None, last_action=action)
    if isinstance(action, (Move, Discard)):
        coin = state.top(action.stack)
        if coin is None:
            raise fail(f"stack {action.stack} is empty", "coins come from the top of a stack that has coins")
        stacks = tuple(s[:-1] if k == action.stack - 1 else s for k, s in enumerate(state.stacks))
        if isinstance(action, Discard):
            down = state.down + (CoinDown(coin, state.rat, "discard"),)
            return _settled(replace(state, stacks=stacks, down=down, last_move=None, last_action=action))
        return _moved(state, action, coin, stacks, fail)
    if state.options.advanced:
        raise fail("the advanced version has no backing up", "advanced version: no backing up")
    if isinstance(action, BackUp):
        if not state.trail:
            raise fail("there is no movement coin to back up to", "back up to the last movement coin")
        if state.is_on_movement_coin():
            raise fail("the rat is on its last movement coin: return that coin to a stack (R1, R2 or R3) instead",
                       "back up only when the rat is not on a movement coin")
        target = state.down[state.trail[-1]].square
        return replace(state, rat=target, last_move=(state.rat, target), last_action=action)
    assert isinstance(action, Return)
    if not state.is_on_movement_coin():
        raise fail("the rat is not on a movement coin, so there is no coin to return",
                   "return the movement coin the rat sits on")
    if len(state.stacks[action.stack - 1]) >= STACK_SIZE:
        raise fail(f"stack {action.stack} already holds {STACK_SIZE} coins",
                   "a coin goes back only on a stack of fewer than eight")
    index = state.trail[-1]
    coin = state.down[index].coin
    stacks = tuple(s + (coin,) if k == action.stack - 1 else s for k, s in enumerate(state.stacks))
    down = state.down[:index] + state.down[index + 1:]
    trail = tuple(i if i < index else i - 1 for i in state.trail[:-1])
    return replace(state, stacks=stacks, down=down, trail=trail, last_move=None, last_action=action)


def _moved(state: LabRatsState, action: Move, coin: Coin, stacks: tuple[tuple[Coin, ...], ...],
           fail: Callable[[str, str], RuleError]) -> LabRatsState:
    name = f"{coin.describe()} from stack {action.stack}"
    if coin.value == 0:
        if action.distance is None:
            raise fail(f"{name} moves any number of squares: say how many, as in {action.stack}"
                       f"{next(k for k, v in DIRECTIONS.items() if v == action.heading)}3",
                       "the null coin moves any number of squares, at least one")
        if action.distance < 1:
            raise fail(f"{name} must move the rat at least one square", "a move is at least one square")
        distance = action.distance
    else:
        if action.distance is not None and action.distance != coin.value:
            raise fail(f"{name} moves exactly {coin.value} squares, not {action.distance}",
                       "a coin moves the rat exactly its value")
        distance = coin.value
    down = state.down + (CoinDown(coin, state.rat, "move"),)
    trail = state.trail + (len(down) - 1,)
    need = exit_distance(state, state.rat, action.heading)
    dx, dy = forward(action.heading)
    if need is not None and distance >= need:
        x, y = state.rat
        out = (x + dx * need, y + dy * need)
        return replace(state, stacks=stacks, down=down, trail=trail, rat=out, outcome="won",
                       last_move=(state.rat, out), last_action=action)
    squares = state.maze.squares
    x, y = state.rat
    room = len(list(ray(squares, state.rat, action.heading)))
    if room < distance:
        way = DIRECTION_NAMES[action.heading]
        where = (f"there is no maze square {way} of the rat" if room == 0 else
                 f"the maze goes on for only {_squares(room)} {way} of the rat")
        raise fail(f"{name} would carry the rat {_squares(distance)} {way}, off the maze: {where}",
                   "every square the rat passes and lands on must be in the maze")
    target = (x + dx * distance, y + dy * distance)
    return _settled(replace(state, stacks=stacks, down=down, trail=trail, rat=target, last_move=(state.rat, target),
                           last_action=action))


def _settled(state: LabRatsState) -> LabRatsState:
    """``state`` with the loss declared once nothing at all is left to do."""
    if state.coins_left() == 0 and (state.options.advanced or not state.trail):
        return replace(state, outcome="lost")
    return state


def legal_actions(state: LabRatsState) -> list[Action]:
    """Every legal action in ``state``, null-coin moves with each useful distance."""
    if state.outcome != "playing" or state.building:
        return []
    out: list[Action] = []
    squares = state.maze.squares
    for stack in range(1, STACKS + 1):
        coin = state.top(stack)
        if coin is None:
            continue
        for heading in (0, 90, 180, 270):
            reach = len(list(ray(squares, state.rat, heading)))
            need = exit_distance(state, state.rat, heading)
            if coin.value == 0:
                top = max(reach, need or 0)
                out += [Move(stack, heading, d) for d in range(1, top + 1)]
            elif coin.value <= reach or (need is not None and coin.value >= need):
                out.append(Move(stack, heading))
        out.append(Discard(stack))
    if not state.options.advanced:
        if state.is_on_movement_coin():
            out += [Return(k) for k in range(1, STACKS + 1) if len(state.stacks[k - 1]) < STACK_SIZE]
        elif state.trail:
            out.append(BackUp())
    return out


__all__ = ["ALL_COINS", "Action", "BackUp", "Coin", "CoinDown", "Concede", "DIRECTIONS", "Discard", "LabRatsState",
           "Move", "Options", "Return", "STACKS", "STACK_SIZE", "apply_action", "deal_stacks", "exit_distance",
           "legal_actions", "ray"]
