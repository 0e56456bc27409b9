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


# --- many commands quickly: a server that has imported the command line once forks a child per command

#: Modules the server imports before it forks, so a child starts with them loaded (importing
#: them takes seconds; a fork takes milliseconds).
_PRELOAD = ("piecepack_diagrams.cli", "piecepack_diagrams.api", "piecepack_diagrams.build", "piecepack_diagrams.books",
            "piecepack_diagrams.figures", "piecepack_diagrams.export", "piecepack_diagrams.csvexport",
            "piecepack_diagrams.render", "piecepack_diagrams.render.text", "piecepack_diagrams.render.plots",
            "piecepack_diagrams.sheets.plates", "piecepack_diagrams.sheets.viewer",
            "piecepack_diagrams.games.labyrinth", "piecepack_diagrams.games.labyrinth.play",
            "piecepack_diagrams.games.labyrinth.deal")


class Forker:
    """Runs ``piecepack-diagrams ARGS`` many times, each in a child process forked from a server
    that imported the command line once (tens of milliseconds a command instead of seconds).

    Each child runs :func:`piecepack_diagrams.cli.main` as ``python -m piecepack_diagrams``
    would (an exception escaping it prints its traceback and exits 1), in the folder asked
    for, with the address space, processor time and wall time bounded: a child that passes
    the processor or wall bound is killed (a negative status). ``env`` is the server's
    environment (and so every child's).
    """

    def __init__(self, *, env: dict[str, str] | None = None) -> None:
        self._server = subprocess.Popen([sys.executable, __file__, "--serve"], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, env=env)
        self._ask({"ping": True}, timeout=120)

    def __enter__(self) -> Forker:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        if self._server.poll() is None:
            self._server.stdin.close()
            try:
                self._server.wait(30)
            except subprocess.TimeoutExpired:
                self._server.kill()
                self._server.wait()

    def _ask(self, request: dict, *, timeout: float) -> dict:
        import json
        import select

        self._server.stdin.write((json.dumps(request) + "\n").encode())
        self._server.stdin.flush()
        ready, _, _ = select.select([self._server.stdout], [], [], timeout)
        if not ready:
            self._server.kill()
            raise RuntimeError("the command server did not answer")
        return json.loads(self._server.stdout.readline())

    def run(self, *args: str | Path, stdin: bytes | None = None, cwd: Path | None = None,
            seconds: float = 30.0, address_space: int = ADDRESS_SPACE, wall: float = WALL_LIMIT) -> Outcome:
        """``piecepack-diagrams ARGS`` in a forked child; at most ``seconds`` of processor time
        and ``wall`` seconds in all, ``address_space`` bytes mapped."""
        with tempfile.TemporaryDirectory() as scratch:
            streams = [Path(scratch) / name for name in ("in", "out", "err")]
            for stream, data in zip(streams, (stdin or b"", b"", b"")):
                stream.write_bytes(data)
            answer = self._ask({"args": [str(a) for a in args], "cwd": str(cwd or os.getcwd()),
                                "streams": [str(s) for s in streams], "seconds": seconds,
                                "space": address_space, "wall": wall}, timeout=wall + 30)
            return Outcome(answer["status"], streams[1].read_bytes(), streams[2].read_bytes(), answer["seconds"],
                           answer["peak_mib"])


def _child(request: dict) -> None:  # pragma: no cover - runs in the forked child, which never returns
    import math
    import signal
    import traceback

    status = 1
    try:
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
        resource.setrlimit(resource.RLIMIT_AS, (request["space"], request["space"]))
        cpu = math.ceil(request["seconds"])
        resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 1))  # SIGXCPU, then SIGKILL
        signal.alarm(math.ceil(request["wall"]))  # a child waiting for ever is ended by SIGALRM
        for fd, (name, flags) in enumerate(zip(request["streams"], (os.O_RDONLY, os.O_WRONLY, os.O_WRONLY))):
            opened = os.open(name, flags)
            os.dup2(opened, fd)
            os.close(opened)
        os.chdir(request["cwd"])
        from piecepack_diagrams.cli import main

        try:
            status = main(request["args"])
        except SystemExit as exc:  # as the interpreter treats it
            code = exc.code
            status = code if isinstance(code, int) else (0 if code is None else 1)
            if code is not None and not isinstance(code, int):
                print(code, file=sys.stderr)
        except BaseException:  # noqa: BLE001 - what the interpreter would print
            traceback.print_exc()
            status = 1
        sys.stdout.flush()
        sys.stderr.flush()
    except BaseException:  # noqa: BLE001 - the child must reach os._exit, whatever happened
        try:
            traceback.print_exc()
            sys.stderr.flush()
        except BaseException:  # noqa: BLE001 - printing it may not stop that either
            pass
        status = 1
    finally:
        os._exit(status if isinstance(status, int) and 0 <= status < 256 else 1)


def _serve() -> None:  # pragma: no cover - runs in the server process
    import importlib
    import json

    # The protocol goes over copies of standard input and output, so that a child's own
    # standard streams (the files it is given) are the usual objects on fds 0, 1 and 2.
    requests = os.fdopen(os.dup(0), "r")
    answers = os.fdopen(os.dup(1), "w")
    null = os.open(os.devnull, os.O_RDWR)
    os.dup2(null, 0)
    os.dup2(null, 1)
    for name in _PRELOAD:
        importlib.import_module(name)
    for line in requests:
        request = json.loads(line)
        if request.get("ping"):
            answers.write("{}\n")
            answers.flush()
            continue
        pid = os.fork()
        if pid == 0:
            requests.close()
            answers.close()
            _child(request)
        _, status, usage = os.wait4(pid, 0)
        answers.write(json.dumps({"status": os.waitstatus_to_exitcode(status),
                                  "seconds": usage.ru_utime + usage.ru_stime,
                                  "peak_mib": usage.ru_maxrss / 1024}) + "\n")
        answers.flush()


if __name__ == "__main__":
    _serve()
