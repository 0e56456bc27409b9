"""Every setup function of ppdf by every name that reaches it, with its arguments.

A port registers itself with :func:`ppdf_setup` under ppdf's function name
(``piecepack_fujisan``); the names of ppdf's games table (``Fuji-san``), the
function's name with or without ``piecepack_``, and loose spellings of them
(case, spaces, hyphens and quotes ignored; ``draughts`` read as ``checkers``)
all find it.
"""

from __future__ import annotations

import importlib
import re
import unicodedata
from typing import Any, Callable, Mapping

from ..errors import SetupError
from ..rrandom import RRandom
from ..textsafe import as_text, shorten
from ..values import value
from .arguments import Argument, argument_key, seed_argument
from .frame import Frame
from .index import MODULES
from .names import GAMES, expand_names

#: The seed a seeded setup uses when none is given (R would draw one at random).
DEFAULT_SEED = 1
#: The seed behind a setup that takes no seed but still draws (Shogi's, Chaturaji's and
#: Ultima's pawn ranks): ppdf's reference layouts of those were drawn after ``set.seed(42)``.
UNSEEDED_SEED = 42

Builder = Callable[..., Frame]


@value
class SetupInfo:
    """One setup function: ppdf's ``function`` name, the game's ``title``, every name
    that finds it, its documented ``arguments`` (``seed`` first when ``seeded``),
    and the port that ``build``\\ s its frame."""

    function: str
    title: str
    names: tuple[str, ...]
    arguments: tuple[Argument, ...]
    seeded: bool
    build: Builder

    @property
    def key(self) -> str:
        """The command-line name: ``fujisan``, ``tower-of-babel`` ..."""
        return self.function.removeprefix("piecepack_").replace("_", "-")

    def summary(self) -> str:
        """The first line of the port's docstring: what the layout is."""
        doc = (self.build.__doc__ or "").strip()
        return doc.splitlines()[0] if doc else self.title

    def argument(self, key: str) -> Argument | None:
        """The argument named ``key`` (any spelling: ``HasSubpack``, ``has-subpack``), or None."""
        wanted = argument_key(key)
        return next((a for a in self.arguments if a.key == wanted), None)

    def __repr__(self) -> str:
        return f"find_setup({self.function!r})"


_BY_FUNCTION: dict[str, SetupInfo] = {}


def name_key(name: str) -> str:
    """The loose form names are matched by.

    >>> from piecepack_diagrams.setups import name_key
    >>> name_key("Fuji-san"), name_key("piecepack_fujisan"), name_key("Thai Draughts"), name_key("Yoté")
    ('fujisan', 'fujisan', 'thaicheckers', 'yote')
    """
    text = unicodedata.normalize("NFKD", str(name)).encode("ascii", "ignore").decode("ascii").lower()
    text = re.sub(r"[^a-z0-9]+", "_", text).strip("_")
    text = text.removeprefix("piecepack_").replace("draughts", "checkers")
    return text.replace("_", "")


def _titles() -> dict[str, tuple[str, list[str]]]:
    """Title and names of each function named in ppdf's games table."""
    table: dict[str, tuple[str, list[str]]] = {}
    for entry, functions in GAMES:
        names = expand_names(entry)
        for function in functions:
            title, known = table.get(function, (names[0], []))
            table[function] = (title, known + [n for n in names if n not in known])
    return table


_TITLES = _titles()


def _names_of(function: str) -> tuple[str, tuple[str, ...]]:
    """The title of ppdf's ``function`` and every name that finds it."""
    default_title, names = _TITLES.get(function, (None, []))
    short = function.removeprefix("piecepack_")
    title = default_title or short.replace("_", " ").title()
    return title, tuple(dict.fromkeys([title, *names, function, short]))


def _key_index() -> dict[str, str]:
    """Every name's key -> its function, from the tables alone (no port is imported); a
    function's own name wins over a game's alternative name (Checkers, Chess)."""
    index: dict[str, str] = {}
    for function in sorted(MODULES):
        short = function.removeprefix("piecepack_")
        for name in _names_of(function)[1]:
            key = name_key(name)
            if name in (function, short) or key not in index:
                index[key] = function
    return index


_BY_KEY = _key_index()


def ppdf_setup(*functions: str, arguments: tuple[Argument, ...] = (),
               seeded: bool = False) -> Callable[[Builder], Builder]:
    """Register the port of ppdf's ``functions`` (one, or several that R defines as aliases of
    one layout): called as ``build(rng, **arguments)`` with an
    :class:`~piecepack_diagrams.rrandom.RRandom` already seeded and every argument parsed
    (defaults filled in). Each function must be listed in
    :data:`~piecepack_diagrams.setups.index.MODULES` under the module that holds the port."""

    def register(build: Builder) -> Builder:
        args = ((seed_argument(),) if seeded else ()) + tuple(arguments)
        for function in functions:
            title, names = _names_of(function)
            _BY_FUNCTION[function] = SetupInfo(function, title, names, args, seeded, build)
        return build

    return register


def _port(function: str) -> SetupInfo:
    """The registered port of ``function``, its module imported first if need be."""
    if function not in _BY_FUNCTION:
        importlib.import_module(f".{MODULES[function]}", __package__)
    return _BY_FUNCTION[function]


def setup_infos() -> tuple[SetupInfo, ...]:
    """Every setup, by function name (every port's module imported)."""
    return tuple(_port(k) for k in sorted(MODULES))


def is_known_setup(name: str) -> bool:
    """True when ``name`` finds a setup."""
    return name_key(name) in _BY_KEY


def find_setup(name: str) -> SetupInfo:
    """The setup ``name`` finds. Raises :class:`SetupError` with the closest known names."""
    key = name_key(name)
    if key in _BY_KEY:
        return _port(_BY_KEY[key])
    import difflib  # only to name the closest when a name is unknown

    close = difflib.get_close_matches(key, list(_BY_KEY), n=3, cutoff=0.6)
    suggestions = list(dict.fromkeys(_BY_KEY[k].removeprefix("piecepack_").replace("_", "-") for k in close))
    expected = "a game's name (piecepack-diagrams setup --list lists them)"
    if suggestions:
        expected = f"the closest: {', '.join(repr(s) for s in suggestions)}; or another name setup --list lists"
    raise SetupError(f"unknown game '{shorten(as_text(name))}'", token=shorten(as_text(name)), expected=expected)


def parse_arguments(info: SetupInfo, options: Mapping[str, Any]) -> dict[str, Any]:
    """``options`` (header keys or option names in any spelling) as the port's keyword
    arguments, defaults filled in. Raises :class:`SetupError` for an argument the
    function does not take (naming the closest it does) or a value it does not accept."""
    given: dict[str, Any] = {}
    for raw_key, item in options.items():
        argument = info.argument(str(raw_key))
        if argument is None:
            known = [a.key for a in info.arguments]
            import difflib

            close = difflib.get_close_matches(argument_key(str(raw_key)), known, n=1)
            among = f"arguments among: {', '.join(known)}" if known else "no arguments"
            raise SetupError(f"{info.title} takes no argument '{shorten(as_text(raw_key))}'",
                             token=shorten(as_text(raw_key)),
                             expected=f"'{close[0]}' (the closest), or {among}" if close else among)
        given[argument.key] = argument.parse(item, setup=info.title)
    return {a.key: given.get(a.key, a.default) for a in info.arguments}


def build_frame(name: str, options: Mapping[str, Any] | None = None, *,
                seed: int | None = None) -> tuple[SetupInfo, Frame]:
    """ppdf's layout of the game ``name`` with ``options``: what ``set.seed(seed)`` then
    the call gives in R (``seed`` overrides a ``seed`` option; seeded setups without
    either use :data:`DEFAULT_SEED`, setups without a seed argument that draw all the same
    use :data:`UNSEEDED_SEED`).

    Raises :class:`SetupError` for an unknown game or a bad argument, naming it.
    """
    info = find_setup(name)
    args = parse_arguments(info, options or {})
    if seed is not None:
        # set.seed(seed) then the call: a seeded function's stream, or the one that a
        # function without a seed argument draws from
        seed = seed_argument().parse(seed, setup=info.title)
        if info.seeded:
            args["seed"] = seed
    chosen = args.pop("seed", None) if info.seeded else seed
    rng = RRandom(chosen if chosen is not None else DEFAULT_SEED if info.seeded else UNSEEDED_SEED)
    try:
        frame = info.build(rng, **args)
    except SetupError as exc:
        given = [argument_key(str(k)) for k in (options or {}) if argument_key(str(k)) != "seed"]
        if "argument '" in exc.message or not given:
            raise exc from None
        # The port refused a value: name the argument(s) it came from, as a user wrote them.
        quoted = [f"'{k}'" for k in given]
        names = f"argument {quoted[0]}" if len(quoted) == 1 else \
            f"arguments {', '.join(quoted[:-1])} and {quoted[-1]}"
        raise SetupError(f"{info.title} {names}: {exc.message}", token=exc.token, expected=exc.expected) from None
    except (ValueError, IndexError, KeyError) as exc:
        raise SetupError(f"{info.title} cannot be set up with these arguments: {exc}",
                         token=shorten(as_text(dict(options or {}))),
                         expected=", ".join(f"{a.key}: {a.accepts()}" for a in info.arguments) or "no arguments"
                         ) from None
    return info, frame


__all__ = ["DEFAULT_SEED", "UNSEEDED_SEED", "SetupInfo", "build_frame", "find_setup", "is_known_setup", "name_key",
           "parse_arguments", "ppdf_setup", "setup_infos"]
