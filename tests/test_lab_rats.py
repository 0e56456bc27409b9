"""Lab Rats: the maze checker against piecepackr's mazes, building, the rules and
their worded errors, the shipped records, the solver, the drawings."""

from __future__ import annotations

import csv
import xml.etree.ElementTree as ET
from collections import deque
from pathlib import Path

import pytest

from piecepack_diagrams import parse_records, render, replay, setup_scene
from piecepack_diagrams.cli import main
from piecepack_diagrams.errors import PiecepackError, RuleError, SetupError
from piecepack_diagrams.games.lab_rats import GAME, Tile, build_maze, deal, is_legal_maze, iter_problems, replay_build
from piecepack_diagrams.games.lab_rats.maze import DIE_FACES
from piecepack_diagrams.games.lab_rats.rules import Move, apply_action
from piecepack_diagrams.games.lab_rats.solver import check_solution, solve, solve_advanced

ROOT = Path(__file__).resolve().parents[1]
SETUPS = ROOT.parent / "shared" / "corpus" / "setups"
RECORDS = ROOT / "records" / "lab-rats"


def corpus_maze(seed: int) -> list[Tile]:
    rows = list(csv.DictReader((SETUPS / f"lab_rats_seed{seed}.csv").open()))
    return [Tile.from_centre(float(r["x"]), float(r["y"]), float(r["angle"])) for r in rows
            if r["piece_side"] == "tile_back"]


@pytest.mark.parametrize("seed", range(1, 16))
def test_piecepackr_mazes_are_legal(seed):
    tiles = corpus_maze(seed)
    assert len(tiles) == 24
    assert list(iter_problems(tiles)) == []


def test_every_diagram_1_placement_occurs_in_piecepackr_mazes():
    # Each corpus step matches exactly one placement of our table (null and 3 coincide),
    # and across the corpus all five distinct placements are used.
    seen = set()
    for seed in range(1, 16):
        tiles = corpus_maze(seed)
        for before, after in zip(tiles, tiles[1:]):
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
    assert "would carry the rat" in text and "off the maze at square" in text


def _off_maze(state, distance, heading):
    try:
        apply_action(state, Move(2, heading, None if state.top(2).value else distance))
    except RuleError as exc:
        return "off the maze" in exc.message
    return False


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
    maze, _, stacks = deal(4)
    root = ET.fromstring(render(setup_scene("lab-rats", seed=4), "svg"))
    labels = [el.get("aria-label") or "" for el in root.iter("{http://www.w3.org/2000/svg}path")]
    # The three stack labels "1: 8", "2: 8", "3: 8" and every stack's top coin rank.
    words = " ".join(labels).split()
    assert words.count("8") >= 3 and {"1:", "2:", "3:"} <= set(words)
    text = render(setup_scene("lab-rats", seed=4), "txt").decode()
    assert text.count("P") == 3  # the rat and the two exit pawns
    assert text.count("┼") >= 24  # every tile back shows its 2x2 grid


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
