"""Each look an animation shows, drawn once as a transparent picture (a sprite) through the
package's own PNG renderer, so frames are put together by moving pictures, not by drawing
again. Sprites are drawn many to a page: one rasterizer call for dozens of looks."""

from __future__ import annotations

import io
import math
from typing import Hashable, Sequence

from PIL import Image

from ..layout.compose import LaidOut
from ..render.primitives import Placed
from ..scene import Bounds, Scene
from ..theme import Theme

#: Pixels a page of sprites may have (its width and the rows that fit).
PAGE_PIXELS = 4_000_000
#: Pixels left clear around each sprite (anti-aliasing, line widths past the stamp's box).
PAD = 3


def _radius(placed: Sequence[Placed]) -> float:
    """How far from the origin anything of ``placed`` reaches, inches."""
    reach = 0.0
    for stamp, dx, dy in placed:
        x0, y0, x1, y1 = stamp.box
        reach = max(reach, abs(x0 + dx), abs(x1 + dx), abs(y0 + dy), abs(y1 + dy))
    return reach * math.sqrt(2)  # turned any way, it stays inside the square


def draw_sprites(looks: dict[Hashable, Sequence[Placed]], *, ppi: float, theme: Theme) -> dict[Hashable, Image.Image]:
    """Each of ``looks`` (stamps placed about the origin) as an RGBA picture at ``ppi``
    pixels an inch, square, with the origin at its centre pixel."""
    from ..render.png import render_png

    sizes = {key: 2 * (math.ceil(_radius(placed) * ppi) + PAD) + 1 for key, placed in looks.items()}
    out: dict[Hashable, Image.Image] = {}
    keys = list(looks)
    while keys:
        page_width = max(max(sizes[k] for k in keys), min(2048, math.isqrt(PAGE_PIXELS)))
        cells: list[tuple[Hashable, int, int]] = []
        x = y = row = 0
        for key in keys:
            size = sizes[key]
            if x + size > page_width:
                x, y, row = 0, y + row, 0
            if cells and (y + size) * page_width > PAGE_PIXELS:
                break
            cells.append((key, x, y))
            x, row = x + size, max(row, size)
        height = y + row
        keys = keys[len(cells):]
        placed: list[Placed] = []
        for key, cx, cy in cells:
            half = sizes[key] / 2
            ox, oy = (cx + half) / ppi, -(cy + half) / ppi
            placed.extend((stamp, dx + ox, dy + oy) for stamp, dx, dy in looks[key])
        frame = Bounds(0.0, -height / ppi, page_width / ppi, 0.0)
        laid = LaidOut(Scene(frame=frame), 1.0, frame, drawn=tuple(placed))
        page = Image.open(io.BytesIO(render_png(laid, theme=theme, dpi=ppi, transparent=True))).convert("RGBA")
        if page.size != (page_width, height):  # matplotlib's rounding of the figure: keep pixels where asked
            page = page.crop((0, 0, page_width, height))
        for key, cx, cy in cells:
            out[key] = page.crop((cx, cy, cx + sizes[key], cy + sizes[key]))
    return out


__all__ = ["PAD", "PAGE_PIXELS", "draw_grounds", "draw_sprites"]


def draw_grounds(grounds: Sequence[tuple[object, ...]], *, frame: Bounds, size: tuple[int, int], ppi: float,
                 theme: Theme) -> list[Image.Image]:
    """Each of ``grounds`` (annotations of one position, in table inches) drawn in ``frame``
    as an RGB picture of ``size`` pixels on the theme's page: many to a rasterizer call,
    one under another."""
    from ..render.png import render_png
    from ..scene import shifted

    width, height = size
    per_page = max(1, PAGE_PIXELS // max(1, width * height))
    out: list[Image.Image] = []
    for start in range(0, len(grounds), per_page):
        chunk = grounds[start:start + per_page]
        step = height / ppi  # whole pixels apart, so each ground is cut out exactly
        items = tuple(shifted(a, 0.0, -n * step) for n, ground in enumerate(chunk) for a in ground)  # type: ignore[arg-type]
        page_frame = Bounds(frame.x0, frame.y1 - len(chunk) * step, frame.x0 + width / ppi, frame.y1)
        scene = Scene(annotations=items, frame=page_frame)
        page = Image.open(io.BytesIO(render_png(LaidOut(scene, 1.0, page_frame), theme=theme, dpi=ppi))).convert("RGB")
        for n in range(len(chunk)):
            ground = Image.new("RGB", size, page.getpixel((0, 0)))
            ground.paste(page.crop((0, n * height, width, min(page.height, (n + 1) * height))), (0, 0))
            out.append(ground)
    return out
