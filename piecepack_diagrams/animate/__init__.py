"""Animations of a record's moves: :func:`animate` (GIF, APNG, MP4, SVG).

Modules, one job each: :mod:`.options` (checked options and bounds), :mod:`.actors` (a
position split into what moves and what stays), :mod:`.timeline` (who is who from one
position to the next, poses in between), :mod:`.frames` (frame times, the camera),
:mod:`.sprites` (each look drawn once), :mod:`.raster` (frames composed from sprites), and a
writer per format: :mod:`.pillow_formats`, :mod:`.mp4`, :mod:`.svg`."""

from .api import animate
from .options import ANIMATION_FORMATS, MAX_FRAME_PIXELS

__all__ = ["ANIMATION_FORMATS", "MAX_FRAME_PIXELS", "animate"]
