"""MP4 (H.264) through ffmpeg: raw frames piped to it at a constant rate, a held position
repeated for as long as it is held."""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Iterable

from PIL import Image

from ..errors import OutputError

#: How to get ffmpeg on Debian and Ubuntu, said when it is missing.
INSTALL = "ffmpeg on the PATH (on Debian or Ubuntu: apt-get install ffmpeg), or GIF, APNG or SVG output"


def ffmpeg_path() -> str:
    """Where ffmpeg is.

    Raises :class:`~piecepack_diagrams.errors.OutputError` saying how to install it when it is missing."""
    found = shutil.which("ffmpeg")
    if found is None:
        raise OutputError("MP4 output needs ffmpeg, which is not installed", token="mp4", expected=INSTALL)
    return found


def write_mp4(frames: Iterable[tuple[Image.Image, int]], *, width: int, height: int, fps: int) -> bytes:
    """The frames (RGB, ``width`` x ``height``), each repeated its count of ``1/fps`` second
    ticks, as an MP4 video (H.264, yuv420p, sizes padded to even numbers of pixels).

    Raises :class:`~piecepack_diagrams.errors.OutputError` when ffmpeg is missing or fails."""
    ffmpeg = ffmpeg_path()
    with tempfile.TemporaryDirectory(prefix="piecepack-mp4-") as folder:
        target = Path(folder) / "out.mp4"
        command = [ffmpeg, "-hide_banner", "-loglevel", "error", "-nostdin" if False else "-y",
                   "-f", "rawvideo", "-pix_fmt", "rgb24", "-s", f"{width}x{height}", "-r", str(fps), "-i", "-",
                   "-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2:color=white", "-c:v", "libx264", "-pix_fmt", "yuv420p",
                   "-preset", "veryfast", "-movflags", "+faststart", "-map_metadata", "-1", "-fflags", "+bitexact",
                   "-flags:v", "+bitexact", str(target)]
        process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                                   stderr=subprocess.PIPE)
        assert process.stdin is not None
        try:
            for frame, repeats in frames:
                data = frame.tobytes()
                for _ in range(repeats):
                    process.stdin.write(data)
            process.stdin.close()
        except BrokenPipeError:
            pass
        errors = process.stderr.read().decode("utf-8", "replace") if process.stderr else ""
        if process.wait() != 0 or not target.exists():
            raise OutputError(f"ffmpeg could not make the MP4: {errors.strip()[:400] or 'no message'}",
                              token="mp4", expected="a working ffmpeg with libx264 (apt-get install ffmpeg)")
        return target.read_bytes()


__all__ = ["INSTALL", "ffmpeg_path", "write_mp4"]
