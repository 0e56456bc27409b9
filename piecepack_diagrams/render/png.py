"""PNG output through matplotlib's Agg rasteriser, from the same primitives as
SVG and PDF (matplotlib is already a dependency for plots, so PNG needs no
other library or external program)."""

from __future__ import annotations

import io

import matplotlib

matplotlib.use("Agg")

from matplotlib.backends.backend_agg import FigureCanvasAgg  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402
from matplotlib.patches import Circle as CirclePatch  # noqa: E402
from matplotlib.patches import PathPatch  # noqa: E402
from matplotlib.patches import Polygon as PolygonPatch  # noqa: E402
from matplotlib.path import Path as MplPath  # noqa: E402
from matplotlib.transforms import Affine2D  # noqa: E402

from ..scene import Scene  # noqa: E402
from ..theme import DEFAULT, Theme  # noqa: E402
from .geometry import POINTS_PER_INCH, PageGeometry  # noqa: E402
from .glyphs import suit_outline  # noqa: E402
from .primitives import BASELINE_DROP, Circle, Polygon, Polyline, Symbol, Text, scene_primitives  # noqa: E402

#: Pixels per inch of PNG output unless asked otherwise.
DEFAULT_DPI = 100


def _symbol_path(suit: int) -> MplPath:
    vertices, codes = [], []
    for poly in suit_outline(suit):
        vertices.extend(poly)
        vertices.append(poly[0])
        codes.extend([MplPath.MOVETO] + [MplPath.LINETO] * (len(poly) - 1) + [MplPath.CLOSEPOLY])
    return MplPath(vertices, codes)


def render_png(scene: Scene, *, theme: Theme = DEFAULT, dpi: int = DEFAULT_DPI) -> bytes:
    """The scene as a PNG image at ``dpi`` pixels per inch (deterministic bytes)."""
    geo = PageGeometry.from_scene(scene, caption_size=theme.caption_size)
    b = geo.bounds
    fig = Figure(figsize=(geo.width, geo.height), dpi=dpi)
    FigureCanvasAgg(fig)
    ax = fig.add_axes((0, 0, 1, 1))
    ax.set_xlim(b.x0, b.x1)
    ax.set_ylim(b.y0 - geo.caption_height, b.y1)
    ax.set_axis_off()
    fig.patch.set_facecolor("white" if theme.page_background == "none" else theme.page_background)
    pt = 72.0 / POINTS_PER_INCH  # matplotlib line widths are in points already
    z = 0
    font = {"family": "DejaVu Sans", "weight": "bold"}
    for prim in scene_primitives(scene, theme):
        z += 1
        if isinstance(prim, Polygon):
            ax.add_patch(PolygonPatch(prim.points, closed=True, zorder=z,
                                      facecolor=prim.fill if prim.fill != "none" else "none",
                                      edgecolor=prim.stroke if prim.stroke != "none" else "none",
                                      linewidth=prim.width * pt, alpha=prim.opacity if prim.opacity < 1 else None,
                                      joinstyle="round"))
        elif isinstance(prim, Circle):
            ax.add_patch(CirclePatch((prim.cx, prim.cy), prim.r, zorder=z, facecolor=prim.fill,
                                     edgecolor=prim.stroke, linewidth=prim.width * pt))
        elif isinstance(prim, Polyline):
            xs, ys = zip(*prim.points)
            ax.plot(xs, ys, color=prim.stroke, linewidth=prim.width * pt, solid_capstyle="round", zorder=z)
        elif isinstance(prim, Text):
            ax.text(prim.x, prim.y, prim.text, fontsize=prim.size * POINTS_PER_INCH, color=prim.colour,
                    rotation=prim.angle, rotation_mode="anchor", ha="center", va="center_baseline",
                    zorder=z, fontdict=font)
        elif isinstance(prim, Symbol):
            transform = Affine2D().scale(prim.size).rotate_deg(prim.angle).translate(prim.x, prim.y)
            ax.add_patch(PathPatch(_symbol_path(prim.suit).transformed(transform), facecolor=prim.colour,
                                   edgecolor="none", zorder=z))
    if scene.caption:
        x, y = geo.caption_centre()
        ax.text(x, y, scene.caption, fontsize=theme.caption_size * POINTS_PER_INCH, color=theme.edge,
                ha="center", va="center", family="DejaVu Sans", zorder=z + 1)
    out = io.BytesIO()
    fig.savefig(out, format="png", dpi=dpi, metadata={"Software": None})
    return out.getvalue()


__all__ = ["BASELINE_DROP", "DEFAULT_DPI", "render_png"]
