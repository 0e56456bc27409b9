"""Landlocked: piecepackr's deals and the solver's verdicts (winning routes replayed
through the validator, hopeless deals confirmed by a plain search), the rules'
worded errors, the shipped records, drawings."""

from __future__ import annotations

import csv
import re
from pathlib import Path

import pytest

from piecepack_diagrams import parse_records, render, replay
from piecepack_diagrams.errors import PiecepackError
from piecepack_diagrams.games.landlocked import GAME, LandlockedState, check_route, deal_from_pieces, solve
from piecepack_diagrams.games.landlocked.board import pass_problem
import itertools

ROOT = Path(__file__).resolve().parents[1]
SETUPS = ROOT.parent / "shared" / "corpus" / "setups"
RECORDS = ROOT / "records" / "landlocked"
CROWNS, ARMS = 3, 4

# The solver's verdicts on piecepackr's deals, which always leave Crowns and Arms face up:
# (seed, outbound, inbound) -> winnable. Every win is replayed below; every loss confirmed.
VERDICTS = {
    (1, CROWNS, ARMS): True, (1, ARMS, CROWNS): False, (2, CROWNS, ARMS): True, (2, ARMS, CROWNS): False,
    (3, CROWNS, ARMS): False, (3, ARMS, CROWNS): False, (4, CROWNS, ARMS): False, (4, ARMS, CROWNS): True,
    (5, CROWNS, ARMS): True, (5, ARMS, CROWNS): False, (6, CROWNS, ARMS): False, (6, ARMS, CROWNS): True,
    (7, CROWNS, ARMS): False, (7, ARMS, CROWNS): False, (8, CROWNS, ARMS): False, (8, ARMS, CROWNS): True,
    (9, CROWNS, ARMS): True, (9, ARMS, CROWNS): False, (10, CROWNS, ARMS): False, (10, ARMS, CROWNS): False,
    (11, CROWNS, ARMS): False, (11, ARMS, CROWNS): False, (12, CROWNS, ARMS): False, (12, ARMS, CROWNS): False,
    (13, CROWNS, ARMS): True, (13, ARMS, CROWNS): False, (14, CROWNS, ARMS): False, (14, ARMS, CROWNS): False,
    (15, CROWNS, ARMS): True, (15, ARMS, CROWNS): True,
}


def corpus_state(seed: int, outbound: int, inbound: int) -> LandlockedState:
    rows = list(csv.DictReader((SETUPS / f"landlocked_seed{seed}.csv").open()))
    pieces = [(r["piece_side"], int(r["suit"]), int(r["rank"]), float(r["x"]), float(r["y"])) for r in rows]
    # The layout shows Crowns and Arms face up and the other suits grid side up, as our deal does.
    faces = {(int(r["suit"]), r["piece_side"]) for r in rows if r["piece_side"].startswith("tile")}
    assert faces == {(1, "tile_back"), (2, "tile_back"), (3, "tile_face"), (4, "tile_face")}
    state = LandlockedState(deal_from_pieces(pieces, outbound, inbound))
    # A record's GameType: {Name: Landlocked, Seed: N} deals exactly this layout.
    suits = {CROWNS: "Crowns", ARMS: "Arms"}
    ppdf = GAME.setup({"GameType": {"Name": "Landlocked", "Seed": seed}, "Outbound": suits[outbound],
                       "Inbound": suits[inbound]})
    assert ppdf.deal == state.deal
    return state


def _neighbours(cell):
    r, c = divmod(cell, 5)
    return [n for n, ok in ((cell - 5, r > 0), (cell + 5, r < 4), (cell - 1, c > 0), (cell + 1, c < 4)) if ok]


def _plain_search(state: LandlockedState) -> bool:
    """Can the 13 legs be walked? Every simple path of every leg, tried in turn (no minimal sets)."""
    deal, options = state.deal, state.options
    failed = set()

    def legs(leg, position, marks):
        if leg == 13:
            return True
        if (leg, marks) in failed:
            return False
        target = deal.targets[leg]
        tried = set()

        def walk(cell, visited, passed):
            for n in _neighbours(cell):
                if n == target:
                    if passed in tried:
                        continue
                    tried.add(passed)
                    new = list(marks)
                    for g in passed:
                        new[g] += 1
                    if legs(leg + 1, target, tuple(new)):
                        return True
                    continue
                if n in visited or pass_problem(deal, leg, n, marks, options):
                    continue
                if walk(n, visited | {n}, passed | ({n} if deal.is_grid(n) else frozenset())):
                    return True
            return False

        if walk(position, {position}, frozenset()):
            return True
        failed.add((leg, marks))
        return False

    return legs(state.leg, state.position, state.marks)


@pytest.mark.parametrize("seed, outbound, inbound", sorted(VERDICTS))
def test_solver_verdicts_on_piecepackr_deals(seed, outbound, inbound):
    state = corpus_state(seed, outbound, inbound)
    route = solve(state)
    assert route.solvable == VERDICTS[(seed, outbound, inbound)]
    if route.solvable:
        assert check_route(state, route.paths)  # the validator walks it home
        marked = sum(1 for path in route.paths for cell in path[:-1] if state.deal.is_grid(cell))
        assert marked == route.passes
    else:
        assert not _plain_search(state)


def _record(movetext: str, header: str = "Seed: 1") -> str:
    return f"---\nGameType: Landlocked\n{header}\n...\n{movetext}\n"


@pytest.mark.parametrize("movetext, wording", [
    ("1. a5-b4", "leg 1 (to the null of Crowns), step 1: a5 to b4 is a diagonal"),
    ("1. a5-a3", "a5 to a3 is a jump"),
    ("1. a5-a4-a3", "the path stops at a3, short of its target at b2"),
    ("1. a5-b5-b4-b3-b2", "step 3: the null of Suns is an inbound tile, and outbound legs may not pass inbound"),
    ("1. a5-a4-a3-a2-b2 2. b2-c2-c3-c4-b4", "leg 2 (to the ace of Crowns), step 3: the 5 of Suns is an inbound"),
    ("1. a5-a4-a3-a2-b2 2. b2-a2-a3-a4-b4 3. b4-a4-a3-a2-b2-c2-d2",
     "leg 3 (to the 2 of Crowns), step 4: the null of Crowns is an outbound tile lower than your target"),
    ("1. a5-a4-a3-a2-b2-a2", "the leg ends on reaching its target at b2"),
    ("1. a5-a4-b4", "leg 1 (to the null of Crowns): the path ends at the ace of Crowns, but the route visits the "
                    "null of Crowns first: no tile may be skipped"),
])
def test_bad_legs_are_located_and_worded(movetext, wording):
    rec = parse_records(_record(movetext), name="ll.ppn")[0]
    with pytest.raises(PiecepackError, match=re.escape(wording)) as err:
        replay(rec)
    assert err.value.location is not None and err.value.location.line == 5


def test_a_fifth_pass_is_refused_in_the_standard_game_but_not_the_easy_one():
    from dataclasses import replace

    from piecepack_diagrams.games.landlocked.game import parse_path
    from piecepack_diagrams.games.landlocked.rules import apply_leg

    # Seed 1: the first leg runs down column a, through the grid tiles a4 and a3, to b2.
    state = GAME.setup({"Seed": 1})
    worn = replace(state, marks=tuple(4 if cell == 5 else 0 for cell in range(25)))  # a4 passed four times
    with pytest.raises(PiecepackError, match="the grid tile at a4 has been passed 4 times, the most it takes"):
        apply_leg(worn, parse_path("a5-a4-a3-a2-b2"))
    easy = GAME.setup({"Seed": 1, "Difficulty": "easy"})
    after = apply_leg(replace(easy, marks=worn.marks), parse_path("a5-a4-a3-a2-b2"))
    assert after.marks[5] == 5 and after.marks[10] == 1  # the fifth pass, and the first on a3
    hard = GAME.setup({"Seed": 1, "Difficulty": "hard"})
    with pytest.raises(PiecepackError, match="passed 3 times"):
        apply_leg(replace(hard, marks=tuple(3 if cell == 5 else 0 for cell in range(25))),
                  parse_path("a5-a4-a3-a2-b2"))


@pytest.mark.parametrize("name, outcome", [("won-fewest-passes", "won"), ("landlocked-after-six-legs", "lost"),
                                           ("hard-won", "won")])
def test_shipped_records(name, outcome):
    result = replay(parse_records((RECORDS / f"{name}.ppn").read_text(), name=name)[0])
    assert result.is_valid() and result.status().outcome == outcome


def test_puzzles_are_winnable_through_the_validator_and_rated():
    from piecepack_diagrams.games.landlocked.puzzles import generate_puzzles, rate

    puzzles = generate_puzzles(3, seed=5)
    assert generate_puzzles(3, seed=5) == puzzles
    for p in puzzles:
        assert check_route(p.state, p.route.paths)
        assert p.difficulty == rate(p.route.passes)


def test_stats_count_the_winnable_deals(capsys):
    from piecepack_diagrams.cli import main

    assert main(["stats", "landlocked", "--games", "12"]) == 0
    out = capsys.readouterr().out
    wins = sum(solve(GAME.setup({"Seed": s})).solvable for s in range(1, 13))
    assert f"({wins} of 12;" in out.splitlines()[2]  # the standard line


def test_reachable_spaces_and_best_path_of_seed_1():
    from piecepack_diagrams.games.landlocked import best_path, reachable_cells
    from piecepack_diagrams.games.landlocked.board import cell_name

    state = GAME.setup({"Seed": 1})
    # By hand, from the drawing of seed 1 (outbound Crowns, inbound Suns, target the null of
    # Crowns at b2): b3 (the null of Suns) and c4 (the 5 of Suns) block; the grid tiles and
    # the higher Crowns let the pawn reach every other space but a1, c1 and e1 (Suns) and the
    # Suns at d3; b2 itself is the target.
    reach = {cell_name(c) for c in reachable_cells(state)}
    assert "b2" in reach and not reach & {"b3", "c4", "a1", "c1", "e1", "d3"}
    path = best_path(state)
    assert [cell_name(c) for c in path] == ["a4", "a3", "a2", "b2"]  # two grid tiles: a4, a3


# --- Pictures --------------------------------------------------------------------------------------

def _replays():
    return [replay(parse_records(path.read_text(), name=str(path))[0]) for path in sorted(RECORDS.glob("*.ppn"))]


def _segments(annotation):
    """The straight pieces of an arrow or a route, as pairs of points."""
    points = annotation.points
    return list(itertools.pairwise(points))


def _crosses(segment, box, half):
    """Whether a segment drawn ``half`` inches either side of its line meets ``box``."""
    from piecepack_diagrams.layout.labels import segment_hits_box

    (x0, y0), (x1, y1) = segment
    return segment_hits_box((x0, y0, x1, y1, half), box)


def _glyph_boxes(piece):
    """The ink of a piece that a route must not cross: a face-up tile's rank and suit
    symbol, a pawn's body."""
    from piecepack_diagrams.layout.audit import _text_ink
    from piecepack_diagrams.render.extent import box_of
    from piecepack_diagrams.render.primitives import piece_stamp
    from piecepack_diagrams.render.shapes import Symbol, Text
    from piecepack_diagrams.theme import DEFAULT

    stamp = piece_stamp(piece.piece, piece.angle, DEFAULT)
    if piece.piece.kind == "pawn":
        x0, y0, x1, y1 = stamp.box
        return [(x0 + piece.x, y0 + piece.y, x1 + piece.x, y1 + piece.y)]
    if piece.piece.kind != "tile":
        return []
    out = []
    for prim in stamp.primitives:
        if isinstance(prim, Text):
            x0, y0, x1, y1 = _text_ink(prim.text, prim.x, prim.y, prim.size)
        elif isinstance(prim, Symbol):
            x0, y0, x1, y1 = box_of(prim)
        else:
            continue
        out.append((x0 + piece.x, y0 + piece.y, x1 + piece.x, y1 + piece.y))
    return out


def test_a_position_draws_its_leg_along_the_lane_and_its_key_beside_the_board():
    from piecepack_diagrams.games.landlocked.board import cell_name
    from piecepack_diagrams.games.landlocked.picture import cell_centre
    from piecepack_diagrams.scene import Arrow, Highlight, Label, PathLine

    result = replay(parse_records((RECORDS / "won-fewest-passes.ppn").read_text(), name="w")[0])
    state = result.position(5).state  # after 5. e2-e3-e4-e5-d5-c5-b5-a5-a4-a3-a2
    scene = GAME.scene(state)
    coins = [p for p in scene.pieces if p.piece.kind == "coin"]
    assert len(coins) == state.markers and state.markers > 0
    assert all(p.piece.side == "back" for p in coins), "marker coins show their suit symbol"
    assert sum(1 for p in scene.pieces if p.piece.kind == "tile" and p.piece.side == "face") == 12
    # The leg is one arrow of orthogonal segments, after the lines a rank on its way parts it
    # into (inside its tiles: see test_every_route_runs_inside_the_tiles_it_crosses): here
    # e2 up to e5 (under the 5 of e4), then left along rank 5 and down to a2, its head by the rank.
    arrows = [a for a in scene.annotations if isinstance(a, Arrow)]
    lines = [a for a in scene.annotations if isinstance(a, PathLine)]
    assert len(arrows) == 1 and len(lines) == 1
    assert all(a[0] == b[0] or a[1] == b[1] for piece in (lines[0], arrows[0]) for a, b in _segments(piece))
    path = state.last_path
    # It turns only at the centres of the spaces where the pawn turned, and is parted only
    # within the 0.5 inch round a face-up tile's centre (where its rank is).
    centres = [cell_centre(c) for c in path]
    assert all(q in centres for piece in (lines[0], arrows[0]) for q in piece.points[1:-1])
    gap = (lines[0].points[-1], arrows[0].points[0])
    assert any(all(abs(q[0] - x) <= 0.51 and abs(q[1] - y) <= 0.51 for q in gap) for x, y in centres), gap
    ax, ay = arrows[0].end
    tx, ty = cell_centre(path[-1])
    assert ax == tx and 0.45 < ay - ty < 0.6, "the head points down at the target's rank, just clear of it"
    # The figure is about the leg: its spaces and a tile round; the next target is ringed.
    focus = scene.focus
    for cell in path:
        x, y = cell_centre(cell)
        assert focus.x0 <= x - 2 and x + 2 <= focus.x1 and focus.y0 <= y - 2 and y + 2 <= focus.y1
    rings = [a for a in scene.annotations if isinstance(a, Highlight) and a.role == "target"]
    assert [(a.x, a.y) for a in rings] == [cell_centre(state.target)]
    # Nothing is written on the board: the route information is a key beside it, the suits
    # each with a coin showing its symbol, the next leg and its target in words.
    assert not [a for a in scene.annotations if isinstance(a, Label)]
    assert scene.coordinates is not None and [name for _, name in scene.coordinates.files] == list("abcde")
    (key,) = scene.panels
    words = [e.text for e in key.entries]
    # The key's swatch is the board's mark: a target highlight, not a bare ring.
    assert [type(a).__name__ for a in key.entries[2].annotations] == ["Highlight"]
    assert words[0].startswith("Outbound: Crowns") and words[1].startswith("Inbound: Suns")
    assert words[2] == f"Next, leg 6:\nthe 5 of Crowns ({cell_name(state.target)})"
    assert [(e.pieces[0].piece.kind, e.pieces[0].piece.suit) for e in key.entries[:2]] == [("coin", 3), ("coin", 1)]
    assert "lower right" in words[3] and "upper right" in words[3] and "standard game" in words[3]


def _routed_scenes() -> list:
    """Scenes with routes: every position of the shipped records, a puzzle's answer key
    (every leg of its solution) and the end figure."""
    from piecepack_diagrams.games.landlocked.picture import route_scene
    from piecepack_diagrams.games.landlocked.puzzles import make_puzzle
    from piecepack_diagrams.games.landlocked.rules import apply_leg

    scenes = [GAME.scene(p.state) for r in _replays() for p in r.positions]
    puzzle = make_puzzle(1)
    states = [puzzle.state]
    for path in puzzle.route.paths:
        states.append(apply_leg(states[-1], list(path)))
    scenes.append(route_scene(states, puzzle.route.paths))
    scenes.append(_figures()["landlocked-end"].scene)
    return scenes


def test_legs_and_routes_keep_clear_of_ranks_suit_symbols_and_the_pawn():
    from piecepack_diagrams.scene import Arrow, PathLine

    # A route drawn 2.6 points wide at the smallest scale figures print at (0.3): 0.06 inch.
    half = 2.6 / 72 / 0.3 / 2
    scenes = _routed_scenes()
    crossings = 0
    for scene in scenes:
        boxes = [box for piece in scene.pieces for box in _glyph_boxes(piece)]
        for a in scene.annotations:
            if isinstance(a, (Arrow, PathLine)):
                crossings += sum(_crosses(seg, box, half) for seg in _segments(a) for box in boxes)
    assert crossings == 0


def _figures():
    from piecepack_diagrams.figures import figure_set, game_replays

    return {f.name: f for f in figure_set("landlocked", game_replays("landlocked")).figures}


def test_the_refused_step_is_dashed_and_crossed_where_it_enters_its_tile():
    from piecepack_diagrams.games.landlocked.board import parse_cell
    from piecepack_diagrams.games.landlocked.picture import cell_centre
    from piecepack_diagrams.scene import Arrow, PathLine

    figure = _figures()["landlocked-illegal-move"]
    scene = figure.scene
    refused = re.search(r"the dashed step onto ([a-e][1-5]) is refused: the 4 of Arms is an inbound tile",
                        scene.caption)
    assert refused, scene.caption
    arrows = [a for a in scene.annotations if isinstance(a, Arrow)]
    assert [a.role for a in arrows] == ["illegal"], "only the attempt: the leg before it is not drawn"
    (step,) = arrows
    # The X (the arrow's end) is in the refused tile, by the edge the step crosses, clear of its rank.
    cx, cy = cell_centre(parse_cell(refused[1]))
    ex, ey = step.end
    assert abs(ex - cx) < 0.97 and abs(ey - cy) < 0.97
    assert max(abs(ex - cx), abs(ey - cy)) > 0.75
    tile = next(p for p in scene.pieces if p.piece.kind == "tile" and (p.x, p.y) == (cx, cy))
    rank = _glyph_boxes(tile)[0]
    assert not (rank[0] - 0.2 < ex < rank[2] + 0.2 and rank[1] - 0.2 < ey < rank[3] + 0.2)
    # Straight from the centre of the space before (here the pawn's, from the edge of the
    # room left round its rank) across the border: long enough for its dashes to show.
    assert step.via == () and (step.start[0] == ex or step.start[1] == ey)
    length = sum(abs(b[0] - a[0]) + abs(b[1] - a[1]) for a, b in _segments(step))
    assert length > 0.65
    for line in (a for a in scene.annotations if isinstance(a, PathLine)):
        assert line.points[-1] == step.start


def test_the_end_shows_the_whole_route_leg_by_leg_and_not_the_last_move_again():
    from piecepack_diagrams.games.landlocked.board import parse_cell
    from piecepack_diagrams.games.landlocked.picture import LEG_COLOURS, cell_centre
    from piecepack_diagrams.scene import Arrow, Marker, PathLine
    from piecepack_diagrams.theme import DEFAULT

    figures = _figures()
    end, home = figures["landlocked-end"].scene, figures["landlocked-move-home"].scene
    assert [type(a).__name__ for a in home.annotations].count("Arrow") == 1
    assert not [a for a in end.annotations if isinstance(a, Arrow)]
    # A leg is its lines (parted where it passes under a rank), one colour; the next leg's differs.
    lines = [a for a in end.annotations if isinstance(a, PathLine)]
    legs = []
    for line in lines:
        if legs and legs[-1][0].colour == line.colour:
            legs[-1].append(line)
        else:
            legs.append([line])
    discs = [a for a in end.annotations if isinstance(a, Marker)]
    # Legs 1 to 13 at their targets, and on the inbound board leg 6's again, where leg 7 starts.
    assert len(legs) == 13 and sorted(int(d.text) for d in discs) == sorted([*range(1, 14), 6])
    again = [d for d in discs if d.text == "6" and d.x > 11]
    assert len(again) == 1 and (again[0].x - 11, again[0].y) == pytest.approx(
        next((d.x, d.y) for d in discs if d.text == "6" and d.x < 11))
    assert [p.x < 11 for p in end.pieces if p.piece.kind == "pawn"] == [True], "the pawn starts at home"
    discs = [d for d in discs if d not in again]
    colours = [leg[0].colour for leg in legs]
    assert set(colours) <= set(LEG_COLOURS) and not set(colours) & set(DEFAULT.suit_colours)
    assert all(a != b for a, b in itertools.pairwise(colours)), "each leg apart from the one before"
    # Each disc has its leg's colour, on the leg where it enters its target (on the board the leg
    # is drawn on), over every line.
    groups = re.findall(r"\d+\. (\S+)", (RECORDS / "hard-won.ppn").read_text())
    for k, (disc, leg, text) in enumerate(zip(sorted(discs, key=lambda d: int(d.text)), legs, groups)):
        assert disc.colour == leg[0].colour
        board = 0.0 if k < 6 else 11.0
        tx, ty = cell_centre(parse_cell(text.split("-")[-1]))
        assert any(_crosses(seg, (disc.x, disc.y, disc.x, disc.y), disc.size / 2) for part in leg
                   for seg in _segments(part))
        off = sorted((abs(disc.x - board - tx), abs(disc.y - ty)))
        assert off[1] < 0.97 and off[0] < 0.6, "at the target's edge, off its corners"
    order = list(end.annotations)
    assert max(order.index(a) for a in lines) < min(order.index(a) for a in order if isinstance(a, Marker))
    assert "passes marked" not in end.caption.split("\n")[-1] and "left off" in end.caption


def test_every_square_a_caption_cites_has_its_coordinates_on_the_figure():
    from piecepack_diagrams.sheets import Cell, load_template
    from piecepack_diagrams.sheets.pdf import figure_layout
    from piecepack_diagrams.scene import Label
    from dataclasses import replace as replaced

    for name, figure in _figures().items():
        assert not re.search(r"\(\d+, ?\d+\)", figure.scene.caption), name
        cited = set(re.findall(r"\b([a-e][1-5])\b", figure.scene.caption))
        laid = figure_layout(Cell(replaced(figure.scene, caption=""), figure.scene.caption),
                             load_template(figure.template), framing=figure.framing)
        # Tiles print at half an inch at least (a whole board in a column), the key beside them or not.
        assert laid.scale >= 0.25, (name, laid.scale)
        printed = {a.text for a in laid.scene.annotations if isinstance(a, Label) and a.role == "coordinate"}
        for square in cited:
            assert set(square) <= printed, (name, square)
        if "-move" in name:
            assert cited, f"{name} names its squares"


def test_every_landlocked_product_has_no_layout_findings():
    from piecepack_diagrams.books import puzzle_book
    from piecepack_diagrams.figures import figure_files
    from piecepack_diagrams.sheets.pdf import Audit
    from piecepack_diagrams.sheets.plates import plates_pdf
    from piecepack_diagrams.theme import PRINT

    findings = []
    figures = list(_figures().values())
    figure_files(figures, formats=("pdf",), audit=findings)
    figure_files(figures, formats=("pdf",), audit=findings, theme=PRINT)
    plates, book = Audit("plates"), Audit("book")
    for result in _replays():
        plates_pdf(result, audit=plates)
    puzzle_book("landlocked", count=6, seed=1, audit=book)
    # Every plate of the three records and its key page; six puzzles and six answers.
    assert len(figures) == 6 and plates.drawings == sum(len(r.positions) + 1 for r in _replays())
    assert book.drawings == 12
    assert [f.format() for f in findings + plates.findings + book.findings] == []


def test_the_answer_key_numbers_and_colours_each_leg_at_its_target():
    from piecepack_diagrams.books import puzzle_book
    from tests.raster import rasterize_pdf
    from piecepack_diagrams.games.landlocked.picture import LEG_COLOURS

    book = puzzle_book("landlocked", count=2, seed=1)
    page = rasterize_pdf(book, dpi=50, page=3)  # the answer key
    seen = {}
    for py in range(page.height):
        for px in range(page.width):
            seen[page.hex(px, py)] = seen.get(page.hex(px, py), 0) + 1

    def near(colour):
        r, g, b = (int(colour[k:k + 2], 16) for k in (1, 3, 5))
        return sum(n for hexed, n in seen.items()
                   if abs(int(hexed[1:3], 16) - r) + abs(int(hexed[3:5], 16) - g) + abs(int(hexed[5:7], 16) - b) < 40)

    # Every colour of the cycle is on the page, in lines and discs of some size.
    assert all(near(colour) > 150 for colour in LEG_COLOURS), {c: near(c) for c in LEG_COLOURS}
    # The caption says what the drawing does, in words, not the legs in notation.
    import subprocess

    text = subprocess.run(["pdftotext", "-f", "3", "-l", "3", "-", "-"], input=book, capture_output=True,
                          check=True).stdout.decode("utf-8")
    assert not re.search(r"[a-e][1-5]-[a-e][1-5]", text) and "numbered" in text
    assert "own colour" not in text


def test_text_shows_the_key_whole_and_refuses_labels_it_cannot_place():
    from piecepack_diagrams.errors import OutputError
    from piecepack_diagrams.scene import Label, Scene

    for result in _replays():
        text = render(GAME.scene(result.final.state), "txt").decode("utf-8")
        lines = text.splitlines()
        (key,) = GAME.scene(result.final.state).panels
        for entry in key.entries:
            for words in entry.text.split("\n"):
                assert any(words in line for line in lines), words
    crowded = Scene(annotations=tuple(Label(1.0, 1.0, f"label number {k}") for k in range(12)))
    with pytest.raises(OutputError, match="no room for"):
        render(crowded, "txt")


# --- Mechanisms the pictures rely on --------------------------------------------------------------

def _tile_board():
    """A 5x5 board of face-up tiles, as Landlocked lays its tiles out."""
    from piecepack_diagrams.pieces import Piece
    from piecepack_diagrams.scene import ScenePiece

    return tuple(ScenePiece(Piece("tile", "face", 1 + k % 4, 1 + k % 6), 1.5 + 2 * (k % 5), 9.5 - 2 * (k // 5))
                 for k in range(25))


def test_key_entries_print_at_their_size_in_their_order_at_any_scale():
    from piecepack_diagrams.layout import lay_out
    from piecepack_diagrams.layout.labels import label_box
    from piecepack_diagrams.pieces import Piece
    from piecepack_diagrams.scene import KeyEntry, Label, Panel, PieceMark, Scene, ScenePiece

    coin = (ScenePiece(Piece("coin", "back", 2, 1), 5.0, 5.0),)
    key = Panel(entries=(KeyEntry("A coin of Moons", coin), KeyEntry("Two lines\nbeside a coin", coin),
                         KeyEntry("Words alone")), side="below")
    scene = Scene(_tile_board(), panels=(key,))
    for scale in (0.2, 0.45, 0.9):
        laid = lay_out(scene, scale=scale)
        labels = [a for a in laid.scene.annotations if isinstance(a, Label) and a.role == "key"]
        assert [a.text for a in labels] == ["A coin of Moons", "Two lines", "beside a coin", "Words alone"]
        assert all(a.size == 8.0 and a.scale == scale for a in labels)
        boxes = [label_box(a) for a in labels]
        assert all(b[3] <= a[1] + 1e-9 for a, b in itertools.pairwise(boxes)), "each line under the one before"
        coins = [a.piece for a in laid.scene.annotations if isinstance(a, PieceMark)]
        assert len(coins) == 2 and all(c.x + 0.375 < min(b[0] for b in boxes) for c in coins)
        # Each coin is centred on its words: the first on its line, the second on its two lines.
        assert abs(coins[0].y - labels[0].y) < 1e-9 and abs(coins[1].y - (labels[1].y + labels[2].y) / 2) < 1e-9
        # Under the board, and inside the drawing.
        frame = laid.scene.frame
        assert max(b[3] for b in boxes) < 0.5 and all(frame.x0 <= b[0] and b[2] <= frame.x1 for b in boxes)


def test_a_target_ring_leaves_the_suit_symbol_of_its_tile_clear_at_any_scale():
    from piecepack_diagrams.render.primitives import annotation_stamp
    from piecepack_diagrams.scene import Highlight
    from piecepack_diagrams.theme import DEFAULT

    symbol_reach = 0.858  # the suit symbol in a tile's corner reaches this far from its centre
    for scale in (0.15, 0.19, 0.3, 0.47, 1.0):
        (ring,) = annotation_stamp(Highlight(0.0, 0.0, 2.0, 2.0, role="target"), DEFAULT, scale).primitives
        inner = max(abs(x) for x, _ in ring.points) - ring.width / 144
        assert inner >= symbol_reach, scale


def test_torn_edges_overlap_beyond_the_corner_they_share():
    from piecepack_diagrams.layout import lay_out
    from piecepack_diagrams.scene import Bounds, Scene, Tear

    laid = lay_out(Scene(_tile_board(), focus=Bounds(0.5, 4.5, 6.5, 10.5)), framing="focus", box=(3.2, 9.0))
    tears = [a for a in laid.scene.annotations if isinstance(a, Tear)]
    window = laid.window
    assert len(tears) == 2  # the board goes on to the right and below

    def inside_by(point, polygon):
        """How far ``point`` lies inside ``polygon`` (negative: outside)."""
        x, y = point
        crossings = sum(1 for (x0, y0), (x1, y1) in zip(polygon, polygon[1:] + polygon[:1])
                        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0))
        edges = []
        for (x0, y0), (x1, y1) in zip(polygon, polygon[1:] + polygon[:1]):
            dx, dy = x1 - x0, y1 - y0
            t = max(0.0, min(1.0, ((x - x0) * dx + (y - y0) * dy) / (dx * dx + dy * dy or 1)))
            edges.append(((x - x0 - t * dx) ** 2 + (y - y0 - t * dy) ** 2) ** 0.5)
        return min(edges) * (1 if crossings % 2 else -1)

    # Past the shared corner, on its diagonal, the covers overlap: no seam for the board to show through.
    corner = (window.x1 + 0.5, window.y0 - 0.5)
    assert max(inside_by(corner, list(t.cover)) for t in tears) > 0.2


def test_every_route_runs_inside_the_tiles_it_crosses():
    """Every point of every leg and route lies inside a tile (or the empty space) the walk
    crosses, and no segment runs along a border or gutter: each runs straight along a line
    through the centres of the spaces (or a lane a tenth of an inch beside it), and turns only
    at a centre, never jogging inside a square."""
    from piecepack_diagrams.scene import Arrow, PathLine

    scenes = _routed_scenes()
    scenes.append(_figures()["landlocked-illegal-move"].scene)
    checked = 0
    for scene in scenes:
        for a in scene.annotations:
            if not isinstance(a, (Arrow, PathLine)) or a.role == "leader":
                continue
            # (The inbound board of a whole route is 11 inches right of the outbound one.)
            points = [(x - 11.0 if x > 11.0 else x, y) for x, y in a.points]
            for (x0, y0), (x1, y1) in itertools.pairwise(points):
                checked += 1
                assert abs(x0 - x1) < 1e-9 or abs(y0 - y1) < 1e-9
                # The fixed coordinate, from the nearest border line between spaces (at odd
                # multiples of 1 inch from the tiles' centres, 0.5 + 2k): at least 0.2 inch.
                fixed = x0 if abs(x0 - x1) < 1e-9 else y0
                border = min(abs((fixed - 0.5) - 2 * round((fixed - 0.5) / 2)), 2.0)
                assert border >= 0.2 - 1e-9, (a, (x0, y0), (x1, y1))
                # Along the line through the centres (at 1.5 + 2k), or a lane beside it.
                lane = (fixed - 1.5) - 2 * round((fixed - 1.5) / 2)
                assert min(abs(lane - offset) for offset in (0.0, 0.1, -0.1)) < 1e-9, (a, (x0, y0), (x1, y1))
                # And no point outside the tiles' grid (inside a space or crossing a border).
                if (x1, y1) != points[-1]:  # a corner: a centre, in a lane
                    cx, cy = (x1 - 1.5) - 2 * round((x1 - 1.5) / 2), (y1 - 1.5) - 2 * round((y1 - 1.5) / 2)
                    assert any(abs(cx - d) < 1e-9 and abs(cy + d) < 1e-9 for d in (0.0, 0.1, -0.1)), (a, (x1, y1))
                for x, y in ((x0, y0), (x1, y1)):
                    bx = abs((x - 0.5) - 2 * round((x - 0.5) / 2))
                    by = abs((y - 0.5) - 2 * round((y - 0.5) / 2))
                    assert bx >= 0.2 - 1e-9 or by >= 0.2 - 1e-9, ("not at a four-tile corner", a, (x, y))
    assert checked > 100


def _route_scenes():
    from piecepack_diagrams.games.landlocked.picture import route_scene
    from piecepack_diagrams.games.landlocked.puzzles import generate_puzzles
    from piecepack_diagrams.games.landlocked.rules import apply_leg

    scenes = [_figures()["landlocked-end"].scene]
    for puzzle in generate_puzzles(3, seed=1):
        states = [puzzle.state]
        for path in puzzle.route.paths:
            states.append(apply_leg(states[-1], list(path)))
        scenes.append(route_scene(states, puzzle.route.paths))
        scenes.append(route_scene(states, puzzle.route.paths, marks=True))
    return scenes


def test_leg_discs_cover_no_rank_suit_coin_pawn_or_other_disc_and_stay_on_their_board():
    from piecepack_diagrams.scene import Marker

    def meets(a, b):
        return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]

    bad = []
    for scene in _route_scenes():
        inks = [box for piece in scene.pieces for box in _glyph_boxes(piece)]
        inks += [(p.x - 0.375, p.y - 0.375, p.x + 0.375, p.y + 0.375) for p in scene.pieces if p.piece.kind == "coin"]
        discs = [m for m in scene.annotations if isinstance(m, Marker) and m.shape == "disc"]
        boxes = [(m.x - m.size / 2, m.y - m.size / 2, m.x + m.size / 2, m.y + m.size / 2) for m in discs]
        for m, box in zip(discs, boxes):
            board = 0.0 if m.x < 11.0 else 11.0  # the outbound board, or the inbound one 11 inches right
            if not (0.5 + board <= box[0] and box[2] <= 10.5 + board and box[1] >= 0.5 and box[3] <= 10.5):
                bad.append((m.text, "off the board"))
            bad += [(m.text, "on", ink) for ink in inks if meets(box, ink)]
            bad += [(m.text, "on disc", o.text) for o, other in zip(discs, boxes) if o is not m and meets(box, other)]
    assert bad == []


def test_marker_coins_of_a_tile_stay_apart_and_are_the_keys_coin():
    from piecepack_diagrams.games.landlocked.picture import key_panel

    seen = 0
    for r in _replays():
        for position in r.positions:
            scene = GAME.scene(position.state)
            coins = [p for p in scene.pieces if p.piece.kind == "coin"]
            key_coin = key_panel(position.state).entries[-1].pieces[0].piece
            assert all(c.piece.suit == key_coin.suit for c in coins)
            for k, a in enumerate(coins):
                for b in coins[k + 1:]:
                    seen += 1
                    assert ((a.x - b.x) ** 2 + (a.y - b.y) ** 2) ** 0.5 >= 0.75, (a, b)
    assert seen > 0


def test_the_keys_target_swatch_is_the_boards_tint_under_a_torn_edge_too():
    from piecepack_diagrams.layout import lay_out
    from piecepack_diagrams.render.primitives import scene_stamps, tinted
    from piecepack_diagrams.render.shapes import Polygon
    from piecepack_diagrams.scene import Group, Highlight, Tear
    from piecepack_diagrams.theme import DEFAULT

    laid = lay_out(_figures()["landlocked-move-home"].scene, box=(3.25, 9.0), framing="focus")
    assert any(isinstance(a, Tear) for a in laid.scene.annotations)  # the crop this is about
    # (One highlight, in two groups: its tint under the key's pieces, its ring over them.)
    swatches = list({h for a in laid.scene.annotations for h in ((a,) if type(a) is Highlight else
                                                                 a.items if isinstance(a, Group) else ())
                     if isinstance(h, Highlight) and (h.x, h.y) != (1.5, 9.5)})  # not the board's, at home
    assert len(swatches) == 1
    sx, sy = swatches[0].x, swatches[0].y
    top = None  # the fill of the last filled polygon drawn over the swatch's centre
    for stamp, dx, dy in scene_stamps(laid.scene, DEFAULT, laid.scale):
        for prim in stamp.primitives:
            if isinstance(prim, Polygon) and prim.fill not in ("none", "") and len(prim.points) >= 3:
                xs = [x + dx for x, _ in prim.points]
                ys = [y + dy for _, y in prim.points]
                if min(xs) <= sx <= max(xs) and min(ys) <= sy <= max(ys):
                    top = prim.fill
    assert top == tinted(DEFAULT).piece_background


def test_legs_of_a_whole_route_differ_in_line_as_well_as_colour():
    from piecepack_diagrams.games.landlocked.picture import LEG_COLOURS
    from piecepack_diagrams.scene import PathLine

    for scene in _route_scenes():
        lines = [a for a in scene.annotations if isinstance(a, PathLine) and a.role == "route"]
        by_colour = {}
        for line in lines:
            by_colour.setdefault(line.colour, set()).add(tuple(line.dash))
        # One line pattern a colour, a different one for each colour.
        assert all(len(d) == 1 for d in by_colour.values()), by_colour
        patterns = [next(iter(d)) for d in by_colour.values()]
        assert len(set(patterns)) == len(patterns) > 1 and set(by_colour) <= set(LEG_COLOURS)


def test_a_positions_key_names_the_target_that_the_whole_board_shows():
    """After a leg, a position's key names the target's square and shows its mark, as the
    whole board (render's and the plates' framing) shows it ringed: it once said "not in
    view" beside a highlighted target, reckoning with a crop the drawing did not make."""
    from piecepack_diagrams.scene import Highlight

    checked = 0
    for r in _replays():
        for position in r.positions[1:]:
            state = position.state
            if state.target is None or state.outcome != "playing":
                continue
            scene = GAME.scene(state)
            rings = [a for a in scene.annotations if isinstance(a, Highlight) and a.role == "target"]
            entry = next(e for e in scene.panels[0].entries if e.text.startswith("Next, leg"))
            assert len(rings) == 1 and "not in view" not in entry.text, entry.text
            assert any(isinstance(a, Highlight) for a in entry.annotations), entry.text
            checked += 1
    assert checked > 10
