"""Start-up stays light: the package imports its names when first used, and drawing SVG
or PDF reads glyph outlines with fontTools, never importing matplotlib (a third of a
second), which only PNG and plots need."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _modules_after(code: str) -> set[str]:
    probe = f"import sys\n{code}\nprint('\\n'.join(sorted(sys.modules)))"
    done = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return set(done.stdout.split())


def test_importing_the_package_imports_little() -> None:
    loaded = _modules_after("import piecepack_diagrams")
    assert "piecepack_diagrams" in loaded
    assert not {"matplotlib", "reportlab", "svgwrite", "piecepack_diagrams.api", "piecepack_diagrams.games"} & loaded


def test_drawing_svg_and_pdf_does_not_import_matplotlib() -> None:
    loaded = _modules_after(
        "import piecepack_diagrams as pd\n"
        "scene = pd.setup_scene('coin-collectors', seed=1)\n"
        "assert pd.render(scene, 'svg').startswith(b'<?xml')\n"
        "assert pd.render(scene, 'pdf').startswith(b'%PDF')\n"
        "assert pd.render(pd.setup_scene('tablut'), 'txt')\n")
    assert "piecepack_diagrams.render.svg" in loaded and "fontTools.ttLib" in loaded
    assert not any(name == "matplotlib" or name.startswith("matplotlib.") for name in loaded)


def test_png_still_draws_through_matplotlib() -> None:
    loaded = _modules_after("import piecepack_diagrams as pd\n"
                            "assert pd.render(pd.setup_scene('tablut'), 'png').startswith(b'\\x89PNG')\n")
    assert "matplotlib" in loaded


def test_the_version_needs_no_drawing_code() -> None:
    loaded = _modules_after("from piecepack_diagrams.cli import main\n"
                            "try:\n    main(['--version'])\nexcept SystemExit:\n    pass\n")
    assert not {"matplotlib", "reportlab", "svgwrite", "piecepack_diagrams.games", "fontTools"} & loaded
