"""Unicode game glyphs in PPN piece specifications: chess men (``♔``, ``♟``, and the
turned and neutral ones of the Chess Symbols block), playing cards (``🂡`` ..
``🃟``, tarot trumps) and domino tiles (``🀱`` .. ``🂓``). Each glyph stands for a
piece kind and sets the suit, rank, angle and configuration, as the reference
parser reads them (R packages ppn 0.3.0 and ppdf).

Values are given as PPN's piece specification reads them before its assumptions
are applied: ranks counted from one more than the configuration's own, as
``,rN`` would give them.
"""

from __future__ import annotations


from ...pieces import COLOUR_LETTERS, COLOUR_NAMES
from ...values import value


@value
class GlyphFields:
    """What a glyph says: the text it is replaced by (a kind letter, maybe a side),
    and the suit, rank (as a spec's digit gives it: one above the 0-based value),
    angle and configuration it sets (``None``: not set)."""

    replacement: str
    suit: int | None
    rank: int | None
    angle: float | None
    cfg: str | None


def _run(start: int, step: int, count: int) -> list[str]:
    return [chr(start + step * k) for k in range(count)]


#: Chess men by colour (suit) and the angle they are turned: six glyphs each, pawn first
#: (chess ranks 1 pawn .. 6 king). Unicode turns clockwise; angles here are counter-clockwise.
_CHESS: list[tuple[list[str], int, float]] = []
for _start, _suit, _angle in ((0x265F, 2, 0.0), (0x2659, 6, 0.0), (0x1FA05, 1, 0.0),
                              (0x1FA0E, 6, 270.0), (0x1FA14, 2, 270.0), (0x1FA1A, 1, 270.0),
                              (0x1FA23, 6, 180.0), (0x1FA29, 2, 180.0), (0x1FA2F, 1, 180.0),
                              (0x1FA38, 6, 90.0), (0x1FA3E, 2, 90.0), (0x1FA44, 1, 90.0)):
    _CHESS.append((_run(_start, -1, 6), _suit, _angle))
_KNIGHTS = [(_run(start, 1, 3), angle) for start, angle in ((0x1FA06, 315.0), (0x1FA1B, 225.0),
                                                            (0x1FA30, 135.0), (0x1FA45, 45.0))]
_KNIGHT_SUITS = (6, 2, 1)

CHESS_GLYPHS: dict[str, tuple[int, int, float]] = {}  # glyph -> (suit, chess rank 1..6, angle)
for _glyphs, _suit, _angle in _CHESS:
    for _rank, _glyph in enumerate(_glyphs, start=1):
        CHESS_GLYPHS[_glyph] = (_suit, _rank, _angle)
for _glyphs, _angle in _KNIGHTS:
    for _suit, _glyph in zip(_KNIGHT_SUITS, _glyphs):
        CHESS_GLYPHS[_glyph] = (_suit, 2, _angle)

#: Playing cards: glyph -> (suit, rank). Suits as PPN numbers them: 1 hearts, 2 spades,
#: 3 clubs, 4 diamonds, 5 trumps; ranks 1 ace .. 10, 11 jack, 12 knight, 13 queen, 14 king,
#: 15 joker, 22 the fool.
CARD_GLYPHS: dict[str, tuple[int, int]] = {}
for _start, _suit in ((0x1F0A1, 2), (0x1F0B1, 1), (0x1F0C1, 4), (0x1F0D1, 3)):
    for _rank, _glyph in enumerate(_run(_start, 1, 14), start=1):
        CARD_GLYPHS[_glyph] = (_suit, _rank)
for _glyph, _suit in (("\U0001f0bf", 4), ("\U0001f0cf", 2), ("\U0001f0df", 1)):
    CARD_GLYPHS[_glyph] = (_suit, 15)
CARD_GLYPHS["\U0001f0e0"] = (5, 22)
for _rank, _glyph in enumerate(_run(0x1F0E1, 1, 21), start=1):
    CARD_GLYPHS[_glyph] = (5, _rank)

#: The first glyph of each domino run: a back, then the 49 faces "a-b" (a, b = 0..6).
_DOMINO_RUNS = ((0x1F030, 90.0), (0x1F062, 0.0))
_COLOUR_WORDS = dict(zip(COLOUR_LETTERS, COLOUR_NAMES))


def _domino(code: int) -> tuple[bool, int | None, int | None, float] | None:
    """(is a back, suit, rank, angle) of a domino glyph: ranks and suits 0-based halves."""
    for start, turn in _DOMINO_RUNS:
        k = code - start
        if 0 <= k < 50:
            if k == 0:
                return True, None, None, turn
            a, b = divmod(k - 1, 7)
            # The smaller half is the rank; a tile written larger half first is turned round.
            return False, max(a, b), min(a, b), turn + (180.0 if a > b else 0.0)
    return None


def _builtin_macros() -> dict[str, str]:
    """PPN's built-in macros: chess men (``p`` .. ``k`` black, ``P`` .. ``K`` white), suits
    (``H S C D``; ``WH WS WD WC`` white ones, ``WH`` and ``WS`` crossed as in the
    reference), cards (``SA`` .. ``CK``: suit S H D C, then A 2..9 T J C Q K), trumps
    (``T1`` .. ``T21``), jokers (``RJ BJ WJ``), the fool (``TF``) and dominoes
    (``0-0`` .. ``6-6``, upright)."""
    out = {"H": "\u2665", "S": "\u2660", "C": "\u2663", "D": "\u2666",
           "WH": "\u2664", "WS": "\u2661", "WD": "\u2662", "WC": "\u2667",
           "RJ": "\U0001f0bf", "BJ": "\U0001f0cf", "WJ": "\U0001f0df", "TF": "\U0001f0e0"}
    for k, letter in enumerate("pnbrqk"):
        out[letter] = chr(0x265F - k)
        out[letter.upper()] = chr(0x2659 - k)
    for suit, start in (("S", 0x1F0A1), ("H", 0x1F0B1), ("D", 0x1F0C1), ("C", 0x1F0D1)):
        for k, rank in enumerate(["A", *map(str, range(2, 10)), "T", "J", "C", "Q", "K"]):
            out[suit + rank] = chr(start + k)
    for k in range(1, 22):
        out[f"T{k}"] = chr(0x1F0E0 + k)
    for a in range(7):
        for b in range(7):
            out[f"{a}-{b}"] = chr(0x1F063 + 7 * a + b)
    return out


#: Macros every record has; its own ``Macros`` take precedence.
BUILTIN_MACROS: dict[str, str] = _builtin_macros()


def glyph_fields(simple: str) -> tuple[str, GlyphFields | None]:
    """``simple`` with its game glyph (if any) replaced, and what the glyph sets."""
    for char in simple:
        if char in CHESS_GLYPHS:
            suit, rank, angle = CHESS_GLYPHS[char]
            coloured = any(c in simple for c in _COLOUR_WORDS)
            # A chess man is a bit, face up unless the spec says back.
            replacement = "●" if "b" in simple else "f●"
            return simple.replace(char, replacement), GlyphFields(
                replacement, None if coloured else suit, rank + 1, angle, "chess2")
        if char in CARD_GLYPHS:
            suit, rank = CARD_GLYPHS[char]
            return simple.replace(char, "🂠"), GlyphFields("🂠", suit, rank + 1, None, None)
        domino = _domino(ord(char))
        if domino is not None:
            back, half, pips, turned = domino
            rest = simple.replace(char, "b" if back else "")
            colour = next((c for c in rest if c in _COLOUR_WORDS), None)
            cfg = f"dominoes_{_COLOUR_WORDS[colour]}" if colour else "dominoes"
            if colour:
                rest = rest.replace(colour, "")
            return rest, GlyphFields("b" if back else "", None if half is None else half + 1,
                                     None if pips is None else pips + 1, turned, cfg)
    return simple, None


__all__ = ["BUILTIN_MACROS", "CARD_GLYPHS", "CHESS_GLYPHS", "GlyphFields", "glyph_fields"]
