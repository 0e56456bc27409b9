"""What an animation is asked to be, checked before any drawing: format, moves, speed, size, view."""

from __future__ import annotations

import math

from ..errors import OptionError
from ..values import value

#: The formats an animation is written in.
ANIMATION_FORMATS = ("gif", "apng", "mp4", "svg")
#: Frames a second: at least, at most, unless asked.
MIN_FPS, MAX_FPS, DEFAULT_FPS = 1, 50, 12
#: Seconds each position is held before the next move: at most, unless asked.
MAX_PAUSE, DEFAULT_PAUSE = 30.0, 0.8
#: Seconds a move takes to glide from one position to the next.
MOVE_SECONDS = 0.6
#: Pixels wide: at least, at most, unless asked.
MIN_WIDTH, MAX_WIDTH, DEFAULT_WIDTH = 64, 1920, 480
#: The most pixels an animation may draw (frames x pixels a frame): a 480 x 480 animation of
#: about 1,300 frames. Memory while it is written grows with it (a byte or three a pixel).
MAX_FRAME_PIXELS = 300_000_000


@value
class AnimationOptions:
    """Checked options: ``fps`` frames a second, ``pause`` seconds a position is held,
    ``width`` pixels (raster formats; an SVG's width attribute), ``view`` ``"flat"`` or
    ``"oblique"`` with ``angle`` and ``depth``."""

    fps: int = DEFAULT_FPS
    pause: float = DEFAULT_PAUSE
    width: int = DEFAULT_WIDTH
    view: str = "flat"
    angle: float = 45.0
    depth: float = 0.5

    @property
    def glide_frames(self) -> int:
        """Frames a move takes (its last one the next position's held frame)."""
        return max(1, round(MOVE_SECONDS * self.fps))


def _number(name: str, given: object) -> float:
    if isinstance(given, bool) or not isinstance(given, (int, float)) or not math.isfinite(given):
        raise OptionError(f"an animation's {name} of {given!r}", token=str(given), expected="a number")
    return float(given)


def parse_options(fmt: object, *, fps: object = DEFAULT_FPS, pause: object = DEFAULT_PAUSE,
                  width: object = DEFAULT_WIDTH, view: object = "flat", angle: object = 45.0,
                  depth: object = 0.5) -> AnimationOptions:
    """The options checked.

    Raises :class:`~piecepack_diagrams.errors.OptionError` naming the option out of range
    (the token is the value given), an unknown format or view."""
    if fmt not in ANIMATION_FORMATS:
        raise OptionError(f"an animation format '{fmt}'", token=str(fmt), expected=", ".join(ANIMATION_FORMATS))
    rate = _number("--fps", fps)
    if rate != int(rate) or not MIN_FPS <= rate <= MAX_FPS:
        raise OptionError(f"--fps {fps} is out of range", token=str(fps),
                          expected=f"a whole number of frames a second from {MIN_FPS} to {MAX_FPS}")
    held = _number("--pause", pause)
    if not 0 <= held <= MAX_PAUSE:
        raise OptionError(f"--pause {pause} is out of range", token=str(pause),
                          expected=f"0 to {MAX_PAUSE:g} seconds")
    wide = _number("--width", width)
    if wide != int(wide) or not MIN_WIDTH <= wide <= MAX_WIDTH:
        raise OptionError(f"--width {width} is out of range", token=str(width),
                          expected=f"a whole number of pixels from {MIN_WIDTH} to {MAX_WIDTH}")
    from ..oblique.projection import parse_projection, parse_view

    parse_view(view=view)  # the views and their error, as every drawing takes them
    projection = parse_projection(angle=angle, depth=depth)  # checked in the flat view too: a wrong one is a slip
    return AnimationOptions(int(rate), held, int(wide), str(view), projection.angle, projection.depth)


def parse_moves(text: str) -> tuple[int, int]:
    """``"3-10"`` (moves 3 to 10) or ``"5"`` (move 5 alone) as ``(first, last)``.

    Raises :class:`~piecepack_diagrams.errors.OptionError` for anything else."""
    first, dash, last = text.strip().partition("-")
    try:
        pair = (int(first), int(last) if dash else int(first))
    except ValueError:
        raise OptionError(f"--moves '{text}'", token=text, expected="FIRST-LAST, move numbers such as 3-10") from None
    return pair


def check_moves(moves: object, count: int) -> tuple[int, int]:
    """``moves`` (``(first, last)``, 1-based, or None for all) within a record of ``count``
    moves (positions after the setup).

    Raises :class:`~piecepack_diagrams.errors.OptionError` for a range outside the record or backwards."""
    if moves is None:
        if count < 1:
            raise OptionError("a record without moves to animate", token="moves", expected="a record with moves")
        return 1, count
    if (not isinstance(moves, tuple) or len(moves) != 2
            or not all(isinstance(m, int) and not isinstance(m, bool) for m in moves)):
        raise OptionError(f"moves {moves!r}", token=str(moves), expected="(first, last): two move numbers")
    first, last = moves
    if not 1 <= first <= last <= count:
        raise OptionError(f"--moves {first}-{last} is out of range", token=f"{first}-{last}",
                          expected=f"FIRST-LAST with 1 <= FIRST <= LAST <= {count}, the record's moves")
    return first, last


def check_size(frames: int, width: int, height: int) -> None:
    """Refuse an animation of more than :data:`MAX_FRAME_PIXELS`.

    Raises :class:`~piecepack_diagrams.errors.OptionError` naming the bound."""
    total = frames * width * height
    if total > MAX_FRAME_PIXELS:
        raise OptionError(f"an animation of {frames:,} frames of {width:,} x {height:,} pixels ({total:,} pixels) "
                          f"is more than the bound of {MAX_FRAME_PIXELS:,} pixels", token=f"{frames} frames",
                          expected="fewer moves (--moves), a lower --fps or --width, or a shorter --pause")


__all__ = ["ANIMATION_FORMATS", "AnimationOptions", "MAX_FRAME_PIXELS", "check_moves", "check_size", "parse_moves",
           "parse_options"]
