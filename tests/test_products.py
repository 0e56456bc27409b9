"""Printable products: page templates, plates (PDF and SVG), rulebook figure sets, PDF
quality (embedded fonts, metadata, true size, byte-identical re-runs) and the main job.

PDFs are checked as pictures (rasterized by pdftoppm) and through poppler's pdfinfo and
pdffonts; expectations come from the records and templates as files, read here on their own.
"""

from __future__ import annotations

import math
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
import yaml
from PIL import Image
from raster import rasterize_pdf

from piecepack_diagrams.api import render_position, replay_file
from piecepack_diagrams.cli import main
from piecepack_diagrams.errors import PiecepackError
from piecepack_diagrams.notation import read_records
from piecepack_diagrams.sheets import load_template, template_names

ROOT = Path(__file__).resolve().parents[1]
RECORDS = ROOT / "records"
HARD_WON = RECORDS / "landlocked" / "hard-won.ppn"
TIC_TAC_TOE = RECORDS / "ppn" / "tic-tac-toe-draw.ppn"
SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(autouse=True)
def _poppler():
    for tool in ("pdftoppm", "pdfinfo", "pdffonts"):
        if shutil.which(tool) is None:
            pytest.fail(f"{tool} (poppler-utils) is needed; the README's test command installs it")


def _info(pdf: Path) -> dict[str, str]:
    out = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout
    return {k.strip(): v.strip() for k, _, v in (line.partition(":") for line in out.splitlines())}


def _ink(width: int, pixels: bytes, box: tuple[int, int, int, int]) -> int:
    """How many pixels in ``box`` (x0, y0, x1, y1) are not near white."""
    x0, y0, x1, y1 = box
    count = 0
    for y in range(y0, y1):
        row = pixels[(y * width + x0) * 3:(y * width + x1) * 3]
        count += sum(1 for i in range(0, len(row), 3) if min(row[i:i + 3]) < 200)
    return count


def _ink_box(width: int, height: int, pixels: bytes) -> tuple[int, int, int, int]:
    xs, ys = [], []
    for y in range(height):
        for x in range(width):
            if min(pixels[(y * width + x) * 3:(y * width + x) * 3 + 3]) < 200:
                xs.append(x)
                ys.append(y)
    return min(xs), min(ys), max(xs) + 1, max(ys) + 1


def _template_file(name: str) -> dict:
    return yaml.safe_load((ROOT / "templates" / f"{name}.yaml").read_text(encoding="utf-8"))


# --- templates ------------------------------------------------------------------------------------

def test_the_issue_s_templates_are_shipped_and_load():
    assert {"plates-2x3", "plates-1x1", "puzzle-sheet", "figure", "pocket", "answer-key"} <= set(template_names())
    for name in template_names():
        data = _template_file(name)
        template = load_template(name)
        columns, rows = data.get("grid", [1, 1])
        assert len(template.cells()) == columns * rows
        assert data.get("description"), f"{name} says what it is for"
    pocket = load_template("pocket")
    assert (round(pocket.width * 72, 1), round(pocket.height * 72, 1)) == (419.8, 595.4)  # A5 in points


def test_a_bad_template_field_is_located_at_its_line(tmp_path):
    cases = [("header", 'header: "{title} {chapter}"', "may fill in only"),
             ("caption_font", "caption_font: Comic Sans", "names no font"),
             ("fit_height", "fit_height: true\ngrid: [1, 2]", "one row"),
             ("footer_size", "footer_size: 400", "must be a number")]
    for key, text, wording in cases:
        path = tmp_path / f"{key}.yaml"
        path.write_text(f"description: a test\npaper: a4\n{text}\n", encoding="utf-8")
        with pytest.raises(PiecepackError, match=wording) as err:
            load_template(path)
        assert err.value.location.file == str(path)
        assert err.value.location.line == 3, f"{key}: the error names the line of the field"


def test_a_copied_template_changes_the_pages_without_code(tmp_path):
    mine = tmp_path / "three-up.yaml"
    text = (ROOT / "templates" / "plates-2x3.yaml").read_text(encoding="utf-8")
    text = text.replace("grid: [2, 3]", "grid: [1, 3]").replace("paper: letter", "paper: a4")
    mine.write_text(text, encoding="utf-8")
    out = tmp_path / "plates.pdf"
    assert main(["plates", str(HARD_WON), "--template", str(mine), "-o", str(out)]) == 0
    positions = len(read_records(HARD_WON)[0].groups) + 1
    info = _info(out)
    assert int(info["Pages"]) == 1 + math.ceil(positions / 3)  # the game's key on a page of its own first
    assert info["Page size"].startswith("595.44 x 841.68")  # A4


# --- plates ---------------------------------------------------------------------------------------

def test_plates_fill_the_template_s_cells_page_after_page(tmp_path):
    out = tmp_path / "plates.pdf"
    assert main(["plates", str(HARD_WON), "-o", str(out)]) == 0
    data = _template_file("plates-2x3")
    columns, rows = data["grid"]
    positions = len(read_records(HARD_WON)[0].groups) + 1
    info = _info(out)
    # The game's key on a page of its own first (Landlocked draws one: the suits, the coins).
    assert int(info["Pages"]) == 1 + math.ceil(positions / (columns * rows))
    assert info["Page size"].startswith("612 x 792")  # letter, as the template says
    dpi = 20
    margin = data["margins"]
    for page in range(2, int(info["Pages"]) + 1):
        width, height, pixels = rasterize_pdf(out, dpi=dpi, page=page)
        # The diagram area: inside the margins, below the header line, above the footer.
        x0, x1 = margin * dpi, width - margin * dpi
        y0, y1 = (margin + 0.45) * dpi, height - (margin + 0.3) * dpi
        shown = positions - (page - 2) * columns * rows
        for k in range(columns * rows):
            c, r = k % columns, k // columns
            cx = x0 + (c + 0.5) * (x1 - x0) / columns
            cy = y0 + (r + 0.4) * (y1 - y0) / rows
            box = (int(cx - 0.6 * dpi), int(cy - 0.6 * dpi), int(cx + 0.6 * dpi), int(cy + 0.6 * dpi))
            ink = _ink(width, pixels, box)
            if k < shown:
                assert ink > 0.2 * (1.2 * dpi) ** 2, f"page {page}, cell {k + 1} holds a diagram"
            else:
                assert ink == 0, f"page {page}, cell {k + 1} is empty"


def test_a_diagram_that_fits_prints_at_true_size(tmp_path):
    from piecepack_diagrams.theme import DEFAULT

    plates, alone = tmp_path / "plates.pdf", tmp_path / "alone.pdf"
    assert main(["plates", str(TIC_TAC_TOE), "--moves", "1", "--template", "plates-1x1", "-o", str(plates)]) == 0
    assert main(["render", str(TIC_TAC_TOE), "--move", "1", "-f", "pdf", "-o", str(alone)]) == 0
    dpi = 30
    back = tuple(int(DEFAULT.tile_back_background[k:k + 2], 16) for k in (1, 3, 5))
    # The drawing alone is at true size by definition (its page is its extent in inches); on
    # the plate page the tile (the board of this game: one tile back) must measure the same.
    sizes = []
    for pdf in (plates, alone):
        width, height, pixels = rasterize_pdf(pdf, dpi=dpi, page=1)
        xs, ys = [], []
        for y in range(height):
            for x in range(width):
                if all(abs(a - b) <= 6 for a, b in zip(pixels[(y * width + x) * 3:(y * width + x) * 3 + 3], back)):
                    xs.append(x)
                    ys.append(y)
        sizes.append((max(xs) - min(xs) + 1, max(ys) - min(ys) + 1))
    assert sizes[0] == pytest.approx(sizes[1], abs=2)
    # A tile is 2 inches; it is drawn a little smaller (TILE_DRAWN), so neighbours show a gap.
    from piecepack_diagrams.render.primitives import TILE_DRAWN

    # (The tile's edge, 1.5 points, covers the outermost part of its background.)
    assert sizes[0] == pytest.approx((TILE_DRAWN * dpi, TILE_DRAWN * dpi), abs=3)


def test_plates_as_svg_files_share_one_scale(tmp_path):
    folder = tmp_path / "svg"
    assert main(["plates", str(HARD_WON), "-o", str(folder)]) == 0
    groups = read_records(HARD_WON)[0].groups
    files = sorted(folder.iterdir())
    assert [f.name for f in files] == [f"hard-won-{k:03d}.svg" for k in range(len(groups) + 1)] + ["hard-won-key.svg"]
    files = files[:-1]  # the key is drawn by itself, at its own size
    boxes = set()
    for k, path in enumerate(files):
        root = ET.parse(path).getroot()
        boxes.add((root.get("viewBox"), root.get("width"), root.get("height")))
        texts = ["".join(t.itertext()) for t in root.iter(f"{SVG}text")]
        if k:
            # Captioned with its move, in words: its number and the space the leg ends on.
            caption = " ".join(texts)
            assert groups[k - 1].label.rstrip(".") in caption and groups[k - 1].text.split("-")[-1] in caption, \
                "each plate is captioned with its move"
    assert len(boxes) == 1


def test_plates_refuse_a_bad_output_and_write_nothing(tmp_path, capsys):
    assert main(["plates", str(HARD_WON), "-o", str(tmp_path / "plates.png")]) == 2  # a usage error
    assert main(["plates", str(HARD_WON), "--moves", "5-99", "-o", str(tmp_path / "p.pdf")]) == 1
    assert list(tmp_path.iterdir()) == []
    err = capsys.readouterr().err
    assert "go into a folder" in err and f"{HARD_WON}:1:1: error: moves 5-99" in err


# --- PDF quality ----------------------------------------------------------------------------------

def test_pdfs_embed_their_fonts_and_describe_themselves(tmp_path):
    plates, book = tmp_path / "plates.pdf", tmp_path / "book.pdf"
    assert main(["plates", str(HARD_WON), "-o", str(plates)]) == 0
    assert main(["puzzles", "landlocked", "--count", "2", "-o", str(book)]) == 0
    event = yaml.safe_load(HARD_WON.read_text(encoding="utf-8").split("...")[0].strip("-\n"))["Event"]
    for pdf in (plates, book):
        fonts = subprocess.run(["pdffonts", str(pdf)], capture_output=True, text=True, check=True).stdout
        rows = fonts.splitlines()[2:]
        assert rows, "the pages have text"
        for row in rows:
            assert re.search(r"\byes\s+yes\s+yes\b", row), f"every font is embedded (as a subset): {row}"
        info = _info(pdf)
        assert info["Author"] and info["Subject"] and info["Title"]
    assert _info(plates)["Title"] == event
    assert "hard-won.ppn" in _info(plates)["Subject"]


def test_products_are_byte_identical_on_re_run(tmp_path):
    for name, args in [("plates.pdf", ["plates", str(HARD_WON)]),
                       ("pocket.pdf", ["plates", str(HARD_WON), "--template", "pocket"]),
                       ("book.pdf", ["puzzles", "coin-collectors", "--count", "2", "--seed", "3"])]:
        first, second = tmp_path / f"1-{name}", tmp_path / f"2-{name}"
        assert main([*args, "-o", str(first)]) == 0
        assert main([*args, "-o", str(second)]) == 0
        assert first.read_bytes() == second.read_bytes(), name


def test_a_puzzle_template_names_its_answer_key_layout(tmp_path):
    mine = tmp_path / "pocket-puzzles.yaml"
    mine.write_text("description: puzzles in A5, key in A5\npaper: a5\ngrid: [1, 1]\nanswer_key: pocket\n")
    out = tmp_path / "book.pdf"
    assert main(["puzzles", "landlocked", "--count", "3", "--template", str(mine), "-o", str(out)]) == 0
    pocket = _template_file("pocket")
    per_key_page = pocket["grid"][0] * pocket["grid"][1]
    info = _info(out)
    assert int(info["Pages"]) == 3 + math.ceil(3 / per_key_page)
    for page in (1, int(info["Pages"])):
        out_info = subprocess.run(["pdfinfo", "-f", str(page), "-l", str(page), str(out)], capture_output=True,
                                  text=True, check=True).stdout
        assert "419.76 x 595.44" in out_info


# --- rulebook figures -----------------------------------------------------------------------------

def test_every_game_has_its_figure_set(tmp_path):
    folder = tmp_path / "figures"
    assert main(["figures", "all", "-o", str(folder)]) == 0
    names = {p.name for p in folder.iterdir()}
    for game in ("lab-rats", "coin-collectors", "landlocked", "labyrinth"):
        for part in ("setup", "illegal-move", "end"):
            assert {f"{game}-{part}.svg", f"{game}-{part}.pdf"} <= names
        moves = {n for n in names if n.startswith(f"{game}-move-")}
        assert len(moves) >= 4, f"{game}: at least two kinds of move"
    assert {"lab-rats-maze-building.svg", "lab-rats-maze-building.pdf"} <= names
    assert {"lab-rats-move-rat.svg", "lab-rats-move-null-coin.svg", "lab-rats-move-discard.svg"} <= names
    assert {"landlocked-move-outbound.svg", "landlocked-move-inbound.svg", "landlocked-move-home.svg"} <= names
    # A figure page is as wide as its own template's paper (a move a column wide, a whole board,
    # the setup and the end, the width of a page's text) and no taller than it needs.
    from piecepack_diagrams.figures import figure_set, game_replays

    templates = {f.name: f.template for game in ("lab-rats", "coin-collectors", "landlocked", "labyrinth")
                 for f in figure_set(game, game_replays(game)).figures}
    assert {templates[f"{game}-{part}"] for game in ("landlocked", "lab-rats") for part in ("setup", "end")} \
        == {"figure-wide"} and templates["landlocked-move-home"] == "figure"
    for pdf in folder.glob("*.pdf"):
        info = _info(pdf)
        w, h = (float(v) for v in info["Page size"].split()[:3:2])
        paper_width = _template_file(templates[pdf.stem])["paper"][0]
        assert abs(w - paper_width * 72) < 0.5 and h <= 11 * 72, pdf.name


def test_the_illegal_move_figure_shows_a_move_the_rules_really_refuse(tmp_path):
    from piecepack_diagrams.engine import replay
    from piecepack_diagrams.figures import figure_files, figure_set, game_replays
    from piecepack_diagrams.notation import parse_records

    for game in ("lab-rats", "coin-collectors", "landlocked", "labyrinth"):
        figures = figure_set(game, game_replays(game)).figures
        figure = next(f for f in figures if f.name.endswith("illegal-move"))
        # The record it came from, cut after its position, with the refused move next.
        text = Path(figure.source).read_text(encoding="utf-8")
        header = text[:text.index("\n...\n") + 5]
        groups = read_records(figure.source)[0].groups
        kept = " ".join(f"{g.label} {g.text}" for g in groups[:figure.position])
        label = groups[figure.position].label if figure.position < len(groups) else f"{figure.position + 1}."
        refused = parse_records(f"{header}{kept} {label} {figure.move}\n")[0]
        errors = replay(refused, strict=False).errors
        assert errors and figure.move in errors[0].format(), f"{game}: {figure.move} is refused"
        # The caption gives the rule (in words: the move itself is drawn, not written in notation);
        # a game may say which step it is in its own words, but the rule's are there.
        rule = errors[0].message.split(": ")[-1]
        assert rule[:30].lower() in figure.scene.caption.lower(), "the caption gives the rule"
        # The figure marks the move: the annotation red is on the drawing.
        pdf = tmp_path / f"{game}.pdf"
        pdf.write_bytes(figure_files([figure], formats=("pdf",))[f"{figure.name}.pdf"])
        _width, _height, pixels = rasterize_pdf(pdf, dpi=60, page=1)
        assert any(abs(pixels[i] - 0xC8) < 40 and pixels[i + 1] < 60 and pixels[i + 2] < 80
                   for i in range(0, len(pixels), 3)), f"{game}: the refused move is drawn"
        # Each move figure shows a move that is in its record, at the position it names.
        for move in (f for f in figures if "-move-" in f.name):
            moved = read_records(move.source)[0].groups[move.position]
            assert moved.text == move.move


# --- the main job ---------------------------------------------------------------------------------

def test_build_renders_everything(tmp_path, capsys):
    from piecepack_diagrams.build import SAMPLE_BOOKS

    assert main(["build", "--output", str(tmp_path)]) == 0
    records = sorted(RECORDS.rglob("*.ppn"))
    for record in records:
        stem = tmp_path / record.relative_to(RECORDS).with_suffix("")
        for suffix in (".svg", ".pdf", ".png", ".txt", ".html"):
            assert stem.with_suffix(suffix).is_file(), stem.with_suffix(suffix)
        assert stem.with_name(f"{stem.name}-plates.pdf").is_file()
        with Image.open(stem.with_suffix(".gif")) as gif:  # issue 21: the moves animated, one frame or more a move
            (game,) = replay_file(record)
            assert gif.format == "GIF" and gif.n_frames > len(game.positions) - 1, record
        if record.parent.name in ("landlocked", "labyrinth"):
            # The text file is the text the render command prints (laid out on its own grid, not
            # squeezed into the print layout, where key lines ran into each other).
            (game,) = replay_file(record)
            assert stem.with_suffix(".txt").read_bytes() == render_position(game, "last", "txt"), record
    assert len(list((tmp_path / "figures").glob("*.pdf"))) >= 4 * 5
    books = sorted((tmp_path / "puzzles").glob("*.pdf"))
    assert [b.name for b in books] == sorted(f"{game}-puzzles.pdf" for game, _, _ in SAMPLE_BOOKS)
    printed = capsys.readouterr()
    err = printed.err
    assert f"{len(records)}/" in err and "puzzles: landlocked" in err, "a progress line for each step"
    # Issue 16: every drawing build writes passes the layout audit (text at print size, no
    # collisions, nothing off the page), and the proof sheet shows each product.
    summary = [line for line in (printed.out + err).splitlines() if line.startswith("layout audit:")]
    assert len(summary) == 1, summary
    drawings = int(re.search(r"(\d+) drawings?$", summary[0]).group(1))
    assert summary[0] == f"layout audit: no findings in {drawings} drawings", summary[0]
    assert drawings > len(records) * 4, "every record's drawings, figures and puzzle pages are audited"
    assert (tmp_path / "proof.pdf").is_file()


def test_build_reports_a_bad_record_and_builds_the_rest(tmp_path, capsys):
    records, out = tmp_path / "records", tmp_path / "out"
    records.mkdir()
    shutil.copy(HARD_WON, records / "good.ppn")
    text = HARD_WON.read_text(encoding="utf-8").replace("2. b4-c4-c3-c2-d2-d1", "2. b4-b3-b2-b1-c1-d1")
    (records / "bad.ppn").write_text(text, encoding="utf-8")
    # (--no-animations: the GIFs are checked by test_build_renders_everything, and take most of the time.)
    assert main(["build", "--records", str(records), "--output", str(out), "--no-puzzles", "--no-animations"]) == 1
    err = capsys.readouterr().err
    assert re.search(r"bad\.ppn:\d+:\d+: error: move 2 \(b4-b3-b2-b1-c1-d1\)", err)
    # The bad record gets only its viewer page, which shows the error; the good one gets everything.
    assert sorted(p.name for p in out.glob("bad*")) == ["bad.html"]
    assert "invalid" in (out / "bad.html").read_text(encoding="utf-8")
    assert {p.name for p in out.glob("good*")} == {f"good{s}" for s in (".svg", ".pdf", ".png", ".txt", ".html",
                                                                      "-plates.pdf")}  # no .gif: none was asked for
    # Figures come from the valid games built: Landlocked only.
    assert {p.name.split("-")[0] for p in (out / "figures").iterdir()} == {"landlocked"}
    assert not (out / "puzzles").exists()
    assert main(["build", "--records", str(tmp_path / "nowhere"), "--output", str(out)]) == 1
