"""One module per game, all implementing :class:`piecepack_diagrams.engine.Game`."""

from . import generic

__all__ = ["generic"]
