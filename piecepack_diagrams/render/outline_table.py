"""Glyph outlines of the default lettering font, prepared once and shipped as package data.

Reading DejaVu Sans Bold with fontTools costs some 40 ms a process (the library's import
and the font's tables), more than drawing a board; the characters drawings use are few,
so their outlines, advances and kerning are stored in ``outlines.json`` beside this
module (each outline's numbers as little-endian 16-bit integers in base64, decoded when
the character is first drawn, so reading the table costs about a millisecond), exactly as
:mod:`.lettering` computes them from the font (FreeType's numbers at 100 pixels an em, in
64ths of a pixel). Text with a character outside the table, or set
in another font, is read from the font file as before. The font's licence is
``LICENSE_DEJAVU`` beside the table.

Regenerate after changing how outlines are computed or which characters are stored::

    python -m piecepack_diagrams.render.outline_table

(``tests/test_outline_table.py`` fails while the table differs from the font.)
"""

from __future__ import annotations

import binascii
import json
import os
import sys
from array import array
from functools import lru_cache
from typing import Any

#: The characters stored: printable ASCII, Latin-1 and Latin Extended-A letters, the
#: general punctuation of captions (dashes, quotes, bullet, ellipsis), arrows, minus.
RANGES = ((0x20, 0x7E), (0xA0, 0x17F), (0x2010, 0x2027), (0x2030, 0x203A), (0x2190, 0x2199), (0x2212, 0x2212))
TABLE_FILE = "outlines.json"
_CODES = {1: "M", 2: "L", 3: "Q", 79: "Z"}
_CODE_OF = {v: k for k, v in _CODES.items()}


class OutlineTable:
    """The prepared font: per character its advance (font units) and outline (vertices in
    pixels and FreeType path codes, as :func:`.lettering._glyph_path` gives them, made from
    the stored numbers when first asked for), the kerning of character pairs (font units)
    and the font's units per em."""

    __slots__ = ("units", "advances", "_glyphs", "_kerning", "_paths")

    def __init__(self, raw: dict[str, Any]) -> None:
        self.units: int = raw["units"]
        self._glyphs: dict[str, list[Any]] = raw["glyphs"]
        self._kerning: dict[str, int] = raw["kerning"]
        self.advances: dict[str, int] = {char: entry[0] for char, entry in self._glyphs.items()}
        self._paths: dict[str, tuple[list[list[float]], list[int]]] = {}

    def __repr__(self) -> str:
        return f"<OutlineTable of {len(self._glyphs)} characters>"

    def covers(self, text: str) -> bool:
        """True when every character of ``text`` is in the table."""
        advances = self.advances
        return all(ch in advances for ch in text)

    def kern(self, pair: tuple[str, str], default: int = 0) -> int:
        """The kerning between two characters, in font units."""
        return self._kerning.get(pair[0] + pair[1], default)

    def path(self, char: str) -> tuple[list[list[float]], list[int]]:
        """The character's outline: vertices (pixels) and path codes. Raises ``KeyError``
        for a character not in the table."""
        found = self._paths.get(char)
        if found is None:
            _, codes, packed = self._glyphs[char]
            numbers = array("h", binascii.a2b_base64(packed))
            if sys.byteorder != "little":
                numbers.byteswap()
            vertices: list[list[float]] = []
            k = 0
            for code in codes:
                if code == "Z":
                    vertices.append([0.0, 0.0])
                else:
                    vertices.append([numbers[k] / 64, numbers[k + 1] / 64])
                    k += 2
            found = self._paths[char] = (vertices, [_CODE_OF[c] for c in codes])
        return found


def _characters() -> list[str]:
    return [chr(c) for low, high in RANGES for c in range(low, high + 1)]


@lru_cache(maxsize=1)
def outline_table() -> OutlineTable:
    """The shipped table (read once a process)."""
    beside = os.path.join(os.path.dirname(__file__), TABLE_FILE)
    if os.path.isfile(beside):  # an installed package: a file beside the module (no importlib.resources to import)
        with open(beside, encoding="utf-8") as stream:
            text = stream.read()
    else:  # a zipped package
        from importlib import resources

        text = resources.files(__package__).joinpath(TABLE_FILE).read_text(encoding="utf-8")
    return OutlineTable(json.loads(text))


def prepare() -> dict[str, Any]:
    """The table computed from the font file with fontTools (what ``outlines.json`` holds)."""
    from .lettering import _font, _glyph_path

    font = _font("")
    glyphs: dict[str, Any] = {}
    names: dict[str, str] = {}
    for char in _characters():
        name = font.cmap.get(ord(char))
        if name is None or not char.isprintable():
            continue
        names[char] = name
        vertices, codes = _glyph_path(font, name)
        numbers: list[int] = []
        for (x, y), code in zip(vertices, codes):
            if code != 79:
                numbers += [round(x * 64), round(y * 64)]
        if any(abs(n) > 32767 for n in numbers):
            raise ValueError(f"the outline of {char!r} does not fit 16-bit numbers")
        packed = array("h", numbers)
        if sys.byteorder != "little":
            packed.byteswap()
        glyphs[char] = [font.advances.get(name, 0), "".join(_CODES[c] for c in codes),
                        binascii.b2a_base64(packed.tobytes(), newline=False).decode("ascii")]
    kerning = {a + b: font.kerning[(names[a], names[b])] for a in names for b in names
               if font.kerning.get((names[a], names[b]))}
    return {"font": "DejaVuSans-Bold.ttf", "units": font.units, "glyphs": glyphs, "kerning": kerning}


def main() -> None:
    """Write ``outlines.json`` beside this module."""
    from pathlib import Path

    target = Path(__file__).with_name(TABLE_FILE)
    target.write_text(json.dumps(prepare(), ensure_ascii=False, separators=(",", ":")) + "\n", encoding="utf-8")
    print(target)


if __name__ == "__main__":
    main()


__all__ = ["OutlineTable", "RANGES", "outline_table", "prepare"]
