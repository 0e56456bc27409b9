"""A run of SVG drawings stored as the pieces of text they are made of, each piece once,
and each drawing as the changes that turn the drawing before it into it.

A drawing is cut into tokens that join back into exactly its text: an element's tag and
attributes word by word, and a path's outline at every move (``M`` or ``m`` with its
point, then the rest up to the next move, so the outline of a piece is one token wherever
the piece stands). Each distinct token is stored once, under a number. A drawing is its
token numbers, grouped by element; the first is spliced into nothing, and each next one
is the splices that turn the drawing before it into it (where to cut, how many numbers to
drop, which to put in). A move changes a few pieces, so what is stored grows with what
changes rather than with the whole drawing, and replaying the splices gives back each
drawing's text exactly, so every picture is the one the renderer drew.
"""

from __future__ import annotations

import json
import re
from difflib import SequenceMatcher
from typing import Sequence

from ..values import value

#: The digits of a token number (64 of them, none that JSON or HTML escapes).
DIGITS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
_WORD = re.compile(r"[^ ]+ ?| ")
# A move with its point; else the outline up to the next move; else a lone move letter.
_OUTLINE = re.compile(r"[Mm][-\d.]+,[-\d.]+|[Mm]?[^Mm]+|[Mm]")


def svg_elements(svg: str) -> list[str]:
    """``svg`` cut before each ``<``: an element's tag, with the text after it."""
    first, *rest = svg.split("<")
    return ([first] if first else []) + ["<" + element for element in rest]


def element_tokens(element: str) -> list[str]:
    """An element cut into tokens whose concatenation is ``element``: word by word, except a
    path's ``d`` outline, cut before each move, and what follows the outline, which stays
    whole (its style)."""
    start = element.find(' d="')
    end = element.find('"', start + 4) if start >= 0 else -1
    if end < 0:
        return _WORD.findall(element)
    return [*_WORD.findall(element[:start + 4]), *_OUTLINE.findall(element[start + 4:end]), element[end:]]


def svg_tokens(svg: str) -> list[str]:
    """``svg`` cut into tokens whose concatenation is ``svg`` (see :func:`element_tokens`)."""
    return [token for element in svg_elements(svg) for token in element_tokens(element)]


@value
class Splice:
    """Drop ``remove`` token numbers at ``start`` and put ``insert`` there."""

    start: int
    remove: int
    insert: tuple[int, ...]


def apply_splices(numbers: list[int], splices: Sequence[Splice]) -> list[int]:
    """``numbers`` with ``splices`` made (each ``start`` counts in ``numbers`` as given)."""
    out = list(numbers)
    for splice in reversed(splices):  # from the end, so that earlier starts still hold
        out[splice.start:splice.start + splice.remove] = splice.insert
    return out


@value
class Deltas:
    """``tokens``, each once; drawings stored ``whole`` (as token numbers); and ``steps``,
    where ``steps[k]`` turns drawing ``k - 1`` (nothing, for the first) into drawing ``k``."""

    tokens: tuple[str, ...]
    whole: tuple[tuple[int, ...], ...]
    steps: tuple[tuple[Splice, ...], ...]

    @classmethod
    def from_svgs(cls, svgs: Sequence[str], *, whole: Sequence[str] = ()) -> Deltas:
        """The deltas of the run of drawings ``svgs``, and of ``whole``, drawings stored on
        their own (sharing the tokens)."""
        numbers: dict[str, int] = {}
        known: dict[str, tuple[int, ...]] = {}

        def elements(svg: str) -> list[tuple[int, ...]]:
            # An element as it was in the drawing before is not cut into tokens again.
            nonlocal known
            texts = svg_elements(svg)
            known = {text: known.get(text) or tuple(numbers.setdefault(token, len(numbers))
                                                    for token in element_tokens(text)) for text in texts}
            return [known[text] for text in texts]

        alone = tuple(tuple(n for e in elements(svg) for n in e) for svg in whole)
        steps = []
        before: list[tuple[int, ...]] = []
        for svg in svgs:
            now = elements(svg)
            steps.append(tuple(_splices(before, now)))
            before = now
        return cls(tuple(numbers), alone, tuple(steps))

    def drawing(self, k: int) -> str:
        """The text of drawing ``k`` of the run, rebuilt from the steps."""
        numbers: list[int] = []
        for step in self.steps[:k + 1]:
            numbers = apply_splices(numbers, step)
        return "".join(self.tokens[n] for n in numbers)

    def whole_drawing(self, k: int) -> str:
        """The text of the ``k``-th drawing stored whole."""
        return "".join(self.tokens[n] for n in self.whole[k])

    @property
    def width(self) -> int:
        """Digits in each token number."""
        width = 1
        while len(DIGITS) ** width < len(self.tokens):
            width += 1
        return width

    def as_json(self) -> str:
        """The deltas as JSON for a page's script, safe inside an HTML ``<script>`` element:
        ``{"width": W, "tokens": [...], "whole": ["numbers" ...], "steps": [[[start,
        remove, "numbers"] ...] ...]}``, numbers written as :data:`DIGITS`, ``width`` each."""
        width = self.width

        def digits(numbers: Sequence[int]) -> str:
            out = []
            for n in numbers:
                out.append("".join(DIGITS[n // len(DIGITS) ** p % len(DIGITS)] for p in range(width - 1, -1, -1)))
            return "".join(out)

        data = {"width": width, "tokens": list(self.tokens), "whole": [digits(w) for w in self.whole],
                "steps": [[[s.start, s.remove, digits(s.insert)] for s in step] for step in self.steps]}
        text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
        # No '<', '>' or '&' for the HTML parser to see inside the script element.
        return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def _splices(before: list[tuple[int, ...]], now: list[tuple[int, ...]]) -> list[Splice]:
    """Splices (starts counted in ``before``'s numbers) turning elements ``before`` into ``now``:
    an element replaced by one of its kind is changed token by token, others whole."""
    starts = [0]
    for element in before:
        starts.append(starts[-1] + len(element))
    out: list[Splice] = []
    for tag, i1, i2, j1, j2 in SequenceMatcher(None, before, now, autojunk=False).get_opcodes():
        if tag == "equal":
            continue
        if tag == "replace" and i2 - i1 == j2 - j1:
            for k in range(i2 - i1):
                old, new = before[i1 + k], now[j1 + k]
                # What both begin and end with is left alone; the matcher sees only the middle.
                head = 0
                while head < min(len(old), len(new)) and old[head] == new[head]:
                    head += 1
                tail = 0
                while tail < min(len(old), len(new)) - head and old[-1 - tail] == new[-1 - tail]:
                    tail += 1
                old, new = old[head:len(old) - tail], new[head:len(new) - tail]
                for inner, a1, a2, b1, b2 in SequenceMatcher(None, old, new).get_opcodes():
                    if inner != "equal":
                        out.append(Splice(starts[i1 + k] + head + a1, a2 - a1, new[b1:b2]))
        else:
            out.append(Splice(starts[i1], starts[i2] - starts[i1], tuple(n for e in now[j1:j2] for n in e)))
    return out


__all__ = ["DIGITS", "Deltas", "Splice", "apply_splices", "svg_tokens"]
