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


def rgb_rows(png: bytes):  # noqa: ANN201 - a numpy array
    """A PNG's pixels as rows of integer RGB triples (numpy)."""
    import io

    import matplotlib.image as mpimg

    image = mpimg.imread(io.BytesIO(png), format="png")
    return (image[:, :, :3] * 255).round().astype(int)


def block_mismatch(a, b, block: int = 5) -> float:  # noqa: ANN001 - numpy arrays
    """The fraction of ``block``-pixel squares whose mean colours differ by more than
    a quarter of the range (averaging first, because each rasteriser places
    hairlines and anti-aliased edges a pixel differently)."""
    # Page sizes that are not whole pixels round differently in each rasteriser: a pixel at most.
    assert abs(a.shape[0] - b.shape[0]) <= 1 and abs(a.shape[1] - b.shape[1]) <= 1, (a.shape, b.shape)
    h = (min(a.shape[0], b.shape[0]) // block) * block
    w = (min(a.shape[1], b.shape[1]) // block) * block

    def means(image):
        return image[:h, :w].reshape(h // block, block, w // block, block, 3).mean(axis=(1, 3))

    return float((abs(means(a) - means(b)).max(axis=2) > 64).mean())
