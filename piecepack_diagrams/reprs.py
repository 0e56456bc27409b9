"""Short reprs for values of any size: one line a terminal or a notebook shows whole.

A value whose full dataclass repr is short keeps it (so it can be pasted back); a longer
one shows its collections by their sizes (``pieces=<29>``) and its long texts and nested
values cut (``'The Arms pawn st...'``), and never runs past :data:`LIMIT` characters.
"""

from __future__ import annotations

import sys
from typing import Any

from .values import MISSING, fields

#: The most characters a repr takes.
LIMIT = 200
#: The most characters one field's value takes in a shortened repr.
_FIELD = 48
#: A collection of more items than this cannot be written out in :data:`LIMIT` characters,
#: so its repr is not made at all (a record may hold 80,000 moves).
_MOST_ITEMS = LIMIT // 4

_COLLECTIONS = (tuple, list, dict, set, frozenset)


def short(value: Any, limit: int = _FIELD) -> str:
    """``repr(value)``, cut to ``limit`` characters with ``...`` where it is cut."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _field(value: Any) -> str:
    """One field's value in a shortened repr: a long collection by its size, else cut."""
    if isinstance(value, _COLLECTIONS):
        text = repr(value) if len(value) <= _MOST_ITEMS else ""
        return text if text and len(text) <= _FIELD else f"<{len(value)}>"
    return short(value)


def _has_default(f: Any) -> bool:
    """Whether a field (a value's, or a standard dataclass's) has a plain default."""
    if f.default is MISSING:
        return False
    loaded = sys.modules.get("dataclasses")  # a standard dataclass's field: the module is loaded
    return loaded is None or f.default is not loaded.MISSING


def brief_repr(self: Any) -> str:
    """``Name(field=value, ...)`` of the dataclass ``self``, with the fields that differ from
    their defaults (and are not declared ``repr=False``): written out in full when that fits
    in :data:`LIMIT` characters, else each shortened and the whole cut at :data:`LIMIT`."""
    name = type(self).__name__
    # Fields at their defaults are left out: the repr stays a call that makes the value.
    shown = [(f.name, getattr(self, f.name)) for f in fields(self)
             if f.repr and (not _has_default(f) or getattr(self, f.name) != f.default)]
    if not any(isinstance(v, _COLLECTIONS) and len(v) > _MOST_ITEMS for _, v in shown):
        full = f"{name}({', '.join(f'{n}={v!r}' for n, v in shown)})"
        if len(full) <= LIMIT:
            return full
    text = f"{name}({', '.join(f'{n}={_field(v)}' for n, v in shown)})"
    return text if len(text) <= LIMIT else text[: LIMIT - 4] + "...)"


__all__ = ["LIMIT", "brief_repr", "short"]
