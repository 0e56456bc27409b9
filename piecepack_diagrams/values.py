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

Nor is the :mod:`dataclasses` module imported to define one (it imports :mod:`inspect`,
a tenth of a command's start-up): the class is slotted here, and what the standard library
reads of a dataclass (``__dataclass_fields__``, which ``dataclasses.fields``, ``replace``,
``asdict`` and ``is_dataclass`` use) is made the first time it is read. This module's own
:func:`field`, :func:`fields` and :func:`replace` serve the package without it.

``tests/test_values.py`` holds each class made here against the same class made by the
dataclass decorator.
"""

from __future__ import annotations

import sys
import types
from operator import attrgetter
from typing import TYPE_CHECKING, Any, Callable, ClassVar, TypeVar, dataclass_transform, overload

if TYPE_CHECKING:
    import inspect

T = TypeVar("T", bound=type)
V = TypeVar("V")

#: The methods ``@value`` provides; a class that defines one of the first two itself is refused
#: (as the dataclass decorator refuses it for a frozen class); the others it keeps.
_FROZEN = ("__setattr__", "__delattr__")
_ORDER = ("__lt__", "__le__", "__gt__", "__ge__")


class _Missing:
    """The mark of a field without a default (``dataclasses.MISSING``'s counterpart)."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "MISSING"


#: A field's ``default`` or ``default_factory`` when it has none.
MISSING: Any = _Missing()


class Field:
    """One field of a value class, as declared: its name and type (its annotation), its default
    or default factory (:data:`MISSING` when it has none), and whether it is a parameter of
    ``__init__`` (``init``), shown in the repr, hashed, compared, and keyword-only."""

    __slots__ = ("name", "type", "default", "default_factory", "init", "repr", "hash", "compare", "kw_only")

    def __init__(self, *, name: str = "", type: Any = None, default: Any = MISSING,
                 default_factory: Any = MISSING, init: bool = True, repr: bool = True,
                 hash: bool | None = None, compare: bool = True, kw_only: bool = False) -> None:
        self.name, self.type, self.default, self.default_factory = name, type, default, default_factory
        self.init, self.repr, self.hash, self.compare, self.kw_only = init, repr, hash, compare, kw_only

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__slots__)
        return f"Field({shown})"


@overload
def field(*, default: V, init: bool = ..., repr: bool = ..., hash: bool | None = ...,
          compare: bool = ..., kw_only: bool = ...) -> V: ...


@overload
def field(*, default_factory: Callable[[], V], init: bool = ..., repr: bool = ...,
          hash: bool | None = ..., compare: bool = ..., kw_only: bool = ...) -> V: ...


@overload
def field(*, init: bool = ..., repr: bool = ..., hash: bool | None = ..., compare: bool = ...,
          kw_only: bool = ...) -> Any: ...


def field(*, default: Any = MISSING, default_factory: Any = MISSING, init: bool = True, repr: bool = True,
          hash: bool | None = None, compare: bool = True, kw_only: bool = False) -> Any:
    """A field's declaration with more than a default, as ``dataclasses.field`` takes it: a
    ``default_factory`` for a default made anew for each instance, ``init=False`` for one
    set by ``__post_init__``, ``repr``, ``hash``, ``compare`` and ``kw_only`` flags.

    Raises ValueError when both a default and a default factory are given."""
    if default is not MISSING and default_factory is not MISSING:
        raise ValueError("cannot specify both default and default_factory")
    return Field(default=default, default_factory=default_factory, init=init, repr=repr, hash=hash,
                 compare=compare, kw_only=kw_only)


def is_value(obj: Any) -> bool:
    """True for a class made by :func:`value`, or an instance of one."""
    return "__value_fields__" in vars(obj if isinstance(obj, type) else type(obj))


def fields(class_or_instance: Any) -> tuple[Any, ...]:
    """The fields of a value class (or of an instance of one) as :class:`Field` s, in order;
    of any other dataclass, as ``dataclasses.fields`` gives them.

    Raises TypeError for what is neither."""
    owner = class_or_instance if isinstance(class_or_instance, type) else type(class_or_instance)
    declared = vars(owner).get("__value_fields__")
    if declared is not None:
        return declared  # type: ignore[no-any-return]
    import dataclasses

    return dataclasses.fields(class_or_instance)


def replace(obj: V, /, **changes: Any) -> V:
    """A copy of ``obj`` (a value, or any dataclass instance) with the fields named in
    ``changes`` changed, made through its ``__init__`` (so ``__post_init__`` runs again).

    Raises TypeError for a name that is no field, ValueError for a field that ``__init__``
    does not take (``init=False``)."""
    declared = vars(type(obj)).get("__value_fields__")
    if declared is None:
        import dataclasses

        return dataclasses.replace(obj, **changes)  # type: ignore[type-var]  # any dataclass instance
    for f in declared:
        if not f.init:
            if f.name in changes:
                raise ValueError(f"field {f.name} is declared with init=False, it cannot be specified with replace()")
        elif f.name not in changes:
            changes[f.name] = getattr(obj, f.name)
    return obj.__class__(**changes)


def _frozen_error() -> type[AttributeError]:
    """The standard library's ``FrozenInstanceError`` (imported only when an assignment is refused)."""
    from dataclasses import FrozenInstanceError

    return FrozenInstanceError


def _no_setattr(self: Any, name: str, value: Any) -> None:
    raise _frozen_error()(f"cannot assign to field {name!r}")


def _no_delattr(self: Any, name: str) -> None:
    raise _frozen_error()(f"cannot delete field {name!r}")


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


def _state_methods(names: tuple[str, ...]) -> tuple[Callable[[Any], list[Any]], Callable[[Any, list[Any]], None]]:
    """``__getstate__`` and ``__setstate__`` for pickling and copying: the fields' values in order."""
    def __getstate__(self: Any) -> list[Any]:
        return [getattr(self, name) for name in names]

    def __setstate__(self: Any, state: list[Any]) -> None:
        for name, v in zip(names, state):
            object.__setattr__(self, name, v)  # the class refuses assignment; unpickling must bypass it

    return __getstate__, __setstate__


def _key(names: list[str]) -> Callable[[Any], tuple[Any, ...]]:
    """A function giving the named attributes of an object as a tuple (always a tuple, as the
    dataclass decorator's methods compare and hash tuples)."""
    if not names:
        return lambda obj: ()
    if len(names) == 1:
        one = attrgetter(names[0])
        return lambda obj: (one(obj),)
    return attrgetter(*names)


def _init_source(fields: list[Field], post_init: bool) -> tuple[str, dict[str, Any]]:
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
            (keyword_only if f.kw_only else params).append(f"{f.name}{default}")
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


def _make_init(cls: type, fields: list[Field]) -> Callable[..., None]:
    text, names = _init_source(fields, post_init=hasattr(cls, "__post_init__"))
    module = sys.modules.get(cls.__module__)
    scope: dict[str, Any] = {}
    exec(text, vars(module) if module is not None else {}, scope)  # noqa: S102 - our own text, as dataclasses does
    init: Callable[..., None] = scope["__make_init__"](**names)
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__annotations__ = _init_annotations(fields)
    return init


def _init_annotations(fields: list[Field]) -> dict[str, Any]:
    return {**{f.name: f.type for f in fields if f.init}, "return": None}


def _check_order(cls: type, fields: list[Field]) -> None:
    """Refuse, as the dataclass decorator does, a positional field without a default after one with."""
    seen_default = False
    for f in fields:
        if not f.init or f.kw_only:
            continue
        if f.default is not MISSING or f.default_factory is not MISSING:
            seen_default = True
        elif seen_default:
            raise TypeError(f"{cls.__qualname__}: non-default argument {f.name!r} follows default argument")


def _in_init_order(fields: list[Field]) -> list[Field]:
    """``__init__``'s parameters: the positional ones, then the keyword-only ones."""
    return [f for f in fields if f.init and not f.kw_only] + [f for f in fields if f.init and f.kw_only]


def _signature(fields: list[Field]) -> inspect.Signature:
    """The signature ``__init__`` will have (``inspect.signature`` of the class without
    compiling it)."""
    import inspect

    kinds = inspect.Parameter
    params = [kinds("self", kinds.POSITIONAL_OR_KEYWORD)]
    for f in _in_init_order(fields):
        default = f.default if f.default is not MISSING else (
            _HAS_FACTORY if f.default_factory is not MISSING else kinds.empty)
        kind = kinds.KEYWORD_ONLY if f.kw_only else kinds.POSITIONAL_OR_KEYWORD
        params.append(kinds(f.name, kind, default=default, annotation=f.type))
    return inspect.Signature(params, return_annotation=None)


def _text_signature(fields: list[Field]) -> str:
    """``str(inspect.signature(cls))`` (without ``-> None``), as the dataclass decorator writes
    it into a class without a docstring; :mod:`inspect` only for an annotation that is not a
    string (``from __future__ import annotations`` makes them all strings)."""
    parts: list[str] = []
    for f in _in_init_order(fields):
        if f.kw_only and "*" not in parts:
            parts.append("*")
        if isinstance(f.type, str):
            shown = repr(f.type)
        else:
            import inspect

            shown = inspect.formatannotation(f.type)
        default = "" if f.default is MISSING and f.default_factory is MISSING else \
            f" = {f.default!r}" if f.default is not MISSING else f" = {_HAS_FACTORY!r}"
        parts.append(f"{f.name}: {shown}{default}")
    return f"({', '.join(parts)})"


class _PendingInit:
    """A class's ``__init__`` until the class is first instantiated (a process defines many
    classes it never makes, and compiling is most of what defining one costs): it compiles
    the real one, puts it on the class and runs it. Until then it has the real one's name,
    annotations and signature (made when asked for, so that :mod:`inspect` is imported only
    by whoever asks)."""

    def __init__(self, cls: type, fields: list[Field]) -> None:
        self._cls, self._fields = cls, fields
        self.__name__ = "__init__"
        self.__qualname__ = f"{cls.__qualname__}.__init__"
        self.__module__ = cls.__module__
        self.__doc__ = None
        self.__annotations__ = _init_annotations(fields)

    @property
    def __signature__(self) -> inspect.Signature:
        return _signature(self._fields)

    def __get__(self, obj: Any, owner: type | None = None) -> Any:
        return self if obj is None else types.MethodType(self, obj)

    def __call__(self, instance: Any, /, *args: Any, **kwargs: Any) -> None:
        init = _make_init(self._cls, self._fields)
        type.__setattr__(self._cls, "__init__", init)
        init(instance, *args, **kwargs)


class _OnFirstRead:
    """A class attribute made the first time it is read, then stored on the class in its
    place (``__dataclass_fields__``: the standard library's view of a value class)."""

    def __init__(self, cls: type, name: str, make: Callable[[], Any]) -> None:
        self._cls, self._name, self._make = cls, name, make

    def __get__(self, obj: Any, owner: type | None = None) -> Any:
        made = self._make()
        type.__setattr__(self._cls, self._name, made)
        return made


def _stdlib_fields(fields: list[Field]) -> dict[str, Any]:
    """The fields as ``dataclasses.Field`` s, keyed by name, as the dataclass decorator stores them."""
    import dataclasses

    out: dict[str, Any] = {}
    for f in fields:
        made: Any = dataclasses.field(
            default=dataclasses.MISSING if f.default is MISSING else f.default,
            default_factory=dataclasses.MISSING if f.default_factory is MISSING else f.default_factory,
            init=f.init, repr=f.repr, hash=f.hash, compare=f.compare, kw_only=f.kw_only)
        made.name, made.type = f.name, f.type
        made._field_type = dataclasses._FIELD  # type: ignore[attr-defined]  # what dataclasses.fields() keeps
        out[f.name] = made
    return out


def _stdlib_params(eq: bool, order: bool) -> Any:
    import dataclasses

    return dataclasses._DataclassParams(True, True, eq, order, False, True)  # type: ignore[attr-defined]  # private


def _is_classvar(annotation: Any) -> bool:
    if isinstance(annotation, str):
        return annotation.split("[", 1)[0].strip() in ("ClassVar", "typing.ClassVar")
    return annotation is ClassVar or getattr(annotation, "__origin__", None) is ClassVar


def _declared(cls: type) -> list[Field]:
    """The fields ``cls``'s own body declares, in order.

    Raises TypeError for ``InitVar`` and ``KW_ONLY`` (which :func:`value` does not take) and
    for a ``field()`` without an annotation; ValueError for a mutable default (a list,
    a dict: a ``default_factory`` is needed), as the dataclass decorator does."""
    own = vars(cls)
    annotations: dict[str, Any] = own.get("__annotations__", {})
    out: list[Field] = []
    for name, kind in annotations.items():
        text = kind if isinstance(kind, str) else repr(kind)
        if "InitVar" in text or "KW_ONLY" in text:
            raise TypeError(f"{cls.__qualname__}: @value does not take InitVar or KW_ONLY fields")
        if _is_classvar(kind):
            continue
        given = own.get(name, MISSING)
        if isinstance(given, Field):
            f = Field(name=name, type=kind, default=given.default, default_factory=given.default_factory,
                      init=given.init, repr=given.repr, hash=given.hash, compare=given.compare,
                      kw_only=given.kw_only)
        elif type(given).__name__ == "Field" and type(given).__module__ == "dataclasses":
            missing = sys.modules["dataclasses"].MISSING  # dataclasses.field() was called: it is loaded
            f = Field(name=name, type=kind, default=MISSING if given.default is missing else given.default,
                      default_factory=MISSING if given.default_factory is missing else given.default_factory,
                      init=given.init, repr=given.repr, hash=given.hash, compare=given.compare,
                      kw_only=given.kw_only is True)
        else:
            f = Field(name=name, type=kind, default=given)
        if f.default is not MISSING and type(f.default).__hash__ is None:
            raise ValueError(f"mutable default {type(f.default)} for field {name} is not allowed: "
                             "use default_factory")
        out.append(f)
    for name, given in own.items():
        if name not in annotations and (isinstance(given, Field) or (
                type(given).__name__ == "Field" and type(given).__module__ == "dataclasses")):
            raise TypeError(f"{name!r} is a field but has no type annotation")
    return out


def _slotted(cls: type, names: tuple[str, ...]) -> type:
    """``cls`` made anew with ``__slots__`` for ``names`` (slots cannot be added to a class
    once made), its defaults moved out of the class body (they live in its fields)."""
    body = dict(vars(cls))
    for name in (*names, "__dict__", "__weakref__"):
        body.pop(name, None)
    body["__slots__"] = names
    new = type(cls)(cls.__name__, cls.__bases__, body)
    new.__qualname__ = cls.__qualname__
    return new


def _make_value(cls: T, *, eq: bool, order: bool) -> T:
    if order and not eq:
        raise ValueError("eq must be true if order is true")
    own = vars(cls)
    for name in _FROZEN:
        if name in own:
            raise TypeError(f"Cannot overwrite attribute {name} in class {cls.__name__}")
    if order:
        for name in _ORDER:
            if name in own:
                raise TypeError(f"Cannot overwrite attribute {name} in class {cls.__name__}. "
                                "Consider using functools.total_ordering")
    if any("__value_fields__" in vars(base) or "__dataclass_fields__" in vars(base) for base in cls.__mro__[1:]):
        raise TypeError(f"{cls.__qualname__}: @value classes do not inherit fields")
    fields = _declared(cls)
    names = tuple(f.name for f in fields)
    had_init, had_doc = "__init__" in own, own.get("__doc__") is not None
    new: Any = _slotted(cls, names)
    new.__value_fields__ = tuple(fields)
    new.__dataclass_fields__ = _OnFirstRead(new, "__dataclass_fields__", lambda: _stdlib_fields(fields))
    new.__dataclass_params__ = _OnFirstRead(new, "__dataclass_params__", lambda: _stdlib_params(eq, order))
    if "__match_args__" not in own:
        new.__match_args__ = tuple(f.name for f in fields if f.init and not f.kw_only)  # type: ignore[misc]  # set once
    if not had_init:
        _check_order(new, fields)
        new.__init__ = _PendingInit(new, fields)
    if not had_doc:
        new.__doc__ = new.__name__ + _text_signature(fields)
    new.__setattr__, new.__delattr__ = _no_setattr, _no_delattr
    if "__getstate__" not in own and "__setstate__" not in own:
        new.__getstate__, new.__setstate__ = _state_methods(names)
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


@dataclass_transform(frozen_default=True, field_specifiers=(field, Field))
def value(cls: T | None = None, /, *, eq: bool = True, order: bool = False) -> T | Callable[[T], T]:
    """Make ``cls`` a frozen, slotted dataclass (see the module's docstring): ``@value``,
    ``@value(order=True)``, or ``@value(eq=False)`` for identity equality. Fields are
    declared as for a dataclass, with :func:`field` (or ``dataclasses.field``) for more than
    a default.

    Raises TypeError (at class definition) for what the dataclass decorator refuses in a
    frozen class (a class's own ``__setattr__``, a field without a default after one
    with), and for ``InitVar`` fields and inherited fields, which ``@value`` does not take;
    ValueError for a mutable default."""

    def wrap(cls: T) -> T:
        return _make_value(cls, eq=eq, order=order)

    return wrap if cls is None else wrap(cls)


__all__ = ["MISSING", "Field", "field", "fields", "is_value", "replace", "value"]
