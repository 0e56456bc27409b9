"""The error hierarchy: every error the library raises on bad input.

Each error is a :class:`ValueError` carrying where it happened (file, line,
column), the offending token and what was expected, so the CLI can print
``FILE:LINE:COL: error: MESSAGE`` and a user can go straight to the spot.
"""

from __future__ import annotations

from typing import Any

from .textsafe import as_text, readable, shorten
from .values import value


@value
class SourceLocation:
    """A position in an input file: 1-based line and column."""

    file: str
    line: int
    column: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}"

    def __repr__(self) -> str:
        return f"SourceLocation(file={self.file!r}, line={self.line!r}, column={self.column!r})"


def compiler_line(location: SourceLocation | None, severity: str, text: str) -> str:
    """``FILE:LINE:COL: SEVERITY: TEXT`` (``SEVERITY: TEXT`` without a location) on one line."""
    where = f"{location}: " if location else ""
    # One message, one line: a line break in a name or token (a theme called "\n") is shown
    # as an escape, so the line still reads FILE:LINE:COL: error: ...
    return f"{where}{severity}: {text}".replace("\r", "\\r").replace("\n", "\\n")


class PiecepackError(ValueError):
    """Base class of every error raised on bad input.

    ``message`` says what is wrong in a user's words; ``location`` (optional)
    says where; ``token`` is the offending text; ``expected`` what would have
    been accepted there.

    Building one never fails: a token, message or expectation that is not a string
    is kept as short text (see :func:`~piecepack_diagrams.textsafe.as_text`), and what
    is shown is cut to a readable length (see :func:`~piecepack_diagrams.textsafe.readable`).
    """

    def __init__(
        self,
        message: Any,
        *,
        location: SourceLocation | None = None,
        token: Any = None,
        expected: Any = None,
    ) -> None:
        self.message = as_text(message)
        self.location = location if isinstance(location, SourceLocation) else None
        self.token = None if token is None else as_text(token)
        self.expected = None if expected is None else as_text(expected)
        super().__init__(self.describe())

    def __str__(self) -> str:
        return self.describe()

    def describe(self) -> str:
        """The message with the token and the expectation, without the location, cut to
        a readable length."""
        return readable(self._text())

    def _text(self) -> str:
        text = self.message
        # The token is named unless the message (or, for a rule error, the move) already shows it.
        if self.token is not None and self.token not in text and self.token not in str(getattr(self, "move", "")):
            text += f" (at '{shorten(self.token)}')"
        if self.expected:
            text += f"; expected {self.expected}"
        return text

    def format(self) -> str:
        """``FILE:LINE:COL: error: MESSAGE``, the form compilers use."""
        return compiler_line(self.location, "error", self.describe())

    def with_location(self, location: SourceLocation | None) -> PiecepackError:
        """A copy of this error placed at ``location`` unless it already has one."""
        if self.location is not None or not isinstance(location, SourceLocation):
            return self
        clone = self.__class__.__new__(self.__class__)
        clone.__dict__.update(self.__dict__)
        clone.location = location
        ValueError.__init__(clone, clone.describe())
        return clone


class NotationError(PiecepackError):
    """The text of a record cannot be read: container, YAML or movetext syntax."""


class SetupError(PiecepackError):
    """A game cannot be set up from the record's metadata or the options given."""


class RuleError(PiecepackError):
    """A move breaks the rules of the game (or names a piece that is not there).

    ``move`` is the move's label and text (``"7. a1-b2"``), ``rule`` the rule
    broken, in a player's words.
    """

    def __init__(
        self,
        message: Any,
        *,
        move: Any = None,
        rule: Any = None,
        location: SourceLocation | None = None,
        token: Any = None,
        expected: Any = None,
    ) -> None:
        self.move = None if move is None else as_text(move)
        self.rule = None if rule is None else as_text(rule)
        super().__init__(message, location=location, token=token, expected=expected)

    def _text(self) -> str:
        text = super()._text()
        if self.move and not text.startswith(("move ", "turn ")):
            # Labels that already say what they are ("turn 12 (red)") keep their own word.
            text = f"{self.move}: {text}" if self.move.startswith("turn ") else f"move {self.move}: {text}"
        return text


class OutputError(PiecepackError):
    """An output cannot be written where it was asked for."""


class OptionError(PiecepackError):
    """A drawing option that cannot be used: a square the board does not name, an arrow
    from a square to itself, a size out of range, two options that exclude each other."""


class LimitError(NotationError):
    """An input exceeds one of the documented size or expansion limits."""


@value
class PiecepackWarning:
    """Something in a record that is probably a mistake but stops nothing (a header key the
    game does not read, such as ``Variante``): never raised, collected beside the errors.

    ``token`` is the text warned about; ``suggestion`` what was probably meant, if anything.
    """

    message: str
    location: SourceLocation | None = None
    token: str | None = None
    suggestion: str | None = None

    def describe(self) -> str:
        """The message with the suggestion, without the location, cut to a readable length."""
        hint = f"; did you mean '{shorten(self.suggestion)}'?" if self.suggestion else ""
        return readable(self.message + hint)

    def format(self) -> str:
        """``FILE:LINE:COL: warning: MESSAGE``, the form compilers use."""
        return compiler_line(self.location, "warning", self.describe())

    def __str__(self) -> str:
        return self.describe()
