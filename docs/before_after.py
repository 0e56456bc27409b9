"""Make the README's before-and-after pictures (``docs/pictures/before-after-*.png``).

Each picture sets a rulebook figure as the code of commit :data:`BEFORE` drew it (left)
beside the same figure as the working tree draws it now (right), at the same resolution,
so print size compares directly. Run from the repository root (a git clone)::

    python docs/before_after.py

The old figures come from a temporary ``git worktree`` of :data:`BEFORE`, run with this
interpreter (the dependencies are the same); PDFs become PNG through poppler's pdftoppm.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "pictures"
#: The commit before issue 16 (rulebook-grade pictures), where its reviewer looked.
BEFORE = "9fa0213"
#: Figures compared: picture name -> figure file of ``figures all``.
PAIRS = {
    "lab-rats": "lab-rats-move-rat",
    "coin-collectors": "coin-collectors-illegal-move",
    "landlocked": "landlocked-illegal-move",
    "labyrinth": "labyrinth-illegal-move",
}
DPI = 80
GAP, BAND = 24, 34


def _figures(source: Path, target: Path) -> None:
    """Run ``figures all -f pdf`` of the package in ``source`` into ``target``."""
    env = dict(os.environ, PYTHONPATH=str(source))
    subprocess.run([sys.executable, "-m", "piecepack_diagrams.cli", "figures", "all", "-f", "pdf", "-o", str(target)],
                   cwd=source, env=env, check=True, capture_output=True)


def _png(pdf: Path) -> Image.Image:
    stem = pdf.with_suffix("")
    subprocess.run(["pdftoppm", "-png", "-r", str(DPI), "-f", "1", "-l", "1", "-singlefile", str(pdf), str(stem)],
                   check=True)
    return Image.open(stem.with_suffix(".png")).convert("RGB")


def _side_by_side(before: Image.Image, after: Image.Image) -> Image.Image:
    font = ImageFont.truetype(_dejavu(), 18)
    width = before.width + GAP + after.width
    height = BAND + max(before.height, after.height)
    sheet = Image.new("RGB", (width, height), "white")
    draw = ImageDraw.Draw(sheet)
    draw.text((0, 6), f"before ({BEFORE})", fill="black", font=font)
    draw.text((before.width + GAP, 6), "after", fill="black", font=font)
    sheet.paste(before, (0, BAND))
    sheet.paste(after, (before.width + GAP, BAND))
    draw.line([(before.width + GAP // 2, BAND), (before.width + GAP // 2, height)], fill="#999999", width=1)
    return sheet


def _dejavu() -> str:
    import matplotlib

    return str(Path(matplotlib.get_data_path()) / "fonts" / "ttf" / "DejaVuSans.ttf")


def make() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as scratch_name:
        scratch = Path(scratch_name)
        old = scratch / "old"
        subprocess.run(["git", "worktree", "add", "--detach", str(old), BEFORE], cwd=ROOT, check=True,
                       capture_output=True)
        try:
            _figures(old, scratch / "before")
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(old)], cwd=ROOT, check=True,
                           capture_output=True)
        _figures(ROOT, scratch / "after")
        for name, figure in PAIRS.items():
            sheet = _side_by_side(_png(scratch / "before" / f"{figure}.pdf"), _png(scratch / "after" / f"{figure}.pdf"))
            target = OUT / f"before-after-{name}.png"
            sheet.save(target, optimize=True)
            print(target.relative_to(ROOT), sheet.size, file=sys.stderr)


if __name__ == "__main__":
    make()
