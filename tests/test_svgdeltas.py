"""Drawings stored as changes (piecepack_diagrams/sheets/svgdeltas.py): whatever the
drawings, each one is rebuilt exactly from the stored tokens and splices, read back from
the page's JSON by a decoder written here from the format's description."""

from __future__ import annotations

import json

from deltas_json import token_numbers
from hypothesis import given
from hypothesis import strategies as st

from piecepack_diagrams.sheets.svgdeltas import Deltas, svg_tokens

# Text made of the characters that matter to the cutting: tags, quotes, path moves, spaces.
_TEXT = st.text(st.sampled_from(list('<>/" =dMmlZ0123456789,.-ab\n&é')), max_size=120)
_ELEMENTS = st.lists(st.sampled_from(['<path d="M1,2l3,4Z" fill="#000"/>', '<path d="M5,6l3,4ZM7,8l3,4Z" />', '<g>',
                                     '</g>', '<title>a &lt; b</title>', '<path aria-label="1 2 " d="M9,9m1,1"/>']),
                     max_size=12).map("".join)


def _decoded(text: str) -> tuple[list[str], list[str]]:
    """The drawings (the run, and those stored whole) in the page's JSON, by its documented
    format: token numbers written in DIGITS, ``width`` digits each; each step's splices
    counted in the drawing before, made from the last."""
    data = json.loads(text)
    width, tokens = data["width"], data["tokens"]

    def numbers(digits: str) -> list[int]:
        return token_numbers(digits, width)

    run, drawing = [], []
    for step in data["steps"]:
        for start, remove, insert in reversed(step):
            drawing = drawing[:start] + numbers(insert) + drawing[start + remove:]
        run.append("".join(tokens[n] for n in drawing))
    return run, ["".join(tokens[n] for n in numbers(w)) for w in data["whole"]]


@given(st.lists(st.one_of(_TEXT, _ELEMENTS), max_size=8), st.lists(_TEXT, max_size=2))
def test_any_drawings_are_rebuilt_exactly(svgs, whole):
    deltas = Deltas.from_svgs(svgs, whole=whole)
    assert [deltas.drawing(k) for k in range(len(svgs))] == svgs
    assert [deltas.whole_drawing(k) for k in range(len(whole))] == whole
    text = deltas.as_json()
    assert not set("<>&") & set(text), "nothing the HTML parser would see inside a script element"
    assert _decoded(text) == (svgs, whole)
    assert len(set(deltas.tokens)) == len(deltas.tokens), "each token stored once"


@given(_TEXT)
def test_tokens_join_back_into_the_drawing(svg):
    assert "".join(svg_tokens(svg)) == svg


def test_a_moved_piece_is_a_few_numbers_not_a_new_drawing():
    tiles = [f'<path d="M{x * 100},0l100,0 0,100 -100,0Z" fill="#F2EBDD" />' for x in range(50)]
    before = "<svg>" + "".join(tiles) + "</svg>"
    tiles[20] = tiles[20].replace("M2000,0", "M2000,500")
    after = "<svg>" + "".join(tiles) + "</svg>"
    deltas = Deltas.from_svgs([before, after])
    second = deltas.steps[1]
    assert len(second) == 1 and len(second[0].insert) == 1 and second[0].remove == 1
    assert deltas.tokens[second[0].insert[0]] == "M2000,500"
