"""Coin Collectors (Don Kirkby, 2003): collect the 24 coins with the four pawns,
moving by what the dice show."""

from .board import Deal
from .game import GAME, CoinCollectors, deal_from_seed, make_deal, start_state, state_from_pieces
from .rules import CoinCollectorsState, LegalMove, PawnMove, Remove, Roll, Variant, apply_action, legal_moves

__all__ = ["CoinCollectors", "CoinCollectorsState", "Deal", "GAME", "LegalMove", "PawnMove", "Remove", "Roll",
           "Variant", "apply_action", "deal_from_seed", "legal_moves", "make_deal", "start_state",
           "state_from_pieces"]
