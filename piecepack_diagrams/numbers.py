"""Reading a number from any input (movetext, a header field, JSON): finite, in range,
or a worded error; never ``nan``, ``inf``, an ``OverflowError`` or a number too long to print."""

from __future__ import annotations

import math
from typing import Any

from .errors import PiecepackError, SetupError
from .textsafe import as_text

#: The most digits a whole number read from any input may have.
MAX_DIGITS = 100
#: The longest text read as a number.
MAX_NUMBER_TEXT = 64


def finite_number(value: Any, *, what: str, low: float, high: float, token: str | None = None,
                  error: type[PiecepackError] = SetupError) -> float:
    """``value`` (an int, a float, or the text of one) as a float within ``[low, high]``.

    Raises ``error`` (a :class:`SetupError` unless told) naming ``what`` for anything
    else: a bool, text that is no number, ``nan``, an infinity, or a number out of range.
    """
    number: float | None = None
    if isinstance(value, bool):
        number = None
    elif isinstance(value, int):
        number = float(value) if low <= value <= high else math.inf
    elif isinstance(value, float):
        number = value
    elif isinstance(value, str) and len(value) <= MAX_NUMBER_TEXT:
        try:
            number = float(value)
        except ValueError:
            number = None
    if number is None:
        raise error(f"{what} must be a number, not {as_text(value)}", token=as_text(value) if token is None else token,
                    expected=f"a number from {low:g} to {high:g}")
    if not (math.isfinite(number) and low <= number <= high):
        raise error(f"{what} must be a finite number from {low:g} to {high:g}, not {as_text(value)}",
                    token=as_text(value) if token is None else token)
    return number


__all__ = ["MAX_DIGITS", "MAX_NUMBER_TEXT", "finite_number"]
