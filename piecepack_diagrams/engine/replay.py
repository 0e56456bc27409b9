"""Replaying and validating records: one immutable state per move number.

Strict replay raises at the first error; lenient replay collects every error
(each with its location) and carries on from the last good state, like
python-chess's ``game.errors``.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Iterator

from ..errors import PiecepackError, RuleError, SourceLocation
from ..notation import SETUP_LABEL, Record, iter_records
from .game import Game, Status, game_for


@dataclass(frozen=True, slots=True)
class Position:
    """A state after a move number: its label (``"SetupFn."`` for the start),
    the moves and comment written there, and the game's state."""

    label: str
    text: str
    comment: str
    state: Any
    location: SourceLocation | None = None

    def __repr__(self) -> str:
        return (f"Position(label={self.label!r}, text={self.text!r}, comment={self.comment!r}, "
                f"state=..., location={self.location!r})")


@dataclass(frozen=True, slots=True)
class Replay:
    """A replayed record: its game, the positions (the first is the setup) and any errors."""

    record: Record
    game: Game[Any]
    positions: tuple[Position, ...]
    errors: tuple[PiecepackError, ...] = ()

    def is_valid(self) -> bool:
        """True when every move applied without error."""
        return not self.errors

    @property
    def final(self) -> Position:
        return self.positions[-1]

    def status(self) -> Status:
        """The game's status after the last move that applied."""
        return self.game.status(self.final.state)

    def position(self, move: int | str) -> Position:
        """The position after move ``move``: an index (0 = setup, -1 = last),
        ``"last"``, or a move number label such as ``"3..."``.

        Raises :class:`~piecepack_diagrams.errors.PiecepackError` for a move that is not there.
        """
        if move == "last":
            return self.positions[-1]
        if isinstance(move, int):
            if -len(self.positions) <= move < len(self.positions):
                return self.positions[move]
            raise PiecepackError(f"there is no move {move}: the record has {len(self.positions) - 1} moves",
                                 token=str(move), expected=f"0 (setup) to {len(self.positions) - 1}, or 'last'")
        for position in self.positions:
            if position.label == move:
                return position
        if str(move).isdigit():
            return self.position(int(move))
        raise PiecepackError(f"there is no move '{move}' in the record", token=str(move),
                             expected="a move index, a move number such as '3...', or 'last'")


def replay(record: Record, *, strict: bool = True, seed: int | None = None,
           game: Game[Any] | None = None) -> Replay:
    """Replay ``record`` move by move.

    With ``strict`` the first error is raised (a :class:`PiecepackError` with
    its location); otherwise errors are collected in :attr:`Replay.errors` and
    the failing move is skipped. A setup error is raised either way.
    """
    game = game or game_for(record)
    try:
        state = game.setup(record.metadata, seed=seed)
    except PiecepackError as exc:
        raise exc.with_location(record.header_location(exc.token)) from None
    positions = [Position(SETUP_LABEL, "", "", state, record.location)]
    errors: list[PiecepackError] = []
    for group in record.groups:
        try:
            state = game.apply(state, group, metadata=record.metadata)
        except PiecepackError as exc:
            located = exc.with_location(group.location)
            if strict:
                raise located from None
            errors.append(located)
        positions.append(Position(group.label, group.text, group.comment, state, group.location))
    return Replay(record, game, tuple(positions), tuple(errors))


@dataclass(frozen=True, slots=True)
class Validation:
    """The verdict on one record: valid, or the errors found (each located)."""

    file: str
    index: int
    errors: tuple[PiecepackError, ...]
    moves: int = 0

    def is_valid(self) -> bool:
        return not self.errors

    def __repr__(self) -> str:
        return f"Validation(file={self.file!r}, index={self.index!r}, errors={self.errors!r}, moves={self.moves!r})"


def validate_file(path: str | Path) -> Iterator[Validation]:
    """A :class:`Validation` for each game in ``path`` (lenient: every error is found).

    A file that cannot be read at all gives one invalid result with that error.
    """
    index = 0
    try:
        for record in iter_records(path):
            index = record.index
            try:
                result = replay(record, strict=False)
                yield Validation(str(path), index, result.errors, len(result.positions) - 1)
            except PiecepackError as exc:
                yield Validation(str(path), index, (exc.with_location(record.location),))
    except PiecepackError as exc:
        yield Validation(str(path), index + 1, (exc,))


def validate(paths: Iterable[str | Path]) -> list[Validation]:
    """Validations of every game in every file of ``paths``."""
    return [v for path in paths for v in validate_file(path)]


__all__ = ["Position", "Replay", "RuleError", "Validation", "replay", "validate", "validate_file"]
