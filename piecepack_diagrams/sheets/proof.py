"""The proof sheet: a reduced copy of every product on contact pages, each captioned with
its file name and what the layout audit found in it, so a designer checks a whole build
at a glance (and zooms into the PDF for detail: the copies are vector drawings).

A product is a document (its first page is shown: plates, puzzle books, figures) or a
single drawing with its caption (a record's position as SVG, PDF, PNG).
"""

from __future__ import annotations

import io

from reportlab.pdfgen.canvas import Canvas

from ..layout.compose import LaidOut
from ..render.fonts import pdf_font
from ..render.geometry import POINTS_PER_INCH
from ..render.pdf import draw_drawing, drawing_size, pdf_colour, share_forms
from ..render.reproducible import reproducible_pdf
from ..theme import DEFAULT, Theme
from ..values import value
from .pdf import Document, draw_page

#: The contact page: letter paper, this many copies across and down, with these margins (inches).
PAPER = (8.5, 11.0)
COLUMNS, ROWS = 3, 4
MARGIN, GAP = 0.5, 0.22
#: Type on the contact pages (points): the sheet's title, and each copy's two caption lines.
TITLE_SIZE, CAPTION_SIZE = 12.0, 8.5
#: How the audit's verdict is coloured: none found, some found.
_CLEAN, _FOUND = "#2E7D32", "#C8102E"


@value
class ProofEntry:
    """One product on the proof sheet: its ``name`` (a file under the output folder), how
    many layout ``findings`` it has, and what to show: a ``document``'s first page, or a
    ``drawing`` with its caption."""

    name: str
    findings: int = 0
    document: Document | None = None
    drawing: LaidOut | None = None

    def verdict(self) -> str:
        """The audit's result in words."""
        if not self.findings:
            return "audit: no findings"
        return f"audit: {self.findings} finding{'s' if self.findings != 1 else ''}"


@reproducible_pdf
def proof_pdf(entries: list[ProofEntry], *, theme: Theme = DEFAULT, title: str = "Proof sheet") -> bytes:
    """The contact pages of ``entries``, in order, :data:`COLUMNS` x :data:`ROWS` a page, as a
    PDF (byte-identical for the same entries)."""
    out = io.BytesIO()
    pt = POINTS_PER_INCH
    canvas = Canvas(out, pagesize=(PAPER[0] * pt, PAPER[1] * pt), invariant=1,
                    initialFontName=pdf_font("DejaVu Sans"))  # type: ignore[arg-type]  # types-reportlab says a number; it is the font's name
    share_forms(canvas)
    canvas.setTitle(title)
    canvas.setSubject(f"{len(entries)} products, each reduced, with its layout audit")
    canvas.setAuthor("piecepack-diagrams")
    canvas.setCreator("piecepack-diagrams")
    per_page = COLUMNS * ROWS
    pages = max(1, -(-len(entries) // per_page))
    found = sum(1 for entry in entries if entry.findings)
    for number in range(pages):
        _heading(canvas, f"{title}: {len(entries)} products, {found} with audit findings",
                 f"{number + 1} / {pages}")
        for k, entry in enumerate(entries[number * per_page:(number + 1) * per_page]):
            _copy(canvas, entry, _cell(k), theme)
        canvas.showPage()
    canvas.save()
    return out.getvalue()


def _heading(canvas: Canvas, title: str, page: str) -> None:
    pt = POINTS_PER_INCH
    canvas.setFillColor(pdf_colour("#000000"))
    canvas.setFont(pdf_font("DejaVu Sans Bold"), TITLE_SIZE)
    canvas.drawString(MARGIN * pt, (PAPER[1] - MARGIN) * pt - TITLE_SIZE, title)
    canvas.setFont(pdf_font("DejaVu Sans"), CAPTION_SIZE)
    canvas.drawRightString((PAPER[0] - MARGIN) * pt, MARGIN * pt - CAPTION_SIZE, page)


def _cell(k: int) -> tuple[float, float, float, float]:
    """The box (x, y, width, height; inches, y up) of the ``k``-th copy of a page."""
    top = PAPER[1] - MARGIN - TITLE_SIZE * 1.8 / POINTS_PER_INCH
    width = (PAPER[0] - 2 * MARGIN - (COLUMNS - 1) * GAP) / COLUMNS
    height = (top - MARGIN - (ROWS - 1) * GAP) / ROWS
    column, row = k % COLUMNS, k // COLUMNS
    return MARGIN + column * (width + GAP), top - (row + 1) * height - row * GAP, width, height


def _copy(canvas: Canvas, entry: ProofEntry, box: tuple[float, float, float, float], theme: Theme) -> None:
    """The product reduced into ``box``: its page on a white sheet with a thin edge, and two
    caption lines under it, its name and the audit's verdict."""
    pt = POINTS_PER_INCH
    x, y, w, h = box
    caption = 2 * CAPTION_SIZE * 1.25 / pt + 0.04
    room_h = h - caption
    if entry.document is not None:
        page = entry.document.first_page(theme)
        size = (page.width, page.height)
    elif entry.drawing is not None:
        size = drawing_size(entry.drawing, theme)
    else:
        size = (1.0, 1.0)
    scale = min(w / size[0], room_h / size[1], 1.0)
    pw, ph = size[0] * scale, size[1] * scale
    px, py = x + (w - pw) / 2, y + caption + (room_h - ph)
    canvas.saveState()
    canvas.setFillColor(pdf_colour("#FFFFFF"))
    canvas.setStrokeColor(pdf_colour("#9A9A9A"))
    canvas.setLineWidth(0.5)
    canvas.rect(px * pt, py * pt, pw * pt, ph * pt, stroke=1, fill=1)
    canvas.translate(px * pt, py * pt)
    canvas.scale(scale, scale)
    if entry.document is not None:
        draw_page(canvas, page, number=1, total=entry.document.pages, theme=theme)
    elif entry.drawing is not None:
        draw_drawing(canvas, entry.drawing, theme)
    canvas.restoreState()
    canvas.setFillColor(pdf_colour("#000000"))
    canvas.setFont(pdf_font("DejaVu Sans Bold"), CAPTION_SIZE)
    canvas.drawString(x * pt, (y + caption) * pt - CAPTION_SIZE * 1.1, _fitted(entry.name, w))
    canvas.setFillColor(pdf_colour(_FOUND if entry.findings else _CLEAN))
    canvas.setFont(pdf_font("DejaVu Sans"), CAPTION_SIZE)
    canvas.drawString(x * pt, (y + caption) * pt - CAPTION_SIZE * 2.35, entry.verdict())


def _fitted(text: str, width: float) -> str:
    """``text`` cut (keeping its end, the file's name) to fit ``width`` inches."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    font = pdf_font("DejaVu Sans Bold")
    if stringWidth(text, font, CAPTION_SIZE) <= width * POINTS_PER_INCH:
        return text
    while len(text) > 4 and stringWidth("\u2026" + text, font, CAPTION_SIZE) > width * POINTS_PER_INCH:
        text = text[1:]
    return "\u2026" + text


__all__ = ["COLUMNS", "ProofEntry", "ROWS", "proof_pdf"]
