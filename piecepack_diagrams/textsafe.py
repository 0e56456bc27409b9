"""Text made safe for where it goes: error messages a person can read, XML 1.0 text,
and text for a terminal.

Each writer calls the one function for its destination, so a record's comment holding
an escape sequence, a control character or a megabyte-long word is shown the same
bounded, harmless way everywhere.
"""

from __future__ import annotations

import re
import reprlib
from functools import cache
from typing import Any, Iterable, TextIO

#: The most characters of one unbroken run of text (a token, a quoted move) an error shows.
MAX_SHOWN_RUN = 60
#: The most characters an error message shows.
MAX_MESSAGE = 500


# The patterns are compiled when first needed (compiling the three costs more than a
# drawing's start-up can spare, and most text is plain ASCII that needs none of them).
@cache
def _long_run() -> re.Pattern[str]:
    return re.compile(rf"\S{{{MAX_SHOWN_RUN + 1},}}")


def shorten(text: str, limit: int = MAX_SHOWN_RUN) -> str:
    """``text`` on one line, cut to ``limit`` characters by ``...`` in its middle (so a
    quoted token keeps its quotes, a path its file name)."""
    text = text.replace("\n", "\\n")
    if len(text) <= limit:
        return text
    tail = (limit - 3) // 3
    return text[: limit - 3 - tail] + "..." + text[len(text) - tail:]


def readable(text: str) -> str:
    """An error message of readable length: every unbroken run longer than
    :data:`MAX_SHOWN_RUN` is shortened, and the whole is cut at :data:`MAX_MESSAGE`."""
    if len(text) > MAX_SHOWN_RUN:
        text = _long_run().sub(lambda m: shorten(m.group(0)), text)
    if len(text) > MAX_MESSAGE:
        text = text[: MAX_MESSAGE - 3] + "..."
    return text


_REPR = reprlib.Repr()
_REPR.maxstring = _REPR.maxother = MAX_SHOWN_RUN
_REPR.maxlevel = 3


def as_text(value: Any) -> str:
    """``value`` as text for a message, whatever it is: a string as it is, anything else
    as a short ``repr``. Never raises (an integer too long to print is described, a value
    whose ``repr`` fails is named by its type)."""
    if isinstance(value, str):
        return value
    try:
        if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 200:
            return f"a number of about {int(value.bit_length() * 0.30103) + 1} digits"
        return _REPR.repr(value)
    except Exception:  # noqa: BLE001 - a message must be built whatever the value does
        return f"<{type(value).__name__}>"


# XML 1.0 allows tab, newline, carriage return, and U+0020 to U+10FFFF but the surrogates,
# U+FFFE and U+FFFF. Refused here as well: DEL and the C1 controls (XML "discourages"
# them and they are terminal escapes), and the other Unicode noncharacters.
@cache
def _not_xml() -> re.Pattern[str]:
    return re.compile(
        "[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff\ufdd0-\ufdef\ufffe\uffff"
        + "".join(f"{chr(plane << 16 | 0xFFFE)}{chr(plane << 16 | 0xFFFF)}" for plane in range(1, 17))
        + "]"
    )


def xml_text(text: str) -> str:
    """``text`` with every character XML 1.0 cannot hold (controls, surrogates,
    noncharacters) replaced by U+FFFD, the replacement character. Markup is not
    escaped here: the writer's own escaping does that."""
    if text.isascii() and text.isprintable():  # U+0020 to U+007E: nothing to replace
        return text
    return _not_xml().sub("\ufffd", text)


# Control characters (but tab and newline) move the cursor, clear the screen or set the
# window title; bidirectional overrides reorder what a line seems to say.
_TAB_NEWLINE = {9: None, 10: None}


@cache
def _not_terminal() -> re.Pattern[str]:
    return re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def terminal_text(text: str) -> str:
    """``text`` safe to print: each control character (but tab and newline) and each
    bidirectional control written as a visible ``\\uXXXX`` escape, which is also a
    valid escape inside a JSON string. A carriage return written alone is kept: it is how
    a progress line redraws itself (one at the start of other text, such as an error
    whose file name begins with it, is escaped like the rest)."""
    if text == "\r" or (text.isascii() and text.translate(_TAB_NEWLINE).isprintable()) \
            or not _not_terminal().search(text):
        return text
    return _not_terminal().sub(lambda m: f"\\u{ord(m.group(0)):04x}", text)


class TerminalStream:
    """A text stream whose every write goes through :func:`terminal_text` (the command
    line wraps standard output and standard error in one); anything else is the
    wrapped stream's."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream

    def write(self, text: str) -> int:
        return self.stream.write(terminal_text(text))

    def writelines(self, lines: Iterable[str]) -> None:
        for line in lines:
            self.write(line)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.stream, name)


__all__ = ["MAX_MESSAGE", "MAX_SHOWN_RUN", "TerminalStream", "as_text", "readable", "shorten", "terminal_text",
           "xml_text"]
