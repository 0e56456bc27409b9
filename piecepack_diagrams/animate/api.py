"""animate(): a record's moves as an animated GIF, APNG, MP4 or SVG."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..arguments import check_arg
from ..errors import OptionError
from ..pieces import Piece
from ..scene import Bounds
from ..theme import DEFAULT, Theme
from .actors import Still, still_of, union_frame
from .frames import Camera, FrameTime, milliseconds, schedule
from .options import DEFAULT_FPS, DEFAULT_PAUSE, DEFAULT_WIDTH, AnimationOptions, check_moves, check_size, \
    parse_options
from .timeline import lanes_of

if TYPE_CHECKING:
    from ..engine.replays import Replay

#: Space around an oblique drawing, inches (as the still oblique view leaves).
OBLIQUE_MARGIN = 0.25


def animate(replay: Replay, fmt: str, *, moves: tuple[int, int] | None = None, fps: int = DEFAULT_FPS,
            pause: float = DEFAULT_PAUSE, width: int = DEFAULT_WIDTH, view: str = "flat", angle: float = 45.0,
            depth: float = 0.5, theme: Theme = DEFAULT, die_arrangement: str | None = None) -> bytes:
    """``replay``'s moves (all, or ``moves=(first, last)``, move numbers from 1 as positions
    count them after the setup) as an animation in ``fmt``: ``"gif"``, ``"apng"``, ``"mp4"``
    (needs ffmpeg) or ``"svg"`` (CSS keyframes). Pieces glide from each
    position to the next in ``fps`` frames a second, each position held ``pause`` seconds;
    ``width`` pixels wide; ``view`` ``"flat"`` or ``"oblique"`` (``angle``, ``depth`` as
    :func:`~piecepack_diagrams.render.render` takes them, and ``die_arrangement``). The same record and options give
    the same bytes (GIF, APNG, SVG).

    Raises :class:`~piecepack_diagrams.errors.OptionError` for an option out of range, a
    range of moves the record does not have, the oblique view of a game without pieces
    (Labyrinth), and an animation larger than
    :data:`~piecepack_diagrams.animate.options.MAX_FRAME_PIXELS` (before drawing anything);
    :class:`~piecepack_diagrams.errors.OutputError` for MP4 without ffmpeg; :class:`TypeError`
    for a ``replay`` that is not a Replay or a ``theme`` that is not a Theme."""
    from ..api import scene_of
    from ..engine.replays import Replay

    check_arg(replay, Replay, name="replay", accepts="a Replay (from replay or replay_file)")
    check_arg(theme, Theme, name="theme", accepts="a Theme (from load_theme or THEMES)")
    options = parse_options(fmt, fps=fps, pause=pause, width=width, view=view, angle=angle, depth=depth)
    if die_arrangement is not None:
        from ..oblique.dice import with_die_arrangement

        theme = with_die_arrangement(theme, die_arrangement)
    first, last = check_moves(moves, len(replay.positions) - 1)
    stills = [still_of(scene_of(replay, k, caption=False, key=False), theme) for k in range(first - 1, last + 1)]
    if options.view == "oblique" and not any(isinstance(a.look, Piece) for s in stills for a in s.actors):
        raise OptionError("the oblique view of a game without pieces (a maze's tiles and markers are drawn flat)",
                          token="oblique", expected="the flat view")
    times = schedule(len(stills) - 1, options)
    camera = Camera.from_frame(_frame(stills, options), options.width)
    check_size(_frame_count(times, options, fmt), camera.width, camera.height)
    lanes = lanes_of(stills)
    if fmt == "svg" and options.view == "oblique":
        from .oblique_svg import write_oblique_svg

        return write_oblique_svg(lanes, stills, times, camera, theme, options)
    if fmt == "svg":
        from .svg import write_svg

        return write_svg(lanes, stills, times, camera, theme, options)
    from .raster import Painter

    painter = Painter(lanes, stills, camera, theme, options)
    if fmt == "mp4":
        from .mp4 import ffmpeg_path, write_mp4

        ffmpeg_path()  # said before drawing
        ticks = _ticks(times, options)
        return write_mp4(zip(painter.frames(times), ticks), width=camera.width, height=camera.height, fps=options.fps)
    from .pillow_formats import gif_palette, write_apng, write_gif

    if fmt == "gif":
        return write_gif(painter.frames(times), milliseconds(times), gif_palette(painter.swatch()))
    return write_apng(painter.frames(times), milliseconds(times))


def _frame(stills: list[Still], options: AnimationOptions) -> Bounds:
    """The area shown: every position's, flat or seen obliquely (with what lies flat beside
    the pieces: coordinates, panels)."""
    flat = union_frame(stills)
    if options.view == "flat":
        return flat
    from ..oblique.draw import oblique_bounds
    from ..oblique.projection import Projection
    from ..oblique.solids import solids_of
    from ..scene import ScenePiece

    projection = Projection(options.angle, options.depth)
    boxes = [oblique_bounds(solids_of(tuple(ScenePiece(a.look, a.x, a.y, a.angle) for a in s.actors
                                            if isinstance(a.look, Piece))), projection) for s in stills]
    seen = Bounds(min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes),
                  max(b[3] for b in boxes)).expanded(OBLIQUE_MARGIN)
    return Bounds(min(seen.x0, flat.x0), min(seen.y0, flat.y0), max(seen.x1, flat.x1), max(seen.y1, flat.y1))


def _ticks(times: tuple[FrameTime, ...], options: AnimationOptions) -> list[int]:
    """How many ``1/fps`` ticks each frame lasts (at least one), adding up without drift."""
    out: list[int] = []
    elapsed, shown = 0.0, 0
    for t in times:
        elapsed += t.seconds
        n = max(1, round(elapsed * options.fps) - shown)
        out.append(n)
        shown += n
    return out


def _frame_count(times: tuple[FrameTime, ...], options: AnimationOptions, fmt: str) -> int:
    """Frames drawn: a video repeats a held frame for each tick it lasts."""
    return sum(_ticks(times, options)) if fmt == "mp4" else len(times)


__all__ = ["animate"]
