"""Landlocked as a game of the engine: the deal from a record's header, legs from
its movetext, status, the reachable tiles and the drawing of a position.

The setup is either ppdf's or this project's own:

- ``GameType: {Name: Landlocked, Seed: N}`` (keys in any capitalisation; ``SetUp`` alike)
  starts from the layout the piecepackr project's R package ppdf gives for seed ``N``
  (``piecepack_landlocked`` after R's ``set.seed(N)``; without a ``Seed``, seed 1). ppdf
  leaves Crowns and Arms face up and draws no suits: ``Outbound`` and ``Inbound`` pick which
  of the two face-up suits is which (default: Crowns out, Arms home). The setup is drawn
  and exported with every piece where ppdf lays it out.
- Top-level ``Seed`` (or ``Tiles``) fields use this project's own deal instead.

Header fields:

================ ===========================================================
``Seed``         deals the tiles and draws the two suits (this project's own deal)
``Tiles``        24 tiles in reading order from the top left, skipping the empty
                 space: ``"4S aM 2C ..."`` (rank n a 2 3 4 5, then suit S M C A)
``Outbound``     the outbound suit (a letter or a name); ``Inbound`` the inbound one
``Difficulty``   ``standard`` (4 passes a tile), ``easy`` (5) or ``hard`` (3)
``Options``      ``pass_visited_outbound`` (false), ``limit_markers`` (false)
================ ===========================================================

Each move is one leg, written as the grid spaces walked: ``a5-b5-b4-c4`` (the
first may be the space the pawn stands on), maybe with an annotation glyph after it
(``a5-b5-b4?``: see :mod:`~piecepack_diagrams.annotations`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable, Mapping

from ...annotations import split_annotation
from ...engine.game import (Game, Status, apply_tokens, header_seed, layout_pieces, layout_scene, ppdf_arguments,
                            ppdf_frame, register)
from ...errors import NotationError, SetupError, SourceLocation
from ...pieces import Suit
from ...scene import Scene
from .board import LIMITS, Deal, Options, parse_cell
from .deal import ALL_TILES, deal_from_seed, make_deal
from .paths import leg_is_possible
from .picture import key_scene, position_scene
from .rules import LandlockedState, apply_leg
from ...values import replace

if TYPE_CHECKING:
    from ...notation import MoveGroup

_FACES = {"n": 1, "0": 1, "a": 2, "1": 2, "2": 3, "3": 4, "4": 5, "5": 6}
#: ppdf's setup function, and the header fields that give the deal this project's own way.
PPDF_FUNCTION = "piecepack_landlocked"
OWN_FIELDS = ("Seed", "Tiles")


def parse_path(text: str) -> list[int]:
    """``"a5-b5-b4"`` (an annotation glyph after it aside) -> cells; raises :class:`NotationError`."""
    try:
        return [parse_cell(part) for part in split_annotation(text)[0].split("-")]
    except ValueError as exc:
        raise NotationError(str(exc), token=text, expected="a leg as grid spaces joined by '-', such as a5-b5-b4") \
            from None


def parse_options(metadata: Mapping[str, Any], **overrides: Any) -> Options:
    """The difficulty and options a header asks for; raises :class:`SetupError`."""
    difficulty = str(metadata.get("Difficulty", "standard")).strip().lower()
    if difficulty not in LIMITS:
        raise SetupError(f"unknown difficulty '{difficulty}'", token=difficulty, expected=", ".join(LIMITS))
    raw = metadata.get("Options") or {}
    if not isinstance(raw, Mapping):
        raise SetupError("Options must be a mapping such as {limit_markers: true}", token=str(raw)[:60])
    for key, value in raw.items():
        if key not in ("pass_visited_outbound", "limit_markers"):
            raise SetupError(f"unknown Landlocked option '{key}'", token=str(key),
                             expected="pass_visited_outbound, limit_markers")
        if not isinstance(value, bool):
            raise SetupError(f"option '{key}' is true or false, not {value!r}", token=str(key))
    options = Options(difficulty, raw.get("pass_visited_outbound", False), raw.get("limit_markers", False))
    return replace(options, **{k: v for k, v in overrides.items() if v is not None})


def _suit(metadata: Mapping[str, Any], key: str) -> int:
    try:
        return int(Suit.parse(str(metadata[key])))
    except ValueError:
        raise SetupError(f"{key} must be a suit (S, M, C, A), not {metadata[key]!r}", token=str(metadata[key])) \
            from None


def parse_tiles(value: Any) -> list[tuple[int, int]]:
    """24 tiles, each once, in reading order; raises :class:`SetupError`."""
    words = str(value).split() if isinstance(value, str) else [str(v) for v in value] if isinstance(value, list) else []
    tiles = []
    for word in words:
        rank = _FACES.get(word[:1].lower()) if len(word) == 2 else None
        if rank is None or word[1].upper() not in "SMCA":
            raise SetupError(f"'{word}' in Tiles is not a tile", token=word, expected="a rank then a suit, as in 4S")
        tiles.append((int(Suit.parse(word[1])), rank))
    if sorted(tiles) != sorted(ALL_TILES):
        raise SetupError("Tiles must list each of the 24 tiles once, in reading order", token="Tiles")
    return tiles


def deal_from_pieces(pieces: Iterable[tuple[str, int, int, float, float]], outbound: int, inbound: int) -> Deal:
    """A deal from placed tiles ``(piece_side, suit, rank, x, y)`` as piecepackr lays them out
    (tile centres at 1.5 .. 9.5 inches), with the two suits given."""
    cells: dict[int, tuple[int, int]] = {}
    for side, suit, rank, x, y in pieces:
        if side.startswith("tile"):
            col, row = round((x - 1.5) / 2), round((9.5 - y) / 2)
            if not (0 <= col < 5 and 0 <= row < 5) or row * 5 + col == 0:
                raise SetupError(f"a tile at ({x:g}, {y:g}) is off the grid", token=side)
            cells[row * 5 + col] = (suit, rank)
    if len(cells) != 24:
        raise SetupError("a Landlocked deal has 24 tiles", token="layout")
    return Deal(tuple(cells.get(c) for c in range(25)), outbound, inbound)


def ppdf_deal(layout: tuple[Any, ...], metadata: Mapping[str, Any]) -> Deal:
    """The deal of ppdf's Landlocked layout (placed pieces): its tiles where they lie, the
    outbound and inbound suits the header's ``Outbound``/``Inbound`` pick among the two suits
    ppdf leaves face up (by default the lower out, the higher home).

    Raises :class:`SetupError` for a suit that is not face up, or the same suit twice.
    """
    faces = sorted({p.piece.suit for p in layout if p.piece.piece_side == "tile_face"})
    words = " and ".join(Suit(s).title for s in faces)
    chosen = {key: _suit(metadata, key) for key in ("Outbound", "Inbound") if key in metadata}
    for key, suit in chosen.items():
        if suit not in faces:
            raise SetupError(f"{key} must be a suit ppdf's layout leaves face up ({words}), not {Suit(suit).title}",
                             token=str(metadata[key]), expected=words)
    outbound = chosen.get("Outbound", next((s for s in faces if s != chosen.get("Inbound")), faces[0]))
    inbound = chosen.get("Inbound", next((s for s in faces if s != outbound), faces[-1]))
    if outbound == inbound:
        raise SetupError("the outbound and inbound suits must differ", token="Inbound")
    pieces = [(p.piece.piece_side, p.piece.suit, p.piece.rank, p.x, p.y) for p in layout]
    return deal_from_pieces(pieces, outbound, inbound)


class Landlocked(Game[LandlockedState]):
    """Landlocked: Hither and Yon by Eric Witt: out through one suit, home through another."""

    name = "landlocked"
    title = "Landlocked"
    header_fields = ("Difficulty", "Tiles", "Outbound", "Inbound")
    header_keys = ("Options",)
    ppdf_function = PPDF_FUNCTION

    def setup(self, metadata: Mapping[str, Any], *, seed: int | None = None,
              location: SourceLocation | None = None, **options: Any) -> LandlockedState:
        layout = None
        try:
            opts = parse_options(metadata, **options)
            args = ppdf_arguments(metadata, OWN_FIELDS)
            if args is not None:
                layout = layout_pieces(ppdf_frame(PPDF_FUNCTION, args, seed))
                deal: Deal | None = ppdf_deal(layout, metadata)
                seed = None
            else:
                seed = header_seed(metadata, seed)
                deal = deal_from_seed(seed) if seed is not None else None
            if layout is None and "Tiles" in metadata:
                if "Outbound" not in metadata or "Inbound" not in metadata:
                    raise SetupError("with Tiles, give Outbound and Inbound too", token="Tiles")
                outbound, inbound = _suit(metadata, "Outbound"), _suit(metadata, "Inbound")
                if outbound == inbound:
                    raise SetupError("the outbound and inbound suits must differ", token="Inbound")
                deal = make_deal(parse_tiles(metadata["Tiles"]), outbound, inbound)
            if deal is None:
                raise SetupError("the deal is not given: add a Seed, or Tiles, Outbound and Inbound", token="Seed")
        except SetupError as exc:
            raise exc.with_location(location) if location else exc from None
        state = LandlockedState(deal, opts, seed=seed, layout=layout)
        if not leg_is_possible(deal, 0, 0, state.marks, opts):
            return replace(state, outcome="lost")
        return state

    def apply(self, state: LandlockedState, group: MoveGroup, *, metadata: Mapping[str, Any]) -> LandlockedState:
        after = apply_tokens(state, group, parse_path, apply_leg)
        return replace(after, layout=None) if after.layout is not None else after

    def status(self, state: LandlockedState) -> Status:
        detail = {"won": "home again", "lost": "landlocked: the next leg has no path"}.get(
            state.outcome, f"{13 - state.leg} legs to go")
        return Status(state.outcome, float(state.markers), f"{detail}; {state.markers} passes marked")

    def legal_moves(self, state: LandlockedState) -> Iterable[str] | None:
        return None  # a leg is any path; reachable_tiles and the solver describe the choices

    def scene(self, state: LandlockedState, *, caption: str = "", show_legal: bool = False,
              key: bool = True) -> Scene:
        scene = position_scene(state, caption=caption, show_legal=show_legal, key=key)
        return layout_scene(scene, state.layout, keep_panels=True) if state.layout is not None else scene

    def key_scene(self, state: LandlockedState) -> Scene:
        """The key of a game from ``state`` on, drawn once for plates and the viewer (see
        :func:`~.picture.key_scene`)."""
        return key_scene(state)


GAME = register(Landlocked(), "Landlocked: Hither and Yon", "landlocked-hither-and-yon")

__all__ = ["GAME", "Landlocked", "OWN_FIELDS", "PPDF_FUNCTION", "deal_from_pieces", "parse_options", "parse_path",
           "parse_tiles", "ppdf_deal"]
