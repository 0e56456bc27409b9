"""Coin Collectors rulebook figures and plates, checked as drawn: which pawn a refused step
leaves, which die a move cites, what a removal shows, pawns inside their tiles, the whole
board on plates, nothing drawn beyond a cropped board's torn edges."""

from __future__ import annotations

import re
from functools import lru_cache

from piecepack_diagrams.figures import RuleFigure, figure_set, game_replays
from piecepack_diagrams.games.coin_collectors.board import CELLS, cell_centre, cell_name
from piecepack_diagrams.games.coin_collectors.notation import parse_action
from piecepack_diagrams.games.coin_collectors.picture import board_pieces
from piecepack_diagrams.games.coin_collectors.rules import apply_action, legal_moves
from piecepack_diagrams.layout import lay_out
from piecepack_diagrams.layout.labels import segment_hits_box
from piecepack_diagrams.pieces import rank_name
from piecepack_diagrams.render.primitives import TILE_DRAWN
from piecepack_diagrams.scene import Arrow, Highlight, Marker, Scene, Tear, flattened
from piecepack_diagrams.sheets.plates import plate_scenes
import itertools

SUITS = {"S": 1, "M": 2, "C": 3, "A": 4}
SUIT_NAMES = ("Suns", "Moons", "Crowns", "Arms")
#: A pawn's drawn extent about its spot: half its width, its foot, its head (inches).
PAWN_HALF, PAWN_FOOT, PAWN_HEAD = 0.25, 0.4375, 0.41


@lru_cache(maxsize=1)
def _figures() -> dict[str, RuleFigure]:
    return {f.name: f for f in figure_set("coin-collectors", game_replays("coin-collectors")).figures}


def _pawn(scene: Scene, suit: int):
    return next(p for p in scene.pieces if p.piece.kind == "pawn" and p.piece.suit == suit)


def test_a_refused_step_leaves_the_pawn_the_caption_names_and_is_crossed_at_the_tiles_edge():
    figure = _figures()["coin-collectors-illegal-move"]
    suit = SUITS[figure.move[0]]
    assert f"The {SUIT_NAMES[suit - 1]} pawn cannot enter" in figure.scene.caption
    pawn = _pawn(figure.scene, suit)
    (arrow,) = [a for a in figure.scene.annotations if isinstance(a, Arrow) and a.role == "illegal"]
    x, y = arrow.start
    # It starts on the pawn the caption names, not on a neighbour in the hole.
    assert abs(x - pawn.x) <= PAWN_HALF and pawn.y - PAWN_FOOT - 0.01 <= y <= pawn.y + PAWN_HEAD + 0.01
    others = [p for p in figure.scene.pieces if p.piece.kind == "pawn" and p.piece.suit != suit]
    assert not any(abs(x - p.x) <= PAWN_HALF and p.y - PAWN_FOOT <= y <= p.y + PAWN_HEAD for p in others)
    # Its X is where it would enter the tile: inside the tile's edge (on one tile, not on the
    # border of two), clear of the tile's rank (the glyph in the middle).
    cells = [c for c in range(CELLS) if abs(cell_centre(c)[0] - arrow.end[0]) < 1.0
             and abs(cell_centre(c)[1] - arrow.end[1]) < 1.0 and c != 12]
    target_x, target_y = cell_centre(cells[0])
    off = max(abs(arrow.end[0] - target_x), abs(arrow.end[1] - target_y))
    assert 0.6 <= off <= TILE_DRAWN / 2 - 0.2
    # The caption names the square.
    assert f"at {cell_name(cells[0])}" in figure.scene.caption


def test_a_refused_steps_arrow_runs_clear_of_the_other_pawns():
    figure = _figures()["coin-collectors-illegal-move"]
    suit = SUITS[figure.move[0]]
    (arrow,) = [a for a in figure.scene.annotations if isinstance(a, Arrow) and a.role == "illegal"]
    points = (arrow.start, *arrow.via, arrow.end)
    # The arrow's half width as printed in a column (2.6 points at about half true size), and
    # air that shows at print size (a line grazing a pawn's foot reads as running over it).
    half = 2.6 / 2 / 72 / 0.45 + 0.05
    for pawn in (p for p in figure.scene.pieces if p.piece.kind == "pawn" and p.piece.suit != suit):
        box = (pawn.x - PAWN_HALF, pawn.y - PAWN_FOOT, pawn.x + PAWN_HALF, pawn.y + PAWN_HEAD)
        for a, b in itertools.pairwise(points):
            assert not segment_hits_box((*a, *b, half), box), (pawn.piece, a, b)


def test_a_move_figure_rings_the_die_its_caption_cites_and_names_each_die_in_words():
    for name in ("coin-collectors-move-tile-die", "coin-collectors-move-pawn-die"):
        figure = _figures()[name]
        (dice,) = [p for p in figure.scene.panels if p.title == "Dice"]
        assert sorted(p.piece.suit for e in dice.entries for p in e.pieces) == [1, 2, 3, 4]
        for entry in dice.entries:
            (die,) = entry.pieces
            assert entry.text.startswith(SUIT_NAMES[die.piece.suit - 1])
        ringed = [e for e in dice.entries if e.annotations]
        assert len(ringed) == 1
        # Ringed in the theme's highlight colour (a Highlight), not in a suit's colour.
        assert all(isinstance(a, Highlight) for a in ringed[0].annotations)
        (die,) = ringed[0].pieces
        assert f"the {SUIT_NAMES[die.piece.suit - 1]} die shows" in figure.scene.caption


def test_a_move_figures_caption_names_only_the_dice_drawn():
    for name in ("coin-collectors-move-tile-die", "coin-collectors-move-pawn-die"):
        figure = _figures()[name]
        (dice,) = [p for p in figure.scene.panels if p.title == "Dice"]
        drawn = {SUIT_NAMES[e.pieces[0].piece.suit - 1]: rank_name(e.pieces[0].piece.rank) for e in dice.entries}
        words = figure.scene.caption.split("\n", 1)[1]
        # The roll after the move is not drawn: its numbers are not said.
        assert "rolled show" not in words
        for suit, rank in re.findall(r"the (Suns|Moons|Crowns|Arms) die shows (\w+)", words):
            assert drawn[suit] == rank, (name, suit, rank, drawn)


def test_the_end_figure_rings_the_die_of_the_last_step():
    figure = _figures()["coin-collectors-end"]
    (dice,) = [p for p in figure.scene.panels if p.title == "Dice"]
    ringed = [e for e in dice.entries if e.annotations]
    assert len(ringed) == 1 and ringed[0].text.endswith(": used")
    (die,) = ringed[0].pieces
    assert f"the {SUIT_NAMES[die.piece.suit - 1]} die shows {rank_name(die.piece.rank)}" in figure.scene.caption


def test_the_removal_figure_is_one_moment_the_roll_that_left_no_move():
    figure = _figures()["coin-collectors-move-remove"]
    title, words = figure.scene.caption.split("\n", 1)
    assert title.count(":") == 1
    # No step is drawn: the figure is the position the roll left, not the turn before it.
    assert not [a for a in figure.scene.annotations if isinstance(a, Arrow)]
    result = next(r for r in game_replays("coin-collectors") if r.record.file == figure.source)
    state = result.positions[figure.position].state
    tokens = figure.move.split()
    first_out = next(k for k, t in enumerate(tokens) if t.startswith("X:"))
    for token in tokens[:first_out]:
        state = apply_action(state, parse_action(token))
    assert state.phase == "stuck" and not legal_moves(state)
    suit = SUITS[tokens[first_out][2]]
    # The dice drawn are the dice of that moment, and the caption says them and only them.
    (dice,) = [p for p in figure.scene.panels if p.title == "Dice"]
    assert {e.pieces[0].piece.suit: e.pieces[0].piece.rank for e in dice.entries} == dict(enumerate(state.dice, 1))
    said = re.findall(r"(Suns|Moons|Crowns|Arms) (null|ace|\d)", words)
    assert said == [(SUIT_NAMES[k], rank_name(state.dice[k])) for k in range(4)]
    assert f"the {SUIT_NAMES[suit - 1]} pawn" in words
    # The pawn that leaves is on the board, its tile ringed (no grey ring where a coin would lie).
    pawn = _pawn(figure.scene, suit)
    rings = [a for a in figure.scene.annotations if isinstance(a, Highlight)]
    assert len(rings) == 1 and not [a for a in figure.scene.annotations if isinstance(a, Marker)]
    ring = rings[0]
    assert abs(pawn.x - ring.x) < ring.width / 2 and abs(pawn.y - ring.y) < ring.height / 2


def test_pawns_on_tiles_stand_inside_the_tiles_edge():
    result = game_replays("coin-collectors")[0]
    inner = TILE_DRAWN / 2 - 0.05
    for position in result.positions[1:8]:
        pieces = board_pieces(position.state)
        tiles = [p for p in pieces if p.piece.kind == "tile"]
        for pawn in (p for p in pieces if p.piece.kind == "pawn"):
            tile = next((t for t in tiles if abs(t.x - pawn.x) < 1.0 and abs(t.y - pawn.y) < 1.0), None)
            if tile is None:
                continue  # in the hole
            assert pawn.y - PAWN_FOOT >= tile.y - inner and pawn.x + PAWN_HALF <= tile.x + inner


def test_plates_show_the_whole_board():
    result = game_replays("coin-collectors")[0]
    _, scenes = plate_scenes(result, range(0, 4))
    for scene in scenes:
        board = Scene(tuple(p for p in scene.pieces if p.piece.kind == "tile")).bounds(margin=0.0)
        assert scene.frame is not None
        assert scene.frame.x0 <= board.x0 and scene.frame.y0 <= board.y0
        assert scene.frame.x1 >= board.x1 and scene.frame.y1 >= board.y1


def test_nothing_is_drawn_wholly_beyond_a_cropped_boards_torn_edges():
    for name in ("coin-collectors-move-tile-die", "coin-collectors-move-pawn-die", "coin-collectors-illegal-move"):
        figure = _figures()[name]
        laid = lay_out(figure.scene, box=(3.25, 8.0), framing="focus")
        window = laid.window
        assert window is not None
        for piece in laid.scene.pieces:
            b = Scene((piece,)).bounds(margin=0.0)
            assert b.x1 > window.x0 and b.x0 < window.x1 and b.y1 > window.y0 and b.y0 < window.y1, piece
        tiles = Scene(tuple(p for p in figure.scene.pieces if p.piece.kind == "tile")).bounds(margin=0.0)
        for tear in (a for a in flattened(laid.scene.annotations) if isinstance(a, Tear)):
            for x, y in tear.edge:
                assert tiles.x0 - 1e-6 <= x <= tiles.x1 + 1e-6 and tiles.y0 - 1e-6 <= y <= tiles.y1 + 1e-6


def test_answer_key_routes_differ_without_colour_and_leave_the_pawns_clear():
    from piecepack_diagrams.games.coin_collectors.game import start_state
    from piecepack_diagrams.games.coin_collectors.picture import plan_scene
    from piecepack_diagrams.games.coin_collectors.puzzles import make_deal_puzzle
    from piecepack_diagrams.scene import PathLine

    for seed in range(1, 13):
        puzzle = make_deal_puzzle(seed)
        scene = plan_scene(start_state(puzzle.deal, puzzle.rolls[0]), puzzle.answer)
        routes = [a for a in scene.annotations if isinstance(a, PathLine)]
        # Four lines told apart in black and white: each its own dash pattern.
        assert len({r.dash for r in routes}) == len(routes) >= 2
        pawns = [p for p in scene.pieces if p.piece.kind == "pawn"]
        for route in routes:
            for (x0, y0), (x1, y1) in zip(route.points, route.points[1:]):
                for pawn in pawns:
                    # A segment (orthogonal) and the pawn's box do not meet.
                    lo_x, hi_x, lo_y, hi_y = min(x0, x1), max(x0, x1), min(y0, y1), max(y0, y1)
                    assert not (lo_x < pawn.x + PAWN_HALF and hi_x > pawn.x - PAWN_HALF
                                and lo_y < pawn.y + PAWN_HEAD and hi_y > pawn.y - PAWN_FOOT), (seed, pawn)


def _near(rgb: tuple[int, int, int], colour: str, tolerance: int = 40) -> bool:
    return all(abs(c - int(colour[k:k + 2], 16)) <= tolerance for c, k in zip(rgb, (1, 3, 5)))


def test_the_used_die_shows_its_face_through_its_highlight_in_the_pdf():
    from piecepack_diagrams.figures import figure_document
    from piecepack_diagrams.render.primitives import tinted
    from piecepack_diagrams.theme import DEFAULT
    from tests.raster import rasterize_pdf

    tint = tinted(DEFAULT).piece_background
    for name in ("coin-collectors-move-tile-die", "coin-collectors-move-pawn-die", "coin-collectors-end"):
        figure = _figures()[name]
        (dice,) = [p for p in figure.scene.panels if p.title == "Dice"]
        ((die,),) = [e.pieces for e in dice.entries if e.annotations]
        raster = rasterize_pdf(figure_document(figure).render(theme=DEFAULT), dpi=100)
        # The used die's box: inside the highlight's ring (the only marks in its edge colour).
        ring = [(x, y) for y in range(raster.height) for x in range(raster.width)
                if _near(raster.rgb(x, y), DEFAULT.highlight_edge, 30)]
        assert ring, name
        x0, x1 = min(x for x, _ in ring) + 4, max(x for x, _ in ring) - 4
        y0, y1 = min(y for _, y in ring) + 4, max(y for _, y in ring) - 4
        inside = [raster.rgb(x, y) for y in range(y0, y1) for x in range(x0, x1)]
        face = sum(_near(p, DEFAULT.suit_colour(die.piece.suit)) for p in inside) / len(inside)
        glyphs = sum(_near(p, "#FFFFFF") for p in inside) / len(inside)
        under = sum(_near(p, tint, 12) for p in inside) / len(inside)
        # The die's face in its suit's colour, its number and symbol printed on it, and round it
        # the highlight's tint (under the die, not over it).
        assert face > 0.3 and glyphs > 0.03 and under > 0.02, (name, face, glyphs, under)


def test_a_refused_steps_arrow_is_a_line_the_eye_follows_and_its_caption_says_what_was_needed():
    figure = _figures()["coin-collectors-illegal-move"]
    (arrow,) = [a for a in figure.scene.annotations if isinstance(a, Arrow) and a.role == "illegal"]
    points = (arrow.start, *arrow.via, arrow.end)
    length = sum(((b[0] - a[0]) ** 2 + (b[1] - a[1]) ** 2) ** 0.5 for a, b in itertools.pairwise(points))
    # At a column's scale (about 0.45) a line of a table inch is under half an inch printed:
    # shorter, the X and the arrow's head leave a stub.
    assert length >= 1.0, length
    # The caption says what each die would have to show, not only what they show (a die and a
    # coin both null must not read as a match).
    tile_suit, tile_rank = re.search(r"cannot enter the (\w+) of (\w+)", figure.scene.caption).group(2, 1)
    assert f"the {tile_suit} die would have to show {tile_rank}, the tile's rank, or " in figure.scene.caption
    assert "the coin's number" in figure.scene.caption and "the coin there is" not in figure.scene.caption
