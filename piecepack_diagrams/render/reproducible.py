"""Outputs whose bytes depend on what is drawn, never on the environment.

reportlab reads its environment: ``SOURCE_DATE_EPOCH`` sets a document's dates and
identifier (and a value that is not a number ends in a traceback), ``RL_*`` variables and
a ``reportlab_settings`` module or ``~/.reportlab_settings`` file change its settings
(compression, line breaks, comments, the document's language ...). matplotlib reads a
``matplotlibrc`` file (in the working folder, ``MPLCONFIGDIR`` ...) that changes how it
draws. While one of our PDFs is made, :func:`reproducible_pdf` puts reportlab's shipped
settings in place of those and hides ``SOURCE_DATE_EPOCH`` (``invariant=1`` then fixes
the dates); while a PNG is made, :func:`reproducible_png` gives matplotlib its own defaults.
"""

from __future__ import annotations

import functools
import os
import threading
from contextlib import contextmanager
from typing import Any, Callable, Iterator, ParamSpec, TypeVar

P = ParamSpec("P")
R = TypeVar("R")

#: reportlab settings left as they are: where fonts are looked for (found by path here,
#: never searched), and values reportlab converts from text when it starts.
_KEPT = ("defaultPageSize", "unShapedFontGlob", "trustedHosts", "trustedSchemes")
#: The environment variable reportlab takes a document's time from.
SOURCE_DATE_EPOCH = "SOURCE_DATE_EPOCH"
# One document at a time changes the settings, and puts them back after.
_LOCK = threading.RLock()


@contextmanager
def reportlab_shipped_settings() -> Iterator[None]:
    """reportlab's shipped settings and no ``SOURCE_DATE_EPOCH`` while the block runs."""
    from reportlab import rl_config, rl_settings

    with _LOCK:
        shipped = {name: getattr(rl_settings, name) for name in rl_settings.__all__
                   if not name.endswith("SearchPath") and name not in _KEPT}
        saved = {name: getattr(rl_config, name) for name in shipped}
        epoch = os.environ.pop(SOURCE_DATE_EPOCH, None)
        try:
            for name, value in shipped.items():
                setattr(rl_config, name, list(value) if isinstance(value, list) else value)
            yield
        finally:
            for name, value in saved.items():
                setattr(rl_config, name, value)
            if epoch is not None:
                os.environ[SOURCE_DATE_EPOCH] = epoch


@contextmanager
def matplotlib_defaults() -> Iterator[None]:
    """matplotlib's own settings, whatever ``matplotlibrc`` says, while the block runs."""
    import matplotlib

    with _LOCK, matplotlib.rc_context({k: v for k, v in matplotlib.rcParamsDefault.items() if k != "backend"}):
        yield


def _under(settings: Callable[[], Any]) -> Callable[[Callable[P, R]], Callable[P, R]]:
    def decorate(make: Callable[P, R]) -> Callable[P, R]:
        @functools.wraps(make)
        def made(*args: P.args, **kwargs: P.kwargs) -> R:
            with settings():
                return make(*args, **kwargs)
        return made
    return decorate


#: Decorates a function that makes a PDF (from its first reportlab call to its last).
reproducible_pdf = _under(reportlab_shipped_settings)
#: Decorates a function that makes a PNG through matplotlib.
reproducible_png = _under(matplotlib_defaults)


__all__ = ["SOURCE_DATE_EPOCH", "matplotlib_defaults", "reportlab_shipped_settings", "reproducible_pdf",
           "reproducible_png"]
