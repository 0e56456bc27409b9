"""Annotation glyphs a move may end with, as PGN writes them: ``2N??``, ``a5-b5!``.

A module of its own, with no imports, so that a game's move grammar can read them without
the record reader (which a game's setup does not need).
"""

from __future__ import annotations

#: The glyphs, longest first: a very good move, a blunder, an interesting move, a dubious
#: one, a good move, a mistake. The games with a move grammar of their own (Lab Rats, Coin
#: Collectors, Landlocked) read a move without its glyph; PPN's generic grammar gives ``!``
#: and ``?`` meanings of their own, so it reads them as it always did.
ANNOTATIONS = ("!!", "??", "!?", "?!", "!", "?")


def split_annotation(text: str) -> tuple[str, str]:
    """A move's text and the annotation glyph it ends with (``""`` when none): ``"2N??"`` ->
    ``("2N", "??")``. A token that is a glyph alone, or ends in more than one glyph's worth
    of ``!`` and ``?``, is returned whole (it is no annotated move).

    >>> from piecepack_diagrams.annotations import split_annotation
    >>> split_annotation("2N??"), split_annotation("a5-b5!"), split_annotation("1x")
    (('2N', '??'), ('a5-b5', '!'), ('1x', ''))
    """
    for glyph in ANNOTATIONS:
        if text.endswith(glyph) and len(text) > len(glyph) and text[-len(glyph) - 1] not in "!?":
            return text[:-len(glyph)], glyph
    return text, ""


__all__ = ["ANNOTATIONS", "split_annotation"]
