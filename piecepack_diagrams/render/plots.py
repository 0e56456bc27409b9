"""Charts of statistics through matplotlib (Agg), as deterministic PNG bytes.

Plots take plain numbers, never games, like every renderer.
"""

from __future__ import annotations

import io

import matplotlib

matplotlib.use("Agg")

from matplotlib.backends.backend_agg import FigureCanvasAgg  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402
from matplotlib.ticker import MaxNLocator  # noqa: E402


def bar_chart_png(counts: dict[int, int], *, title: str, xlabel: str, ylabel: str, note: str = "",
                  dpi: int = 100) -> bytes:
    """A bar chart of ``counts`` (value -> how many), with an optional note under the title."""
    fig = Figure(figsize=(7, 4.2), dpi=dpi)
    FigureCanvasAgg(fig)
    ax = fig.add_subplot(1, 1, 1)
    xs = sorted(counts)
    ax.bar(xs, [counts[x] for x in xs], color="#0072B2", edgecolor="#404040", linewidth=0.6)
    ax.set_title(title + (f"\n{note}" if note else ""), fontsize=11)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    if xs:
        ax.set_xticks(range(min(xs), max(xs) + 1))
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    ax.spines[["top", "right"]].set_visible(False)
    fig.tight_layout()
    out = io.BytesIO()
    fig.savefig(out, format="png", dpi=dpi, metadata={"Software": None})
    return out.getvalue()


__all__ = ["bar_chart_png"]
