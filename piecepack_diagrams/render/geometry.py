"""Page geometry shared by every renderer: table inches to page points.

A laid-out scene's frame is the drawing; a caption, if any, gets a band below it. The
drawing prints at ``scale`` paper inches per table inch (1: true size); one point is 1/72
inch of paper. Lengths here are table inches unless they say points.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..scene import Bounds, Scene

POINTS_PER_INCH = 72.0
#: Caption lines are this many times their size apart.
CAPTION_LEADING = 1.5


@dataclass(frozen=True, slots=True)
class PageGeometry:
    """Where a scene lands on a page: ``bounds`` (table inches) above a caption band
    ``caption_height`` table inches tall, printed at ``scale``."""

    bounds: Bounds
    caption_height: float = 0.0
    scale: float = 1.0

    @classmethod
    def from_scene(cls, scene: Scene, *, caption_size: float, scale: float = 1.0) -> "PageGeometry":
        """The geometry for ``scene`` printed at ``scale``, with room for its caption set
        ``caption_size`` paper inches tall."""
        lines = scene.caption.split("\n") if scene.caption else []
        bounds = scene.frame or scene.bounds()
        size = caption_size / scale
        # Widen the page for a caption longer than the drawing (0.6 em is a generous average glyph).
        need = max((len(line) for line in lines), default=0) * size * 0.6 + 0.2 / scale
        if need > bounds.width:
            grow = (need - bounds.width) / 2
            bounds = Bounds(bounds.x0 - grow, bounds.y0, bounds.x1 + grow, bounds.y1)
        return cls(bounds, len(lines) * size * CAPTION_LEADING + (0.1 / scale if lines else 0.0), scale)

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
