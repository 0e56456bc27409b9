"""A notebook shows a Scene and a Position as their pictures and a Replay as a stepper.

The notebook runs in an IPython kernel of this interpreter (ipykernel is in the test extra;
jupyter_client starts the ``python3`` kernel with ``sys.executable``), as Jupyter runs it,
and its outputs are checked by their MIME types: the SVG parsed and its tiles and coins
counted, the HTML parsed and its stepper's parts found."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections import Counter
from html.parser import HTMLParser

import nbformat
import pytest
from nbclient import NotebookClient

from svgpaths import parse_path

SVG = "{http://www.w3.org/2000/svg}"
#: Two tiles, then a coin on each (generic PPN): four positions (the empty start, then one a move number).
RECORD = "setup. t@b2 t@c2\\n1. S@b2 1... M@c2"
CELLS = [
    "from piecepack_diagrams import parse_records, replay, setup_scene\n"
    f'game = replay(parse_records("{RECORD}")[0])',
    'setup_scene("lab-rats", seed=3)',
    "game.positions[-1]",
    "game",
]


@pytest.fixture(scope="module")
def outputs() -> list[dict[str, str]]:
    """Each displaying cell's output data (MIME type -> content), run once for the module."""
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(code) for code in CELLS])
    NotebookClient(notebook, kernel_name="python3", timeout=60).execute()
    found = []
    for cell in notebook.cells[1:]:
        results = [o for o in cell.outputs if o.output_type == "execute_result"]
        assert len(results) == 1, cell.outputs
        found.append(dict(results[0].data))
    return found


def _pieces(svg: str) -> Counter[str]:
    """Tiles (the largest filled squares) and coins (the largest filled circles) drawn in ``svg``."""
    root = ET.fromstring(svg.encode("utf-8"))
    assert root.tag == SVG + "svg"
    shapes = [(el.get("fill"), sub) for el in root.iter(SVG + "path") if el.get("fill") != "none"
              for sub in parse_path(el.get("d"))]
    squares = [sub.size()[0] for _, sub in shapes if not sub.arcs and abs(sub.size()[0] - sub.size()[1]) < 1]
    circles = [sub.size()[0] for _, sub in shapes if sub.arcs]
    return Counter(tiles=sum(abs(size - max(squares)) < 1 for size in squares),
                   coins=sum(abs(size - max(circles)) < 1 for size in circles))


def _short_text(data: dict[str, str], name: str) -> None:
    text = data["text/plain"]
    assert text.startswith(name + "(") and "\n" not in text and len(text) <= 200


def test_a_scene_shows_as_its_picture(outputs):
    data = outputs[0]
    _short_text(data, "Scene")
    assert _pieces(data["image/svg+xml"]) == Counter(tiles=24, coins=24)  # Lab Rats: every tile and coin


def test_a_position_shows_as_its_picture(outputs):
    data = outputs[1]
    _short_text(data, "Position")
    assert _pieces(data["image/svg+xml"]) == Counter(tiles=2, coins=2)


class _Stepper(HTMLParser):
    """The parts of a stepper: positions, step buttons, moves, scripts and any address."""

    def __init__(self) -> None:
        super().__init__()
        self.classes: Counter[str] = Counter()
        self.steps: list[str] = []
        self.scripts: list[str] = []
        self.addresses: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        self.classes.update((found.get("class") or "").split())
        if found.get("data-step"):
            self.steps.append(found["data-step"])
        if tag == "script":
            self.scripts.append(found.get("type") or "text/javascript")
        self.addresses += [value for name, value in attrs if name in ("src", "href") and value]


def test_a_replay_shows_as_a_stepper(outputs):
    data = outputs[2]
    _short_text(data, "Replay")
    assert "image/svg+xml" not in data
    page = _Stepper()
    page.feed(data["text/html"])
    assert page.classes["piecepack-replay"] == 1
    assert page.classes["position"] == 4 and page.classes["move"] == 4
    assert page.steps == ["first", "previous", "next", "last"]
    assert page.scripts == ["application/json", "text/javascript"]
    assert page.addresses == []  # self-contained: nothing fetched
