"""Generic PPN piece movement as a game: no rules beyond "the piece must be there"."""

from __future__ import annotations

import math

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ...engine.game import Game, register
from ...errors import SetupError, SourceLocation
from ...numbers import finite_number
from ...scene import Arrow, Coordinates, Scene, ScenePiece, stack_counts
from ...textsafe import as_text
from .board import Board, board_from_pieces
from .glyphs import BUILTIN_MACROS
from .moves import Macros, apply_group
from .setups import Layout, make_layout

if TYPE_CHECKING:
    from ...notation import MoveGroup


def setup_spec(metadata: Mapping[str, Any]) -> tuple[str, dict[str, Any]]:
    """The setup name and options a record's ``SetUp`` (or else ``GameType``) gives."""
    value = metadata.get("SetUp", metadata.get("GameType"))
    if value is None:
        return "none", {}
    if isinstance(value, str):
        return value, {}
    if isinstance(value, Mapping):
        options = {str(k): v for k, v in value.items()}
        name = options.pop("Name", None)
        options.pop("System", None)
        if not isinstance(name, str):
            raise SetupError("the GameType mapping has no Name", token=str(value)[:60],
                             expected="'Name: <game>' inside GameType/SetUp")
        return name, options
    raise SetupError(f"GameType must be a name or a mapping, not {value!r}", token=str(value)[:60],
                     expected="'GameType: Tablut' or 'GameType: {Name: Fujisan, Coins: ...}'")


def movetext_scale(metadata: Mapping[str, Any], default: float = 1.0) -> float:
    """PPN's ``MovetextParser: {ScalingFactor: N}``, else ``default`` (the setup's scale
    factor: the reference parser multiplies movetext coordinates by it)."""
    parser = metadata.get("MovetextParser")
    if isinstance(parser, Mapping) and "ScalingFactor" in parser:
        value = parser.get("ScalingFactor", 1)
        return finite_number(value, what="ScalingFactor", low=1e-6, high=1e6, token="ScalingFactor")
    return default


_last_macros: list[Any] = [None, None]  # the last record's Macros value and what it gave


def record_macros(metadata: Mapping[str, Any]) -> Macros:
    """The macros a record's moves may use: its ``Macros`` over the built-in ones. The same
    ``Macros`` value gives the same object, so each macro is expanded once a record.

    Raises :class:`SetupError` when ``Macros`` is not a mapping.
    """
    raw = metadata.get("Macros")
    if raw is not None and raw is _last_macros[0]:
        last: Macros = _last_macros[1]
        return last
    if raw is not None and not isinstance(raw, Mapping):
        raise SetupError("Macros must be a mapping of names to movetext", token=raw)
    macros = Macros({as_text(k): as_text(v) for k, v in (raw or {}).items()}, BUILTIN_MACROS)
    _last_macros[:] = [raw, macros]
    return macros


#: The configuration a bare colour (``R@a1``) makes a bit of, by ``MovetextParser`` name.
COLOURED_BIT_CFGS = {"marble": "marbles", "marbles": "marbles", "alquerque": "alquerque"}


def coloured_bit_cfg(metadata: Mapping[str, Any]) -> str | None:
    """The configuration of bits written with only a colour, as ``MovetextParser`` sets it."""
    parser = metadata.get("MovetextParser")
    name = parser.get("Name") if isinstance(parser, Mapping) else parser
    return COLOURED_BIT_CFGS.get(str(name).strip().lower()) if name is not None else None


#: The boards of the last setups built, by what names them (at most this many, and only
#: setups named in at most so many characters).
_setups: dict[str, Board] = {}
_SETUPS_KEPT, _SETUP_KEY_LIMIT = 16, 2000


class GenericGame(Game[Board]):
    """PPN's default movetext on any layout: moves are checked only for naming
    pieces that exist and locations on the table."""

    name = "ppn"
    title = "Portable Piecepack Notation"
    header_keys = ("MovetextParser", "Macros")

    def layout(self, metadata: Mapping[str, Any], *, seed: int | None = None) -> Layout:
        name, options = setup_spec(metadata)
        return make_layout(name, options, seed=seed)

    def setup(self, metadata: Mapping[str, Any], *, seed: int | None = None,
              location: SourceLocation | None = None) -> Board:
        # A file of many games of one setup builds it once: boards are immutable, so games
        # may share one (a 1 MB file of 24,000 one-move games spent half its time here).
        key = repr((metadata.get("SetUp", metadata.get("GameType")), metadata.get("MovetextParser"), seed))
        if len(key) <= _SETUP_KEY_LIMIT and key in _setups:
            return _setups[key]
        board = self._setup(metadata, seed=seed, location=location)
        if len(key) <= _SETUP_KEY_LIMIT:
            if len(_setups) >= _SETUPS_KEPT:
                _setups.pop(next(iter(_setups)))
            _setups[key] = board
        return board

    def _setup(self, metadata: Mapping[str, Any], *, seed: int | None,
               location: SourceLocation | None) -> Board:
        try:
            layout = self.layout(metadata, seed=seed)
            scale = movetext_scale(metadata, layout.scale_factor if layout.movetext_scale is None
                                   else layout.movetext_scale)
        except SetupError as exc:
            raise exc.with_location(location) if location else exc from None
        # The table is the setup's extent plus a margin; an empty setup leaves it open.
        return board_from_pieces(list(layout.items), scale_factor=layout.scale_factor, movetext_scale=scale,
                                 bounds=layout.bounds(margin=3.0), bit_cfg=coloured_bit_cfg(metadata))

    def apply(self, state: Board, group: MoveGroup, *, metadata: Mapping[str, Any]) -> Board:
        if not group.moves:
            return apply_group(state, [], label=group.label)
        return apply_group(state, [(m.text, m.location) for m in group.moves], label=group.label,
                           macros=record_macros(metadata))

    def scene(self, state: Board, *, caption: str = "", show_legal: bool = False,
              key: bool = True) -> Scene:
        # Generic PPN has no rules, so no legal moves to show.
        k = state.scale_factor
        pieces = tuple(ScenePiece(p.piece, p.x * k, p.y * k, p.angle) for p in state.pieces)
        steps = [((s.from_xy[0] * k, s.from_xy[1] * k), (s.to_xy[0] * k, s.to_xy[1] * k))
                 for s in state.steps if s.from_xy != s.to_xy]
        occupied = {(round(p.x, 6), round(p.y, 6)) for p in pieces}
        arrows = tuple(_step_arrow(a, b, from_piece=(round(a[0], 6), round(a[1], 6)) in occupied,
                                   beside=(b, a) in steps) for a, b in steps)
        return Scene(pieces, arrows + stack_counts(pieces), caption=caption, coordinates=coordinates_of(state))


#: A last move's arrow stops this far (inches) before the centre of the piece it moved, so
#: the piece's rank and the arrowhead both show.
_ARROW_SHORT = 0.36
#: Boards wider than this many squares get no coordinates (a piece far away is no board).
_MOST_SQUARES = 40


def _step_arrow(start: tuple[float, float], end: tuple[float, float], *, from_piece: bool = False,
                beside: bool = False) -> Arrow:
    """A step's arrow, short of the piece it brought (and of one standing where it began);
    ``beside`` moves it a little to its right, so the two arrows of a swap lie side by side."""
    (x0, y0), (x1, y1) = start, end
    length = ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    short = min(_ARROW_SHORT, length * 0.3)
    lead = short if from_piece else 0.0
    side = 0.14 if beside else 0.0
    return Arrow((x0 + ux * lead + uy * side, y0 + uy * lead - ux * side),
                 (x1 - ux * short + uy * side, y1 - uy * short - ux * side))


def column_name(n: int) -> str:
    """PPN's algebraic name of column ``n`` (1 ``a`` .. 26 ``z``, 27 ``aa`` ...)."""
    out = ""
    while n > 0:
        n, rest = divmod(n - 1, 26)
        out = chr(97 + rest) + out
    return out


def coordinates_of(state: Board) -> Coordinates | None:
    """The algebraic coordinates (``a``, ``b`` .. across, ``1``, ``2`` .. up) of the squares
    the pieces lie over, as a record's movetext names them; None when the pieces spread over
    more than a board's worth of squares or no named square."""
    if not state.pieces:
        return None
    unit = state.movetext_scale
    inch = unit * state.scale_factor
    xs = [p.x / unit for p in state.pieces]
    ys = [p.y / unit for p in state.pieces]
    first_x, last_x = max(1, math.ceil(min(xs) - 0.5)), math.floor(max(xs) + 0.5)
    first_y, last_y = max(1, math.ceil(min(ys) - 0.5)), math.floor(max(ys) + 0.5)
    if last_x < first_x or last_y < first_y or max(last_x - first_x, last_y - first_y) > _MOST_SQUARES:
        return None
    return Coordinates(files=tuple((n * inch, column_name(n)) for n in range(first_x, last_x + 1)),
                       ranks=tuple((n * inch, str(n)) for n in range(first_y, last_y + 1)))


GAME = register(GenericGame(), "generic", "default")
