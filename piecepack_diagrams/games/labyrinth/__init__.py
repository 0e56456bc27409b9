"""Labyrinth (the Northeastern CS 4500 Fall 2022 project): a sliding-tile maze,
players racing to their treasures and home, and the course's referee."""

from .board import Board, Tile
from .game import GAME, Labyrinth
from .harness import MILESTONES, run
from .jsonio import parse_board, parse_state, read_input, read_values
from .referee import referee
from .rules import LabyrinthPlay, Options
from .state import LabyrinthState, Move, Player, check_move
from .strategies import STRATEGIES, choose

__all__ = ["Board", "GAME", "Labyrinth", "LabyrinthPlay", "LabyrinthState", "MILESTONES", "Move", "Options", "Player",
           "STRATEGIES", "Tile", "check_move", "choose", "parse_board", "parse_state", "read_input", "read_values",
           "referee", "run"]
