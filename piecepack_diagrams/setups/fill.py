"""ppdf's ``fill_piece_*``: values left missing in a layout (None) dealt at random, as
ppdf's grouped ``mutate`` deals them: group by group in sorted key order, each group's
rows in frame order, from the values its other rows do not use."""

from __future__ import annotations

from typing import Any

from ..errors import SetupError
from ..rrandom import RRandom
from .frame import Frame


def replace_na_piece(rng: RRandom, values: list[int | None]) -> list[int | None]:
    """ppdf's ``replace_na_piece``: missing values dealt from 1..n not already used."""
    missing = [k for k, v in enumerate(values) if v is None]
    if not missing:
        return values
    used = {v for v in values if v is not None}
    avail = [k for k in range(1, len(values) + 1) if k not in used]
    if len(missing) > len(avail):
        raise SetupError("too many pieces of one kind to give each a different value",
                         expected="at most as many missing values as free ones")
    out = list(values)
    for k, pick in zip(missing, rng.sample_int(len(avail), len(missing))):
        out[k] = avail[pick - 1]
    return out


def _fill_by_group(rng: RRandom, frame: Frame, column: str, by: str) -> Frame:
    """``group_by(piece, <by>) |> mutate(<column> = replace_na_piece(<column>))``: groups in
    sorted key order, each group's rows in frame order."""
    pieces = [ps.split("_", 1)[0] for ps in frame.piece_side]
    keys = list(zip(pieces, frame.column(by)))
    values: list[Any] = list(frame.column(column))
    for key in sorted(set(keys), key=lambda k: (k[0], k[1] is None, k[1] if k[1] is not None else 0)):
        rows = [k for k, kk in enumerate(keys) if kk == key]
        filled = replace_na_piece(rng, [values[k] for k in rows])
        for k, v in zip(rows, filled):
            values[k] = v
    return frame.mutate(**{column: values})


def fill_piece_suit(rng: RRandom, frame: Frame) -> Frame:
    """ppdf's ``fill_piece_suit``: missing suits dealt among pieces of the same kind and rank."""
    return _fill_by_group(rng, frame, "suit", "rank")


def fill_piece_rank(rng: RRandom, frame: Frame) -> Frame:
    """ppdf's ``fill_piece_rank``: missing ranks dealt among pieces of the same kind and suit."""
    return _fill_by_group(rng, frame, "rank", "suit")


__all__ = ["fill_piece_rank", "fill_piece_suit", "replace_na_piece"]
