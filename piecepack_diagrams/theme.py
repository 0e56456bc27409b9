"""How pieces look: suit colours and symbols, lines and fonts, as data.

A :class:`Theme` is a frozen value; ``THEMES`` holds the built-in ones
(``default``, close to the piecepack convention, and ``print``, black and
white). :func:`load_theme` reads a YAML file overriding any field of a
built-in theme, so every output can be restyled without touching code.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any


from .errors import SetupError, SourceLocation

_COLOUR = re.compile(r"#[0-9A-Fa-f]{6}|none")


@dataclass(frozen=True, slots=True)
class Theme:
    """Every visual choice a renderer makes. Colours are ``#RRGGBB``; widths in points."""

    name: str = "default"
    #: Suns, Moons, Crowns, Arms.
    suit_colours: tuple[str, str, str, str] = ("#D55E00", "#000000", "#009E73", "#0072B2")
    #: Red, black, green, blue, yellow, white: the colours of go stones, checkers, pyramids.
    bit_colours: tuple[str, ...] = ("#C0392B", "#202020", "#2E8B57", "#1F5FAF", "#E8C300", "#F4F4F4", "#3CB4C8")
    page_background: str = "#FFFFFF"
    piece_background: str = "#FFFFFF"
    tile_back_background: str = "#F2EBDD"
    tile_back_lines: str = "#6B5B45"
    edge: str = "#404040"
    die_text: str = "#FFFFFF"
    line_width: float = 0.75
    annotation: str = "#C8102E"
    #: A highlighted square: its background takes this colour at this opacity (under the
    #: pieces), and a ring of ``highlight_edge`` runs inside its edge.
    highlight: str = "#FFD400"
    highlight_opacity: float = 0.45
    highlight_edge: str = "#C89B00"
    #: The grey of shaded areas in figures, and the thin lines that divide them into squares.
    shade: str = "#BEBEBE"
    grid_lines: str = "#8C8C8C"
    #: Maze tiles (Labyrinth): the walls, and the passages the connectors open.
    maze_wall: str = "#4A6B52"
    maze_passage: str = "#F2EBDD"
    #: Fonts of captions: a CSS font list for SVG; for PDF, a font embedded in the file
    #: (one of ``PDF_FONT_FILES``, the DejaVu fonts that ship with matplotlib).
    font_family: str = "DejaVu Sans, Helvetica, Arial, sans-serif"
    pdf_font: str = "DejaVu Sans"
    #: The font of ranks and labels on the table, drawn as outlines in every format: a
    #: TrueType or OpenType file (in a theme file, relative to it); empty for DejaVu Sans Bold.
    lettering_font: str = ""
    rank_symbols: tuple[str, ...] = ("n", "A", "2", "3", "4", "5")
    #: One character per suit for the text renderer.
    text_suit_glyphs: tuple[str, str, str, str] = ("☼", "☾", "♛", "⚜")
    caption_size: float = 0.16

    def suit_colour(self, suit: int, cfg: str = "piecepack") -> str:
        """The colour of a piece's suit (a bit colour for non-piecepack pieces)."""
        if cfg in ("piecepack", "subpack", "hexpack") and 1 <= suit <= 4:
            return self.suit_colours[suit - 1]
        if 1 <= suit <= len(self.bit_colours):
            return self.bit_colours[suit - 1]
        return self.edge

    def rank_symbol(self, rank: int) -> str:
        """The symbol drawn for a 1-based rank."""
        return self.rank_symbols[rank - 1] if 1 <= rank <= len(self.rank_symbols) else str(rank - 1)

    def replace(self, **changes: Any) -> "Theme":
        """A copy with some fields changed (validated)."""
        return _validated(dataclasses.replace(self, **changes))

    def __repr__(self) -> str:
        fields = ", ".join(f"{f.name}={getattr(self, f.name)!r}" for f in dataclasses.fields(self))
        return f"Theme({fields})"


DEFAULT = Theme()
PRINT = Theme(
    name="print",
    suit_colours=("#000000", "#000000", "#000000", "#000000"),
    bit_colours=("#606060", "#000000", "#909090", "#404040", "#C0C0C0", "#FFFFFF", "#D8D8D8"),
    tile_back_background="#FFFFFF",
    tile_back_lines="#000000",
    edge="#000000",
    annotation="#000000",
    highlight="#B0B0B0",
    highlight_edge="#000000",
    maze_wall="#A0A0A0",
    maze_passage="#FFFFFF",
)
THEMES: dict[str, Theme] = {"default": DEFAULT, "print": PRINT}


#: The font names a theme or template may give, and matplotlib's file of each.
PDF_FONT_FILES = {
    "DejaVu Sans": "DejaVuSans.ttf",
    "DejaVu Sans Bold": "DejaVuSans-Bold.ttf",
    "DejaVu Sans Oblique": "DejaVuSans-Oblique.ttf",
    "DejaVu Sans Bold Oblique": "DejaVuSans-BoldOblique.ttf",
    "DejaVu Sans Mono": "DejaVuSansMono.ttf",
    "DejaVu Serif": "DejaVuSerif.ttf",
    "DejaVu Serif Bold": "DejaVuSerif-Bold.ttf",
    "DejaVu Serif Italic": "DejaVuSerif-Italic.ttf",
}


def is_pdf_font(name: str) -> bool:
    """Whether ``name`` is a font PDFs can embed (one of :data:`PDF_FONT_FILES`)."""
    return name in PDF_FONT_FILES


def _validated(theme: Theme) -> Theme:
    colours = [theme.page_background, theme.piece_background, theme.tile_back_background, theme.shade, theme.grid_lines,
               theme.tile_back_lines, theme.edge, theme.die_text, theme.annotation, theme.highlight, theme.highlight_edge,
               theme.maze_wall, theme.maze_passage,
               *theme.suit_colours, *theme.bit_colours]
    for colour in colours:
        if not isinstance(colour, str) or not _COLOUR.fullmatch(colour):
            raise SetupError(f"'{colour}' is not a colour", token=str(colour), expected="#RRGGBB or none")
    if len(theme.suit_colours) != 4 or len(theme.text_suit_glyphs) != 4:
        raise SetupError("a theme needs exactly four suit colours and four suit glyphs")
    if len(theme.rank_symbols) != 6:
        raise SetupError("a theme needs six rank symbols (null, ace, 2, 3, 4, 5)")
    if not 0 < theme.line_width < 20:
        raise SetupError(f"line_width {theme.line_width} is out of range", expected="0 to 20 points")
    if any(not re.fullmatch(r"[A-Za-z0-9 ,_-]+", part) for part in (theme.font_family, theme.pdf_font)):
        raise SetupError("font names may hold only letters, digits, spaces, commas, '_' and '-'")
    if not is_pdf_font(theme.pdf_font):
        raise SetupError(f"pdf_font '{theme.pdf_font}' is not a font this package embeds", token=theme.pdf_font,
                         expected=", ".join(PDF_FONT_FILES))
    return theme


def load_theme(spec: str | Path) -> Theme:
    """A built-in theme by name, or a YAML file of fields over a built-in one.

    The file may say ``base: print`` to start from another theme. Raises
    :class:`SetupError` (with the file's location) for unknown fields or bad values.
    """
    if isinstance(spec, str) and spec in THEMES:
        return THEMES[spec]
    from .notation.yamlsafe import read_settings_file

    path = Path(spec)
    where = SourceLocation(str(path), 1, 1)
    data = read_settings_file(path, what="theme", unknown=f"unknown theme '{spec}'; expected one of "
                                                              f"{', '.join(THEMES)} or a YAML theme file")
    base = THEMES.get(str(data.pop("base", "default")))
    if base is None:
        raise SetupError("'base' must name a built-in theme", location=where, expected=", ".join(THEMES))
    names = {f.name: f for f in dataclasses.fields(Theme)}
    changes: dict[str, Any] = {}
    for key, value in data.items():
        if key not in names:
            raise SetupError(f"a theme has no field '{key}'", location=where, token=key,
                             expected=", ".join(sorted(names)))
        default = getattr(base, key)
        changes[key] = tuple(value) if isinstance(default, tuple) and isinstance(value, list) else value
        if type(changes[key]) is not type(default) and not (isinstance(default, float) and isinstance(value, int)):
            raise SetupError(f"theme field '{key}' should be a {type(default).__name__}", location=where, token=key)
    try:
        if changes.get("lettering_font"):
            font = (path.parent / changes["lettering_font"]).resolve()
            if not font.is_file():
                raise SetupError(f"lettering_font '{changes['lettering_font']}' is not a file", token="lettering_font",
                                 expected="a TrueType or OpenType font file")
            changes["lettering_font"] = str(font)
        return base.replace(**changes)
    except SetupError as exc:
        raise exc.with_location(where) from None


__all__ = ["DEFAULT", "PDF_FONT_FILES", "PRINT", "THEMES", "Theme", "is_pdf_font", "load_theme"]
