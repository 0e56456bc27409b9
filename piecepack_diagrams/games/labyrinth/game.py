"""Labyrinth as a game of the engine: the position from a record's header, one turn
per move number (see :mod:`.notation`), the status, the legal turns and the drawing."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable, Mapping

from ...engine.game import Game, Status, header_seed, register
from ...errors import PiecepackError, RuleError, SetupError, SourceLocation
from ...scene import Scene
from .notation import OUT, dealt, format_turn, parse_header, parse_turn
from .picture import key_scene, position_scene
from .rules import LabyrinthPlay, remove, take_turn
from .strategies import legal_turns
from ...values import replace

if TYPE_CHECKING:
    from ...notation import MoveGroup


class Labyrinth(Game[LabyrinthPlay]):
    """Labyrinth: slide a row or column, insert the spare, walk to your treasure and home."""

    name = "labyrinth"
    title = "Labyrinth"
    header_fields = ("Size", "Players", "Names")
    #: The position (either form), its options, and the verdict a played record ends with.
    header_keys = ("State", "Board", "Spare", "Goals", "Last", "Options", "Winners", "Removed")

    def setup(self, metadata: Mapping[str, Any], *, seed: int | None = None,
              location: SourceLocation | None = None) -> LabyrinthPlay:
        """The start: the header's ``State`` or inline position, or a position dealt from
        ``Seed`` (with ``Size``, default ``7x7``, and ``Players``, default 4)."""
        try:
            if seed is not None or ("Seed" in metadata and "State" not in metadata and "Board" not in metadata):
                return dealt(metadata, header_seed(metadata, seed))
            return parse_header(metadata)
        except SetupError as exc:
            raise exc.with_location(location) if location else exc from None

    def apply(self, play: LabyrinthPlay, group: MoveGroup, *, metadata: Mapping[str, Any]) -> LabyrinthPlay:
        """The game after one move number's tokens: removals outside a turn, and at most one turn.

        Raises :class:`RuleError` worded ``turn 12 (red): ...`` at the token's location.
        """
        number = group.label.rstrip(".")
        turns = 0
        for token in group.moves:
            player = play.to_move
            label = f"turn {number} ({player.color if player else 'after the end'})"
            try:
                action = parse_turn(token.text)
                if isinstance(action, tuple):
                    play = remove(play, action[1], label=label)
                    continue
                turns += 1
                if turns > 1:
                    raise RuleError("a move number holds one turn; number each turn", move=label,
                                    token=token.text, rule="one turn per move number")
                play = take_turn(play, None if action == OUT else action, label=label)
            except PiecepackError as exc:
                if exc.token is None:
                    exc.token = token.text
                raise exc.with_location(token.location) from None
        return play

    def status(self, play: LabyrinthPlay) -> Status:
        if not play.ended:
            player = play.to_move
            name = play.name_of(player.color) if player else ""
            return Status("playing", detail=f"round {play.round}, {name} to move")
        winners = [play.name_of(c) for c in play.winners()]
        verdict = (" and ".join(winners) + (" wins" if len(winners) == 1 else " win")) if winners else "nobody wins"
        return Status("won" if play.finisher else "over", detail=f"{play.ended}; {verdict}")

    def legal_moves(self, play: LabyrinthPlay) -> Iterable[str] | None:
        """Every legal turn of the player to move: each slide, rotation and reachable tile, and pass."""
        if play.to_move is None:
            return []
        return [format_turn(move) for move in legal_turns(play.position)] + ["pass"]

    def scene(self, play: LabyrinthPlay, *, caption: str = "", show_legal: bool = False,
              key: bool = True) -> Scene:
        """The board with the spare and the players' key; ``caption`` as given. Without ``key``
        the players' key is one line a player (plates and the viewer show :meth:`key_scene`)."""
        return position_scene(play, caption=caption, show_legal=show_legal, legend=key)

    def key_scene(self, play: LabyrinthPlay) -> Scene:
        """The whole gem key of ``play``'s board: every gem numbered (see :func:`~.picture.key_scene`)."""
        return replace(key_scene(play), caption="Key: every gem on the board and the spare tile, numbered")


GAME = register(Labyrinth(), "maze")

__all__ = ["GAME", "Labyrinth"]
