"""Write the README's table of every game ``setup`` knows, from the registry.

Run from the repository root after adding a setup or changing its arguments::

    python docs/setups_table.py

The table sits between the README's ``<!-- setups:begin -->`` and ``<!-- setups:end -->``
lines; ``tests/test_readme.py`` checks that it is the registry's.
"""

from __future__ import annotations

import sys
from pathlib import Path

from piecepack_diagrams.engine.game import games
from piecepack_diagrams.setups import setup_infos

ROOT = Path(__file__).resolve().parents[1]
BEGIN, END = "<!-- setups:begin -->", "<!-- setups:end -->"


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def table() -> str:
    """The markdown table: one row per setup function, and the games of our own."""
    rows = []
    for info in setup_infos():
        others = [n for n in info.names[1:] if n not in (info.function, info.function.removeprefix("piecepack_"))]
        names = info.title + (f" (also: {', '.join(others)})" if others else "")
        args = ", ".join(f"`{a.option}`" for a in info.arguments) or "-"
        rows.append((info.key, names, "yes" if info.seeded else "", args, info.summary()))
    known = {r[0] for r in rows}
    for rules in games():
        if rules.name not in known and rules.name != "ppn":
            rows.append((rules.name, rules.title, "yes", "`--seed`", (rules.__doc__ or "").strip().splitlines()[0]))
    rows.sort()
    lines = ["| `setup` name | game (other names) | seeded | arguments | layout |", "|---|---|---|---|---|"]
    lines += [f"| `{key}` | {_cell(names)} | {seeded} | {args} | {_cell(summary)} |"
              for key, names, seeded, args, summary in rows]
    return "\n".join(lines) + f"\n\n{len(rows)} games and layouts.\n"


def updated(readme: str) -> str:
    """``readme`` with the table between the markers replaced by :func:`table`."""
    head, _, rest = readme.partition(BEGIN + "\n")
    _, _, tail = rest.partition(END)
    if not rest or not tail and END not in rest:
        raise SystemExit(f"README.md has no {BEGIN} ... {END} block")
    return f"{head}{BEGIN}\n{table()}{END}{tail}"


def main() -> int:
    path = ROOT / "README.md"
    path.write_text(updated(path.read_text(encoding="utf-8")), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
