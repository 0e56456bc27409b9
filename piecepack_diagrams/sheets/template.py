"""Page layouts as data: a template is a YAML file in ``templates/`` (or anywhere)
naming the paper, the margins, the grid of diagram cells and the text styles.

A new layout is a copy of a template with other numbers, never new code. Every
field is optional; these are the defaults::

    description: ""             # what the layout is for (not printed)
    paper: letter               # letter, a4, a5, legal, or [width, height] in inches
    landscape: false
    margins: 0.6                # inches, all sides (or [top, right, bottom, left])
    grid: [1, 1]                # columns, rows of diagram cells on a page
    gap: 0.25                   # inches between cells
    fit_height: false           # true: each page is cut to the height its diagram needs
    caption_size: 10            # points, the caption under each cell
    caption_font: DejaVu Sans
    move_font: DejaVu Sans Bold # a caption's first line: a plate's move, a puzzle's number
    header: "{title}"           # the top of each page; {title}, {page}, {pages}; "" for none;
                                # a field may have an alignment and a width: {page:>3}, {page:0>3}
    header_size: 12
    header_font: DejaVu Sans Bold
    footer: "{page} / {pages}"  # the bottom of each page, as header; "" for none
    footer_size: 9
    answer_key: answer-key      # the layout of a puzzle book's answer key (at the back)

Fonts are embedded in every PDF: one of the DejaVu fonts named in
:data:`~piecepack_diagrams.theme.PDF_FONT_FILES`.
"""

from __future__ import annotations

import re
import string
from pathlib import Path
from typing import Any

from ..errors import SetupError
from ..settings import read_settings, shown
from ..theme import PDF_FONT_FILES, is_pdf_font
from ..values import field, fields, value

#: Paper sizes in inches (width, height), portrait.
PAPERS = {"letter": (8.5, 11.0), "a4": (8.27, 11.69), "a5": (5.83, 8.27), "legal": (8.5, 14.0)}


def template_folder() -> Path:
    """Where the shipped templates live: package data (see :mod:`piecepack_diagrams.shipped`),
    the same folder from a checkout and from a wheel installed anywhere."""
    from ..shipped import shipped_folder

    return shipped_folder("templates")


#: What a header or footer may fill in.
PAGE_FIELDS = ("title", "page", "pages")
#: A header's or footer's field may have a format spec of an optional fill and alignment and a
#: width of at most 99 characters (``{page:>3}``, ``{page:0>3}``), and nothing else.
PAGE_FIELD_SPEC = re.compile(r"(?:[^{}]?[<>^])?[0-9]{0,2}")
#: The longest header or footer, in characters.
PAGE_TEXT_LENGTH = 200
#: Space kept for the footer line above the bottom margin, in inches.
FOOTER_ROOM = 0.3


@value
class Template:
    """A page layout: sizes in inches, text sizes in points."""

    name: str
    width: float = 8.5
    height: float = 11.0
    margins: tuple[float, float, float, float] = (0.6, 0.6, 0.6, 0.6)  # top, right, bottom, left
    columns: int = 1
    rows: int = 1
    gap: float = 0.25
    fit_height: bool = False
    caption_size: float = 10.0
    caption_font: str = "DejaVu Sans"
    move_font: str = "DejaVu Sans Bold"
    header: str = "{title}"
    header_size: float = 12.0
    header_font: str = "DejaVu Sans Bold"
    footer: str = "{page} / {pages}"
    footer_size: float = 9.0
    answer_key: str = "answer-key"
    description: str = field(default="", compare=False)

    def __post_init__(self) -> None:
        # Formatting a header can hang ('{title:>2000000000}'): a Template made in Python is checked too.
        check_page_text(self.header, "header")
        check_page_text(self.footer, "footer")

    def header_height(self) -> float:
        """Inches the header takes below the top margin (0 without one)."""
        return self.header_size / 72 * 2.2 if self.header and self.header_size else 0.0

    def footer_height(self) -> float:
        """Inches kept for the footer above the bottom margin (0 without one)."""
        return FOOTER_ROOM if self.footer else 0.0

    def cells(self, height: float | None = None) -> list[tuple[float, float, float, float]]:
        """Each cell's (x, y, width, height) in inches from the page's lower-left corner,
        row by row from the top, on a page ``height`` tall (default: the paper's)."""
        height = self.height if height is None else height
        top, right, bottom, left = self.margins
        usable_w = self.width - left - right
        usable_h = height - top - bottom - self.header_height() - self.footer_height()
        cell_w = (usable_w - self.gap * (self.columns - 1)) / self.columns
        cell_h = (usable_h - self.gap * (self.rows - 1)) / self.rows
        out = []
        for r in range(self.rows):
            for c in range(self.columns):
                x = left + c * (cell_w + self.gap)
                y = height - top - self.header_height() - (r + 1) * cell_h - r * self.gap
                out.append((x, y, cell_w, cell_h))
        return out

    def page_text(self, pattern: str, *, title: str, page: int, pages: int) -> str:
        """A header or footer with its fields filled in."""
        return pattern.format(title=title, page=page, pages=pages)

    def __repr__(self) -> str:
        text = ", ".join(f"{f.name}={getattr(self, f.name)!r}" for f in fields(self) if f.name != "description")
        return f"Template({text})"


def template_names() -> list[str]:
    """The shipped templates."""
    return sorted(p.stem for p in template_folder().glob("*.yaml"))


def load_template(spec: str | Path) -> Template:
    """A shipped template by name (``puzzle-sheet``) or a YAML file's path.

    Raises :class:`SetupError` (with the file, and the line of a bad field) for an
    unknown name or a bad field.
    """
    path = Path(spec)
    if not path.suffix:
        path = template_folder() / f"{spec}.yaml"
    settings = read_settings(path, what="template", unknown=f"unknown template '{spec}'; expected one of "
                                                              f"{', '.join(template_names())} or a YAML file")
    try:
        return _from_mapping(path.stem, settings.values)
    except SetupError as exc:
        raise settings.located(exc) from None


def _number(data: dict[str, Any], key: str, default: float, low: float, high: float) -> float:
    value = data.pop(key, default)
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not low <= value <= high:
        raise SetupError(f"template field '{key}' must be a number from {low:g} to {high:g}, not {shown(value)}",
                         token=key)
    return float(value)


def _flag(data: dict[str, Any], key: str, default: bool) -> bool:
    value = data.pop(key, default)
    if not isinstance(value, bool):
        raise SetupError(f"template field '{key}' is true or false, not {shown(value)}", token=key)
    return value


def _font(data: dict[str, Any], key: str, default: str) -> str:
    value = data.pop(key, default)
    if not isinstance(value, str) or not is_pdf_font(value):
        raise SetupError(f"template field '{key}' names no font this package embeds: {shown(value)}", token=key,
                         expected=", ".join(PDF_FONT_FILES))
    return value


def _page_text(data: dict[str, Any], key: str, default: str) -> str:
    value = data.pop(key, default)
    if value is False or value is None:
        return ""
    if value is True:
        return default
    check_page_text(value, key)
    return str(value)  # a str: check_page_text refuses anything else


def check_page_text(pattern: Any, key: str) -> None:
    """Refuse (:class:`SetupError`, token ``key``) a header or footer that is not a line of at
    most :data:`PAGE_TEXT_LENGTH` characters filling in only :data:`PAGE_FIELDS`, each
    either bare or with a format spec of :data:`PAGE_FIELD_SPEC` (an alignment and a width)."""
    if not isinstance(pattern, str) or len(pattern) > PAGE_TEXT_LENGTH or not pattern.isprintable():
        raise SetupError(f"template field '{key}' is a line of text of at most {PAGE_TEXT_LENGTH} characters, "
                         f"not {shown(pattern)}", token=key)
    try:
        parts = list(string.Formatter().parse(pattern))
    except ValueError:
        raise SetupError(f"template field '{key}' has a '{{' or '}}' that opens or closes no field: "
                         f"{shown(pattern)}", token=key, expected="'{' doubled as '{{' for a brace") from None
    for _, name, spec, conversion in parts:
        if name is None:
            continue
        field = "{" + name + (f"!{conversion}" if conversion else "") + (f":{spec}" if spec else "") + "}"
        if name not in PAGE_FIELDS or conversion or not PAGE_FIELD_SPEC.fullmatch(spec or ""):
            raise SetupError(f"template field '{key}' may fill in only {{title}}, {{page}} and {{pages}}, not "
                             f"{shown(field)}", token=key,
                             expected="a field bare or with an alignment and a width of at most 99, such as "
                                      "{page:>3} or {page:0>3}")


def _text(data: dict[str, Any], key: str, default: str) -> str:
    value = data.pop(key, default)
    if not isinstance(value, str):
        raise SetupError(f"template field '{key}' is text, not {shown(value)}", token=key)
    return value


def _paper(data: dict[str, Any]) -> tuple[float, float]:
    paper = data.pop("paper", "letter")
    if isinstance(paper, str) and paper.lower() in PAPERS:
        width, height = PAPERS[paper.lower()]
    elif (isinstance(paper, list) and len(paper) == 2
          and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in paper)):
        width, height = float(paper[0]), float(paper[1])
    else:
        raise SetupError(f"unknown paper {shown(paper)}", token="paper",
                         expected=f"{', '.join(PAPERS)} or [width, height] in inches")
    if not (2 <= width <= 60 and 2 <= height <= 60):
        raise SetupError("paper sides must be 2 to 60 inches", token="paper")
    return (height, width) if _flag(data, "landscape", False) else (width, height)


def _margins(data: dict[str, Any]) -> tuple[float, float, float, float]:
    margins = data.pop("margins", 0.6)
    if isinstance(margins, (int, float)) and not isinstance(margins, bool):
        margins = [margins] * 4
    if not (isinstance(margins, list) and len(margins) == 4
            and all(isinstance(m, (int, float)) and not isinstance(m, bool) and 0 <= m < 5 for m in margins)):
        raise SetupError("margins must be inches, one number or [top, right, bottom, left]", token="margins")
    top, right, bottom, left = (float(m) for m in margins)
    return top, right, bottom, left


def _from_mapping(name: str, data: dict[str, Any]) -> Template:
    data = dict(data)
    width, height = _paper(data)
    margins = _margins(data)
    grid = data.pop("grid", [1, 1])
    if not (isinstance(grid, list) and len(grid) == 2
            and all(isinstance(g, int) and not isinstance(g, bool) and 1 <= g <= 12 for g in grid)):
        raise SetupError("grid must be [columns, rows], each 1 to 12", token="grid")
    template = Template(
        name, width, height, margins, grid[0], grid[1],
        gap=_number(data, "gap", 0.25, 0, 5), fit_height=_flag(data, "fit_height", False),
        caption_size=_number(data, "caption_size", 10, 4, 36), caption_font=_font(data, "caption_font", "DejaVu Sans"),
        move_font=_font(data, "move_font", "DejaVu Sans Bold"), header=_page_text(data, "header", "{title}"),
        header_size=_number(data, "header_size", 12, 0, 48), header_font=_font(data, "header_font", "DejaVu Sans Bold"),
        footer=_page_text(data, "footer", "{page} / {pages}"), footer_size=_number(data, "footer_size", 9, 4, 36),
        answer_key=_text(data, "answer_key", "answer-key"), description=_text(data, "description", ""))
    if data:
        key = sorted(data)[0]
        raise SetupError(f"a template has no field '{key}'", token=key,
                         expected=", ".join(f.name for f in fields(Template) if f.name not in ("name", "width",
                                                                                               "height", "columns",
                                                                                               "rows"))
                         + ", paper, landscape, grid")
    if template.fit_height and template.rows != 1:
        raise SetupError("fit_height needs a grid of one row", token="fit_height")
    if any(w <= 0.5 or h <= 0.5 for _, _, w, h in template.cells()):
        raise SetupError("the cells are too small for the paper and margins", token="grid")
    return template


__all__ = ["FOOTER_ROOM", "PAGE_FIELDS", "PAGE_FIELD_SPEC", "PAGE_TEXT_LENGTH", "PAPERS", "Template",
           "check_page_text", "load_template", "template_folder", "template_names"]
