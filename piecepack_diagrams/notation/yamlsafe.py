"""Safe, bounded YAML loading for record metadata.

Always a safe loader (the C one when PyYAML has it). Alias bombs and deep
nesting cannot blow up: the loaded value is walked with a budget of nodes and
a depth limit, counting shared (aliased) nodes every time they are reached.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import yaml
from yaml.constructor import SafeConstructor

from ..errors import LimitError, NotationError, SetupError, SourceLocation
from ..numbers import MAX_DIGITS

try:  # pragma: no cover - which branch runs depends on the PyYAML build
    _Base: type = yaml.CSafeLoader
except AttributeError:  # pragma: no cover
    _Base = yaml.SafeLoader


class _NumberError(yaml.MarkedYAMLError):
    """A number no reader could use: too many digits, or not finite."""


class _Loader(_Base):  # type: ignore[misc]  # a base chosen at run time: the C loader where PyYAML has it
    """The safe loader, checking each number where it stands: a whole number of at most
    :data:`~piecepack_diagrams.numbers.MAX_DIGITS` digits (Python refuses to read longer
    ones), a finite float (no ``.inf``, ``.nan`` or ``1.0e+999``)."""


def _construct_int(loader: Any, node: yaml.ScalarNode) -> int:
    if len(str(node.value)) > MAX_DIGITS:
        raise _NumberError(None, None, f"a number of more than {MAX_DIGITS} digits", node.start_mark)
    return SafeConstructor.construct_yaml_int(loader, node)


def _construct_float(loader: Any, node: yaml.ScalarNode) -> float:
    if len(str(node.value)) > MAX_DIGITS:
        raise _NumberError(None, None, f"a number of more than {MAX_DIGITS} digits", node.start_mark)
    value = SafeConstructor.construct_yaml_float(loader, node)
    if not math.isfinite(value):
        raise _NumberError(None, None, f"the number {node.value} (not finite)", node.start_mark)
    return value


_Loader.add_constructor("tag:yaml.org,2002:int", _construct_int)
_Loader.add_constructor("tag:yaml.org,2002:float", _construct_float)

#: The most nodes a metadata value may expand to (aliases counted each time used).
MAX_NODES = 100_000
#: The deepest nesting of lists and mappings allowed in metadata.
MAX_DEPTH = 64


def load_metadata(text: str, *, file: str, first_line: int) -> dict[str, Any]:
    """The mapping in ``text``, YAML starting at line ``first_line`` of ``file``.

    Returns ``{}`` for empty metadata. Raises :class:`NotationError` (located)
    for YAML syntax errors or metadata that is not a mapping, and
    :class:`LimitError` for alias bombs or nesting deeper than ``MAX_DEPTH``.
    """
    if _nesting_depth_of_flow(text) > MAX_DEPTH:
        raise LimitError(
            f"metadata nests deeper than {MAX_DEPTH} levels",
            location=SourceLocation(file, first_line, 1),
        )
    try:
        value = yaml.load(text, Loader=_Loader)  # noqa: S506 - a safe loader
    except _NumberError as exc:
        mark = exc.problem_mark
        key = _key_at(text, mark)
        raise NotationError(
            f"{f'the field {key!r}' if key else 'the metadata'} holds {exc.problem}",
            location=SourceLocation(file, first_line + (mark.line if mark else 0), (mark.column + 1) if mark else 1),
            token=key, expected=f"finite numbers of at most {MAX_DIGITS} digits",
        ) from None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = first_line + (mark.line if mark else 0)
        column = (mark.column + 1) if mark else 1
        problem = exc.problem or exc.context or "invalid YAML"
        raise NotationError(
            f"broken YAML in the metadata: {problem}",
            location=SourceLocation(file, line, column),
            expected="a YAML mapping such as 'GameType: Tic-Tac-Toe'",
        ) from None
    except yaml.YAMLError as exc:
        raise NotationError(
            f"broken YAML in the metadata: {exc}", location=SourceLocation(file, first_line, 1)
        ) from None
    except RecursionError:
        raise LimitError(
            f"metadata nests deeper than {MAX_DEPTH} levels",
            location=SourceLocation(file, first_line, 1),
        ) from None
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise NotationError(
            f"the metadata is a YAML {type(value).__name__}, not a mapping",
            location=SourceLocation(file, first_line, 1),
            expected="a YAML mapping of keys to values (e.g. 'GameType: Tablut')",
        )
    _check_budget(value, file=file, first_line=first_line)
    return {str(k): v for k, v in value.items()}


def _key_at(text: str, mark: Any) -> str | None:
    """The top-level key whose value holds the node at ``mark`` (where a bad number stands),
    so its error can name the field; None if there is none."""
    if mark is None:
        return None
    try:
        root = yaml.compose(text, Loader=_Loader)  # composing builds nodes only: no number is read
    except (yaml.YAMLError, RecursionError):
        return None
    if not isinstance(root, yaml.MappingNode):
        return None
    where = (mark.line, mark.column)
    for key, value in root.value:
        start, end = value.start_mark, value.end_mark
        if (start.line, start.column) <= where <= (end.line, end.column):
            return str(key.value)[:64]
    return None


def _check_budget(value: Any, *, file: str, first_line: int) -> None:
    budget = MAX_NODES
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        node, depth = stack.pop()
        budget -= 1
        if budget < 0:
            raise LimitError(
                f"metadata expands to more than {MAX_NODES} values (a YAML alias bomb?)",
                location=SourceLocation(file, first_line, 1),
            )
        if depth > MAX_DEPTH:
            raise LimitError(
                f"metadata nests deeper than {MAX_DEPTH} levels",
                location=SourceLocation(file, first_line, 1),
            )
        if isinstance(node, dict):
            for key, item in node.items():
                stack.append((key, depth + 1))
                stack.append((item, depth + 1))
        elif isinstance(node, (list, tuple, set)):
            stack.extend((item, depth + 1) for item in node)


def _nesting_depth_of_flow(text: str) -> int:
    """The deepest run of open flow brackets, checked before PyYAML recurses into it."""
    depth = deepest = 0
    for char in text:
        if char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth = max(0, depth - 1)
    return deepest


def dump_metadata(metadata: dict[str, Any]) -> str:
    """YAML text for ``metadata`` that :func:`load_metadata` reads back equal."""
    if not metadata:
        return ""
    text = yaml.safe_dump(metadata, sort_keys=False, allow_unicode=True, default_flow_style=False, width=1000)
    # Some characters (NEL, line and paragraph separators) are line breaks to YAML when
    # written raw; when the readable form does not read back equal, escape everything.
    try:
        same = yaml.load(text, Loader=_Loader) == metadata  # noqa: S506 - a safe loader
    except yaml.YAMLError:  # a value the reader refuses (a number that is not finite): it is written all the same
        same = False
    if not same:
        text = yaml.safe_dump(metadata, sort_keys=False, allow_unicode=False, default_flow_style=False, width=1000)
    return text


def yaml_quoted(text: str) -> str:
    """``text`` as a YAML double-quoted scalar that reads back exactly, for writing inside
    flow collections: characters YAML does not print raw (controls, line and paragraph
    separators, the byte-order mark) are escaped, everything else is kept as it is."""
    out = ['"']
    for char in text:
        code = ord(char)
        if char in '"\\':
            out.append("\\" + char)
        elif 0x20 <= code <= 0x7E or (0xA0 <= code <= 0xD7FF and code not in (0x2028, 0x2029)) \
                or (0xE000 <= code <= 0xFFFD and code != 0xFEFF) or code >= 0x10000:
            out.append(char)
        else:
            out.append(f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}")
    out.append('"')
    return "".join(out)


#: The largest settings file (theme, template) read.
MAX_SETTINGS_BYTES = 64 << 10


def read_settings_file(path: Path, *, what: str, unknown: str) -> dict[str, Any]:
    """The mapping in a small YAML settings file (a ``what``: theme, template ...).

    Raises :class:`SetupError` located at the file: ``unknown`` when there is no
    such file, or when it is too large or unreadable; YAML errors as
    :class:`NotationError` with their line.
    """
    where = SourceLocation(str(path), 1, 1)
    if not path.is_file():
        raise SetupError(unknown, location=where, token=str(path))
    if path.stat().st_size > MAX_SETTINGS_BYTES:
        raise SetupError(f"the {what} file is larger than {MAX_SETTINGS_BYTES >> 10} KiB", location=where)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise SetupError(f"cannot read the {what} file: {exc}", location=where) from None
    return load_metadata(text, file=str(path), first_line=1)
