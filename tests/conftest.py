"""Shared fixtures: where the reference corpus and the repository are."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

# Fuzz profiles (tests/test_fuzz_readers.py): "ci" by default, "medium" (5,000 cases) or
# "large" (100,000 cases per reader) on request with --hypothesis-profile=NAME. Tests that set their own
# max_examples keep it. The ci profile draws the same cases every run (a test run passes or
# fails by the code, not by luck); the larger profiles explore afresh each time.
# The ci profile keeps no example database (a derandomized run has nothing to replay; said
# outright, as the suite runs on several workers at once). The larger profiles keep the one in
# .hypothesis/: a test's entries are a folder of its own, written by renames, and each test runs on
# one worker, so no two workers write the same entries.
settings.register_profile("ci", max_examples=150, deadline=None, derandomize=True, database=None,
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


# --- on several workers (pytest-xdist; pyproject's addopts) ----------------------------------------

#: Modules whose tests share something dear that a module fixture (or the process) makes once:
#: each goes whole to one worker, with the others that share the same thing, so it is made once
#: in the run, not once a worker. Every other test is dealt out on its own, to whichever worker
#: is free. The value names what is shared.
ONE_WORKER = {
    # Sphinx builds the API reference once a process (apidocs._BUILT); build makes it.
    "tests/test_docs.py": "the API reference",
    "tests/test_products.py": "the API reference",
    "tests/test_fuzz_commands.py": "the command server that forks a child for each case",
    "tests/test_install.py": "the wheel",
    "tests/test_lab_rats_solver_agreement.py": "2,000 seeds' deals",
    "tests/test_landlocked_solver_agreement.py": "the new solver's routes",
    "tests/test_notebook.py": "the notebook run in a kernel",
    "tests/test_reproducible.py": "the digests of a first process",
    "tests/test_viewer.py": "the browser",
}


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: object) -> object | None:
    """With ``--dist loadgroup``: the modules of :data:`ONE_WORKER` that share a thing as one
    unit, the rest test by test. (pytest-xdist reads a group from the test's id, where it puts
    the name an ``xdist_group`` mark gives; pytest 9.2 ignores that renaming, so marks group nothing.)"""
    if config.getoption("dist") != "loadgroup":
        return None
    from xdist.scheduler import LoadGroupScheduling

    class SharedThings(LoadGroupScheduling):
        def _split_scope(self, nodeid: str) -> str:
            shared = ONE_WORKER.get(nodeid.split("::", 1)[0])
            return shared if shared is not None else super()._split_scope(nodeid)

    return SharedThings(config, log)
