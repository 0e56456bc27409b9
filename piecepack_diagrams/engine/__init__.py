"""The shared replay and validation machinery every game plugs into."""

from .game import Game, Status, find_game, game_for, game_names, register
from .replay import Position, Replay, Validation, replay, validate, validate_file

__all__ = ["Game", "Position", "Replay", "Status", "Validation", "find_game", "game_for",
           "game_names", "register", "replay", "validate", "validate_file"]
