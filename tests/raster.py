"""PDF pages as pixels, so tests can check drawings at known places: poppler's
pdftoppm rasterizes (the README's test command installs it) and tests read RGB.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path
from typing import NamedTuple

import pytest


class Raster(NamedTuple):
    """One page: ``pixels`` holds ``width`` x ``height`` RGB triples, row by row from the top."""

    width: int
    height: int
    pixels: bytes

    def rgb(self, px: int, py: int) -> tuple[int, int, int]:
        i = (py * self.width + px) * 3
        r, g, b = self.pixels[i:i + 3]
        return r, g, b

    def hex(self, px: int, py: int) -> str:
        return "#{:02X}{:02X}{:02X}".format(*self.rgb(px, py))


def rasterize_pdf(pdf: bytes | Path, *, dpi: int, page: int = 1) -> Raster:
    """Page ``page`` of ``pdf`` (its bytes or its file) at ``dpi``; fails the test when
    pdftoppm is missing."""
    if shutil.which("pdftoppm") is None:
        pytest.fail("pdftoppm (Debian package poppler-utils) is needed; the README's test command installs it")
    command = ["pdftoppm", "-r", str(dpi), "-f", str(page), "-l", str(page), "-singlefile"]
    if isinstance(pdf, Path):
        ppm = subprocess.run([*command, str(pdf)], capture_output=True, check=True).stdout
    else:
        ppm = subprocess.run([*command, "-"], input=pdf, capture_output=True, check=True).stdout
    magic, dims, depth, pixels = ppm.split(b"\n", 3)
    assert magic == b"P6" and depth == b"255", "pdftoppm writes binary PPM"
    width, height = map(int, dims.split())
    assert len(pixels) == width * height * 3
    return Raster(width, height, pixels)
