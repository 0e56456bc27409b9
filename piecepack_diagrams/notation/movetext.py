"""The movetext layer of PPN: move numbers, moves and comments, with locations.

This layer knows text, not rules: it splits movetext into tokens, resolves
move numbers (``1.``, ``1...``, a lone ``.``, ``;``) and groups the moves and
comments under their move number. What a move *means* is the business of the
game's move grammar.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Iterator

from ..errors import NotationError, PiecepackError, SourceLocation
from .braces import expand_braces

#: The label of the state before any move (as the reference parser names it).
SETUP_LABEL = "SetupFn."
#: The label of moves written before the first move number.
PREAMBLE_LABEL = "SetupFn.."


@dataclass(frozen=True, slots=True)
class Token:
    """One move or comment of movetext and where it starts.

    The location does not take part in equality, so a record written out and
    read back compares equal.
    """

    text: str
    location: SourceLocation = field(compare=False)

    def __repr__(self) -> str:
        return f"Token(text={self.text!r}, location={self.location!r})"


@dataclass(frozen=True, slots=True)
class MoveGroup:
    """The moves and comments written under one move number.

    ``label`` is the resolved move number (``"3..."``; a lone ``.`` after
    ``3.`` gives ``"3.."``). ``moves`` are applied in order and give one state.
    """

    label: str
    moves: tuple[Token, ...]
    comments: tuple[Token, ...]
    location: SourceLocation = field(compare=False)

    @property
    def comment(self) -> str:
        """All comments of the group, joined with spaces, whitespace collapsed."""
        return " ".join(" ".join(c.text.split()) for c in self.comments)

    @property
    def text(self) -> str:
        """The moves as one line: ``"b1:b3"``, ``"f1-f3"``."""
        return " ".join(m.text for m in self.moves)

    def __repr__(self) -> str:
        return (
            f"MoveGroup(label={self.label!r}, moves={self.moves!r}, "
            f"comments={self.comments!r}, location={self.location!r})"
        )


def is_move_number(text: str) -> bool:
    """True for a PPN move number: letters, digits, ``_`` and ``.``, ending in ``.``.

    >>> is_move_number("12S."), is_move_number("1..."), is_move_number("a1-b1")
    (True, True, False)
    """
    if not text.endswith("."):
        return False
    return all(ch == "." or ch == "_" or ch.isalnum() for ch in text)


@dataclass(frozen=True, slots=True)
class _Raw:
    kind: str  # "word", "comment" or "dot" (from ';')
    text: str
    location: SourceLocation


def _scan(lines: Iterable[tuple[int, str]], file: str) -> Iterator[_Raw]:
    """Whitespace-separated words and ``{comments}`` of the movetext lines."""
    pending: list[str] | None = None  # an open comment's text
    start: SourceLocation | None = None
    for number, line in lines:
        i, n = 0, len(line)
        while i < n:
            if pending is not None:
                close = line.find("}", i)
                if close < 0:
                    pending.append(line[i:])
                    i = n
                    continue
                pending.append(line[i:close])
                assert start is not None
                yield _Raw("comment", "\n".join(pending), start)
                pending = None
                i = close + 1
                continue
            ch = line[i]
            if ch.isspace():
                i += 1
                continue
            j = i
            while j < n and not line[j].isspace():
                j += 1
            word = line[i:j]
            if word.startswith("{") and (word.endswith("}") and _is_comment_word(word) or "}" not in word):
                if "}" in word:
                    yield _Raw("comment", word[1:-1], SourceLocation(file, number, i + 1))
                    i = j
                else:
                    # A comment that goes on past this word, maybe past this line.
                    start = SourceLocation(file, number, i + 1)
                    pending = []
                    i += 1
                continue
            yield from _split_semicolons(word, SourceLocation(file, number, i + 1))
            i = j
        # a line ends: an open comment keeps collecting on the next line
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


def _split_semicolons(word: str, location: SourceLocation) -> Iterator[_Raw]:
    if ";" not in word:
        yield _Raw("word", word, location)
        return
    if "{" in word:
        # As the reference parser does, braces expand before ';' splits a word, so a
        # ';' after braces ends every word they make: '({2..7},3)-2D;' is six sub-moves.
        try:
            words = expand_braces(word)
        except PiecepackError as exc:
            raise exc.with_location(location) from None
        if words != [word]:
            for expanded in words:
                yield from _split_semicolons(expanded, location)
            return
    column = location.column
    for k, part in enumerate(word.split(";")):
        if k:
            yield _Raw("dot", ".", SourceLocation(location.file, location.line, column - 1))
        if part:
            yield _Raw("word", part, SourceLocation(location.file, location.line, column))
        column += len(part) + 1


def parse_movetext(lines: Iterable[tuple[int, str]], *, file: str) -> tuple[MoveGroup, ...]:
    """Group movetext under its move numbers.

    ``lines`` are ``(line_number, text)`` pairs. Moves before the first move
    number form a group labelled ``"SetupFn.."``. Raises :class:`NotationError`
    for an unterminated comment or a lone ``.`` with no move number before it
    (in that case the preamble label is continued, as the reference parser does).
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

    for raw in _scan(lines, file):
        if raw.kind == "comment":
            comments.append(Token(raw.text, raw.location))
            continue
        if raw.kind == "dot" or raw.text == ".":
            close()
            previous = groups[-1].label if groups else SETUP_LABEL
            label, label_location = previous + ".", raw.location
            moves, comments = [], []
            continue
        if is_move_number(raw.text):
            close()
            label, label_location = raw.text, raw.location
            moves, comments = [], []
            continue
        moves.append(Token(raw.text, raw.location))
    close()
    return tuple(groups)


def format_movetext(groups: Iterable[MoveGroup], *, width: int = 79) -> str:
    """Movetext that :func:`parse_movetext` reads back to equal groups."""
    words: list[str] = []
    for group in groups:
        if group.label != PREAMBLE_LABEL or words:
            words.append(group.label)
        words.extend(m.text for m in group.moves)
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
