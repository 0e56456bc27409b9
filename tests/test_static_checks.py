"""The package type-checks under ``mypy --strict`` and the code passes ``ruff check``, both as
configured in pyproject.toml (``[tool.mypy]``, ``[tool.ruff]``); a finding fails the test and
is printed.

Both run as they would from a clean clone: mypy without a cache to read (none is written
either), ruff without its cache folder in the checkout.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _check(*command: str) -> None:
    done = subprocess.run([sys.executable, "-m", *command], cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, f"{' '.join(command)} exited {done.returncode}:\n{done.stdout}{done.stderr}"


def test_the_package_type_checks_strictly() -> None:
    # Explicitly strict, whatever pyproject.toml says; the cache goes nowhere (mypy reads none
    # from a clean clone, and writing one would only cost time).
    _check("mypy", "--strict", "--cache-dir", os.devnull, "piecepack_diagrams")


def test_ruff_finds_nothing() -> None:
    _check("ruff", "check", "--no-cache", "piecepack_diagrams", "tests", "bench")
