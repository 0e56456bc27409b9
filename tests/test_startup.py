"""Start-up stays light: the package imports its names when first used; drawing SVG or
PDF never imports matplotlib (a third of a second), which only PNG and plots need; the
common letters come from the prepared outline table, not fontTools; SVG documents are
built without svgwrite (its import alone outweighs a drawing); a setup with the built-in
theme reads no YAML."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _modules_after(code: str) -> set[str]:
    probe = f"import sys\n{code}\nprint('\\n'.join(sorted(sys.modules)))"
    done = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return set(done.stdout.split())


def test_importing_the_package_imports_little() -> None:
    loaded = _modules_after("import piecepack_diagrams")
    assert "piecepack_diagrams" in loaded
    assert not {"matplotlib", "reportlab", "svgwrite", "piecepack_diagrams.api", "piecepack_diagrams.games"} & loaded


def test_drawing_svg_and_pdf_does_not_import_matplotlib() -> None:
    loaded = _modules_after(
        "import piecepack_diagrams as pd\n"
        "scene = pd.setup_scene('coin-collectors', seed=1)\n"
        "assert pd.render(scene, 'svg').startswith(b'<?xml')\n"
        "assert pd.render(scene, 'pdf').startswith(b'%PDF')\n"
        "assert pd.render(pd.setup_scene('tablut'), 'txt')\n")
    assert "piecepack_diagrams.render.svg" in loaded and "piecepack_diagrams.render.outline_table" in loaded
    heavy = {"matplotlib", "fontTools", "svgwrite", "yaml", "pyparsing"}
    assert not {name for name in loaded if name.split(".")[0] in heavy}


def test_text_outside_the_outline_table_is_read_with_fonttools() -> None:
    loaded = _modules_after("import importlib\n"
                            "lettering = importlib.import_module('piecepack_diagrams.render.lettering')\n"
                            "assert lettering.text_outline('\u03a9')\n")
    assert "fontTools.ttLib" in loaded and "matplotlib" not in loaded


def test_a_setup_from_the_command_line_imports_only_what_it_draws(tmp_path) -> None:
    out = tmp_path / "cc.svg"
    loaded = _modules_after("from piecepack_diagrams.cli import main\n"
                            f"main(['setup', 'coin-collectors', '--seed', '1', '-f', 'svg', '-o', {str(out)!r}])\n")
    assert out.read_bytes().startswith(b"<?xml")
    heavy = {"matplotlib", "fontTools", "svgwrite", "yaml", "reportlab", "statistics", "difflib",
             # what argparse's help width, SIGTERM's main-thread check and temporary files brought
             "shutil", "threading", "tempfile", "base64",
             # what the dataclass decorator brings (inspect, with ast, dis and tokenize: a tenth of the start-up)
             "dataclasses", "inspect"}
    assert not {name for name in loaded if name.split(".")[0] in heavy}
    assert not {"piecepack_diagrams.layout.audit", "piecepack_diagrams.games.generic"} & loaded
    # No drawing option was given: the marks, turns and sizes stay out.
    assert not {"piecepack_diagrams.layout.marks", "piecepack_diagrams.layout.orient",
                "piecepack_diagrams.render.sizing"} & loaded
    # A setup is not a record: the notation parser and the replay engine stay out.
    assert not {"piecepack_diagrams.notation", "piecepack_diagrams.engine.replays"} & loaded


def test_validating_a_record_with_a_flat_header_imports_neither_pyyaml_nor_dataclasses() -> None:
    for record in ("ppn/tablut-opening.ppn", "lab-rats/advanced-seed-6-loss.ppn"):
        loaded = _modules_after("from piecepack_diagrams.cli import main\n"
                                f"assert main(['validate', {str(ROOT / 'records' / record)!r}]) == 0\n")
        assert "piecepack_diagrams.engine.replays" in loaded
        assert not {"yaml", "dataclasses", "inspect"} & loaded, record


def test_frozen_value_classes_are_made_by_value_not_compiled_method_by_method() -> None:
    # The dataclass decorator compiles six methods of each frozen class at import (about a
    # millisecond a class on this machine); ``@value`` compiles one. A frozen dataclass
    # would mark itself frozen in its parameters; value classes are frozen by their own
    # ``__setattr__``.
    found = _modules_after(
        "import dataclasses, importlib, pkgutil\n"
        "import piecepack_diagrams\n"
        "for info in pkgutil.walk_packages(piecepack_diagrams.__path__, 'piecepack_diagrams.'):\n"
        "    if info.name.endswith('__main__'):\n"
        "        continue\n"
        "    module = importlib.import_module(info.name)\n"
        "    for obj in vars(module).values():\n"
        "        if isinstance(obj, type) and obj.__module__ == info.name and dataclasses.is_dataclass(obj) \\\n"
        "                and obj.__dataclass_params__.frozen and '__value_fields__' not in vars(obj):\n"
        "            print('FROZEN:' + info.name + '.' + obj.__qualname__)\n")
    frozen = sorted(name.removeprefix("FROZEN:") for name in found if name.startswith("FROZEN:"))
    assert frozen == []


def test_png_still_draws_through_matplotlib() -> None:
    loaded = _modules_after("import piecepack_diagrams as pd\n"
                            "assert pd.render(pd.setup_scene('tablut'), 'png').startswith(b'\\x89PNG')\n")
    assert "matplotlib" in loaded


def test_the_version_needs_no_drawing_code() -> None:
    loaded = _modules_after("from piecepack_diagrams.cli import main\n"
                            "try:\n    main(['--version'])\nexcept SystemExit:\n    pass\n")
    assert not {"matplotlib", "reportlab", "svgwrite", "piecepack_diagrams.games", "fontTools"} & loaded


def test_the_version_is_answered_before_the_command_line_is_imported() -> None:
    loaded = _modules_after("from piecepack_diagrams.launch import main\nassert main(['--version']) == 0\n")
    assert not {"piecepack_diagrams.cli", "argparse", "dataclasses"} & loaded
    fast = subprocess.run([sys.executable, "-m", "piecepack_diagrams", "--version"], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)
    full = subprocess.run([sys.executable, "-c", "import sys\nfrom piecepack_diagrams.cli import _main\n"
                           "sys.exit(_main(['--version']))"], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert fast.returncode == full.returncode == 0
    assert fast.stdout == full.stdout and fast.stdout.startswith("piecepack-diagrams ")


def test_the_static_tables_of_lazy_imports_agree_with_the_registrations() -> None:
    """Games and setups are imported when first named, through two tables kept by hand:
    each must list exactly what the modules register, where they register it."""
    code = (
        "import importlib, pkgutil\n"
        "import piecepack_diagrams.games as g, piecepack_diagrams.setups as s\n"
        "from piecepack_diagrams.engine import game\n"
        "from piecepack_diagrams.setups import registry, index\n"
        "for m in pkgutil.iter_modules(g.__path__): importlib.import_module(f'{g.__name__}.{m.name}')\n"
        "for m in pkgutil.iter_modules(s.__path__): importlib.import_module(f'{s.__name__}.{m.name}')\n"
        "assert dict(sorted(game.GAME_MODULES.items())) == {k: type(v).__module__.split('.')[2] "
        "for k, v in sorted(game._GAMES.items())}, 'engine.game.GAME_MODULES'\n"
        "assert index.MODULES == {f: i.build.__module__.rsplit('.', 1)[1] "
        "for f, i in sorted(registry._BY_FUNCTION.items())}, 'setups.index.MODULES'\n"
        "print('agree')\n")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and "agree" in done.stdout, done.stderr


def test_a_setup_imports_only_its_own_port() -> None:
    loaded = _modules_after("from piecepack_diagrams.setups import build_frame\nbuild_frame('Fuji-san', seed=3)\n")
    ports = {m.rsplit(".", 1)[1] for m in loaded if m.startswith("piecepack_diagrams.setups.")}
    assert "original_f_to_r" in ports
    assert not {"chess", "checkers", "traditional", "other", "original_a_to_f", "original_s_to_w"} & ports


def test_lazy_names_are_listed_before_they_are_imported_and_unknown_names_are_refused() -> None:
    # help(), completion and the API reference read dir(); the names must be there while
    # their modules are still unimported, and a misspelt name must stay an AttributeError.
    found = _modules_after(
        "import piecepack_diagrams.engine as engine, piecepack_diagrams.layout as layout\n"
        "assert {'Replay', 'replay', 'validate_file'} <= set(dir(engine))\n"
        "assert {'Finding', 'summarize'} <= set(dir(layout))\n"
        "assert 'piecepack_diagrams.engine.replays' not in sys.modules\n"
        "assert 'piecepack_diagrams.layout.audit' not in sys.modules\n"
        "try:\n    engine.Replays\nexcept AttributeError as exc:\n    print('REFUSED:' + str(exc).replace(' ', '_'))\n"
        "assert engine.replay.__module__ == 'piecepack_diagrams.engine.replays'\n")
    assert "REFUSED:module_'piecepack_diagrams.engine'_has_no_attribute_'Replays'" in found
    assert "piecepack_diagrams.engine.replays" in found


def test_a_pdf_without_words_reads_no_font_file_and_one_with_words_embeds_its_font(tmp_path) -> None:
    found = _modules_after(
        "import piecepack_diagrams as pd\n"
        "from dataclasses import replace\n"
        "from reportlab.pdfbase import pdfmetrics\n"
        "scene = pd.setup_scene('coin-collectors', seed=1)\n"
        "assert not scene.caption\n"
        "assert pd.render(scene, 'pdf').startswith(b'%PDF')\n"
        "print('BEFORE:' + ','.join(pdfmetrics.getRegisteredFontNames()))\n"
        f"open({str(tmp_path / 'caption.pdf')!r}, 'wb').write(pd.render(replace(scene, caption='Seed 1'), 'pdf'))\n"
        "print('AFTER:' + ','.join(pdfmetrics.getRegisteredFontNames()))\n")
    before = next(name for name in found if name.startswith("BEFORE:"))
    after = next(name for name in found if name.startswith("AFTER:"))
    assert "DejaVu" not in before and "DejaVu" in after
    fonts = subprocess.run(["pdffonts", str(tmp_path / "caption.pdf")], capture_output=True, text=True, check=True)
    rows = fonts.stdout.splitlines()[2:]
    # One font, embedded as a subset with its Unicode map (pdffonts' emb, sub and uni columns).
    assert len(rows) == 1 and "DejaVuSans" in rows[0] and rows[0].split()[-5:-2] == ["yes", "yes", "yes"], rows
