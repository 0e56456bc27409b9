"""The Lab Rats solvers as they were before issue 19 ("Speed at every scale"), frozen.

A verbatim copy of ``solve_advanced`` (with ``_reconstruct``, ``_step_back`` and ``_Board``) from
``piecepack_diagrams/games/lab_rats/solver.py`` and of ``is_navigable`` from ``stats.py`` as of
commit cbb1045, kept only to check the faster solvers that replaced them: the agreement tests
(``tests/test_lab_rats_solver_agreement.py``) run both on the same deals, and
``make_lab_rats_verdicts.py`` wrote these solvers' verdicts on seeds 1..2000 to
``tests/data/lab_rats_old_verdicts.csv``. Do not edit or speed it up; the package's ``Solution``
value is reused so that verdicts compare equal.
"""

from __future__ import annotations

from piecepack_diagrams.games.lab_rats.maze import Square
from piecepack_diagrams.games.lab_rats.rules import Action, Discard, LabRatsState, Move, exit_distance
from piecepack_diagrams.games.lab_rats.solver import Solution

_HEADINGS = (0, 90, 180, 270)
#: Coins of each value (null, ace, 2 .. 5).
COINS_PER_VALUE = 4


class _Board:
    """The maze as bit masks over a padded grid: square ``(x, y)`` is bit ``(y - y0) * width + (x - x0)``.

    A padding row and column on every side keep shifts from wrapping onto maze squares.
    """

    def __init__(self, state: LabRatsState) -> None:
        squares = state.maze.squares
        self.x0 = min(x for x, _ in squares) - 1
        self.y0 = min(y for _, y in squares) - 1
        self.width = max(x for x, _ in squares) - self.x0 + 2
        self.maze = 0
        for square in squares:
            self.maze |= self.bit(square)
        # Squares from which a move of at least n squares exits: n -> mask (0 for any distance).
        need = {sq: exit_distance(state, sq, state.exit_heading) for sq in squares}
        self.exit_heading = state.exit_heading
        self.exits = {n: self._mask(sq for sq, d in need.items() if d is not None and (n == 0 or d <= n))
                      for n in range(6)}

    def bit(self, square: Square) -> int:
        return 1 << ((square[1] - self.y0) * self.width + square[0] - self.x0)

    def _mask(self, squares) -> int:  # noqa: ANN001
        mask = 0
        for square in squares:
            mask |= self.bit(square)
        return mask

    def squares_of(self, mask: int) -> list[Square]:
        out = []
        while mask:
            low = mask & -mask
            index = low.bit_length() - 1
            out.append((index % self.width + self.x0, index // self.width + self.y0))
            mask ^= low
        return out

    def step(self, mask: int, heading: int) -> int:
        """Every square of ``mask`` moved one square ``heading``, kept only on the maze."""
        if heading == 0:
            return (mask << self.width) & self.maze
        if heading == 180:
            return (mask >> self.width) & self.maze
        if heading == 270:
            return (mask << 1) & self.maze
        return (mask >> 1) & self.maze

    def moved_all(self, mask: int, value: int) -> int:
        """Every square a move of ``value`` (0: any number of squares) reaches from ``mask``, any heading."""
        maze, width = self.maze, self.width
        out = 0
        for up, shift in ((True, width), (False, width), (True, 1), (False, 1)):
            m = mask
            if value:
                for _ in range(value):
                    m = ((m << shift) if up else (m >> shift)) & maze
                    if not m:
                        break
                out |= m
            else:
                while m:
                    m = ((m << shift) if up else (m >> shift)) & maze
                    out |= m
        return out

    def moved(self, mask: int, heading: int, value: int) -> int:
        """Where a move of ``value`` squares (0: any number) heading ``heading`` takes the rat from ``mask``."""
        if value:
            for _ in range(value):
                mask = self.step(mask, heading)
            return mask
        out = 0
        mask = self.step(mask, heading)
        while mask:
            out |= mask
            mask = self.step(mask, heading)
        return out


def solve_advanced(state: LabRatsState) -> Solution:
    """The exact fewest-coin escape without backing up.

    For each count of coins left in the three stacks the set of squares the rat
    can be on is a bit mask; counts are taken in order of coins used, so the
    first escape found uses the fewest coins.
    """
    board = _Board(state)
    stacks = state.stacks
    values = [[coin.value for coin in stack] for stack in stacks]
    exits = board.exits
    start = tuple(len(s) for s in stacks)
    masks: dict[tuple[int, ...], int] = {start: board.bit(state.rat)}
    order = sorted(((a, b, c) for a in range(start[0] + 1) for b in range(start[1] + 1) for c in range(start[2] + 1)),
                   key=lambda h: -sum(h))
    for heights in order:
        mask = masks.get(heights, 0)
        if not mask:
            continue
        for k in range(3):
            if not heights[k]:
                continue
            value = values[k][heights[k] - 1]
            winners = mask & exits[value]
            if winners:
                return _reconstruct(state, board, masks, heights, k, winners)
            after = heights[:k] + (heights[k] - 1,) + heights[k + 1:]
            # A discard leaves the rat where it is; a move takes it along any heading.
            masks[after] = masks.get(after, 0) | mask | board.moved_all(mask, value)
    return Solution(False, searched=len(masks))


def _reconstruct(state: LabRatsState, board: _Board, masks: dict[tuple[int, ...], int],
                 heights: tuple[int, ...], k: int, winners: int) -> Solution:
    """Walk back from an escape to the start, one coin at a time."""
    stacks = state.stacks
    square = board.squares_of(winners)[0]
    coin = stacks[k][heights[k] - 1]
    need = exit_distance(state, square, board.exit_heading)
    actions: list[Action] = [Move(k + 1, board.exit_heading, need if coin.value == 0 else None)]
    while heights != tuple(len(s) for s in stacks):
        for j in range(3):
            before = heights[:j] + (heights[j] + 1,) + heights[j + 1:]
            if before[j] > len(stacks[j]) or not masks.get(before, 0):
                continue
            coin = stacks[j][before[j] - 1]
            found = _step_back(board, masks[before], square, coin.value, j + 1)
            if found is not None:
                square, action = found
                actions.append(action)
                heights = before
                break
        else:  # pragma: no cover - the masks always hold a way back
            raise AssertionError("no way back through the masks")
    actions.reverse()
    return Solution(True, tuple(actions), len(actions), len(masks))


def _step_back(board: _Board, before: int, square: Square, value: int, stack: int) -> tuple[Square, Action] | None:
    """A square of ``before`` from which coin ``value`` of ``stack`` brings the rat to ``square``."""
    target = board.bit(square)
    if before & target:
        return square, Discard(stack)
    for heading in _HEADINGS:
        for origin in board.squares_of(before):
            start = board.bit(origin)
            if value:
                if board.moved(start, heading, value) & target:
                    return origin, Move(stack, heading)
            else:
                mask, distance = board.step(start, heading), 1
                while mask:
                    if mask & target:
                        return origin, Move(stack, heading, distance)
                    mask, distance = board.step(mask, heading), distance + 1
    return None


def is_navigable(state: LabRatsState) -> bool:
    """True when some order of the coins lets the rat out of ``state``'s maze from its square."""
    board = _Board(state)
    start = (0,) * 6
    masks = {start: board.bit(state.rat)}
    # Count vectors in order of coins used; each holds the squares reachable with those coins.
    for total in range(6 * COINS_PER_VALUE):
        for counts in [c for c in masks if sum(c) == total]:
            mask = masks[counts]
            for value in range(6):
                if counts[value] == COINS_PER_VALUE:
                    continue
                if mask & board.exits[value]:
                    return True
                after = counts[:value] + (counts[value] + 1,) + counts[value + 1:]
                masks[after] = masks.get(after, 0) | board.moved_all(mask, value)
    return False


__all__ = ["is_navigable", "solve_advanced"]
