"""The documented arguments of ppdf's setup functions, as header fields and CLI options.

A record passes them in its ``GameType``/``SetUp`` mapping (``{Name: Fuji-san,
Seed: 3, Coins: ...}``, keys in any case: ``HasSubpack`` is ``has_subpack``); the
command line as options (``setup fujisan --seed 3 --coins ...``). Each
:class:`Argument` knows what it accepts and turns YAML values or command-line text
into the value the setup function expects, or raises :class:`SetupError` naming
the argument and what it accepts.
"""

from __future__ import annotations

import math
import re
from typing import Any

from ..errors import SetupError
from ..rrandom import SEED_MAX, SEED_MIN
from ..textsafe import as_text, shorten
from ..values import value

#: The kinds of value an argument takes; the plural kinds take a list (or text with commas).
KINDS = ("int", "number", "bool", "text", "ints", "numbers", "texts")
_TRUE = {"true", "t", "yes", "y", "1", "on"}
_FALSE = {"false", "f", "no", "n", "0", "off"}
_MAX_TEXT = 2000
_MAX_ITEMS = 1000


def argument_key(name: str) -> str:
    """The key an argument is known by: lower case, words joined by ``_``.

    >>> from piecepack_diagrams.setups import argument_key
    >>> argument_key("HasSubpack"), argument_key("length.out"), argument_key("die-width")
    ('has_subpack', 'length_out', 'die_width')
    """
    text = re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", str(name))
    return re.sub(r"[^A-Za-z0-9]+", "_", text).strip("_").lower()


@value
class Argument:
    """One argument of a setup function: R's ``name``, the ``kind`` of value, R's
    ``default`` (``None`` is R's ``NULL``: random, or not given), what it means, and
    the values it accepts (``choices``, or a range ``low``..``high``)."""

    name: str
    kind: str
    default: Any
    doc: str
    choices: tuple[Any, ...] = ()
    low: float | None = None
    high: float | None = None

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"unknown argument kind {self.kind!r}")

    @property
    def key(self) -> str:
        """The argument's key in headers and Python calls (``length.out`` -> ``length_out``)."""
        return argument_key(self.name)

    @property
    def option(self) -> str:
        """The command-line option: ``--has-subpack``."""
        return "--" + self.key.replace("_", "-")

    def accepts(self) -> str:
        """What the argument accepts, in words (for errors and ``setup --list``)."""
        if self.choices:
            return "one of " + ", ".join(str(c) for c in self.choices)
        single = {"int": "a whole number", "number": "a number", "bool": "true or false", "text": "text",
                  "ints": "whole numbers", "numbers": "numbers", "texts": "words"}[self.kind]
        if self.low is not None and self.high is not None:
            single += f" from {self.low:g} to {self.high:g}"
        elif self.low is not None:
            single += f" of at least {self.low:g}"
        if self.kind.endswith("s") and self.kind != "text":
            single += " (a list, or text with commas)"
        return single

    def parse(self, value: Any, *, setup: str = "") -> Any:
        """``value`` (from YAML or the command line) as this argument's value.

        ``None`` (or YAML's ``null``) gives the default. Raises :class:`SetupError`
        naming the argument and what it accepts.
        """
        if value is None:
            return self.default
        label = f"{setup} argument '{self.key}'" if setup else f"argument '{self.key}'"
        try:
            if self.kind in ("ints", "numbers", "texts"):
                items = _as_items(value)
                single = self.kind[:-1]
                return [self._one(item, single) for item in items]
            return self._one(value, self.kind)
        except _Refused as exc:
            raise SetupError(f"{label} {exc.args[0]}", token=shorten(as_text(value)),
                             expected=self.accepts()) from None

    def _one(self, value: Any, kind: str) -> Any:
        if isinstance(value, (list, tuple, dict)):
            raise _Refused(f"takes one value, not {'a mapping' if isinstance(value, dict) else 'a list'}")
        if kind == "bool":
            result: Any = _as_bool(value)
        elif kind == "int":
            result = _as_int(value)
        elif kind == "number":
            result = _as_number(value)
        else:
            if isinstance(value, bool) or not isinstance(value, (str, int, float)):
                raise _Refused(f"must be text, not {as_text(value)}")
            result = str(value).strip() if not isinstance(value, str) else value
            if len(result) > _MAX_TEXT:
                raise _Refused(f"is too long ({len(result)} characters)")
        if self.choices:
            return self._choice(result)
        is_number = isinstance(result, (int, float)) and not isinstance(result, bool)
        if is_number and ((self.low is not None and result < self.low)
                          or (self.high is not None and result > self.high)):
            raise _Refused(f"is {result:g}, out of range")
        return result

    def _choice(self, value: Any) -> Any:
        for choice in self.choices:
            if str(choice).lower() == str(value).strip().lower():
                return choice
        raise _Refused(f"cannot be '{shorten(as_text(value))}'")

    def __repr__(self) -> str:
        extra = "".join(f", {k}={getattr(self, k)!r}" for k in ("choices", "low", "high")
                        if getattr(self, k) not in ((), None))
        return f"Argument({self.name!r}, {self.kind!r}, {self.default!r}, {self.doc!r}{extra})"


class _Refused(Exception):
    """A value an argument does not accept (turned into a located SetupError)."""


def _as_items(value: Any) -> list[Any]:
    if isinstance(value, (list, tuple)):
        items = list(value)
    elif isinstance(value, str):
        items = [part for part in re.split(r"[,\s]+", value.strip()) if part]
    else:
        items = [value]
    if len(items) > _MAX_ITEMS:
        raise _Refused(f"has {len(items)} values, more than {_MAX_ITEMS}")
    return items


def _as_bool(value: Any) -> bool:
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower() if isinstance(value, (str, int)) else None
    if text in _TRUE:
        return True
    if text in _FALSE:
        return False
    raise _Refused(f"must be true or false, not {shorten(as_text(value))}")


def _as_int(value: Any) -> int:
    if isinstance(value, bool):
        raise _Refused(f"must be a whole number, not {value}")
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, str) and re.fullmatch(r"\s*[-+]?\d{1,18}\s*", value):
        value = int(value)
    if not isinstance(value, int):
        raise _Refused(f"must be a whole number, not {shorten(as_text(value))}")
    return value


def _as_number(value: Any) -> float:
    if isinstance(value, bool):
        raise _Refused(f"must be a number, not {value}")
    number: float | None = None
    if isinstance(value, (int, float)):
        number = float(value)
    elif isinstance(value, str) and len(value) <= 40:
        try:
            number = float(value)
        except ValueError:
            number = None
    if number is None or not math.isfinite(number):
        raise _Refused(f"must be a finite number, not {shorten(as_text(value))}")
    return number


def seed_argument() -> Argument:
    """``seed``: R's ``set.seed`` value; without one, seed 1 (R would draw at random)."""
    return Argument("seed", "int", None, "the random layout's seed, as R's set.seed(seed)",
                    low=SEED_MIN, high=SEED_MAX)


__all__ = ["Argument", "KINDS", "argument_key", "seed_argument"]
