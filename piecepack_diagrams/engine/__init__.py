"""The shared replay and validation machinery every game plugs into.

Replaying (:mod:`.replays`, with the notation parser under it) is imported when one of its
names is first asked for: setting up and drawing a game needs neither.
"""

from typing import TYPE_CHECKING

from ..lazy import lazy_names
from .game import Game, Status, find_game, game_for, game_names, register

if TYPE_CHECKING:
    from .replays import Position, Replay, Validation, replay, validate, validate_file

__getattr__, __dir__ = lazy_names(__name__, dict.fromkeys(
    ("Position", "Replay", "Validation", "replay", "validate", "validate_file"), "replays"))


__all__ = ["Game", "Position", "Replay", "Status", "Validation", "find_game", "game_for",
           "game_names", "register", "replay", "validate", "validate_file"]
