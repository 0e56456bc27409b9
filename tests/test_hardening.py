"""Hostile input, class by class (issue 17): sub-moves and brace expansion bounded and
read without recursion, every number checked where it is read, wrong types refused
with a worded error, errors that can always be built and are short to read, and text
made safe for XML and for terminals."""

from __future__ import annotations

import re
import shutil
import subprocess
import time
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import piecepack_diagrams as pd
from piecepack_diagrams import api
from piecepack_diagrams.cli import main
from piecepack_diagrams.errors import LimitError, NotationError, PiecepackError, RuleError, SetupError, SourceLocation
from piecepack_diagrams.notation import braces
from piecepack_diagrams.notation.braces import MAX_EXPANSION, expand_braces
from piecepack_diagrams.notation.movetext import MAX_MOVE_NUMBER
from piecepack_diagrams.textsafe import MAX_MESSAGE, terminal_text, xml_text

ROOT = Path(__file__).resolve().parents[1]
LABYRINTH = ROOT / "records" / "labyrinth" / "seven-by-seven-four-players.ppn"


def _refused(text: str, kind: type[PiecepackError] = PiecepackError) -> PiecepackError:
    """The error replaying ``text`` raises: of ``kind``, located inside the text."""
    with pytest.raises(kind) as caught:
        for record in pd.parse_records(text, name="bad.ppn"):
            pd.replay(record)
    error = caught.value
    assert error.location is not None and error.location.file == "bad.ppn", error.format()
    assert 1 <= error.location.line <= text.count("\n") + 1
    return error


# --- 4: sub-moves ------------------------------------------------------------------

def test_lone_sub_moves_end_where_their_move_number_would_pass_its_length():
    ok = pd.parse_records("1. S@b2" + " ." * (MAX_MOVE_NUMBER - 2) + "\n")[0]
    assert max(len(g.label) for g in ok.groups) == MAX_MOVE_NUMBER
    error = _refused("1. S@b2" + " ." * 60_000 + "\n", LimitError)
    assert error.location.column == 7 + 2 * (MAX_MOVE_NUMBER - 1) and "sub-moves" in error.message
    error = _refused("1. S@{a..z}{1..99}{1..3};\n", LimitError)  # 7,722 sub-moves from 26 bytes
    assert error.location.line == 1
    _refused("1" + "." * 300 + " S@b2\n", LimitError)  # a written move number as long


def test_a_move_number_without_moves_costs_no_copy_of_the_board():
    record = pd.parse_records("1. " + " ".join(f"S@({k},1)" for k in range(1, 200)) + " (1,1)-(1,2) . . ; ;\n")[0]
    positions = pd.replay(record).positions
    assert [p.label for p in positions[-4:]] == ["1..", "1...", "1....", "1....."]
    boards = [p.state for p in positions[-5:]]
    assert all(b.pieces is boards[0].pieces for b in boards)  # shared, not copied
    assert not boards[-1].steps and boards[0].steps  # nothing moves in an empty sub-move


# --- 5: brace expansion ------------------------------------------------------------

@pytest.mark.parametrize("word, words", [
    ("t@{b,d}{2..8..2}", ["t@b2", "t@b4", "t@b6", "t@b8", "t@d2", "t@d4", "t@d6", "t@d8"]),
    ("*{b..f}2", ["*b2", "*c2", "*d2", "*e2", "*f2"]),
    ("{05..1..2}", ["05", "03", "01"]),
    ("{a,{b,{c,d}}}x", ["ax", "bx", "cx", "dx"]),
    ("{x}{,y}", ["{x}", "{x}y"]),
    ("(8.5,4){~v,-(14\\,2.5)}", ["(8.5,4)~v", "(8.5,4)-(14,2.5)"]),
    ("{a,b}{c", ["a{c", "b{c"]),
    ("{{a,b}}", ["{a}", "{b}"]),
])
def test_braces_expand_as_the_shell_does_after_any_number_of_groups(word, words):
    assert expand_braces(word) == words
    # Read without recursion: 3,000 groups before it (each a range of one) change nothing.
    assert expand_braces("{1..1}" * 3000 + word) == ["1" * 3000 + w for w in words]


def test_braces_nested_or_repeated_any_number_of_times_are_read_without_recursion():
    start = time.process_time()
    assert len(expand_braces("{a," * 9_000 + "b" + "}" * 9_000)) == 9_001
    assert expand_braces("b" + "{1..1}" * 50_000) == ["b" + "1" * 50_000]
    assert expand_braces("{" * 100_000 + "}" * 100_000) == ["{" * 100_000 + "}" * 100_000]
    assert time.process_time() - start < 3.0


@pytest.mark.parametrize("word", ["{1..9999}" + "x" * 200, "{1..99}" * 10 + "{a," * 5000 + "b" + "}" * 5000])
def test_a_word_that_would_expand_too_far_is_refused_before_expanding(word):
    start = time.process_time()
    with pytest.raises(LimitError):
        expand_braces(word)
    assert time.process_time() - start < 1.0


def test_expansion_is_bounded_per_move_number_and_per_record(monkeypatch):
    from piecepack_diagrams.games.generic import moves

    monkeypatch.setattr(moves, "MAX_PIECES", 10 ** 9)  # the drops here would pass the board's bound first
    error = _refused("1. " + " ".join(["S@a{1..9999}"] * 200) + "\n", LimitError)
    assert f"more than {MAX_EXPANSION:,} moves" in error.message and error.location.column == 17
    monkeypatch.setattr(braces, "MAX_RECORD_EXPANSION", 2_000)
    error = _refused("".join(f"{n}. S@(1,{{1..900}})\n" for n in range(1, 10)), LimitError)
    assert error.location.line == 3 and "record" in error.message
    error = _refused("".join(f"{n}. S@(1,{{1..90}});\n" for n in range(1, 40)), LimitError)  # before a ';'
    assert error.location.line == 23


def test_macros_used_again_and_again_are_expanded_once_a_record():
    header = "---\nMacros: {e: '', m: \"" + "`e'" * 50_000 + "\", n: \"`m'`m'\"}\n...\n"
    start = time.process_time()
    pd.replay(pd.parse_records(header + "1. S@b2 " + "`n' " * 20_000 + "\n")[0])
    assert time.process_time() - start < 3.0
    chain = "---\nMacros: {" + ", ".join(f"m{k}: \"`m{k + 1}'\"" for k in range(500)) + ", m500: S@b2}\n...\n"
    assert "nest deeper" in _refused(chain + "1. `m0'\n", LimitError).message


# --- 8, 9: numbers -----------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "1. S@b2 2. b2@>nan\n", "1. S@b2 2. b2@>inf\n", "1. S@b2 2. b2@>-1e309\n", "1. S@b2 2. b2@>1e300\n",
    "1. S@b2 2. b2$>nan\n", "1. S,a" + "9" * 400 + "@b2\n", "1. S@" + "z" * 400 + "2\n",
    "---\nMovetextParser: {ScalingFactor: " + "9" * 400 + "}\n...\n1. S@b2\n",
    "---\nGameType: Tablut\nEvent: .nan\n...\n", "---\nGameType: Tablut\nRound: [1, -.inf]\n...\n",
    "---\nGameType: Tablut\nRound: 1.0e+999\n...\n",
    "---\nGameType: {Name: Tablut, die_width: 'nan'}\n...\n",
    "---\nGameType: Lab Rats\nTiles: [['inf', .5, 0]]\n...\n",
    "---\nGameType: Lab Rats\nTiles: [[" + "9" * 400 + ", .5, 0]]\n...\n",
    "---\nGameType: Lab Rats\nSeed: " + "7" * 5000 + "\n...\n",
    "---\nGameType: {Name: Fujisan, Seed: '" + "7" * 5000 + "'}\n...\n",
    "---\nGameType: {Name: Fujisan, Seed: '\u00b2'}\n...\n",
    "---\nGameType: Labyrinth\nState: '{\"board\": " + "1" * 5000 + "}'\n...\n",
])
def test_a_number_that_is_not_finite_or_too_long_is_refused_where_it_is_read(text):
    error = _refused(text)
    assert error.describe()


@pytest.mark.parametrize("literal, line, column", [("NaN", 2, 10), ("-Infinity", 2, 10), ("1e999", 2, 10),
                                                    ("1" * 5000, 2, 10)])
def test_a_number_no_reader_can_use_in_labyrinth_json_is_refused_at_its_place(literal, line, column):
    from piecepack_diagrams.games.labyrinth import read_values

    with pytest.raises(NotationError) as caught:
        read_values('[1, 2]\n{"row#": ' + literal + ', "column#": 0}', name="in.json")
    assert caught.value.location == SourceLocation("in.json", line, column)


# --- 10: wrong types, and errors that can always be built --------------------------

def _labyrinth(change: tuple[str, str] | None = None, extra: str = "") -> str:
    text = LABYRINTH.read_text(encoding="utf-8")
    if change is not None:
        assert change[0] in text
        text = text.replace(*change, 1)
    return text.replace("\n...\n", f"\n{extra}\n...\n", 1) if extra else text


@pytest.mark.parametrize("text", [
    _labyrinth(('- {color: "red",', '- {1: x, zz: y, color: "red",')),
    _labyrinth(extra="Goals: true"), _labyrinth(extra="Goals: 5"), _labyrinth(extra="Names: 5"),
    _labyrinth(extra="Names: true"),
])
def test_a_labyrinth_header_field_of_the_wrong_type_is_refused_with_its_place(text):
    assert isinstance(_refused(text), SetupError)


class _Hostile:
    def __repr__(self) -> str:
        raise RuntimeError("no repr")

    __str__ = __repr__


_VALUES = [None, 0, -1.5, float("nan"), 10 ** 5000, b"\xff" * 10, [1, [2, [3, [4]]]], {"a": 1}, object(),
           _Hostile(), "x" * 1_000_000, ("t",) * 1000, {1, 2}]


@pytest.mark.parametrize("kind", [PiecepackError, NotationError, SetupError, RuleError, LimitError])
@pytest.mark.parametrize("value", _VALUES, ids=lambda v: type(v).__name__)
def test_an_error_can_be_built_from_any_value_and_reads_short(kind, value):
    error = kind(value, token=value, expected=value, location=SourceLocation("f.ppn", 3, 4))
    if kind is RuleError:
        error = RuleError(value, move=value, rule=value, token=value, expected=value)
    for text in (str(error), error.describe(), error.format(), repr(error), error.with_location(
            SourceLocation("g.ppn", 1, 1)).format()):
        assert isinstance(text, str) and len(text) <= MAX_MESSAGE + 20, len(text)


def test_an_error_about_a_megabyte_long_move_is_a_line_of_readable_length():
    error = _refused("1. S@b2\n2. " + "Q" * 1_000_000 + "\n")
    assert len(error.format()) < 400 and error.format().startswith("bad.ppn:2:4: error: move 2. QQQQ")
    error = _refused("1. S@b2 {" + "x " * 300_000 + "}\n2" + "." * 250 + " *" + "c3" * 300_000 + "\n")
    assert len(error.format()) < 400


_PUBLIC = {
    "replay_file": {"path": "REC", "strict": True},
    "scene_of": {"result": "RESULT", "move": "last", "caption": True, "show_legal": False, "key": True},
    "setup_scene": {"game": "tablut", "seed": None, "options": None},
    "setup_position": {"game": "japan", "seed": 3, "options": None},
    "setup_csv": {"game": "shogi", "seed": None, "options": {"has_subpack": True}},
    "replay": {"record": "RECORD", "strict": True, "seed": None, "game": None},
    "validate": {"paths": ["REC"]},
    "validate_file": {"path": "REC"},
    "format_record": {"record": "RECORD"},
    "iter_records": {"source": "REC", "name": None},
    "parse_records": {"text": "1. S@b2\n", "name": "<string>"},
    "read_records": {"source": "REC", "name": None},
    "render": {"scene": "SCENE", "fmt": "txt", "theme": "THEME"},
    "load_theme": {"spec": "default"},
    "solve_position": {"target": "lab-rats", "seed": 1, "move": "last", "advanced": True, "budget": 1000,
                       "difficulty": None},
    "game_statistics": {"game": "lab-rats", "games": 1, "first_seed": 1},
    "policy_statistics": {"game": "coin-collectors", "policies": ["random"], "games": 1, "first_seed": 1,
                          "variant": None},
    "first_record": {"path": "REC", "index": 1},
}
_WRONG = [None, 7, 2.5, b"bytes", [], {}, object()]


def test_every_public_function_refuses_an_argument_of_the_wrong_type_in_words():
    """Every function exported by the package or api.py, each argument in turn given a value
    of the wrong kind: a TypeError or a PiecepackError, never an error from deep inside."""
    record_path = str(ROOT / "records" / "ppn" / "tablut-opening.ppn")
    record = pd.read_records(record_path)[0]
    result = pd.replay(record)
    real = {"REC": record_path, "RECORD": record, "RESULT": result, "SCENE": pd.scene_of(result),
            "THEME": pd.THEMES["default"]}
    exported = set(pd.__all__) | {name for name in dir(api) if not name.startswith("_")}
    checked = 0
    for name, sample in _PUBLIC.items():
        assert name in exported
        function = getattr(pd, name, None) or getattr(api, name)
        for argument in sample:
            for wrong in _WRONG:
                kwargs = {k: real.get(v, v) if isinstance(v, str) else v for k, v in sample.items()}
                if kwargs[argument] is None and wrong is None:
                    continue  # None is what this argument takes by default
                kwargs[argument] = wrong
                try:
                    answer = function(**kwargs)
                    if name in ("replay_file", "iter_records", "validate_file"):
                        list(answer)
                except (TypeError, PiecepackError) as error:
                    assert str(error)
                checked += 1
    assert checked > 250


def test_a_negative_move_index_is_refused_not_counted_from_the_end():
    result = pd.replay(pd.parse_records("1. S@b2 2. S@c3\n")[0])
    assert result.position(2) is result.positions[-1]
    for move in (-1, "-1", -3):
        with pytest.raises(PiecepackError, match="move indexes count up from 0"):
            result.position(move)
    with pytest.raises(PiecepackError, match="no move"):
        result.position("\u00b2")


# --- 14, 16: text for XML and for terminals ----------------------------------------

_FORBIDDEN = "\x00\x01\x08\x0b\x0c\x1b\x7f\x85\x9b\ud800\ufdd0\ufffe\uffff\U0001fffe\U0010ffff"


def test_xml_text_replaces_what_xml_cannot_hold_and_keeps_the_rest():
    kept = "a\tb\nc\r d \u00e9 \u2654 \U0001f0a1 \ufffd <&>"
    assert xml_text(kept) == kept
    assert xml_text(_FORBIDDEN) == "\ufffd" * len(_FORBIDDEN)


def test_terminal_text_shows_control_characters_as_escapes():
    assert terminal_text("a\tb\nc") == "a\tb\nc"
    assert terminal_text("\x1b[2J\x07\x9b\u202e\x7f") == "\\u001b[2J\\u0007\\u009b\\u202e\\u007f"
    assert terminal_text("\r") == "\r"  # written alone, a progress line redraws itself
    assert terminal_text("\r:1:1: error: x") == "\\u000d:1:1: error: x"  # a file name beginning with one


_NASTY = "\x1b[2J\x07\x01\x0b\x7f\x9b\ufffe\uffff\ufdd0\U0001fffe <b>&amp;</b>"


def _page_drawings(page: str) -> list[str]:
    """The SVG drawings a viewer page's script would assemble: its stored pieces of text
    (JSON in the page), each drawing the splices that turn the one before into it."""
    import json

    from deltas_json import token_numbers

    data = json.loads(re.search(r'<script type="application/json" id="drawings">(.*?)</script>', page, re.S)[1])
    width, tokens = data["width"], data["tokens"]
    drawings, current = [], []
    for step in data["steps"]:
        for start, remove, insert in reversed(step):
            current[start:start + remove] = token_numbers(insert, width)
        drawings.append("".join(tokens[n] for n in current))
    return drawings


def test_svg_plates_and_viewer_stay_well_formed_whatever_a_record_holds(tmp_path, capsys):
    if shutil.which("rsvg-convert") is None:
        pytest.fail("rsvg-convert (Debian package librsvg2-bin) is needed")
    record = tmp_path / "nasty.ppn"
    quoted = _NASTY.encode("unicode_escape").decode().replace("\\x", "\\u00")
    record.write_text(f"---\nGameType: Tablut\nEvent: \"{quoted}\"\n...\n1. a4-a3 {{{_NASTY}}}\n", encoding="utf-8")
    assert main(["render", str(record), "-o", str(tmp_path / "one.svg")]) == 0
    assert main(["plates", str(record), "-o", str(tmp_path / "plates")]) == 0
    assert main(["viewer", str(record), "-o", str(tmp_path / "page.html")]) == 0
    capsys.readouterr()
    svgs = [tmp_path / "one.svg", *sorted((tmp_path / "plates").glob("*.svg"))]
    for svg in svgs:
        ET.parse(svg)
        subprocess.run(["rsvg-convert", str(svg), "-o", str(tmp_path / "check.png")], check=True,
                       capture_output=True)
    page = (tmp_path / "page.html").read_text(encoding="utf-8")
    assert xml_text(page) == page, "the page holds no character XML forbids"
    # Every drawing the page's script assembles from its stored pieces is well-formed XML.
    drawings = _page_drawings(page)
    assert len(drawings) >= 2
    for element in drawings:
        ET.fromstring(element)
    assert "\ufffd[2J" in page, "the comment is shown, its control characters replaced"


def test_a_piece_dropped_against_no_piece_is_a_rule_error():
    # Found by the medium fuzz profile: '0a0' names no piece, so there is nothing to stack against.
    error = pd.replay(pd.parse_records("\\%0a0\n", name="bad.ppn")[0], strict=False).errors[0]
    assert isinstance(error, RuleError) and error.location == SourceLocation("bad.ppn", 1, 1)


def test_an_error_about_a_name_with_a_line_break_is_one_located_line(capsys):
    # Found by the command fuzzer: a theme called "\n" split its error over two lines, the
    # first of them empty, so no line read FILE:LINE:COL: error: ...
    from piecepack_diagrams.cli import main

    assert main(["setup", "tablut", "-f", "txt", "--theme", "\n"]) == 1
    lines = capsys.readouterr().err.strip("\n").splitlines()
    assert len(lines) == 1 and re.match(r"^.+:\d+:\d+: error: unknown theme", lines[0]), lines
