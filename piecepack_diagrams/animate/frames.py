"""When each frame is shown, and where the table lies in the picture."""

from __future__ import annotations

import math

from ..scene import Bounds
from ..values import value
from .options import AnimationOptions

#: Seconds the last position stays after its pause, before the animation starts again.
LAST_HOLD = 1.5


@value
class FrameTime:
    """A frame: ``u`` (0 to 1) of the way through move ``step`` (from position ``step`` to
    ``step + 1``), shown ``seconds`` long."""

    step: int
    u: float
    seconds: float


def schedule(moves: int, options: AnimationOptions) -> tuple[FrameTime, ...]:
    """The frames of ``moves`` moves: each position held ``pause`` (at least one frame's time),
    then the move's frames at ``fps``; the last position held longer."""
    tick = 1 / options.fps
    glide = options.glide_frames
    out: list[FrameTime] = []
    for k in range(moves):
        out.append(FrameTime(k, 0.0, max(options.pause, tick)))
        out.extend(FrameTime(k, j / glide, tick) for j in range(1, glide))
    out.append(FrameTime(moves - 1, 1.0, max(options.pause, tick) + LAST_HOLD))
    return tuple(out)


def milliseconds(times: tuple[FrameTime, ...]) -> list[int]:
    """Each frame's time in whole milliseconds, rounded so that they add up as the seconds do
    (no drift over a long animation)."""
    out: list[int] = []
    elapsed = 0.0
    shown = 0
    for t in times:
        elapsed += t.seconds
        ms = round(elapsed * 1000) - shown
        out.append(ms)
        shown += ms
    return out


@value
class Camera:
    """Table inches to pixels: ``frame`` fills ``width`` x ``height`` pixels, ``ppi`` pixels an inch (y down)."""

    frame: Bounds
    width: int
    height: int
    ppi: float

    @classmethod
    def from_frame(cls, frame: Bounds, width: int) -> Camera:
        ppi = width / frame.width
        return cls(frame, width, max(1, math.ceil(frame.height * ppi - 1e-9)), ppi)

    def pixel(self, x: float, y: float) -> tuple[float, float]:
        """Where table point ``(x, y)`` lands, in pixels from the top left."""
        return (x - self.frame.x0) * self.ppi, (self.frame.y1 - y) * self.ppi


__all__ = ["Camera", "FrameTime", "LAST_HOLD", "milliseconds", "schedule"]
