"""Plates: a record's positions, one a cell, laid out by a page template.

Every plate of a game is drawn at the same scale (each scene gets the frame that holds
them all), captioned with its move number, move text, comment and what the game says
about the turn.
"""

from __future__ import annotations

import re
from pathlib import Path

from ..engine.replays import Replay
from ..errors import LimitError, SetupError
from ..scene import Bounds, Scene, flattened, is_key
from ..theme import DEFAULT, Theme
from .pdf import Audit, Cell, Document, Metadata, Page, common_scale, paginate
from .template import Template, load_template
from ..values import replace


def parse_moves(text: str, last: int) -> range:
    """``"1-20"``, ``"5"``, ``"0-"`` or ``"-10"`` as the positions to show (0 is the setup,
    ``last`` the final position). Raises :class:`SetupError` for anything else."""
    m = re.fullmatch(r"\s*(\d*)\s*(-?)\s*(\d*)\s*", text)
    if m is None or not (m[1] or m[3]):
        raise SetupError(f"'{text}' is not a range of moves", token=text, expected="e.g. 1-20, 5, 10- or -10")
    first = int(m[1]) if m[1] else 0
    end = (int(m[3]) if m[3] else last) if m[2] else first
    if first > end or end > last:
        raise SetupError(f"moves {text} are not in the record, which has moves 0 (setup) to {last}", token=text,
                         expected=f"a range within 0-{last}")
    return range(first, end + 1)


#: The most pieces and marks plates, or a viewer page, may draw, every position counted
#: (the 107-turn 9x9 Labyrinth game of the benchmarks draws about 58,000).
MAX_DRAWN = 500_000
#: Positions looked at to foretell that, spread evenly from the first shown to the last.
SAMPLES = 16


def check_drawn(result: Replay, indices: range, *, limit: int = MAX_DRAWN,
                product: str = "plates or a viewer page",
                advice: str = "plates --moves FIRST-LAST, or a shorter record") -> None:
    """Refuse, before drawing any, ``product`` of the positions ``indices`` that would draw
    more than ``limit`` pieces and marks, foretold from :data:`SAMPLES` of them.

    Raises :class:`LimitError` at the record, saying how many positions would fit.
    """
    from ..api import scene_of

    picks = sorted({indices[round(i * (len(indices) - 1) / (SAMPLES - 1))] for i in range(SAMPLES)})
    counts = [len(s.pieces) + len(flattened(s.annotations)) for s in (scene_of(result, k, key=False) for k in picks)]
    each = max(1.0, sum(counts) / len(counts)) if counts else 1.0
    if len(indices) * each > limit:
        fit = int(limit // each)
        raise LimitError(f"{len(indices):,} positions of about {each:,.0f} pieces and marks each would draw about "
                         f"{len(indices) * each:,.0f}, more than the {limit:,} {product} may draw",
                         location=result.record.location, expected=f"at most {fit:,} positions: {advice}")


def plate_scenes(result: Replay, moves: range | None = None, *,
                 framing: str = "focus") -> tuple[Scene | None, list[Scene]]:
    """The key of the game (its ``key_scene`` of the first position shown, or else the first
    scene's legend, if its game draws one) and the scene of each position in ``moves``
    (default: all, setup first) without it. Every scene gets a
    frame: with ``framing="focus"`` a window of one size round the region its move is about
    (the board is cropped, with torn edges); with ``"whole"`` the area that holds every
    position (the board stays put from one to the next, as in the viewer); else (or in a
    game whose positions have no focus) its own extent; a game's own ``plate_framing``
    comes first. Every plate of a record is drawn
    at one scale.

    Raises :class:`LimitError` (see :func:`check_drawn`) before making any for more
    positions than may be drawn.
    """
    from ..api import scene_of

    indices = moves if moves is not None else range(len(result.positions))
    if not indices:
        return None, []
    check_drawn(result, indices)
    key_scene = getattr(result.game, "key_scene", None)
    if key_scene is not None:
        # A game that draws its key as a drawing of its own (a page of it, say).
        key = key_scene(result.positions[indices[0]].state)
    else:
        notes = tuple(a for a in scene_of(result, indices[0]).annotations if is_key(a))
        key = Scene(annotations=notes) if notes else None
    scenes = [scene_of(result, k, key=False, words=True) for k in indices]
    # A scene's key is drawn once, by itself; the scenes themselves should not carry it.
    scenes = [replace(s, annotations=tuple(a for a in s.annotations if not is_key(a))) for s in scenes]
    frames = [_board(s) for s in scenes]
    # A game whose plates read best framed one way (a small board: whole) says so.
    framing = getattr(result.game, "plate_framing", framing)
    if framing == "focus" and any(s.focus is not None for s in scenes):
        return key, _windows(scenes, frames)
    if framing == "whole":
        union = Bounds(min(f.x0 for f in frames), min(f.y0 for f in frames), max(f.x1 for f in frames),
                       max(f.y1 for f in frames))
        return key, [replace(s, frame=union, focus=None) for s in scenes]
    # Each position framed by its own extent: drawn at one scale (see common_scale), a table
    # that fills up over the game shows no empty band in its first plates.
    return key, [replace(s, frame=f, focus=None) for s, f in zip(scenes, frames)]


def _board(scene: Scene) -> Bounds:
    """How far a scene's board reaches (its movable labels aside), with the layout's margin."""
    from ..layout.compose import BOARD_MARGIN
    from ..scene import Label

    fixed = tuple(a for a in scene.annotations if not (isinstance(a, Label) and a.place != "at"))
    return Scene(scene.pieces, fixed).bounds(margin=BOARD_MARGIN)


def _windows(scenes: list[Scene], boards: list[Bounds]) -> list[Scene]:
    """Each scene framed by a window of one size (the largest focus), centred on its own
    focus and kept on its board (a board smaller than the window: the whole board)."""
    # A position about no move (the setup) takes the window the moves need, about its middle.
    sized = [(s.focus, b) for s, b in zip(scenes, boards) if s.focus is not None]
    width = max(min(f.width, b.width) for f, b in sized)
    height = max(min(f.height, b.height) for f, b in sized)
    focuses = [s.focus or b for s, b in zip(scenes, boards)]
    out = []
    for scene, focus, board in zip(scenes, focuses, boards):
        w, h = min(width, board.width), min(height, board.height)
        cx = min(max((focus.x0 + focus.x1) / 2, board.x0 + w / 2), board.x1 - w / 2)
        cy = min(max((focus.y0 + focus.y1) / 2, board.y0 + h / 2), board.y1 - h / 2)
        # A board smaller than the window (a maze still being built) is framed whole.
        out.append(replace(scene, frame=Bounds(cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2), focus=None))
    return out


def plates_title(result: Replay) -> str:
    """What a record's plates are called: its Event, else its game."""
    meta = result.record.metadata
    game = meta.get("GameType")
    game_name = game.get("Name") if isinstance(game, dict) else game
    return str(meta.get("Event") or game_name or result.game.title or "Plates")


#: The page layouts "auto" chooses from, most plates a page first.
AUTO_TEMPLATES = ("plates-2x3", "plates-2x2", "plates-1x1")


def _plate_layout(template: str | Template, cells: list[Cell], theme: Theme) -> tuple[Template, float]:
    """The template and the one scale of a record's plates: with ``"auto"`` the first of
    :data:`AUTO_TEMPLATES` (six, four, one a page) at which the pieces' ranks print at the
    audit's minimum or larger."""
    from ..layout.audit import MINIMUM_POINTS, smallest_text

    if template != "auto":
        layout = template if isinstance(template, Template) else load_template(template)
        return layout, common_scale(cells, layout, theme)
    smallest = min((size for size in (smallest_text(cell.scene, theme) for cell in cells) if size > 0), default=0.0)
    for name in AUTO_TEMPLATES:
        layout = load_template(name)
        scale = common_scale(cells, layout, theme)
        if not smallest or smallest * scale * 72 >= MINIMUM_POINTS["rank"] - 0.05:
            break
    return layout, scale


def plates_pdf(result: Replay, *, template: str | Template = "auto", moves: range | None = None,
               theme: Theme = DEFAULT, title: str = "", audit: Audit | None = None, view: str = "flat",
               angle: float = 45.0, depth: float = 0.5) -> bytes:
    """The plates of ``result`` as a PDF (see :func:`plates_document`). With ``audit``, each
    drawing's layout findings are added to it.

    Raises :class:`SetupError` for a bad template, :class:`LimitError` for more positions
    than may be drawn (see :func:`check_drawn`).
    """
    return plates_document(result, template=template, moves=moves, theme=theme, title=title, view=view, angle=angle,
                           depth=depth).render(theme=theme, audit=audit)


def plates_document(result: Replay, *, template: str | Template = "auto", moves: range | None = None,
                    theme: Theme = DEFAULT, title: str = "", view: str = "flat", angle: float = 45.0,
                    depth: float = 0.5) -> Document:
    """The plates of ``result``: the game's key (if it draws one) on a page of its own, then
    one cell per position, pages as the template lays them out (``"auto"``: six a page, or one
    when six would print too small to read); the positions in ``view`` (``"oblique"``: seen
    from ``angle`` degrees, heights ``depth`` times as long, see
    :func:`~piecepack_diagrams.render.render`), the key flat.

    Raises :class:`SetupError` for a bad template, :class:`OptionError` for a view, angle or
    depth out of range, :class:`LimitError` for more positions than may be drawn (see
    :func:`check_drawn`).
    """
    from ..oblique.projection import parse_view

    projection = parse_view(view=view, angle=angle, depth=depth)
    title = title or plates_title(result)
    shown = moves if moves is not None else range(len(result.positions))
    key, scenes = plate_scenes(result, shown)
    cells = [Cell(replace(scene, caption=""), scene.caption, projection=projection) for scene in scenes]
    layout, scale = _plate_layout(template, cells, theme)
    cells = [replace(cell, scale=scale) for cell in cells]
    # The file's name, not its path, so the PDF is the same wherever the record is read from.
    where = Path(result.record.file).name
    subject = (f"Plates of {where}: positions {shown.start} to {shown.stop - 1} "
               "(0 is the setup)")
    sections = [(tuple(paginate(title, cells, layout)), layout)]
    if key is not None:
        # The key gets a page of its own, in the plates' paper and margins: at a cell's size
        # its words and numbers would not read.
        whole = replace(layout, columns=1, rows=1)
        sections.insert(0, ((Page(title, (Cell(replace(key, caption=""), key.caption or "Key"),)),), whole))
    return Document(tuple(sections), Metadata(title, subject))


def plates_svg(result: Replay, *, stem: str, moves: range | None = None,
               theme: Theme = DEFAULT, view: str = "flat", angle: float = 45.0, depth: float = 0.5) -> dict[str, bytes]:
    """The plates of ``result`` as SVG files, by name: ``STEM-NNN.svg`` for position NNN (000 the
    setup), each captioned with its move, all at one scale, in ``view`` (as
    :func:`plates_document` draws them); and ``STEM-key.svg`` for the game's key, if it draws one.

    Raises :class:`OptionError` for a view, angle or depth out of range."""
    from ..oblique.projection import parse_view
    from ..render import render, view_laid_out

    projection = parse_view(view=view, angle=angle, depth=depth)

    shown = moves if moves is not None else range(len(result.positions))
    key, scenes = plate_scenes(result, shown)
    files = {f"{stem}-key.svg": render(key, "svg", theme=theme)} if key is not None else {}
    width = max(3, len(str(shown.stop - 1)))
    # One scale for all: the largest at which every plate fits a letter page's text block.
    scale = min((view_laid_out(scene, theme, projection).scale for scene in scenes), default=1.0)
    for index, scene in zip(shown, scenes):
        files[f"{stem}-{index:0{width}d}.svg"] = render(scene, "svg", theme=theme, scale=scale, view=view, angle=angle,
                                                        depth=depth)
    return files


__all__ = ["MAX_DRAWN", "SAMPLES", "check_drawn", "parse_moves", "plate_scenes", "plates_document", "plates_pdf",
           "plates_svg", "plates_title"]
