"""Export: records of every game with pieces, written as generic PPN, replay through the
generic grammar to the pieces their own game engines draw, position by position."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from piecepack_diagrams import parse_records, replay
from piecepack_diagrams.api import replay_file, scene_of
from piecepack_diagrams.cli import main
from piecepack_diagrams.errors import PiecepackError
from piecepack_diagrams.export import export_ppn, piece_spec
from piecepack_diagrams.games.generic import parse_piece_spec
from piecepack_diagrams.layout.compose import drawn_pieces
from piecepack_diagrams.pieces import Piece

ROOT = Path(__file__).resolve().parents[1]
PIECE_GAMES = sorted(p for p in (ROOT / "records").rglob("*.ppn") if p.parent.name != "labyrinth")
CORPUS = ROOT.parent / "shared" / "corpus" / "ppn" / "records"


def _drawn(result, k):
    return [(p.piece, round(p.x, 9), round(p.y, 9), round(p.angle % 360, 9)) for p in drawn_pieces(scene_of(result, k))]


def _replayed(position):
    return [(p.piece, round(p.x, 9), round(p.y, 9), round(p.angle % 360, 9)) for p in position.state.pieces]


@pytest.mark.parametrize("path", PIECE_GAMES + sorted(CORPUS.glob("*.ppn")), ids=lambda p: p.stem)
def test_an_exported_record_replays_to_the_drawn_positions(path):
    original = next(replay_file(path))
    exported = export_ppn(original)
    again = replay(parse_records(exported.text, name="exported.ppn")[0])
    assert again.game.name == "ppn", "the export is read by the generic grammar"
    # The generic replay starts empty; its "setup." move lays out the first position.
    assert len(again.positions) == len(original.positions) + 1
    for k in range(len(original.positions)):
        assert _replayed(again.positions[k + 1]) == _drawn(original, k), f"{path.name}: position {k}"
    # Each move keeps its label, so the two records can be read side by side.
    assert [p.label for p in again.positions[2:]] == [p.label for p in original.positions[1:]]
    assert exported.restacked == 0, "every move was written as piece movements"


def test_labyrinth_is_refused_with_a_reason(capsys):
    path = ROOT / "records" / "labyrinth" / "seven-by-seven-four-players.ppn"
    with pytest.raises(PiecepackError, match="drawn without piecepack pieces"):
        export_ppn(next(replay_file(path)))
    assert main(["export", str(path)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"{path}:1:1: error: ") and "nothing to export" in err


def test_the_command_writes_a_valid_record(tmp_path, capsys):
    out = tmp_path / "rat.ppn"
    assert main(["export", str(ROOT / "records" / "lab-rats" / "advanced-seed-7-win.ppn"), "-o", str(out)]) == 0
    assert main(["validate", str(out)]) == 0
    text = out.read_text(encoding="utf-8")
    assert text.startswith("---\nGameType: None\n") and "{Lab Rats: " in text


_PIECES = st.one_of(
    st.builds(Piece, st.sampled_from(["tile", "coin", "die", "pawn", "saucer"]), st.sampled_from(["face", "back"]),
              st.integers(1, 4), st.integers(1, 6)),
    st.builds(Piece, st.just("bit"), st.just("back"), st.integers(1, 7), st.integers(1, 9), st.just("marbles")),
    st.builds(Piece, st.sampled_from(["bit", "board"]), st.sampled_from(["face", "back"]), st.integers(1, 6),
              st.integers(1, 19), st.sampled_from(["go", "checkers1", "checkers2"])),
    st.builds(Piece, st.just("pyramid"), st.sampled_from(["top", "left", "right"]), st.integers(1, 6),
              st.integers(1, 3), st.just("icehouse_pieces")),
)


@settings(max_examples=300, deadline=None)
@given(_PIECES, st.sampled_from([0.0, 90.0, 180.0, 270.0, 45.0, 12.5]))
def test_a_written_piece_specification_reads_back_the_same(piece, angle):
    assert parse_piece_spec(piece_spec(piece, angle)) == (piece, angle)
