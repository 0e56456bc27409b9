"""What moves in an animation: each position's scene split into actors (pieces, a maze's
tiles, players' markers), each with an identity to follow from one position to the next, and
the still background (coordinates, titles, keys) drawn under them."""

from __future__ import annotations

from typing import Hashable

from ..layout.compose import lay_out
from ..pieces import Piece
from ..scene import Arrow, Bounds, Group, Highlight, Marker, PieceMark, Rectangle, Scene, shifted
from ..theme import Theme
from ..values import replace, value

#: What an actor looks like at the origin: a piece (drawn at its angle), a piece of a panel
#: beside the board (drawn flat in every view, as a still draws it), a marker or a group.
Look = Piece | PieceMark | Marker | Group
#: Drawing layers, bottom first: pieces, then a maze's tiles, then markers over them.
PIECES, TILES, MARKERS = 0, 1, 2


@value
class Actor:
    """One thing drawn at ``(x, y)`` inches turned ``angle`` degrees, looking like ``look``;
    ``key`` says which things of two positions may be the same one; ``layer`` and ``order``
    where it is drawn (bottom first)."""

    key: Hashable
    look: Look
    x: float
    y: float
    angle: float
    layer: int
    order: int

    @property
    def face(self) -> Hashable:
        """What it shows: a change of it between two positions is a flip (a piece turned
        over, a die rolled)."""
        if isinstance(self.look, PieceMark):
            return self.look.piece.piece
        return self.look if isinstance(self.look, Piece) else self.key


@value
class Still:
    """A position as the animation draws it: its ``actors`` and the annotations that do not
    move (the ``background``), in a laid-out ``frame`` (inches)."""

    actors: tuple[Actor, ...]
    background: tuple[object, ...]
    frame: Bounds


def _piece_key(piece: Piece) -> Hashable:
    # A die rolled or a coin turned over is the same piece: its side (and a die's rank) is its look.
    return ("piece", piece.kind, piece.suit, piece.cfg) if piece.kind == "die" else (
        "piece", piece.kind, piece.suit, piece.rank, piece.cfg)


def still_of(scene: Scene, theme: Theme) -> Still:
    """``scene`` laid out at true size, whole, and split into actors and background; the marks
    of the last move (arrows, highlights) are left out: the animation shows the move itself."""
    laid = lay_out(replace(scene, caption=""), theme=theme, scale=1.0, framing="whole")
    drawn = laid.scene
    actors: list[Actor] = []
    background: list[object] = []
    for p in drawn.pieces:
        actors.append(Actor(_piece_key(p.piece), p.piece, p.x, p.y, p.angle % 360, PIECES, len(actors)))
    for a in drawn.annotations:
        if isinstance(a, PieceMark):  # a panel's piece (a key's, a stack's): flat in every view
            p = a.piece
            mark = replace(a, piece=replace(p, x=0.0, y=0.0, angle=0.0))  # turned as the actor is
            actors.append(Actor(_piece_key(p.piece), mark, p.x, p.y, p.angle % 360, PIECES, len(actors)))
        elif isinstance(a, Marker):
            look = replace(a, x=0.0, y=0.0)
            actors.append(Actor(("marker", look), look, a.x, a.y, 0.0, MARKERS, len(actors)))
        elif isinstance(a, Group) and a.role == "tile" and a.items and isinstance(a.items[0], Rectangle):
            x, y = a.items[0].x, a.items[0].y
            tile = shifted(a, -x, -y)
            assert isinstance(tile, Group)
            actors.append(Actor(("tile", _rounded(tile)), tile, x, y, 0.0, TILES, len(actors)))
        elif not isinstance(a, (Arrow, Highlight)):
            background.append(a)
    assert drawn.frame is not None
    return Still(tuple(actors), tuple(background), drawn.frame)


def _rounded(a: object) -> Hashable:
    """``a``'s value with its numbers rounded to a millionth: a maze tile shifted to the origin
    compares equal wherever it lay, floating-point noise aside."""
    return _key_of(a)


def _key_of(a: object) -> Hashable:
    if isinstance(a, float):
        return round(a, 6) + 0.0
    if isinstance(a, tuple):
        return tuple(_key_of(v) for v in a)
    fields = getattr(a, "__dataclass_fields__", None)
    if fields is None:
        return a if isinstance(a, Hashable) else repr(a)
    return (type(a).__name__, *(_key_of(getattr(a, name)) for name in fields))


def union_frame(stills: list[Still]) -> Bounds:
    """The area every position's frame fits in: the animation's fixed camera."""
    return Bounds(min(s.frame.x0 for s in stills), min(s.frame.y0 for s in stills),
                  max(s.frame.x1 for s in stills), max(s.frame.y1 for s in stills))


__all__ = ["Actor", "Look", "MARKERS", "PIECES", "Still", "TILES", "still_of", "union_frame"]
