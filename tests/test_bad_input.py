"""Bad input: a located, worded error, a non-zero exit, quickly, and no output left behind."""

from __future__ import annotations

import re
import time

import pytest

from piecepack_diagrams import NotationError, RuleError, parse_records, replay
from piecepack_diagrams.cli import main

ERROR_LINE = re.compile(r"^(?P<file>[^:]+):(?P<line>\d+):(?P<col>\d+): error: (?P<message>.+)$")


def run_render(tmp_path, capsys, content: bytes | str, name: str = "bad.ppn"):
    record = tmp_path / name
    record.write_bytes(content if isinstance(content, bytes) else content.encode())
    out = tmp_path / "out" / "picture.svg"
    start = time.perf_counter()
    code = main(["render", str(record), "-o", str(out)])
    elapsed = time.perf_counter() - start
    err = capsys.readouterr().err.strip().splitlines()
    assert code == 1
    assert elapsed < 2.0
    assert not out.exists(), "no output file may be left behind"
    assert not (tmp_path / "out").exists() or not list((tmp_path / "out").iterdir())
    match = ERROR_LINE.match(err[-1])
    assert match, err
    return match["file"], int(match["line"]), int(match["col"]), match["message"]


def test_broken_yaml(tmp_path, capsys):
    file, line, _col, message = run_render(tmp_path, capsys, "---\nGameType: [Tablut\nEvent: x\n...\n1. a4-a3\n")
    assert file.endswith("bad.ppn") and line == 3
    assert "broken YAML" in message


def test_unterminated_comment(tmp_path, capsys):
    _, line, col, message = run_render(tmp_path, capsys, "1. S@b2 {never closed\n2. M@a2\n")
    assert (line, col) == (1, 9)
    assert "unterminated comment" in message


def test_unknown_piece_letter(tmp_path, capsys):
    _, line, col, message = run_render(tmp_path, capsys, "1. S@b2\n2. Qz@c3\n")
    assert (line, col) == (2, 4)
    assert "unknown piece letter 'Q'" in message and "Qz" in message


def test_move_that_names_no_piece(tmp_path, capsys):
    _, line, col, message = run_render(tmp_path, capsys, "GameType: Tablut\n\n1. a4-a3 1... c4-c3\n")
    assert (line, col) == (3, 15)
    assert message.startswith("move 1... c4-c3: there is no piece at c4")


def test_location_off_the_board(tmp_path, capsys):
    _, line, col, message = run_render(tmp_path, capsys, "GameType: Tablut\n\n1. a4-z40\n")
    assert (line, col) == (3, 4)
    assert "z40" in message and "off the board" in message


def test_binary_file(tmp_path, capsys):
    _, _line, _col, message = run_render(tmp_path, capsys, b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
    assert "binary file" in message


def test_invalid_utf8(tmp_path, capsys):
    _, line, col, message = run_render(tmp_path, capsys, b"1. S@b2\n2. M@\xff\xfea2\n")
    assert (line, col) == (2, 6)
    assert "invalid UTF-8" in message


def test_empty_file(tmp_path, capsys):
    _, line, col, message = run_render(tmp_path, capsys, "")
    assert (line, col) == (1, 1)
    assert "empty file" in message


def test_fifty_megabyte_file(tmp_path, capsys):
    content = b"1. " + b"S@b2 " * (10 * 1024 * 1024)
    assert len(content) > 50 * 1024 * 1024
    _, line, _col, message = run_render(tmp_path, capsys, content)
    assert line == 1
    assert "longer than" in message


def test_yaml_alias_bomb(tmp_path, capsys):
    bomb = ["---", 'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for k in range(1, 9):
        prev, cur = chr(ord("a") + k - 1), chr(ord("a") + k)
        bomb.append(f"{cur}: &{cur} [*{prev},*{prev},*{prev},*{prev},*{prev},*{prev},*{prev},*{prev},*{prev}]")
    bomb += ["...", "1. S@b2"]
    _, line, _col, message = run_render(tmp_path, capsys, "\n".join(bomb) + "\n")
    assert line == 1
    assert "alias bomb" in message


def test_brace_expansion_that_would_explode(tmp_path, capsys):
    _, line, col, message = run_render(tmp_path, capsys, "1. S@a{1..100000000}\n")
    assert (line, col) == (1, 4)
    assert "expands to more than" in message


def test_strict_and_lenient_replay_agree_on_errors():
    (record,) = parse_records("1. S@b2\n2. *c9\n3. M@a2\n4. *d4\n", name="two.ppn")
    with pytest.raises(RuleError) as excinfo:
        replay(record)
    assert excinfo.value.location.line == 2
    lenient = replay(record, strict=False)
    # The first error in full; the later failing move grouped after it (issue 20).
    assert [e.location.line for e in lenient.errors] == [2]
    assert [e.location.line for e in lenient.later_errors] == [4]
    assert len(lenient.final.state.pieces) == 2  # the good moves still applied


def test_validate_exits_non_zero_and_prints_located_errors(tmp_path, capsys):
    good = tmp_path / "good.ppn"
    good.write_text("1. S@b2\n")
    bad = tmp_path / "bad.ppn"
    bad.write_text("1. S@b2\n2. *c3\n")
    assert main(["validate", str(good)]) == 0
    capsys.readouterr()
    assert main(["validate", str(good), str(bad)]) == 1
    err = capsys.readouterr().err.strip()
    assert err == f"{bad}:2:4: error: move 2. *c3: there is no piece at c3 (3, 3)"


def test_notation_errors_are_value_errors():
    with pytest.raises(ValueError):
        parse_records("1. S@b2 {open")
    with pytest.raises(NotationError):
        parse_records("---\n- a list\n...\n1. S@b2\n")


# --- more hostile input (issue 9): each a located error, exit 1, quickly, nothing written ---

def test_deeply_nested_yaml(tmp_path, capsys):
    nested = "a: " + "[" * 5000 + "]" * 5000
    _, line, _, message = run_render(tmp_path, capsys, f"---\n{nested}\n...\n1. S@b2\n")
    assert line in (1, 2) and ("deep" in message or "nest" in message)


def test_huge_numbers(tmp_path, capsys):
    _, line, col, message = run_render(tmp_path, capsys, "1. S@(1e308,1e308)\n")
    assert (line, col) == (1, 4) and "off any board" in message
    _, line, _, message = run_render(tmp_path, capsys, "---\nGameType: {Name: Coin Collectors, Seed: 1e400}\n...\n")
    assert line >= 1 and "seed" in message.lower()
    _, line, _, message = run_render(tmp_path, capsys, "1. S@a99999999999999999999\n")
    assert line == 1 and "off any board" in message


def test_macros_that_explode_or_refer_to_themselves(tmp_path, capsys):
    doubling = {f"m{k}": f"`m{k + 1}'`m{k + 1}'" for k in range(30)}
    doubling["m30"] = "S@b2"
    header = "---\nMacros:\n" + "".join(f"  {k}: \"{v}\"\n" for k, v in doubling.items()) + "...\n"
    _, _, _, message = run_render(tmp_path, capsys, header + "1. `m0'\n")
    assert "more than" in message
    _, _line, _col, message = run_render(tmp_path, capsys, "---\nMacros: {a: \"`b'\", b: \"`a'\"}\n...\n1. `a'\n")
    assert "refers to itself" in message


def test_nul_bytes(tmp_path, capsys):
    _, line, _col, _message = run_render(tmp_path, capsys, b"1. S@b2\n2. M@\x00a2\n")
    assert line == 2


def test_a_hundred_megabyte_file(tmp_path, capsys):
    content = b"1. " + b"S@b2 " * (21 * 1024 * 1024)
    assert len(content) > 100 * 1024 * 1024
    _, line, _, message = run_render(tmp_path, capsys, content)
    assert line == 1 and "longer than" in message


def test_output_names_cannot_leave_the_folder(tmp_path):
    from piecepack_diagrams.errors import OutputError
    from piecepack_diagrams.output import write_folder

    with pytest.raises(OutputError, match="outside"):
        write_folder(tmp_path / "out", {"ok.svg": b"1", "../escape.svg": b"2"})
    assert not (tmp_path / "escape.svg").exists()
    assert not (tmp_path / "out" / "ok.svg").exists(), "nothing is written when one name is refused"


def test_a_labyrinth_slide_off_the_board_is_refused_and_names_its_file(tmp_path, capsys):
    import json
    from pathlib import Path

    from piecepack_diagrams.games.labyrinth import read_values

    fixtures = Path(__file__).resolve().parents[2] / "shared" / "corpus" / "labyrinth" / "m4"
    values = read_values(sorted(fixtures.glob("*-in.json"))[0].read_text(encoding="utf-8"))
    values[1] = 99  # a row no board has
    bad = tmp_path / "in.json"
    bad.write_text(" ".join(json.dumps(v) for v in values))
    assert main(["labyrinth", "harness", "m4", str(bad)]) == 1
    err = capsys.readouterr().err.strip()
    assert err.startswith(f"{bad}:1:1: error: 99 is not a row or column of the board")


@pytest.mark.parametrize("start, words", [
    ({"row#": -1, "column#": 0}, "(-1, 0) is off the {size} board"),
    ({"row#": 0, "column#": 7}, "(0, 7) is off the {size} board"),
    ({"row#": True, "column#": 0}, '{"row#": true, "column#": 0} is not a coordinate'),
])
def test_a_labyrinth_start_off_the_board_or_not_a_number_is_refused(tmp_path, capsys, start, words):
    import json
    from pathlib import Path

    from piecepack_diagrams.games.labyrinth import read_values

    fixtures = Path(__file__).resolve().parents[2] / "shared" / "corpus" / "labyrinth" / "m3"
    board = read_values(sorted(fixtures.glob("*-in.json"))[0].read_text(encoding="utf-8"))[0]
    size = f"{len(board['connectors'])}x{len(board['connectors'][0])}"
    assert size.endswith("x7"), "the fixture's board is seven columns wide"
    bad = tmp_path / "in.json"
    bad.write_text(json.dumps(board) + "\n" + json.dumps(start))
    assert main(["labyrinth", "harness", "m3", str(bad)]) == 1
    err = capsys.readouterr().err.strip()
    assert err.startswith(f"{bad}:1:1: error: {words.replace('{size}', size)}"), err


def test_a_labyrinth_game_of_a_hundred_million_rounds_is_refused(tmp_path, capsys):
    from pathlib import Path

    # A record's header: refused where the option is written.
    text = (Path(__file__).resolve().parents[1] / "records" / "labyrinth" / "seven-by-seven-four-players.ppn"
            ).read_text(encoding="utf-8")
    header_end = text.index("\n...\n")
    lines_before = text[:header_end].count("\n") + 1
    bad = text[:header_end] + "\nOptions: {max_rounds: 100000000}" + text[header_end:]
    file, line, _, message = run_render(tmp_path, capsys, bad)
    assert (file, line) == (str(tmp_path / "bad.ppn"), lines_before + 1)
    assert "max_rounds must be a whole number from 1 to 10,000, not 100000000" in message
    # The command that plays a game: refused before anything is played or written.
    state = tmp_path / "state.json"
    assert main(["labyrinth", "deal", "--seed", "3", "--size", "7x7", "--players", "2", "-o", str(state)]) == 0
    out = tmp_path / "game.ppn"
    start = time.perf_counter()
    code = main(["labyrinth", "play", str(state), "--players", "a:Riemann", "b:Euclid", "--max-rounds",
                 "100000000", "-o", str(out)])
    assert code == 2 and time.perf_counter() - start < 2.0  # a usage error
    assert "piecepack-diagrams labyrinth play: error: --max-rounds must be a whole number from 1 to 10,000" in (
        capsys.readouterr().err)
    assert not out.exists()


@pytest.mark.parametrize("header, line, words", [
    ("GameType: Lab Rats\nSeed: 3\nVariant: expert", 4, "expert"),
    ("GameType: Coin Collectors\nEvent: a test of 3 dice\nSeed: 1\nDice: S3 M4 Cn", 5, "Dice"),
    ("GameType: Landlocked\nSeed: 2\nDifficulty: extreme", 4, "extreme"),
    ("GameType: Landlocked\nEvent: seed\nSeed: -4", 4, "Seed"),
    ("GameType: Labyrinth\nSeed: 3\nSize: 99x99", 4, "99x99"),
])
def test_a_header_field_that_is_wrong_is_reported_at_its_line(tmp_path, capsys, header, line, words):
    _file, at, _, message = run_render(tmp_path, capsys, f"---\n{header}\n...\n1. pass\n")
    assert at == line, message
    assert words in message


_MARKUP = '</text><script>alert("x")</script><text>&amp; <img src=x onerror=alert(1)>'


def test_markup_in_a_record_s_strings_is_drawn_as_text_in_svg(tmp_path):
    import xml.etree.ElementTree as ET

    record = tmp_path / "markup.ppn"
    record.write_text(f"---\nGameType: Lab Rats\nSeed: 6\nEvent: '{_MARKUP}'\n...\n1. 1x {{{_MARKUP}}}\n",
                      encoding="utf-8")
    picture, plates = tmp_path / "markup.svg", tmp_path / "plates"
    assert main(["render", str(record), "-o", str(picture)]) == 0
    assert main(["plates", str(record), "-o", str(plates)]) == 0
    files = [picture, *sorted(plates.glob("*.svg"))]
    assert len(files) >= 2
    shown = []
    for path in files:
        root = ET.parse(path).getroot()  # well-formed XML: nothing broke out of its element
        names = {element.tag.rsplit("}", 1)[-1] for element in root.iter()}
        assert not names & {"script", "img", "foreignObject"}, (path.name, names)
        # A caption is wrapped at spaces into lines, a text element each.
        texts = " ".join("".join(element.itertext()) for element in root.iter() if element.tag.endswith("text"))
        if _MARKUP in texts:  # the comment is shown as the characters it holds
            shown.append(path.name)
    assert shown == ["markup.svg", "markup-001.svg"], shown  # the last position, and the plate of move 1


@pytest.mark.parametrize("command, words", [
    (["solve", "lab-rats", "--seed", "3", "--budget", "1000000000000"], "--budget 1,000,000,000,000 is out of range"),
    (["puzzles", "lab-rats", "--count", "100000000", "-o", "OUT/book.pdf"], "--count 100000000 is out of range"),
    (["stats", "coin-collectors", "--games", "100000000000", "--plot", "OUT/plot.png"],
     "--games 100000000000 is out of range"),
    (["labyrinth", "deal", "--goals", "100000000", "-o", "OUT/deal.json"], "100000000 further goals"),
])
def test_counts_that_would_run_for_days_are_refused_at_once(tmp_path, capsys, command, words):
    start = time.perf_counter()
    assert main([part.replace("OUT", str(tmp_path / "out")) for part in command]) == 2  # a usage error
    assert time.perf_counter() - start < 2.0
    err = capsys.readouterr().err
    assert err.startswith("usage: piecepack-diagrams ") and f": error: {words}" in err
    assert not (tmp_path / "out").exists()
