"""Export: any replayed record as a generic PPN record (piece movements only), so the
users of the R tools (piecepackr's ppn) can read games of every game we know.

The exported record places the first position's pieces in a ``setup.`` move, then
writes each move as the piece movements that turn one drawn position into the next:
removals (``*``), moves (``-``), changes (``=``) and new pieces (``@``), by Cartesian
locations in inches. Every move is checked by replaying it through the generic
grammar; a move whose movements would not give exactly the drawn pieces in their
stacking order is written instead as "clear the pieces that changed and set them
again", which always does. Each move keeps its label, and its original text and
comment become a comment.
"""

from __future__ import annotations


from .engine.replays import Replay
from .errors import PiecepackError, SetupError, SourceLocation
from .games.generic.board import Board, board_from_pieces
from .games.generic.moves import apply_group
from .games.generic.piecespec import KIND_CODES, RANK_FROM_ONE, SIDE_CODES
from .notation.yamlsafe import dump_metadata
from .pieces import Piece
from .values import value

#: Where pieces stand: (piece, x, y, angle), in drawing order.
Placed = tuple[Piece, float, float, float]

#: The letters that write each kind and side: the reader's own codes, turned round.
_KIND_LETTERS = {kind: code for code, kind in KIND_CODES}
_SIDE_LETTERS = {side: code for code, side in SIDE_CODES}


@value
class Exported:
    """An exported record's text, and how many moves had to be written as "clear and set again"."""

    text: str
    moves: int
    restacked: int


def piece_spec(piece: Piece, angle: float) -> str:
    """A PPN piece specification naming every field of ``piece`` at ``angle``: the short
    form for piecepack pieces (``tfS5``, ``cbM``, ``dfCa<``), else fields as attributes.

    Raises :class:`SetupError` for a kind or side PPN cannot write.
    """
    if piece.kind not in _KIND_LETTERS or piece.side not in _SIDE_LETTERS:
        raise SetupError(f"PPN cannot write a {piece.kind} {piece.side}", token=piece.piece_side)
    turn = angle % 360
    if piece.cfg == "piecepack" and 1 <= piece.suit <= 4 and 1 <= piece.rank <= 6:
        glyph = {0.0: "", 90.0: "<", 180.0: "v", 270.0: ">"}.get(turn)
        short = f"{_KIND_LETTERS[piece.kind]}{_SIDE_LETTERS[piece.side]}{'SMCA'[piece.suit - 1]}"
        short += "na2345"[piece.rank - 1] + (glyph if glyph is not None else f",a{_number(turn)}")
        return short
    rank = piece.rank if piece.cfg in RANK_FROM_ONE else piece.rank - 1
    spec = f"{_KIND_LETTERS[piece.kind]}{_SIDE_LETTERS[piece.side]},s{piece.suit - 1},r{rank}"
    if turn:
        spec += f",a{_number(turn)}"
    return spec + f",{piece.cfg}'"


def _number(value: float) -> str:
    text = format(round(value, 9), ".10g")
    return "0" if text == "-0" else text


def _where(x: float, y: float) -> str:
    return f"({_number(x)},{_number(y)})"


def _same_place(a: Placed, b: Placed) -> bool:
    return abs(a[1] - b[1]) < 1e-9 and abs(a[2] - b[2]) < 1e-9


def _is_same(a: Placed, b: Placed) -> bool:
    return a[0] == b[0] and _same_place(a, b) and abs((a[3] - b[3]) % 360) < 1e-9


def _id_of(current: list[Placed], index: int) -> str:
    """The PPN id of ``current[index]``: its location, with its depth from the top there."""
    here = current[index]
    above = sum(1 for other in current[index + 1:] if _same_place(other, here))
    return _where(here[1], here[2]) + (f"[{above + 1}]" if above else "")


#: The pieces an export draws, summed over its positions, at most (a 49-piece Tablut: about
#: 4,000 positions).
MAX_EXPORTED = 200_000


def _movements(current: list[Placed], target: list[Placed]) -> list[str]:
    """Sub-moves that turn ``current`` into ``target``, drawing order included: pieces
    that stay put in order stay; the rest are removed, or moved or dropped directly
    above the piece they follow in ``target`` (at the bottom if they follow none)."""
    matched: dict[int, int] = {}  # target index -> current index
    free = set(range(len(current)))
    # Most pieces stay where they were, in the same order: matched at once, in one pass.
    if len(current) == len(target) and all(_is_same(a, b) for a, b in zip(current, target)):
        return []
    for same in (_is_same, lambda a, b: a[0] == b[0],
                 lambda a, b: (a[0].kind, a[0].cfg) == (b[0].kind, b[0].cfg)):
        for t, want in enumerate(target):
            if t not in matched:
                k = next((k for k in sorted(free) if same(current[k], want)), None)
                if k is not None:
                    matched[t] = k
                    free.discard(k)
    # Pieces that keep their place (and their order) stay; a changed one is only replaced.
    stay = _longest_increasing({t: k for t, k in matched.items() if _same_place(current[k], target[t])})
    # The board as it will be, each entry tagged with the target index it becomes (-1: not yet).
    becomes = {k: t for t, k in matched.items()}
    board = [(piece, becomes.get(i, -1)) for i, piece in enumerate(current)]
    moves: list[str] = []
    for k in sorted(free, reverse=True):
        moves.append("*" + _id_of([b for b, _ in board], k))
        del board[k]
    for t, want in enumerate(target):
        if t in stay:
            continue
        pieces = [b for b, _ in board]
        after = next((i for i, (_, tag) in enumerate(board) if tag == t - 1), None) if t else None
        here = _where(want[1], want[2])
        at = next((i for i, (_, tag) in enumerate(board) if tag == t), None) if t in matched else None
        # Only a piece that must go below others needs to name the piece it goes above.
        on_top = after is not None and after == max(i for i in range(len(board)) if i != at)
        anchor = f"%{_id_of(pieces, after)}" if after is not None and not on_top else ""
        if at is not None:
            source = _id_of(pieces, at)
            moves.append(f"{source}-{here}{anchor}" if t else f"{source}_{here}")
            piece, _ = board.pop(at)
            moved = (piece[0], want[1], want[2], piece[3])
        else:
            moves.append(f"{piece_spec(want[0], want[3])}@{here}{anchor}" if t or not board else
                         f"{piece_spec(want[0], want[3])}\\{here}")
            moved = want
        slot = 0 if after is None else next(i for i, (_, tag) in enumerate(board) if tag == t - 1) + 1
        board.insert(slot, (moved, t))
        if not _is_same(moved, want):
            moves.append(f"{_id_of([b for b, _ in board], slot)}={piece_spec(want[0], want[3])}")
            board[slot] = (want, t)
    for slot, (piece, t) in enumerate(board):
        if t in stay and not _is_same(piece, target[t]):
            moves.append(f"{_id_of([b for b, _ in board], slot)}={piece_spec(target[t][0], target[t][3])}")
            board[slot] = (target[t], t)
    return moves


def _longest_increasing(pairs: dict[int, int]) -> set[int]:
    """The keys of the longest run of ``pairs`` (key -> value, values distinct and not
    negative) whose values rise with the keys; of runs as long, the one ending earliest,
    each built on the earliest-ending longest run before it. O(n log n): a Fenwick tree over
    the values keeps, below each value, the longest run so far (a board of many pieces
    would take minutes with the plain quadratic search)."""
    keys = sorted(pairs)
    size = max(pairs.values(), default=-1) + 2
    tree: list[tuple[int, int]] = [(0, 0)] * (size + 1)  # (run length, -position in keys)
    before: list[int] = []
    best = (0, 0)
    for at, key in enumerate(keys):
        found, i = (0, 0), pairs[key]  # the best run ending below this value (values 0.. are 1..)
        while i > 0:
            found = max(found, tree[i])
            i -= i & -i
        before.append(-found[1] if found[0] else -1)
        mine = (found[0] + 1, -at)
        best = max(best, mine)
        i = pairs[key] + 1
        while i <= size:
            tree[i] = max(tree[i], mine)
            i += i & -i
    out: set[int] = set()
    at = -best[1] if best[0] else -1
    while at >= 0:
        out.add(keys[at])
        at = before[at]
    return out


def _placed(board: Board) -> list[Placed]:
    return [(p.piece, p.x, p.y, p.angle) for p in board.pieces]


def _apply(board: Board, label: str, moves: list[str]) -> Board:
    where = SourceLocation("<export>", 1, 1)
    return apply_group(board, [(m, where) for m in moves], label=label, macros={}) if moves else board


def _matches(board: Board, target: list[Placed]) -> bool:
    got = _placed(board)
    return len(got) == len(target) and all(_is_same(a, b) for a, b in zip(got, target))


def _comment(text: str) -> str:
    # A comment cannot hold a closing brace; the PPN spec has no escape for one.
    return "{" + text.replace("{", "(").replace("}", ")") + "}"


def export_ppn(result: Replay, *, width: int = 79) -> Exported:
    """``result`` as a generic PPN record whose positions are the pieces ``result``'s game
    draws, move by move. Raises :class:`SetupError` for a game whose drawings hold no pieces
    (Labyrinth's maze is drawn, not laid out in piecepack pieces)."""
    from .api import scene_of
    from .layout.compose import drawn_pieces
    from .sheets.plates import check_drawn

    # The export grows with the record: refused before starting past a bound that keeps it
    # to a few seconds.
    check_drawn(result, range(len(result.positions)), limit=MAX_EXPORTED, product="an export",
                advice="a shorter record")
    scenes = [scene_of(result, k, caption=False) for k in range(len(result.positions))]
    positions = [[(p.piece, p.x, p.y, p.angle) for p in drawn_pieces(scene)] for scene in scenes]
    if not any(positions):
        raise SetupError(f"{result.game.title} is drawn without piecepack pieces, so there is nothing to export",
                         location=result.record.location, token=result.game.title,
                         expected="a record of a game played with pieces")
    meta = result.record.metadata
    game_type = meta.get("GameType")
    header = {"GameType": "None"}
    for key in ("Event", "Site", "Date", "Round", "White", "Black", "Result"):
        if key in meta:
            header[key] = meta[key]
    header["Source"] = f"exported by piecepack-diagrams from a record of {result.game.title or game_type}"
    board = board_from_pieces([])
    lines: list[str] = []
    restacked = 0
    for k, target in enumerate(positions):
        position = result.positions[k]
        label = "setup." if k == 0 else position.label
        moves = _movements(_placed(board), target)
        try:
            after = _apply(board, label, moves)
            exact = _matches(after, target)
        except PiecepackError:
            exact = False
        if not exact:
            current = _placed(board)
            moves = ["*" + _id_of(current, i) for i in range(len(current) - 1, -1, -1)]
            moves += [f"{piece_spec(p, a)}@{_where(x, y)}" for p, x, y, a in target]
            after = _apply(board, label, moves)
            restacked += 1
        board = after
        note = " ".join(part for part in (position.text, position.comment) if part) if k else ""
        lines.append(" ".join([label, *moves] + ([_comment(f"{result.game.title}: {note}")] if note else [])))
    text = "---\n" + dump_metadata(header) + "...\n" + "\n".join(lines) + "\n"
    return Exported(text, len(positions) - 1, restacked)


__all__ = ["MAX_EXPORTED", "Exported", "export_ppn", "piece_spec"]
