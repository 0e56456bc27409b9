"""Shell-style brace expansion for PPN moves: ``t@{b,d}{2..8..2}``, ``*{b..f}2``."""

from __future__ import annotations

import re
from typing import Iterator

from ..errors import LimitError

#: The most words one move may expand to.
MAX_EXPANSION = 10_000

_INT_RANGE = re.compile(r"(-?\d+)\.\.(-?\d+)(?:\.\.(-?\d+))?")
_CHAR_RANGE = re.compile(r"([A-Za-z])\.\.([A-Za-z])(?:\.\.(-?\d+))?")


def expand_braces(word: str, *, limit: int = MAX_EXPANSION) -> list[str]:
    """Every word ``word`` expands to, in order; escaped commas (``\\,``) kept as commas.

    >>> expand_braces("t@{b,d}{2..4..2}")
    ['t@b2', 't@b4', 't@d2', 't@d4']

    Raises :class:`LimitError` when the expansion would exceed ``limit`` words.
    """
    if "{" not in word:
        return [word.replace("\\,", ",")]
    out: list[str] = []
    _expand(word, out, limit)
    return [w.replace("\\,", ",") for w in out]


def _expand(word: str, out: list[str], limit: int) -> None:
    found = _first_group(word)
    if found is None:
        out.append(word)
        return
    start, end, alternatives = found
    pre, post = word[:start], word[end + 1 :]
    for alt in alternatives:
        _expand(pre + alt + post, out, limit)
        if len(out) > limit:
            raise LimitError(f"'{word[:40]}' expands to more than {limit} moves", token=word[:60])


def _first_group(word: str) -> tuple[int, int, list[str]] | None:
    """The first expandable ``{...}``: its bounds and its alternatives."""
    i = 0
    while True:
        start = _find_unescaped(word, "{", i)
        if start < 0:
            return None
        end = _matching(word, start)
        if end < 0:
            return None
        inner = word[start + 1 : end]
        parts = _split_top_level(inner)
        if len(parts) > 1:
            return start, end, parts
        sequence = _sequence(inner)
        if sequence is not None:
            return start, end, sequence
        i = start + 1


def _unescaped(text: str, start: int = 0) -> Iterator[tuple[int, str, int]]:
    """Index, character and brace depth just after it, of each character of ``text``
    from ``start`` that a backslash does not escape."""
    depth, i = 0, start
    while i < len(text):
        ch = text[i]
        if ch == "\\":
            i += 2
            continue
        depth += (ch == "{") - (ch == "}")
        yield i, ch, depth
        i += 1


def _find_unescaped(word: str, char: str, i: int) -> int:
    return next((k for k, ch, _ in _unescaped(word, i) if ch == char), -1)


def _matching(word: str, start: int) -> int:
    return next((k for k, ch, depth in _unescaped(word, start) if ch == "}" and depth == 0), -1)


def _split_top_level(inner: str) -> list[str]:
    cuts = [k for k, ch, depth in _unescaped(inner) if ch == "," and depth == 0]
    ends = [-1, *cuts, len(inner)]
    return [inner[a + 1:b] for a, b in zip(ends, ends[1:])]


def _sequence(inner: str) -> list[str] | None:
    match = _INT_RANGE.fullmatch(inner)
    if match:
        first, last = int(match.group(1)), int(match.group(2))
        step = abs(int(match.group(3) or 1)) or 1
        if abs(last - first) // step + 1 > MAX_EXPANSION:
            raise LimitError(f"'{{{inner}}}' expands to more than {MAX_EXPANSION} moves", token=inner)
        width = max(len(match.group(1)), len(match.group(2))) if (
            match.group(1).lstrip("-").startswith("0") or match.group(2).lstrip("-").startswith("0")
        ) else 0
        values = range(first, last + (1 if last >= first else -1), step if last >= first else -step)
        return [str(v).zfill(width) if width else str(v) for v in values]
    match = _CHAR_RANGE.fullmatch(inner)
    if match:
        first, last = ord(match.group(1)), ord(match.group(2))
        step = abs(int(match.group(3) or 1)) or 1
        values = range(first, last + (1 if last >= first else -1), step if last >= first else -step)
        return [chr(v) for v in values]
    return None
