"""Solving Lab Rats deals whose coin order is known (an open-information puzzle).

Advanced version (no backing up): exact. Every action uses one coin and the
stacks' contents follow from their heights, so a search over the 9^3 counts of
coins left, each with the set of squares the rat can be on (a bit mask over
the maze), finds the escape with the fewest coins or proves there is none.

Standard rules: backing up can return a coin to any stack, so the order of the
coins is no longer fixed and the exact search space is much larger. Any
advanced-version solution is also a standard one, so :func:`solve` with
``advanced=False`` searches the standard game exactly within a budget of
states (:data:`STANDARD_BUDGET`): it returns a solution, proves there is none,
or says the budget ran out (``Solution.exhausted``), in which case the
advanced answer stands as the best known (an upper bound on the fewest coins).
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from .maze import Square
from .rules import Action, Discard, LabRatsState, Move, apply_action, exit_distance, legal_actions

#: States the standard-rules search may visit before it gives up.
STANDARD_BUDGET = 200_000
#: The largest budget accepted: some half an hour of search at the 2,700 states a second the
#: default budget took on the project's (loaded) machine.
BUDGET_LIMIT = 5_000_000
_HEADINGS = (0, 90, 180, 270)


@dataclass(frozen=True, slots=True)
class Solution:
    """A solver's verdict: ``actions`` that carry the rat out (empty when ``solvable``
    is false), the coins they use, the states searched, and whether a budget cut the
    search short (then ``solvable`` false means "none found", not "none exists")."""

    solvable: bool
    actions: tuple[Action, ...] = ()
    coins: int = 0
    searched: int = 0
    exhausted: bool = False

    @property
    def text(self) -> str:
        """The actions as movetext: ``1N 3E4 2x ...``."""
        return " ".join(a.text for a in self.actions)

    def __repr__(self) -> str:
        return (f"Solution(solvable={self.solvable!r}, actions={self.actions!r}, coins={self.coins!r}, "
                f"searched={self.searched!r}, exhausted={self.exhausted!r})")


def solve(state: LabRatsState, *, advanced: bool | None = None, budget: int = STANDARD_BUDGET) -> Solution:
    """The fewest-coin escape from ``state`` (see the module's notes).

    ``advanced`` defaults to the state's own rules.
    """
    if advanced is None:
        advanced = state.options.advanced
    if state.outcome != "playing" or state.building:
        return Solution(state.outcome == "won")
    plain = solve_advanced(state)
    if advanced or plain.solvable and plain.coins <= 1:
        return plain
    found = _solve_standard(state, budget=budget, bound=plain.coins if plain.solvable else None)
    if found.solvable and (not plain.solvable or found.coins < plain.coins):
        return found
    if plain.solvable:
        return Solution(True, plain.actions, plain.coins, plain.searched + found.searched, found.exhausted)
    return found


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


def _key(state: LabRatsState) -> tuple:
    return state.rat, state.stacks, tuple(state.down[i].square for i in state.trail), state.coins_used()


def _solve_standard(state: LabRatsState, *, budget: int, bound: int | None) -> Solution:
    """Search whole standard-rules states, those with the fewest coins down first.

    Returning a coin lowers the coins down, so levels are revisited; the search
    stops when no state left has fewer coins down than the best escape found.
    """
    base = state.coins_used()
    levels: dict[int, deque] = {base: deque([(state, ())])}
    seen = {_key(state)}
    searched = 0
    best: tuple[Action, ...] | None = None
    best_coins = bound if bound is not None else 10 ** 9  # escapes must beat this many coins
    while levels:
        level = min(levels)
        if level - base + 1 >= best_coins:
            break
        frontier = levels[level]
        current, actions = frontier.popleft()
        if not frontier:
            del levels[level]
        searched += 1
        if searched > budget:
            if best is not None:
                return Solution(True, best, best_coins, searched, exhausted=True)
            return Solution(False, searched=searched, exhausted=True)
        for action in legal_actions(current):
            nxt = apply_action(current, action)
            used = nxt.coins_used() - base
            if nxt.outcome == "won":
                if used < best_coins:
                    best, best_coins = actions + (action,), used
                continue
            if nxt.outcome != "playing" or used + 1 >= best_coins:
                continue
            key = _key(nxt)
            if key not in seen:
                seen.add(key)
                levels.setdefault(nxt.coins_used(), deque()).append((nxt, actions + (action,)))
    if best is not None:
        return Solution(True, best, best_coins, searched)
    return Solution(False, searched=searched)


def check_solution(state: LabRatsState, actions: tuple[Action, ...]) -> bool:
    """True when ``actions`` applied to ``state`` carry the rat out (an independent check)."""
    for action in actions:
        state = apply_action(state, action)
    return state.outcome == "won"




def describe(solution: Solution, *, advanced: bool, label: str) -> str:
    """A solver's verdict in words, with the moves as movetext."""
    rules = "advanced version" if advanced else "standard rules"
    if solution.solvable:
        head = f"{label}, {rules}: the rat escapes with {solution.coins} coin{'s' * (solution.coins != 1)}"
        if solution.exhausted:
            head += f" (the fewest found within {solution.searched:,} states; fewer may exist)"
        return head + "\n  " + solution.text
    if solution.exhausted:
        return (f"{label}, {rules}: no escape found within {solution.searched:,} states "
                "(raise --budget to search further)")
    return f"{label}, {rules}: no escape exists (searched {solution.searched:,} states)"


__all__ = ["BUDGET_LIMIT", "STANDARD_BUDGET", "Solution", "check_solution", "describe", "solve", "solve_advanced"]
