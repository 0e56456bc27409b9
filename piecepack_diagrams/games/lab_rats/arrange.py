"""Turning a path of classes (:mod:`.classes`) into the engine's actions: where a class stands
for many arrangements, the coins a step needs are brought to the tops of the stacks as its
witness says (park and return at a free square, backing up to it first when it lies behind).

Nothing here is trusted: :func:`realise` gives up (None) when the coins cannot be brought up,
and the caller replays the line through the rules before claiming an escape.
"""

from __future__ import annotations

from ...values import value
from .classes import Route, Step, Successors
from .rules import Action, BackUp, Discard, LabRatsState, Move, Return, STACK_SIZE, apply_action
from .solver import solve_advanced


@value
class Line:
    """The actions of an escape."""

    actions: tuple[Action, ...]


class _Stuck(Exception):
    """The coins a step needs cannot be brought up (no witness)."""


class _Play:
    """A position played forward (values only), writing the engine's actions as it goes."""

    def __init__(self, rules: Successors, stacks: list[list[int]]) -> None:
        self.rules = rules
        self.stacks = stacks
        self.trail: list[tuple[int, int]] = []
        self.rat = rules.start
        self.actions: list[Action] = []

    def on_coin(self) -> bool:
        return bool(self.trail) and self.trail[-1][1] == self.rat

    def move(self, k: int, heading: int, distance: int, reached: int) -> None:
        v = self.stacks[k].pop()
        self.actions.append(Move(k + 1, heading, None if v else distance))
        self.trail.append((v, self.rat))
        self.rat = reached

    def move_to(self, k: int, target: int) -> None:
        self.move(k, *self.rules.way(self.rat, target), target)

    def move_any(self, k: int) -> None:
        """Move stack ``k``'s top anywhere it can go on the maze (then it may be backed up onto)."""
        moves = self.rules.moves[self.rat][self.stacks[k][-1]]
        if not moves:
            raise _Stuck
        self.move(k, *moves[0])

    def back_up(self) -> None:
        self.actions.append(BackUp())
        self.rat = self.trail[-1][1]

    def put_back(self, k: int) -> None:
        self.actions.append(Return(k + 1))
        self.stacks[k].append(self.trail.pop()[0])

    def discard(self, k: int) -> None:
        self.actions.append(Discard(k + 1))
        self.stacks[k].pop()

    def roomiest(self) -> int:
        return min(range(3), key=lambda k: len(self.stacks[k]))

    def park(self, k: int) -> None:
        self.move_any(k)
        self.back_up()

    def unwind(self, length: int) -> None:
        """Back up and return coins until the trail holds ``length``."""
        while len(self.trail) > length:
            if not self.on_coin():
                self.back_up()
            self.put_back(self.roomiest())

    # -- bringing coins up -----------------------------------------------------------------

    def tops_give(self, values: list[int]) -> list[int] | None:
        """The stacks to take ``values`` from in turn when the tops already give them."""
        heights = [len(s) for s in self.stacks]
        out = []
        for w in values:
            k = next((k for k in range(3) if heights[k] and self.stacks[k][heights[k] - 1] == w), None)
            if k is None:
                return None
            heights[k] -= 1
            out.append(k)
        return out

    def arrange(self, pops: list[int]) -> list[int]:
        """At a free square (every stacked value movable), bring coins of ``pops``'s values to the
        tops so that they come off in that order; the stacks to take them from."""
        base = len(self.trail)
        for w in pops:
            found = [(len(s) - 1 - p, k) for k, s in enumerate(self.stacks) for p, c in enumerate(s) if c == w]
            if not found:
                raise _Stuck
            depth, k = min(found)
            self._extract(k, depth)
        order = []
        while len(self.trail) > base:
            k = self.roomiest()
            self.put_back(k)
            order.append(k)
        order.reverse()
        return order

    def _extract(self, k: int, depth: int) -> None:
        """Park the coin ``depth`` below stack ``k``'s top, leaving the others in their order."""
        if depth:
            others = [j for j in range(3) if j != k]
            room = [j for j in others if len(self.stacks[j]) < STACK_SIZE]
            spare = room[0] if room else others[0]
            if not room:
                self.park(spare)  # its top waits on the trail, below the coins parked next
            for _ in range(depth):
                self.park(k)
            self.park(k)  # the coin wanted, over to the spare stack
            self.put_back(spare)
            for _ in range(depth):
                self.put_back(k)
            if not room:
                self.put_back(k)
            k = spare
        self.park(k)

    def bring_up(self, values: list[int], witness: tuple[str, int, int] | None) -> list[int]:
        """Make ``values`` come off the tops in turn (see :mod:`.classes` for the witnesses)."""
        ready = self.tops_give(values)
        if ready is not None:
            return ready
        if witness is None:
            raise _Stuck
        kind, i, end = witness
        if kind == "a":
            return self.arrange(values)
        trail = list(self.trail)
        on_coin = self.on_coin()
        rat = self.rat
        self.unwind(i)
        if kind == "b":
            order = self.arrange([v for v, _ in trail[i:]] + values)
            self._replay(trail, i, order, rat, on_coin)
            return order[len(trail) - i:]
        # unwind() returned coin i last: it is the top of the stack of the last action
        k = next(j for j in range(3) if self.stacks[j] and self.actions[-1] == Return(j + 1))
        self.move_to(k, end)
        order = self.arrange([v for v, _ in trail[i + 1:]] + values)
        target = _target(trail, i, rat, on_coin)
        if target != end:
            self.back_up()
            if target >= 0:
                j = self.roomiest()
                self.put_back(j)
                self.move_to(j, target)
        self._replay(trail, i + 1, order, rat, on_coin)
        return order[len(trail) - i - 1:]

    def _replay(self, trail: list[tuple[int, int]], first: int, order: list[int], rat: int, on_coin: bool) -> None:
        """Make the moves of ``trail`` from coin ``first`` on again, from the stacks of ``order``."""
        for j in range(first, len(trail)):
            k = order[j - first]
            target = _target(trail, j, rat, on_coin)
            if target < 0:
                self.move_any(k)
                self.back_up()
            else:
                self.move_to(k, target)


def _target(trail: list[tuple[int, int]], j: int, rat: int, on_coin: bool) -> int:
    """Where coin ``j``'s move must end so that the rat stands as it stood: the next coin's
    square, or (for the last coin) the rat's square; -1 when the rat must back up onto it."""
    if j + 1 < len(trail):
        nxt = trail[j + 1][1]
        return -1 if nxt == trail[j][1] else nxt
    return -1 if on_coin else rat


def realise(state: LabRatsState, rules: Successors, steps: list[Step], route: Route) -> Line | None:
    """The actions that take the deal from its start by ``steps`` (from class to class) and out by
    ``route``, or None when some step's coins cannot be brought up."""
    play = _Play(rules, [[c.value for c in s] for s in state.stacks])
    try:
        for step in steps:
            _step(play, step)
    except _Stuck:
        return None
    reached = len(play.actions)
    try:
        order = play.bring_up([v for v, _, _ in route], _witness(play))
    except _Stuck:
        # The class stands for arrangements some of which may be out of reach: try the one
        # reached, without further back-ups.
        position = state
        for action in play.actions[:reached]:
            position = apply_action(position, action)
        plain = solve_advanced(position)
        return Line(tuple(play.actions[:reached]) + plain.actions) if plain.solvable else None
    for k, (_, heading, distance) in zip(order, route):
        v = play.stacks[k].pop()
        play.actions.append(Move(k + 1, heading, None if v else distance))
    return Line(tuple(play.actions))


def _counts(play: _Play) -> tuple[int, ...]:
    counts = [0] * 6
    for s in play.stacks:
        for v in s:
            counts[v] += 1
    return tuple(counts)


def _step(play: _Play, step: Step) -> None:
    if step.kind == "backup":
        play.back_up()
        return
    if step.kind == "return":
        if step.action is not None:
            assert isinstance(step.action, Return)
            play.put_back(step.action.stack - 1)
        else:
            play.put_back(play.roomiest())
        return
    if step.action is not None:
        assert isinstance(step.action, (Move, Discard))
        k = step.action.stack - 1
    else:
        k = play.bring_up([step.value], _witness(play))[0]
    if step.kind == "discard":
        play.discard(k)
    else:
        play.move(k, step.heading, step.distance, step.reached)


def _witness(play: _Play) -> tuple[str, int, int] | None:
    return play.rules.witness(_counts(play), tuple(play.trail), play.rat)


__all__ = ["Line", "realise"]
