"""A scene laid out in the oblique view, for every back end."""

from __future__ import annotations


from ..layout.compose import PAGE_BLOCK, LaidOut, fit_scale, lay_out
from ..scene import Bounds, Scene
from ..theme import Theme
from .draw import oblique_bounds, oblique_stamps
from .order import drawing_order
from .projection import MAX_DEPTH, Projection, parse_projection
from .raised import MarkLook, mark_looks
from .solids import mark_solids, solids_of

#: Space around the drawing, table inches.
MARGIN = 0.25


def oblique_laid_out(scene: Scene, theme: Theme, projection: Projection, *, scale: float | None = None,
                     ids: bool = False, box: tuple[float, float] | None = None, coordinates: bool = True) -> LaidOut:
    """``scene`` seen obliquely, laid out at ``scale`` (default: true size unless larger than
    ``box``, width and height in paper inches, by default a page's text block); its caption
    kept. Its annotations and (with ``coordinates``) the board's coordinates, placed as the
    flat layout places them, lie flat on the table or on the tile under them, under what
    stands there, but for tiles and tokens made of marks, which stand up (see
    :mod:`.raised` and :func:`.solids.mark_solids`); with ``ids`` (pieces in flat colours,
    for tests) they are left out."""
    solids = solids_of(scene.pieces)
    x0, y0, x1, y1 = oblique_bounds(solids, projection)
    frame = Bounds(x0, y0, x1, y1).expanded(MARGIN)
    marks: list[MarkLook] = []
    if not ids:
        flat = lay_out(scene, theme=theme, scale=scale, box=box, coordinates=coordinates)
        frame = _union(frame, flat.scene.frame)
        if scale is None:
            # The marks' sizes are printed sizes: placed again at the oblique drawing's scale.
            flat = lay_out(scene, theme=theme, scale=fit_scale(frame.width, frame.height, box or PAGE_BLOCK),
                           coordinates=coordinates)
            frame = _union(frame, flat.scene.frame)
        marks = mark_looks(flat.scene.annotations, theme, flat.scale)
    raised = mark_solids(marks, solids, projection.shift)
    if any(m.tall for m in marks):  # marks that stand up reach beyond their flat extent
        x0, y0, x1, y1 = oblique_bounds([s for s in raised if s.top > s.base], projection)
        frame = _union(frame, Bounds(x0, y0, x1, y1).expanded(MARGIN))
    if scale is None:
        scale = fit_scale(frame.width, frame.height, box or PAGE_BLOCK)
    laid = Scene(caption=scene.caption, title=scene.title, frame=frame)
    order = drawing_order((*solids, *raised), projection)
    drawn = tuple(oblique_stamps(scene.pieces, theme, projection, ids=ids, order=order, marks=marks))
    return LaidOut(laid, scale, frame, drawn=drawn)


def _union(a: Bounds, b: Bounds | None) -> Bounds:
    if b is None:
        return a
    return Bounds(min(a.x0, b.x0), min(a.y0, b.y0), max(a.x1, b.x1), max(a.y1, b.y1))


__all__ = ["MAX_DEPTH", "oblique_laid_out", "parse_projection"]
