"""The PyYAML-free reader of flat headers against PyYAML itself: whatever it reads, it reads
as PyYAML does (the same keys, values and types); what it is not sure of, it leaves to
PyYAML; and the headers of the shipped records are all within its reach (so `validate`
of them does not import PyYAML)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from hypothesis import example, given
from hypothesis import strategies as st

from piecepack_diagrams.notation.container import parse_records
from piecepack_diagrams.notation.plainyaml import parse_plain_mapping

ROOT = Path(__file__).resolve().parents[1]

KEYS = ["GameType", "Event", "Seed", "Result", "Round-1", "a_b", "yes", "No", "null", "On", "Key", "x"]
VALUES = ["Tablut", "Coin Collectors", "Bob's game", "a, b", "0-1", "1-0", "1/2-1/2", "3 players", "0", "7",
          "007", "1_000", "12:30", "1.5", "1e-5", "1e5", "2024-01-01", "2024-1-1", "0x1F", "0o17", "0b101",
          "+1", "-1", ".inf", ".nan", "~", "yes", "No", "ON", "off", "true", "FALSE", "null", "NULL", "y", "n",
          "<<", "=", "- x", "-x", "a: b", "a:b", "a #c", "#c", "a#c", "[a]", "a[b]", "{a: 1}", "&a x", "*a",
          "!t x", "|", ">", "%x", "@x", "`x", "?x", "? x", "é", "Élodie", "a\u2028b", "a\u00a0b", "x  y",
          '"q"', '"a: b"', '"a \\" b"', "'q'", "'a: b'", "'it''s'", '"', "'", '""', "''", '"x" y',
          "12345678901234567890",
          "1:2", "60:00", "1__2", "10e-2", "1.0e+3", "2001-12-14t21:59:43.10-05:00"]


def _typed(mapping: dict) -> list[tuple[str, type, object]]:
    return [(str(k), type(v), v) for k, v in mapping.items()]


def _pyyaml(text: str) -> dict | None:
    try:
        loaded = yaml.load(text, Loader=yaml.SafeLoader)  # noqa: S506 - the safe loader
    except yaml.YAMLError:
        return None
    return loaded if isinstance(loaded, dict) else None


lines = st.one_of(
    st.tuples(st.sampled_from(KEYS), st.sampled_from(VALUES)).map(lambda kv: f"{kv[0]}: {kv[1]}"),
    st.tuples(st.sampled_from(KEYS), st.text(st.sampled_from("aZ09 -_:#'\"/.,[]{}!&*|>%@`?~+=\t\u00e9"),
                                             max_size=8)).map(lambda kv: f"{kv[0]}:{kv[1]}"),
    st.sampled_from(["# a comment", "# a \x07 bell", "", "  indented: 1", "- item", "Key:", "Key: ", "---", "...",
                     "\ufeffKey: v", "Key : v", "Key:v", "Ké: v", "K y: v", "Key:\tv"]),
)


@given(st.lists(lines, min_size=1, max_size=6), st.booleans(), st.booleans())
@example(["Result: 0-1"], True, True)
@example(["Seed: 007"], True, True)
@example(["Event: x", "# a \x07 bell"], True, True)
def test_what_it_reads_pyyaml_reads_the_same(body: list[str], start: bool, end: bool) -> None:
    text = "\n".join((["---"] if start else []) + body + (["..."] if end else []))
    plain = parse_plain_mapping(text)
    if plain is not None:
        theirs = _pyyaml(text)
        assert theirs is not None, text
        assert _typed(plain) == _typed(theirs), text


@pytest.mark.parametrize("value", ["yes", "No", "null", "~", "007", "1.5", "2024-01-01", "12:30", "0x1F", "+1",
                                   "a: b", "a #c", "[a]", "&a x", "a\u00a0b", '"a \\" b"', "1e-5"])
def test_what_it_is_not_sure_of_is_left_to_pyyaml(value: str) -> None:
    assert parse_plain_mapping(f"---\nEvent: {value}\n...") is None


def test_the_common_header_is_read_as_text_and_whole_numbers() -> None:
    text = '---\nGameType: Coin Collectors\nSeed: 16\nResult: 0-1\nEvent: "A won game: all 24 coins"\n# note\n...'
    assert parse_plain_mapping(text) == {"GameType": "Coin Collectors", "Seed": 16, "Result": "0-1",
                                         "Event": "A won game: all 24 coins"}


def test_every_flat_header_of_the_shipped_records_is_read_without_pyyaml(monkeypatch: pytest.MonkeyPatch) -> None:
    import piecepack_diagrams.notation.plainyaml as plainyaml

    seen: list[bool] = []
    real = plainyaml.parse_plain_mapping
    def spy(text: str) -> dict[str, str | int | None] | None:
        read = real(text)
        seen.append(read is not None)
        return read

    monkeypatch.setattr(plainyaml, "parse_plain_mapping", spy)
    for path in sorted((ROOT / "records").glob("*/*.ppn")):
        list(parse_records(path.read_text(encoding="utf-8")))
    # The Labyrinth boards, the Lab Rats coin lists and the generic tour's macros are nested: PyYAML reads those five.
    assert len(seen) >= 15 and seen.count(False) <= 5, seen
