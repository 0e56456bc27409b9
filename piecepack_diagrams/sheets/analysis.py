"""Plates of an analysed record: each position with its evaluation bar, each move captioned
with its judgement and evaluation (the annotated record's own captions)."""

from __future__ import annotations

from ..engine.analysis import Analysis, annotated_record
from ..engine.evalbar import evaluation_bar
from ..engine.replays import Replay, replay
from ..scene import Panel
from ..theme import DEFAULT, Theme
from .plates import plates_pdf, plates_svg
from .template import Template


def annotated_replay(analysis: Analysis) -> Replay:
    """The replay of the annotated record (:func:`~..engine.analysis.annotated_record`) without
    the continuations, which would not fit a plate's caption: the same positions, captioned
    with the glyphs and evaluations."""
    return replay(annotated_record(analysis, lines=False), game=analysis.replay.game)


def evaluation_bars(analysis: Analysis) -> dict[int, Panel]:
    """The evaluation bar of each position, by its index (0 the setup)."""
    return {k: evaluation_bar(e) for k, e in enumerate(analysis.evaluations)}


def analysis_plates_pdf(analysis: Analysis, *, template: str | Template = "auto", theme: Theme = DEFAULT) -> bytes:
    """The analysed record's plates as a PDF (see :func:`~.plates.plates_pdf`), each position
    with its evaluation bar. Raises :class:`SetupError` for a bad template."""
    return plates_pdf(annotated_replay(analysis), template=template, theme=theme, beside=evaluation_bars(analysis))


def analysis_plates_svg(analysis: Analysis, *, stem: str, theme: Theme = DEFAULT) -> dict[str, bytes]:
    """The analysed record's plates as SVG files by name (see :func:`~.plates.plates_svg`),
    each position with its evaluation bar."""
    return plates_svg(annotated_replay(analysis), stem=stem, theme=theme, beside=evaluation_bars(analysis))


__all__ = ["analysis_plates_pdf", "analysis_plates_svg", "annotated_replay", "evaluation_bars"]
