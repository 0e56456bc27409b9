"""Page geometry shared by every renderer: table inches to page points.

The drawing occupies the scene's bounds; a caption, if any, gets a band
below it. One point is 1/72 inch; pages print at true size.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..scene import Bounds, Scene

POINTS_PER_INCH = 72.0


@dataclass(frozen=True, slots=True)
class PageGeometry:
    """Where a scene lands on a page: ``bounds`` (inches) above a caption band."""

    bounds: Bounds
    caption_height: float = 0.0

    @classmethod
    def from_scene(cls, scene: Scene, *, caption_size: float) -> "PageGeometry":
        """The geometry for ``scene``: its bounds, plus room for its caption."""
        lines = scene.caption.split("\n") if scene.caption else []
        bounds = scene.bounds()
        # Widen the page for a caption longer than the drawing (0.6 em is a generous average glyph).
        need = max((len(line) for line in lines), default=0) * caption_size * 0.6 + 0.2
        if need > bounds.width:
            grow = (need - bounds.width) / 2
            bounds = type(bounds)(bounds.x0 - grow, bounds.y0, bounds.x1 + grow, bounds.y1)
        return cls(bounds, len(lines) * caption_size * 1.5 + (0.1 if lines else 0.0))

    @property
    def width(self) -> float:
        """Page width in inches."""
        return self.bounds.width

    @property
    def height(self) -> float:
        """Page height in inches."""
        return self.bounds.height + self.caption_height

    @property
    def width_pt(self) -> float:
        return self.width * POINTS_PER_INCH

    @property
    def height_pt(self) -> float:
        return self.height * POINTS_PER_INCH

    def down(self, x: float, y: float) -> tuple[float, float]:
        """Table inches to page points with y down from the top-left corner (SVG)."""
        return ((x - self.bounds.x0) * POINTS_PER_INCH, (self.bounds.y1 - y) * POINTS_PER_INCH)

    def up(self, x: float, y: float) -> tuple[float, float]:
        """Table inches to page points with y up from the bottom-left corner (PDF)."""
        return ((x - self.bounds.x0) * POINTS_PER_INCH,
                (y - self.bounds.y0 + self.caption_height) * POINTS_PER_INCH)

    def caption_centre(self) -> tuple[float, float]:
        """Table-coordinate centre of the caption band's first line."""
        return ((self.bounds.x0 + self.bounds.x1) / 2, self.bounds.y0 - self.caption_height / 2)
