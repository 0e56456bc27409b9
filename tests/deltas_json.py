"""A decoder of the viewer's stored drawings (piecepack_diagrams/sheets/svgdeltas.py),
written from the format's description so tests read a page as its script would."""

from __future__ import annotations

from piecepack_diagrams.sheets.svgdeltas import DIGITS


def token_numbers(digits: str, width: int) -> list[int]:
    """The token numbers written in ``digits``: ``width`` DIGITS each, most significant first."""
    out = []
    for k in range(0, len(digits), width):
        n = 0
        for ch in digits[k:k + width]:
            n = n * len(DIGITS) + DIGITS.index(ch)
        out.append(n)
    return out
