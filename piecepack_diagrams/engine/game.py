"""The contract every game implements, and the registry that finds a record's game.

A game turns a record's metadata (or a seed) into a starting state, applies
moves to immutable states (raising :class:`~piecepack_diagrams.errors.RuleError`
for an illegal one), reports the status, and describes a state as a
:class:`~piecepack_diagrams.scene.Scene`. Games never import renderers.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, Any, Callable, Generic, Iterable, Mapping, TypeVar

from ..errors import PiecepackError, SetupError, SourceLocation
from ..pieces import Piece
from ..scene import Highlight, Scene, ScenePiece, stack_counts
from ..values import replace, value

if TYPE_CHECKING:  # the notation is imported by what reads records, not by setting a game up
    from ..notation import MoveGroup, Record

S = TypeVar("S")


@value
class Status:
    """Where a game stands: ``"playing"``, ``"won"``, ``"lost"`` or ``"over"``, and a score."""

    outcome: str = "playing"
    score: float | None = None
    detail: str = ""

    def is_over(self) -> bool:
        """True once the game has ended, whatever the outcome."""
        return self.outcome != "playing"

    def __repr__(self) -> str:
        return f"Status(outcome={self.outcome!r}, score={self.score!r}, detail={self.detail!r})"


class Game(ABC, Generic[S]):
    """One game's rules. Subclasses are stateless; states are immutable values."""

    #: The name users type (``"lab-rats"``), and the title shown in figures.
    name: str = ""
    title: str = ""
    #: ppdf's setup function of a game that can start from ppdf's layout (``GameType: {Name:
    #: ..., Seed: N}``) as well as from its own builder (see :data:`BUILDERS`); empty otherwise.
    ppdf_function: str = ""
    #: Header fields its setup reads besides ``Seed`` (``setup GAME --size 9x9`` sets ``Size``).
    header_fields: tuple[str, ...] = ()
    #: The other top-level header keys it reads or writes; with ``header_fields`` and the keys
    #: every record may carry, a key close to none of these draws a warning (see :mod:`.headers`).
    header_keys: tuple[str, ...] = ()

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        # A game is one registered object: pickled (to another process) by its name, so
        # ``replay.game is GAME`` holds there and back.
        return find_game, (self.name,)

    @abstractmethod
    def setup(self, metadata: Mapping[str, Any], *, seed: int | None = None,
              location: SourceLocation | None = None) -> S:
        """The starting state the metadata describes (``seed`` overrides a ``Seed`` in it).

        Raises :class:`~piecepack_diagrams.errors.SetupError`.
        """

    @abstractmethod
    def apply(self, state: S, group: MoveGroup, *, metadata: Mapping[str, Any]) -> S:
        """The state after the moves of ``group``.

        Raises :class:`~piecepack_diagrams.errors.RuleError` (the move and the
        rule broken) or :class:`~piecepack_diagrams.errors.NotationError`.
        """

    def status(self, state: S) -> Status:
        """The status of ``state``; games with no end report ``"playing"``."""
        return Status()

    def legal_moves(self, state: S) -> Iterable[str] | None:
        """The legal moves in ``state`` as movetext, or ``None`` where they are not finite."""
        return None

    @abstractmethod
    def scene(self, state: S, *, caption: str = "", show_legal: bool = False, key: bool = True) -> Scene:
        """A drawing of ``state``: placed pieces in inches and annotations; with
        ``show_legal``, where the legal moves go is highlighted (for games that know them);
        without ``key``, a game that draws a key (a legend beside the board) leaves it out."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


def apply_tokens(state: S, group: MoveGroup, parse: Callable[[str], Any],
                 apply: Callable[..., S]) -> S:
    """``state`` after each move token of ``group``: ``parse(text)`` gives an action and
    ``apply(state, action, move=...)`` plays it, the move named ``"7 (2N)"``.

    Errors are re-raised placed at their token.
    """
    for token in group.moves:
        move = f"{group.label.rstrip('.')} ({token.text})"
        try:
            state = apply(state, parse(token.text), move=move)
        except PiecepackError as exc:
            raise exc.with_location(token.location) from None
    return state


def header_seed(metadata: Mapping[str, Any], seed: int | None) -> int | None:
    """The seed to use: ``seed`` if given, else the header's ``Seed``.

    Raises :class:`~piecepack_diagrams.errors.SetupError` for a ``Seed`` that is not a whole number.
    """
    if seed is None and metadata.get("Seed") is not None:
        seed = metadata["Seed"]
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2 ** 63:
            raise SetupError(f"Seed must be a whole number, not {seed!r}", token=str(seed))
    return seed


#: How a game that has both may be set up from a seed: ``ppdf`` (the layout the piecepackr
#: project's R package ppdf gives for the seed, as a record's ``GameType: {Name: ..., Seed: N}``
#: asks) or ``rulings`` (this project's own builder, as a header's top-level ``Seed: N`` asks).
BUILDERS = ("ppdf", "rulings")


def _mapping_name(value: Mapping[str, Any]) -> Any:
    """The ``Name`` of a ``GameType``/``SetUp`` mapping, its key in any capitalisation."""
    return next((v for k, v in value.items() if str(k).lower() == "name"), None)


def setup_mapping(metadata: Mapping[str, Any]) -> Mapping[str, Any] | None:
    """The ``SetUp`` (else ``GameType``) field of a header when it is a mapping, else None."""
    for key in ("SetUp", "GameType"):
        if key in metadata:
            value = metadata[key]
            return value if isinstance(value, Mapping) else None
    return None


def ppdf_arguments(metadata: Mapping[str, Any], own_fields: tuple[str, ...]) -> dict[str, Any] | None:
    """The arguments a header passes to ppdf's setup function, as the reference parser ppn
    does: the keys of a ``GameType`` (or ``SetUp``) mapping but ``Name``. ``None`` when the
    header does not ask for ppdf's layout: the game is named by a string, or by a mapping
    of its ``Name`` alone while the header gives the deal by the game's ``own_fields``.

    Raises :class:`~piecepack_diagrams.errors.SetupError` when the mapping gives arguments
    and the header gives the deal by its own fields too.
    """
    mapping = setup_mapping(metadata)
    if mapping is None:
        return None
    args = {k: v for k, v in mapping.items() if str(k).lower() != "name"}
    own = [f for f in own_fields if f in metadata]
    if args and own:
        raise SetupError(f"the header gives {own[0]} and GameType gives ppdf's arguments "
                         f"({', '.join(map(str, args))}): give the setup one way, not both", token=own[0],
                         expected="GameType: {Name: ..., Seed: N} (ppdf's layout) or top-level fields "
                                  f"({', '.join(own_fields)}: this project's own builder)")
    return None if own else args


def ppdf_frame(function: str, args: Mapping[str, Any], seed: int | None) -> Any:
    """ppdf's layout (a :class:`~piecepack_diagrams.setups.Frame`) of ``function`` called with
    ``args`` after R's ``set.seed`` (``seed``, if given, overrides the arguments' ``Seed``).

    Raises :class:`~piecepack_diagrams.errors.SetupError` for an argument the function does
    not take or a value it does not accept.
    """
    from ..setups import build_frame

    _, frame = build_frame(function, args, seed=seed)
    return frame


def layout_pieces(frame: Any) -> tuple[ScenePiece, ...]:
    """A ppdf frame's rows as placed pieces, in its order (its drawing order)."""
    return tuple(ScenePiece(Piece(side.split("_", 1)[0], side.split("_", 1)[1], int(suit), int(rank), cfg),
                            float(x), float(y), float(angle))
                 for side, suit, rank, cfg, x, y, angle in frame.records())


def layout_scene(scene: Scene, layout: tuple[ScenePiece, ...], *, keep_panels: bool = False) -> Scene:
    """``scene`` (a game's drawing of a starting position) with ``layout``'s pieces where ppdf
    lays them out instead of the game's own: the highlights stay (legal moves, a target),
    annotations placed by the game's own drawing go, and so do the panels (they show pieces
    the layout already holds) unless ``keep_panels``; a ``×N`` beside each stack."""
    return replace(scene, pieces=tuple(layout), focus=None, panels=scene.panels if keep_panels else (),
                   annotations=tuple(a for a in scene.annotations if isinstance(a, Highlight))
                   + stack_counts(tuple(layout)))


_GAMES: dict[str, Game[Any]] = {}


def register(game: Game[Any], *aliases: str) -> Game[Any]:
    """Make ``game`` findable by its name and ``aliases`` (normalised names)."""
    for key in (game.name, *aliases):
        _GAMES[_key(key)] = game
    return game


def _key(name: str) -> str:
    return "".join(ch for ch in str(name).lower() if ch.isalnum())


def games() -> tuple[Game[Any], ...]:
    """Every game once, in the order of their modules' names (each imported if need be)."""
    for module in sorted(set(GAME_MODULES.values())):
        _game_module(module)
    return tuple(dict.fromkeys(_GAMES[k] for k in sorted(GAME_MODULES, key=lambda k: GAME_MODULES[k])))


#: The module (under ``piecepack_diagrams.games``) of each game by every key it registers
#: (its name and aliases, as :func:`_key` spells them), so a game's module is imported only
#: when a record or a command names that game.
GAME_MODULES: dict[str, str] = {
    "coincollectors": "coin_collectors", "ppn": "generic", "generic": "generic", "default": "generic",
    "labrats": "lab_rats", "labyrinth": "labyrinth", "maze": "labyrinth", "landlocked": "landlocked",
    "landlockedhitherandyon": "landlocked",
}


def _game_module(module: str) -> None:
    import importlib

    importlib.import_module(f"..games.{module}", __package__)


def find_game(name: str) -> Game[Any] | None:
    """The registered game called ``name`` (any spelling: ``"Lab Rats"``, ``"lab-rats"``)."""
    key = _key(name)
    if key not in _GAMES and key in GAME_MODULES:
        _game_module(GAME_MODULES[key])
    return _GAMES.get(key)


def game_for(record: Record) -> Game[Any]:
    """The game whose rules apply to ``record``: named by ``GameType``/``SetUp`` when a
    rules module is registered under that name, else generic PPN piece movement."""
    meta = record.metadata
    for key in ("SetUp", "GameType"):
        value = meta.get(key)
        name = _mapping_name(value) if isinstance(value, Mapping) else value
        if isinstance(name, str):
            game = find_game(name)
            if game is not None:
                return game
    generic = find_game("generic")
    assert generic is not None
    return generic


def game_names() -> list[str]:
    """The names of all registered games."""
    return sorted({g.name for g in games()})
