"""Every example in the README runs, and prints what the README says it prints."""

from __future__ import annotations

import contextlib
import io
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def _blocks(language: str) -> list[str]:
    return re.findall(rf"```{language}\n(.*?)```", README, flags=re.S)


CONSOLE = [line[2:] for block in _blocks("console") for line in block.splitlines() if line.startswith("$ ")]
PYTHON = _blocks("python")


def test_readme_opens_with_the_two_commands():
    sh = _blocks("sh")
    assert len(sh) >= 2
    assert "piecepack-diagrams build" in sh[0]
    assert "pytest" in sh[1]
    ci = (ROOT / ".ci" / "run").read_text()
    assert sh[1].strip() in ci, ".ci/run must run the README's test command exactly"


@pytest.mark.parametrize("command", CONSOLE)
def test_console_example(command, tmp_path):
    args = shlex.split(command)
    assert args[0] == "piecepack-diagrams"
    args = [a.replace("output/", f"{tmp_path}/") for a in args[1:]]
    done = subprocess.run([sys.executable, "-m", "piecepack_diagrams", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    if "-o" in args:
        assert Path(args[args.index("-o") + 1]).stat().st_size > 0
    else:
        assert done.stdout.strip()


@pytest.mark.parametrize("source", PYTHON)
def test_python_example(source):
    expected: list[str] = []
    lines = source.splitlines()
    for k, line in enumerate(lines):
        if line.startswith("print("):
            comment = line.partition("  # ")[2].strip() if "  # " in line else ""
            if not comment and k + 1 < len(lines) and lines[k + 1].startswith("# "):
                comment = lines[k + 1][2:].strip()
            expected.append(comment)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(source, "README.md", "exec"), {})  # noqa: S102 - our own README
    assert out.getvalue().splitlines() == expected


def test_the_template_fields_shown_are_a_shipped_template():
    import yaml

    shown = [yaml.safe_load(b) for b in _blocks("yaml") if "grid:" in b]
    assert shown, "the README shows a template"
    shipped = yaml.safe_load((ROOT / "templates" / "plates-2x3.yaml").read_text(encoding="utf-8"))
    assert shown[0] == shipped


def test_every_picture_is_in_the_repository():
    pictures = re.findall(r"!\[[^\]]*\]\(([^)]+)\)", README)
    assert pictures, "the README shows pictures"
    for name in pictures:
        data = (ROOT / name).read_bytes()
        if name.endswith(".gif"):  # an animation (issue 21): more than one frame
            from PIL import Image

            with Image.open(ROOT / name) as gif:
                assert gif.format == "GIF" and gif.n_frames > 1, name
            continue
        assert data.startswith(b"\x89PNG\r\n\x1a\n") and len(data) > 2000, name


def test_the_setup_table_is_the_registrys():
    """The README's list of games is the registry's (python docs/setups_table.py writes it)."""
    sys.path.insert(0, str(ROOT / "docs"))
    try:
        import setups_table
    finally:
        sys.path.remove(str(ROOT / "docs"))
    assert setups_table.updated(README) == README, "run: python docs/setups_table.py"
    from piecepack_diagrams.setups import setup_infos

    listed = re.findall(r"^\| `([a-z0-9-]+)` \|", README, flags=re.M)
    assert set(listed) >= {info.key for info in setup_infos()} | {"labyrinth", "lab-rats", "landlocked"}
    assert len(listed) == len(set(listed))
