"""Labyrinth's printed products read as a rulebook's: the figure set and the plates have no
layout findings; captions speak a player's words and name squares as the board's edges do;
a pass draws no slide, a refused walk is drawn along the passages after the slide it
follows; the whole gem key is a page of its own; text output never writes one label over
another."""

from __future__ import annotations

import re
from dataclasses import replace
from functools import lru_cache

import pytest

from piecepack_diagrams.api import replay_file, scene_of
from piecepack_diagrams.errors import OutputError
from piecepack_diagrams.figures import figure_files, figure_set, game_replays
from piecepack_diagrams.games.labyrinth.board import cell_name
from piecepack_diagrams.render import render
from piecepack_diagrams.scene import Arrow, Label, Marker, Outline, PathLine, Scene, flattened
from piecepack_diagrams.sheets.pdf import Audit
from piecepack_diagrams.sheets.plates import plates_pdf
import itertools

SEVEN = "records/labyrinth/seven-by-seven-four-players.ppn"


@lru_cache(maxsize=1)
def _figures():
    return {f.name: f for f in figure_set("labyrinth", game_replays("labyrinth")).figures}


def test_the_figure_set_and_plates_have_no_layout_findings():
    findings: list = []
    figure_files(_figures().values(), formats=("pdf",), audit=findings)
    assert [f.format() for f in findings] == []
    audit = Audit("plates")
    plates_pdf(next(replay_file(SEVEN)), moves=range(0, 7), audit=audit)
    assert audit.drawings == 8  # the key's page, and seven positions
    assert [f.format() for f in audit.findings] == []


def _arrows(scene: Scene) -> list[Arrow]:
    return [a for a in flattened(scene.annotations) if isinstance(a, Arrow)]


def _is_orthogonal(points) -> bool:
    return all(abs(a[0] - b[0]) < 1e-9 or abs(a[1] - b[1]) < 1e-9 for a, b in itertools.pairwise(points))


def test_a_pass_draws_no_slide_and_a_turn_draws_one():
    figures = _figures()
    assert _arrows(figures["labyrinth-move-pass"].scene) == []
    assert figures["labyrinth-move-pass"].scene.focus is not None, "a pass is about the player who passed"
    turn = figures["labyrinth-move-slide-and-move"].scene
    slides = [a for a in _arrows(turn) if not a.colour]
    walks = [a for a in _arrows(turn) if a.colour]
    assert len(slides) == 1 and len(walks) == 1 and _is_orthogonal(walks[0].points)
    # Along the passages' centres: tiles are an inch square, so centres sit on half inches; it
    # starts at a dot in the walker's colour and ends, its head on the avatar's edge, in a tile.
    assert all((x - 0.5) % 1 == 0 and (y - 0.5) % 1 == 0 for x, y in walks[0].points[:-1])
    (dot,) = [m for m in turn.annotations if isinstance(m, Marker) and m.role == "walk-start"]
    assert (dot.x, dot.y) == walks[0].start and dot.colour == walks[0].colour
    ex, ey = walks[0].end
    assert (ex - 0.5) % 1 == 0 or (ey - 0.5) % 1 == 0


def test_a_refused_walk_is_drawn_after_its_slide_along_the_passages():
    figure = _figures()["labyrinth-illegal-move"]
    arrows = _arrows(figure.scene)
    assert [a.role for a in arrows].count("illegal") == 1 and len(arrows) == 2, "one slide, one refused walk"
    assert all(_is_orthogonal(a.points) for a in arrows)
    # The board drawn is the one after the slide: its tiles are those of the slid board.
    result = next(r for r in game_replays("labyrinth") if r.record.file == figure.source)
    play = result.positions[figure.position].state
    move = re.fullmatch(r"(\d+)([LRUD])(\d+)@(\d+),(\d+)", figure.move)
    direction = {"L": "LEFT", "R": "RIGHT", "U": "UP", "D": "DOWN"}[move[2]]
    slid = play.position.slid(int(move[1]), direction, int(move[3]))
    h = slid.board.height
    glyphs = {(round(o.glyph_at[0] - 0.5), round(h - 0.5 - o.glyph_at[1])): o.glyph
              for o in flattened(figure.scene.annotations)
              if isinstance(o, Outline) and o.glyph_at[0] < slid.board.width}
    before = play.position.board
    changed = [(r, c) for r in range(h) for c in range(slid.board.width)
               if slid.board.tiles[r][c] != before.tiles[r][c]]
    assert changed, "the slide moves tiles"
    from piecepack_diagrams.games.labyrinth.connectors import SYMBOLS
    assert all(glyphs[(c, r)] == SYMBOLS[slid.board.tiles[r][c].connector] for r, c in changed)
    # The caption says which part is refused (the walk), naming the cells as the edges do.
    caption = figure.scene.caption
    assert re.search(r"after sliding (row [1-9]|column [a-z]) (left|right|up|down), the avatar cannot walk", caption,
                     re.IGNORECASE)
    assert "cannot walk from" in caption


_CELL = re.compile(r"\b([a-z])([1-9])\b")


def test_captions_name_cells_as_the_board_edges_show_them_and_no_record_notation():
    for name, figure in _figures().items():
        caption = figure.scene.caption
        assert not re.search(r"\(\d+, \d+\)", caption), name
        assert not re.search(r"\d[LRUD]\d+@\d", caption), name
        coordinates = figure.scene.coordinates
        files = {n for _, n in coordinates.files}
        ranks = {n for _, n in coordinates.ranks}
        for column, row in _CELL.findall(caption):
            assert column in files and row in ranks, (name, column + row)
    result = next(replay_file("records/labyrinth/fixture-m8-five-players.ppn"))
    first = scene_of(result, 1, key=False).caption
    assert first.startswith("1. ") and "{" not in first and "out:" not in first
    assert "Ben (red) is thrown out of the game" in first


def test_move_figures_show_no_gem_numbers_and_the_key_shows_every_gem():
    figures = _figures()
    for name, figure in figures.items():
        if name != "labyrinth-key":
            assert not any(isinstance(m, Marker) and m.role == "gem" and m.text
                           for m in flattened(figure.scene.annotations)), name
    key = figures["labyrinth-key"]
    assert key.template == "figure-wide"
    play = game_replays("labyrinth")[0].positions[0].state
    gems = {g for row in play.position.board.tiles for t in row for g in t.gems} | set(play.position.spare.gems)
    listed = [a.text for p in key.scene.panels for a in flattened(p.annotations)
              if isinstance(a, Label) and re.fullmatch(r"\d+ [a-z][a-z ]*", a.text)]
    # Gems' names as words, not as file names ("golden diamond cut").
    assert sorted(t.split(" ", 1)[1] for t in listed) == sorted(g.replace("-", " ") for g in gems)
    numbered = {m.text for m in flattened(key.scene.annotations) if isinstance(m, Marker) and m.role == "gem"}
    assert numbered == {t.split(" ", 1)[0] for t in listed}


def test_the_players_key_says_what_goal_and_home_mean_and_who_is_out():
    out = _figures()["labyrinth-move-out"].scene
    words = [a.text for p in out.panels for a in flattened(p.annotations) if isinstance(a, Label)]
    assert "Can (orange): thrown out of the game" in words
    setup = _figures()["labyrinth-setup"].scene
    words = [a.text for p in setup.panels for a in flattened(p.annotations) if isinstance(a, Label)]
    assert any(re.fullmatch(r"\w+ \(\w+\): on the way to goal [a-g][1-7]", w) for w in words)
    assert any("ring: a goal" in w for w in words) and any("square: a home" in w for w in words)
    end = _figures()["labyrinth-end"].scene
    words = [a.text for p in end.panels for a in flattened(p.annotations) if isinstance(a, Label)]
    assert any(re.fullmatch(r"\w+ \(\w+\): going home to [a-g][1-7]", w) for w in words)


def test_text_never_writes_a_label_over_another():
    result = next(replay_file(SEVEN))
    for k in (0, 5, len(result.positions) - 1):
        scene = scene_of(result, k)
        text = render(scene, "txt").decode("utf-8")
        for label in (a for a in flattened(scene.annotations) + [a for p in scene.panels
                      for a in flattened(p.annotations)] if isinstance(a, Label)):
            assert label.text in text, label.text
    # Twelve labels on one spot: text has no room for them all, and says so.
    with pytest.raises(OutputError, match="no room"):
        render(Scene(annotations=tuple(Label(1.0, 1.0, f"label {k}") for k in range(12))), "txt")


def test_a_highlight_tints_the_passages_under_it_and_no_avatar():
    import io

    import matplotlib.image as mpimg

    from piecepack_diagrams.render.primitives import tinted
    from piecepack_diagrams.theme import DEFAULT

    result = next(replay_file(SEVEN))
    scene = scene_of(result, 0, show_legal=True, key=False)
    play = result.positions[0].state
    me = play.position.players[0].current
    h = play.position.board.height
    laid = replace(scene, panels=(), coordinates=None)
    image = mpimg.imread(io.BytesIO(render(laid, "png", scale=1.0)), format="png")
    bounds = laid.bounds()

    def at(x: float, y: float) -> str:
        r, g, b = image[int((bounds.y1 - y) * 100), int((x - bounds.x0) * 100)][:3]
        return f"#{round(r * 255):02X}{round(g * 255):02X}{round(b * 255):02X}"

    def close(colour: str, want: str) -> bool:
        return all(abs(int(colour[i:i + 2], 16) - int(want[i:i + 2], 16)) <= 12 for i in (1, 3, 5))

    from piecepack_diagrams.games.labyrinth.picture import player_colour
    from piecepack_diagrams.games.labyrinth.strategies import legal_turns

    cells = sorted({m.destination for m in legal_turns(play.position)} - {me})
    r, c = cells[0]
    tile = play.position.board.tiles[r][c]
    from piecepack_diagrams.games.labyrinth.connectors import EAST, NORTH, SOUTH, WEST
    dx, dy = {NORTH: (0, 0.4), EAST: (0.4, 0), SOUTH: (0, -0.4), WEST: (-0.4, 0)}[
        next(side for side in (NORTH, EAST, SOUTH, WEST) if tile.connector & side)]
    assert close(at(c + 0.5 + dx, h - r - 0.5 + dy), tinted(DEFAULT).maze_passage)
    # The avatar's disc keeps its colour.
    x, y = me[1] + 0.5, h - me[0] - 0.5
    assert close(at(x + 0.2, y), player_colour(play.position.players[0].color))
    assert cell_name(me)


_AVATAR_R = 0.27


def test_a_refused_walk_is_dashed_whole_its_x_clear_of_tokens_and_the_caption_names_the_wall():
    figure = _figures()["labyrinth-illegal-move"]
    scene = figure.scene
    assert not [a for a in scene.annotations if isinstance(a, PathLine)], "no solid part: the whole walk is refused"
    (refused,) = [a for a in _arrows(scene) if a.role == "illegal"]
    x, y = refused.end
    for mark in flattened(scene.annotations):
        if isinstance(mark, Marker) and mark.role in ("avatar", "home"):
            # The X (about 0.1 inch across at the figure's scale) lies off every token and home.
            assert abs(mark.x - x) > mark.size / 2 + 0.12 or abs(mark.y - y) > mark.size / 2 + 0.12, mark
    assert re.search(r"the wall between [a-z][1-9] and [a-z][1-9]", scene.caption)


def test_move_figures_key_only_the_players_in_view():
    for name in ("labyrinth-move-slide-and-move", "labyrinth-move-pass", "labyrinth-illegal-move"):
        scene = _figures()[name].scene
        focus = scene.focus
        assert focus is not None
        avatars = {m.text: m for m in flattened(scene.annotations) if isinstance(m, Marker) and m.role == "avatar"}
        keyed = [a.text for p in scene.panels for a in flattened(p.annotations)
                 if isinstance(a, Label) and re.match(r"\w+ \(\w+\): (on the way|going home)", a.text)]
        assert keyed, name
        for text in keyed:
            disc = avatars[text[0].upper()]
            assert focus.x0 <= disc.x <= focus.x1 and focus.y0 <= disc.y <= focus.y1, (name, text)


def test_torn_edges_stop_at_the_board():
    from piecepack_diagrams.layout import lay_out
    from piecepack_diagrams.scene import Tear

    for name in ("labyrinth-move-slide-and-move", "labyrinth-illegal-move", "labyrinth-move-pass"):
        figure = _figures()[name]
        laid = lay_out(figure.scene, box=(3.25, 8.0), framing="focus")
        walls = [a for a in flattened(figure.scene.annotations) if getattr(a, "role", "") == "wall"]
        x1 = max(w.x + w.width / 2 for w in walls)
        y0 = min(w.y - w.height / 2 for w in walls)
        x0 = min(w.x - w.width / 2 for w in walls)
        y1 = max(w.y + w.height / 2 for w in walls)
        tears = [a for a in laid.scene.annotations if isinstance(a, Tear)]
        assert tears, name
        for tear in tears:
            assert all(x0 - 1e-6 <= x <= x1 + 1e-6 and y0 - 1e-6 <= y <= y1 + 1e-6 for x, y in tear.edge), name


def test_goal_rings_have_a_light_halo_and_avatars_leave_their_homes_in_view():
    from piecepack_diagrams.render.primitives import annotation_primitives
    from piecepack_diagrams.theme import DEFAULT

    ring = Marker(0.0, 0.0, 0.3, "#2E8B57", "ring", role="goal")
    circles = [p for p in annotation_primitives(Scene((), (ring,)), DEFAULT) if type(p).__name__ == "Circle"]
    widths = {p.stroke: p.width for p in circles}
    assert widths.get("#2E8B57") and max(widths.values()) > widths["#2E8B57"]
    assert any(stroke.upper() == "#FFFFFF" for stroke in widths)
    play = game_replays("labyrinth")[0].positions[0].state
    scene = scene_of(game_replays("labyrinth")[0], 0)
    homes = [m for m in flattened(scene.annotations) if isinstance(m, Marker) and m.role == "home"]
    avatars = [m for m in flattened(scene.annotations) if isinstance(m, Marker) and m.role == "avatar"]
    assert homes and play is not None
    for home in homes:
        for disc in avatars:
            # The square's nearest point lies outside the disc.
            nx = min(max(disc.x, home.x - home.size / 2), home.x + home.size / 2)
            ny = min(max(disc.y, home.y - home.size / 2), home.y + home.size / 2)
            assert (nx - disc.x) ** 2 + (ny - disc.y) ** 2 > _AVATAR_R ** 2, (home, disc)


def test_a_pass_rings_the_player_who_stays_and_captions_name_players_as_names():
    from piecepack_diagrams.scene import Highlight

    figures = _figures()
    passed = figures["labyrinth-move-pass"].scene
    (ring,) = [a for a in passed.annotations if isinstance(a, Highlight) and a.role == "target"]
    assert any(isinstance(m, Marker) and m.role == "avatar" and abs(m.x - ring.x) < 0.5 and abs(m.y - ring.y) < 0.5
               for m in flattened(passed.annotations))
    assert "stays on" in passed.caption
    for figure in figures.values():
        for name in re.findall(r"\b([A-Za-z]+) \((?:red|blue|green|orange|yellow|purple|pink|white|black)\)",
                               figure.scene.caption):
            assert name[0].isupper(), (figure.name, name)


def _laid(figure):
    from piecepack_diagrams.layout import lay_out

    return lay_out(figure.scene, box=(6.5 if figure.template == "figure-wide" else 3.25, 9.0),
                   framing=figure.framing)


def test_no_two_panels_overlap_and_the_spare_tile_is_not_under_the_players_heading():
    for name, figure in _figures().items():
        laid = _laid(figure)
        assert len(laid.panels) == len(figure.scene.panels), name
        for k, a in enumerate(laid.panels):
            for b in laid.panels[k + 1:]:
                assert not (a.x0 < b.x1 and b.x0 < a.x1 and a.y0 < b.y1 and b.y0 < a.y1), (name, a, b)
        for panel in figure.scene.panels:
            walls = [a for a in flattened(panel.annotations) if getattr(a, "role", "") == "wall"]
            # A tile in a panel is the spare: its heading says so, not "Players".
            assert not walls or panel.title.startswith("Spare"), (name, panel.title)
        if name != "labyrinth-key":
            assert [p.title for p in figure.scene.panels] == ["Spare tile", "Players"], name


def _keyed_marks(scene: Scene) -> list[Marker]:
    return [m for p in scene.panels for m in flattened(p.annotations) if isinstance(m, Marker)]


def _keyed_words(scene: Scene) -> list[str]:
    return [a.text for p in scene.panels for a in flattened(p.annotations) if isinstance(a, Label)]


def test_move_figures_key_what_they_draw_and_nothing_else():
    for name, figure in _figures().items():
        if name in ("labyrinth-key", "labyrinth-setup", "labyrinth-end"):
            continue
        scene, window = figure.scene, _laid(figure).window
        drawn = [m for m in flattened(scene.annotations) if isinstance(m, Marker)
                 and window.x0 < m.x < window.x1 and window.y0 < m.y < window.y1]
        avatars = {m.colour for m in drawn if m.role == "avatar"}
        keyed = _keyed_marks(scene)
        words = _keyed_words(scene)
        # A player thrown out is keyed only by the figure about it.
        if name != "labyrinth-move-out":
            assert not [w for w in words if "thrown out" in w], name
        # Each ring and square drawn has its entry: in its own colour, or the general one for
        # the players the key lists.
        for mark in drawn:
            if mark.role in ("goal", "home"):
                shape = "ring" if mark.role == "goal" else "square"
                own = any(k.shape == shape and k.colour == mark.colour for k in keyed)
                general = mark.colour in avatars and any(w.startswith(f"{shape}: a ") for w in words)
                assert own or general, (name, mark)


def test_a_pass_caption_names_the_mark_drawn_and_goals_to_come_in_plain_words():
    from piecepack_diagrams.scene import Highlight

    passed = _figures()["labyrinth-move-pass"].scene
    assert [a.role for a in passed.annotations if isinstance(a, Highlight)] == ["target"]  # a square frame
    assert "ring" not in passed.caption.split("\n", 1)[1] and "framed" in passed.caption
    assert not [w for w in _keyed_words(passed) if "handed out" in w]


def test_homes_and_goals_in_a_cropped_figure_lie_clear_of_its_torn_edges():
    from piecepack_diagrams.layout.compose import TEAR_DEPTH

    for name, figure in _figures().items():
        if figure.framing != "focus":
            continue
        laid = _laid(figure)
        w, teeth = laid.window, TEAR_DEPTH / laid.scale
        for m in flattened(figure.scene.annotations):
            if isinstance(m, Marker) and m.role in ("goal", "home"):
                r = m.size / 2
                if m.x + r > w.x0 and m.x - r < w.x1 and m.y + r > w.y0 and m.y - r < w.y1:
                    assert (w.x0 + teeth < m.x - r and m.x + r < w.x1 - teeth
                            and w.y0 + teeth < m.y - r and m.y + r < w.y1 - teeth), (name, m)


def test_a_goal_s_gems_are_named_as_words_upper_left_first_in_the_key():
    # (Gems of alike colours are told apart by shape: tests/test_labyrinth_gems.py.)
    words = _keyed_words(_figures()["labyrinth-setup"].scene)
    assert not [w for w in words if re.search(r"[a-z]-[a-z]", w)], "gem names as words"
    assert any(re.fullmatch(r"[a-z ]+, [a-z ]+", w) for w in words)


def test_a_refused_walk_has_its_x_on_the_wall_the_caption_names():
    scene = _figures()["labyrinth-illegal-move"].scene
    (refused,) = [a for a in _arrows(scene) if a.role == "illegal"]
    a, b = re.search(r"the wall between ([a-z][1-9]) and ([a-z][1-9])", scene.caption).groups()
    files, ranks = dict((n, x) for x, n in scene.coordinates.files), dict((n, y) for y, n in scene.coordinates.ranks)
    (ax, ay), (bx, by) = (files[a[0]], ranks[a[1:]]), (files[b[0]], ranks[b[1:]])
    # The edge the two tiles share, midway between their centres.
    assert refused.end == pytest.approx(((ax + bx) / 2, (ay + by) / 2))


def test_the_out_figure_shows_who_leaves_where_it_stood_and_whole_boards_print_a_page_wide():
    figures = _figures()
    out = figures["labyrinth-move-out"]
    result = next(r for r in game_replays("labyrinth") if r.record.file == out.source)
    before, after = result.positions[out.position].state, result.positions[out.position + 1].state
    ((color, name),) = [who for who in after.out if who not in before.out]
    (player,) = [p for p in before.position.players if p.color == color]
    h = before.position.board.height
    x, y = player.current[1] + 0.5, h - player.current[0] - 0.5
    marks = flattened(out.scene.annotations)
    (gone,) = [m for m in marks if isinstance(m, Marker) and m.role == "gone"]
    assert (gone.x, gone.y) == (x, y) and gone.shape == "ring" and gone.text == name[0].upper()
    # The key names it, by the same mark.
    entries = flattened(out.scene.panels[-1].annotations)
    (keyed,) = [m for m in entries if isinstance(m, Marker) and m.shape == "ring" and m.colour == gone.colour]
    assert keyed.size == gone.size and keyed.text == gone.text
    words = [a for a in entries if isinstance(a, Label) and "thrown out" in a.text]
    assert len(words) == 1 and abs(words[0].y - keyed.y) < 1e-9
    assert gone.colour not in {m.colour for m in marks if isinstance(m, Marker) and m.role == "avatar"}
    # The figure shows one thing: no turn is played in it.
    assert not _arrows(out.scene)
    # A figure showing the whole board prints a page wide.
    for name, figure in figures.items():
        laid = _laid(figure)
        walls = [a for a in flattened(figure.scene.annotations) if getattr(a, "role", "") == "wall"]
        whole = all(laid.window.x0 <= w.x - 0.5 and w.x + 0.5 <= laid.window.x1 and laid.window.y0 <= w.y - 0.5
                    and w.y + 0.5 <= laid.window.y1 for w in walls)
        assert not whole or figure.template == "figure-wide", name


def test_a_turn_about_the_whole_board_is_drawn_whole():
    from piecepack_diagrams.games.labyrinth.rulebook import move_scene

    result = next(replay_file("records/labyrinth/fixture-m8-five-players.ppn"))
    before, after = result.positions[0].state, result.positions[1].state
    # Ben thrown out on d2, Matthias's slide of row 1 and his walk from b2 to e6: the whole board.
    scene = move_scene(before, after, result.positions[1].text, "")
    assert scene.focus is None
    assert any(isinstance(m, Marker) and m.role == "gone" for m in scene.annotations)
    assert any("thrown out" in a.text for a in flattened(scene.panels[-1].annotations) if isinstance(a, Label))
