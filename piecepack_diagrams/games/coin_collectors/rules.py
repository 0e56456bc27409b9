"""Coin Collectors' rules on immutable states: moves with the reason each is legal,
re-rolls, the end, the score, and the variants the rules name.

A turn is a move, then a roll of any of the dice (none to all four). The
game is lost when a roll leaves no move (with Acceptable Losses the player
then takes a pawn out of the game and rolls all four dice again), won at 24
coins; the score is the coins collected. ``../shared/rules/RULINGS.md``
settles the gaps.
"""

from __future__ import annotations

from typing import Callable

from ...errors import RuleError
from ...pieces import Suit
from ...scene import ScenePiece
from ...values import field, replace, value
from .board import DIRECTION_NAMES, HOLE, NEIGHBOURS, STEPS, Card, Deal, cell_name, iter_bits, step
from ...reprs import brief_repr

#: Where a pawn out of the game (Acceptable Losses) is.
REMOVED = -1
_RANKS = ("null", "ace", "2", "3", "4", "5")


def rank_words(rank: int) -> str:
    """``"3"``, ``"null"``: what a die shows or a coin is."""
    return _RANKS[rank - 1]


def card_words(card: Card) -> str:
    """``"the 3 of Arms"``."""
    return f"the {rank_words(card[1])} of {Suit(card[0]).title}"


def suit_title(suit: int) -> str:
    return Suit(suit).title


@value
class Variant:
    """The variants the rules name: ``four_die_stud`` (roll all four dice every time),
    ``left_behind`` (Last One Out: the suits of the pawns that stay in the hole) and
    ``acceptable_losses`` (when stuck, take a pawn out and roll all four dice again)."""

    four_die_stud: bool = False
    left_behind: tuple[int, ...] = ()
    acceptable_losses: bool = False

    @property
    def name(self) -> str:
        parts = []
        if self.four_die_stud:
            parts.append("Four Die Stud")
        if self.left_behind:
            parts.append(f"Last One Out ({len(self.left_behind)} left behind)")
        if self.acceptable_losses:
            parts.append("Acceptable Losses")
        return ", ".join(parts) or "base game"

    def __repr__(self) -> str:
        return (f"Variant(four_die_stud={self.four_die_stud!r}, left_behind={self.left_behind!r}, "
                f"acceptable_losses={self.acceptable_losses!r})")


@value
class PawnMove:
    """Move the pawn of ``suit`` one cell ``direction`` (N, E, S, W)."""

    suit: int
    direction: str

    @property
    def text(self) -> str:
        return Suit(self.suit).letter + self.direction


@value
class Roll:
    """The dice picked up and what they show now: ``(suit, rank)`` pairs (empty: none rolled)."""

    results: tuple[tuple[int, int], ...]

    @property
    def text(self) -> str:
        if not self.results:
            return "R:-"
        return "R:" + "".join(Suit(s).letter + "na2345"[r - 1] for s, r in self.results)


@value
class Remove:
    """Acceptable Losses: take the pawn of ``suit`` out of the game when stuck."""

    suit: int

    @property
    def text(self) -> str:
        return "X:" + Suit(self.suit).letter


Action = PawnMove | Roll | Remove


@value
class LegalMove:
    """A legal move, the cell it enters and the dice that make it legal, in words."""

    move: PawnMove
    target: int
    reasons: tuple[str, ...]

    def __repr__(self) -> str:
        return f"LegalMove(move={self.move!r}, target={self.target!r}, reasons={self.reasons!r})"


@value
class CoinCollectorsState:
    """A position. ``present`` is the mask of cells still holding their coin; ``pawns``
    the cell of each suit's pawn (12 is the hole, -1 out of the game); ``phase`` is
    ``"move"`` (a pawn must move), ``"roll"`` (after a move: roll any dice),
    ``"stuck"`` (Acceptable Losses: take a pawn out) or ``"reroll"`` (roll all four)."""

    deal: Deal
    present: int
    pawns: tuple[int, ...]  # one a suit
    dice: tuple[int, ...]  # one a suit
    variant: Variant = field(default_factory=Variant)
    collected: tuple[Card, ...] = ()
    phase: str = "move"
    outcome: str = "playing"
    last_move: tuple[int, int] | None = None
    seed: int | None = None
    #: A setup made from ppdf's layout: its pieces where ppdf lays them out (None after a turn).
    layout: tuple[ScenePiece, ...] | None = field(default=None, compare=False, repr=False)

    __repr__ = brief_repr

    @property
    def pieces(self) -> tuple[ScenePiece, ...] | None:
        """The pieces a setup from ppdf's layout holds, where ppdf lays them out (what its
        export gives); None otherwise (the export then gives the drawing's pieces)."""
        return self.layout

    @property
    def score(self) -> int:
        return len(self.collected)

    def can_move(self, suit: int) -> bool:
        """True when the pawn of ``suit`` is in play (not left behind, not taken out)."""
        return self.pawns[suit - 1] != REMOVED and suit not in self.variant.left_behind

def legal_moves(state: CoinCollectorsState) -> list[LegalMove]:
    """Every legal move when a pawn must move, each with the dice that allow it."""
    if state.phase != "move" or state.outcome != "playing":
        return []
    deal, dice = state.deal, state.dice
    tile_ok = deal.tile_ok(dice)
    out = []
    for suit in range(1, 5):
        if not state.can_move(suit):
            continue
        cell = state.pawns[suit - 1]
        pawn_ok = deal.coin_masks[dice[suit - 1]]
        for direction in STEPS:
            target = step(cell, direction)
            if target is None or not state.present >> target & 1:
                continue
            reasons = []
            tile, coin = deal.tiles[target], deal.coins[target]
            assert tile is not None and coin is not None  # every cell but the hole holds a tile and its coin
            if tile_ok >> target & 1:
                reasons.append(f"the {suit_title(tile[0])} die shows {rank_words(tile[1])}, "
                               f"the tile's rank")
            if pawn_ok >> target & 1:
                reasons.append(f"the {suit_title(suit)} die shows {rank_words(coin[1])}, the coin's number")
            if reasons:
                out.append(LegalMove(PawnMove(suit, direction), target, tuple(reasons)))
    return out


def has_move(state: CoinCollectorsState) -> bool:
    """True when some pawn can collect a coin with the dice as they are."""
    deal, dice, present = state.deal, state.dice, state.present
    tile_ok = deal.tile_ok(dice)
    for suit in range(1, 5):
        if state.can_move(suit):
            reach = NEIGHBOURS[state.pawns[suit - 1]] & present
            if reach & (tile_ok | deal.coin_masks[dice[suit - 1]]):
                return True
    return False


def settle(state: CoinCollectorsState) -> CoinCollectorsState:
    """After a roll: ready to move, or stuck (lost, or a pawn to take out)."""
    if has_move(state):
        return replace(state, phase="move")
    pawns_in_play = [s for s in range(1, 5) if state.can_move(s)]
    if state.variant.acceptable_losses and len(pawns_in_play) > 1:
        return replace(state, phase="stuck")
    return replace(state, phase="move", outcome="lost")


def apply_action(state: CoinCollectorsState, action: Action, *, move: str | None = None) -> CoinCollectorsState:
    """The state after ``action``; raises :class:`RuleError` naming the rule broken."""
    def fail(message: str, rule: str) -> RuleError:
        return RuleError(message, move=move, rule=rule, token=action.text)

    if state.outcome != "playing":
        raise fail(f"the game is over (it was {state.outcome}, {state.score} coins)", "no moves after the end")
    if isinstance(action, PawnMove):
        return _move(state, action, fail)
    if isinstance(action, Remove):
        if state.phase != "stuck":
            raise fail("a pawn is taken out only when a roll leaves no move (Acceptable Losses)",
                       "Acceptable Losses: take a pawn out only when stuck")
        if not state.can_move(action.suit):
            raise fail(f"the {suit_title(action.suit)} pawn is not in play", "take out a pawn that is in play")
        pawns = tuple(REMOVED if k == action.suit - 1 else p for k, p in enumerate(state.pawns))
        return replace(state, pawns=pawns, phase="reroll", last_move=None)
    assert isinstance(action, Roll)
    if state.phase == "move":
        raise fail("a pawn must move before the dice are rolled", "each turn: move, then roll")
    if state.phase == "stuck":
        raise fail("the roll left no move: take a pawn out first (X:S, X:M, X:C or X:A)",
                   "Acceptable Losses: take a pawn out when stuck")
    suits = [s for s, _ in action.results]
    if len(set(suits)) != len(suits):
        twice = next(s for s in suits if suits.count(s) > 1)
        raise fail(f"the roll names the {suit_title(twice)} die twice", "each die is rolled at most once a turn")
    if (state.phase == "reroll" or state.variant.four_die_stud) and len(suits) != 4:
        rule = "all four dice are rolled after a pawn is taken out" if state.phase == "reroll" else \
            "Four Die Stud: all four dice are rolled every turn"
        raise fail(f"{len(suits)} dice were rolled, not all four", rule)
    dice = list(state.dice)
    for suit, rank in action.results:
        dice[suit - 1] = rank
    return settle(replace(state, dice=tuple(dice), phase="move", last_move=state.last_move))


def _move(state: CoinCollectorsState, action: PawnMove, fail: Callable[[str, str], RuleError]) -> CoinCollectorsState:
    pawn = suit_title(action.suit)
    if state.phase == "roll":
        raise fail("the dice must be rolled (or R:- for none) before the next move", "each turn: move, then roll")
    if state.phase in ("stuck", "reroll"):
        raise fail("the roll left no move: take a pawn out, then roll all four dice", "Acceptable Losses")
    if not state.can_move(action.suit):
        why = "stays in the hole (Last One Out)" if action.suit in state.variant.left_behind else "is out of the game"
        raise fail(f"the {pawn} pawn {why}", "only pawns in play move")
    cell = state.pawns[action.suit - 1]
    target = step(cell, action.direction)
    where = DIRECTION_NAMES[action.direction]
    if target is None:
        raise fail(f"the {pawn} pawn cannot move {where} off the board from {cell_name(cell)}",
                   "pawns move one cell up, down, left or right, on the board")
    if target == HOLE:
        raise fail(f"the {pawn} pawn cannot move into the hole", "pawns move onto tiles that still have a coin")
    tile, coin = state.deal.tiles[target], state.deal.coins[target]
    assert tile is not None and coin is not None  # every cell but the hole holds a tile and its coin
    if not state.present >> target & 1:
        occupied = any(p == target for p in state.pawns)
        what = "another pawn is there" if occupied else "its coin was collected"
        raise fail(f"the {pawn} pawn cannot enter {card_words(tile)} at {cell_name(target)}: "
                   f"{what}", "pawns move onto tiles that still have a coin")
    legal = next((m for m in legal_moves(state) if m.move == action), None)
    if legal is None:
        # What each die would have to show, then what it shows: a die and a coin both null
        # must not read as a match.
        suit, shown = suit_title(tile[0]), rank_words(state.dice[tile[0] - 1])
        need = f"the {suit} die would have to show {rank_words(tile[1])}, the tile's rank, or "
        if tile[0] == action.suit:
            dice = f"{need}{rank_words(coin[1])}, the coin's number; it shows {shown}"
        else:
            dice = (f"{need}the {pawn} die {rank_words(coin[1])}, the coin's number; the {suit} die shows {shown} "
                    f"and the {pawn} die {rank_words(state.dice[action.suit - 1])}")
        raise fail(f"the {pawn} pawn cannot enter {card_words(tile)} at {cell_name(target)}: {dice}",
                   "the die of the tile's suit must show its rank, or the pawn's die the coin's number")
    pawns = tuple(target if k == action.suit - 1 else p for k, p in enumerate(state.pawns))
    collected = state.collected + (coin,)
    done = replace(state, present=state.present & ~(1 << target), pawns=pawns, collected=collected,
                   phase="roll", last_move=(cell, target))
    if not done.present:
        return replace(done, outcome="won")
    return done


def coins_left(state: CoinCollectorsState) -> int:
    return sum(1 for _ in iter_bits(state.present))


__all__ = ["Action", "CoinCollectorsState", "LegalMove", "PawnMove", "REMOVED", "Remove", "Roll", "Variant",
           "apply_action", "card_words", "coins_left", "has_move", "legal_moves", "rank_words", "settle"]
