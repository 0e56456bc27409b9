"""Lab Rats under the standard rules (with backing up): a winning line, or a certificate
that none exists, for a known deal (maze, coin order, the rat's square).

Three steps, cheapest first:

* the exact advanced-version solver: an escape without backing up is a standard escape;
* the navigability search: when no order of the coins gets the rat out of the maze from its
  square, no play does (certificate ``"unnavigable"``);
* a search over *classes* of positions (:mod:`.classes`), each either one arrangement of the
  stacks or every arrangement of a set of coins, whose escapes are turned into actions
  (:mod:`.arrange`) and replayed by the rules engine before they are claimed. When the search
  ends without an escape, the certificate (``"exhausted"``) lists the classes visited: a set
  closed under the rules (every class a move, discard, back-up or return leads to is in it, or
  no order of its coins gets the rat out), which a test checks without the solver.
"""

from __future__ import annotations

import hashlib
from collections import deque

from ...values import value
from .arrange import Line, realise
from .classes import Key, Node, Step, Successors, dead_end, start_node
from .navigable import is_navigable
from .rules import Action, LabRatsState
from .solver import check_solution, solve_advanced

#: Classes the search may visit before it gives up (the verdict is then undecided): some
#: seconds of search at worst (see ``bench/lab_rats_solvers.py``).
STANDARD_STATES = 20_000
#: Escapes of over-approximated classes tried (each costs a line and a search without back-ups).
LOOSE_TRIES = 20


@value
class Certificate:
    """Why no escape exists: ``kind`` ``"unnavigable"`` (no order of the coins gets the rat out
    of the maze from its square) or ``"exhausted"`` (every class of positions reachable was
    searched: ``states`` of them, whose sorted keys hash to ``digest``; ``keys`` holds them when
    the solver was asked to keep them)."""

    kind: str
    states: int = 0
    digest: str = ""
    keys: frozenset[Key] = frozenset()


@value
class Verdict:
    """A deal's standard-rules verdict: ``winnable`` (``None``: undecided within the budget),
    the ``actions`` of an escape, or the ``certificate`` that there is none; ``searched`` counts
    the classes visited."""

    winnable: bool | None
    actions: tuple[Action, ...] = ()
    certificate: Certificate | None = None
    searched: int = 0


def digest_of(keys: frozenset[Key] | set[Key]) -> str:
    """The SHA-256 of the sorted keys' reprs, one a line: what an ``"exhausted"`` certificate holds."""
    sha = hashlib.sha256()
    for key in sorted(keys, key=repr):
        sha.update(repr(key).encode())
        sha.update(b"\n")
    return sha.hexdigest()


def solve_standard(state: LabRatsState, *, states: int = STANDARD_STATES, keep: bool = False) -> Verdict:
    """The standard-rules verdict for ``state`` (a position with no coins down: a deal's start).

    A winning line is checked by replaying it through the rules before it is returned; ``keep``
    puts the classes of an ``"exhausted"`` certificate in it. Raises ``ValueError`` when ``state``
    has coins down or is over, or follows the advanced version's rules.
    """
    if state.down or state.outcome != "playing" or state.building:
        raise ValueError("the standard solver starts from a deal's first position (no coins down)")
    if state.options.advanced:
        raise ValueError("the standard solver is for the standard rules (the advanced version has solve_advanced)")
    plain = solve_advanced(state)
    if plain.solvable:
        return Verdict(True, plain.actions, searched=plain.searched)
    if not is_navigable(state):
        return Verdict(False, certificate=Certificate("unnavigable"))
    return _search(state, states=states, keep=keep)


def _search(state: LabRatsState, *, states: int, keep: bool) -> Verdict:
    rules = Successors(state)
    start = start_node(state, rules)
    parents: dict[Key, tuple[Key, Step] | None] = {start.key: None}
    # Classes to search by (over-approximated?, discards), last in first within each: exact
    # classes with the fewest discards first, the over-approximations (whose escapes may not
    # be real) last.
    queues: dict[tuple[bool, int], deque[Node]] = {(False, 0): deque([start])}
    total = sum(start.counts)
    undecided = False
    visited = tries = 0
    while queues:
        first = min(queues)
        queue = queues[first]
        node = queue.pop()
        if not queue:
            del queues[first]
        visited += 1
        if visited > states:
            return Verdict(None, searched=visited)
        won = rules.escape(node)
        if won is not None and (node.exact or tries < LOOSE_TRIES):
            tries += not node.exact
            line = realise(state, rules, _steps(parents, node.key), won)
            if line is not None and check_solution(state, line.actions):
                return Verdict(True, line.actions, searched=visited)
        if won is not None:
            # An escape of a class not every position of which may be reachable (or a line
            # that did not replay): search on, but an exhausted search then proves nothing.
            undecided = True
        for step, child in rules.children(node):
            if child.key in parents:
                continue
            if step.kind == "discard" and dead_end(rules, child):
                continue
            parents[child.key] = (node.key, step)
            order = (not child.exact, total - sum(child.counts) - len(child.trail))
            queues.setdefault(order, deque()).append(child)
    if undecided:
        return Verdict(None, searched=visited)
    keys = frozenset(parents)
    proof = Certificate("exhausted", len(keys), digest_of(keys), keys if keep else frozenset())
    return Verdict(False, certificate=proof, searched=visited)


def _steps(parents: dict[Key, tuple[Key, Step] | None], key: Key) -> list[Step]:
    out: list[Step] = []
    link = parents[key]
    while link is not None:
        out.append(link[1])
        link = parents[link[0]]
    out.reverse()
    return out


__all__ = ["Certificate", "Line", "STANDARD_STATES", "Verdict", "digest_of", "solve_standard"]
