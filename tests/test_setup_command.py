"""The `setup` command: every game by name, its arguments as options, `--list`, CSV."""

from __future__ import annotations

import csv
import io
import subprocess
import sys
from pathlib import Path

import pytest

from piecepack_diagrams.cli import main
from piecepack_diagrams.setups import setup_infos
from ppdf_corpus import CORPUS, PPDF, differences, functions, read_layout

ROOT = Path(__file__).resolve().parents[1]


def _run(*args: str) -> tuple[int, str, str]:
    done = subprocess.run([sys.executable, "-m", "piecepack_diagrams", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)
    return done.returncode, done.stdout, done.stderr


def _csv_rows(text: str) -> list[tuple]:
    return [(r["piece_side"], int(r["suit"]), int(r["rank"]), r["cfg"], float(r["x"]), float(r["y"]),
             float(r["angle"])) for r in csv.DictReader(io.StringIO(text))]


def test_list_prints_every_game_with_its_arguments(capsys) -> None:
    assert main(["setup", "--list"]) == 0
    out = capsys.readouterr().out
    names = {line.split()[0] for line in out.splitlines()[1:] if line.strip() and " games. " not in line}
    assert names >= {row["function"].removeprefix("piecepack_").replace("_", "-") for row in functions()}
    assert {"lab-rats", "coin-collectors", "landlocked", "labyrinth"} <= names
    shogi = next(line for line in out.splitlines() if line.startswith("shogi "))
    assert "--has-subpack (bool)" in shogi and "--cfg2 (text)" in shogi
    assert len(names) == len(setup_infos()) + 1  # ppdf's setups and Labyrinth


@pytest.mark.parametrize("command,reference", [
    (["fujisan", "--seed", "42"], PPDF / "setups" / "fujisan_seed42.csv"),
    (["tower-of-babel", "--seed", "3"], PPDF / "setups" / "tower_of_babel_seed3.csv"),
    (["Chess960", "--seed", "5"], PPDF / "setups" / "chess960_seed5.csv"),
    (["shogi"], PPDF / "setups" / "japanese_chess.csv"),  # Shogi AKA Japanese Chess
    (["lab-rats", "--seed", "12"], CORPUS / "setups" / "lab_rats_seed12.csv"),
    (["landlocked", "--seed", "15"], CORPUS / "setups" / "landlocked_seed15.csv"),
    (["coin-collectors", "--seed", "9"], CORPUS / "setups" / "coin_collectors_seed9.csv"),
])
def test_csv_is_rs_layout(command: list[str], reference: Path) -> None:
    code, out, err = _run("setup", *command, "-f", "csv")
    assert code == 0, err
    assert out.splitlines()[0] == "move_index,move_label,row,piece_side,suit,rank,cfg,x,y,angle"
    assert not differences(_csv_rows(out), read_layout(reference))


def test_arguments_are_options(tmp_path) -> None:
    plain = _csv_rows(_run("setup", "shogi", "-f", "csv")[1])
    subpack = _csv_rows(_run("setup", "shogi", "--has-subpack", "true", "-f", "csv")[1])
    bare_flag = _csv_rows(_run("setup", "shogi", "--has-subpack", "-f", "csv")[1])
    assert subpack == bare_flag != plain
    # ppdf's Shogi with a subpack: its small tiles stand in for 16 pieces
    assert [r[3] for r in plain].count("subpack") == 0 and [r[3] for r in subpack].count("subpack") == 16
    coins = "44452n24n3aa/a25335325ann"
    given = _csv_rows(_run("setup", "fujisan", f"--coins={coins}", "-f", "csv")[1])
    faces = [r for r in given if r[0] == "coin_face"]
    assert len(faces) == 24
    # the 24 ranks the string gives, whatever the seed
    assert sorted(r[2] for r in faces) == sorted({"n": 1, "a": 2}.get(c, int(c) + 1 if c.isdigit() else 0)
                                                 for c in coins if c != "/")
    assert given == _csv_rows(_run("setup", "fujisan", "--seed", "9", "--coins", coins, "-f", "csv")[1])


def test_games_with_rules_read_options_as_header_fields() -> None:
    code, nine, err = _run("setup", "labyrinth", "--size", "9x9", "--players", "3", "-f", "txt")
    assert code == 0, err
    rows = [line.split()[0] for line in nine.splitlines() if line.strip() and line.split()[0].isdigit()]
    assert rows[:9] == [str(n) for n in range(1, 10)]
    code, seven, _ = _run("setup", "labyrinth", "-f", "txt")
    numbered = {line.split()[0] for line in seven.splitlines() if line.strip() and line.split()[0].isdigit()}
    assert {str(n) for n in range(1, 8)} <= numbered and "9" not in numbered
    advanced = _run("setup", "lab-rats", "--seed", "3", "--variant", "advanced", "-f", "csv")
    assert advanced[0] == 0, advanced[2]


def test_builders_of_lab_rats_differ_and_are_named() -> None:
    ppdf = _run("setup", "lab-rats", "--seed", "7", "-f", "csv")[1]
    rulings = _run("setup", "lab-rats", "--seed", "7", "--builder", "rulings", "-f", "csv")[1]
    assert ppdf != rulings and ppdf.count("tile_") == 24
    code, _, err = _run("setup", "chess", "--builder", "rulings")
    assert code == 2 and "--builder" in err


@pytest.mark.parametrize("args,words", [
    (["fujsan"], ["unknown game 'fujsan'", "'fujisan'"]),
    (["labyrith"], ["unknown game 'labyrith'", "'labyrinth'"]),
    (["shogi", "--has-subpak", "true"], ["takes no argument 'has-subpak'", "'has_subpack' (the closest)"]),
    (["shogi", "--has-subpack", "maybe"], ["argument 'has_subpack' must be true or false", "true or false"]),
    (["rectangular-board", "--nrows", "0"], ["argument 'nrows' is 0, out of range", "from 1 to 99"]),
    (["speedy-towers", "--n-players", "two"], ["argument 'n_players' must be a whole number"]),
    (["fujisan", "--seed", "9", "--coins", "xyz"], ["argument 'coins'"]),
    (["tiles", "stray"], ["unexpected 'stray'"]),
    (["labyrinth", "--sise", "9x9"], ["Labyrinth takes no option '--sise'", "'--size' (the closest)"]),
    (["lab-rats", "--variant", "expert"], ["unknown Lab Rats variant 'expert'"]),
    ([], ["no game named"]),
])
def test_bad_setups_exit_2_naming_what_is_accepted(args: list[str], words: list[str], tmp_path) -> None:
    target = tmp_path / "out.svg"
    code, out, err = _run("setup", *args, "-o", str(target))
    assert code == 2, (out, err)
    for word in words:
        assert word in err
    assert "Traceback" not in err and not target.exists()


def _references():
    from ppdf_corpus import Reference, references

    ours = [Reference("piecepack_" + p.stem.rsplit("_seed", 1)[0], int(p.stem.rsplit("_seed", 1)[1]), p)
            for p in sorted((CORPUS / "setups").glob("*_seed*.csv"))]
    assert len(ours) == 45
    return references() + ours


@pytest.mark.parametrize("ref", _references(), ids=lambda r: r.id)
def test_setup_csv_of_every_reference_layout(ref, tmp_path) -> None:
    """``setup NAME [--seed N] -f csv`` with the reference file's own name for the game."""
    name = ref.path.stem.rsplit("_seed", 1)[0]
    target = tmp_path / "layout.csv"
    seed = [] if ref.seed is None else ["--seed", str(ref.seed)]
    assert main(["setup", name, *seed, "-f", "csv", "-o", str(target)]) == 0
    assert not differences(_csv_rows(target.read_text(encoding="utf-8")), read_layout(ref.path))


@pytest.mark.parametrize("header,command", [
    ("GameType: {Name: Japan, Seed: 42}", ["japan", "--seed", "42"]),
    ("GameType: {Name: Lab Rats, Seed: 7}", ["lab-rats", "--seed", "7"]),
    ('GameType: {Name: "Cardinal\'s Guards", Seed: 2}', ["cardinals-guards", "--seed", "2"]),
    ("GameType: Shogi", ["shogi"]),
])
def test_setup_csv_is_the_first_position_of_a_replay(header: str, command: list[str], tmp_path) -> None:
    record = tmp_path / "one.ppn"
    record.write_text(f"---\n{header}\n...\n1. {{}}\n", encoding="utf-8")
    replayed = _run("replay", str(record), "--format", "csv")[1].splitlines()
    printed = _run("setup", *command, "-f", "csv")[1].splitlines()
    assert printed[0] == replayed[0]
    assert printed[1:] == [line for line in replayed[1:] if line.startswith("1,")]
    assert len(printed) > 10


def test_stacks_are_counted_where_pieces_lie_on_one_another() -> None:
    """A drawing shows a stack's top piece only, so a count stands beside it: Lab Rats'
    three stacks of eight coins, Tablut's king pawn on its die; a piece on a tile is on the
    board, no stack."""
    from piecepack_diagrams import setup_scene
    from piecepack_diagrams.scene import Label, flattened

    def counts(game: str, **kwargs: object) -> list[str]:
        scene = setup_scene(game, **kwargs)  # type: ignore[arg-type]
        return sorted(a.text for a in flattened(scene.annotations)
                      if isinstance(a, Label) and a.role == "stack-count")

    assert counts("lab-rats", seed=3) == ["×8", "×8", "×8"]
    assert counts("tablut") == ["×2"]
    assert counts("ice-floe") == []  # tiles only
    assert counts("desfases", seed=3).count("×2") == 4  # each die on its coin; pawns on tiles are not stacks
