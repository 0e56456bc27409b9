"""The common record header read without PyYAML: ``Key: value`` lines of text and whole
numbers.

Importing PyYAML takes about a quarter of a ``validate`` command's start-up, and almost
every header is a flat mapping of names to words (``GameType: Tablut``). This reader
takes only a conservative subset of YAML whose meaning is certain: one ``Key: value``
per line at the left margin, keys and values that PyYAML would read as the same strings
(quoted values without escapes among them), whole numbers in plain decimal, ``---`` and
``...`` as the first and last lines, comment lines. Anything else (indicators at the
start of a value, colons or ``#`` in an unquoted one, brackets, words YAML 1.1 reads as
booleans or null, floats, dates, octal, indentation, tabs, carriage returns) is left to
PyYAML: :func:`parse_plain_mapping` answers None.

``tests/test_notation.py`` holds it against PyYAML on generated headers.
"""

from __future__ import annotations

#: Words YAML 1.1 reads as booleans or null (compared lower-cased; ``y`` and ``n`` too,
#: which some YAML readers take as booleans).
_NOT_TEXT = frozenset({"yes", "no", "true", "false", "on", "off", "y", "n", "null", "~"})
#: Characters that mean something at the start of a YAML scalar (or cannot start a plain one).
_INDICATORS = frozenset("-?:,[]{}#&*!|>'\"%@`.~<=+")
#: Characters this reader leaves to PyYAML anywhere in a value.
_ANYWHERE = frozenset(":#[]{}\t")
#: The longest whole number read here (Python reads any; the metadata's bound is larger).
_MOST_DIGITS = 18


def _scalar(text: str) -> str | int | None:
    """What PyYAML reads ``text`` (stripped, non-empty) as, when it is certainly a string or
    a plain decimal whole number; None when it may be anything else."""
    first = text[0]
    if first in "\"'" and len(text) >= 2 and text[-1] == first:
        # Quoted without escapes or inner quotes: the text between the quotes, whatever it looks like.
        inner = text[1:-1]
        return inner if inner.isprintable() and first not in inner and "\\" not in inner else None
    if first in _INDICATORS or first.isspace() or text.lower() in _NOT_TEXT:
        return None
    if not text.isprintable() or any(char in _ANYWHERE for char in text):
        return None
    if "0" <= first <= "9":
        return _starting_with_a_digit(text)
    return text


#: The characters of YAML 1.1's whole numbers, floats and dates (other than a date's leading
#: year and dash): a value with any other is text.
_NUMERIC = frozenset("0123456789_.:+-eExXoObBabcdfABCDFtTzZ")


def _starting_with_a_digit(text: str) -> str | int | None:
    """A value that starts with a digit: a plain decimal whole number, or text that can be no
    number or date (``0-1``, ``1/2-1/2``, ``3 players``); None when it may be either."""
    if text.isascii() and text.isdigit():
        return int(text) if len(text) <= _MOST_DIGITS and (text == "0" or text[0] != "0") else None
    if len(text) >= 5 and text[:4].isdigit() and text[4] == "-":
        return None  # a date, perhaps
    if any(char not in _NUMERIC for char in text):
        return text
    # Past the first digit, a number's only dash follows its exponent's 'e'; elsewhere it makes text.
    return text if any(char == "-" and text[k - 1] not in "eE" for k, char in enumerate(text) if k) else None


def parse_plain_mapping(text: str) -> dict[str, str | int | None] | None:
    """The mapping in ``text`` when it is a flat header this reader is sure of (see the
    module's docstring), else None (PyYAML must read it). ``Key:`` with nothing after it
    is None, as in YAML; a repeated key keeps its last value, as PyYAML does. Raises
    nothing."""
    if "\r" in text:
        return None
    lines = text.split("\n")
    while lines and lines[-1] == "":
        lines.pop()
    if lines and lines[0] == "---":
        lines = lines[1:]
    if lines and lines[-1] == "...":
        lines = lines[:-1]
    out: dict[str, str | int | None] = {}
    for line in lines:
        if line == "":
            continue
        if line.startswith("#"):
            if not line.isprintable():  # YAML refuses such a character even in a comment
                return None
            continue
        key, colon, rest = line.partition(":")
        if not colon or not key or not (key[0].isascii() and key[0].isalpha()) or key.lower() in _NOT_TEXT \
                or not key.replace("_", "").replace("-", "").isalnum() or not key.isascii():
            return None
        if rest == "":
            out[key] = None
            continue
        if rest[0] != " ":
            return None
        value = rest.strip(" ")
        if value == "":
            return None
        read = _scalar(value)
        if read is None:
            return None
        out[key] = read
    return out if out else None


__all__ = ["parse_plain_mapping"]
