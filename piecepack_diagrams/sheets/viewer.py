"""The HTML replay viewer: one self-contained page per record.

The page holds every position's SVG drawing (all at one scale, from
:func:`~.plates.plate_scenes`) as :mod:`.svgdeltas`: each piece of drawing once, and
each position as its change from the one before, which the page's script replays into
the drawing's exact text when the position is first shown; so the page grows with the
moves, not with moves times pieces. It holds the header fields too, and the movetext
with each move a button. Buttons and the arrow keys step through the game (Home and End
jump to its ends); the current move is highlighted and named in the address (``#3``),
so a position can be linked. A record with errors shows each at its move. Nothing is
fetched from the network; every string from the record is escaped, the drawings are data
(JSON, never run), and the script reads only the page's own elements, so no record text
ever reaches it as code.
"""

from __future__ import annotations

import html
import itertools
import json
import re
from typing import Any

from ..engine.replays import Replay
from ..errors import PiecepackError
from ..scene import Scene
from ..textsafe import xml_text
from ..theme import DEFAULT, Theme
from .plates import plate_scenes, plates_title
from .svgdeltas import DIGITS, Deltas
from ..values import replace

_STYLE = """
:root { color-scheme: light; --accent: #C8102E; --ink: #222; --muted: #666; --line: #ddd; }
* { box-sizing: border-box; }
body { font: 15px/1.45 "DejaVu Sans", Helvetica, Arial, sans-serif; color: var(--ink); margin: 0; background: #fafafa; }
header, main { max-width: 1200px; margin: 0 auto; padding: 12px 20px; }
h1 { font-size: 1.4em; margin: 8px 0; }
summary { cursor: pointer; color: var(--muted); }
table.fields { border-collapse: collapse; font-size: 0.9em; }
table.fields th { text-align: left; padding: 2px 12px 2px 0; color: var(--muted); font-weight: normal;
  vertical-align: top; }
table.fields td { padding: 2px 0; white-space: pre-wrap; }
main { display: grid; grid-template-columns: minmax(0, 3fr) minmax(240px, 1fr); gap: 20px; align-items: start; }
.board { background: #fff; border: 1px solid var(--line); padding: 8px; }
.board svg { width: 100%; height: auto; max-height: 78vh; display: block; }
.position[hidden] { display: none; }
.caption { margin: 6px 0 0; min-height: 2.9em; }
.controls { display: flex; gap: 6px; align-items: center; margin: 8px 0; }
.controls button { font: inherit; padding: 4px 12px; }
.counter { margin-left: auto; color: var(--muted); }
.movetext { background: #fff; border: 1px solid var(--line); padding: 8px; max-height: 80vh; overflow: auto; }
.movetext ol { list-style: none; margin: 0; padding: 0; }
.movetext li { margin: 2px 0; }
.move { font: inherit; text-align: left; width: 100%; border: 0; background: none; padding: 2px 6px; cursor: pointer; }
.move:hover { background: #f0f0f0; }
.move.current { background: #FFE680; outline: 1px solid #d4b000; }
.move .label { color: var(--muted); margin-right: 6px; }
.move .comment { display: block; color: var(--muted); font-size: 0.9em; }
.move.invalid { border-left: 4px solid var(--accent); }
.error { color: var(--accent); }
.keys { max-width: 1200px; margin: 0 auto; padding: 0 20px; }
.key { background: #fff; border: 1px solid var(--line); padding: 8px; }
/* The key at its printed size at least (its words 7.5 points): beside the board it would not read. */
.key svg { display: block; width: 100%; max-width: 960px; height: auto; margin: 0 auto; }
footer { max-width: 1200px; margin: 0 auto; padding: 8px 20px 20px; color: var(--muted); font-size: 0.85em; }
"""

# The script knows nothing of the record: it counts the positions and moves under its root
# element (the page's body, or a notebook output's stepper), and rebuilds each position's
# drawing from the data there (see svgdeltas.py) when it is shown. Only a page answers the
# keys anywhere on it and names the position in its address.
_SCRIPT = """
(function (root, page) {
  "use strict";
  var positions = Array.prototype.slice.call(root.querySelectorAll(".position"));
  var moves = Array.prototype.slice.call(root.querySelectorAll(".move"));
  var counter = root.querySelector(".counter");
  var nav = root.querySelector(".movetext");
  var data = JSON.parse(root.querySelector('script[type="application/json"]').textContent);
  var DIGITS = "%(digits)s";
  var built = [];
  var current = -1;
  function numbers(text) {
    var out = [];
    for (var i = 0; i < text.length; i += data.width) {
      var n = 0;
      for (var j = 0; j < data.width; j++) { n = n * DIGITS.length + DIGITS.indexOf(text.charAt(i + j)); }
      out.push(n);
    }
    return out;
  }
  function markup(list) { return list.map(function (n) { return data.tokens[n]; }).join(""); }
  // The token numbers of drawing k: each step's splices made on the drawing before, from the last.
  function drawing(k) {
    while (built.length <= k) {
      var next = built.length ? built[built.length - 1] : [];
      var step = data.steps[built.length];
      for (var i = step.length - 1; i >= 0; i--) {
        var s = step[i];
        next = next.slice(0, s[0]).concat(numbers(s[2]), next.slice(s[0] + s[1]));
      }
      built.push(next);
    }
    return built[k];
  }
  function draw(k) {
    var holder = positions[k].querySelector(".drawing");
    if (!holder.firstChild) { holder.innerHTML = markup(drawing(k)); }
  }
  function show(k) {
    k = Math.max(0, Math.min(positions.length - 1, k));
    if (k === current) { return; }
    current = k;
    draw(k);
    positions.forEach(function (p, i) { p.hidden = i !== k; });
    moves.forEach(function (m, i) {
      var on = i === k;
      m.classList.toggle("current", on);
      if (on) {
        m.setAttribute("aria-current", "step");
        // Scroll the list only, never the page.
        var top = m.offsetTop - nav.offsetTop, bottom = top + m.offsetHeight;
        if (top < nav.scrollTop) { nav.scrollTop = top; }
        else if (bottom > nav.scrollTop + nav.clientHeight) { nav.scrollTop = bottom - nav.clientHeight; }
      }
      else { m.removeAttribute("aria-current"); }
    });
    root.setAttribute("data-current", String(k));
    counter.textContent = k + " / " + (positions.length - 1);
    if (page && history.replaceState) { history.replaceState(null, "", "#" + k); }
  }
  Array.prototype.forEach.call(root.querySelectorAll("[data-whole]"), function (holder) {
    holder.innerHTML = markup(numbers(data.whole[parseInt(holder.getAttribute("data-whole"), 10)]));
  });
  function button(name, go) {
    root.querySelector('[data-step="' + name + '"]').addEventListener("click", function () { show(go()); });
  }
  button("first", function () { return 0; });
  button("previous", function () { return current - 1; });
  button("next", function () { return current + 1; });
  button("last", function () { return positions.length - 1; });
  moves.forEach(function (m, i) { m.addEventListener("click", function () { show(i); }); });
  (page ? document : root).addEventListener("keydown", function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey) { return; }
    var k = {ArrowLeft: current - 1, ArrowUp: current - 1, ArrowRight: current + 1, ArrowDown: current + 1,
             Home: 0, End: positions.length - 1}[e.key];
    if (k !== undefined) { e.preventDefault(); show(k); }
  });
  function fromAddress() {
    var k = page ? parseInt((location.hash || "").slice(1), 10) : 0;
    show(isNaN(k) ? 0 : k);
  }
  if (page) { window.addEventListener("hashchange", fromAddress); }
  fromAddress();
})(%(root)s);
"""


def _inline_svg(scene: Scene, theme: Theme, scale: float | None = None, **view: Any) -> str:
    """The scene as an ``<svg>`` element for the page (no XML declaration), at ``scale`` (else
    the layout's own), in ``view`` (:func:`~piecepack_diagrams.render.render`'s ``view``,
    ``angle`` and ``depth``)."""
    from ..render import render

    text = render(scene, "svg", theme=theme, scale=scale, **view).decode("utf-8")
    return re.sub(r"^<\?xml[^>]*\?>\s*", "", text)


def _field_text(value: Any) -> str:
    """A header value as text: strings as they are, a list an item a line (rows of a board
    joined with spaces, mappings as ``key: value``), anything else as JSON."""
    if isinstance(value, str):
        return value
    if isinstance(value, list):
        return "\n".join(_item_text(v) for v in value)
    return _item_text(value)


def _item_text(value: Any) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return "   ".join(value)
    if isinstance(value, dict):
        return ", ".join(f"{k}: {_item_text(v)}" for k, v in value.items())
    return json.dumps(value, ensure_ascii=False, default=str)


def _errors_by_position(result: Replay) -> dict[int, list[PiecepackError]]:
    """Each error against the position its move led to: the last move written at or before
    the error's place in the file (a setup error, or one without a place, goes to the end)."""
    starts = [((p.location.line, p.location.column), k) for k, p in enumerate(result.positions)
              if k and p.location is not None]
    out: dict[int, list[PiecepackError]] = {}
    for error in result.errors + result.later_errors:
        loc = error.location
        at = (loc.line, loc.column) if loc is not None else None
        k = max((k for start, k in starts if at is not None and start <= at), default=len(result.positions) - 1)
        out.setdefault(k, []).append(error)
    return out


def _esc(text: str) -> str:
    """Markup escaped, and what XML cannot hold replaced."""
    return html.escape(xml_text(text))


def _script(root: str, *, page: bool) -> str:
    """The stepping script, run on the element the JavaScript expression ``root`` finds."""
    return _SCRIPT % {"digits": DIGITS, "root": f"{root}, {'true' if page else 'false'}"}


def _controls(last: int, *, ids: bool) -> str:
    """The four stepping buttons and the counter (with ``ids``, the page's element ids too)."""
    def button(name: str, title: str, text: str) -> str:
        its_id = f' id="{name}"' if ids else ""
        return f'<button type="button"{its_id} data-step="{name}" title="{title}">{text}</button>'

    counter_id = ' id="counter"' if ids else ""
    return ('<div class="controls">'
            + button("first", "first (Home)", "&#x00AB; First")
            + button("previous", "previous (&#x2190;)", "&#x25C0; Previous")
            + button("next", "next (&#x2192;)", "Next &#x25B6;")
            + button("last", "last (End)", "Last &#x00BB;")
            + f'<span class="counter"{counter_id}>0 / {last}</span></div>')


def _stepper(result: Replay, theme: Theme, **view: Any) -> tuple[Scene | None, list[Scene], Deltas, str, str]:
    """What a page and a notebook's stepper both show: the key (None for a game without
    one), the positions' scenes, their drawings (in ``view``, as
    :func:`~piecepack_diagrams.render.render` takes it) as deltas, the positions' markup and
    the list of moves' markup.

    Raises :class:`OptionError` for a view, angle or depth out of range."""
    from ..oblique.projection import parse_view
    from ..render import view_laid_out

    projection = parse_view(**view) if view else None
    key, scenes = plate_scenes(result, framing="whole")
    errors = _errors_by_position(result)
    # One frame and one scale for every position, so the board stays put as the game is stepped through.
    scale = view_laid_out(scenes[0], theme, projection).scale if scenes else 1.0
    drawings = Deltas.from_svgs([_inline_svg(replace(scene, caption=""), theme, scale, **view) for scene in scenes],
                                whole=[_inline_svg(key, theme)] if key is not None else [])
    boards, moves = [], []
    for k, (position, scene) in enumerate(zip(result.positions, scenes)):
        problems = errors.get(k, [])
        caption = _esc(scene.caption) + "".join(f'<br><span class="error">{_esc(e.format())}</span>'
                                                for e in problems)
        boards.append(f'<div class="position" data-index="{k}"{" hidden" if k else ""}>'
                      f'<div class="drawing"></div><p class="caption">{caption}</p></div>')
        label = "Setup" if k == 0 else position.label
        comment = f'<span class="comment">{_esc(position.comment)}</span>' if position.comment else ""
        invalid = " invalid" if problems else ""
        note = "".join(f'<span class="comment error">{_esc(e.describe())}</span>' for e in problems)
        moves.append(f'<li><button type="button" class="move{invalid}" data-index="{k}">'
                     f'<span class="label">{_esc(label)}</span>{_esc(position.text)}{comment}{note}</button></li>')
    return key, scenes, drawings, "".join(boards), "".join(moves)


def _later_text(result: Replay) -> str:
    """How many later moves failed after the first error, as a clause ("" for none)."""
    later = len(result.later_errors)
    if not later:
        return ""
    if later > 1:
        return f", and {later} later moves no longer apply after it"
    return ", and 1 later move no longer applies after it"


def viewer_html(result: Replay, *, theme: Theme = DEFAULT, title: str = "", view: str = "flat", angle: float = 45.0,
                depth: float = 0.5) -> str:
    """The page for ``result`` (a replay, strict or not: errors are shown at their moves), its
    positions drawn in ``view`` (``"oblique"``: seen from ``angle`` degrees, heights ``depth``
    times as long, see :func:`~piecepack_diagrams.render.render`), the key flat.

    Raises :class:`~piecepack_diagrams.errors.LimitError` for a record with more positions
    than may be drawn (see :func:`~.plates.check_drawn`), :class:`OptionError` for a view,
    angle or depth out of range.
    """
    esc = _esc
    title = title or plates_title(result)
    key, scenes, drawings, boards, moves = _stepper(result, theme, view=view, angle=angle, depth=depth)
    fields = "".join(f"<tr><th>{esc(str(name))}</th><td>{esc(_field_text(value))}</td></tr>"
                     for name, value in result.record.metadata.items())
    summary = (f'<p class="error">A move breaks the rules{_later_text(result)}; each is shown at its move.</p>'
               if result.errors else f"<p>{esc(_status_text(result))}</p>")
    key_html = ('<section class="keys"><h2>Key</h2><div class="key" data-whole="0"></div></section>\n'
                if key is not None else "")
    return ("<!DOCTYPE html>\n"
            '<html lang="en">\n<head>\n<meta charset="utf-8">\n'
            '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            '<meta name="generator" content="piecepack-diagrams">\n'
            f"<title>{esc(title)}</title>\n<style>{_STYLE}</style>\n</head>\n"
            f'<body data-current="0">\n<header>\n<h1>{esc(title)}</h1>\n'
            f'<details class="header-fields"{" open" if len(fields) < 1500 else ""}><summary>Header</summary>'
            f'<table class="fields">{fields}</table></details>\n{summary}\n</header>\n<main>\n<section>\n'
            f"{_controls(len(scenes) - 1, ids=True)}\n"
            "<noscript><p>The positions are drawn by the page's script: allow JavaScript to see them.</p></noscript>\n"
            f'<div class="board">{boards}</div>\n</section>\n'
            f'<aside>\n<nav class="movetext" aria-label="moves"><ol>{moves}</ol></nav>\n'
            f"</aside>\n</main>\n{key_html}"
            "<footer>Arrow keys or the buttons step through the game; Home and End jump to its ends; "
            "a move in the list shows the position after it. Made by piecepack-diagrams.</footer>\n"
            f'<script type="application/json" id="drawings">{drawings.as_json()}</script>\n'
            f"<script>{_script('document.body', page=True)}</script>\n</body>\n</html>\n")


#: The stepper's own look in a notebook, every rule under its element (``%(root)s``).
_NOTEBOOK_STYLE = """
#%(root)s { font: 14px/1.4 "DejaVu Sans", Helvetica, Arial, sans-serif; max-width: 720px; }
#%(root)s .position[hidden] { display: none; }
#%(root)s .drawing svg { width: 100%%; height: auto; max-height: 60vh; display: block; }
#%(root)s .controls { display: flex; gap: 6px; align-items: center; margin: 4px 0; }
#%(root)s .counter { margin-left: auto; color: #666; }
#%(root)s .movetext { max-height: 14em; overflow: auto; }
#%(root)s .movetext ol { list-style: none; margin: 0; padding: 0; }
#%(root)s .move { font: inherit; text-align: left; width: 100%%; border: 0; background: none; cursor: pointer; }
#%(root)s .move.current { background: #FFE680; }
#%(root)s .move .label, #%(root)s .comment { color: #666; margin-right: 6px; }
#%(root)s .error { color: #C8102E; }
"""
# Each stepper's element is named apart from the others shown on the same page.
_STEPPERS = itertools.count(1)


def notebook_html(result: Replay, *, theme: Theme = DEFAULT) -> str:
    """A compact stepper for a notebook's output: the viewer's drawings, buttons and moves
    in one ``<div>``, whose style and script touch nothing outside it (the arrow keys step
    while it has the focus). Self-contained: nothing is fetched.

    Raises :class:`~piecepack_diagrams.errors.LimitError` as :func:`viewer_html` does.
    """
    key, scenes, drawings, boards, moves = _stepper(result, theme)
    root = f"piecepack-replay-{next(_STEPPERS)}"
    summary = (f'<p class="error">A move breaks the rules{_later_text(result)}.</p>' if result.errors
               else f"<p>{_esc(plates_title(result))}: {_esc(_status_text(result))}</p>")
    return (f'<div class="piecepack-replay" id="{root}" tabindex="0" data-current="0">'
            f"<style>{_NOTEBOOK_STYLE % {'root': root}}</style>{summary}"
            f"{_controls(len(scenes) - 1, ids=False)}<div class=\"board\">{boards}</div>"
            f'<details><summary>Moves</summary><nav class="movetext" aria-label="moves"><ol>{moves}</ol></nav>'
            f"</details>"
            + ('<details><summary>Key</summary><div class="key" data-whole="0"></div></details>'
               if key is not None else "")
            + f'<script type="application/json">{drawings.as_json()}</script>'
            f"<script>{_script(f'document.getElementById({json.dumps(root)})', page=False)}</script></div>")


def _status_text(result: Replay) -> str:
    status = result.status()
    if not status.is_over():
        return f"{len(result.positions) - 1} moves, all legal."
    return f"{len(result.positions) - 1} moves, all legal; {status.outcome}" + (
        f": {status.detail}." if status.detail else ".")


__all__ = ["notebook_html", "viewer_html"]
