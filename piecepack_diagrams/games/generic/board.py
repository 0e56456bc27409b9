"""The position of a generic PPN game: pieces in drawing order, and their ids."""

from __future__ import annotations


from ...pieces import Piece
from ...reprs import brief_repr
from ...values import field, value


@value
class PlacedPiece:
    """A piece where it lies: centre ``x, y`` in the record's units, angle in degrees
    counter-clockwise (not reduced modulo 360, as the reference keeps it), and
    the piece id the reference parser would give it (``"12"``, ``"12.1"``)."""

    piece: Piece
    x: float
    y: float
    angle: float
    id: str

    def __repr__(self) -> str:
        return (
            f"PlacedPiece(piece={self.piece!r}, x={self.x!r}, y={self.y!r}, "
            f"angle={self.angle!r}, id={self.id!r})"
        )


@value
class Step:
    """A piece that moved during the last move, for drawing it as an arrow."""

    id: str
    from_xy: tuple[float, float]
    to_xy: tuple[float, float]


@value
class Board:
    """An immutable position: ``pieces`` in drawing order (later ones on top).

    ``scale_factor`` is inches per unit of the record's coordinates;
    ``movetext_scale`` multiplies coordinates written in the movetext
    (PPN's ``ScalingFactor``). ``max_id`` is the largest numeric id given so far,
    ``active`` the ids of the last active pieces, ``steps`` what moved last,
    ``bounds`` the table area locations must fall in (``None``: anywhere), ``bit_cfg``
    the configuration of a bit written with only a colour (set by ``MovetextParser``).
    ``expansion`` is what the record's braces and macros have made so far (moves,
    characters), which the record's limits bound; it is not part of the position.
    """

    pieces: tuple[PlacedPiece, ...] = ()
    scale_factor: float = 1.0
    movetext_scale: float = 1.0
    max_id: int = 0
    active: tuple[str, ...] = ()
    steps: tuple[Step, ...] = ()
    bounds: tuple[float, float, float, float] | None = None
    bit_cfg: str | None = None
    expansion: tuple[int, int] = field(default=(0, 0), compare=False)

    __repr__ = brief_repr

    def __len__(self) -> int:
        return len(self.pieces)

def board_from_pieces(
    items: list[tuple[Piece, float, float, float]], *, scale_factor: float = 1.0, movetext_scale: float = 1.0,
    bounds: tuple[float, float, float, float] | None = None, bit_cfg: str | None = None,
) -> Board:
    """A board holding ``(piece, x, y, angle)`` items in that drawing order, ids 1, 2, ..."""
    pieces = tuple(
        PlacedPiece(piece, float(x), float(y), float(angle), str(k))
        for k, (piece, x, y, angle) in enumerate(items, start=1)
    )
    return Board(pieces, scale_factor=scale_factor, movetext_scale=movetext_scale, max_id=len(pieces),
                 bounds=bounds, bit_cfg=bit_cfg)
