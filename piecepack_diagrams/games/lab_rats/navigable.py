"""Whether some order of the 24 coins gets the rat out of a maze: an exact search.

The rat escapes from its square when some path of rook moves (each on maze squares), the last one
across the exit, uses at most four coins of each value, the null coin moving any number of
squares. Which coins a path uses matters, not their order, so the search runs over *labels*: a
square and the coins used of each value (a count vector packed four bits a value, null first).
Three exact reductions keep the labels few:

* Forced coins: a move of n squares (n <= 5) takes an n coin while one is left, a null only after;
  a longer move takes a null. A null spent where an n coin would do can trade places with that
  coin in any way out, so the label that spent the n coin is never worse.
* Dominance: a label is dropped when one at the same square used no more coins of each value.
* Bounds: for weights w on the coin values, no way out of a square costs less (in total weight)
  than the cheapest path from it, computed once per maze (``_cheapest_ways_out``), and the coins a
  label has left pay at most sum_v w_v * (4 - used_v) + max(w) * (nulls left), since a null
  stands in for one coin of any value. A label whose coins cannot pay for some weights is dropped.

Labels nearest the exit (in moves) are expanded first, so a way out is usually met within a few
dozen labels, and the bounds usually refute an unnavigable maze at its first square.
"""

from __future__ import annotations

from heapq import heappop, heappush

from .maze import Square
from .rules import LabRatsState
from .solver import board_of

#: Coins of each value (null, ace, 2 .. 5).
COINS_PER_VALUE = 4
_VALUES = 6
#: The guard bit of each value's four-bit count: one count vector is at most another when
#: subtracting it from the other with these bits set borrows none of them.
_COUNT_GUARDS = sum(8 << 4 * v for v in range(_VALUES))
#: A null coin as a count vector, and the bit set in a value's count once all four are used.
_NULL, _NULL_USED_UP = 1, 4
#: Weights (null, ace, 2, 3, 4, 5) of the lower bounds, a null's weight being that of a move of
#: six squares or more: the moves a way out needs (this one also orders the search), its short
#: moves, and its moves of one square, which only the four aces and the nulls make. (Chosen by
#: timing the 2,000 mazes of the agreement tests; any weights give the same verdicts.)
_WEIGHTS = (
    (1, 1, 1, 1, 1, 1),
    (0, 1, 1, 1, 0, 0),
    (0, 1, 0, 0, 0, 0),
)
#: Each bound takes eight bits of a packed vector; the top one guards it as above.
_BOUND_BITS = 8
_BOUND_GUARDS = sum(0x80 << _BOUND_BITS * i for i in range(len(_WEIGHTS)))
_FAR = 0x7F


class _Tables:
    """A maze's squares as indices, with their rook moves, where a way out may start, and the
    lower bounds of :data:`_WEIGHTS` packed per square."""

    def __init__(self, state: LabRatsState) -> None:
        board = board_of(state)
        self.squares = squares = sorted(state.maze.squares)
        self.index = index = {square: i for i, square in enumerate(squares)}
        # Every two squares of a line (a run of maze squares along a row or a column) are a move
        # apart, both ways. lines_on[i]: each line through square i (as square indices) and
        # square i's place on it; by_value[i]: per value of a move (0: six squares or more), the
        # squares such moves reach from square i, as bits.
        self.lines_on: list[list[tuple[list[int], int]]] = [[] for _ in squares]
        by_value = [[0] * _VALUES for _ in squares]
        for line in _lines(squares):
            ids = [index[square] for square in line]
            for a, i in enumerate(ids):
                self.lines_on[i].append((ids, a))
            bits = [1 << i for i in ids]
            for distance in range(1, min(len(ids), _VALUES)):
                for a in range(len(ids) - distance):
                    by_value[ids[a]][distance] |= bits[a + distance]
                    by_value[ids[a + distance]][distance] |= bits[a]
            beyond = 0  # the squares six or more places back, then forward
            for a in range(_VALUES, len(ids)):
                beyond |= bits[a - _VALUES]
                by_value[ids[a]][0] |= beyond
            beyond = 0
            for a in range(len(ids) - 1 - _VALUES, -1, -1):
                beyond |= bits[a + _VALUES]
                by_value[ids[a]][0] |= beyond
        reaches = [[(value, reached) for value, reached in enumerate(row) if reached] for row in by_value]
        # moves[i]: (square, count of its coin's value, the bit set once that value is used up,
        # what the coin takes from each bound) for every move from square i, made when needed.
        self.moves: list[tuple[tuple[int, int, int, int], ...] | None] = [None] * len(squares)
        # exits[i]: for each value that carries the rat out from square i, the bit set in the
        # label once that value is used up (0: no way out from square i in one move).
        self.exits = [0] * len(squares)
        for square in board.squares_of(board.exits[0]):
            bit = board.bit(square)
            for value in range(_VALUES):
                if board.exits[value] & bit:
                    self.exits[index[square]] |= _NULL_USED_UP << 4 * value
        self.bounds = [0] * len(squares)
        for k, weights in enumerate(_WEIGHTS):
            costs = _cheapest_ways_out(reaches, self.exits, weights)
            if k == 0:
                self.steps = costs
            for i, cost in enumerate(costs):
                self.bounds[i] |= cost << _BOUND_BITS * k

    def moves_from(self, i: int) -> tuple[tuple[int, int, int, int], ...]:
        """The moves from square ``i`` (see ``moves``)."""
        moves = self.moves[i]
        if moves is None:
            found = []
            for ids, a in self.lines_on[i]:
                for b, j in enumerate(ids):
                    if b != a:
                        found.append((j, *_COIN_OF_DISTANCE[min(abs(a - b), _VALUES)]))
            moves = self.moves[i] = tuple(found)
        return moves


def _lines(squares: list[Square]) -> list[list[Square]]:
    """The runs of consecutive squares along rows and along columns (of two squares or more)."""
    lines = []
    for along in (0, 1):  # rows, then columns
        run: list[Square] = []
        for square in sorted(squares, key=lambda sq: (sq[1 - along], sq[along])):
            if run and (run[-1][1 - along] != square[1 - along] or run[-1][along] + 1 != square[along]):
                if len(run) > 1:
                    lines.append(run)
                run = []
            run.append(square)
        if len(run) > 1:
            lines.append(run)
    return lines


def _charge(value: int) -> int:
    """What one coin of ``value`` takes from each bound's capacity, packed."""
    return sum((max(weights) if value == 0 else weights[value]) << _BOUND_BITS * k
               for k, weights in enumerate(_WEIGHTS))


#: What an unused set of coins can pay towards each bound, packed.
_CAPACITY = sum((COINS_PER_VALUE * (sum(weights[1:]) + max(weights))) << _BOUND_BITS * k
                for k, weights in enumerate(_WEIGHTS))
#: What one coin of each value takes from the capacities.
_CHARGES = tuple(_charge(value) for value in range(_VALUES))
_NULL_CHARGE = _CHARGES[0]
#: A move of n squares (n = 6: six or more): its coin as a count, the bit set once that value is
#: used up, and what the coin takes from each bound.
_COIN_OF_DISTANCE = tuple((1 << 4 * value, _NULL_USED_UP << 4 * value, _CHARGES[value])
                          for value in (0, 1, 2, 3, 4, 5, 0))


def _cheapest_ways_out(reaches: list[list[tuple[int, int]]], exits: list[int], weights: tuple[int, ...]) -> list[int]:
    """Per square, the least total weight of the moves of a way out (the exit move included),
    or :data:`_FAR` when it is more than any set of coins can pay. Moves can be made both ways,
    so this is a shortest-path search from the exit (Dial's buckets; weights are small)."""
    limit = COINS_PER_VALUE * (sum(weights[1:]) + max(weights))
    buckets = [0] * (limit + 1)
    for i, allowed in enumerate(exits):
        if allowed:
            cost = min(weights[v] for v in range(_VALUES) if allowed >> 4 * v & _NULL_USED_UP)
            buckets[cost] |= 1 << i
    cost_of = [_FAR] * len(reaches)
    settled = 0
    for cost in range(limit + 1):
        todo = buckets[cost] & ~settled
        while todo:
            low = todo & -todo
            i = low.bit_length() - 1
            settled |= low
            cost_of[i] = cost
            for value, reached in reaches[i]:
                weight = weights[value]
                if not weight:
                    todo |= reached
                elif cost + weight <= limit:
                    buckets[cost + weight] |= reached
            todo &= ~settled
    return cost_of


def _tables_of(state: LabRatsState) -> _Tables:
    """The tables of ``state``'s maze, made once and kept with its board."""
    board = board_of(state)
    if board.navigation is None:
        board.navigation = _Tables(state)
    return board.navigation


def is_navigable(state: LabRatsState) -> bool:
    """True when some order of the coins lets the rat out of ``state``'s maze from its square
    (the 24 coins, whatever ``state``'s stacks hold). Exact: see the module's notes.

    Raises ``ValueError`` when the rat is not on a maze square.
    """
    tables = _tables_of(state)
    start = tables.index.get(state.rat)
    if start is None:
        raise ValueError(f"the rat's square {state.rat} is not a square of the maze")
    return _search(tables, start, 0, _CAPACITY) is not None


def escape_route(state: LabRatsState, square: Square,
                 coins: tuple[int, ...] = (COINS_PER_VALUE,) * _VALUES) -> tuple[tuple[Square, int], ...] | None:
    """A way out of ``state``'s maze from ``square`` using at most ``coins[v]`` coins of each
    value ``v`` (0: null; at most four each), as the squares a move starts from with the value
    of its coin (the last one crosses the exit); ``None`` when there is none (exact, as
    :func:`is_navigable`). Raises ``ValueError`` when ``square`` is not a maze square."""
    tables = _tables_of(state)
    start = tables.index.get(square)
    if start is None:
        raise ValueError(f"the rat's square {square} is not a square of the maze")
    used = sum((COINS_PER_VALUE - min(COINS_PER_VALUE, max(0, n))) << 4 * v for v, n in enumerate(coins))
    capacity = _CAPACITY - sum((COINS_PER_VALUE - n) * _CHARGES[v] for v, n in enumerate(coins))
    found = _search(tables, start, used, capacity)
    if found is None:
        return None
    squares = tables.squares
    return tuple((squares[i], v) for i, v in found)


def _value_of(before: int, after: int) -> int:
    """The value whose count went up from label ``before`` to ``after``."""
    step = after - before
    return (step.bit_length() - 1) // 4


def _search(tables: _Tables, start: int, used: int, capacity: int) -> list[tuple[int, int]] | None:
    """The label search from square ``start`` with ``used`` coins counted as spent: the moves of a
    way out as (square index, value), or None."""
    moves, moves_from, exits, bounds, steps = tables.moves, tables.moves_from, tables.exits, tables.bounds, tables.steps
    if exits[start] & ~used:
        return [(start, _exit_value(exits[start], used))]
    if ((capacity | _BOUND_GUARDS) - bounds[start]) & _BOUND_GUARDS != _BOUND_GUARDS:
        return None
    labels: list[list[int]] = [[] for _ in exits]
    labels[start].append(used)
    parents: dict[tuple[int, int], tuple[int, int]] = {}
    queue = [(steps[start], 0, start, used, capacity)]
    pushed = 0
    while queue:
        _, _, square, used, capacity = heappop(queue)
        for reached, coin, used_up, charge in moves[square] or moves_from(square):
            if used & used_up:  # none of that value left: a null, if one is
                if used & _NULL_USED_UP:
                    continue
                after, left = used + _NULL, capacity - _NULL_CHARGE
            else:
                after, left = used + coin, capacity - charge
            if exits[reached] & ~after:
                parents[reached, after] = (square, used)
                return _walk_back(parents, (reached, after), start) + [(reached, _exit_value(exits[reached], after))]
            if ((left | _BOUND_GUARDS) - bounds[reached]) & _BOUND_GUARDS != _BOUND_GUARDS:
                continue  # some bound says the coins left cannot get out from there
            guarded = after | _COUNT_GUARDS
            known = labels[reached]
            for other in known:
                if (guarded - other) & _COUNT_GUARDS == _COUNT_GUARDS:
                    break  # another label there used no more of any value
            else:
                known.append(after)
                parents[reached, after] = (square, used)
                pushed += 1
                heappush(queue, (steps[reached], pushed, reached, after, left))
    return None


def _exit_value(exits: int, used: int) -> int:
    """A value not used up whose coin crosses the exit (``exits``: their used-up bits)."""
    open_ = exits & ~used
    return ((open_ & -open_).bit_length() - 1) // 4


def _walk_back(parents: dict[tuple[int, int], tuple[int, int]], label: tuple[int, int],
               start: int) -> list[tuple[int, int]]:
    """The moves (square index, value) from the start to ``label``."""
    out = []
    while label in parents:
        before = parents[label]
        out.append((before[0], _value_of(before[1], label[1])))
        label = before
    out.reverse()
    return out


__all__ = ["COINS_PER_VALUE", "escape_route", "is_navigable"]
