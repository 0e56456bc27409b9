"""Analysis of solitaire records (issue 22, items 3 and 4): every shipped record analysed and
written back, a planted blunder found, hints that list every legal move, Coin Collectors'
values against a count of the rolls, unknown shown as unknown, the command line."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from piecepack_diagrams import format_record, parse_records, replay
from piecepack_diagrams.api import first_record, solve_hints
from piecepack_diagrams.cli import main
from piecepack_diagrams.engine.analysis import Evaluation, analyse, annotated_record, hints, judge
from piecepack_diagrams.engine.evalbar import bar_words, evaluation_bar
from piecepack_diagrams.errors import RuleError, SetupError
from piecepack_diagrams.games.coin_collectors.analysis import CoinCollectorsAnalyser
from piecepack_diagrams.games.coin_collectors.rules import PawnMove, Roll, apply_action as cc_apply, has_move
from piecepack_diagrams.games.lab_rats.notation import parse_action as lab_rats_action
from piecepack_diagrams.games.lab_rats.rules import apply_action as lr_apply, legal_actions
from piecepack_diagrams.games.landlocked.analysis import leg_text
from piecepack_diagrams.games.landlocked.game import parse_path
from piecepack_diagrams.games.landlocked.rules import apply_leg
from piecepack_diagrams.notation import split_annotation
from piecepack_diagrams.scene import Rectangle
from piecepack_diagrams.sheets.plates import plate_scenes

ROOT = Path(__file__).resolve().parents[1]
SOLITAIRES = sorted(p for game in ("lab-rats", "landlocked", "coin-collectors")
                    for p in (ROOT / "records" / game).glob("*.ppn"))


def _rat_line_wins(state: object, line: str) -> bool:
    for word in line.split():
        state = lr_apply(state, lab_rats_action(word))  # type: ignore[arg-type]
    return state.outcome == "won"  # type: ignore[attr-defined]


@pytest.mark.parametrize("path", SOLITAIRES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_shipped_record_is_analysed_and_written_back(path: Path) -> None:
    result = replay(first_record(path))
    analysis = analyse(result, budget=100)
    assert len(analysis.evaluations) == len(result.positions)
    assert analysis.moves and {m.judgement for m in analysis.moves} <= {"", "!", "?", "??"}
    # The record written back reads and replays to the same positions, with a glyph on each judged move.
    text = format_record(annotated_record(analysis))
    again = replay(parse_records(text, name="annotated.ppn")[0])
    assert [p.state for p in again.positions] == [p.state for p in result.positions]
    judged = {m.index: m.judgement for m in analysis.moves}
    for k, position in enumerate(again.positions[1:], start=1):
        glyph = split_annotation(position.text.split()[0])[1] if position.text else ""
        assert glyph == judged.get(k, "")
    # Analysing the annotated record gives the same judgements, and writes no second comment.
    twice = analyse(again, budget=100)
    assert [m.judgement for m in twice.moves] == [m.judgement for m in analysis.moves]
    assert format_record(annotated_record(twice)) == text
    # Every win the analysis claims with a line is a win by the rules, in that many coins or passes.
    game = path.parent.name
    for position, evaluation in zip(result.positions, analysis.evaluations):
        if game == "lab-rats" and evaluation.winnable and evaluation.line:
            assert _rat_line_wins(position.state, evaluation.line)
            assert evaluation.cost == len(evaluation.line.split()) or not evaluation.exact
        if game == "landlocked" and evaluation.winnable and evaluation.line:
            state = position.state
            for leg in evaluation.line.split():
                state = apply_leg(state, parse_path(leg))
            assert state.outcome == "won" and state.markers - position.state.markers == evaluation.cost


def _escapes(state: object, seen: set[object]) -> bool:
    """Whether the rat can escape under the advanced rules, by trying every action (the rules
    engine alone, no solver): a position is the rat's square and the stacks' heights."""
    key = (state.rat, tuple(len(s) for s in state.stacks))  # type: ignore[attr-defined]
    if key in seen:
        return False
    seen.add(key)
    for action in legal_actions(state):  # type: ignore[arg-type]
        after = lr_apply(state, action)  # type: ignore[arg-type]
        if after.outcome == "won" or (after.outcome == "playing" and _escapes(after, seen)):
            return True
    return False


def test_a_planted_blunder_in_a_won_record_is_marked() -> None:
    record = first_record(ROOT / "records" / "lab-rats" / "advanced-seed-7-win.ppn")
    result = replay(record)
    # Near the end of the won game, discards that keep an escape, until some move leaves none:
    # all found by trying the rules' moves (no solver).
    def loses(state: object) -> bool:
        return state.outcome == "lost" or (state.outcome == "playing" and not _escapes(state, set()))  # type: ignore

    k = len(result.positions) - 2
    state, extra = result.positions[k].state, []
    while True:
        blunders = [a for a in legal_actions(state) if loses(lr_apply(state, a))]
        if blunders:
            break
        keep = next(a for a in legal_actions(state) if a.text.endswith("x") and not loses(lr_apply(state, a)))
        extra.append(keep.text)
        state = lr_apply(state, keep)
    moves = [g.text for g in record.groups[:k]] + extra + [blunders[0].text]
    text = format_record(record).split("...")[0] + "...\n" + " ".join(
        f"{n}. {m}" for n, m in enumerate(moves, start=1)) + "\n"
    analysis = analyse(replay(parse_records(text)[0]))
    last = analysis.moves[-1]
    assert last.text == blunders[0].text and last.judgement == "??"
    assert last.before.winnable is True and last.after.winnable is False
    assert analysis.lost_after == len(moves)
    assert "??" not in [m.judgement for m in analysis.moves[:-1]]
    assert f"lost after move {len(moves)}" in analysis.summary()


def test_a_landlocked_leg_that_strands_the_pawn_is_a_blunder() -> None:
    record = first_record(ROOT / "records" / "landlocked" / "hard-won.ppn")
    result = replay(record)
    before = result.positions[2].state
    # Every simple path of the third leg, walked by the rules; one the rules accept but that leaves no way home.
    found = []
    def walk(path: list[int]) -> None:
        if len(path) > 8:
            return
        cell = path[-1]
        for step in (-5, 5, -1, 1):
            nxt = cell + step
            if not 0 <= nxt < 25 or (step in (-1, 1) and nxt // 5 != cell // 5) or nxt in path:
                continue
            try:
                after = apply_leg(before, path[1:] + [nxt])
            except RuleError:
                walk(path + [nxt])
                continue
            found.append((path[1:] + [nxt], after))
    walk([before.position])
    from piecepack_diagrams.games.landlocked.solver import solve

    path, _ = next((p, a) for p, a in found if not solve(a).solvable)
    groups = " ".join(f"{g.label} {g.text}" for g in record.groups[:2])
    text = format_record(record).split("...")[0] + f"...\n{groups} 3. {leg_text(before, path)}\n"
    analysis = analyse(replay(parse_records(text)[0]))
    assert analysis.moves[-1].judgement == "??" and analysis.lost_after == 3


def test_judgements_follow_the_documented_thresholds() -> None:
    from piecepack_diagrams.engine.analysis import Choice

    def chances(*values: float) -> list[Choice]:
        return [Choice(f"m{k}", Evaluation(None, chance=v)) for k, v in enumerate(values)]

    assert judge(Evaluation(None, chance=0.2), chances(0.2, 0.5)) == "??"
    assert judge(Evaluation(None, chance=0.42), chances(0.42, 0.5)) == "?"
    assert judge(Evaluation(None, chance=0.48), chances(0.48, 0.5)) == ""
    assert judge(Evaluation(None, chance=0.5), chances(0.5, 0.2), others=chances(0.2)) == "!"
    won, lost = Evaluation(True, cost=5, unit="coin"), Evaluation(False)
    assert judge(lost, [Choice("a", won), Choice("b", lost)]) == "??"
    assert judge(Evaluation(True, cost=7, unit="coin"), [Choice("a", won)]) == "?"
    assert judge(Evaluation(True, cost=7, exact=False, unit="coin"), [Choice("a", won)]) == ""
    assert judge(won, [Choice("a", won), Choice("b", lost)], others=[Choice("b", lost)]) == "!"
    # Unknown is never taken for a loss.
    assert judge(Evaluation(None), [Choice("a", won)]) == ""


@pytest.mark.parametrize("name, moves", [("lab-rats/standard-win-built-roll-by-roll.ppn", (2, 3, 4, 20)),
                                         ("lab-rats/advanced-seed-7-win.ppn", (0, 6)),
                                         ("coin-collectors/acceptable-losses.ppn", (0, 10, 19)),
                                         ("coin-collectors/four-die-stud.ppn", (5,))])
def test_hints_list_every_legal_move_best_first(name: str, moves: tuple[int, ...]) -> None:
    result = replay(first_record(ROOT / "records" / name))
    for move in moves:
        found = hints(result, move, budget=50)
        legal = list(result.game.legal_moves(result.positions[move].state))
        assert sorted(c.move for c in found) == sorted(legal) and len(found) == len(legal)
        ranks = [c.value.rank() for c in found]
        assert ranks == sorted(ranks, reverse=True)


def test_landlocked_hints_are_legal_legs_with_distinct_marks() -> None:
    result = replay(first_record(ROOT / "records" / "landlocked" / "hard-won.ppn"))
    state = result.positions[2].state
    found = hints(result, 2)
    marks = set()
    for choice in found:
        after = apply_leg(state, parse_path(choice.move))
        assert after == choice.state
        marks.add(after.marks)
    assert len(marks) == len(found) >= 2
    # The leg the record played scores no better than the best hint.
    played = analyse(result).moves[2]
    assert found[0].value.rank() >= played.played.rank()


def _roll_chance(state: object, move: PawnMove, keep: int) -> float:
    """The chance that the roll after ``move`` (dice of ``keep`` kept) leaves a move: with one
    coin left, the chance to win; counted over every face of the dice rolled, by the rules."""
    after = cc_apply(state, move)  # type: ignore[arg-type]
    rolled = [d for d in range(4) if not keep >> d & 1]
    wins = 0
    faces = list(itertools.product(range(1, 7), repeat=len(rolled)))
    for face in faces:
        rolled_after = cc_apply(after, Roll(tuple((d + 1, r) for d, r in zip(rolled, face))))
        wins += rolled_after.phase == "move" and has_move(rolled_after)
    return wins / len(faces)


def test_coin_collectors_values_two_coins_from_the_end_are_the_chances_the_rolls_give() -> None:
    result = replay(first_record(ROOT / "records" / "coin-collectors" / "near-miss-loss.ppn"))
    state = result.positions[22].state
    assert bin(state.present).count("1") == 2
    analyser = CoinCollectorsAnalyser()
    values = analyser.decisions(state)
    assert values
    from piecepack_diagrams.games.coin_collectors.rules import legal_moves

    for legal in legal_moves(state):
        for keep in range(16):
            expected = _roll_chance(state, legal.move, keep)
            assert values[(legal.move.suit - 1, legal.target), keep] == pytest.approx(expected, abs=1e-12)
    move = analyse(result).moves[22]
    assert move.played.chance == pytest.approx(
        _roll_chance(state, PawnMove(4, "N"), 15 & ~0b1111), abs=1e-12)


def test_unknown_is_shown_as_unknown_never_guessed() -> None:
    from piecepack_diagrams.games.lab_rats.analysis import LabRatsAnalyser, budgeted_search

    result = replay(first_record(ROOT / "records" / "lab-rats" / "standard-seed-13-conceded.ppn"))
    # The budgeted search alone (the decisive solver proves this deal lost) leaves it unknown.
    analysis = analyse(result, analyser=LabRatsAnalyser(budget=20, standard=budgeted_search))
    unknown = [e for e in analysis.evaluations if not e.is_known()]
    assert unknown and all(e.bar is None and bar_words(e) == "unknown" for e in unknown)
    assert all(m.judgement == "" for m in analysis.moves if not m.before.is_known())
    bar = evaluation_bar(unknown[0])
    assert bar.title == "unknown" and [a.grid > 0 for a in bar.annotations if isinstance(a, Rectangle)] == [True]
    half = evaluation_bar(Evaluation(None, chance=0.25))
    # A chance is the position's with the dice rolled; the caption's move value is from before the roll.
    assert half.title == "25 % after the roll"
    plain, filled = (a for a in half.annotations if isinstance(a, Rectangle))
    assert filled.role == "shaded" and filled.height == pytest.approx(plain.height / 4)
    assert filled.y - filled.height / 2 == pytest.approx(plain.y - plain.height / 2)  # filled from the foot


def test_plates_carry_an_evaluation_bar_beside_each_position() -> None:
    from piecepack_diagrams.sheets.analysis import annotated_replay, evaluation_bars

    analysis = analyse(replay(first_record(ROOT / "records" / "landlocked" / "hard-won.ppn")))
    bars = evaluation_bars(analysis)
    _, scenes = plate_scenes(annotated_replay(analysis), range(3), beside=bars)
    assert [s.panels[-1].title for s in scenes] == [bar_words(e) for e in analysis.evaluations[:3]]


def test_annotation_glyphs_are_read_and_checked() -> None:
    text = "---\nGameType: Lab Rats\nVariant: advanced\nSeed: 7\n...\n1. 2N?? 2. 1x!\n"
    plain = "---\nGameType: Lab Rats\nVariant: advanced\nSeed: 7\n...\n1. 2N 2. 1x\n"
    assert [p.state for p in replay(parse_records(text)[0]).positions] == \
        [p.state for p in replay(parse_records(plain)[0]).positions]
    with pytest.raises(Exception, match="'2N\\?\\?\\?' is not a Lab Rats move") as caught:
        replay(parse_records(text.replace("2N??", "2N???"), name="bad.ppn")[0])
    assert caught.value.location.line == 6


def test_cli_analyse_writes_the_record_and_plates(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = ROOT / "records" / "landlocked" / "hard-won.ppn"
    out, plates = tmp_path / "a.ppn", tmp_path / "a.pdf"
    assert main(["analyse", str(record), "-o", str(out), "--plates", str(plates)]) == 0
    assert "13 moves analysed" in capsys.readouterr().out
    assert replay(parse_records(out.read_text())[0]).final.state == replay(first_record(record)).final.state
    assert plates.read_bytes().startswith(b"%PDF")
    folder = tmp_path / "svg"
    assert main(["analyse", str(record), "-o", str(tmp_path / "b.ppn"), "--plates", str(folder)]) == 0
    assert len(list(folder.glob("*.svg"))) >= 14


def test_cli_analyse_refusals_write_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    maze = ROOT / "records" / "labyrinth" / "nine-by-nine-three-goals.ppn"
    out = tmp_path / "x.ppn"
    assert main(["analyse", str(maze), "-o", str(out), "--plates", str(tmp_path / "p.pdf")]) == 1
    assert f"{maze}:1:1: error: Labyrinth records cannot be analysed" in capsys.readouterr().err
    bad = tmp_path / "bad.ppn"
    bad.write_text("---\nGameType: Lab Rats\nVariant: advanced\nSeed: 7\n...\n1. 2N 2. 9Q\n")
    assert main(["analyse", str(bad), "-o", str(out)]) == 1
    assert f"{bad}:6:10: error: '9Q' is not a Lab Rats move" in capsys.readouterr().err
    record = ROOT / "records" / "lab-rats" / "advanced-seed-7-win.ppn"
    assert main(["analyse", str(record), "-o", str(tmp_path / "x.svg")]) == 2
    assert main(["analyse", str(record), "-o", str(out), "--plates", str(tmp_path / "p.png")]) == 2
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.ppn"]


def test_cli_solve_hints(capsys: pytest.CaptureFixture[str]) -> None:
    record = ROOT / "records" / "lab-rats" / "advanced-seed-7-win.ppn"
    assert main(["solve", str(record), "--move", "3", "--hints"]) == 0
    lines = capsys.readouterr().out.splitlines()
    state = replay(first_record(record)).positions[3].state
    assert len(lines) == 1 + len(legal_actions(state))
    assert lines[1].split()[0] == "1N"  # the record's own move: its Event says it is the fewest-coin escape
    assert solve_hints(record, move=3).splitlines() == lines
    with pytest.raises(SetupError):
        solve_hints(ROOT / "records" / "labyrinth" / "nine-by-nine-three-goals.ppn")
    assert main(["solve", "lab-rats", "--seed", "7", "--hints"]) == 2
    assert "hints are for a position of a record" in capsys.readouterr().err


def test_after_a_proven_loss_every_position_is_lost_and_no_move_loses_more():
    """The conceded standard-rules game starts from a deal with no escape: the decisive solver
    proves it (its certificate is checked in test_lab_rats_standard), and no later position
    of the game can be winnable (moves only take away), so none is left unknown, and no move
    is a blunder (there was nothing left to lose)."""
    from piecepack_diagrams.games.lab_rats.standard import solve_standard

    result = replay(first_record(ROOT / "records" / "lab-rats" / "standard-seed-13-conceded.ppn"))
    start = next(p.state for p in result.positions if not p.state.building)
    assert solve_standard(start).winnable is False
    analysis = analyse(result)
    first = next(k for k, p in enumerate(result.positions) if p.state is start)
    assert [e.winnable for e in analysis.evaluations[first:]] == [False] * (len(result.positions) - first)
    assert not analysis.judged("??") and not analysis.judged("?")
    assert all(m.best is None or m.best.value.winnable is False for m in analysis.moves)
