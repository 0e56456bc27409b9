"""The renderers' caches (piece stamps, glyph outlines, path strings), registered
in one place so they can be emptied together.

Caches are keyed by what a thing looks like (a piece, its angle, the theme; a
text and its size), never by a scene, so every drawing of the same kinds of
pieces benefits, and the output does not depend on what was drawn before.
Values worked out from a cached stamp's own parts are kept by identity
(:class:`IdentityCache`), which spares hashing a long tuple of points each time.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Callable, Generic, TypeVar

F = TypeVar("F", bound=Callable[..., Any])
K = TypeVar("K")
V = TypeVar("V")

_CACHES: list[Any] = []


def cached(maxsize: int) -> Callable[[F], F]:
    """``functools.lru_cache(maxsize)``, registered so :func:`clear_caches` empties it."""
    def decorate(fn: F) -> F:
        wrapped = lru_cache(maxsize=maxsize)(fn)
        _CACHES.append(wrapped)
        return wrapped  # type: ignore[return-value]
    return decorate


class IdentityCache(Generic[K, V]):
    """``compute(obj)`` worked out once per object, looked up by identity rather than by
    value. Each entry holds its object, so no other object can take its ``id`` while the
    entry lives; the cache is emptied when it reaches ``maxsize`` entries."""

    __slots__ = ("_compute", "_maxsize", "_data")

    def __init__(self, compute: Callable[[K], V], *, maxsize: int) -> None:
        self._compute = compute
        self._maxsize = maxsize
        self._data: dict[int, tuple[K, V]] = {}
        _CACHES.append(self)

    def __call__(self, obj: K) -> V:
        hit = self._data.get(id(obj))
        if hit is not None:
            return hit[1]
        if len(self._data) >= self._maxsize:
            self._data.clear()
        value = self._compute(obj)
        self._data[id(obj)] = (obj, value)
        return value

    def cache_clear(self) -> None:
        self._data.clear()

    def __repr__(self) -> str:
        return f"IdentityCache({self._compute.__qualname__}, maxsize={self._maxsize!r})"


def clear_caches() -> None:
    """Empty every renderer cache (the next drawing is as slow as the first in a process)."""
    for cache in _CACHES:
        cache.cache_clear()


__all__ = ["IdentityCache", "cached", "clear_caches"]
