"""Interruptions Python could not raise where they landed.

A Ctrl-C (KeyboardInterrupt), or a terminate signal the command line turns into SystemExit,
that lands while Python finalizes an object (a generator the garbage collector closes, a
``__del__``) cannot be raised there: Python only reports it, and the command would run on
to its end and exit 0. While a command runs, :func:`kept` notes such an interruption, and
:func:`check`, called where the work goes on (each result of a run of many) and once the
command ends, raises it there.
"""

from __future__ import annotations

import signal
import sys
from typing import Any, Callable

#: The signals noted and not yet raised again.
_pending: list[int] = []


def kept() -> Callable[[], None]:
    """Note interruptions reported as unraisable until the returned function is called (it
    puts the previous hook back; noted interruptions stay until :func:`check` raises them)."""
    previous = sys.unraisablehook

    def hook(unraisable: Any) -> None:
        kind, code = unraisable.exc_type, getattr(unraisable.exc_value, "code", None)
        if kind is not None and issubclass(kind, KeyboardInterrupt):
            _pending.append(signal.SIGINT)
        elif kind is SystemExit and code == 128 + signal.SIGTERM:
            _pending.append(signal.SIGTERM)
        else:
            previous(unraisable)

    sys.unraisablehook = hook

    def unhook() -> None:
        sys.unraisablehook = previous

    return unhook


def check() -> None:
    """Raise the interruption noted first, if any: KeyboardInterrupt for a Ctrl-C, SystemExit
    (``128 +`` the signal's number) for a terminate signal."""
    if _pending:
        signum = _pending.pop(0)
        _pending.clear()
        if signum == signal.SIGINT:
            raise KeyboardInterrupt
        raise SystemExit(128 + signum)


__all__ = ["check", "kept"]
