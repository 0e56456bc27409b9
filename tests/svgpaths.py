"""A small reader of SVG path data, so tests can check drawings by their geometry.

It knows the commands this project's SVG uses (M m L l q a Z, with implicit
repetition) and nothing else: anything else fails the test loudly.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

_TOKEN = re.compile(r"[A-Za-z]|-?\d+(?:\.\d+)?")
_ARITY = {"M": 2, "m": 2, "L": 2, "l": 2, "q": 4, "a": 7, "Z": 0, "z": 0}


@dataclass
class Subpath:
    points: list[tuple[float, float]] = field(default_factory=list)  # start, line ends and curve ends
    arcs: list[float] = field(default_factory=list)  # radii of arcs
    closed: bool = False

    def extent(self) -> tuple[float, float, float, float]:
        xs, ys = [p[0] for p in self.points], [p[1] for p in self.points]
        if self.arcs:  # a circle drawn as two half arcs from its leftmost point
            r = self.arcs[0]
            return xs[0], ys[0] - r, xs[0] + 2 * r, ys[0] + r
        return min(xs), min(ys), max(xs), max(ys)

    def centre(self) -> tuple[float, float]:
        x0, y0, x1, y1 = self.extent()
        return (x0 + x1) / 2, (y0 + y1) / 2

    def size(self) -> tuple[float, float]:
        x0, y0, x1, y1 = self.extent()
        return x1 - x0, y1 - y0


def parse_path(d: str) -> list[Subpath]:
    tokens = _TOKEN.findall(d)
    out: list[Subpath] = []
    x = y = 0.0
    command = ""
    k = 0
    while k < len(tokens):
        if tokens[k].isalpha():
            command = tokens[k]
            if command not in _ARITY:
                raise AssertionError(f"unexpected path command {command!r}")
            k += 1
            if _ARITY[command] == 0:
                out[-1].closed = True
                x, y = out[-1].points[0]
                continue
        args = [float(t) for t in tokens[k:k + _ARITY[command]]]
        k += _ARITY[command]
        if command == "M":
            x, y = args
            out.append(Subpath([(x, y)]))
            command = "L"  # pairs after a moveto are linetos
        elif command == "m":
            x, y = x + args[0], y + args[1]
            out.append(Subpath([(x, y)]))
            command = "l"
        elif command == "L":
            x, y = args
            out[-1].points.append((x, y))
        elif command == "l":
            x, y = x + args[0], y + args[1]
            out[-1].points.append((x, y))
        elif command == "q":
            x, y = x + args[2], y + args[3]
            out[-1].points.append((x, y))
        elif command == "a":
            out[-1].arcs.append(args[0])
            x, y = x + args[5], y + args[6]
    return out
