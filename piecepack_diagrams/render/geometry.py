"""Page geometry shared by every renderer: table inches to page points.

A laid-out scene's frame is the drawing; a caption, if any, gets a band below it. The
drawing prints at ``scale`` paper inches per table inch (1: true size); one point is 1/72
inch of paper. Lengths here are table inches unless they say points.
"""

from __future__ import annotations


from ..scene import Bounds, Scene
from ..values import value

POINTS_PER_INCH = 72.0
#: Caption lines are this many times their size apart.
CAPTION_LEADING = 1.5


#: A caption is wrapped to the drawing's width, but never narrower than this (paper inches).
NARROWEST_CAPTION = 3.0


def wrap_caption(caption: str, width: float, size: float) -> tuple[str, ...]:
    """``caption``'s lines (split at ``\\n``) wrapped at spaces to ``width`` inches when set
    ``size`` inches tall (measured with the bold lettering font: a little wider than the
    caption's own, so a line never runs over)."""
    from .lettering import text_width

    out: list[str] = []
    for line in caption.split("\n"):
        words = line.split(" ")
        current = ""
        for word in words:
            trial = f"{current} {word}" if current else word
            if current and text_width(trial, "") * size > width:
                out.append(current)
                current = word
            else:
                current = trial
        out.append(current)
    return tuple(out)


@value
class PageGeometry:
    """Where a scene lands on a page: ``bounds`` (table inches) above a caption band
    ``caption_height`` table inches tall holding ``lines``, printed at ``scale``."""

    bounds: Bounds
    caption_height: float = 0.0
    scale: float = 1.0
    lines: tuple[str, ...] = ()

    @classmethod
    def from_scene(cls, scene: Scene, *, caption_size: float, scale: float = 1.0) -> PageGeometry:
        """The geometry for ``scene`` printed at ``scale``, with room for its caption set
        ``caption_size`` paper inches tall, wrapped to the drawing's width (at least
        :data:`NARROWEST_CAPTION` inches: a narrow drawing gets a wider page)."""
        bounds = scene.frame or scene.bounds()
        size = caption_size / scale
        if not scene.caption or caption_size <= 0:
            return cls(bounds, 0.0, scale)
        width = max(bounds.width, NARROWEST_CAPTION / scale)
        lines = wrap_caption(scene.caption, width - 0.1 / scale, size)
        if width > bounds.width:
            grow = (width - bounds.width) / 2
            bounds = Bounds(bounds.x0 - grow, bounds.y0, bounds.x1 + grow, bounds.y1)
        return cls(bounds, len(lines) * size * CAPTION_LEADING + 0.1 / scale, scale, lines)

    @property
    def width(self) -> float:
        """Page width in table inches."""
        return self.bounds.width

    @property
    def height(self) -> float:
        """Page height in table inches."""
        return self.bounds.height + self.caption_height

    @property
    def width_pt(self) -> float:
        """Printed page width, points."""
        return self.width * POINTS_PER_INCH * self.scale

    @property
    def height_pt(self) -> float:
        """Printed page height, points."""
        return self.height * POINTS_PER_INCH * self.scale

    def down(self, x: float, y: float) -> tuple[float, float]:
        """Table inches to table points with y down from the top-left corner (SVG)."""
        return ((x - self.bounds.x0) * POINTS_PER_INCH, (self.bounds.y1 - y) * POINTS_PER_INCH)

    def up(self, x: float, y: float) -> tuple[float, float]:
        """Table inches to table points with y up from the bottom-left corner (PDF)."""
        return ((x - self.bounds.x0) * POINTS_PER_INCH,
                (y - self.bounds.y0 + self.caption_height) * POINTS_PER_INCH)

    def caption_centre(self) -> tuple[float, float]:
        """Table-coordinate centre of the caption band."""
        return ((self.bounds.x0 + self.bounds.x1) / 2, self.bounds.y0 - self.caption_height / 2)
