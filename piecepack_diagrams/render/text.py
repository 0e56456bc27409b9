"""Plain-text output: Unicode box drawing, one glyph per suit and rank.

A table inch is four columns wide and two rows tall. Tiles are boxes (a
tile back shows its 2x2 grid), coins ``(4)`` face up or ``(☾)`` suit up, dice
``[4☾]``, pawns ``P☾``, saucers ``◎☾``, pyramids ``▲4☾``, matchsticks heavy lines
(``━``, ``┃``) as long as they are with their suit in the middle (a rank-1 block ``▪☾``);
pieces of other games their own symbols (dominoes ``[3|5]``, go stones ``●``, cards ``A♠``),
the playing cards expansion its card suits; figure rectangles are boxes (shaded ``░``), leading
edges heavy lines, labels plain text; maze tiles their connector glyph, marks
their text (an avatar's initial) or a shape character. Details too small for
text (:data:`~piecepack_diagrams.scene.PICTURE_ONLY_ROLES`) are left out. Readable in any terminal with a
monospaced font.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from ..errors import OutputError
from ..layout.compose import KEY_LINE, KEY_SIZE
from ..pieces import CARD_SUIT_CFGS, Piece, piece_size
from ..scene import (Arrow, EdgeMark, Highlight, Label, Marker, Outline, PieceMark, Rectangle, Scene, ScenePiece,
                     flattened, is_picture_only)
from ..theme import DEFAULT, Theme

COLUMNS_PER_INCH = 4
ROWS_PER_INCH = 2
#: The print scale text is laid out at: one line of a key (8-point words, 1.2 times their size
#: apart) is one row of text, and a character of a label about a column, so labels and keys
#: get the room their characters take here.
TEXT_SCALE = KEY_SIZE * KEY_LINE / 72 * ROWS_PER_INCH
_N, _E, _S, _W = 1, 2, 4, 8
_BOX = {0: " ", 1: "╵", 2: "╶", 4: "╷", 8: "╴", 5: "│", 10: "─", 6: "┌", 12: "┐", 3: "└", 9: "┘",
        7: "├", 13: "┤", 14: "┬", 11: "┴", 15: "┼"}


class _Grid:
    def __init__(self, columns: int, rows: int) -> None:
        self.columns, self.rows = columns, rows
        self.lines = [[0] * columns for _ in range(rows)]
        self.chars: list[list[str | None]] = [[None] * columns for _ in range(rows)]

    def inside(self, c: int, r: int) -> bool:
        return 0 <= c < self.columns and 0 <= r < self.rows

    def clear(self, c0: int, r0: int, c1: int, r1: int) -> None:
        for r in range(max(r0, 0), min(r1 + 1, self.rows)):
            for c in range(max(c0, 0), min(c1 + 1, self.columns)):
                self.lines[r][c] = 0
                self.chars[r][c] = None

    def hline(self, c0: int, c1: int, r: int) -> None:
        for c in range(c0, c1 + 1):
            if self.inside(c, r):
                self.lines[r][c] |= (_E if c < c1 else 0) | (_W if c > c0 else 0)

    def vline(self, c: int, r0: int, r1: int) -> None:
        for r in range(r0, r1 + 1):
            if self.inside(c, r):
                self.lines[r][c] |= (_S if r < r1 else 0) | (_N if r > r0 else 0)

    def put(self, c: int, r: int, text: str) -> None:
        for k, ch in enumerate(text):
            if self.inside(c + k, r):
                self.chars[r][c + k] = ch

    def is_free(self, c: int, r: int) -> bool:
        return self.inside(c, r) and self.chars[r][c] is None and not self.lines[r][c]

    def has_room(self, c: int, r: int, text: str, *, air: int = 0) -> bool:
        """True when ``text`` fits at ``(c, r)`` without covering another character, and
        with ``air`` columns free of characters on either side (the page's edge will do)."""
        if not all(self.inside(c + k, r) and self.chars[r][c + k] is None for k in range(len(text))):
            return False
        return all(not self.inside(k, r) or self.chars[r][k] is None
                   for k in (*range(c - air, c), *range(c + len(text), c + len(text) + air)))

    def put_free(self, c: int, r: int, text: str, *, air: int = 0) -> None:
        """``text`` at ``(c, r)``, or at the nearest place in its row or the rows beside it
        where it covers no other character (never over another piece or label) and keeps
        ``air`` blank columns from the characters beside it (words never run into others).

        Raises :class:`OutputError` when there is no such place: text cannot show it legibly."""
        for dr in (0, -1, 1):
            for dc in sorted(range(-len(text) - 2, len(text) + 3), key=abs):
                if self.has_room(c + dc, r + dr, text, air=air):
                    self.put(c + dc, r + dr, text)
                    return
        raise OutputError(f"plain text has no room for '{_short(text)}' without writing over something else",
                          token=_short(text), expected="a drawing format (svg, pdf, png) for this drawing")

    def render(self) -> list[str]:
        out = []
        for r in range(self.rows):
            row = "".join(ch if ch is not None else _BOX[self.lines[r][c]] for c, ch in enumerate(self.chars[r]))
            out.append(row.rstrip())
        return out


#: Card ranks and suits as text (suits as PPN numbers them: 1 hearts, 2 spades, 3 clubs, 4 diamonds).
_CARD_RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "C", "Q", "K", "*")
_CARD_SUITS = {1: "♥", 2: "♠", 3: "♣", 4: "♦"}


def _suit_text(piece: Piece, theme: Theme) -> str:
    """The character of a piece's suit: the theme's for the piecepack, card suits for the
    playing cards expansion, ``?`` for others."""
    if not 1 <= piece.suit <= 4:
        return "?"
    return _CARD_SUITS[piece.suit] if piece.cfg in CARD_SUIT_CFGS else theme.text_suit_glyphs[piece.suit - 1]


def _family_text(piece: Piece) -> str | None:
    """How a piece of another game shows in text (None: a piecepack piece, drawn as such)."""
    if piece.kind == "bit" and piece.cfg in ("chess1", "chess2"):
        rank = max(1, min(piece.rank, 6)) - 1
        return chr((0x2659 if piece.suit == 6 else 0x265F) - rank)  # white men outlined, others filled
    if piece.kind == "bit" and piece.cfg in ("checkers1", "checkers2"):
        return ("⛁" if piece.side == "face" else "⛀") if piece.suit == 6 else ("⛃" if piece.side == "face" else "⛂")
    if piece.kind == "bit" and piece.cfg in ("go", "marbles"):
        return "○" if piece.suit == 6 else "●"
    if piece.kind == "tile" and piece.cfg.startswith("dominoes"):
        return f"[{piece.rank - 1}|{piece.suit - 1}]" if piece.side == "face" else "[ | ]"
    if piece.kind == "card":
        if piece.side != "face":
            return "▯"
        if piece.suit in _CARD_SUITS:
            return _CARD_RANKS[piece.rank - 1] + _CARD_SUITS[piece.suit] if 1 <= piece.rank <= 15 else "▯"
        return f"T{piece.rank}"
    if piece.kind == "board" and piece.cfg != "piecepack":
        return "#"
    return None


def _matchstick(grid: _Grid, p: ScenePiece, suit: str, cell: Callable[[float, float], tuple[int, int]]) -> None:
    """A matchstick as a heavy line along its length (``━``, ``┃``, or ``╱`` ``╲`` when it lies
    aslant), its suit in the middle; a rank-1 block as ``▪`` and its suit. ``cell``: the
    character cell of a point on the table."""
    c, r = cell(p.x, p.y)
    if p.piece.rank <= 1:
        grid.put_free(c - 1, r, f"▪{suit}")
        return
    half = piece_size(p.piece).height / 2
    a = math.radians(p.angle + 90)  # the stick's length runs along its y axis
    dx, dy = math.cos(a) * half, math.sin(a) * half
    (c0, r0), (c1, r1) = cell(p.x - dx, p.y - dy), cell(p.x + dx, p.y + dy)
    steps = max(abs(c1 - c0), abs(r1 - r0), 1)
    if r0 == r1:
        char = "━"
    elif c0 == c1 or abs(c1 - c0) < abs(r1 - r0) / 3:
        char = "┃"
    else:
        char = "╱" if (c1 - c0) * (r1 - r0) < 0 else "╲"
    for k in range(steps + 1):
        cc, rr = round(c0 + (c1 - c0) * k / steps), round(r0 + (r1 - r0) * k / steps)
        if grid.inside(cc, rr) and grid.chars[rr][cc] is None:
            grid.put(cc, rr, char)
    grid.put(c, r, suit)


def _short(text: str, limit: int = 40) -> str:
    return text if len(text) <= limit else text[:limit - 3] + "..."


#: Pieces of one kind closer than this (inches) are one stack: text shows its top piece.
_STACK_REACH = 0.35


def _stacks(pieces: list[ScenePiece]) -> list[tuple[ScenePiece, int]]:
    """Coins and dice grouped into stacks (each its top piece and how many it holds, the
    undrawn ones under them too), other pieces each alone, in drawing order of their tops."""
    out: list[tuple[ScenePiece, int]] = []
    for p in pieces:
        if p.piece.kind in ("coin", "die"):
            below = next((k for k in range(len(out) - 1, -1, -1)
                          if out[k][0].piece.kind == p.piece.kind
                          and abs(out[k][0].x - p.x) < _STACK_REACH and abs(out[k][0].y - p.y) < _STACK_REACH), None)
            if below is not None:
                count = out.pop(below)[1]
                out.append((p, count + 1 + p.under))
                continue
        out.append((p, 1 + p.under))
    return out


def render_text(scene: Scene, *, theme: Theme = DEFAULT, coordinates: bool = True) -> str:
    """The scene as lines of text (ending in a newline), the caption underneath: the whole
    board, its panels beside it as a drawing lays them out at :data:`TEXT_SCALE`, where
    labels and keys take the room their characters do; the board's coordinates along its
    edges unless ``coordinates`` is false.

    Raises :class:`OutputError` for text that finds no free place (see :meth:`_Grid.put_free`).
    """
    from ..layout.compose import lay_out

    scene = lay_out(scene, theme=theme, scale=TEXT_SCALE, coordinates=coordinates).scene
    pieces = list(scene.pieces) + [a.piece for a in flattened(scene.annotations) if isinstance(a, PieceMark)]
    b = scene.bounds(margin=0.5) if scene.frame is None else scene.frame.expanded(0.25)
    cols = int(math.ceil(b.width * COLUMNS_PER_INCH)) + 2
    rows = int(math.ceil(b.height * ROWS_PER_INCH)) + 2
    # A character is wider than a drawing's letter: room for every label's whole text.
    for a in flattened(scene.annotations):
        if isinstance(a, Label):
            start = round((a.x - b.x0) * COLUMNS_PER_INCH) - (0 if a.anchor == "start" else len(a.text) // 2)
            cols = max(cols, start + len(a.text) + 1)

    def cell(x: float, y: float) -> tuple[int, int]:
        return (int(round((x - b.x0) * COLUMNS_PER_INCH)), int(round((b.y1 - y) * ROWS_PER_INCH)))

    grid = _Grid(cols, rows)
    for p, count in _stacks(pieces):
        piece = p.piece
        # A stack shows how many it holds before its top piece ("5×(4)"): drawings stack to the
        # lower left, and the words games put beside a stack (to its right) keep their room.
        more = f"{count}\u00d7" if count > 1 else ""
        suit = _suit_text(piece, theme)
        rank = theme.rank_symbol(piece.rank)
        c, r = cell(p.x, p.y)
        family = _family_text(piece)
        if family is not None:
            grid.put(c - len(family) // 2, r, family)
        elif piece.kind == "tile":
            c0, r0 = cell(p.x - 1, p.y + 1)
            c1, r1 = cell(p.x + 1, p.y - 1)
            grid.clear(c0 + 1, r0 + 1, c1 - 1, r1 - 1)
            grid.hline(c0, c1, r0)
            grid.hline(c0, c1, r1)
            grid.vline(c0, r0, r1)
            grid.vline(c1, r0, r1)
            if piece.side == "back":
                grid.hline(c0, c1, (r0 + r1) // 2)
                grid.vline((c0 + c1) // 2, r0, r1)
            else:
                grid.put(c, r, rank)
                grid.put(c0 + 1, r0 + 1, suit)
        elif piece.kind == "coin":
            grid.put_free(c - 1 - len(more), r, f"{more}({rank if piece.side == 'face' else suit})")
        elif piece.kind == "die":
            grid.put_free(c - 2 - len(more), r, f"{more}[{rank}{suit}]")
        elif piece.kind == "pawn":
            grid.put_free(c - 1, r, f"P{suit}")
        elif piece.kind == "matchstick":
            _matchstick(grid, p, suit, cell)
        elif piece.kind == "saucer":
            grid.put_free(c - 1, r, f"◎{suit}" if piece.side == "face" else "◎")
        elif piece.kind == "pyramid" and suit != "?":
            grid.put_free(c - 1, r, f"▲{rank}{suit}")
        else:
            grid.put(c, r, {"bit": "●", "pyramid": "▲", "card": "▯", "board": "#"}.get(piece.kind, piece.kind[0]))
    shown = tuple(a for a in scene.annotations if not is_picture_only(a))
    for a in flattened(shown):
        if is_picture_only(a):
            continue
        if isinstance(a, Rectangle):
            c0, r0 = cell(a.x - a.width / 2, a.y + a.height / 2)
            c1, r1 = cell(a.x + a.width / 2, a.y - a.height / 2)
            if a.role == "shaded":
                for r in range(r0 + 1, r1):
                    grid.put(c0 + 1, r, "░" * max(0, c1 - c0 - 1))
            grid.hline(c0, c1, r0)
            grid.hline(c0, c1, r1)
            grid.vline(c0, r0, r1)
            grid.vline(c1, r0, r1)
        elif isinstance(a, Label):
            c, r = cell(a.x, a.y)
            # Text is wider here than in a drawing: keep a label that would start off the page on it.
            grid.put_free(c if a.anchor == "start" else max(0, c - len(a.text) // 2), r, a.text, air=1)
        elif isinstance(a, Outline) and a.glyph:
            grid.put(*cell(*a.glyph_at), a.glyph)
        elif isinstance(a, Marker):
            c, r = cell(a.x, a.y)
            mark = a.text or {"square": "■", "diamond": "◆", "ring": "○"}.get(a.shape, "●")
            free = next((c + d for d in (0, 1, -1, 2, -2) if all(grid.is_free(c + d + k, r) for k in range(len(mark)))),
                        None)
            if free is not None:
                grid.put(free, r, mark)
            else:
                grid.put_free(c, r, mark)  # never over another character
        elif isinstance(a, EdgeMark):
            (c0, r0), (c1, r1) = cell(*a.start), cell(*a.end)
            if r0 == r1:
                grid.put(min(c0, c1), r0, "━" * (abs(c1 - c0) + 1))
            else:
                for r in range(min(r0, r1), max(r0, r1) + 1):
                    grid.put(c0, r, "┃")
        elif isinstance(a, Arrow):
            c, r = cell(*a.end)
            c0, r0 = cell(*a.start)
            if (c, r) != (c0, r0):
                dx, dy = a.end[0] - a.start[0], a.end[1] - a.start[1]
                arrow = "→" if abs(dx) >= abs(dy) and dx > 0 else "←" if abs(dx) >= abs(dy) else "↑" if dy > 0 else "↓"
                grid.put(c + 2, r, arrow)
    for shaded in shown:
        if type(shaded) is Highlight and shaded.role == "mark":
            # A square a user highlighted: its blank cells shaded, round whatever stands there.
            c0, r0 = cell(shaded.x - shaded.width / 2, shaded.y + shaded.height / 2)
            c1, r1 = cell(shaded.x + shaded.width / 2, shaded.y - shaded.height / 2)
            for r in range(r0 + 1, r1):
                for c in range(c0 + 1, c1):
                    if grid.is_free(c, r):
                        grid.put(c, r, "░")
    lines = grid.render()
    while lines and not lines[-1]:
        lines.pop()
    if scene.caption:
        lines.append("")
        lines.extend(scene.caption.split("\n"))
    return "\n".join(lines) + "\n"
