"""Classes of standard-rules Lab Rats positions, for the search of :mod:`.standard`.

A position is the stacks (bottom to top), the trail (the movement coins a back-up can return
to, oldest first, each as its value and the square it lies on) and the rat's square; the
coins neither stacked nor on the trail are the discards, kept apart from the trail by that.
Only values matter to the rules, and the three stacks are interchangeable, so a position is
known by its stacks' values in sorted order (a ``"U"`` key). The search merges more:

*Free squares.* A value is *movable* from a square when a coin of it has a move from there that
stays on the maze. At a square from which every value in the stacks is movable, *parking* (move
a top coin, back up onto it) and returning make the trail a fourth stack, as deep as needed,
and any arrangement of the stacked coins can be reached from any other: swap two neighbours
of a stack (park what lies above them, take the upper one to a stack with room, or first park
that stack's top to make room, park the lower one, put the upper one back, then the lower,
then what was parked), and exchange two stacks' tops through the fourth stack; these steps,
and moving a top to a stack with room, rearrange a set of coins in every way. So the
positions that differ only in the arrangement of the same stacked coins are reachable from
each other (one ``"M"`` key: the coins' counts per value) when any of these holds (a *witness*):

* ``a``: every stacked value is movable from the rat's square;
* ``b`` at trail coin i: every value stacked or on the trail from coin i on is movable from
  coin i's square: back up to it returning those coins, rearrange, and make the same moves
  again (each coin on top when its move comes);
* ``c`` at trail coin i: some move of coin i's value from its square ends on a square from
  which every value stacked or on the trail after coin i is movable: back up and return down
  to coin i, move it there, rearrange, come back and make the same moves again.

A back-up always works (a stack has room while a coin is on the trail), and after each
replayed move the rat stands where it stood (on the coin or at the move's end; a coin placed
by a move lies where the rat was, which was the last coin's square or that move's end).

Every class a merged class leads to is merged too (the witness carries over), but not always
with a witness: then its ``"M"`` key stands for every arrangement, some maybe unreachable, an
over-approximation that only makes the search larger. An escape is claimed only when the line
built for it (:mod:`.arrange`) replays.

Two prunes are exact. *Dead component*: a way out is a path of moves from the start using some
of the coins not discarded (the coins of the final trail, less those a back-up then a move left
behind), so when no order of those coins gets out from the start (:func:`.navigable.escape_route`)
no position with those discards escapes (:func:`dead_end`). *Dead ahead*: while the trail keeps
its coins, the rat leaves from its square or from the last trail coin's, with stacked coins,
so when neither has a way out with them the class only backs up.
"""

from __future__ import annotations

from typing import NamedTuple

from .maze import forward
from .navigable import escape_route
from .rules import Action, BackUp, Discard, LabRatsState, Move, Return, STACK_SIZE, exit_distance, ray

_HEADINGS = (0, 90, 180, 270)
_VALUES = 6
#: A trail: (value, square index) per movement coin, oldest first.
Trail = tuple[tuple[int, int], ...]
#: A class's key: ("U", sorted stacks' values, trail, rat) or ("M", counts per value, trail, rat).
Key = tuple[object, ...]
#: A way out: per move its coin's value, heading and distance (the last one crosses the exit).
Route = tuple[tuple[int, int, int], ...]
#: A witness: its kind ("a", "b", "c"), the trail coin's index and the square it is moved to.
Witness = tuple[str, int, int]
_ANY = ("a", -1, -1)
#: Stands for a witness not worked out yet.
_UNKNOWN = ("?", -1, -1)


class Node(NamedTuple):
    """A class: ``stacks`` (bottom to top) for one arrangement, ``None`` for every arrangement of
    ``counts``; the trail and the rat's square (indices of :attr:`Successors.squares`)."""

    key: Key
    stacks: tuple[tuple[int, ...], ...] | None
    counts: tuple[int, ...]
    trail: Trail
    rat: int
    #: Why a merged class's arrangements reach each other (see :meth:`Successors.witness`);
    #: None for one arrangement, or for a merged class without one (an over-approximation).
    witness: Witness | None = None

    @property
    def exact(self) -> bool:
        """False for a merged class without a witness."""
        return self.stacks is not None or self.witness is not None


class Step(NamedTuple):
    """How a class was reached from its parent: ``kind`` ("move", "discard", "backup",
    "return"), the engine's action when the parent is one arrangement (``None`` otherwise), the
    coin's ``value``, and a move's heading, distance and square reached."""

    kind: str
    action: Action | None
    value: int = -1
    heading: int = 0
    distance: int = 0
    reached: int = -1


class Successors:
    """The maze's moves per square and value, and the classes' successors, witnesses, escapes."""

    def __init__(self, state: LabRatsState) -> None:
        self.state = state
        self.squares = sorted(state.maze.squares)
        self.index = {square: i for i, square in enumerate(self.squares)}
        self.exit_heading = state.exit_heading
        #: moves[s][v]: (heading, distance, square reached) of every move of value v (0: null) from s.
        self.moves: list[list[list[tuple[int, int, int]]]] = []
        #: exits[s][v]: the distance a move of value v from s needs to cross the exit, or None.
        self.exits: list[tuple[int | None, ...]] = []
        for square in self.squares:
            per_value: list[list[tuple[int, int, int]]] = [[] for _ in range(_VALUES)]
            for way in _HEADINGS:
                for distance, reached in enumerate(ray(state.maze.squares, square, way), start=1):
                    per_value[0].append((way, distance, self.index[reached]))
                    if distance < _VALUES:
                        per_value[distance].append((way, distance, self.index[reached]))
            self.moves.append(per_value)
            need = exit_distance(state, square, self.exit_heading)
            self.exits.append(tuple(None if need is None or (v and v < need) else need for v in range(_VALUES)))
        #: movable[s]: the values with a move from s, as bits.
        self.movable = [sum(1 << v for v in range(_VALUES) if per_value[v]) for per_value in self.moves]
        #: ends[s][v]: the distinct squares a move of value v from s reaches.
        self.ends = [[sorted({r for _, _, r in per_value[v]}) for v in range(_VALUES)] for per_value in self.moves]
        self.start = self.index[state.rat]
        self._routes: dict[tuple[int, tuple[int, ...]], Route | None] = {}

    # -- classes -------------------------------------------------------------------------

    def node(self, stacks: tuple[tuple[int, ...], ...] | None, counts: tuple[int, ...], trail: Trail,
             rat: int, witness: Witness | None = _UNKNOWN) -> Node:
        """The class of one arrangement (``stacks``) or of every arrangement (``None``): merged
        (an ``"M"`` key) when a witness says its arrangements reach each other (``witness``, when
        the caller knows it: see :meth:`children`)."""
        if witness is _UNKNOWN:
            witness = self.witness(counts, trail, rat)
        if stacks is not None and witness is None:
            return Node(("U", tuple(sorted(stacks)), trail, rat), stacks, counts, trail, rat)
        return Node(("M", counts, trail, rat), None, counts, trail, rat, witness)

    def _mask(self, counts: tuple[int, ...]) -> int:
        mask = 0
        for v in range(_VALUES):
            if counts[v]:
                mask |= 1 << v
        return mask

    def _moved(self, node: Node, less: tuple[int, ...], v: int, reached: int) -> Witness | None:
        """The witness of the class a move of value ``v`` leads to from ``node``: a merged class's
        carries over; from one arrangement (no witness), only the new coin or square can give one."""
        if node.witness is not None:
            return ("b", len(node.trail), -1) if node.witness[0] == "a" else node.witness
        mask = self._mask(less)
        if self.movable[reached] & mask == mask:
            return _ANY
        for end in self.ends[node.rat][v]:
            if self.movable[end] & mask == mask:
                return "c", len(node.trail), end
        return None

    def witness(self, counts: tuple[int, ...], trail: Trail, rat: int) -> Witness | None:
        """Why every arrangement of ``counts`` (stacked) is reachable from every other with this
        trail and rat: ``("a", -1, -1)``, ``("b", i, -1)`` or ``("c", i, e)`` (see the module's
        notes; ``e`` the square coin ``i`` is moved to), the latest trail coin first; or None."""
        mask = self._mask(counts)
        movable = self.movable
        if movable[rat] & mask == mask:
            return _ANY
        for i in range(len(trail) - 1, -1, -1):
            v, square = trail[i]
            for end in self.ends[square][v]:
                if movable[end] & mask == mask:
                    return "c", i, end
            mask |= 1 << v
            if movable[square] & mask == mask:
                return "b", i, -1
        return None

    def route(self, square: int, counts: tuple[int, ...]) -> Route | None:
        """A way out from ``square`` with ``counts`` coins per value, or None (remembered)."""
        key = (square, counts)
        if key in self._routes:
            return self._routes[key]
        found = escape_route(self.state, self.squares[square], counts)
        route: Route | None = None
        if found is not None:
            steps = []
            for k, (where, v) in enumerate(found):
                if k + 1 < len(found):
                    steps.append((v, *self.way(self.index[where], self.index[found[k + 1][0]])))
                else:
                    need = self.exits[self.index[where]][v]
                    assert need is not None
                    steps.append((v, self.exit_heading, need))
            route = tuple(steps)
        self._routes[key] = route
        return route

    def way(self, a: int, b: int) -> tuple[int, int]:
        """The heading and distance of the rook move from square ``a`` to square ``b``."""
        (xa, ya), (xb, yb) = self.squares[a], self.squares[b]
        distance = abs(xb - xa) + abs(yb - ya)
        step = ((xb - xa) // distance, (yb - ya) // distance)
        return next(h for h in _HEADINGS if forward(h) == step), distance

    def escape(self, node: Node) -> Route | None:
        """A way out of a class at once: a top coin crossing the exit, or for a merged class any
        way out from the rat's square with the stacked coins (arranged to come off in order)."""
        exits = self.exits[node.rat]
        if node.stacks is not None:
            for coins in node.stacks:
                if coins and exits[coins[-1]] is not None:
                    need = exits[coins[-1]]
                    assert need is not None
                    return ((coins[-1], self.exit_heading, need),)
            return None
        return self.route(node.rat, node.counts)

    def children(self, node: Node) -> list[tuple[Step, Node]]:
        """Every class one action leads to (every arrangement's actions, for a merged class),
        but only back-ups and returns when no way out lies ahead (see the module's notes)."""
        out: list[tuple[Step, Node]] = []
        stacks, counts, trail, rat = node.stacks, node.counts, node.trail, node.rat
        on_coin = bool(trail) and trail[-1][1] == rat
        witness = node.witness
        merged = stacks is None
        if trail and not on_coin:
            back = trail[-1][1]
            if merged and witness is not None:
                back_witness: Witness | None = ("c", len(trail) - 1, rat) if witness[0] == "a" else witness
            elif merged:
                back_witness = _UNKNOWN
            else:  # only the rat's square changed
                mask = self._mask(counts)
                back_witness = _ANY if self.movable[back] & mask == mask else None
            out.append((Step("backup", None if merged else BackUp()),
                        self.node(stacks, counts, trail, back, back_witness)))
        elif trail:
            back_counts = _add(counts, trail[-1][0])
            if merged:
                last = len(trail) - 1
                if witness is None or (witness[0] == "c" and witness[1] == last):
                    returned: Witness | None = _UNKNOWN
                else:
                    returned = _ANY if witness[0] == "a" or witness[1] == last else witness
                out.append((Step("return", None), self.node(None, back_counts, trail[:-1], rat, returned)))
            else:  # a coin more on the stacks and one less on the trail: no new witness
                assert stacks is not None
                for j in range(3):
                    if len(stacks[j]) < STACK_SIZE:
                        put = tuple(s + (trail[-1][0],) if k == j else s for k, s in enumerate(stacks))
                        out.append((Step("return", Return(j + 1)),
                                    self.node(put, back_counts, trail[:-1], rat, None)))
        if self.route(rat, counts) is None and (on_coin or not trail or self.route(trail[-1][1], counts) is None):
            return out
        if stacks is None:
            for v in range(_VALUES):
                if counts[v]:
                    less = _add(counts, v, -1)
                    for heading, distance, reached in self.moves[rat][v]:
                        moved = self._moved(node, less, v, reached) if witness is not None else _UNKNOWN
                        out.append((Step("move", None, v, heading, distance, reached),
                                    self.node(None, less, trail + ((v, rat),), reached, moved)))
                    out.append((Step("discard", None, v),
                                self.node(None, less, trail, rat, witness if witness is not None else _UNKNOWN)))
            return out
        for i, coins in enumerate(stacks):
            if not coins:
                continue
            v = coins[-1]
            taken = tuple(s[:-1] if k == i else s for k, s in enumerate(stacks))
            less = _add(counts, v, -1)
            for heading, distance, reached in self.moves[rat][v]:
                out.append((Step("move", Move(i + 1, heading, None if v else distance), v, heading, distance, reached),
                            self.node(taken, less, trail + ((v, rat),), reached, self._moved(node, less, v, reached))))
            out.append((Step("discard", Discard(i + 1), v), self.node(taken, less, trail, rat)))
        return out


def _add(counts: tuple[int, ...], v: int, n: int = 1) -> tuple[int, ...]:
    return counts[:v] + (counts[v] + n,) + counts[v + 1:]


def start_node(state: LabRatsState, rules: Successors) -> Node:
    """The class of a deal's first position."""
    stacks = tuple(tuple(c.value for c in s) for s in state.stacks)
    counts = tuple(sum(s.count(v) for s in stacks) for v in range(_VALUES))
    return rules.node(stacks, counts, (), rules.start)


def dead_end(rules: Successors, node: Node) -> bool:
    """True when no order of the coins not discarded gets the rat out from the start: then no
    position with the same discards escapes (see the module's notes)."""
    kept = node.counts
    for v, _ in node.trail:
        kept = _add(kept, v)
    return rules.route(rules.start, kept) is None


__all__ = ["Key", "Node", "Route", "Step", "Successors", "Trail", "Witness", "dead_end", "start_node"]
