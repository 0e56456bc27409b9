"""The SVG document around a drawing is what svgwrite writes, byte for byte, and valid.

The renderer builds its documents with ElementTree (svgwrite's import alone cost more
than a drawing); here each document is rebuilt through svgwrite's own ``Drawing`` from
the parts the renderer put in it, and the two texts must be identical. svgwrite's SVG 1.1
Full validator must find nothing wrong in them.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
import svgwrite

from piecepack_diagrams import render, replay_file, scene_of, setup_scene
from piecepack_diagrams.figures import figure_set, game_replays
from piecepack_diagrams.render.svgtree import svg_problems

ROOT = Path(__file__).resolve().parents[1]
SVG = "{http://www.w3.org/2000/svg}"


def _through_svgwrite(document: str) -> str:
    """``document`` rebuilt with svgwrite: its size, title, background and caption texts
    made by svgwrite's element factory, the drawing's group carried over as it is."""
    root = ET.fromstring(document.encode("utf-8"))
    dwg = svgwrite.Drawing(size=(root.get("width"), root.get("height")), viewBox=root.get("viewBox"),
                           profile="full", debug=False)
    group_at = None
    group = None
    for child in root:
        tag = child.tag.removeprefix(SVG)
        if tag == "title":
            dwg.set_desc(title=child.text)
        elif tag == "rect":
            dwg.add(dwg.rect((child.get("x"), child.get("y")), (child.get("width"), child.get("height")),
                             fill=child.get("fill")))
        elif tag == "g":
            group_at, group = len(dwg.elements), child
        elif tag == "text":
            dwg.add(dwg.text(child.text, insert=(child.get("x"), child.get("y")), fill=child.get("fill"),
                             **{"font-size": child.get("font-size"), "font-family": child.get("font-family"),
                                "text-anchor": child.get("text-anchor")}))
        elif tag != "defs":
            raise AssertionError(f"unexpected element <{tag}> in the document")
    xml = dwg.get_xml()
    if group is not None:
        ET.register_namespace("", "http://www.w3.org/2000/svg")
        plain = ET.fromstring(ET.tostring(group, encoding="unicode").replace(' xmlns="http://www.w3.org/2000/svg"', "")
                              .replace("ns0:", "").replace(' xmlns:ns0="http://www.w3.org/2000/svg"', ""))
        xml.insert(group_at, plain)
    return '<?xml version="1.0" encoding="utf-8" ?>\n' + ET.tostring(xml, encoding="unicode") + "\n"


def _documents() -> list[tuple[str, str]]:
    def svg(scene, **options) -> str:
        return render(scene, "svg", **options).decode("utf-8")

    out = [("coin-collectors setup", svg(setup_scene("coin-collectors", seed=1))),
           ("lab-rats setup", svg(setup_scene("lab-rats", seed=3)))]
    for path in sorted((ROOT / "records").glob("*/*.ppn"))[::3]:
        result = next(replay_file(path))
        out.append((path.name, svg(scene_of(result, "last"))))
    figures = figure_set("lab-rats", game_replays("lab-rats", ROOT / "records" / "lab-rats"))
    for figure in figures.figures[:3]:
        out.append((figure.name, svg(figure.scene, framing=figure.framing)))
    return out


DOCUMENTS = _documents()


@pytest.mark.parametrize("name,document", DOCUMENTS, ids=[d[0] for d in DOCUMENTS])
def test_the_document_is_what_svgwrite_writes(name, document):
    assert document == _through_svgwrite(document)


def test_documents_with_titles_and_captions_are_among_those_checked():
    roots = [ET.fromstring(d.encode("utf-8")) for _, d in DOCUMENTS]
    assert any(r.find(f"{SVG}title") is not None for r in roots)
    assert any(r.find(f"{SVG}text") is not None for r in roots)


@pytest.mark.parametrize("name,document", DOCUMENTS, ids=[d[0] for d in DOCUMENTS])
def test_svgwrite_finds_the_document_valid(name, document):
    assert svg_problems(document) == []


def test_the_validator_reports_what_is_wrong():
    good = DOCUMENTS[0][1]
    bad = good.replace("<defs />", '<defs /><circle r="2" flavour="sweet" />', 1)
    problems = svg_problems(bad)
    assert problems and "flavour" in problems[0]
    nested = good.replace("<defs />", "<defs /><rect><svg /></rect>", 1)
    assert any("may not hold" in p for p in svg_problems(nested))


_TEXT = st.text(alphabet=st.sampled_from(list("ab &<>\"'\r\n\t\u00e9\u2192")), max_size=6)
_NAME = st.sampled_from(["g", "path", "text", "title", "rect"])


@st.composite
def _trees(draw, depth: int = 2):  # noqa: ANN001, ANN202 - a hypothesis strategy
    attrs = draw(st.dictionaries(st.sampled_from(["d", "fill", "aria-label", "x", "xmlns:ev"]), _TEXT, max_size=3))
    text = draw(st.none() | _TEXT)
    children = draw(st.lists(_trees(depth - 1), max_size=3)) if depth else []
    return draw(_NAME), attrs, text, children


def _build(tree, parent=None):  # noqa: ANN001, ANN202
    from piecepack_diagrams.render.svgtree import Element, add_child

    name, attrs, text, children = tree
    element = Element(name, dict(sorted(attrs.items())), text) if parent is None else add_child(parent, name, attrs,
                                                                                                text)
    reference = ET.Element(name, dict(sorted(attrs.items())))
    reference.text = text
    for child in children:
        reference.append(_build(child, element)[1])
    return element, reference


@given(_trees())
def test_the_tree_is_written_as_elementtree_writes_it(tree):
    # The documents are written without ElementTree (its import costs as much as the rest of
    # the document); what is written must be what ElementTree would write, escaping included.
    element, reference = _build(tree)
    out: list[str] = []
    element.write(out)
    assert "".join(out) == ET.tostring(reference, encoding="unicode")
