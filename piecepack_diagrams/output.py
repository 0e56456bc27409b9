"""Writing outputs safely: only where the user asked, never over something that is not
a regular file, and atomically (a temporary file, then a rename).

What a name given for an output may be, and what happens:

- ``-``: the bytes go to standard output.
- a missing name, or a regular file: written to a temporary file beside it, then renamed
  over it, so a reader never sees a half-written file and a failure (an error, Ctrl-C,
  SIGTERM) leaves nothing behind.
- a character device (``/dev/null``, a terminal) or a FIFO (``>(cmd)``, ``mkfifo``): the
  bytes are written *into* it; it is never replaced. A FIFO nobody reads is refused
  rather than waited on.
- a folder, a socket, a block device, or a symbolic link to anything but a character
  device or a FIFO: refused with an :class:`OutputError` naming the path; nothing is
  written.

Writers given a ``root`` (the ``build`` command's output folder) also refuse any path
whose real location, links followed, is outside that folder, and any special file.
"""

from __future__ import annotations

import os
import stat
import sys
from pathlib import Path
from typing import BinaryIO

from .errors import OutputError, SourceLocation

#: How much of an output's name goes into its temporary file's name: enough to tell
#: whose it is, short enough that a name near the file system's limit still has room.
_TEMP_NAME_PART = 64
#: The name that means standard output.
STDOUT = "-"


def is_stdout(path: str | Path | None) -> bool:
    """True when ``path`` is ``-``, the name for standard output."""
    return path is not None and str(path) == STDOUT


def write_atomic(path: str | Path, data: bytes, *, root: str | Path | None = None,
                 stdout: BinaryIO | None = None) -> Path:
    """Write ``data`` to ``path`` as the module docstring describes; returns the path.

    Missing parent folders are made. With ``root``, the path must lie inside that folder
    once every link is followed, and must not be a special file. ``stdout`` (default
    ``sys.stdout.buffer``) receives the bytes for ``-``.

    Raises :class:`OutputError`, located at the path, for anything refused and for every
    operating-system error (no permission, a name too long, a full disk ...).
    """
    if is_stdout(path):
        stream = stdout if stdout is not None else sys.stdout.buffer
        try:
            stream.write(data)
            stream.flush()
        except OSError as exc:
            raise _os_error("cannot write to standard output", STDOUT, exc) from None
        return Path(STDOUT)
    target = Path(path)
    if str(path) == "" or target.name in ("", ".", ".."):
        raise OutputError(f"'{path}' names no file", location=_at(target), token=str(path),
                          expected="a file name")
    kind = _existing_kind(target)
    if root is not None:
        _check_inside(target, Path(root), kind)
    if kind in ("character device", "FIFO"):
        _write_into(target, data, kind)
        return target
    if kind is not None and kind != "file":
        raise OutputError(f"{target} is {_article(kind)}; refusing to replace it", location=_at(target),
                          token=str(target), expected="a regular file's name, or - for standard output")
    _make_parents(target)
    _replace(target, data)
    return target


def _existing_kind(target: Path) -> str | None:
    """What ``target`` is now: None when missing, "file", "folder", "link", "character device",
    "FIFO", "socket" or "block device". A symbolic link counts as what it points to only when
    that is a character device or a FIFO (``/dev/stdout``, ``/dev/fd/63``)."""
    try:
        mode = os.lstat(target).st_mode
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise _os_error(f"cannot look at {target}", str(target), exc) from None
    if stat.S_ISLNK(mode):
        try:
            pointed = os.stat(target).st_mode
        except OSError:
            return "link"
        return _kind_of(pointed) if stat.S_ISCHR(pointed) or stat.S_ISFIFO(pointed) else "link"
    return _kind_of(mode)


def _kind_of(mode: int) -> str:
    if stat.S_ISREG(mode):
        return "file"
    if stat.S_ISDIR(mode):
        return "folder"
    if stat.S_ISCHR(mode):
        return "character device"
    if stat.S_ISFIFO(mode):
        return "FIFO"
    if stat.S_ISSOCK(mode):
        return "socket"
    if stat.S_ISBLK(mode):
        return "block device"
    return "special file"


def _article(kind: str) -> str:
    return {"link": "a symbolic link", "folder": "a folder"}.get(kind, f"a {kind}")


def _check_inside(target: Path, root: Path, kind: str | None) -> None:
    """Refuse ``target`` unless it (links followed) lies inside ``root`` and is a regular file
    or a new name."""
    try:
        real_root = root.resolve()
        real = target.parent.resolve() / target.name
    except (OSError, RuntimeError) as exc:  # RuntimeError: a loop of links
        raise OutputError(f"cannot tell where {target} leads: {exc}", location=_at(target),
                          token=str(target)) from None
    if real_root not in real.parents:
        raise OutputError(f"{target} would be written outside {root} (it leads to {real})", location=_at(target),
                          token=str(target), expected=f"a path inside {root}, with no link leading out of it")
    if kind is not None and kind != "file":
        raise OutputError(f"{target} is {_article(kind)}; a build writes only regular files inside {root}",
                          location=_at(target), token=str(target), expected="a regular file or a new name")


def _make_parents(target: Path) -> None:
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise _os_error(f"cannot create the folder {target.parent}", str(target), exc) from None


def _new_private_file(folder: Path, *, prefix: str) -> tuple[int, str]:
    """A new file ``PREFIX<random>.tmp`` in ``folder``, created exclusively (never an existing
    name, never through a link) and readable by its owner only: its descriptor and path.
    Raises OSError as ``os.open`` does, or FileExistsError after 100 names all taken.
    (What ``tempfile.mkstemp`` promises, without importing tempfile, shutil and random at
    start-up.)"""
    flags = os.O_RDWR | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
    for _ in range(100):
        path = os.path.join(folder, f"{prefix}{os.urandom(6).hex()}.tmp")
        try:
            return os.open(path, flags, 0o600), path
        except FileExistsError:
            continue
    raise FileExistsError(f"no free temporary name in {folder}")


def _replace(target: Path, data: bytes) -> None:
    """Write through a temporary file beside ``target`` and rename it over ``target``; the
    temporary file is removed on every way out but success (errors, KeyboardInterrupt,
    SystemExit raised by a signal handler)."""
    try:
        fd, tmp = _new_private_file(target.parent, prefix=f".{target.name[:_TEMP_NAME_PART]}.")
    except OSError as exc:
        raise _os_error(f"cannot write {target}", str(target), exc) from None
    done = False
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        # The temporary file is private; outputs get the usual permissions.
        os.chmod(tmp, 0o666 & ~_umask())
        os.replace(tmp, target)
        done = True
    except OSError as exc:
        raise _os_error(f"cannot write {target}", str(target), exc) from None
    finally:
        if not done:
            try:
                os.unlink(tmp)
            except OSError:
                pass


def _write_into(target: Path, data: bytes, kind: str) -> None:
    """Write ``data`` into an existing character device or FIFO, never replacing it. A FIFO
    is opened without waiting: when no program reads it, the write is refused at once."""
    flags = os.O_WRONLY | getattr(os, "O_NOCTTY", 0)
    if kind == "FIFO":
        flags |= os.O_NONBLOCK
    try:
        fd = os.open(target, flags)
    except OSError as exc:
        if kind == "FIFO" and exc.errno == 6:  # ENXIO: no reader at the other end
            raise OutputError(f"no program is reading the FIFO {target}", location=_at(target), token=str(target),
                              expected="a FIFO with a reader, a file name, or - for standard output") from None
        raise _os_error(f"cannot write into {target}", str(target), exc) from None
    try:
        if kind == "FIFO":
            os.set_blocking(fd, True)
        view = memoryview(data)
        while view:
            written = os.write(fd, view)
            view = view[written:]
    except OSError as exc:
        raise _os_error(f"cannot write into {target}", str(target), exc) from None
    finally:
        os.close(fd)


def _os_error(what: str, token: str, exc: OSError) -> OutputError:
    """An operating-system error as a located OutputError naming the path."""
    reason = exc.strerror or type(exc).__name__
    return OutputError(f"{what}: {reason}", location=_at(Path(token)), token=token)


def _at(target: Path) -> SourceLocation:
    return SourceLocation(str(target), 1, 1)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def inside(base: str | Path, name: str) -> Path:
    """``base / name``, refusing names that would lead outside ``base``.

    Raises :class:`OutputError` for absolute names or ``..`` escapes.
    """
    root = Path(base).resolve()
    candidate = (root / name).resolve()
    if candidate != root and root not in candidate.parents:
        raise OutputError(f"'{name}' would be written outside {base}", token=name,
                          expected=f"a path inside {base}")
    return candidate


def write_folder(folder: str | Path, files: dict[str, bytes]) -> list[Path]:
    """Write each of ``files`` (name -> bytes) into ``folder`` with :func:`write_atomic`,
    making the folder if missing; returns the paths written. Every file must land inside the
    folder, links followed: a name, a link or a symlinked subfolder that leads out of it is
    refused (an :class:`OutputError`), a name before anything is written."""
    if is_stdout(folder):
        raise OutputError("several files cannot go to standard output", token=STDOUT, expected="a folder name")
    targets = [(Path(folder) / name, inside(folder, name), data) for name, data in files.items()]
    return [write_atomic(shown, data, root=folder) for shown, _, data in targets]
