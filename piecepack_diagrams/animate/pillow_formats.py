"""Animated GIF and APNG through Pillow: frames with their durations, looping, no time stamps
or other metadata, so the same frames give the same bytes."""

from __future__ import annotations

import io
from typing import Iterable

from PIL import Image

#: Colours of a GIF's palette (one shared by every frame, so colours do not flicker).
GIF_COLOURS = 255


def gif_palette(swatch: Image.Image) -> Image.Image:
    """A palette image of :data:`GIF_COLOURS` colours for pictures made of ``swatch``'s colours
    (by octree: it keeps a small area of a colour of its own, where median cut, splitting by
    how many pixels each colour covers, merged a pawn's dark blue side into the green's)."""
    return swatch.quantize(colors=GIF_COLOURS, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)


def write_gif(frames: Iterable[Image.Image], durations: list[int], palette: Image.Image) -> bytes:
    """The frames (RGB) as a looping GIF, each shown its duration (milliseconds), in ``palette``'s colours.

    Raises :class:`ValueError` when there are no frames."""
    indexed = [frame.quantize(palette=palette, dither=Image.Dither.NONE) for frame in frames]
    if not indexed:
        raise ValueError("no frames")
    out = io.BytesIO()
    indexed[0].save(out, format="GIF", save_all=True, append_images=indexed[1:], duration=durations, loop=0,
                    optimize=False, disposal=1)
    return out.getvalue()


def write_apng(frames: Iterable[Image.Image], durations: list[int]) -> bytes:
    """The frames (RGB) as a looping animated PNG, each shown its duration (milliseconds).

    Raises :class:`ValueError` when there are no frames."""
    shown = list(frames)
    if not shown:
        raise ValueError("no frames")
    out = io.BytesIO()
    shown[0].save(out, format="PNG", save_all=True, append_images=shown[1:], duration=durations, loop=0,
                  disposal=0, blend=0)
    return out.getvalue()


__all__ = ["GIF_COLOURS", "gif_palette", "write_apng", "write_gif"]
