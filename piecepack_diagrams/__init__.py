"""piecepack-diagrams: rulebook diagrams, validated game records and puzzle sheets
for piecepack games.

>>> from piecepack_diagrams import parse_records, replay
>>> game = replay(parse_records("setup. t@b2\\n1. S@b2 1... M@a2")[0])
>>> [p.label for p in game.positions]
['SetupFn.', 'setup.', '1.', '1...']
"""

__version__ = "0.1.0"

import sys as _sys
from types import ModuleType as _ModuleType
from typing import TYPE_CHECKING as _TYPE_CHECKING
from typing import Any as _Any

from .lazy import lazy_names as _lazy_names

# Names are imported when first used (PEP 562), so that `piecepack-diagrams --version` and
# commands that need little start fast.
_HOMES = {
    "replay_file": "api", "scene_of": "api", "setup_scene": "api",
    "Game": "engine", "Replay": "engine", "Status": "engine", "replay": "engine", "validate": "engine",
    "validate_file": "engine",
    "LimitError": "errors", "NotationError": "errors", "OptionError": "errors", "OutputError": "errors",
    "PiecepackError": "errors", "PiecepackWarning": "errors", "RuleError": "errors", "SetupError": "errors",
    "SourceLocation": "errors",
    "Record": "notation", "format_record": "notation", "iter_records": "notation", "parse_records": "notation",
    "read_records": "notation",
    "Piece": "pieces", "Suit": "pieces",
    "render": "render",
    "Scene": "scene",
    "THEMES": "theme", "Theme": "theme", "load_theme": "theme",
}


__getattr__, __dir__ = _lazy_names(__name__, _HOMES)

if _TYPE_CHECKING:  # what _HOMES names, for type checkers (at run time imported when first used)
    from .api import replay_file, scene_of, setup_scene
    from .engine import Game, Replay, Status, replay, validate, validate_file
    from .errors import (LimitError, NotationError, OutputError, PiecepackError, PiecepackWarning, RuleError,
                         SetupError, SourceLocation)
    from .notation import Record, format_record, iter_records, parse_records, read_records
    from .pieces import Piece, Suit
    from .render import render
    from .scene import Scene
    from .theme import THEMES, Theme, load_theme


class _Package(_ModuleType):
    """This package's module: importing the ``render`` subpackage must not replace the
    ``render`` function exported here (the import system sets a package's attribute to
    each subpackage it imports)."""

    def __setattr__(self, name: str, value: _Any) -> None:
        if name in _HOMES and isinstance(value, _ModuleType):
            return
        super().__setattr__(name, value)


_sys.modules[__name__].__class__ = _Package


__all__ = [
    "Game", "LimitError", "NotationError", "OptionError", "OutputError", "Piece", "PiecepackError", "PiecepackWarning",
    "Record", "Replay", "RuleError", "Scene", "SetupError", "SourceLocation", "Status", "Suit", "THEMES", "Theme",
    "format_record", "iter_records", "load_theme", "parse_records", "read_records", "render", "replay",
    "replay_file", "scene_of", "setup_scene", "validate", "validate_file",
]
