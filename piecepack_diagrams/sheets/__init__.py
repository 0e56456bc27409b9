"""Sheets: many scenes laid out on pages by templates (puzzle books, plates)."""

from .pdf import Cell, Metadata, Page, paginate, render_book, render_pages
from .template import Template, load_template, template_names

__all__ = ["Cell", "Metadata", "Page", "Template", "load_template", "paginate", "render_book", "render_pages",
           "template_names"]
