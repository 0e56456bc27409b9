"""Renderers: one scene in, SVG / PDF / PNG / text out. Renderers never import games."""

from __future__ import annotations

from ..arguments import check_arg
from ..errors import OutputError
from ..scene import Scene
from ..theme import DEFAULT, Theme
from .caches import clear_caches

FORMATS = ("svg", "pdf", "png", "txt")


def render(scene: Scene, fmt: str, *, theme: Theme = DEFAULT) -> bytes:
    """The scene in format ``fmt`` (``svg``, ``pdf``, ``png`` or ``txt``) as bytes.

    Raises :class:`~piecepack_diagrams.errors.OutputError` for an unknown format, and
    :class:`TypeError` for arguments of the wrong type.
    """
    check_arg(scene, Scene, name="scene", accepts="a Scene (from scene_of or setup_scene)")
    check_arg(fmt, str, name="fmt", accepts="a format's name (str): " + ", ".join(FORMATS))
    check_arg(theme, Theme, name="theme", accepts="a Theme (from load_theme or THEMES)")
    if fmt == "svg":
        from .svg import render_svg

        return render_svg(scene, theme=theme).encode("utf-8")
    if fmt == "pdf":
        from .pdf import render_pdf

        return render_pdf(scene, theme=theme)
    if fmt == "png":
        from .png import render_png

        return render_png(scene, theme=theme)
    if fmt in ("txt", "text"):
        from .text import render_text

        return render_text(scene, theme=theme).encode("utf-8")
    raise OutputError(f"unknown format '{fmt}'", token=fmt, expected=", ".join(FORMATS))


__all__ = ["FORMATS", "clear_caches", "render"]
