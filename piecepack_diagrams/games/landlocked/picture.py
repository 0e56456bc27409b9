"""Landlocked positions as scenes: face-up and grid-side-up tiles, the marker coins in
their corners by pass count, the pawn, the last leg's path, the current target ringed,
and beside the board a key: the two suits, the next leg, what the coins mean. Files
``a``..``e`` and ranks ``1``..``5`` are the board's coordinates (as
:func:`~.board.cell_name` names spaces).

Every route runs in a *lane*: between spaces it keeps a fixed distance right of and
below their centres, through each tile's lower right corner, so it never crosses a
rank (in the middle of a face-up tile), a suit symbol (upper left) or the pawn (left).
"""

from __future__ import annotations

from dataclasses import replace

from ...pieces import Piece, Suit
from ...scene import (Annotation, Arrow, Bounds, Coordinates, Highlight, KeyEntry, Label, Marker, Panel, PathLine,
                      Scene, ScenePiece)
from .board import HOME, MARK_SPOTS, Deal, cell_name
from .queries import reachable_cells
from .rules import LandlockedState

#: The board's coordinates: files a..e left to right, ranks 1..5 bottom to top.
COORDINATES = Coordinates(files=tuple((1.5 + 2 * c, "abcde"[c]) for c in range(5)),
                          ranks=tuple((9.5 - 2 * r, str(5 - r)) for r in range(5)))
#: Where a marker coin sits on its tile, from the tile's centre (inches).
_SPOTS = {"lower right": (0.5, -0.5), "upper right": (0.5, 0.5), "upper left": (-0.5, 0.5), "centre": (0.0, 0.0),
          "lower left": (-0.5, -0.5)}
#: Where the pawn stands on its space, from the centre: left of the rank, under the suit
#: symbol, above the lane (the marker coins never share a tile with it: it stands on
#: face-up tiles and at home).
PAWN_SPOT = (-0.68, -0.26)
#: The lanes routes run in, this far right of and below the spaces' centres (inches): the
#: first for a single leg, the others for a whole route's legs that share a way.
LANES = (0.82, 0.65, 0.48)
#: A refused step's X lies this far into the tile it may not enter (inches), by its edge;
#: its dashes run at least this far (inches).
_REFUSED_DEPTH, _REFUSED_RUN = 0.12, 0.95
#: A leg's arrow ends this far into its target from the edge it came in by (inches).
_ARRIVAL_DEPTH = 1.25
#: A whole route's legs: colours cycled leg by leg (Okabe-Ito's orange, sky blue and reddish
#: purple, and Paul Tol's wine: apart from the suits' vermillion, black, green and blue, and
#: from each other for colour-blind eyes), a numbered disc of the leg's colour at its target.
LEG_COLOURS = ("#E69F00", "#56B4E9", "#CC79A7", "#882255")
DISC_SPOT, DISC_SIZE = (0.68, -0.68), 0.7
#: The two boards of a whole route, this far apart (inches): outbound legs left, inbound right.
_SECOND_BOARD = 11.0
_OUTBOUND_LEGS = 6


def cell_centre(cell: int) -> tuple[float, float]:
    return 1.5 + 2 * (cell % 5), 9.5 - 2 * (cell // 5)


def suit_word(suit: int) -> str:
    return Suit(suit).title


def lane_point(cell: int, lane: int = 0) -> tuple[float, float]:
    """Where a route in ``lane`` passes through ``cell`` (and turns, if it turns there)."""
    x, y = cell_centre(cell)
    return x + LANES[lane], y - LANES[lane]


def route_points(cells: tuple[int, ...] | list[int], lane: int = 0) -> tuple[tuple[float, float], ...]:
    """The polyline of a walk through ``cells`` in ``lane``: its ends and the places it turns
    (a walk that goes back the way it came keeps its turning point)."""
    points = [lane_point(c, lane) for c in cells]
    kept = points[:1]
    for k in range(1, len(points) - 1):
        a, b, c = points[k - 1], points[k], points[k + 1]
        same = (b[0] - a[0]) * (c[1] - b[1]) == (b[1] - a[1]) * (c[0] - b[0]) and \
            (b[0] - a[0]) * (c[0] - b[0]) + (b[1] - a[1]) * (c[1] - b[1]) > 0
        if not same:
            kept.append(b)
    if len(points) > 1:
        kept.append(points[-1])
    return tuple(kept)


def _direction(a: int, b: int) -> tuple[int, int]:
    """The unit step from cell ``a`` to its neighbour ``b``, in table directions (y up)."""
    (x0, y0), (x1, y1) = cell_centre(a), cell_centre(b)
    return (x1 > x0) - (x1 < x0), (y1 > y0) - (y1 < y0)


def leg_arrow(cells: tuple[int, ...] | list[int]) -> Arrow:
    """A leg walked through ``cells``, as an arrow along the first lane turning where the pawn
    turned, its head a little past the middle of the target (beside or under its rank,
    whichever way the pawn came in), well clear of the next tile."""
    points = list(route_points(cells))
    dx, dy = _direction(cells[-2], cells[-1])
    cx, cy = cell_centre(cells[-1])
    x, y = points[-1]
    into = _ARRIVAL_DEPTH - 1.0
    points[-1] = (cx + dx * into, y) if dx else (x, cy + dy * into)
    return Arrow(points[0], points[-1], via=tuple(points[1:-1]))


def _inside(point: tuple[float, float], cell: int, direction: tuple[int, int]) -> float:
    """How far ``point`` (in ``cell``) lies from the edge of the cell behind it, going ``direction``."""
    (x, y), (cx, cy) = point, cell_centre(cell)
    return (x - (cx - direction[0])) * direction[0] if direction[0] else (y - (cy - direction[1])) * direction[1]


def refused_step(cells: list[int], stop: int) -> tuple[PathLine | None, Arrow]:
    """A leg tried through ``cells`` (the pawn's space first) whose step onto ``cells[stop]``
    the rules refuse: the legal part solid, the refused step dashed along the lane with its X
    just inside the tile it may not enter, clear of its rank and of the coins in its corners.
    The dashed part starts far enough back in the space before for its dashes to show."""
    before, cell = cells[stop - 1], cells[stop]
    step = _direction(before, cell)
    corner = lane_point(before)
    came = _direction(cells[stop - 2], before) if stop >= 2 else step
    # How much of the space before the step would be left to it from the lane, and how much
    # further back (along the way the pawn came) it may start.
    ahead = 2.0 - _inside(corner, before, step)
    back = min(max(0.0, _REFUSED_RUN - ahead), max(0.0, _inside(corner, before, came) - 0.05))
    start = (corner[0] - came[0] * back, corner[1] - came[1] * back)
    cx, cy = cell_centre(cell)
    into = 1.0 - _REFUSED_DEPTH
    end = (cx - step[0] * into, corner[1]) if step[0] else (corner[0], cy - step[1] * into)
    via = (corner,) if came != step and back > 0 else ()
    legal = route_points(cells[:stop])
    line = PathLine(legal[:-1] + (start,)) if stop >= 2 else None
    return line, Arrow(start, end, role="illegal", via=via)


def focus_of(cells: tuple[int, ...] | list[int]) -> Bounds:
    """The region a walk over ``cells`` is about: their tiles and one tile round them."""
    xs = [cell_centre(c)[0] for c in cells]
    ys = [cell_centre(c)[1] for c in cells]
    return Bounds(min(xs) - 3.0, min(ys) - 3.0, max(xs) + 3.0, max(ys) + 3.0)


def _is_shown(cell: int, focus: Bounds | None) -> bool:
    x, y = cell_centre(cell)
    return focus is None or (focus.x0 < x < focus.x1 and focus.y0 < y < focus.y1)


def board_pieces(state: LandlockedState, *, marks: bool = True, pawn: int | None = None, with_pawn: bool = True,
                 dx: float = 0.0) -> list[ScenePiece]:
    """The tiles (the two suits face up, the others grid side up), with ``marks`` the coins
    of the passes marked, and (``with_pawn``) the pawn on its space or on ``pawn``; ``dx``
    inches to the right."""
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
            pieces.append(ScenePiece(Piece("coin", "back", tile[0], 1), x + dx + sx, y + sy))
    if with_pawn:
        px, py = cell_centre(state.position if pawn is None else pawn)
        pieces.append(ScenePiece(Piece("pawn", "face", deal.outbound, 1), px + dx + PAWN_SPOT[0], py + PAWN_SPOT[1]))
    return pieces


def target_words(deal: Deal, cell: int) -> str:
    """A leg's target as a player names it: ``the ace of Crowns``, or ``home``."""
    return "home, the empty space" if cell == HOME else deal.describe(cell)


def _coin(suit: int) -> tuple[ScenePiece, ...]:
    return (ScenePiece(Piece("coin", "back", suit, 1), 0.0, 0.0),)


def _ordinal(k: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(k, f"{k}th")


def marks_entry(state: LandlockedState) -> KeyEntry:
    """What the marker coins mean, in the game's difficulty: where each pass's coin goes."""
    deal = state.deal
    spots = MARK_SPOTS[state.options.difficulty]
    grid_suit = next(s for s in range(1, 5) if s not in (deal.outbound, deal.inbound))
    said = [f"{_ordinal(k + 1)} {spot}" for k, spot in enumerate(spots)]
    said[-1] += " (last)"
    lines = [", ".join(said[k:k + 2]) + ("," if k + 2 < len(said) else "") for k in range(0, len(said), 2)]
    return KeyEntry("\n".join(["Coins mark passes over grid tiles:"] + lines), _coin(grid_suit))


#: The key's picture of the target: a ring like the one round the target on the board, its
#: line inside the height of the key's coins.
_RING = 0.3


def _ringed(state: LandlockedState) -> int | None:
    """The space ringed as the target: the next leg's (also when the game is lost there), or
    home once the game is won."""
    return HOME if state.outcome == "won" else state.target


def key_panel(state: LandlockedState, *, focus: Bounds | None = None) -> Panel:
    """The key under the board: the outbound and inbound suits (a coin of each), the ringed
    target and its leg in words (its square when the drawing shows it), and what the marker
    coins mean. Its entries are as tall in every position, so that drawings of one game keep
    one size."""
    deal = state.deal
    entries = [KeyEntry(f"Outbound: {suit_word(deal.outbound)}, null up to 5", _coin(deal.outbound)),
               KeyEntry(f"Inbound: {suit_word(deal.inbound)}, 5 down to null", _coin(deal.inbound))]
    target = _ringed(state)
    if target is not None:
        # Two short lines in every position: a key as narrow as a column's drawing, as tall always.
        where = f" ({cell_name(target)})" if _is_shown(target, focus) else ""
        said = {"won": f"Won: the pawn is\nhome again{where}",
                "lost": f"Landlocked: no way\nto {target_words(deal, target)}{where}"}.get(
            state.outcome, f"Next, leg {state.leg + 1}:\n{target_words(deal, target)}{where}")
        ring = ((-_RING, -_RING), (_RING, -_RING), (_RING, _RING), (-_RING, _RING), (-_RING, -_RING))
        entries.append(KeyEntry(said, annotations=(PathLine(ring, role="target"),)))
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
        annotations.append(leg_arrow(state.last_path))
        focus = focus_of(state.last_path)
    panels = (key_panel(state, focus=focus),) if key else ()
    return Scene(tuple(board_pieces(state)), tuple(annotations), caption=caption, focus=focus, panels=panels,
                 coordinates=COORDINATES)


def key_scene(state: LandlockedState) -> Scene:
    """The key of a game from ``state`` on, as a drawing of its own: the whole board as it
    stands, with the key under it (the two suits, the ringed target, the marker coins)."""
    return replace(position_scene(replace(state, last_path=())),
                   caption="Key: the outbound and inbound suits, the ringed target of the next leg, and where the "
                           "coin of each pass over a grid tile goes")


def attempt_marks(cells: list[int], stop: int) -> list[Annotation]:
    """A leg tried through ``cells`` whose step onto ``cells[stop]`` is refused: the legal
    part solid, the refused step dashed with its X (see :func:`refused_step`)."""
    line, arrow = refused_step(cells, stop)
    return ([line] if line is not None else []) + [arrow]


def route_scene(states: list[LandlockedState], paths: tuple[tuple[int, ...], ...], *, marks: bool = False,
                caption: str = "") -> Scene:
    """A whole route on two boards: the outbound legs on the left, the inbound legs and the
    way home on the right. ``states[k]`` is the position leg ``k + 1`` starts from (and
    ``states[-1]`` the end): each board shows where its first leg starts (the pawn at home,
    else the disc of the leg that ended there) and, with ``marks``, the coins after its last.
    Each leg is drawn in its own colour (cycled) in a lane of its own where legs share a way,
    numbered by a disc at its target."""
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
    files: list[tuple[float, str]] = []
    before: tuple[str, str] | None = None  # the number and colour of the leg before the board's first
    for k, board in enumerate(boards):
        dx = k * _SECOND_BOARD
        start = board[0][0] - first.leg
        end = board[-1][0] - first.leg + 1
        # Where the board's first leg starts: the pawn at home; on a tile (where the legs' lanes
        # would cross a pawn) the disc of the leg that ended there, again.
        at = states[start].position
        pawn = at == HOME or before is None
        pieces += board_pieces(states[end], marks=marks, pawn=at, with_pawn=pawn, dx=dx)
        if not pawn and before is not None:
            sx, sy = cell_centre(at)
            annotations.append(Marker(sx + dx + DISC_SPOT[0], sy + DISC_SPOT[1], DISC_SIZE, before[1], "disc",
                                      before[0], role="step"))
        files += [(x + dx, name) for x, name in COORDINATES.files]
        outbound = board[0][0] < _OUTBOUND_LEGS
        suit = suit_word(deal.outbound if outbound else deal.inbound)
        numbers = f"{board[0][0] + 1}-{board[-1][0] + 1}" if len(board) > 1 else f"{board[0][0] + 1}"
        title = f"Legs {numbers}: outbound, {suit}" if outbound else f"Legs {numbers}: inbound, {suit}, and home"
        annotations.append(Label(dx + 0.5, 10.75, title, 9.0, anchor="start"))
        walks = [cells for _, cells in board]
        drawn = [next(colours) for _ in board]
        for cells, lane, colour in zip(walks, _lanes(walks), drawn):
            points = tuple((x + dx, y) for x, y in route_points(cells, lane))
            annotations.append(PathLine(points, role="route", colour=colour))
        for (leg, cells), colour in zip(board, drawn):
            tx, ty = cell_centre(cells[-1])
            annotations.append(Marker(tx + dx + DISC_SPOT[0], ty + DISC_SPOT[1], DISC_SIZE, colour, "disc",
                                      str(leg + 1), role="step"))
        before = (str(board[-1][0] + 1), drawn[-1])
    return Scene(tuple(pieces), tuple(annotations), caption=caption,
                 coordinates=Coordinates(files=tuple(files), ranks=COORDINATES.ranks))


def _shares_way(a: tuple[int, ...], b: tuple[int, ...]) -> bool:
    return bool({frozenset(p) for p in zip(a, a[1:])} & {frozenset(p) for p in zip(b, b[1:])})


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


__all__ = ["COORDINATES", "DISC_SIZE", "DISC_SPOT", "LANES", "LEG_COLOURS", "PAWN_SPOT", "attempt_marks",
           "board_pieces", "cell_centre", "focus_of", "key_panel", "key_scene", "lane_point", "leg_arrow", "marks_entry",
           "position_scene", "refused_step", "route_points", "route_scene", "suit_word", "target_words"]
