"""Benchmarks: records parsed and moves replayed per second, SVG / PDF renders
of a 24-tile, 24-coin layout, the games' solvers, simulators and drawings, the
printable products (plates, the viewer, figure sets) and the whole main job.

Run: python bench/run.py [--repeat N]. Prints medians of repeated runs (the
machines are shared and noisy) with each issue's target beside the figure.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from piecepack_diagrams import parse_records, replay, setup_scene
from piecepack_diagrams.render import clear_caches
from piecepack_diagrams.render.pdf import render_pdf
from piecepack_diagrams.render.svg import render_svg

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT.parent / "shared" / "corpus" / "ppn" / "records"
RECORDS = ["tic-tac-toe", "four-field-kono", "fujisan", "tablut"]


def median_seconds(fn, repeat: int, inner: int = 1) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        for _ in range(inner):
            fn()
        times.append((time.perf_counter() - start) / inner)
    return statistics.median(times)


def oblique_svg_seconds(scene, repeat: int) -> float:  # noqa: ANN001 - a Scene
    """Median seconds to draw ``scene`` in the oblique view as SVG, the solids' cache emptied
    first (a new scene each time, as the frames of a game are)."""
    from piecepack_diagrams.oblique.solids import solids_of
    from piecepack_diagrams.render import render

    render(scene, "svg", view="oblique")  # warm the imports and the stamps
    return median_seconds(lambda: (solids_of.cache_clear(), render(scene, "svg", view="oblique")), repeat, 5)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=31)
    parser.add_argument("--markdown", action="store_true", help="print the table as the README shows it")
    args = parser.parse_args()
    texts = [(CORPUS / f"{n}.ppn").read_text() for n in RECORDS]
    records = [parse_records(t)[0] for t in texts]
    moves = sum(len(r.groups) for r in records)
    scene = setup_scene("coin-collectors", seed=1)  # the Coin Collectors setup is the 24-tile, 24-coin layout
    render_svg(scene), render_pdf(scene)  # warm caches and imports

    parse_s = median_seconds(lambda: [parse_records(t) for t in texts], args.repeat, 5)
    replay_s = median_seconds(lambda: [replay(r) for r in records], args.repeat, 5)
    svg_s = median_seconds(lambda: render_svg(scene), args.repeat, 5)
    pdf_s = median_seconds(lambda: render_pdf(scene), args.repeat, 5)
    oblique_s = oblique_svg_seconds(scene, args.repeat)
    # Cold: the renderers' caches of piece stamps and outlines emptied before every render.
    svg_cold_s = median_seconds(lambda: (clear_caches(), render_svg(scene)), args.repeat, 5)
    pdf_cold_s = median_seconds(lambda: (clear_caches(), render_pdf(scene)), args.repeat, 5)
    from piecepack_diagrams.games.lab_rats import build_maze

    # Lab Rats: whole batches, timed a few times (each batch is long enough to be stable).
    build_s = median_seconds(lambda: [build_maze(seed) for seed in range(1000)], 3)
    maze_scene = setup_scene("lab-rats", seed=1, builder="rulings")  # our deal: maze, pawns, stack panels
    render_svg(maze_scene)
    maze_svg_s = median_seconds(lambda: render_svg(maze_scene), args.repeat, 5)
    from piecepack_diagrams.games.coin_collectors import GAME as COIN_COLLECTORS
    from piecepack_diagrams.games.coin_collectors.simulate import simulate

    def cc_state(seed: int):  # noqa: ANN202
        return COIN_COLLECTORS.setup({}, seed=seed)

    random_s = median_seconds(lambda: simulate(cc_state, "random", 2000), 3) / 2000
    heuristic_s = median_seconds(lambda: simulate(cc_state, "heuristic", 10_000), 1)
    expectimax_s = _expectimax_decision()
    ll_scene = setup_scene("landlocked", seed=1)
    render_svg(ll_scene)
    ll_svg_s = median_seconds(lambda: render_svg(ll_scene), args.repeat, 5)
    from piecepack_diagrams.games.labyrinth import read_values as read_json
    from piecepack_diagrams.games.labyrinth import run as run_fixture

    fixtures = ROOT.parent / "shared" / "corpus" / "labyrinth"
    first_m3 = sorted((fixtures / "m3").glob("*-in.json"))[0]
    from piecepack_diagrams.games.labyrinth.jsonio import parse_board, parse_coordinate

    values = read_json(first_m3.read_text())
    board, start = parse_board(values[0], strict=False), parse_coordinate(values[1])
    reach_s = median_seconds(lambda: board.reachable_mask(start), args.repeat, 1000)

    def whole_corpus() -> None:
        for path in sorted(fixtures.glob("m*/*-in.json")):
            try:
                run_fixture(path.parent.name, read_json(path.read_text()))
            except ValueError:
                pass  # the few fixtures that are not valid input

    corpus_s = median_seconds(whole_corpus, 3)
    from dataclasses import replace as _replace

    from piecepack_diagrams.api import first_record, scene_of
    from piecepack_diagrams.scene import is_key

    game = replay(first_record(ROOT / "records" / "labyrinth" / "seven-by-seven-four-players.ppn", 1))
    maze_scene = scene_of(game, "last")
    board_scene = _replace(maze_scene, annotations=tuple(a for a in maze_scene.annotations if not is_key(a)))
    render_svg(board_scene)
    board_svg_s = median_seconds(lambda: render_svg(board_scene), args.repeat, 5)
    render_svg(maze_scene)
    keyed_svg_s = median_seconds(lambda: render_svg(maze_scene), args.repeat, 5)
    corpus_texts = [p.read_text(encoding="utf-8") for p in sorted(CORPUS.glob("*.ppn"))]

    def whole_ppn_corpus() -> None:
        for text in corpus_texts:
            for record in parse_records(text):
                replay(record)

    ppn_corpus_s = median_seconds(whole_ppn_corpus, args.repeat)
    long_game = _long_labyrinth_game()
    from piecepack_diagrams.sheets.plates import plates_pdf
    from piecepack_diagrams.sheets.viewer import viewer_html

    plates_pdf(long_game, moves=range(0, 10))
    plates_s = median_seconds(lambda: plates_pdf(long_game, moves=range(0, 100)), max(3, args.repeat // 6))
    viewer_s = median_seconds(lambda: viewer_html(long_game), 3)
    # The 28-move Labyrinth record's page was 2,026,541 bytes when every position was inline SVG.
    viewer_bytes = len(viewer_html(game).encode("utf-8"))
    from piecepack_diagrams.rrandom import RRandom
    from piecepack_diagrams.setups import setup_infos

    keys = [info.key for info in setup_infos()]

    def every_setup_to_svg() -> None:
        for key in keys:
            render_svg(setup_scene(key))

    every_setup_to_svg()
    setups_s = median_seconds(every_setup_to_svg, max(3, args.repeat // 6))
    rng = RRandom(1)
    dice_s = median_seconds(lambda: rng.sample_int(6, 100_000, replace=True), args.repeat)
    shuffle_s = median_seconds(lambda: [rng.sample_int(24) for _ in range(100_000 // 24)], args.repeat)
    record = str(ROOT / "records" / "ppn" / "tablut-opening.ppn")
    version_s = _whole_process(["--version"])
    setup_svg_s = _whole_process(["setup", "coin-collectors", "--seed", "1", "-f", "svg", "-o", "TMP/x.svg"])
    setup_pdf_s = _whole_process(["setup", "coin-collectors", "--seed", "1", "-f", "pdf", "-o", "TMP/x.pdf"])
    validate_s = _whole_process(["validate", record])
    build_main_s, build_files = _time_build()
    audit_share = _audit_share()
    ms, us = 1000, 1e6
    rows = [
        Row("records parsed per second (corpus records)", f"{len(texts) / parse_s:,.0f}"),
        Row("moves replayed per second", f"{moves / replay_s:,.0f}"),
        Row(f"PPN corpus: parse and replay all {len(corpus_texts)} records (R's ppn: about 5.4 s for its fifteen)",
            f"{ppn_corpus_s * ms:.1f} ms", "< 54 ms", ppn_corpus_s * ms < 54),
        Row("SVG render, 24 tiles + 24 coins (the Coin Collectors setup)", f"{svg_s * ms:.2f} ms", "< 4 ms",
            svg_s * ms < 4),
        Row("PDF render, 24 tiles + 24 coins", f"{pdf_s * ms:.2f} ms", "< 8 ms", pdf_s * ms < 8),
        Row("Oblique view: the Coin Collectors setup to SVG (solids and their order worked out each time)",
            f"{oblique_s * ms:.1f} ms", "< 10 ms", oblique_s * ms < 10),
        Row("SVG render, renderer caches emptied first", f"{svg_cold_s * ms:.1f} ms"),
        Row("PDF render, renderer caches emptied first", f"{pdf_cold_s * ms:.1f} ms"),
        Row("Lab Rats: build 1,000 mazes", f"{build_s:.2f} s", "< 1 s", build_s < 1),
        Row("Lab Rats: a setup (maze, pawns, stacks) to SVG", f"{maze_svg_s * ms:.2f} ms", "< 4 ms",
            maze_svg_s * ms < 4),
        Row("Coin Collectors: random-policy games per second", f"{1 / random_s:,.0f}", ">= 5,000",
            1 / random_s >= 5000),
        Row("Coin Collectors: 10,000 heuristic-policy games", f"{heuristic_s:.1f} s", "< 30 s", heuristic_s < 30),
        Row("Coin Collectors: an expectimax decision (move and dice to keep), median over 20 Acceptable Losses "
            "games", f"{expectimax_s * ms:.1f} ms", "< 20 ms", expectimax_s * ms < 20),
        Row("Landlocked: a position to SVG", f"{ll_svg_s * ms:.2f} ms", "< 4 ms", ll_svg_s * ms < 4),
        Row("Labyrinth: reachability on a 7x7 board", f"{reach_s * us:.1f} us", "< 50 us", reach_s * us < 50),
        Row("Labyrinth: the whole fixture corpus (972 pairs)", f"{corpus_s:.1f} s", "< 60 s", corpus_s < 60),
        Row("Labyrinth: a 7x7 board to SVG (tiles, gems, spare, players)", f"{board_svg_s * ms:.2f} ms", "< 5 ms",
            board_svg_s * ms < 5),
        Row("Labyrinth: the same with its key of 67 gems", f"{keyed_svg_s * ms:.2f} ms"),
        Row(f"Plates: 100 positions of a {len(long_game.positions) - 1}-turn 9x9 Labyrinth game (4 players, "
            "40 goals), one PDF", f"{plates_s:.2f} s", "< 2 s", plates_s < 2),
        Row("Viewer: the same game's HTML page, all positions", f"{viewer_s:.2f} s"),
        Row(f"Viewer: page size, the {len(game.positions) - 1}-move 7x7 Labyrinth record (2,027 KB as inline SVGs)",
            f"{viewer_bytes / 1000:,.0f} KB", "< 200 KB", viewer_bytes < 200_000),
        Row("Start-up: `--version`, a whole process", f"{version_s * ms:.0f} ms", "< 60 ms", version_s * ms < 60),
        Row("Start-up: `setup coin-collectors --seed 1 -f svg -o x.svg`, a whole process (R's ppdf + piecepackr: "
            "1.47 s)", f"{setup_svg_s * ms:.0f} ms ({1.47 / setup_svg_s:.1f}x faster than R)", "< 120 ms",
            setup_svg_s * ms < 120),
        Row("Start-up: the same to PDF", f"{setup_pdf_s * ms:.0f} ms", "< 200 ms", setup_pdf_s * ms < 200),
        Row("Start-up: `validate` of one record, a whole process", f"{validate_s * ms:.0f} ms", "< 120 ms",
            validate_s * ms < 120),
        Row(f"Setups: all {len(keys)} of ppdf's layouts (defaults, seed 1) built and drawn to SVG, in total",
            f"{setups_s:.2f} s"),
        Row("R's generator: sample(6, n, replace = TRUE) draws per second", f"{100_000 / dice_s:,.0f}",
            ">= 1,000,000", 100_000 / dice_s >= 1_000_000),
        Row("R's generator: sample(24) shuffles, draws per second", f"{(100_000 // 24) * 24 / shuffle_s:,.0f}",
            ">= 1,000,000", (100_000 // 24) * 24 / shuffle_s >= 1_000_000),
        Row(f"`build`: the main job ({build_files} files: records, figure sets, puzzle books, proof sheet)",
            f"{build_main_s:.1f} s", "< 60 s", build_main_s < 60),
        Row("`build`: the layout audit's share of its processor time", f"{audit_share:.1%}", "< 10%",
            audit_share < 0.10),
    ]
    rows += _animation_rows()
    rows += _analysis_rows()
    rows += _module_rows(args.repeat)
    print(f"median of {args.repeat} runs, Python {sys.version.split()[0]}, {time.strftime('%Y-%m-%d')}")
    if args.markdown:
        print("\n| benchmark | median | target |\n|---|---|---|")
        for row in rows:
            print(f"| {row.name} | {row.shown} | {row.target} |")
    else:
        width = max(len(row.name) for row in rows)
        for row in rows:
            verdict = "" if row.met is None else "  met" if row.met else "  MISSED"
            print(f"{row.name:<{width}}  {row.shown:>12}  target {row.target}{verdict}")
    missed = [row.name for row in rows if row.met is False]
    targets = sum(row.met is not None for row in rows)
    print(f"\n{targets - len(missed)} of {targets} targets met" + (": missed " + "; ".join(missed) if missed else ""))
    return 1 if missed else 0


@dataclass(frozen=True)
class Row:
    """One line of the table: what was measured, the figure, its target and whether it is met."""

    name: str
    shown: str
    target: str = "-"
    met: bool | None = None


def _expectimax_decision(games: int = 20) -> float:
    """The median time of the expectimax policy's decisions (a move with its dice to keep) over
    seeded Acceptable Losses games, in seconds."""
    import random

    from piecepack_diagrams.games.coin_collectors import GAME
    from piecepack_diagrams.games.coin_collectors.simulate import make_policy, play

    times: list[float] = []
    for seed in range(1, games + 1):
        rng = random.Random(seed)
        policy = make_policy("expectimax", rng)
        decide = policy.move

        def timed(*args, decide=decide):  # noqa: ANN002, ANN202
            start = time.perf_counter()
            choice = decide(*args)
            times.append(time.perf_counter() - start)
            return choice

        policy.move = timed  # type: ignore[method-assign]  # a timing wrapper for this measurement
        play(GAME.setup({"Variant": "Acceptable Losses"}, seed=seed), policy, rng)
    return statistics.median(times)


def _analysis_rows(repeat: int = 3) -> list[Row]:
    """``analyse`` on each shipped record of the three solitaires (the default budget), and a
    position's hints: medians of ``repeat`` runs, each from a fresh analyser."""
    from piecepack_diagrams.engine.analysis import analyse, hints

    rows = []
    for game in ("lab-rats", "landlocked", "coin-collectors"):
        results = [replay(parse_records(p.read_text())[0]) for p in sorted((ROOT / "records" / game).glob("*.ppn"))]
        moves = sum(len(r.positions) - 1 for r in results)
        seconds = median_seconds(lambda results=results: [analyse(r) for r in results], repeat)
        rows.append(Row(f"analyse: the {len(results)} shipped {game} records ({moves} moves), in total",
                        f"{seconds:.2f} s"))
    rat = replay(parse_records((ROOT / "records" / "lab-rats" / "advanced-seed-7-win.ppn").read_text())[0])
    hint_s = median_seconds(lambda: hints(rat, 3), repeat)
    rows.append(Row("solve --hints: every legal move of a Lab Rats position (advanced), valued",
                    f"{hint_s * 1000:.0f} ms"))
    return rows


def _module_rows(repeat: int) -> list[Row]:
    """The rows of the benchmark modules beside this script: the solvers (issue 19: five times
    faster than they were), all cores against one, and the scaling of whole commands with
    their input (fewer repeats: a series runs 100,000-game files)."""
    import lab_rats_solvers
    import landlocked_solver
    import parallel
    import scaling

    rows = []
    for name, seconds, target in lab_rats_solvers.measure(repeat) + landlocked_solver.measure(repeat):
        if math.isnan(target):
            rows.append(Row(name, f"{seconds:.1f} s"))
        else:
            shown = f"{seconds:.1f} s" if seconds >= 0.1 else f"{1000 * seconds:.0f} ms"
            rows.append(Row(name, shown, f"< {target:g} s", seconds < target))
    rows += [Row(*row) for row in parallel.measure(repeat)]
    return rows + [Row(*row) for row in scaling.measure(min(repeat, 3))]


def _animation_rows(repeat: int = 3) -> list[Row]:
    """Issue 21: the first 30 moves of the corpus's Tablut (40 pieces) animated, a whole
    process to a 480-pixel GIF, and the animated SVG's size (flat and oblique)."""
    from piecepack_diagrams.animate import animate

    record = str(CORPUS / "tablut.ppn")
    gif_s = _whole_process(["animate", record, "--moves", "1-30", "--width", "480", "-o", "TMP/x.gif"], repeat)
    game = replay(parse_records((CORPUS / "tablut.ppn").read_text())[0], strict=False)
    svg_bytes = len(animate(game, "svg", moves=(1, 30)))
    oblique_bytes = len(animate(game, "svg", moves=(1, 30), view="oblique"))
    return [Row("Animation: 30 moves of Tablut to a 480-pixel GIF, a whole process", f"{gif_s:.2f} s", "< 5 s",
                gif_s < 5),
            Row("Animation: the same as an animated SVG", f"{svg_bytes / 1000:,.0f} KB", "< 1,000 KB",
                svg_bytes < 1_000_000),
            Row("Animation: the same as an animated SVG in the oblique view", f"{oblique_bytes / 1000:,.0f} KB",
                "< 1,000 KB", oblique_bytes < 1_000_000)]


def _long_labyrinth_game():  # noqa: ANN202 - a Replay
    """A refereed game of more than 100 turns: four players, 9x9, a queue of 40 goals (seed 3)."""
    from piecepack_diagrams.games.labyrinth.deal import deal
    from piecepack_diagrams.games.labyrinth.jsonio import state_json
    from piecepack_diagrams.games.labyrinth.play import parse_player_args, play_game

    state = state_json(deal(3, height=9, width=9, players=4, goals=40))
    players = parse_player_args(["A:Euclid", "B:Riemann", "C:Euclid", "D:Riemann"])
    game = replay(parse_records(play_game([state], players).text)[0])
    assert len(game.positions) > 100, len(game.positions)
    return game


def _whole_process(args: list[str], repeat: int = 9) -> float:
    """The median wall time of ``python -m piecepack_diagrams ARGS`` as a new process
    (start-up included), after one run that leaves Python's compiled bytecode in place, as
    ``pip install`` or a first run leaves it for a user (so an environment that sets
    PYTHONDONTWRITEBYTECODE does not measure compiling the package every time)."""
    import os
    import subprocess
    import tempfile

    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    times = []
    with tempfile.TemporaryDirectory() as scratch:
        command = [sys.executable, "-m", "piecepack_diagrams", *[a.replace("TMP", scratch) for a in args]]
        subprocess.run(command, capture_output=True, check=True, env=env, cwd=scratch)
        for _ in range(repeat):
            start = time.perf_counter()
            subprocess.run(command, capture_output=True, check=True, env=env, cwd=scratch)
            times.append(time.perf_counter() - start)
    return statistics.median(times)


def _time_build(*, audited: bool = True, proof: bool = True) -> tuple[float, int]:
    """One run of ``build`` on the shipped records into a scratch folder: seconds, files written."""
    import tempfile

    from piecepack_diagrams.build import build

    with tempfile.TemporaryDirectory() as scratch:
        start = time.process_time()
        report = build(ROOT / "records", scratch, progress=None, audited=audited, proof=proof)
        seconds = time.process_time() - start
    assert report.is_ok(), report.failures
    return seconds, len(report.written)


def _audit_share(repeat: int = 3) -> float:
    """The layout audit's share of ``build``'s processor time (builds without the proof sheet,
    with and without the audit, alternated, medians)."""
    plain, audited = [], []
    for _ in range(repeat):
        plain.append(_time_build(audited=False, proof=False)[0])
        audited.append(_time_build(audited=True, proof=False)[0])
    return (statistics.median(audited) - statistics.median(plain)) / statistics.median(plain)


if __name__ == "__main__":
    sys.exit(main())
