"""Batching must not change the picture: every primitive is drawn exactly once, and
anything drawn over something it overlaps is still drawn after it."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from piecepack_diagrams.render.batch import Lines, Shapes, Symbols, Texts, batch_stamps
from piecepack_diagrams.render.extent import box_of, is_overlapping
from piecepack_diagrams.render.primitives import Stamp
from piecepack_diagrams.render.shapes import Circle, Polygon, Text

COLOURS = ["#FF0000", "#00FF00", "#0000FF"]
coordinate = st.integers(min_value=-8, max_value=8).map(lambda v: v / 2)


@st.composite
def primitive(draw):
    x, y = draw(coordinate), draw(coordinate)
    colour = draw(st.sampled_from(COLOURS))
    kind = draw(st.sampled_from(["square", "circle", "text"]))
    if kind == "square":
        h = draw(st.sampled_from([0.25, 0.5, 1.0]))
        return Polygon(((x - h, y - h), (x + h, y - h), (x + h, y + h), (x - h, y + h)), colour, "#000000", 1.0)
    if kind == "circle":
        return Circle(x, y, draw(st.sampled_from([0.25, 0.375])), colour, "#000000", 1.0)
    return Text(x, y, draw(st.sampled_from(["A", "5", "n"])), 0.5, colour)


def _drawn(batches):
    """(batch index, primitive as drawn on the table) for everything the batches draw."""
    out = []
    for index, batch in enumerate(batches):
        if isinstance(batch, Shapes):
            for points, dx, dy in batch.polygons:
                out.append((index, Polygon(tuple((x + dx, y + dy) for x, y in points), batch.fill, batch.stroke,
                                           batch.width, batch.opacity)))
            out += [(index, Circle(cx, cy, r, batch.fill, batch.stroke, batch.width)) for cx, cy, r in batch.circles]
        elif isinstance(batch, Texts):
            out += [(index, Text(x, y, text, batch.size, batch.colour, angle)) for x, y, text, angle in batch.items]
        else:
            assert not isinstance(batch, (Lines, Symbols))
    return out


@settings(max_examples=200, deadline=None)
@given(st.lists(st.lists(primitive(), min_size=1, max_size=3), max_size=25),
       st.lists(st.tuples(coordinate, coordinate), min_size=25, max_size=25))
def test_batches_keep_every_overlap_in_order(groups, offsets):
    placed = [(Stamp.from_primitives(tuple(group)), dx, dy) for group, (dx, dy) in zip(groups, offsets)]
    expected = []  # the primitives on the table, in drawing order
    for stamp, dx, dy in placed:
        for prim in stamp.primitives:
            if isinstance(prim, Polygon):
                expected.append(Polygon(tuple((x + dx, y + dy) for x, y in prim.points), prim.fill, prim.stroke,
                                        prim.width, prim.opacity))
            elif isinstance(prim, Circle):
                expected.append(Circle(prim.cx + dx, prim.cy + dy, prim.r, prim.fill, prim.stroke, prim.width))
            else:
                expected.append(Text(prim.x + dx, prim.y + dy, prim.text, prim.size, prim.colour, prim.angle))
    drawn = _drawn(batch_stamps(placed))
    assert sorted(map(repr, (p for _, p in drawn))) == sorted(map(repr, expected))  # each exactly once
    # Where each expected primitive went: match in order among equal primitives.
    slots: dict[str, list[int]] = {}
    for index, prim in drawn:
        slots.setdefault(repr(prim), []).append(index)
    where = [slots[repr(prim)].pop(0) for prim in expected]
    for i, a in enumerate(expected):
        for j in range(i + 1, len(expected)):
            if is_overlapping(box_of(a), box_of(expected[j])):
                assert where[i] < where[j], (a, expected[j])


def test_neighbouring_tiles_share_a_batch():
    tile = Stamp.from_primitives((Polygon(((-1, -1), (1, -1), (1, 1), (-1, 1)), "#FFFFFF", "#000000", 1.0),
                                  Text(0, 0, "A", 1.1, "#FF0000")))
    batches = batch_stamps([(tile, 2.0 * k, 0.0) for k in range(5)])
    assert [type(b) for b in batches] == [Shapes, Texts]
    assert len(batches[0].polygons) == 5 and len(batches[1].items) == 5
