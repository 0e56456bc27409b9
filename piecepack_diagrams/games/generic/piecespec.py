"""PPN piece specifications: ``S5`` (5 of Suns tile), ``cM3b^``, ``<dM4``, ``t,a45``.

A specification names some of a piece's fields (kind, side, suit, rank,
angle, configuration) in any order; the rest are filled in by the PPN
"assumptions" (e.g. suit and rank given -> a tile, face up).
"""

from __future__ import annotations

import re
from functools import lru_cache

from ...errors import NotationError
from ...numbers import finite_number
from ...pieces import COLOUR_LETTERS, COLOUR_NAMES, Piece
from ...values import value
from .glyphs import GlyphFields, glyph_fields

#: The largest angle a piece or a rotation may be written with, in degrees.
MAX_ANGLE = 1_000_000.0

_COLOURS = COLOUR_LETTERS
_COLOUR_NAMES = dict(zip(COLOUR_LETTERS, COLOUR_NAMES))
_DICE_GLYPHS = "⚀⚁⚂⚃⚄⚅"
_SUIT_GROUPS = ("S♥R♡", "M♠K♤", "C♣G♧", "A♦B♢", "Y", "W")
_ANGLES = (("^", 0.0), ("<", 90.0), ("v", 180.0), (">", 270.0))
KIND_CODES = (("t", "tile"), ("c", "coin"), ("d", "die"), ("p", "pawn"), ("m", "matchstick"),
          ("s", "saucer"), ("🂠", "card"), ("▲", "pyramid"), ("●", "bit"), ("■", "board"))
SIDE_CODES = (("f", "face"), ("b", "back"), ("l", "left"), ("r", "right"), ("x", "top"))
_ALLOWED = set("tcdpmsfblrxSMCA" + _COLOURS + "0123456789^<v>u⬢♥♠♣♦♡♤♧♢●▲🂠■")
#: Configurations whose ranks PPN counts from one (``,rN`` and digits give one more).
RANK_FROM_ONE = frozenset({
    "checkers1", "checkers2", "chess1", "chess2", "go", "dice", "icehouse_pieces",
    "playing_cards", "playing_cards_colored", "playing_cards_tarot",
})
_EXPECTED = ("a piece specification such as 't' (tile back), 'S5' (5 of Suns tile), "
             "'cM3' (3 of Moons coin) or 'pA' (Arms pawn)")


@value
class PartialSpec:
    """The fields a specification gives; ``None`` where it is silent."""

    kind: str | None = None
    side: str | None = None
    suit: int | None = None
    rank: int | None = None
    angle: float | None = None
    cfg: str | None = None
    simple: str = ""

    def matches(self, piece: Piece, angle: float) -> bool:
        """True when ``piece`` (at ``angle``) agrees with every field given."""
        return (
            (self.kind is None or piece.kind.startswith(self.kind))
            and (self.side is None or piece.side.endswith(self.side))
            and (self.suit is None or piece.suit == self.suit)
            and (self.rank is None or piece.rank == self.rank)
            and (self.cfg is None or piece.cfg == self.cfg)
            and (self.angle is None or angle == self.angle)
        )


def _simplify(simple: str, spec: str) -> tuple[str, int | None, str | None, GlyphFields | None]:
    """Spelled-out glyphs replaced by their one-character forms; dice glyphs give a rank,
    chess, card and domino glyphs what :func:`.glyphs.glyph_fields` says."""
    rank: int | None = None
    cfg: str | None = None
    simple = simple.replace("µ", "u").replace("μ", "u")
    simple = simple.replace("/\\", "▲").replace("[]", "🂠").replace("()", "●")
    simple = simple.replace("○", "W●").replace("[X]", "■")
    for board in ("[#]", "▦"):
        if board in simple:
            simple = simple.replace(board, "■" if any(c in simple for c in _COLOURS) else "K■")
            cfg = "go"
    simple = simple.replace("n", "0").replace("a", "1")
    for k, die in enumerate(_DICE_GLYPHS):
        if die in simple:
            rank = k + 2
            has_colour = any(c in simple for c in _COLOURS)
            simple = simple.replace(die, "d" if has_colour else "Wd")
    for men, king, black_default in (("⛂", "⛃", True), ("⛀", "⛁", False)):
        has_colour = any(c in simple for c in _COLOURS)
        prefix = "" if has_colour else ("K" if black_default else "W")
        simple = simple.replace(men, prefix + "c").replace(king, prefix + "cf")
    simple, glyph = glyph_fields(simple)
    return simple, rank, cfg, glyph


@lru_cache(maxsize=4096)
def parse_partial(spec: str) -> PartialSpec:
    """The fields ``spec`` names. Raises :class:`NotationError` for unknown characters."""
    simple, *extras = spec.split(",")
    angle_extra = rank_extra = suit_extra = None
    cfg_extra: str | None = None
    for extra in extras:
        if re.fullmatch(r"a-?[0-9]+(\.[0-9]*)?", extra):
            angle_extra = finite_number(extra[1:], what=f"the angle ',{extra}'", low=-MAX_ANGLE, high=MAX_ANGLE,
                                        token=spec, error=NotationError) % 360
        elif re.fullmatch(r"r[0-9]+", extra):
            rank_extra = int(extra[1:]) + 1
        elif re.fullmatch(r"s[0-9]+", extra):
            suit_extra = int(extra[1:]) + 1
        elif extra.endswith("'") and len(extra) > 1:
            cfg_extra = extra[:-1]
        else:
            raise NotationError(
                f"unknown attribute ',{extra}' in piece '{spec}'", token=spec,
                expected="',aN' (angle), ',rN' (rank), ',sN' (suit) or ',NAME'' (configuration)",
            )
    simple, glyph_rank, cfg, glyph = _simplify(simple, spec)
    for char in simple:
        if char not in _ALLOWED:
            raise NotationError(f"unknown piece letter '{char}' in '{spec}'", token=spec, expected=_EXPECTED)
    suit = next((k + 1 for k, group in enumerate(_SUIT_GROUPS) if any(c in simple for c in group)), None)
    digit = next((c for c in simple if c.isdigit()), None)
    rank = int(digit) + 1 if digit is not None else glyph_rank
    angle = next((a for glyph, a in _ANGLES if glyph in simple), None)
    has_colour = any(c in simple for c in _COLOURS)
    kind = next((k for letter, k in KIND_CODES if letter in simple), None)
    if kind in ("coin", "matchstick", "saucer") and has_colour:
        kind = "bit"
    side = next((s for letter, s in SIDE_CODES if letter in simple), None)
    if any(c in simple for c in "♥♠♣♦"):
        cfg = "playing_cards_expansion"
    elif any(c in simple for c in "♡♤♧♢"):
        cfg = "dual_piecepacks_expansion"
    elif "⬢" in simple:
        cfg = "hexpack"
    if glyph is not None:
        # A game glyph's fields win over the spec's own, as in the reference parser.
        suit_extra = glyph.suit if glyph.suit is not None else suit_extra
        rank_extra = glyph.rank if glyph.rank is not None else rank_extra
        if glyph.cfg is not None and (glyph.cfg == "chess2" or cfg_extra is None):
            cfg_extra = glyph.cfg
        if glyph.angle is not None:
            angle_extra = (angle_extra + glyph.angle) % 360 if angle_extra is not None else glyph.angle
    if angle_extra is not None:
        angle = (angle + angle_extra) % 360 if angle is not None else angle_extra
    return PartialSpec(
        kind=kind,
        side=side,
        suit=suit_extra if suit_extra is not None else suit,
        rank=rank_extra if rank_extra is not None else rank,
        angle=angle,
        cfg=cfg_extra if cfg_extra is not None else cfg,
        simple=simple,
    )


@lru_cache(maxsize=4096)
def parse_piece_spec(spec: str, bit_cfg: str | None = None) -> tuple[Piece, float]:
    """The complete piece and angle ``spec`` means, PPN assumptions applied; a bit
    given only by its colour is of configuration ``bit_cfg`` (as ``MovetextParser`` sets it).

    >>> from piecepack_diagrams.games.generic import parse_piece_spec
    >>> parse_piece_spec("S5")
    (Piece(kind='tile', side='face', suit=1, rank=6, cfg='piecepack'), 0.0)
    >>> parse_piece_spec("<dM4")
    (Piece(kind='die', side='face', suit=2, rank=5, cfg='piecepack'), 90.0)

    Raises :class:`NotationError` for a specification it cannot read.
    """
    return complete(parse_partial(spec), spec, bit_cfg)


def complete(part: PartialSpec, spec: str = "", bit_cfg: str | None = None) -> tuple[Piece, float]:
    """Fill the fields ``part`` leaves open with PPN's assumptions (``bit_cfg``: see
    :func:`parse_piece_spec`)."""
    simple = part.simple
    colour = next((c for c in simple if c in _COLOURS), None)
    kind = part.kind
    if kind is None:
        if part.side in ("left", "right", "top"):
            kind = "pyramid"
        elif colour is not None:
            kind = "bit"
        elif (part.suit is None) != (part.rank is None):
            kind = "coin"
        else:
            kind = "tile"
    cfg = part.cfg
    if cfg is None:
        if colour is not None:
            if kind == "bit":
                letter = next((c for c in simple if c in "smc"), None)
                cfg = {"s": "go", "c": "checkers2", "m": "meeples"}.get(letter or "", bit_cfg)
            else:
                cfg = {"die": "dice", "pyramid": "icehouse_pieces",
                       "tile": f"dominoes_{_COLOUR_NAMES[colour]}"}.get(kind)
            if cfg is None:
                raise NotationError(f"cannot tell which pieces '{spec}' means", token=spec, expected=_EXPECTED)
        elif kind == "card":
            cfg = "playing_cards_tarot"
        elif kind == "bit":
            cfg = "go"
        elif kind == "board":
            cfg = "checkers2"
        else:
            cfg = "piecepack"
    if "u" in simple:
        minis = {"chess1": "chess1", "checkers1": "checkers1", "chess2": "chess1",
                 "checkers2": "checkers1", "piecepack": "subpack"}
        if cfg not in minis:
            raise NotationError(f"there is no miniature version of {cfg}", token=spec, expected=_EXPECTED)
        cfg = minis[cfg]
    side = part.side
    if side is None:
        if kind in ("tile", "card"):
            side = "back" if part.suit is None or part.rank is None else "face"
        elif kind in ("coin", "saucer"):
            side = "face" if part.suit is None else "back"
        elif kind == "pyramid":
            side = "top"
        elif kind == "bit":
            side = "back"
        else:
            side = "face"
    suit = part.suit
    if suit is None:
        suit = {"go": 2, "checkers1": 3, "checkers2": 3, "dice": 6}.get(cfg, 1)
    rank = part.rank
    if rank is None:
        if kind == "board":
            rank = {"go": 19, "marbles": 4}.get(cfg, 8)
        elif kind == "bit" and cfg == "marbles":
            rank = 9
        else:
            rank = 1
    elif cfg in RANK_FROM_ONE:
        rank -= 1
    angle = part.angle if part.angle is not None else 0.0
    return Piece(kind, side, suit, rank, cfg), angle
