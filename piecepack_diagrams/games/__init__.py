"""One module per game, all implementing :class:`piecepack_diagrams.engine.Game`."""

# Each game's module is imported when first named (see engine.game.GAME_MODULES), so that a
# command about one game does not load the others.
__all__ = ["coin_collectors", "generic", "lab_rats", "labyrinth", "landlocked"]
