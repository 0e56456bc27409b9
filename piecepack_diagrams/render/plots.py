"""Charts of statistics through matplotlib (Agg), as deterministic PNG bytes.

Plots take plain numbers, never games, like every renderer.
"""

from __future__ import annotations

import io
from typing import TYPE_CHECKING

from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator

from ..errors import OutputError
from .raster import fitted_dpi
from .reproducible import reproducible_png

if TYPE_CHECKING:
    from matplotlib.axes import Axes

#: The most values a chart labels one by one on its x axis; a wider range gets fewer labels.
MAX_TICKS = 100


@reproducible_png
def bar_chart_png(counts: dict[int, int], *, title: str, xlabel: str, ylabel: str, note: str = "",
                  dpi: float = 100) -> bytes:
    """A bar chart of ``counts`` (value -> how many), with an optional note under the title."""
    fig, ax = _axes(7, 4.2, dpi)
    xs = sorted(counts)
    ax.bar(xs, [counts[x] for x in xs], color="#0072B2", edgecolor="#404040", linewidth=0.6)
    ax.set_title(title + (f"\n{note}" if note else ""), fontsize=11)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    _value_ticks(ax, xs)
    return _png(fig, ax)


@reproducible_png
def grouped_bars_png(series: dict[str, dict[int, int]], *, title: str, xlabel: str, ylabel: str,
                     dpi: float = 100) -> bytes:
    """Bar charts of several distributions side by side (one colour each), on one axis."""
    fig, ax = _axes(8, 4.2, dpi)
    colours = ("#0072B2", "#D55E00", "#009E73", "#404040")
    keys = sorted({x for counts in series.values() for x in counts})
    width = 0.8 / max(1, len(series))
    for k, (name, counts) in enumerate(series.items()):
        ax.bar([x - 0.4 + width * (k + 0.5) for x in keys], [counts.get(x, 0) for x in keys], width=width,
               color=colours[k % len(colours)], label=name)
    ax.set_title(title, fontsize=11)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    _value_ticks(ax, keys)
    ax.legend(frameon=False)
    return _png(fig, ax)


@reproducible_png
def proportions_png(rows: list[tuple[str, float, float, float]], *, title: str, xlabel: str,
                    dpi: float = 100) -> bytes:
    """Horizontal bars of proportions ``(label, value, low, high)`` with their intervals as whiskers."""
    fig, ax = _axes(7.5, 1.2 + 0.6 * len(rows), dpi)
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
    return _png(fig, ax, integers=False)


def _axes(width: float, height: float, dpi: float) -> tuple[Figure, Axes]:
    """A figure ``width`` x ``height`` inches at ``dpi``, or fewer pixels an inch when that
    many would pass the bounds of :mod:`.raster`, and its one set of axes."""
    fit = fitted_dpi(width, height, dpi)
    if fit is None:
        raise OutputError(f"a chart {width:g} x {height:g} inches is too large to draw", token=f"{height:g}",
                          expected="fewer rows")
    fig = Figure(figsize=(width, height), dpi=fit)
    FigureCanvasAgg(fig)
    return fig, fig.add_subplot(1, 1, 1)


def _value_ticks(ax: Axes, values: list[int]) -> None:
    """A label at every value of a narrow range, whole numbers chosen by matplotlib on a wider one."""
    if values and max(values) - min(values) < MAX_TICKS:
        ax.set_xticks(range(min(values), max(values) + 1))
    else:
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))


def _png(fig: Figure, ax: Axes, *, integers: bool = True) -> bytes:
    """The chart as PNG bytes: whole-number counts (with ``integers``), no box, no timestamp."""
    if integers:
        ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    ax.spines[["top", "right"]].set_visible(False)
    fig.tight_layout()
    out = io.BytesIO()
    fig.savefig(out, format="png", dpi=fig.dpi, metadata={"Software": None})
    return out.getvalue()


__all__ = ["bar_chart_png", "grouped_bars_png", "proportions_png"]
