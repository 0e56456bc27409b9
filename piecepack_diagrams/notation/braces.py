"""Shell-style brace expansion for PPN moves: ``t@{b,d}{2..8..2}``, ``*{b..f}2``.

A word is read once, left to right, into a tree of literal text, alternatives
(``{a,b}``) and ranges (``{1..5}``); the tree is counted (words and characters)
before anything is expanded, so a word that would expand past the limits is refused
at once, and nothing here recurses: any nesting depth or number of groups costs time
in proportion to the word and to what it expands to.
"""

from __future__ import annotations

import itertools
import re
from bisect import bisect_left
from functools import lru_cache
from typing import Any

from ..errors import LimitError

#: The most words one written move may expand to.
MAX_EXPANSION = 10_000
#: The most characters one written move may expand to.
MAX_EXPANSION_CHARS = 1 << 20
#: The most moves expansion (braces, and a game's macros) may make in one record, and
#: the most characters.
MAX_RECORD_EXPANSION = 100_000
MAX_RECORD_EXPANSION_CHARS = 8 << 20

_INT_RANGE = re.compile(r"(-?\d{1,18})\.\.(-?\d{1,18})(?:\.\.(-?\d{1,18}))?")
_CHAR_RANGE = re.compile(r"([A-Za-z])\.\.([A-Za-z])(?:\.\.(-?\d{1,18}))?")
#: No range is written longer than this (three numbers of 19 characters and two '..').
_LONGEST_RANGE = 64
_SPECIAL = re.compile(r"\\.|[{},]", re.DOTALL)

# A tree node: a sequence of literal text and nodes, alternatives (one sequence each),
# or a range's values.
_SEQ, _ALT, _RANGE = 0, 1, 2
_Item = str | int  # literal text, or the index of a node
#: A node of a word's tree: ``[kind, value]``, the value a sequence's items (list of _Item), an
#: alternative's parts (list of node indices) or a range's spec (see _range), as the kind says.
_Node = list[Any]


class ExpansionBudget:
    """What expansion has made so far, in the move being read and in the whole record.

    Whoever expands text (braces before a ``;``, a game's braces and macros) spends what
    each written word made; :meth:`spend` raises :class:`LimitError` once a move number
    has made more than :data:`MAX_EXPANSION` moves, or the record more than
    :data:`MAX_RECORD_EXPANSION` moves or :data:`MAX_RECORD_EXPANSION_CHARS` characters.
    """

    __slots__ = ("words", "chars", "move_words")

    def __init__(self, words: int = 0, chars: int = 0, move_words: int = 0) -> None:
        self.words, self.chars, self.move_words = words, chars, move_words

    def __repr__(self) -> str:
        return f"ExpansionBudget(words={self.words!r}, chars={self.chars!r}, move_words={self.move_words!r})"

    def start_move(self) -> None:
        """A new move number: its own count of moves starts again."""
        self.move_words = 0

    def spend(self, words: list[str], *, token: str) -> None:
        """Count ``words``, the expansion of the written word ``token``."""
        self.words += len(words)
        self.move_words += len(words)
        self.chars += sum(map(len, words))
        if self.move_words > MAX_EXPANSION:
            raise LimitError(f"one move number expands to more than {MAX_EXPANSION:,} moves", token=token,
                             expected="fewer braces and macros under one move number")
        if self.words > MAX_RECORD_EXPANSION or self.chars > MAX_RECORD_EXPANSION_CHARS:
            raise LimitError(f"the record's braces and macros expand to more than {MAX_RECORD_EXPANSION:,} moves "
                             f"or {MAX_RECORD_EXPANSION_CHARS >> 20} MiB", token=token,
                             expected="fewer expansions in one record")

    def as_tuple(self) -> tuple[int, int]:
        """The record's totals so far, ``(words, characters)``, to carry between move numbers."""
        return self.words, self.chars


def expand_braces(word: str, *, limit: int = MAX_EXPANSION) -> list[str]:
    """Every word ``word`` expands to, in order; escaped commas (``\\,``) kept as commas.

    >>> from piecepack_diagrams.notation.braces import expand_braces
    >>> expand_braces("t@{b,d}{2..4..2}")
    ['t@b2', 't@b4', 't@d2', 't@d4']

    Raises :class:`LimitError` when the expansion would exceed ``limit`` words or
    :data:`MAX_EXPANSION_CHARS` characters (nothing is expanded then).
    """
    if "{" not in word:
        return [word.replace("\\,", ",")]
    nodes = _parse(word, limit)
    if len(nodes) == 1:  # no group expands
        return [word.replace("\\,", ",")]
    _check_size(nodes, word, limit)
    return [w.replace("\\,", ",") for w in _generate(nodes)]


def _pairs(word: str) -> tuple[dict[int, int], dict[int, list[int]], int]:
    """Each matched ``{``'s closing ``}``, the commas at the top level of each, and where the
    first ``{`` that is never closed stands (the length of ``word`` when all are): from there
    on, nothing expands (as the reference's scan stops at it)."""
    close: dict[int, int] = {}
    commas: dict[int, list[int]] = {}
    open_: list[int] = []
    for match in _SPECIAL.finditer(word):
        ch, at = match.group(0), match.start()
        if ch == "{":
            open_.append(at)
        elif ch == "}":
            if open_:
                close[open_.pop()] = at
        elif ch == "," and open_:
            commas.setdefault(open_[-1], []).append(at)
    return close, commas, open_[0] if open_ else len(word)


def _parse(word: str, limit: int) -> list[_Node]:
    """The tree of ``word``: node 0 is the whole word, a sequence; every node comes
    after the node holding it.

    Raises :class:`LimitError` as soon as the tree shows more than ``limit`` words: a word
    expands to more words than any one group has alternatives, and than it has groups of
    alternatives (each adds at least one word).
    """
    close, commas, cut = _pairs(word)
    alternatives = 0
    opens = sorted(p for p in close if p < cut)
    nodes: list[_Node] = [[_SEQ, []]]
    frames = [(0, 0, cut)]  # (sequence node, start, end) still to read
    while frames:
        seq, i, end = frames.pop()
        items: list[_Item] = nodes[seq][1]
        literal = i
        k = bisect_left(opens, i)
        while k < len(opens) and opens[k] < end:
            p = opens[k]
            q = close[p]
            spec = _range(word[p + 1:q]) if p not in commas and q - p <= _LONGEST_RANGE else None
            if p not in commas and spec is None:  # braces that do not expand are text; groups inside may
                k += 1
                continue
            if literal < p:
                items.append(word[literal:p])
            items.append(len(nodes))
            if spec is not None:
                nodes.append([_RANGE, spec])
            else:
                alternatives += 1
                if alternatives >= limit or len(commas[p]) >= limit:
                    _refuse(word, limit)
                parts: list[int] = []
                nodes.append([_ALT, parts])
                for a, b in itertools.pairwise([p, *commas[p], q]):
                    parts.append(len(nodes))
                    nodes.append([_SEQ, []])
                    frames.append((parts[-1], a + 1, b))
            literal = q + 1
            k = bisect_left(opens, literal, k)
        if literal < end:
            items.append(word[literal:end])
    if cut < len(word):
        nodes[0][1].append(word[cut:])
    return nodes


@lru_cache(maxsize=1024)
def _range(inner: str) -> tuple[int, int, int, int, bool] | None:
    """A range's first and last value, its step (signed), the width to pad numbers to,
    and whether its values are letters; None when ``inner`` is no range."""
    match = _INT_RANGE.fullmatch(inner)
    if match:
        first, last = int(match.group(1)), int(match.group(2))
        padded = match.group(1).lstrip("-").startswith("0") or match.group(2).lstrip("-").startswith("0")
        width = max(len(match.group(1)), len(match.group(2))) if padded else 0
        letters = False
    else:
        match = _CHAR_RANGE.fullmatch(inner)
        if match is None:
            return None
        first, last, width, letters = ord(match.group(1)), ord(match.group(2)), 0, True
    step = abs(int(match.group(3) or 1)) or 1
    return first, last, step if last >= first else -step, width, letters


def _range_values(spec: tuple[int, int, int, int, bool]) -> list[str]:
    first, last, step, width, letters = spec
    values = range(first, last + (1 if step > 0 else -1), step)
    if letters:
        return [chr(v) for v in values]
    return [str(v).zfill(width) if width else str(v) for v in values]


def _sizes(nodes: list[_Node], most_words: int, most_chars: int) -> list[tuple[int, int]]:
    """Each node's count of words and of characters, each capped at the most allowed."""
    sizes: list[tuple[int, int]] = [(0, 0)] * len(nodes)
    for index in range(len(nodes) - 1, -1, -1):  # children come after their parents
        kind, value = nodes[index]
        if kind == _RANGE:
            first, last, step, width, _ = value
            count = min(abs(last - first) // abs(step) + 1, most_words)
            chars = count * max(width, len(str(first)), len(str(last)))
        elif kind == _ALT:
            count = sum(sizes[part][0] for part in value)
            chars = sum(sizes[part][1] for part in value)
        else:
            count, chars = 1, 0
            for item in value:
                c, n = (1, len(item)) if isinstance(item, str) else sizes[item]
                count, chars = min(count * c, most_words), min(chars * c + n * count, most_chars)
        sizes[index] = (min(count, most_words), min(chars, most_chars))
    return sizes


def _check_size(nodes: list[_Node], word: str, limit: int) -> None:
    count, chars = _sizes(nodes, limit + 1, MAX_EXPANSION_CHARS + 1)[0]
    if count > limit:
        _refuse(word, limit)
    if chars > MAX_EXPANSION_CHARS:
        raise LimitError(f"'{word[:40]}' expands to more than {MAX_EXPANSION_CHARS:,} characters", token=word[:60],
                         expected="a shorter expansion")


def _refuse(word: str, limit: int) -> None:
    raise LimitError(f"'{word[:40]}' expands to more than {limit} moves", token=word[:60],
                     expected=f"at most {limit:,} moves from one written move")


def _generate(nodes: list[_Node]) -> list[str]:
    """The words of the tree, children first (each node's words freed once used)."""
    words: list[list[str] | None] = [None] * len(nodes)
    for index in range(len(nodes) - 1, -1, -1):
        kind, value = nodes[index]
        if kind == _RANGE:
            out = _range_values(value)
        elif kind == _ALT:
            out = []
            for part in value:
                out.extend(words[part] or ())
                words[part] = None
        else:
            lists = []
            for item in value:
                if isinstance(item, str):
                    lists.append([item])
                else:
                    lists.append(words[item] or [])
                    words[item] = None
            out = lists[0] if len(lists) == 1 else ["".join(p) for p in itertools.product(*lists)]
        words[index] = out
    return words[0] or [""]
