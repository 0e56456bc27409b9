"""A scene laid out in the oblique view, for every back end."""

from __future__ import annotations

from ..layout.compose import PAGE_BLOCK, LaidOut, fit_scale
from ..scene import Bounds, Scene
from ..theme import Theme
from .draw import oblique_bounds, oblique_stamps
from .order import drawing_order
from .projection import MAX_DEPTH, Projection, parse_projection
from .solids import solids_of

#: Space around the drawing, table inches.
MARGIN = 0.25


def oblique_laid_out(scene: Scene, theme: Theme, projection: Projection, *, scale: float | None = None,
                     ids: bool = False, box: tuple[float, float] | None = None) -> LaidOut:
    """``scene``'s pieces seen obliquely, laid out at ``scale`` (default: true size unless
    larger than ``box``, width and height in paper inches, by default a page's text block);
    its caption kept, its annotations left out (the oblique view draws pieces only)."""
    solids = solids_of(scene.pieces)
    x0, y0, x1, y1 = oblique_bounds(solids, projection)
    frame = Bounds(x0, y0, x1, y1).expanded(MARGIN)
    if scale is None:
        scale = fit_scale(frame.width, frame.height, box or PAGE_BLOCK)
    flat = Scene(caption=scene.caption, title=scene.title, frame=frame)
    drawn = tuple(oblique_stamps(scene.pieces, theme, projection, ids=ids,
                                 order=drawing_order(solids, projection)))
    return LaidOut(flat, scale, frame, drawn=drawn)


__all__ = ["MAX_DEPTH", "oblique_laid_out", "parse_projection"]
