"""A scene laid out in the oblique view, for every back end."""

from __future__ import annotations

import math

from ..errors import OptionError
from ..layout.compose import PAGE_BLOCK, LaidOut, fit_scale
from ..scene import Bounds, Scene
from ..theme import Theme
from .draw import oblique_bounds, oblique_stamps
from .order import drawing_order
from .projection import Projection
from .solids import solids_of

#: The depth scales a drawing may ask for (piecepackr's op_scale): above 0, at most this.
MAX_DEPTH = 4.0
#: Space around the drawing, table inches.
MARGIN = 0.25


def parse_projection(*, angle: object, depth: object) -> Projection:
    """The projection ``angle`` (degrees, 0 to 360) and ``depth`` (above 0, at most
    :data:`MAX_DEPTH`) ask for.

    Raises :class:`~piecepack_diagrams.errors.OptionError` naming the value out of range."""
    for name, given in (("angle", angle), ("depth", depth)):
        if isinstance(given, bool) or not isinstance(given, (int, float)) or not math.isfinite(given):
            raise OptionError(f"the oblique view's {name} {given!r}", token=str(given), expected="a number")
    assert isinstance(angle, (int, float)) and isinstance(depth, (int, float))
    if not 0 <= angle <= 360:
        raise OptionError(f"an oblique angle of {angle} degrees", token=str(angle), expected="0 to 360 degrees")
    if not 0 < depth <= MAX_DEPTH:
        raise OptionError(f"an oblique depth scale of {depth}", token=str(depth),
                          expected=f"a depth scale above 0, at most {MAX_DEPTH:g}")
    return Projection(float(angle) % 360, float(depth))


def oblique_laid_out(scene: Scene, theme: Theme, projection: Projection, *, scale: float | None = None,
                     ids: bool = False) -> LaidOut:
    """``scene``'s pieces seen obliquely, laid out at ``scale`` (default: true size unless
    larger than a page's text block); its caption kept, its annotations left out (the
    oblique view draws pieces only)."""
    solids = solids_of(scene.pieces)
    x0, y0, x1, y1 = oblique_bounds(solids, projection)
    frame = Bounds(x0, y0, x1, y1).expanded(MARGIN)
    if scale is None:
        scale = fit_scale(frame.width, frame.height, PAGE_BLOCK)
    flat = Scene(caption=scene.caption, title=scene.title, frame=frame)
    drawn = tuple(oblique_stamps(scene.pieces, theme, projection, ids=ids,
                                 order=drawing_order(solids, projection)))
    return LaidOut(flat, scale, frame, drawn=drawn)


__all__ = ["MAX_DEPTH", "oblique_laid_out", "parse_projection"]
