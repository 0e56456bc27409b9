"""Named starting layouts for generic PPN games (``GameType: Tablut`` ...).

Each setup is a small data function returning the pieces in placement order,
as the piecepackr project's setup functions (R package ppdf) lay them out, so
that corpus records replay to the reference positions. Random setups use
:class:`~piecepack_diagrams.rng.SeededRandom`: the same seed gives the same
layout everywhere (but not R's layout for that seed).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from ...errors import SetupError
from ...numbers import finite_number
from ...pieces import Piece
from ...rng import SeededRandom
from ...textsafe import as_text, shorten

Item = tuple[Piece, float, float, float]

#: The seed used when a random setup is asked for without one.
DEFAULT_SEED = 1


@dataclass(frozen=True, slots=True)
class Layout:
    """A starting layout: ``(piece, x, y, angle)`` items in drawing order.

    ``scale_factor`` is inches per unit of the items' coordinates; ``movetext_scale`` the
    units one movetext unit spans (``a1`` is ``(movetext_scale, movetext_scale)``), by
    default ``scale_factor``. ppdf's layouts are in inches and set the second only: its
    ``attr(df, "scale_factor")`` stretches the movetext's coordinates (Cardinal's Guards:
    a movetext unit is a 2-inch tile)."""

    items: tuple[Item, ...]
    scale_factor: float = 1.0
    name: str = "none"
    options: tuple[tuple[str, Any], ...] = field(default=())
    movetext_scale: float | None = None

    def bounds(self, margin: float = 2.0) -> tuple[float, float, float, float] | None:
        """The table area moves may use: the layout's extent plus ``margin`` units."""
        if not self.items:
            return None
        xs = [x for _, x, _, _ in self.items]
        ys = [y for _, _, y, _ in self.items]
        return min(xs) - margin, min(ys) - margin, max(xs) + margin, max(ys) + margin


SetupFunction = Callable[[Mapping[str, Any], SeededRandom], Layout]
_SETUPS: dict[str, SetupFunction] = {}
_TITLES: dict[str, str] = {}


def setup(name: str, title: str) -> Callable[[SetupFunction], SetupFunction]:
    """Register a setup function under its normalised ``name``."""

    def register(fn: SetupFunction) -> SetupFunction:
        _SETUPS[name] = fn
        _TITLES[name] = title
        return fn

    return register


def setup_names() -> dict[str, str]:
    """Normalised names of the setups this module knows, with their titles."""
    return dict(sorted(_TITLES.items()))


_PREFIXES = ("checker_", "chess_", "domino_", "icehouse_", "go_", "piecepack_", "stackpack_", "reversi_", "tarot_")


def normalize_name(name: str) -> str:
    """``"Four Field Kono"`` -> ``"four_field_kono"``, as ppdf normalises game names.

    >>> normalize_name("Fuji-san"), normalize_name("International Draughts")
    ('fujisan', 'international_checkers')
    """
    text = unicodedata.normalize("NFKD", str(name)).encode("ascii", "ignore").decode("ascii")
    text = re.sub(r"[\"'-]", "", text)
    text = re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", text)
    text = re.sub(r"[^A-Za-z0-9]+", "_", text).strip("_").lower()
    text = text.replace("draughts", "checkers")
    for prefix in _PREFIXES:
        if text.startswith(prefix):
            text = text[len(prefix):]
            break
    return text


def make_layout(name: str, options: Mapping[str, Any], *, seed: int | None = None) -> Layout:
    """The layout of the setup ``name`` with ``options`` (header keys in any spelling).

    Every setup of the piecepackr project's ppdf is R-exact (see :mod:`piecepack_diagrams.setups`):
    a seed means what ``set.seed(seed)`` then the call means in R. Raises :class:`SetupError`
    for an unknown name (with the closest known names) or bad options.
    """
    if normalize_name(name) in ("", "none"):
        return Layout((), name="none")
    from ...setups import build_frame, is_known_setup

    if is_known_setup(name):
        info, frame = build_frame(name, options, seed=seed)
        items = tuple((_frame_piece(side, suit, rank, cfg), x, y, angle)
                      for side, suit, rank, cfg, x, y, angle in frame.records())
        return Layout(items, 1.0, info.function.removeprefix("piecepack_"),
                      tuple(sorted((str(k), str(v)) for k, v in options.items())), movetext_scale=frame.scale_factor)
    key = normalize_name(name)
    if key not in _SETUPS:
        from ...setups import find_setup

        find_setup(name)  # raises, naming the closest games
    opts = {normalize_name(k): v for k, v in options.items()}
    raw_seed = opts.pop("seed", None)
    if seed is None:
        seed = DEFAULT_SEED if raw_seed is None else _int_option("Seed", raw_seed)
    layout = _SETUPS[key](opts, SeededRandom(seed))
    return Layout(layout.items, layout.scale_factor, key, tuple(sorted((k, str(v)) for k, v in opts.items())))


def _frame_piece(piece_side: str, suit: int, rank: int, cfg: str) -> Piece:
    kind, _, side = piece_side.partition("_")
    return Piece(kind, side or "face", int(suit), int(rank), cfg)


def _int_option(label: str, value: Any) -> int:
    digits = value.lstrip("-") if isinstance(value, str) else ""
    if isinstance(value, bool) or not isinstance(value, (int, str)) or \
            isinstance(value, str) and not (digits.isascii() and digits.isdigit()):
        raise SetupError(f"{label} must be a whole number, not {as_text(value)}", token=as_text(value))
    if isinstance(value, str) and len(digits) > 19:
        raise SetupError(f"{label} {shorten(value)} is too large", token=value, expected="a number below 2**63")
    number = int(value)
    if abs(number) > 2**63:
        raise SetupError(f"{label} {value} is too large", token=str(value), expected="a number below 2**63")
    return number


def _unknown_options(name: str, opts: Mapping[str, Any], allowed: set[str]) -> None:
    extra = sorted(set(opts) - allowed)
    if extra:
        raise SetupError(f"{name} takes no option '{extra[0]}'",
                         token=extra[0], expected=f"options among: {', '.join(sorted(allowed)) or 'none'}")


def _tile(side: str, suit: int = 1, rank: int = 1) -> Piece:
    return Piece("tile", side, suit, rank)


def rectangular_board(ncols: int, nrows: int) -> list[Item]:
    """Tile backs forming a board of ``ncols`` x ``nrows`` cells (even) or points (odd).

    Tiles are numbered row by row from the lower left; suits cycle 1..4 and
    ranks count up every four tiles, as ppdf lays them.
    """
    def centres(n: int) -> list[float]:
        return [1.5 + 2 * k for k in range(n // 2)] if n % 2 == 0 else [2.0 + 2 * k for k in range((n - 1) // 2)]

    items: list[Item] = []
    for y in centres(nrows):
        for x in centres(ncols):
            k = len(items)
            items.append((_tile("back", k % 4 + 1, k // 4 + 1), x, y, 0.0))
    return items


def parse_ranks(text: str, *, count: int, what: str) -> list[int]:
    """1-based ranks from a string of ``n a 0..5`` characters (``/`` separators ignored)."""
    ranks = []
    for char in str(text):
        if char in "/ ":
            continue
        if char in "nN0":
            ranks.append(1)
        elif char in "aA1":
            ranks.append(2)
        elif char in "2345":
            ranks.append(int(char) + 1)
        else:
            raise SetupError(f"'{char}' in {what} '{text}' is not a rank", token=str(text),
                             expected="ranks written n, a, 2, 3, 4, 5")
    if len(ranks) != count:
        raise SetupError(f"{what} '{text}' gives {len(ranks)} ranks", token=str(text), expected=f"{count} ranks")
    return ranks


@setup("four_field_kono", "Four Field Kono")
def four_field_kono(opts: Mapping[str, Any], rng: SeededRandom) -> Layout:
    """Four tiles grid side up; each player's eight coins suit side up on their half."""
    _unknown_options("Four Field Kono", opts, set())
    items = rectangular_board(4, 4)
    xs = [1, 2, 1, 2, 3, 4, 3, 4, 3, 4, 3, 4, 1, 2, 1, 2]
    ys = [4, 4, 3, 3, 4, 4, 3, 3, 2, 2, 1, 1, 2, 2, 1, 1]
    for k in range(16):
        suit, rank = k // 4 + 1, k % 4 + 3
        items.append((Piece("coin", "back", suit, rank), xs[k], ys[k], 180.0 if k < 8 else 0.0))
    return Layout(tuple(items))


@setup("tablut", "Tablut")
def tablut(opts: Mapping[str, Any], rng: SeededRandom) -> Layout:
    """A 9x9 point board of 16 tiles; attackers face up on the edges, defenders and king in the centre."""
    _unknown_options("Tablut", opts, {"die_width"})
    die_width = finite_number(opts.get("die_width", 0.63), what="die_width", low=0.1, high=5.0, token="die_width")
    items = rectangular_board(9, 9)
    xs = [5, 4, 5, 6, 5, 6, 5, 4, 2, 1, 1, 1, 8, 9, 9, 9]
    ys = [2, 1, 1, 1, 8, 9, 9, 9, 5, 6, 5, 4, 5, 4, 5, 6]
    for k in range(16):
        angle = (0.0, 180.0, -90.0, 90.0)[k // 4]
        items.append((Piece("coin", "face", k // 4 + 1, k % 4 + 3), xs[k], ys[k], angle))
    xs = [5, 5, 6, 7, 5, 5, 4, 3]
    ys = [6, 7, 5, 5, 4, 3, 5, 5]
    for k in range(8):
        angle = (0.0, -90.0, 180.0, 90.0)[k // 2]
        items.append((Piece("coin", "back", k // 2 + 1, k % 2 + 1), xs[k], ys[k], angle))
    if die_width > 0.5:
        items.append((Piece("die", "face", 3, 1), 5, 5, 0.0))
    else:
        for suit, (x, y, angle) in enumerate(((4.75, 5.25, 0.0), (5.25, 5.25, -90.0),
                                              (5.25, 4.75, 180.0), (4.75, 4.75, 90.0)), start=1):
            items.append((Piece("die", "face", suit, 1), x, y, angle))
    items.append((Piece("pawn", "face", 3, 1), 5, 5, 0.0))
    return Layout(tuple(items))


def _fujisan_needs_dice(top: list[int], bottom: list[int]) -> bool:
    """True when no coin is reachable on the first move without dice (ranks 0-based)."""
    for distance in range(1, 6):
        ends = (distance - 1, 12 - distance)
        if any(row[i] == distance for row in (top, bottom) for i in ends):
            return False
    return True


@setup("fujisan", "Fuji-san")
def fujisan(opts: Mapping[str, Any], rng: SeededRandom) -> Layout:
    """A stepped mountain of 24 tile backs, two rows of twelve coins, pawns at the ends.

    Options: ``coins`` (24 ranks, top row then bottom row, e.g.
    ``"44452n24n3aa/a25335325ann"``) and ``dice`` (4 ranks, used only when the
    first move needs dice).
    """
    _unknown_options("Fuji-san", opts, {"coins", "dice"})
    if opts.get("coins") is not None:
        ranks = parse_ranks(opts["coins"], count=24, what="Coins")
    else:
        ranks = [0] * 24
        for residue in range(4):
            values = rng.shuffled(list(range(1, 7)))
            for n, k in enumerate(k for k in range(24) if (k + 1) % 4 == residue):
                ranks[k] = values[n]
    top, bottom = [r - 1 for r in ranks[:12]], [r - 1 for r in ranks[12:]]
    xs = [1, 3, 5, 7, 9, 11, 2, 4, 6, 8, 10, 3, 5, 7, 9, 4, 6, 8, 5, 7, 5, 7, 6, 6]
    items: list[Item] = []
    for k, x in enumerate(xs):
        items.append((_tile("back", k // 6 + 1, k % 6 + 1), 1.5 + x, 1.5, 0.0))
    suits = [4 - (k % 4) for k in range(24)]
    for k, rank in enumerate(bottom + top):
        items.append((Piece("coin", "face", suits[k], rank + 1), 2 + k % 12, 1 + k // 12, 0.0))
    for suit, x, y in ((1, 1, 2), (2, 14, 2), (4, 1, 1), (3, 14, 1)):
        items.append((Piece("pawn", "face", suit, 1), x, y, 0.0))
    if _fujisan_needs_dice(top, bottom):
        dice = (parse_ranks(opts["dice"], count=4, what="Dice") if opts.get("dice") is not None
                else [rng.die() for _ in range(4)])
        for rank, suit, (x, y) in zip(dice, (1, 2, 4, 3), ((16, 2), (17, 2), (16, 1), (17, 1))):
            items.append((Piece("die", "face", suit, rank), x, y, 0.0))
    return Layout(tuple(items))


@setup("coin_collectors", "Coin Collectors")
def coin_collectors(opts: Mapping[str, Any], rng: SeededRandom) -> Layout:
    """Coin Collectors' start: 24 shuffled tiles face up in a 5x5 square with the
    centre empty, a shuffled coin number side up on each, the pawns in the hole,
    four dice rolled beside the board."""
    _unknown_options("Coin Collectors", opts, set())
    spaces = [(1.5 + 2 * c, 9.5 - 2 * r) for r in range(5) for c in range(5) if (r, c) != (2, 2)]
    faces = [(suit, rank) for suit in range(1, 5) for rank in range(1, 7)]
    tiles = rng.shuffled(faces)
    coins = rng.shuffled(faces)
    items: list[Item] = [(_tile("face", s, r), x, y, 0.0) for (s, r), (x, y) in zip(tiles, spaces)]
    items += [(Piece("coin", "face", s, r), x + 0.5, y - 0.5, 0.0) for (s, r), (x, y) in zip(coins, spaces)]
    items += [(Piece("die", "face", suit, rng.die()), 12.0, 11.0 - 2 * suit, 0.0) for suit in range(1, 5)]
    for suit, (x, y) in enumerate(((5, 6), (6, 6), (6, 5), (5, 5)), start=1):
        items.append((Piece("pawn", "face", suit, 1), x, y, 0.0))
    return Layout(tuple(items))
