"""A scene laid out in the oblique view, for every back end."""

from __future__ import annotations


from ..layout.compose import PAGE_BLOCK, LaidOut, fit_scale, lay_out
from ..render.primitives import Stamp, annotation_stamp, highlighted_boards
from ..scene import Annotation, Bounds, Highlight, Label, Scene
from ..theme import Theme
from .draw import oblique_bounds, oblique_stamps
from .order import drawing_order
from .projection import MAX_DEPTH, Projection, parse_projection
from .raised import MarkLook, mark_looks
from .solids import Standing, board_level, mark_solids, solids_of, standing_pieces

#: Space around the drawing, table inches.
MARGIN = 0.25


def oblique_laid_out(scene: Scene, theme: Theme, projection: Projection, *, scale: float | None = None,
                     ids: bool = False, box: tuple[float, float] | None = None, coordinates: bool = True) -> LaidOut:
    """``scene`` seen obliquely, laid out at ``scale`` (default: true size unless larger than
    ``box``, width and height in paper inches, by default a page's text block); its caption
    kept. Its annotations and (with ``coordinates``) the board's coordinates, placed as the
    flat layout places them, lie flat on the table or on the tile under them, under what
    stands there, but for tiles and tokens made of marks, which stand up (see
    :mod:`.raised` and :func:`.solids.mark_solids`), and for the words the layout places
    beside the things they name (a pawn's name, a stack's count), which it places beside
    what the thing covers standing up, beside its top, and which are drawn over everything,
    level with the boards' tops. With ``ids`` (pieces in flat colours, for tests) they are
    all left out."""
    solids = solids_of(scene.pieces)
    x0, y0, x1, y1 = oblique_bounds(solids, projection)
    frame = Bounds(x0, y0, x1, y1).expanded(MARGIN)
    marks: list[MarkLook] = []
    over: list[Stamp] = []
    tint: frozenset[int] = frozenset()
    if not ids:
        standing: list[Standing] = []
        if any(isinstance(a, Label) and a.place != "at" for a in scene.annotations):
            standing = standing_pieces(solids, projection.shift)
            scene = _lifted(scene, standing)
        boxes = [s.box for s in standing]
        flat = lay_out(scene, theme=theme, scale=scale, box=box, coordinates=coordinates, standing=boxes)
        frame = _union(frame, flat.scene.frame)
        if scale is None:
            # The marks' sizes are printed sizes: placed again at the oblique drawing's scale.
            flat = lay_out(scene, theme=theme, scale=fit_scale(frame.width, frame.height, box or PAGE_BLOCK),
                           coordinates=coordinates, standing=boxes)
            frame = _union(frame, flat.scene.frame)
        # The words the layout placed beside things, and their leaders, are drawn over
        # everything, level with the boards' tops: placed clear of what stands up as drawn.
        own = len(flat.scene.annotations) - flat.placed
        marks = mark_looks(flat.scene.annotations[:own], theme, flat.scale, pieces=scene.pieces)
        tint = highlighted_boards(scene.pieces, [a for a in flat.scene.annotations if type(a) is Highlight])
        over = [annotation_stamp(a, theme, flat.scale) for a in flat.scene.annotations[own:]]
    raised = mark_solids(marks, solids, projection.shift)
    # Marks drawn above the table (standing up, or lying on a board or level with its top: a
    # row's number) reach beyond where the flat layout put them; so do the words placed over all.
    lifted = [s for s in raised if s.top > 0.0]
    level = board_level(solids)
    if lifted:
        x0, y0, x1, y1 = oblique_bounds(lifted, projection)
        frame = _union(frame, Bounds(x0, y0, x1, y1).expanded(MARGIN))
    for stamp in over:
        x0, y0, x1, y1 = stamp.box
        dx, dy = level * projection.shift[0], level * projection.shift[1]
        frame = _union(frame, Bounds(x0 + dx, y0 + dy, x1 + dx, y1 + dy).expanded(MARGIN))
    if scale is None:
        scale = fit_scale(frame.width, frame.height, box or PAGE_BLOCK)
    laid = Scene(caption=scene.caption, title=scene.title, frame=frame)
    order = drawing_order((*solids, *raised), projection)
    drawn = oblique_stamps(scene.pieces, theme, projection, ids=ids, order=order, marks=marks, tinted_boards=tint)
    drawn += [(stamp, level * projection.shift[0], level * projection.shift[1]) for stamp in over]
    return LaidOut(laid, scale, frame, drawn=tuple(drawn))


def _lifted(scene: Scene, standing: list[Standing]) -> Scene:
    """``scene`` with each word the layout places beside a piece standing up (a stack's
    count, a pawn's name) placed beside the piece's top as drawn, where the eye looks for it,
    and kept clear of what the pieces cover (see :func:`.solids.standing_pieces`)."""
    from ..values import replace
    from .polygons import is_well_inside

    def lifted(a: Annotation) -> Annotation:
        if not isinstance(a, Label) or a.place == "at":
            return a
        under = [s for s in standing if is_well_inside((a.x, a.y), s.outline, 0.0)]
        if not under:
            return a
        dx, dy = max(under, key=lambda s: s.top).lift  # the stack's top
        return replace(a, x=a.x + dx, y=a.y + dy)

    return replace(scene, annotations=tuple(lifted(a) for a in scene.annotations))


def _union(a: Bounds, b: Bounds | None) -> Bounds:
    if b is None:
        return a
    return Bounds(min(a.x0, b.x0), min(a.y0, b.y0), max(a.x1, b.x1), max(a.y1, b.y1))


__all__ = ["MAX_DEPTH", "oblique_laid_out", "parse_projection"]
