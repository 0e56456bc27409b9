"""Rulebook figures: named figures that illustrate rules (such as the Lab Rats maze
building diagram), and a game's whole figure set drawn from its records.

A figure set shows what a rulebook needs: the setup, a legal move of each kind the
game has, an illegal move with the rule it breaks, and the end of a game. Each game
says in its ``rulebook`` module what its kinds of move are, how to tell them apart,
and which moves to try when looking for an illegal one; the positions come from
records (by default the shipped ones), so every figure shows a real, replayed game.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from types import ModuleType
from typing import Any, Callable, Iterable, Sequence

from .engine import Game, Replay, find_game, replay
from .errors import PiecepackError, RuleError, SetupError, SourceLocation
from .games.lab_rats.figure import maze_building_figure
from .notation import iter_records
from .notation.movetext import MoveGroup, Token
from .scene import Scene
from .theme import DEFAULT, Theme

#: Figure name -> a function drawing it.
FIGURES: dict[str, Callable[[], Scene]] = {
    "lab-rats-maze-building": maze_building_figure,
}


@dataclass(frozen=True, slots=True)
class RuleFigure:
    """One figure of a set: its file name (without extension) and its scene, captioned;
    for a figure of a move, where it comes from: the record's file, the position the move
    was made in (0 the setup) and the move."""

    name: str
    scene: Scene
    source: str = ""
    position: int = -1
    move: str = ""

    def __repr__(self) -> str:
        return (f"RuleFigure(name={self.name!r}, scene=..., source={self.source!r}, position={self.position!r}, "
                f"move={self.move!r})")


@dataclass(frozen=True, slots=True)
class FigureSet:
    """A game's figures, and the kinds of move its records had no example of."""

    game: str
    figures: tuple[RuleFigure, ...]
    missing: tuple[str, ...] = ()

    def is_complete(self) -> bool:
        """True when every kind of move the game names has a figure."""
        return not self.missing


def figure_scene(name: str) -> Scene:
    """The figure called ``name``; raises :class:`SetupError` for an unknown one."""
    try:
        return FIGURES[name]()
    except KeyError:
        raise SetupError(f"unknown figure '{name}'", token=name, expected=", ".join(sorted(FIGURES))) from None


def _rulebooks() -> dict[Game[Any], tuple[str, ModuleType]]:
    from .games.coin_collectors import GAME as COIN_COLLECTORS
    from .games.coin_collectors import rulebook as coin_collectors
    from .games.lab_rats import GAME as LAB_RATS
    from .games.lab_rats import rulebook as lab_rats
    from .games.labyrinth import GAME as LABYRINTH
    from .games.labyrinth import rulebook as labyrinth
    from .games.landlocked import GAME as LANDLOCKED
    from .games.landlocked import rulebook as landlocked

    return {LAB_RATS: ("lab-rats", lab_rats), COIN_COLLECTORS: ("coin-collectors", coin_collectors),
            LANDLOCKED: ("landlocked", landlocked), LABYRINTH: ("labyrinth", labyrinth)}


def figure_games() -> list[str]:
    """The games that have figure sets, by their command-line names."""
    return [name for name, _ in _rulebooks().values()]


def game_replays(game: str, records: str | Path = "records") -> list[Replay]:
    """Every valid game of ``game`` in the ``*.ppn`` files under ``records``, in file order.

    Raises :class:`SetupError` for an unknown game or when there is none; a record
    that does not replay raises its own located error.
    """
    rules = _rules_of(game)
    out = []
    for path in sorted(Path(records).rglob("*.ppn")):
        for record in iter_records(path):
            if find_game(str(_game_name(record.metadata))) is rules:
                out.append(replay(record, strict=True))
    if not out:
        raise SetupError(f"no records of {game} under {records}", token=str(records),
                         expected="a folder holding .ppn records of the game")
    return out


def _game_name(metadata: dict[str, Any]) -> Any:
    kind = metadata.get("GameType", "")
    return kind.get("Name", "") if isinstance(kind, dict) else kind


def _rules_of(game: str) -> Game[Any]:
    rules = find_game(game) or find_game(game.replace("-", " "))
    if rules is None or rules not in _rulebooks():
        raise SetupError(f"no figure set for '{game}'", token=game, expected=", ".join(figure_games()))
    return rules


def figure_set(game: str, replays: Sequence[Replay]) -> FigureSet:
    """The rulebook figures of ``game`` drawn from ``replays`` (games of it).

    Raises :class:`SetupError` for a game without a figure set, or without games.
    """
    rules = _rules_of(game)
    if not replays:
        raise SetupError(f"no games of {game} to draw figures from", token=game, expected="one record or more")
    slug, book = _rulebooks()[rules]
    title = rules.title
    figures = [_setup_figure(slug, title, replays[0])]
    missing = []
    for kind, words in book.KINDS.items():
        found = _first_of_kind(book, kind, replays)
        if found is None:
            missing.append(kind)
            continue
        result, k = found
        scene = result.game.scene(result.positions[k].state, caption=_move_caption(title, words, result, k))
        figures.append(RuleFigure(f"{slug}-move-{kind}", scene, result.record.file, k - 1,
                                  result.positions[k].text))
    illegal = _illegal_figure(slug, title, book, replays)
    if illegal is not None:
        figures.append(illegal)
    else:
        missing.append("illegal")
    end = _end_figure(slug, title, replays)
    if end is not None:
        figures.append(end)
    else:
        missing.append("end")
    figures += [RuleFigure(name, make()) for name, make in FIGURES.items() if name.startswith(f"{slug}-")]
    return FigureSet(slug, tuple(figures), tuple(missing))


def _setup_figure(slug: str, title: str, result: Replay) -> RuleFigure:
    caption = f"{title}: the setup"
    detail = result.record.metadata.get("Event")
    scene = result.game.scene(result.positions[0].state, caption=caption + (f"\n({detail})" if detail else ""))
    return RuleFigure(f"{slug}-setup", scene)


def _move_caption(title: str, words: str, result: Replay, k: int) -> str:
    position = result.positions[k]
    return f"{title}: {words}\nMove {position.label} {position.text}".rstrip()


def _first_of_kind(book: ModuleType, kind: str, replays: Sequence[Replay]) -> tuple[Replay, int] | None:
    for result in replays:
        for k in range(1, len(result.positions)):
            before, after = result.positions[k - 1], result.positions[k]
            if book.move_kind(before.state, after.state, after.text) == kind:
                return result, k
    return None


def _end_figure(slug: str, title: str, replays: Sequence[Replay]) -> RuleFigure | None:
    ended = [r for r in replays if r.status().is_over()]
    if not ended:
        return None
    # A won game shows the end best; a lost one will do.
    result = next((r for r in ended if r.status().outcome == "won"), ended[0])
    status = result.status()
    caption = f"{title}: the end of a game ({status.outcome}{': ' + status.detail if status.detail else ''})"
    final = result.final
    caption += f"\nMove {final.label} {final.text}".rstrip()
    return RuleFigure(f"{slug}-end", result.game.scene(final.state, caption=caption))


def _illegal_figure(slug: str, title: str, book: ModuleType, replays: Sequence[Replay]) -> RuleFigure | None:
    """The first move ``book.illegal_candidates`` offers that the rules refuse, drawn on the
    position it was tried in with its marks crossed out and the rule in the caption."""
    for result in replays:
        for k, position in enumerate(result.positions[:-1]):
            for text in book.illegal_candidates(position.state):
                error = _refusal(result, k, text)
                if error is None:
                    continue
                scene = result.game.scene(position.state)
                marks = tuple(book.attempt_marks(position.state, text))
                caption = f"{title}: a move the rules forbid\n{_reason(error)}"
                return RuleFigure(f"{slug}-illegal-move",
                                  replace(scene, annotations=scene.annotations + marks, caption=caption),
                                  result.record.file, k, text)
    return None


def _refusal(result: Replay, k: int, text: str) -> RuleError | None:
    """The rule error of playing ``text`` after position ``k``, or None if it is allowed
    (or is not a move of the game at all)."""
    where = SourceLocation("<figure>", 1, 1)
    label = result.record.groups[k].label if k < len(result.record.groups) else f"{k + 1}."
    group = MoveGroup(label, (Token(text, where),), (), where)
    try:
        result.game.apply(result.positions[k].state, group, metadata=result.record.metadata)
    except RuleError as exc:
        return exc
    except PiecepackError:
        return None
    return None


def _reason(error: RuleError) -> str:
    text = error.describe()
    return text[:1].upper() + text[1:]


def figure_files(figures: Iterable[RuleFigure], *, formats: Sequence[str] = ("svg", "pdf"),
                 theme: Theme = DEFAULT, template: str = "figure") -> dict[str, bytes]:
    """Each figure as a file per format, by name: SVG at true size, PDF laid out by
    ``template`` (a column-wide page cut to the figure's height), PNG and text as drawn.

    Raises :class:`SetupError` for a bad template or format.
    """
    from .render import render
    from .sheets import Cell, Metadata, Page, load_template, render_pages

    layout = load_template(template)
    files: dict[str, bytes] = {}
    for figure in figures:
        for fmt in formats:
            if fmt == "pdf":
                scene = replace(figure.scene, caption="")
                title = figure.scene.caption.split("\n")[0] or figure.name
                files[f"{figure.name}.pdf"] = render_pages(
                    [Page("", (Cell(scene, figure.scene.caption),))], layout, theme=theme,
                    metadata=Metadata(title, subject=figure.scene.caption.replace("\n", " ")))
            else:
                files[f"{figure.name}.{fmt}"] = render(figure.scene, fmt, theme=theme)
    return files


__all__ = ["FIGURES", "FigureSet", "RuleFigure", "figure_files", "figure_games", "figure_scene", "figure_set",
           "game_replays"]
