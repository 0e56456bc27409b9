"""Puzzle books: a game's puzzles on the front pages, the answer key at the back.

Glue between the games (which make puzzles and their pictures) and the sheets
(which lay scenes out on pages by templates).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TextIO

from .engine import find_game
from .engine.puzzles import TIME_LIMIT, check_time_limit
from .errors import SetupError
from .games.coin_collectors import GAME as COIN_COLLECTORS
from .games.lab_rats import GAME as LAB_RATS
from .games.landlocked import GAME as LANDLOCKED
from .sheets.pdf import Audit, Document
from .sheets import Cell, Metadata, load_template, paginate
from .theme import DEFAULT, Theme

if TYPE_CHECKING:
    from concurrent.futures import Executor

#: What a game's part of a book is: its title, the puzzle cells and the answer-key cells.
Parts = tuple[str, list[Cell], list[Cell]]
#: The bounds of dealing handed on to a game's generator: ``time_limit`` and ``progress``,
#: and where deals are made: ``executor`` and ``jobs``.
Bounds = dict[str, Any]


def puzzle_book(game: str, *, count: int, seed: int = 1, difficulty: str | None = None,
                template: str = "puzzle-sheet", key_template: str | None = None, theme: Theme = DEFAULT,
                time_limit: float = TIME_LIMIT, progress: TextIO | None = None, audit: Audit | None = None,
                executor: Executor | None = None, jobs: int | None = 1) -> bytes:
    """The PDF of :func:`puzzle_document`. With ``audit``, every drawing's layout findings are
    added to it.

    Raises :class:`SetupError` for a game without puzzles, a bad count, difficulty or time
    limit, a bad template, or too few puzzles found within the bounds.
    """
    document = puzzle_document(game, count=count, seed=seed, difficulty=difficulty, template=template,
                               key_template=key_template, time_limit=time_limit, progress=progress,
                               executor=executor, jobs=jobs)
    return document.render(theme=theme, audit=audit)


def puzzle_document(game: str, *, count: int, seed: int = 1, difficulty: str | None = None,
                    template: str = "puzzle-sheet", key_template: str | None = None,
                    time_limit: float = TIME_LIMIT, progress: TextIO | None = None,
                    executor: Executor | None = None, jobs: int | None = 1) -> Document:
    """A book of ``count`` puzzles of ``game`` (Lab Rats, Coin Collectors or Landlocked) dealt
    from ``seed``, with an answer key at the back, laid out by ``key_template`` (default: the
    one the puzzles' template names as its ``answer_key``). Dealing takes at most
    ``time_limit`` seconds (see :func:`~piecepack_diagrams.engine.puzzles.deal_puzzles`),
    with a progress bar on ``progress``, in ``jobs`` processes or on ``executor`` (the same
    book whatever they are).

    Raises :class:`SetupError` for a game without puzzles, a bad count, difficulty or time
    limit, a bad template, or too few puzzles found within the bounds.
    """
    makers = {LAB_RATS: _lab_rats, COIN_COLLECTORS: _coin_collectors, LANDLOCKED: _landlocked}
    found = find_game(game)
    make = makers.get(found) if found is not None else None
    if make is None:
        raise SetupError(f"no puzzles for '{game}'", token=game, expected="lab-rats, coin-collectors or landlocked")
    if not 1 <= count <= 500:
        raise SetupError(f"--count {count} is out of range", token=str(count), expected="1 to 500")
    check_time_limit(time_limit)
    front = load_template(template)
    back = load_template(key_template or front.answer_key)
    title, cells, keys = make(count, seed, difficulty, {"time_limit": time_limit, "progress": progress,
                                                        "executor": executor, "jobs": jobs})
    rated = f" rated {difficulty}" if difficulty else ""
    meta = Metadata(title, subject=f"{count} {title.lower()}{rated}, dealt from seed {seed}, each proven solvable; "
                                   "the answer key is at the back")
    # The puzzles and the key each have their own template; the book numbers its pages throughout.
    return Document(((tuple(paginate(title, cells, front)), front),
                     (tuple(paginate(f"{title}: answer key", keys, back)), back)), meta)


_LAB_RATS_RULES = ("Lead the rat (the pawn on the first tile) out across the edge between the two exit "
                   "pawns, by the advanced rules: move it like a rook by the value of a stack's top coin "
                   "(null: any number of squares), leaving the coin on the square it left, or discard a top "
                   "coin. Every puzzle can be solved.")


def _lab_rats(count: int, seed: int, difficulty: str | None, bounds: Bounds) -> Parts:
    from .games.lab_rats.picture import puzzle_scene, solution_scene, stacks_scene
    from .games.lab_rats.puzzles import generate_puzzles

    puzzles = generate_puzzles(count, seed=seed, difficulty=difficulty, **bounds)
    # The stacks in a band under the maze, their numbers still large (about 15 pt): the maze,
    # which the player plays on, takes the rest of the page.
    cells = [Cell(puzzle_scene(p.state), legend=stacks_scene(p.state), legend_share=0.2,
                  caption=f"Puzzle {p.number} ({p.difficulty}: the best escape uses {p.solution.coins} coins)\n"
                          + _LAB_RATS_RULES) for p in puzzles]
    keys = []
    for p in puzzles:
        steps = ", ".join(f"{k}. {a.text}" for k, a in enumerate(p.solution.actions, start=1))
        keys.append(Cell(solution_scene(p.state, p.solution.actions),
                         f"Puzzle {p.number}: out with {p.solution.coins} coins\nThe steps, numbered on the maze: "
                         f"{steps}.\n{_LAB_RATS_STEPS}"))
    return "Lab Rats puzzles", cells, keys


_LAB_RATS_STEPS = ("1N: stack 1's top coin moves the rat north (up) by its value; 1N3: a null coin moving it "
                   "3 squares; 2x: stack 2's top coin is discarded.")


_COIN_COLLECTORS_RULES = ("Collect all 24 coins. Each turn one pawn moves one tile up, down, left or right onto a "
                          "tile with a coin: the die of the tile's suit must show the tile's rank, or the pawn's "
                          "die the coin's number. Turn 1 uses the dice drawn on the board; every turn's roll is "
                          "given below (Suns, Moons above; Crowns, Arms below). Every puzzle can be solved.")


def _coin_collectors(count: int, seed: int, difficulty: str | None, bounds: Bounds) -> Parts:
    from .games.coin_collectors.game import start_state
    from .games.coin_collectors.picture import plan_scene, position_scene, rolls_scene
    from .games.coin_collectors.puzzles import generate_deal_puzzles

    cells, keys = [], []
    for p in generate_deal_puzzles(count, seed=seed, difficulty=difficulty, **bounds):
        state = start_state(p.deal, p.rolls[0])
        cells.append(Cell(position_scene(state), legend=rolls_scene(p.rolls), legend_share=0.42,
                          caption=f"Puzzle {p.number} ({p.difficulty}: on the way to the answer, {p.forgiveness:.0%} "
                                  "of the moves open to you keep it solvable)\n" + _COIN_COLLECTORS_RULES))
        keys.append(Cell(plan_scene(state, p.answer),
                         caption=f"Puzzle {p.number}: each tile numbered by the turn its coin is taken\n"
                                 f"Routes from the hole: {_route_legend()}"))
    return "Coin Collectors deal puzzles", cells, keys


_LANDLOCKED_RULES = ("Walk from the empty space to the outbound suit's tiles from null up to 5, then the "
                     "inbound suit's from 5 down to null, then home, one space at a time. Outbound legs pass no "
                     "inbound tile and no outbound tile lower than their target; inbound legs pass no inbound "
                     "tile lower than theirs. Each pass over a grid tile marks it; a tile takes four. Every "
                     "puzzle can be solved.")


def _landlocked(count: int, seed: int, difficulty: str | None, bounds: Bounds) -> Parts:
    from .games.landlocked.picture import position_scene, route_scene
    from .games.landlocked.puzzles import generate_puzzles
    from .games.landlocked.rules import apply_leg

    puzzles = generate_puzzles(count, seed=seed, difficulty=difficulty, **bounds)
    cells = [Cell(position_scene(p.state),
                  caption=f"Puzzle {p.number} ({p.difficulty}: the best route marks {p.route.passes} passes)\n"
                          + _LANDLOCKED_RULES) for p in puzzles]
    keys = []
    for p in puzzles:
        states = [p.state]
        for path in p.route.paths:
            states.append(apply_leg(states[-1], list(path)))
        keys.append(Cell(route_scene(states, p.route.paths),
                         caption=f"Puzzle {p.number}: the best route, {p.route.passes} passes; each leg numbered "
                                 "where it enters its target (colours and lines in turn), the outbound legs on the "
                                 "left board, the inbound legs and the way home on the right"))
    return "Landlocked puzzles", cells, keys


def _route_legend() -> str:
    from .games.coin_collectors.picture import ROUTE_COLOUR_NAMES, ROUTE_DASH_NAMES
    from .pieces import suit_name

    return "; ".join(f"{suit_name(suit)} pawn {colour}, {line}"
                     for suit, (colour, line) in enumerate(zip(ROUTE_COLOUR_NAMES, ROUTE_DASH_NAMES), start=1))


__all__ = ["puzzle_book", "puzzle_document"]
