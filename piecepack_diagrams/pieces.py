"""The piecepack's pieces as values: suits, ranks, kinds, sides and sizes.

Suits and ranks are 1-based integers, as in PPN and piecepackr
(suit 1..4 = Suns, Moons, Crowns, Arms; rank 1..6 = null, ace, 2, 3, 4, 5),
so records and reference data travel without translation.
"""

from __future__ import annotations

from enum import IntEnum

from .values import value


class Suit(IntEnum):
    """The four piecepack suits, numbered as in PPN."""

    SUNS = 1
    MOONS = 2
    CROWNS = 3
    ARMS = 4

    @property
    def letter(self) -> str:
        """The PPN letter of the suit (``S M C A``)."""
        return "SMCA"[self - 1]

    @property
    def title(self) -> str:
        return self.name.capitalize()

    @classmethod
    def parse(cls, text: str) -> Suit:
        """A suit from its PPN letter or its name (``"M"``, ``"moons"``); raises ``ValueError``."""
        key = text.strip().lower()
        for suit in cls:
            if key in (suit.letter.lower(), suit.name.lower(), suit.name.lower().rstrip("s")):
                return suit
        raise ValueError(f"unknown suit {text!r}; expected one of S, M, C, A")


#: Rank names, index = rank - 1.
RANK_NAMES: tuple[str, ...] = ("null", "ace", "2", "3", "4", "5")
#: The one-character rank symbols used on pieces and in text output.
RANK_SYMBOLS: tuple[str, ...] = ("n", "A", "2", "3", "4", "5")
#: The PPN rank characters, index = rank - 1.
RANK_LETTERS: tuple[str, ...] = ("n", "a", "2", "3", "4", "5")

PIECEPACK = "piecepack"

#: The piece kinds PPN knows; the piecepack's own are the first four.
PIECE_KINDS: tuple[str, ...] = (
    "tile", "coin", "die", "pawn", "matchstick", "saucer", "bit", "pyramid", "card", "board",
)
SIDES: tuple[str, ...] = ("face", "back", "left", "right", "top", "base")


@value
class PieceSize:
    """Width and height of a piece in inches (as seen from above)."""

    width: float
    height: float


#: The colour systems' suits by number (1-based): PPN's colour letters R K G B Y W, and cyan
#: (the default colour of marbles boards).
COLOUR_NAMES: tuple[str, ...] = ("red", "black", "green", "blue", "yellow", "white", "cyan")
#: PPN's colour letters, in suit order.
COLOUR_LETTERS = "RKGBYW"


#: Physical sizes of the standard piecepack, in inches.
SIZES: dict[str, PieceSize] = {
    "tile": PieceSize(2.0, 2.0),
    "coin": PieceSize(0.75, 0.75),
    "die": PieceSize(0.5, 0.5),
    "pawn": PieceSize(0.5, 0.875),
    "saucer": PieceSize(0.75, 0.75),
    "matchstick": PieceSize(0.25, 2.0),
    "bit": PieceSize(0.75, 0.75),
    "pyramid": PieceSize(0.6, 0.95),
    "card": PieceSize(2.5, 3.5),
    "board": PieceSize(8.0, 8.0),
}


def size_of(kind: str) -> PieceSize:
    """The size of a piece kind in inches; unknown kinds are drawn as coins."""
    return SIZES.get(kind, SIZES["coin"])


#: Inches between the holes of a marbles board as drawn: marble games use a scale of 0.5
#: (a hole a movetext unit apart), so a one-unit marble is drawn half an inch across.
MARBLE_HOLE = 0.5


#: The piecepack's accessories as piecepackr sizes them (inches, by rank 1..6). Matchsticks
#: (Dan Burkey's): 3/16 wide, long enough to reach from a tile's centre to the centre of a
#: tile one, sqrt(2), 2, sqrt(5) and 2 sqrt(2) half-tiles away, less their width; rank 1 a
#: 3/8 square. Pyramids (Tim Schutz's): bases from 1/2 to 27/32 in six even steps, their faces
#: 1.538842 times as tall as wide.
MATCHSTICK_WIDTH = 3 / 16
MATCHSTICK_LENGTHS: tuple[float, ...] = (3 / 8, 1 - 3 / 16, 2 ** 0.5 - 3 / 16, 2 - 3 / 16, 5 ** 0.5 - 3 / 16,
                                         2 * 2 ** 0.5 - 3 / 16)
PYRAMID_WIDTHS: tuple[float, ...] = tuple(0.5 + k * (27 / 32 - 0.5) / 5 for k in range(6))
PYRAMID_FACE_RATIO = 1.538842
#: A go stone (22 mm) on a one-inch board, as piecepackr's go configuration has it.
GO_STONE = 0.8700787
#: The piece families that carry the piecepack's suits and ranks (their own drawings of
#: coins, dice, pawns, tiles...); the card-suit ones show hearts, spades, clubs, diamonds.
PIECEPACK_CFGS = ("piecepack", "subpack", "hexpack", "playing_cards_expansion")
CARD_SUIT_CFGS = ("playing_cards_expansion",)


def _rank_index(rank: int) -> int:
    return max(1, min(rank, 6)) - 1


def piece_size(piece: Piece) -> PieceSize:
    """The size a piece is drawn at, in inches: a board by its rank (cells or holes across),
    a marble by its rank (1: half a hole across .. 9: a whole hole), the piecepack's
    matchsticks and pyramids by their rank (see :data:`MATCHSTICK_LENGTHS`), else :func:`size_of`."""
    if piece.kind == "board":
        side = max(1, min(piece.rank, 64)) * (MARBLE_HOLE if piece.cfg == "marbles" else 1.0)
        return PieceSize(side, side)
    if piece.kind == "tile" and piece.cfg.startswith("dominoes"):
        return PieceSize(1.0, 2.0)
    if piece.kind == "matchstick":
        k = _rank_index(piece.rank)
        return PieceSize(2 * MATCHSTICK_WIDTH if k == 0 else MATCHSTICK_WIDTH, MATCHSTICK_LENGTHS[k])
    if piece.kind == "pyramid" and piece.cfg in PIECEPACK_CFGS:
        width = PYRAMID_WIDTHS[_rank_index(piece.rank)]
        return PieceSize(width, width if piece.side == "top" else width * PYRAMID_FACE_RATIO)
    if piece.kind == "bit" and piece.cfg == "go":
        return PieceSize(GO_STONE, GO_STONE)
    if piece.kind == "bit" and piece.cfg == "marbles":
        across = MARBLE_HOLE * (0.5 + 0.5 * (max(1, min(piece.rank, 9)) - 1) / 8)
        return PieceSize(across, across)
    return size_of(piece.kind)


def rank_name(rank: int) -> str:
    """``"null"``, ``"ace"``, ``"2"`` ... for ranks 1..6, else the number."""
    return RANK_NAMES[rank - 1] if 1 <= rank <= 6 else str(rank - 1)


def suit_name(suit: int) -> str:
    """``"Suns"`` ... for suits 1..4, else ``"suit N"``."""
    return Suit(suit).title if 1 <= suit <= 4 else f"suit {suit}"


@value
class Piece:
    """What a piece is, without where it lies: kind, side, suit, rank, configuration.

    >>> from piecepack_diagrams.pieces import Piece
    >>> Piece("tile", "face", 2, 4)
    Piece(kind='tile', side='face', suit=2, rank=4, cfg='piecepack')
    """

    kind: str
    side: str
    suit: int = 1
    rank: int = 1
    cfg: str = PIECEPACK

    @property
    def piece_side(self) -> str:
        """The piecepackr name of kind and side, e.g. ``"tile_face"``."""
        return f"{self.kind}_{self.side}"

    def is_piecepack(self) -> bool:
        """True for a piece of the standard piecepack configuration."""
        return self.cfg == PIECEPACK

    def describe(self) -> str:
        """A player's name for the piece: ``"the 3 of Moons tile"``, ``"the Suns pawn"``."""
        if self.cfg != PIECEPACK or not 1 <= self.suit <= 4:
            return f"the {self.kind} ({self.side}, suit {self.suit}, rank {self.rank}, {self.cfg})"
        suit = suit_name(self.suit)
        if self.kind == "pawn":
            return f"the {suit} pawn"
        if self.kind == "die":
            return f"the {suit} die showing {rank_name(self.rank)}"
        if self.kind == "tile" and self.side == "back":
            return "a tile (grid side up)"
        if self.kind == "coin" and self.side == "face":
            return f"a {rank_name(self.rank)} coin"
        if self.kind == "coin":
            return f"a {suit} coin (suit side up)"
        return f"the {rank_name(self.rank)} of {suit} {self.kind}"

    def __repr__(self) -> str:
        return (
            f"Piece(kind={self.kind!r}, side={self.side!r}, suit={self.suit!r}, "
            f"rank={self.rank!r}, cfg={self.cfg!r})"
        )
