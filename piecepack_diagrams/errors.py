"""The error hierarchy: every error the library raises on bad input.

Each error is a :class:`ValueError` carrying where it happened (file, line,
column), the offending token and what was expected, so the CLI can print
``FILE:LINE:COL: error: MESSAGE`` and a user can go straight to the spot.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class SourceLocation:
    """A position in an input file: 1-based line and column."""

    file: str
    line: int
    column: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}"

    def __repr__(self) -> str:
        return f"SourceLocation(file={self.file!r}, line={self.line!r}, column={self.column!r})"


class PiecepackError(ValueError):
    """Base class of every error raised on bad input.

    ``message`` says what is wrong in a user's words; ``location`` (optional)
    says where; ``token`` is the offending text; ``expected`` what would have
    been accepted there.
    """

    def __init__(
        self,
        message: str,
        *,
        location: SourceLocation | None = None,
        token: str | None = None,
        expected: str | None = None,
    ) -> None:
        self.message = message
        self.location = location
        self.token = token
        self.expected = expected
        super().__init__(self.describe())

    def __str__(self) -> str:
        return self.describe()

    def describe(self) -> str:
        """The message with the token and the expectation, without the location."""
        text = self.message
        # The token is named unless the message (or, for a rule error, the move) already shows it.
        if self.token is not None and self.token not in text and self.token not in str(getattr(self, "move", "")):
            text += f" (at '{_shorten(self.token)}')"
        if self.expected:
            text += f"; expected {self.expected}"
        return text

    def format(self) -> str:
        """``FILE:LINE:COL: error: MESSAGE``, the form compilers use."""
        where = f"{self.location}: " if self.location else ""
        return f"{where}error: {self.describe()}"

    def with_location(self, location: SourceLocation) -> "PiecepackError":
        """A copy of this error placed at ``location`` unless it already has one."""
        if self.location is not None:
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
        message: str,
        *,
        move: str | None = None,
        rule: str | None = None,
        location: SourceLocation | None = None,
        token: str | None = None,
        expected: str | None = None,
    ) -> None:
        self.move = move
        self.rule = rule
        super().__init__(message, location=location, token=token, expected=expected)

    def describe(self) -> str:
        text = super().describe()
        if self.move and not text.startswith(("move ", "turn ")):
            # Labels that already say what they are ("turn 12 (red)") keep their own word.
            text = f"{self.move}: {text}" if self.move.startswith("turn ") else f"move {self.move}: {text}"
        return text


class OutputError(PiecepackError):
    """An output cannot be written where it was asked for."""


class LimitError(NotationError):
    """An input exceeds one of the documented size or expansion limits."""


def _shorten(text: str, limit: int = 60) -> str:
    text = text.replace("\n", "\\n")
    return text if len(text) <= limit else text[: limit - 3] + "..."
