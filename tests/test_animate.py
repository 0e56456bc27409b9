"""Animations (issue 21): frames read back with Pillow show pieces where an eased glide puts
them, flips squash, captures fade; the same options give the same bytes; GIF and APNG hold
the frames and durations asked for, an MP4 is what ffprobe says, the animated SVG is one
element per piece moved by keyframes; every bad option is refused, located, before work."""

from __future__ import annotations

import io
import json
import re
import shutil
import subprocess
import time
import xml.etree.ElementTree as ET

import pytest
from PIL import Image, ImageSequence

from piecepack_diagrams import OptionError, OutputError, parse_records, replay
from piecepack_diagrams.animate import MAX_FRAME_PIXELS, animate
from piecepack_diagrams.cli import main
from piecepack_diagrams.theme import DEFAULT

from conftest import CORPUS, ROOT

#: Three tile backs in a row; a Suns pawn placed, moved two tiles right; a coin placed, turned
#: over, taken away. Moves count as positions do (0 the setup function's empty table, 1 the
#: tiles): move 3 moves the pawn, 5 turns the coin over, 6 takes it away.
RECORD = "setup. t@b2 t@d2 t@f2\n1. pS@b2\n2. b2-f2\n3. cS3@d2\n4. +d2\n5. *d2"
SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def game():  # noqa: ANN201 - a Replay
    return replay(parse_records(RECORD)[0])


def _frames(data: bytes) -> list[tuple[Image.Image, int]]:
    image = Image.open(io.BytesIO(data))
    return [(frame.convert("RGB"), frame.info["duration"]) for frame in ImageSequence.Iterator(image)]


def _blob(frame: Image.Image, colour: str, tolerance: int = 40) -> tuple[float, float, int]:
    """Centroid and count of the pixels near ``colour``."""
    target = tuple(int(colour[k:k + 2], 16) for k in (1, 3, 5))
    xs = ys = n = 0
    pixels = frame.load()
    for y in range(frame.height):
        for x in range(frame.width):
            if all(abs(a - b) <= tolerance for a, b in zip(pixels[x, y], target)):
                xs, ys, n = xs + x, ys + y, n + 1
    return (xs / n if n else float("nan")), (ys / n if n else float("nan")), n


def _smoothstep(u: float) -> float:
    return u * u * (3 - 2 * u)


def test_a_gliding_piece_is_where_the_eased_move_puts_it(game):
    data = animate(game, "apng", moves=(3, 3), fps=10, pause=0.5, width=240)
    frames = [f for f, _ in _frames(data)]
    assert len(frames) == 7  # the held position, 5 frames of the 6-frame glide, the next position held
    suns = DEFAULT.suit_colour(1)
    start, end = _blob(frames[0], suns), _blob(frames[-1], suns)
    assert start[2] > 20 and end[2] > 20
    assert end[0] - start[0] > 100  # two tiles to the right
    for j in range(1, 6):
        x, y, n = _blob(frames[j], suns)
        assert n > 20
        assert x == pytest.approx(start[0] + (end[0] - start[0]) * _smoothstep(j / 6), abs=1.5), j
        assert y == pytest.approx(start[1], abs=1.0)


def test_a_flip_squashes_the_piece_to_nothing_and_back(game):
    from PIL import ImageChops

    data = animate(game, "apng", moves=(5, 5), fps=10, pause=0.5, width=240)
    frames = [f for f, _ in _frames(data)]
    bare = _frames(animate(game, "apng", moves=(6, 6), fps=10, pause=0.5, width=240))[-1][0]  # the coin taken away
    assert bare.size == frames[0].size

    def width(frame: Image.Image) -> int:
        # The coin: what differs from the table without it.
        bbox = ImageChops.difference(frame, bare).convert("L").point(lambda v: 255 if v > 24 else 0).getbbox()
        return 0 if bbox is None else bbox[2] - bbox[0]

    widths = [width(f) for f in frames]
    assert widths[0] > 15 and widths[-1] == pytest.approx(widths[0], abs=2)
    assert widths[3] < widths[0] / 4  # half way, seen edge on
    assert widths[1] > widths[2] > widths[3] < widths[4] < widths[5]


def test_a_removed_piece_fades_out(game):
    data = animate(game, "apng", moves=(6, 6), fps=10, pause=0.5, width=240)
    frames = [f for f, _ in _frames(data)]
    crop = (100, 0, 140, frames[0].height)
    ink = [sum(1 for v in f.crop(crop).convert("L").tobytes() if v < 200) for f in frames]
    assert ink[0] > ink[2] > ink[4] > ink[-1]


def test_gif_and_apng_hold_the_frames_and_durations_asked_for(game):
    for fmt in ("gif", "apng"):
        frames = _frames(animate(game, fmt, moves=(2, 4), fps=10, pause=1.0, width=200))
        assert len(frames) == 3 * 6 + 1
        durations = [d for _, d in frames]
        assert durations[0] == 1000 and durations[6] == 1000 and durations[12] == 1000
        assert durations[1:6] == [100] * 5
        assert durations[-1] == 2500  # the last position: its pause and a second and a half more
        assert frames[0][0].size == (200, frames[-1][0].height)


def test_the_same_record_and_options_give_the_same_bytes(game):
    for fmt in ("gif", "apng", "svg"):
        first = animate(game, fmt, moves=(1, 5), fps=8, width=160)
        assert animate(game, fmt, moves=(1, 5), fps=8, width=160) == first, fmt


def test_the_animated_svg_moves_each_piece_by_keyframes(game):
    document = animate(game, "svg", moves=(2, 6))
    root = ET.fromstring(document)
    assert not list(root.iter(f"{SVG}script"))
    style = "".join(s.text or "" for s in root.iter(f"{SVG}style"))
    assert "@keyframes" in style
    body = [g for g in root if g.tag == f"{SVG}g" and not g.get("class")][-1]
    lanes = [g for g in body if g.tag == f"{SVG}g"]
    assert len(lanes) == 5  # three tiles, the pawn, the coin: each drawn once
    defined = {g.get("id") for g in root.iter(f"{SVG}g") if g.get("id")}
    for use in root.iter(f"{SVG}use"):
        assert use.get("href", "")[1:] in defined
    moved = [g for g in lanes if f".{g.get('class')}{{animation:" in style]
    assert len(moved) == 2  # the pawn (placed, moved) and the coin (placed, flipped, removed); tiles stay


def test_the_30_move_svg_stays_small():
    game = replay(parse_records((CORPUS / "records" / "tablut.ppn").read_text())[0])
    assert len(animate(game, "svg", moves=(1, 30))) < 1_000_000


@pytest.mark.skipif(shutil.which("ffprobe") is None, reason="ffmpeg is installed by the README's test command")
def test_mp4_is_a_video_of_the_whole_animation(game):
    data = animate(game, "mp4", moves=(2, 3), fps=10, pause=1.0, width=200)
    probe = subprocess.run(["ffprobe", "-v", "error", "-count_frames", "-show_entries",
                            "stream=codec_name,width,height,nb_read_frames,r_frame_rate", "-of", "json", "-"],
                           input=data, capture_output=True, check=True)
    stream = json.loads(probe.stdout)["streams"][0]
    assert stream["codec_name"] == "h264" and stream["width"] == 200 and stream["height"] % 2 == 0
    assert stream["r_frame_rate"] == "10/1"
    # Two moves: each a second held and 5 frames of glide; the last position 2.5 seconds.
    assert int(stream["nb_read_frames"]) == 2 * (10 + 5) + 25


def test_mp4_without_ffmpeg_says_how_to_install_it(game, monkeypatch):
    monkeypatch.setattr(shutil, "which", lambda name: None)
    with pytest.raises(OutputError) as caught:
        animate(game, "mp4", moves=(2, 2))
    assert "apt-get install ffmpeg" in caught.value.describe()


@pytest.mark.parametrize(("options", "token"), [
    ({"fps": 0}, "0"), ({"fps": 51}, "51"), ({"fps": 2.5}, "2.5"), ({"pause": -1}, "-1"), ({"pause": 31}, "31"),
    ({"width": 63}, "63"), ({"width": 1921}, "1921"), ({"view": "side"}, "side"), ({"angle": 361}, "361"),
    ({"depth": 0}, "0"), ({"depth": 5}, "5"), ({"moves": (0, 2)}, "0-2"), ({"moves": (3, 2)}, "3-2"),
    ({"moves": (1, 7)}, "1-7"), ({"fps": float("nan")}, "nan"),
])
def test_every_bad_option_is_refused(game, options, token):
    with pytest.raises(OptionError) as caught:
        animate(game, "gif", **options)
    assert caught.value.token == token


def test_unknown_formats_are_refused(game):
    with pytest.raises(OptionError):
        animate(game, "avi")


def test_the_oblique_view_of_a_game_without_pieces_is_refused():
    from piecepack_diagrams import replay_file

    (maze,) = replay_file(ROOT / "records" / "labyrinth" / "seven-by-seven-four-players.ppn")
    with pytest.raises(OptionError) as caught:
        animate(maze, "gif", moves=(1, 2), view="oblique")
    assert caught.value.token == "oblique"


def test_an_animation_past_the_size_bound_is_refused_before_any_drawing():
    game = replay(parse_records((CORPUS / "records" / "tablut.ppn").read_text())[0])
    start = time.perf_counter()
    with pytest.raises(OptionError) as caught:
        animate(game, "mp4", fps=50, pause=30, width=1920)
    assert time.perf_counter() - start < 2
    assert f"{MAX_FRAME_PIXELS:,}" in caught.value.describe()


@pytest.mark.parametrize("words", [
    ["--fps", "0"], ["--pause", "99"], ["--width", "5"], ["--view", "top"], ["--angle", "-1"], ["--depth", "9"],
    ["--moves", "4-2"], ["--moves", "x"], ["-o", "OUT/a.avi"], ["-f", "gif", "-o", "OUT/a.svg"],
    ["--angle", "30"], ["--depth", "1", "--view", "flat"],  # the view's options as every command takes them
])
def test_the_command_line_refuses_bad_options_as_usage_errors(tmp_path, capsys, monkeypatch, words):
    record = tmp_path / "r.ppn"
    record.write_text(RECORD)
    monkeypatch.chdir(tmp_path)  # (an option taken would write output/r.gif here)
    argv = ["animate", str(record), *[w.replace("OUT", str(tmp_path)) for w in words]]
    try:
        code = main(argv)
    except SystemExit as exc:  # the parser's own refusals (a view's options are checked as they are read)
        code = exc.code
    assert code == 2
    err = capsys.readouterr().err
    assert "piecepack-diagrams animate: error:" in err and "expected" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.ppn"]  # nothing written


def test_the_command_line_writes_the_format_its_name_says(tmp_path):
    record = tmp_path / "r.ppn"
    record.write_text(RECORD)
    assert main(["animate", str(record), "--moves", "2-3", "--width", "120", "-o", str(tmp_path / "a.gif")]) == 0
    assert Image.open(tmp_path / "a.gif").format == "GIF"
    assert main(["animate", str(record), "--moves", "2-3", "-f", "apng", "-o", str(tmp_path / "a.apng")]) == 0
    assert Image.open(tmp_path / "a.apng").is_animated
    assert main(["animate", str(record), "--moves", "2-3", "--width", "120", "--view", "oblique",
                 "--die-arrangement", "counter_up", "-o", str(tmp_path / "o.gif")]) == 0
    assert Image.open(tmp_path / "o.gif").is_animated
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.apng", "a.gif", "o.gif", "r.ppn"]  # no temporary left


def test_the_oblique_view_animates_stacked_pieces(game):
    frames = _frames(animate(game, "gif", moves=(2, 3), view="oblique", angle=45, depth=1.0, fps=5, width=160))
    assert len(frames) == 2 * 3 + 1
    assert frames[0][0].tobytes() != frames[-1][0].tobytes()


def _opacity(style: str, name: str, fraction: float) -> int:
    """The opacity the stylesheet gives class ``name`` at ``fraction`` of the loop (keyframes
    stepped at their ends; 1 when never animated)."""
    rule = re.search(r"\." + name + r"\{animation:(\S+) ", style)
    if rule is None:
        return 1
    frames = re.search("@keyframes " + rule.group(1) + r"\{((?:[\d.]+%\{[^}]*\})*)\}", style)
    assert frames is not None
    value = 1
    for at, body in re.findall(r"([\d.]+)%\{([^}]*)\}", frames.group(1)):
        if float(at) / 100 <= fraction:
            value = int(re.search(r"opacity:(\d)", body).group(1))  # type: ignore[union-attr]
    return value


@pytest.mark.parametrize("angle,depth", [(45, 1.0), (200, 2.0)])
def test_the_oblique_animated_svg_stacks_each_position_as_a_zbuffer_sees_it(game, angle, depth):
    """At the middle of each position's hold exactly one group of pieces shows; its pieces,
    painted in its order as their solids' outlines, match a ray cast of that position's
    solids (a coin on a tile, a pawn beside, seen from two sides)."""
    import numpy as np
    from PIL import ImageDraw

    from piecepack_diagrams.api import scene_of
    from piecepack_diagrams.layout.compose import lay_out
    from piecepack_diagrams.oblique.draw import id_colour
    from piecepack_diagrams.oblique.order import drawing_order
    from piecepack_diagrams.oblique.projection import Projection
    from piecepack_diagrams.oblique.solids import solids_of
    from piecepack_diagrams.scene import Scene
    from test_oblique import _Planes, _uniform_round, _zbuffer

    first, last = 2, 6
    root = ET.fromstring(animate(game, "svg", moves=(first, last), view="oblique", angle=angle, depth=depth, pause=1.0))
    assert not list(root.iter(f"{SVG}script"))
    style = "".join(s.text or "" for s in root.iter(f"{SVG}style"))
    body = [g for g in root if g.tag == f"{SVG}g" and not g.get("class")][-1]
    groups = [g for g in body if g.tag == f"{SVG}g"]
    projection = Projection(angle, depth)
    dx, dy = projection.shift
    for k in range(last - first + 2):
        # The middle of the times hold k shows (its keyframes' stops where it turns on and off).
        stops = sorted(float(t) / 100 for t in re.findall(r"([\d.]+)%\{opacity",
                                                       re.search(r"@keyframes kh" + str(k) + r"\{(.*?\})\}",
                                                                 style).group(1)))  # type: ignore[union-attr]
        on = [t for t in stops if _opacity(style, f"h{k}", t)]
        fraction = (on[0] + min([t for t in stops if t > on[0] and not _opacity(style, f"h{k}", t)], default=1.0)) / 2
        shown = [g for g in groups if _opacity(style, g.get("class", ""), fraction)]
        assert [g.get("class") for g in shown] == [f"h{k}"], fraction
        scene = lay_out(scene_of(game, first - 1 + k, caption=False, key=False), scale=1.0, framing="whole").scene
        every = solids_of(scene.pieces)
        # Drawn in the solids' order, a pawn's foot and head each in its place; a piece cut to
        # break a cycle of the order whole, where its first part is.
        order = drawing_order(list(every), projection)
        cut = {s.index for s in order if s.is_part}
        drawn: list[list] = []
        for s in order:
            if s.index not in cut:
                drawn.append([s])
            elif all(d[0].index != s.index for d in drawn):
                drawn.append([t for t in every if t.index == s.index])
        uses = [(float(u.get("x", "0")) / 7200, -float(u.get("y", "0")) / 7200) for u in shown[0].iter(f"{SVG}use")]
        assert len(uses) == len(drawn)
        # The picture's inches are the table's moved: the first piece drawn gives the move.
        bases = [(d[0].piece.x + d[0].base * dx, d[0].piece.y + d[0].base * dy) for d in drawn]
        ox, oy = uses[0][0] - bases[0][0], uses[0][1] - bases[0][1]
        assert all(abs(ux - ox - bx) + abs(uy - oy - by) < 1e-3 for (ux, uy), (bx, by) in zip(uses, bases)), \
            "the pieces drawn are not the position's, in its order"
        boxes = [projection.box(s) for s in every]
        x0, y0 = min(b[0] for b in boxes) - 0.2, min(b[1] for b in boxes) - 0.2
        x1, y1 = max(b[2] for b in boxes) + 0.2, max(b[3] for b in boxes) + 0.2
        dpi = 20
        cols, rows = round((x1 - x0) * dpi), round((y1 - y0) * dpi)
        image = Image.new("RGB", (cols, rows), "white")
        pen = ImageDraw.Draw(image)
        for parts in drawn:
            for part in parts:
                pen.polygon([((x - x0) * dpi - 0.5, (y1 - y) * dpi - 0.5) for x, y in projection.outline(part)],
                            fill=id_colour(part.index))
        ids = _zbuffer(_Planes(Scene(pieces=scene.pieces)), projection, x0 + (np.arange(cols) + 0.5) / dpi,
                       y1 - (np.arange(rows) + 0.5) / dpi)
        palette = np.array([[int(c[1:3], 16), int(c[3:5], 16), int(c[5:7], 16)]
                            for c in (id_colour(n) for n in range(len(scene.pieces)))] + [[255, 255, 255]])
        wrong = (np.abs(np.asarray(image).astype(int) - palette[ids]).max(axis=2) > 24) & _uniform_round(ids, 2)
        assert not wrong.sum(), (k, int(wrong.sum()))


def test_the_30_move_oblique_svg_stays_small():
    game = replay(parse_records((CORPUS / "records" / "tablut.ppn").read_text())[0])
    assert len(animate(game, "svg", moves=(1, 30), view="oblique")) < 1_000_000


def test_a_panels_pieces_lie_flat_in_the_oblique_view():
    """The key's dice beside a Coin Collectors board lie flat in the oblique animation, as in
    a still (they were drawn as cubes, overlapping one another): each die's square is mostly
    its colour, and just beyond its upper right corner, where a cube's top would be drawn, is
    the page."""
    from piecepack_diagrams.animate.actors import still_of
    from piecepack_diagrams.animate.api import _frame
    from piecepack_diagrams.animate.frames import Camera
    from piecepack_diagrams.animate.options import parse_options
    from piecepack_diagrams.api import replay_file, scene_of
    from piecepack_diagrams.scene import PieceMark, ScenePiece

    game = next(replay_file(ROOT / "records" / "coin-collectors" / "heuristic-win.ppn"))
    first = _frames(animate(game, "apng", moves=(1, 1), view="oblique", angle=45, depth=1.0, width=480))[0][0]
    options = parse_options("apng", fps=12, pause=0.8, width=480, view="oblique", angle=45, depth=1.0)
    stills = [still_of(scene_of(game, k, caption=False, key=False), DEFAULT) for k in (0, 1)]
    camera = Camera.from_frame(_frame(stills, options), 480)
    assert (camera.width, camera.height) == first.size
    # (Coin Collectors' dice are only in the key: all four are the panel's.)
    dice = [(a, a.look.piece.piece if isinstance(a.look, PieceMark) else a.look) for a in stills[0].actors
            if (a.look.piece.piece if isinstance(a.look, PieceMark) else a.look).kind == "die"]
    assert len(dice) == 4
    page = first.getpixel((1, 1))
    for die, piece in dice:
        corners = ScenePiece(piece, die.x, die.y, die.angle).corners()
        x0, y0 = min(x for x, _ in corners), min(y for _, y in corners)
        x1, y1 = max(x for x, _ in corners), max(y for _, y in corners)
        (left, top), (right, bottom) = camera.pixel(x0, y1), camera.pixel(x1, y0)
        square = [first.getpixel((i, j)) for i in range(round(left) + 1, round(right) - 1)
                  for j in range(round(top) + 1, round(bottom) - 1)]
        coloured = sum(sum(abs(a - b) for a, b in zip(p, page)) > 90 for p in square)
        assert coloured > 0.6 * len(square), (coloured, len(square))
        beyond = first.getpixel(tuple(round(v) for v in camera.pixel(x1 + 0.12, y1 + 0.12)))
        assert sum(abs(a - b) for a, b in zip(beyond, page)) < 30, beyond



@pytest.mark.parametrize("view", ["flat", "oblique"])
def test_the_gifs_palette_keeps_every_colour_of_the_frames(view):
    """Each GIF frame is its APNG frame (lossless) in 255 colours: no pixel strays far from
    its colour. The palette once came from sprites shrunk into one row, and merged the blue
    pawn's shaded sides into the green's (a Suns-and-Arms reader would see two greens)."""
    import numpy as np

    game = next(replay_file_of("coin-collectors", "heuristic-win.ppn"))
    options = {"moves": (3, 4), "view": view, "fps": 4, "width": 480}
    gif, apng = _frames(animate(game, "gif", **options)), _frames(animate(game, "apng", **options))
    assert len(gif) == len(apng) > 2
    for (g, _), (a, _) in zip(gif, apng):
        off = np.abs(np.asarray(g, dtype=int) - np.asarray(a, dtype=int)).sum(axis=2)
        assert off.max() <= 60, (view, int(off.max()), int((off > 60).sum()))


def replay_file_of(game: str, name: str):  # noqa: ANN201 - an iterator of Replays
    from piecepack_diagrams.api import replay_file

    return replay_file(ROOT / "records" / game / name)


def test_a_piece_gliding_behind_a_standing_pawn_is_hidden_by_it():
    """In the oblique GIF a coin gliding behind a pawn (seen from the front, heights drawn
    three times as long) passes under the pawn's drawing, as the solids' order says; it was
    pasted over everything that stood still."""
    from piecepack_diagrams.animate.actors import still_of
    from piecepack_diagrams.animate.api import _frame
    from piecepack_diagrams.animate.frames import Camera, schedule
    from piecepack_diagrams.animate.options import parse_options
    from piecepack_diagrams.api import scene_of
    from piecepack_diagrams.oblique.projection import Projection
    from piecepack_diagrams.oblique.solids import solids_of
    from piecepack_diagrams.scene import ScenePiece

    # Two rows of tiles; the Suns pawn stands in the front row, a coin glides along the back row.
    record = "setup. t@b2 t@d2 t@f2 t@b4 t@d4 t@f4\n1. pS@d2\n2. cM3@b4\n3. b4-f4"
    game = replay(parse_records(record)[0])
    view = {"view": "oblique", "angle": 90.0, "depth": 3.0}
    frames = _frames(animate(game, "apng", moves=(4, 4), fps=10, **view))
    options = parse_options("apng", fps=10, pause=0.8, width=480, **view)
    stills = [still_of(scene_of(game, k, caption=False, key=False), DEFAULT) for k in (3, 4)]
    camera = Camera.from_frame(_frame(stills, options), 480)
    times = schedule(1, options)
    middle = next(n for n, t in enumerate(times) if abs(t.u - 0.5) < 1e-9)
    picture = frames[middle][0]
    assert picture.size == (camera.width, camera.height)
    # Where the coin is then, and the pawn: a point both cover as drawn, with the pawn in front.
    start, end = (a for s in stills for a in s.actors if getattr(a.look, "kind", "") == "coin")
    coin = ScenePiece(start.look, (start.x + end.x) / 2, start.y, 0.0)
    placed = [ScenePiece(a.look, a.x, a.y, a.angle) for a in stills[0].actors]
    pawn = next(p for p in placed if p.piece.kind == "pawn")
    tiles = [p for p in placed if p.piece.kind == "tile"]
    solids = solids_of((*tiles, pawn, coin))
    projection = Projection(90.0, 3.0)
    coin_top = max(s.top for s in solids if s.piece is coin)
    pawn_top = max(s.top for s in solids if s.piece is pawn)
    # The coin's top face near its nearest edge, drawn where the pawn's head is drawn too.
    x, y = coin.x, coin.y - 0.3 + 3.0 * coin_top
    assert coin.y > pawn.y and pawn.y + 3.0 * pawn_top > y  # the coin behind, the head reaching over it
    assert projection.shift == pytest.approx((0.0, 3.0))
    r, g, b = picture.getpixel(tuple(round(v) for v in camera.pixel(x, y)))
    assert r - b > 60, (r, g, b)  # the Suns pawn's orange, not the coin's white or grey


def test_the_oblique_svg_draws_a_coin_between_a_pawns_foot_and_head():
    """Held behind a standing pawn (seen from the front, heights drawn three times as long),
    a coin comes after the pawn's foot and before its head in the solids' order: the SVG draws
    the pawn's two parts apart, the coin between them (it drew the pawn whole, at its foot)."""
    record = "setup. t@b2 t@d2 t@f2 t@b4 t@d4 t@f4\n1. pS@d2\n2. cM3@d4\n3. d4-f4"
    game = replay(parse_records(record)[0])
    root = ET.fromstring(animate(game, "svg", moves=(3, 4), view="oblique", angle=90.0, depth=3.0))
    body = [g for g in root if g.tag == f"{SVG}g" and not g.get("class")][-1]
    held = next(g for g in body if g.get("class") == "h1")  # position 3: the coin on d4, behind the pawn
    uses = [(u.get("href"), u.get("x"), u.get("y")) for u in held.iter(f"{SVG}use")]
    assert len(uses) == 6 + 2 + 1  # six tiles, the pawn's foot and head, the coin
    places = [(x, y) for _, x, y in uses]
    twice = [n for n, p in enumerate(places) if places.count(p) == 2]
    assert len(twice) == 2 and uses[twice[0]][0] != uses[twice[1]][0]  # the pawn's parts: one place, two looks
    looks = [href for href, _, _ in uses]
    (coin,) = [n for n, (href, p) in enumerate(zip(looks, places)) if looks.count(href) == 1 and places.count(p) == 1]
    assert twice[0] < coin < twice[1], (twice, coin)
