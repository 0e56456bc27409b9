"""Lab Rats (Mark A. Biggar, 2004): build a maze of tiles by die rolls, then lead
the rat out of it with the coins of three stacks."""

from .build import BuildError, BuildStep, build_maze, maze_from_faces, replay_build
from .game import GAME, LabRats, deal
from .maze import Maze, Tile, is_legal_maze, iter_problems
from .rules import Coin, LabRatsState, Options, apply_action, legal_actions

__all__ = ["BuildError", "BuildStep", "Coin", "GAME", "LabRats", "LabRatsState", "Maze", "Options", "Tile",
           "apply_action", "build_maze", "deal", "is_legal_maze", "iter_problems", "legal_actions",
           "maze_from_faces", "replay_build"]
