"""Frozen value classes that are cheap to define: :func:`value`.

``@value`` makes the same class as ``@dataclass(frozen=True, slots=True)``: a dataclass
(``dataclasses.fields``, ``replace``, ``asdict`` and ``astuple`` work), with the same
``__init__`` signature, ``__repr__``, equality, hashing, optional ordering and
``FrozenInstanceError`` on assignment, that pickles and copies. What differs is the cost
of defining it. On Python 3.11 the dataclass decorator writes six methods of a frozen
class as source text and compiles each (``__init__``, ``__repr__``, ``__eq__``,
``__hash__``, ``__setattr__``, ``__delattr__``): some four million instructions a class,
and drawing one setup from the command line defines about fifty classes, a third of the
process's time. Here only ``__init__`` is compiled (its parameters and defaults are the
class's own), and only when the class is first instantiated (its signature is known
before); the other methods are closures over per-class ``operator.attrgetter`` keys,
read from bytecode like any other code.

``tests/test_values.py`` holds each class made here against the same class made by the
dataclass decorator.
"""

from __future__ import annotations

import dataclasses
import inspect
from dataclasses import MISSING, FrozenInstanceError
from operator import attrgetter
from typing import Any, Callable, TypeVar, dataclass_transform, overload

T = TypeVar("T", bound=type)

#: The methods ``@value`` provides; a class that defines one of the first two itself is refused
#: (as the dataclass decorator refuses it for a frozen class); the others it keeps.
_FROZEN = ("__setattr__", "__delattr__")
_ORDER = ("__lt__", "__le__", "__gt__", "__ge__")


def _no_setattr(self: Any, name: str, value: Any) -> None:
    raise FrozenInstanceError(f"cannot assign to field {name!r}")


def _no_delattr(self: Any, name: str) -> None:
    raise FrozenInstanceError(f"cannot delete field {name!r}")


def _repr_method(names: tuple[str, ...], key: Callable[[Any], tuple[Any, ...]]) -> Callable[[Any], str]:
    def __repr__(self: Any) -> str:
        shown = ", ".join([f"{name}={v!r}" for name, v in zip(names, key(self))])
        return f"{self.__class__.__qualname__}({shown})"

    return __repr__


# Each class gets its own closures over its keys (made from these functions' compiled code,
# so nothing is compiled): a cell lookup is faster than finding the key on the class.
def _eq_method(key: Callable[[Any], tuple[Any, ...]]) -> Callable[[Any, Any], Any]:
    def __eq__(self: Any, other: Any) -> Any:
        if other.__class__ is self.__class__:
            return key(self) == key(other)
        return NotImplemented

    return __eq__


def _hash_method(key: Callable[[Any], tuple[Any, ...]]) -> Callable[[Any], int]:
    def __hash__(self: Any) -> int:
        return hash(key(self))

    return __hash__


def _order_method(compare: Callable[[Any, Any], bool], name: str,
                  key: Callable[[Any], tuple[Any, ...]]) -> Callable[[Any, Any], Any]:
    def method(self: Any, other: Any) -> Any:
        if other.__class__ is self.__class__:
            return compare(key(self), key(other))
        return NotImplemented

    method.__name__ = name
    return method


def _getstate(self: Any) -> list[Any]:
    return [getattr(self, f.name) for f in dataclasses.fields(self)]


def _setstate(self: Any, state: list[Any]) -> None:
    for f, v in zip(dataclasses.fields(self), state):
        object.__setattr__(self, f.name, v)  # the class refuses assignment; unpickling must bypass it


def _key(names: list[str]) -> Callable[[Any], tuple[Any, ...]]:
    """A function giving the named attributes of an object as a tuple (always a tuple, as the
    dataclass decorator's methods compare and hash tuples)."""
    if not names:
        return lambda obj: ()
    if len(names) == 1:
        one = attrgetter(names[0])
        return lambda obj: (one(obj),)
    return attrgetter(*names)


def _init_source(fields: list[dataclasses.Field[Any]], post_init: bool) -> tuple[str, dict[str, Any]]:
    """The text of ``__init__`` for ``fields`` and the names it needs (defaults, factories)."""
    names: dict[str, Any] = {"__set": object.__setattr__, "__FACTORY": _HAS_FACTORY}
    params: list[str] = []
    keyword_only: list[str] = []
    body: list[str] = []
    for f in fields:
        has_default = f.default is not MISSING
        has_factory = f.default_factory is not MISSING
        if has_default:
            names[f"__dflt_{f.name}"] = f.default
        if has_factory:
            names[f"__fact_{f.name}"] = f.default_factory
        if f.init:
            default = f"=__dflt_{f.name}" if has_default else "=__FACTORY" if has_factory else ""
            (keyword_only if f.kw_only is True else params).append(f"{f.name}{default}")
            if has_factory:
                body.append(f"  if {f.name} is __FACTORY: {f.name} = __fact_{f.name}()")
            body.append(f"  __set(self, {f.name!r}, {f.name})")
        elif has_default:
            body.append(f"  __set(self, {f.name!r}, __dflt_{f.name})")
        elif has_factory:
            body.append(f"  __set(self, {f.name!r}, __fact_{f.name}())")
    if post_init:
        body.append("  self.__post_init__()")
    signature = ", ".join(["self", *params, *(["*", *keyword_only] if keyword_only else [])])
    inner = f" def __init__({signature}) -> None:\n" + "\n".join(body or ["  pass"])
    text = f"def __make_init__({', '.join(names)}):\n{inner}\n return __init__"
    return text, names


class _Factory:
    def __repr__(self) -> str:
        return "<factory>"


#: The default of a parameter whose field has a ``default_factory`` (shown as the dataclass
#: decorator shows it).
_HAS_FACTORY = _Factory()


def _make_init(cls: type, fields: list[dataclasses.Field[Any]]) -> Callable[..., None]:
    text, names = _init_source(fields, post_init=hasattr(cls, "__post_init__"))
    module = inspect.getmodule(cls)
    scope: dict[str, Any] = {}
    try:
        exec(text, vars(module) if module is not None else {}, scope)  # noqa: S102 - our own text, as dataclasses does
    except SyntaxError as exc:  # a field without a default after one with
        raise TypeError(f"{cls.__qualname__}: {exc.msg}") from None
    init: Callable[..., None] = scope["__make_init__"](**names)
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__annotations__ = {**{f.name: f.type for f in fields if f.init}, "return": None}
    return init


def _check_order(cls: type, fields: list[dataclasses.Field[Any]]) -> None:
    """Refuse, as the dataclass decorator does, a positional field without a default after one with."""
    seen_default = False
    for f in fields:
        if not f.init or f.kw_only is True:
            continue
        if f.default is not MISSING or f.default_factory is not MISSING:
            seen_default = True
        elif seen_default:
            raise TypeError(f"{cls.__qualname__}: non-default argument {f.name!r} follows default argument")


def _signature(fields: list[dataclasses.Field[Any]]) -> inspect.Signature:
    """The signature ``__init__`` will have (``inspect.signature`` of the class without
    compiling it)."""
    kinds = inspect.Parameter
    params = [kinds("self", kinds.POSITIONAL_OR_KEYWORD)]
    for f in fields:
        if f.init:
            default = f.default if f.default is not MISSING else (
                _HAS_FACTORY if f.default_factory is not MISSING else kinds.empty)
            kind = kinds.KEYWORD_ONLY if f.kw_only is True else kinds.POSITIONAL_OR_KEYWORD
            params.append(kinds(f.name, kind, default=default, annotation=f.type))
    return inspect.Signature(sorted(params, key=lambda p: p.kind), return_annotation=None)


def _lazy_init(cls: type, fields: list[dataclasses.Field[Any]]) -> Callable[..., None]:
    """``__init__`` compiled when the class is first instantiated (a process defines many
    classes it never makes, and compiling is most of what defining one costs); until
    then a stand-in with the same name, signature and annotations."""

    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        init = _make_init(cls, fields)
        type.__setattr__(cls, "__init__", init)
        init(self, *args, **kwargs)

    __init__.__qualname__ = f"{cls.__qualname__}.__init__"
    __init__.__annotations__ = {**{f.name: f.type for f in fields if f.init}, "return": None}
    __init__.__signature__ = _signature(fields)  # type: ignore[attr-defined]
    return __init__


def _make_value(cls: T, *, eq: bool, order: bool) -> T:
    if order and not eq:
        raise ValueError("eq must be true if order is true")
    own = dict(cls.__dict__)
    for name in _FROZEN:
        if name in own:
            raise TypeError(f"Cannot overwrite attribute {name} in class {cls.__name__}")
    if order:
        for name in _ORDER:
            if name in own:
                raise TypeError(f"Cannot overwrite attribute {name} in class {cls.__name__}. "
                                "Consider using functools.total_ordering")
    annotations = own.get("__annotations__", {})
    if any("InitVar" in str(kind) for kind in annotations.values()):
        raise TypeError(f"{cls.__qualname__}: @value does not take InitVar fields")
    had_doc = own.get("__doc__") is not None
    new: Any = dataclasses.dataclass(cls, init=False, repr=False, eq=False, frozen=False, slots=True)
    fields = list(dataclasses.fields(new))
    if any(base is not object and dataclasses.is_dataclass(base) for base in new.__mro__[1:]):
        raise TypeError(f"{cls.__qualname__}: @value classes do not inherit fields")
    if "__init__" not in own:
        _check_order(new, fields)
        new.__init__ = _lazy_init(new, fields)
    if not had_doc:
        new.__doc__ = new.__name__ + str(inspect.signature(new)).replace(" -> None", "")
    new.__setattr__, new.__delattr__ = _no_setattr, _no_delattr
    new.__getstate__, new.__setstate__ = _getstate, _setstate
    shown = [f.name for f in fields if f.repr]
    methods: dict[str, Callable[..., Any]] = {}
    if "__repr__" not in own:
        methods["__repr__"] = _repr_method(tuple(shown), _key(shown))
    if eq:
        compared = _key([f.name for f in fields if f.compare])
        if "__eq__" not in own:
            methods["__eq__"] = _eq_method(compared)
        # As the dataclass decorator does for a frozen class: a hash unless the class wrote its own.
        if "__hash__" not in own or (own["__hash__"] is None and "__eq__" in own):
            methods["__hash__"] = _hash_method(_key([f.name for f in fields
                                                     if (f.compare if f.hash is None else f.hash)]))
        if order:
            for name in _ORDER:
                methods[name] = _order_method(getattr(tuple, name), name, compared)
    for name, method in methods.items():
        method.__qualname__ = f"{new.__qualname__}.{name}"
        setattr(new, name, method)
    return new  # type: ignore[no-any-return]


@overload
def value(cls: T, /) -> T: ...


@overload
def value(*, eq: bool = True, order: bool = False) -> Callable[[T], T]: ...


@dataclass_transform(frozen_default=True, field_specifiers=(dataclasses.field, dataclasses.Field))
def value(cls: T | None = None, /, *, eq: bool = True, order: bool = False) -> T | Callable[[T], T]:
    """Make ``cls`` a frozen, slotted dataclass (see the module's docstring): ``@value``,
    ``@value(order=True)``, or ``@value(eq=False)`` for identity equality. Fields are
    declared as for a dataclass, ``dataclasses.field`` included.

    Raises TypeError (at class definition) for what the dataclass decorator refuses in a
    frozen class (a class's own ``__setattr__``, a field without a default after one
    with), and for ``InitVar`` fields and inherited fields, which ``@value`` does not take."""

    def wrap(cls: T) -> T:
        return _make_value(cls, eq=eq, order=order)

    return wrap if cls is None else wrap(cls)


__all__ = ["value"]
