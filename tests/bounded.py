"""Running the command line in a child process under a memory bound, and measuring it.

The child may map at most :data:`ADDRESS_SPACE` bytes (``RLIMIT_AS``: room for the
interpreter and its libraries, so that a memory bomb ends in ``MemoryError`` instead of
taking the machine); its processor time and peak resident memory (``ru_maxrss``) are
read from ``wait4`` when it ends.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import tempfile
import threading
from dataclasses import dataclass
from pathlib import Path

#: The address space a child may map.
ADDRESS_SPACE = 1 << 30
#: A child still running after this many seconds is killed (a hang).
WALL_LIMIT = 120.0


@dataclass(frozen=True)
class Outcome:
    """How a command ended: its exit status, what it printed, the processor seconds it
    used and its peak resident memory in MiB."""

    status: int
    stdout: bytes
    stderr: bytes
    seconds: float
    peak_mib: float

    @property
    def err(self) -> str:
        return self.stderr.decode("utf-8", errors="replace")

    def within(self, *, seconds: float = 5.0, mib: float = 500.0) -> bool:
        """Finished in time and memory, without a traceback."""
        return self.seconds < seconds and self.peak_mib < mib and b"Traceback" not in self.stderr


def _bounded() -> None:  # runs in the child, before the interpreter starts
    resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_SPACE, ADDRESS_SPACE))


def run_cli(*args: str | Path, stdin: bytes | None = None, cwd: Path | None = None) -> Outcome:
    """``piecepack-diagrams ARGS`` in a child process under the memory bound."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err, tempfile.TemporaryFile() as given:
        given.write(stdin or b"")
        given.seek(0)
        child = subprocess.Popen([sys.executable, "-m", "piecepack_diagrams", *map(str, args)], stdin=given,
                                 stdout=out, stderr=err, preexec_fn=_bounded, cwd=cwd)
        timer = threading.Timer(WALL_LIMIT, child.kill)
        timer.start()
        try:
            _, status, usage = os.wait4(child.pid, 0)
        finally:
            timer.cancel()
        child.returncode = os.waitstatus_to_exitcode(status)  # reaped here, so Popen must not wait for it
        out.seek(0)
        err.seek(0)
        return Outcome(child.returncode, out.read(), err.read(), usage.ru_utime + usage.ru_stime,
                       usage.ru_maxrss / 1024)
