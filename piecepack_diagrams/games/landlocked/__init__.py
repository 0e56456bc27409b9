"""Landlocked: Hither and Yon (Eric Witt, 2003): walk out through one suit's tiles
and home through another's without wearing out the grid tiles between."""

from .board import Deal, Options
from .deal import deal_from_seed, make_deal
from .game import GAME, Landlocked, deal_from_pieces
from .queries import best_path, reachable_cells
from .rules import LandlockedState, apply_leg
from .solver import Route, check_route, solve

__all__ = ["Deal", "GAME", "Landlocked", "LandlockedState", "Options", "Route", "apply_leg", "best_path", "check_route",
           "deal_from_pieces", "deal_from_seed", "make_deal", "reachable_cells", "solve"]
