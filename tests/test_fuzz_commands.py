"""Fuzzing every command of the command line, in every output format, with hypothesis:
shipped records and Labyrinth inputs mutated (a token changed, deleted or repeated, a
number made huge, ``nan`` or negative, characters of any kind inserted), random argument
values (moves, seeds, counts, sizes, templates, themes) and random output names (long,
with any character, existing folders and files, links, FIFOs, standard output).

Each command runs in a child process forked from a server that imported the command line
once (:class:`bounded.Forker`), its address space, processor time and wall time bounded.
Whatever the case, a command

* exits 0, 1 or 2 (2 for a usage error), never killed by a bound, within the documented
  time and memory for validate, replay, render, setup, figure, export and the Labyrinth
  tools (5 s of processor time, 500 MiB);
* prints no traceback and no internal error, and every error line is
  ``FILE:LINE:COL: error: ...`` (or argparse's usage error), at least one when it exits 1;
* prints no control character;
* writes nothing outside its output folder (its inputs, and a file a link in the output
  folder leads to, are unchanged; the temporary folder stays empty), leaves no temporary
  file, writes no file when a single-file command fails, and what it writes is well-formed
  (SVG and HTML parse, a PDF ends, a PNG is within the pixel bound, text is UTF-8).

The environment variable ``PIECEPACK_FUZZ`` chooses the profile: ``ci`` (the default: 3
cases for each unit of a command's weight, about 400 cases in all, under a minute),
``medium`` (10 a unit) or ``large`` (40 a unit, about 5,400 cases). Run with ``-s``, each
command prints its cases, exit statuses and worst time and memory::

    PIECEPACK_FUZZ=large .venv/bin/python -m pytest tests/test_fuzz_commands.py -s -p no:cacheprovider
    PIECEPACK_FUZZ=large .venv/bin/python -m pytest tests/test_fuzz_commands.py -s -k plates -p no:cacheprovider
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import shutil
import stat
import struct
import tempfile
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path

import pytest
from bounded import Forker, Outcome
from hypothesis import given, note, settings
from hypothesis import strategies as st

from piecepack_diagrams.cli import _parser
from piecepack_diagrams.render.raster import MAX_PIXELS, MAX_SIDE

ROOT = Path(__file__).resolve().parents[1]
LABYRINTH = ROOT.parent / "shared" / "corpus" / "labyrinth"

#: Commands whose time and memory the README bounds for any input of at most 1 MB.
BOUNDED = {"validate", "replay", "render", "setup", "figure", "export", "labyrinth harness", "labyrinth deal",
           "labyrinth play"}
#: Processor seconds and resident MiB those may use; the others (their work grows with the
#: record or the counts, kept small here) are only bounded against hanging.
SECONDS, MIB = 5.0, 500.0
#: Commands that exit 1 for what their layout audit finds (a finding names a product, page
#: and cell, not a line of a file), as well as for located errors.
REPORTING = {"audit", "build", "proof", "labyrinth fixtures"}
SLOW_SECONDS = 60.0

LOCATED = re.compile(r"^.+:\d+:\d+: error: \S")
USAGE = re.compile(r"^piecepack-diagrams( [\w-]+)*: error: \S")
ERROR_WORD = re.compile(r"(^|: )error: ")
CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")
#: A progress bar redraws its line with a carriage return.
PROGRESS = re.compile(r"\r(?=\[[#-]+\] )")

# --- what the cases are made of ------------------------------------------------------

RECORDS = {p.relative_to(ROOT / "records").as_posix(): p.read_text(encoding="utf-8")
           for p in sorted((ROOT / "records").rglob("*.ppn"))}
GAME_RECORDS = {game: [text for name, text in RECORDS.items() if name.startswith(game + "/")]
                for game in ("lab-rats", "coin-collectors", "landlocked", "labyrinth")}
TEMPLATES = {p.stem: p.read_text(encoding="utf-8") for p in sorted((ROOT / "templates").glob("*.yaml"))}
THEME = ('base: default\nname: fuzz\nline_width: 1.5\ncaption_size: 0.2\nhighlight_opacity: 0.5\nedge: "#404040"\n'
         'suit_colours: ["#D55E00", "#000000", "#009E73", "#0072B2"]\nrank_symbols: [n, A, "2", "3", "4", "5"]\n'
         'text_suit_glyphs: [S, M, C, A]\nfont_family: DejaVu Sans\n')


def _fixtures() -> dict[str, list[str]]:
    """The three smallest inputs of each milestone in the course's corpus."""
    out = {}
    for folder in sorted(LABYRINTH.glob("m*")):
        paths = sorted(folder.glob("*-in.json"), key=lambda p: (p.stat().st_size, p.name))[:3]
        out[folder.name] = [p.read_text(encoding="utf-8") for p in paths]
    return out


FIXTURES = _fixtures()


def _statistics() -> list[str]:
    """Statistics as stats --format json writes them: two runs of each game, over seeds 1-2 and 3-4."""
    from piecepack_diagrams.games.coin_collectors.stats import policies_statistics
    from piecepack_diagrams.games.lab_rats.stats import deal_chunk
    from piecepack_diagrams.games.landlocked.stats import variant_statistics
    from piecepack_diagrams.statistics import statistics_json

    return [statistics_json(stats) for first in (1, 3) for stats in (
        variant_statistics(2, first_seed=first), deal_chunk(first, 2),
        policies_statistics(["random", "heuristic"], 2, first_seed=first, variant={"Variant": "Four Die Stud"}))]


STATISTICS = _statistics()
#: Referee states to play from: the course's inputs that hold players, and a few deals.
PLAYABLE = [text for milestone in ("m8", "m9", "m10") for text in FIXTURES.get(milestone, [])]

_VOCABULARY = sorted({token for text in RECORDS.values() for token in text.split()})
_NASTY = "\x00\x01\x07\x08\x0b\x0c\x1b\x7f\x85\x9b\u200b\u202e\u2028\ufeff\ufffd\ufffe\uffff\U0001f0a1\U0010fffd"
_NUMBERS = st.one_of(
    st.sampled_from(["9" * 400, "9" * 5000, "nan", "NaN", "-nan", "inf", "-inf", ".inf", "-.inf", "Infinity", "1e309",
                     "-1e309", "1e-320", "-1", "-0", "0", "00", "-99999999", "18446744073709551617", "0x1F", "0o17",
                     "1_000", "1:30", "\u00b2", "\u0663", "3.", ".5", "1e3", "-2.5", "+7"]),
    st.integers(-10 ** 6, 10 ** 6).map(str),
    st.floats().map(repr))
_INSERTS = st.one_of(
    st.text(max_size=12),
    st.text(st.sampled_from(_NASTY), min_size=1, max_size=6),
    st.sampled_from(["{", "}", "[", "]", "---\n", "...\n", "`", "'", '"', "\n", ";", " . ", "{1..99}{1..99}", "*",
                     "&a [a, a, a]", "!!python/object/apply:os.system ['true']", "\\", "%", "@", "(9999,9999)",
                     "{a,{b,{c,d}}}", "1... ", "<b>&amp;</b>", "\t", "\r\n", "#"]))
_TOKENS = st.one_of(st.sampled_from(_VOCABULARY), _NUMBERS, _INSERTS)
#: Mutated inputs stay under the 1 MB the README's bounds are stated for.
MAX_INPUT = 1 << 20


@st.composite
def mutated(draw, texts: list[str]) -> bytes:
    """One of ``texts`` with up to four mutations: a token changed, deleted or repeated, a
    number replaced, characters inserted, a line repeated; sometimes bytes that are not UTF-8."""
    text = draw(st.sampled_from(texts))
    for _ in range(draw(st.sampled_from([0, 0, 1, 1, 2, 4]))):  # a third as shipped: the paths that draw
        kind = draw(st.sampled_from(["change", "delete", "duplicate", "number", "insert", "repeat"]))
        if kind == "insert":
            at = draw(st.integers(0, len(text)))
            text = text[:at] + draw(_INSERTS) + text[at:]
            continue
        if kind == "repeat":
            lines = text.splitlines(keepends=True) or [""]
            k = draw(st.integers(0, len(lines) - 1))
            changed = lines[:k] + [lines[k]] * draw(st.integers(2, 30)) + lines[k + 1:]
            if sum(map(len, changed)) < MAX_INPUT // 4:
                text = "".join(changed)
            continue
        pattern = r"-?\d+(?:\.\d+)?" if kind == "number" else r"\S+"
        found = list(re.finditer(pattern, text))
        if not found:
            continue
        match = found[draw(st.integers(0, len(found) - 1))]
        replacement = {"change": lambda: draw(_TOKENS), "number": lambda: draw(_NUMBERS), "delete": lambda: "",
                       "duplicate": lambda: match[0] + " " + match[0]}[kind]()  # noqa: B023 - called at once
        text = text[:match.start()] + replacement + text[match.end():]
    data = text.encode("utf-8")
    if draw(st.integers(0, 19)) == 0:  # bytes that are not UTF-8
        at = draw(st.integers(0, len(data)))
        data = data[:at] + draw(st.sampled_from([b"\xff", b"\xc3", b"\xed\xa0\x80", b"\x00"])) + data[at:]
    return data[:MAX_INPUT]


@dataclass(frozen=True)
class Case:
    """A command line to run: its arguments; the files it reads (name in the input folder ->
    bytes; ``None`` for a character device that never ends); what to make in the output
    folder first (``("dir", name)``, ``("file", name)``, ``("fifo", name)``, ``("link", name)``:
    a link to the input folder's ``victim.txt``); its standard input."""

    args: tuple[str, ...]
    files: tuple[tuple[str, bytes | None], ...] = ()
    prepared: tuple[tuple[str, str], ...] = ()
    stdin: bytes | None = None

    def __add__(self, other: Case) -> Case:
        return Case(self.args + other.args, self.files + other.files, self.prepared + other.prepared,
                    self.stdin if other.stdin is None else other.stdin)


def arg(*args: str) -> Case:
    return Case(tuple(args))


IN = "../in/"
_NAME_CHARACTERS = st.one_of(st.characters(blacklist_categories=("Cs",), blacklist_characters="/\x00"),
                             st.characters(min_codepoint=0xDC80, max_codepoint=0xDCFF))  # undecodable bytes
_PART = st.text(_NAME_CHARACTERS, min_size=1, max_size=12).filter(lambda s: s not in (".", ".."))
_SUFFIX = st.sampled_from(["", ".svg", ".pdf", ".png", ".txt", ".text", ".html", ".htm", ".ppn", ".json", ".csv",
                           ".PDF", ".Svg", ".tmp"])


@st.composite
def output_name(draw, suffixes: st.SearchStrategy[str] = _SUFFIX) -> Case:
    """A name for ``-o`` (without the option) inside the output folder, and what stands there
    already: nothing, a folder, a file, a link leading out, a FIFO; or ``-``."""
    kind = draw(st.sampled_from(["plain", "plain", "nested", "long", "stdout", "folder", "file", "link", "fifo",
                                 "trailing slash", "dot"]))
    suffix = draw(suffixes)
    if kind == "stdout":
        return arg("-")
    if kind == "dot":
        return arg(draw(st.sampled_from([".", "./", "", "..."])))
    if kind == "long":
        return arg("n" * draw(st.integers(200, 300)) + suffix)
    name = draw(_PART) + suffix
    if kind == "nested":
        name = "/".join(draw(st.lists(_PART, min_size=1, max_size=3))) + "/" + name
    if kind == "trailing slash":
        return arg(name + "/")
    prepared = {"folder": "dir", "file": "file", "link": "link", "fifo": "fifo"}.get(kind)
    return Case((name,), prepared=((prepared, name),) if prepared else ())


def option(flag: str, values: st.SearchStrategy, *, often: bool = True) -> st.SearchStrategy[Case]:
    """``flag VALUE`` (VALUE a string or a Case), or nothing."""
    def made(value: str | Case) -> Case:
        return arg(flag) + (value if isinstance(value, Case) else arg(value))

    given_ = values.map(made)
    return st.one_of(given_, st.just(Case(()))) if often else st.one_of(st.just(Case(())), given_)


def _text_arg() -> st.SearchStrategy[str]:
    return st.text(_NAME_CHARACTERS, max_size=20)


def whole(low: int, high: int) -> st.SearchStrategy[str]:
    """A whole number in a useful range, or one far out of it, or not a number."""
    return st.one_of(st.integers(low, high).map(str),
                     st.sampled_from(["-1", "0", "-99999999999", str(2 ** 64), "9" * 40, "nan", "1.5", "x", "\u00b2",
                                      "\u0663", "1e3", "-", ""]))


@st.composite
def record_input(draw, texts: list[str] | None = None, *, name: str | None = None) -> Case:
    """A record to read: a mutated one mostly; sometimes missing, a folder, empty, or endless."""
    kind = draw(st.sampled_from(["record"] * 12 + ["missing", "folder", "empty", "endless"]))
    if kind == "missing":
        return arg(IN + "missing.ppn")
    if kind == "folder":
        return arg(IN)
    stem = name or draw(st.sampled_from(["game", "g a m e", "\u00fcn\u00efcode", "-dash", "x.ppn", "n" * 200,
                                          "\u202egame", "g\u001b[2Jame"]))
    file = f"{stem}.ppn"
    data = b"" if kind == "empty" else None if kind == "endless" else draw(mutated(texts or list(RECORDS.values())))
    return Case((IN + file,), files=((file, data),))


def _records(low: int, high: int) -> st.SearchStrategy[Case]:
    """From ``low`` to ``high`` records to read, one after another."""
    return st.lists(record_input(), min_size=low, max_size=high).map(lambda cs: sum(cs, Case(())))


def theme_option() -> st.SearchStrategy[Case]:
    theme_file = mutated([THEME]).map(lambda data: Case((IN + "theme.yaml",), files=(("theme.yaml", data),)))
    return option("--theme", st.one_of(st.sampled_from(["default", "print", "nonesuch", ""]), _text_arg(),
                                       theme_file))


def template_value(names: list[str]) -> st.SearchStrategy[str | Case]:
    template_file = mutated(list(TEMPLATES.values())).map(
        lambda data: Case((IN + "template.yaml",), files=(("template.yaml", data),)))
    return st.one_of(st.sampled_from(names), _text_arg(), template_file)


def drawing_options() -> st.SearchStrategy[Case]:
    formats = option("-f", st.sampled_from(["svg", "pdf", "png", "txt"]))
    return st.tuples(formats, option("-o", output_name()), theme_option()).map(lambda parts: sum(parts, Case(())))


def game_option() -> st.SearchStrategy[Case]:
    return option("--game", whole(1, 3), often=False)


def joined(*parts: st.SearchStrategy[Case]) -> st.SearchStrategy[Case]:
    return st.tuples(*parts).map(lambda cases: sum(cases, Case(())))


def flag(name: str) -> st.SearchStrategy[Case]:
    return st.sampled_from([arg(name), Case(())])


# --- one strategy per command ------------------------------------------------------

_MOVE = st.one_of(st.sampled_from(["last", "0", "1", "3...", "2.", "1..", "-1", "last...", "", "first"]),
                  whole(0, 120), _text_arg())
_SETUP_GAMES = ["tablut", "coin-collectors", "lab-rats", "landlocked", "labyrinth", "fujisan", "four-field-kono",
                "chess", "xiangqi", "board", "alien-city", "relativity", "plans-of-action", "american-checkers",
                "international-chess"]


def _moves_range() -> st.SearchStrategy[str]:
    return st.one_of(st.tuples(st.integers(-2, 120), st.integers(-2, 120)).map(lambda r: f"{r[0]}-{r[1]}"),
                     whole(0, 120), _text_arg(), st.sampled_from(["1-", "-", "3-1", "0-0", "1-" + "9" * 40]))


def _records_folder(games: list[str]) -> st.SearchStrategy[Case]:
    """A folder of one to three mutated records of ``games`` (some in a subfolder), given as
    ``--records``'s value."""
    texts = [text for game in games for text in GAME_RECORDS.get(game, [])] or list(RECORDS.values())
    one = st.tuples(st.sampled_from(["a.ppn", "sub/b.ppn", "c.txt", "d e.ppn"]), mutated(texts))
    return st.lists(one, min_size=1, max_size=3, unique_by=lambda f: f[0]).map(
        lambda files: Case((IN + "records",), files=tuple((f"records/{name}", data) for name, data in files)))


def _build_records() -> st.SearchStrategy[Case]:
    return _records_folder(["lab-rats", "coin-collectors", "landlocked", "labyrinth", "ppn"])


@st.composite
def _figures(draw) -> Case:
    game = draw(st.sampled_from(["lab-rats", "coin-collectors", "landlocked", "labyrinth", "all", "chess", "ALL", ""]))
    records = draw(st.one_of(_records_folder([game] if game in GAME_RECORDS else list(GAME_RECORDS)),
                             st.just(arg(IN + "missing")), st.just(Case(()))))
    formats = draw(st.lists(st.sampled_from(["svg", "pdf", "png", "txt"]), min_size=1, max_size=4, unique=True))
    case = arg("figures", game) + (arg("--records") + records if records.args else records)
    case += arg("-f", *formats)
    return case + draw(joined(option("-o", output_name(st.sampled_from(["", "/", ".svg"]))),
                              option("--template", template_value(["figure", "figure-wide", "pocket"]),
                                     often=False),
                              theme_option()))


@st.composite
def _labyrinth_input(draw, texts: list[str]) -> Case:
    data = draw(mutated(texts))
    how = draw(st.sampled_from(["file", "stdin", "dash"]))
    if how == "file":
        return Case((IN + "in.json",), files=(("in.json", data),))
    return Case(("-",) if how == "dash" else (), stdin=data)


@st.composite
def _harness(draw) -> Case:
    milestone = draw(st.sampled_from(sorted(FIXTURES)))
    shown = draw(st.one_of(st.sampled_from([milestone] * 4 + ["m1", "m11", "M3", "", "m3 "]), _text_arg()))
    return arg("labyrinth", "harness", shown) + draw(_labyrinth_input(FIXTURES[milestone]))


@st.composite
def _fixtures_case(draw) -> Case:
    """A folder of one to three mutated fixture pairs (some in a folder named after no
    milestone), given as the folder, a milestone's folder or one input file."""
    pairs = []
    for k in range(draw(st.integers(1, 3))):
        milestone = draw(st.sampled_from(sorted(FIXTURES) + ["m1", "x"]))
        data = draw(mutated(FIXTURES.get(milestone, FIXTURES["m3"])))
        pairs.append((f"fx/{milestone}/p{k}-in.json", data))
        if draw(st.integers(0, 3)):  # now and then no expected output
            pairs.append((f"fx/{milestone}/p{k}-out.json", draw(st.sampled_from([b"[]", b'"PASS"', b"[[], []]", b"{",
                                                                               b"1 2"]))))
    given = draw(st.sampled_from(["fx", pairs[0][0].rsplit("/", 1)[0], pairs[0][0], "fx/missing"]))
    return Case(("labyrinth", "fixtures", IN + given), files=tuple(pairs))


def _jobs_option() -> st.SearchStrategy[Case]:
    return option("--jobs", st.one_of(st.sampled_from(["1", "2"]), whole(1, 2)), often=False)


def _stats_file() -> st.SearchStrategy[Case]:
    """A file of statistics to merge: one written by stats --format json, mutated."""
    return st.tuples(st.sampled_from(["a.json", "b.json"]), mutated(STATISTICS)).map(
        lambda f: Case((IN + f[0],), files=(f,)))


_STRATEGY_NAMES = ["Riemann", "Euclid", "riemann", "Random", ""]


def _player() -> st.SearchStrategy[str]:
    method = st.sampled_from(["", ":takeTurn", ":setUp", ":win", ":takeTurn:3", ":setUp:1", ":takeTurn:\u00b2",
                              ":takeTurn:-1", ":x:y:z", ":takeTurn:" + "9" * 30])
    return st.tuples(st.one_of(st.sampled_from(["Ann", "Bob", "Cy", " ", "\u00e9", "a:b"]), _text_arg()),
                     st.sampled_from(_STRATEGY_NAMES), method).map(lambda p: f"{p[0]}:{p[1]}{p[2]}")


_COMMANDS: dict[str, st.SearchStrategy[Case]] = {
    "validate": st.lists(record_input(), min_size=1, max_size=3).map(lambda cs: arg("validate") + sum(cs, Case(()))),
    "replay": joined(st.just(arg("replay")), _records(1, 3),
                     option("--format", st.sampled_from(["txt", "csv"])), game_option(), theme_option()),
    "render": joined(st.just(arg("render")), record_input(), option("--move", _MOVE), game_option(),
                     flag("--legal"), drawing_options()),
    # Several records: each drawn into the folder -o names (a failure of one leaves the others written).
    "render several": joined(st.just(arg("render")), _records(2, 3), option("--move", _MOVE),
                             option("-f", st.sampled_from(["svg", "pdf", "png", "txt"])),
                             option("-o", output_name(st.sampled_from(["", "/", ".svg"]))), theme_option()),
    "setup": joined(st.just(arg("setup")),
                    st.one_of(st.sampled_from(_SETUP_GAMES), _text_arg()).map(lambda g: arg(g)),
                    option("--seed", whole(0, 1000)), drawing_options()),
    "plates": joined(st.just(arg("plates")), record_input(), game_option(), option("--moves", _moves_range()),
                     option("--template", template_value(["auto", "plates-2x3", "plates-1x1", "pocket", "figure",
                                                          "answer-key"])),
                     option("-f", st.sampled_from(["pdf", "svg"])),
                     option("-o", output_name(st.sampled_from(["", ".pdf", ".svg", "/", ".PDF"]))), theme_option()),
    # Small and flat mostly: an animation's work grows with moves, frames and pixels.
    "animate": joined(st.just(arg("animate")), record_input(), game_option(), option("--moves", _moves_range()),
                      option("--fps", whole(0, 60)),
                      option("--pause", st.sampled_from(["0", "0.1", "-1", "31", "nan"])),
                      option("--width", whole(16, 240)),
                      option("--view", st.sampled_from(["flat"] * 4 + ["oblique", "side"])),
                      option("-o", output_name(st.sampled_from([".gif", ".apng", ".svg", ".mp4", "", "/"]))),
                      theme_option()),
    "viewer": joined(st.just(arg("viewer")), record_input(), game_option(),
                     option("-o", output_name(st.sampled_from([".html", ".htm", "", ".svg"]))), theme_option()),
    "export": joined(st.just(arg("export")), record_input(), game_option(),
                     option("-o", output_name(st.sampled_from([".ppn", "", ".txt"])))),
    "figure": joined(st.just(arg("figure")),
                     st.one_of(st.sampled_from(["lab-rats-maze-building", "landlocked-end", "lab-rats-move-rat",
                                                "labyrinth-key", "coin-collectors-illegal-move", "--list"]),
                               _text_arg()).map(lambda n: arg(n)),
                     drawing_options()),
    "completion": st.one_of(st.sampled_from(["bash", "zsh", "fish"]), _text_arg()).map(lambda s: arg("completion", s)),
    "figures": _figures(),
    "solve": joined(st.just(arg("solve")),
                    st.one_of(st.sampled_from(["lab-rats", "landlocked", "coin-collectors", "tablut"]).map(arg),
                              record_input(GAME_RECORDS["lab-rats"] + GAME_RECORDS["landlocked"])),
                    option("--seed", whole(0, 50)), option("--move", _MOVE, often=False), flag("--advanced"),
                    # The standard-rules search visits --budget states (200,000 by default, a minute).
                    st.one_of(whole(0, 3000), st.sampled_from(["50000000", "-5"])).map(lambda b: arg("--budget", b)),
                    option("--difficulty", st.sampled_from(["standard", "easy", "hard"]))),
    "puzzles": joined(st.just(arg("puzzles")),
                      st.one_of(st.sampled_from(["lab-rats", "coin-collectors", "landlocked"]), _text_arg()).map(arg),
                      st.one_of(st.integers(-1, 2).map(str), st.sampled_from(["1000000000", "x", "1.5"])).map(
                          lambda n: arg("--count", n)),
                      option("--seed", whole(0, 100)), option("--difficulty", st.sampled_from(["easy", "medium",
                                                                                               "hard"])),
                      st.one_of(st.floats(0.1, 3).map(repr),
                                st.sampled_from(["-1", "0", "nan", "inf", "-inf", "1e9", "3601", "x"])).map(
                          lambda t: arg("--time-limit", t)),
                      option("--template", template_value(["puzzle-sheet", "answer-key", "plates-1x1", "pocket"]),
                             often=False),
                      option("--key-template", template_value(["answer-key", "puzzle-sheet"]), often=False),
                      option("-o", output_name(st.sampled_from([".pdf", "", ".svg"]))), theme_option(),
                      _jobs_option()),
    "stats": joined(st.just(arg("stats")),
                    st.one_of(st.sampled_from(["lab-rats", "coin-collectors", "Coin Collectors", "landlocked"]),
                              _text_arg()).map(arg),
                    st.sampled_from([Case(())] * 4 + [arg("--format", "json"), arg("--format", "xml")]),
                    _jobs_option(),
                    st.one_of(st.integers(-1, 4).map(str), st.sampled_from(["100000000000", "x"])).map(
                        lambda n: arg("--games", n)),
                    option("--first-seed", whole(0, 10 ** 6)),
                    option("--policy", st.one_of(
                        st.sampled_from(["random", "heuristic", "lookahead", "expectimax", "all"]), _text_arg())),
                    option("--variant", st.one_of(st.sampled_from(["Four Die Stud", "Last One Out",
                                                                   "Acceptable Losses", "last one out"]),
                                                  _text_arg())),
                    option("--left-behind", whole(1, 3), often=False),
                    option("--plot", output_name(st.sampled_from([".png", "", ".pdf"])))),
    "stats merge": joined(st.just(arg("stats", "merge")), st.lists(_stats_file(), min_size=0, max_size=3).map(
                              lambda cs: sum(cs, Case(()))),
                          st.sampled_from([Case(())] * 4 + [arg("--format", "json"), arg("--jobs", "2")]),
                          option("--plot", output_name(st.sampled_from([".png", ""])), often=False)),
    "labyrinth harness": _harness(),
    "labyrinth fixtures": joined(_fixtures_case(), _jobs_option()),
    "labyrinth play": joined(st.just(arg("labyrinth", "play")), _labyrinth_input(PLAYABLE),
                             option("--players", st.lists(_player(), min_size=1, max_size=5).map(lambda p: arg(*p))),
                             flag("--no-setup-ejection-activity"),
                             st.one_of(whole(1, 30), st.just("20000")).map(lambda n: arg("--max-rounds", n)),
                             option("--event", _text_arg()),
                             option("-o", output_name(st.sampled_from([".ppn", "", ".json"])))),
    "labyrinth deal": joined(st.just(arg("labyrinth", "deal")), option("--seed", whole(0, 10 ** 6)),
                             option("--size", st.one_of(st.tuples(st.integers(0, 20), st.integers(0, 20)).map(
                                 lambda s: f"{s[0]}x{s[1]}"), _text_arg(), st.sampled_from(["7x7", "999x999",
                                                                                            "\u0663x\u0663"]))),
                             option("--players", whole(1, 6)), option("--goals", whole(0, 5)),
                             option("-o", output_name(st.sampled_from([".json", ""])))),
    "audit": joined(st.just(arg("audit")),
                    st.lists(st.one_of(record_input(), _build_records()), min_size=1, max_size=2).map(
                        lambda cs: sum(cs, Case(()))),
                    # A game's figure set takes seconds: audited now and then.
                    st.sampled_from([arg("--no-figures")] * 3 + [Case(())]), theme_option()),
    "proof": joined(st.just(arg("proof")), option("--records", _build_records(), often=True),
                    option("-o", output_name(st.sampled_from([".pdf", "", ".svg", ".PDF"]))), theme_option(),
                    st.sampled_from([arg("--no-figures")] * 3 + [Case(())]),
                    st.sampled_from([arg("--no-puzzles")] * 9 + [Case(())])),
    "build": joined(st.just(arg("build")), option("--records", _build_records(), often=True),
                    option("--output", output_name(st.sampled_from(["", "/"]))), theme_option(),
                    # The figure sets and sample puzzle books take seconds: drawn now and then.
                    st.sampled_from([arg("--no-figures")] * 3 + [Case(())]),
                    st.sampled_from([arg("--no-puzzles")] * 9 + [Case(())]), _jobs_option(),
                    # The API reference is Sphinx's work, the same whatever the inputs (tests/test_docs.py).
                    st.just(arg("--no-docs"))),
}
#: Relative number of cases a command gets (see :data:`_PROFILES`).
_WEIGHT = {"validate": 12, "replay": 10, "render": 14, "setup": 8, "plates": 8, "animate": 3, "viewer": 6, "export": 8,
           "figure": 5, "figures": 4, "solve": 6, "puzzles": 5, "stats": 5, "stats merge": 3, "labyrinth harness": 10,
           "labyrinth play": 6, "labyrinth deal": 5, "labyrinth fixtures": 4, "build": 2, "audit": 4,
           "proof": 2, "render several": 4, "completion": 2}


def _command_names() -> list[str]:
    """Every command of ``piecepack-diagrams --help``, a Labyrinth tool as ``labyrinth TOOL``."""
    names = []
    for action in _parser()._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                tools = [a for a in sub._actions if isinstance(a, argparse._SubParsersAction)]
                names += [f"{name} {tool}" for tool in tools[0].choices] if tools else [name]
    return names


#: Cases a unit of weight under each profile (``PIECEPACK_FUZZ``).
_PROFILES = {"ci": 3, "medium": 10, "large": 40}
PROFILE = os.environ.get("PIECEPACK_FUZZ", "ci")


def _cases(command: str) -> int:
    """The command's number of cases under the profile ``PIECEPACK_FUZZ`` names."""
    if PROFILE not in _PROFILES:
        raise pytest.UsageError(f"PIECEPACK_FUZZ={PROFILE!r}: expected one of {', '.join(_PROFILES)}")
    return _WEIGHT[command] * _PROFILES[PROFILE]


def test_every_command_has_a_fuzz_strategy():
    assert sorted(_command_names() + ["stats merge", "render several"]) == sorted(_COMMANDS), \
        "a command without a fuzz strategy, or one gone"
    assert set(_WEIGHT) == set(_COMMANDS)


# --- running a case and checking what it did -----------------------------------------

@pytest.fixture(scope="module")
def session(tmp_path_factory):
    """The server commands are forked from, its temporary folder (which must stay empty), and
    the folder each case gets a folder in."""
    root = tmp_path_factory.mktemp("fuzz-commands")
    scratch = root / "tmp"
    scratch.mkdir()
    # PYTHONIOENCODING: standard input and output as in a UTF-8 locale (strict), not as
    # in the C.UTF-8 one machines like this one run in (which lets undecodable bytes through).
    env = {**os.environ, "TMPDIR": str(scratch), "OPENBLAS_NUM_THREADS": "1", "PYTHONIOENCODING": "utf-8:strict"}
    with Forker(env=env) as forker:
        yield forker, root, scratch


def _snapshot(folder: Path) -> dict[str, tuple]:
    """Every entry under ``folder``, links not followed: its kind, and a regular file's digest."""
    out = {}
    for dirpath, dirnames, filenames in os.walk(folder):
        for name in dirnames + filenames:
            path = Path(dirpath) / name
            mode = os.lstat(path).st_mode
            digest = hashlib.sha256(path.read_bytes()).hexdigest() if stat.S_ISREG(mode) else None
            target = os.readlink(path) if stat.S_ISLNK(mode) else None
            out[str(path.relative_to(folder))] = (stat.S_IFMT(mode), digest, target)
    return out


def _prepare(case: Case, base: Path) -> tuple[Path, Path]:
    inputs, out = base / "in", base / "out"
    inputs.mkdir()
    out.mkdir()
    (inputs / "victim.txt").write_bytes(b"a file an output link leads to\n")
    for name, data in case.files:
        path = inputs / name
        if os.path.lexists(path):  # a name drawn twice: the first stands
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        if data is None:
            os.mknod(path, 0o444 | stat.S_IFCHR, os.makedev(1, 5))  # the zero device, made here
        else:
            path.write_bytes(data)
    for kind, name in case.prepared:
        path = out / name
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            if kind == "dir":
                path.mkdir()
            elif kind == "file":
                path.write_bytes(b"an old file\n")
            elif kind == "fifo":
                os.mkfifo(path)
            else:
                path.symlink_to(inputs / "victim.txt")
        except OSError:  # a name the file system refuses: the command will meet it as it is
            pass
    return inputs, out


def _check_output(path: Path, data: bytes) -> None:
    """What a command wrote is well-formed for what it is."""
    if data.startswith(b"%PDF-"):
        assert b"%%EOF" in data[-1024:], f"{path}: a PDF that does not end"
    elif data.startswith(b"\x89PNG\r\n\x1a\n"):
        width, height = struct.unpack(">II", data[16:24])
        assert 0 < width <= MAX_SIDE and 0 < height <= MAX_SIDE and width * height <= MAX_PIXELS, (path, width,
                                                                                                   height)
    elif data.startswith(b"<?xml"):
        ET.fromstring(data)  # an SVG drawing is well-formed XML
    elif data.startswith(b"GIF89a"):
        assert data.endswith(b";"), f"{path}: a GIF without its trailer"
    elif data[4:8] == b"ftyp":
        assert b"moov" in data, f"{path}: an MP4 without its index"
    else:
        text = data.decode("utf-8")  # text, a record, JSON, a page
        if path.suffix == ".json":
            json.loads(text)
        if text.lstrip().startswith("<!DOCTYPE html"):
            assert text.rstrip().endswith("</html>"), f"{path}: a page that does not end"


def _check(command: str, case: Case, outcome: Outcome, inputs: Path, out: Path, base: Path, scratch: Path,
           before: dict[str, tuple], prepared: dict[str, tuple]) -> None:
    err = outcome.err
    note(f"status {outcome.status}, {outcome.seconds:.2f} s, {outcome.peak_mib:.0f} MiB\nstderr: {err[-3000:]}")
    assert outcome.status in (0, 1, 2), f"exit status {outcome.status} (killed by a bound?)"
    assert "Traceback" not in err and "internal error" not in err
    if command in BOUNDED:
        assert outcome.seconds < SECONDS and outcome.peak_mib < MIB, (outcome.seconds, outcome.peak_mib)
    lines = err.splitlines()
    for line in lines:
        if ERROR_WORD.search(line):
            assert LOCATED.match(line) or (outcome.status == 2 and USAGE.match(line)), f"an error line: {line!r}"
        assert len(line) < 2000, "an error line of readable length"
    if outcome.status == 1 and command not in REPORTING:
        assert any(LOCATED.match(line) for line in lines), "exit status 1 without a located error"
    if outcome.status == 2:
        assert "usage:" in err
    assert not CONTROL.search(PROGRESS.sub("", err)), "a control character on standard error"
    binary = "-" in case.args or outcome.stdout[:5] in (b"%PDF-", b"\x89PNG\r")
    if not binary:
        assert not CONTROL.search(outcome.stdout.decode("utf-8", "replace")), "a control character on standard output"
    # Nothing written outside the output folder; the inputs (and what a link leads to) unchanged.
    assert sorted(p.name for p in base.iterdir()) == ["in", "out"]
    assert _snapshot(inputs) == before, "an input was changed"
    assert not any(scratch.iterdir()), "a file left in the temporary folder"
    after = _snapshot(out)
    made = {name for name in after if name not in prepared}
    assert not [name for name in after if re.fullmatch(r"\..*\.tmp", Path(name).name)], "a temporary file left"
    for name, entry in prepared.items():
        if entry[0] != stat.S_IFDIR:
            assert after.get(name, entry)[0] == entry[0], f"{name} was replaced by something else"
    single = command in {"render", "setup", "figure", "export", "puzzles", "labyrinth deal", "labyrinth play"}
    if outcome.status != 0 and single:
        assert not [n for n in made if stat.S_ISREG(after[n][0])], f"a failed command wrote {made}"
    for name in made:
        if stat.S_ISREG(after[name][0]):
            _check_output(out / name, (out / name).read_bytes())


def _run_case(session, command: str, case: Case) -> Outcome:
    forker, root, scratch = session
    base = Path(tempfile.mkdtemp(dir=root))
    try:
        inputs, out = _prepare(case, base)
        before, prepared = _snapshot(inputs), _snapshot(out)
        note(f"piecepack-diagrams {' '.join(map(repr, case.args))}")
        slow = command not in BOUNDED
        outcome = forker.run(*case.args, stdin=case.stdin, cwd=out, seconds=SLOW_SECONDS if slow else 2 * SECONDS,
                             wall=4 * SLOW_SECONDS if slow else 60.0)
        _check(command, case, outcome, inputs, out, base, scratch, before, prepared)
        return outcome
    finally:
        shutil.rmtree(base, ignore_errors=True)
        for leftover in scratch.iterdir():
            shutil.rmtree(leftover, ignore_errors=True) if leftover.is_dir() else leftover.unlink()


@pytest.mark.parametrize("command", sorted(_COMMANDS))
def test_a_command_ends_cleanly_whatever_it_is_given(session, command):
    outcomes: list[Outcome] = []

    @settings(max_examples=_cases(command))
    @given(_COMMANDS[command])
    def case_runs(case: Case) -> None:
        outcomes.append(_run_case(session, command, case))

    case_runs()
    statuses = {s: sum(o.status == s for o in outcomes) for s in sorted({o.status for o in outcomes})}
    print(f"\n{command}: {len(outcomes)} cases, exits {statuses}, worst {max(o.seconds for o in outcomes):.2f} s "
          f"processor, {max(o.peak_mib for o in outcomes):.0f} MiB")
