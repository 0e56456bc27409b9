"""A small table of pieces with R's vector manners, for porting ppdf's setup functions.

ppdf builds layouts as data frames (``tibble``) with the columns ``piece_side,
suit, rank, cfg, x, y, angle`` and R's vector helpers (``rep``, ``seq``,
recycling). :class:`Frame` holds the same columns and offers the same few
operations, so that a port reads like its source and keeps its row order (the
drawing order) and its order of random draws.

Indices given to :meth:`Frame.rows` are 1-based, as R's; everything else is Python.
"""

from __future__ import annotations

import math
from typing import Any, Callable, Iterable, Sequence

COLUMNS: tuple[str, ...] = ("piece_side", "suit", "rank", "cfg", "x", "y", "angle")


def as_list(value: Any) -> list[Any]:
    """``value`` as a list: a string or number is a vector of length one."""
    if isinstance(value, (list, tuple, range)):
        return list(value)
    return [value]


def rep(x: Any, times: int | Sequence[int] = 1, *, each: int = 1, length_out: int | None = None) -> list[Any]:
    """R's ``rep(x, times, each, length.out)``.

    >>> rep([1, 2], 2), rep([1, 2], each=2), rep([1, 2, 3], length_out=5)
    ([1, 2, 1, 2], [1, 1, 2, 2], [1, 2, 3, 1, 2])
    """
    items = [v for v in as_list(x) for _ in range(each)]
    if not isinstance(times, int):
        if len(times) != len(items):
            raise ValueError("invalid 'times' argument")
        items = [v for v, t in zip(items, times) for _ in range(t)]
    elif length_out is None:
        items = items * times
    if length_out is not None:
        if not items:
            return []
        items = [items[k % len(items)] for k in range(length_out)]
    return items


def rep_len(x: Any, length_out: int) -> list[Any]:
    """R's ``rep_len(x, length.out)``."""
    return rep(x, length_out=length_out)


def seq(start: float, stop: float | None = None, by: float | None = None, *,
        length_out: int | None = None) -> list[float]:
    """R's ``seq(from, to, by)`` and ``seq(from, by =, length.out =)``, as R computes
    them (``from + (0:n) * by``, clipped at ``to``).

    >>> seq(1, 7, 2), seq(9, 1, -2), seq(2, by=2, length_out=3)
    ([1, 3, 5, 7], [9, 7, 5, 3, 1], [2, 4, 6])
    """
    if length_out is not None:
        if by is None:
            if stop is None:
                by = 1
            else:
                by = 0 if length_out == 1 else (stop - start) / (length_out - 1)
        return [start + k * by for k in range(length_out)]
    if stop is None:
        raise ValueError("seq() needs 'to' or 'length.out'")
    if by is None:
        by = 1 if stop >= start else -1
    n = (stop - start) / by
    if n < 0:
        raise ValueError("wrong sign in 'by' argument")
    count = int(n + 1e-10)
    values = [start + k * by for k in range(count + 1)]
    return [min(v, stop) for v in values] if by > 0 else [max(v, stop) for v in values]


def recycle(columns: dict[str, list[Any]]) -> int:
    """The common length of ``columns`` after tibble's recycling (length one stretches).

    Raises :class:`ValueError` for lengths that cannot be recycled, as tibble does.
    """
    lengths = {len(v) for v in columns.values() if len(v) != 1}
    if len(lengths) > 1:
        raise ValueError(f"columns of lengths {sorted(lengths)} cannot be recycled")
    n = lengths.pop() if lengths else 1
    for name, values in columns.items():
        if len(values) == 1 and n != 1:
            columns[name] = values * n
    return n


class Frame:
    """Rows of pieces as columns (``piece_side, suit, rank, cfg, x, y, angle``), each a list
    (empty when not given), changed in place as R changes a data frame.

    ``scale_factor`` is ppdf's ``attr(df, "scale_factor")``: inches per movetext unit.
    Two frames are equal when their columns and scale factor are.
    """

    __slots__ = ("piece_side", "suit", "rank", "cfg", "x", "y", "angle", "scale_factor")

    def __init__(self, piece_side: list[str] | None = None, suit: list[int] | None = None,
                 rank: list[int] | None = None, cfg: list[str] | None = None, x: list[float] | None = None,
                 y: list[float] | None = None, angle: list[float] | None = None, scale_factor: float = 1.0) -> None:
        self.piece_side: list[str] = [] if piece_side is None else piece_side
        self.suit: list[int] = [] if suit is None else suit
        self.rank: list[int] = [] if rank is None else rank
        self.cfg: list[str] = [] if cfg is None else cfg
        self.x: list[float] = [] if x is None else x
        self.y: list[float] = [] if y is None else y
        self.angle: list[float] = [] if angle is None else angle
        self.scale_factor = scale_factor

    def _columns(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in self.__slots__)

    def __eq__(self, other: object) -> bool:
        return self._columns() == other._columns() if isinstance(other, Frame) else NotImplemented

    __hash__ = None  # type: ignore[assignment]  # changed in place, so never a key

    def __repr__(self) -> str:
        return f"Frame({', '.join(f'{name}={getattr(self, name)!r}' for name in self.__slots__)})"

    @classmethod
    def of(cls, *, piece_side: Any, suit: Any = 1, rank: Any = 1, cfg: Any = "piecepack", x: Any = 0.0,
           y: Any = 0.0, angle: Any = 0.0, length_out: int | None = None) -> Frame:
        """A frame from columns with R's recycling; ``length_out`` repeats each to that length."""
        columns = {name: as_list(value) for name, value in
                   (("piece_side", piece_side), ("suit", suit), ("rank", rank), ("cfg", cfg), ("x", x),
                    ("y", y), ("angle", angle))}
        if length_out is not None:
            columns = {name: rep(values, length_out=length_out) for name, values in columns.items()}
        recycle(columns)
        return cls._of_columns(columns)

    @classmethod
    def _of_columns(cls, columns: dict[str, list[Any]], scale_factor: float = 1.0) -> Frame:
        """A frame of the columns named in :data:`COLUMNS`."""
        return cls(columns["piece_side"], columns["suit"], columns["rank"], columns["cfg"], columns["x"],
                   columns["y"], columns["angle"], scale_factor)

    def __len__(self) -> int:
        return len(self.piece_side)

    def column(self, name: str) -> list[Any]:
        """The column ``name``."""
        if name not in COLUMNS:
            raise KeyError(name)
        col: list[Any] = getattr(self, name)
        return col

    def records(self) -> Iterable[tuple[str, int, int, str, float, float, float]]:
        """The rows, in order, as ``(piece_side, suit, rank, cfg, x, y, angle)``."""
        return zip(self.piece_side, self.suit, self.rank, self.cfg, self.x, self.y, self.angle)

    def rows(self, index: Sequence[int]) -> Frame:
        """``df[index, ]`` with R's 1-based indices; negative indices drop rows (``df[-k, ]``)."""
        n = len(self)
        if index and all(i < 0 for i in index):
            drop = {-i - 1 for i in index}
            keep = [k for k in range(n) if k not in drop]
        else:
            if any(i < 1 or i > n for i in index):
                raise IndexError(f"row index out of 1..{n}: {list(index)}")
            keep = [i - 1 for i in index]
        return self._take(keep)

    def where(self, keep: Sequence[bool] | Callable[[tuple[Any, ...]], bool]) -> Frame:
        """``filter(df, ...)``: the rows where ``keep`` (a mask, or a test of a row record) holds."""
        if callable(keep):
            mask = [bool(keep(r)) for r in self.records()]
        else:
            mask = list(keep)
            if len(mask) != len(self):
                raise ValueError("a mask must have one value per row")
        return self._take([k for k, m in enumerate(mask) if m])

    def _take(self, keep: Sequence[int]) -> Frame:
        columns = {c: self.column(c) for c in COLUMNS}
        return Frame._of_columns({c: [col[k] for k in keep] for c, col in columns.items()}, self.scale_factor)

    def mutate(self, **columns: Any) -> Frame:
        """``mutate(df, name = value)``: a new frame with columns replaced (length one recycles)."""
        values = {name: list(self.column(name)) for name in COLUMNS}
        n = len(self)
        for name, value in columns.items():
            if name not in COLUMNS:
                raise KeyError(name)
            new = as_list(value)
            if len(new) == 1:
                new = new * n
            if len(new) != n:
                raise ValueError(f"column {name} has {len(new)} values for {n} rows")
            values[name] = new
        return Frame._of_columns(values, self.scale_factor)

    def shifted(self, dx: float = 0.0, dy: float = 0.0) -> Frame:
        """The rows moved by ``(dx, dy)``."""
        return self.mutate(x=[v + dx for v in self.x], y=[v + dy for v in self.y])

    def with_scale(self, scale_factor: float) -> Frame:
        """The same rows with ``attr(df, "scale_factor")`` set."""
        return Frame._of_columns({c: list(self.column(c)) for c in COLUMNS}, scale_factor)


def bind_rows(*frames: Frame) -> Frame:
    """``bind_rows(...)``: the frames' rows in order (the first frame's scale factor is kept,
    as dplyr keeps the first frame's attributes)."""
    out = Frame(scale_factor=frames[0].scale_factor if frames else 1.0)
    for frame in frames:
        for name in COLUMNS:
            out.column(name).extend(frame.column(name))
    return out


def to_x(theta: float, r: float) -> float:
    """``r * cos(theta)`` with ``theta`` in degrees, as ppdf's ``to_x``."""
    return r * math.cos(math.pi * theta / 180)


def to_y(theta: float, r: float) -> float:
    """``r * sin(theta)`` with ``theta`` in degrees, as ppdf's ``to_y``."""
    return r * math.sin(math.pi * theta / 180)


__all__ = ["COLUMNS", "Frame", "as_list", "bind_rows", "recycle", "rep", "rep_len", "seq", "to_x", "to_y"]
