"""The data the package ships: the example records and the page templates.

Both stay at the top of the repository (``records/``, ``templates/``); the package
reaches them as ``piecepack_diagrams/records`` and ``piecepack_diagrams/templates``,
links in a checkout and copies in a wheel (the build follows the links), so an editable
install and a wheel installed anywhere (a virtual environment, ``--user``, ``--target``)
find them the same way, through :mod:`importlib.resources`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from .errors import SetupError, SourceLocation

#: The folders of shipped data.
SHIPPED = ("records", "templates")


def shipped_folder(name: Literal["records", "templates"]) -> Path:
    """The folder of shipped ``records`` or ``templates`` inside the installed package.

    Raises :class:`SetupError` for another name, or when the package is not installed on a
    file system (a zip archive), where the folders cannot be listed as paths."""
    if name not in SHIPPED:
        raise SetupError(f"no shipped folder '{name}'", token=str(name), expected=", ".join(SHIPPED))
    # Imported here: importlib.resources costs some 12 ms, which a bare start-up need not pay.
    from importlib.resources import files

    folder = files(__package__) / name
    if not isinstance(folder, Path) or not folder.is_dir():
        raise SetupError(f"the shipped {name} are not a folder of the installed package ({folder})",
                         token=name, location=SourceLocation(str(folder), 1, 1),
                         expected="the package installed from its wheel or its checkout")
    return folder


def default_records() -> Path:
    """Where commands find records when none are named: ``records/`` in the current
    folder when there is one, else the shipped records."""
    here = Path("records")
    return here if here.is_dir() else shipped_folder("records")


__all__ = ["SHIPPED", "default_records", "shipped_folder"]
