"""Layout: between a scene (what to show) and a renderer (how to draw it).

Given the scale a scene will be printed at, the layout frames the board (the whole
board, or the region a figure is about with torn edges where the board goes on), puts
the scene's panels beside it, sizes labels in printed points and places them where they
hit nothing, and audits the result (printed text sizes, overlaps, empty margins). Renderers
draw what the layout placed and decide nothing about placement.
"""

from typing import TYPE_CHECKING

from ..lazy import lazy_names
from .compose import LaidOut, fit_scale, lay_out

if TYPE_CHECKING:
    from .audit import Finding, audit_laid_out, summarize

# The audit is imported when first asked for: drawing alone does not need it.
__getattr__, __dir__ = lazy_names(__name__, dict.fromkeys(("Finding", "audit_laid_out", "summarize"), "audit"))


__all__ = ["Finding", "LaidOut", "audit_laid_out", "fit_scale", "lay_out", "summarize"]
