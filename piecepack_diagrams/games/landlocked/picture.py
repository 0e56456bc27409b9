"""Landlocked positions as scenes: face-up and grid-side-up tiles, the marker coins in
their corners by pass count, the pawn, the last leg's path, the current target ringed,
and beside the board a key: the two suits, the next leg, what the coins mean. Files
``a``..``e`` and ranks ``1``..``5`` are the board's coordinates (as
:func:`~.board.cell_name` names spaces).

Every route runs inside the tiles it crosses, never along a border or a gutter: straight
through the centres of its spaces (between the marker coins in the corners) and across each
border at the middle of the edge, turning only where the pawn turns. Where it passes under a
face-up tile's rank it is left out round the rank, so the page shows round the rank and it
reads whole.
"""

from __future__ import annotations


from ...pieces import Piece, Suit
from ...scene import (Annotation, Arrow, Bounds, Coordinates, Highlight, KeyEntry, Label, Marker, Panel, PathLine,
                      Scene, ScenePiece)
from ..coin_collectors.picture import ROUTE_DASHES
from .board import HOME, MARK_SPOTS, Deal, cell_name
from .queries import reachable_cells
from .rules import LandlockedState
from ...values import replace
import itertools

#: The board's coordinates: files a..e left to right, ranks 1..5 bottom to top.
COORDINATES = Coordinates(files=tuple((1.5 + 2 * c, "abcde"[c]) for c in range(5)),
                          ranks=tuple((9.5 - 2 * r, str(5 - r)) for r in range(5)))
#: Where a marker coin sits on its tile, from the tile's centre (inches): the corners far enough
#: out that a corner coin (3/4 inch across) keeps clear of the centre one, inside the tile's edge.
_SPOTS = {"lower right": (0.56, -0.56), "upper right": (0.56, 0.56), "upper left": (-0.56, 0.56), "centre": (0.0, 0.0),
          "lower left": (-0.56, -0.56)}
#: Where the pawn stands on its space, from the centre: left of the rank, under the suit
#: symbol; right of the rank when a walk comes in or goes out on its left (the marker coins
#: never share a tile with it: it stands on face-up tiles and at home).
PAWN_SPOTS = ((-0.66, -0.14), (0.64, -0.14))
#: The pawn's extent about its spot (inches): left, bottom, right, top.
_PAWN_BOX = (-0.25, -0.44, 0.25, 0.41)
#: The lanes routes run in, this far right of and below the straight line through the centres
#: of the spaces (inches): the first for a single leg, the others for a whole route's legs that
#: share a way (straight side by side, between the marker coins in the corners).
LANES = (0.0, 0.1, -0.1)
#: A route passes under a face-up tile's rank: it is left out across this box round the rank,
#: from the tile's centre (inches: the widest rank's ink and a clear margin), so that the
#: page shows round the rank and it reads whole.
KNOCKOUT = (-0.5, -0.5, 0.5, 0.51)
#: A refused step's X lies this far into the tile it may not enter (inches), past the edge.
_REFUSED_DEPTH = 0.2
#: Pieces of a route shorter than this (inches) between two knock-outs are left out.
_SHORTEST = 0.05

Point = tuple[float, float]
Box = tuple[float, float, float, float]


def _is_face(deal: Deal, cell: int) -> bool:
    return deal.tiles[cell] is not None and deal.is_face_up(cell)


def _crossing(a: int, b: int, shift: float) -> Point:
    """Where a walk from ``a`` to its neighbour ``b`` in the lane ``shift`` crosses their
    border: the middle of the edge, moved along it by the lane."""
    (ax, ay), (bx, by) = cell_centre(a), cell_centre(b)
    if ay == by:  # a step across a file
        return (ax + bx) / 2, ay - shift
    return ax + shift, (ay + by) / 2


def walk_points(deal: Deal, cells: tuple[int, ...] | list[int], lane: int = 0) -> list[Point]:
    """The points of a walk through ``cells`` in ``lane``: the centre of each space (moved
    right and down by the lane) and the middle of each border crossed between them, so that
    the walk turns only where the pawn turns."""
    shift = LANES[lane]
    points: list[Point] = []
    for k, cell in enumerate(cells):
        if k > 0:
            points.append(_crossing(cells[k - 1], cell, shift))
        cx, cy = cell_centre(cell)
        points.append((cx + shift, cy - shift))
    return points


def knockouts(deal: Deal, cells: tuple[int, ...] | list[int] | range) -> list[Box]:
    """The boxes round the ranks of the face-up tiles among ``cells`` that routes leave out."""
    out: list[Box] = []
    for cell in cells:
        if _is_face(deal, cell):
            cx, cy = cell_centre(cell)
            out.append((cx + KNOCKOUT[0], cy + KNOCKOUT[1], cx + KNOCKOUT[2], cy + KNOCKOUT[3]))
    return out


def _inside_span(a: Point, b: Point, box: Box) -> tuple[float, float] | None:
    """The share ``(t0, t1)`` of the segment ``a``-``b`` inside ``box``, or None."""
    t0, t1 = 0.0, 1.0
    for start, delta, low, high in ((a[0], b[0] - a[0], box[0], box[2]), (a[1], b[1] - a[1], box[1], box[3])):
        if abs(delta) < 1e-12:
            if not low < start < high:
                return None
            continue
        u0, u1 = sorted(((low - start) / delta, (high - start) / delta))
        t0, t1 = max(t0, u0), min(t1, u1)
    return (t0, t1) if t0 < t1 else None


def _outside(spans: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """The parts of ``[0, 1]`` outside every one of ``spans``."""
    out, at = [], 0.0
    for t0, t1 in sorted(spans):
        if t0 > at:
            out.append((at, t0))
        at = max(at, t1)
    return out + [(at, 1.0)] if at < 1.0 else out


def interrupted(points: tuple[Point, ...] | list[Point], boxes: list[Box]) -> list[tuple[Point, ...]]:
    """The polyline ``points`` left out across ``boxes``: the pieces outside them, in order
    (none shorter than :data:`_SHORTEST`)."""
    pieces: list[list[Point]] = []
    current: list[Point] | None = None
    for a, b in itertools.pairwise(points):
        spans = [span for span in (_inside_span(a, b, box) for box in boxes) if span is not None]
        for t0, t1 in _outside(spans):
            if t0 > 1e-9 or current is None:
                if current:
                    pieces.append(current)
                current = [(a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0)]
            current.append((a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1))
            if t1 < 1.0 - 1e-9:
                pieces.append(current)
                current = None
        if spans and not _outside(spans) and current:
            pieces.append(current)
            current = None
    if current:
        pieces.append(current)
    out = []
    for piece in pieces:
        kept = _simplified(piece)
        length = sum(abs(q[0] - p[0]) + abs(q[1] - p[1]) for p, q in itertools.pairwise(kept))
        if len(kept) >= 2 and length >= _SHORTEST:
            out.append(kept)
    return out

#: A whole route's legs: colours cycled leg by leg (Okabe-Ito's orange, sky blue and reddish
#: purple, and Paul Tol's wine: apart from the suits' vermillion, black, green and blue, and
#: from each other for colour-blind eyes), and a numbered disc of the leg's colour where it
#: ends, so that legs stay apart in black and white too.
LEG_COLOURS = ("#E69F00", "#56B4E9", "#CC79A7", "#882255")
#: Each colour's line, so that legs stay apart without colour too (as the Coin Collectors
#: answer keys draw their routes): solid, long dashes, short dashes, dash and dot.
LEG_DASHES = ROUTE_DASHES
DISC_SIZE = 0.7
#: The two boards of a whole route, this far apart (inches): outbound legs left, inbound right.
_SECOND_BOARD = 11.0
_OUTBOUND_LEGS = 6


def cell_centre(cell: int) -> tuple[float, float]:
    return 1.5 + 2 * (cell % 5), 9.5 - 2 * (cell // 5)


def suit_word(suit: int) -> str:
    return Suit(suit).title


def _direction(a: int, b: int) -> tuple[int, int]:
    """The unit step from cell ``a`` to its neighbour ``b``, in table directions (y up)."""
    (x0, y0), (x1, y1) = cell_centre(a), cell_centre(b)
    return (x1 > x0) - (x1 < x0), (y1 > y0) - (y1 < y0)


def _simplified(points: list[Point]) -> tuple[Point, ...]:
    """``points`` without repeats and without the middle of three in a line going one way (a
    walk that goes back the way it came keeps its turning point)."""
    kept: list[Point] = []
    for p in points:
        if kept and abs(p[0] - kept[-1][0]) < 1e-9 and abs(p[1] - kept[-1][1]) < 1e-9:
            continue
        if len(kept) >= 2:
            a, b = kept[-2], kept[-1]
            same = abs((b[0] - a[0]) * (p[1] - b[1]) - (b[1] - a[1]) * (p[0] - b[0])) < 1e-9 and \
                (b[0] - a[0]) * (p[0] - b[0]) + (b[1] - a[1]) * (p[1] - b[1]) > 0
            if same:
                kept[-1] = p
                continue
        kept.append(p)
    return tuple(kept)


def route_points(deal: Deal, cells: tuple[int, ...] | list[int], lane: int = 0) -> tuple[Point, ...]:
    """The polyline of a walk through ``cells`` in ``lane`` (see :func:`walk_points`): its ends
    and the places it turns."""
    return _simplified(walk_points(deal, cells, lane))


def route_pieces(deal: Deal, cells: tuple[int, ...] | list[int], lane: int = 0) -> list[tuple[Point, ...]]:
    """The walk through ``cells`` in ``lane`` as drawn: :func:`route_points` left out across
    the rank of every face-up tile it passes under (see :data:`KNOCKOUT`)."""
    return interrupted(route_points(deal, cells, lane), knockouts(deal, cells))


def leg_marks(deal: Deal, cells: tuple[int, ...] | list[int]) -> list[Annotation]:
    """A leg walked through ``cells``: straight through the centres of its spaces, turning
    where the pawn turned, left out round the ranks it passes under; an arrow, its head by
    the target's rank (lines before it where a rank on the way parts it)."""
    pieces = route_pieces(deal, cells)
    *before, last = pieces
    return [*(PathLine(piece) for piece in before), Arrow(last[0], last[-1], via=tuple(last[1:-1]))]


def refused_step(deal: Deal, cells: list[int], stop: int) -> tuple[list[PathLine], Arrow]:
    """A leg tried through ``cells`` (the pawn's space first) whose step onto ``cells[stop]``
    the rules refuse: the legal part solid, up to the centre of the space before the step;
    the step dashed from there across the border, its X just inside the tile it may not
    enter; both left out round the ranks they pass under."""
    walk = list(cells[:stop + 1])
    crossing = _crossing(walk[-2], walk[-1], LANES[0])
    step = _direction(walk[-2], walk[-1])
    points = walk_points(deal, walk)
    boxes = knockouts(deal, walk)
    x = (crossing[0] + step[0] * _REFUSED_DEPTH, crossing[1] + step[1] * _REFUSED_DEPTH)
    # The points end: the centre of the space before the step, the crossing, the refused centre.
    solid = interrupted(_simplified(points[:-2]), boxes) if stop >= 2 else []
    *parted, dashed = interrupted(_simplified([points[-3], crossing, x]), boxes)
    return [PathLine(piece) for piece in solid + parted], Arrow(dashed[0], dashed[-1], role="illegal",
                                                                  via=dashed[1:-1])


def pawn_spot(cell: int, marks: tuple[Annotation, ...] | list[Annotation] = ()) -> Point:
    """Where the pawn stands on ``cell``: the first of :data:`PAWN_SPOTS` that no arrow or route
    of ``marks`` comes near."""
    cx, cy = cell_centre(cell)
    segments = [(a, b) for m in marks if isinstance(m, (Arrow, PathLine)) for a, b in zip(m.points, m.points[1:])]
    for sx, sy in PAWN_SPOTS:
        box = (cx + sx + _PAWN_BOX[0] - 0.08, cy + sy + _PAWN_BOX[1] - 0.08,
               cx + sx + _PAWN_BOX[2] + 0.08, cy + sy + _PAWN_BOX[3] + 0.08)
        if not any(_meets_box(a, b, box) for a, b in segments):
            return cx + sx, cy + sy
    return cx + PAWN_SPOTS[0][0], cy + PAWN_SPOTS[0][1]


def _meets_box(a: Point, b: Point, box: tuple[float, float, float, float]) -> bool:
    """Whether the axis-parallel segment ``a``-``b`` meets ``box``."""
    return min(a[0], b[0]) <= box[2] and max(a[0], b[0]) >= box[0] and \
        min(a[1], b[1]) <= box[3] and max(a[1], b[1]) >= box[1]


def focus_of(cells: tuple[int, ...] | list[int]) -> Bounds:
    """The region a walk over ``cells`` is about: their tiles and one tile round them."""
    xs = [cell_centre(c)[0] for c in cells]
    ys = [cell_centre(c)[1] for c in cells]
    return Bounds(min(xs) - 3.0, min(ys) - 3.0, max(xs) + 3.0, max(ys) + 3.0)


def _is_shown(cell: int, focus: Bounds | None) -> bool:
    x, y = cell_centre(cell)
    return focus is None or (focus.x0 < x < focus.x1 and focus.y0 < y < focus.y1)


def board_pieces(state: LandlockedState, *, marks: bool = True, pawn: int | None = None, with_pawn: bool = True,
                 dx: float = 0.0, clear_of: tuple[Annotation, ...] | list[Annotation] = ()) -> list[ScenePiece]:
    """The tiles (the two suits face up, the others grid side up), with ``marks`` the coins
    of the passes marked, and (``with_pawn``) the pawn on its space or on ``pawn``, clear of
    the arrows and routes ``clear_of`` (see :func:`pawn_spot`); ``dx`` inches to the right."""
    deal = state.deal
    pieces = []
    spots = MARK_SPOTS[state.options.difficulty]
    for cell, tile in enumerate(deal.tiles):
        if tile is None:
            continue
        x, y = cell_centre(cell)
        pieces.append(ScenePiece(Piece("tile", "face" if deal.is_face_up(cell) else "back", *tile), x + dx, y))
        for k in range(min(state.marks[cell], len(spots)) if marks else 0):
            sx, sy = _SPOTS[spots[k]]
            pieces.append(ScenePiece(Piece("coin", "back", marker_suit(deal), 1), x + dx + sx, y + sy))
    if with_pawn:
        px, py = pawn_spot(state.position if pawn is None else pawn, clear_of)
        pieces.append(ScenePiece(Piece("pawn", "face", deal.outbound, 1), px + dx, py))
    return pieces


def target_words(deal: Deal, cell: int) -> str:
    """A leg's target as a player names it: ``the ace of Crowns``, or ``home``."""
    return "home, the empty space" if cell == HOME else deal.describe(cell)


def _coin(suit: int) -> tuple[ScenePiece, ...]:
    return (ScenePiece(Piece("coin", "back", suit, 1), 0.0, 0.0),)


def _ordinal(k: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(k, f"{k}th")


def marker_suit(deal: Deal) -> int:
    """The suit of every marker coin drawn (any suit will do, the rules say): the first of the
    two suits turned grid side up, so that the key's coin is the board's."""
    return next(s for s in range(1, 5) if s not in (deal.outbound, deal.inbound))


def marks_entry(state: LandlockedState) -> KeyEntry:
    """What the marker coins mean, in the game's difficulty: where each pass's coin goes."""
    spots = MARK_SPOTS[state.options.difficulty]
    grid_suit = marker_suit(state.deal)
    said = [f"{_ordinal(k + 1)} {spot}" for k, spot in enumerate(spots)]
    said[-1] += " (last)"
    lines = [", ".join(said[k:k + 2]) + ("," if k + 2 < len(said) else "") for k in range(0, len(said), 2)]
    # The marking differs with the difficulty, so the key says whose it is (lines a column wide).
    return KeyEntry("\n".join([f"Coins mark passes, {state.options.difficulty} game:"] + lines), _coin(grid_suit))


#: The key's picture of the target: a square shaded and edged like the target on the board,
#: as tall as the key's coins.
_SWATCH = 0.75


def _ringed(state: LandlockedState) -> int | None:
    """The space ringed as the target: the next leg's (also when the game is lost there), or
    home once the game is won."""
    return HOME if state.outcome == "won" else state.target


def key_panel(state: LandlockedState, *, focus: Bounds | None = None) -> Panel:
    """The key under the board: the outbound and inbound suits (a coin of each), the target of
    the next leg in words, with a swatch of its mark and its square when the drawing shows it
    (else "not in view"), and what the marker coins mean."""
    deal = state.deal
    entries = [KeyEntry(f"Outbound: {suit_word(deal.outbound)}, null up to 5", _coin(deal.outbound)),
               KeyEntry(f"Inbound: {suit_word(deal.inbound)}, 5 down to null", _coin(deal.inbound))]
    target = _ringed(state)
    if target is not None:
        # Two short lines in every position: a key as narrow as a column's drawing, as tall always.
        shown = _is_shown(target, focus)
        where = f" ({cell_name(target)})" if shown else " (not in view)"
        said = {"won": f"Won: the pawn is\nhome again{where}",
                "lost": f"Landlocked: no way\nto {target_words(deal, target)}{where}"}.get(
            state.outcome, f"Next, leg {state.leg + 1}:\n{target_words(deal, target)}{where}")
        swatch = (Highlight(0.0, 0.0, _SWATCH, _SWATCH, role="target"),) if shown else ()
        entries.append(KeyEntry(said, annotations=swatch))
    entries.append(marks_entry(state))
    return Panel(entries=tuple(entries), side="below")


def position_scene(state: LandlockedState, *, caption: str = "", show_legal: bool = False,
                   key: bool = True) -> Scene:
    """A drawing of ``state``: the last leg as an arrow, the next target ringed (home, once
    won); with ``show_legal`` every space the leg can reach highlighted. The key (see
    :func:`key_panel`) is under the board; without ``key`` there is none (plates and the
    viewer show :func:`key_scene` once). A position after a leg is about that leg: its focus
    is the leg's spaces and a tile round."""
    annotations: list[Annotation] = []
    if show_legal:
        annotations += [Highlight(*cell_centre(c), 2.0, 2.0) for c in reachable_cells(state)]
    target = _ringed(state)
    if target is not None:
        annotations.append(Highlight(*cell_centre(target), 2.0, 2.0, role="target"))
    focus = None
    if len(state.last_path) > 1:
        annotations += leg_marks(state.deal, state.last_path)
        focus = focus_of(state.last_path)
    # The key names the target's square and shows its mark: the layout may show the whole
    # board (the default) or crop it to the focus, and the target is in view in the first.
    panels = (key_panel(state),) if key else ()
    return Scene(tuple(board_pieces(state, clear_of=annotations)), tuple(annotations), caption=caption, focus=focus,
                 panels=panels, coordinates=COORDINATES)


def key_scene(state: LandlockedState) -> Scene:
    """The key of a game from ``state`` on, as a drawing of its own: the whole board as it
    stands, with the key under it (the two suits, the ringed target, the marker coins)."""
    return replace(position_scene(replace(state, last_path=())),
                   caption="Key: the outbound and inbound suits, the target of the next leg (shaded, edged in red), "
                           "and where the coin of each pass over a grid tile goes")


def attempt_marks(deal: Deal, cells: list[int], stop: int) -> list[Annotation]:
    """A leg tried through ``cells`` whose step onto ``cells[stop]`` is refused: the legal
    part solid, the refused step dashed with its X (see :func:`refused_step`)."""
    lines, arrow = refused_step(deal, cells, stop)
    return [*lines, arrow]


def route_scene(states: list[LandlockedState], paths: tuple[tuple[int, ...], ...], *, marks: bool = False,
                caption: str = "") -> Scene:
    """A whole route on two boards: the outbound legs on the left, the inbound legs and the
    way home on the right. ``states[k]`` is the position leg ``k + 1`` starts from (and
    ``states[-1]`` the end): each board shows where its first leg starts (the pawn at home,
    else the disc of the leg that ended there) and, with ``marks``, the coins after its last.
    Each leg runs inside the tiles it crosses, in a lane of its own where legs share a way,
    its colour the next of :data:`LEG_COLOURS` (never the leg before's) and its number in a
    disc where it ends; the discs lie over every line."""
    first = states[0]
    deal = first.deal
    legs = [(first.leg + k, (states[k].position,) + tuple(path)) for k, path in enumerate(paths)]
    boards = [[leg for leg in legs if leg[0] < _OUTBOUND_LEGS], [leg for leg in legs if leg[0] >= _OUTBOUND_LEGS]]
    boards = [b for b in boards if b]
    colours = iter(_colours([leg for board in boards for leg, _ in board],
                            [cells for board in boards for _, cells in board],
                            [k for k, board in enumerate(boards) for _ in board]))
    pieces: list[ScenePiece] = []
    annotations: list[Annotation] = []
    discs: list[Annotation] = []
    files: list[tuple[float, str]] = []
    before: tuple[str, str, Point] | None = None  # the number, colour and end of the leg before the board's first
    for k, board in enumerate(boards):
        dx = k * _SECOND_BOARD
        start = board[0][0] - first.leg
        end = board[-1][0] - first.leg + 1
        files += [(x + dx, name) for x, name in COORDINATES.files]
        outbound = board[0][0] < _OUTBOUND_LEGS
        suit = suit_word(deal.outbound if outbound else deal.inbound)
        numbers = f"{board[0][0] + 1}-{board[-1][0] + 1}" if len(board) > 1 else f"{board[0][0] + 1}"
        title = f"Legs {numbers}: outbound, {suit}" if outbound else f"Legs {numbers}: inbound, {suit}, and home"
        annotations.append(Label(dx + 0.5, 10.75, title, 9.0, anchor="start"))
        walks = [cells for _, cells in board]
        drawn = [next(colours) for _ in board]
        lines = []
        for (_, cells), lane, colour in zip(board, _lanes(walks), drawn):
            lines += [PathLine(tuple((x + dx, y) for x, y in piece), role="route", colour=colour,
                               dash=LEG_DASHES[LEG_COLOURS.index(colour)]) for piece in route_pieces(deal, cells, lane)]
        annotations += lines
        # Where the board's first leg starts: the pawn at home; on a tile (where the legs' lanes
        # would cross a pawn) the disc of the leg that ended there, again.
        at = states[start].position
        pawn = at == HOME or before is None
        drawn_pieces = board_pieces(states[end], marks=marks, pawn=at, with_pawn=pawn,
                                    clear_of=[PathLine(tuple((x - dx, y) for x, y in line.points)) for line in lines])
        pieces += [replace(p, x=p.x + dx) for p in drawn_pieces]
        taken: list[Point] = []
        if not pawn and before is not None:
            taken.append(before[2])
            discs.append(Marker(before[2][0] + dx, before[2][1], DISC_SIZE, before[1], "disc", before[0], role="step"))
        for (leg, cells), lane, colour in zip(board, _lanes(walks), drawn):
            spot = disc_spot(deal, cells, LANES[lane], drawn_pieces, taken)
            taken.append(spot)
            discs.append(Marker(spot[0] + dx, spot[1], DISC_SIZE, colour, "disc", str(leg + 1), role="step"))
        before = (str(board[-1][0] + 1), drawn[-1], taken[-1])
    return Scene(tuple(pieces), tuple(annotations + discs), caption=caption,
                 coordinates=Coordinates(files=tuple(files), ranks=COORDINATES.ranks))


#: A leg's disc lies this far from its target's centre towards the side the leg came in by (inches):
#: on the leg where it enters, clear of the rank; or, where that is taken, by another side.
_DISC_OUT = 0.93
#: The ink a disc must leave clear on a face-up tile, from its centre (inches): the rank, the
#: suit symbol.
_RANK_INK = (-0.56, -0.42, 0.56, 0.43)
_SUIT_INK = (-0.86, 0.34, -0.34, 0.86)
#: The board's extent (inches): the five by five spaces.
_BOARD = (0.5, 0.5, 10.5, 10.5)



def _overlaps(a: Box, b: Box, gap: float = 0.0) -> bool:
    return a[0] < b[2] + gap and b[0] < a[2] + gap and a[1] < b[3] + gap and b[1] < a[3] + gap


def _ink_boxes(deal: Deal, pieces: list[ScenePiece]) -> list[Box]:
    """What a disc must not cover: every face-up tile's rank and suit symbol, and the coins and
    the pawn of ``pieces``."""
    boxes: list[Box] = []
    for cell in range(len(deal.tiles)):
        if _is_face(deal, cell):
            cx, cy = cell_centre(cell)
            boxes += [(cx + x0, cy + y0, cx + x1, cy + y1) for x0, y0, x1, y1 in (_RANK_INK, _SUIT_INK)]
    for p in pieces:
        if p.piece.kind == "coin":
            boxes.append((p.x - 0.375, p.y - 0.375, p.x + 0.375, p.y + 0.375))
        elif p.piece.kind == "pawn":
            boxes.append((p.x + _PAWN_BOX[0], p.y + _PAWN_BOX[1], p.x + _PAWN_BOX[2], p.y + _PAWN_BOX[3]))
    return boxes


def disc_spot(deal: Deal, cells: tuple[int, ...] | list[int], shift: float, pieces: list[ScenePiece],
              taken: list[Point]) -> Point:
    """Where the number disc of a leg walked through ``cells`` (in the lane ``shift``) goes: on
    the leg where it enters its target, just inside it; else by another side of the target
    (the centre first where the target has no rank), covering no rank, suit symbol, coin or
    pawn of ``pieces`` and no disc at ``taken``, inside the board. The first candidate when
    none is clear (not expected: a tile has four sides)."""
    target, came_from = cells[-1], cells[-2]
    cx, cy = cell_centre(target)
    back = _direction(target, came_from)
    crossing = _crossing(came_from, target, shift)
    # The lane's offset along the border, kept where a disc there stays clear of the corners.
    lateral = max(-0.5, min(0.5, crossing[1] - cy if back[1] == 0 else crossing[0] - cx))
    sides = [back] + [s for s in ((1, 0), (0, -1), (-1, 0), (0, 1)) if s != back]
    candidates: list[Point] = [] if _is_face(deal, target) else [(cx, cy)]
    for sx, sy in sides:
        # On the leg first: across it, then off it by up to 0.25 inch (still over it).
        on_leg = (lateral, lateral - 0.06, lateral + 0.06, lateral - 0.25, lateral + 0.25, -0.5, 0.5)
        for along in (on_leg if (sx, sy) == back else (0.0, -0.5, 0.5)):
            candidates.append((cx + sx * _DISC_OUT + abs(sy) * along, cy + sy * _DISC_OUT + abs(sx) * along))
    r = DISC_SIZE / 2
    inks = _ink_boxes(deal, pieces)
    for x, y in candidates:
        box = (x - r, y - r, x + r, y + r)
        if not (_BOARD[0] <= box[0] and box[2] <= _BOARD[2] and _BOARD[1] <= box[1] and box[3] <= _BOARD[3]):
            continue
        if any(_overlaps(box, ink) for ink in inks):
            continue
        if any(_overlaps(box, (tx - r, ty - r, tx + r, ty + r), 0.04) for tx, ty in taken):
            continue
        return x, y
    return candidates[0]


def _shares_way(a: tuple[int, ...], b: tuple[int, ...]) -> bool:
    return bool({frozenset(p) for p in itertools.pairwise(a)} & {frozenset(p) for p in itertools.pairwise(b)})


def _colours(legs: list[int], walks: list[tuple[int, ...]], boards: list[int]) -> list[str]:
    """A colour for each leg (drawn on board ``boards[k]``): never the colour of the leg before
    it (they meet at its disc); of the others, the one fewest earlier legs sharing a way with
    it on its board have, the next of :data:`LEG_COLOURS` in turn among equals (so legs simply
    cycle when nothing is shared)."""
    out: list[str] = []
    for k, (leg, walk) in enumerate(zip(legs, walks)):
        turn = [LEG_COLOURS[(leg + n) % len(LEG_COLOURS)] for n in range(len(LEG_COLOURS))]
        shared = [out[j] for j in range(k - 1) if boards[j] == boards[k] and _shares_way(walks[j], walk)]
        allowed = [c for c in turn if k == 0 or c != out[k - 1]]
        out.append(min(allowed, key=lambda c: (shared.count(c), turn.index(c))))
    return out


def _lanes(walks: list[tuple[int, ...]]) -> list[int]:
    """A lane for each walk, so that walks sharing a way between two spaces run side by side
    where they can: each takes the first lane no earlier walk sharing a way with it took."""
    out: list[int] = []
    for k, walk in enumerate(walks):
        taken = {out[j] for j in range(k) if _shares_way(walks[j], walk)}
        out.append(next((lane for lane in range(len(LANES)) if lane not in taken), k % len(LANES)))
    return out


__all__ = ["COORDINATES", "DISC_SIZE", "KNOCKOUT", "LANES", "LEG_COLOURS", "LEG_DASHES", "PAWN_SPOTS", "attempt_marks",
           "board_pieces", "cell_centre", "disc_spot", "focus_of", "interrupted", "key_panel", "key_scene", "knockouts",
           "leg_marks", "marker_suit", "marks_entry", "pawn_spot", "position_scene", "refused_step", "route_pieces",
           "route_points", "route_scene", "suit_word", "target_words", "walk_points"]
