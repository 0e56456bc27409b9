"""Replaying and validating records: one immutable state per move number.

Strict replay raises at the first error; lenient replay carries on from the last good
state, like python-chess's ``game.errors``, and reports as a compiler does: the first
error of a game in full, and the later moves that fail after it (most often only because
of it: a mistyped move leaves the pieces elsewhere than the rest of the record expects)
as one grouped note. Header keys that look like typos of the game's own are warnings.
"""

from __future__ import annotations

import os
from collections import deque
from pathlib import Path
from typing import Any, Iterable, Iterator

from ..arguments import check_arg, check_optional_int, check_path
from ..errors import PiecepackError, PiecepackWarning, RuleError, SourceLocation, compiler_line
from ..notation import SETUP_LABEL, MoveGroup, Record, iter_records
from ..reprs import brief_repr
from ..values import field, value
from .game import Game, Status, game_for
from .headers import header_warnings

#: How many places of later failing moves the grouped note lists before "and N more".
NOTE_PLACES = 8


@value
class Position:
    """A state after a move number: its label (``"SetupFn."`` for the start),
    the moves and comment written there, and the game's state; ``game`` (set by
    :func:`replay`) draws it, in a notebook as the picture of the value."""

    label: str
    text: str
    comment: str
    state: Any
    location: SourceLocation | None = None
    game: Game[Any] | None = field(default=None, compare=False, repr=False)

    __repr__ = brief_repr

    def caption(self) -> str:
        """Its move number (``Setup`` for the start), moves and ``{comment}`` on one line."""
        label = "Setup" if self.label == SETUP_LABEL else self.label
        text = " ".join(part for part in (label, self.text) if part)
        return f"{text}  {{{self.comment}}}" if self.comment else text

    def _repr_svg_(self) -> str | None:
        # IPython shows a value by its picture when it has one: the game's scene of the state.
        return None if self.game is None else self.game.scene(self.state, caption=self.caption())._repr_svg_()


@value
class Replay:
    """A replayed record: its game, the positions (the first is the setup), its first error
    (``errors`` holds at most one), the later moves that failed after it (``later_errors``,
    in order; lenient replay skips each failing move) and the header's ``warnings``."""

    record: Record
    game: Game[Any]
    positions: tuple[Position, ...]
    errors: tuple[PiecepackError, ...] = ()
    later_errors: tuple[PiecepackError, ...] = ()
    warnings: tuple[PiecepackWarning, ...] = ()

    __repr__ = brief_repr

    def _repr_html_(self) -> str:
        # IPython shows a replay as a stepper through its positions (the HTML viewer's, compact).
        from ..sheets.viewer import notebook_html

        return notebook_html(self)

    def is_valid(self) -> bool:
        """True when every move applied without error."""
        return not self.errors

    def diagnostics(self) -> tuple[str, ...]:
        """The lines a compiler would print (see :func:`diagnostics`)."""
        return diagnostics(self.errors, self.later_errors, self.warnings)

    @property
    def final(self) -> Position:
        return self.positions[-1]

    def status(self) -> Status:
        """The game's status after the last move that applied."""
        return self.game.status(self.final.state)

    def position(self, move: int | str) -> Position:
        """The position after move ``move``: an index (0 = setup, up to the number of
        moves), ``"last"``, or a move number label such as ``"3..."``.

        Raises :class:`~piecepack_diagrams.errors.PiecepackError` for a move that is not there
        (a negative index included: it would count from the end, which no user means), and
        :class:`TypeError` for a ``move`` that is neither a whole number nor text.
        """
        return self.positions[self.position_index(move)]

    def position_index(self, move: int | str) -> int:
        """Where in :attr:`positions` the position after ``move`` is (``move`` as
        :meth:`position` takes it, which raises the same errors). An index costs nothing to
        find; a move number label is looked for from the start."""
        if isinstance(move, bool) or not isinstance(move, (int, str)):
            raise TypeError(f"move must be a move index (int) or a move number or 'last' (str), "
                            f"not {type(move).__name__}")
        if move == "last":
            return len(self.positions) - 1
        if isinstance(move, str) and move.startswith("-") and _is_index(move[1:]):
            move = int(move)
        if isinstance(move, int):
            if 0 <= move < len(self.positions):
                return move
            if move < 0:
                raise PiecepackError(f"there is no move {move}: move indexes count up from 0 (the setup)",
                                     token=str(move), expected=f"0 to {len(self.positions) - 1}, or 'last' for the "
                                                               "last position")
            raise PiecepackError(f"there is no move {move}: the record has {len(self.positions) - 1} moves",
                                 token=str(move), expected=f"0 (setup) to {len(self.positions) - 1}, or 'last'")
        for index, position in enumerate(self.positions):
            if position.label == move:
                return index
        if _is_index(move):
            return self.position_index(int(move))
        raise PiecepackError(f"there is no move '{move}' in the record", token=str(move),
                             expected="a move index, a move number such as '3...', or 'last'")


def _is_index(text: str) -> bool:
    return text.isascii() and text.isdigit() and len(text) <= 18


def replay(record: Record, *, strict: bool = True, seed: int | None = None,
           game: Game[Any] | None = None) -> Replay:
    """Replay ``record`` move by move.

    With ``strict`` the first error is raised (a :class:`PiecepackError` with
    its location); otherwise the first is kept in :attr:`Replay.errors`, those of later
    moves in :attr:`Replay.later_errors`, and each failing move is skipped. A setup error
    is raised either way. Raises :class:`TypeError` for arguments of the wrong type.
    """
    check_arg(record, Record, name="record", accepts="a Record (from parse_records or read_records)")
    check_optional_int(seed, name="seed")
    if game is not None:
        check_arg(game, Game, name="game", accepts="a Game or None")
    game = game or game_for(record)
    errors: list[PiecepackError] = []
    positions = tuple(Position(SETUP_LABEL, "", "", state, record.location, game) if group is None
                      else Position(group.label, group.text, group.comment, state, group.location, game)
                      for group, state in _states(record, game, strict=strict, seed=seed, errors=errors))
    return Replay(record, game, positions, tuple(errors[:1]), tuple(errors[1:]), header_warnings(record, game))


def _states(record: Record, game: Game[Any], *, strict: bool, seed: int | None,
            errors: list[PiecepackError]) -> Iterator[tuple[MoveGroup | None, Any]]:
    """The setup's state (beside ``None``), then each move number's group and the state after
    it, one at a time: whoever needs only the last state keeps only that. A move that does not
    apply is raised at its location (``strict``) or added to ``errors`` and skipped; a setup
    error is raised either way, at the header's line that caused it."""
    try:
        state = game.setup(record.metadata, seed=seed)
    except PiecepackError as exc:
        raise exc.with_location(record.header_location(exc.token)) from None
    yield None, state
    for group in record.groups:
        try:
            state = game.apply(state, group, metadata=record.metadata)
        except PiecepackError as exc:
            located = exc.with_location(group.location)
            if strict:
                raise located from None
            errors.append(located)
        yield group, state


@value
class Validation:
    """The verdict on one record: valid, or its first error (``errors`` holds at most one,
    located) and the later moves that failed after it (``later_errors``); and the header's
    ``warnings``, which do not make a record invalid."""

    file: str
    index: int
    errors: tuple[PiecepackError, ...]
    moves: int = 0
    later_errors: tuple[PiecepackError, ...] = ()
    warnings: tuple[PiecepackWarning, ...] = ()

    __repr__ = brief_repr

    def is_valid(self) -> bool:
        return not self.errors

    def diagnostics(self) -> tuple[str, ...]:
        """The lines a compiler would print (see :func:`diagnostics`)."""
        return diagnostics(self.errors, self.later_errors, self.warnings)


def diagnostics(errors: Iterable[PiecepackError], later: tuple[PiecepackError, ...],
                warnings: Iterable[PiecepackWarning]) -> tuple[str, ...]:
    """``FILE:LINE:COL: warning: ...`` for each warning, ``FILE:LINE:COL: error: ...`` for
    the error, and for the ``later`` errors one ``note`` line at the first of them: how
    many later moves no longer apply, and where (the first :data:`NOTE_PLACES`)."""
    lines = [w.format() for w in warnings] + [e.format() for e in errors]
    if later:
        places = [f"{e.location.line}:{e.location.column}" if e.location else "?" for e in later[:NOTE_PLACES]]
        more = f" and {len(later) - NOTE_PLACES} more" if len(later) > NOTE_PLACES else ""
        moves = "1 later move no longer applies" if len(later) == 1 else f"{len(later)} later moves no longer apply"
        lines.append(compiler_line(later[0].location, "note",
                                   f"{moves} after the error above: at {', '.join(places)}{more}; "
                                   "fix that error first"))
    return tuple(lines)


def validate_file(path: str | Path) -> Iterator[Validation]:
    """A :class:`Validation` for each game in ``path`` (lenient: every error is found).

    A file that cannot be read at all gives one invalid result with that error; a
    ``path`` that is not a path is a :class:`TypeError` at once.
    """
    check_path(path)
    return _validations(path)


def _validations(path: str | Path) -> Iterator[Validation]:
    index = 0
    try:
        for record in iter_records(path):
            index = record.index
            errors: list[PiecepackError] = []
            warnings: tuple[PiecepackWarning, ...] = ()
            try:
                game = game_for(record)
                warnings = header_warnings(record, game)
                # Each state is dropped once the next is made: a long game is checked in the
                # memory of its record, not of its record and every position.
                deque(_states(record, game, strict=False, seed=None, errors=errors), maxlen=0)
                yield Validation(str(path), index, tuple(errors[:1]), len(record.groups),
                                 tuple(errors[1:]), warnings)
            except PiecepackError as exc:
                yield Validation(str(path), index, (exc.with_location(record.location),), warnings=warnings)
    except PiecepackError as exc:
        yield Validation(str(path), index + 1, (exc,))


def validate(paths: Iterable[str | Path]) -> list[Validation]:
    """Validations of every game in every file of ``paths`` (a list of paths)."""
    if isinstance(paths, (str, bytes, os.PathLike)) or not isinstance(paths, Iterable):
        raise TypeError(f"paths must be a list of file paths, not {type(paths).__name__}")
    return [v for path in paths for v in validate_file(path)]


__all__ = ["Position", "Replay", "RuleError", "Validation", "diagnostics", "replay", "validate", "validate_file"]
