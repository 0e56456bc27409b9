"""piecepack-diagrams: rulebook diagrams, validated game records and puzzle sheets
for piecepack games.

>>> from piecepack_diagrams import parse_records, replay
>>> game = replay(parse_records("setup. t@b2\\n1. S@b2 1... M@a2")[0])
>>> [p.label for p in game.positions]
['SetupFn.', 'setup.', '1.', '1...']
"""

__version__ = "0.1.0"

from .api import replay_file, scene_of, setup_scene  # noqa: E402
from .engine import Game, Replay, Status, replay, validate, validate_file  # noqa: E402
from .errors import (  # noqa: E402
    LimitError, NotationError, OutputError, PiecepackError, RuleError, SetupError, SourceLocation,
)
from .notation import Record, format_record, iter_records, parse_records, read_records  # noqa: E402
from .pieces import Piece, Suit  # noqa: E402
from .render import render  # noqa: E402
from .scene import Scene  # noqa: E402
from .theme import THEMES, Theme, load_theme  # noqa: E402

__all__ = [
    "Game", "LimitError", "NotationError", "OutputError", "Piece", "PiecepackError", "Record", "Replay",
    "RuleError", "Scene", "SetupError", "SourceLocation", "Status", "Suit", "THEMES", "Theme",
    "format_record", "iter_records", "load_theme", "parse_records", "read_records", "render", "replay",
    "replay_file", "scene_of", "setup_scene", "validate", "validate_file",
]
