"""The size of a drawing in pixels: a PNG's resolution (``dpi``) or width, an SVG's width.

A drawing's printed size is the layout's (its scale); these options only say how many
pixels that size is drawn with, so they are checked here, before anything is laid out.
"""

from __future__ import annotations

from ..arguments import check_arg
from ..errors import OptionError

#: A PNG's resolution may be asked for from this many pixels an inch to this many.
DPI_RANGE = (10, 1200)
#: A PNG's or an SVG's width may be asked for from this many pixels to this many.
WIDTH_RANGE = (16, 16_384)


def check_size(fmt: str, *, dpi: float | None, width: int | None) -> None:
    """Raises :class:`TypeError` for a ``dpi`` that is not a number or a ``width`` not a whole
    number, and :class:`~piecepack_diagrams.errors.OptionError` for both at once, for either
    out of range (:data:`DPI_RANGE`, :data:`WIDTH_RANGE`), or for one the format ``fmt`` has
    no use for (a resolution is a PNG's; a width a PNG's or an SVG's)."""
    if dpi is not None:
        check_arg(dpi, (int, float), name="dpi", accepts="a number of pixels an inch (int or float) or None")
    if width is not None:
        check_arg(width, int, name="width", accepts="a whole number of pixels (int) or None")
    if dpi is not None and width is not None:
        raise OptionError("both a resolution and a width", token=f"dpi={dpi:g}, width={width}",
                          expected="one of them: the width in pixels, or the pixels an inch")
    if dpi is not None:
        if fmt != "png":
            raise OptionError(f"a resolution for {fmt} output", token=f"dpi={dpi:g}",
                              expected="a PNG (a drawing's printed size is set by its scale)")
        if not DPI_RANGE[0] <= dpi <= DPI_RANGE[1]:
            raise OptionError(f"a resolution of {dpi:g} pixels an inch", token=f"dpi={dpi:g}",
                              expected=f"{DPI_RANGE[0]} to {DPI_RANGE[1]}")
    if width is not None:
        if fmt not in ("png", "svg"):
            raise OptionError(f"a width in pixels for {fmt} output", token=f"width={width}",
                              expected="a PNG or an SVG (a PDF's printed size is set by its scale)")
        if not WIDTH_RANGE[0] <= width <= WIDTH_RANGE[1]:
            raise OptionError(f"a width of {width} pixels", token=f"width={width}",
                              expected=f"{WIDTH_RANGE[0]} to {WIDTH_RANGE[1]:,}")


def dpi_for_width(width: int, inches: float) -> float:
    """The resolution at which a drawing ``inches`` wide is ``width`` pixels wide (a rasterizer
    that cuts its width to whole pixels gets exactly ``width``)."""
    return (width + 0.5) / max(inches, 1e-6)


__all__ = ["DPI_RANGE", "WIDTH_RANGE", "check_size", "dpi_for_width"]
