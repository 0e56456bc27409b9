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
    return LandlockedState(deal_from_pieces(pieces, outbound, inbound))


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


def test_drawing_marks_passes_and_the_target():
    import xml.etree.ElementTree as ET

    result = replay(parse_records((RECORDS / "won-fewest-passes.ppn").read_text(), name="w")[0])
    state = result.position(5).state
    scene = GAME.scene(state)
    coins = [p for p in scene.pieces if p.piece.kind == "coin"]
    assert len(coins) == state.markers and state.markers > 0
    assert sum(1 for p in scene.pieces if p.piece.kind == "tile" and p.piece.side == "face") == 12
    assert any(type(a).__name__ == "PathLine" for a in scene.annotations)
    assert any(type(a).__name__ == "Highlight" for a in scene.annotations)
    ET.fromstring(render(scene, "svg"))


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
        assert all(b[3] <= a[1] + 1e-9 for a, b in zip(boxes, boxes[1:])), "each line under the one before"
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
