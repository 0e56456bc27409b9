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
