"""Pieces beyond the piecepack: chess men, playing cards, dominoes, checkers, go stones,
Icehouse pyramids, meeples, marbles and boards, as PPN writes them (glyphs, colour
letters, built-in macros), and drawn so a user of piecepackr recognises them."""

from __future__ import annotations


import pytest
from raster import rasterize_pdf

from piecepack_diagrams import parse_records, replay
from piecepack_diagrams.api import scene_of
from piecepack_diagrams.games.generic import parse_piece_spec
from piecepack_diagrams.pieces import Piece
from piecepack_diagrams.render import render
from piecepack_diagrams.theme import DEFAULT


@pytest.mark.parametrize("glyphs, suit", [("♟♞♝♜♛♚", 2), ("♙♘♗♖♕♔", 6)])
def test_chess_glyphs_are_chess_men_ranked_pawn_to_king(glyphs, suit):
    # ppdf's chess_rank: pawn 1, knight 2, bishop 3, rook 4, queen 5, king 6; black men are
    # suit 2 (black), white ones suit 6 (white); chess men are face-up bits of chess2.
    for rank, glyph in enumerate(glyphs, start=1):
        assert parse_piece_spec(glyph) == (Piece("bit", "face", suit, rank, "chess2"), 0.0)


def test_built_in_macros_name_cards_chess_men_and_dominoes():
    text = ("---\nGameType: None\n...\n"
            "1. `SA'@(2,2) `HK'@(6,2) `T21'@(10,2) `k'@(14,2) `P'@(16,2) `3-5'@(18,2) `WH'@(20,2)\n")
    pieces = [p.piece for p in replay(parse_records(text)[0]).final.state.pieces]
    assert pieces[0] == Piece("card", "face", 2, 1, "playing_cards_tarot")  # ace of spades
    assert pieces[1] == Piece("card", "face", 1, 14, "playing_cards_tarot")  # king of hearts
    assert pieces[2] == Piece("card", "face", 5, 21, "playing_cards_tarot")  # trump 21
    assert pieces[3] == Piece("bit", "face", 2, 6, "chess2")  # black king
    assert pieces[4] == Piece("bit", "face", 6, 1, "chess2")  # white pawn
    # "Domino rank is the top number": 3 on top, 5 below, upright.
    assert pieces[5] == Piece("tile", "face", 6, 4, "dominoes")
    # The reference's WH macro is the white spade (the notes call the pair swapped).
    assert pieces[6].cfg == "dual_piecepacks_expansion" and pieces[6].suit == 2


def test_a_record_s_own_macros_win_over_built_in_ones():
    text = "---\nGameType: None\nMacros: {k: 'S5'}\n...\n1. `k'@(2,2)\n"
    assert replay(parse_records(text)[0]).final.state.pieces[0].piece == Piece("tile", "face", 1, 6)


def test_domino_glyphs_lie_as_drawn():
    # Horizontal glyphs lie across (90 degrees), upright ones stand (0); a tile written
    # larger half first is turned half round.
    piece, angle = parse_piece_spec("\U0001f031")  # horizontal 0-0
    assert (piece.kind, piece.cfg, angle) == ("tile", "dominoes", 90.0)
    assert parse_piece_spec("\U0001f063")[1] == 0.0  # upright 0-0
    assert parse_piece_spec("R\U0001f063")[0].cfg == "dominoes_red"
    low_high, turned = parse_piece_spec("\U0001f033")[0], parse_piece_spec("\U0001f03f")  # 0-2 and 2-0
    assert (low_high.suit, low_high.rank) == (turned[0].suit, turned[0].rank) and turned[1] == 270.0


def _png_pixels(scene):
    """The scene as a PDF rasterized at 20 dpi: (width, height, rgb bytes, inches -> pixel)."""
    from piecepack_diagrams.layout import lay_out
    from piecepack_diagrams.render.geometry import PageGeometry

    laid = lay_out(scene, scale=1.0)  # at true size, so an inch is 20 pixels
    geo = PageGeometry.from_scene(laid.scene, caption_size=DEFAULT.caption_size)
    raster = rasterize_pdf(render(laid, "pdf"), dpi=20)

    def at(x: float, y: float) -> tuple[int, int, int]:
        return raster.rgb(round((x - geo.bounds.x0) * 20), round((geo.bounds.y1 - y) * 20))

    return at


def _near(colour, hex_colour, tolerance=40):
    want = tuple(int(hex_colour[k:k + 2], 16) for k in (1, 3, 5))
    return all(abs(a - b) <= tolerance for a, b in zip(colour, want))


def test_families_are_drawn_recognisably():
    text = ("---\nGameType: None\n...\n"
            "1. ■@(4.5,4.5) `k'@a1 `HA'@(13,2) R`6-6'@(17,2) Ks@(20,2) Ws@(22,2) Y▲@(24,2)\n")
    scene = scene_of(replay(parse_records(text)[0]), "last", caption=False)
    at = _png_pixels(scene)
    # The checkers board: green dark squares, light ones between, a1 dark (under the king).
    assert _near(at(3.0, 1.0), DEFAULT.bit_colours[2]) and _near(at(2.0, 1.0), DEFAULT.piece_background, 20)
    # The black king's glyph is dark ink on its square.
    assert min(at(1.0, 0.95)) < 80
    # The ace of hearts: a red heart in the middle of a white card.
    assert _near(at(13.0, 2.0), "#C8102E") and _near(at(13.0, 0.9), DEFAULT.piece_background, 20)
    # A red domino's body is red, its pips white.
    assert _near(at(17.0, 1.6), DEFAULT.bit_colours[0])
    # Go stones: black and white discs; a yellow pyramid seen from above.
    assert min(at(20.0, 2.2)) < 60 and min(at(22.0, 2.2)) > 200
    assert _near(at(24.15, 2.0), DEFAULT.bit_colours[4])


def test_families_show_in_text_as_their_own_symbols():
    text = ("---\nGameType: None\n...\n"
            "1. `k'@(1,1) `P'@(3,1) `SA'@(6,1) `3-5'@(9,1) Kc@(11,1) Wcf@(12,1) Ws@(13,1)\n")
    drawn = render(scene_of(replay(parse_records(text)[0]), "last", caption=False), "txt").decode("utf-8")
    for symbol in ("\u265a", "\u2659", "A\u2660", "[3|5]", "\u26c2", "\u26c1", "\u25cb"):
        assert symbol in drawn, symbol
