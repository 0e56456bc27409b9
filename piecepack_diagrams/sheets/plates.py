"""Plates: a record's positions, one a cell, laid out by a page template.

Every plate of a game is drawn at the same scale (each scene gets the frame that holds
them all), captioned with its move number, move text, comment and what the game says
about the turn.
"""

from __future__ import annotations

import re
from dataclasses import replace

from ..engine.replay import Replay
from ..errors import SetupError
from ..scene import Bounds, Scene, is_key
from ..theme import DEFAULT, Theme
from .pdf import Cell, paginate, render_pages
from .template import Template, load_template


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


def plate_scenes(result: Replay, moves: range | None = None) -> tuple[Scene | None, list[Scene]]:
    """The key of the game (the first scene's legend, if its game draws one) and the scene
    of each position in ``moves`` (default: all, setup first) without it, all sharing one
    frame so every plate has the same scale."""
    from ..api import scene_of

    indices = moves if moves is not None else range(len(result.positions))
    scenes = [scene_of(result, k) for k in indices]
    key = [a for a in scenes[0].annotations if is_key(a)] if scenes else []
    # Without their key, scenes are framed afresh (a game's own frame makes room for it).
    scenes = [replace(s, annotations=tuple(a for a in s.annotations if not is_key(a)),
                      frame=None if key else s.frame) for s in scenes]
    frames = [s.bounds() for s in scenes]
    if not frames:
        return None, []
    frame = Bounds(min(f.x0 for f in frames), min(f.y0 for f in frames), max(f.x1 for f in frames),
                   max(f.y1 for f in frames))
    return (Scene(annotations=tuple(key)) if key else None), [replace(s, frame=frame) for s in scenes]


def plates_pdf(result: Replay, *, template: str | Template = "plates-2x3", moves: range | None = None,
               theme: Theme = DEFAULT, title: str = "") -> bytes:
    """The plates of ``result`` as a PDF: one cell per position, pages as the template lays them out."""
    layout = template if isinstance(template, Template) else load_template(template)
    meta = result.record.metadata
    title = title or str(meta.get("Event") or meta.get("GameType") or result.game.title or "Plates")
    key, scenes = plate_scenes(result, moves)
    cells = [Cell(key, "Key")] if key is not None else []
    cells += [Cell(replace(scene, caption=""), scene.caption) for scene in scenes]
    return render_pages(paginate(title, cells, layout), layout, theme=theme, title=title)


__all__ = ["parse_moves", "plate_scenes", "plates_pdf"]
