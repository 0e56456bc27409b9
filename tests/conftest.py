"""Shared fixtures: where the reference corpus and the repository are."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

# Fuzz profiles (tests/test_fuzz_readers.py): "ci" by default, "medium" (5,000 cases) or
# "large" (100,000 cases per reader) on request with --hypothesis-profile=NAME. Tests that set their own
# max_examples keep it. The ci profile draws the same cases every run (a test run passes or
# fails by the code, not by luck); the larger profiles explore afresh each time.
settings.register_profile("ci", max_examples=150, deadline=None, derandomize=True,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
settings.register_profile("large", max_examples=100_000, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture,
                                                 HealthCheck.filter_too_much])
settings.register_profile("medium", max_examples=5_000, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture,
                                                 HealthCheck.filter_too_much])
settings.load_profile("ci")

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"
CORPUS = SHARED / "corpus" / "ppn"


@pytest.fixture
def corpus() -> Path:
    if not CORPUS.is_dir():  # the corpus is part of CI's checkout; say so loudly if missing
        pytest.fail(f"the reference corpus is missing at {CORPUS}")
    return CORPUS
