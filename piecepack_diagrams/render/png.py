"""PNG output through matplotlib's Agg rasteriser, from the same batches as SVG
and PDF (matplotlib is already a dependency for plots, so PNG needs no other
library or external program). Ranks and labels are the same DejaVu Sans Bold
outlines that SVG and PDF draw."""

from __future__ import annotations

import io
import math
from typing import TYPE_CHECKING, Any

import matplotlib
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.patches import PathPatch
from matplotlib.path import Path as MplPath

from ..errors import OutputError
from ..scene import Scene
from ..theme import DEFAULT, Theme
from .batch import Lines, Shapes, Symbols, Texts, batch_stamps
from ..layout.compose import LaidOut, as_laid_out
from .geometry import CAPTION_LEADING, POINTS_PER_INCH, PageGeometry
from .glyphs import suit_contours
from .lettering import text_outline
from .primitives import laid_stamps
from .raster import png_dpi
from .reproducible import reproducible_png
from .shapes import Contour

if TYPE_CHECKING:
    import numpy as np

#: Pixels per inch of PNG output unless asked otherwise.
DEFAULT_DPI = 100


class _PathBuilder:
    """Vertices and codes of one compound matplotlib path, in table inches."""

    def __init__(self) -> None:
        self.vertices: list[tuple[float, float]] = []
        self.codes: list[np.uint8] = []  # matplotlib's path codes

    def polygon(self, points: tuple[tuple[float, float], ...], dx: float, dy: float, *, closed: bool) -> None:
        self.vertices.extend((x + dx, y + dy) for x, y in points)
        self.codes.extend([MplPath.MOVETO] + [MplPath.LINETO] * (len(points) - 1))
        if closed:
            self.vertices.append((points[0][0] + dx, points[0][1] + dy))
            self.codes.append(MplPath.CLOSEPOLY)

    def circle(self, cx: float, cy: float, r: float) -> None:
        unit = MplPath.unit_circle()
        # Arrays, which matplotlib annotates as any array-like (codes also None, for a path of
        # lines only): taken as they come, with no ignore to go stale when that changes.
        vertices: Any = unit.vertices
        codes: Any = unit.codes
        self.vertices.extend((cx + x * r, cy + y * r) for x, y in vertices)
        self.codes.extend(codes)

    def contours(self, contours: tuple[Contour, ...], x: float, y: float, size: float, angle: float) -> None:
        c, s = math.cos(math.radians(angle)) * size, math.sin(math.radians(angle)) * size

        def at(p: tuple[float, float]) -> tuple[float, float]:
            return x + p[0] * c - p[1] * s, y + p[0] * s + p[1] * c

        for start, segments in contours:
            self.vertices.append(at(start))
            self.codes.append(MplPath.MOVETO)
            for segment in segments:
                self.vertices.extend(at(p) for p in segment)
                self.codes.extend([MplPath.LINETO] if len(segment) == 1 else [MplPath.CURVE3] * 2)
            self.vertices.append(at(start))
            self.codes.append(MplPath.CLOSEPOLY)

    def path(self) -> MplPath:
        return MplPath(self.vertices, self.codes)


@reproducible_png
def render_png(scene: Scene | LaidOut, *, theme: Theme = DEFAULT, dpi: float = DEFAULT_DPI,
               scale: float | None = None, box: tuple[float, float] | None = None, framing: str = "whole",
               width: int | None = None, transparent: bool = False) -> bytes:
    """The scene as a PNG image at ``dpi`` pixels per printed inch, or fewer when that many
    pixels would pass the bounds of :mod:`.raster` (deterministic bytes); laid out first (see
    :func:`~piecepack_diagrams.layout.lay_out`) unless it already is. With ``width``, exactly
    that many pixels wide instead. ``transparent`` leaves the page see-through (pieces drawn
    alone, to be laid over something else) instead of the theme's page colour.

    Raises :class:`~piecepack_diagrams.errors.OutputError` for a drawing too large to rasterize
    (with ``width``: at that width).
    """
    laid = as_laid_out(scene, theme=theme, scale=scale, box=box, framing=framing)
    scene, s = laid.scene, laid.scale
    geo = PageGeometry.from_scene(scene, caption_size=theme.caption_size, scale=s)
    if width is not None:
        from .sizing import dpi_for_width

        asked = dpi_for_width(width, geo.width * s)
        dpi = png_dpi(scene, theme=theme, dpi=asked, scale=s)
        if dpi != asked:
            raise OutputError(f"a PNG of this drawing {width:,} pixels wide would be "
                              f"{round(geo.height * s * asked):,} pixels tall, more pixels than a PNG may have",
                              token=f"width={width}", expected="a smaller width, or SVG or PDF output")
    else:
        dpi = png_dpi(scene, theme=theme, dpi=dpi, scale=s)
    b = geo.bounds
    fig = Figure(figsize=(geo.width * s, geo.height * s), dpi=dpi)
    FigureCanvasAgg(fig)
    ax = fig.add_axes((0, 0, 1, 1))
    ax.set_xlim(b.x0, b.x1)
    ax.set_ylim(b.y0 - geo.caption_height, b.y1)
    ax.set_axis_off()
    fig.patch.set_facecolor("white" if theme.page_background == "none" else theme.page_background)
    # matplotlib's line widths are printed points: a table point prints at the scale.
    pt = 72.0 / POINTS_PER_INCH * s
    for z, batch in enumerate(batch_stamps(laid_stamps(laid, theme)), start=1):
        builder = _PathBuilder()
        style: dict[str, Any] = {"zorder": z, "joinstyle": "round", "capstyle": "round"}
        if isinstance(batch, Shapes):
            for points, dx, dy in batch.polygons:
                builder.polygon(points, dx, dy, closed=True)
            for circle in batch.circles:
                builder.circle(*circle)
            style.update(facecolor=batch.fill, edgecolor=batch.stroke, linewidth=batch.width * pt)
            if batch.opacity < 1 and batch.fill != "none":
                style["facecolor"] = matplotlib.colors.to_rgba(batch.fill, batch.opacity)
        elif isinstance(batch, Lines):
            for points, dx, dy in batch.polylines:
                builder.polygon(points, dx, dy, closed=False)
            style.update(facecolor="none", edgecolor=batch.stroke, linewidth=batch.width * pt)
        elif isinstance(batch, Texts):
            for x, y, text, angle in batch.items:
                builder.contours(text_outline(text, theme.lettering_font), x, y, batch.size, angle)
            style.update(facecolor=batch.colour, edgecolor="none")
        elif isinstance(batch, Symbols):
            for suit, x, y, size, angle in batch.items:
                builder.contours(suit_contours(suit), x, y, size, angle)
            style.update(facecolor=batch.colour, edgecolor="none")
        # add_artist, not add_patch: the limits are set, and add_patch would walk every curve for them.
        ax.add_artist(PathPatch(builder.path(), **style))
    if scene.caption:
        x, y = geo.caption_centre()
        ax.text(x, y, "\n".join(geo.lines), fontsize=theme.caption_size * POINTS_PER_INCH, color=theme.edge,
                ha="center", va="center", family="DejaVu Sans", zorder=0x7FFFFFFF,
                linespacing=CAPTION_LEADING)
    out = io.BytesIO()
    fig.savefig(out, format="png", dpi=dpi, metadata={"Software": None}, transparent=transparent)
    return out.getvalue()


__all__ = ["DEFAULT_DPI", "render_png"]
