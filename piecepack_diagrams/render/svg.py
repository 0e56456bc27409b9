"""SVG output through svgwrite: vector, deterministic, suit symbols defined once."""

from __future__ import annotations

import io

import svgwrite

from ..scene import Scene
from ..theme import DEFAULT, Theme
from .geometry import POINTS_PER_INCH, PageGeometry
from .glyphs import suit_outline
from .primitives import BASELINE_DROP, Circle, Polygon, Polyline, Symbol, Text, scene_primitives


def _num(value: float) -> str:
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _rounded(points: list[tuple[float, float]]) -> list[tuple[float, float]]:
    # 1/100 pt is exact enough to print, and gives stable bytes across platforms.
    return [(round(x, 2) + 0.0, round(y, 2) + 0.0) for x, y in points]


def _symbol_path(suit: int) -> str:
    parts = []
    for poly in suit_outline(suit):
        parts.append("M" + " L".join(f"{x:g},{-y:g}" for x, y in poly) + "Z")
    return "".join(parts)


def render_svg(scene: Scene, *, theme: Theme = DEFAULT) -> str:
    """The scene as an SVG document (a string), sized in points at true size.

    The same scene and theme always give the same bytes.
    """
    geo = PageGeometry.from_scene(scene, caption_size=theme.caption_size)
    w, h = geo.width_pt, geo.height_pt
    dwg = svgwrite.Drawing(size=(f"{_num(w)}pt", f"{_num(h)}pt"), viewBox=f"0 0 {_num(w)} {_num(h)}",
                           profile="full", debug=False)
    if scene.title:
        dwg.add(dwg.title(scene.title))
    if theme.page_background != "none":
        dwg.add(dwg.rect((0, 0), (_num(w), _num(h)), fill=theme.page_background))
    used: set[int] = set()
    body = dwg.g(**{"stroke-linejoin": "round"})
    font = {"font-family": theme.font_family, "font-weight": "bold", "text-anchor": "middle"}
    for prim in scene_primitives(scene, theme):
        if isinstance(prim, Polygon):
            attrs = {"fill": prim.fill, "stroke": prim.stroke}
            if prim.stroke != "none":
                attrs["stroke-width"] = _num(prim.width)
            if prim.opacity < 1:
                attrs["fill-opacity"] = _num(prim.opacity)
            body.add(dwg.polygon(_rounded([geo.down(*p) for p in prim.points]), **attrs))
        elif isinstance(prim, Circle):
            cx, cy = geo.down(prim.cx, prim.cy)
            body.add(dwg.circle(center=(_num(cx), _num(cy)), r=_num(prim.r * POINTS_PER_INCH), fill=prim.fill,
                                stroke=prim.stroke, **{"stroke-width": _num(prim.width)}))
        elif isinstance(prim, Polyline):
            body.add(dwg.polyline(_rounded([geo.down(*p) for p in prim.points]), fill="none", stroke=prim.stroke,
                                  **{"stroke-width": _num(prim.width), "stroke-linecap": "round"}))
        elif isinstance(prim, Text):
            x, y = geo.down(prim.x, prim.y)
            size = prim.size * POINTS_PER_INCH
            transform = f"translate({_num(x)},{_num(y)})" + (f" rotate({_num(-prim.angle)})" if prim.angle else "")
            body.add(dwg.text(prim.text, insert=(0, _num(size * BASELINE_DROP)), fill=prim.colour,
                              transform=transform, **{"font-size": _num(size)}, **font))
        elif isinstance(prim, Symbol):
            used.add(prim.suit)
            x, y = geo.down(prim.x, prim.y)
            transform = (f"translate({_num(x)},{_num(y)})" + (f" rotate({_num(-prim.angle)})" if prim.angle else "")
                         + f" scale({_num(prim.size * POINTS_PER_INCH)})")
            body.add(dwg.use(f"#suit-{prim.suit}", fill=prim.colour, transform=transform))
    for suit in sorted(used):
        dwg.defs.add(dwg.path(d=_symbol_path(suit), id=f"suit-{suit}"))
    dwg.add(body)
    if scene.caption:
        cx, cy = geo.down(*geo.caption_centre())
        size = theme.caption_size * POINTS_PER_INCH
        lines = scene.caption.split("\n")
        for k, line in enumerate(lines):
            dy = (k - (len(lines) - 1) / 2) * size * 1.5
            dwg.add(dwg.text(line, insert=(_num(cx), _num(cy + dy + size * BASELINE_DROP)), fill=theme.edge,
                             **{"font-size": _num(size), "font-family": theme.font_family, "text-anchor": "middle"}))
    out = io.StringIO()
    dwg.write(out, pretty=False)
    return out.getvalue() + "\n"
