"""Coin Collectors as a game of the engine: setup from a record's header, turns from
its movetext, status, legal moves and the drawing of a position.

The setup is either ppdf's or this project's own:

- ``GameType: {Name: Coin Collectors, Seed: N}`` (keys in any capitalisation; ``SetUp``
  alike) starts from the layout the piecepackr project's R package ppdf gives for seed
  ``N`` (``piecepack_coin_collectors`` after R's ``set.seed(N)``; without a ``Seed``, seed
  1), its other arguments ``Tiles``, ``Coins`` and ``Dice`` written as ppdf takes them
  (tiles as ``S5^``..., the coins' ranks only, the dice's ranks Suns to Arms). The setup
  is drawn and exported with every piece where ppdf lays it out.
- Top-level ``Seed`` (or ``Tiles``, ``Coins`` and ``Dice``) fields use this project's own
  deal instead.

Header fields:

============== ==============================================================
``Seed``       shuffles the tiles and coins and rolls the dice (this project's own
               deal)
``Tiles``      24 tiles in reading order, row by row from the top left, skipping
               the hole: ``"4S aM 2C ..."`` (rank n a 2 3 4 5, then suit S M C A)
``Coins``      24 coins in the same order, written the same way
``Dice``       the first roll: ``"S3 M4 Cn Aa"``
``Variant``    ``Four Die Stud``, ``Last One Out``, ``Acceptable Losses`` (or a list)
``LeftBehind`` Last One Out: how many pawns stay in the hole (1 to 3, the last suits
               first) or which: ``"CA"``
============== ==============================================================
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable, Mapping

from ...engine.game import (Game, Status, apply_tokens, header_seed, layout_pieces, layout_scene, ppdf_arguments,
                            ppdf_frame, register)
from ...errors import SetupError, SourceLocation
from ...pieces import Suit
from ...rng import SeededRandom
from ...scene import Scene
from .board import CELLS, HOLE, Card, Deal
from .notation import parse_action, parse_dice
from .picture import position_scene
from .rules import CoinCollectorsState, Variant, apply_action, legal_moves, settle
from ...values import replace

if TYPE_CHECKING:
    from ...notation import MoveGroup

VARIANTS = ("four die stud", "last one out", "acceptable losses")
_FACES = {"n": 1, "0": 1, "a": 2, "1": 2, "2": 3, "3": 4, "4": 5, "5": 6}
ALL_CARDS: tuple[Card, ...] = tuple((s, r) for s in range(1, 5) for r in range(1, 7))
#: The cells of the tiles, in reading order.
TILE_CELLS = tuple(c for c in range(CELLS) if c != HOLE)
#: ppdf's setup function, and the header fields that give the deal this project's own way.
PPDF_FUNCTION = "piecepack_coin_collectors"
OWN_FIELDS = ("Seed", "Tiles", "Coins", "Dice")


def parse_cards(value: Any, what: str) -> tuple[Card, ...]:
    """24 tiles or coins, each once, from ``"4S aM ..."``; raises :class:`SetupError`."""
    words = str(value).split() if isinstance(value, str) else [str(v) for v in value] if isinstance(value, list) else []
    if len(words) != 24:
        raise SetupError(f"{what} must list 24 {what.lower()}, not {len(words)}", token=what,
                         expected="rank then suit, such as '4S aM 2C ...', in reading order")
    cards: list[Card] = []
    for word in words:
        rank = _FACES.get(word[:1].lower()) if len(word) == 2 else None
        try:
            suit = int(Suit.parse(word[1:])) if rank else None
        except ValueError:
            suit = None
        if suit is None or rank is None:
            raise SetupError(f"'{word}' in {what} is not a tile or coin", token=word,
                             expected="a rank (n a 2 3 4 5) then a suit (S M C A), as in 4S")
        cards.append((suit, rank))
    missing = sorted(set(ALL_CARDS) - set(cards))
    if missing:
        s, r = missing[0]
        raise SetupError(f"{what} must hold each of the 24 once; {'na2345'[r - 1]}{Suit(s).letter} is missing",
                         token=what)
    return tuple(cards)


def parse_variant(metadata: Mapping[str, Any]) -> Variant:
    """The variant a header names; raises :class:`SetupError`."""
    raw = metadata.get("Variant", [])
    names = [raw] if isinstance(raw, str) else raw if isinstance(raw, list) else None
    if names is None:
        raise SetupError("Variant is a name or a list of names", token=str(raw)[:60], expected=", ".join(VARIANTS))
    keys = {str(n).strip().lower() for n in names} - {"", "base", "standard"}
    unknown = keys - set(VARIANTS)
    if unknown:
        raise SetupError(f"unknown Coin Collectors variant '{sorted(unknown)[0]}'", token=sorted(unknown)[0],
                         expected=", ".join(v.title() for v in VARIANTS))
    left: tuple[int, ...] = ()
    if "last one out" in keys:
        spec = metadata.get("LeftBehind", 1)
        if isinstance(spec, int) and not isinstance(spec, bool) and 1 <= spec <= 3:
            left = tuple(range(5 - spec, 5))
        elif (isinstance(spec, str) and spec and all(ch.upper() in "SMCA" for ch in spec)
              and len(set(spec)) == len(spec) < 4):
            left = tuple(sorted(int(Suit.parse(ch)) for ch in spec))
        else:
            raise SetupError(f"LeftBehind must be 1 to 3 or the pawns' suits (such as CA), not {spec!r}",
                             token=str(spec))
    elif "LeftBehind" in metadata:
        raise SetupError("LeftBehind needs Variant: Last One Out", token="LeftBehind")
    return Variant("four die stud" in keys, left, "acceptable losses" in keys)


def deal_from_seed(seed: int) -> tuple[Deal, tuple[int, ...]]:
    """The tiles, coins and first roll of ``seed`` (the same as ``setup coin-collectors --seed``)."""
    rng = SeededRandom(seed)
    tiles = rng.shuffled(list(ALL_CARDS))
    coins = rng.shuffled(list(ALL_CARDS))
    dice = tuple(rng.die() for _ in range(4))
    return make_deal(tiles, coins), dice


def make_deal(tiles: Iterable[Card], coins: Iterable[Card]) -> Deal:
    """A deal from tiles and coins listed in reading order (24 each)."""
    tile_at: list[Card | None] = [None] * CELLS
    coin_at: list[Card | None] = [None] * CELLS
    for cell, tile, coin in zip(TILE_CELLS, tiles, coins):
        tile_at[cell], coin_at[cell] = tile, coin
    return Deal(tuple(tile_at), tuple(coin_at))


def start_state(deal: Deal, dice: tuple[int, ...], variant: Variant = Variant(),
                seed: int | None = None) -> CoinCollectorsState:
    """The first position: every coin on its tile, the pawns in the hole, the dice as rolled."""
    return settle(CoinCollectorsState(deal, deal.full, (HOLE,) * 4, dice, variant, seed=seed))


def state_from_pieces(pieces: Iterable[tuple[str, int, int, float, float]],
                      variant: Variant = Variant()) -> CoinCollectorsState:
    """A position from placed pieces ``(piece_side, suit, rank, x, y)`` in inches, as the
    piecepackr layouts give them (tiles at cell centres, coins half an inch off).

    Raises :class:`SetupError` for a layout that is not a Coin Collectors start.
    """
    tiles: dict[int, Card] = {}
    coins: dict[int, Card] = {}
    dice = [0, 0, 0, 0]
    for side, suit, rank, x, y in pieces:
        if side.startswith(("tile", "coin")):
            col, row = round((x - 1.5) / 2), round((9.5 - y) / 2)
            if not (0 <= col < 5 and 0 <= row < 5) or row * 5 + col == HOLE:
                raise SetupError(f"a {side} at ({x:g}, {y:g}) is off the 5x5 square", token=side)
            (tiles if side.startswith("tile") else coins)[row * 5 + col] = (suit, rank)
        elif side.startswith("die"):
            dice[suit - 1] = rank
    if len(tiles) != 24 or len(coins) != 24 or not all(dice):
        raise SetupError("a Coin Collectors start needs 24 tiles, 24 coins and four dice", token="layout")
    deal = Deal(tuple(tiles.get(c) for c in range(CELLS)), tuple(coins.get(c) for c in range(CELLS)))
    return start_state(deal, tuple(dice), variant)


class CoinCollectors(Game[CoinCollectorsState]):
    """Coin Collectors by Don Kirkby: collect the 24 coins with the four pawns."""

    name = "coin-collectors"
    title = "Coin Collectors"
    header_fields = ("Variant", "Tiles", "Coins", "Dice")
    header_keys = ("LeftBehind",)
    ppdf_function = PPDF_FUNCTION
    #: Plates show the whole 5x5 square: a window of one size round each move would save
    #: little of it and cut the tiles at its edges through their glyphs.
    plate_framing = "whole"

    def setup(self, metadata: Mapping[str, Any], *, seed: int | None = None,
              location: SourceLocation | None = None) -> CoinCollectorsState:
        try:
            return self._setup(metadata, seed)
        except SetupError as exc:
            raise exc.with_location(location) if location else exc from None

    def _setup(self, metadata: Mapping[str, Any], seed: int | None) -> CoinCollectorsState:
        variant = parse_variant(metadata)
        args = ppdf_arguments(metadata, OWN_FIELDS)
        if args is not None:
            layout = layout_pieces(ppdf_frame(PPDF_FUNCTION, args, seed))
            state = state_from_pieces([(p.piece.piece_side, p.piece.suit, p.piece.rank, p.x, p.y) for p in layout],
                                      variant)
            return replace(state, layout=layout)
        seed = header_seed(metadata, seed)
        deal = dice = None
        if seed is not None:
            deal, dice = deal_from_seed(seed)
        if "Tiles" in metadata or "Coins" in metadata:
            if "Tiles" not in metadata or "Coins" not in metadata:
                raise SetupError("give both Tiles and Coins (or a Seed)", token="Tiles")
            deal = make_deal(parse_cards(metadata["Tiles"], "Tiles"), parse_cards(metadata["Coins"], "Coins"))
        if "Dice" in metadata:
            raw = metadata["Dice"]
            text = "".join(map(str, raw)) if isinstance(raw, list) else "".join(str(raw).split())
            rolled = dict(parse_dice(text, token=str(raw)))
            if sorted(rolled) != [1, 2, 3, 4]:
                raise SetupError("Dice must give each of the four dice once, as in 'S3 M4 Cn Aa'", token="Dice")
            dice = tuple(rolled[s] for s in range(1, 5))
        if deal is None or dice is None:
            raise SetupError("the deal is not given: add a Seed, or Tiles, Coins and Dice", token="Seed")
        return start_state(deal, dice, variant, seed)

    def apply(self, state: CoinCollectorsState, group: MoveGroup, *,
              metadata: Mapping[str, Any]) -> CoinCollectorsState:
        after = apply_tokens(state, group, parse_action, apply_action)
        return replace(after, layout=None) if after.layout is not None else after

    def status(self, state: CoinCollectorsState) -> Status:
        if state.outcome == "playing":
            detail = {"move": "a pawn to move", "roll": "dice to roll", "stuck": "a pawn to take out",
                      "reroll": "all four dice to roll"}[state.phase]
            return Status("playing", float(state.score), f"{state.score} coins; {detail}")
        return Status(state.outcome, float(state.score), f"{state.score} coins collected")

    def legal_moves(self, state: CoinCollectorsState) -> Iterable[str] | None:
        if state.phase == "move":
            return [m.move.text for m in legal_moves(state)]
        return None  # a roll's outcome is the dice's, not the player's

    def scene(self, state: CoinCollectorsState, *, caption: str = "", show_legal: bool = False,
              key: bool = True) -> Scene:
        scene = position_scene(state, caption=caption, show_legal=show_legal)
        return layout_scene(scene, state.layout) if state.layout is not None else scene


GAME = register(CoinCollectors(), "coincollectors", "Coin Collectors")

__all__ = ["ALL_CARDS", "CoinCollectors", "GAME", "OWN_FIELDS", "PPDF_FUNCTION", "TILE_CELLS", "deal_from_seed",
           "make_deal", "parse_cards", "parse_variant", "start_state", "state_from_pieces"]
