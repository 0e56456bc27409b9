"""Themes and page templates as hostile input: every field is checked for its type and
range when the file is read, and every refusal names the file and the line (and column)
of the field, through the library and through the command line, never a traceback."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from piecepack_diagrams.cli import main
from piecepack_diagrams.errors import PiecepackError
from piecepack_diagrams.sheets import load_template
from piecepack_diagrams.theme import Theme, load_theme

ROOT = Path(__file__).resolve().parents[1]
TABLUT = ROOT / "records" / "ppn" / "tablut-opening.ppn"
# Two lines before the field under test, so that a refusal placed at the file's start is wrong.
PREAMBLE = "# a settings file\ndescription: lines before the field\n"
THEME_PREAMBLE = "# a theme\nbase: default\n"


def _refused_at(load, path: Path, line: int, column: int | None = None) -> PiecepackError:
    with pytest.raises(PiecepackError) as err:
        load(path)
    location = err.value.location
    assert location is not None and location.file == str(path), err.value
    assert location.line == line, f"{err.value.format()}: expected line {line}"
    if column is not None:
        assert location.column == column, err.value.format()
    return err.value


def _cli_refuses(args: list[str], capsys, path: Path, line: int) -> str:
    assert main(args) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"{path}:{line}:") and ": error: " in err, err
    assert "Traceback" not in err
    return err


# --- numbers too long to be settings ------------------------------------------------------------

_LONG_NUMBERS = [("9" * 5000, "decimal, past Python's 4,300 digits"),
                 ("-" + "1" * 4400, "negative decimal"),
                 ("0x" + "f" * 3000, "hexadecimal, which Python reads but cannot print"),
                 ("0" + "7" * 2000, "octal"),
                 (":".join(["59"] * 3000), "sexagesimal, which multiplies up"),
                 ("1" + "0" * 60, "merely too long")]


@pytest.mark.parametrize("number", [n for n, _ in _LONG_NUMBERS], ids=[w for _, w in _LONG_NUMBERS])
def test_a_number_too_long_in_a_template_is_refused_at_its_place(tmp_path, capsys, number):
    path = tmp_path / "mine.yaml"
    path.write_text(f"{PREAMBLE}gap: 0.3\ngrid: [2, {number}]\n", encoding="utf-8")
    error = _refused_at(load_template, path, 4, 11)
    assert "digits" in error.describe()
    _cli_refuses(["plates", str(TABLUT), "--template", str(path), "-o", str(tmp_path / "p.pdf")], capsys, path, 4)
    assert not (tmp_path / "p.pdf").exists()


@pytest.mark.parametrize("number", [n for n, _ in _LONG_NUMBERS], ids=[w for _, w in _LONG_NUMBERS])
def test_a_number_too_long_in_a_theme_is_refused_at_its_place(tmp_path, capsys, number):
    path = tmp_path / "mine.yaml"
    path.write_text(f"{THEME_PREAMBLE}edge: '#000000'\nline_width: {number}\n", encoding="utf-8")
    _refused_at(load_theme, path, 4, 13)
    _cli_refuses(["setup", "tablut", "--theme", str(path), "-o", str(tmp_path / "t.svg")], capsys, path, 4)


def test_a_long_number_behind_an_alias_or_in_a_mapping_is_found(tmp_path):
    path = tmp_path / "mine.yaml"
    path.write_text(f"{THEME_PREAMBLE}edge: '#000000'\nname: x\nbit_colours: &big [{'7' * 4500}]\n"
                    "suit_colours: *big\n", encoding="utf-8")
    _refused_at(load_theme, path, 5, 20)
    path.write_text(f"{PREAMBLE}paper: {{size: {'8' * 4400}}}\n", encoding="utf-8")
    _refused_at(load_template, path, 3, 15)


# --- themes: every field, typed and ranged --------------------------------------------------------

def _wrong_values(field: dataclasses.Field) -> list[object]:
    """Values of the wrong type or out of range for a theme field."""
    default = field.default
    if isinstance(default, tuple):  # a list of strings: a number, a string, too many, not strings
        return [5, "#FF0000", list(default) * 3, [1] * len(default), [[]] * len(default)]
    if isinstance(default, float):
        return ["wide", True, [1.0], float("nan"), float("inf"), 1e300, -1.0]
    return [5, True, ["#FF0000"], {"a": 1}, 1e300, "x" * 5000]


@pytest.mark.parametrize("field", dataclasses.fields(Theme), ids=lambda f: f.name)
def test_every_theme_field_of_the_wrong_type_or_range_is_refused_at_its_line(tmp_path, field):
    import yaml

    for k, value in enumerate(_wrong_values(field)):
        if field.name == "lettering_font" and isinstance(value, str):
            continue  # a string names a font file, which is refused when it is not one (below)
        path = tmp_path / f"{field.name}-{k}.yaml"
        text = yaml.safe_dump({field.name: value}, width=10 ** 6)
        path.write_text(f"{THEME_PREAMBLE}\n{text}", encoding="utf-8")
        error = _refused_at(load_theme, path, 4)
        assert field.name in error.describe(), error.describe()
        assert len(error.format()) < 400, "the message shows a bad value shortened"


def test_a_theme_that_would_make_captions_fifty_inches_tall_is_refused(tmp_path, capsys):
    path = tmp_path / "huge.yaml"
    path.write_text(f"{THEME_PREAMBLE}edge: '#000000'\ncaption_size: 50\n", encoding="utf-8")
    err = _cli_refuses(["setup", "tablut", "--theme", str(path), "-o", str(tmp_path / "t.png")], capsys, path, 4)
    assert "caption_size" in err and "0.5" in err
    assert not (tmp_path / "t.png").exists()


def test_theme_fields_set_from_python_are_checked_too():
    with pytest.raises(PiecepackError, match="caption_size"):
        Theme().replace(caption_size=50)
    with pytest.raises(PiecepackError, match="rank_symbols"):
        Theme().replace(rank_symbols=5)
    assert Theme().replace(suit_colours=["#000000"] * 4).suit_colours == ("#000000",) * 4


def test_a_missing_lettering_font_and_an_unknown_base_are_refused_at_their_lines(tmp_path):
    path = tmp_path / "font.yaml"
    path.write_text(f"{THEME_PREAMBLE}edge: '#000000'\nlettering_font: no-such-font.ttf\n", encoding="utf-8")
    _refused_at(load_theme, path, 4)
    path.write_text("# a theme\nedge: '#000000'\nbase: [print]\n", encoding="utf-8")
    _refused_at(load_theme, path, 3)


# --- templates: headers and footers fill in only their fields -------------------------------------

_BAD_PAGE_TEXTS = ["{title:>2000000000}", "{page:0" + "9" * 150 + "}", "{title:%}", "{page:,}", "{title!r}",
                   "{title!s:>3}", "{title:{page}}", "{page.real}", "{pages[0]}", "{0}", "{}", "{page:=5}",
                   "{title:>100}", "{page:.3}", "{page:x}", "x {", "x }", "{title:\u0085>3}", "t\u2028{page}"]


@pytest.mark.parametrize("key", ["header", "footer"])
@pytest.mark.parametrize("text", _BAD_PAGE_TEXTS)
def test_a_header_or_footer_with_a_field_outside_the_documented_ones_is_refused_at_its_line(tmp_path, capsys,
                                                                                             key, text):
    import yaml

    path = tmp_path / "mine.yaml"
    path.write_text(f"{PREAMBLE}{key}: {yaml.safe_dump(text).splitlines()[0]}\nfooter_size: 9\n", encoding="utf-8")
    assert yaml.safe_load(path.read_text(encoding="utf-8"))[key] == text
    error = _refused_at(load_template, path, 3)
    assert key in error.describe()
    _cli_refuses(["plates", str(TABLUT), "--template", str(path), "-o", str(tmp_path / "p.pdf")], capsys, path, 3)


def test_a_template_made_in_python_is_checked_too():
    from piecepack_diagrams.sheets.template import Template

    with pytest.raises(PiecepackError, match="header"):
        Template("mine", header="{title:>2000000000}")
    with pytest.raises(PiecepackError, match="footer"):
        Template("mine", footer="{page:%}")


@pytest.mark.parametrize("text", ["{title}", "{page:>3} of {pages}", "{page:0>3}", "{title:*^40}", "{page:05}",
                                  "Page {page:<2}/{pages:2}", "{{braces}} {title:}"])
def test_the_documented_fields_fill_in(tmp_path, text):
    path = tmp_path / "mine.yaml"
    path.write_text(f'{PREAMBLE}header: "{text}"\n', encoding="utf-8")
    template = load_template(path)
    assert template.page_text(template.header, title="T", page=7, pages=12) == text.format(title="T", page=7,
                                                                                          pages=12)


def test_any_header_the_reader_accepts_formats_at_once(tmp_path):
    """A property: whatever header text the reader accepts is filled in quickly (a page
    number, a count and any title) and comes out no longer than the fields' widths allow."""
    import time

    from hypothesis import given
    from hypothesis import strategies as st

    from piecepack_diagrams.sheets.template import check_page_text

    fields = st.sampled_from(["title", "page", "pages", "0", "", "page.x", "title[0]"])
    specs = st.one_of(st.just(""), st.text(st.sampled_from("0123456789<>^=*%.,xds{}!: "), max_size=8))
    pieces = st.lists(st.one_of(st.text(st.sampled_from("ab {}"), max_size=3),
                                st.builds(lambda f, s: "{" + f + (":" + s if s else "") + "}", fields, specs)),
                      max_size=5)

    @given(pieces, st.text(max_size=300), st.integers(0, 10 ** 6))
    def check(parts, title, page):
        pattern = "".join(parts)
        try:
            check_page_text(pattern, "header")
        except PiecepackError as error:
            assert error.token == "header"
            return
        start = time.process_time()
        text = pattern.format(title=title, page=page, pages=page)
        assert time.process_time() - start < 0.5
        assert len(text) <= len(pattern) + len(parts) * (99 + len(title) + 7)

    check()


def test_a_lettering_font_that_is_no_font_is_refused_at_its_line(tmp_path, capsys):
    import matplotlib

    (tmp_path / "notes.ttf").write_text("not a font at all\n", encoding="utf-8")
    (tmp_path / "noise.otf").write_bytes(bytes(range(256)) * 40)
    for name in ("notes.ttf", "noise.otf", "."):
        path = tmp_path / "mine.yaml"
        path.write_text(f"{THEME_PREAMBLE}edge: '#000000'\nlettering_font: {name}\n", encoding="utf-8")
        _refused_at(load_theme, path, 4)
        _cli_refuses(["setup", "tablut", "--theme", str(path), "-o", str(tmp_path / "t.png")], capsys, path, 4)
    serif = Path(matplotlib.get_data_path()) / "fonts" / "ttf" / "DejaVuSerif.ttf"
    path.write_text(f"{THEME_PREAMBLE}lettering_font: {serif}\n", encoding="utf-8")
    assert load_theme(path).lettering_font == str(serif)
