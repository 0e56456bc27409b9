"""Corpus records replay to exactly the positions of the reference parser (R ppn 0.3.0):
every record of ``../shared/corpus/ppn/records/``, at every move."""

from __future__ import annotations

import csv
from collections import defaultdict

import pytest

from piecepack_diagrams import read_records, replay

ISSUE_2_RECORDS = ["tic-tac-toe", "four-field-kono", "fujisan", "tablut"]
#: Fields a record leaves to chance, which the reference filled with R's random numbers:
#: record -> (piece_side, why). Those pieces are compared on everything else.
RANDOM_RANKS = {
    "plans-of-action": ("coin_back", "its Coins option gives only the suits; ppdf's fill_piece_rank draws "
                                     "the ranks under the coins with R's random numbers"),
}


def _corpus_names() -> list[str]:
    from pathlib import Path

    folder = Path(__file__).resolve().parents[2] / "shared" / "corpus" / "ppn" / "records"
    return sorted(p.stem for p in folder.glob("*.ppn"))


def _reference(corpus, name):
    by_move = defaultdict(list)
    with open(corpus / "reference" / f"{name}.csv", newline="") as handle:
        for row in csv.DictReader(handle):
            by_move[int(row["move_index"])].append(row)
    return by_move


def test_the_whole_corpus_is_compared():
    names = _corpus_names()
    assert len(names) >= 11 and set(ISSUE_2_RECORDS) <= set(names)
    print(f"{len(names)} corpus records, each compared at every move")


@pytest.mark.parametrize("name", _corpus_names())
def test_record_replays_to_reference_positions(corpus, name):
    reference = _reference(corpus, name)
    result = replay(read_records(corpus / "records" / f"{name}.ppn")[0])
    assert len(result.positions) == max(reference) or not reference[max(reference)]
    compared = 0
    for index, position in enumerate(result.positions, start=1):
        expected = reference.get(index, [])
        got = position.state.pieces
        assert len(got) == len(expected), f"{name} move {index} ({position.label}): piece count"
        for row, (want, have) in enumerate(zip(expected, got), start=1):
            where = f"{name} move {index} ({position.label}) row {row}"
            assert want["move_label"] == position.label, where
            assert have.piece.piece_side == want["piece_side"], where
            assert have.piece.suit == int(want["suit"]), where
            if RANDOM_RANKS.get(name, ("",))[0] != want["piece_side"]:
                assert have.piece.rank == int(want["rank"]), where
            assert have.piece.cfg == want["cfg"], where
            assert have.x == pytest.approx(float(want["x"]), abs=1e-9), where
            assert have.y == pytest.approx(float(want["y"]), abs=1e-9), where
            assert (have.angle - float(want["angle"])) % 360 == pytest.approx(0, abs=1e-9), where
            compared += 1
    assert compared == sum(len(rows) for rows in reference.values())


def test_csv_export_matches_reference_columns(corpus):
    """`replay --format csv` gives the reference rows, less file, game_index and id."""
    from piecepack_diagrams.csvexport import replay_csv

    result = replay(read_records(corpus / "records" / "tablut.ppn")[0])
    ours = list(csv.reader(replay_csv(result).splitlines()))
    with open(corpus / "reference" / "tablut.csv", newline="") as handle:
        theirs = [[r[k] for k in ("move_index", "move_label", "row", "piece_side", "suit", "rank", "cfg", "x", "y",
                                  "angle")] for r in csv.DictReader(handle)]
    assert ours[0] == ["move_index", "move_label", "row", "piece_side", "suit", "rank", "cfg", "x", "y", "angle"]
    assert len(ours) - 1 == len(theirs)
    for mine, ref in zip(ours[1:], theirs):
        assert mine[:7] == ref[:7]
        assert [float(v) for v in mine[7:9]] == pytest.approx([float(v) for v in ref[7:9]])
        assert (float(mine[9]) - float(ref[9])) % 360 == pytest.approx(0)
