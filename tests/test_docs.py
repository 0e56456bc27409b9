"""The API reference (docs/): Sphinx builds it from the docstrings offline with every warning an
error, the examples in the docstrings pass Sphinx's doctest builder, and ``build`` writes it
into ``output/docs/``, or says it skipped it when Sphinx is missing."""

from __future__ import annotations

import importlib.util
import re
import shutil
from html.parser import HTMLParser
from pathlib import Path

import pytest

from piecepack_diagrams import apidocs
from piecepack_diagrams.cli import main

pytest.importorskip("sphinx")

ROOT = Path(__file__).resolve().parents[1]
RECORD = ROOT / "records" / "ppn" / "tablut-opening.ppn"
#: A page of the reference for each group of modules, and an object each must document.
PAGES = {"notation": "piecepack_diagrams.notation.parse_records", "engine": "piecepack_diagrams.engine.Replay",
         "games": "piecepack_diagrams.games.lab_rats.LabRats", "scene": "piecepack_diagrams.scene.Scene",
         "layout": "piecepack_diagrams.layout.lay_out", "render": "piecepack_diagrams.render.render",
         "sheets": "piecepack_diagrams.sheets.plates.plates_pdf", "api": "piecepack_diagrams.cli.main"}


class _Anchors(HTMLParser):
    """The ids of a page's elements and the targets of its links."""

    def __init__(self) -> None:
        super().__init__()
        self.ids: set[str] = set()
        self.links: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if found.get("id"):
            self.ids.add(str(found["id"]))
        if tag == "a" and found.get("href"):
            self.links.add(str(found["href"]))


def _anchors(data: bytes) -> _Anchors:
    parser = _Anchors()
    parser.feed(data.decode("utf-8"))
    return parser


def test_the_reference_documents_each_group_and_fetches_nothing() -> None:
    made = apidocs.api_docs()
    assert made.failure is None and made.skipped is None
    pages = {path.as_posix(): data for path, data in made.files.items()}
    index = _anchors(pages["docs/index.html"])
    for page, name in PAGES.items():
        assert f"{page}.html" in index.links, page
        assert name in _anchors(pages[f"docs/{page}.html"]).ids, (page, name)
    # Offline: every page stands alone, with its own stylesheets and scripts.
    for name, data in pages.items():
        if name.endswith(".html"):
            found = _anchors(data)
            assert not [link for link in found.links if re.match(r"(https?:)?//", link)], name
            assert not re.search(rb"<(script|link)[^>]+(src|href)=\"(https?:)?//", data), name


def test_the_examples_in_the_docstrings_pass(tmp_path: Path) -> None:
    assert apidocs.run_sphinx("doctest", tmp_path / "doctest") is None
    summary = (tmp_path / "doctest" / "output.txt").read_text(encoding="utf-8")
    tests = int(re.search(r"^\s*(\d+) tests?$", summary, re.M).group(1))
    failures = int(re.search(r"^\s*(\d+) failures? in tests$", summary, re.M).group(1))
    assert tests >= 20 and failures == 0, summary


def test_a_warning_fails_the_build_and_is_reported_with_its_place(tmp_path: Path) -> None:
    source = tmp_path / "source"
    source.mkdir()
    shutil.copy(ROOT / "docs" / "conf.py", source / "conf.py")
    (source / "index.rst").write_text("Title\n=====\n\nSee :func:`render.\n\n"
                                      ".. autofunction:: piecepack_diagrams.no_such_function\n", encoding="utf-8")
    said = apidocs.run_sphinx("html", tmp_path / "html", source=source)
    assert said is not None
    assert re.search(r"index\.rst:4: WARNING: Inline interpreted text", said), said
    assert "WARNING: autodoc: failed to import 'no_such_function'" in said, said


def test_build_writes_the_reference_into_docs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    records, out = tmp_path / "records", tmp_path / "out"
    records.mkdir()
    shutil.copy(RECORD, records / "game.ppn")
    assert main(["build", "--records", str(records), "--output", str(out), "--no-figures", "--no-puzzles",
                 "--no-animations", "--jobs", "1"]) == 0
    assert "skipped" not in capsys.readouterr().err
    expected = {path.as_posix() for path in apidocs.api_docs().files}
    assert {p.relative_to(out).as_posix() for p in (out / "docs").rglob("*") if p.is_file()} == expected
    assert "piecepack_diagrams.engine.Replay" in _anchors((out / "docs" / "engine.html").read_bytes()).ids
    assert (out / "game.svg").is_file()


def test_build_keeps_sphinxs_own_files_inside_the_output_folder(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[tuple[Path, Path | None]] = []

    def sphinx(builder: str, out: Path, *, source: Path = apidocs.DOCS_SOURCE, doctrees: Path | None = None) -> None:
        seen.append((out, doctrees))  # where Sphinx would write: its pages and its doctrees
        out.mkdir(parents=True)
        (out / "index.html").write_bytes(b"<html><body>reference</body></html>")

    monkeypatch.setattr(apidocs, "run_sphinx", sphinx)
    monkeypatch.setattr(apidocs, "_BUILT", {})  # no reference built earlier in this process
    records, out = tmp_path / "records", tmp_path / "out"
    records.mkdir()
    shutil.copy(RECORD, records / "game.ppn")
    assert main(["build", "--records", str(records), "--output", str(out), "--no-figures", "--no-puzzles",
                 "--no-animations", "--jobs", "1"]) == 0
    assert seen and all(out.resolve() in place.resolve().parents for pair in seen for place in pair if place)
    assert (out / "docs" / "index.html").read_bytes() == b"<html><body>reference</body></html>"
    assert not list(out.glob(".piecepack-docs-*")), "the scratch folder is removed"


def test_build_without_sphinx_says_it_skipped_the_reference(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    find_spec = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *args: None if name == "sphinx"
                        else find_spec(name, *args))
    records, out = tmp_path / "records", tmp_path / "out"
    records.mkdir()
    shutil.copy(RECORD, records / "game.ppn")
    assert main(["build", "--records", str(records), "--output", str(out), "--no-figures", "--no-puzzles",
                 "--no-animations", "--jobs", "1"]) == 0
    err = capsys.readouterr().err
    assert "API reference skipped: Sphinx is not installed" in err
    assert not (out / "docs").exists() and (out / "game.svg").is_file()
