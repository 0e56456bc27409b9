"""What both animated SVGs (the flat one, :mod:`.svg`, and the oblique one,
:mod:`.oblique_svg`) are made of: drawings by the package's SVG renderer copied in as
elements, the :class:`Clock` that says when each move starts and ends (as CSS
percentages of the loop) and where an actor is drawn (as a CSS transform), and numbers
written as the stylesheet writes them."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Hashable, Sequence

from ..layout.compose import LaidOut
from ..render.primitives import Placed
from ..render.svg import render_svg
from ..render.svgtree import Element, add_child
from ..scene import Bounds, Scene
from ..theme import Theme
from .actors import Actor, Still, _rounded
from .frames import Camera, FrameTime

#: User units an inch: a hundredth of a point, as the still SVGs use.
UNITS = 7200
#: CSS's timing function closest to the raster frames' easing.
EASE = "cubic-bezier(.42,0,.58,1)"


def rendered_elements(laid: LaidOut, theme: Theme) -> list[ET.Element]:
    """What the SVG renderer draws for ``laid`` (no page background): its drawing's elements."""
    root = ET.fromstring(render_svg(laid, theme=theme.replace(page_background="none")))
    return [child for g in root if g.tag.endswith("}g") for child in g]


def fragment(placed: Sequence[Placed], frame: Bounds, theme: Theme) -> list[ET.Element]:
    """What the SVG renderer draws for the stamps ``placed`` in ``frame``: its drawing's elements."""
    return rendered_elements(LaidOut(Scene(frame=frame), 1.0, frame, drawn=tuple(placed)), theme)


def add_tree(parent: Element, element: ET.Element) -> None:
    """``element`` and everything in it added under ``parent`` (in the renderer's attribute order)."""
    node = add_child(parent, element.tag.rsplit("}", 1)[-1], dict(element.attrib), element.text)
    for child in element:
        add_tree(node, child)


def css_number(value: float) -> str:
    """``value`` to two decimals, as short as it reads (``1.5``, ``2``, never ``-0``)."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("", "-0") else text


class Clock:
    """An animation's times (``times``, the frames' schedule) for its stylesheet: its ``total``
    seconds, when each move starts (``starts``, its position's hold over) and ends (``ends``,
    the next position shown), and where the ``camera`` draws an actor."""

    def __init__(self, times: Sequence[FrameTime], camera: Camera) -> None:
        self.camera = camera
        self.total = sum(t.seconds for t in times)
        self.starts: dict[int, float] = {}
        self.ends: dict[int, float] = {}
        elapsed = 0.0
        for t in times:
            if t.u == 0.0:
                self.starts[t.step] = elapsed + t.seconds
            elapsed += t.seconds
            if t.u == 0.0 and t.step > 0:
                self.ends[t.step - 1] = elapsed - t.seconds
        self.ends[max(self.starts)] = elapsed - times[-1].seconds

    def at(self, seconds: float) -> str:
        """``seconds`` into the loop as a keyframe's percentage."""
        return f"{100 * seconds / self.total:.3f}".rstrip("0").rstrip(".") + "%"

    def transform(self, actor: Actor, angle: float, squash: float = 1.0) -> str:
        """The CSS transform that draws ``actor`` where it stands, turned ``angle`` degrees,
        squashed across to ``squash`` of its width."""
        x, y = self.camera.frame.x0, self.camera.frame.y1
        text = f"translate({css_number((actor.x - x) * UNITS)}px,{css_number((y - actor.y) * UNITS)}px)"
        if angle:
            text += f" rotate({css_number(-angle)}deg)"
        if squash != 1.0:
            text += f" scale({css_number(squash)},1)"
        return text


def add_backgrounds(root: Element, stills: Sequence[Still], clock: Clock, theme: Theme, css: list[str]) -> None:
    """Each distinct background of ``stills`` (what does not move: coordinates, panels'
    titles) drawn once under ``root``, faded in and out as the positions change."""
    kinds: list[Hashable] = []
    index: list[int] = []
    for still in stills:
        key = _rounded(still.background)
        if key not in kinds:
            kinds.append(key)
        index.append(kinds.index(key))
    for b in range(len(kinds)):
        items = stills[index.index(b)].background
        if not items:
            continue
        scene = Scene(annotations=items, frame=clock.camera.frame)  # type: ignore[arg-type]  # a scene's annotations
        attrs = {"class": f"b{b}"} if len(kinds) > 1 else {}
        group = add_child(root, "g", {**attrs, "stroke-linecap": "round", "stroke-linejoin": "round"})
        for element in rendered_elements(LaidOut(scene, 1.0, clock.camera.frame), theme):
            add_tree(group, element)
        if len(kinds) > 1:
            stops = [(0.0, 1 if index[0] == b else 0)]
            for k in range(len(stills) - 1):
                if index[k] != index[k + 1] and b in (index[k], index[k + 1]):
                    stops += [(clock.starts[k], int(index[k] == b)), (clock.ends[k], int(index[k + 1] == b))]
            stops.append((clock.total, 1 if index[-1] == b else 0))
            frames = " ".join(f"{clock.at(t)}{{opacity:{v}}}" for t, v in stops)
            css.append(f".b{b}{{animation:k{b}b {css_number(clock.total)}s linear infinite}}"
                       f"@keyframes k{b}b{{{frames}}}")


__all__ = ["EASE", "UNITS", "Clock", "add_backgrounds", "add_tree", "css_number", "fragment", "rendered_elements"]
