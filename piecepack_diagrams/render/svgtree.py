"""The SVG document around a drawing, as plain ElementTree elements in svgwrite's form.

The renderer used to build its documents with svgwrite; importing svgwrite costs about
70 ms (its attribute validator compiles a grammar, and it imports ``urllib.request``),
several times the drawing itself, so documents are now built here, element for element
and attribute for attribute as svgwrite's ``Drawing`` wrote them (attributes sorted by
name, an empty ``<defs />``, the title first): the files are the same bytes
(``tests/test_svg_document.py`` builds each through svgwrite and compares).

svgwrite stays the checker: :func:`svg_problems` runs its SVG 1.1 Full validator over a
finished document (the layout audit and the tests use it), imported only then.
"""

from __future__ import annotations

from xml.etree import ElementTree

#: What svgwrite's ``Drawing.write`` puts before the document.
XML_DECLARATION = '<?xml version="1.0" encoding="utf-8" ?>\n'

_NAMESPACES = {"xmlns": "http://www.w3.org/2000/svg", "xmlns:ev": "http://www.w3.org/2001/xml-events",
               "xmlns:xlink": "http://www.w3.org/1999/xlink"}
#: Attributes outside SVG 1.1 that the documents carry on purpose: WAI-ARIA labels keep
#: outlined text readable to screen readers (SVG 2 allows them; svgwrite knows SVG 1.1 only).
_ARIA_PREFIX = "aria-"


def svg_root(*, width: str, height: str, view_box: str) -> ElementTree.Element:
    """An ``<svg>`` element of this printed size and ``viewBox`` holding an empty ``<defs />``."""
    attrs = {"baseProfile": "full", "height": height, "version": "1.1", "viewBox": view_box, "width": width,
             **_NAMESPACES}
    root = ElementTree.Element("svg", dict(sorted(attrs.items())))
    ElementTree.SubElement(root, "defs")
    return root


def add_element(parent: ElementTree.Element, name: str, text: str | None = None,
                **attrs: str) -> ElementTree.Element:
    """A child ``name`` of ``parent`` with ``attrs`` in svgwrite's order (by name; a
    ``font_size`` keyword is the ``font-size`` attribute) and ``text`` inside."""
    named = {k.replace("_", "-"): v for k, v in attrs.items()}
    element = ElementTree.SubElement(parent, name, dict(sorted(named.items())))
    if text is not None:
        element.text = text
    return element


def add_title(root: ElementTree.Element, title: str) -> None:
    """The document's ``<title>``, as its first child."""
    element = ElementTree.Element("title")
    element.text = title
    root.insert(0, element)


def svg_text(root: ElementTree.Element) -> str:
    """The whole document as text: the XML declaration, the tree, a final newline."""
    return XML_DECLARATION + ElementTree.tostring(root, encoding="unicode") + "\n"


def svg_problems(document: str) -> list[str]:
    """What svgwrite's SVG 1.1 Full validator finds wrong in ``document`` (an SVG text):
    unknown elements or attributes, invalid values, children an element may not hold.
    Empty when it is valid. ARIA attributes are allowed (see :data:`_ARIA_PREFIX`).

    Raises ``xml.etree.ElementTree.ParseError`` when ``document`` is not XML at all.
    """
    from svgwrite.validator2 import get_validator  # the validator is the slow part of svgwrite: only here

    validator = get_validator("full", debug=True)
    root = ElementTree.fromstring(document.encode("utf-8"))
    problems: list[str] = []
    for parent in root.iter():
        name = _local(parent.tag)
        attrs = {_attribute_name(k): v for k, v in parent.attrib.items() if not k.startswith(_ARIA_PREFIX)}
        attrs.pop("xmlns", None)
        try:
            validator.check_all_svg_attribute_values(name, attrs)
        except (ValueError, TypeError, KeyError) as exc:
            problems.append(f"<{name}>: {exc}")
        for child in parent:
            if not validator.is_valid_children(name, _local(child.tag)):
                problems.append(f"<{name}> may not hold <{_local(child.tag)}>")
    return problems


def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


def _attribute_name(key: str) -> str:
    """``{http://www.w3.org/1999/xlink}href`` as svgwrite names it: ``xlink:href``."""
    if key.startswith("{"):
        space, _, local = key[1:].partition("}")
        prefix = next((p.split(":", 1)[1] for p, uri in _NAMESPACES.items() if uri == space and ":" in p), "")
        return f"{prefix}:{local}" if prefix else local
    return key


__all__ = ["XML_DECLARATION", "add_element", "add_title", "svg_problems", "svg_root", "svg_text"]
