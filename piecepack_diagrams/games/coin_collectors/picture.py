"""Coin Collectors positions as scenes: the 5x5 square of tiles (each coin in its tile's
lower right corner, clear of the rank), the pawns in the hole or on their tiles, and
beside the board the four dice and the collected coins. Files ``a``..``e`` and ranks
``1``..``5`` are the board's coordinates (as :func:`~.board.cell_name` names cells).

A position whose last move is known is about that move: its focus is the two tiles and
one tile round them, and the move is drawn as an arrow along the way the pawn went.
"""

from __future__ import annotations

from ...pieces import Piece, rank_name
from ...scene import (Annotation, Arrow, Bounds, Coordinates, Highlight, KeyEntry, Label, Marker, Panel, PathLine,
                      Scene, ScenePiece)
from .board import CELLS, HOLE, cell_centre, cell_name
from .rules import REMOVED, CoinCollectorsState, legal_moves

#: Where each suit's pawn stands in the hole (Suns upper left, then clockwise).
HOLE_SPOTS = ((4.95, 6.02), (6.05, 6.02), (6.05, 4.98), (4.95, 4.98))
#: Where a coin lies on its tile, and where a pawn stands once it took the coin (from the
#: tile's centre): the lower right corner, clear of the rank in the middle.
COIN_SPOT = (0.57, -0.57)
#: (A pawn is 0.875 inches tall, its foot 0.44 below its spot: standing here it keeps inside its tile's edge.)
PAWN_SPOT = (0.6, -0.42)
#: The board's coordinates: files a..e left to right, ranks 1..5 bottom to top.
COORDINATES = Coordinates(files=tuple((1.5 + 2 * c, "abcde"[c]) for c in range(5)),
                          ranks=tuple((9.5 - 2 * r, str(5 - r)) for r in range(5)))
#: The dice beside the board: Suns, Moons above; Crowns, Arms below.
_DICE_SPOTS = ((0.0, 0.7), (0.7, 0.7), (0.0, 0.0), (0.7, 0.0))
#: Collected coins: this many a row, this far apart.
_TRAY_ROW, _TRAY_STEP = 4, 0.82


def pawn_spot(state: CoinCollectorsState, suit: int) -> tuple[float, float] | None:
    """Where the pawn of ``suit`` stands on the board: its place in the hole or on its tile
    (None: out of the game, shown beside the board)."""
    cell = state.pawns[suit - 1]
    if cell == REMOVED:
        return None
    if cell == HOLE:
        return HOLE_SPOTS[suit - 1]
    x, y = cell_centre(cell)
    return x + PAWN_SPOT[0], y + PAWN_SPOT[1]


#: Suit names as a key prints them beside each die.
_SUIT_WORDS = ("Suns", "Moons", "Crowns", "Arms")
#: The ring round the die a move's caption cites: this much wider than the die (inches).
_CITED_RING = 0.78


def dice_panel(dice: tuple[int, ...], *, cited: frozenset[int] = frozenset()) -> Panel:
    """The four dice, each showing its suit and number, and beside each its suit and number
    in words (the die's own corner symbol prints too small to read at a column's scale);
    the dice of the suits in ``cited`` (those a move's caption names) ringed, the words
    saying it was used."""
    entries = []
    for suit in range(1, 5):
        die = ScenePiece(Piece("die", "face", suit, dice[suit - 1]), 0.0, 0.0)
        words = f"{_SUIT_WORDS[suit - 1]} {rank_name(dice[suit - 1])}"
        if suit in cited:
            # (In the theme's highlight colour, not a suit's: the ring must not read as a suit.)
            ring = Highlight(0.0, 0.0, _CITED_RING, _CITED_RING, role="highlight")
            entries.append(KeyEntry(f"{words}: used", (die,), (ring,)))
        else:
            entries.append(KeyEntry(words, (die,)))
    return Panel(entries=tuple(entries), title="Dice")


def collected_panel(state: CoinCollectorsState) -> Panel | None:
    """The coins collected so far, in the order taken, and the pawns out of the game."""
    pieces = [ScenePiece(Piece("coin", "face", coin[0], coin[1]), (k % _TRAY_ROW) * _TRAY_STEP,
                         -(k // _TRAY_ROW) * _TRAY_STEP) for k, coin in enumerate(state.collected)]
    if not pieces:
        return None
    return Panel(tuple(pieces), title=f"Collected: {state.score} of 24")


def out_panel(state: CoinCollectorsState) -> Panel | None:
    """The pawns taken out of the game (Acceptable Losses) or left behind (Last One Out)."""
    out = [suit for suit in range(1, 5) if state.pawns[suit - 1] == REMOVED]
    if not out:
        return None
    return Panel(tuple(ScenePiece(Piece("pawn", "face", suit, 1), k * 0.7, 0.0) for k, suit in enumerate(out)),
                 title="Out of the game")


def move_path(start: tuple[float, float], end: tuple[float, float]) -> tuple[tuple[float, float], ...]:
    """The way from ``start`` to ``end`` along one axis then the other (a route on an answer
    key turns where the pawn turned)."""
    (x0, y0), (x1, y1) = start, end
    if abs(x1 - x0) < 1e-9 or abs(y1 - y0) < 1e-9:
        return start, end
    corner = (x0, y1) if abs(x1 - x0) >= abs(y1 - y0) else (x1, y0)
    return start, corner, end


#: A step's arrow leaves its cell this far from the centre (between the hole's pawns, beside a
#: tile's rank) and ends this far short of the next cell's centre: inside the tile it enters,
#: clear of its rank and its coin.
_ARROW_FROM, _ARROW_SHORT = 0.55, 0.72


#: A refused step is crossed out where it would enter the tile: inside its edge (the X on one
#: tile, not on the border between two), clear of its rank.
_REFUSED_SHORT = 0.72
#: A pawn's foot and head: this far below and above its spot (inches).
_PAWN_FOOT, _PAWN_HEAD = 0.44, 0.41


def step_arrow(start: int, target: int, role: str = "move", *, suit: int | None = None) -> Arrow:
    """A pawn's step from cell ``start`` (the hole included) onto ``target``, along the line
    between their centres, as the pawn went (north, east, south or west); a refused step
    (``role="illegal"``) ends at the target tile's edge. From the hole, with ``suit``, the
    arrow leaves that suit's pawn at its place in the hole (the four pawns share the hole:
    the arrow shows which one steps): straight on if no pawn stands ahead of it, else first
    into the lane between the hole's pawns."""
    (x0, y0), (x1, y1) = cell_centre(start), cell_centre(target)
    dx, dy = (x1 > x0) - (x1 < x0), (y1 > y0) - (y1 < y0)
    short = _REFUSED_SHORT if role == "illegal" else _ARROW_SHORT
    end = (x1 - dx * short, y1 - dy * short)
    if start != HOLE or suit is None:
        return Arrow((x0 + dx * _ARROW_FROM, y0 + dy * _ARROW_FROM), end, role=role)
    px, py = HOLE_SPOTS[suit - 1]
    if dy:
        # Up or down: straight from the pawn's head or foot if it stands on that side of the hole.
        edge = py + (_PAWN_HEAD if dy > 0 else -_PAWN_FOOT)
        if (py - y0) * dy > 0:
            return Arrow((px, edge), (px, end[1]), role=role)
        # Behind another pawn: out sideways into the lane between the two columns of pawns first.
        side = (px - x0) / abs(px - x0)
        return Arrow((px - side * 0.25, py), end, role=role, via=((x0, py),))
    # Left or right: from the pawn's side if it stands on that side of the hole, else from its
    # foot or head into the lane between the two rows of pawns.
    if (px - x0) * dx > 0:
        return Arrow((px + dx * 0.2, py - 0.25), (end[0], py - 0.25), role=role)
    toward = -1 if py > y0 else 1
    edge = py + (-_PAWN_FOOT if toward < 0 else _PAWN_HEAD)
    return Arrow((px, edge + 0.04 * -toward), end, role=role, via=((px, y0),))


def focus_of(cells: list[int]) -> Bounds:
    """The region a move over ``cells`` is about: their tiles and one tile round them."""
    xs = [cell_centre(c)[0] for c in cells]
    ys = [cell_centre(c)[1] for c in cells]
    return Bounds(min(xs) - 3.0, min(ys) - 3.0, max(xs) + 3.0, max(ys) + 3.0)


def board_pieces(state: CoinCollectorsState) -> list[ScenePiece]:
    """The tiles, the coins still on them, and the pawns on the board."""
    deal = state.deal
    pieces = []
    for cell in range(CELLS):
        tile = deal.tiles[cell]
        if tile is not None:
            pieces.append(ScenePiece(Piece("tile", "face", tile[0], tile[1]), *cell_centre(cell)))
    for cell in range(CELLS):
        if state.present >> cell & 1:
            x, y = cell_centre(cell)
            coin = deal.coins[cell]
            assert coin is not None  # a cell with its coin present
            pieces.append(ScenePiece(Piece("coin", "face", coin[0], coin[1]), x + COIN_SPOT[0], y + COIN_SPOT[1]))
    for suit in range(1, 5):
        spot = pawn_spot(state, suit)
        if spot is not None:
            pieces.append(ScenePiece(Piece("pawn", "face", suit, 1), *spot))
    return pieces


def position_scene(state: CoinCollectorsState, *, caption: str = "", show_legal: bool = False) -> Scene:
    """A drawing of ``state``; with ``show_legal`` the cells a pawn may enter are highlighted."""
    annotations: list[Annotation] = []
    if show_legal:
        for target in sorted({m.target for m in legal_moves(state)}):
            annotations.append(Highlight(*cell_centre(target), 2.0, 2.0))
    focus = None
    if state.last_move is not None:
        start, end = state.last_move
        # (The pawn has left the hole: the arrow from the hole's middle cannot be taken for another's.)
        annotations.append(step_arrow(start, end))
        focus = focus_of([start, end])
    panels = [dice_panel(state.dice)]
    panels += [p for p in (collected_panel(state), out_panel(state)) if p is not None]
    return Scene(tuple(board_pieces(state)), tuple(annotations), caption=caption, focus=focus, panels=tuple(panels),
                 coordinates=COORDINATES)


def attempt_arrow(state: CoinCollectorsState, suit: int, target: int) -> Arrow:
    """A refused step of the pawn of ``suit`` onto ``target``: dashed, crossed out where it
    would enter the tile."""
    return step_arrow(state.pawns[suit - 1], target, role="illegal", suit=suit)


def rolls_scene(rolls: tuple[tuple[int, ...], ...], *, per_row: int = 8) -> Scene:
    """Every turn's roll as a small block of the four dice (Suns, Moons above; Crowns, Arms
    below, each die showing its suit), numbered by turn, eight turns a row."""
    pieces, labels = [], []
    for turn, dice in enumerate(rolls):
        bx, by = (turn % per_row) * 1.6, -(turn // per_row) * 1.9
        labels.append(Label(bx + 0.3, by + 0.78, f"turn {turn + 1}", 8.0))
        for k, (dx, dy) in enumerate(((0.0, 0.3), (0.6, 0.3), (0.0, -0.3), (0.6, -0.3))):
            pieces.append(ScenePiece(Piece("die", "face", k + 1, dice[k]), bx + dx, by + dy))
    return Scene(tuple(pieces), tuple(labels))


#: Colours of the four pawns' routes on an answer key (Okabe-Ito, each near its suit's own
#: colour but lighter, so a route reads apart from the ranks): Suns orange, Moons grey,
#: Crowns green, Arms sky blue; and, so that they stay apart in black and white, each its own
#: line: Suns solid, Moons long dashes, Crowns short dashes, Arms dash and dot.
ROUTE_COLOURS = ("#E69F00", "#999999", "#009E73", "#56B4E9")
ROUTE_COLOUR_NAMES = ("orange", "grey", "green", "blue")
ROUTE_DASHES: tuple[tuple[float, ...], ...] = ((), (0.14, 0.05), (0.05, 0.05), (0.12, 0.04, 0.025, 0.04))
ROUTE_DASH_NAMES = ("solid", "long dashes", "short dashes", "dash and dot")


#: Half the width of a tile's suit symbol (inches), with a little room.
_SYMBOL_HALF = 0.27


def _leave_pawn(spot: tuple[float, float], toward: tuple[float, float]) -> tuple[float, float]:
    """Where a route from the pawn at ``spot`` starts: on its outline, the side facing ``toward``
    (the line does not run over the pawn's suit)."""
    (x, y), (tx, ty) = spot, toward
    if abs(tx - x) > abs(ty - y):
        return x + (0.27 if tx > x else -0.27), y
    return x, y + (_PAWN_HEAD + 0.03 if ty > y else -_PAWN_FOOT - 0.03)


def _route_from_hole(suit: int, first: tuple[float, float]) -> list[tuple[float, float]]:
    """A route's start: from the pawn of ``suit`` in the hole to its first coin's place,
    clear of the other pawns: along its own row or column first, or the other way, if that
    passes no other pawn; else out of the hole along the lane between the pawns to the hole's
    edge, along the edge, and in (never across the tile's rank in its middle)."""
    spot = HOLE_SPOTS[suit - 1]
    # What the line must not cross: the other pawns (by their boxes about their spots), and the
    # suit symbols of the tiles round the hole (in their upper left corners).
    boxes = [(ox - 0.25, oy - 0.44, ox + 0.25, oy + 0.41) for k, (ox, oy) in enumerate(HOLE_SPOTS) if k != suit - 1]
    for cell in (HOLE - 5, HOLE - 1, HOLE + 1, HOLE + 5):
        gx, gy = cell_centre(cell)
        boxes.append((gx - 0.6 - _SYMBOL_HALF, gy + 0.6 - _SYMBOL_HALF,
                      gx - 0.6 + _SYMBOL_HALF, gy + 0.6 + _SYMBOL_HALF))
    (x0, y0), (x1, y1) = spot, first

    def blocked(a: tuple[float, float], b: tuple[float, float]) -> bool:
        lo_x, hi_x = sorted((a[0], b[0]))
        lo_y, hi_y = sorted((a[1], b[1]))
        return any(lo_x <= bx1 and hi_x >= bx0 and lo_y <= by1 and hi_y >= by0 for bx0, by0, bx1, by1 in boxes)

    # The way whose first leg is longer first (a first leg of a few hundredths would turn on the pawn).
    for corner in sorted(((x1, y0), (x0, y1)), key=lambda c: -abs(c[0] - x0) - abs(c[1] - y0)):
        if not blocked(spot, corner) and not blocked(corner, first):
            return [_leave_pawn(spot, corner), corner, first]
    cx, cy = cell_centre(HOLE)
    if abs(y1 - cy) > abs(x1 - cx):
        edge = cy + (1.0 if y1 > cy else -1.0)
        return [_leave_pawn(spot, (cx, y0)), (cx, y0), (cx, edge), (x1, edge), first]
    edge = cx + (1.0 if x1 > cx else -1.0)
    return [_leave_pawn(spot, (x0, cy)), (x0, cy), (edge, cy), (edge, y1), first]


def plan_scene(state: CoinCollectorsState, plan: tuple[tuple[int, int], ...]) -> Scene:
    """The board with each pawn's route from the hole drawn in its own colour and line (solid,
    dashed ...: apart in black and white too), from the pawn's edge through the places of the
    coins it takes, and each tile numbered by the turn its coin is taken (a numbered disc
    where the coin lay)."""
    pieces = [p for p in board_pieces(state) if p.piece.kind in ("tile", "pawn")]
    annotations: list[Annotation] = []
    routes: dict[int, list[tuple[float, float]]] = {s: [] for s in range(1, 5)}
    marks = []
    for turn, (suit, cell) in enumerate(plan, start=1):
        x, y = cell_centre(cell)
        routes[suit].append((x + COIN_SPOT[0], y + COIN_SPOT[1]))
        marks.append(Marker(x + COIN_SPOT[0], y + COIN_SPOT[1], 0.62, ROUTE_COLOURS[suit - 1], "disc", str(turn),
                            role="step"))
    for suit in range(1, 5):
        if routes[suit]:
            path = _route_from_hole(suit, routes[suit][0])
            for a, b in zip(routes[suit], routes[suit][1:]):
                path += move_path(a, b)[1:]
            annotations.append(PathLine(tuple(path), colour=ROUTE_COLOURS[suit - 1], dash=ROUTE_DASHES[suit - 1]))
    return Scene(tuple(pieces), (*annotations, *marks), coordinates=COORDINATES)


def cell_words(cell: int) -> str:
    """A cell as a player names it: its coordinate (``b4``)."""
    return cell_name(cell)


__all__ = ["COORDINATES", "HOLE_SPOTS", "ROUTE_COLOURS", "ROUTE_COLOUR_NAMES", "ROUTE_DASHES", "ROUTE_DASH_NAMES",
           "attempt_arrow", "board_pieces", "cell_words", "collected_panel", "dice_panel", "focus_of", "move_path",
           "pawn_spot", "plan_scene", "position_scene", "rolls_scene", "step_arrow"]
