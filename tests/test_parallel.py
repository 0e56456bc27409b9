"""Work split over processes (--jobs) and over a Dask cluster: the same output, byte for
byte, whatever the number of workers; statistics that add up; bad input refused in words;
no worker left behind."""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from piecepack_diagrams.cli import main
from piecepack_diagrams.errors import PiecepackError, SetupError
from piecepack_diagrams.parallel import Workers, check_jobs, seed_chunks
from piecepack_diagrams.proportions import Proportion
from piecepack_diagrams.statistics import parse_statistics, statistics_json
from piecepack_diagrams.tallies import Seeds

ROOT = Path(__file__).resolve().parents[1]
LABYRINTH = ROOT.parent / "shared" / "corpus" / "labyrinth"


def _cli(capsys, *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    printed = capsys.readouterr()
    return code, printed.out, printed.err


def _square(x: int) -> int:
    return x * x


def _fails_on_three(x: int) -> int:
    if x == 3:
        raise SetupError("three", token="3")
    return x


# --- the mechanism ------------------------------------------------------------------------------

@given(st.integers(-10 ** 6, 10 ** 6), st.integers(0, 50_000), st.integers(1, 64))
def test_seed_chunks_cover_the_seeds_once_in_order(first, count, workers):
    chunks = seed_chunks(first, count, workers=workers)
    seeds = [s for start, n in chunks for s in range(start, start + n)]
    assert seeds == list(range(first, first + count))
    assert all(n > 0 for _, n in chunks)
    if workers == 1 and count:
        assert len(chunks) == -(-count // 5_000)  # one chunk, or as many as the largest chunk allows


def test_results_come_in_the_order_of_the_arguments_and_errors_in_their_turn():
    with Workers(jobs=2) as workers:
        assert not workers.in_process
        assert list(workers.map(_square, [(k,) for k in range(40)], ahead=3)) == [k * k for k in range(40)]
        results = workers.map(_fails_on_three, [(k,) for k in range(6)])
        assert [next(results) for _ in range(3)] == [0, 1, 2]
        with pytest.raises(SetupError, match="three"):
            next(results)
    with Workers(jobs=1) as workers:
        assert workers.in_process and list(workers.map(_square, [(3,)])) == [9]


@pytest.mark.parametrize("jobs, error", [(0, SetupError), (-2, SetupError), (257, SetupError), (True, TypeError),
                                         ("2", TypeError), (1.5, TypeError)])
def test_a_bad_number_of_jobs_is_refused_in_words(jobs, error):
    with pytest.raises(error, match="jobs"):
        check_jobs(jobs)
    from piecepack_diagrams.api import game_statistics

    with pytest.raises(error, match="jobs"):
        game_statistics("lab-rats", games=1, jobs=jobs)


def test_an_executor_must_be_an_executor():
    from piecepack_diagrams.api import policy_statistics

    with pytest.raises(TypeError, match="executor"):
        policy_statistics("coin-collectors", ["random"], games=1, executor=object())


@pytest.mark.parametrize("value", ["0", "-1", "x", "1.5", "", "300", "\u0663"])
def test_the_command_line_refuses_a_bad_jobs_with_a_usage_error(capsys, value):
    for command in (["stats", "landlocked", "--games", "1"], ["puzzles", "landlocked", "--count", "1"],
                    ["build", "--no-puzzles"], ["labyrinth", "fixtures", str(LABYRINTH / "m3")]):
        with pytest.raises(SystemExit) as done:
            main([*command, "--jobs", value])
        assert done.value.code == 2
        err = capsys.readouterr().err
        assert "--jobs" in err and "number of processes" in err and "Traceback" not in err


# --- statistics: the same for any number of jobs, and they add up ---------------------------------

@pytest.mark.parametrize("command", [
    ["stats", "landlocked", "--games", "6", "--first-seed", "9"],
    ["stats", "lab-rats", "--games", "3"],
    ["stats", "coin-collectors", "--games", "40", "--policy", "all", "--variant", "Last One Out", "--left-behind", "2"],
])
def test_stats_print_the_same_bytes_for_one_job_or_two(capsys, tmp_path, command):
    runs = {}
    for jobs in ("1", "2"):
        for fmt in ("text", "json"):
            plot = ["--plot", str(tmp_path / f"{jobs}.png")] if fmt == "json" else []
            code, out, err = _cli(capsys, *command, "--jobs", jobs, "--format", fmt, *plot)
            assert code == 0, err
            runs[jobs, fmt] = out
        runs[jobs, "png"] = (tmp_path / f"{jobs}.png").read_bytes()
    for what in ("text", "json", "png"):
        assert runs["1", what] == runs["2", what], what
    first = int(command[command.index("--first-seed") + 1]) if "--first-seed" in command else 1
    games = int(command[command.index("--games") + 1])
    assert json.loads(runs["1", "json"])["seeds"] == [[first, first + games - 1]]


def test_two_runs_over_different_seeds_merge_into_the_run_over_both(capsys, tmp_path):
    files = []
    for first, games in ((1, 4), (5, 3)):
        code, out, _ = _cli(capsys, "stats", "landlocked", "--games", str(games), "--first-seed", str(first),
                            "--format", "json", "--jobs", "1")
        assert code == 0
        files.append(tmp_path / f"{first}.json")
        files[-1].write_text(out, encoding="utf-8")
    _, whole_json, _ = _cli(capsys, "stats", "landlocked", "--games", "7", "--format", "json", "--jobs", "2")
    _, whole_text, _ = _cli(capsys, "stats", "landlocked", "--games", "7", "--jobs", "1")
    assert _cli(capsys, "stats", "merge", *map(str, files), "--format", "json")[1] == whole_json
    assert _cli(capsys, "stats", "merge", *map(str, reversed(files)))[1] == whole_text
    # The proportions and intervals come from the added counts, not from the parts' figures.
    merged = json.loads(whole_json)["variants"][3]["solvable"]
    parts = [json.loads(f.read_text())["variants"][3]["solvable"] for f in files]
    assert merged["hits"] == parts[0]["hits"] + parts[1]["hits"] and merged["trials"] == 7
    assert merged["interval"] == list(Proportion(merged["hits"], 7).interval())


def test_merging_refuses_seeds_counted_twice_and_other_games_at_their_file(capsys, tmp_path):
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    a.write_text(_cli(capsys, "stats", "landlocked", "--games", "3", "--format", "json", "--jobs", "1")[1])
    b.write_text(_cli(capsys, "stats", "coin-collectors", "--games", "3", "--policy", "random", "--format", "json",
                      "--jobs", "1")[1])
    code, out, err = _cli(capsys, "stats", "merge", str(a), str(a))
    assert code == 1 and not out
    assert err.startswith(f"{a}:1:1: error: both runs cover seeds 1..3: their games would be counted twice")
    code, _, err = _cli(capsys, "stats", "merge", str(a), str(b))
    assert code == 1 and err.startswith(f"{b}:1:1: error: statistics of another game")
    broken = json.loads(a.read_text())
    broken["variants"][0]["passes"] = {"20": 999}
    (tmp_path / "c.json").write_text(json.dumps(broken))
    code, _, err = _cli(capsys, "stats", "merge", str(a), str(tmp_path / "c.json"))
    assert code == 1 and "disagree with themselves" in err and "Traceback" not in err
    (tmp_path / "d.json").write_text('{"format": "piecepack-diagrams statistics",\n "version": 1, "game": }')
    code, _, err = _cli(capsys, "stats", "merge", str(tmp_path / "d.json"))
    assert code == 1 and err.startswith(f"{tmp_path / 'd.json'}:2:") and "not JSON" in err


def _landlocked_json(**changes) -> str:
    from piecepack_diagrams.games.landlocked.stats import variant_statistics

    value = json.loads(statistics_json(variant_statistics(2, variants=["easy"])))
    value.update(changes)
    # A number JSON may hold but json.dumps cannot write is given as text in "<<...>>".
    return json.dumps(value).replace('"<<', "").replace('>>"', "")


@pytest.mark.parametrize("changes, words", [
    ({"seeds": [[1, 1], [2, 2], [2, 3]]}, "counted twice"),
    ({"seeds": [[2, 1]]}, "'seeds' must be"),
    ({"seeds": "1..2"}, "'seeds' must be"),
    ({"variants": [{"variant": "easy", "solvable": {"hits": 0, "trials": 2}, "passes": {"\u00b2": 1}}]},
     "'passes' must be"),
    ({"variants": [{"variant": "easy", "solvable": {"hits": 3, "trials": 2}, "passes": {}}]}, "hits at most trials"),
    ({"variants": [{"variant": "easy", "solvable": {"hits": True, "trials": 2}, "passes": {}}]}, "whole numbers"),
    ({"variants": [{"variant": "moderate", "solvable": {"hits": 0, "trials": 2}, "passes": {}}]}, "unknown"),
    ({"variants": 7}, "'variants' must be a list"),
    ({"game": "chess"}, "no statistics of the game"),
    ({"version": 2}, "version 2"),
    ({"seeds": [[1, 10 ** 30]]}, "disagree with themselves"),
    ({"seeds": [[1, "<<" + "9" * 5000 + ">>"]]}, "more than"),
    ({"seeds": [[1, "<<NaN>>"]]}, "not a number JSON allows"),
])
def test_statistics_that_are_not_what_stats_writes_are_refused_in_words(changes, words):
    with pytest.raises(PiecepackError, match=words) as err:
        parse_statistics(_landlocked_json(**changes), name="s.json")
    assert err.value.location is not None and err.value.location.file == "s.json"


def test_a_file_of_many_seed_ranges_is_read_quickly():
    ranges = [[k, k] for k in range(1, 200_001, 2)]  # 100,000 ranges, about a megabyte
    start = time.monotonic()
    with pytest.raises(PiecepackError, match="disagree with themselves"):
        parse_statistics(_landlocked_json(seeds=ranges))
    assert time.monotonic() - start < 5


@given(st.integers(0, 40), st.integers(0, 40), st.integers(0, 40), st.integers(0, 40), st.integers(1, 100))
def test_proportions_and_seeds_add(h1, m1, h2, m2, first):
    a, b = Proportion(h1, h1 + m1), Proportion(h2, h2 + m2)
    assert a + b == Proportion(h1 + h2, h1 + m1 + h2 + m2)
    assert (a + b).interval() == Proportion(h1 + h2, h1 + m1 + h2 + m2).interval()
    n1, n2 = h1 + m1, h2 + m2
    left, right = Seeds.from_range(first, n1), Seeds.from_range(first + n1, n2)
    assert left + right == right + left == Seeds.from_range(first, n1 + n2)
    if n1 and n2:
        with pytest.raises(SetupError, match="counted twice"):
            left + Seeds.from_range(first + n1 - 1, n2)


def test_seeds_with_gaps_say_so():
    seeds = Seeds.from_range(1, 1000) + Seeds.from_range(3001, 1000)
    assert seeds.count == 2000 and seeds.describe() == "seeds 1..1000 and 3001..4000"
    assert Seeds.from_json(seeds.to_json()) == seeds


def test_statistics_read_back_equal_themselves_for_every_game():
    from piecepack_diagrams.games.coin_collectors.stats import policies_statistics
    from piecepack_diagrams.games.lab_rats.stats import deal_statistics
    from piecepack_diagrams.games.landlocked.stats import variant_statistics

    for stats in (variant_statistics(3), deal_statistics(2, first_seed=4),
                  policies_statistics(["heuristic"], 5, variant={"Variant": "Four Die Stud"})):
        text = statistics_json(stats)
        assert parse_statistics(text) == stats and statistics_json(parse_statistics(text)) == text


def test_two_runs_added_in_the_api_are_the_run_over_both():
    from piecepack_diagrams.games.coin_collectors.stats import policies_statistics
    from piecepack_diagrams.games.lab_rats.stats import deal_statistics

    assert deal_statistics(2) + deal_statistics(1, first_seed=3) == deal_statistics(3, jobs=2)
    both = policies_statistics(["random", "lookahead"], 30, first_seed=11, jobs=2)
    assert policies_statistics(["random", "lookahead"], 12, first_seed=29) + \
        policies_statistics(["random", "lookahead"], 18, first_seed=11) == both
    with pytest.raises(PiecepackError, match="different policies"):
        both + policies_statistics(["random"], 1, first_seed=100)
    with pytest.raises(PiecepackError, match="different variants"):
        both + policies_statistics(["random", "lookahead"], 1, first_seed=100, variant={"Variant": "Four Die Stud"})


# --- puzzles, build and the Labyrinth fixtures: the same files for any number of jobs -------------

@pytest.mark.parametrize("game, count", [("landlocked", "3"), ("coin-collectors", "2")])
def test_puzzle_books_are_byte_identical_for_one_job_or_two(capsys, tmp_path, game, count):
    books = []
    for jobs in ("1", "2"):
        books.append(tmp_path / f"{jobs}.pdf")
        assert main(["puzzles", game, "--count", count, "--seed", "3", "--jobs", jobs, "-o", str(books[-1])]) == 0
        err = capsys.readouterr().err
        assert f"] {count}/{count} " in err, "the progress bar reaches the end"
    assert books[0].read_bytes() == books[1].read_bytes()


def test_dealing_in_workers_finds_the_same_puzzles_numbered_in_order():
    from piecepack_diagrams.games.landlocked.puzzles import generate_puzzles

    here = generate_puzzles(5, seed=2, difficulty="medium")
    assert generate_puzzles(5, seed=2, difficulty="medium", jobs=2) == here
    assert [p.number for p in here] == [1, 2, 3, 4, 5]


def _tree(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_build_writes_the_same_files_for_one_job_or_two(capsys, tmp_path):
    records = tmp_path / "records"
    (records / "sub").mkdir(parents=True)
    shutil.copy(ROOT / "records" / "landlocked" / "hard-won.ppn", records / "hard-won.ppn")
    shutil.copy(ROOT / "records" / "ppn" / "tic-tac-toe-draw.ppn", records / "sub" / "ttt.ppn")
    (records / "bad.ppn").write_text("---\nGameType: Landlocked\nSeed: 1\n...\n1. a1-b9\n", encoding="utf-8")
    outputs, errors = [], []
    for jobs in ("1", "2"):
        out = tmp_path / f"out{jobs}"
        # --no-docs: the API reference is made once a process, the same for any jobs (tests/test_docs.py).
        assert main(["build", "--records", str(records), "--output", str(out), "--no-puzzles", "--no-docs",
                     "--no-animations", "--jobs", jobs]) == 1
        err = capsys.readouterr().err
        outputs.append(_tree(out))
        errors.append([line.replace(str(out), "OUT") for line in err.splitlines() if line and line[0] != "["])
    assert outputs[0] == outputs[1] and errors[0] == errors[1]
    assert {"hard-won.svg", "sub/ttt-plates.pdf", "bad.html", "proof.pdf"} <= set(outputs[0])
    assert any(name.startswith("figures/landlocked-") for name in outputs[0]), "figures from the valid games"
    assert any(f"{records / 'bad.ppn'}:5:" in line for line in errors[0]), errors[0]


def _pairs(folder: Path, chosen: dict[str, list[str]]) -> Path:
    for milestone, ids in chosen.items():
        (folder / milestone).mkdir(parents=True)
        for fixture in ids:
            for end in ("in", "out"):
                name = f"{fixture}-{end}.json"
                shutil.copy(LABYRINTH / milestone / name, folder / milestone / name)
    return folder


def test_the_labyrinth_fixtures_give_the_same_report_for_one_job_or_two(capsys, tmp_path):
    m3 = sorted(p.name[:-len("-in.json")] for p in (LABYRINTH / "m3").glob("*-in.json"))[:5]
    m6 = sorted(p.name[:-len("-in.json")] for p in (LABYRINTH / "m6").glob("*-in.json"))[:2]
    folder = _pairs(tmp_path / "fixtures", {"m3": m3, "m4": ["57fb52f6a8f8"], "m6": m6, "m8": ["1b4848053696"]})
    reports = []
    for jobs in ("1", "2"):
        code, out, err = _cli(capsys, "labyrinth", "fixtures", str(folder), "--jobs", jobs)
        assert code == 1 and not err  # one pair disagrees, one is refused (see test_labyrinth.py)
        reports.append(out)
    assert reports[0] == reports[1]
    lines = reports[0].splitlines()
    assert lines[0].startswith(f"{folder / 'm4' / '57fb52f6a8f8-in.json'}: expected [")
    assert lines[1].startswith(f"{folder / 'm8' / '1b4848053696-in.json'}:1:1: error: ") and "off the board" in lines[1]
    assert lines[-1] == "7 of 9 pairs agree"
    code, out, _ = _cli(capsys, "labyrinth", "fixtures", str(folder / "m3"), str(folder / "m6"), "--jobs", "2")
    assert code == 0 and out.splitlines()[-1] == "7 of 7 pairs agree"
    code, _, err = _cli(capsys, "labyrinth", "fixtures", str(tmp_path))
    assert code == 1 and err.startswith(f"{tmp_path}:1:1: error: no fixtures here")


# --- a Dask cluster ---------------------------------------------------------------------------------

def _run(*args: str, timeout: float = 120) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "piecepack_diagrams", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=timeout)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


#: Run in a process of its own, so that no thread of Dask's lives on in the tests' process
#: (which later tests fork for their workers).
_CLUSTER = """
import json, subprocess, sys

if __name__ == "__main__":
    from distributed import Client, LocalCluster

    from piecepack_diagrams.games.landlocked.stats import variant_statistics
    from piecepack_diagrams.statistics import statistics_json

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                      dashboard_address=None) as cluster:
        runs = {fmt: subprocess.run([sys.executable, "-m", "piecepack_diagrams", "stats", "landlocked", "--games", "8",
                                     "--first-seed", "3", "--format", fmt, "--scheduler", cluster.scheduler_address],
                                    capture_output=True, text=True, timeout=120) for fmt in ("json", "text")}
        with Client(cluster) as client:
            api = statistics_json(variant_statistics(5, executor=client.get_executor(), jobs=2))
    print(json.dumps({"api": api, **{fmt: [done.returncode, done.stdout, done.stderr] for fmt, done in runs.items()}}))
"""


def test_a_local_dask_cluster_gives_the_same_bytes_as_one_job(tmp_path):
    pytest.importorskip("distributed")
    from piecepack_diagrams.games.landlocked.stats import variant_statistics

    script = tmp_path / "cluster.py"
    script.write_text(_CLUSTER, encoding="utf-8")
    done = subprocess.run([sys.executable, str(script)], cwd=ROOT, capture_output=True, text=True, timeout=180)
    assert done.returncode == 0, done.stderr[-2000:]
    on_cluster = json.loads(done.stdout)
    for fmt in ("json", "text"):
        here = _run("stats", "landlocked", "--games", "8", "--first-seed", "3", "--format", fmt, "--jobs", "1")
        status, out, err = on_cluster[fmt]
        assert status == 0 and "Traceback" not in err, err
        assert out == here.stdout and out
    assert on_cluster["api"] == statistics_json(variant_statistics(5))


def test_an_unreachable_scheduler_is_a_clear_error_within_seconds():
    pytest.importorskip("distributed")
    address = f"tcp://127.0.0.1:{_free_port()}"  # nothing listens there
    start = time.monotonic()
    done = _run("stats", "landlocked", "--games", "2", "--scheduler", address, timeout=60)
    assert time.monotonic() - start < 30
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.splitlines()[-1].startswith(f"piecepack-diagrams stats: error: no Dask scheduler answered at "
                                                   f"{address} within 5 s")


def test_scheduler_and_jobs_together_or_without_dask_are_refused(capsys, monkeypatch):
    code, _, err = _cli(capsys, "stats", "landlocked", "--scheduler", "tcp://127.0.0.1:1", "--jobs", "2")
    assert code == 2 and "--jobs and --scheduler" in err
    monkeypatch.setitem(sys.modules, "distributed", None)  # as if the extra were not installed
    code, _, err = _cli(capsys, "stats", "landlocked", "--scheduler", "tcp://127.0.0.1:1")
    assert code == 2 and "pip install 'piecepack-diagrams[dask]'" in err


# --- Ctrl-C ------------------------------------------------------------------------------------

def _children(pid: int) -> set[int]:
    out = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rpartition(")")[2].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                out.add(int(entry.name))
    return out


def _ctrl_c_as_in_a_terminal() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@pytest.mark.parametrize("sent", [signal.SIGINT, signal.SIGTERM])
def test_interrupting_a_run_leaves_no_worker_behind(sent):
    # Ctrl-C at its default in the command, as a terminal gives it: a shell running the tests
    # in the background (bash without job control) ignores it, and so would the command.
    child = subprocess.Popen([sys.executable, "-m", "piecepack_diagrams", "stats", "lab-rats", "--games", "2000",
                              "--jobs", "2"], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             preexec_fn=_ctrl_c_as_in_a_terminal)
    try:
        deadline = time.monotonic() + 60
        while len(_children(child.pid)) < 2 and time.monotonic() < deadline:
            time.sleep(0.05)
        workers = _children(child.pid)
        assert len(workers) >= 2, "the workers started"
        time.sleep(0.3)
        child.send_signal(sent)  # to the command only, as kill does: it must stop its workers itself
        _, err = child.communicate(timeout=30)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    assert child.returncode == 128 + sent and b"Traceback" not in err
    time.sleep(0.2)
    left = [pid for pid in workers if _running(pid)]
    for pid in left:  # not to leave them to the machine when this fails
        os.kill(pid, signal.SIGKILL)
    assert not left, "a worker was left running"


def _running(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0] != "Z"
    except OSError:
        return False


def test_workers_end_with_a_command_killed_outright():
    child = subprocess.Popen([sys.executable, "-m", "piecepack_diagrams", "stats", "lab-rats", "--games", "2000",
                              "--jobs", "2"], cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 60
        while len(_children(child.pid)) < 2 and time.monotonic() < deadline:
            time.sleep(0.05)
        workers = _children(child.pid)
        assert len(workers) >= 2, "the workers started"
        time.sleep(0.3)
    finally:
        child.kill()  # SIGKILL: the command can stop nothing itself
        child.wait()
    deadline = time.monotonic() + 10
    while [pid for pid in workers if _running(pid)] and time.monotonic() < deadline:
        time.sleep(0.05)
    left = [pid for pid in workers if _running(pid)]
    for pid in left:  # not to leave them to the machine when this fails
        os.kill(pid, signal.SIGKILL)
    assert not left, "a worker was left running"


def test_a_pool_stopped_by_an_exception_leaves_no_manager_thread_to_race_the_exit():
    # The pool's manager thread closes its wake-up pipe as it ends; one still running when the
    # interpreter exits races the exit hook that writes to that pipe ("Bad file descriptor").
    import threading

    with pytest.raises(KeyboardInterrupt), Workers(jobs=2) as workers:
        assert workers.executor is not None
        for _ in range(4):
            workers.executor.submit(time.sleep, 5)
        time.sleep(0.3)
        raise KeyboardInterrupt
    assert not [t for t in threading.enumerate() if type(t).__name__ == "_ExecutorManagerThread"]


def test_a_ctrl_c_lost_in_a_finalizer_is_raised_again():
    """A Ctrl-C that lands while Python closes a generator the garbage collector dropped is
    only reported there (CPython cannot raise it in a finalizer), and the command would run
    to its end and exit 0: while a command runs it is noted, and raised where the work goes
    on, at the next result of a run of many."""
    from piecepack_diagrams import interrupts
    from piecepack_diagrams.parallel import Workers

    def closing():  # noqa: ANN202 - a generator whose closing is interrupted
        try:
            yield 1
        finally:
            raise KeyboardInterrupt

    def step(k: int) -> int:
        if k == 2:
            dropped = closing()
            next(dropped)
            del dropped  # closed now, by its last reference going: the interrupt is unraisable here
        return k

    unhook = interrupts.kept()
    done = []
    try:
        with pytest.raises(KeyboardInterrupt), Workers(jobs=1) as workers:
            for result in workers.map(step, [(k,) for k in range(6)]):
                done.append(result)
    finally:
        unhook()
    assert done == [0, 1]  # stopped at the result the interrupt landed in
    interrupts.check()  # raised once, not again
