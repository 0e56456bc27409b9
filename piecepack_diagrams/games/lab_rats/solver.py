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
from functools import lru_cache
from typing import TYPE_CHECKING, Iterable

from ...values import value
from .maze import Maze, Square, forward
from .rules import Action, Coin, Discard, LabRatsState, Move, apply_action, exit_distance, legal_actions

if TYPE_CHECKING:
    from .navigable import _Tables

#: States the standard-rules search may visit before it gives up.
STANDARD_BUDGET = 200_000
#: The largest budget accepted: some half an hour of search at the 2,700 states a second the
#: default budget took on the project's (loaded) machine.
BUDGET_LIMIT = 5_000_000
_HEADINGS = (0, 90, 180, 270)
#: Heading -> its way in ``_Board.runs`` (north, south, east, west: 0, 180, 270, 90).
_RUN_OF_HEADING = {0: 0, 180: 1, 270: 2, 90: 3}


@value
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
    if advanced or (plain.solvable and plain.coins <= 1):
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
    Boards depend only on the maze and the exit option: :func:`board_of` keeps recent ones.
    """

    def __init__(self, state: LabRatsState) -> None:
        squares = state.maze.squares
        self.x0 = min(x for x, _ in squares) - 1
        self.y0 = min(y for _, y in squares) - 1
        self.width = max(x for x, _ in squares) - self.x0 + 2
        self.maze = maze = self._mask(squares)
        # Squares from which a move of at least n squares exits: n -> mask (0 for any distance).
        # Only squares in line with an exit square, along the exit heading, can exit at all.
        self.exit_heading = heading = state.exit_heading
        (dx, dy), ends = forward(heading), state.exit_squares
        lined = [sq for sq in squares if any((sq[0] - ex) * dy == (sq[1] - ey) * dx for ex, ey in ends)]
        need = {sq: exit_distance(state, sq, heading) for sq in lined}
        self.exits = [self._mask(sq for sq, d in need.items() if d is not None and (n == 0 or d <= n))
                      for n in range(6)]
        width = self.width
        # runs[n]: per way (north, south, east, west), the bits from which n steps that way stay
        # on the maze, so that a move of n squares (1..5) is one shift of those bits.
        self.runs: list[tuple[int, int, int, int]] = [(0, 0, 0, 0)]
        for n in range(1, 6):
            north = south = east = west = -1
            for k in range(1, n + 1):
                north &= maze >> k * width
                south &= maze << k * width
                east &= maze >> k
                west &= maze << k
            self.runs.append((north, south, east, west))
        # For moves of any length, per way: the shift and the maze squares that end lines of 1, 2,
        # 4 ... maze squares that way, up to the longest line of the maze.
        self.lines: list[tuple[int, tuple[int, ...]]] = []
        for shift in (width, -width, 1, -1):
            spans, span, k = [], maze, 0
            while span:
                spans.append(span)
                span &= (span << (shift << k)) if shift > 0 else (span >> (-shift << k))
                k += 1
            self.lines.append((shift, tuple(spans)))
        # The navigability search's tables of this maze (navigable.py), made on first use.
        self.navigation: _Tables | None = None
        # Per value, masks and their moves, as the solvers met them (deals on one maze share many).
        self.memo: tuple[dict[int, int], ...] = tuple({} for _ in range(6))

    def bit(self, square: Square) -> int:
        return 1 << ((square[1] - self.y0) * self.width + square[0] - self.x0)

    def _mask(self, squares: Iterable[Square]) -> int:
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

    def moved_all(self, mask: int, value: int) -> int:
        """Every square a move of ``value`` (0: any number of squares) reaches from ``mask``, any heading."""
        if value:
            north, south, east, west = self.runs[value]
            shift = value * self.width
            return ((mask & north) << shift) | ((mask & south) >> shift) | ((mask & east) << value) \
                | ((mask & west) >> value)
        # Fill each way by doubling: after the spans of 1, 2, 4 ... squares, ``filled`` holds every
        # square reached by 0 .. 2^k - 1 steps along the maze; one more step gives the moves.
        maze = self.maze
        out = 0
        for shift, spans in self.lines:
            filled = mask
            if shift > 0:
                for k, span in enumerate(spans):
                    filled |= span & (filled << (shift << k))
                out |= (filled << shift) & maze
            else:
                for k, span in enumerate(spans):
                    filled |= span & (filled >> (-shift << k))
                out |= (filled >> -shift) & maze
        return out


#: Boards of recent mazes (a deal's two start squares, a puzzle's first moves share one).
_BOARDS: dict[tuple[Maze, bool], _Board] = {}
_BOARDS_KEPT = 4
#: Masks whose moves a board remembers (some 300 bytes each) before it starts afresh.
_MEMO_LIMIT = 20_000


def board_of(state: LabRatsState) -> _Board:
    """The board of ``state``'s maze and exit option, made once for all states that share them."""
    key = (state.maze, state.options.exit_from_edge_only)
    board = _BOARDS.get(key)
    if board is None:
        if len(_BOARDS) >= _BOARDS_KEPT:
            _BOARDS.clear()
        board = _BOARDS[key] = _Board(state)
    return board


@lru_cache(maxsize=64)
def _height_order(start: tuple[int, ...]) -> tuple[tuple[int, ...], int,
                                                   tuple[tuple[int, tuple[tuple[int, int], ...]], ...]]:
    """How stack heights up to ``start`` are searched: the strides of their flat index; the span
    that numbers coins as ``stack * span + height - 1``; and each heights' index with its coins
    ``(coin's number, index after taking it)``, the most coins left first (lexicographic among
    equals, the order that picks among equal solutions)."""
    strides = ((start[1] + 1) * (start[2] + 1), start[2] + 1, 1)
    span = max(start) + 1
    order = sorted(((a, b, c) for a in range(start[0] + 1) for b in range(start[1] + 1) for c in range(start[2] + 1)),
                   key=lambda h: -sum(h))
    entries = []
    for heights in order:
        index = sum(h * s for h, s in zip(heights, strides))
        entries.append((index, tuple((k * span + heights[k] - 1, index - strides[k]) for k in range(3) if heights[k])))
    return strides, span, tuple(entries)


def solve_advanced(state: LabRatsState) -> Solution:
    """The exact fewest-coin escape without backing up.

    For each count of coins left in the three stacks the set of squares the rat
    can be on is a bit mask; counts are taken in order of coins used, so the
    first escape found uses the fewest coins.
    """
    board = board_of(state)
    exits, moved_all, memo = board.exits, board.moved_all, board.memo
    if sum(map(len, memo)) > _MEMO_LIMIT:
        for moves in memo:
            moves.clear()
    strides, span, order = _height_order(tuple(len(s) for s in state.stacks))
    # Each coin by its number: its value, where it exits from, and the moves of masks met so far.
    # (Numbers of no coin hold a stand-in that is never read.)
    coins_at: list[tuple[int, int, dict[int, int]]] = [(0, 0, {})] * (3 * span)
    for k, stack in enumerate(state.stacks):
        for height, coin in enumerate(stack):
            coins_at[k * span + height] = (coin.value, exits[coin.value], memo[coin.value])
    exit_any = exits[0]  # every square some coin exits from
    masks = [0] * (order[0][0] + 1)
    masks[order[0][0]] = board.bit(state.rat)
    kept = 1  # heights that hold a mask: the states searched
    for index, coins in order:
        mask = masks[index]
        if not mask:
            continue
        near = mask & exit_any
        for at, after in coins:
            value, out, cache = coins_at[at]
            if near and mask & out:
                return _reconstruct(state, board, masks, strides, index, at // span, mask & out, kept)
            # A discard leaves the rat where it is; a move takes it along any heading.
            moved = cache.get(mask)
            if moved is None:
                moved = cache[mask] = moved_all(mask, value)
            known = masks[after]
            if known:
                masks[after] = known | mask | moved
            else:
                kept += 1
                masks[after] = mask | moved
    return Solution(False, searched=kept)


def _reconstruct(state: LabRatsState, board: _Board, masks: list[int], strides: tuple[int, ...],
                 index: int, k: int, winners: int, kept: int) -> Solution:
    """Walk back from an escape (by the top coin of stack ``k`` at the heights of flat ``index``)
    to the start, one coin at a time."""
    stacks = state.stacks
    start = tuple(len(s) for s in stacks)
    heights: tuple[int, ...] = (index // strides[0], index % strides[0] // strides[1], index % strides[1])
    target = winners & -winners
    coin = stacks[k][heights[k] - 1]
    need = exit_distance(state, board.squares_of(target)[0], board.exit_heading)
    actions: list[Action] = [Move(k + 1, board.exit_heading, need if coin.value == 0 else None)]
    while heights != start:
        for j in range(3):
            if heights[j] >= start[j] or not masks[index + strides[j]]:
                continue
            coin = stacks[j][heights[j]]
            found = _step_back(board, masks[index + strides[j]], target, coin.value, j + 1)
            if found is not None:
                target, action = found
                actions.append(action)
                heights = heights[:j] + (heights[j] + 1,) + heights[j + 1:]
                index += strides[j]
                break
        else:  # pragma: no cover - the masks always hold a way back
            raise AssertionError("no way back through the masks")
    actions.reverse()
    return Solution(True, tuple(actions), len(actions), kept)


def _step_back(board: _Board, before: int, target: int, value: int, stack: int) -> tuple[int, Action] | None:
    """A square of ``before`` (as a bit) from which coin ``value`` of ``stack`` brings the rat to
    the square of bit ``target``: the first heading of ``_HEADINGS`` that has one, and on it the
    lowest bit (the choice the solutions of the records and puzzle books were made with)."""
    if before & target:
        return target, Discard(stack)
    width, maze = board.width, board.maze
    for heading in _HEADINGS:
        shift = width if heading in (0, 180) else 1
        # Moves heading 0 or 270 shift bits up, so their origins lie below the target.
        down = heading in (0, 270)
        if value:
            runs = board.runs[value][_RUN_OF_HEADING[heading]]
            origins = before & runs & ((target >> value * shift) if down else (target << value * shift))
        else:
            origins, reach = 0, target
            while reach:  # back along the line while the squares passed are on the maze
                reach = (reach >> shift) if down else (reach << shift)
                origins |= reach
                reach &= maze
            origins &= before
        if origins:
            origin = origins & -origins
            if value:
                return origin, Move(stack, heading)
            distance = abs(origin.bit_length() - target.bit_length()) // shift
            return origin, Move(stack, heading, distance)
    return None


def _key(state: LabRatsState) -> tuple[Square, tuple[tuple[Coin, ...], ...], tuple[Square, ...], int]:
    return state.rat, state.stacks, tuple(state.down[i].square for i in state.trail), state.coins_used()


def _solve_standard(state: LabRatsState, *, budget: int, bound: int | None) -> Solution:
    """Search whole standard-rules states, those with the fewest coins down first.

    Returning a coin lowers the coins down, so levels are revisited; the search
    stops when no state left has fewer coins down than the best escape found.
    """
    base = state.coins_used()
    levels: dict[int, deque[tuple[LabRatsState, tuple[Action, ...]]]] = {base: deque([(state, ())])}
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
