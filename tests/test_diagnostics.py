"""Errors that help like a compiler's (issue 20, item 6): one typo gives one error in full
and one grouped note for the later moves that fail after it, in every game; a header key
that looks like a typo of one the game reads gets a warning naming it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from piecepack_diagrams import parse_records, replay, validate_file
from piecepack_diagrams.cli import main
from piecepack_diagrams.errors import PiecepackError

ROOT = Path(__file__).resolve().parents[1]
RECORDS = ROOT / "records"
LINE = re.compile(r"^(?P<file>.+):(?P<line>\d+):(?P<col>\d+): (?P<severity>error|note|warning): (?P<text>.+)$")

#: For each game, a shipped record and one move in it mistyped (the good token, the typo).
TYPOS = {
    "lab-rats": ("lab-rats/advanced-seed-7-win.ppn", "1. 2N ", "1. 2Q "),
    "coin-collectors": ("coin-collectors/acceptable-losses.ppn", "1. MN ", "1. MQ "),
    "landlocked": ("landlocked/hard-won.ppn", "1. a5-b5-b4 ", "1. a5-b5-b9 "),
    "labyrinth": ("labyrinth/seven-by-seven-four-players.ppn", "1. 2L0@0,5 ", "1. 2Q0@0,5 "),
    "ppn": ("ppn/four-field-kono-short.ppn", "2. a2-b2", "2. a2-bb2"),
}


def _mistyped(game: str) -> tuple[str, int, int, str]:
    """The record of ``game`` with its typo, and the typo's line, column and token."""
    name, good, bad = TYPOS[game]
    text = (RECORDS / name).read_text(encoding="utf-8")
    assert text.count(good) == 1, "the typo goes in one place"
    text = text.replace(good, bad)
    before = text[:text.index(bad)]
    token = bad.split(" ")[1]
    line = before.count("\n") + 1
    column = len(before) - (before.rfind("\n") + 1) + len(bad.split(" ")[0]) + 2
    return text, line, column, token


def _lines(text: str) -> list[re.Match[str]]:
    found = [LINE.match(line) for line in text.strip().splitlines()]
    assert all(found), text
    return [m for m in found if m is not None]


@pytest.mark.parametrize("game", sorted(TYPOS))
def test_a_typo_gives_one_error_and_one_grouped_note(game, tmp_path, capsys):
    text, line, column, token = _mistyped(game)
    path = tmp_path / "typo.ppn"
    path.write_text(text, encoding="utf-8")
    (result,) = validate_file(path)
    assert not result.is_valid()
    (error,) = result.errors
    assert (error.location.line, error.location.column) == (line, column)
    assert token in error.format()
    # Today's records cascade: the typo leaves the pieces elsewhere, so later moves fail too.
    assert result.later_errors, "the record was chosen so that later moves fail after the typo"
    assert all((e.location.line, e.location.column) > (line, column) for e in result.later_errors)

    assert main(["validate", str(path)]) == 1
    err = _lines(capsys.readouterr().err)
    assert [m["severity"] for m in err] == ["error", "note"]
    assert (int(err[0]["line"]), int(err[0]["col"])) == (line, column) and token in err[0]["text"]
    first_later = result.later_errors[0].location
    assert (int(err[1]["line"]), int(err[1]["col"])) == (first_later.line, first_later.column)
    count = len(result.later_errors)
    assert f"{count} later move{'s' if count > 1 else ''} no longer appl" in err[1]["text"]
    assert f"{first_later.line}:{first_later.column}" in err[1]["text"]

    # The library's replay groups the same way, and its first error is strict replay's.
    (record,) = parse_records(text, name=str(path))
    lenient = replay(record, strict=False)
    assert [e.format() for e in lenient.errors] == [error.format()]
    assert [e.format() for e in lenient.later_errors] == [e.format() for e in result.later_errors]
    with pytest.raises(PiecepackError) as raised:
        replay(record)
    assert raised.value.format() == error.format()


def test_the_note_lists_a_few_places_and_counts_the_rest(tmp_path, capsys):
    # Sixty moves of pieces that are not there: the first in full, then one short note.
    path = tmp_path / "many.ppn"
    path.write_text("".join(f"{k}. *c3\n" for k in range(1, 61)), encoding="utf-8")
    (result,) = validate_file(path)
    assert len(result.errors) == 1 and len(result.later_errors) == 59
    assert main(["validate", str(path)]) == 1
    err = _lines(capsys.readouterr().err)
    assert [m["severity"] for m in err] == ["error", "note"]
    assert "59 later moves" in err[1]["text"] and "2:4, 3:4" in err[1]["text"]
    assert "60:4" not in err[1]["text"] and "more" in err[1]["text"]


def test_two_games_of_one_file_each_report_their_own_error(tmp_path, capsys):
    first, line1, _, token1 = _mistyped("lab-rats")
    second, line2, _, token2 = _mistyped("coin-collectors")
    path = tmp_path / "two.ppn"
    path.write_text(first + second, encoding="utf-8")
    offset = first.count("\n")
    results = list(validate_file(path))
    assert [len(r.errors) for r in results] == [1, 1]
    assert [r.errors[0].location.line for r in results] == [line1, offset + line2]
    assert main(["validate", str(path)]) == 1
    err = _lines(capsys.readouterr().err)
    assert [m["severity"] for m in err] == ["error", "note", "error", "note"]
    assert token1 in err[0]["text"] and token2 in err[2]["text"]


def test_a_valid_game_beside_an_invalid_one_is_still_reported_valid(tmp_path, capsys):
    text, *_ = _mistyped("landlocked")
    path = tmp_path / "mixed.ppn"
    path.write_text((RECORDS / "landlocked/hard-won.ppn").read_text(encoding="utf-8") + text, encoding="utf-8")
    assert [r.is_valid() for r in validate_file(path)] == [True, False]
    assert main(["validate", str(path)]) == 1
    captured = capsys.readouterr()
    assert "game 1: valid" in captured.out and "game 2" not in captured.out


def _with_header_line(name: str, good: str, bad: str, tmp_path: Path) -> tuple[Path, int]:
    text = (RECORDS / name).read_text(encoding="utf-8")
    lines = text.splitlines()
    (index,) = [k for k, line in enumerate(lines) if line.startswith(good)]
    lines[index] = bad + lines[index][len(good):]
    path = tmp_path / Path(name).name
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path, index + 1


@pytest.mark.parametrize("name, good, bad, meant", [
    ("lab-rats/advanced-seed-7-win.ppn", "Variant:", "Variante:", "Variant"),
    ("landlocked/hard-won.ppn", "Difficulty:", "Dificulty:", "Difficulty"),
    ("ppn/four-field-kono-short.ppn", "GameType:", "gametype:", "GameType"),
    ("labyrinth/seven-by-seven-four-players.ppn", "Spare:", "Spares:", "Spare"),
])
def test_a_header_key_like_a_known_one_is_a_warning_naming_it(name, good, bad, meant, tmp_path, capsys):
    path, line = _with_header_line(name, good, bad, tmp_path)
    results = list(validate_file(path))
    warnings = [w for r in results for w in r.warnings]
    assert len(warnings) == 1
    assert warnings[0].suggestion == meant and warnings[0].token == bad[:-1]
    assert (warnings[0].location.line, warnings[0].location.column) == (line, 1)
    status = main(["validate", str(path)])
    err = _lines(capsys.readouterr().err)
    warned = [m for m in err if m["severity"] == "warning"]
    assert len(warned) == 1 and int(warned[0]["line"]) == line
    assert f"'{bad[:-1]}'" in warned[0]["text"] and f"'{meant}'" in warned[0]["text"]
    # A warning alone leaves the exit status to the errors (the Labyrinth record with no
    # Spare cannot be set up: that is an error of its own).
    assert status == (1 if any(not r.is_valid() for r in results) else 0)
    assert status == (1 if [m for m in err if m["severity"] == "error"] else 0)


def test_a_warning_alone_exits_zero_and_the_record_is_valid(tmp_path, capsys):
    path, line = _with_header_line("lab-rats/advanced-seed-7-win.ppn", "Variant:", "Variante:", tmp_path)
    assert main(["validate", str(path)]) == 0
    captured = capsys.readouterr()
    assert "valid" in captured.out
    (warning,) = _lines(captured.err)
    assert warning["severity"] == "warning" and int(warning["line"]) == line
    (record,) = parse_records(path.read_text(encoding="utf-8"), name=str(path))
    result = replay(record)
    assert result.is_valid() and [w.suggestion for w in result.warnings] == ["Variant"]


def test_free_form_tags_and_the_shipped_records_draw_no_warning(tmp_path):
    path = tmp_path / "tags.ppn"
    path.write_text("---\nGameType: Four Field Kono\nOpening: quiet\nWhite: Ann\nBlack: Bo\n...\n1. b2:b4\n",
                    encoding="utf-8")
    assert [r.warnings for r in validate_file(path)] == [()]
    shipped = sorted(RECORDS.rglob("*.ppn"))
    assert shipped and not [w.format() for p in shipped for r in validate_file(p) for w in r.warnings]


def test_a_header_of_many_near_misses_gets_a_few_warnings_quickly(tmp_path):
    import time

    keys = "".join(f"Seed{chr(0x4E00 + k)}: 1\n" for k in range(5000))
    path = tmp_path / "keys.ppn"
    path.write_text(f"---\nGameType: Lab Rats\nSeed: 3\n{keys}...\n1. 1x\n", encoding="utf-8")
    start = time.process_time()
    (result,) = validate_file(path)
    assert time.process_time() - start < 3.0
    assert len(result.warnings) == 10 and {w.suggestion for w in result.warnings} == {"Seed"}
    assert [w.location.line for w in result.warnings] == list(range(4, 14))
