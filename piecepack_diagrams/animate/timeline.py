"""Which actor of one position is which of the next (matched by identity, the nearest first),
and where each is at any moment of a move: eased glides, turns the short way round, flips as
a squash to nothing and back showing the other face, pieces leaving fading out and pieces
arriving fading in."""

from __future__ import annotations

import math
from typing import Hashable, Sequence

from ..values import value
from .actors import Actor, Look, Still


@value
class Lane:
    """One thing followed through the animation: its actor at each position (None where it
    is not on the table)."""

    key: Hashable
    layer: int
    states: tuple[Actor | None, ...]


@value
class Pose:
    """An actor as one frame draws it: ``look`` at ``(x, y)`` turned ``angle`` degrees,
    ``rest`` the angle of the resting look nearest it, ``alpha`` (0 to 1) opaque, ``squash``
    (0 to 1) as wide as it is (a flip half done is 0 wide)."""

    look: Look
    x: float
    y: float
    angle: float
    rest: float
    alpha: float
    squash: float


def ease(u: float) -> float:
    """Smooth start and stop: 0 at 0, 1 at 1, flat at both ends."""
    return u * u * (3 - 2 * u)


def lanes_of(stills: Sequence[Still]) -> tuple[Lane, ...]:
    """Every actor of every position followed through ``stills``: an actor of the next position
    continues the lane of an actor with its key in this one (pairs nearest each other
    first), else a lane of its key that left the table earlier, else starts a lane."""
    lanes: list[list[Actor | None]] = [[a] for a in stills[0].actors]
    keys = [a.key for a in stills[0].actors]
    layers = [a.layer for a in stills[0].actors]
    for k in range(1, len(stills)):
        taken: dict[int, Actor] = {}
        by_key: dict[Hashable, list[Actor]] = {}
        for actor in stills[k].actors:
            by_key.setdefault(actor.key, []).append(actor)
        for key, arriving in by_key.items():
            present = [n for n, lane in enumerate(lanes) if keys[n] == key and lane[k - 1] is not None]
            left = list(arriving)
            for n, actor in _nearest_pairs(present, [lanes[n][k - 1] for n in present], arriving):
                taken[n] = actor
                left.remove(actor)
            dormant = [n for n, lane in enumerate(lanes) if keys[n] == key and lane[k - 1] is None and n not in taken]
            for actor in left:
                if dormant:
                    taken[dormant.pop(0)] = actor
                else:
                    lanes.append([None] * k)
                    keys.append(key)
                    layers.append(actor.layer)
                    taken[len(lanes) - 1] = actor
        for n, lane in enumerate(lanes):
            lane.append(taken.get(n))
    return tuple(Lane(key, layer, tuple(states)) for key, layer, states in zip(keys, layers, lanes))


def _nearest_pairs(lanes: list[int], actors: list[Actor | None], arriving: list[Actor]) -> list[tuple[int, Actor]]:
    """Lanes paired with arriving actors, the nearest pairs first (ties in drawing order)."""
    pairs = sorted((((a.x - b.x) ** 2 + (a.y - b.y) ** 2 + (0.0 if a.face == b.face else 1e-6), i, j)
                    for i, a in enumerate(actors) if a is not None for j, b in enumerate(arriving)))
    used_lanes: set[int] = set()
    used_actors: set[int] = set()
    out: list[tuple[int, Actor]] = []
    for _, i, j in pairs:
        if i not in used_lanes and j not in used_actors:
            used_lanes.add(i)
            used_actors.add(j)
            out.append((lanes[i], arriving[j]))
    return out


def is_same(a: Actor | None, b: Actor | None) -> bool:
    """True when ``a`` and ``b`` are drawn alike: both absent, or the same face at the same place."""
    if a is None or b is None:
        return a is b
    return (a.x, a.y, a.angle, a.face) == (b.x, b.y, b.angle, b.face)


def is_still(lane: Lane, k: int) -> bool:
    """True when the lane's actor does not change during move ``k`` (from position ``k`` to ``k + 1``)."""
    return is_same(lane.states[k], lane.states[k + 1])


def pose(lane: Lane, k: int, u: float) -> Pose | None:
    """The lane's pose at ``u`` (0 to 1) of the way through move ``k``; None when absent."""
    a, b = lane.states[k], lane.states[k + 1]
    e = ease(u)
    if a is None and b is None:
        return None
    if b is None or a is None:
        one = a if b is None else b
        assert one is not None
        alpha = 1 - e if b is None else e
        return Pose(one.look, one.x, one.y, one.angle, one.angle, alpha, 1.0) if alpha > 0 else None
    turn = (b.angle - a.angle + 180) % 360 - 180
    angle = (a.angle + turn * e) % 360
    rest = a.angle if e < 0.5 else b.angle
    x, y = a.x + (b.x - a.x) * e, a.y + (b.y - a.y) * e
    if a.face == b.face:
        return Pose(b.look if e >= 0.5 else a.look, x, y, angle, rest, 1.0, 1.0)
    return Pose(a.look if e < 0.5 else b.look, x, y, angle, rest, 1.0, abs(math.cos(math.pi * e)))


def drawing_order(lanes: Sequence[Lane], k: int, u: float) -> list[int]:
    """The lanes' indices bottom first at ``u`` of move ``k``: by layer; within it, what moves
    during the move above what does not (a piece glides over the others), then each in its
    position's order (the position arrived at, or left for what is leaving)."""
    def rank(n: int) -> tuple[int, int, int]:
        lane = lanes[n]
        a, b = lane.states[k], lane.states[k + 1]
        ref = a if (u <= 0 and a is not None) or b is None else b
        assert ref is not None
        lifted = a is not None and b is not None and not is_same(a, b) and 0 < u < 1
        return lane.layer, int(lifted), ref.order

    present = [n for n, lane in enumerate(lanes) if lane.states[k] is not None or lane.states[k + 1] is not None]
    return sorted(present, key=lambda n: (*rank(n), n))


__all__ = ["Lane", "Pose", "drawing_order", "ease", "is_same", "is_still", "lanes_of", "pose"]
