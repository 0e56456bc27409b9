"""A progress bar for long work, written to a stream (the command line gives standard error).

On a terminal the bar is redrawn in place, at most ten times a second; elsewhere (a log
file, a pipe) a line is written at each tenth of the way, so a log stays short however
long the work.
"""

from __future__ import annotations

import time
from typing import TextIO

#: Characters of the bar itself.
WIDTH = 24
#: Seconds between two redraws on a terminal.
INTERVAL = 0.1


class ProgressBar:
    """``[#####-----] 12/50 NOTE`` for work of ``total`` steps, on ``stream`` (nothing when ``None``)."""

    def __init__(self, stream: TextIO | None, total: int) -> None:
        self.stream = stream
        self.total = max(total, 1)
        self.tty = bool(stream is not None and getattr(stream, "isatty", lambda: False)())
        self.drawn_at = -INTERVAL
        self.tenth = -1
        self.shown = -1

    def update(self, done: int, note: str = "", *, final: bool = False) -> None:
        """Show ``done`` steps of the total, with ``note``; ``final`` ends the bar's line."""
        if self.stream is None:
            return
        now = time.monotonic()
        tenth = 10 * done // self.total
        if self.tty and not final and now - self.drawn_at < INTERVAL:
            return
        if not self.tty and ((tenth == self.tenth and not final) or (final and done == self.shown)):
            return
        self.drawn_at, self.tenth, self.shown = now, tenth, done
        filled = WIDTH * min(done, self.total) // self.total
        line = f"[{'#' * filled}{'-' * (WIDTH - filled)}] {done}/{self.total} {note}"[:120]
        if self.tty:
            self.stream.write("\r")  # alone, so that a terminal stream lets it through
        self.stream.write(line.ljust(60) + ("\n" if final else "") if self.tty else line + "\n")
        self.stream.flush()


__all__ = ["ProgressBar"]
