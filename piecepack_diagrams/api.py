"""The library calls behind every CLI command, for use from Python."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Iterator

from .engine import Replay, find_game, replay
from .errors import PiecepackError, SetupError
from .games.generic import GAME as GENERIC
from .games.generic import normalize_name, setup_names
from .notation import Record, iter_records
from .scene import Scene


def replay_file(path: str | Path, *, strict: bool = True) -> Iterator[Replay]:
    """Replay each game of a PPN file in turn (see :func:`piecepack_diagrams.engine.replay`)."""
    for record in iter_records(path):
        yield replay(record, strict=strict)


def scene_of(result: Replay, move: int | str = "last", *, caption: bool = True) -> Scene:
    """The scene of the position after ``move`` (an index, a move number label, or ``"last"``),
    captioned with its move number, move text and comment."""
    position = result.position(move)
    text = ""
    if caption:
        label = "Setup" if position.label == "SetupFn." else position.label
        text = " ".join(part for part in (label, position.text) if part)
        if position.comment:
            text += f"  {{{position.comment}}}"
    return result.game.scene(position.state, caption=text)


def setup_scene(game: str, *, seed: int | None = None, options: dict[str, Any] | None = None) -> Scene:
    """The starting position of ``game`` (a registered game or a generic setup name)."""
    rules = find_game(game)
    if rules is not None and rules is not GENERIC:
        metadata: dict[str, Any] = {"GameType": {"Name": game, **(options or {})}}
        return rules.scene(rules.setup(metadata, seed=seed))
    # Command-line names use hyphens ("coin-collectors"); ppdf's names drop them ("Fuji-san").
    key = next((k for k in (normalize_name(game.replace("-", " ")), normalize_name(game)) if k in setup_names()), "")
    if not key:
        known = ", ".join(sorted(n.replace("_", "-") for n in setup_names()))
        raise SetupError(f"unknown game '{game}'", token=game, expected=f"one of: {known}")
    state = GENERIC.setup({"GameType": {"Name": key, **(options or {})}}, seed=seed)
    return GENERIC.scene(state)


def first_record(path: str | Path, index: int = 1) -> Record:
    """The ``index``-th game (1-based) of a PPN file."""
    for record in iter_records(path):
        if record.index == index:
            return record
    raise PiecepackError(f"{path} has no game number {index}", token=str(index), expected="a game in the file")
