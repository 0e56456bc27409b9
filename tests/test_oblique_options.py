"""The oblique view through every drawing command and library function: ``--view``,
``--angle`` and ``--depth`` on setup, render, plates, viewer, figure and figures (``view=``,
``angle=``, ``depth=`` in their functions), values out of range a usage error naming the range."""

from __future__ import annotations

import re
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from PIL import Image

from piecepack_diagrams.api import first_record
from piecepack_diagrams.cli import main
from piecepack_diagrams.engine import replay
from piecepack_diagrams.errors import OptionError
from piecepack_diagrams.figures import figure_files, figure_games, figure_set, game_replays
from piecepack_diagrams.sheets.plates import plates_pdf, plates_svg
from piecepack_diagrams.sheets.viewer import viewer_html

ROOT = Path(__file__).resolve().parents[1]
RECORD = sorted((ROOT / "records" / "coin-collectors").glob("*.ppn"))[0]


def _size(svg: bytes | str) -> tuple[float, float]:
    """An SVG's width and height (points)."""
    root = ET.fromstring(svg)
    return tuple(float(re.sub("[a-z]+$", "", root.get(k, "0"))) for k in ("width", "height"))  # type: ignore[return-value]


def _svg_of(tmp_path: Path, *words: str) -> tuple[float, float]:
    out = tmp_path / "d.svg"
    assert main([*words, "-o", str(out)]) == 0
    return _size(out.read_bytes())


def test_setup_and_render_draw_the_view_asked_for(tmp_path) -> None:
    flat = _svg_of(tmp_path, "setup", "coin-collectors", "--seed", "1")
    up = _svg_of(tmp_path, "setup", "coin-collectors", "--seed", "1", "--view", "oblique", "--angle", "90",
                 "--depth", "2")
    right = _svg_of(tmp_path, "setup", "coin-collectors", "--seed", "1", "--view", "oblique", "--angle", "0",
                    "--depth", "2")
    # Heights are drawn towards the angle: up makes the drawing taller for its width, right wider.
    assert up[1] / up[0] > flat[1] / flat[0] > right[1] / right[0]
    right = _svg_of(tmp_path, "render", str(RECORD), "--move", "0", "--view", "oblique", "--angle", "0", "--depth", "2")
    up = _svg_of(tmp_path, "render", str(RECORD), "--move", "0", "--view", "oblique", "--angle", "90", "--depth", "2")
    assert up[1] / up[0] > right[1] / right[0]


@pytest.mark.parametrize("command", [
    ["setup", "coin-collectors"], ["render", str(RECORD)], ["plates", str(RECORD)], ["viewer", str(RECORD)],
    ["figure", "coin-collectors-setup"], ["figures", "coin-collectors"], ["animate", str(RECORD)]])
@pytest.mark.parametrize("option,words", [
    (["--angle", "361"], "--angle: 361 is out of range; expected 0 to 360"),
    (["--depth", "0"], "--depth: 0 is out of range; expected a depth scale above 0, at most 4"),
    (["--depth", "x"], "--depth: 'x' is not a number"),
    (["--view", "side"], "--view: 'side' is no view; expected flat or oblique"),
    (["--die-arrangement", "sideways"], "--die-arrangement: invalid choice: 'sideways'")])
def test_out_of_range_view_options_are_usage_errors(command, option, words, tmp_path, capsys) -> None:
    with pytest.raises(SystemExit) as stopped:
        main([*command, "--view", "oblique", *option, "-o", str(tmp_path / "x")])
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert words in err and f"piecepack-diagrams {command[0]}: error: argument" in err
    assert not (tmp_path / "x").exists()


def test_an_angle_without_the_oblique_view_is_refused_not_ignored(tmp_path, capsys) -> None:
    assert main(["setup", "coin-collectors", "--angle", "30", "-o", str(tmp_path / "x.svg")]) == 2
    assert "--angle without --view oblique" in capsys.readouterr().err
    assert not (tmp_path / "x.svg").exists()


def test_plates_and_viewer_draw_their_positions_in_the_view(tmp_path) -> None:
    result = replay(first_record(RECORD, 1))
    right = plates_svg(result, stem="p", moves=range(0, 2), view="oblique", angle=0, depth=2)
    up = plates_svg(result, stem="p", moves=range(0, 2), view="oblique", angle=90, depth=2)
    assert right.keys() == up.keys() == plates_svg(result, stem="p", moves=range(0, 2)).keys()
    for name in up:
        if name != "p-key.svg":
            rw, rh = _size(right[name])
            uw, uh = _size(up[name])
            assert uh / uw > rh / rw  # drawn taller for its width: heights go up the page
    page = viewer_html(result, view="oblique", angle=90, depth=2)
    assert page != viewer_html(result)
    with pytest.raises(OptionError):
        viewer_html(result, view="oblique", depth=5)
    flat_page = _last_page(plates_pdf(result, moves=range(0, 1)), tmp_path)
    oblique_page = _last_page(plates_pdf(result, moves=range(0, 1), view="oblique"), tmp_path)
    assert flat_page.size == oblique_page.size and flat_page.tobytes() != oblique_page.tobytes()


def _last_page(pdf: bytes, folder: Path) -> Image.Image:
    """The PDF's last page rasterized (pdftoppm, 30 pixels an inch), by way of ``folder``."""
    pages = len(re.findall(rb"/Type\s*/Page\b", pdf))
    (folder / "in.pdf").write_bytes(pdf)
    subprocess.run(["pdftoppm", "-r", "30", "-png", "-singlefile", "-f", str(pages), str(folder / "in.pdf"),
                    str(folder / "out")], check=True)
    return Image.open(folder / "out.png").convert("L")


def test_figures_are_drawn_in_the_view() -> None:
    figures = figure_set("coin-collectors", game_replays("coin-collectors", None)).figures[:1]
    flat = figure_files(figures, formats=("svg",))
    oblique = figure_files(figures, formats=("svg",), view="oblique", angle=90, depth=2)
    (name,) = flat
    assert _size(oblique[name]) != _size(flat[name])
    with pytest.raises(OptionError):
        figure_files(figures, formats=("txt",), view="oblique")
    assert "coin-collectors" in figure_games()
