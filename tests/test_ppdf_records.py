"""A record whose header is ``GameType: {Name: <game>, Seed: N}`` starts where R's ppdf
starts it: for every reference layout, a one-move record is replayed and its setup
compared, piece by piece, with the corpus."""

from __future__ import annotations

import json

import pytest

from piecepack_diagrams import parse_records, replay
from piecepack_diagrams.csvexport import replay_rows
from piecepack_diagrams.setups import find_setup
from ppdf_corpus import differences, read_layout, references

REFERENCES = references()
_GAMES_WITH_RULES = {"piecepack_lab_rats", "piecepack_coin_collectors", "piecepack_landlocked"}


def _record(name: str, seed: int | None) -> str:
    fields = {"Name": name, **({"Seed": seed} if seed is not None else {})}
    return f"---\nGameType: {json.dumps(fields)}\n...\n1. {{a move that moves nothing}}\n"


def _positions(text: str) -> dict[int, list[tuple]]:
    (record,) = parse_records(text, name="one-move.ppn")
    result = replay(record)
    rows: dict[int, list[tuple]] = {}
    for index, _label, _row, side, suit, rank, cfg, x, y, angle in replay_rows(result):
        rows.setdefault(int(index), []).append((side, int(suit), int(rank), cfg, float(x), float(y), float(angle)))
    return rows


@pytest.mark.parametrize("ref", REFERENCES, ids=[r.id for r in REFERENCES])
def test_a_record_starts_from_rs_layout(ref) -> None:
    title = find_setup(ref.function).title  # the name a record's GameType uses
    positions = _positions(_record(title, ref.seed))
    problems = differences(positions[1], read_layout(ref.path))
    assert not problems, "\n".join(problems)
    if ref.function not in _GAMES_WITH_RULES:
        # (a game with rules draws its own picture once play starts: covered by its tests)
        assert positions[2] == positions[1]


def test_names_and_key_spellings_of_a_record_reach_the_same_setup() -> None:
    by_title = _positions('---\nGameType: {Name: "Tower of Babel", Seed: 3}\n...\n1. {}\n')[1]
    by_alias = _positions('---\nGameType: {Name: accordion, seed: 3}\n...\n1. {}\n')[1]
    by_function = _positions('---\nSetUp: {Name: piecepack_tower_of_babel, SEED: 3}\n...\n1. {}\n')[1]
    assert by_title == by_alias == by_function
    other_seed = _positions('---\nGameType: {Name: "Tower of Babel", Seed: 4}\n...\n1. {}\n')[1]
    assert other_seed != by_title


@pytest.mark.parametrize("header,message", [
    ('GameType: {Name: "Tower of Babbel"}', "unknown game 'Tower of Babbel'"),
    ('GameType: {Name: Shogi, HasSubpak: true}', "takes no argument 'HasSubpak'"),
    ('GameType: {Name: Shogi, HasSubpack: maybe}', "argument 'has_subpack' must be true or false"),
    ('GameType: {Name: "Tower of Babel", Seed: 2147483648}', "argument 'seed'"),
    ('GameType: {Name: "Tower of Babel", Seed: 1.5}', "argument 'seed' must be a whole number"),
])
def test_bad_setups_are_located_and_name_what_is_accepted(header: str, message: str) -> None:
    from piecepack_diagrams.errors import SetupError

    (record,) = parse_records(f"---\n{header}\n...\n1. {{}}\n", name="bad.ppn")
    with pytest.raises(SetupError) as caught:
        replay(record)
    assert message in caught.value.message
    assert caught.value.location is not None and caught.value.location.file == "bad.ppn"
    assert caught.value.expected


def _every_setup() -> list[str]:
    from piecepack_diagrams.setups import setup_infos

    return [info.function for info in setup_infos()]


@pytest.mark.parametrize("function", _every_setup())
def test_every_setup_starts_a_record_as_the_setup_command_lays_it(function: str) -> None:
    """Setups without a reference file too: a one-move record from the game's name (seed 5
    for seeded ones) starts with the rows ``setup NAME --seed 5 -f csv`` prints."""
    from piecepack_diagrams.api import setup_csv

    info = find_setup(function)
    seed = 5 if info.seeded else None
    positions = _positions(_record(info.title, seed))
    printed = setup_csv(info.key, seed=seed).splitlines()[1:]
    rows = [tuple(line.split(",")) for line in printed]
    assert len(rows) == len(positions[1]) > 0
    for (_index, _label, _, side, suit, rank, cfg, x, y, angle), want in zip(rows, positions[1]):
        assert (side, int(suit), int(rank), cfg) == want[:4]
        assert (float(x), float(y), float(angle)) == pytest.approx(want[4:], abs=1e-9)


@pytest.mark.parametrize("header", [
    "GameType: Japan", "GameType: {Name: Japan, Seed: 42}", "GameType: {Name: Desfases, Seed: 3}",
    'GameType: "Ice Floe"', "SetUp: {Name: Desfases, Tiles: null, Dice: null, Seed: 5}",
])
def test_records_of_games_the_r_toolchain_knows_replay_here(header: str) -> None:
    """Records such as the piecepackr project's own examples (Japan, Desfases, Ice Floe) start
    and play: the top piece moved half a movetext unit up is there after the move, and
    every other piece is where it was."""
    text = f"---\n{header}\n...\n1. {{}}\n"
    start = _positions(text)[1]
    (record,) = parse_records(text, name="probe.ppn")
    scale = replay(record).positions[0].state.movetext_scale
    top = start[-1]
    x, y = top[4] / scale, top[5] / scale
    moved = _positions(f"---\n{header}\n...\n1. ({x:g},{y:g})-({x:g},{y + 0.5:g})\n")[2]
    there = [k for k, r in enumerate(moved) if r[:4] == top[:4] and r[4] == pytest.approx(top[4])
             and r[5] == pytest.approx(top[5] + 0.5 * scale)]
    assert len(there) == 1, (top, scale)
    assert moved[:there[0]] + moved[there[0] + 1:] == start[:-1]
