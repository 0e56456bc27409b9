"""The library calls behind every CLI command, for use from Python."""

from __future__ import annotations

from collections.abc import Mapping
from os import PathLike
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterator

from .arguments import check_arg, check_optional_int, check_path
from .engine.game import BUILDERS, find_game
from .errors import OutputError, PiecepackError, SetupError, SourceLocation
from .scene import Scene, ScenePiece
from .theme import DEFAULT, Theme
from .values import value

if TYPE_CHECKING:
    from concurrent.futures import Executor

    from .engine.replays import Replay
    from .notation import Record


def replay_file(path: str | Path, *, strict: bool = True) -> Iterator[Replay]:
    """Replay each game of a PPN file in turn (see :func:`piecepack_diagrams.engine.replay`).

    Raises :class:`TypeError` at once for a ``path`` that is not a path."""
    from .engine.replays import replay  # here: setting up and drawing need no parser
    from .notation import iter_records

    check_path(path)
    return (replay(record, strict=strict) for record in iter_records(path))


def scene_of(result: Replay, move: int | str = "last", *, caption: bool = True, show_legal: bool = False,
             key: bool = True, words: bool = True) -> Scene:
    """The scene of the position after ``move`` (an index, a move number label, or ``"last"``),
    captioned with its move number, move text and comment; ``show_legal`` highlights
    where the legal moves go (in games with rules); without ``key`` a game's key is left out.
    With ``words`` (the default), a game that has a rulebook (Lab Rats, Coin Collectors,
    Landlocked, Labyrinth) is captioned with the move in a player's words instead of its
    notation, the record's comment quoted on a line of its own.

    Raises :class:`TypeError` for a ``result`` that is not a :class:`Replay` or a ``move``
    that is neither an index nor text."""
    from .engine.replays import Replay

    check_arg(result, Replay, name="result", accepts="a Replay (from replay or replay_file)")
    index = result.position_index(move)
    position = result.positions[index]
    text = ""
    if caption:
        label = "Setup" if position.label == "SetupFn." else position.label
        said = _in_words(result, index) if words else None
        if said is not None:
            text = f"{label.rstrip('.')}. {said}" if position.text else "The setup"
            if position.comment:
                text += f"\nThe record says: “{position.comment}”"
        else:
            text = position.caption()
    return result.game.scene(position.state, caption=text, show_legal=show_legal, key=key)


def _in_words(result: Replay, k: int) -> str | None:
    """The move that led to position ``k`` as its game's rulebook says it, or None for a game
    without one."""
    from .figures import describe_move

    return describe_move(result, k) if k > 0 else ""


def render_position(result: Replay, move: int | str = "last", fmt: str = "svg", *, theme: Theme = DEFAULT,
                    show_legal: bool = False, scale: float | None = None, framing: str = "whole",
                    **options: Any) -> bytes:
    """The position after ``move`` (as :func:`scene_of` takes it) drawn in ``fmt``, laid out
    with ``scale`` and ``framing``; ``options`` are :func:`~piecepack_diagrams.render.render`'s
    drawing options (``coordinates``, ``rotate``, ``flipped``, ``arrows``, ``highlight``,
    ``labels``, ``dpi``, ``width``), which raise what it raises.

    Raises :class:`~piecepack_diagrams.errors.OutputError` for a PNG too large to draw, placed
    at the move that put the piece far from the others where it lies.
    """
    from .render import render
    from .render.png import DEFAULT_DPI
    from .render.raster import far_piece, png_dpi

    scene = scene_of(result, move, show_legal=show_legal)
    if fmt == "png":
        try:
            png_dpi(scene, theme=theme, dpi=DEFAULT_DPI)
        except OutputError as exc:
            raise exc.with_location(_placed_at(result, move, far_piece(scene))) from None
    try:
        return render(scene, fmt, theme=theme, scale=scale, framing=framing, **options)
    except OutputError as exc:  # plain text that cannot show this position: said at its move
        raise exc.with_location(result.position(move).location or result.record.location) from None


def _placed_at(result: Replay, move: int | str, piece: ScenePiece | None) -> SourceLocation | None:
    """Where a move is written that put ``piece`` where it lies at ``move`` (found by halving,
    so a long record costs a few scenes): a position that shows it right after one that does
    not. The position of ``move`` itself when it is no piece of it."""
    index = result.position_index(move)

    def shows(k: int) -> bool:
        return piece is not None and piece in scene_of(result, k, caption=False).pieces

    if shows(index):
        absent, present = -1, index
        while present - absent > 1:
            middle = (absent + present) // 2
            absent, present = (absent, middle) if shows(middle) else (middle, present)
        index = present
    return result.positions[index].location or result.record.location


def setup_position(game: str, *, seed: int | None = None, options: Mapping[str, Any] | None = None,
                   builder: str | None = None) -> tuple[Any, Any]:
    """The rules and the starting state of ``game``: a game with rules (Lab Rats, Coin
    Collectors, Landlocked, Labyrinth) or any setup of the piecepackr project's ppdf, by any
    of its names. ``options`` are the game's header fields or setup arguments
    (``{"coins": ...}``); ``seed`` is R's ``set.seed`` value for ppdf's random setups.

    Lab Rats, Coin Collectors and Landlocked are set up by ``builder``: ``"ppdf"`` (the
    default) gives the layout R's ppdf gives for ``seed``, as a record's ``GameType:
    {Name: ..., Seed: N}`` does; ``"rulings"`` this project's own builder (for Lab Rats the
    rules-following one, with re-rolls and back-outs), as a header's top-level ``Seed`` does.
    With ``"ppdf"``, options that are arguments of ppdf's setup function (``Tiles``,
    ``Coins``, ``Dice``) are passed to it.

    Raises :class:`SetupError` for an unknown game (naming the closest known ones), an
    argument it does not take or accept, an unknown builder or a builder for another game,
    and :class:`TypeError` for arguments of the wrong type."""
    check_arg(game, str, name="game", accepts="a game's name (str)")
    check_optional_int(seed, name="seed")
    if options is not None:
        check_arg(options, Mapping, name="options", accepts="a mapping of header fields, or None")
    if builder is not None:
        check_arg(builder, str, name="builder", accepts="'ppdf' or 'rulings' (str), or None")
    rules = find_game(game)
    ppdf_function = getattr(rules, "ppdf_function", "") if rules is not None else ""
    if rules is not None and ppdf_function and builder in (None, "ppdf"):
        from .setups import find_setup
        from .setups.registry import DEFAULT_SEED as PPDF_DEFAULT_SEED

        info = find_setup(ppdf_function)
        given = dict(options or {})
        seeds = [given.pop(k) for k in list(given) if str(k).lower() == "seed"]
        args = {k: given.pop(k) for k in list(given) if info.argument(str(k)) is not None}
        chosen = seed if seed is not None else seeds[-1] if seeds else PPDF_DEFAULT_SEED
        return rules, rules.setup({**given, "GameType": {"Name": rules.title, "Seed": chosen, **args}})
    # Imported here: the generic game is not needed to set up a game with rules from ppdf.
    from .games.generic import GAME as GENERIC
    from .games.generic import normalize_name, setup_names
    from .games.generic.setups import DEFAULT_SEED

    if builder is not None:
        if builder not in BUILDERS:
            raise SetupError(f"unknown builder '{builder}'", token=builder, expected=" or ".join(BUILDERS))
        if not ppdf_function:
            raise SetupError(f"--builder chooses how Lab Rats, Coin Collectors and Landlocked are set up, "
                             f"not {rules.title if rules is not None and rules is not GENERIC else game}",
                             token=builder, expected="no --builder for this game")
    if rules is not None and rules is not GENERIC:
        # Header fields (Variant, Options ...) may be given; a random setup without a seed uses seed 1.
        metadata: dict[str, Any] = {"GameType": rules.title, **(options or {})}
        seed = DEFAULT_SEED if seed is None and "Seed" not in metadata else seed
        return rules, rules.setup(metadata, seed=seed)
    from .setups import find_setup, is_known_setup

    # Command-line names use hyphens ("coin-collectors"); ppdf's names drop them ("Fuji-san").
    key = next((k for k in (normalize_name(game.replace("-", " ")), normalize_name(game)) if k in setup_names()), "")
    if not key and not is_known_setup(game):
        _refuse_unknown_game(game)
    state = GENERIC.setup({"GameType": {"Name": key or game, **(options or {})}}, seed=seed)
    return GENERIC, state


def _refuse_unknown_game(game: str) -> None:
    """Raise :class:`SetupError` for ``game``, naming the closest of every game ``setup``
    knows: ppdf's setups and the games with rules (Labyrinth ...)."""
    import difflib

    from .engine.game import games
    from .games.generic import GAME as GENERIC
    from .setups import find_setup, name_key

    try:
        find_setup(game)
    except SetupError as exc:
        own = {name_key(g.name): g.name for g in games() if g is not GENERIC}
        close = difflib.get_close_matches(name_key(game), list(own), n=1, cutoff=0.6)
        if close and own[close[0]] not in (exc.expected or ""):
            raise SetupError(exc.message, token=exc.token,
                             expected=f"the closest: '{own[close[0]]}'; or another name setup --list lists") from None
        raise


def setup_scene(game: str, *, seed: int | None = None, options: Mapping[str, Any] | None = None,
                builder: str | None = None) -> Scene:
    """The starting position of ``game`` as a scene (see :func:`setup_position`).

    Raises :class:`SetupError` for an unknown game, a bad argument or builder, and
    :class:`TypeError` for arguments of the wrong type."""
    rules, state = setup_position(game, seed=seed, options=options, builder=builder)
    scene: Scene = rules.scene(state)
    return scene


def setup_csv(game: str, *, seed: int | None = None, options: Mapping[str, Any] | None = None,
              builder: str | None = None) -> str:
    """The starting position of ``game`` as CSV with the columns of ``replay --format csv``
    (one position, ``move_index`` 1, ``move_label`` ``SetupFn.``, as a replay begins). Raises as
    :func:`setup_position` does."""
    from .csvexport import rows_csv, state_rows

    rules, state = setup_position(game, seed=seed, options=options, builder=builder)
    rows = list(state_rows(rules, state, index=1, label="SetupFn."))  # as replay labels a setup
    if not rows:
        raise SetupError(f"{rules.title}'s start has no pieces to list as CSV", token=game,
                         expected="another format: svg, pdf, png or txt")
    return rows_csv(rows)


@value
class SolveResult:
    """What :func:`solve_position` found: the position's name, the verdict in words, and the
    solver's own answer (a Lab Rats ``Solution`` or a Landlocked ``Route``)."""

    label: str
    text: str
    answer: Any

    def report(self) -> str:
        """The verdict in words, with the moves as movetext."""
        return self.text


def solve_position(target: str, *, seed: int | None = None, move: int | str = "last", advanced: bool | None = None,
                   budget: int | None = None, difficulty: str | None = None) -> SolveResult:
    """Solve a Lab Rats or Landlocked deal: ``target`` is the game's name (with ``seed``,
    default 1) or a record's path (solved from position ``move``). ``advanced`` (Lab Rats)
    and ``difficulty`` (Landlocked) default to the deal's own rules.

    Raises :class:`SetupError` for another game, or the record's errors, and
    :class:`TypeError` for arguments of the wrong type.
    """
    from .games.lab_rats import GAME as LAB_RATS

    check_arg(target, (str, PathLike), name="target", accepts="lab-rats, landlocked, or a record's path")
    target = str(target)
    check_optional_int(seed, name="seed")
    check_arg(move, (int, str), name="move", accepts="a move index (int), a move number or 'last' (str)")
    if advanced is not None:
        check_arg(advanced, bool, name="advanced", accepts="True, False or None")
    check_optional_int(budget, name="budget")
    if difficulty is not None:
        check_arg(difficulty, str, name="difficulty", accepts="a difficulty's name (str) or None")
    from .games.generic.setups import DEFAULT_SEED
    from .games.landlocked import GAME as LANDLOCKED

    rules = find_game(target)
    if rules in (LAB_RATS, LANDLOCKED):
        seed = DEFAULT_SEED if seed is None else seed
        metadata = {"Difficulty": difficulty} if rules is LANDLOCKED and difficulty else {}
        state, label = rules.setup(metadata, seed=seed), f"{rules.title}, seed {seed}"
    elif Path(target).suffix.lower() == ".ppn" or Path(target).exists():
        from .engine.replays import replay

        result = replay(first_record(target))
        rules = result.game
        if rules not in (LAB_RATS, LANDLOCKED):
            raise SetupError(f"'{target}' is a game of {rules.title}; the solver knows Lab Rats and Landlocked",
                             token=target, expected="a Lab Rats or Landlocked record")
        position = result.position(move)
        state, label = position.state, f"{target}, after {position.label}"
    else:
        raise SetupError(f"cannot solve '{target}'", token=target,
                         expected="lab-rats, landlocked, or a record of one of them (.ppn)")
    if rules is LANDLOCKED:
        from .games.landlocked.solver import describe as describe_route
        from .games.landlocked.solver import solve as solve_landlocked

        route = solve_landlocked(state)
        return SolveResult(label, describe_route(route, state, label=label), route)
    from .games.lab_rats.solver import BUDGET_LIMIT, STANDARD_BUDGET, describe, solve

    advanced = state.options.advanced if advanced is None else advanced
    if budget is not None and not 1 <= budget <= BUDGET_LIMIT:
        raise SetupError(f"--budget {budget:,} is out of range", token=str(budget),
                         expected=f"1 to {BUDGET_LIMIT:,} states")
    solution = solve(state, advanced=advanced, budget=budget or STANDARD_BUDGET)
    return SolveResult(label, describe(solution, advanced=advanced, label=label), solution)


def solve_hints(path: str | Path, *, move: int | str = "last", game: int = 1,
                budget: int | None = None) -> str:
    """Every legal move from position ``move`` of the record at ``path`` (game ``game`` of
    the file), one a line with its value, best first (see
    :func:`~piecepack_diagrams.engine.analysis.hints`; ``budget`` as it takes it).

    Raises :class:`SetupError` for a record of a game that cannot be analysed, the record's
    errors, and :class:`PiecepackError` for a move not in the record.
    """
    import re

    from .engine.analysis import hints
    from .engine.replays import replay
    from .notation import SETUP_LABEL

    if not Path(path).exists() and find_game(str(path)) is not None:
        raise SetupError(f"hints are for a position of a record, not the game '{path}'", token=str(path),
                         expected="a record's path, with --move N")
    result = replay(first_record(path, game))
    if isinstance(move, str) and re.fullmatch(r"[0-9]{1,18}", move):
        move = int(move)
    try:
        position = result.position(move)
        found = hints(result, move, budget=budget)
    except PiecepackError as exc:
        raise exc.with_location(exc.location or result.record.location) from None
    label = "the setup" if position.label == SETUP_LABEL else f"move {position.label.rstrip('.')} {position.text}"
    if not found:
        return f"{path}, after {label}: no legal move"
    width = max(len(c.move) for c in found)
    return "\n".join([f"{path}, after {label}: {len(found)} legal moves, best first"]
                     + [f"  {c.move:<{width}}  {c.value.text}" for c in found])


def game_statistics(game: str, *, games: int = 200, first_seed: int = 1, executor: Executor | None = None,
                    jobs: int | None = 1) -> Any:
    """Statistics of ``games`` seeded deals of Lab Rats (see :func:`policy_statistics`
    for Coin Collectors): in this process, or split by seed over ``jobs`` processes
    (``None``: every processor) or over ``executor`` (a Dask client's
    ``get_executor()``, say; ``jobs`` then says how many workers it has, to cut the seeds
    for), with the same result.

    Raises :class:`SetupError` for a game without statistics, a bad count or number of
    jobs, and :class:`TypeError` for arguments of the wrong type.
    """
    from .games.lab_rats import GAME as LAB_RATS

    check_arg(game, str, name="game", accepts="a game's name (str)")
    check_arg(first_seed, int, name="first_seed", accepts="a whole number (int)")
    _check_workers(executor, jobs)
    from .games.lab_rats.stats import deal_statistics

    if find_game(game) is not LAB_RATS:
        raise SetupError(f"no deal statistics for '{game}'", token=game, expected="lab-rats")
    _check_games(games)
    return deal_statistics(games, first_seed=first_seed, executor=executor, jobs=jobs)


def _check_games(games: int) -> None:
    check_arg(games, int, name="games", accepts="a whole number (int)")
    if not 1 <= games <= 1_000_000:
        raise SetupError(f"--games {games} is out of range", token=str(games), expected="1 to 1,000,000")


def _check_workers(executor: Any, jobs: Any) -> None:
    """Raises :class:`TypeError` unless ``executor`` is None or an executor, and as
    :func:`~piecepack_diagrams.parallel.check_jobs` does for ``jobs``."""
    from .parallel import check_jobs

    if executor is not None:
        from concurrent.futures import Executor

        check_arg(executor, Executor, name="executor", accepts="a concurrent.futures.Executor or None")
    check_jobs(jobs, name="jobs")


def policy_statistics(game: str, policies: list[str], *, games: int = 1000, first_seed: int = 1,
                      variant: dict[str, Any] | None = None, executor: Executor | None = None,
                      jobs: int | None = 1) -> Any:
    """Coin Collectors played ``games`` times under each of ``policies`` (in ``variant``,
    header fields such as ``{"Variant": "Four Die Stud"}``), split as
    :func:`game_statistics` splits its deals: the statistics of each policy in turn.

    Raises :class:`SetupError` for another game, an unknown policy or variant, a bad number
    of jobs, and :class:`TypeError` for arguments of the wrong type.
    """
    check_arg(game, str, name="game", accepts="a game's name (str)")
    check_arg(policies, (list, tuple), name="policies", accepts="a list of policy names")
    for policy in policies:
        check_arg(policy, str, name="each policy", accepts="a policy's name (str)")
    check_arg(first_seed, int, name="first_seed", accepts="a whole number (int)")
    if variant is not None:
        check_arg(variant, Mapping, name="variant", accepts="a mapping of header fields, or None")
    _check_workers(executor, jobs)
    from .games.coin_collectors import GAME as COIN_COLLECTORS
    from .games.coin_collectors.game import parse_variant
    from .games.coin_collectors.stats import POLICIES, policies_statistics

    if find_game(game) is not COIN_COLLECTORS:
        raise SetupError(f"no policy statistics for '{game}'", token=game, expected="coin-collectors")
    _check_games(games)
    if not policies:
        raise SetupError("no policy named", token="policies", expected=", ".join(POLICIES))
    for policy in policies:
        if policy not in POLICIES:
            raise SetupError(f"unknown policy '{policy}'", token=policy, expected=", ".join(POLICIES))
    parse_variant(variant or {})
    return policies_statistics(list(policies), games, variant=variant, first_seed=first_seed, executor=executor,
                               jobs=jobs)


def first_record(path: str | Path, index: int = 1) -> Record:
    """The ``index``-th game (1-based) of a PPN file.

    Raises :class:`PiecepackError` when there is no such game, :class:`TypeError` for
    arguments of the wrong type."""
    check_path(path)
    check_arg(index, int, name="index", accepts="a game's number in the file (int, from 1)")
    from .notation import iter_records

    games = 0
    for record in iter_records(path):
        if record.index == index:
            return record
        games = record.index
    raise PiecepackError(f"there is no game {index} in this file, which holds {games:,}", token=str(index),
                         location=SourceLocation(str(path), 1, 1),
                         expected=f"a game's number from 1 to {games:,}" if games > 1 else "game 1, its only one")
