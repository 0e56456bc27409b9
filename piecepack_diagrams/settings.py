"""Settings files (themes, page templates): small YAML mappings read with the place of
every field, so that a bad value is reported at the line that sets it.

The text is read by the bounded metadata reader (size, encoding, YAML syntax, alias
bombs, nesting); this module adds where each field is and refuses numbers too long
to be a setting (PyYAML would hand on a number of a million hexadecimal digits, and
Python refuses to read or print one of more than 4,300 decimal digits).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterator

from .errors import LimitError, PiecepackError, SetupError, SourceLocation
from .values import value

if TYPE_CHECKING:
    import yaml

#: The most digits a whole number in a settings file may have.
MAX_DIGITS = 30
#: How much of a bad value an error message shows.
SHOWN_CHARACTERS = 60


@value
class Settings:
    """The fields of one settings file and where each is set: ``places`` maps a field
    to the 1-based line and column of its name."""

    file: str
    values: dict[str, Any]
    places: dict[str, tuple[int, int]]

    def location(self, key: str | None) -> SourceLocation:
        """Where ``key`` is set, or the file's start for a field it does not set."""
        line, column = self.places.get(key or "", (1, 1))
        return SourceLocation(self.file, line, column)

    def located(self, error: PiecepackError) -> PiecepackError:
        """``error`` placed at the field its token names (an error that has a place keeps it)."""
        return error.with_location(self.location(error.token))


def read_settings(path: Path, *, what: str, unknown: str) -> Settings:
    """The fields of the settings file at ``path`` (a ``what``: theme, template) and their places.

    Raises :class:`SetupError` (``unknown`` when there is no such file; too large,
    unreadable) and :class:`~piecepack_diagrams.errors.NotationError` (broken YAML) at
    their place, and :class:`LimitError` at a number of more than :data:`MAX_DIGITS` digits.
    """
    # YAML is read only when a settings file is: drawing with the built-in theme and
    # templates does not import PyYAML (a whole process starts faster).
    import yaml

    from .notation.yamlsafe import read_settings_file  # the safe loader metadata is read with

    try:
        values = read_settings_file(path, what=what, unknown=unknown)
    except PiecepackError:
        raise
    except ValueError:
        # PyYAML's ValueError for a decimal number of more than 4,300 digits. The reader has
        # checked the file's size, encoding and nesting first, so it can be composed below
        # to find the number.
        values = None
    root = _compose(path)
    for node in _scalars(root):
        if node.tag.endswith(":int") and sum(ch.isalnum() for ch in node.value) > MAX_DIGITS:
            mark = node.start_mark
            raise LimitError(f"a number of {len(node.value):,} characters in the {what} file", token=node.value,
                             location=SourceLocation(str(path), mark.line + 1, mark.column + 1),
                             expected=f"a number of at most {MAX_DIGITS} digits")
    if values is None:  # pragma: no cover - PyYAML refuses nothing else with a ValueError
        raise SetupError(f"cannot read the {what} file", location=SourceLocation(str(path), 1, 1))
    places: dict[str, tuple[int, int]] = {}
    if isinstance(root, yaml.MappingNode):
        for key, _ in root.value:
            places.setdefault(str(key.value), (key.start_mark.line + 1, key.start_mark.column + 1))
    return Settings(str(path), values, places)


def _compose(path: Path) -> yaml.Node | None:
    """The YAML node tree of a file the bounded reader has read already."""
    from .notation.yamlsafe import _Loader

    loader = _Loader(path.read_text(encoding="utf-8"))
    try:
        node: yaml.Node | None = loader.get_single_node()
        return node
    finally:
        loader.dispose()


def _scalars(root: yaml.Node | None) -> Iterator[yaml.ScalarNode]:
    """Every scalar node under ``root``, each once however many aliases reach it."""
    import yaml

    seen: set[int] = set()
    stack = [root] if root is not None else []
    while stack:
        node = stack.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        if isinstance(node, yaml.ScalarNode):
            yield node
        elif isinstance(node, yaml.SequenceNode):
            stack.extend(node.value)
        elif isinstance(node, yaml.MappingNode):
            for key, value in node.value:
                stack += [key, value]


def shown(value: Any) -> str:
    """``value`` as Python writes it, cut to :data:`SHOWN_CHARACTERS` for an error message."""
    text = repr(value)
    return text if len(text) <= SHOWN_CHARACTERS else text[:SHOWN_CHARACTERS - 3] + "..."


__all__ = ["MAX_DIGITS", "Settings", "read_settings", "shown"]
