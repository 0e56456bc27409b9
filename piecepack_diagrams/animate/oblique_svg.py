"""The animated SVG in the oblique view. SVG draws in one order for all time, and the oblique
view's order changes as pieces move: so the animation is cut into segments at the only times
it can change, each position's hold and each move. A segment is a group drawn in its own
order (the solids' order worked out from that position's geometry) and shown, by CSS keyframes
on its opacity, only while it lasts. During a move the pieces that stay are drawn as at its
start, and the pieces that move glide over them (as the raster frames draw them). Each piece's
solid, at each turn it takes, is drawn once in ``<defs>``; no script."""

from __future__ import annotations

from typing import Hashable, Sequence

from ..oblique.projection import Projection
from ..pieces import Piece
from ..render.svgtree import Element, add_element, svg_root, svg_text
from ..render.primitives import Placed, annotation_stamp
from ..scene import Bounds, PieceMark, ScenePiece
from ..theme import Theme
from .actors import Actor, Still
from .frames import Camera, FrameTime
from .options import AnimationOptions
from ..values import replace
from .svgparts import EASE, UNITS, Clock, add_backgrounds, add_tree, css_number, fragment
from .timeline import Lane, is_still

#: A piece as one position draws it: its lane, its actor, where its solid's base is drawn
#: (inches), and which of its solids this is (None: the piece whole).
_Drawn = tuple[int, Actor, float, float, "int | None"]


def write_oblique_svg(lanes: Sequence[Lane], stills: Sequence[Still], times: Sequence[FrameTime], camera: Camera,
                      theme: Theme, options: AnimationOptions) -> bytes:
    """The animation seen obliquely (``options.angle``, ``options.depth``) as a self-contained
    SVG document, ``options.width`` pixels wide: its pieces as the oblique view draws them,
    over what lies flat on the table (coordinates, panels' titles and pieces)."""
    projection = Projection(options.angle, options.depth)
    clock = Clock(times, camera)
    frame = camera.frame
    w, h = round(frame.width * UNITS), round(frame.height * UNITS)
    root = svg_root(width=str(options.width), height=str(camera.height), view_box=f"0 0 {w} {h}")
    defs = root.children[0]
    if theme.page_background != "none":
        add_element(root, "rect", x="0", y="0", width=str(w), height=str(h), fill=theme.page_background)
    css: list[str] = []
    add_backgrounds(root, stills, clock, theme, css)
    looks = _Looks(defs, theme, projection)
    drawn = [_drawn(lanes, still, k, projection) for k, still in enumerate(stills)]
    body = add_element(root, "g", stroke_linecap="round", stroke_linejoin="round")
    last = len(stills) - 1
    for k in range(len(stills)):
        # The hold of position k, then move k: its still pieces as they stand, the others gliding.
        held = (clock.ends[k - 1] if k else 0.0, clock.starts[k] if k < last else clock.total)
        _segment(body, f"h{k}", drawn[k], looks, frame, clock, held, css)
        if k == last:
            break
        during = (clock.starts[k], clock.ends[k])
        staying = [d for d in drawn[k] if is_still(lanes[d[0]], k)]
        group = _segment(body, f"m{k}", staying, looks, frame, clock, during, css)
        after = {d[0]: d for d in drawn[k + 1]}
        before = {d[0]: d for d in drawn[k]}
        moving = sorted({n for n in (*before, *after) if not is_still(lanes[n], k)},
                        key=lambda n: (after[n][1].order if n in after else -1, before[n][1].order if n in before
                                       else -1, n))
        for n in moving:
                _glide(group, f"m{k}g{n}", before.get(n), after.get(n), looks, frame, clock, during, css)
    root.children.insert(1, Element("style", {}, "\n".join(css)))
    return svg_text(root).encode("utf-8")


def _drawn(lanes: Sequence[Lane], still: Still, k: int, projection: Projection) -> list[_Drawn]:
    """Position ``k``'s pieces bottom first: a panel's lying flat first, then the others in
    the oblique view's order, each where its base is drawn: a pawn's foot and head each where
    the order puts it, a piece cut in two to break a cycle of the order whole where its first
    part goes (as the raster frames draw them)."""
    from ..oblique.order import drawing_order
    from ..oblique.solids import solids_of

    lane_of = {id(lane.states[k]): n for n, lane in enumerate(lanes) if lane.states[k] is not None}
    actors = [a for a in still.actors if isinstance(a.look, Piece)]
    solids = solids_of(tuple(ScenePiece(a.look, a.x, a.y, a.angle) for a in actors
                             if isinstance(a.look, Piece)))  # (every one: said again for the type checker)
    dx, dy = projection.shift
    out: list[_Drawn] = [(lane_of[id(a)], a, a.x, a.y, None) for a in still.actors if isinstance(a.look, PieceMark)]
    order = drawing_order(solids, projection)
    cut = {s.index for s in order if s.is_part}
    several = {s.index for s in order if s.part}
    seen: set[int] = set()
    for solid in order:
        a = actors[solid.index]
        at = (a.x + solid.base * dx, a.y + solid.base * dy)
        if solid.index in several and solid.index not in cut:
            out.append((lane_of[id(a)], a, *at, solid.part))
        elif solid.index not in seen:
            seen.add(solid.index)
            out.append((lane_of[id(a)], a, *at, None))
    return out


class _Looks:
    """Each piece at each turn drawn once in ``<defs>`` as the oblique view draws it standing at
    the origin; :meth:`name` says its id."""

    def __init__(self, defs: Element, theme: Theme, projection: Projection) -> None:
        self.defs, self.theme, self.projection = defs, theme, projection
        self.names: dict[Hashable, str] = {}

    def name(self, actor: Actor, part: int | None = None) -> str:
        """The id of ``actor``'s look (with ``part``, of that solid of it alone)."""
        look = actor.look
        assert isinstance(look, (Piece, PieceMark))
        key = (look, round(actor.angle % 360, 6), part)
        if key not in self.names:
            from ..oblique.draw import oblique_stamps
            from ..oblique.solids import solids_of

            self.names[key] = f"l{len(self.names)}"
            placed: Sequence[Placed]
            if isinstance(look, PieceMark):  # a panel's piece: flat
                turned = replace(look, piece=replace(look.piece, angle=actor.angle))
                placed = [(annotation_stamp(turned, self.theme, 1.0), 0.0, 0.0)]
            else:
                alone = (ScenePiece(look, 0.0, 0.0, actor.angle),)
                order = None if part is None else [s for s in solids_of(alone) if s.part == part]
                placed = oblique_stamps(alone, self.theme, self.projection, order=order)
            r = max(max(abs(v) for v in (s.box[0] + x, s.box[1] + y, s.box[2] + x, s.box[3] + y))
                    for s, x, y in placed) + 0.1
            # The fragment is drawn in a frame whose top left is (-r, r): moved back to the origin.
            group = add_element(self.defs, "g", id=self.names[key],
                                transform=f"translate({-round(r * UNITS)},{-round(r * UNITS)})")
            for element in fragment(placed, Bounds(-r, -r, r, r), self.theme):
                add_tree(group, element)
        return self.names[key]


def _place(x: float, y: float, frame: Bounds) -> tuple[str, str]:
    return css_number((x - frame.x0) * UNITS), css_number((frame.y1 - y) * UNITS)


def _shown(name: str, span: tuple[float, float], clock: Clock) -> str:
    """CSS showing class ``name`` from ``span[0]`` to ``span[1]`` seconds of each loop only."""
    start, end = span
    stops = [f"0%{{opacity:{int(start <= 0)}}}"]
    if start > 0:
        stops.append(f"{clock.at(start)}{{opacity:1}}")
    if end < clock.total:
        stops.append(f"{clock.at(end)}{{opacity:0}}")
    stops.append(f"100%{{opacity:{int(end >= clock.total)}}}")
    return (f".{name}{{animation:k{name} {css_number(clock.total)}s step-end infinite}}"
            f"@keyframes k{name}{{{''.join(stops)}}}")


def _segment(body: Element, name: str, drawn: list[_Drawn], looks: _Looks, frame: Bounds, clock: Clock,
             span: tuple[float, float], css: list[str]) -> Element:
    """A group of ``drawn`` pieces in order, shown during ``span`` only."""
    group = add_element(body, "g", **{"class": name})
    for _, actor, x, y, part in drawn:
        px, py = _place(x, y, frame)
        add_element(group, "use", href=f"#{looks.name(actor, part)}", x=px, y=py)
    css.append(_shown(name, span, clock))
    return group


def _glide(group: Element, name: str, start: _Drawn | None, end: _Drawn | None, looks: _Looks, frame: Bounds,
           clock: Clock, span: tuple[float, float], css: list[str]) -> None:
    """A piece moving during ``span`` (its ``group`` shown then only): from ``start`` to
    ``end`` (fading in or out where either is None), eased; a piece turned over or turned
    squashes to nothing and back at the middle, its look switched there."""
    ends = [d for d in (start, end) if d is not None]
    (_, first, fx, fy, _), (_, last, lx, ly, _) = ends[0], ends[-1]
    t0, t1 = span
    mid = (t0 + t1) / 2
    flip = first.look != last.look or first.angle != last.angle

    def at(x: float, y: float, squash: float = 1.0) -> str:
        px, py = _place(x, y, frame)
        return f"transform:translate({px}px,{py}px)" + (f" scale({css_number(squash)},1)" if squash != 1.0 else "")

    inner = add_element(group, "g", **{"class": f"{name}i"})
    alpha = (int(start is not None), int(end is not None))
    stops = [f"0%{{{at(fx, fy)};opacity:{alpha[0]}}}", f"{clock.at(t0)}{{{at(fx, fy)};opacity:{alpha[0]}}}"]
    if flip:
        stops.append(f"{clock.at(mid)}{{{at((fx + lx) / 2, (fy + ly) / 2, 0.0)};opacity:1}}")
    stops += [f"{clock.at(t1)}{{{at(lx, ly)};opacity:{alpha[1]}}}", f"100%{{{at(lx, ly)};opacity:{alpha[1]}}}"]
    css.append(f".{name}i{{animation:k{name}i {css_number(clock.total)}s {EASE} infinite}}"
               f"@keyframes k{name}i{{{''.join(stops)}}}")
    for f, actor in enumerate([first, last] if flip else [first]):
        use = add_element(inner, "use", href=f"#{looks.name(actor)}")
        if flip:  # the first look until the middle, the last after
            use.attrs["class"] = f"{name}f{f}"
            css.append(_shown(f"{name}f{f}", (0.0, mid) if f == 0 else (mid, clock.total), clock))


__all__ = ["write_oblique_svg"]
