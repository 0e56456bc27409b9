"""What a Labyrinth rulebook shows: the kinds of turn, how to tell them apart, turns to
try when looking for one the rules refuse and how such a turn is drawn, and the key of
the gems as a figure of its own (see :mod:`piecepack_diagrams.figures`).

Squares are named as the board's edges show them: columns ``a``, ``b`` ... from the left,
rows ``1``, ``2`` ... from the top (``c4``)."""

from __future__ import annotations

from typing import Any, Iterator, Sequence

from ...errors import PiecepackError, RuleError
from ...scene import Annotation, Arrow, Bounds, Highlight, Marker, Scene
from .board import Coordinate, cell_name, line_name
from .connectors import EAST, NORTH, SOUTH, WEST
from .notation import OUT, parse_turn
from .picture import (cell_centre, gone_avatar, holding, key_scene, player_colour, player_words,
                      players_panel, position_scene, slide_arrow, spare_panel, turn_focus, walk_marks)
from .rules import LabyrinthPlay, remove, take_turn
from .state import PASS, Move
from .strategies import lines
from ...values import replace
import itertools

#: Kind of turn -> what the rules say of it, in a player's words.
KINDS = {
    "slide-and-move": "slide a row or column by pushing the spare tile (turned as you like) in at one end; "
                      "the tile pushed out becomes the spare; then walk your avatar along connected passages",
    "pass": "a player may pass: no slide and no walk",
    "out": "a player who breaks the rules or fails to play is thrown out: its avatar and home leave the board",
}


def _tokens(text: str) -> list[Any] | None:
    try:
        return [parse_turn(token) for token in text.split()]
    except PiecepackError:
        return None


def move_kind(before: LabyrinthPlay, after: LabyrinthPlay, text: str) -> str | None:
    """The kind of the move ``text`` (one move number's tokens) that led from ``before`` to
    ``after``, or None: a player thrown out in it makes it ``"out"``; a player thrown out and
    a turn played in one makes it None (two things at once: a figure shows one)."""
    tokens = _tokens(text)
    if not tokens:
        return None
    if any(t == OUT or isinstance(t, tuple) for t in tokens):
        return None if any(isinstance(t, Move) for t in tokens) else "out"
    if any(isinstance(t, Move) for t in tokens):
        return "slide-and-move"
    return "pass" if PASS in tokens else None


def _who(play: LabyrinthPlay, color: str) -> str:
    return player_words(play.name_of(color), color)


def _turned(degrees: int) -> str:
    return "as it was" if degrees == 0 else f"turned {degrees} degrees counter-clockwise"


def describe(before: LabyrinthPlay, after: LabyrinthPlay, text: str) -> str:
    """The move ``text`` in a player's words: who is thrown out, who passes, who slides which
    row or column which way with the spare turned how, and walks from where to where
    (squares as the board's edges name them), reaching a goal or home."""
    tokens = _tokens(text)
    if tokens is None:
        return text
    play = before
    parts: list[str] = []
    try:
        for token in tokens:
            mover = play.to_move
            who = _who(play, mover.color) if mover is not None else "the player"
            # Where the player to move stands (None: nobody to move).
            here = next((cell_name(p.current) for p in play.position.players if p.color == mover.color), None) \
                if mover is not None else None
            if isinstance(token, tuple):
                parts.append(f"{_who(play, token[1])} is thrown out of the game")
                play = remove(play, token[1])
            elif token == OUT:
                parts.append(f"{who} breaks the rules and is thrown out of the game"
                             + (f", leaving {here}" if here else ""))
                play = take_turn(play, None)
            elif token == PASS:
                parts.append(f"{who} passes: nothing slides, and the avatar stays on {here} (its tile framed)" if here
                             else f"{who} passes")
                play = take_turn(play, PASS)
            elif isinstance(token, Move) and mover is not None:
                parts.append(_move_words(play, token, who))
                play = take_turn(play, token)
    except PiecepackError:
        return "; ".join(parts) or text
    if play.ended and not before.ended and not play.finisher:
        parts.append(f"the game is over: {play.ended}")
    return "; ".join(parts) if parts else text


def _move_words(play: LabyrinthPlay, move: Move, who: str) -> str:
    """One turn in words, and what it reached (the goal, or home)."""
    mover = play.to_move
    assert mover is not None
    k = play.position.turn
    start = play.position.slid(move.index, move.direction, move.degrees).players[k].current
    after = take_turn(play, move)
    words = (f"{who} slides {line_name(move.index, move.direction)} {move.direction.lower()} with the spare "
             f"{_turned(move.degrees)}, then walks from {cell_name(start)} to {cell_name(move.destination)}")
    if after.finisher == mover.color:
        return words + ", home after the goal: the game is won"
    now = next(p for p in after.position.players if p.color == mover.color)
    if now.reached > mover.reached:
        return words + (", reaching the goal; now home is the aim" if now.going_home else
                        f", reaching the goal; the next goal is {cell_name(now.goto)}" if now.goto else
                        ", reaching the goal")
    return words


_STEPS = ((0, 1, EAST, WEST), (0, -1, WEST, EAST), (1, 0, SOUTH, NORTH), (-1, 0, NORTH, SOUTH))


def _straight_walks(play: LabyrinthPlay, move_index: int, direction: str) -> list[tuple[int, int, Coordinate]]:
    """After the slide, every cell in the avatar's row or column that it cannot reach (and no
    avatar stands on), with how many steps straight towards it the passages allow and how
    far it is."""
    state = play.position
    slid = state.slid(move_index, direction, 0)
    board = slid.board
    me = slid.players[state.turn].current
    reach = set(board.reachable(me))
    taken = {p.current for p in slid.players}  # a cell with an avatar on it would hide the X
    out = []
    for dr, dc, side, back in _STEPS:
        walked, blocked = 0, False
        for d in range(1, max(board.height, board.width)):
            cell = (me[0] + dr * d, me[1] + dc * d)
            if not board.is_inside(cell):
                break
            was = (cell[0] - dr, cell[1] - dc)
            if (not blocked and board.tiles[was[0]][was[1]].connector & side
                    and board.tiles[cell[0]][cell[1]].connector & back):
                walked += 1
            else:
                blocked = True
            if cell not in reach and cell not in taken:
                out.append((walked, d, cell))
    return out


def illegal_candidates(play: LabyrinthPlay) -> Iterator[str]:
    """For the first legal slide that leaves some cell in the avatar's row or column out of
    reach: a walk straight to such a cell, those the passages allow part of the way first,
    nearest first (the figure can show where the wall stops it)."""
    if play.to_move is None:
        return
    for index, direction in lines(play.position):
        walks = _straight_walks(play, index, direction)
        if walks:
            walks.sort(key=lambda walk: (walk[0] == 0, walk[1]))
            for _, _, cell in walks:
                yield Move(index, direction, 0, cell).text
            return


def attempt_marks(play: LabyrinthPlay, text: str) -> Iterator[Annotation]:
    """The marks of a refused walk (see :func:`attempt_scene`)."""
    turn = _tokens(text)
    if not turn or not isinstance(turn[0], Move) or play.to_move is None:
        return
    move = turn[0]
    state = play.position
    h, w = state.board.height, state.board.width
    slid = state.slid(move.index, move.direction, move.degrees)
    yield slide_arrow(move.index, move.direction, h, w)
    yield from _walk_marks(slid.board, slid.players[state.turn].current, move.destination, h,
                           player_colour(play.to_move.color))


def _straight(start: Coordinate, end: Coordinate) -> list[Coordinate]:
    """The cells from ``start`` to ``end`` along the row, then the column (never across)."""
    path = [start]
    r, c = start
    while (r, c) != end:
        if c != end[1]:
            c += 1 if end[1] > c else -1
        else:
            r += 1 if end[0] > r else -1
        path.append((r, c))
    return path


def _reached(board: Any, path: list[Coordinate]) -> int:
    """How many cells of ``path`` a walk along it reaches before a wall stops it."""
    walked = 1
    for a, b in itertools.pairwise(path):
        dr, dc = b[0] - a[0], b[1] - a[1]
        side, back = next((s, k) for y, x, s, k in _STEPS if (y, x) == (dr, dc))
        if not (board.tiles[a[0]][a[1]].connector & side and board.tiles[b[0]][b[1]].connector & back):
            break
        walked += 1
    return walked


#: A refused walk's X stands this share of the way from the last tile reached to the next:
#: on the wall between them, the one that stops the walk.
_REFUSED_REACH = 0.5


def _walk_marks(board: Any, start: Coordinate, end: Coordinate, h: int, colour: str) -> Iterator[Annotation]:
    """A walk from ``start`` straight towards ``end`` (see :func:`_straight`): where a wall
    stops it, the whole attempt dashed from a dot at the avatar, its X on that wall (on the
    edge between the last tile reached and the next: clear of both tiles' passages, gems and
    avatars); else the walk as
    :func:`~.picture.walk_marks` draws it. ``end`` ringed."""
    path = _straight(start, end)
    walked = _reached(board, path)
    legal = [cell_centre(cell, h) for cell in path[:walked]]
    if walked < len(path):
        (x0, y0), (x1, y1) = legal[-1], cell_centre(path[walked], h)
        stop = (x0 + (x1 - x0) * _REFUSED_REACH, y0 + (y1 - y0) * _REFUSED_REACH)
        yield Marker(*legal[0], 0.16, colour, "disc", role="walk-start")
        yield Arrow(legal[0], stop, role="illegal", via=tuple(legal[1:]))
    elif len(legal) > 1:
        yield from walk_marks(tuple(legal), colour)
    x, y = cell_centre(end, h)
    yield Highlight(x, y, 1.0, 1.0, role="target")


def _wall_words(board: Any, start: Coordinate, end: Coordinate) -> str:
    """What a refused walk's figure shows, in a player's words ("the straight way from b2
    ends at the wall between c2 and d2"), or "" where no wall stops it."""
    path = _straight(start, end)
    walked = _reached(board, path)
    if walked == len(path):
        return ""
    a, b = path[walked - 1], path[walked]
    return f"the straight way from {cell_name(start)} ends at the wall between {cell_name(a)} and {cell_name(b)}"


def attempt_scene(play: LabyrinthPlay, text: str, error: RuleError) -> Scene | None:
    """A refused turn whose slide is allowed: the board after the slide, its arrow, and the
    refused walk (see :func:`_walk_marks`). None for other refusals (the position and the
    marks are drawn as they are)."""
    turn = _tokens(text)
    mover = play.to_move
    if not turn or not isinstance(turn[0], Move) or mover is None:
        return None
    move = turn[0]
    state = play.position
    h, w = state.board.height, state.board.width
    slid = state.slid(move.index, move.direction, move.degrees)
    start = slid.players[state.turn].current
    if not slid.board.is_inside(move.destination):
        return None
    shown = position_scene(replace(play, position=slid, last_turn=None))
    marks = (slide_arrow(move.index, move.direction, h, w),
             *_walk_marks(slid.board, start, move.destination, h, player_colour(mover.color)))
    # The walk's marks go under the avatars (the last annotations), so the mover's disc stays whole.
    avatars = tuple(a for a in shown.annotations if getattr(a, "role", "") == "avatar")
    rest = tuple(a for a in shown.annotations if getattr(a, "role", "") != "avatar")
    said = _sentence_of(error.message)
    wall = _wall_words(slid.board, start, move.destination)
    caption = said + (f". {wall[:1].upper()}{wall[1:]}" if wall else "")
    focus = holding(turn_focus(move.index, move.direction, (start, move.destination), h, w), shown.annotations)
    keyed = replace(play, position=slid, last_turn=None)
    return replace(shown, annotations=rest + marks + avatars, caption=caption, focus=focus,
                   panels=(spare_panel(slid.spare, side="below"), players_panel(keyed, within=focus, out=())))


def move_scene(before: LabyrinthPlay, after: LabyrinthPlay, text: str, caption: str) -> Scene:
    """A turn's figure: the position after it, cropped to the turn (its focus), with a key of
    the players in view and of those the turn throws out only. A player the turn throws out
    is drawn where it stood (see :func:`~.picture.gone_avatar`), in view. A
    turn whose focus takes in the whole board has none: the figure is the whole board."""
    scene = position_scene(after, caption=caption)
    # Of the players thrown out, the key names those this turn throws out: the figure is about them.
    gone = tuple(who for who in after.out if who not in before.out)
    h = after.position.board.height
    marks: list[Marker] = []
    for color, name in gone:
        cell = next((p.current for p in before.position.players if p.color == color), None)
        if cell is not None:
            x, y = cell_centre(cell, h)
            # (Named by the key's entry with the same mark: words on the board would cross its walls.)
            marks.append(gone_avatar(x, y, color, name))
    focus = scene.focus
    if focus is None and marks:
        # A turn of a player thrown out is about the player: where it stood, and round it.
        x, y = marks[0].x, marks[0].y
        focus = holding(Bounds(x - 1.5, y - 1.5, x + 1.5, y + 1.5), scene.annotations)
    elif focus is not None:
        for m in marks:
            focus = Bounds(min(focus.x0, m.x - 1.0), min(focus.y0, m.y - 1.0), max(focus.x1, m.x + 1.0),
                           max(focus.y1, m.y + 1.0))
        board = Bounds(0.0, 0.0, float(after.position.board.width), float(h))
        if focus.x0 <= board.x0 and focus.y0 <= board.y0 and focus.x1 >= board.x1 and focus.y1 >= board.y1:
            focus = None
    return replace(scene, annotations=scene.annotations + tuple(marks), focus=focus,
                   panels=(spare_panel(after.position.spare, side="below"),
                           players_panel(after, within=focus, out=gone)))


def _sentence_of(text: str) -> str:
    text = text.strip().rstrip(".")
    return text[:1].upper() + text[1:]


def key_figure(replays: Sequence[Any]) -> Any:
    """The whole gem key of the first game's board, a page wide."""
    from ...figures import WIDE, RuleFigure

    if not replays:
        return None
    result = replays[0]
    scene = key_scene(result.positions[0].state)
    caption = ("Labyrinth: the key of the gems\nEvery gem on the board and the spare, numbered: a tile's two gems "
               "sit in its upper left and lower right corners, the second a diamond where their colours are alike.")
    return RuleFigure("labyrinth-key", replace(scene, caption=caption), result.record.file, 0, framing="whole",
                      template=WIDE)


#: Extra figures of the set: the whole key, on a page of its own.
figure_notes = {"key": key_figure}


__all__ = ["KINDS", "attempt_marks", "attempt_scene", "describe", "figure_notes", "illegal_candidates",
           "key_figure", "move_kind", "move_scene"]
