"""Coin Collectors deal puzzles: a fixed setup and every roll of the game given in
advance (as in Four Die Stud, all four dice are rolled after each move, and
the puzzle says what they show). Can all 24 coins be collected?

Puzzles are made solvable by construction (a plan of four pawn routes is drawn
first, and each turn's roll lets that plan's move happen, the other dice
falling at random), and then the solver decides them independently and finds
the answer printed in the key. The rating is the puzzle's *forgiveness*: along
the solution, the average share of the legal moves that still lead to
collecting everything. *Easy* at 0.8 or more, *hard* below 0.55, *medium*
between.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TextIO

from ...engine.puzzles import TIME_LIMIT, deal_puzzles
from ...rng import SeededRandom
from ...values import value
from .board import HOLE, NEIGHBOURS, Deal, MoveTable, pawn_moves
from .game import ALL_CARDS, make_deal

if TYPE_CHECKING:
    from concurrent.futures import Executor

DIFFICULTIES = ("easy", "medium", "hard")
#: The four blocks of six cells a plan gives the pawns (a pinwheel round the hole), each
#: with the cell next to the hole where its pawn comes in.
_REGIONS = (({0, 1, 2, 5, 6, 7}, 7), ({3, 4, 8, 9, 13, 14}, 13), ({17, 18, 19, 22, 23, 24}, 17),
            ({10, 11, 15, 16, 20, 21}, 11))
Rolls = tuple[tuple[int, ...], ...]
Plan = tuple[tuple[int, int], ...]  # (pawn suit, cell entered), in order


def _paths(region: set[int], start: int) -> list[tuple[int, ...]]:
    """Every route through all the cells of ``region`` from ``start``, one step at a time."""
    out = []

    def walk(path: list[int]) -> None:
        if len(path) == len(region):
            out.append(tuple(path))
            return
        for n in region:
            if n not in path and NEIGHBOURS[path[-1]] >> n & 1:
                walk(path + [n])

    walk([start])
    return out


_ROUTES = tuple(_paths(region, entry) for region, entry in _REGIONS)


def solve_deal(deal: Deal, rolls: Rolls, *, present: int | None = None, pawns: tuple[int, ...] = (HOLE,) * 4,
               turn: int = 0) -> Plan | None:
    """A way to collect every coin still ``present`` (default: all) when turn ``t`` is
    played with ``rolls[t]``, as (pawn suit, cell entered) steps, or ``None``."""
    failed: set[tuple[int, tuple[int, ...]]] = set()
    table = MoveTable(deal)

    def search(left: int, where: tuple[int, ...], t: int) -> list[tuple[int, int]] | None:
        if not left:
            return []
        if (left, where) in failed:
            return None
        for p, cell in pawn_moves(table, where, rolls[t], left):
            rest = search(left & ~(1 << cell), where[:p] + (cell,) + where[p + 1:], t + 1)
            if rest is not None:
                return [(p + 1, cell)] + rest
        failed.add((left, where))
        return None

    found = search(deal.full if present is None else present, pawns, turn)
    return tuple(found) if found is not None else None


def forgiveness(deal: Deal, rolls: Rolls, plan: Plan) -> float:
    """The average, along ``plan``, of the share of legal moves that still lead to a win."""
    present = deal.full
    pawns: tuple[int, ...] = (HOLE,) * 4
    table = MoveTable(deal)
    shares = []
    for turn, (suit, cell) in enumerate(plan):
        moves = pawn_moves(table, pawns, rolls[turn], present)
        good = 0
        for p, target in moves:
            after = pawns[:p] + (target,) + pawns[p + 1:]
            if solve_deal(deal, rolls, present=present & ~(1 << target), pawns=after, turn=turn + 1) is not None:
                good += 1
        shares.append(good / len(moves))
        present &= ~(1 << cell)
        pawns = pawns[:suit - 1] + (cell,) + pawns[suit:]
    return sum(shares) / len(shares)


def rate(share: float) -> str:
    if share >= 0.8:
        return "easy"
    if share < 0.55:
        return "hard"
    return "medium"


@value
class DealPuzzle:
    """A deal, the roll of every turn, the solver's answer and its rating."""

    number: int
    seed: int
    deal: Deal
    rolls: Rolls
    answer: Plan
    forgiveness: float
    difficulty: str

    def __repr__(self) -> str:
        return (f"DealPuzzle(number={self.number!r}, seed={self.seed!r}, forgiveness={self.forgiveness!r}, "
                f"difficulty={self.difficulty!r})")


def make_deal_puzzle(seed: int, number: int = 1) -> DealPuzzle:
    """The puzzle dealt by ``seed``: tiles, coins, a plan, and rolls that allow the plan."""
    rng = SeededRandom(seed)
    deal = make_deal(rng.shuffled(list(ALL_CARDS)), rng.shuffled(list(ALL_CARDS)))
    suits = rng.shuffled([1, 2, 3, 4])
    routes = [list(rng.choice(_ROUTES[k])) for k in range(4)]
    order = rng.shuffled([k for k in range(4) for _ in range(6)])  # which region's pawn moves each turn
    plan = []
    for k in order:
        plan.append((suits[k], routes[k].pop(0)))
    rolls = []
    for suit, cell in plan:
        dice = [rng.die() for _ in range(4)]
        tile, coin = deal.tiles[cell], deal.coins[cell]
        assert tile is not None and coin is not None  # a pawn's route runs over tiles, each with its coin
        if rng.below(2):  # the tile's suit die shows the tile's rank ...
            dice[tile[0] - 1] = tile[1]
        else:  # ... or the pawn's die shows the coin's number
            dice[suit - 1] = coin[1]
        rolls.append(tuple(dice))
    rolls_t: Rolls = tuple(rolls)
    answer = solve_deal(deal, rolls_t)
    assert answer is not None, "a planned deal is always solvable"
    share = forgiveness(deal, rolls_t, answer)
    return DealPuzzle(number, seed, deal, rolls_t, answer, share, rate(share))


def generate_deal_puzzles(count: int, *, seed: int = 1, difficulty: str | None = None,
                          time_limit: float = TIME_LIMIT, progress: TextIO | None = None,
                          executor: Executor | None = None, jobs: int | None = 1) -> list[DealPuzzle]:
    """``count`` deal puzzles from ``seed`` (the same arguments, the same puzzles), within the
    bounds of :func:`~piecepack_diagrams.engine.puzzles.deal_puzzles`; a progress bar goes
    to ``progress``. Deals are made in ``jobs`` processes or on ``executor`` as that function says.

    Raises :class:`~piecepack_diagrams.errors.SetupError` for an unknown difficulty or when
    too few of it turn up within those bounds.
    """
    return deal_puzzles(count, seed=seed, difficulty=difficulty, difficulties=DIFFICULTIES, make=make_deal_puzzle,
                        rating=lambda p: p.difficulty, what="Coin Collectors deal puzzles", time_limit=time_limit,
                        progress=progress, executor=executor, jobs=jobs)


__all__ = ["DIFFICULTIES", "DealPuzzle", "forgiveness", "generate_deal_puzzles", "make_deal_puzzle", "rate",
           "solve_deal"]
