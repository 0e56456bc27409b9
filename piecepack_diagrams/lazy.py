"""Names a package exports but imports only when first asked for (PEP 562).

A package lists each such name with the submodule that holds it; :func:`lazy_names`
gives the package's module-level ``__getattr__`` and ``__dir__``, so that importing the
package (``piecepack-diagrams --version``, a setup drawing) does not import the parser,
the replay engine or the layout audit before they are used.
"""

from __future__ import annotations

import importlib
import sys
from typing import Any, Callable, Mapping


def lazy_names(package: str, homes: Mapping[str, str]) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """``__getattr__`` and ``__dir__`` for ``package``: a name of ``homes`` (name -> the
    submodule holding it, relative to the package) is imported on first use and kept in the
    package; ``dir()`` lists these names too (``help()``, completion and the API reference
    read it). Any other name raises AttributeError, as a module's missing attribute does."""

    def __getattr__(name: str) -> Any:
        home = homes.get(name)
        if home is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        found = getattr(importlib.import_module(f".{home}", package), name)
        vars(sys.modules[package])[name] = found  # next time an ordinary attribute
        return found

    def __dir__() -> list[str]:
        return sorted({*vars(sys.modules[package]), *homes})

    return __getattr__, __dir__


__all__ = ["lazy_names"]
