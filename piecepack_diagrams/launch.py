"""The command line's entry point: answers ``--version`` before the command line's own
modules are imported (about half of a bare start-up), and hands everything else to
:func:`piecepack_diagrams.cli.main`."""

from __future__ import annotations

import sys
from typing import Sequence


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line on ``argv`` (default: the process's arguments); the exit status."""
    words = sys.argv[1:] if argv is None else list(argv)
    if words == ["--version"]:
        from . import __version__

        try:
            print(f"piecepack-diagrams {__version__}")  # what argparse's version action prints
        except BrokenPipeError:  # a reader that left: nothing more to say
            pass
        return 0
    from .cli import main as cli_main

    return cli_main(words)


__all__ = ["main"]
