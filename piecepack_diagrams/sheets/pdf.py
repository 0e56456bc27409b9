"""Pages of diagrams as one PDF: each page a header, cells laid out by a
:class:`~.template.Template` and a footer; each cell a scene scaled to fit, with a caption.

Deterministic like every output (reportlab ``invariant=1``); fonts are embedded. Scenes
keep their proportions; a cell's scale is the largest that fits, never above true size,
so a diagram that fits its cell prints at true size (a tile 2 inches).
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from reportlab.lib.utils import simpleSplit
from reportlab.pdfgen.canvas import Canvas

from ..render.fonts import pdf_font
from ..layout.compose import LaidOut, lay_out
from ..render.geometry import POINTS_PER_INCH, PageGeometry
from ..render import view_laid_out
from ..render.pdf import draw_scene, pdf_colour, share_forms
from ..render.reproducible import reproducible_pdf
from ..scene import Scene
from ..theme import DEFAULT, Theme
from ..values import value
from .template import Template

if TYPE_CHECKING:
    from ..layout.audit import Finding
    from ..oblique.projection import Projection

#: Line height of captions, as a multiple of their size.
LEADING = 1.3
#: Inches between a caption and the diagram above it, and between a legend and the diagram.
CAPTION_GAP = 0.08
LEGEND_GAP = 0.15


@value
class Cell:
    """A scene with the caption printed under it (lines split on ``\\n``, and wrapped; the
    first line in the template's ``move_font``), and optionally a ``legend``: a second scene
    between the two, scaled on its own (at most true size) in up to ``legend_share`` of the
    cell's height. The scene is drawn at ``scale`` when given (plates keep one scale per
    record), else as large as fits, at most true size; ``framing`` is the layout's (see
    :func:`~piecepack_diagrams.layout.lay_out`); ``projection`` draws the scene in the oblique
    view (see :func:`~piecepack_diagrams.render.view_laid_out`), None flat."""

    scene: Scene
    caption: str = ""
    legend: Scene | None = None
    legend_share: float = 0.3
    scale: float | None = None
    framing: str = "whole"
    projection: Projection | None = None


@value
class Page:
    """A page: its title (may be empty) and its cells, in reading order."""

    title: str
    cells: tuple[Cell, ...]


@value
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


@value
class Document:
    """A document of pages: sections (pages laid out by one template each, numbered
    throughout) and what the PDF says of itself. Products (plates, puzzle books, figures)
    are documents, so a proof sheet can draw any page of one reduced."""

    sections: tuple[tuple[tuple[Page, ...], Template], ...]
    metadata: Metadata

    def render(self, *, theme: Theme = DEFAULT, audit: Audit | None = None) -> bytes:
        """The document as a PDF (see :func:`render_book`)."""
        return render_book([(list(pages), template) for pages, template in self.sections], theme=theme,
                           metadata=self.metadata, audit=audit)

    def first_page(self, theme: Theme = DEFAULT) -> LaidPage:
        """The first page, laid out."""
        pages, template = next((pages, template) for pages, template in self.sections if pages)
        return lay_out_page(pages[0], template, theme)

    @property
    def pages(self) -> int:
        return sum(len(pages) for pages, _ in self.sections)

    def __repr__(self) -> str:
        return f"Document(pages={self.pages!r}, metadata={self.metadata!r})"


def render_pages(pages: list[Page], template: Template, *, theme: Theme = DEFAULT,
                 metadata: Metadata | None = None, audit: Audit | None = None) -> bytes:
    """The pages as a PDF document (bytes); with ``audit``, each drawing's layout findings are
    added to it."""
    return render_book([(pages, template)], theme=theme, metadata=metadata, audit=audit)


@dataclass(slots=True)
class Audit:
    """Where a document's layout findings go: ``product`` names the document, ``findings``
    collects them, ``drawings`` counts the drawings audited."""

    product: str
    findings: list[Finding] = field(default_factory=list)
    drawings: int = 0


@reproducible_pdf
def render_book(sections: list[tuple[list[Page], Template]], *, theme: Theme = DEFAULT,
                metadata: Metadata | None = None, audit: Audit | None = None) -> bytes:
    """Sections of pages, each laid out by its own template, as one PDF numbered throughout.

    Raises :class:`~piecepack_diagrams.errors.OutputError` if a font cannot be read.
    """
    out = io.BytesIO()
    pt = POINTS_PER_INCH
    first = sections[0][1]
    meta = metadata or Metadata(next((p.title for pages, _ in sections for p in pages if p.title),
                                     "piecepack diagrams"))
    canvas = Canvas(out, pagesize=(first.width * pt, first.height * pt), invariant=1,
                    initialFontName=pdf_font(first.caption_font))  # type: ignore[arg-type]  # types-reportlab says a number; it is the font's name
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
            laid = lay_out_page(page, template, theme)
            canvas.setPageSize((template.width * pt, laid.height * pt))
            draw_page(canvas, laid, number=number, total=total, theme=theme, audit=audit)
            canvas.showPage()
    canvas.save()
    return out.getvalue()


@value
class LaidPage:
    """A page ready to draw: the page, its template, each cell's laid-out drawings, and the
    page's height (a ``fit_height`` page is cut to its tallest cell), inches."""

    page: Page
    template: Template
    cells: tuple[_LaidCell, ...]
    height: float

    @property
    def width(self) -> float:
        return self.template.width


def lay_out_page(page: Page, template: Template, theme: Theme = DEFAULT) -> LaidPage:
    """``page`` laid out by ``template``: every cell's drawings at their scales."""
    laid = [_laid_cell(cell, box, template, theme) for cell, box in zip(page.cells, template.cells())]
    height = _page_height(laid, template) if template.fit_height else template.height
    return LaidPage(page, template, tuple(laid), height)


def draw_page(canvas: Canvas, laid: LaidPage, *, number: int = 1, total: int = 1, theme: Theme = DEFAULT,
              audit: Audit | None = None) -> None:
    """Draw a laid-out page on ``canvas`` with its lower left corner at the origin (a proof
    sheet scales the canvas first to draw a page reduced): header, cells, footer, the page
    numbered ``number`` of ``total``. With ``audit``, each drawing's findings are added to it."""
    pt = POINTS_PER_INCH
    page, template, height = laid.page, laid.template, laid.height
    canvas.setLineJoin(1)
    canvas.setLineCap(1)
    if template.header and template.header_size:
        text = template.page_text(template.header, title=page.title, page=number, pages=total)
        canvas.setFillColor(pdf_colour(theme.edge))
        canvas.setFont(pdf_font(template.header_font), template.header_size)
        canvas.drawCentredString(template.width * pt / 2, (height - template.margins[0]) * pt
                                 - template.header_size, text)
    for k, (cell, box, parts) in enumerate(zip(page.cells, template.cells(height), laid.cells), start=1):
        _draw_cell(canvas, cell, box, parts, template, theme)
        if audit is not None:
            _audit_cell(audit, parts, f"page {number} cell {k}", template, theme)
    if template.footer:
        canvas.setFillColor(pdf_colour(theme.edge))
        canvas.setFont(pdf_font(template.caption_font), template.footer_size)
        canvas.drawCentredString(template.width * pt / 2, template.margins[2] * pt,
                                 template.page_text(template.footer, title=page.title, page=number, pages=total))


@value
class _LaidCell:
    """A cell's caption lines and its drawings laid out for the cell's size."""

    lines: list[tuple[str, str]]
    scene: LaidOut | None
    legend: LaidOut | None


#: Stands for a no-break space while a caption is wrapped: a character reportlab does not break
#: at (it breaks at every kind of space), about as wide as a space (the one dot leader).
_KEEP = "\u2024"


def _caption_lines(cell: Cell, width: float, template: Template) -> list[tuple[str, str]]:
    """The caption as (font, line) pairs, wrapped to ``width`` inches."""
    out: list[tuple[str, str]] = []
    for k, line in enumerate(cell.caption.split("\n") if cell.caption else []):
        font = pdf_font(template.move_font if k == 0 else template.caption_font)
        # A no-break space keeps the words either side on one line (reportlab breaks at it).
        out += [(font, wrapped.replace(_KEEP, "\u00a0"))
                for wrapped in simpleSplit(line.replace("\u00a0", _KEEP), font, template.caption_size,
                                           width * POINTS_PER_INCH) or [""]]
    return out


def _caption_height(lines: list[tuple[str, str]], template: Template) -> float:
    return len(lines) * template.caption_size * LEADING / POINTS_PER_INCH + (CAPTION_GAP if lines else 0.0)


def _laid_cell(cell: Cell, box: tuple[float, float, float, float], template: Template, theme: Theme) -> _LaidCell:
    """Lay out a cell's drawings for a box of the template's cell size (a ``fit_height`` page
    is cut afterwards): the legend first, in up to its share of the height, then the scene
    as large as fits the rest, at most true size."""
    _, _, w, h = box
    lines = _caption_lines(cell, w, template)
    room = h - _caption_height(lines, template)
    legend = None
    used = 0.0
    if cell.legend is not None and room > 0:
        legend = lay_out(replace(cell.legend, caption=""), theme=theme, box=(w, room * cell.legend_share))
        used = legend.height + LEGEND_GAP
    scene = None
    if room - used > 0:
        scene = view_laid_out(replace(cell.scene, caption=""), theme, cell.projection, box=(w, room - used),
                              scale=cell.scale, framing=cell.framing)
    return _LaidCell(lines, scene, legend)


def figure_layout(cell: Cell, template: Template, *, theme: Theme = DEFAULT, framing: str = "whole") -> LaidOut:
    """The drawing of ``cell`` laid out as it prints in the first cell of ``template``.

    Raises :class:`~piecepack_diagrams.errors.SetupError` when the template leaves it no room.
    """
    from ..errors import SetupError

    (x, y, w, h), *_ = template.cells()
    laid = _laid_cell(replace(cell, framing=framing), (x, y, w, h), template, theme).scene
    if laid is None:
        raise SetupError("the template leaves no room for the drawing under its caption",
                         expected="a larger page or a smaller caption")
    return laid


def common_scale(cells: list[Cell], template: Template, theme: Theme = DEFAULT) -> float:
    """The largest scale (at most true size) at which every cell's scene fits its cell of
    ``template``: drawn at it, a record's plates all have one scale."""
    (_, _, w, h), *_ = template.cells()
    scales = [_laid_cell(replace(cell, scale=None), (0.0, 0.0, w, h), template, theme).scene for cell in cells]
    return min((laid.scale for laid in scales if laid is not None), default=1.0)


def _page_height(laid: list[_LaidCell], template: Template) -> float:
    """The height a ``fit_height`` page needs: its tallest cell."""
    (_, _, _, h), *_ = template.cells()
    need = 0.0
    for parts in laid:
        legend = parts.legend.height + LEGEND_GAP if parts.legend is not None else 0.0
        drawing = parts.scene.height if parts.scene is not None else 0.0
        need = max(need, drawing + legend + _caption_height(parts.lines, template))
    return min(template.height, template.height - h + need)


def _draw_fitted(canvas: Canvas, laid: LaidOut, box: tuple[float, float, float, float], theme: Theme, *,
                 align: str = "centre") -> float:
    """Draw a laid-out drawing centred in ``box`` (or at the box's top); returns the height
    used, in inches."""
    pt = POINTS_PER_INCH
    x, y, w, h = box
    geo = PageGeometry.from_scene(replace(laid.scene, caption=""), caption_size=0.0, scale=laid.scale)
    dx = x + (w - laid.width) / 2
    dy = y + (h - laid.height) / (2 if align == "centre" else 1)
    canvas.saveState()
    canvas.translate(dx * pt, dy * pt)
    canvas.scale(laid.scale, laid.scale)
    draw_scene(canvas, laid.scene, geo, theme, drawn=laid.drawn)
    canvas.restoreState()
    return laid.height


def _draw_cell(canvas: Canvas, cell: Cell, box: tuple[float, float, float, float], parts: _LaidCell,
               template: Template, theme: Theme) -> None:
    pt = POINTS_PER_INCH
    x, y, w, h = box
    lines = parts.lines
    caption_h = _caption_height(lines, template)
    bottom = y + caption_h
    if parts.legend is not None:
        used = _draw_fitted(canvas, parts.legend, (x, bottom, w, (h - caption_h) * cell.legend_share), theme,
                            align="top")
        bottom += used + LEGEND_GAP
    if parts.scene is not None:
        _draw_fitted(canvas, parts.scene, (x, bottom, w, y + h - bottom), theme)
    canvas.setFillColor(pdf_colour(theme.edge))
    for k, (font, line) in enumerate(lines):
        canvas.setFont(font, template.caption_size)
        canvas.drawCentredString((x + w / 2) * pt, (y + caption_h) * pt - (k + 1) * template.caption_size * LEADING,
                                 line)


def _audit_cell(audit: Audit, parts: _LaidCell, where: str, template: Template, theme: Theme) -> None:
    from ..layout.audit import Finding, audit_laid_out

    title = template.header_size if template.header else None
    (_, _, width, _), *_ = template.cells()
    for k, laid in enumerate((parts.scene, parts.legend)):
        if laid is None:
            continue
        audit.drawings += 1
        name = f"{audit.product} ({where}{', legend' if k else ''})"
        # The page cuts off what runs past its cell (a label may take a hair of the margin).
        if laid.width > width + 0.02:
            audit.findings.append(Finding(name, "outside", f"the drawing is {laid.width:.2f} in wide, wider than "
                                                           f"its cell ({width:.2f} in): its sides are cut off"))
        audit.findings += audit_laid_out(laid, product=name, theme=theme,
                                         caption_points=template.caption_size if parts.lines and not k else None,
                                         title_points=title if not k else None)


__all__ = ["Audit", "Cell", "Document", "LaidPage", "common_scale", "draw_page", "figure_layout", "lay_out_page",
           "Metadata", "Page", "paginate", "render_book", "render_pages"]
