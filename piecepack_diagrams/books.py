"""Puzzle books: a game's puzzles on the front pages, the answer key at the back.

Glue between the games (which make puzzles and their pictures) and the sheets
(which lay scenes out on pages by templates).
"""

from __future__ import annotations

from .engine import find_game
from .errors import SetupError
from .games.lab_rats import GAME as LAB_RATS
from .games.lab_rats.picture import puzzle_scene, solution_scene, stacks_scene
from .games.lab_rats.puzzles import DIFFICULTIES, generate_puzzles, route
from .sheets import Cell, load_template, paginate, render_book
from .theme import DEFAULT, Theme

_LAB_RATS_RULES = ("Lead the rat (the pawn on the first tile) out across the edge between the two exit "
                   "pawns, by the advanced rules: move it like a rook by the value of a stack's top coin "
                   "(null: any number of squares), leaving the coin on the square it left, or discard a top "
                   "coin. Every puzzle can be solved.")


def puzzle_book(game: str, *, count: int, seed: int = 1, difficulty: str | None = None,
                template: str = "puzzle-sheet", key_template: str = "answer-key", theme: Theme = DEFAULT) -> bytes:
    """A PDF of ``count`` puzzles of ``game`` dealt from ``seed`` with an answer key.

    Raises :class:`SetupError` for a game without puzzles, a bad count or difficulty,
    or a bad template.
    """
    if find_game(game) is not LAB_RATS:
        raise SetupError(f"no puzzles for '{game}' yet", token=game, expected="lab-rats")
    if not 1 <= count <= 500:
        raise SetupError(f"--count {count} is out of range", token=str(count), expected="1 to 500")
    if difficulty is not None and difficulty not in DIFFICULTIES:
        raise SetupError(f"unknown difficulty '{difficulty}'", token=difficulty, expected=", ".join(DIFFICULTIES))
    front, back = load_template(template), load_template(key_template)
    try:
        puzzles = generate_puzzles(count, seed=seed, difficulty=difficulty)
    except ValueError as exc:
        raise SetupError(str(exc), token=difficulty or str(count)) from None
    cells = [Cell(puzzle_scene(p.state), legend=stacks_scene(p.state),
                  caption=f"Puzzle {p.number} ({p.difficulty}: the best escape uses {p.solution.coins} coins)\n"
                          + _LAB_RATS_RULES) for p in puzzles]
    keys = []
    for p in puzzles:
        stops, notes = route(p)
        keys.append(Cell(solution_scene(p.state, stops, notes),
                         f"Puzzle {p.number}: {p.solution.coins} coins\n{_wrapped(p.solution.text, 9)}"))
    # The puzzles and the key each have their own template; the book numbers its pages throughout.
    return render_book([(paginate("Lab Rats puzzles", cells, front), front),
                        (paginate("Lab Rats puzzles: answer key", keys, back), back)],
                       theme=theme, title="Lab Rats puzzles")


def _wrapped(text: str, per_line: int) -> str:
    words = text.split()
    return "\n".join(" ".join(words[k:k + per_line]) for k in range(0, len(words), per_line))


__all__ = ["puzzle_book"]
