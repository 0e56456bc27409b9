"""The movetext layer of PPN: move numbers, moves and comments, with locations.

This layer knows text, not rules: it splits movetext into tokens, resolves
move numbers (``1.``, ``1...``, a lone ``.``, ``;``) and groups the moves and
comments under their move number. What a move *means* is the business of the
game's move grammar.
"""

from __future__ import annotations

import re
from typing import Iterable, Iterator

from ..errors import LimitError, NotationError, PiecepackError, SourceLocation
from ..values import field, value
from .braces import ExpansionBudget, expand_braces
from ..reprs import brief_repr

#: The label of the state before any move (as the reference parser names it).
SETUP_LABEL = "SetupFn."
#: The label of moves written before the first move number.
PREAMBLE_LABEL = "SetupFn.."
#: The longest move number, written or made by lone ``.`` and ``;`` (each adds a ``.``):
#: the bound keeps each label, and so each group, of a size that does not grow with the record.
MAX_MOVE_NUMBER = 256


@value
class Token:
    """One move or comment of movetext and where it starts.

    The location does not take part in equality, so a record written out and
    read back compares equal.
    """

    text: str
    location: SourceLocation = field(compare=False)

    __repr__ = brief_repr


@value
class MoveGroup:
    """The moves and comments written under one move number.

    ``label`` is the resolved move number (``"3..."``; a lone ``.`` after
    ``3.`` gives ``"3.."``). ``moves`` are applied in order and give one state.
    """

    label: str
    moves: tuple[Token, ...]
    comments: tuple[Token, ...]
    location: SourceLocation = field(compare=False)

    __repr__ = brief_repr

    @property
    def comment(self) -> str:
        """All comments of the group, joined with spaces, whitespace collapsed."""
        if not self.comments:
            return ""
        return " ".join([" ".join(c.text.split()) for c in self.comments])

    @property
    def text(self) -> str:
        """The moves as one line: ``"b1:b3"``, ``"f1-f3"``."""
        if not self.moves:
            return ""
        return " ".join([m.text for m in self.moves])

def is_move_number(text: str) -> bool:
    """True for a PPN move number: letters, digits, ``_`` and ``.``, ending in ``.``.

    >>> from piecepack_diagrams.notation import is_move_number
    >>> is_move_number("12S."), is_move_number("1..."), is_move_number("a1-b1")
    (True, True, False)
    """
    return _MOVE_NUMBER.fullmatch(text) is not None


#: A scanned piece of movetext: its kind ("word", "comment" or "dot", from ';'), text
#: and location (a plain tuple: movetext can hold hundreds of thousands of them).
_Raw = tuple[str, str, SourceLocation]


_WORD = re.compile(r"\S+")
#: Letters, digits (as ``str.isalnum`` has them), ``_`` and ``.``, ending in ``.``.
_MOVE_NUMBER = re.compile(r"[\w.]*\.")


def _scan(lines: Iterable[tuple[int, str]], file: str, budget: ExpansionBudget) -> Iterator[_Raw]:
    """Whitespace-separated words and ``{comments}`` of the movetext lines."""
    pending: list[str] | None = None  # an open comment's text
    start: SourceLocation | None = None
    for number, line in lines:
        i = 0
        while True:
            if pending is not None:
                close = line.find("}", i)
                if close < 0:
                    pending.append(line[i:])
                    break  # an open comment keeps collecting on the next line
                pending.append(line[i:close])
                assert start is not None
                yield ("comment", "\n".join(pending), start)
                pending = None
                i = close + 1
                continue
            found = _WORD.search(line, i)
            if found is None:
                break
            i, j = found.span()
            word = found.group(0)
            if word.startswith("{") and ((word.endswith("}") and _is_comment_word(word)) or "}" not in word):
                if "}" in word:
                    yield ("comment", word[1:-1], SourceLocation(file, number, i + 1))
                    i = j
                else:
                    # A comment that goes on past this word, maybe past this line.
                    start = SourceLocation(file, number, i + 1)
                    pending = []
                    i += 1
                continue
            if ";" in word:
                yield from _split_semicolons(word, SourceLocation(file, number, i + 1), budget)
            else:
                yield ("word", word, SourceLocation(file, number, i + 1))
            i = j
    if pending is not None:
        assert start is not None
        raise NotationError(
            "unterminated comment: '{' is never closed",
            location=start,
            token="{" + "".join(pending)[:20],
            expected="a '}' closing the comment",
        )


def _is_comment_word(word: str) -> bool:
    # '{a,b}' alone is a comment; '{a,b}x' would be a brace expansion (not caught here).
    return word.count("{") == 1 and word.index("}") == len(word) - 1


def _split_semicolons(word: str, location: SourceLocation, budget: ExpansionBudget) -> Iterator[_Raw]:
    if ";" not in word:
        yield ("word", word, location)
        return
    if "{" in word:
        # As the reference parser does, braces expand before ';' splits a word, so a
        # ';' after braces ends every word they make: '({2..7},3)-2D;' is six sub-moves.
        try:
            words = expand_braces(word)
            if words != [word]:
                budget.start_move()  # each word's sub-moves get move numbers of their own
                budget.spend(words, token=word)
        except PiecepackError as exc:
            raise exc.with_location(location) from None
        if words != [word]:
            for expanded in words:
                yield from _split_semicolons(expanded, location, budget)
            return
    column = location.column
    for k, part in enumerate(word.split(";")):
        if k:
            yield ("dot", ".", SourceLocation(location.file, location.line, column - 1))
        if part:
            yield ("word", part, SourceLocation(location.file, location.line, column))
        column += len(part) + 1


def parse_movetext(lines: Iterable[tuple[int, str]], *, file: str) -> tuple[MoveGroup, ...]:
    """Group movetext under its move numbers.

    ``lines`` are ``(line_number, text)`` pairs. Moves before the first move
    number form a group labelled ``"SetupFn.."``. A lone ``.`` (or a ``;``) continues the
    last move number with one more ``.`` (with no move number before it, the preamble's
    label is continued, as the reference parser does).

    Raises :class:`NotationError` for an unterminated comment, and :class:`LimitError` for
    a move number longer than :data:`MAX_MOVE_NUMBER` characters (so too many lone ``.``
    or ``;`` in a row) or braces before a ``;`` that expand past the record's budget.
    """
    groups: list[MoveGroup] = []
    label: str | None = None
    label_location: SourceLocation | None = None
    moves: list[Token] = []
    comments: list[Token] = []

    def close() -> None:
        if label is not None:
            assert label_location is not None
            groups.append(MoveGroup(label, tuple(moves), tuple(comments), label_location))
        elif moves or comments:
            first = (moves or comments)[0].location
            groups.append(MoveGroup(PREAMBLE_LABEL, tuple(moves), tuple(comments), first))

    for kind, text, location in _scan(lines, file, ExpansionBudget()):
        if kind == "comment":
            comments.append(Token(text, location))
            continue
        is_dot = kind == "dot" or text == "."
        if is_dot or is_move_number(text):
            close()
            if is_dot:
                previous = groups[-1].label if groups else SETUP_LABEL
                label, label_location = previous + ".", location
            else:
                label, label_location = text, location
            if len(label) > MAX_MOVE_NUMBER:
                raise _long_move_number(label, label_location, made=is_dot)
            moves, comments = [], []
            continue
        moves.append(Token(text, location))
    close()
    return tuple(groups)


def _long_move_number(label: str, location: SourceLocation, *, made: bool) -> LimitError:
    if made:
        return LimitError(f"too many sub-moves ('.' or ';') in a row: the move number they make, "
                          f"'{label[:20]}...', passes {MAX_MOVE_NUMBER} characters", location=location,
                          expected="a new move number (e.g. '12.') before more sub-moves")
    return LimitError(f"a move number longer than {MAX_MOVE_NUMBER} characters", location=location,
                      token=label, expected="a shorter move number")


def format_movetext(groups: Iterable[MoveGroup], *, width: int = 79) -> str:
    """Movetext that :func:`parse_movetext` reads back to equal groups."""
    words: list[str] = []
    for group in groups:
        moves = [m.text for m in group.moves]
        if group.label != PREAMBLE_LABEL or words:
            # A move number is never left at a line's end, away from its move.
            words.append(f"{group.label} {moves.pop(0)}" if moves else group.label)
        words.extend(moves)
        words.extend("{" + c.text + "}" for c in group.comments)
    lines: list[str] = []
    current = ""
    for word in words:
        if current and len(current) + 1 + len(word) > width:
            lines.append(current)
            current = word
        else:
            current = f"{current} {word}" if current else word
    if current:
        lines.append(current)
    return "\n".join(lines)
