"""How large a raster may be: every path that rasterizes (PNG drawings, charts) asks here.

A drawing's size in inches comes from its input (a piece placed 200 inches from the
board, a caption of ten thousand characters); at 100 pixels an inch it could need
billions of pixels. A raster is drawn at the resolution asked for when it fits in
:data:`MAX_PIXELS` and :data:`MAX_SIDE`, else at the highest resolution that fits; when
even :data:`MIN_DPI` would not fit, it is refused, naming what makes the drawing so large.
"""

from __future__ import annotations

import math

from ..errors import OutputError
from ..scene import Scene, ScenePiece
from ..theme import Theme
from .geometry import PageGeometry

#: The most pixels a raster may have (4,000 x 4,000; 64 MB while it is drawn).
MAX_PIXELS = 16_000_000
#: The most pixels along either side of a raster.
MAX_SIDE = 16_384
#: The lowest resolution a too-large drawing is scaled down to, in pixels an inch.
MIN_DPI = 10.0


def fitted_dpi(width: float, height: float, dpi: float) -> float | None:
    """The resolution for a ``width`` x ``height`` inch raster: ``dpi``, or the highest
    below it that keeps the raster within :data:`MAX_PIXELS` and :data:`MAX_SIDE`; ``None``
    when that would be below :data:`MIN_DPI`.

    Raises :class:`OutputError` when ``dpi`` is not a positive number.
    """
    if isinstance(dpi, bool) or not isinstance(dpi, (int, float)) or not 0 < dpi < math.inf:
        raise OutputError(f"a resolution of {dpi!r} pixels an inch", token=str(dpi), expected="a positive number")
    width, height = max(width, 1e-3), max(height, 1e-3)
    # A hair below the exact bound, so that rounding to whole pixels stays within it.
    fit = min(float(dpi), math.sqrt(MAX_PIXELS / (width * height)) * 0.999, MAX_SIDE / max(width, height) * 0.999)
    return fit if fit >= MIN_DPI or fit == dpi else None


def png_dpi(scene: Scene, *, theme: Theme, dpi: float, scale: float = 1.0) -> float:
    """The resolution ``scene``, printed at ``scale``, is drawn at as a PNG (see :func:`fitted_dpi`).

    Raises :class:`OutputError` naming what makes the drawing too large to rasterize: the
    piece farthest from the others, or the caption.
    """
    geo = PageGeometry.from_scene(scene, caption_size=theme.caption_size, scale=scale)
    fit = fitted_dpi(geo.width * scale, geo.height * scale, dpi)
    if fit is not None:
        return fit
    raise OutputError(f"a PNG of this drawing would be {geo.width * scale:,.0f} x {geo.height * scale:,.0f} inches, "
                      f"more than "
                      f"{MAX_PIXELS:,} pixels even at {MIN_DPI:g} pixels an inch: {_why_large(scene, geo)}",
                      expected="a drawing a few hundred inches across at most (pieces near each other, "
                               "a short caption), or SVG or PDF output")


def far_piece(scene: Scene) -> ScenePiece | None:
    """The piece whose leaving would shrink the extent of the pieces most (the first of
    equals): the one far from the others. ``None`` without pieces."""
    pieces = scene.pieces
    if not pieces:
        return None

    def spans(values: list[float]) -> list[float]:
        # For each piece, the span of the others' values along one axis.
        order = sorted(range(len(values)), key=values.__getitem__)
        low, high = order[0], order[-1]
        second_low = values[order[1]] if len(order) > 1 else values[low]
        second_high = values[order[-2]] if len(order) > 1 else values[high]
        return [(second_high if k == high else values[high]) - (second_low if k == low else values[low])
                for k in range(len(values))]

    left = [a + b for a, b in zip(spans([p.x for p in pieces]), spans([p.y for p in pieces]))]
    # Of two pieces alone, the one farther from the table's origin.
    return pieces[min(range(len(pieces)), key=lambda k: (left[k], -abs(pieces[k].x) - abs(pieces[k].y)))]


def _why_large(scene: Scene, geo: PageGeometry) -> str:
    drawing = scene.bounds()
    if geo.width > drawing.width + 1 or geo.caption_height > drawing.height:
        lines = scene.caption.split("\n")
        return (f"its caption has {len(scene.caption):,} characters on {len(lines):,} line(s), the longest "
                f"{max(len(line) for line in lines):,}")
    piece = far_piece(scene)
    if piece is not None:
        return f"{piece.piece.describe()} lies at ({piece.x:g}, {piece.y:g}) inches, far from the others"
    return f"its annotations reach from ({drawing.x0:g}, {drawing.y0:g}) to ({drawing.x1:g}, {drawing.y1:g}) inches"


__all__ = ["MAX_PIXELS", "MAX_SIDE", "MIN_DPI", "far_piece", "fitted_dpi", "png_dpi"]
