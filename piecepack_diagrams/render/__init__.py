"""Renderers: one scene in, SVG / PDF / PNG / text out. Renderers never import games."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from ..arguments import check_arg
from ..errors import OptionError, OutputError
from ..layout.compose import LaidOut, as_laid_out
from ..scene import Scene
from ..theme import DEFAULT, Theme
from .caches import clear_caches

if TYPE_CHECKING:
    from ..layout.marks import Marks
    from ..oblique.projection import Projection

FORMATS = ("svg", "pdf", "png", "txt")


def render(scene: Scene | LaidOut, fmt: str, *, theme: Theme = DEFAULT, scale: float | None = None,
           box: tuple[float, float] | None = None, framing: str = "whole", coordinates: bool = True,
           rotate: int = 0, flipped: bool = False, arrows: Sequence[tuple[str, str]] = (),
           highlight: Sequence[str] = (), labels: Sequence[tuple[str, str]] | Mapping[str, str] = (),
           dpi: float | None = None, width: int | None = None, view: str = "flat", angle: float = 45.0,
           depth: float = 0.5) -> bytes:
    """The scene in format ``fmt`` (``svg``, ``pdf``, ``png`` or ``txt``) as bytes.

    The scene is laid out first (see :func:`~piecepack_diagrams.layout.lay_out`): printed at
    ``scale`` (paper inches per table inch), or as large as fits ``box`` (paper inches, at most
    true size), or at true size unless larger than a letter page's text block; ``framing``
    ``"focus"`` crops a figure to the region it is about, ``"whole"`` shows the whole board.

    Drawing options: ``coordinates`` prints the board's coordinates along its edges (when the
    game names its squares); ``rotate`` turns the board 90, 180 or 270 degrees
    counter-clockwise and ``flipped`` half a turn more (the board seen from the other side),
    words staying upright; ``arrows`` (``[("b2", "b5")]``), ``highlight`` (``["c3"]``) and
    ``labels`` (``[("c3", "A")]`` or ``{"c3": "A"}``) mark squares named as the game names them
    (see :mod:`~piecepack_diagrams.layout.marks`); ``dpi`` (a PNG's pixels an inch) or
    ``width`` (a PNG's or an SVG's width in pixels; not both) size the picture. ``view``
    ``"oblique"`` draws the pieces as solids seen from the side opposite ``angle`` degrees
    (0 to 360), heights drawn ``depth`` times (above 0, at most 4) as long, as piecepackr's
    ``op_angle`` and ``op_scale`` do (pieces only, not in text).

    Raises :class:`~piecepack_diagrams.errors.OutputError` for an unknown format,
    :class:`~piecepack_diagrams.errors.OptionError` for a drawing option that cannot be used
    (a square the board does not name, an arrow from a square to itself, a label without
    text, a size out of range, marks or turns for a scene already laid out), and
    :class:`TypeError` for arguments of the wrong type.
    """
    check_arg(scene, (Scene, LaidOut), name="scene",
              accepts="a Scene (from scene_of or setup_scene) or a laid-out one (from lay_out)")
    check_arg(fmt, str, name="fmt", accepts="a format's name (str): " + ", ".join(FORMATS))
    check_arg(theme, Theme, name="theme", accepts="a Theme (from load_theme or THEMES)")
    check_arg(coordinates, bool, name="coordinates", accepts="True or False")
    check_arg(rotate, int, name="rotate", accepts="0, 90, 180 or 270 (int)")
    check_arg(flipped, bool, name="flipped", accepts="True or False")
    if fmt not in FORMATS and fmt != "text":
        raise OutputError(f"unknown format '{fmt}'", token=fmt, expected=", ".join(FORMATS))
    # The options' modules are imported only when an option is given: a plain drawing (and
    # the command line's start) does without them.
    if dpi is not None or width is not None:
        from .sizing import check_size

        check_size(fmt, dpi=dpi, width=width)
    marks = None
    if arrows or highlight or labels:  # (any empty collection is none: the command line gives lists)
        from ..layout.marks import parse_marks

        marks = parse_marks(arrows=arrows, highlight=highlight, labels=labels)
    if marks is not None or rotate or flipped or not coordinates:
        scene = _viewed(scene, coordinates=coordinates, rotate=rotate, flipped=flipped, marks=marks)
    if view != "flat":
        from ..oblique.projection import parse_view

        projection = parse_view(view=view, angle=angle, depth=depth)
        if fmt in ("txt", "text") or isinstance(scene, LaidOut):
            raise OptionError("the oblique view of a laid-out scene or in text", token="oblique",
                              expected="a Scene drawn as SVG, PDF or PNG")
        # The oblique view shows the whole scene: a crop is refused, never silently dropped.
        if framing != "whole":
            raise OptionError("framing in the oblique view", token="framing", expected="the flat view for this option")
        laid = view_laid_out(scene, theme, projection, scale=scale, box=box, coordinates=coordinates)
    if fmt in ("txt", "text"):
        from .text import render_text

        if isinstance(scene, LaidOut):
            return render_text(scene.scene, theme=theme).encode("utf-8")
        return render_text(scene, theme=theme, coordinates=coordinates).encode("utf-8")
    if view == "flat":
        laid = as_laid_out(scene, theme=theme, scale=scale, box=box, framing=framing, coordinates=coordinates)
    if fmt == "svg":
        from .svg import render_svg

        return render_svg(laid, theme=theme, width=width).encode("utf-8")
    if fmt == "pdf":
        from .pdf import render_pdf

        return render_pdf(laid, theme=theme)
    from .png import DEFAULT_DPI, render_png

    return render_png(laid, theme=theme, dpi=DEFAULT_DPI if dpi is None else dpi, width=width)


def view_laid_out(scene: Scene, theme: Theme, projection: Projection | None, *, scale: float | None = None,
                  box: tuple[float, float] | None = None, framing: str = "whole", coordinates: bool = True) -> LaidOut:
    """``scene`` laid out flat (``projection`` None) or seen obliquely through ``projection``
    (a :class:`~piecepack_diagrams.oblique.projection.Projection`, see
    :func:`~piecepack_diagrams.oblique.projection.parse_view`), at ``scale`` or fitted to ``box``.
    The oblique view shows the whole scene (``framing`` is the flat view's)."""
    if projection is None:
        return as_laid_out(scene, theme=theme, scale=scale, box=box, framing=framing, coordinates=coordinates)
    from ..oblique.view import oblique_laid_out

    return oblique_laid_out(scene, theme, projection, scale=scale, box=box, coordinates=coordinates)


def _viewed(scene: Scene | LaidOut, *, coordinates: bool, rotate: int, flipped: bool,
            marks: Marks | None) -> Scene | LaidOut:
    """``scene`` with its marks, turned as asked (a laid-out scene, whose layout decided all
    that, only when nothing is asked).

    Raises :class:`~piecepack_diagrams.errors.OptionError` for a turn that is not a quarter
    turn, a square the board does not name, and options for a laid-out scene."""
    from ..layout.marks import marked
    from ..layout.orient import TURNS, turned

    if rotate not in TURNS:
        raise OptionError(f"a turn of {rotate} degrees", token=str(rotate), expected="0, 90, 180 or 270")
    turn = (rotate + (180 if flipped else 0)) % 360
    unmarked = marks is None or marks.is_empty()
    if isinstance(scene, LaidOut):
        if turn or not coordinates or not unmarked:
            raise OptionError("a laid-out scene is drawn as it was laid out", token="LaidOut",
                              expected="the Scene itself, when turning it, marking it or leaving out coordinates")
        return scene
    if marks is not None and not unmarked:
        scene = marked(scene, marks)
    return turned(scene, turn)


__all__ = ["FORMATS", "clear_caches", "render", "view_laid_out"]
