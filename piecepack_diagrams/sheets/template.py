"""Page layouts as data: a template is a YAML file in ``templates/`` (or anywhere)
naming the paper, the margins, the grid of diagram cells and the text styles.

A new layout is a copy of a template with other numbers, never new code::

    paper: letter            # letter, a4, a5, or [width, height] in inches
    landscape: false
    margins: 0.6             # inches, all sides (or [top, right, bottom, left])
    grid: [2, 3]             # columns, rows of diagram cells on a page
    gap: 0.25                # inches between cells
    caption_size: 10         # points, under each cell
    header_size: 12          # points: the title at the top of each page
    footer: true             # page numbers at the bottom
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import SetupError, SourceLocation

#: Paper sizes in inches (width, height), portrait.
PAPERS = {"letter": (8.5, 11.0), "a4": (8.27, 11.69), "a5": (5.83, 8.27), "legal": (8.5, 14.0)}
#: Where the shipped templates live.
TEMPLATE_DIR = Path(__file__).resolve().parents[2] / "templates"


@dataclass(frozen=True, slots=True)
class Template:
    """A page layout: sizes in inches, text sizes in points."""

    name: str
    width: float = 8.5
    height: float = 11.0
    margins: tuple[float, float, float, float] = (0.6, 0.6, 0.6, 0.6)  # top, right, bottom, left
    columns: int = 1
    rows: int = 1
    gap: float = 0.25
    caption_size: float = 10.0
    header_size: float = 12.0
    footer: bool = True

    def cells(self) -> list[tuple[float, float, float, float]]:
        """Each cell's (x, y, width, height) in inches from the page's lower-left corner,
        row by row from the top."""
        top, right, bottom, left = self.margins
        header = self.header_size / 72 * 2.2 if self.header_size else 0.0
        footer = 0.3 if self.footer else 0.0
        usable_w = self.width - left - right
        usable_h = self.height - top - bottom - header - footer
        cell_w = (usable_w - self.gap * (self.columns - 1)) / self.columns
        cell_h = (usable_h - self.gap * (self.rows - 1)) / self.rows
        out = []
        for r in range(self.rows):
            for c in range(self.columns):
                x = left + c * (cell_w + self.gap)
                y = self.height - top - header - (r + 1) * cell_h - r * self.gap
                out.append((x, y, cell_w, cell_h))
        return out

    def __repr__(self) -> str:
        return (f"Template(name={self.name!r}, width={self.width!r}, height={self.height!r}, "
                f"margins={self.margins!r}, columns={self.columns!r}, rows={self.rows!r}, gap={self.gap!r}, "
                f"caption_size={self.caption_size!r}, header_size={self.header_size!r}, footer={self.footer!r})")


def template_names() -> list[str]:
    """The shipped templates."""
    return sorted(p.stem for p in TEMPLATE_DIR.glob("*.yaml"))


def load_template(spec: str | Path) -> Template:
    """A shipped template by name (``puzzle-sheet``) or a YAML file's path.

    Raises :class:`SetupError` (with the file) for an unknown name or a bad field.
    """
    path = Path(spec)
    if not path.suffix:
        path = TEMPLATE_DIR / f"{spec}.yaml"
    from ..notation.yamlsafe import read_settings_file

    where = SourceLocation(str(path), 1, 1)
    data = read_settings_file(path, what="template", unknown=f"unknown template '{spec}'; expected one of "
                                                                f"{', '.join(template_names())} or a YAML file")
    try:
        return _from_mapping(path.stem, data)
    except SetupError as exc:
        raise exc.with_location(where) from None


def _number(data: dict[str, Any], key: str, default: float, low: float, high: float) -> float:
    value = data.pop(key, default)
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not low <= value <= high:
        raise SetupError(f"template field '{key}' must be a number from {low:g} to {high:g}, not {value!r}",
                         token=key)
    return float(value)


def _from_mapping(name: str, data: dict[str, Any]) -> Template:
    data = dict(data)
    paper = data.pop("paper", "letter")
    if isinstance(paper, str) and paper.lower() in PAPERS:
        width, height = PAPERS[paper.lower()]
    elif isinstance(paper, list) and len(paper) == 2 and all(isinstance(v, (int, float)) for v in paper):
        width, height = float(paper[0]), float(paper[1])
    else:
        raise SetupError(f"unknown paper {paper!r}", token=str(paper),
                         expected=f"{', '.join(PAPERS)} or [width, height] in inches")
    if not (2 <= width <= 60 and 2 <= height <= 60):
        raise SetupError("paper sides must be 2 to 60 inches", token=str(paper))
    if data.pop("landscape", False) is True:
        width, height = height, width
    margins = data.pop("margins", 0.6)
    if isinstance(margins, (int, float)) and not isinstance(margins, bool):
        margins = [margins] * 4
    if not (isinstance(margins, list) and len(margins) == 4 and all(isinstance(m, (int, float)) and 0 <= m < 5
                                                                     for m in margins)):
        raise SetupError("margins must be inches, one number or [top, right, bottom, left]", token="margins")
    grid = data.pop("grid", [1, 1])
    if not (isinstance(grid, list) and len(grid) == 2 and all(isinstance(g, int) and 1 <= g <= 12 for g in grid)):
        raise SetupError("grid must be [columns, rows], each 1 to 12", token="grid")
    footer = data.pop("footer", True)
    if not isinstance(footer, bool):
        raise SetupError("footer is true or false", token="footer")
    template = Template(name, width, height, tuple(float(m) for m in margins), grid[0], grid[1],
                        _number(data, "gap", 0.25, 0, 5), _number(data, "caption_size", 10, 4, 36),
                        _number(data, "header_size", 12, 0, 48), footer)
    data.pop("description", None)
    if data:
        key = sorted(data)[0]
        raise SetupError(f"a template has no field '{key}'", token=key,
                         expected="paper, landscape, margins, grid, gap, caption_size, header_size, footer, description")
    if any(w <= 0.5 or h <= 0.5 for _, _, w, h in template.cells()):
        raise SetupError("the cells are too small for the paper and margins", token="grid")
    return template


__all__ = ["PAPERS", "TEMPLATE_DIR", "Template", "load_template", "template_names"]
