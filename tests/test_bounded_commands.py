"""The worst inputs found for each class of hostile input (issue 17), run through the
commands in a child process bounded to 1 GiB of address space: each ends within 5 s of
processor time and 500 MiB of resident memory, with a located error or an answer,
never a traceback."""

from __future__ import annotations

import glob
import re
from pathlib import Path

import pytest
from bounded import run_cli

ROOT = Path(__file__).resolve().parents[1]
LABYRINTH = ROOT.parent / "shared" / "corpus" / "labyrinth"
ERROR_LINE = re.compile(r"^[^:\n]+:\d+:\d+: error: .+$")
NOTE_LINE = re.compile(r"^[^:\n]+:\d+:\d+: note: .+$")


def _located(text: str) -> None:
    lines = text.strip().splitlines()
    # A game's error may be followed by the one note that groups its later failing moves.
    if len(lines) > 1 and NOTE_LINE.match(lines[-1]):
        lines.pop()
    assert ERROR_LINE.match(lines[-1]), lines[-1][:300]


def _empty_macro_used_everywhere() -> str:
    # A macro that expands to nothing after 60,000 references, used 30,000 times.
    return "---\nMacros: {e: '', m: \"" + "`e'" * 60_000 + "\"}\n...\n1. S@b2 " + "`m' " * 30_000 + "\n"


EVERY = ("validate", "replay", "render", "export")
HOSTILE = {
    # 4: lone '.' and ';' sub-moves (each label is one '.' longer than the last)
    "lone dots": ("1. " + ". " * 60_000 + "\n", EVERY),
    "';' after braces": ("1. S@{a..z}{1..99}{1..3};\n", EVERY),
    "dots after a long move number": ("1" + "." * 255 + " " + ". " * 100_000 + "\n", ("validate",)),
    # 5: brace expansion
    "nested braces": ("1. S@" + "{b2," * 5000 + "b2" + "}" * 5000 + "\n", ("validate", "render")),
    "nested braces that expand to nothing": ("1. S@" + "{" * 200_000 + "}" * 200_000 + "\n", ("validate",)),
    "many expansions in one move": ("1. " + " ".join(["S@a{1..9999}"] * 200) + "\n", ("validate",)),
    "{1..1} again and again": ("1. S@b" + "{1..1}" * 50_000 + "\n", ("validate",)),
    "a group of 500,000 alternatives": ("1. S@{" + "," * 500_000 + "}\n", ("validate",)),
    "a macro expanding to nothing, everywhere": (_empty_macro_used_everywhere(), ("validate",)),
    # 8, 9: numbers (a rotation of nan used to pass validate and crash everything after it)
    "a rotation of nan": ("1. S@b2 2. b2@>nan\n", EVERY),
    "a rotation of 1e309": ("1. S@b2 2. b2@>1e309\n", ("validate", "export")),
    "a piece's angle of 10**400": ("1. S,a" + "9" * 400 + "@b2\n", ("render",)),
    "a scaling factor of 10**400": ("---\nMovetextParser: {ScalingFactor: " + "9" * 400 + "}\n...\n1. S@b2\n",
                                    ("render",)),
    "a seed of 5,000 digits": ("---\nGameType: Lab Rats\nSeed: " + "7" * 5000 + "\n...\n", ("validate",)),
    "a seed of 5,000 digits as text": ("---\nGameType: {Name: Fujisan, Seed: '" + "7" * 5000 + "'}\n...\n",
                                       ("render",)),
    # pieces: 100,000 from ten moves of braces (export's diffs were cubic, rendering as text minutes)
    "a hundred thousand pieces": ("".join(f"{i + 1}. S@{{a..j}}{{{i * 1000 + 1}..{i * 1000 + 1000}}}\n"
                                          for i in range(10)), EVERY),
    "a thousand pieces, all moved": ("1. S@{a..j}{1..100}\n" + " ".join(f"{i}. *{{a..j}}{{1..100}} S@{{a..j}}{{1..100}}"
                                                                      for i in range(2, 12)) + "\n", EVERY),
    # 1 MB of ordinary games: a setup built once for all the games that name it; a Mapping's
    # truth asked once a move no longer counts every built-in macro; export refused up front
    "24,000 one-move games": ("---\nGameType: Tablut\n...\n1. a4-a3\n" * 24_000, ("validate",)),
    "80,000 moves of one piece": ("---\nGameType: Tablut\n...\n" + "".join(
        f"{k}. a4-a3 {k}... a3-a4\n" for k in range(1, 40_001))[:1_000_000].rsplit("\n", 1)[0] + "\n", EVERY),
    # 17: a 1 MB token
    "a 1 MB move": ("1. " + "Q" * 1_000_000 + "\n", ("validate",)),
}
#: Hostile only by their size: a megabyte of ordinary moves is real work in proportion to
#: it (3.6 to 4.8 s of processor time on the project's 2-core machine, 6.5 s beside another
#: busy process), so they get a bound with room for a slow machine that still catches a
#: superlinear pass (which would take minutes) or a hang.
ORDINARY = ("24,000 one-move games", "80,000 moves of one piece")
ORDINARY_SECONDS = 12.0
COMMANDS = {
    "validate": ["validate", "{}"],
    "replay": ["replay", "{}", "--format", "csv"],
    "render": ["render", "{}", "-f", "txt"],
    "export": ["export", "{}"],
}


# A case for each record and command (not a loop over the commands): workers share them out.
@pytest.mark.parametrize(("name", "command"), [(name, command) for name in sorted(HOSTILE)
                                               for command in HOSTILE[name][1]])
def test_hostile_records_are_answered_within_bounds(tmp_path, name, command):
    text, _ = HOSTILE[name]
    record = tmp_path / "hostile.ppn"
    record.write_text(text, encoding="utf-8")
    assert len(text.encode()) <= 1 << 20
    outcome = run_cli(*[part.format(record) for part in COMMANDS[command]])
    assert outcome.within(seconds=ORDINARY_SECONDS if name in ORDINARY else 5.0), \
        (outcome.seconds, outcome.peak_mib, outcome.err[-500:])
    assert outcome.status in (0, 1), outcome.err[-500:]
    if outcome.status:
        _located(outcome.err)
        assert max(len(line) for line in outcome.err.splitlines()) < 1000, "an error line of readable length"


def test_a_malformed_number_in_labyrinth_json_is_answered_within_bounds(tmp_path):
    board = Path(sorted(glob.glob(str(LABYRINTH / "m3" / "*-in.json")))[0]).read_text(encoding="utf-8")
    cases = {
        "nan": board + '\n{"row#": NaN, "column#": 0}',
        "infinity": board + '\n{"row#": Infinity, "column#": 0}',
        "1e999": board + '\n{"row#": 1e999, "column#": 0}',
        "5000 digits": board + '\n{"row#": ' + "1" * 5000 + ', "column#": 0}',
        "nested": "[" * 200_000,
    }
    for name, text in cases.items():
        path = tmp_path / f"{name}.json"
        path.write_text(text, encoding="utf-8")
        outcome = run_cli("labyrinth", "harness", "m3", path)
        assert outcome.within() and outcome.status == 1, (name, outcome.err)
        _located(outcome.err)
        assert outcome.err.startswith(f"{path}:"), outcome.err


_ESCAPES = "\x1b]0;owned\x07\x1b[2J\x1b[H\x9b31m\u202e\x08\r"


def test_nothing_printed_to_a_terminal_holds_a_control_character(tmp_path):
    valid = tmp_path / "escapes.ppn"
    valid.write_text(f"---\nGameType: Tablut\nEvent: \"{_ESCAPES.encode('unicode_escape').decode()}\"\n...\n"
                     f"1. a4-a3 {{note {_ESCAPES} end}}\n2. a3-a2\n", encoding="utf-8")
    invalid = tmp_path / "bad-escapes.ppn"
    invalid.write_text(f"1. S@b2 {{x {_ESCAPES}}}\n2. b2-c3{_ESCAPES.replace(' ', '')}\n", encoding="utf-8")
    runs = [["validate", valid, invalid], ["replay", valid], ["replay", valid, "--format", "csv"],
            ["render", valid, "-f", "txt", "--move", "1"], ["export", valid], ["render", invalid, "-f", "txt"]]
    printed = ""
    for args in runs:
        outcome = run_cli(*args)
        assert outcome.within() and b"Traceback" not in outcome.stderr
        for stream in (outcome.stdout, outcome.stderr):
            shown = stream.decode("utf-8")
            assert not re.search("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202e]", shown), (args, shown[:300])
            printed += shown
    assert printed.count("\\u001b") >= 6, "the escapes are shown, visibly"
    # Written to a file, the record keeps its text as it is, and still reads as a record.
    exported = tmp_path / "exported.ppn"
    assert run_cli("export", valid, "-o", exported).status == 0
    assert "\x1b[2J" in exported.read_text(encoding="utf-8")
    assert run_cli("validate", exported).status == 0


def test_labyrinth_play_refuses_players_without_a_name_of_their_own(tmp_path):
    state = tmp_path / "state.json"
    assert run_cli("labyrinth", "deal", "--seed", "3", "--players", "3", "-o", state).status == 0
    for players in (["Ann:Riemann", "Ann:Euclid"], [":Riemann", "Bob:Euclid"], [" :Riemann", "Bob:Euclid"]):
        out = tmp_path / "game.ppn"
        outcome = run_cli("labyrinth", "play", state, "--players", *players, "-o", out)
        assert outcome.status == 1 and outcome.within(), outcome.err
        _located(outcome.err)
        assert "name" in outcome.err
        assert not out.exists()


def test_render_refuses_a_negative_move_index_and_says_what_it_accepts(tmp_path):
    record = ROOT / "records" / "ppn" / "tablut-opening.ppn"
    outcome = run_cli("render", record, "--move", "-1", "-f", "txt")
    assert outcome.status == 2 and outcome.stdout == b""  # a usage error
    assert "there is no move -1" in outcome.err and "'last'" in outcome.err
    helped = run_cli("render", "--help").stdout.decode()
    assert "from 0 (the setup)" in " ".join(helped.split())
