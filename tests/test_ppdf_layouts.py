"""Every ppdf setup function reproduces R's layouts: the corpus's reference files (with
default arguments, and seeded ones at seeds 1-5 and 42) row by row."""

from __future__ import annotations

import pytest

from piecepack_diagrams.setups import build_frame, find_setup
from ppdf_corpus import differences, functions, read_layout, references

REFERENCES = references()


@pytest.mark.parametrize("ref", REFERENCES, ids=[r.id for r in REFERENCES])
def test_layout_matches_r(ref) -> None:
    _, frame = build_frame(ref.function, seed=ref.seed)
    got = [(s, int(su), int(r), c, float(x), float(y), float(a)) for s, su, r, c, x, y, a in frame.records()]
    problems = differences(got, read_layout(ref.path))
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("row", functions(), ids=[r["function"] for r in functions()])
def test_every_function_is_ported_with_its_arguments(row) -> None:
    info = find_setup(row["function"])
    assert info.function == row["function"]
    documented = {a for a in row["arguments"].split() if a != "..."}
    assert {a.name for a in info.arguments} >= documented
    assert info.seeded == (row["seeded"] == "yes")
    _, frame = build_frame(row["function"])
    assert len(frame) == int(row["pieces"])


def _games_table() -> list[tuple[str, list[str]]]:
    import csv
    import re

    from ppdf_corpus import PPDF

    with open(PPDF / "games.csv", newline="", encoding="utf-8") as handle:
        return [(r["game"], re.findall(r"``(\w+)\(\)``", r["methods"])) for r in csv.DictReader(handle)]


@pytest.mark.parametrize("game,functions", _games_table(), ids=[g for g, _ in _games_table()])
def test_every_name_of_the_games_table_finds_its_setup(game: str, functions: list[str]) -> None:
    """Each AKA alternative, with and without its parenthesised words, and as a record's
    GameType would spell it in other cases and with hyphens."""
    import re

    for part in game.split(" AKA "):
        for name in {re.sub(r"[()]", "", part), re.sub(r"\([^)]*\)\s*", "", part)}:
            for spelling in (name, name.lower(), name.upper(), name.replace(" ", "-")):
                assert find_setup(spelling).function in functions, spelling
