"""Type checks at the public boundary: a call with an argument of the wrong type is a
:class:`TypeError` naming the argument and what it accepts, never an ``AttributeError``
from deep inside the library."""

from __future__ import annotations

import io
import os
from typing import Any


def check_arg(value: Any, types: type | tuple[type, ...], *, name: str, accepts: str) -> None:
    """Raises :class:`TypeError` unless ``value`` is an instance of ``types`` (a bool is not
    taken for a whole number unless ``types`` names ``bool``)."""
    wanted = types if isinstance(types, tuple) else (types,)
    if isinstance(value, wanted) and not (isinstance(value, bool) and bool not in wanted and int in wanted):
        return
    raise TypeError(f"{name} must be {accepts}, not {type(value).__name__}")


def check_path(value: Any, *, name: str = "path") -> None:
    """Raises :class:`TypeError` unless ``value`` is a file's path (``str`` or ``os.PathLike``)."""
    check_arg(value, (str, os.PathLike), name=name, accepts="a file's path (str or pathlib.Path)")


def check_source(value: Any, *, name: str = "source") -> None:
    """Raises :class:`TypeError` unless ``value`` is a path or a binary stream (``open(..., "rb")``)."""
    if isinstance(value, (str, os.PathLike)):
        return
    if isinstance(value, io.TextIOBase) or not callable(getattr(value, "readline", None)):
        raise TypeError(f"{name} must be a file's path (str or pathlib.Path) or a binary stream "
                        f"(open(..., 'rb')), not {type(value).__name__}")


def check_optional_int(value: Any, *, name: str) -> None:
    """Raises :class:`TypeError` unless ``value`` is None or a whole number."""
    if value is not None:
        check_arg(value, int, name=name, accepts="a whole number (int) or None")


__all__ = ["check_arg", "check_optional_int", "check_path", "check_source"]
