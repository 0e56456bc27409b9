"""Named starting layouts for generic PPN games (``GameType: Tablut`` ...).

Every piecepack setup of the piecepackr project (R package ppdf) comes from
:mod:`piecepack_diagrams.setups`, R-exact, seeds included. Setups of other systems
that records use (the marbles ``Board``) register here with :func:`setup`.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any, Callable, Mapping

from ...errors import SetupError
from ...pieces import Piece
from ...rng import SeededRandom
from ...textsafe import as_text, shorten
from ...values import field, value

Item = tuple[Piece, float, float, float]

#: The seed used when a random setup is asked for without one.
DEFAULT_SEED = 1


@value
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

    >>> from piecepack_diagrams.games.generic import normalize_name
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
            (isinstance(value, str) and not (digits.isascii() and digits.isdigit())):
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
