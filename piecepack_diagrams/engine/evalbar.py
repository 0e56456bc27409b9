"""An evaluation bar beside a position: how an analysis shows a position's value on plates.

The bar is made of the scene's own marks (a panel of rectangles and a label), so every
renderer draws it and no renderer knows analyses: a white bar filled grey from the foot
as far as the value says (a win full, a loss empty, a chance its share), a lattice over
it when the value is unknown, the value in a few words as the panel's title over it.
"""

from __future__ import annotations

from ..scene import Panel, Rectangle
from .analysis import Evaluation

#: The bar's size, table inches (beside a board some ten inches across).
BAR_WIDTH = 0.6
BAR_HEIGHT = 6.0
#: The lattice drawn over an unknown value's bar, inches between its lines.
UNKNOWN_GRID = 0.25


def bar_words(evaluation: Evaluation) -> str:
    """A few words for over the bar: ``"41 % after the roll"``, ``"win: 9"``, ``"win: ≤9"``,
    ``"lost"``, ``"unknown"``. A chance is the position's with the dice as they fell: a
    move's own evaluation, in the caption under it, is counted from before the roll (a lucky
    roll after a poor move shows a fuller bar than the move's value), so the bar says so."""
    if evaluation.chance is not None and evaluation.winnable is None:
        return f"{100 * evaluation.chance:.0f} % after the roll"
    if evaluation.winnable:
        if not evaluation.cost:
            return "won" if evaluation.cost == 0 else "win"
        return f"win: {'' if evaluation.exact else '≤'}{evaluation.cost}"
    return "lost" if evaluation.winnable is False else "unknown"


def evaluation_bar(evaluation: Evaluation) -> Panel:
    """A panel showing ``evaluation`` as a bar (see the module's notes)."""
    share = evaluation.bar
    x, middle = BAR_WIDTH / 2, BAR_HEIGHT / 2
    marks = [Rectangle(x, middle, BAR_WIDTH, BAR_HEIGHT, "plain", UNKNOWN_GRID if share is None else 0.0)]
    if share:
        filled = BAR_HEIGHT * min(1.0, max(0.0, share))
        marks.append(Rectangle(x, filled / 2, BAR_WIDTH, filled, "shaded"))
    return Panel(annotations=tuple(marks), title=bar_words(evaluation), side="right")


__all__ = ["BAR_HEIGHT", "BAR_WIDTH", "bar_words", "evaluation_bar"]
