"""Which rank each side of a die shows, as piecepackr arranges a piecepack die's faces
(its ``die_arrangement``): the arrangement puts ranks on six face positions, and a die showing
a rank is the one with that rank's position turned up the way piecepackr turns it."""

from __future__ import annotations

import math
from functools import lru_cache

from ..errors import OptionError
from ..theme import DIE_ARRANGEMENTS, Theme

#: The rank (1 the null, 6 the five) on each of piecepackr's six face positions by
#: arrangement: positions 1 to 3 meet at a corner counter-clockwise, 4 to 6 are opposite them.
ARRANGED: dict[str, tuple[int, int, int, int, int, int]] = {
    "counter_down": (1, 2, 3, 4, 5, 6),
    "counter_up": (6, 5, 4, 3, 2, 1),
    "opposites_sum_to_5": (1, 2, 3, 6, 5, 4),
}
assert tuple(ARRANGED) == DIE_ARRANGEMENTS

#: With face position k (1-based) up, the positions facing +x, +y, -x and -y (an unturned die):
#: the turns piecepackr gives a die to bring each position up.
_ROUND: dict[int, tuple[int, int, int, int]] = {
    1: (2, 3, 5, 6),
    2: (6, 4, 3, 1),
    3: (4, 5, 1, 2),
    4: (2, 6, 5, 3),
    5: (6, 1, 3, 4),
    6: (4, 2, 1, 5),
}


def parse_die_arrangement(name: object) -> str:
    """``name`` if it is one of piecepackr's die arrangements (:data:`ARRANGED`).

    Raises :class:`~piecepack_diagrams.errors.OptionError` naming it otherwise."""
    if not isinstance(name, str) or name not in ARRANGED:
        raise OptionError(f"a die arrangement named {name!r}", token=str(name), expected=", ".join(ARRANGED))
    return name


def with_die_arrangement(theme: Theme, name: object) -> Theme:
    """``theme`` drawing dice as arrangement ``name`` arranges them (``theme`` itself for None).

    Raises :class:`~piecepack_diagrams.errors.OptionError` for a name that is none of :data:`ARRANGED`."""
    if name is None:
        return theme
    return theme.replace(die_arrangement=parse_die_arrangement(name))


@lru_cache(maxsize=32)
def sides_round(top: int, arrangement: str = "counter_down") -> tuple[int, int, int, int]:
    """The ranks on the +x, +y, -x, -y sides of an unturned die of ``arrangement`` showing ``top``."""
    ranks = ARRANGED[arrangement]
    up = ranks.index(top) + 1
    east, north, west, south = (ranks[k - 1] for k in _ROUND[up])
    return east, north, west, south


def side_rank(top: int, normal: tuple[float, ...], angle: float, arrangement: str = "counter_down") -> int:
    """The rank on the side of outward ``normal`` of a die of ``arrangement`` showing ``top``,
    turned ``angle`` degrees counter-clockwise."""
    facing = math.degrees(math.atan2(normal[1], normal[0])) - angle
    return sides_round(top, arrangement)[round(facing / 90) % 4]


__all__ = ["ARRANGED", "parse_die_arrangement", "side_rank", "sides_round", "with_die_arrangement"]
