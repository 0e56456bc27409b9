"""Pages of diagrams as one PDF: each page a title and cells laid out by a
:class:`~.template.Template`, each cell a scene scaled to fit with a caption.

Deterministic like every output (reportlab ``invariant=1``). Scenes keep their
proportions; a cell's scale is the largest that fits, never above true size.
"""

from __future__ import annotations

import io
from dataclasses import dataclass

from reportlab.lib.utils import simpleSplit
from reportlab.pdfgen.canvas import Canvas

from ..render.geometry import POINTS_PER_INCH, PageGeometry
from ..render.pdf import draw_scene, pdf_colour
from ..scene import Scene
from ..theme import DEFAULT, Theme
from .template import Template


@dataclass(frozen=True, slots=True)
class Cell:
    """A scene with the caption printed under it (lines split on ``\\n``, and wrapped),
    and optionally a ``legend``: a second scene between the two, scaled on its own
    (at most true size) in up to ``legend_share`` of the cell's height."""

    scene: Scene
    caption: str = ""
    legend: Scene | None = None
    legend_share: float = 0.3


@dataclass(frozen=True, slots=True)
class Page:
    """A page: its title (may be empty) and its cells, in reading order."""

    title: str
    cells: tuple[Cell, ...]


def paginate(title: str, cells: list[Cell], template: Template) -> list[Page]:
    """``cells`` spread over as many pages as the template's grid needs."""
    per_page = template.columns * template.rows
    return [Page(title, tuple(cells[k:k + per_page])) for k in range(0, len(cells), per_page)] or [Page(title, ())]


def render_pages(pages: list[Page], template: Template, *, theme: Theme = DEFAULT, title: str = "") -> bytes:
    """The pages as a PDF document (bytes)."""
    return render_book([(pages, template)], theme=theme, title=title)


def render_book(sections: list[tuple[list[Page], Template]], *, theme: Theme = DEFAULT, title: str = "") -> bytes:
    """Sections of pages, each laid out by its own template, as one PDF numbered throughout."""
    out = io.BytesIO()
    pt = POINTS_PER_INCH
    first = sections[0][1]
    canvas = Canvas(out, pagesize=(first.width * pt, first.height * pt), invariant=1)
    canvas.setTitle(title or next((p.title for pages, _ in sections for p in pages), "piecepack diagrams"))
    canvas.setCreator("piecepack-diagrams")
    total = sum(len(pages) for pages, _ in sections)
    number = 0
    for pages, template in sections:
        boxes = template.cells()
        for page in pages:
            number += 1
            canvas.setPageSize((template.width * pt, template.height * pt))
            canvas.setLineJoin(1)
            canvas.setLineCap(1)
            canvas.setFillColor(pdf_colour(theme.edge))
            if page.title and template.header_size:
                canvas.setFont(theme.pdf_font, template.header_size)
                canvas.drawCentredString(template.width * pt / 2, (template.height - template.margins[0]) * pt
                                         - template.header_size, page.title)
            for cell, box in zip(page.cells, boxes):
                _draw_cell(canvas, cell, box, template, theme)
            if template.footer:
                canvas.setFillColor(pdf_colour(theme.edge))
                canvas.setFont(theme.pdf_font, 9)
                canvas.drawCentredString(template.width * pt / 2, template.margins[2] * pt, f"{number} / {total}")
            canvas.showPage()
    canvas.save()
    return out.getvalue()


def _draw_fitted(canvas: Canvas, scene: Scene, box: tuple[float, float, float, float], theme: Theme, *,
                 align: str = "centre") -> float:
    """Draw ``scene`` (without its caption) as large as fits in ``box``, at most true size,
    centred (or at the box's top); returns the height used, in inches."""
    pt = POINTS_PER_INCH
    x, y, w, h = box
    scene = Scene(scene.pieces, scene.annotations, frame=scene.frame)
    geo = PageGeometry.from_scene(scene, caption_size=0.0)
    scale = min(1.0, w / geo.width, h / geo.height) if w > 0 and h > 0 else 0.0
    if scale <= 0:
        return 0.0
    dx = x + (w - geo.width * scale) / 2
    dy = y + (h - geo.height * scale) / (2 if align == "centre" else 1)
    canvas.saveState()
    canvas.translate(dx * pt, dy * pt)
    canvas.scale(scale, scale)
    draw_scene(canvas, scene, geo, theme)
    canvas.restoreState()
    return geo.height * scale


def _draw_cell(canvas: Canvas, cell: Cell, box: tuple[float, float, float, float], template: Template,
               theme: Theme) -> None:
    pt = POINTS_PER_INCH
    x, y, w, h = box
    # Caption lines are wrapped to the cell's width.
    lines = [wrapped for line in (cell.caption.split("\n") if cell.caption else [])
             for wrapped in (simpleSplit(line, theme.pdf_font, template.caption_size, w * pt) or [""])]
    caption_h = len(lines) * template.caption_size * 1.3 / pt + (0.08 if lines else 0.0)
    bottom = y + caption_h
    if cell.legend is not None:
        used = _draw_fitted(canvas, cell.legend, (x, bottom, w, (h - caption_h) * cell.legend_share), theme,
                            align="top")
        bottom += used + 0.15
    _draw_fitted(canvas, cell.scene, (x, bottom, w, y + h - bottom), theme)
    canvas.setFillColor(pdf_colour(theme.edge))
    canvas.setFont(theme.pdf_font, template.caption_size)
    for k, line in enumerate(lines):
        canvas.drawCentredString((x + w / 2) * pt, (y + caption_h) * pt - (k + 1) * template.caption_size * 1.3, line)


__all__ = ["Cell", "Page", "paginate", "render_book", "render_pages"]
