"""A die's sides in the oblique view show the ranks piecepackr's ``die_arrangement`` puts
there: the expected ranks are worked out here from piecepackr's definition (the ranks on its
six face positions, the turn that brings each position up, as rotation matrices), the drawn
ones read from the drawing (which rank's glyph is drawn on each side seen)."""

from __future__ import annotations

import math

import numpy as np
import pytest

from piecepack_diagrams.cli import main
from piecepack_diagrams.errors import OptionError
from piecepack_diagrams.oblique.draw import oblique_stamps
from piecepack_diagrams.oblique.faces import FaceFrame, face_frame, glyph_polygons
from piecepack_diagrams.oblique.projection import Projection
from piecepack_diagrams.oblique.solids import solids_of
from piecepack_diagrams.pieces import Piece
from piecepack_diagrams.render import render
from piecepack_diagrams.render.shapes import Polygon
from piecepack_diagrams.scene import Scene, ScenePiece
from piecepack_diagrams.theme import DEFAULT

#: piecepackr's face positions: their outward normals on an unturned die (top, +x, +y,
#: bottom, -x, -y), and the rank on each by arrangement (1 the null, 6 the five).
POSITIONS = ((0, 0, 1), (1, 0, 0), (0, 1, 0), (0, 0, -1), (-1, 0, 0), (0, -1, 0))
RANKS = {"counter_down": (1, 2, 3, 4, 5, 6), "counter_up": (6, 5, 4, 3, 2, 1),
         "opposites_sum_to_5": (1, 2, 3, 6, 5, 4)}


def _r(axis: int, degrees: float) -> np.ndarray:
    """piecepackr's R_x, R_y, R_z: a turn ``degrees`` counter-clockwise about ``axis``, for
    row vectors multiplied on the left."""
    c, s = math.cos(math.radians(degrees)), math.sin(math.radians(degrees))
    i, j = (axis + 1) % 3, (axis + 2) % 3
    m = np.eye(3)
    m[i, i], m[i, j], m[j, i], m[j, j] = c, s, -s, c
    return m


#: The turn bringing each face position up (piecepackr's get_die_rotation).
TURN_UP = (np.eye(3), _r(1, -90) @ _r(2, 90), _r(0, 90) @ _r(2, -90), _r(0, 180), _r(1, 90) @ _r(2, 90),
           _r(0, -90) @ _r(2, 90))


def expected_rank(arrangement: str, top: int, turned: float, normal: tuple[int, int, int]) -> int:
    """The rank piecepackr's die of ``arrangement`` showing ``top``, turned ``turned`` degrees,
    has on its side of outward ``normal``."""
    ranks = RANKS[arrangement]
    turn = TURN_UP[ranks.index(top)] @ _r(2, turned)
    for position, rank in zip(POSITIONS, ranks):
        if np.allclose(np.array(position) @ turn, normal, atol=1e-9):
            return rank
    raise AssertionError("no face there")


def test_the_turns_are_rotations_that_bring_each_position_up() -> None:
    """The check of the check: each turn is a proper rotation putting its position on top."""
    for k, turn in enumerate(TURN_UP):
        assert np.isclose(np.linalg.det(turn), 1.0)
        assert np.allclose(np.array(POSITIONS[k]) @ turn, (0, 0, 1))


def _key(polygon: Polygon, dx: float, dy: float) -> tuple[tuple[float, float], ...]:
    return tuple((round(x + dx, 6), round(y + dy, 6)) for x, y in polygon.points)


def quarter_turns(frame: FaceFrame) -> list[FaceFrame]:
    """The four frames of a square side, its own and turned a quarter, a half and three
    quarters counter-clockwise in its plane about its centre: a rank may be drawn any way round."""
    centre = frame.at(0.0, frame.height / 2)
    out = []
    u, v = frame.u, frame.v
    for _ in range(4):
        out.append(FaceFrame((centre[0] - frame.height / 2 * v[0], centre[1] - frame.height / 2 * v[1]), u, v,
                             frame.width, frame.height))
        u, v = v, (-u[0], -u[1])
    return out


def drawn_sides(arrangement: str, top: int, turned: float, projection: Projection
                ) -> dict[tuple[int, int, int], tuple[int, FaceFrame]]:
    """The rank drawn on each side seen of a die (its outward normal the key), and the frame
    it is drawn in, read from the drawing: the glyph polygons drawn on the side are those of
    that rank's symbol, turned one of the four ways round."""
    theme = DEFAULT.replace(die_arrangement=arrangement)
    scene = Scene(pieces=(ScenePiece(Piece("die", "face", 2, top), 0.0, 0.0, turned),))
    drawn = {_key(prim, x, y) for stamp, x, y in oblique_stamps(scene.pieces, theme, projection)
             for prim in stamp.primitives if isinstance(prim, Polygon)}
    (solid,) = solids_of(scene.pieces)
    out = {}
    for face in solid.faces:
        frame = face_frame(face, projection)
        if face.kind != "side" or not projection.is_facing(face) or frame is None:
            continue
        fill = next(iter(p.fill for stamp, _, _ in oblique_stamps(scene.pieces, theme, projection)
                         for p in stamp.primitives if isinstance(p, Polygon) and _key(p, 0, 0) ==
                         _key(Polygon(projection.face(face), "", "", 0), 0, 0)))
        found = [(rank, way) for rank in range(1, 7) for way in quarter_turns(frame)
                 if all(_key(p, 0, 0) in drawn for p in glyph_polygons(
                     way, "text", theme.rank_symbol(rank), 0.6 * frame.height, theme.die_text, fill,
                     theme.lettering_font))]
        assert len(found) == 1, found
        length = math.sqrt(sum(n * n for n in face.normal))
        normal = tuple(int(round(n / length)) for n in face.normal)
        out[normal] = found[0]
    return out


def drawn_ranks(arrangement: str, top: int, turned: float, projection: Projection) -> dict[tuple[int, int, int], int]:
    """The rank drawn on each side seen of a die (its outward normal the key)."""
    return {normal: rank for normal, (rank, _) in drawn_sides(arrangement, top, turned, projection).items()}


@pytest.mark.parametrize("arrangement", sorted(RANKS))
@pytest.mark.parametrize("turned,view", [(0.0, 45.0), (90.0, 225.0), (180.0, 135.0)])
def test_a_dies_sides_show_the_ranks_its_arrangement_puts_there(arrangement, turned, view) -> None:
    projection = Projection(view, 1.0)
    for top in range(1, 7):
        seen = drawn_ranks(arrangement, top, turned, projection)
        assert len(seen) == 2  # two sides seen from a diagonal
        assert seen == {n: expected_rank(arrangement, top, turned, n) for n in seen}, (top, seen)


@pytest.mark.parametrize("turned", [0.0, 30.0, 90.0])
@pytest.mark.parametrize("depth", [0.5, 1.0, 2.0])
def test_a_sides_rank_reads_up_the_page_and_to_the_right(turned, depth) -> None:
    """Seen from any angle, a side's rank is drawn with its up pointing up the page and its
    right to the right (not lying, upside down or running backwards), however the side is
    turned: a side seen nearly edge on (the -x side from angle 45) once drew its rank lying."""
    for angle in range(0, 360, 15):
        for normal, (_, way) in drawn_sides("counter_down", 3, turned, Projection(angle, depth)).items():
            up = way.v[1] / math.hypot(*way.v)
            right = way.u[0] / math.hypot(*way.u)
            assert up > 0.25 and right > 0.25, (angle, normal, up, right)


def test_the_default_is_piecepackrs_counter_down() -> None:
    assert DEFAULT.die_arrangement == "counter_down"
    projection = Projection(45.0, 1.0)
    # A die showing the null, seen from the lower left: its -x side the four, its -y side the five.
    assert drawn_ranks("counter_down", 1, 0.0, projection) == {(-1, 0, 0): 5, (0, -1, 0): 6}


def test_the_arrangement_is_an_option_of_every_drawing(tmp_path) -> None:
    scene = Scene(pieces=(ScenePiece(Piece("die", "face", 1, 1), 0.0, 0.0),))
    down = render(scene, "svg", view="oblique")
    assert render(scene, "svg", view="oblique", die_arrangement="counter_down") == down
    assert render(scene, "svg", view="oblique", die_arrangement="counter_up") != down
    with pytest.raises(OptionError) as refused:
        render(scene, "svg", view="oblique", die_arrangement="clockwise")
    assert refused.value.token == "clockwise" and "counter_up" in str(refused.value)


def test_the_animation_takes_the_arrangement_and_refuses_a_wrong_name(tmp_path, capsys) -> None:
    from pathlib import Path

    record = sorted((Path(__file__).resolve().parents[1] / "records" / "coin-collectors").glob("*.ppn"))[0]
    with pytest.raises(SystemExit) as stopped:
        main(["animate", str(record), "--view", "oblique", "--die-arrangement", "up", "-o", str(tmp_path / "a.gif")])
    assert stopped.value.code == 2
    assert "--die-arrangement: invalid choice: 'up'" in capsys.readouterr().err
    assert not (tmp_path / "a.gif").exists()
