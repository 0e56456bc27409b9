"""Outputs go only where they were asked for, and never replace what is not a regular file.

Devices and FIFOs are made with mknod and mkfifo in a temporary folder, never on /dev.
"""

from __future__ import annotations

import os
import socket
import stat
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from piecepack_diagrams.cli import main
from piecepack_diagrams.errors import OutputError
from piecepack_diagrams.output import write_atomic, write_folder

ROOT = Path(__file__).resolve().parents[1]
RECORD = ROOT / "records" / "ppn" / "tic-tac-toe-draw.ppn"


def _cli(*args: str, cwd: Path, timeout: float = 60, **kwargs) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, "-m", "piecepack_diagrams", *args], cwd=cwd, capture_output=True,
                          timeout=timeout, **kwargs)


def _leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


@pytest.mark.skipif(os.geteuid() != 0, reason="mknod of a character device needs root")
def test_a_character_device_is_written_into_not_replaced(tmp_path):
    device = tmp_path / "null"
    os.mknod(device, 0o666 | stat.S_IFCHR, os.makedev(1, 3))  # the null device, in a folder of ours
    done = _cli("setup", "tablut", "-f", "svg", "-o", str(device), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert stat.S_ISCHR(os.lstat(device).st_mode), "the device was replaced by a file"
    assert _leftovers(tmp_path) == []


def test_a_fifo_with_a_reader_receives_the_drawing(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    received: list[bytes] = []
    reader = threading.Thread(target=lambda: received.append(fifo.read_bytes()))
    reader.start()
    try:
        done = _cli("setup", "tablut", "-f", "svg", "-o", str(fifo), cwd=tmp_path)
    finally:
        if reader.is_alive():  # unblock the reader if the writer never opened the FIFO
            with open(fifo, "wb"):
                pass
        reader.join(10)
    assert done.returncode == 0, done.stderr
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    assert received and received[0].startswith(b"<?xml") and received[0].rstrip().endswith(b"</svg>")


def test_a_fifo_nobody_reads_is_refused_at_once(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    done = _cli("setup", "tablut", "-f", "svg", "-o", str(fifo), cwd=tmp_path, timeout=30)
    assert done.returncode == 1
    assert f"{fifo}:1:1: error: no program is reading the FIFO".encode() in done.stderr
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    assert b"Traceback" not in done.stderr


def test_a_socket_a_folder_and_a_link_are_refused_and_left_as_they_were(tmp_path):
    sock_path = tmp_path / "sock.svg"
    server = socket.socket(socket.AF_UNIX)
    server.bind(str(sock_path))
    try:
        target = tmp_path / "precious.txt"
        target.write_text("keep me")
        link = tmp_path / "link.svg"
        link.symlink_to(target)
        folder = tmp_path / "folder.svg"
        folder.mkdir()
        for name, kind in ((sock_path, "a socket"), (link, "a symbolic link"), (folder, "a folder")):
            done = _cli("setup", "tablut", "-o", str(name), cwd=tmp_path)
            assert done.returncode == 1, name
            # Located at the path; the message names what the path is (a long path shown shortened).
            assert done.stderr.startswith(f"{name}:1:1: error: ".encode()), done.stderr
            assert f"sock.svg is {kind}".encode() in done.stderr or f".svg is {kind}".encode() in done.stderr
        assert stat.S_ISSOCK(os.lstat(sock_path).st_mode)
        assert link.is_symlink() and target.read_text() == "keep me"
        assert folder.is_dir() and not any(folder.iterdir())
        assert _leftovers(tmp_path) == []
    finally:
        server.close()


def test_dash_means_standard_output_for_every_format(tmp_path):
    for fmt, magic in (("svg", b"<?xml"), ("pdf", b"%PDF-"), ("png", b"\x89PNG"), ("txt", b"")):
        done = _cli("setup", "tablut", "-f", fmt, "-o", "-", cwd=tmp_path)
        assert done.returncode == 0, done.stderr
        assert done.stdout.startswith(magic) and len(done.stdout) > 100
    assert not (tmp_path / "-").exists()
    done = _cli("export", str(RECORD), "-o", "-", cwd=tmp_path)
    assert done.returncode == 0 and done.stdout.startswith(b"---")


def test_a_format_that_contradicts_the_name_is_refused(tmp_path, capsys):
    assert main(["setup", "tablut", "-f", "pdf", "-o", str(tmp_path / "x.svg")]) == 2  # a usage error
    assert "-f pdf contradicts the name" in capsys.readouterr().err
    assert not (tmp_path / "x.svg").exists()


def test_operating_system_errors_are_located_errors(tmp_path, capsys):
    long_name = tmp_path / ("a" * 300 + ".svg")
    assert main(["setup", "tablut", "-o", str(long_name)]) == 1
    err = capsys.readouterr().err
    assert "error: " in err and "File name too long" in err and "Traceback" not in err
    # A name near the limit still has room for its temporary file.
    near = tmp_path / ("b" * 250 + ".svg")
    assert main(["setup", "tablut", "-o", str(near)]) == 0
    assert near.read_bytes().startswith(b"<?xml") and _leftovers(tmp_path) == []


def test_a_folder_that_cannot_be_written_gives_a_located_error(tmp_path, monkeypatch, capsys):
    import errno

    from piecepack_diagrams import output

    # What a read-only folder does to a user who is not root (root writes anyway, so it is
    # simulated where the temporary file is made).
    def refused(*args, **kwargs):
        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES))

    monkeypatch.setattr(output, "_new_private_file", refused)
    target = tmp_path / "x.svg"
    assert main(["setup", "tablut", "-o", str(target)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"{target}:1:1: error: cannot write ") and err.rstrip().endswith("x.svg: Permission denied")
    assert not target.exists()


def test_the_temporary_file_is_new_private_and_never_an_existing_name(tmp_path, monkeypatch):
    from piecepack_diagrams import output

    draws = iter([b"\x00" * 6, b"\x00" * 6, b"\x01" * 6])
    monkeypatch.setattr(os, "urandom", lambda n: next(draws))
    taken = tmp_path / ".x.svg.000000000000.tmp"
    taken.write_bytes(b"someone else's")
    elsewhere = tmp_path / "elsewhere"
    os.symlink(elsewhere, tmp_path / ".y.000000000000.tmp")
    fd, path = output._new_private_file(tmp_path, prefix=".x.svg.")
    os.close(fd)
    # The taken name was skipped, not reused or emptied.
    assert path == str(tmp_path / ".x.svg.010101010101.tmp") and taken.read_bytes() == b"someone else's"
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    # A link at the drawn name is not followed: the name counts as taken.
    draws = iter([b"\x00" * 6, b"\x02" * 6])
    fd, path = output._new_private_file(tmp_path, prefix=".y.")
    os.close(fd)
    assert path.endswith(".y.020202020202.tmp") and not elsewhere.exists()


def test_an_interrupted_write_leaves_no_temporary_file(tmp_path, monkeypatch):
    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "replace", interrupted)
    with pytest.raises(KeyboardInterrupt):
        write_atomic(tmp_path / "x.svg", b"data")
    assert list(tmp_path.iterdir()) == []


def test_sigterm_while_writing_leaves_no_temporary_file(tmp_path):
    # The command is stopped by SIGTERM just before its temporary file is renamed.
    program = (
        "import os, signal, sys\n"
        "from piecepack_diagrams.cli import main\n"
        "def stop(*args): os.kill(os.getpid(), signal.SIGTERM)\n"
        "os.replace = stop\n"
        "sys.exit(main(['setup', 'tablut', '-o', 'x.svg']))\n"
    )
    done = subprocess.run([sys.executable, "-c", program], cwd=tmp_path, capture_output=True, timeout=60)
    assert done.returncode == 128 + 15, done.stderr
    assert list(tmp_path.iterdir()) == []


def test_write_folder_refuses_a_symlinked_subfolder_leading_out(tmp_path):
    out, elsewhere = tmp_path / "out", tmp_path / "elsewhere"
    out.mkdir()
    elsewhere.mkdir()
    (out / "sub").symlink_to(elsewhere)
    with pytest.raises(OutputError, match="outside"):
        write_folder(out, {"sub/a.svg": b"1"})
    assert list(elsewhere.iterdir()) == []


def test_build_writes_nothing_outside_its_folder_and_reads_no_record_leading_out(tmp_path):
    records, out, elsewhere = tmp_path / "records", tmp_path / "out", tmp_path / "elsewhere"
    (records / "sub").mkdir(parents=True)
    out.mkdir()
    elsewhere.mkdir()
    (records / "sub" / "game.ppn").write_bytes(RECORD.read_bytes())
    (records / "ok.ppn").write_bytes(RECORD.read_bytes())
    (out / "sub").symlink_to(elsewhere)  # a symlinked subfolder of the output folder
    secret = tmp_path / "secret.txt"
    secret.write_text("1. the-secret-password\n")
    (records / "secret.ppn").symlink_to(secret)  # a record that leads out of the records folder
    os.mkfifo(records / "pipe.ppn")  # not a regular file: reading it would hang
    device = records / "device.ppn"
    if os.geteuid() == 0:
        os.mknod(device, 0o666 | stat.S_IFCHR, os.makedev(1, 5))  # the zero device: endless input
    # --no-docs: the API reference is Sphinx's work, the same whatever the records (tests/test_docs.py).
    done = _cli("build", "--records", str(records), "--output", str(out), "--no-figures", "--no-puzzles", "--no-docs",
                "--no-animations", cwd=tmp_path, timeout=120)
    assert done.returncode == 1
    err = done.stderr.decode()
    assert list(elsewhere.iterdir()) == [], "a file was written through the symlinked subfolder"
    assert "the-secret-password" not in err + done.stdout.decode()
    assert f"{records / 'secret.ppn'}:1:1: error: this record is a link to {secret}" in err
    assert f"{records / 'pipe.ppn'}:1:1: error: this record is not a regular file" in err
    if device.exists():
        assert f"{device}:1:1: error: this record is not a regular file" in err
    assert "would be written outside" in err
    assert (out / "ok.svg").is_file() and (out / "ok-plates.pdf").is_file(), "the good record was not built"
    assert "Traceback" not in err


def test_one_failing_part_does_not_stop_the_build(tmp_path, monkeypatch, capsys):
    from piecepack_diagrams import build as build_module

    records, out = tmp_path / "records", tmp_path / "out"
    records.mkdir()
    (records / "a.ppn").write_bytes(RECORD.read_bytes())
    (records / "b.ppn").write_bytes(RECORD.read_bytes())
    real = build_module._record_files
    calls = []

    def broken_once(record, stem, *args, **kwargs):
        calls.append(stem.name)
        if stem.name == "a":
            raise ZeroDivisionError("a defect of ours")
        return real(record, stem, *args, **kwargs)

    monkeypatch.setattr(build_module, "_record_files", broken_once)
    # In this process (--jobs 1), where the broken part is seen to be called; the API reference
    # is no record's part (--no-docs: Sphinx's work, tests/test_docs.py).
    code = main(["build", "--records", str(records), "--output", str(out), "--no-figures", "--no-puzzles",
                 "--no-docs", "--no-animations", "--jobs", "1"])
    err = capsys.readouterr().err
    assert code == 1
    assert calls == ["a", "b"]
    assert f"{records / 'a.ppn'}:1:1: error: a.ppn could not be built (internal error ZeroDivisionError" in err
    assert (out / "b.svg").is_file() and not (out / "a.svg").exists()
