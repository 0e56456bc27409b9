"""The flow of a Labyrinth game, shared by the referee and by record replay: reaching
goals and home, rounds, the end of the game and who wins
(``../shared/corpus/labyrinth/README.md``, section 11).
"""

from __future__ import annotations


from ...errors import RuleError, SetupError
from ...values import replace, value
from .board import Coordinate
from .state import PASS, Action, LabyrinthState, Move, Player, check_move
from ...reprs import brief_repr

MAX_ROUNDS = 1000
#: The most rounds a game may be given: a game of that many, written out, must still be a
#: record this package reads back (at most 4 MiB).
ROUND_LIMIT = 10_000


def check_max_rounds(value: object, *, name: str = "max_rounds") -> int:
    """``value`` as a number of rounds; raises :class:`SetupError` (naming the option
    ``name``) unless it is a whole number from 1 to :data:`ROUND_LIMIT`."""
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= ROUND_LIMIT:
        raise SetupError(f"{name} must be a whole number from 1 to {ROUND_LIMIT:,}, not {value!r}",
                         token=str(value)[:40], expected=f"1 to {ROUND_LIMIT:,}")
    return value


@value
class Options:
    """Points the course settled differently from milestone to milestone.

    ``setup_ejection_counts``: a player thrown out before play (or when sent a new goal)
    keeps the round from being one in which everyone passed (milestones 6 to 9: true;
    milestone 10: false). ``max_rounds``: the game ends after this many rounds.
    """

    setup_ejection_counts: bool = True
    max_rounds: int = MAX_ROUNDS


@value
class LastTurn:
    """What the last turn did, for drawings: who (colour), the move (None: a pass), and the
    route the avatar walked after the slide (none for a pass)."""

    color: str
    move: Move | None
    route: tuple[Coordinate, ...] = ()


@value
class LabyrinthPlay:
    """A game in progress: the position (``position.turn`` is the player to move), the
    players' names, the round and whether anyone has moved in it, and how it ended."""

    position: LabyrinthState
    names: tuple[str, ...] = ()
    options: Options = Options()
    round: int = 1
    active: bool = False
    finisher: str | None = None
    ended: str = ""
    removed: tuple[str, ...] = ()
    last_turn: LastTurn | None = None
    #: The players thrown out (colour, name), for drawings: they are no longer in ``position``.
    out: tuple[tuple[str, str], ...] = ()

    __repr__ = brief_repr

    def is_over(self) -> bool:
        return bool(self.ended)

    @property
    def to_move(self) -> Player | None:
        """The player whose turn it is (``None`` once the game is over)."""
        players = self.position.players
        return None if self.ended or not players else players[self.position.turn]

    def name_of(self, color: str) -> str:
        """The player's name if the record gives one, else its colour."""
        for player, name in zip(self.position.players, self.names):
            if player.color == color and name:
                return name
        return color

    def winners(self) -> list[str]:
        """The colours of the winners (section 11's scoring), in turn order."""
        players = self.position.players
        finisher = next((k for k, p in enumerate(players) if p.color == self.finisher), None)
        return [players[k].color for k in winner_indices(players, finisher)]


def arrive(position: LabyrinthState, k: int) -> tuple[LabyrinthState, str]:
    """Player ``k`` after its move: ``"home"`` if it got home after its goals (the game
    ends), ``"goal"`` if it reached its goal (it is given the next goal of the queue, or
    sent home), else ``""``. A goal that is also home is not a win in the same turn."""
    player = position.players[k]
    if player.current != player.target:
        return position, ""
    if player.going_home:
        return position, "home"
    reached = player.reached + 1
    goals = position.goals
    if goals:
        player, goals = replace(player, goto=goals[0], reached=reached), goals[1:]
    else:
        player = replace(player, going_home=True, reached=reached)
    players = position.players[:k] + (player,) + position.players[k + 1:]
    return replace(position, players=players, goals=goals), "goal"


def distance(a: Coordinate, b: Coordinate | None) -> int:
    """Squared Euclidean distance (0 to a missing target)."""
    return 0 if b is None else (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2


def winner_indices(players: tuple[Player, ...], finisher: int | None) -> list[int]:
    """Who wins: of the players with the most goals reached, the one who got home if it is
    among them, else those nearest (squared distance) their next objective."""
    if not players:
        return []
    most = max(p.reached for p in players)
    best = [k for k, p in enumerate(players) if p.reached == most]
    if finisher is not None and finisher in best:
        return [finisher]
    nearest = min(distance(players[k].current, players[k].target) for k in best)
    return [k for k in best if distance(players[k].current, players[k].target) == nearest]


def take_turn(play: LabyrinthPlay, action: Action | None, *, label: str | None = None) -> LabyrinthPlay:
    """The game after the player to move takes its turn: a :class:`Move`, ``PASS``, or
    ``None`` for a player thrown out instead of moving (it misbehaved).

    Raises :class:`RuleError` for a move against the rules or a turn after the end.
    """
    if play.ended:
        raise RuleError(f"the game is over: {play.ended}", move=label, rule="no turns after the end")
    position = play.position
    k = position.turn
    if action is None:
        return _after_turn(replace(_without(play, k), last_turn=None), advance=False)
    if action == PASS:
        return _after_turn(replace(play, last_turn=LastTurn(position.players[k].color, None)), advance=True)
    assert isinstance(action, Move)
    before = position.slid(action.index, action.direction, action.degrees).players[k].current
    moved = check_move(position, action, label=label)
    route = moved.board.path(before, action.destination) or [before, action.destination]
    moved, event = arrive(moved, k)
    play = replace(play, position=moved, active=True,
                   last_turn=LastTurn(moved.players[k].color, action, tuple(route)))
    if event == "home":
        color = moved.players[k].color
        return replace(play, finisher=color, ended=f"{play.name_of(color)} got home")
    return _after_turn(play, advance=True)


def remove(play: LabyrinthPlay, color: str, *, label: str | None = None) -> LabyrinthPlay:
    """The game after the player ``color`` is thrown out outside its turn (before play, or
    when sent a new goal). Raises :class:`RuleError` if no such player is in the game."""
    colors = [p.color for p in play.position.players]
    if color not in colors:
        raise RuleError(f"no player '{color}' is in the game", move=label, token=color,
                        expected=", ".join(colors) or "a player")
    if play.ended:
        return replace(play, removed=play.removed + (color,))
    play = _without(play, colors.index(color))
    if play.options.setup_ejection_counts:
        play = replace(play, active=True)
    return _after_turn(play, advance=False)


def _without(play: LabyrinthPlay, k: int) -> LabyrinthPlay:
    position = play.position
    turn = position.turn - 1 if k < position.turn else position.turn
    players = position.players[:k] + position.players[k + 1:]
    names = play.names[:k] + play.names[k + 1:]
    color = position.players[k].color
    return replace(play, position=replace(position, players=players, turn=turn), names=names,
                   removed=play.removed + (color,), out=play.out + ((color, play.name_of(color)),))


def _after_turn(play: LabyrinthPlay, *, advance: bool) -> LabyrinthPlay:
    """Hand the turn on; at the end of a round, end the game if nobody moved in it or the
    round limit is reached."""
    position = play.position
    if not position.players:
        return replace(play, ended="no players remain")
    turn = position.turn + (1 if advance else 0)
    if turn < len(position.players):
        return replace(play, position=replace(position, turn=turn))
    if not play.active:
        ended = f"every player passed in round {play.round}"
    elif play.round >= play.options.max_rounds:
        ended = f"{play.options.max_rounds} rounds were played"
    else:
        return replace(play, position=replace(position, turn=0), round=play.round + 1, active=False)
    return replace(play, position=replace(position, turn=0), ended=ended)


__all__ = ["LabyrinthPlay", "LastTurn", "MAX_ROUNDS", "Options", "ROUND_LIMIT", "arrive", "check_max_rounds",
           "distance", "remove", "take_turn", "winner_indices"]
