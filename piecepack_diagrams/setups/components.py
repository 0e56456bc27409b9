"""ppdf's building blocks: the piecepack's pieces as layouts, its two tile boards, and
the helpers its game setups share (tile, rank and suit strings, random dice,
shuffles that keep positions).

Every helper that draws random numbers takes the :class:`RRandom` stream and draws
exactly what ppdf's R code draws, in the same order.
"""

from __future__ import annotations

import math
import re
from typing import Any

from ..errors import SetupError
from ..rrandom import RRandom
from ..values import value
from .arguments import Argument
from .frame import Frame, as_list, rep, seq
from .registry import ppdf_setup

# -- strings of tiles, ranks, suits and angles ----------------------------------------

_ANGLE_MARKS = {"^": "0", "<": "90", "v": "180", ">": "270"}
_SUIT_LETTERS = {"S": "1", "R": "1", "M": "2", "K": "2", "C": "3", "G": "3", "A": "4", "B": "4"}


def process_angles(angles: list[str]) -> list[float]:
    """``^ < v >`` (or degrees) as angles: 0, 90, 180, 270."""
    out = []
    for mark in angles:
        text = "".join(_ANGLE_MARKS.get(c, c) for c in str(mark))
        try:
            out.append(float(text))
        except ValueError:
            raise SetupError(f"'{mark}' is not a tile direction", token=str(mark),
                             expected="^, <, v or > (or degrees)") from None
    return out


def _strip(text: str) -> str:
    return re.sub(r"[\s!-/:-@\[-`{-~]", "", text)  # R's [[:space:]] and [[:punct:]]


def process_ranks(rng: RRandom, ranks: Any) -> list[int]:
    """ppdf's ``process_ranks``: ``None`` deals the 24 ranks at random; text such as
    ``"n a 2 3 4 5"`` (``n`` null, ``a`` ace) or numbers 0..5 give 1-based ranks."""
    if ranks is None:
        pool = rep(list(range(1, 7)), 4)
        return [pool[i - 1] for i in rng.sample_int(24)]
    items = as_list(ranks)
    if len(items) == 1 and isinstance(items[0], str):
        text = _strip(items[0]).replace("n", "0").replace("a", "1")
        items = list(text)
    elif all(isinstance(v, str) for v in items):
        items = [_strip(v).replace("n", "0").replace("a", "1") for v in items]
    out = []
    for item in items:
        try:
            out.append(int(item) + 1)
        except (TypeError, ValueError):
            raise SetupError(f"'{item}' is not a rank", token=str(item),
                             expected="ranks written n, a, 2, 3, 4, 5 (or 0 to 5)") from None
    return out


def process_suits(suits: Any) -> list[int]:
    """ppdf's ``process_suits``: ``S M C A`` (or ``R K G B``) or numbers as suits 1..4."""
    items = as_list(suits)
    if len(items) == 1 and isinstance(items[0], str):
        items = list(_strip(items[0]).upper())
    out = []
    for item in items:
        text = "".join(_SUIT_LETTERS.get(c, c) for c in _strip(str(item)).upper()) if isinstance(item, str) else item
        try:
            out.append(int(text))
        except (TypeError, ValueError):
            raise SetupError(f"'{item}' is not a suit", token=str(item), expected="S, M, C or A") from None
    return out


@value
class TileDeal:
    """Suits, ranks and angles of tiles, in placement order (ppdf's ``sra`` tables)."""

    suit: list[int]
    rank: list[int]
    angle: list[float]


def process_tiles(rng: RRandom, tiles: str | None, n_tiles: int = 24) -> TileDeal:
    """ppdf's ``process_tiles``: ``None`` shuffles the 24 tiles (face up, angle 0); a string
    gives each tile as suit+rank (``S5``), suit+direction (``S^``: ranks dealt at random
    within each suit) or suit+rank+direction (``S5^``); separators ``/:;\\|`` and spaces
    are ignored.

    Raises :class:`SetupError` for a string of the wrong length or with unknown letters.
    """
    if tiles is None:
        suits = rep([1, 2, 3, 4], each=6)
        ranks = rep(list(range(1, 7)), 4)
        order = rng.sample_int(24)
        return TileDeal([suits[i - 1] for i in order], [ranks[i - 1] for i in order], [0.0] * 24)
    chars = list(re.sub(r"[\s/:;\\|]", "", str(tiles)))
    if len(chars) == 2 * n_tiles:
        suit_chars = chars[0::2]
        needs_ranks = chars[1] in "^<v>"
        if needs_ranks:
            angle_chars, rank_chars = chars[1::2], []
        else:
            rank_chars, angle_chars = chars[1::2], ["^"] * n_tiles
    elif len(chars) == 3 * n_tiles:
        suit_chars, rank_chars, angle_chars = chars[0::3], chars[1::3], chars[2::3]
        needs_ranks = False
    else:
        raise SetupError(f"a tiles string of {len(chars)} characters does not describe {n_tiles} tiles",
                         token=str(tiles)[:60],
                         expected=f"{2 * n_tiles} characters (suit and rank, or suit and direction) "
                                  f"or {3 * n_tiles} (suit, rank, direction)")
    suits = process_suits(suit_chars)
    if needs_ranks:
        ranks = [0] * n_tiles
        per_suit = n_tiles // 4
        for suit in (1, 2, 3, 4):
            where = [k for k, s in enumerate(suits) if s == suit]
            drawn = rng.sample_int(per_suit + (n_tiles % 4 if suit == 4 else 0))
            if len(drawn) != len(where):
                raise SetupError(f"the tiles string has {len(where)} tiles of suit {suit}", token=str(tiles)[:60],
                                 expected=f"{len(drawn)} tiles of each suit")
            for k, rank in zip(where, drawn):
                ranks[k] = rank
    else:
        ranks = process_ranks(rng, rank_chars)
    return TileDeal(suits, ranks, process_angles(angle_chars))


def random_dice(rng: RRandom, n_dice: int = 4, n_ranks: int = 6) -> list[int]:
    """ppdf's ``random_dice``: ``n_dice`` ranks rolled with replacement."""
    return rng.sample_int(n_ranks, n_dice, replace=True)


def slice_sample_piece(rng: RRandom, frame: Frame) -> Frame:
    """ppdf's ``slice_sample_piece``: suits and ranks shuffled among the rows, positions,
    sides and angles kept."""
    order = rng.sample_int(len(frame))
    return frame.mutate(rank=[frame.rank[i - 1] for i in order], suit=[frame.suit[i - 1] for i in order])


def mutate_sample_angle(rng: RRandom, frame: Frame, angles: tuple[float, ...] = (0, 90, 180, 270)) -> Frame:
    """ppdf's ``mutate_sample_angle``: each row turned to an angle drawn with replacement."""
    return frame.mutate(angle=rng.sample(list(angles), len(frame), replace=True))


# -- the pieces as layouts ------------------------------------------------------------

def _piece_arguments(kind: str, *, has_rank: bool, sides: tuple[str, ...]) -> tuple[Argument, ...]:
    args = []
    if len(sides) > 1:
        args.append(Argument("side", "text", sides[0], f"which side of the {kind}s is up", choices=sides))
    args.append(Argument("piece_side", "text", None, f"piecepackr's piece_side (default {kind}_<side>)"))
    args.append(Argument("suit", "ints", None, "suits, repeated to the number of pieces (1 Suns .. 4 Arms)",
                         low=1, high=99))
    if has_rank:
        args.append(Argument("rank", "ints", None, "ranks, repeated (1 null .. 6 five)", low=1, high=99))
    args += [Argument("cfg", "text", "piecepack", "piecepackr configuration of the pieces"),
             Argument("x", "numbers", None, "x coordinates of the piece centres", low=-1000, high=1000),
             Argument("y", "numbers", None, "y coordinates of the piece centres", low=-1000, high=1000),
             Argument("angle", "numbers", [0.0], "angles in degrees, counter-clockwise", low=-3600, high=3600),
             Argument("length.out", "int", None, "the number of pieces (default: the longest argument)",
                      low=0, high=1000)]
    return tuple(args)


def pieces(kind: str, *, side: Any, piece_side: str | None, suit: Any, rank: Any, cfg: Any, x: Any, y: Any,
           angle: Any, length_out: int | None) -> Frame:
    """``piecepack_<kind>s(...)``: one row per piece, every column repeated to ``length_out``
    (when given) and then recycled as tibble does; ``side`` may give one side a piece
    (R pastes ``<kind>_`` onto each)."""
    return Frame.of(piece_side=piece_side or [f"{kind}_{s}" for s in as_list(side)], suit=suit, rank=rank, cfg=cfg,
                    x=[float(v) for v in as_list(x)], y=[float(v) for v in as_list(y)],
                    angle=[float(v) for v in as_list(angle)], length_out=length_out)


_SUITS_BY_SIX = rep([1, 2, 3, 4], each=6)
_RANKS_BY_SIX = rep(list(range(1, 7)), 4)


@ppdf_setup("piecepack_tiles", arguments=_piece_arguments("tile", has_rank=True, sides=("face", "back")))
def piecepack_tiles(rng: RRandom, *, side: str = "face", piece_side: str | None = None, suit: Any = None,
                    rank: Any = None, cfg: Any = "piecepack", x: Any = None, y: Any = None, angle: Any = 0.0,
                    length_out: int | None = None) -> Frame:
    """The 24 tiles in four rows of six, one suit a row (or as the arguments place them)."""
    return pieces("tile", side=side, piece_side=piece_side, suit=_SUITS_BY_SIX if suit is None else suit,
                  rank=_RANKS_BY_SIX if rank is None else rank, cfg=cfg,
                  x=[2.0 * v for v in rep(list(range(1, 7)), 4)] if x is None else x,
                  y=[2.0 * v for v in rep([4, 3, 2, 1], each=6)] if y is None else y,
                  angle=angle, length_out=length_out)


@ppdf_setup("piecepack_coins", arguments=_piece_arguments("coin", has_rank=True, sides=("face", "back")))
def piecepack_coins(rng: RRandom, *, side: str = "face", piece_side: str | None = None, suit: Any = None,
                    rank: Any = None, cfg: Any = "piecepack", x: Any = None, y: Any = None, angle: Any = 0.0,
                    length_out: int | None = None) -> Frame:
    """The 24 coins in four rows of six, one suit a row (or as the arguments place them)."""
    return pieces("coin", side=side, piece_side=piece_side, suit=_SUITS_BY_SIX if suit is None else suit,
                  rank=_RANKS_BY_SIX if rank is None else rank, cfg=cfg,
                  x=rep(list(range(1, 7)), 4) if x is None else x,
                  y=rep([4, 3, 2, 1], each=6) if y is None else y, angle=angle, length_out=length_out)


@ppdf_setup("piecepack_matchsticks", arguments=_piece_arguments("matchstick", has_rank=True, sides=("face", "back")))
def piecepack_matchsticks(rng: RRandom, *, side: str = "face", piece_side: str | None = None, suit: Any = None,
                          rank: Any = None, cfg: Any = "piecepack", x: Any = None, y: Any = None, angle: Any = 0.0,
                          length_out: int | None = None) -> Frame:
    """The 24 matchsticks in four rows of six, one suit a row (or as the arguments place them)."""
    return pieces("matchstick", side=side, piece_side=piece_side, suit=_SUITS_BY_SIX if suit is None else suit,
                  rank=_RANKS_BY_SIX if rank is None else rank, cfg=cfg,
                  x=rep(list(range(1, 7)), 4) if x is None else x,
                  y=[3.0 * v for v in rep([4, 3, 2, 1], each=6)] if y is None else y,
                  angle=angle, length_out=length_out)


@ppdf_setup("piecepack_pyramids", arguments=_piece_arguments("pyramid", has_rank=True,
                                                             sides=("top", "face", "back", "left", "right", "base")))
def piecepack_pyramids(rng: RRandom, *, side: str = "top", piece_side: str | None = None, suit: Any = None,
                       rank: Any = None, cfg: Any = "piecepack", x: Any = None, y: Any = None, angle: Any = 0.0,
                       length_out: int | None = None) -> Frame:
    """The 24 pyramids seen from above, in four rows of six (or as the arguments place them)."""
    return pieces("pyramid", side=side, piece_side=piece_side, suit=_SUITS_BY_SIX if suit is None else suit,
                  rank=_RANKS_BY_SIX if rank is None else rank, cfg=cfg,
                  x=rep(list(range(1, 7)), 4) if x is None else x,
                  y=rep([4, 3, 2, 1], each=6) if y is None else y, angle=angle, length_out=length_out)


@ppdf_setup("piecepack_dice", arguments=tuple(a for a in _piece_arguments("die", has_rank=True, sides=("face",))
                                               if a.name != "piece_side"))
def piecepack_dice(rng: RRandom, *, suit: Any = None, rank: Any = None, cfg: Any = "piecepack", x: Any = None,
                   y: Any = None, angle: Any = 0.0, length_out: int | None = None) -> Frame:
    """The four dice in a row, each showing its null face (or as the arguments place them)."""
    return pieces("die", side="face", piece_side=None, suit=[1, 2, 3, 4] if suit is None else suit,
                  rank=[1] if rank is None else rank, cfg=cfg, x=[1, 2, 3, 4] if x is None else x,
                  y=[1] if y is None else y, angle=angle, length_out=length_out)


@ppdf_setup("piecepack_pawns", arguments=_piece_arguments("pawn", has_rank=False, sides=("face", "back")))
def piecepack_pawns(rng: RRandom, *, side: str = "face", piece_side: str | None = None, suit: Any = None,
                    cfg: Any = "piecepack", x: Any = None, y: Any = None, angle: Any = 0.0,
                    length_out: int | None = None) -> Frame:
    """The four pawns in a row (or as the arguments place them)."""
    return pieces("pawn", side=side, piece_side=piece_side, suit=[1, 2, 3, 4] if suit is None else suit,
                  rank=[1], cfg=cfg, x=[1, 2, 3, 4] if x is None else x, y=[1] if y is None else y,
                  angle=angle, length_out=length_out)


@ppdf_setup("piecepack_saucers", arguments=_piece_arguments("saucer", has_rank=False, sides=("face", "back")))
def piecepack_saucers(rng: RRandom, *, side: str = "face", piece_side: str | None = None, suit: Any = None,
                      cfg: Any = "piecepack", x: Any = None, y: Any = None, angle: Any = 0.0,
                      length_out: int | None = None) -> Frame:
    """The four saucers in a row (or as the arguments place them)."""
    return pieces("saucer", side=side, piece_side=piece_side, suit=[1, 2, 3, 4] if suit is None else suit,
                  rank=[1], cfg=cfg, x=[1, 2, 3, 4] if x is None else x, y=[1] if y is None else y,
                  angle=angle, length_out=length_out)


def domino_tiles(n: int = 7, *, side: str = "face", x: Any = None, y: Any = None) -> Frame:
    """ppdf's ``domino_tiles``: the double-(n-1) set of dominoes (28 for the double-six),
    suits counting the high end and ranks the low end from 1 (blank), in rows from the top."""
    suits = [s for k in range(1, n + 1) for s in range(k, n + 1)]
    ranks = rep(list(range(1, n + 1)), list(range(n, 0, -1)))
    xs = [float(s) for s in suits] if x is None else x
    ys = [2.0 * v - 0.5 for v in rep(list(range(n, 0, -1)), list(range(n, 0, -1)))] if y is None else y
    return Frame.of(piece_side=f"tile_{side}", suit=suits, rank=ranks, cfg="dominoes", x=xs, y=ys, angle=0.0)


# -- boards of tiles ------------------------------------------------------------------

_DONUT_X = [*rep(seq(0, 8, 2), 2), 0, 2, 6, 8, *rep(seq(0, 8, 2), 2)]
_DONUT_Y = [*rep(8, 5), *rep(6, 5), *rep(4, 4), *rep(2, 5), *rep(0, 5)]


@ppdf_setup("piecepack_donut_board", arguments=(
    Argument("side", "text", "back", "which side of the tiles is up", choices=("back", "face")),
    Argument("piece_side", "text", None, "piecepackr's piece_side (default tile_<side>)"),
    Argument("suit", "ints", None, "suits of the 24 tiles, in board order", low=1, high=99),
    Argument("rank", "ints", None, "ranks of the 24 tiles, in board order", low=1, high=99),
    Argument("cfg", "text", "piecepack", "piecepackr configuration of the tiles"),
    Argument("x0", "number", 1.0, "x of the lower-left tile's lower-left cell", low=-1000, high=1000),
    Argument("y0", "number", 1.0, "y of the lower-left tile's lower-left cell", low=-1000, high=1000),
    Argument("angle", "numbers", [0.0], "angles of the tiles in degrees", low=-3600, high=3600)))
def piecepack_donut_board(rng: RRandom, *, side: str = "back", piece_side: str | None = None, suit: Any = None,
                          rank: Any = None, cfg: Any = "piecepack", x0: float = 1.0, y0: float = 1.0,
                          angle: Any = 0.0) -> Frame:
    """24 tiles in a 5x5 square with a hole in the middle, rows from the top."""
    return Frame.of(piece_side=piece_side or f"tile_{side}", suit=_SUITS_BY_SIX if suit is None else suit,
                    rank=_RANKS_BY_SIX if rank is None else rank, cfg=cfg,
                    x=[x0 + 0.5 + v for v in _DONUT_X], y=[y0 + 0.5 + v for v in _DONUT_Y],
                    angle=[float(v) for v in as_list(angle)])


def _line_score(values: list[int]) -> int:
    prev: float = math.inf
    score = streak = 0
    for item in values:
        if item == prev:
            streak += 1
            score += streak * item
        else:
            streak = 0
        prev = item
    return score


def _adjust_rivers(values: list[int]) -> list[int]:
    """Spread 3-wide gaps (rivers) among 2-wide ones so that equal gaps do not bunch, as
    ppdf's ``adjust_rivers`` swaps them."""
    if len(values) < 3:
        return values
    x = list(values)
    score: float = math.inf
    new_score = _line_score(x)
    n = len(x)
    while new_score < score:
        score = new_score
        for ii in range(1, n + 1):
            # R's seq(ii - 1) counts down to 0 when ii == 1 (1, 0); both indices are skipped then
            for jj in (range(1, ii) if ii > 1 else ()):
                if x[ii - 1] != x[jj - 1] and new_score == score:
                    xp = list(x)
                    xp[ii - 1], xp[jj - 1] = xp[jj - 1], xp[ii - 1]
                    sp = _line_score(xp)
                    if sp < score:
                        new_score, x = sp, xp
    return x


def _min_line_tiles(n: int) -> int:
    return n // 3 if n % 3 == 0 else n // 3 + 1


def board_centres(nrows: int, ncols: int, max_tiles: int) -> tuple[list[float], list[float]]:
    """Tile centres (relative to the first cell or point) of an ``ncols`` x ``nrows`` board
    of at most ``max_tiles`` tiles: cells when both are even and the tiles suffice, else
    points with 3-wide rivers between some tiles.

    Raises :class:`SetupError` when no such board can be made.
    """
    if nrows % 2 == 0 and ncols % 2 == 0 and nrows * ncols / 4 <= max_tiles:
        return seq(0.5, by=2, length_out=ncols // 2), seq(0.5, by=2, length_out=nrows // 2)
    if nrows not in (2, 4) and ncols not in (2, 4) and _min_line_tiles(nrows) * _min_line_tiles(ncols) <= max_tiles:
        best = 0
        xs: list[float] = []
        ys: list[float] = []
        for rr in _r_range(int(nrows % 2 == 0), nrows // 3 - 1):
            for rc in _r_range(int(ncols % 2 == 0), ncols // 3 - 1):
                tr = math.ceil((nrows - rr - 1) / 2)
                tc = math.ceil((ncols - rc - 1) / 2)
                if 2 * tr + 1 + rr == nrows and 2 * tc + 1 + rc == ncols and best < tr * tc <= max_tiles:
                    best = tr * tc
                    gaps_x = _adjust_rivers([3] * rc + [2] * (tc - rc - 1))
                    gaps_y = _adjust_rivers([3] * rr + [2] * (tr - rr - 1))
                    xs = [1.0 + sum(gaps_x[:k]) for k in range(len(gaps_x) + 1)]
                    ys = [1.0 + sum(gaps_y[:k]) for k in range(len(gaps_y) + 1)]
        if best:
            return xs, ys
    raise SetupError(f"Don't know how to form a {ncols}x{nrows} board with {max_tiles} tiles",
                     token=f"{ncols}x{nrows}", expected="a board the tiles can make")


def _r_range(start: int, stop: int) -> list[int]:
    """R's ``start:stop`` (which counts down when ``stop < start``)."""
    return list(range(start, stop + 1)) if stop >= start else list(range(start, stop - 1, -1))


@ppdf_setup("piecepack_rectangular_board", arguments=(
    Argument("nrows", "int", 8, "rows of cells (even) or points", low=1, high=99),
    Argument("ncols", "int", 8, "columns of cells (even) or points", low=1, high=99),
    Argument("x0", "number", 1.0, "x of the first cell or point", low=-1000, high=1000),
    Argument("y0", "number", 1.0, "y of the first cell or point", low=-1000, high=1000),
    Argument("max_tiles", "int", 24, "the most tiles the board may use", low=1, high=1000),
    Argument("suit", "ints", None, "suits of the tile backs, repeated", low=1, high=99),
    Argument("rank", "ints", None, "ranks of the tile backs, repeated", low=1, high=99),
    Argument("cfg", "text", "piecepack", "piecepackr configuration of the tiles"),
    Argument("angle", "numbers", [0.0], "angles of the tiles in degrees, repeated", low=-3600, high=3600)))
def piecepack_rectangular_board(rng: RRandom, *, nrows: int = 8, ncols: int = 8, x0: float = 1.0, y0: float = 1.0,
                                max_tiles: int = 24, suit: Any = None, rank: Any = None, cfg: str = "piecepack",
                                angle: Any = 0.0) -> Frame:
    """A board of tile backs with ``ncols`` x ``nrows`` cells or points, rows from the bottom."""
    xs, ys = board_centres(nrows, ncols, max_tiles)
    n = len(xs) * len(ys)
    return Frame.of(piece_side="tile_back",
                    suit=rep(rep([1, 2, 3, 4], 6) if suit is None else suit, length_out=n),
                    rank=rep(rep(list(range(1, 7)), each=4) if rank is None else rank, length_out=n),
                    cfg=cfg, x=[x0 + v for v in rep(xs, len(ys))], y=[y0 + v for v in rep(ys, each=len(xs))],
                    angle=rep([float(v) for v in as_list(angle)], length_out=n))


__all__ = ["TileDeal", "board_centres", "domino_tiles",
           "mutate_sample_angle", "pieces", "piecepack_coins", "piecepack_dice",
           "piecepack_donut_board", "piecepack_matchsticks", "piecepack_pawns", "piecepack_pyramids",
           "piecepack_rectangular_board", "piecepack_saucers", "piecepack_tiles", "process_angles",
           "process_ranks", "process_suits", "process_tiles", "random_dice", "slice_sample_piece"]
