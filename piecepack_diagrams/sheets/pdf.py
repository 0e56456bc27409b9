"""Pages of diagrams as one PDF: each page a header, cells laid out by a
:class:`~.template.Template` and a footer; each cell a scene scaled to fit, with a caption.

Deterministic like every output (reportlab ``invariant=1``); fonts are embedded. Scenes
keep their proportions; a cell's scale is the largest that fits, never above true size,
so a diagram that fits its cell prints at true size (a tile 2 inches).
"""

from __future__ import annotations

import io
from dataclasses import dataclass

from reportlab.lib.utils import simpleSplit
from reportlab.pdfgen.canvas import Canvas

from ..render.fonts import pdf_font
from ..render.geometry import POINTS_PER_INCH, PageGeometry
from ..render.pdf import draw_scene, pdf_colour, share_forms
from ..render.reproducible import reproducible_pdf
from ..scene import Scene
from ..theme import DEFAULT, Theme
from .template import Template

#: Line height of captions, as a multiple of their size.
LEADING = 1.3
#: Inches between a caption and the diagram above it.
CAPTION_GAP = 0.08


@dataclass(frozen=True, slots=True)
class Cell:
    """A scene with the caption printed under it (lines split on ``\\n``, and wrapped; the
    first line in the template's ``move_font``), and optionally a ``legend``: a second scene
    between the two, scaled on its own (at most true size) in up to ``legend_share`` of the
    cell's height."""

    scene: Scene
    caption: str = ""
    legend: Scene | None = None
    legend_share: float = 0.3


@dataclass(frozen=True, slots=True)
class Page:
    """A page: its title (may be empty) and its cells, in reading order."""

    title: str
    cells: tuple[Cell, ...]


@dataclass(frozen=True, slots=True)
class Metadata:
    """What a PDF says of itself (its document properties)."""

    title: str
    subject: str = ""
    author: str = "piecepack-diagrams"
    keywords: str = "piecepack"


def paginate(title: str, cells: list[Cell], template: Template) -> list[Page]:
    """``cells`` spread over as many pages as the template's grid needs."""
    per_page = template.columns * template.rows
    return [Page(title, tuple(cells[k:k + per_page])) for k in range(0, len(cells), per_page)] or [Page(title, ())]


def render_pages(pages: list[Page], template: Template, *, theme: Theme = DEFAULT,
                 metadata: Metadata | None = None) -> bytes:
    """The pages as a PDF document (bytes)."""
    return render_book([(pages, template)], theme=theme, metadata=metadata)


@reproducible_pdf
def render_book(sections: list[tuple[list[Page], Template]], *, theme: Theme = DEFAULT,
                metadata: Metadata | None = None) -> bytes:
    """Sections of pages, each laid out by its own template, as one PDF numbered throughout.

    Raises :class:`~piecepack_diagrams.errors.OutputError` if a font cannot be read.
    """
    out = io.BytesIO()
    pt = POINTS_PER_INCH
    first = sections[0][1]
    meta = metadata or Metadata(next((p.title for pages, _ in sections for p in pages if p.title),
                                     "piecepack diagrams"))
    canvas = Canvas(out, pagesize=(first.width * pt, first.height * pt), invariant=1,
                    initialFontName=pdf_font(first.caption_font))
    share_forms(canvas)
    canvas.setTitle(meta.title)
    canvas.setSubject(meta.subject or meta.title)
    canvas.setAuthor(meta.author)
    canvas.setKeywords(meta.keywords)
    canvas.setCreator("piecepack-diagrams")
    total = sum(len(pages) for pages, _ in sections)
    number = 0
    for pages, template in sections:
        for page in pages:
            number += 1
            height = _page_height(page, template, theme) if template.fit_height else template.height
            canvas.setPageSize((template.width * pt, height * pt))
            canvas.setLineJoin(1)
            canvas.setLineCap(1)
            fields = {"title": page.title, "page": number, "pages": total}
            if template.header and template.header_size:
                text = template.page_text(template.header, **fields)
                canvas.setFillColor(pdf_colour(theme.edge))
                canvas.setFont(pdf_font(template.header_font), template.header_size)
                canvas.drawCentredString(template.width * pt / 2, (height - template.margins[0]) * pt
                                         - template.header_size, text)
            for cell, box in zip(page.cells, template.cells(height)):
                _draw_cell(canvas, cell, box, template, theme)
            if template.footer:
                canvas.setFillColor(pdf_colour(theme.edge))
                canvas.setFont(pdf_font(template.caption_font), template.footer_size)
                canvas.drawCentredString(template.width * pt / 2, template.margins[2] * pt,
                                         template.page_text(template.footer, **fields))
            canvas.showPage()
    canvas.save()
    return out.getvalue()


def _caption_lines(cell: Cell, width: float, template: Template) -> list[tuple[str, str]]:
    """The caption as (font, line) pairs, wrapped to ``width`` inches."""
    out: list[tuple[str, str]] = []
    for k, line in enumerate(cell.caption.split("\n") if cell.caption else []):
        font = pdf_font(template.move_font if k == 0 else template.caption_font)
        out += [(font, wrapped) for wrapped in simpleSplit(line, font, template.caption_size, width * POINTS_PER_INCH)
                or [""]]
    return out


def _caption_height(lines: list[tuple[str, str]], template: Template) -> float:
    return len(lines) * template.caption_size * LEADING / POINTS_PER_INCH + (CAPTION_GAP if lines else 0.0)


def _fitted_scale(scene: Scene, w: float, h: float) -> tuple[float, PageGeometry]:
    geo = PageGeometry.from_scene(Scene(scene.pieces, scene.annotations, frame=scene.frame), caption_size=0.0)
    return (min(1.0, w / geo.width, h / geo.height) if w > 0 and h > 0 else 0.0), geo


def _page_height(page: Page, template: Template, theme: Theme) -> float:
    """The height a ``fit_height`` page needs: its tallest cell at the scale its width allows."""
    (_, _, w, h), *_ = template.cells()
    need = 0.0
    for cell in page.cells:
        lines = _caption_lines(cell, w, template)
        room = h - _caption_height(lines, template)
        legend = 0.0
        if cell.legend is not None:
            scale, geo = _fitted_scale(cell.legend, w, room * cell.legend_share)
            legend = geo.height * scale + 0.15
        scale, geo = _fitted_scale(cell.scene, w, room - legend)
        need = max(need, geo.height * scale + legend + _caption_height(lines, template))
    return min(template.height, template.height - h + need)


def _draw_fitted(canvas: Canvas, scene: Scene, box: tuple[float, float, float, float], theme: Theme, *,
                 align: str = "centre") -> float:
    """Draw ``scene`` (without its caption) as large as fits in ``box``, at most true size,
    centred (or at the box's top); returns the height used, in inches."""
    pt = POINTS_PER_INCH
    x, y, w, h = box
    scale, geo = _fitted_scale(scene, w, h)
    if scale <= 0:
        return 0.0
    dx = x + (w - geo.width * scale) / 2
    dy = y + (h - geo.height * scale) / (2 if align == "centre" else 1)
    canvas.saveState()
    canvas.translate(dx * pt, dy * pt)
    canvas.scale(scale, scale)
    draw_scene(canvas, Scene(scene.pieces, scene.annotations, frame=scene.frame), geo, theme)
    canvas.restoreState()
    return geo.height * scale


def _draw_cell(canvas: Canvas, cell: Cell, box: tuple[float, float, float, float], template: Template,
               theme: Theme) -> None:
    pt = POINTS_PER_INCH
    x, y, w, h = box
    lines = _caption_lines(cell, w, template)
    caption_h = _caption_height(lines, template)
    bottom = y + caption_h
    if cell.legend is not None:
        used = _draw_fitted(canvas, cell.legend, (x, bottom, w, (h - caption_h) * cell.legend_share), theme,
                            align="top")
        bottom += used + 0.15
    _draw_fitted(canvas, cell.scene, (x, bottom, w, y + h - bottom), theme)
    canvas.setFillColor(pdf_colour(theme.edge))
    for k, (font, line) in enumerate(lines):
        canvas.setFont(font, template.caption_size)
        canvas.drawCentredString((x + w / 2) * pt, (y + caption_h) * pt - (k + 1) * template.caption_size * LEADING,
                                 line)


__all__ = ["Cell", "Metadata", "Page", "paginate", "render_book", "render_pages"]
