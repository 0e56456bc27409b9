"""Named rulebook figures: scenes that illustrate rules rather than positions."""

from __future__ import annotations

from typing import Callable

from .errors import SetupError
from .games.lab_rats.figure import maze_building_figure
from .scene import Scene

#: Figure name -> a function drawing it.
FIGURES: dict[str, Callable[[], Scene]] = {
    "lab-rats-maze-building": maze_building_figure,
}


def figure_scene(name: str) -> Scene:
    """The figure called ``name``; raises :class:`SetupError` for an unknown one."""
    try:
        return FIGURES[name]()
    except KeyError:
        raise SetupError(f"unknown figure '{name}'", token=name, expected=", ".join(sorted(FIGURES))) from None


__all__ = ["FIGURES", "figure_scene"]
