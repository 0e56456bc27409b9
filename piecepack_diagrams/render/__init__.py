"""Renderers: one scene in, SVG / PDF / PNG / text out. Renderers never import games."""

from __future__ import annotations

from ..arguments import check_arg
from ..errors import OutputError
from ..layout.compose import LaidOut, as_laid_out
from ..scene import Scene
from ..theme import DEFAULT, Theme
from .caches import clear_caches

FORMATS = ("svg", "pdf", "png", "txt")


def render(scene: Scene | LaidOut, fmt: str, *, theme: Theme = DEFAULT, scale: float | None = None,
           box: tuple[float, float] | None = None, framing: str = "whole") -> bytes:
    """The scene in format ``fmt`` (``svg``, ``pdf``, ``png`` or ``txt``) as bytes.

    The scene is laid out first (see :func:`~piecepack_diagrams.layout.lay_out`): printed at
    ``scale`` (paper inches per table inch), or as large as fits ``box`` (paper inches, at most
    true size), or at true size unless larger than a letter page's text block; ``framing``
    ``"focus"`` crops a figure to the region it is about, ``"whole"`` shows the whole board.

    Raises :class:`~piecepack_diagrams.errors.OutputError` for an unknown format, and
    :class:`TypeError` for arguments of the wrong type.
    """
    check_arg(scene, (Scene, LaidOut), name="scene",
              accepts="a Scene (from scene_of or setup_scene) or a laid-out one (from lay_out)")
    check_arg(fmt, str, name="fmt", accepts="a format's name (str): " + ", ".join(FORMATS))
    check_arg(theme, Theme, name="theme", accepts="a Theme (from load_theme or THEMES)")
    if fmt in ("txt", "text"):
        from .text import render_text

        return render_text(scene.scene if isinstance(scene, LaidOut) else scene, theme=theme).encode("utf-8")
    if fmt not in FORMATS:
        raise OutputError(f"unknown format '{fmt}'", token=fmt, expected=", ".join(FORMATS))
    laid = as_laid_out(scene, theme=theme, scale=scale, box=box, framing=framing)
    if fmt == "svg":
        from .svg import render_svg

        return render_svg(laid, theme=theme).encode("utf-8")
    if fmt == "pdf":
        from .pdf import render_pdf

        return render_pdf(laid, theme=theme)
    from .png import render_png

    return render_png(laid, theme=theme)


__all__ = ["FORMATS", "clear_caches", "render"]
