"""Generic PPN piece movement: piece specs, locations, moves, setups."""

from .board import Board, PlacedPiece, Step, board_from_pieces
from .game import GAME, GenericGame
from .piecespec import parse_piece_spec
from .setups import Layout, make_layout, normalize_name, setup_names

# The setup modules register their layouts by name when imported.
from . import setups_marbles  # isort: skip

__all__ = ["Board", "GAME", "GenericGame", "Layout", "PlacedPiece", "Step", "board_from_pieces",
           "make_layout", "normalize_name", "parse_piece_spec", "setup_names", "setups_marbles"]
