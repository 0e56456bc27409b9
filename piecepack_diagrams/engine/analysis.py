"""Analysing a solitaire record: each move judged against the best the game's solver knows.

A game that can be analysed (Lab Rats, Landlocked, Coin Collectors) gives an
:class:`Analyser` (``games/<game>/analysis.py``): the value of a position, the value of
every legal move from it, and the value of the move a record played. Values are
:class:`Evaluation` s: a win (in so many coins or passes, the fewest when ``exact``), a
loss, *unknown* (a solver that gave up within its budget: shown as such, never guessed),
or an estimated chance to win (Coin Collectors: see its analyser).

Judgements (:func:`judge`), by these thresholds:

* ``??`` (a blunder): the move loses a position that was won (the solver proves no win
  after it); with chances, the move keeps at most :data:`BLUNDER_SHARE` of the best
  move's chance and loses at least :data:`BLUNDER_LOSS` of it.
* ``?`` (a mistake): the move still wins, but the fewest coins or passes from here are
  more than the best move's, both known exactly; with chances, at most
  :data:`MISTAKE_SHARE` of the best and at least :data:`MISTAKE_LOSS` lost.
* ``!`` (the only good move): it keeps the win and every other legal move is proven lost;
  with chances, it is the best and every other move has at most :data:`BLUNDER_SHARE` of
  its chance, :data:`BLUNDER_LOSS` or more below it.
"""

from __future__ import annotations

import importlib
from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, Any, Generic, Sequence, TypeVar

from ..arguments import check_arg
from ..errors import PiecepackError, SetupError
from ..reprs import brief_repr
from ..values import field, replace, value

if TYPE_CHECKING:
    from ..notation import MoveGroup, Record
    from .replays import Replay

S = TypeVar("S")

#: Thresholds of the judgements on chances (see the module's notes). The losses are points
#: of a real chance to win: early in a Coin Collectors game the best move's is some 6 %
#: (base game), so a move that cuts coins off, worth 0, must count as a blunder there.
BLUNDER_SHARE = 0.5
BLUNDER_LOSS = 0.02
MISTAKE_SHARE = 0.9
MISTAKE_LOSS = 0.01
#: What a comment written by :func:`analyse` starts with; such comments are replaced when a
#: record is analysed again.
COMMENT_PREFIX = "eval:"
#: The module under ``games`` of each game that can be analysed, by its name.
ANALYSED_GAMES = {"lab-rats": "lab_rats", "landlocked": "landlocked", "coin-collectors": "coin_collectors"}


@value
class Evaluation:
    """What is known of a position, or of a move (then counted from the position before it).

    ``winnable``: True (a win exists), False (proven lost) or None (unknown, or a chance);
    ``chance``: an estimated chance to win, 0..1 (games of dice: Coin Collectors', exact two
    coins from the end, elsewhere learnt from the policy's games), else None; ``cost``: the
    coins or passes (``unit``) a win takes from here, the fewest when ``exact`` (else the
    fewest found); ``note`` says more (why unknown), ``line`` is the continuation as movetext.
    """

    winnable: bool | None
    chance: float | None = None
    cost: int | None = None
    exact: bool = True
    unit: str = ""
    note: str = ""
    line: str = field(default="", compare=False)

    __repr__ = brief_repr

    def is_known(self) -> bool:
        """True unless the solver could not tell (a chance counts as known)."""
        return self.winnable is not None or self.chance is not None

    @property
    def bar(self) -> float | None:
        """How full an evaluation bar is drawn, 0..1: the chance, or 1 for a win and 0 for a
        loss; None for unknown."""
        if self.chance is not None:
            return self.chance
        return None if self.winnable is None else float(self.winnable)

    @property
    def text(self) -> str:
        """In words: ``"a win in 9 coins"``, ``"lost"``, ``"unknown (...)"``, ``"win chance 4.8 %"``
        (a chance is an estimate of its game's analyser)."""
        if self.chance is not None and self.winnable is None:
            words = f"win chance {100 * self.chance:.1f} %"
        elif self.winnable:
            if self.cost is None or self.unit == "":
                words = "won" if self.cost == 0 else "a win"
            elif self.cost == 0:
                words = "won"
            else:
                words = f"a win in {'' if self.exact else 'at most '}{_count(self.cost, self.unit)}"
        else:
            words = "lost" if self.winnable is False else "unknown"
        return f"{words} ({self.note})" if self.note else words

    def spent(self, n: int) -> Evaluation:
        """This evaluation ``n`` coins or passes further from a win (what a move spent)."""
        return self if self.cost is None or not n else replace(self, cost=self.cost + n)

    def rank(self) -> tuple[float, float]:
        """A key that sorts better evaluations higher (within one game)."""
        if self.chance is not None:
            return self.chance, 0.0
        known = {True: 1.0, None: 0.5, False: 0.0}[self.winnable]
        return known, -float(self.cost) if self.cost is not None else 0.0


def _count(n: int, unit: str) -> str:
    return f"{n} {unit}" if n == 1 else f"{n} {unit}{'es' if unit.endswith('s') else 's'}"


@value
class Choice:
    """A legal move from a position, as movetext, with its value (counted from that
    position) and the state it leads to (None where it is not one state: a roll follows)."""

    move: str
    value: Evaluation
    state: Any = field(default=None, compare=False, repr=False)

    __repr__ = brief_repr

    @property
    def text(self) -> str:
        """``"2N: a win in 8 coins"``."""
        return f"{self.move}: {self.value.text}"


@value
class MoveAnalysis:
    """One move of a record: its position ``index`` in the replay (1 for the first move),
    move number and text; the evaluations ``before`` it, of the move ``played`` (counted from
    before it) and ``after`` it; the ``best`` move with its value; the ``judgement`` glyph
    (``""``, ``"!"``, ``"?"`` or ``"??"``)."""

    index: int
    label: str
    text: str
    before: Evaluation
    played: Evaluation
    after: Evaluation
    best: Choice | None = None
    judgement: str = ""

    __repr__ = brief_repr

    @property
    def comment(self) -> str:
        """What :func:`annotated_record` writes in the move's comment (no braces in it)."""
        return self.comment_text()

    def comment_text(self, *, line: bool = True) -> str:
        """The move's comment: its value, the best move's when better, and with ``line``
        the continuation from the position after it."""
        parts = [f"{COMMENT_PREFIX} {self.played.text}"]
        if self.best is not None and (self.judgement in ("?", "??") or self.best.value.rank() > self.played.rank()):
            parts.append(f"best {self.best.text}")
        if line and self.after.line:
            parts.append(f"then {self.after.line}")
        return "; ".join(parts).replace("{", "(").replace("}", ")")


@value
class Analysis:
    """A record analysed: the replay, the evaluation of every position (the setup's first),
    and each move's :class:`MoveAnalysis` (moves that are no decision, such as building a
    Lab Rats maze, have none)."""

    replay: Replay = field(compare=False, repr=False)
    evaluations: tuple[Evaluation, ...]
    moves: tuple[MoveAnalysis, ...]

    __repr__ = brief_repr

    def judged(self, glyph: str) -> tuple[MoveAnalysis, ...]:
        """The moves judged ``glyph``."""
        return tuple(m for m in self.moves if m.judgement == glyph)

    @property
    def lost_after(self) -> int | None:
        """The position index after the first move after which the game was proven lost
        (0: lost from the setup), or None when it never was (or it is not known)."""
        for k, evaluation in enumerate(self.evaluations):
            if evaluation.winnable is False:
                return k
        return None

    def summary(self) -> str:
        """Mistakes, blunders and the move after which the game was lost, in words."""
        lines = [f"{len(self.moves)} moves analysed"]
        for glyph, name in (("??", "blunders"), ("?", "mistakes"), ("!", "only moves")):
            found = self.judged(glyph)
            where = ", ".join(f"{m.label.rstrip('.')} {m.text}" for m in found)
            lines.append(f"{name} ({glyph}): {len(found)}" + (f": {where}" if found else ""))
        lost = self.lost_after
        positions = self.replay.positions
        if lost is None:
            end = self.evaluations[-1]
            lines.append(f"never proven lost; at the end: {end.text}")
        elif lost == 0:
            lines.append("lost from the setup: no win exists")
        else:
            position = positions[lost]
            lines.append(f"lost after move {position.label.rstrip('.')} {position.text}")
        return "\n".join(lines)


class Analyser(ABC, Generic[S]):
    """A game's side of the analysis: values of positions and moves."""

    @abstractmethod
    def evaluate(self, state: S) -> Evaluation:
        """The value of ``state`` (searched as far as the analyser's budget allows)."""

    @abstractmethod
    def choices(self, state: S, *, search: bool = True) -> list[Choice]:
        """Every legal move from ``state`` with its value; without ``search`` the values may be
        left unknown where finding them would cost a budgeted search (an analysis of a whole
        record asks that for the moves it did not play)."""

    @abstractmethod
    def played(self, before: S, group: MoveGroup, after: S, after_value: Evaluation) -> Evaluation | None:
        """The value of the move ``group`` played from ``before`` (``after_value`` is the value
        of ``after``), or None when ``group`` is no decision to judge."""

    def is_same_move(self, choice: Choice, group: MoveGroup, after: S) -> bool:
        """True when ``choice`` is the move ``group`` played (by default: it leads to ``after``)."""
        return choice.state is not None and choice.state == after


def analyser_for(game: Any, *, budget: int | None = None) -> Analyser[Any]:
    """The analyser of ``game`` (a registered game); ``budget`` (Lab Rats): the states a
    standard-rules search may visit per position (None: the game's default).

    Raises :class:`SetupError` for a game that cannot be analysed, or a budget out of range.
    """
    module = ANALYSED_GAMES.get(getattr(game, "name", ""))
    if module is None:
        raise SetupError(f"{getattr(game, 'title', game)} records cannot be analysed",
                         token=getattr(game, "name", None),
                         expected="a record of Lab Rats, Landlocked or Coin Collectors")
    made: Analyser[Any] = importlib.import_module(f"..games.{module}.analysis", __package__).analyser(budget=budget)
    return made


def judge(played: Evaluation, choices: Sequence[Choice], *, before: Evaluation | None = None,
          others: Sequence[Choice] = ()) -> str:
    """The glyph a move of value ``played`` earns among ``choices`` (every legal move, its
    own included), ``others`` being those that are not it (see the module's notes)."""
    best = max((c.value for c in choices), key=Evaluation.rank, default=None)
    if played.chance is not None and played.winnable is None:
        top = best.chance if best is not None and best.chance is not None else None
        if top is None:
            return ""
        loss = top - played.chance
        if loss >= BLUNDER_LOSS and played.chance <= top * BLUNDER_SHARE:
            return "??"
        if loss >= MISTAKE_LOSS and played.chance <= top * MISTAKE_SHARE:
            return "?"
        rest = [c.value.chance for c in others if c.value.chance is not None]
        if loss <= 0 and rest and max(rest) <= top * BLUNDER_SHARE and top - max(rest) >= BLUNDER_LOSS:
            return "!"
        return ""
    was_won = (before is not None and before.winnable is True) or (best is not None and best.winnable is True)
    if played.winnable is False and was_won:
        return "??"
    if (played.winnable and best is not None and best.winnable and played.exact and best.exact
            and played.cost is not None and best.cost is not None and played.cost > best.cost):
        return "?"
    if played.winnable and others and all(c.value.winnable is False for c in others):
        return "!"
    return ""


def analyse(replay: Replay, *, budget: int | None = None, analyser: Analyser[Any] | None = None) -> Analysis:
    """Every move of ``replay`` (a replayed Lab Rats, Landlocked or Coin Collectors record)
    judged: see the module's notes. ``budget`` (Lab Rats): the states a standard-rules
    search may visit per position; ``analyser``: the game's analyser to use instead of its
    default one (a Lab Rats analyser with another standard-rules search, say).

    Raises :class:`SetupError` for another game's record or a budget out of range (located at
    the record), the replay's first error for a replay that has one, :class:`TypeError` for a
    ``replay`` that is not one.
    """
    from .replays import Replay

    check_arg(replay, Replay, name="replay", accepts="a Replay (from replay())")
    if replay.errors:
        raise replay.errors[0]
    analyser = analyser or _located_analyser(replay, budget)
    positions = replay.positions
    evaluations = _evaluations(analyser, [p.state for p in positions])
    moves = []
    for k, group in enumerate(replay.record.groups, start=1):
        before, after = positions[k - 1].state, positions[k].state
        played = analyser.played(before, group, after, evaluations[k])
        if played is None:
            continue
        choices = analyser.choices(before, search=False)
        if evaluations[k - 1].winnable is False:  # from a lost position every move loses
            choices = [replace(c, value=evaluations[k - 1]) for c in choices]
        others = [c for c in choices if not analyser.is_same_move(c, group, after)]
        best = max(choices, key=lambda c: c.value.rank(), default=None)
        glyph = judge(played, choices, before=evaluations[k - 1], others=others)
        moves.append(MoveAnalysis(k, group.label, _plain_text(group), evaluations[k - 1], played, evaluations[k],
                                  best, glyph))
    return Analysis(replay, evaluations, tuple(moves))


def _evaluations(analyser: Analyser[Any], states: Sequence[Any]) -> tuple[Evaluation, ...]:
    """The value of each of ``states`` (a record's positions in order): once one is proven
    lost, so is every later one (no sequence of moves from a lost position wins), and they
    are not searched."""
    out: list[Evaluation] = []
    lost = None
    for k, state in enumerate(states):
        if lost is None:
            out.append(analyser.evaluate(state))
            if out[-1].winnable is False:
                lost = Evaluation(False, note="no win from the setup" if k == 0 else f"no win after move {k}")
        else:
            out.append(lost)
    return tuple(out)


def hints(replay: Replay, move: int | str = "last", *, budget: int | None = None,
          analyser: Analyser[Any] | None = None) -> tuple[Choice, ...]:
    """Every legal move from the position after ``move`` of ``replay`` (as
    :meth:`~.replays.Replay.position` takes it) with its value, best first (ties in the
    order the game lists its moves); ``budget`` and ``analyser`` as :func:`analyse` takes them.

    Raises :class:`SetupError` for another game's record or a budget out of range,
    :class:`PiecepackError` for a move that is not in the record.
    """
    from .replays import Replay

    check_arg(replay, Replay, name="replay", accepts="a Replay (from replay())")
    analyser = analyser or _located_analyser(replay, budget)
    state = replay.position(move).state
    choices = analyser.choices(state, search=True)
    order = sorted(range(len(choices)), key=lambda k: (tuple(-v for v in choices[k].value.rank()), k))
    return tuple(choices[k] for k in order)


def _located_analyser(replay: Replay, budget: int | None) -> Analyser[Any]:
    try:
        return analyser_for(replay.game, budget=budget)
    except PiecepackError as exc:
        raise exc.with_location(replay.record.location) from None


def _plain_text(group: MoveGroup) -> str:
    from ..annotations import split_annotation

    return " ".join(split_annotation(m.text)[0] for m in group.moves)


def annotated_record(analysis: Analysis, *, lines: bool = True) -> Record:
    """The analysed record with each judged move's glyph after its first move (glyphs it had
    are dropped) and its evaluation in a comment of its own (replacing one an earlier analysis
    wrote: see :data:`COMMENT_PREFIX`), with the continuation unless ``lines`` is false;
    other comments stay."""
    from ..annotations import split_annotation
    from ..notation import Token

    record = analysis.replay.record
    judged = {m.index: m for m in analysis.moves}
    groups = []
    for k, group in enumerate(record.groups, start=1):
        found = judged.get(k)
        if found is None:
            groups.append(group)
            continue
        moves = tuple(replace(t, text=split_annotation(t.text)[0] + (found.judgement if j == 0 else ""))
                      for j, t in enumerate(group.moves))
        comments = tuple(c for c in group.comments if not c.text.strip().startswith(COMMENT_PREFIX))
        comment = Token(found.comment_text(line=lines), group.location)
        groups.append(replace(group, moves=moves, comments=comments + (comment,)))
    return replace(record, groups=tuple(groups))


__all__ = ["ANALYSED_GAMES", "Analyser", "Analysis", "BLUNDER_LOSS", "BLUNDER_SHARE", "COMMENT_PREFIX", "Choice",
           "Evaluation", "MISTAKE_LOSS", "MISTAKE_SHARE", "MoveAnalysis", "analyse", "analyser_for",
           "annotated_record", "hints", "judge"]
