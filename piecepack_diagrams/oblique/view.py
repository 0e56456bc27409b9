"""A scene laid out in the oblique view, for every back end."""

from __future__ import annotations

from typing import Sequence

from ..layout.compose import PAGE_BLOCK, LaidOut, fit_scale, lay_out
from ..render.primitives import Stamp, annotation_stamp
from ..render.primitives import _tint_stamp as tint_stamp
from ..scene import Annotation, Bounds, Highlight, Scene
from ..theme import Theme
from .draw import oblique_bounds, oblique_stamps
from .order import drawing_order
from .projection import MAX_DEPTH, Projection, parse_projection
from .solids import mark_solids, solids_of

#: Space around the drawing, table inches.
MARGIN = 0.25


def oblique_laid_out(scene: Scene, theme: Theme, projection: Projection, *, scale: float | None = None,
                     ids: bool = False, box: tuple[float, float] | None = None, coordinates: bool = True) -> LaidOut:
    """``scene`` seen obliquely, laid out at ``scale`` (default: true size unless larger than
    ``box``, width and height in paper inches, by default a page's text block); its caption
    kept. Its annotations and (with ``coordinates``) the board's coordinates, placed as the
    flat layout places them, lie flat on the table or on the tile under them, under what
    stands there (see :func:`.solids.mark_solids`); with ``ids`` (pieces in flat colours, for
    tests) they are left out."""
    solids = solids_of(scene.pieces)
    x0, y0, x1, y1 = oblique_bounds(solids, projection)
    frame = Bounds(x0, y0, x1, y1).expanded(MARGIN)
    marks: list[Stamp] = []
    if not ids:
        flat = lay_out(scene, theme=theme, scale=scale, box=box, coordinates=coordinates)
        frame = _union(frame, flat.scene.frame)
        if scale is None:
            # The marks' sizes are printed sizes: placed again at the oblique drawing's scale.
            flat = lay_out(scene, theme=theme, scale=fit_scale(frame.width, frame.height, box or PAGE_BLOCK),
                           coordinates=coordinates)
            frame = _union(frame, flat.scene.frame)
        marks = _mark_stamps(flat.scene.annotations, theme, flat.scale)
    if scale is None:
        scale = fit_scale(frame.width, frame.height, box or PAGE_BLOCK)
    laid = Scene(caption=scene.caption, title=scene.title, frame=frame)
    order = drawing_order((*solids, *mark_solids([m.box for m in marks], solids)), projection)
    drawn = tuple(oblique_stamps(scene.pieces, theme, projection, ids=ids, order=order, marks=marks))
    return LaidOut(laid, scale, frame, drawn=drawn)


def _union(a: Bounds, b: Bounds | None) -> Bounds:
    if b is None:
        return a
    return Bounds(min(a.x0, b.x0), min(a.y0, b.y0), max(a.x1, b.x1), max(a.y1, b.y1))


def _mark_stamps(annotations: Sequence[Annotation], theme: Theme, scale: float) -> list[Stamp]:
    """A stamp per annotation as the flat view draws it; a highlight's tint (which the flat
    view paints into the tiles under it) as a see-through square under its ring."""
    out = []
    for a in annotations:
        if isinstance(a, Highlight):
            out.append(tint_stamp(a, theme, opacity=theme.highlight_opacity))
        out.append(annotation_stamp(a, theme, scale))
    return out


__all__ = ["MAX_DEPTH", "oblique_laid_out", "parse_projection"]
