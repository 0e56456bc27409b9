"""The command line behaves as the tools users know: several files in turn, every figure by
name, -f and -o that disagree refused, colour only on a terminal without NO_COLOR, and
completion scripts for bash, zsh and fish made from the parser."""

from __future__ import annotations

import io
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from piecepack_diagrams.cli import _parser, main

ROOT = Path(__file__).resolve().parents[1]
RECORDS = ROOT / "records"
TICTACTOE = RECORDS / "ppn" / "tic-tac-toe-draw.ppn"
KONO = RECORDS / "ppn" / "four-field-kono-short.ppn"


def _commands() -> list[str]:
    """The command names the parser has."""
    import argparse

    parser = _parser()
    return [name for action in parser._actions if isinstance(action, argparse._SubParsersAction)
            for name in action.choices]


# Several files -----------------------------------------------------------------------------


def test_replay_prints_each_file_in_turn_and_names_the_one_that_fails(tmp_path, capsys):
    bad = tmp_path / "bad.ppn"
    bad.write_text("---\nGameType: Lab Rats\nSeed: 7\n...\n1. 2Q\n", encoding="utf-8")
    assert main(["replay", str(TICTACTOE), str(bad), str(KONO)]) == 1
    out, err = capsys.readouterr()
    heads = re.findall(r"^==> (.*) <==$", out, flags=re.M)
    assert heads == [str(TICTACTOE), str(bad), str(KONO)]
    # Both good records are replayed whole: each part holds as many diagrams as the file alone gives.
    parts = re.split(r"^==> .* <==$", out, flags=re.M)[1:]
    assert main(["replay", str(KONO)]) == 0
    alone = capsys.readouterr().out
    assert parts[2].strip() == alone.strip() and parts[0].strip()
    assert err.startswith(f"{bad}:5:4: ") and ": error: " in err


def test_render_writes_each_file_into_the_folder_o_names(tmp_path, capsys):
    folder = tmp_path / "drawn"
    assert main(["render", str(TICTACTOE), str(KONO), "--move", "1", "-o", str(folder)]) == 0
    written = sorted(p.name for p in folder.iterdir())
    assert written == ["four-field-kono-short-1.svg", "tic-tac-toe-draw-1.svg"]
    for path in folder.iterdir():
        assert ET.parse(path).getroot().tag.endswith("svg")
    # Each is the drawing render makes of that file alone.
    alone = tmp_path / "alone.svg"
    assert main(["render", str(KONO), "--move", "1", "-o", str(alone)]) == 0
    assert alone.read_bytes() == (folder / "four-field-kono-short-1.svg").read_bytes()


@pytest.mark.parametrize("target", ["x.svg", "-"])
def test_render_of_several_files_refuses_an_o_that_is_not_a_folder(tmp_path, monkeypatch, capsys, target):
    monkeypatch.chdir(tmp_path)  # short names: an error shows long ones cut in the middle
    assert main(["render", str(TICTACTOE), str(KONO), "-o", target]) == 2
    err = capsys.readouterr().err
    assert err.startswith("usage: piecepack-diagrams render") and "-o names a folder" in err and target in err
    assert list(tmp_path.iterdir()) == []


def test_render_refuses_two_files_that_would_write_one_name(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    for folder in ("a", "b"):
        Path(folder).mkdir()
        (Path(folder) / TICTACTOE.name).write_bytes(TICTACTOE.read_bytes())
    assert main(["render", "a/tic-tac-toe-draw.ppn", "b/tic-tac-toe-draw.ppn", "-o", "out"]) == 2
    err = capsys.readouterr().err
    assert ("'a/tic-tac-toe-draw.ppn' and 'b/tic-tac-toe-draw.ppn' would both be drawn as "
            "out/tic-tac-toe-draw-last.svg") in err
    assert not (tmp_path / "out").exists()


def test_render_of_several_files_as_text_prints_each_in_turn(capsys):
    assert main(["render", str(TICTACTOE), str(KONO), "-f", "txt"]) == 0
    out = capsys.readouterr().out
    assert re.findall(r"^==> (.*) <==$", out, flags=re.M) == [str(TICTACTOE), str(KONO)]


# Figures by name -----------------------------------------------------------------------------


def test_figure_list_is_every_figure_figures_writes(tmp_path, capsys):
    assert main(["figures", "all", "-f", "svg", "-o", str(tmp_path)]) == 0
    written = {p.stem for p in tmp_path.glob("*.svg")}
    capsys.readouterr()
    assert main(["figure", "--list"]) == 0
    listed = capsys.readouterr().out.split()
    assert len(listed) == len(set(listed)) and set(listed) == written and len(written) > 20


@pytest.mark.parametrize("name, game", [("landlocked-end", "landlocked"), ("lab-rats-move-rat", "lab-rats"),
                                        ("lab-rats-maze-building", "lab-rats")])
def test_figure_draws_what_figures_writes_under_that_name(tmp_path, name, game, capsys):
    assert main(["figures", game, "-f", "svg", "-o", str(tmp_path / "set")]) == 0
    assert main(["figure", name, "-o", str(tmp_path / f"{name}.svg")]) == 0
    assert (tmp_path / f"{name}.svg").read_bytes() == (tmp_path / "set" / f"{name}.svg").read_bytes()


def test_an_unknown_figure_names_the_closest(capsys):
    assert main(["figure", "landlocked-ennd"]) == 2
    assert "expected 'landlocked-end' (the closest)" in capsys.readouterr().err


# -f against -o -------------------------------------------------------------------------------


@pytest.mark.parametrize("command", [
    ["render", str(TICTACTOE), "-f", "pdf", "-o", "OUT/x.svg"],
    ["setup", "tablut", "-f", "pdf", "-o", "OUT/x.svg"],
    ["figure", "lab-rats-maze-building", "-f", "pdf", "-o", "OUT/x.svg"],
    ["plates", str(TICTACTOE), "-f", "pdf", "-o", "OUT/x.svg"],
    ["plates", str(TICTACTOE), "-f", "svg", "-o", "OUT/x.pdf"],
])
def test_a_format_that_contradicts_the_output_name_is_a_usage_error(tmp_path, monkeypatch, capsys, command):
    monkeypatch.chdir(tmp_path)  # short names: an error shows long ones cut in the middle
    words = [w.replace("OUT", "out") for w in command]
    assert main(words) == 2
    err = capsys.readouterr().err
    fmt, output = words[words.index("-f") + 1], words[words.index("-o") + 1]
    assert err.startswith(f"usage: piecepack-diagrams {command[0]}")
    assert f"-f {fmt} contradicts" in err and f"'{output}'" in err
    assert not (tmp_path / "out").exists()


# Colour ---------------------------------------------------------------------------------------


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize("stream, no_color, coloured", [
    (_Terminal, None, True), (_Terminal, "", True), (_Terminal, "1", False), (io.StringIO, None, False)])
def test_errors_are_coloured_only_on_a_terminal_without_no_color(tmp_path, monkeypatch, stream, no_color, coloured):
    bad = tmp_path / "bad.ppn"
    bad.write_text("---\nGameType: Lab Rats\nSeed: 7\n...\n1. 2Q\n", encoding="utf-8")
    if no_color is None:
        monkeypatch.delenv("NO_COLOR", raising=False)
    else:
        monkeypatch.setenv("NO_COLOR", no_color)
    err = stream()
    monkeypatch.setattr("sys.stderr", err)
    monkeypatch.setattr("sys.stdout", io.StringIO())
    assert main(["validate", str(bad)]) == 1
    text = err.getvalue()
    assert ("\x1b[1;31merror\x1b[0m:" in text) is coloured
    assert ("\x1b" in text) is coloured
    # With the colour taken out, the line is what a file or pipe gets.
    assert re.sub(r"\x1b\[[0-9;]*m", "", text).startswith(f"{bad}:5:4: error: ")


def test_stats_help_documents_the_json_format(capsys):
    with pytest.raises(SystemExit):
        main(["stats", "--help"])
    out = capsys.readouterr().out
    assert re.search(r"--format \{text,json\}\s+text: .* json: the counts", out, flags=re.S)


# Completion -----------------------------------------------------------------------------------


def _script(shell: str, capsys) -> str:
    assert main(["completion", shell]) == 0
    return capsys.readouterr().out


def _bash_complete(script: Path, words: list[str]) -> list[str]:
    """What the script offers for ``words`` (the last the word being typed), in a bash."""
    probe = (f"source {script}\nCOMP_WORDS=({' '.join(repr(w) for w in words)})\nCOMP_CWORD={len(words) - 1}\n"
             "_piecepack_diagrams\nprintf '%s\\n' \"${COMPREPLY[@]}\"\n")
    done = subprocess.run(["bash", "--norc", "--noprofile", "-c", probe], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return done.stdout.split()


def test_bash_completion_is_valid_and_completes_from_the_parser(tmp_path, capsys):
    script = tmp_path / "completion.bash"
    script.write_text(_script("bash", capsys), encoding="utf-8")
    assert subprocess.run(["bash", "-n", str(script)], capture_output=True, timeout=60).returncode == 0
    commands = _commands()
    assert "completion" in commands and "render" in commands
    assert sorted(_bash_complete(script, ["piecepack-diagrams", ""])) == sorted([*commands, "--help", "--version"])
    assert _bash_complete(script, ["piecepack-diagrams", "re"]) == ["replay", "render"]
    assert _bash_complete(script, ["piecepack-diagrams", "render", "x.ppn", "--framing", "f"]) == ["focus"]
    assert _bash_complete(script, ["piecepack-diagrams", "render", "--fr"]) == ["--framing"]
    assert _bash_complete(script, ["piecepack-diagrams", "labyrinth", "h"]) == ["harness"]
    assert _bash_complete(script, ["piecepack-diagrams", "stats", "--games", ""]) == []  # a number: no file names


def test_zsh_completion_has_a_branch_for_every_command(tmp_path, capsys):
    text = _script("zsh", capsys)
    assert text.startswith("#compdef piecepack-diagrams\n")
    for command in _commands():
        assert re.search(rf"^    {re.escape(command)}\)$", text, flags=re.M), command
        assert re.search(rf"^        '{re.escape(command)}:", text, flags=re.M), command
    assert len(re.findall(r"\bcase\b", text)) == len(re.findall(r"\besac\b", text))
    if shutil.which("zsh"):
        script = tmp_path / "_piecepack-diagrams"
        script.write_text(text, encoding="utf-8")
        assert subprocess.run(["zsh", "-n", str(script)], capture_output=True, timeout=60).returncode == 0


def test_fish_completion_names_every_command_and_its_options(tmp_path, capsys):
    text = _script("fish", capsys)
    lines = [line for line in text.splitlines() if line and not line.startswith("#")]
    assert all(line.startswith("complete -c piecepack-diagrams ") for line in lines)
    offered = re.findall(r"-n 'not __fish_seen_subcommand_from [^']*' -a (\S+) -d", text)
    assert offered == _commands()
    render = [line for line in lines if "__fish_seen_subcommand_from render'" in line]
    assert any(" -l framing -x -a 'whole focus'" in line for line in render)
    assert any(" -s f -l format -x -a 'svg pdf png txt'" in line for line in render)
    if shutil.which("fish"):
        script = tmp_path / "piecepack-diagrams.fish"
        script.write_text(text, encoding="utf-8")
        assert subprocess.run(["fish", "--no-execute", str(script)], capture_output=True, timeout=60).returncode == 0


def test_an_unknown_shell_is_a_usage_error(capsys):
    with pytest.raises(SystemExit) as stopped:
        main(["completion", "powershell"])
    assert stopped.value.code == 2 and "invalid choice: 'powershell'" in capsys.readouterr().err
