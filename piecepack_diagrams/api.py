"""The library calls behind every CLI command, for use from Python."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator

from .engine import Replay, find_game, replay
from .errors import OutputError, PiecepackError, SetupError, SourceLocation
from .games.generic import GAME as GENERIC
from .games.generic import normalize_name, setup_names
from .games.generic.setups import DEFAULT_SEED
from .notation import Record, iter_records
from .scene import Scene, ScenePiece
from .theme import DEFAULT, Theme


def replay_file(path: str | Path, *, strict: bool = True) -> Iterator[Replay]:
    """Replay each game of a PPN file in turn (see :func:`piecepack_diagrams.engine.replay`)."""
    for record in iter_records(path):
        yield replay(record, strict=strict)


def scene_of(result: Replay, move: int | str = "last", *, caption: bool = True, show_legal: bool = False,
             key: bool = True) -> Scene:
    """The scene of the position after ``move`` (an index, a move number label, or ``"last"``),
    captioned with its move number, move text and comment; ``show_legal`` highlights
    where the legal moves go (in games with rules); without ``key`` a game's key is left out."""
    position = result.position(move)
    text = ""
    if caption:
        label = "Setup" if position.label == "SetupFn." else position.label
        # A game that can say a move in a player's words (a ``describe`` method) is captioned so;
        # else with the move as written and its comment.
        words = getattr(result.game, "describe", None)
        index = _index(result, move, position) if words is not None else 0
        if index > 0:
            text = f"{label} {words(result.positions[index - 1].state, position.state, position.text)}"
        else:
            text = " ".join(part for part in (label, position.text) if part)
            if position.comment:
                text += f"  {{{position.comment}}}"
    return result.game.scene(position.state, caption=text, show_legal=show_legal, key=key)


def _index(result: Replay, move: int | str, position: Any) -> int:
    """The index of ``position``, the position ``move`` names."""
    if isinstance(move, int):
        return move % len(result.positions)
    if move == "last":
        return len(result.positions) - 1
    return next(k for k, p in enumerate(result.positions) if p is position)


def render_position(result: Replay, move: int | str = "last", fmt: str = "svg", *, theme: Theme = DEFAULT,
                    show_legal: bool = False) -> bytes:
    """The position after ``move`` (as :func:`scene_of` takes it) drawn in ``fmt``.

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
    return render(scene, fmt, theme=theme)


def _placed_at(result: Replay, move: int | str, piece: ScenePiece | None) -> SourceLocation | None:
    """Where a move is written that put ``piece`` where it lies at ``move`` (found by halving,
    so a long record costs a few scenes): a position that shows it right after one that does
    not. The position of ``move`` itself when it is no piece of it."""
    position = result.position(move)
    index = next(k for k, p in enumerate(result.positions) if p is position)

    def shows(k: int) -> bool:
        return piece is not None and piece in scene_of(result, k, caption=False).pieces

    if shows(index):
        absent, present = -1, index
        while present - absent > 1:
            middle = (absent + present) // 2
            absent, present = (absent, middle) if shows(middle) else (middle, present)
        index = present
    return result.positions[index].location or result.record.location


def setup_scene(game: str, *, seed: int | None = None, options: dict[str, Any] | None = None) -> Scene:
    """The starting position of ``game`` (a registered game or a generic setup name)."""
    rules = find_game(game)
    if rules is not None and rules is not GENERIC:
        # Header fields (Variant, Options ...) may be given; a random setup without a seed uses seed 1.
        metadata: dict[str, Any] = {"GameType": rules.title, **(options or {})}
        seed = DEFAULT_SEED if seed is None and "Seed" not in metadata else seed
        return rules.scene(rules.setup(metadata, seed=seed))
    # Command-line names use hyphens ("coin-collectors"); ppdf's names drop them ("Fuji-san").
    key = next((k for k in (normalize_name(game.replace("-", " ")), normalize_name(game)) if k in setup_names()), "")
    if not key:
        known = ", ".join(sorted(n.replace("_", "-") for n in setup_names()))
        raise SetupError(f"unknown game '{game}'", token=game, expected=f"one of: {known}")
    state = GENERIC.setup({"GameType": {"Name": key, **(options or {})}}, seed=seed)
    return GENERIC.scene(state)


@dataclass(frozen=True, slots=True)
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

    Raises :class:`SetupError` for another game, or the record's errors.
    """
    from .games.lab_rats import GAME as LAB_RATS
    from .games.landlocked import GAME as LANDLOCKED

    rules = find_game(target)
    if rules in (LAB_RATS, LANDLOCKED):
        seed = DEFAULT_SEED if seed is None else seed
        metadata = {"Difficulty": difficulty} if rules is LANDLOCKED and difficulty else {}
        state, label = rules.setup(metadata, seed=seed), f"{rules.title}, seed {seed}"
    elif Path(target).suffix.lower() == ".ppn" or Path(target).exists():
        result = replay(first_record(target))
        rules = result.game
        if rules not in (LAB_RATS, LANDLOCKED):
            raise SetupError(f"'{target}' is a game of {rules.title}; the solver knows Lab Rats and Landlocked",
                             token=target, expected="a Lab Rats or Landlocked record")
        position = result.position(int(move) if str(move).lstrip("-").isdigit() else move)
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


def game_statistics(game: str, *, games: int = 200, first_seed: int = 1) -> Any:
    """Statistics of ``games`` seeded deals of Lab Rats (see :func:`policy_statistics`
    for Coin Collectors).

    Raises :class:`SetupError` for a game without statistics or a bad count.
    """
    from .games.lab_rats import GAME as LAB_RATS
    from .games.lab_rats.stats import deal_statistics

    if find_game(game) is not LAB_RATS:
        raise SetupError(f"no deal statistics for '{game}'", token=game, expected="lab-rats")
    _check_games(games)
    return deal_statistics(games, first_seed=first_seed)


def _check_games(games: int) -> None:
    if not 1 <= games <= 1_000_000:
        raise SetupError(f"--games {games} is out of range", token=str(games), expected="1 to 1,000,000")


def policy_statistics(game: str, policies: list[str], *, games: int = 1000, first_seed: int = 1,
                      variant: dict[str, Any] | None = None) -> list[Any]:
    """Coin Collectors played ``games`` times under each of ``policies`` (in ``variant``,
    header fields such as ``{"Variant": "Four Die Stud"}``).

    Raises :class:`SetupError` for another game, an unknown policy or variant.
    """
    from .games.coin_collectors import GAME as COIN_COLLECTORS
    from .games.coin_collectors.game import parse_variant
    from .games.coin_collectors.stats import POLICIES
    from .games.coin_collectors.stats import policy_statistics as play_policy

    if find_game(game) is not COIN_COLLECTORS:
        raise SetupError(f"no policy statistics for '{game}'", token=game, expected="coin-collectors")
    _check_games(games)
    for policy in policies:
        if policy not in POLICIES:
            raise SetupError(f"unknown policy '{policy}'", token=policy, expected=", ".join(POLICIES))
    parse_variant(variant or {})
    return [play_policy(policy, games, variant=variant, first_seed=first_seed) for policy in policies]


def first_record(path: str | Path, index: int = 1) -> Record:
    """The ``index``-th game (1-based) of a PPN file."""
    for record in iter_records(path):
        if record.index == index:
            return record
    raise PiecepackError(f"{path} has no game number {index}", token=str(index), expected="a game in the file")
