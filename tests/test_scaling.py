"""Work that must grow in step with the input (bench/scaling.py times it): a position is found
by its index, not by comparing it with the ones before (plates and a replay's text diagrams
were quadratic in the record's length); a validated game keeps only its last state."""

from __future__ import annotations

import tracemalloc
from pathlib import Path

import pytest

from piecepack_diagrams import parse_records, replay
from piecepack_diagrams.api import scene_of
from piecepack_diagrams.engine import validate_file
from piecepack_diagrams.engine.replays import Position
from piecepack_diagrams.errors import PiecepackError
from piecepack_diagrams.notation import read_records
from piecepack_diagrams.sheets.plates import plate_scenes


def walk(moves: int) -> str:
    """A record of ``moves`` moves: a Suns pawn walking round the square a1, b1, b2, a2."""
    square = ("a1", "b1", "b2", "a2")
    words = [f"{k // 2 + 1}{'.' if k % 2 == 0 else '...'} {square[k % 4]}-{square[(k + 1) % 4]}"
             for k in range(moves)]
    return "---\n...\nsetup. pS@a1\n" + "\n".join(" ".join(words[k:k + 10]) for k in range(0, moves, 10)) + "\n"


@pytest.fixture
def comparisons(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """A count of the comparisons of two positions made while the test runs."""
    count = [0]
    compare = Position.__eq__

    def counted(self: Position, other: object) -> bool:
        count[0] += 1
        return compare(self, other)

    monkeypatch.setattr(Position, "__eq__", counted)
    return count


def test_plates_find_their_positions_without_comparing_them(comparisons: list[int]) -> None:
    result = replay(parse_records(walk(300))[0])
    _key, scenes = plate_scenes(result)
    assert len(scenes) == 302  # the empty table, the pawn put down, its 300 steps
    # Position k + 1 is the pawn on the square of its k-th step, captioned with its move.
    assert [round(s.pieces[0].x) for s in scenes[1:6]] == [1, 2, 2, 1, 1]
    assert scenes[4].caption.startswith("2. b2-a2")
    # Found by comparing each with those before it, 302 positions took about 45,000 comparisons.
    assert comparisons[0] == 0


def test_a_replays_text_diagrams_find_their_positions_without_comparing_them(comparisons: list[int]) -> None:
    result = replay(parse_records(walk(200))[0])
    captions = [scene_of(result, k).caption for k in range(len(result.positions))]
    assert captions[0] == "The setup" and captions[-1].startswith("100... a2-a1")
    assert comparisons[0] == 0


def test_a_position_index_is_where_position_finds_it() -> None:
    result = replay(parse_records(walk(7))[0])
    # Position 0 is the empty table, 1 the pawn put down ("setup."), 2 after "1." and so on.
    for move, index in ((0, 0), ("3", 3), ("last", 8), ("2...", 5), ("setup.", 1), (8, 8), ("-0", 0)):
        assert result.position_index(move) == index
        assert result.position(move) is result.positions[index]
    for move in (9, -1, "9.", "-2", "1...."):
        with pytest.raises(PiecepackError):
            result.position_index(move)
    with pytest.raises(TypeError):
        result.position_index(1.0)  # type: ignore[arg-type]


def test_validating_a_long_game_keeps_only_its_last_state(tmp_path: Path) -> None:
    path = tmp_path / "walk.ppn"
    path.write_text(walk(5000), encoding="utf-8")
    tracemalloc.start()
    try:
        read_records(path)
        reading = tracemalloc.get_traced_memory()[1]
        tracemalloc.reset_peak()
        [result] = validate_file(path)
        validating = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert result.is_valid() and result.moves == 5001  # the setup's own move and 5,000 steps
    # Every position kept, validating took 2.7 times the memory of reading the record.
    assert validating < 1.3 * reading, (reading, validating)
