"""The PPN container: one or more games per file, YAML metadata, then movetext.

:func:`iter_records` streams: it reads a file line by line and yields one
:class:`Record` per game, so a file of thousands of games is never held in
memory whole. :func:`format_record` writes a record back so that reading it
gives an equal record.
"""

from __future__ import annotations

import io
import os
import re
from pathlib import Path
from typing import IO, Any, Iterator

from ..arguments import check_arg, check_source
from ..errors import LimitError, NotationError, SourceLocation
from ..values import field, value
from .movetext import MoveGroup, format_movetext, parse_movetext
from ..reprs import brief_repr

#: The longest line accepted, in bytes.
MAX_LINE_BYTES = 1 << 20
#: The largest single game accepted, in bytes (a file may hold many games).
MAX_GAME_BYTES = 4 << 20
#: The largest metadata block accepted, in bytes.
MAX_METADATA_BYTES = 256 << 10


@value
class Record:
    """One game of a PPN file: its metadata and its movetext, grouped by move number.

    Equality compares metadata and moves, not where they were read from.
    """

    metadata: dict[str, Any]
    groups: tuple[MoveGroup, ...]
    file: str = field(default="<string>", compare=False)
    line: int = field(default=1, compare=False)
    index: int = field(default=1, compare=False)
    #: The header's lines as read, with their line numbers (to place errors about its fields).
    header: tuple[tuple[int, str], ...] = field(default=(), compare=False, repr=False)

    __repr__ = brief_repr

    @property
    def location(self) -> SourceLocation:
        """Where the game starts."""
        return SourceLocation(self.file, self.line, 1)

    def header_location(self, token: str | None) -> SourceLocation:
        """Where ``token`` is written in the header: the line of the field it names, else
        the first place it stands as a whole word; the game's start when the header does
        not show it (or there is no token)."""
        if token:
            for line, text in self.header:
                if text.startswith((f"{token}:", f'"{token}":', f"'{token}':")):
                    return SourceLocation(self.file, line, 1)
            word = re.compile(rf"(?<![\w.]){re.escape(token)}(?![\w.])")
            for line, text in self.header:
                found = None if _is_game_start(text) else word.search(text)
                if found:
                    return SourceLocation(self.file, line, found.start() + 1)
        return self.location

def _is_game_start(line: str) -> bool:
    return line.startswith("---")


def _is_metadata_end(line: str) -> bool:
    return line.startswith("...")


def decode_utf8(raw: bytes, *, file: str, line: int = 1) -> str:
    """``raw`` (read from ``file``, starting at ``line``) as UTF-8 text. Raises
    :class:`NotationError` at the line and column of the first byte that is not UTF-8."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        before = raw[: exc.start]
        start = before.rfind(b"\n") + 1
        column = len(before[start:].decode("utf-8", errors="replace")) + 1
        raise NotationError(
            f"invalid UTF-8 (byte 0x{raw[exc.start]:02x})",
            location=SourceLocation(file, line + before.count(b"\n"), column),
            expected="a UTF-8 text file",
        ) from None


def _decoded_lines(stream: IO[bytes], file: str) -> Iterator[tuple[int, str]]:
    """``(line_number, text)`` for each line, decoded and checked for binary content."""
    peek = getattr(stream, "peek", None)
    head = peek(8192)[:8192] if peek is not None else b""
    if b"\x00" in head:
        # Binary files usually show a NUL early; say so rather than report bad UTF-8 first.
        before = head[: head.index(b"\x00")]
        raise NotationError(
            "this is a binary file, not a PPN record (it holds a NUL byte)",
            location=SourceLocation(file, before.count(b"\n") + 1, len(before) - (before.rfind(b"\n") + 1) + 1),
            expected="UTF-8 text",
        )
    number = 0
    while True:
        raw = stream.readline(MAX_LINE_BYTES + 1)
        if not raw:
            return
        number += 1
        if len(raw) > MAX_LINE_BYTES and not raw.endswith(b"\n"):
            raise LimitError(
                f"line {number} is longer than {MAX_LINE_BYTES} bytes",
                location=SourceLocation(file, number, 1),
                expected="a text file of PPN games",
            )
        nul = raw.find(b"\x00")
        if nul >= 0:
            raise NotationError(
                "this is a binary file, not a PPN record (it holds a NUL byte)",
                location=SourceLocation(file, number, nul + 1),
                expected="UTF-8 text",
            )
        text = decode_utf8(raw, file=file, line=number)
        if number == 1 and text.startswith("\ufeff"):
            text = text[1:]
        yield number, text.rstrip("\r\n")


def _games(lines: Iterator[tuple[int, str]], file: str) -> Iterator[list[tuple[int, str]]]:
    game: list[tuple[int, str]] = []
    size = 0
    for number, text in lines:
        if _is_game_start(text) and game:
            yield game
            game, size = [], 0
        game.append((number, text))
        size += len(text) + 1
        if size > MAX_GAME_BYTES:
            raise LimitError(
                f"the game starting at line {game[0][0]} is larger than {MAX_GAME_BYTES >> 20} MiB",
                location=SourceLocation(file, game[0][0], 1),
                expected="games of at most a few megabytes (split the file)",
            )
    if game:
        yield game


def _split_game(game: list[tuple[int, str]], file: str
                ) -> tuple[dict[str, Any], list[tuple[int, str]], list[tuple[int, str]]]:
    """Metadata and movetext lines of one game, as the reference parser splits them."""
    end = next((k for k, (_, t) in enumerate(game) if _is_metadata_end(t)), None)
    if end is None:
        # With no '...', metadata runs to the first empty or indented line.
        end = next((k for k, (_, t) in enumerate(game) if t == "" or t[:1] in " \t"), None)
    if end is None:
        head: list[tuple[int, str]] = []
        body = game
        if game and _is_game_start(game[0][1]):
            head, body = game[:1], game[1:]
        metadata_lines = head
    else:
        metadata_lines, body = game[: end + 1], game[end + 1 :]
    metadata: dict[str, Any] = {}
    if metadata_lines:
        text = "\n".join(t for _, t in metadata_lines)
        if len(text) > MAX_METADATA_BYTES:
            raise LimitError(
                f"the metadata is larger than {MAX_METADATA_BYTES >> 10} KiB",
                location=SourceLocation(file, metadata_lines[0][0], 1),
            )
        from .plainyaml import parse_plain_mapping

        plain = parse_plain_mapping(text)
        if plain is not None:
            metadata = plain
        else:
            from .yamlsafe import load_metadata  # PyYAML only for a header beyond plain 'Key: value' lines

            metadata = load_metadata(text, file=file, first_line=metadata_lines[0][0])
    return metadata, body, metadata_lines


def iter_records(source: str | Path | IO[bytes], *, name: str | None = None) -> Iterator[Record]:
    """Each game of a PPN file, in order, read as it streams.

    ``source`` is a path or a binary stream (``name`` names it in errors).
    Raises :class:`NotationError` (with file, line and column) for broken YAML,
    an unterminated comment, invalid UTF-8, binary content or an empty file,
    and :class:`LimitError` for inputs beyond the documented limits (when the games are
    read); :class:`TypeError` at once for a ``source`` that is neither a path nor a
    binary stream.
    """
    check_source(source)
    if name is not None:
        check_arg(name, str, name="name", accepts="the input's name (str) or None")
    return _iter_records(source, name)


def _iter_records(source: str | Path | IO[bytes], name: str | None) -> Iterator[Record]:
    if isinstance(source, (str, os.PathLike)):
        file = name or str(source)
        try:
            stream: IO[bytes] = open(source, "rb")  # noqa: SIM115 - closed below, its OSError told apart
        except OSError as exc:
            raise NotationError(
                f"cannot read the file: {exc.strerror or exc}", location=SourceLocation(file, 1, 1)
            ) from None
        with stream:
            yield from _records(stream, file)
    else:
        # (A stream opened on a file descriptor is named by its number.)
        yield from _records(source, name or str(getattr(source, "name", "<stream>")))


def _records(stream: IO[bytes], file: str) -> Iterator[Record]:
    count = 0
    for game in _games(_decoded_lines(stream, file), file):
        if all(not t.strip() or (_is_game_start(t) and not t[3:].strip()) for _, t in game) and count:
            continue  # trailing separators between games
        if all(not t.strip() for _, t in game):
            continue
        metadata, body, header = _split_game(game, file)
        groups = parse_movetext(body, file=file)
        count += 1
        yield Record(metadata, groups, file=file, line=game[0][0], index=count, header=tuple(header))
    if count == 0:
        raise NotationError(
            "empty file: there is no game in it",
            location=SourceLocation(file, 1, 1),
            expected="at least one game (YAML metadata and/or movetext)",
        )


def read_records(source: str | Path | IO[bytes], *, name: str | None = None) -> list[Record]:
    """All games of a PPN file as a list (see :func:`iter_records`)."""
    return list(iter_records(source, name=name))


def parse_records(text: str, *, name: str = "<string>") -> list[Record]:
    """All games in PPN ``text`` (see :func:`iter_records`)."""
    check_arg(text, str, name="text", accepts="PPN text (str)")
    check_arg(name, str, name="name", accepts="the text's name in errors (str)")
    return read_records(io.BytesIO(text.encode("utf-8")), name=name)


def format_record(record: Record) -> str:
    """PPN text for one game: ``---``, the metadata, ``...``, the movetext."""
    check_arg(record, Record, name="record", accepts="a Record")
    from .yamlsafe import dump_metadata

    parts = ["---"]
    meta = dump_metadata(record.metadata)
    if meta:
        parts.append(meta.rstrip("\n"))
    parts.append("...")
    movetext = format_movetext(record.groups)
    if movetext:
        parts.append(movetext)
    return "\n".join(parts) + "\n"


def format_records(records: list[Record] | tuple[Record, ...]) -> str:
    """PPN text for several games, one after another."""
    return "".join(format_record(r) for r in records)
