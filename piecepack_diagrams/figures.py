"""Rulebook figures: named figures that illustrate rules (such as the Lab Rats maze
building diagram), and a game's whole figure set drawn from its records.

A figure set shows what a rulebook needs: the setup, a legal move of each kind the
game has, an illegal move with the rule it breaks, and the end of a game. Each game
says in its ``rulebook`` module what its kinds of move are, how to tell them apart,
and which moves to try when looking for an illegal one; the positions come from
records (by default the shipped ones), so every figure shows a real, replayed game.

A game's ``rulebook`` module gives:

- ``KINDS``: kind of move -> the rule, in a player's words (a caption's first line);
- ``move_kind(before, after, text)``: which kind a move of a record is, or None;
- ``describe(before, after, text)``: the move itself in a player's words, naming squares
  as the player sees them (the caption's second line; never internal numbers);
- ``illegal_candidates(state)`` and ``attempt_marks(state, text)``: moves to try for an
  illegal one, and the marks that show one (a dashed arrow, an X where it fails);
- optionally ``attempt_scene(state, text, error)``: the whole figure of a refused move,
  when the game draws it otherwise than as the position plus its marks (its caption, if
  any, says what is refused in place of the rule's message); ``end_scene(replay)``: the
  figure of a game's end, when the final position alone would not show it (its caption,
  if any, in place of the last move); ``figure_notes``: extra figures (kind -> a function
  of the replays giving a :class:`RuleFigure` or None); ``setup_replay(replays)``: the
  game whose setup to show (default the first), and ``SETUP``: words on the setup for its
  caption; ``describe_figure(before, after, text)``: the move as its figure (``move_scene``)
  draws it, when that is another moment than the position after it (default ``describe``).

Figures of a move are cropped to the region the move is about (the scene's focus); the
setup and the end show the whole board, a column and a half wide.
"""

from __future__ import annotations

from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any, Callable, Iterable, Sequence

from .engine import Game, Replay, find_game, replay
from .errors import PiecepackError, RuleError, SetupError, SourceLocation
from .games.lab_rats.figure import maze_building_figure
from .notation import iter_records
from .notation.movetext import MoveGroup, Token
from .scene import Scene
from .theme import DEFAULT, Theme
from .values import replace, value

if TYPE_CHECKING:  # imported where they are used: the PDF sheets bring in reportlab
    from .layout.audit import Finding
    from .scene import Annotation, Bounds
    from .oblique.projection import Projection
    from .sheets.pdf import Document

#: Figure name -> a function drawing it.
FIGURES: dict[str, Callable[[], Scene]] = {
    "lab-rats-maze-building": maze_building_figure,
}


#: How wide figures print (the templates in templates/): a move in one column, a whole board
#: (a setup, an end, a key) across the page.
COLUMN, WIDE = "figure", "figure-wide"


@value
class RuleFigure:
    """One figure of a set: its file name (without extension) and its scene, captioned;
    for a figure of a move, where it comes from: the record's file, the position the move
    was made in (0 the setup) and the move. ``framing`` is how it is framed (``"focus"``:
    cropped to what the move is about; ``"whole"``) and ``template`` the page layout its PDF
    takes (:data:`COLUMN` or :data:`WIDE`)."""

    name: str
    scene: Scene
    source: str = ""
    position: int = -1
    move: str = ""
    framing: str = "focus"
    template: str = COLUMN

    def __repr__(self) -> str:
        return (f"RuleFigure(name={self.name!r}, scene={self.scene!r}, source={self.source!r}, "
                f"position={self.position!r}, move={self.move!r}, framing={self.framing!r}, "
                f"template={self.template!r})")


@value
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


def game_replays(game: str, records: str | Path | None = None) -> list[Replay]:
    """Every valid game of ``game`` in the ``*.ppn`` files under ``records`` (default:
    ``records/`` in the current folder, else the shipped records), in file order.

    Raises :class:`SetupError` for an unknown game or when there is none; a record
    that does not replay raises its own located error.
    """
    from .shipped import default_records

    rules = _rules_of(game)
    records = default_records() if records is None else records
    out = []
    for path in sorted(Path(records).rglob("*.ppn")):
        for record in iter_records(path):
            if find_game(str(_game_name(record.metadata))) is rules:
                out.append(replay(record, strict=True))
    if not out:
        raise SetupError(f"no records of {game} under {records}", token=str(records),
                         location=SourceLocation(str(records), 1, 1),
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
    figures = [_setup_figure(slug, title, book, replays)]
    missing = []
    for kind, words in book.KINDS.items():
        found = _first_of_kind(book, kind, replays)
        if found is None:
            missing.append(kind)
            continue
        result, k = found
        caption = _move_caption(book, title, words, result, k)
        # A game may draw a move its own way (the dice it was made with, pieces that left).
        drawn = getattr(book, "move_scene", None)
        before, after = result.positions[k - 1], result.positions[k]
        scene = (drawn(before.state, after.state, after.text, caption) if drawn is not None
                 else result.game.scene(after.state, caption=caption))
        # A move about no region of the board (a pawn taken out, say) shows the whole board, a page wide.
        wide = scene.focus is None
        figures.append(RuleFigure(f"{slug}-move-{kind}", scene, result.record.file, k - 1,
                                  result.positions[k].text, framing="whole" if wide else "focus",
                                  template=WIDE if wide else COLUMN))
    illegal = _illegal_figure(slug, title, book, replays)
    if illegal is not None:
        figures.append(illegal)
    else:
        missing.append("illegal")
    end = _end_figure(slug, title, book, replays)
    if end is not None:
        figures.append(end)
    else:
        missing.append("end")
    for make in getattr(book, "figure_notes", {}).values():
        extra = make(replays)
        if extra is not None:
            figures.append(extra)
    figures += [RuleFigure(name, make(), framing="whole") for name, make in FIGURES.items()
                if name.startswith(f"{slug}-")]
    return FigureSet(slug, tuple(figures), tuple(missing))


def _setup_figure(slug: str, title: str, book: ModuleType, replays: Sequence[Replay]) -> RuleFigure:
    """The setup of the game the rulebook picks (its ``setup_replay``; else the first), with the
    rulebook's ``SETUP`` words under the title when it has them."""
    result = getattr(book, "setup_replay", lambda found: found[0])(replays)
    words = getattr(book, "SETUP", "")
    caption = f"{title}: the setup" + (f"\n{words}" if words else "")
    scene = result.game.scene(result.positions[0].state, caption=caption)
    return RuleFigure(f"{slug}-setup", scene, result.record.file, 0, framing="whole", template=WIDE)


def _move_caption(book: ModuleType, title: str, words: str, result: Replay, k: int) -> str:
    """The rule, then the move in a player's words (the record's own notation and comment
    are for the record, not the reader)."""
    before, after = result.positions[k - 1], result.positions[k]
    # A game whose figure draws another moment than the position after the move (the dice it
    # was made with, say) describes that moment: a caption says only what is drawn.
    said = getattr(book, "describe_figure", book.describe)(before.state, after.state, after.text)
    return f"{title}: {words}\n{_sentence(said)}"


def describe_move(result: Replay, k: int) -> str | None:
    """The move that led to position ``k`` of ``result`` in a player's words, as its game's
    rulebook says it (a sentence), or None for a game without a rulebook."""
    entry = _rulebooks().get(result.game)
    if entry is None or not 0 < k < len(result.positions):
        return None
    book = entry[1]
    return _sentence(book.describe(result.positions[k - 1].state, result.positions[k].state, result.positions[k].text))


def _sentence(text: str) -> str:
    text = text.strip()
    return text[:1].upper() + text[1:] + ("" if text.endswith((".", "!", "?")) else ".")


def _first_of_kind(book: ModuleType, kind: str, replays: Sequence[Replay]) -> tuple[Replay, int] | None:
    for result in replays:
        for k in range(1, len(result.positions)):
            before, after = result.positions[k - 1], result.positions[k]
            if book.move_kind(before.state, after.state, after.text) == kind:
                return result, k
    return None


def _end_figure(slug: str, title: str, book: ModuleType, replays: Sequence[Replay]) -> RuleFigure | None:
    ended = [r for r in replays if r.status().is_over()]
    if not ended:
        return None
    # A won game shows the end best; a lost one will do.
    result = next((r for r in ended if r.status().outcome == "won"), ended[0])
    status = result.status()
    caption = f"{title}: the end of a game ({status.outcome}{': ' + status.detail if status.detail else ''})"
    drawn = getattr(book, "end_scene", None)
    scene = drawn(result) if drawn is not None else None
    if scene is not None and scene.caption:
        caption += "\n" + _sentence(scene.caption)
    elif len(result.positions) > 1:
        said = _sentence(book.describe(result.positions[-2].state, result.final.state, result.final.text))
        # "The Moons pawn ..." reads on in lower case after the colon; a name ("Sam ...") keeps its capital.
        first = said.split(" ", 1)[0]
        caption += "\nThe last move: " + (said[:1].lower() + said[1:] if first in ("The", "A", "An") else said)
    scene = scene if scene is not None else result.game.scene(result.final.state)
    return RuleFigure(f"{slug}-end", replace(scene, caption=caption), result.record.file,
                      len(result.positions) - 2, result.final.text, framing="whole", template=WIDE)


def _illegal_figure(slug: str, title: str, book: ModuleType, replays: Sequence[Replay]) -> RuleFigure | None:
    """The first move ``book.illegal_candidates`` offers that the rules refuse, drawn on the
    position it was tried in with its marks crossed out and the rule in the caption."""
    for result in replays:
        for k, position in enumerate(result.positions[:-1]):
            for text in book.illegal_candidates(position.state):
                error = _refusal(result, k, text)
                if error is None:
                    continue
                drawn = getattr(book, "attempt_scene", None)
                scene = drawn(position.state, text, error) if drawn is not None else None
                said = _sentence(scene.caption) if scene is not None and scene.caption else _reason(error)
                caption = f"{title}: a move the rules forbid\n{said}"
                if scene is None:
                    scene = result.game.scene(position.state)
                    marks = tuple(book.attempt_marks(position.state, text))
                    focus = getattr(book, "attempt_focus", lambda *_: None)(position.state, text)
                    scene = replace(scene, annotations=scene.annotations + marks,
                                    focus=focus or _focus_of(scene, marks))
                return RuleFigure(f"{slug}-illegal-move", replace(scene, caption=caption), result.record.file, k,
                                  text)
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


def _focus_of(scene: Scene, marks: tuple[Annotation, ...]) -> Bounds | None:
    """The focus of a refused move's figure: the marks' reach, with the scene's own focus
    margin (a square or a tile of context round them)."""
    from .scene import Bounds

    if not marks:
        return scene.focus
    reach = Scene((), marks).bounds(margin=0.0)
    margin = 1.0
    if scene.focus is not None:
        # The game's focus holds its move's squares and their context: keep that much round the marks.
        margin = max(1.0, min(scene.focus.width, scene.focus.height) / 3)
    return Bounds(reach.x0 - margin, reach.y0 - margin, reach.x1 + margin, reach.y1 + margin)


def _reason(error: RuleError) -> str:
    """What the rules say of a refused move, as a sentence (the move's label and notation
    are left to the figure: the caption speaks of the move the figure draws)."""
    return _sentence(error.message)


def figure_files(figures: Iterable[RuleFigure], *, formats: Sequence[str] = ("svg", "pdf"),
                 theme: Theme = DEFAULT, template: str | None = None,
                 audit: list[Finding] | None = None, view: str = "flat", angle: float = 45.0,
                 depth: float = 0.5) -> dict[str, bytes]:
    """Each figure as a file per format, by name, printed at the size its template gives
    (``template``, or the figure's own: a column 3.25 inches wide for a move, 6.5 for a whole
    board): the PDF a page cut to the figure's height, SVG and PNG the same drawing at the
    same scale with the caption under it, text as drawn. With ``audit``, each figure's layout
    findings are added to it. ``view`` ``"oblique"`` draws them seen from ``angle`` degrees,
    heights ``depth`` times as long (see :func:`~piecepack_diagrams.render.render`), whole.

    Raises :class:`SetupError` for a bad template or format, :class:`OptionError` for a view,
    angle or depth out of range.
    """
    from .oblique.projection import parse_view
    from .render import render
    from .sheets import Cell, load_template
    from .sheets.pdf import Audit, figure_layout

    projection = parse_view(view=view, angle=angle, depth=depth)
    files: dict[str, bytes] = {}
    for figure in figures:
        layout = load_template(template or figure.template)
        cell = Cell(replace(figure.scene, caption=""), figure.scene.caption, projection=projection)
        laid = figure_layout(cell, layout, theme=theme, framing=figure.framing)
        for fmt in formats:
            name = f"{figure.name}.{fmt}"
            if fmt == "pdf":
                checked = Audit(name) if audit is not None else None
                files[name] = figure_document(figure, template=template, projection=projection).render(
                    theme=theme, audit=checked)
                if checked is not None and audit is not None:
                    audit += checked.findings
            elif fmt == "txt":
                files[name] = render(figure.scene, fmt, theme=theme, view=view, angle=angle, depth=depth)
            else:
                # The same drawing as the PDF, at its scale, with its caption at the PDF's size.
                files[name] = render(replace(laid, scene=replace(laid.scene, caption=figure.scene.caption)), fmt,
                                     theme=replace_caption(theme, layout.caption_size))
    return files


def figure_document(figure: RuleFigure, *, template: str | None = None, projection: Projection | None = None
                    ) -> Document:
    """A figure as a one-page document: its drawing and caption on a page of ``template``
    (else the figure's own), cut to its height; seen through ``projection`` when given (see
    :func:`~piecepack_diagrams.oblique.projection.parse_view`).

    Raises :class:`SetupError` for a bad template.
    """
    from .sheets import Cell, Metadata, Page, load_template
    from .sheets.pdf import Document

    layout = load_template(template or figure.template)
    caption = figure.scene.caption
    cell = Cell(replace(figure.scene, caption=""), caption, framing=figure.framing, projection=projection)
    title = caption.split("\n")[0] or figure.name
    return Document((((Page("", (cell,)),), layout),), Metadata(title, subject=caption.replace("\n", " ")))


def replace_caption(theme: Theme, points: float) -> Theme:
    """``theme`` with captions set at ``points`` (a template's caption size)."""
    return theme.replace(caption_size=points / 72)


__all__ = ["FIGURES", "FigureSet", "RuleFigure", "describe_move", "figure_document", "figure_files", "figure_games",
           "figure_scene", "figure_set", "game_replays"]
