"""Hostile movetext and headers for the rules modules: whatever the record says,
replay ends with located errors, never an exception from inside the library."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from piecepack_diagrams import parse_records, replay
from piecepack_diagrams.errors import PiecepackError

LAB_RATS_TOKENS = ["1N", "2E", "3S", "1W", "3E4", "2N99", "1x", "2x", "3x", "B", "R1", "R2", "R3", "resign",
                   "build.", "4", "ax", "<", "n", "5x", "9Q", "R9", "1.", "2.", "3..."]
COIN_TOKENS = ["SN", "ME", "CS", "AW", "R:-", "R:S3", "R:S3Mn", "R:SS", "R:S9", "X:C", "X:Q", "SE", "1.", "2.",
               "R:S3M4C2A1", "QQ", "R:"]


def _replay(text: str) -> None:
    try:
        for record in parse_records(text, name="fuzz.ppn"):
            result = replay(record, strict=False)
            for error in result.errors + result.later_errors:
                assert error.location is not None
    except PiecepackError:
        pass  # a located setup or notation error is a fine answer


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(LAB_RATS_TOKENS), max_size=40),
       st.sampled_from(["Seed: 3", "Seed: 3\nVariant: advanced", "Coins: [a, b]", "Seed: -1", "Rolls: x"]))
def test_lab_rats_never_crashes(tokens, header):
    _replay(f"---\nGameType: Lab Rats\n{header}\n...\n" + " ".join(tokens) + "\n")


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(COIN_TOKENS), max_size=40),
       st.sampled_from(["Seed: 5", "Seed: 5\nVariant: Acceptable Losses", "Seed: 5\nVariant: [Four Die Stud, x]",
                        "Tiles: 4S", "Dice: S9", "Seed: 5\nVariant: Last One Out\nLeftBehind: 7"]))
def test_coin_collectors_never_crashes(tokens, header):
    _replay(f"---\nGameType: Coin Collectors\n{header}\n...\n" + " ".join(tokens) + "\n")
