"""Installs anywhere: the wheel carries the shipped records and templates as package data.

The wheel is built from a copy of the checkout, installed outside it in the three ways a
user installs (a fresh virtual environment, ``pip install --user`` under a temporary user
base, ``pip install --target`` on ``PYTHONPATH``), and ``build``, ``figures``, ``plates`` and
``puzzles`` are run from an empty folder with no ``records/`` or ``templates/`` in sight.
The library's dependencies are lent to each new environment by a ``.pth`` file naming this
interpreter's site-packages (a path there is not read for ``.pth`` files of its own, so the
checkout's editable install is not seen); each run checks it imported the installed copy.
"""

from __future__ import annotations

import os
import shutil
import site
import subprocess
import sys
import xml.etree.ElementTree as ET
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
#: What a wheel is built from: the package (its links to records/ and templates/ kept as links).
SOURCES = ("pyproject.toml", "README.md", "LICENSE", "piecepack_diagrams", "records", "templates")
#: A record of the user's own, for plates.
RECORD = ROOT / "records" / "ppn" / "tablut-opening.ppn"


def _run(command: list[str], *, cwd: Path, env: dict[str, str], timeout: float = 120) -> str:
    done = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)
    assert done.returncode == 0, f"{' '.join(command)}\n{done.stdout}\n{done.stderr}"
    return done.stdout


def _environment(**extra: str) -> dict[str, str]:
    """This process's environment without what would point Python at the checkout."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "PIP_", "VIRTUAL_ENV"))}
    env.update(PYTHONNOUSERSITE="1", PIP_DISABLE_PIP_VERSION_CHECK="1", **extra)
    return env


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel, built from a copy of the checkout (so no build/ is left in it)."""
    base = tmp_path_factory.mktemp("wheel")
    source = base / "source"
    source.mkdir()
    ignore = shutil.ignore_patterns("__pycache__", "*.egg-info", "*.pyc")
    for name in SOURCES:
        path = ROOT / name
        if path.is_dir():
            shutil.copytree(path, source / name, symlinks=True, ignore=ignore)
        else:
            shutil.copy2(path, source / name)
    _run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(base / "dist"), str(source)], cwd=base,
         env=_environment(), timeout=300)
    (built,) = (base / "dist").glob("piecepack_diagrams-*.whl")
    return built


def _venv(folder: Path, *, system_site: bool = False) -> Path:
    """A new virtual environment without pip, lent this interpreter's dependencies; its Python."""
    options = ["--system-site-packages"] if system_site else []
    _run([sys.executable, "-m", "venv", "--without-pip", *options, str(folder)], cwd=folder.parent, env=_environment())
    python = folder / "bin" / "python"
    purelib = _run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                   cwd=folder.parent, env=_environment()).strip()
    Path(purelib, "_lent_dependencies.pth").write_text("\n".join(site.getsitepackages()) + "\n", encoding="utf-8")
    return python


def _pip_install(python: Path, wheel: Path, *options: str, env: dict[str, str]) -> None:
    _run([sys.executable, "-m", "pip", "--python", str(python), "install", "-q", "--no-deps", "--no-index",
          *options, str(wheel)], cwd=wheel.parent, env=env)


def _install(way: str, wheel: Path, home: Path) -> tuple[list[str], dict[str, str], Path]:
    """Install ``wheel`` one ``way``: the command line to run, its environment, where it went."""
    if way == "venv":
        python = _venv(home / "venv")
        env = _environment()
        _pip_install(python, wheel, env=env)
        return [str(home / "venv" / "bin" / "piecepack-diagrams")], env, home / "venv"
    if way == "user":
        python = _venv(home / "venv", system_site=True)  # a virtual environment sees a user site only so
        env = _environment(HOME=str(home), PYTHONUSERBASE=str(home / "userbase"))
        del env["PYTHONNOUSERSITE"]
        _pip_install(python, wheel, "--user", env=env)
        return [str(home / "userbase" / "bin" / "piecepack-diagrams")], env, home / "userbase"
    assert way == "target"
    python = _venv(home / "venv")
    env = _environment(PYTHONPATH=str(home / "target"))
    _pip_install(python, wheel, "--target", str(home / "target"), env=env)
    return [str(python), "-m", "piecepack_diagrams"], env, home / "target"


def test_the_wheel_marks_the_package_typed(wheel: Path) -> None:
    """PEP 561: the wheel holds py.typed, so type checkers read the package's annotations."""
    with zipfile.ZipFile(wheel) as archive:
        assert "piecepack_diagrams/py.typed" in archive.namelist()


def _check_svg(path: Path) -> None:
    assert ET.parse(path).getroot().tag == "{http://www.w3.org/2000/svg}svg", path


def _check_pdf(path: Path) -> None:
    data = path.read_bytes()
    assert data.startswith(b"%PDF-") and data.rstrip().endswith(b"%%EOF"), path


@pytest.mark.parametrize("way", ["venv", "user", "target"])
def test_the_wheel_runs_its_commands_with_only_the_packaged_data(wheel: Path, tmp_path: Path, way: str) -> None:
    (tmp_path / "home").mkdir()
    command, env, where = _install(way, wheel, tmp_path / "home")
    work = tmp_path / "work"
    work.mkdir()
    shutil.copy(RECORD, work / "mine.ppn")
    python = [command[0]] if way == "target" else [str(tmp_path / "home" / "venv" / "bin" / "python")]
    imported = _run([*python, "-c", "import piecepack_diagrams; print(piecepack_diagrams.__file__)"], cwd=work, env=env)
    assert Path(imported.strip()).resolve().is_relative_to(where.resolve()), imported

    out = work / "output"
    if way == "venv":  # no records/ here: build makes everything of the shipped records
        _run([*command, "build", "--no-animations"], cwd=work, env=env)
        for game in ("coin-collectors", "lab-rats", "labyrinth", "landlocked", "ppn"):
            assert sorted((out / game).glob("*.svg")), game
        _check_svg(out / "ppn" / "tablut-opening.svg")
        _check_pdf(out / "ppn" / "tablut-opening-plates.pdf")
        _check_svg(next((out / "figures").glob("lab-rats*.svg")))
        _check_pdf(out / "puzzles" / "lab-rats-puzzles.pdf")
    else:  # the same lookup as figures' below; a build of the user's records, for time
        (work / "mine").mkdir()
        shutil.copy(RECORD, work / "mine" / "mine.ppn")
        _run([*command, "build", "--records", "mine", "--no-figures", "--no-puzzles", "--no-animations"], cwd=work,
             env=env)
        _check_svg(out / "mine.svg")
        _check_pdf(out / "mine-plates.pdf")
    _check_pdf(out / "proof.pdf")

    _run([*command, "figures", "lab-rats", "-o", "figs"], cwd=work, env=env)
    figures = sorted((work / "figs").glob("*.svg"))
    assert figures and sorted((work / "figs").glob("*.pdf"))
    _check_svg(figures[0])
    _check_pdf(sorted((work / "figs").glob("*.pdf"))[0])

    _run([*command, "plates", "mine.ppn", "--template", "plates-2x3", "-o", "plates.pdf"], cwd=work, env=env)
    _check_pdf(work / "plates.pdf")
    _run([*command, "puzzles", "lab-rats", "--count", "2", "-o", "puzzles.pdf"], cwd=work, env=env)
    _check_pdf(work / "puzzles.pdf")
    assert not (work / "records").exists() and not (work / "templates").exists()


def test_records_default_to_the_folder_here_else_the_shipped_ones(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    from piecepack_diagrams.errors import SetupError
    from piecepack_diagrams.sheets import template_names
    from piecepack_diagrams.shipped import default_records, shipped_folder

    monkeypatch.chdir(tmp_path)
    shipped = default_records()
    assert shipped.is_absolute() and shipped.resolve() == (ROOT / "records").resolve()
    assert sorted(p.name for p in shipped.rglob("*.ppn")) == sorted(p.name for p in (ROOT / "records").rglob("*.ppn"))
    assert template_names() == sorted(p.stem for p in (ROOT / "templates").glob("*.yaml"))
    (tmp_path / "records").mkdir()
    assert default_records() == Path("records")
    with pytest.raises(SetupError, match="no shipped folder 'fonts'"):
        shipped_folder("fonts")  # type: ignore[arg-type]
