"""Make the README's pictures (``docs/pictures/*.png``) with the project's own commands.

Run from the repository root after changing how something is drawn::

    python docs/pictures.py

PDFs become PNG through poppler's pdftoppm; the viewer is photographed by headless
Chromium (Debian's chromium). Each picture's source command is listed in PICTURES.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from piecepack_diagrams.cli import main

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "pictures"

#: Picture name -> (the command's arguments, with OUT for its output; the page of a PDF to show; dpi).
PICTURES: dict[str, tuple[list[str], int, int]] = {
    "setup": (["setup", "coin-collectors", "--seed", "1", "-o", "OUT.pdf"], 1, 24),
    "setup-piecepackman": (["setup", "piecepackman", "--seed", "1", "-o", "OUT.pdf"], 1, 56),
    "plates": (["plates", "records/labyrinth/seven-by-seven-four-players.ppn", "-o", "OUT.pdf"], 1, 30),
    "pocket": (["plates", "records/landlocked/hard-won.ppn", "--template", "pocket", "-o", "OUT.pdf"], 2, 40),
    "puzzles": (["puzzles", "lab-rats", "--count", "2", "--seed", "1", "-o", "OUT.pdf"], 1, 30),
    "puzzles-key": (["puzzles", "lab-rats", "--count", "2", "--seed", "1", "-o", "OUT.pdf"], 3, 30),
    "figure-illegal": (["figures", "coin-collectors", "-o", "OUT"], 0, 110),
    "families": (["render", "records/ppn/piece-families.ppn", "-f", "pdf", "-o", "OUT.pdf"], 1, 32),
    "spoff": (["render", "../shared/corpus/ppn/records/spoff.ppn", "--move", "5", "-f", "pdf", "-o", "OUT.pdf"],
              1, 60),
    "marks": (["setup", "chess", "--arrow", "e2-e4", "--arrow", "g1-f3", "--highlight", "e4", "--highlight", "f3",
               "--label", "d5=centre", "-f", "pdf", "-o", "OUT.pdf"], 1, 60),
    # A PNG as the command draws it (page 0: no PDF to convert).
    "marks-turned": (["setup", "landlocked", "--seed", "1", "--rotate", "90", "--highlight", "c3", "--arrow", "b1-c3",
                      "-f", "png", "--width", "640", "-o", "OUT.png"], 0, 0),
    # The oblique view of each game's setup (PNGs as the command draws them).
    "oblique-lab-rats": (["setup", "lab-rats", "--seed", "1", "--view", "oblique", "-f", "png", "--width", "640",
                          "-o", "OUT.png"], 0, 0),
    "oblique-coin-collectors": (["setup", "coin-collectors", "--seed", "1", "--view", "oblique", "--angle", "60",
                                 "--depth", "0.75", "-f", "png", "--width", "640", "-o", "OUT.png"], 0, 0),
    "oblique-landlocked": (["setup", "landlocked", "--seed", "1", "--view", "oblique", "--angle", "135", "-f", "png",
                            "--width", "640", "-o", "OUT.png"], 0, 0),
    "oblique-labyrinth": (["setup", "labyrinth", "--seed", "1", "--view", "oblique", "--angle", "90", "--depth", "1",
                           "-f", "png", "--width", "640", "-o", "OUT.png"], 0, 0),
    # An animation as the command writes it (issue 21).
    "animation": (["animate", "records/coin-collectors/heuristic-win.ppn", "--moves", "2-7", "--width", "320",
                   "--fps", "10", "-o", "OUT.gif"], 0, 0),
}
#: Which figure file of a set a figure picture shows.
FIGURE_FILES = {"figure-illegal": "coin-collectors-illegal-move.pdf"}


def _pdf_to_png(pdf: Path, page: int, dpi: int, target: Path) -> None:
    subprocess.run(["pdftoppm", "-png", "-r", str(dpi), "-f", str(page), "-l", str(page), "-singlefile", str(pdf),
                    str(target.with_suffix(""))], check=True)


def _viewer(scratch: Path) -> None:
    page = scratch / "viewer.html"
    if main(["viewer", "records/labyrinth/seven-by-seven-four-players.ppn", "-o", str(page)]) != 0:
        raise SystemExit("the viewer failed")
    browser = shutil.which("chromium")
    if browser is None:
        raise SystemExit("chromium is needed for the viewer's picture (Debian: apt-get install chromium)")
    subprocess.run([browser, "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
                    "--disable-background-networking", "--disable-component-update", "--disable-sync",
                    "--hide-scrollbars", f"--user-data-dir={scratch / 'profile'}", "--window-size=1100,760",
                    f"--screenshot={OUT / 'viewer.png'}", page.as_uri() + "#6"], check=True, capture_output=True)


def make() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as scratch_name:
        scratch = Path(scratch_name)
        for name, (args, page, dpi) in PICTURES.items():
            target = scratch / name
            argv = [a.replace("OUT", str(target)) for a in args]
            if main(argv) != 0:
                raise SystemExit(f"{name}: piecepack-diagrams {' '.join(argv)} failed")
            made = next((a for a in args if a in ("OUT.png", "OUT.gif")), None)
            if made is not None:
                shutil.copyfile(target.with_suffix(made[3:]), OUT / f"{name}{made[3:]}")
                continue
            pdf = target / FIGURE_FILES[name] if name in FIGURE_FILES else target.with_suffix(".pdf")
            _pdf_to_png(pdf, page or 1, dpi, OUT / f"{name}.png")
        _viewer(scratch)
    for png in sorted([*OUT.glob("*.png"), *OUT.glob("*.gif")]):
        print(png.relative_to(ROOT), png.stat().st_size, file=sys.stderr)


if __name__ == "__main__":
    make()
