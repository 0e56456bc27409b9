"""The animated SVG: each look drawn once (by the package's SVG renderer) in ``<defs>``, each
actor one element that CSS keyframes move, turn, squash and fade; a flip shows the other face
at its midpoint. No script: it plays wherever SVG and CSS do."""

from __future__ import annotations

from typing import Hashable, Sequence

from ..pieces import Piece
from ..render.primitives import annotation_stamp, piece_stamp
from ..render.svgtree import Element, add_element, svg_root, svg_text
from ..scene import Bounds
from ..theme import Theme
from .actors import Actor, Look, Still, _rounded
from .frames import Camera, FrameTime
from .options import AnimationOptions
from .svgparts import EASE, UNITS, Clock, add_backgrounds, add_tree, css_number, fragment
from .timeline import Lane, is_same


def write_svg(lanes: Sequence[Lane], stills: Sequence[Still], times: Sequence[FrameTime], camera: Camera,
              theme: Theme, options: AnimationOptions) -> bytes:
    """The animation as a self-contained SVG document, ``options.width`` pixels wide."""
    clock = Clock(times, camera)
    frame = camera.frame
    w, h = round(frame.width * UNITS), round(frame.height * UNITS)
    root = svg_root(width=str(options.width), height=str(camera.height), view_box=f"0 0 {w} {h}")
    defs = root.children[0]
    css: list[str] = []
    if theme.page_background != "none":
        add_element(root, "rect", x="0", y="0", width=str(w), height=str(h), fill=theme.page_background)
    add_backgrounds(root, stills, clock, theme, css)
    looks: dict[Hashable, str] = {}
    body = add_element(root, "g", stroke_linecap="round", stroke_linejoin="round")
    order = sorted(range(len(lanes)), key=lambda n: _rank(lanes[n], n))
    for n in order:
        lane = lanes[n]
        faces: list[Hashable] = []
        for actor in lane.states:
            if actor is not None and actor.face not in faces:
                faces.append(actor.face)
                key = _look_key(actor.look)
                if key not in looks:
                    looks[key] = f"l{len(looks)}"
                    _define(defs, looks[key], actor.look, theme)
        first = next(a for a in lane.states if a is not None)
        group = add_element(body, "g", **{"class": f"a{n}"})
        css.extend(_lane_css(f"a{n}", lane, clock))
        if len(faces) == 1:
            add_element(group, "use", href=f"#{looks[_look_key(first.look)]}")
            continue
        for f, face in enumerate(faces):
            look = next(a.look for a in lane.states if a is not None and a.face == face)
            add_element(group, "use", href=f"#{looks[_look_key(look)]}", **{"class": f"a{n}f{f}"})
            css.extend(_face_css(f"a{n}f{f}", lane, face, clock))
    root.children.insert(1, Element("style", {}, "\n".join(css)))
    return svg_text(root).encode("utf-8")


def _rank(lane: Lane, n: int) -> tuple[int, int, int]:
    # One drawing order for the whole animation: by layer, then where the lane ends up.
    last = next(a for a in reversed(lane.states) if a is not None)
    return lane.layer, last.order, n


def _look_key(look: Look) -> Hashable:
    return look if isinstance(look, Piece) else _rounded(look)


def _define(defs: Element, name: str, look: Look, theme: Theme) -> None:
    """``look`` drawn once, about the origin, as ``<g id=name>``."""
    stamp = piece_stamp(look, 0.0, theme) if isinstance(look, Piece) else annotation_stamp(look, theme, 1.0)
    x0, y0, x1, y1 = stamp.box
    r = max(abs(x0), abs(x1), abs(y0), abs(y1)) + 0.1
    group = add_element(defs, "g", id=name, transform=f"translate({-round(r * UNITS)},{-round(r * UNITS)})")
    for element in fragment([(stamp, 0.0, 0.0)], Bounds(-r, -r, r, r), theme):
        add_tree(group, element)


def _lane_css(name: str, lane: Lane, clock: Clock) -> list[str]:
    """The lane's place, turn, squash and opacity over time, as CSS (static when it never changes)."""
    states = lane.states
    known = [a for a in states if a is not None]
    # Where an absent actor is kept (unseen): where it was last, else where it first comes.
    filled: list[Actor] = []
    for a in states:
        filled.append(a if a is not None else (filled[-1] if filled else known[0]))
    angles = [filled[0].angle]
    for k in range(1, len(filled)):
        turn = (filled[k].angle - filled[k - 1].angle + 180) % 360 - 180
        angles.append(angles[-1] + turn)

    def style(k: int) -> str:
        return f"transform:{clock.transform(filled[k], angles[k])};opacity:{0 if states[k] is None else 1}"

    def stop(t: float, k: int) -> str:
        return f"{clock.at(t)}{{{style(k)}}}"

    stops = [stop(0.0, 0)]
    for k in range(len(states) - 1):
        a, b = states[k], states[k + 1]
        if is_same(a, b) and angles[k] == angles[k + 1]:
            continue
        stops.append(stop(clock.starts[k], k))
        if a is not None and b is not None and a.face != b.face:
            mid = (clock.starts[k] + clock.ends[k]) / 2
            middle = Actor(a.key, a.look, (a.x + b.x) / 2, (a.y + b.y) / 2, 0.0, a.layer, a.order)
            stops.append(f"{clock.at(mid)}{{transform:{clock.transform(middle, (angles[k] + angles[k + 1]) / 2, 0.0)};"
                         f"opacity:1}}")
        stops.append(stop(clock.ends[k], k + 1))
    if len(stops) == 1:
        return [f".{name}{{{style(0)}}}"]
    stops.append(stop(clock.total, len(states) - 1))
    # The easing applies between each keyframe and the next: every glide starts and stops gently.
    return [f".{name}{{animation:k{name} {css_number(clock.total)}s {EASE} infinite}}"
            f"@keyframes k{name}{{{''.join(stops)}}}"]


def _face_css(name: str, lane: Lane, face: Hashable, clock: Clock) -> list[str]:
    """Which face shows: switched at each flip's midpoint."""
    states = lane.states
    shown = [a is not None and a.face == face for a in states]
    first = next(a for a in states if a is not None)
    stops = [f"{clock.at(0.0)}{{opacity:{int(first.face == face)}}}"]
    current = first.face
    for k in range(len(states) - 1):
        a, b = states[k], states[k + 1]
        if b is not None and b.face != current:
            t = (clock.starts[k] + clock.ends[k]) / 2 if a is not None else clock.starts[k]
            stops.append(f"{clock.at(t)}{{opacity:{int(shown[k + 1])}}}")
            current = b.face
    stops.append(f"{clock.at(clock.total)}{{opacity:{int(current == face)}}}")
    return [f".{name}{{animation:k{name} {css_number(clock.total)}s step-end infinite}}"
            f"@keyframes k{name}{{{''.join(stops)}}}"]


__all__ = ["write_svg"]
