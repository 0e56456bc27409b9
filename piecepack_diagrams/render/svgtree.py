"""The SVG document around a drawing, built and written in svgwrite's form.

The renderer used to build its documents with svgwrite; importing svgwrite costs about
70 ms (its attribute validator compiles a grammar, and it imports ``urllib.request``),
several times the drawing itself, so documents are now built here, element for element
and attribute for attribute as svgwrite's ``Drawing`` wrote them (attributes sorted by
name, an empty ``<defs />``, the title first): the files are the same bytes
(``tests/test_svg_document.py`` builds each through svgwrite and compares).

svgwrite stays the checker: :func:`svg_problems` runs its SVG 1.1 Full validator over a
finished document (the layout audit and the tests use it), imported only then.

The tree is :class:`Element`, a few lines written as ElementTree writes (the same
escaping and empty-element form): importing ElementTree costs as much as the rest of
a drawing's document.
"""

from __future__ import annotations

#: What svgwrite's ``Drawing.write`` puts before the document.
XML_DECLARATION = '<?xml version="1.0" encoding="utf-8" ?>\n'

_NAMESPACES = {"xmlns": "http://www.w3.org/2000/svg", "xmlns:ev": "http://www.w3.org/2001/xml-events",
               "xmlns:xlink": "http://www.w3.org/1999/xlink"}
#: Attributes outside SVG 1.1 that the documents carry on purpose: WAI-ARIA labels keep
#: outlined text readable to screen readers (SVG 2 allows them; svgwrite knows SVG 1.1 only).
_ARIA_PREFIX = "aria-"


class Element:
    """An element being built: its name, attributes (written in this order), text and
    children."""

    __slots__ = ("tag", "attrs", "text", "children")

    def __init__(self, tag: str, attrs: dict[str, str], text: str | None = None) -> None:
        self.tag, self.attrs, self.text = tag, attrs, text
        self.children: list[Element] = []

    def __repr__(self) -> str:
        return f"<Element {self.tag!r}: {len(self.attrs)} attributes, {len(self.children)} children>"

    def write(self, out: list[str]) -> None:
        """Append the element's markup to ``out``, as ``ElementTree.tostring`` writes it."""
        out.append(f"<{self.tag}")
        for name, value in self.attrs.items():
            # Most values need no escaping: tested here, inline (a long path's data is all digits).
            if ('"' in value or "&" in value or "<" in value or ">" in value or "\n" in value or "\r" in value
                    or "\t" in value):
                value = _escape_attribute(value)
            out.append(f' {name}="{value}"')
        if not self.text and not self.children:
            out.append(" />")
            return
        out.append(">")
        if self.text:
            out.append(_escape_text(self.text))
        for child in self.children:
            child.write(out)
        out.append(f"</{self.tag}>")


def _escape_text(text: str) -> str:
    if "&" in text:
        text = text.replace("&", "&amp;")
    if "<" in text:
        text = text.replace("<", "&lt;")
    if ">" in text:
        text = text.replace(">", "&gt;")
    return text


def _escape_attribute(text: str) -> str:
    text = _escape_text(text)
    for raw, escaped in _ATTRIBUTE_ESCAPES:
        if raw in text:
            text = text.replace(raw, escaped)
    return text


# What ElementTree escapes in an attribute's value beyond text's three.
_ATTRIBUTE_ESCAPES = (('"', "&quot;"), ("\r", "&#13;"), ("\n", "&#10;"), ("\t", "&#09;"))


def svg_root(*, width: str, height: str, view_box: str) -> Element:
    """An ``<svg>`` element of this printed size and ``viewBox`` holding an empty ``<defs />``."""
    attrs = {"baseProfile": "full", "height": height, "version": "1.1", "viewBox": view_box, "width": width,
             **_NAMESPACES}
    root = Element("svg", dict(sorted(attrs.items())))
    root.children.append(Element("defs", {}))
    return root


def add_element(parent: Element, name: str, text: str | None = None, **attrs: str) -> Element:
    """A child ``name`` of ``parent`` with ``attrs`` in svgwrite's order (by name; a
    ``font_size`` keyword is the ``font-size`` attribute) and ``text`` inside."""
    return add_child(parent, name, {k.replace("_", "-"): v for k, v in attrs.items()}, text)


def add_child(parent: Element, name: str, attrs: dict[str, str], text: str | None = None) -> Element:
    """A child ``name`` of ``parent`` with ``attrs`` (named as written) in svgwrite's order,
    by name, and ``text`` inside."""
    element = Element(name, dict(sorted(attrs.items())), text)
    parent.children.append(element)
    return element


def add_title(root: Element, title: str) -> None:
    """The document's ``<title>``, as its first child."""
    root.children.insert(0, Element("title", {}, title))


def svg_text(root: Element) -> str:
    """The whole document as text: the XML declaration, the tree, a final newline."""
    out = [XML_DECLARATION]
    root.write(out)
    out.append("\n")
    return "".join(out)


def svg_problems(document: str) -> list[str]:
    """What svgwrite's SVG 1.1 Full validator finds wrong in ``document`` (an SVG text):
    unknown elements or attributes, invalid values, children an element may not hold.
    Empty when it is valid. ARIA attributes are allowed (see :data:`_ARIA_PREFIX`).

    Raises ``xml.etree.ElementTree.ParseError`` when ``document`` is not XML at all.
    """
    from xml.etree import ElementTree

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


__all__ = ["XML_DECLARATION", "Element", "add_child", "add_element", "add_title", "svg_problems", "svg_root",
           "svg_text"]
