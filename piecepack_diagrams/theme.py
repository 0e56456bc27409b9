"""How pieces look: suit colours and symbols, lines and fonts, as data.

A :class:`Theme` is a frozen value; ``THEMES`` holds the built-in ones
(``default``, close to the piecepack convention, and ``print``, black and
white). :func:`load_theme` reads a YAML file overriding any field of a
built-in theme, so every output can be restyled without touching code.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any


from .errors import SetupError
from .settings import read_settings, shown
from .reprs import brief_repr
from .values import fields, replace, value

_COLOUR = re.compile(r"#[0-9A-Fa-f]{6}|none")


@value
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
    #: Which rank is on which face of a die, by piecepackr's names (see :data:`DIE_ARRANGEMENTS`):
    #: what the sides of a die show in the oblique view.
    die_arrangement: str = "counter_down"

    __repr__ = brief_repr

    def suit_colour(self, suit: int, cfg: str = "piecepack") -> str:
        """The colour of a piece's suit (a bit colour for non-piecepack pieces). The playing
        cards expansion's hearts and diamonds take the Suns' colour, its spades and clubs the
        Moons' (red and black, as piecepackr colours them)."""
        if cfg == "playing_cards_expansion" and 1 <= suit <= 4:
            return self.suit_colours[0 if suit in (1, 4) else 1]
        if cfg in ("piecepack", "subpack", "hexpack") and 1 <= suit <= 4:
            return self.suit_colours[suit - 1]
        if 1 <= suit <= len(self.bit_colours):
            return self.bit_colours[suit - 1]
        return self.edge

    def rank_symbol(self, rank: int) -> str:
        """The symbol drawn for a 1-based rank."""
        return self.rank_symbols[rank - 1] if 1 <= rank <= len(self.rank_symbols) else str(rank - 1)

    def replace(self, **changes: Any) -> Theme:
        """A copy with some fields changed (lists become tuples). Raises :class:`SetupError`,
        its token the field's name, for a value of the wrong type or out of range."""
        try:
            changes_made: dict[str, Any] = {k: tuple(v) if isinstance(v, list) else v for k, v in changes.items()}
            changed = replace(self, **changes_made)
        except TypeError:
            raise SetupError(f"a theme has no field among {', '.join(sorted(changes))}",
                             expected=", ".join(f.name for f in fields(Theme))) from None
        return _validated(changed)

#: piecepackr's names of the ways a die's faces are arranged (its ``die_arrangement``): ranks
#: null to five counting down or up round the die, or opposite faces adding up to five.
DIE_ARRANGEMENTS = ("counter_down", "counter_up", "opposites_sum_to_5")

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


#: The fields that hold one colour, and the lists of colours with how many they hold.
_COLOUR_FIELDS = ("page_background", "piece_background", "tile_back_background", "tile_back_lines", "edge",
                  "die_text", "annotation", "highlight", "highlight_edge", "shade", "grid_lines", "maze_wall",
                  "maze_passage")
_COLOUR_LISTS = {"suit_colours": (4, 4), "bit_colours": (1, 16)}
#: Number fields: lowest, highest, unit. A caption is set at ``caption_size`` inches, so its
#: bound also bounds how large a captioned drawing grows.
_NUMBERS = {"line_width": (0.01, 20.0, "points"), "highlight_opacity": (0.0, 1.0, ""),
            "caption_size": (0.04, 0.5, "inches")}
#: Lists of symbols: how many, and how many characters each may have.
_SYMBOL_LISTS = {"rank_symbols": (6, 3), "text_suit_glyphs": (4, 1)}
#: Text fields and their longest value (a font file's path, a CSS font list, a name).
_TEXTS = {"name": 60, "font_family": 200, "pdf_font": 60, "lettering_font": 4096}
_FONT_NAME = re.compile(r"[A-Za-z0-9 ,_-]+")


def _validated(theme: Theme) -> Theme:
    """``theme`` if every field has its type and lies in its range; else a :class:`SetupError`
    whose token is the field's name."""
    for name, longest in _TEXTS.items():
        value = getattr(theme, name)
        if not isinstance(value, str) or len(value) > longest or not value.isprintable():
            raise SetupError(f"theme field '{name}' must be a line of text of at most {longest} characters, "
                             f"not {shown(value)}", token=name)
    for name in _COLOUR_FIELDS:
        _check_colour(name, getattr(theme, name))
    for name, (fewest, most) in _COLOUR_LISTS.items():
        for colour in _sequence(theme, name, fewest, most, "colours"):
            _check_colour(name, colour)
    for name, (count, longest) in _SYMBOL_LISTS.items():
        for symbol in _sequence(theme, name, count, count, "symbols"):
            if not isinstance(symbol, str) or not 1 <= len(symbol) <= longest or not symbol.isprintable() \
                    or symbol.isspace():
                raise SetupError(f"theme field '{name}' holds {shown(symbol)}, which is not a symbol", token=name,
                                 expected=f"{'one character' if longest == 1 else f'1 to {longest} characters'}"
                                          " that print")
    for name, (low, high, unit) in _NUMBERS.items():
        value = getattr(theme, name)
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not low <= value <= high:
            raise SetupError(f"theme field '{name}' must be a number from {low:g} to {high:g}"
                             f"{f' {unit}' if unit else ''}, not {shown(value)}", token=name)
    for name in ("font_family", "pdf_font"):
        if not _FONT_NAME.fullmatch(getattr(theme, name)):
            raise SetupError(f"theme field '{name}': font names may hold only letters, digits, spaces, commas, "
                             "'_' and '-'", token=name)
    if theme.die_arrangement not in DIE_ARRANGEMENTS:
        raise SetupError(f"die_arrangement {shown(theme.die_arrangement)} is not one of piecepackr's",
                         token="die_arrangement", expected=", ".join(DIE_ARRANGEMENTS))
    if not is_pdf_font(theme.pdf_font):
        raise SetupError(f"pdf_font '{theme.pdf_font}' is not a font this package embeds", token="pdf_font",
                         expected=", ".join(PDF_FONT_FILES))
    return theme


def _check_colour(name: str, colour: Any) -> None:
    if not isinstance(colour, str) or not _COLOUR.fullmatch(colour):
        raise SetupError(f"theme field '{name}': {shown(colour)} is not a colour", token=name,
                         expected="#RRGGBB or none")


def _sequence(theme: Theme, name: str, fewest: int, most: int, what: str) -> tuple[Any, ...]:
    """The list field ``name``, refused unless it is a list of ``fewest`` to ``most`` items."""
    value = getattr(theme, name)
    if not isinstance(value, tuple) or not fewest <= len(value) <= most:
        count = f"{fewest}" if fewest == most else f"{fewest} to {most}"
        raise SetupError(f"theme field '{name}' must be a list of {count} {what}, not {shown(value)}", token=name)
    return tuple(value)


#: The largest lettering font file a theme may name.
MAX_FONT_BYTES = 32 << 20
# How TrueType, OpenType and font collection files begin.
_FONT_MAGIC = (b"\x00\x01\x00\x00", b"true", b"OTTO", b"ttcf")


def _is_font_file(path: Path) -> bool:
    """Whether ``path`` is a file of at most :data:`MAX_FONT_BYTES` that begins as a font does."""
    try:
        if not path.is_file() or path.stat().st_size > MAX_FONT_BYTES:
            return False
        with path.open("rb") as file:
            return file.read(4) in _FONT_MAGIC
    except (OSError, ValueError):
        return False


def load_theme(spec: str | Path) -> Theme:
    """A built-in theme by name, or a YAML file of fields over a built-in one.

    The file may say ``base: print`` to start from another theme. Raises
    :class:`SetupError` at the line of the field for unknown fields or bad values
    (:class:`~piecepack_diagrams.errors.LimitError` for a number too long to read).
    """
    if isinstance(spec, str) and spec in THEMES:
        return THEMES[spec]
    path = Path(spec)
    settings = read_settings(path, what="theme", unknown=f"unknown theme '{spec}'; expected one of "
                                                          f"{', '.join(THEMES)} or a YAML theme file")
    data = dict(settings.values)
    base = THEMES.get(data.pop("base", "default")) if isinstance(data.get("base", "default"), str) else None
    names = {f.name for f in fields(Theme)}
    try:
        if base is None:
            raise SetupError("'base' must name a built-in theme", token="base", expected=", ".join(THEMES))
        changes: dict[str, Any] = {}
        for key, value in data.items():
            if key not in names:
                raise SetupError(f"a theme has no field '{key}'", token=key, expected=", ".join(sorted(names)))
            changes[key] = value
        if changes.get("lettering_font"):
            font = changes["lettering_font"]
            if not (isinstance(font, str) and len(font) <= _TEXTS["lettering_font"]
                    and _is_font_file(path.parent / font)):
                what = "a font file" if isinstance(font, str) and (path.parent / font).is_file() else "a file"
                raise SetupError(f"lettering_font {shown(font)} is not {what}", token="lettering_font",
                                 expected=f"a TrueType or OpenType font file of at most {MAX_FONT_BYTES >> 20} MiB")
            changes["lettering_font"] = str((path.parent / font).resolve())
        return base.replace(**changes)
    except SetupError as exc:
        raise settings.located(exc) from None


__all__ = ["DEFAULT", "PDF_FONT_FILES", "PRINT", "THEMES", "Theme", "is_pdf_font", "load_theme"]
