"""The shipped outline table is the font's own outlines, and text drawn from it is the
same as text read from the font file."""

from __future__ import annotations

import importlib
import json
from pathlib import Path

import pytest

lettering = importlib.import_module("piecepack_diagrams.render.lettering")
outline_table_module = importlib.import_module("piecepack_diagrams.render.outline_table")

TABLE = Path(outline_table_module.__file__).with_name(outline_table_module.TABLE_FILE)


def test_the_shipped_table_is_what_the_font_gives():
    shipped = json.loads(TABLE.read_text(encoding="utf-8"))
    assert shipped == json.loads(json.dumps(outline_table_module.prepare()))


def test_the_font_licence_ships_beside_the_table():
    licence = TABLE.with_name("LICENSE_DEJAVU").read_text(encoding="utf-8")
    assert "Bitstream Vera" in licence and "DejaVu" in licence



def _outline_with(font, text):
    original = lettering._font_for
    lettering._font_for = lambda t, f: font
    try:
        return lettering.text_outline.__wrapped__(text), lettering.text_width.__wrapped__(text)
    finally:
        lettering._font_for = original


CHARACTERS = "".join(outline_table_module.outline_table().advances)
SAMPLES = [CHARACTERS[k:k + 40] for k in range(0, len(CHARACTERS), 40)] + [
    "AVATAR Wave To.", "LT Ty Yo 'quoted' “curly” – — … × 12345", "Lab Rats: the rat escapes", "ÀÉÎÕÜ ąčęłńőśűźż"]


@pytest.mark.parametrize("text", SAMPLES)
def test_text_from_the_table_is_the_same_as_from_the_font(text):
    table_font = lettering._table_font()
    assert outline_table_module.outline_table().covers(text)
    assert _outline_with(table_font, text) == _outline_with(lettering._font(""), text)


def test_kerned_pairs_are_among_those_compared():
    table = outline_table_module.outline_table()
    kerned = [a + b for a in "AVTLWY" for b in "AVTLWYoa.," if table.kern((a, b))]
    assert len(kerned) > 10


def test_a_character_outside_the_table_is_read_from_the_font():
    assert not outline_table_module.outline_table().covers("Ω≈")
    outline = lettering.text_outline("Ω≈")
    assert len(outline) >= 3 and lettering.text_width("Ω≈") > 0
