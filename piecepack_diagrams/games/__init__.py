"""One module per game, all implementing :class:`piecepack_diagrams.engine.Game`."""

from . import coin_collectors, generic, lab_rats, labyrinth, landlocked

__all__ = ["coin_collectors", "generic", "lab_rats", "labyrinth", "landlocked"]
