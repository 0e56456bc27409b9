"""One module per game, all implementing :class:`piecepack_diagrams.engine.Game`."""

from . import generic, lab_rats

__all__ = ["generic", "lab_rats"]
