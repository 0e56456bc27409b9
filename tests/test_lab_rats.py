"""Lab Rats: the maze checker against piecepackr's mazes, building, the rules and
their worded errors, the shipped records, the solver, the drawings."""

from __future__ import annotations

import csv
import math
import re
import xml.etree.ElementTree as ET
from collections import deque
from dataclasses import replace
from pathlib import Path

import pytest

from piecepack_diagrams import parse_records, render, replay, setup_scene
from piecepack_diagrams.books import puzzle_book
from piecepack_diagrams.cli import main
from piecepack_diagrams.errors import PiecepackError, RuleError, SetupError
from piecepack_diagrams.figures import FIGURES, RuleFigure, figure_files, figure_set, game_replays
from piecepack_diagrams.pieces import rank_name, suit_name
from piecepack_diagrams.games.lab_rats import GAME, Tile, build_maze, deal, is_legal_maze, iter_problems, replay_build
from piecepack_diagrams.games.lab_rats.maze import DIE_FACES
from piecepack_diagrams.games.lab_rats.picture import COIN_SPOT, RAT_SPOT, ROUTE_COLOURS, exit_spots, solution_scene
from piecepack_diagrams.games.lab_rats.puzzles import make_puzzle
from piecepack_diagrams.games.lab_rats.rules import Move, apply_action
from piecepack_diagrams.games.lab_rats.solver import check_solution, solve, solve_advanced
from piecepack_diagrams.layout import lay_out
from piecepack_diagrams.layout.labels import label_box
from piecepack_diagrams.render.primitives import piece_stamp
from piecepack_diagrams.scene import Arrow, Label, PathLine, PieceMark, Rectangle, Tear
from piecepack_diagrams.sheets import Cell, load_template
from piecepack_diagrams.sheets.pdf import Audit, figure_layout
from piecepack_diagrams.sheets.plates import plate_scenes, plates_pdf
from piecepack_diagrams.theme import THEMES
import itertools

ROOT = Path(__file__).resolve().parents[1]
SETUPS = ROOT.parent / "shared" / "corpus" / "setups"
RECORDS = ROOT / "records" / "lab-rats"


def corpus_maze(seed: int) -> list[Tile]:
    rows = list(csv.DictReader((SETUPS / f"lab_rats_seed{seed}.csv").open()))
    return [Tile.from_centre(float(r["x"]), float(r["y"]), float(r["angle"])) for r in rows
            if r["piece_side"] == "tile_back"]


@pytest.mark.parametrize("seed", range(1, 16))
def test_piecepackr_mazes_are_reproduced_exactly_and_legal(seed):
    tiles = corpus_maze(seed)
    assert len(tiles) == 24
    assert list(iter_problems(tiles)) == []
    # A record's GameType: {Name: Lab Rats, Seed: N} builds exactly this maze, in this order.
    state = GAME.setup({"GameType": {"Name": "Lab Rats", "Seed": seed}})
    assert list(state.maze.tiles) == tiles


def test_every_diagram_1_placement_occurs_in_piecepackr_mazes():
    # Each corpus step matches exactly one placement of our table (null and 3 coincide),
    # and across the corpus all five distinct placements are used.
    seen = set()
    for seed in range(1, 16):
        tiles = corpus_maze(seed)
        for before, after in itertools.pairwise(tiles):
            faces = frozenset(f for f in DIE_FACES if before.placed(f) == after)
            assert faces, (seed, before, after)
            seen.add(faces)
    assert seen == {frozenset({1, 4}), frozenset({2}), frozenset({3}), frozenset({5}), frozenset({6})}


def test_a_misplaced_tile_is_caught():
    tiles = corpus_maze(2)
    moved = tiles[:10] + [Tile(tiles[10].x + 1, tiles[10].y, tiles[10].angle)] + tiles[11:]
    problems = list(iter_problems(moved))
    assert problems and problems[0][0] == 10
    assert "tile 11" in problems[0][1]
    overlapping = tiles[:5] + [tiles[3]] + tiles[6:]
    assert any("overlap" in text for _, text in iter_problems(overlapping))


def test_builds_are_deterministic_legal_and_replayable():
    backed_out = 0
    for seed in range(60):
        maze, steps = build_maze(seed)
        assert build_maze(seed) == (maze, steps)
        assert len(maze.tiles) == 24 and is_legal_maze(maze.tiles)
        assert replay_build(steps).maze == maze
        backed_out += sum(s.kind == "back" for s in steps)
    assert backed_out > 0  # some builds got stuck and backed out, and still ended legal


def _record(header: str, movetext: str):
    return parse_records(f"---\nGameType: Lab Rats\n{header}\n...\n{movetext}\n", name="t.ppn")[0]


def test_rule_errors_name_the_move_the_place_and_the_rule():
    state = GAME.setup({}, seed=7)
    coin = state.top(2)
    # Find a heading where the coin of stack 2 would leave the maze, to check the wording.
    heading = next(h for h in (0, 90, 180, 270) if _off_maze(state, coin.value or 1, h))
    letter = {0: "N", 90: "W", 180: "S", 270: "E"}[heading]
    rec = _record("Seed: 7", f"1. 2{letter}{'' if coin.value else 1}")
    with pytest.raises(RuleError) as err:
        replay(rec)
    text = err.value.format()
    assert text.startswith("t.ppn:5:4: error: move 1 (2")
    # In a player's words: how far which way, and how much maze there is that way; no
    # internal coordinates such as "(0, 2)".
    way = {0: "north", 90: "west", 180: "south", 270: "east"}[heading]
    assert f"would carry the rat {coin.value or 1} square" in text and f"{way}, off the maze: " in text
    assert re.search(r"\(-?\d+, -?\d+\)", text) is None


def _off_maze(state, distance, heading):
    try:
        apply_action(state, Move(2, heading, None if state.top(2).value else distance))
    except RuleError as exc:
        return "off the maze" in exc.message
    return False


def test_each_position_knows_the_action_that_led_to_it():
    # Drawings use it (a coin just discarded or returned); states alike but for it are equal.
    result = replay(parse_records((RECORDS / "standard-win-built-roll-by-roll.ppn").read_text(), name="w")[0])
    texts = [p.state.last_action.text if p.state.last_action else None for p in result.positions]
    assert texts[:6] == [None, None, "3N1", "1E", "B", "R3"]
    state = result.positions[5].state
    assert state == replace(state, last_action=None)


@pytest.mark.parametrize("header, movetext, wording", [
    ("Seed: 7\nVariant: advanced", "1. 1x 2. B", "the advanced version has no backing up"),
    ("Seed: 7", "1. B", "there is no movement coin to back up to"),
    ("Seed: 7", "1. 1x 2. 1x 3. 1x 4. 1x 5. 1x 6. 1x 7. 1x 8. 1x 9. 1x", "stack 1 is empty"),
    ("Seed: 7", "1. R1", "the rat is not on a movement coin"),
    ("Seed: 7", "1. 4N", "is not a Lab Rats move"),
    ("Seed: 7", "build. 5x", "may not be re-rolled"),
    ("Seed: 7", "build. 2 <", "back out only when no roll fits"),
])
def test_bad_moves_are_worded_and_lenient_replay_goes_on(header, movetext, wording):
    rec = _record(header, movetext + " 99. 3x")
    with pytest.raises(PiecepackError, match=wording):
        replay(rec)
    lenient = replay(rec, strict=False)
    assert len(lenient.errors) == 1 and lenient.errors[0].location is not None
    assert lenient.positions[-1].label == "99."  # the moves after the error were still replayed


def test_setup_errors():
    with pytest.raises(SetupError, match="coins' order is not given"):
        GAME.setup({})
    tiles = [[t.x + 0.5, t.y + 0.5, t.angle] for t in corpus_maze(3)]
    tiles[7][0] += 2
    with pytest.raises(SetupError, match="not a legal maze: tile 8"):
        GAME.setup({"Tiles": tiles, "Seed": 1})
    with pytest.raises(SetupError, match="Rolls build only"):
        GAME.setup({"Rolls": "3 3 3", "Seed": 1})
    with pytest.raises(SetupError, match="unknown Lab Rats option"):
        GAME.setup({"Seed": 1, "Options": {"corners": False}})


def test_a_corpus_maze_plays_from_the_header():
    tiles = [[t.x + 0.5, t.y + 0.5, t.angle] for t in corpus_maze(5)]
    state = GAME.setup({"Tiles": tiles, "Seed": 3})
    assert state.maze_from == "tiles" and len(state.maze.squares) == 96
    assert state.rat in state.maze.squares


@pytest.mark.parametrize("name, outcome", [
    ("standard-win-built-roll-by-roll", "won"),
    ("advanced-seed-7-win", "won"),
    ("advanced-seed-6-loss", "lost"),
    ("standard-seed-13-conceded", "lost"),
])
def test_shipped_records_replay_to_their_outcome(name, outcome):
    result = replay(parse_records((RECORDS / f"{name}.ppn").read_text(), name=name)[0])
    assert result.is_valid()
    assert result.status().outcome == outcome


def test_the_loss_record_is_a_deal_with_no_escape():
    assert not solve_advanced(GAME.setup({"Variant": "advanced"}, seed=6)).solvable


def _reference_fewest_coins(state):
    """An independent breadth-first search over (square, stack heights), one coin per step."""
    squares = state.maze.squares
    exits, exit_heading = state.exit_squares, state.exit_heading
    step = {0: (0, 1), 90: (-1, 0), 180: (0, -1), 270: (1, 0)}
    start = (state.rat, tuple(len(s) for s in state.stacks))
    depth = {start: 0}
    queue = deque([start])
    while queue:
        (x, y), heights = node = queue.popleft()
        for k in range(3):
            if not heights[k]:
                continue
            value = state.stacks[k][heights[k] - 1].rank - 1
            after = heights[:k] + (heights[k] - 1,) + heights[k + 1:]
            children = [((x, y), after)]
            for heading, (dx, dy) in step.items():
                path, (cx, cy) = [], (x, y)
                while True:
                    cx, cy = cx + dx, cy + dy
                    if (cx, cy) not in squares:
                        break
                    path.append((cx, cy))
                # Out across the exit: reach an exit square with distance to spare.
                if heading == exit_heading:
                    run = [(x, y)] + path
                    for i, sq in enumerate(run):
                        if sq in exits and (value == 0 or value >= i + 1):
                            return depth[node] + 1
                lengths = range(1, len(path) + 1) if value == 0 else [value] if value <= len(path) else []
                children += [(path[n - 1], after) for n in lengths]
            for child in children:
                if child not in depth:
                    depth[child] = depth[node] + 1
                    queue.append(child)
    return None


@pytest.mark.parametrize("seed", [1, 6, 7, 13, 20, 23, 29, 36])
def test_advanced_solver_agrees_with_a_plain_search(seed):
    state = GAME.setup({"Variant": "advanced"}, seed=seed)
    solution = solve_advanced(state)
    expected = _reference_fewest_coins(state)
    assert (solution.coins if solution.solvable else None) == expected
    if solution.solvable:
        assert check_solution(state, solution.actions)


def test_standard_solver_never_needs_more_coins_than_advanced():
    state = GAME.setup({}, seed=7)
    plain, standard = solve_advanced(state), solve(state, advanced=False, budget=3000)
    assert standard.solvable and standard.coins <= plain.coins
    assert check_solution(state, standard.actions)


def test_setup_drawing_shows_the_maze_pawns_and_stacks():
    _maze, _, stacks = deal(4)
    root = ET.fromstring(render(setup_scene("lab-rats", seed=4, builder="rulings"), "svg"))
    labels = [el.get("aria-label") or "" for el in root.iter("{http://www.w3.org/2000/svg}path")]
    # The three stacks titled "Stack 1" .. "Stack 3", each with its count; the rat and the
    # exit named; every stack's top coin's rank.
    words = " ".join(labels)
    assert words.count("8 coins") == 3 and all(f"Stack {k}" in words for k in (1, 2, 3))
    # (Words of one style may share one path: its label then names them all.)
    assert {"rat", "exit"} <= set(words.split())
    assert {stack[-1].text[0].replace("a", "A") for stack in stacks} <= set(labels)
    text = render(setup_scene("lab-rats", seed=4, builder="rulings"), "txt").decode()
    assert text.count("P") == 3  # the rat and the two exit pawns
    assert text.count("┼") >= 24  # every tile back shows its 2x2 grid
    # A stack shows its top coin in text, as on the table: three coins, not the depth of each.
    assert len(re.findall(r"\([n2-5A]\)", text)) == 3


def test_cli_figure_and_solve(tmp_path, capsys):
    out = tmp_path / "diagram-1.svg"
    assert main(["figure", "lab-rats-maze-building", "-o", str(out)]) == 0
    root = ET.fromstring(out.read_bytes())
    labels = " ".join(el.get("aria-label") or "" for el in root.iter("{http://www.w3.org/2000/svg}path"))
    for face in ("null", "ace", "2", "3", "4", "5"):
        assert face in labels.split()
    assert main(["figure", "no-such-figure"]) == 2
    assert "unknown figure" in capsys.readouterr().err
    assert main(["solve", "lab-rats", "--seed", "7", "--advanced"]) == 0
    expected = _reference_fewest_coins(GAME.setup({"Variant": "advanced"}, seed=7))
    assert f"escapes with {expected} coins" in capsys.readouterr().out


def test_replay_csv_lists_the_drawn_pieces_of_each_position(capsys):
    assert main(["replay", str(RECORDS / "advanced-seed-7-win.ppn"), "--format", "csv"]) == 0
    rows = list(csv.DictReader(capsys.readouterr().out.splitlines()))
    positions = {r["move_index"] for r in rows}
    assert len(positions) == 14  # the setup and 13 moves
    for index in positions:
        sides = [r["piece_side"] for r in rows if r["move_index"] == index]
        assert sides.count("tile_back") == 24 and sides.count("pawn_face") == 3


def test_the_readme_record_is_a_complete_won_game():
    readme = (ROOT / "README.md").read_text()
    start = readme.index("```text\n---\nGameType: Lab Rats") + len("```text\n")
    text = readme[start:readme.index("```", start)]
    result = replay(parse_records(text, name="README.md")[0])
    assert result.is_valid() and result.status().outcome == "won"


# --- Rulebook-grade pictures (issue 16) -------------------------------------------------------



@pytest.fixture(scope="module")
def figures():
    return {f.name: f for f in figure_set("lab-rats", game_replays("lab-rats", ROOT / "records")).figures}


def _replays():
    return {Path(r.record.file).stem: r for r in game_replays("lab-rats", ROOT / "records")}


def _box(p):
    x0, y0, x1, y1 = piece_stamp(p.piece, p.angle, THEMES["default"]).box
    return p.x + x0, p.y + y0, p.x + x1, p.y + y1


def _overlap(a, b):
    return max(0.0, min(a[2], b[2]) - max(a[0], b[0])) * max(0.0, min(a[3], b[3]) - max(a[1], b[1]))


@pytest.mark.parametrize("theme", ["default", "print"])
def test_every_lab_rats_product_passes_the_layout_audit(theme, figures):
    # The figure set (each figure as its template prints it), a record's plates (a won game
    # whose window follows long null-coin moves) and a puzzle book, puzzles and answer key.
    found: list = []
    figure_files(figures.values(), formats=("pdf",), theme=THEMES[theme], audit=found)
    for name in ("advanced-seed-7-win", "standard-win-built-roll-by-roll"):
        plates = Audit(name)
        plates_pdf(_replays()[name], theme=THEMES[theme], audit=plates)
        assert plates.drawings == len(_replays()[name].positions)
        found += plates.findings
    book = Audit("book")
    # Four puzzles: the third's key starts with a discard where the rat stands on its start.
    puzzle_book("lab-rats", count=4, seed=1, theme=THEMES[theme], audit=book)
    assert book.drawings == 4 * 2 + 4  # puzzles with their stacks, then the keys
    found += book.findings
    assert [f.format() for f in found] == []


def test_figures_fit_their_column_and_moves_are_cropped_to_the_move(figures):
    for figure in figures.values():
        template = load_template(figure.template)
        laid = figure_layout(Cell(replace(figure.scene, caption=""), figure.scene.caption), template,
                             framing=figure.framing)
        (_, _, width, _), *_ = template.cells()
        # Nothing runs off the page (a label set just outside the board may take a hair of the
        # page's margin).
        assert laid.width <= width + 0.02, figure.name
        if not figure.name.startswith("lab-rats-move-") and figure.name != "lab-rats-illegal-move":
            continue
        board = replace(figure.scene, annotations=()).bounds(margin=0.0)
        window = laid.window
        # A few squares round the move, not the maze: the window is a small part of the board,
        # holds the rat, and the board goes on under torn edges.
        assert window.width * window.height < 0.2 * board.width * board.height, figure.name
        rat = next(p for p in figure.scene.pieces if p.piece.kind == "pawn" and p.piece.suit == 3)
        assert window.x0 < rat.x < window.x1 and window.y0 < rat.y < window.y1
        assert any(isinstance(a, Tear) for a in laid.scene.annotations), figure.name
        # The stacks are beside the board whatever the crop: three titled panels.
        titles = [a.text for a in laid.scene.annotations if isinstance(a, Label) and a.role == "panel-title"]
        assert titles == ["Stack 1", "Stack 2", "Stack 3"]
        assert sum(isinstance(a, PieceMark) and a.piece.piece.kind == "coin" for a in laid.scene.annotations) >= 3


def test_the_examples_show_their_rules(figures):
    replays = _replays()
    # The null coin's example moves more than one square ("any number of squares").
    null = figures["lab-rats-move-null-coin"]
    result = next(r for r in replays.values() if r.record.file == null.source)
    before, after = result.positions[null.position].state, result.positions[null.position + 1].state
    assert before.top(int(null.move[0])).rank == 1
    assert abs(after.rat[0] - before.rat[0]) + abs(after.rat[1] - before.rat[1]) >= 2
    # The setup shown is a deal the rat escapes from.
    setup = figures["lab-rats-setup"]
    assert next(r for r in replays.values() if r.record.file == setup.source).status().outcome == "won"
    # Captions speak a player's words: no internal coordinates.
    for figure in figures.values():
        assert re.search(r"\(-?\d+, -?\d+\)", figure.scene.caption) is None, figure.name


def test_the_rat_and_the_coins_on_its_square_both_show():
    for result in _replays().values():
        for position in result.positions:
            state = position.state
            if state.building:
                continue
            scene = result.game.scene(state)
            coins = [p for p in scene.pieces if p.piece.kind == "coin"]
            rat = next(p for p in scene.pieces if p.piece.kind == "pawn" and p.piece.suit == 3)
            tops = {}
            for down in state.down:
                tops[down.square] = down.coin
            for square, coin in tops.items():
                # The top coin of each pile lies on its square's coin spot (not drifted to a
                # neighbouring square) and is the one drawn last there.
                spot = (square[0] + COIN_SPOT[0], square[1] + COIN_SPOT[1])
                top = [p for p in coins if (p.x, p.y) == pytest.approx(spot)]
                assert len(top) == 1 and (top[0].piece.suit, top[0].piece.rank) == (coin.suit, coin.rank)
            if state.outcome != "won":
                assert (rat.x, rat.y) == pytest.approx((state.rat[0] + RAT_SPOT[0], state.rat[1] + RAT_SPOT[1]))


def _square_of(x, y):
    return round(x), round(y)


def test_every_piece_on_a_square_lies_within_it_the_rat_over_its_coins():
    # Drawn tiles are 1.94 inches across: a square on a tile's edge ends 0.47 inches from its
    # centre, in the middle of the tile's edge line. Every coin drawn on the maze (all of a
    # pile's shown coins) and the rat lie inside their square (within that line), so no piece
    # sits on a grid line or a tile's edge; the rat is drawn after the coins of its square
    # (they lie under it).
    edge_line = 2 * THEMES["default"].line_width / 72
    half = 0.47 + edge_line / 2
    for result in _replays().values():
        for position in result.positions:
            state = position.state
            if state.building:
                continue
            pieces = result.game.scene(state).pieces
            for k, p in enumerate(pieces):
                if p.piece.kind == "tile":
                    continue
                is_rat = p.piece.kind == "pawn" and p.piece.suit == 3
                if p.piece.kind == "pawn" and not (is_rat and state.outcome != "won"):
                    continue  # the exit pawns and an escaped rat stand off the maze
                sx, sy = state.rat if is_rat else _square_of(p.x, p.y)
                x0, y0, x1, y1 = _box(p)
                assert sx - half <= x0 and x1 <= sx + half and sy - half <= y0 and y1 <= sy + half, (
                    result.record.file, p)
                if is_rat:
                    below = [j for j, q in enumerate(pieces) if q.piece.kind == "coin"
                             and _square_of(q.x, q.y) == state.rat]
                    assert all(j < k for j in below)


def test_a_move_arrow_starts_on_the_coin_the_rat_left():
    for result in _replays().values():
        for _before, after in zip(result.positions, result.positions[1:]):
            state = after.state
            if state.building or state.last_move is None or not isinstance(state.last_action, Move):
                continue
            start, _ = state.last_move
            scene = result.game.scene(state)
            arrow = next(a for a in scene.annotations if isinstance(a, Arrow))
            spot = (start[0] + COIN_SPOT[0], start[1] + COIN_SPOT[1])
            assert math.dist(arrow.start, spot) < 0.375, result.record.file


@pytest.mark.parametrize("rank", range(1, 7))
def test_the_rat_on_a_pile_hides_none_of_its_top_coin_number(rank):
    # Drawn and rasterized: the number's ink on the top coin of a deep pile under the rat is
    # the same with the rat standing there as without it.
    from piecepack_diagrams.pieces import Piece
    from piecepack_diagrams.scene import Scene, ScenePiece, stacked
    from raster import rasterize_pdf

    tile = ScenePiece(Piece("tile", "back", 1, 1), 0.5, 0.5)
    coins = [Piece("coin", "face", 4, 2)] * 3 + [Piece("coin", "face", 4, rank)]
    pile = stacked(coins, *COIN_SPOT, shown=4)
    rat = ScenePiece(Piece("pawn", "face", 3, 1), *RAT_SPOT)
    blue = THEMES["default"].suit_colour(4)

    def number_ink(pieces):
        page = rasterize_pdf(render(Scene(tuple(pieces)), "pdf", scale=1.0), dpi=100)
        want = tuple(int(blue[k:k + 2], 16) for k in (1, 3, 5))
        return {(px, py) for py in range(page.height) for px in range(page.width)
                if all(abs(a - b) < 40 for a, b in zip(page.rgb(px, py), want))}

    alone = number_ink([tile, *pile])
    assert alone and number_ink([tile, *pile, rat]) == alone


def test_an_escaped_rat_stands_clear_of_the_exit_pawns_and_of_its_arrow():
    for result in _replays().values():
        if result.status().outcome != "won":
            continue
        scene = result.game.scene(result.final.state)
        pawns = [p for p in scene.pieces if p.piece.kind == "pawn"]
        rat = next(p for p in pawns if p.piece.suit == 3)
        posts = [p for p in pawns if p.piece.suit != 3]
        assert [(p.x, p.y) for p in posts] == list(exit_spots(result.final.state.maze))
        assert all(_overlap(_box(rat), _box(post)) == 0.0 for post in posts)
        arrow = next(a for a in scene.annotations if isinstance(a, Arrow))
        x, y = arrow.end
        for p in pawns:
            x0, y0, x1, y1 = _box(p)
            assert not (x0 <= x <= x1 and y0 <= y <= y1)
        # Off the maze: no exit pawn stands on a maze square.
        squares = result.final.state.maze.squares
        assert all((round(p.x), round(p.y)) not in squares for p in posts)


def test_a_returned_coin_is_ringed_on_its_stack_and_discards_are_named(figures):
    laid = lay_out(figures["lab-rats-move-return"].scene, box=(3.17, 9.0), framing="focus")
    rings = [a for a in laid.scene.annotations if isinstance(a, PathLine) and a.role == "ring"]
    coins = [a.piece for a in laid.scene.annotations if isinstance(a, PieceMark) and a.piece.piece.kind == "coin"]
    assert len(rings) == 1
    cx = sum(x for x, _ in rings[0].points[:-1]) / (len(rings[0].points) - 1)
    cy = sum(y for _, y in rings[0].points[:-1]) / (len(rings[0].points) - 1)
    ringed = min(coins, key=lambda p: math.dist((p.x, p.y), (cx, cy)))
    assert math.dist((ringed.x, ringed.y), (cx, cy)) < 1e-6
    # It is stack 3's top coin: in the panel under the title "Stack 3" (the last panel).
    titles = [a for a in laid.scene.annotations if isinstance(a, Label) and a.role == "panel-title"]
    third = next(a for a in titles if a.text == "Stack 3")
    assert min(titles, key=lambda a: math.dist((a.x, a.y), (ringed.x, ringed.y))) is third
    discard = lay_out(figures["lab-rats-move-discard"].scene, box=(3.17, 9.0), framing="focus")
    # The discarded coin shows under the rat; a second label for that square would sit on another.
    names = [a.text for a in discard.scene.annotations if isinstance(a, Label) and a.role == "name"]
    assert "rat" in names and "discarded" not in names


def test_names_cross_no_tile_edge_or_grid_line_where_a_spot_is_free(figures):
    # "rat" and "exit" sit within squares or off the maze, not across the lines the tiles
    # print (the label placement keeps off them when a spot near the thing is free).
    from piecepack_diagrams.layout.labels import segment_hits_box, tile_lines

    checked = 0
    for figure in figures.values():
        laid = figure_layout(Cell(replace(figure.scene, caption=""), figure.scene.caption),
                             load_template(figure.template), framing=figure.framing)
        lines = [line for p in laid.scene.pieces for line in tile_lines(p)]
        for label in laid.scene.annotations:
            if isinstance(label, Label) and label.role == "name":
                checked += 1
                assert not any(segment_hits_box(line, label_box(label)) for line in lines), (figure.name, label.text)
    assert checked >= 10


def test_a_label_keeps_off_tile_lines_when_a_spot_round_its_thing_is_free():
    # The spot right of the pawn (tried first) crosses the tile's edge; the one left of it
    # lies within the square, off every line: that one is taken.
    from piecepack_diagrams.layout.labels import place_labels, segment_hits_box, tile_lines
    from piecepack_diagrams.pieces import Piece
    from piecepack_diagrams.scene import Bounds, ScenePiece

    tile = ScenePiece(Piece("tile", "back", 1, 1), 0.5, 0.5)
    pawn = ScenePiece(Piece("pawn", "face", 3, 1), 1.1, 0.0)
    (label,), _ = place_labels([Label(1.1, 0.0, "rat", 7.5, place="near")], [tile, pawn], [],
                               Bounds(-1.0, -1.0, 3.0, 2.0), 1.0, THEMES["default"])
    assert not any(segment_hits_box(line, label_box(label)) for line in tile_lines(tile))
    assert math.dist((label.x, label.y), (1.1, 0.0)) < 0.6  # still beside the pawn


def test_exit_is_named_where_it_shows_and_not_where_it_is_torn_off(figures):
    def names(figure):
        laid = lay_out(figure.scene, box=(6.5, 9.0), framing=figure.framing)
        return {a.text for a in laid.scene.annotations if isinstance(a, Label) and a.role == "name"}

    assert names(figures["lab-rats-setup"]) == {"rat", "exit"}
    assert names(figures["lab-rats-move-discard"]) == {"rat"}


def test_diagram_1_draws_five_placements_and_where_the_player_sits():
    scene = FIGURES["lab-rats-maze-building"]()
    shaded = [a for a in scene.annotations if isinstance(a, Rectangle) and a.role == "shaded"]
    labels = [a for a in scene.annotations if isinstance(a, Label)]
    assert len(shaded) == 5
    texts = [a.text for a in labels]
    assert sorted(t for t in texts if len(t) < 12) == ["2", "4", "5", "ace", "null or 3"]
    player = next(a for a in labels if "player" in a.text)
    assert player.y < min(r.y - r.height / 2 for r in shaded)  # along the bottom edge
    assert scene.caption.split("\n")[0] == "Diagram 1. Maze building"
    # In its 3.25-inch PDF: labels at 7 pt or more (the audit above), the title line alone in
    # the document's title, and plain text shows every label whole.
    pdf = figure_files([RuleFigure("d1", scene, framing="whole")], formats=("pdf",))["d1.pdf"]
    assert b"/Title (Diagram 1. Maze building)" in pdf
    text = render(scene, "txt").decode()
    for label in texts:
        assert label in text


def test_an_answer_key_numbers_every_step_beside_it_along_the_squares_taken():
    puzzle = make_puzzle(1)
    scene = solution_scene(puzzle.state, puzzle.solution.actions)
    laid = lay_out(scene, box=(7.3, 3.6))
    legs = [a for a in laid.scene.annotations if isinstance(a, PathLine) and a.role == "route"]
    numbers = {a.text: a for a in laid.scene.annotations if isinstance(a, Label) and a.role == "step"}
    moves = [k for k, a in enumerate(puzzle.solution.actions, start=1) if isinstance(a, Move)]
    assert len(legs) == len(moves)
    # Legs in turn in the route colours, each numbered by its step, the number beside it.
    assert [leg.colour for leg in legs] == [ROUTE_COLOURS[(k - 1) % len(ROUTE_COLOURS)] for k in moves]
    state = puzzle.state
    for leg, step in zip(legs, moves):
        label = numbers[str(step)]
        x0, y0, x1, y1 = label_box(label)
        (ax, ay), (bx, by) = leg.points[-2], leg.points[-1]
        near = math.dist(((x0 + x1) / 2, (y0 + y1) / 2), ((ax + bx) / 2, (ay + by) / 2))
        assert near <= 0.5 * math.dist((ax, ay), (bx, by)) + 0.35 / laid.scale, step
    # Along the squares the rat took: each leg runs from where the rat stood to where it went.
    for step, action in enumerate(puzzle.solution.actions, start=1):
        after = apply_action(state, action)
        if isinstance(action, Move) and after.outcome != "won":
            leg = legs[moves.index(step)]
            (ax, ay), (bx, by) = leg.points[-2], leg.points[-1]
            assert math.dist((ax, ay), state.rat) < 0.7 and math.dist((bx, by), after.rat) < 0.7
        state = after
    # No two numbers on one spot.
    boxes = [label_box(a) for a in numbers.values()]
    assert all(_overlap(a, b) == 0.0 for i, a in enumerate(boxes) for b in boxes[i + 1:])


def test_plates_keep_one_scale_and_follow_the_move():
    result = _replays()["advanced-seed-7-win"]
    _, scenes = plate_scenes(result)
    sizes = {(round(s.frame.width, 6), round(s.frame.height, 6)) for s in scenes}
    assert len(sizes) == 1
    board = result.game.scene(result.final.state).bounds(margin=0.0)
    width, height = sizes.pop()
    assert width * height < 0.3 * board.width * board.height  # a window, not the maze
    for scene, _position in zip(scenes, result.positions):
        rat = next(p for p in scene.pieces if p.piece.kind == "pawn" and p.piece.suit == 3)
        assert scene.frame.x0 < rat.x < scene.frame.x1 and scene.frame.y0 < rat.y < scene.frame.y1


def test_a_wide_maze_prints_across_the_page():
    laid = lay_out(setup_scene("lab-rats", seed=3, builder="rulings"))
    assert laid.width > laid.height and laid.width <= 10.02 and laid.height <= 7.52


def test_a_maze_still_being_built_is_plated_whole():
    # The build record's setup is one tile: framed whole, not lost in the window the record's
    # moves need (an empty band round it).
    result = _replays()["standard-win-built-roll-by-roll"]
    _, scenes = plate_scenes(result)
    first, later = scenes[0].frame, scenes[2].frame
    assert first.width < 3.0 and first.height < 3.5
    assert later.width > first.width + 2.0 and later.height > first.height + 2.0


def test_stacks_in_text_count_every_coin_and_keep_their_words_apart(figures):
    # Under the stacks' titles, each stack's size as text draws it ("7×(5)", a lone coin
    # "(5)") agrees with its count in words ("7 coins"), and no words run into others.
    seen = 0
    for figure in figures.values():
        text = render(figure.scene, "txt").decode()
        if "Stack 1" not in text:
            continue  # Diagram 1: tiles only
        stacks = text[text.index("Stack 1"):text.rindex("\n\n")]  # the caption comes last
        drawn = [int(n or 1) for n in re.findall(r"(?:(\d+)×)?\(\w\)", stacks)]
        words = [int(n) for n in re.findall(r"(?<!\S)(\d+) coins?(?!\S)", stacks)]
        assert len(re.findall(r"coin", stacks)) == len(words), stacks
        assert sorted(drawn) == sorted(words), stacks
        seen += len(words)
    assert seen >= 3 * 8  # three stacks in most figures


@pytest.mark.parametrize("name", ["advanced-seed-6-loss", "standard-seed-13-conceded"])
def test_text_counts_every_coin_of_a_deal_once(name):
    # Piles on the maze and the stacks are drawn at most four coins deep; text still counts
    # every coin under them: the 24 coins of the deal, in piles and stacks.
    result = _replays()[name]
    for k in (len(result.positions) // 2, len(result.positions) - 1):
        text = render(result.game.scene(result.positions[k].state), "txt").decode()
        coins = [int(n or 1) for n in re.findall(r"(?:(\d+)×)?\([\wn]\)", text)]
        assert sum(coins) == 24, text
        assert max(coins) > 4  # a stack or a pile deeper than drawn


def test_a_puzzle_page_gives_the_maze_the_room_the_stacks_leave():
    # The maze, which the player plays on, fills the cell's width or most of its height; the
    # stacks in their band under it keep their numbers large.
    from piecepack_diagrams.books import puzzle_document
    from piecepack_diagrams.sheets.pdf import _laid_cell

    (pages, front), _ = puzzle_document("lab-rats", count=3, seed=1).sections
    box = front.cells()[0]
    for page in pages:
        laid = _laid_cell(page.cells[0], box, front, THEMES["default"])
        assert laid.scene.width >= 0.97 * box[2] or laid.scene.height >= 0.67 * box[3]
        assert 0.48 * laid.legend.scale * 72 >= 10  # a coin's number, points
        # The stacks' words are whole within their band (none cut off at its edge).
        frame = laid.legend.scene.frame
        for label in laid.legend.scene.annotations:
            if isinstance(label, Label):
                x0, _y0, x1, _y1 = label_box(label)
                assert frame.x0 - 1e-9 <= x0 and x1 <= frame.x1 + 1e-9, label.text


def test_a_move_caption_speaks_of_the_coin_it_took_not_of_the_stack_drawn(figures):
    # A figure shows the position after the move: the stack beside the board already shows the
    # next coin, so a caption calling the coin that moved "the top coin of stack 1" contradicts it.
    for name in ("lab-rats-move-rat", "lab-rats-move-null-coin", "lab-rats-move-discard", "lab-rats-end"):
        caption = figures[name].scene.caption
        said = re.search(r"the (\w+) of (\w+), taken from the top of stack (\d)", caption, re.I)
        assert said and "top coin of stack" not in caption, (name, caption)
        # ... and that coin is no longer the top coin the figure draws for that stack.
        stack = next(p for p in figures[name].scene.panels if p.title.startswith(f"Stack {said.group(3)}"))
        tops = [m for m in stack.pieces if m.piece.kind == "coin"]
        top = max(tops, key=lambda m: m.y) if tops else None
        assert top is None or (rank_name(top.piece.rank), suit_name(top.piece.suit)) != said.groups()[:2], name
