"""Labyrinth records: the header's position, turns replayed with worded errors, the
referee's games written as records, the drawings, and the shipped games."""

from __future__ import annotations

import io
import json
import subprocess
from dataclasses import replace
from pathlib import Path

import pytest
from raster import rasterize_pdf

from piecepack_diagrams import render
from piecepack_diagrams.cli import main
from piecepack_diagrams.engine import replay, validate_file
from piecepack_diagrams.errors import PiecepackError, RuleError, SetupError
from piecepack_diagrams.games.labyrinth import parse_state, read_values
from piecepack_diagrams.games.labyrinth.deal import deal
from piecepack_diagrams.games.labyrinth.jsonio import state_json
from piecepack_diagrams.games.labyrinth.play import play_game
from piecepack_diagrams.games.labyrinth.rules import Options
from piecepack_diagrams.notation import parse_records
from piecepack_diagrams.scene import Bounds

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT.parent / "shared" / "corpus" / "labyrinth"
RECORDS = ROOT / "records" / "labyrinth"
FIXTURE = "m8/29e847f0d850"  # the fixture the shipped referee game comes from

# A 3x3 board worked out by hand: rows 0 and 2 are corridors running east-west, except a
# north-south tile at the lower right; the centre is a crossing. From the centre the
# avatar reaches row 1 only (the corridor tiles above and below are closed to the north
# and south).
HEADER = """---
GameType: Labyrinth
Board:
  - [─ amethyst ruby, ─ beryl ruby, ─ jasper ruby]
  - [─ zircon ruby, ┼ garnet ruby, ─ diamond ruby]
  - [─ emerald ruby, ─ peridot ruby, │ citrine ruby]
Spare: └ amethyst beryl
Players:
  - {color: red, home: [1, 1], goal: [1, 0], name: Ann}
  - {color: blue, home: [1, 2], goal: [0, 0]}
...
"""


def _game(movetext: str, header: str = HEADER):
    return replay(parse_records(header + movetext + "\n", name="game.ppn")[0])


def _error(movetext: str, header: str = HEADER) -> PiecepackError:
    with pytest.raises(PiecepackError) as err:
        _game(movetext, header)
    return err.value


def test_a_turn_to_an_unreachable_tile_is_refused_in_a_players_words():
    err = _error("1. 0L0@2,1")
    assert isinstance(err, RuleError)
    # Cells as the board's edges name them: (row 1, column 1) counted from 0 is b2.
    assert str(err).startswith("turn 1 (red): after sliding row 1 left, the avatar cannot walk from b2 to b3: "
                               "no path of connected passages leads there")
    assert (err.location.file, err.location.line, err.location.column) == ("game.ppn", 12, 4)


@pytest.mark.parametrize("movetext, words", [
    ("1. 1L0@1,0", "row 2 cannot slide: only rows 1 and 3 and columns a and c do"),
    ("1. 0L0@1,0 2. 0R0@1,1", "turn 2 (blue): sliding row 1 right undoes the previous slide, row 1 left"),
    ("1. 0L45@1,0", "45 is not a rotation"),
    ("1. 0L0@1,1", "the avatar must leave b2"),
    ("1. 0L0@1,5", "the avatar cannot walk off the board: row 2, column f is not on the 3 x 3 board"),
    ("1. 0L0@1,0 0L0@1,2", "a move number holds one turn"),
    ("1. out:green", "no player 'green' is in the game"),
    ("1. 0X0@1,0", "'0X0@1,0' is not a Labyrinth turn"),
    ("1. pass 2. pass 3. pass", "the game is over: every player passed in round 1"),
])
def test_bad_turns_are_refused_in_words(movetext, words):
    assert words in str(_error(movetext))


@pytest.mark.parametrize("change, words", [
    (("  - [─ emerald ruby, ─ peridot ruby, │ citrine ruby]\n", "  - [─ emerald ruby, ─ peridot ruby]\n"), "ragged"),
    (("┼ garnet ruby", "X garnet ruby"), "'X' is not a connector"),
    (("┼ garnet ruby", "┼ bullseye ruby"), "'bullseye' is not a gem"),
    (("┼ garnet ruby", "┼ ruby amethyst"), "already on the tile"),
    (("color: blue", "color: red"), "two players are 'red'"),
    (("goal: [0, 0]", "goal: [0, 3]"), "goal (0, 3) is off the 3x3 board"),
    (("Spare: └ amethyst beryl\n", ""), "no Spare"),
])
def test_bad_headers_are_refused_in_words(change, words):
    header = HEADER.replace(*change)
    assert header != HEADER
    err = _error("1. pass", header)
    assert isinstance(err, SetupError) and words in str(err)


def test_the_course_json_state_may_stand_in_the_header():
    source = CORPUS / f"{FIXTURE}-in.json"
    _specs, state = read_values(source.read_text())
    header = "---\nGameType: Labyrinth\nState: " + json.dumps(state, ensure_ascii=False) + "\n...\n"
    game = _game("1. pass", header)
    assert [p.color for p in game.final.state.position.players] == [p["color"] for p in state["plmt"]]
    assert "State is not JSON" in str(_error("1. pass", "---\nGameType: Labyrinth\nState: '{\"board\": '\n...\n"))


def test_a_turn_slides_turns_the_spare_counter_clockwise_and_moves_riders():
    game = _game("1. 0L90@1,0 2. 0U0@1,1")
    after_first = game.positions[1].state.position
    # Row 0 moved left: the tile from column 1 is now in column 0; the old spare, an
    # open-north-east corner turned a quarter counter-clockwise, opens north and west.
    assert after_first.board.tiles[0][0].gems == ("beryl", "ruby")
    assert after_first.board.tiles[0][2].connector == 1 | 8
    assert after_first.spare.gems == ("amethyst", "ruby")
    # Blue slid column 0 up: red, standing in column 0, rode along from row 1 to row 0.
    final = game.final.state.position
    assert final.players[0].current == (0, 0)
    assert final.last == (0, "UP")


def test_reaching_the_goal_then_home_wins():
    game = _game("1. 0L0@1,0 2. pass 3. 2L0@1,1")
    play = game.final.state
    assert play.ended == "Ann got home" and play.winners() == ["red"]
    assert game.status().outcome == "won"
    assert "turn 4" in str(_error("1. 0L0@1,0 2. pass 3. 2L0@1,1 4. pass"))


def test_players_thrown_out_leave_the_turn_order():
    game = _game("1. out:blue 0L0@1,0")
    assert [p.color for p in game.positions[1].state.position.players] == ["red"]
    game = _game("1. out 2. 0L0@1,0")  # red misbehaves: blue moves next
    assert game.final.state.removed == ("red",)


@pytest.mark.parametrize("path", sorted(RECORDS.glob("*.ppn")), ids=lambda p: p.name)
def test_shipped_records_replay_to_the_referees_verdict(path):
    results = list(validate_file(path))
    assert results and all(r.is_valid() for r in results), [e.format() for r in results for e in r.errors]
    record = parse_records(path.read_text(), name=str(path))[0]
    game = replay(record)
    play = game.final.state
    assert play.ended, "a shipped game is played to its end"
    winners = sorted(play.name_of(c) for c in play.winners())
    # Players who fail the final 'win' call lose their win but are not replayed.
    assert set(record.metadata["Winners"]) <= set(winners)
    assert len(game.positions) > 15


def test_the_referee_game_of_a_fixture_is_the_shipped_record_and_the_fixtures_verdict():
    values = read_values((CORPUS / f"{FIXTURE}-in.json").read_text())
    played = play_game(values, event="Five players, a refereed game")
    assert played.text == (RECORDS / "fixture-m8-five-players.ppn").read_text()
    expected = read_values((CORPUS / f"{FIXTURE}-out.json").read_text())[0]
    metadata = parse_records(played.text)[0].metadata
    assert [metadata["Winners"], metadata["Removed"]] == expected


@pytest.mark.parametrize("milestone", ["m6", "m7", "m8", "m10"])
def test_every_refereed_fixture_replays_as_a_record(milestone):
    checked = 0
    for source in sorted((CORPUS / milestone).glob("*-in.json"))[::4]:
        values = read_values(source.read_text())
        try:
            played = play_game(values, options=Options(setup_ejection_counts=milestone != "m10"))
        except SetupError:
            continue  # states with misspelt gems, repeated pairs or colours: not records
        play = replay(parse_records(played.text)[0]).final.state
        assert play.ended, source.name
        assert set(played.result.winners) <= {play.name_of(c) for c in play.winners()}, source.name
        checked += 1
    assert checked >= 10


def _hand_scene():
    from piecepack_diagrams.api import scene_of

    game = _game("1. 0L90@1,0")
    # The board alone (its key and coordinates beside it are tested with the figures).
    return replace(scene_of(game, "last"), frame=Bounds(-1.0, -3.0, 8.0, 4.0), panels=(), coordinates=None)


def _png_pixels(scene):
    import matplotlib.image as mpimg

    image = mpimg.imread(io.BytesIO(render(scene, "png", scale=1.0)), format="png")

    def at(x: float, y: float) -> str:
        r, g, b = image[int((4.0 - y) * 100), int((x + 1.0) * 100)][:3]
        return f"#{round(r * 255):02X}{round(g * 255):02X}{round(b * 255):02X}"

    return at


def _pdf_pixels(scene):
    raster = rasterize_pdf(render(scene, "pdf", scale=1.0), dpi=100)

    def at(x: float, y: float) -> str:
        return raster.hex(int((x + 1.0) * 100), int((4.0 - y) * 100))

    return at


def _close(colour: str, want: str, tolerance: int = 30) -> bool:
    return all(abs(int(colour[i:i + 2], 16) - int(want[i:i + 2], 16)) <= tolerance for i in (1, 3, 5))


@pytest.mark.parametrize("pixels", [_png_pixels, _pdf_pixels], ids=["png", "pdf"])
def test_the_board_is_drawn_where_the_rules_put_it(pixels):
    at = pixels(_hand_scene())
    wall, passage = "#4A6B52", "#F2EBDD"
    # Tiles are an inch square, row 0 at the top: tile (r, c) is centred at (c + 0.5, 2.5 - r).
    # (0, 2) holds the inserted spare, open north and west.
    assert _close(at(2.5, 2.85), passage) and _close(at(2.15, 2.5), passage)
    assert _close(at(2.85, 2.5), wall) and _close(at(2.5, 2.15), wall)
    # (2, 2) runs north-south; (2, 0) east-west.
    assert _close(at(2.5, 0.85), passage) and _close(at(2.85, 0.5), wall)
    assert _close(at(0.85, 0.5), passage) and _close(at(0.5, 0.85), wall)
    # Ann (red) walked to (1, 0): her avatar is on the tile's centre (beside her initial).
    assert _close(at(0.3, 1.5), "#D62828")
    # The slide of row 0 to the left: an arrow outside the right end of the row.
    assert _close(at(3.4, 2.5), "#C8102E")
    # Blue's home, a square in the lower left corner of (1, 2).
    assert _close(at(2.06, 1.06), "#1F5FAF")  # (beside its initial)


def test_the_board_in_text_shows_each_connector_where_it_stands():
    text = render(_hand_scene(), "txt").decode("utf-8")
    rows = [line for line in text.splitlines() if any(ch in line for ch in "─┼│┘└")]
    glyphs = ["".join(ch for ch in row if ch in "─┼│┘└┌┐") for row in rows]
    # Row 0 after the turn: two corridors and the inserted corner.
    assert glyphs[:3] == ["──┘", "─┼─", "──│"]


def test_svg_of_a_board_is_well_formed_and_names_itself():
    import xml.etree.ElementTree as ET

    root = ET.fromstring(render(_hand_scene(), "svg"))
    assert root.find("{http://www.w3.org/2000/svg}title").text == "Labyrinth"
    assert render(_hand_scene(), "svg") == render(_hand_scene(), "svg")


def test_play_and_deal_commands(tmp_path, capsys):
    state = tmp_path / "state.json"
    assert main(["labyrinth", "deal", "--seed", "3", "--size", "9x9", "--players", "3", "-o", str(state)]) == 0
    dealt = parse_state(json.loads(state.read_text()))  # strict: gems from the list, pairs unique
    assert (dealt.board.height, dealt.board.width, len(dealt.players)) == (9, 9, 3)
    assert all(r % 2 and c % 2 for p in dealt.players for r, c in (p.home, p.goto))
    record = tmp_path / "game.ppn"
    assert main(["labyrinth", "play", str(state), "--players", "Ann:Riemann", "Bob:Euclid", "Cy:Euclid",
                 "-o", str(record)]) == 0
    assert "winners:" in capsys.readouterr().out
    assert all(r.is_valid() for r in validate_file(record))
    assert main(["labyrinth", "play", str(state), "--players", "Ann:Dijkstra", "-o", str(tmp_path / "x.ppn")]) == 1
    assert "is not a player" in capsys.readouterr().err and not (tmp_path / "x.ppn").exists()
    assert main(["labyrinth", "deal", "--size", "7by7"]) == 2


def test_deals_are_seeded_and_unique():
    assert deal(5) == deal(5) and deal(5) != deal(6)
    pairs = [frozenset(t.gems) for row in deal(5).board.tiles for t in row]
    assert len(set(pairs)) == len(pairs)
    assert state_json(deal(5)) == state_json(parse_state(state_json(deal(5))))


def test_plates_of_a_game(tmp_path):
    out = tmp_path / "plates.pdf"
    record = RECORDS / "seven-by-seven-four-players.ppn"
    assert main(["plates", str(record), "--moves", "0-10", "-o", str(out)]) == 0
    info = subprocess.run(["pdfinfo", str(out)], capture_output=True, text=True, check=True).stdout
    pages = int(next(line.split()[-1] for line in info.splitlines() if line.startswith("Pages:")))
    assert pages == 3  # the key on a page of its own, and 11 positions, six to a page
    assert "612 x 792 pts" in info
    again = tmp_path / "again.pdf"
    assert main(["plates", str(record), "--moves", "0-10", "-o", str(again)]) == 0
    assert out.read_bytes() == again.read_bytes()
    assert main(["plates", str(record), "--moves", "5-900", "-o", str(tmp_path / "bad.pdf")]) == 1


def test_legal_moves_are_every_slide_turn_and_reachable_tile():
    game = _game("")
    moves = game.game.legal_moves(game.final.state)
    # Worked out by hand for the 3x3 board, Ann at the centre, 4 turns of the spare each:
    # row 0 either way and row 2 right leave her row alone (2 tiles to walk to: 24 moves);
    # row 2 left brings the north-south tile under the crossing (3 tiles: 12); column 0
    # either way brings a corridor into (1, 0) (2 tiles each: 16); column 2 down brings a
    # corridor into (1, 2) (2 tiles: 8) but up brings the north-south tile, closed to her
    # (1 tile: 4). And pass: 65.
    assert len(moves) == 65 and len(set(moves)) == 65 and moves[-1] == "pass"
    assert "2L90@2,1" in moves and "2R90@2,1" not in moves
    assert "0L0@1,0" in moves and "2U270@1,0" in moves and "2U0@1,2" not in moves
    for move in moves[:-1:7]:
        _game(f"1. {move}")  # each one replays


def test_a_player_thrown_out_at_setup_counts_as_a_move_unless_the_option_says_not():
    _game("1. out:blue pass 2. 0L0@1,0")  # round 1 was not a round of passes
    header = HEADER.replace("...\n", "Options: {setup_ejection_counts: false}\n...\n")
    assert "the game is over: every player passed in round 1" in str(_error("1. out:blue pass 2. 0L0@1,0", header))


def test_a_seed_deals_the_position():
    game = _game("1. pass", "---\nGameType: Labyrinth\nSeed: 3\nSize: 9x9\nPlayers: 3\n...\n")
    assert game.positions[0].state.position == deal(3, height=9, width=9, players=3)
    assert "Size must be ROWSxCOLUMNS" in str(_error("1. pass", "---\nGameType: Labyrinth\nSeed: 3\nSize: big\n...\n"))
