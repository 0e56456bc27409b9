"""The oblique drawing order's shortcuts agree with the slow, general way: upright prisms
decided by arithmetic on their shapes as a line of sight through their overlap decides them,
and the Minkowski difference those shapes are compared by is every difference of points."""

from __future__ import annotations

import itertools

from hypothesis import given
from hypothesis import strategies as st

from piecepack_diagrams.api import setup_scene
from piecepack_diagrams.oblique.order import _UNDECIDED, _prism_behind, behind
from piecepack_diagrams.oblique.polygons import hull, minkowski_difference
from piecepack_diagrams.oblique.projection import Projection
from piecepack_diagrams.oblique.solids import solids_of
from piecepack_diagrams.pieces import Piece
from piecepack_diagrams.scene import ScenePiece

POINTS = st.lists(st.tuples(st.integers(-40, 40), st.integers(-40, 40)), min_size=3, max_size=12)


@given(POINTS, POINTS)
def test_the_minkowski_difference_is_the_hull_of_every_difference(a, b) -> None:
    ring_a, ring_b = hull([(x / 8, y / 8) for x, y in a]), hull([(x / 8, y / 8) for x, y in b])
    if len(ring_a) < 3 or len(ring_b) < 3:
        return
    expected = hull([(p[0] - q[0], p[1] - q[1]) for p in ring_a for q in ring_b])
    got = minkowski_difference(ring_a, ring_b)
    assert len(got) == len(expected)
    assert all(abs(p[0] - q[0]) < 1e-9 and abs(p[1] - q[1]) < 1e-9 for p, q in zip(got, expected))


def _pairs_disagreeing(pieces: tuple[ScenePiece, ...], projection: Projection) -> list[tuple[int, int]]:
    solids = solids_of(pieces)
    outlines = {id(s): projection.outline(s) for s in solids}
    out = []
    for a, b in itertools.combinations(solids, 2):
        sa, sb = projection.shape(a), projection.shape(b)
        if sa is None or sb is None:  # a pawn's parts: decided by a line of sight alone
            continue
        fast = _prism_behind(a, b, sa, sb, projection.offset(a), projection.offset(b), projection.shift)
        if fast is not _UNDECIDED and fast != behind(a, b, projection, outlines):
            out.append((a.index, b.index))
    return out


def test_shapes_decide_pairs_as_a_line_of_sight_does() -> None:
    """Tiles meeting in slivers, coins on tiles and beside them, pawns and dice standing by:
    every pair of the Coin Collectors setup and of a crowd of turned pieces, at every angle."""
    crowd = tuple(ScenePiece(piece, x, y, turn) for piece, x, y, turn in (
        (Piece("tile", "back"), 0.0, 0.0, 0.0), (Piece("tile", "back"), 2.0, 0.3, 30.0),
        (Piece("pawn", "face", 1), 1.0, 1.3, 120.0), (Piece("die", "face", 2, 3), -1.2, 0.9, 10.0),
        (Piece("coin", "back", 3), 1.1, -1.0, 0.0), (Piece("coin", "face", 1, 2), 0.2, -1.25, 0.0),
        (Piece("pawn", "face", 2), -1.1, -1.2, 45.0), (Piece("tile", "face", 1, 2), 0.5, 2.1, 90.0)))
    scene = setup_scene("coin-collectors", seed=1).pieces
    for angle in range(0, 360, 45):
        for depth in (0.5, 1.0, 2.0):
            projection = Projection(angle, depth)
            assert not _pairs_disagreeing(crowd, projection), (angle, depth)
            if angle % 90 == 45:
                assert not _pairs_disagreeing(scene, projection), (angle, depth)
