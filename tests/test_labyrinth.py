"""Labyrinth against the course's published fixtures, every one of them; the few
that contradict the rest are named with the reason, and must still disagree."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from piecepack_diagrams.errors import NotationError, PiecepackError, RuleError, SetupError
from piecepack_diagrams.games.labyrinth import Move, check_move, parse_board, parse_state, read_values, run

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus" / "labyrinth"

# Pairs that disagree with the rules the other pairs establish (see the corpus README).
DISAGREE = {
    ("m4", "57fb52f6a8f8"): "staff pair that only a clockwise rotation fits; all m5 pairs need counter-clockwise",
    ("m4", "bb003febfb50"): "staff pair that only a clockwise rotation fits; all m5 pairs need counter-clockwise",
    ("m4", "1a9f5c3d59c6"): "team test contradicting the rotation the other pairs fix",
    ("m4", "a422a356b23e"): "team test contradicting the rotation the other pairs fix",
    ("m4", "e2ec80a4340f"): "team test contradicting the rotation the other pairs fix",
    ("m7", "f1d79879175f"): "expects the removed players unsorted; every other pair sorts them",
    ("m9", "21081fb225d7"): "a copy of another sample with different expected winners",
    ("m9", "f57498bf2948"): "a copy of another sample with different expected winners",
    ("m10", "92aabe886edc"): "malformed state, per the corpus notes",
}
# Inputs that are not valid input at all: they must be refused with a located error.
REFUSED = {
    ("m4", "613716441d8a"): "not valid JSON",
    ("m8", "1b4848053696"): "a player off the board",
    ("m10", "eb5930366731"): "a player off the board",
}


def _fixtures():
    for folder in sorted(CORPUS.iterdir()):
        if folder.is_dir():
            for path in sorted(folder.glob("*-in.json")):
                yield folder.name, path.name[:-len("-in.json")]


FIXTURES = list(_fixtures())


def test_the_corpus_is_there():
    assert len(FIXTURES) >= 970  # the corpus README: 972 pairs in m3 .. m10


@pytest.mark.parametrize("milestone, fixture", FIXTURES)
def test_fixture(milestone, fixture):
    source = CORPUS / milestone / f"{fixture}-in.json"
    if (milestone, fixture) in REFUSED:
        with pytest.raises(PiecepackError) as err:
            run(milestone, read_values(source.read_text(), name=str(source)))
        assert err.value.location is not None or "off the board" in str(err.value)
        return
    expected = read_values((CORPUS / milestone / f"{fixture}-out.json").read_text())[0]
    got = run(milestone, read_values(source.read_text(), name=str(source)))
    if (milestone, fixture) in DISAGREE:
        assert got != expected, f"now agrees; remove it from DISAGREE ({DISAGREE[(milestone, fixture)]})"
    else:
        assert got == expected


SMALL = {"connectors": [["┌", "┐"], ["└", "┘"]],
         "treasures": [[["amethyst", "ruby"], ["beryl", "ruby"]], [["jasper", "ruby"], ["zircon", "ruby"]]]}


def test_bad_boards_are_refused_in_words():
    with pytest.raises(NotationError) as err:
        read_values('{"connectors": [["│"', name="b.json")
    assert err.value.location.line == 1
    ragged = {**SMALL, "connectors": [["┌", "┐"], ["└"]]}
    with pytest.raises(SetupError, match="ragged"):
        parse_board(ragged)
    with pytest.raises(SetupError, match="'X' is not a connector"):
        parse_board({**SMALL, "connectors": [["┌", "X"], ["└", "┘"]]})
    with pytest.raises(SetupError, match="'bullseye' is not a gem"):
        parse_board({**SMALL, "treasures": [[["bullseye", "ruby"], ["beryl", "ruby"]],
                                            [["jasper", "ruby"], ["zircon", "ruby"]]]})
    with pytest.raises(SetupError, match="already on the tile"):
        parse_board({**SMALL, "treasures": [[["ruby", "beryl"], ["beryl", "ruby"]],
                                            [["jasper", "ruby"], ["zircon", "ruby"]]]})


def test_illegal_moves_are_refused_in_words():
    source = CORPUS / "m4" / sorted(p.name for p in (CORPUS / "m4").glob("*-in.json"))[0]
    state = parse_state(read_values(source.read_text())[0], strict=False)
    with pytest.raises(RuleError, match="row 2 cannot slide: only rows 1, 3"):
        check_move(state, Move(1, "LEFT", 0, (0, 0)))
    if state.last is not None:
        index, direction = state.last
        undo = {"LEFT": "RIGHT", "RIGHT": "LEFT", "UP": "DOWN", "DOWN": "UP"}[direction]
        with pytest.raises(RuleError, match="undoes the previous slide"):
            check_move(state, Move(index, undo, 0, (0, 0)))
    after = state.slid(0, "UP", 0)
    me = after.players[0].current
    unreachable = next((r, c) for r in range(after.board.height) for c in range(after.board.width)
                       if not after.board.is_reachable(me, (r, c)))
    with pytest.raises(RuleError, match="the avatar cannot walk from"):
        check_move(state, Move(0, "UP", 0, unreachable))
    with pytest.raises(RuleError, match="the avatar must leave"):
        check_move(state, Move(0, "UP", 0, me))


def test_harness_command(capsys, monkeypatch):
    import io

    from piecepack_diagrams.cli import main

    source = CORPUS / "m3" / sorted(p.name for p in (CORPUS / "m3").glob("*-in.json"))[0]
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(source.read_bytes()), encoding="utf-8"))
    assert main(["labyrinth", "harness", "m3"]) == 0
    expected = read_values((source.parent / source.name.replace("-in", "-out")).read_text())[0]
    assert json.loads(capsys.readouterr().out) == expected


@pytest.mark.parametrize("fixture, bad", [("m6/ad7a10792c0a", None), ("m8/7c40687e8117", ["takeTurn", 700]),
                                          ("m8/7c40687e8117", ["takeTurn", 999])])
def test_skipping_repeated_rounds_changes_nothing(fixture, bad):
    # The referee skips whole cycles of repeated positions; a takeTurn failure due late in
    # the game must still happen on its call, and the turns logged must be the same.
    from piecepack_diagrams.games.labyrinth.referee import parse_specs, referee

    specs, state_json = read_values((CORPUS / f"{fixture}-in.json").read_text())
    if bad is not None:
        specs = [specs[0] + bad] + [spec[:2] for spec in specs[1:]]
    state = parse_state(state_json, strict=False)
    state = state.__class__(state.board, state.spare, state.players[:len(specs)], state.last, state.goals)
    fast = referee(state, parse_specs(specs))
    slow = referee(state, parse_specs(specs), skip_cycles=False)
    assert (fast.winners, fast.misbehaving, fast.turns) == (slow.winners, slow.misbehaving, slow.turns)
    if bad is not None and bad[1] <= 1000:
        assert specs[0][0] in fast.misbehaving or len(fast.turns) < 4 * bad[1]


def test_the_referee_names_a_player_without_a_goal():
    # A state may leave out a player's goal ("goto"): with nowhere to head for, the referee says
    # so (it used to fail inside a strategy with a TypeError).
    from dataclasses import replace

    from piecepack_diagrams.games.labyrinth.referee import parse_specs, referee

    specs, state_json = read_values((CORPUS / "m6" / "ad7a10792c0a-in.json").read_text())
    state = parse_state(state_json, strict=False)
    aimless = replace(state.players[0], goto=None, going_home=False)
    state = replace(state, players=(aimless, *state.players[1:len(specs)]))
    with pytest.raises(SetupError, match="has no goal to head for"):
        referee(state, parse_specs(specs))
