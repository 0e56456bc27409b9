"""Lab Rats as a game of the engine: setup from a record's header, build steps and
moves from its movetext, status, legal moves and the drawing of a position.

The setup is either ppdf's or this project's own:

- ``GameType: {Name: Lab Rats, Seed: N}`` (keys in any capitalisation; ``SetUp`` alike)
  starts from the layout the piecepackr project's R package ppdf gives for seed ``N``
  (``piecepack_lab_rats`` after R's ``set.seed(N)``; without a ``Seed``, seed 1): its maze
  in its build order, the rat on the square ppdf puts it on, the exit pawns, and the
  three stacks of eight coins beside the first tile (stack 1 the leftmost, bottom coin
  first). The setup is drawn and exported with every piece where ppdf lays it out.
- A top-level ``Seed`` (or ``Tiles``/``Rolls`` and ``Coins``) uses this project's own
  builder instead, which follows the rules (re-rolls and back-outs of RULINGS.md).

Header fields (all optional but the coins' source):

============ =================================================================
``Seed``     builds the maze and shuffles the coins (same seed, same deal) by
             this project's own builder
``Tiles``    the maze given whole: ``[x, y, angle]`` tile centres in inches, in
             placement order (the piecepackr layouts' convention)
``Rolls``    the maze as the die results that built it: ``"2 a 3 5x < 4 ..."``
``Coins``    the three stacks, top coin first: ``["3M nS ...", "...", "..."]``
``Start``    ``left`` (default; with ppdf's layout, the square ppdf chose) or
             ``right``: the rat's square on the first tile
``Variant``  ``standard`` (default) or ``advanced`` (no backing up)
``Options``  ``corner_contact`` (default true), ``exit_from_edge_only`` (false)
============ =================================================================

A ``build.`` move number in the movetext builds the maze roll by roll instead
(the header then gives no ``Tiles`` or ``Rolls``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable, Mapping

from ...engine.game import (Game, Status, apply_tokens, header_seed, layout_pieces, layout_scene, ppdf_arguments,
                            ppdf_frame, register)
from ...errors import NotationError, RuleError, SetupError, SourceLocation
from ...numbers import finite_number
from ...rng import SeededRandom
from ...scene import Scene
from .build import BuildError, BuildStep, Builder, build_with, replay_build
from .maze import MAZE_TILES, Maze, Tile, iter_problems
from .notation import is_build_label, parse_action, parse_build_step
from .picture import position_scene
from .rules import ALL_COINS, Coin, LabRatsState, Options, apply_action, deal_stacks, legal_actions
from ...values import replace

if TYPE_CHECKING:
    from ...notation import MoveGroup

VARIANTS = ("standard", "advanced")
#: How far from the first tile a tile of a header's ``Tiles`` may lie (a maze is a few inches across).
MAX_TILE_OFFSET = 100.0
#: ppdf's setup function, and the header fields that give the deal this project's own way.
PPDF_FUNCTION = "piecepack_lab_rats"
OWN_FIELDS = ("Seed", "Tiles", "Rolls", "Coins")


def parse_options(metadata: Mapping[str, Any], *, advanced: bool | None = None, corner_contact: bool | None = None,
                  exit_from_edge_only: bool | None = None) -> Options:
    """The rule options a header asks for, overridden by any keyword given.

    Raises :class:`SetupError` for an unknown variant or option.
    """
    variant = str(metadata.get("Variant", "standard")).strip().lower()
    if variant not in VARIANTS:
        raise SetupError(f"unknown Lab Rats variant '{variant}'", token=variant, expected=" or ".join(VARIANTS))
    raw = metadata.get("Options") or {}
    if not isinstance(raw, Mapping):
        raise SetupError("Options must be a mapping such as {corner_contact: false}", token=str(raw)[:60])
    known = {"advanced", "corner_contact", "exit_from_edge_only"}
    for key, value in raw.items():
        if key not in known:
            raise SetupError(f"unknown Lab Rats option '{key}'", token=str(key), expected=", ".join(sorted(known)))
        if not isinstance(value, bool):
            raise SetupError(f"option '{key}' is true or false, not {value!r}", token=str(key))
    chosen = Options(advanced=raw.get("advanced", variant == "advanced"),
                     corner_contact=raw.get("corner_contact", True),
                     exit_from_edge_only=raw.get("exit_from_edge_only", False))
    overrides = {k: v for k, v in (("advanced", advanced), ("corner_contact", corner_contact),
                                   ("exit_from_edge_only", exit_from_edge_only)) if v is not None}
    return replace(chosen, **overrides)


def parse_tiles(value: Any, *, corner_contact: bool = True) -> Maze:
    """A maze from ``[[x, y, angle], ...]`` tile centres; raises :class:`SetupError`."""
    if not isinstance(value, list) or not all(isinstance(t, list) and len(t) == 3 for t in value):
        raise SetupError("Tiles must be a list of [x, y, angle] tile centres", token=str(value)[:60])
    tiles = []
    for k, (x, y, angle) in enumerate(value, start=1):
        centre = [finite_number(v, what=f"tile {k}'s {what}", low=-most, high=most, token="Tiles")
                  for v, what, most in ((x, "x", MAX_TILE_OFFSET), (y, "y", MAX_TILE_OFFSET), (angle, "angle", 3600))]
        try:
            tiles.append(Tile.from_centre(*centre))
        except ValueError as exc:
            raise SetupError(f"tile {k}: {exc}", token="Tiles") from None
    if len(tiles) != MAZE_TILES:
        raise SetupError(f"a maze has {MAZE_TILES} tiles, not {len(tiles)}", token="Tiles")
    # The first tile fixes the frame: shift and turn everything so it sits at the origin facing away.
    first = tiles[0]
    tiles = [_normalised(t, first) for t in tiles]
    for _, problem in iter_problems(tiles, corner_contact=corner_contact):
        raise SetupError(f"not a legal maze: {problem}", token="Tiles")
    return Maze(tuple(tiles))


def _normalised(tile: Tile, first: Tile) -> Tile:
    turn = (-first.angle) % 360
    cx, cy = tile.centre[0] - first.centre[0], tile.centre[1] - first.centre[1]
    for _ in range(turn // 90):
        cx, cy = -cy, cx
    return Tile.from_centre(cx + 0.5, cy + 0.5, (tile.angle + turn) % 360)


def parse_rolls(value: Any, *, corner_contact: bool = True) -> tuple[Maze, tuple[BuildStep, ...]]:
    """A maze from its build steps written as in a record; raises :class:`SetupError`."""
    steps = []
    for token in str(value).split():
        try:
            steps.append(parse_build_step(token))
        except NotationError as exc:
            raise SetupError(f"Rolls: {exc.message}", token=token, expected=exc.expected) from None
    try:
        builder = replay_build(steps, corner_contact=corner_contact)
    except BuildError as exc:
        raise SetupError(f"Rolls, step {exc.index + 1}: {exc.message}", token=steps[exc.index].text) from None
    if not builder.is_complete():
        raise SetupError(f"Rolls build only {len(builder.tiles)} of the maze's {MAZE_TILES} tiles", token="Rolls")
    return builder.maze, tuple(steps)


def parse_coins(value: Any) -> tuple[tuple[Coin, ...], ...]:
    """Three stacks from three strings of eight coins, top first; raises :class:`SetupError`."""
    if not isinstance(value, list) or len(value) != 3:
        raise SetupError("Coins must be three stacks of eight coins, top first, such as '3M nS aC ...'",
                         token=str(value)[:60])
    coins: list[Coin] = []
    for k, stack in enumerate(value, start=1):
        words = str(stack).split()
        if len(words) != 8:
            raise SetupError(f"stack {k} of Coins has {len(words)} coins, not 8", token=str(stack)[:60])
        for word in words:
            try:
                coins.append(Coin.parse(word))
            except ValueError as exc:
                raise SetupError(str(exc), token=word) from None
    missing = sorted(set(ALL_COINS) - set(coins))
    if missing:
        raise SetupError(f"Coins must hold each of the 24 coins once; {missing[0].text} is missing",
                         token=missing[0].text)
    return deal_stacks(coins)


def deal(seed: int, *, corner_contact: bool = True) -> tuple[Maze, tuple[BuildStep, ...], tuple[tuple[Coin, ...], ...]]:
    """The maze (with its build) and the three stacks that ``seed`` deals."""
    rng = SeededRandom(seed)
    maze, steps = build_with(rng, corner_contact=corner_contact)
    return maze, steps, deal_stacks(rng.shuffled(list(ALL_COINS)))


def state_from_layout(frame: Any, metadata: Mapping[str, Any], opts: Options) -> LabRatsState:
    """The starting state of ppdf's Lab Rats layout ``frame``: its 24 tile backs as the maze in
    their order, the rat on its square (or the header's ``Start``), the coins as three stacks
    by where they lie, in the order ppdf lists their places, bottom coin first.

    Raises :class:`SetupError` for a maze the options make illegal (``corner_contact: false``).
    """
    layout = list(layout_pieces(frame))
    tiles = [Tile.from_centre(p.x, p.y, p.angle) for p in layout if p.piece.piece_side == "tile_back"]
    for _, problem in iter_problems(tiles, corner_contact=opts.corner_contact):
        raise SetupError(f"ppdf's maze is not a legal maze with these options: {problem}", token="Options")
    maze = Maze(tuple(tiles))
    k_rat = next(k for k, p in enumerate(layout) if p.piece.piece_side == "pawn_face" and p.piece.suit == 3)
    rat = (round(layout[k_rat].x), round(layout[k_rat].y))
    if "Start" in metadata:
        rat = start_square(maze, metadata["Start"])
        layout[k_rat] = replace(layout[k_rat], x=float(rat[0]), y=float(rat[1]))
    stacks: dict[tuple[float, float], list[Coin]] = {}
    for p in layout:
        if p.piece.kind == "coin":
            stacks.setdefault((p.x, p.y), []).append(Coin(p.piece.suit, p.piece.rank))
    return LabRatsState(maze=maze, stacks=tuple(tuple(s) for s in stacks.values()), rat=rat, options=opts,
                        maze_from="ppdf", layout=tuple(layout))


def start_square(maze: Maze, start: Any) -> tuple[int, int]:
    """The rat's first square: ``left`` or ``right`` of the first tile's trailing edge."""
    side = str(start).strip().lower()
    if side not in ("left", "right"):
        raise SetupError(f"Start is left or right, not '{start}'", token=str(start), expected="left or right")
    left, right_square = maze.tiles[0].trailing_squares()
    return left if side == "left" else right_square


class LabRats(Game[LabRatsState]):
    """Lab Rats by Mark A. Biggar: build a maze, then lead the rat out with 24 coins."""

    name = "lab-rats"
    title = "Lab Rats"
    header_fields = ("Variant", "Start", "Coins", "Tiles", "Rolls")
    header_keys = ("Options",)
    ppdf_function = PPDF_FUNCTION

    def setup(self, metadata: Mapping[str, Any], *, seed: int | None = None,
              location: SourceLocation | None = None, **options: bool) -> LabRatsState:
        try:
            return self._setup(metadata, seed, options)
        except SetupError as exc:
            raise exc.with_location(location) if location else exc from None

    def _setup(self, metadata: Mapping[str, Any], seed: int | None, overrides: dict[str, bool]) -> LabRatsState:
        opts = parse_options(metadata, **overrides)
        args = ppdf_arguments(metadata, OWN_FIELDS)
        if args is not None:
            return state_from_layout(ppdf_frame(PPDF_FUNCTION, args, seed), metadata, opts)
        seed = header_seed(metadata, seed)
        maze: Maze | None = None
        steps: tuple[BuildStep, ...] = ()
        source = "record"
        stacks = parse_coins(metadata["Coins"]) if "Coins" in metadata else None
        if seed is not None:
            maze, steps, seeded = deal(seed, corner_contact=opts.corner_contact)
            stacks, source = stacks or seeded, "seed"
        if "Tiles" in metadata and "Rolls" in metadata:
            raise SetupError("give the maze as Tiles or as Rolls, not both", token="Rolls")
        if "Tiles" in metadata:
            maze, steps, source = parse_tiles(metadata["Tiles"], corner_contact=opts.corner_contact), (), "tiles"
        elif "Rolls" in metadata:
            maze, steps = parse_rolls(metadata["Rolls"], corner_contact=opts.corner_contact)
            source = "rolls"
        if stacks is None:
            raise SetupError("the coins' order is not given: add Coins (three stacks, top first) or a Seed",
                             token="Coins")
        building = maze is None
        maze = maze or Maze.start()
        return LabRatsState(maze=maze, stacks=stacks, rat=start_square(maze, metadata.get("Start", "left")),
                            options=opts, build=steps, building=building, seed=seed, maze_from=source)

    def apply(self, state: LabRatsState, group: MoveGroup, *, metadata: Mapping[str, Any]) -> LabRatsState:
        if is_build_label(group.label):
            return self._build(state, group, metadata)
        after = apply_tokens(state, group, parse_action, apply_action)
        return replace(after, layout=None) if after.layout is not None else after

    def _build(self, state: LabRatsState, group: MoveGroup, metadata: Mapping[str, Any]) -> LabRatsState:
        first = group.moves[0] if group.moves else None
        if "Tiles" in metadata or "Rolls" in metadata:
            raise RuleError("the header already gives the maze (Tiles or Rolls), so it cannot be built here",
                            move=group.label, rule="one maze per game",
                            location=first.location if first else group.location)
        if state.down or state.last_move is not None or not (state.building or state.maze_from in ("seed", "ppdf")):
            raise RuleError("the maze is already built", move=group.label, rule="the maze is built once, first",
                            location=first.location if first else group.location)
        # A build in the movetext replaces a seed's maze; the seed still deals the coins.
        steps = list(state.build) if state.building else []
        builder = replay_build(steps, corner_contact=state.options.corner_contact) if steps else \
            Builder(corner_contact=state.options.corner_contact)
        for token in group.moves:
            try:
                step = parse_build_step(token.text)
                builder.apply(step)
            except NotationError as exc:
                raise exc.with_location(token.location) from None
            except BuildError as exc:
                raise RuleError(exc.message, move=f"{group.label.rstrip('.')} ({token.text})",
                                rule="Diagram 1 and the placement rules", token=token.text,
                                location=token.location) from None
        maze = builder.maze
        return replace(state, maze=maze, build=tuple(builder.steps), building=not builder.is_complete(),
                       rat=start_square(maze, metadata.get("Start", "left")), maze_from="record", layout=None)

    def status(self, state: LabRatsState) -> Status:
        if state.building:
            return Status("playing", None, f"building: {len(state.maze.tiles)} of {MAZE_TILES} tiles")
        detail = {"won": "the rat escaped", "lost": "the coins ran out", "conceded": "the player gave up"}
        return Status("lost" if state.outcome == "conceded" else state.outcome, float(state.coins_used()),
                      detail.get(state.outcome, f"{state.coins_left()} coins left"))

    def legal_moves(self, state: LabRatsState) -> Iterable[str] | None:
        return [action.text for action in legal_actions(state)]

    def scene(self, state: LabRatsState, *, caption: str = "", show_legal: bool = False,
              key: bool = True) -> Scene:
        scene = position_scene(state, caption=caption, show_legal=show_legal)
        return layout_scene(scene, state.pieces) if state.pieces is not None else scene


GAME = register(LabRats(), "labrats", "Lab Rats")

__all__ = ["GAME", "LabRats", "OWN_FIELDS", "PPDF_FUNCTION", "VARIANTS", "deal", "parse_coins", "parse_options",
           "parse_rolls", "parse_tiles", "start_square", "state_from_layout"]
