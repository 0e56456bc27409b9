"""Fuzzing every reader with hypothesis: the PPN container, each game's movetext, the
Labyrinth JSON inputs, templates and themes. Whatever the input, a reader returns or
raises a :class:`PiecepackError` located inside the input, in bounded time; random
legal games replay, validate and end as their engine says.

CI runs the small profile (``ci``, the default); the large one runs 100,000 cases per
reader::

    .venv/bin/python -m pytest tests/test_fuzz_readers.py --hypothesis-profile=large -p no:cacheprovider
"""

from __future__ import annotations

import functools
import gc
import json
import time
from pathlib import Path

import pytest
from hypothesis import assume, event, given
from hypothesis import strategies as st

from piecepack_diagrams import parse_records, replay
from piecepack_diagrams.errors import PiecepackError

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT.parent / "shared" / "corpus" / "labyrinth"
#: Seconds any one reader may take on one fuzz case (inputs here are at most a few KB).
BOUND = 3.0

# Characters (and line openings) PPN gives meaning to, and some it does not.
_PPN_ALPHABET = st.sampled_from(list("abcdeSMCAnt25cdpfbRKW@-_*:#!+=~%^&?/\\<>v()[]{},.;`' \n0123456789")
                                + ["---\n", "...\n", "\u2654", "\U0001f0a1", "\U0001f031", "\u25b2", "\t", "\x00"])


def _located_inside(error: PiecepackError, text: str) -> None:
    loc = error.location
    assert loc is not None, f"unlocated error: {error.format()}"
    assert 1 <= loc.line <= text.count("\n") + 2, error.format()
    assert loc.column >= 1, error.format()


def _timed(fn, *args, **kwargs):
    # Processor time, not wall time: on a shared machine, time spent waiting for a processor is
    # not the reader's. The cyclic garbage collector is paused too: late in a 100,000-case run it
    # walks hypothesis's millions of objects, and once charged 5 s to reading four characters.
    gc.disable()
    start = time.process_time()
    try:
        return fn(*args, **kwargs)
    finally:
        spent = time.process_time() - start
        gc.enable()
        assert spent < BOUND, f"a reader took {spent:.1f} s of processor time"


def _replay_all(text: str) -> None:
    for record in parse_records(text, name="fuzz.ppn"):
        result = replay(record, strict=False)
        for error in result.errors + result.later_errors:
            _located_inside(error, text)


@given(st.lists(_PPN_ALPHABET, max_size=300).map("".join))
def test_any_text_is_a_record_or_a_located_error(text):
    try:
        _timed(_replay_all, text)
    except PiecepackError as error:
        _located_inside(error, text)


_HEADERS = {
    "lab-rats": "---\nGameType: Lab Rats\nSeed: 3\n...\n",
    "lab-rats-standard-built": "---\nGameType: Lab Rats\nSeed: 5\nVariant: standard\n...\n",
    "coin-collectors": "---\nGameType: Coin Collectors\nSeed: 1\n...\n",
    "landlocked": "---\nGameType: Landlocked\nSeed: 2\n...\n",
    "tablut": "---\nGameType: Tablut\n...\n",
}
_TOKENS = {
    "lab-rats": ["1N", "2E", "3S", "1W", "2x", "3x", "1N2", "B", "R1", "resign", "2S9", "4N", "1Q", ""],
    "lab-rats-standard-built": ["1N", "2E", "3S", "1W", "2x", "B", "R2", "R3", "resign", "1N1"],
    "coin-collectors": ["SN", "ME", "CS", "AW", "R:Sa", "R:M3C4", "R:-", "X:S", "X:Q", "SX", "R:S9"],
    "landlocked": ["a5-b5", "a5-a4-b4", "b4-c4", "e1", "a1-a2-a3", "a5-b5-b4-b3", "z9", "a5-c5"],
    "tablut": ["e1-e3", "a4-a3", "*e5", "d1:d3", "S@e5", "?c-a1", "+e1", "e1@>90", "e1=cS3", "2e5-f5"],
}


@pytest.mark.parametrize("game", sorted(_HEADERS))
@given(data=st.data())
def test_a_game_s_movetext_is_replayed_or_refused_at_its_move(game, data):
    tokens = data.draw(st.lists(st.sampled_from(_TOKENS[game]), max_size=25))
    body = " ".join(f"{k // 2 + 1}{'.' if k % 2 == 0 else '...'} {t}" for k, t in enumerate(tokens))
    text = _HEADERS[game] + body + "\n"
    result = _timed(replay, parse_records(text, name=f"{game}.ppn")[0], strict=False)
    for error in result.errors + result.later_errors:
        _located_inside(error, text)


@functools.cache
def _labyrinth_inputs() -> list[tuple[str, list]]:
    from piecepack_diagrams.games.labyrinth import read_values

    out = []
    for milestone in ("m3", "m4", "m5", "m6", "m7", "m8"):
        for path in sorted((FIXTURES / milestone).glob("*-in.json"))[:3]:
            out.append((milestone, read_values(path.read_text(encoding="utf-8"))))
    return out


_JSON = st.recursive(st.none() | st.booleans() | st.integers(-10, 100) | st.text(max_size=8),
                     lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner,
                                                                                 max_size=4),
                     max_leaves=12)


def _mutated(value, path: list[int], replacement):
    """``value`` with the node that ``path`` picks replaced."""
    if not path or not isinstance(value, (list, dict)) or not value:
        return replacement
    keys = list(value) if isinstance(value, dict) else list(range(len(value)))
    key = keys[path[0] % len(keys)]
    copy = dict(value) if isinstance(value, dict) else list(value)
    copy[key] = _mutated(value[key], path[1:], replacement)
    return copy


@given(st.integers(0, 17), st.lists(st.integers(0, 50), max_size=6), _JSON)
def test_labyrinth_inputs_with_a_node_changed_give_an_answer_or_a_worded_error(which, path, replacement):
    from piecepack_diagrams.games.labyrinth import run

    inputs = _labyrinth_inputs()
    milestone, values = inputs[which % len(inputs)]
    changed = _mutated(values, path, replacement)
    try:
        answer = _timed(run, milestone, changed)
    except PiecepackError as error:
        assert error.describe(), "the error says what is wrong"
        return
    json.dumps(answer)  # an answer is JSON


@given(st.text(st.sampled_from(list('[]{}",:0123456789-truefalsn \n\\u')), max_size=200))
def test_labyrinth_json_text_is_read_or_refused_with_its_place(text):
    from piecepack_diagrams.games.labyrinth import read_values

    try:
        _timed(read_values, text, name="in.json")
    except PiecepackError as error:
        _located_inside(error, text)


@pytest.fixture(scope="module")
def scratch(tmp_path_factory) -> Path:
    """One folder for every case's settings file (a folder a case would be 100,000 folders)."""
    return tmp_path_factory.mktemp("settings")


_FIELD_VALUES = st.one_of(st.integers(-5, 80), st.floats(-5, 80, allow_nan=False), st.booleans(), st.text(max_size=12),
                          st.lists(st.integers(-2, 14), max_size=5), st.sampled_from(["letter", "a5", "DejaVu Sans",
                                                                                      "{title}", "{page} / {pages}"]))


@given(st.dictionaries(st.sampled_from(["paper", "landscape", "margins", "grid", "gap", "fit_height", "caption_size",
                                        "caption_font", "move_font", "header", "header_size", "footer",
                                        "footer_size", "answer_key", "description", "colour"]),
                       _FIELD_VALUES, max_size=8))
def test_any_template_loads_or_is_refused_at_its_file(scratch, fields):
    import yaml

    from piecepack_diagrams.sheets import load_template

    path = scratch / "mine.yaml"  # one file, rewritten for each case
    path.write_text(yaml.safe_dump(fields), encoding="utf-8")
    try:
        template = _timed(load_template, path)
    except PiecepackError as error:
        assert error.location is not None and error.location.file == str(path)
        return
    assert all(w > 0.5 and h > 0.5 for _, _, w, h in template.cells())


@given(st.dictionaries(st.sampled_from(["base", "line_width", "edge", "suit_colours", "pdf_font", "caption_size",
                                        "rank_symbols", "highlight_opacity", "unknown"]),
                       _FIELD_VALUES, max_size=6))
def test_any_theme_loads_or_is_refused_at_its_file(scratch, fields):
    import yaml

    from piecepack_diagrams.theme import load_theme

    path = scratch / "mine.yaml"
    path.write_text(yaml.safe_dump(fields), encoding="utf-8")
    try:
        _timed(load_theme, path)
    except PiecepackError as error:
        assert error.location is not None


def _pick_legal(game, state, data) -> list[str]:
    """One move drawn among the engine's own legal moves (Lab Rats, Labyrinth)."""
    legal = list(game.legal_moves(state) or [])
    assume(legal)
    return [data.draw(st.sampled_from(legal))]


def _coin_collectors_turn(game, state, data) -> list[str]:
    """A turn of Coin Collectors: a legal pawn move (or, when stuck, a pawn taken out), then
    a roll of dice the player picks up (all four when the rules say so), faces drawn at random."""
    from piecepack_diagrams.games.coin_collectors.rules import Remove, Roll

    if state.phase == "stuck":
        first = Remove(data.draw(st.sampled_from([s for s in range(1, 5) if state.can_move(s)]))).text
        everything = True
    else:
        first = data.draw(st.sampled_from(list(game.legal_moves(state))))
        everything = state.variant.four_die_stud
    suits = [1, 2, 3, 4] if everything else data.draw(st.lists(st.integers(1, 4), unique=True, max_size=4))
    roll = Roll(tuple((s, data.draw(st.integers(1, 6))) for s in suits)).text
    return [first, roll]


def _landlocked_leg(game, state, data, *, solver: bool = True) -> list[str]:
    """A leg of Landlocked: the solver's next leg (so that some games are won; only with
    ``solver``, as proving a hard deal lost takes the solver a while), or a shortest path
    through one of the fewest-pass choices of grid tiles, or a choice one tile larger."""
    from piecepack_diagrams.games.landlocked.board import cell_name
    from piecepack_diagrams.games.landlocked.paths import choices_by_size, path_through
    from piecepack_diagrams.games.landlocked.solver import solve

    if solver and data.draw(st.booleans()):
        route = solve(state)
        if route.solvable:
            return ["-".join(cell_name(c) for c in [state.position, *route.paths[0]])]
    args = (state.deal, state.leg, state.position, state.marks, state.options)
    choices: list[int] = []
    layers = 0
    for layer in choices_by_size(*args):
        choices += layer
        layers += bool(layer)
        if layers == 2:
            break
    assume(choices)
    chosen = data.draw(st.sampled_from(choices))
    path = path_through(*args[:3], chosen, *args[3:])
    return ["-".join(cell_name(c) for c in [state.position, *path])]


def _random_legal_game(game_name: str, header: str, data, most: int, turn) -> tuple[str, object]:
    """A record of a random legal game (each turn's tokens drawn by ``turn`` among what the
    rules allow) and the engine's own final state."""
    from piecepack_diagrams.engine import find_game
    from piecepack_diagrams.errors import SourceLocation
    from piecepack_diagrams.notation.movetext import MoveGroup, Token

    game = find_game(game_name)
    record = parse_records(header, name="legal.ppn")[0]
    state = game.setup(record.metadata)
    moves = []
    where = SourceLocation("legal.ppn", 1, 1)
    for number in range(1, data.draw(st.integers(0, most)) + 1):
        if game.status(state).is_over():
            break
        tokens = turn(game, state, data)
        group = MoveGroup(f"{number}.", tuple(Token(t, where) for t in tokens), (), where)
        state = game.apply(state, group, metadata=record.metadata)
        moves.append(f"{number}. {' '.join(tokens)}")
    return header + "\n".join(moves) + "\n", state


_LABYRINTH_HEADER = object()


@pytest.mark.parametrize("game, header, turn, most", [
    ("lab rats", "---\nGameType: Lab Rats\nSeed: 4\nVariant: advanced\n...\n", _pick_legal, 40),
    ("lab rats", "---\nGameType: Lab Rats\nSeed: 8\n...\n", _pick_legal, 40),
    # A Labyrinth turn has hundreds of legal choices to list, so its games are kept short.
    ("labyrinth", _LABYRINTH_HEADER, _pick_legal, 8),
    ("coin collectors", "---\nGameType: Coin Collectors\nSeed: 16\n...\n", _coin_collectors_turn, 40),
    ("coin collectors", "---\nGameType: Coin Collectors\nSeed: 3\nVariant: Four Die Stud\n...\n",
     _coin_collectors_turn, 40),
    ("coin collectors", "---\nGameType: Coin Collectors\nSeed: 5\nVariant: [Last One Out, Acceptable Losses]\n"
                        "LeftBehind: 1\n...\n", _coin_collectors_turn, 40),
    ("landlocked", "---\nGameType: Landlocked\nSeed: 1\n...\n", _landlocked_leg, 13),
    ("landlocked", "---\nGameType: Landlocked\nSeed: 19\nDifficulty: hard\nOptions: {limit_markers: true}\n...\n",
     functools.partial(_landlocked_leg, solver=False), 13),
], ids=["lab-rats-advanced", "lab-rats-standard", "labyrinth", "coin-collectors", "four-die-stud",
        "last-one-out-acceptable-losses", "landlocked", "landlocked-hard-limited"])
@given(data=st.data())
def test_a_random_legal_game_replays_validates_and_ends_as_its_engine_says(game, header, turn, most, data):
    from piecepack_diagrams.engine import find_game

    if header is _LABYRINTH_HEADER:
        text = (ROOT / "records" / "labyrinth" / "seven-by-seven-four-players.ppn").read_text(encoding="utf-8")
        header = text[:text.index("\n...\n") + 5]
    record_text, final = _random_legal_game(game, header, data, most, turn)
    record = parse_records(record_text, name="legal.ppn")[0]
    result = replay(record, strict=False)  # validating: every error collected
    assert not result.errors, "moves the rules allow validate"
    assert result.status() == find_game(game).status(final)
    assert replay(record).status() == result.status()  # replaying: the first error raised
    event(f"ended {result.status().outcome}")  # --hypothesis-show-statistics: games reach every ending


@st.composite
def _labyrinth_positions(draw):
    """A dealt Labyrinth position, perhaps after a slide (so avatars stand away from home
    and ``last`` is set)."""
    from piecepack_diagrams.games.labyrinth.deal import COLOURS, deal, fixed_cells

    height, width = draw(st.integers(2, 15)), draw(st.integers(2, 15))
    players = draw(st.integers(1, min(len(COLOURS), len(fixed_cells(height, width)))))
    state = deal(draw(st.integers(0, 2 ** 40)), height=height, width=width, players=players,
                 goals=draw(st.integers(0, 6)))
    if draw(st.booleans()):
        direction = draw(st.sampled_from(["LEFT", "RIGHT", "UP", "DOWN"]))
        size = height if direction in ("LEFT", "RIGHT") else width
        index = draw(st.sampled_from(range(0, size, 2)))
        state = state.slid(index, direction, draw(st.sampled_from([0, 90, 180, 270])))
    return state


@given(_labyrinth_positions())
def test_a_labyrinth_state_written_as_the_course_s_json_reads_back_the_same(state):
    from piecepack_diagrams.games.labyrinth import read_values
    from piecepack_diagrams.games.labyrinth.jsonio import parse_state, state_json

    text = json.dumps(state_json(state), ensure_ascii=False)
    assert parse_state(read_values(text, name="state.json")[0]) == state


@given(_labyrinth_positions(), st.booleans(), st.integers(1, 10_000),
       st.lists(st.text(st.characters(codec="utf-8", exclude_categories=["Cs", "Cc"]), max_size=10), max_size=3))
def test_a_labyrinth_position_written_as_a_record_header_reads_back_the_same(state, counts, rounds, names):
    from piecepack_diagrams.engine import find_game
    from piecepack_diagrams.games.labyrinth.notation import header_text
    from piecepack_diagrams.games.labyrinth.rules import Options

    options = Options(counts, rounds)
    names = names[:len(state.players)]
    text = "---\n" + header_text(state, names=names, extra={"Event": "round trip"}, options=options) + "...\n"
    play = find_game("labyrinth").setup(parse_records(text, name="header.ppn")[0].metadata)
    assert play.position == state
    assert play.options == options
    assert play.names[:len(names)] == tuple(names)


@given(st.text(st.characters(exclude_categories=["Cs"]), max_size=40))
def test_a_quoted_yaml_scalar_reads_back_the_same(text):
    import yaml

    from piecepack_diagrams.notation.yamlsafe import yaml_quoted

    assert yaml.safe_load("[" + yaml_quoted(text) + "]") == [text]
