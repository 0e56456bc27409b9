"""Applying PPN's default movetext to a board: ``S@b2``, ``a1-b1``, ``b1:b3``, ``*e3`` ...

One :func:`apply_group` call applies every move written under one move number
and returns the new immutable :class:`Board`. The operators, their order of
precedence, piece ids and locations behave as the reference parser (R package
ppn 0.3.0) does; see ``../shared/corpus/ppn/README.md``.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator, Mapping, Sequence
from functools import lru_cache

from ...errors import LimitError, NotationError, PiecepackError, RuleError, SourceLocation
from ...notation.braces import ExpansionBudget, expand_braces
from ...numbers import finite_number
from ...pieces import Piece
from .board import Board, PlacedPiece, Step
from .piecespec import MAX_ANGLE, RANK_FROM_ONE, PartialSpec, complete, parse_partial, parse_piece_spec
from ...values import replace

#: Coordinates beyond this (in units) are off any board there could be.
MAX_COORDINATE = 10_000.0
#: The longest slice of a stack (``b4[1:N]``).
MAX_SLICE = 10_000
#: Pieces on the board at once (a piecepack set has 58 pieces; this is sixteen sets and
#: their bits): what is drawn, exported or compared a position is bounded by it.
MAX_PIECES = 1_000
#: The most characters one macro reference may expand to, macros inside it included.
MAX_MACRO_CHARS = 100_000
#: The deepest macros may refer to macros.
MAX_MACRO_DEPTH = 64

_ALGEBRAIC = re.compile(r"([a-z]+)([0-9]+)")
_NUMBER = r"([-+]?[0-9]*\.?[0-9]+(?:[eE][-+]?[0-9]+)?)"
_CARTESIAN = re.compile(r"\(\s*" + _NUMBER + r"\s*,\s*" + _NUMBER + r"\s*\)")
_RELATIVE = re.compile(r"<\s*([-+]?[0-9]*\.?[0-9]+)\s*,\s*([-+]?[0-9]*\.?[0-9]+)\s*>")
_DIRECTION = re.compile(r"([0-9]*\.?[0-9]+)([A-Z]+)")
_MACRO = re.compile(r"`([^`'\s;]+)'")
_LEADING_COUNT = re.compile(r"([0-9]+)(.+)")
_HYPHEN = re.compile(r"(?<![(<,])-")
_PLUS = re.compile(r"(?<![(<,])\+")
_COLON = re.compile(r":(?![^\[]*\])")


def _hex(angle: float) -> tuple[float, float]:
    return math.cos(math.radians(angle)), math.sin(math.radians(angle))


_DIRECTIONS: dict[str, tuple[float, float]] = {
    "N": (0, 1), "E": (1, 0), "S": (0, -1), "W": (-1, 0),
    "U": (0, 1), "R": (1, 0), "D": (0, -1), "L": (-1, 0),
    "NE": (1, 1), "SE": (1, -1), "SW": (-1, -1), "NW": (-1, 1),
    "UR": (1, 1), "DR": (1, -1), "DL": (-1, -1), "UL": (-1, 1),
}
for _names, _angle in ((("NNE", "UUR"), 60), (("ENE", "RUR"), 30), (("ESE", "RDR"), 330),
                       (("SSE", "DDR"), 300), (("SSW", "DDL"), 240), (("WSW", "LDL"), 210),
                       (("WNW", "LUL"), 150), (("NNW", "UUL"), 120)):
    for _name in _names:
        _DIRECTIONS[_name] = _hex(_angle)


def _fmt(value: float) -> str:
    return f"{value:g}" if abs(value - round(value)) > 1e-9 else str(int(round(value)))


class _Work:
    """The mutable scratch state while one move number is applied."""

    def __init__(self, board: Board) -> None:
        self.pieces: list[PlacedPiece] = list(board.pieces)
        self.start: list[PlacedPiece] = list(board.pieces)
        self.scale = board.movetext_scale
        self.bit_cfg = board.bit_cfg
        self.max_id = board.max_id
        self.active: list[str] = list(board.active)
        self.steps: list[Step] = []
        self.bounds = board.bounds

    # --- looking pieces up -------------------------------------------------

    def ids_at(self, pieces: Sequence[PlacedPiece], text: str, count: float | None) -> list[str]:
        """Ids of the pieces at location ``text``: the top one, the top ``count``, or all."""
        return [pieces[k].id for k in self.indices_at(pieces, text, count)]

    def indices_at(self, pieces: Sequence[PlacedPiece], text: str, count: float | None) -> list[int]:
        """Where in ``pieces`` the pieces at location ``text`` are (see :meth:`ids_at`), bottom first."""
        x, y = self.xy(text, pieces, None)[0]
        # "Exactly there" is a squared distance that rounds to 0 at five decimals (the first
        # test is a quick way past the pieces that are not even in the same column).
        exact = [k for k, p in enumerate(pieces)
                 if -0.0023 < p.x - x < 0.0023 and (p.x - x) ** 2 + (p.y - y) ** 2 < 5e-6]
        if count is None:
            if not exact:
                raise RuleError(
                    f"there is no piece at {text} ({_fmt(x)}, {_fmt(y)})", token=text,
                    rule="a move must name a piece that is on the board",
                )
            count = 1
        elif math.isinf(count):
            count = len(exact)
        n = int(count)
        if n <= len(exact):
            return exact[len(exact) - n:] if n else []
        # More than are there: the n nearest. A stable sort, farthest first, so the nearest
        # (and, among equals, the topmost) come last.
        squared = [round((p.x - x) ** 2 + (p.y - y) ** 2, 5) for p in pieces]
        ranked = sorted(range(len(pieces)), key=lambda k: -squared[k])
        return ranked[len(ranked) - n:]

    def ids(self, text: str, pieces: Sequence[PlacedPiece] | None = None) -> list[str]:
        """Ids named by a PPN piece id (``b4``, ``2b4``, ``b4[2]``, ``?S4``, ``/cf``, ``^b4``, ``15``, "")."""
        pieces = self.pieces if pieces is None else pieces
        if text == "":
            if not self.active:
                raise RuleError("there is no active piece for an empty piece id to stand for",
                                rule="an empty piece id means the piece(s) the last move moved")
            return list(self.active)
        if text.startswith("^"):
            return self.ids(text[1:], self.start)
        if re.fullmatch(r"[0-9.]+", text):
            if not any(p.id == text for p in pieces):
                raise RuleError(f"there is no piece with id {text}", token=text,
                                rule="a move must name a piece that is on the board")
            return [text]
        counted = _LEADING_COUNT.fullmatch(text)
        if counted and text[0].isdigit():
            return self.ids_at(pieces, counted.group(2), float(counted.group(1)))
        if text.startswith("?"):
            return [self.search(pieces, text[1:])]
        if text.startswith("/"):
            part = parse_partial(text[1:])
            return [p.id for p in pieces if part.matches(p.piece, p.angle)]
        sliced = re.fullmatch(r"(.*)\[(.*)\]", text)
        if sliced:
            here = self.ids_at(pieces, sliced.group(1), math.inf)
            picks = _slice_indices(sliced.group(2), text)
            out = []
            for k in picks:
                if not 1 <= k <= len(here):
                    raise RuleError(
                        f"{sliced.group(1)} holds {len(here)} piece(s), so there is no piece [{k}] there",
                        token=text, rule="a stack index counts from 1 at the top of the stack")
                out.append(here[len(here) - k])
            return out
        return self.ids_at(pieces, text, None)

    def search(self, pieces: Sequence[PlacedPiece], spec: str) -> str:
        part = parse_partial(spec)
        found = [p for p in pieces if part.matches(p.piece, p.angle)]
        if len(found) == 1:
            return found[0].id
        piece, angle = complete(part, spec, self.bit_cfg)
        same = [p for p in pieces if _same_kind(p.piece, piece, part)]
        with_angle = [p for p in same if abs(p.angle - angle) < 1e-8]
        if with_angle:
            return with_angle[-1].id
        if same:
            return same[-1].id
        raise RuleError(f"no piece matches '?{spec}' ({piece.describe()})", token="?" + spec,
                        rule="a search must find a piece that is on the board")

    def indices(self, text: str) -> list[int]:
        if _absolute_point(text) is not None:
            # The commonest id, a plain square or point: its top piece, found directly.
            return self.indices_at(self.pieces, text, None)
        wanted = set(self.ids(text))
        found = [k for k, p in enumerate(self.pieces) if p.id in wanted]
        if not found:
            raise RuleError(f"'{text}' names no piece on the board", token=text,
                            rule="a move must name a piece that is on the board")
        return found

    # --- locations ---------------------------------------------------------

    def coords_of(self, piece_id: str, pieces: Sequence[PlacedPiece] | None = None) -> tuple[float, float]:
        pieces = self.pieces if pieces is None else pieces
        counted = _LEADING_COUNT.fullmatch(piece_id)
        if counted and piece_id[0].isdigit() and not re.fullmatch(r"[0-9.]+", piece_id):
            return self.xy(counted.group(2), pieces, None)[0]
        wanted = set(self.ids(piece_id, pieces))
        last = [p for p in pieces if p.id in wanted]
        if not last:
            raise RuleError(f"'{piece_id}' names no piece on the board", token=piece_id,
                            rule="a move must name a piece that is on the board")
        return last[-1].x, last[-1].y

    def xy(self, text: str, pieces: Sequence[PlacedPiece], anchors: list[int] | None) -> list[tuple[float, float]]:
        """The point(s) a location means; one per anchor piece for an unanchored offset."""
        if text == "":
            return self.xy("&", pieces, anchors)
        if text.startswith("&"):
            return [self.coords_of(text[1:], pieces)]
        if text.startswith("<"):
            offset, anchor = _split_anchor(text)
            match = _RELATIVE.fullmatch(offset)
            if not match:
                raise NotationError(f"cannot read the offset '{offset}'", token=text,
                                    expected="an offset such as '<1,-2>'")
            dx, dy = float(match.group(1)) * self.scale, float(match.group(2)) * self.scale
            if anchor is not None:
                ax, ay = self.xy(anchor, pieces, anchors)[0]
                return [self.checked(ax + dx, ay + dy, text)]
            if not anchors:
                raise RuleError(f"the offset '{text}' is relative to nothing here", token=text,
                                rule="an offset needs a moving piece or an anchor ('|' or '$')")
            return [self.checked(self.pieces[k].x + dx, self.pieces[k].y + dy, text) for k in anchors]
        if text[0].isdigit() or text[0] == ".":
            offset, anchor = _split_anchor(text)
            match = _DIRECTION.fullmatch(offset)
            if not match or match.group(2) not in _DIRECTIONS:
                raise NotationError(f"cannot read the direction '{offset}'", token=text,
                                    expected="a count and a direction such as '3R', '2NE' or '1NNE'")
            n = float(match.group(1))
            ux, uy = _DIRECTIONS[match.group(2)]
            relative = f"<{n * ux!r},{n * uy!r}>"
            return self.xy(relative + (text[len(offset):] if anchor is not None else ""), pieces, anchors)
        point = _absolute_point(text)
        if point is not None:
            return [self.checked(point[0] * self.scale, point[1] * self.scale, text)]
        raise NotationError(f"cannot read the location '{text}'", token=text,
                            expected="a location such as 'b2', 'aa12', '(1.5,2)', '<1,0>', '3R' or '&b2'")

    def checked(self, x: float, y: float, text: str) -> tuple[float, float]:
        if not (math.isfinite(x) and math.isfinite(y)) or abs(x) > MAX_COORDINATE or abs(y) > MAX_COORDINATE:
            raise RuleError(f"{text} is off any board", token=text,
                            rule=f"locations must lie within {MAX_COORDINATE:g} units of the origin")
        if self.bounds is not None:
            x0, y0, x1, y1 = self.bounds
            if not (x0 <= x <= x1 and y0 <= y <= y1):
                raise RuleError(
                    f"{text} ({_fmt(x)}, {_fmt(y)}) is off the board", token=text,
                    rule=f"this game's table runs from ({_fmt(x0)}, {_fmt(y0)}) to ({_fmt(x1)}, {_fmt(y1)})")
        return x, y

    # --- changing the board ------------------------------------------------

    def new_id(self) -> str:
        self.max_id += 1
        return str(self.max_id)

    def location_index(self, text: str) -> tuple[str, list[str] | None]:
        if "%" in text:
            location, ref = text.split("%", 1)
            return location, self.ids(ref)
        return text, None

    def drop(self, spec: str, where: str, *, on_top: bool) -> None:
        location, ref = self.location_index(where)
        piece, angle = parse_piece_spec(spec, self.bit_cfg)
        x, y = self.xy(location, self.pieces, None)[0]
        placed = PlacedPiece(piece, x, y, angle, self.new_id())
        if ref is None:
            index = len(self.pieces) if on_top else 0
        else:
            positions = [k for k, p in enumerate(self.pieces) if p.id in ref]
            if not positions:
                raise RuleError(f"'{where}' names no piece to put the new piece above or below", token=where,
                                rule="'%' names a piece on the board to stack against")
            index = positions[0] + 1 if on_top else positions[0]
        self.pieces.insert(index, placed)
        self.active = [placed.id]

    def move(self, piece_id: str, where: str, *, on_top: bool) -> None:
        moving_at = self.indices(piece_id)
        location, ref = self.location_index(where)
        targets = self.xy(location, self.pieces, moving_at)
        moved = []
        for n, k in enumerate(moving_at):
            p = self.pieces[k]
            x, y = targets[n] if len(targets) > 1 else targets[0]
            self.steps.append(Step(p.id, (p.x, p.y), (x, y)))
            moved.append(PlacedPiece(p.piece, x, y, p.angle, p.id))
        moving_ids = {p.id for p in moved}
        rest = [p for p in self.pieces if p.id not in moving_ids]
        if ref is None:
            index = len(rest) if on_top else 0
        else:
            positions = [k for k, p in enumerate(rest) if p.id in ref]
            if not positions:
                raise RuleError("a piece cannot be moved above or below itself", token=where,
                                rule="'%' names another piece to stack against")
            index = positions[0] + 1 if on_top else positions[0]
        self.pieces = rest[:index] + moved + rest[index:]
        self.active = [p.id for p in moved]

    def remove(self, piece_id: str) -> None:
        gone = {self.pieces[k].id for k in self.indices(piece_id)}
        self.pieces = [p for p in self.pieces if p.id not in gone]
        self.active = [i for i in self.active if i not in gone]

    def flip(self, piece_id: str) -> None:
        for k in self.indices(piece_id):
            p = self.pieces[k]
            piece = p.piece
            side = _FLIPPED.get(piece.side, piece.side)
            if piece.kind == "pyramid":
                side = "face" if piece.side == "top" else "top"
            rank = piece.rank
            if piece.kind == "die":
                side = "face"
                rank = (piece.rank + 2) % 6 + 1
            new = Piece(piece.kind, side, piece.suit, rank, piece.cfg)
            self.pieces[k] = PlacedPiece(new, p.x, p.y, p.angle, _plus_id(p.id))

    def rotate(self, piece_id: str, text: str) -> None:
        at = self.indices(piece_id)
        centre: tuple[float, float] | None = None
        if "|" in text:
            amount, where = text.split("|", 1)
            centre = self.xy(where, self.pieces, at)[0]
        elif "$" in text:
            amount, ref = text.split("$", 1)
            centre = self.xy("&" + ref, self.pieces, at)[0]
        else:
            amount = text
        degrees = -finite_number(amount, what=f"the angle '{amount}'", low=-MAX_ANGLE, high=MAX_ANGLE, token=text,
                                 error=NotationError)
        cos, sin = math.cos(math.radians(degrees)), math.sin(math.radians(degrees))
        for k in at:
            p = self.pieces[k]
            x, y = p.x, p.y
            if centre is not None:
                dx, dy = x - centre[0], y - centre[1]
                x, y = centre[0] + dx * cos - dy * sin, centre[1] + dx * sin + dy * cos
            self.pieces[k] = PlacedPiece(p.piece, x, y, p.angle + degrees, p.id)
        self.active = [self.pieces[k].id for k in at]

    def swap(self, first: str, second: str) -> None:
        xy1, xy2 = self.coords_of(first), self.coords_of(second)
        at1, at2 = self.indices(first), self.indices(second)
        one = [PlacedPiece(self.pieces[k].piece, *xy2, self.pieces[k].angle, self.pieces[k].id) for k in at1]
        two = [PlacedPiece(self.pieces[k].piece, *xy1, self.pieces[k].angle, self.pieces[k].id) for k in at2]
        for p in one:
            self.steps.append(Step(p.id, xy1, xy2))
        for p in two:
            self.steps.append(Step(p.id, xy2, xy1))
        skip = set(at1) | set(at2)
        self.pieces = [p for k, p in enumerate(self.pieces) if k not in skip] + one + two
        self.active = [p.id for p in one]

    def change(self, piece_id: str, spec: str, *, replace: bool) -> None:
        at = self.indices(piece_id)
        if replace:
            piece, angle = parse_piece_spec(spec, self.bit_cfg)
            for k in at:
                p = self.pieces[k]
                level = 0
                if p.piece.side != piece.side:
                    level = 1
                if p.piece.rank != piece.rank:
                    level = 1 if p.piece.piece_side == "die_face" else 2
                if (p.piece.kind, p.piece.suit, p.piece.cfg) != (piece.kind, piece.suit, piece.cfg):
                    level = 2
                self.pieces[k] = PlacedPiece(piece, p.x, p.y, angle, _changed_id(p.id, level))
        else:
            part = parse_partial(spec)
            for k in at:
                p = self.pieces[k]
                old = p.piece
                level = 0
                side, kind, cfg, rank, suit = old.side, old.kind, old.cfg, old.rank, old.suit
                if part.side is not None and part.side != old.side:
                    level, side = 1, part.side
                if part.cfg is not None and part.cfg != old.cfg:
                    level, cfg = 2, part.cfg
                if part.rank is not None:
                    wanted = part.rank - 1 if cfg in RANK_FROM_ONE else part.rank
                    if wanted != old.rank:
                        level = 1 if old.piece_side == "die_face" and level < 2 else 2
                    rank = wanted
                if part.kind is not None and part.kind != old.kind:
                    level, kind = 2, part.kind
                if part.suit is not None and part.suit != old.suit:
                    level, suit = 2, part.suit
                angle = part.angle if part.angle is not None else p.angle
                self.pieces[k] = PlacedPiece(Piece(kind, side, suit, rank, cfg), p.x, p.y, angle,
                                             _changed_id(p.id, level))
        self.active = [self.pieces[k].id for k in at]

    def capture(self, first: str, second: str) -> None:
        x, y = self.coords_of(second)
        self.remove(second)
        self.move(first, f"({x / self.scale!r},{y / self.scale!r})", on_top=True)


_FLIPPED = {"face": "back", "back": "face", "left": "right", "right": "left", "top": "base", "base": "top"}


def _same_kind(have: Piece, want: Piece, part: PartialSpec) -> bool:
    return (have.piece_side == want.piece_side and have.cfg == want.cfg
            and have.suit == want.suit and have.rank == want.rank)


def _plus_id(piece_id: str) -> str:
    head, dots, tail = piece_id.partition("..")
    if dots:
        base, _, n = tail.partition(".")
        return f"{head}..{base}.{int(n or 0) + 1}"
    base, _, n = piece_id.partition(".")
    return f"{base}.{int(n or 0) + 1}"


def _changed_id(piece_id: str, level: int) -> str:
    if level == 1:
        return _plus_id(piece_id)
    if level == 2:
        head, dots, tail = piece_id.partition("..")
        if dots:
            n = tail.partition(".")[0]
            return f"{head}..{int(n or 0) + 1}"
        return f"{piece_id.partition('.')[0]}..1"
    return piece_id


def _split_anchor(text: str) -> tuple[str, str | None]:
    for mark, prefix in (("|", ""), ("$", "&")):
        if mark in text:
            offset, anchor = text.split(mark, 1)
            return offset, prefix + anchor
    return text, None


def _slice_indices(inside: str, token: str) -> list[int]:
    out: list[int] = []
    for part in inside.split(","):
        bounds = part.split(":")
        try:
            if len(bounds) == 1:
                out.append(int(bounds[0]))
            elif len(bounds) == 2:
                lo, hi = int(bounds[0]), int(bounds[1])
                if abs(hi - lo) > MAX_SLICE:
                    raise NotationError(f"the slice [{inside}] is too long", token=token)
                out.extend(range(lo, hi + 1) if hi >= lo else range(lo, hi - 1, -1))
            else:
                raise ValueError
        except ValueError:
            raise NotationError(f"cannot read the stack slice [{inside}]", token=token,
                                expected="indices such as [1], [2:4] or [1,3]") from None
    return out


def _apply_submove(work: _Work, text: str) -> None:
    # Operators are tried in the reference parser's order: the first found wins.
    if "$>" in text:
        left, right = text.split("$>", 1)
        work.rotate(left, f"{right}${left}")
    elif "@>" in text:
        left, right = text.split("@>", 1)
        work.rotate(left, right)
    elif "@%" in text:
        spec, ref = text.split("@%", 1)
        work.drop(spec, f"&{ref}%{ref}", on_top=True)
    elif "@" in text:
        spec, where = text.split("@", 1)
        work.drop(spec, where, on_top=True)
    elif "-%" in text:
        pid, ref = text.split("-%", 1)
        work.move(pid, f"&{ref}%{ref}", on_top=True)
    elif _HYPHEN.search(text):
        pid, where = _HYPHEN.split(text, 1)
        work.move(pid, where, on_top=True)
    elif "*" in text:
        work.remove(text.replace("*", "", 1))
    elif _PLUS.search(text):
        work.flip(_PLUS.sub("", text, 1))
    elif "~" in text:
        pid, spec = text.split("~", 1)
        work.change(pid, spec, replace=False)
    elif "=" in text:
        pid, spec = text.split("=", 1)
        work.change(pid, spec, replace=True)
    elif _COLON.search(text):
        first, second = _COLON.split(text, 1)
        work.capture(first, second)
    elif "_%" in text:
        pid, ref = text.split("_%", 1)
        work.move(pid, f"&{ref}%{ref}", on_top=False)
    elif "_" in text:
        pid, where = text.split("_", 1)
        work.move(pid, where, on_top=False)
    elif "\\%" in text:
        spec, ref = text.split("\\%", 1)
        work.drop(spec, f"&{ref}%{ref}", on_top=False)
    elif "\\" in text:
        spec, where = text.split("\\", 1)
        work.drop(spec, where, on_top=False)
    elif "#" in text:
        first, second = text.split("#", 1)
        work.swap(first, second)
    elif "!" in text:
        work.move(text.replace("!", "", 1), "<0,0>", on_top=True)
    else:
        raise NotationError(
            f"'{text}' is not a move", token=text,
            expected="a move such as 'S@b2' (place), 'a1-b1' (move), '*c3' (remove), 'b1:b3' (capture), "
                     "'+d4' (flip), 'b2@>90' (rotate), 'b2~S3' (change) or 'b2#c2' (swap)",
        )


class Macros(Mapping[str, str]):
    """A record's macros (its own, then the built-in ones), each expanded at most once
    however often the record uses it."""

    def __init__(self, own: Mapping[str, str], builtin: Mapping[str, str]) -> None:
        self.own = dict(own)
        self.builtin = builtin
        self.expanded: dict[str, str] = {}

    def __getitem__(self, name: str) -> str:
        return self.own[name] if name in self.own else self.builtin[name]

    def __contains__(self, name: object) -> bool:
        return name in self.own or name in self.builtin

    def __iter__(self) -> Iterator[str]:
        yield from self.own
        yield from (name for name in self.builtin if name not in self.own)

    def __len__(self) -> int:
        return len(self.own) + sum(1 for name in self.builtin if name not in self.own)

    def __bool__(self) -> bool:
        # Asked once a move: without this, truth would count every built-in macro each time.
        return bool(self.own) or bool(self.builtin)


def expand_macros(text: str, macros: Mapping[str, str]) -> str:
    """``text`` with every `` `name' `` replaced, macros inside macros too.

    Raises :class:`NotationError` for an unknown or circular macro and
    :class:`LimitError` when macros nest deeper than :data:`MAX_MACRO_DEPTH` or one
    reference grows past :data:`MAX_MACRO_CHARS` characters.
    """
    # Each macro is expanded once (for the whole record when ``macros`` is a :class:`Macros`):
    # a macro holding another twice would otherwise double the work at every level.
    done: dict[str, str] = macros.expanded if isinstance(macros, Macros) else {}

    def expand(value: str, stack: tuple[str, ...]) -> str:
        made = 0

        def one(match: re.Match[str]) -> str:
            nonlocal made
            name = match.group(1)
            if name in stack:
                raise NotationError(f"the macro `{name}' refers to itself (through {' -> '.join(stack + (name,))})",
                                    token=match.group(0))
            if name not in macros:
                raise NotationError(f"unknown macro `{name}'", token=match.group(0),
                                    expected="a macro defined under 'Macros' in the metadata, or a built-in one "
                                             "(chess men `p'..`K', cards `SA'..`CK', dominoes `0-0'..`6-6')")
            if len(stack) >= MAX_MACRO_DEPTH:
                raise LimitError(f"macros nest deeper than {MAX_MACRO_DEPTH} levels", token=match.group(0))
            if name not in done:
                done[name] = expand(str(macros[name]), stack + (name,))
            made += len(done[name])
            if made > MAX_MACRO_CHARS:
                raise LimitError(f"the macro `{name}' expands to more than {MAX_MACRO_CHARS} characters",
                                 token=match.group(0))
            return done[name]

        return _MACRO.sub(one, value)

    return expand(text, ())


@lru_cache(maxsize=4096)
def _absolute_point(text: str) -> tuple[float, float] | None:
    """The point a Cartesian ``(x,y)`` or algebraic ``b2`` location names, before scaling;
    None for any other text. Cached: records name the same squares again and again."""
    match = _CARTESIAN.fullmatch(text)
    if match:
        return float(match.group(1)), float(match.group(2))
    match = _ALGEBRAIC.fullmatch(text)
    if match:
        if len(match.group(1)) > 6:  # past any board (and past what a float holds, with enough letters)
            return math.inf, float(match.group(2))
        column = 0
        for letter in match.group(1):
            column = column * 26 + (ord(letter) - 96)
        return float(column), float(match.group(2))
    return None


_CHAINED = re.compile(r"(?<=.)([*+!])")
_COUNTED_SEARCH = re.compile(r"([0-9]+)\?")


def split_submoves(text: str, macros: Mapping[str, str], budget: ExpansionBudget | None = None) -> list[str]:
    """The sub-moves one written move stands for: braces and macros expanded, chains split.

    What braces and macros make is spent from ``budget`` (if given), which raises
    :class:`LimitError` past the move's or the record's limits.
    """
    out: list[str] = []
    counted = budget is not None and ("{" in text or "`" in text)
    for word in expand_braces(text):
        if "`" in word:
            word = expand_macros(word, macros)
        parts: list[str] = []
        for part in word.split():
            # As the reference: a space before every '*', '+' and '!' but a leading one.
            part = _CHAINED.sub(r" \1", part)
            part = part.replace("\u035c", "_").replace("\u203f", "_")
            if "?" in part:
                part = _COUNTED_SEARCH.sub(r"\1&?", part)
            parts.extend(part.split())
        if counted:
            assert budget is not None
            budget.spend(parts, token=text)  # as it goes: the limit stops the work, not just the result
        out.extend(parts)
    return out


def apply_group(
    board: Board,
    moves: Sequence[tuple[str, SourceLocation | None]],
    *,
    label: str,
    macros: Mapping[str, str] | None = None,
) -> Board:
    """The board after the moves written under move number ``label``.

    Raises :class:`RuleError` when a move names no piece or leaves the board,
    :class:`NotationError` when a move cannot be read, :class:`LimitError` when braces
    and macros make more than the move's or the record's share (see
    :class:`~piecepack_diagrams.notation.braces.ExpansionBudget`); all carry the move's
    location and text.
    """
    if not moves:  # a move number with no moves (a lone '.'): the same position, nothing moving
        return replace(board, steps=()) if board.steps else board
    work = _Work(board)
    budget = ExpansionBudget(*board.expansion)
    for text, location in moves:
        try:
            for sub in split_submoves(text, macros or {}, budget):
                _apply_submove(work, sub)
                if len(work.pieces) > MAX_PIECES:
                    raise LimitError(f"more than {MAX_PIECES:,} pieces on the board at once", token=sub,
                                     expected="fewer pieces in play")
        except PiecepackError as exc:
            if isinstance(exc, RuleError):
                exc.move = exc.move or f"{label} {text}"
            else:
                exc.message = f"move {label} {text}: {exc.message}"
            located = exc.with_location(location) if location is not None else exc
            raise located from None
    return Board(tuple(work.pieces), scale_factor=board.scale_factor, movetext_scale=board.movetext_scale,
                 max_id=work.max_id, active=tuple(work.active), steps=tuple(work.steps), bounds=board.bounds,
                 bit_cfg=board.bit_cfg, expansion=budget.as_tuple())
