"""Layout: between a scene (what to show) and a renderer (how to draw it).

Given the scale a scene will be printed at, the layout frames the board (the whole
board, or the region a figure is about with torn edges where the board goes on), puts
the scene's panels beside it, sizes labels in printed points and places them where they
hit nothing, and audits the result (printed text sizes, overlaps, empty margins). Renderers
draw what the layout placed and decide nothing about placement.
"""

from typing import Any

from .compose import LaidOut, fit_scale, lay_out

_AUDIT = ("Finding", "audit_laid_out", "summarize")


def __getattr__(name: str) -> Any:
    # The audit is imported when first asked for: drawing alone does not need it.
    if name in _AUDIT:
        from . import audit

        return getattr(audit, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    # The audit's names are listed too (help(), completion and the API reference read dir()).
    return sorted({*globals(), *_AUDIT})


__all__ = ["Finding", "LaidOut", "audit_laid_out", "fit_scale", "lay_out", "summarize"]
