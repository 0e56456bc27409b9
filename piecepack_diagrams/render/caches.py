"""The renderers' caches (piece stamps, glyph outlines, path strings), registered
in one place so they can be emptied together.

Caches are keyed by what a thing looks like (a piece, its angle, the theme; a
text and its size), never by a scene, so every drawing of the same kinds of
pieces benefits, and the output does not depend on what was drawn before.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Callable, TypeVar

F = TypeVar("F", bound=Callable[..., Any])

_CACHES: list[Any] = []


def cached(maxsize: int) -> Callable[[F], F]:
    """``functools.lru_cache(maxsize)``, registered so :func:`clear_caches` empties it."""
    def decorate(fn: F) -> F:
        wrapped = lru_cache(maxsize=maxsize)(fn)
        _CACHES.append(wrapped)
        return wrapped  # type: ignore[return-value]
    return decorate


def clear_caches() -> None:
    """Empty every renderer cache (the next drawing is as slow as the first in a process)."""
    for cache in _CACHES:
        cache.cache_clear()


__all__ = ["cached", "clear_caches"]
