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
    fig, ax = _axes(7, dpi)
    xs = sorted(counts)
    ax.bar(xs, [counts[x] for x in xs], color="#0072B2", edgecolor="#404040", linewidth=0.6)
    ax.set_title(title + (f"\n{note}" if note else ""), fontsize=11)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    if xs:
        ax.set_xticks(range(min(xs), max(xs) + 1))
    return _png(fig, ax, dpi)


def grouped_bars_png(series: dict[str, dict[int, int]], *, title: str, xlabel: str, ylabel: str,
                     dpi: int = 100) -> bytes:
    """Bar charts of several distributions side by side (one colour each), on one axis."""
    fig, ax = _axes(8, dpi)
    colours = ("#0072B2", "#D55E00", "#009E73", "#404040")
    keys = sorted({x for counts in series.values() for x in counts})
    width = 0.8 / max(1, len(series))
    for k, (name, counts) in enumerate(series.items()):
        ax.bar([x - 0.4 + width * (k + 0.5) for x in keys], [counts.get(x, 0) for x in keys], width=width,
               color=colours[k % len(colours)], label=name)
    ax.set_title(title, fontsize=11)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    if keys:
        ax.set_xticks(range(min(keys), max(keys) + 1))
    ax.legend(frameon=False)
    return _png(fig, ax, dpi)


def proportions_png(rows: list[tuple[str, float, float, float]], *, title: str, xlabel: str, dpi: int = 100) -> bytes:
    """Horizontal bars of proportions ``(label, value, low, high)`` with their intervals as whiskers."""
    fig = Figure(figsize=(7.5, 1.2 + 0.6 * len(rows)), dpi=dpi)
    FigureCanvasAgg(fig)
    ax = fig.add_subplot(1, 1, 1)
    ys = list(range(len(rows)))[::-1]
    values = [100 * r[1] for r in rows]
    errors = [[100 * (r[1] - r[2]) for r in rows], [100 * (r[3] - r[1]) for r in rows]]
    ax.barh(ys, values, xerr=errors, color="#0072B2", edgecolor="#404040", linewidth=0.6, capsize=4,
            error_kw={"ecolor": "#404040", "linewidth": 1})
    for y, value in zip(ys, values):
        ax.text(value + 1.5, y + 0.22, f"{value:.1f}%", fontsize=9, color="#404040")
    ax.set_yticks(ys)
    ax.set_yticklabels([r[0] for r in rows])
    ax.set_xlim(0, 100)
    ax.set_xlabel(xlabel)
    ax.set_title(title, fontsize=11)
    ax.spines[["top", "right"]].set_visible(False)
    fig.tight_layout()
    out = io.BytesIO()
    fig.savefig(out, format="png", dpi=dpi, metadata={"Software": None})
    return out.getvalue()


def _axes(width: float, dpi: int):  # noqa: ANN202
    fig = Figure(figsize=(width, 4.2), dpi=dpi)
    FigureCanvasAgg(fig)
    return fig, fig.add_subplot(1, 1, 1)


def _png(fig: Figure, ax, dpi: int) -> bytes:  # noqa: ANN001
    """The chart as PNG bytes: whole-number counts, no box, no timestamp."""
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    ax.spines[["top", "right"]].set_visible(False)
    fig.tight_layout()
    out = io.BytesIO()
    fig.savefig(out, format="png", dpi=dpi, metadata={"Software": None})
    return out.getvalue()


__all__ = ["bar_chart_png", "grouped_bars_png", "proportions_png"]
