"""The shared replay and validation machinery every game plugs into.

Replaying (:mod:`.replays`, with the notation parser under it) is imported when one of its
names is first asked for: setting up and drawing a game needs neither.
"""

from typing import TYPE_CHECKING, Any

from .game import Game, Status, find_game, game_for, game_names, register

if TYPE_CHECKING:
    from .replays import Position, Replay, Validation, replay, validate, validate_file

_REPLAYS = ("Position", "Replay", "Validation", "replay", "validate", "validate_file")


def __getattr__(name: str) -> Any:
    if name in _REPLAYS:
        from . import replays

        return getattr(replays, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    # The lazily imported names are listed too (help(), completion and the API reference read dir()).
    return sorted({*globals(), *_REPLAYS})


__all__ = ["Game", "Position", "Replay", "Status", "Validation", "find_game", "game_for",
           "game_names", "register", "replay", "validate", "validate_file"]
