"""Shared fixtures: where the reference corpus and the repository are."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"
CORPUS = SHARED / "corpus" / "ppn"


@pytest.fixture
def corpus() -> Path:
    if not CORPUS.is_dir():  # the corpus is part of CI's checkout; say so loudly if missing
        pytest.fail(f"the reference corpus is missing at {CORPUS}")
    return CORPUS
