"""``@value`` against the standard library's ``@dataclass(frozen=True, slots=True)``: each
class below is made both ways from the same body, and everything a user can observe
(signature, repr, equality, hashing, ordering, frozenness, replace, pickling, copying,
``__post_init__``, defaults and factories) must agree."""

from __future__ import annotations

import copy
import dataclasses
import inspect
import pickle
from dataclasses import FrozenInstanceError, dataclass, field

import pytest
from hypothesis import given
from hypothesis import strategies as st

from piecepack_diagrams.values import value
import itertools


def _both(body: str, *, order: bool = False, eq: bool = True) -> tuple[type, type]:
    """The class ``body`` defines (named ``C``), made by the dataclass decorator and by ``value``."""
    made = []
    for decorate in (lambda cls: dataclass(frozen=True, slots=True, order=order, eq=eq)(cls),
                     lambda cls: value(order=order, eq=eq)(cls)):
        scope: dict = {"field": field, "__name__": __name__}
        exec(body, scope)  # noqa: S102 - test classes
        made.append(decorate(scope["C"]))
    return made[0], made[1]


PLAIN = '''
class C:
    """A point."""
    x: int
    y: str = "a"
    z: tuple = ()
'''
FACTORY = '''
class C:
    x: int
    items: list = field(default_factory=list)
    hidden: int = field(default=7, repr=False)
    ignored: str = field(default="", compare=False)
    derived: int = field(init=False, default=0)
    made: list = field(init=False, default_factory=lambda: [1])
'''
POST_INIT = '''
class C:
    """Cells and a mask computed from them."""
    cells: tuple
    mask: int = field(init=False, repr=False, compare=False)

    def __post_init__(self):
        object.__setattr__(self, "mask", sum(1 << c for c in self.cells))
'''
OWN_REPR = '''
class C:
    x: int

    def __repr__(self):
        return f"C.of({self.x})"
'''
HASH_FLAGS = '''
class C:
    x: int
    y: int = field(default=0, hash=False)
    z: int = field(default=0, compare=False, hash=True)
'''
EMPTY = '''
class C:
    pass
'''
ONE = '''
class C:
    x: float
'''
KEYWORD = '''
class C:
    x: int
    y: int = field(default=1, kw_only=True)
'''
BODIES = [PLAIN, FACTORY, POST_INIT, OWN_REPR, HASH_FLAGS, EMPTY, ONE, KEYWORD]
ARGS = {PLAIN: [(1,), (1, "b"), (2, "a", (3,))], FACTORY: [(1,), (1, [2]), (1, [2], 3, "q")],
        POST_INIT: [((0, 3),), ((2,),)], OWN_REPR: [(4,)], HASH_FLAGS: [(1,), (1, 2, 3), (1, 5, 3)], EMPTY: [()],
        ONE: [(0.5,), (-0.0,)], KEYWORD: [(1,), (2,)]}


@pytest.mark.parametrize("body", BODIES)
def test_the_same_signature_fields_match_args_and_doc(body):
    reference, ours = _both(body)
    assert str(inspect.signature(ours)) == str(inspect.signature(reference))
    assert [(f.name, f.type, f.init, f.repr, f.compare, f.hash) for f in dataclasses.fields(ours)] == \
        [(f.name, f.type, f.init, f.repr, f.compare, f.hash) for f in dataclasses.fields(reference)]
    assert ours.__match_args__ == reference.__match_args__
    assert ours.__doc__ == reference.__doc__
    assert ours.__slots__ == reference.__slots__
    assert ours.__init__.__qualname__ == reference.__init__.__qualname__ == "C.__init__"


@pytest.mark.parametrize("body", BODIES)
def test_the_signature_is_the_same_before_and_after_the_first_instance(body):
    # __init__ is compiled when the class is first instantiated; help() and documentation
    # read the signature before that.
    reference, ours = _both(body)
    before = inspect.signature(ours)
    ours(*ARGS[body][0])
    assert inspect.signature(ours) == before and str(before) == str(inspect.signature(reference))
    assert ours.__init__.__annotations__ == reference.__init__.__annotations__


@pytest.mark.parametrize("body", BODIES)
def test_the_same_values_repr_equality_hash_and_frozenness(body):
    reference, ours = _both(body)
    for args in ARGS[body]:
        a, b = reference(*args), ours(*args)
        assert repr(a) == repr(b)
        assert ([getattr(a, f.name) for f in dataclasses.fields(a)]
                == [getattr(b, f.name) for f in dataclasses.fields(b)])
        assert dataclasses.astuple(a) == dataclasses.astuple(b) and dataclasses.asdict(a) == dataclasses.asdict(b)
        assert b == ours(*args) and b == ours(*args)
        assert (b == a) is False  # another class is never equal, as with the decorator's own
        # The same hash as the decorator's class gives (both hash the tuple of hashed fields).
        assert _hash_or_error(b) == _hash_or_error(ours(*copy.deepcopy(args))) == _hash_or_error(a)
        for name in [f.name for f in dataclasses.fields(a)]:
            with pytest.raises(FrozenInstanceError) as theirs:
                setattr(a, name, 1)
            with pytest.raises(FrozenInstanceError) as mine:
                setattr(b, name, 1)
            assert str(mine.value) == str(theirs.value)
            with pytest.raises(FrozenInstanceError) as theirs:
                delattr(a, name)
            with pytest.raises(FrozenInstanceError) as mine:
                delattr(b, name)
            assert str(mine.value) == str(theirs.value)
        with pytest.raises(AttributeError):
            b.not_a_field = 1
        assert not hasattr(b, "__dict__")


def _hash_or_error(obj) -> object:
    try:
        return hash(obj)
    except TypeError as exc:  # a list among the hashed fields
        return str(exc)


@pytest.mark.parametrize("body", BODIES)
def test_pickles_copies_and_replaces_as_the_decorators_class_does(body, monkeypatch):
    reference, ours = _both(body)
    monkeypatch.setitem(globals(), "C", ours)  # where pickle looks the class up
    for args in ARGS[body]:
        b = ours(*args)
        for twin in (pickle.loads(pickle.dumps(b)), copy.copy(b), copy.deepcopy(b)):
            assert type(twin) is ours and twin == b and repr(twin) == repr(b)
        fields = [f.name for f in dataclasses.fields(ours) if f.init]
        if fields:
            changed = {fields[0]: ARGS[body][0][0]}
            assert repr(dataclasses.replace(b, **changed)) == repr(dataclasses.replace(reference(*args), **changed))


def test_a_class_in_the_module_pickles_by_name():
    point = Point(1, 2)
    assert pickle.loads(pickle.dumps(point, protocol=pickle.HIGHEST_PROTOCOL)) == point
    assert pickle.loads(pickle.dumps(point, protocol=0)) == point


@value(order=True)
class Point:
    """A module-level class, so that pickle can find it by name."""

    x: int
    y: int = 0


@given(st.lists(st.tuples(st.integers(-3, 3), st.integers(-3, 3)), max_size=8))
def test_ordering_sorts_as_the_decorators_class_does(pairs):
    reference, ours = _both(PLAIN.replace("y: str", "y: int").replace('"a"', "0"), order=True)
    theirs = sorted(reference(x, y) for x, y in pairs)
    mine = sorted(ours(x, y) for x, y in pairs)
    assert [(p.x, p.y) for p in mine] == [(p.x, p.y) for p in theirs]
    for p, q in itertools.pairwise(mine):
        assert (p <= q) and not (p > q) and (q >= p) and (p < q) == ((p.x, p.y) < (q.x, q.y))
    with pytest.raises(TypeError):
        _ = ours(1) < reference(1)


@given(st.lists(st.tuples(st.integers(0, 4), st.text(max_size=2)), max_size=12))
def test_values_in_sets_and_dicts_behave_as_the_decorators(pairs):
    reference, ours = _both(PLAIN)
    assert len({ours(x, y) for x, y in pairs}) == len({reference(x, y) for x, y in pairs}) == len(set(pairs))


def test_identity_equality_with_eq_false():
    reference, ours = _both(PLAIN, eq=False)
    a, b = ours(1), ours(1)
    assert a != b and a == a and hash(a) != hash(b)
    assert (reference(1) == reference(1)) is False


def test_what_the_dataclass_decorator_refuses_is_refused():
    with pytest.raises(TypeError, match="__setattr__"):
        @value
        class Own:
            x: int

            def __setattr__(self, name, v):  # pragma: no cover - refused at definition
                pass
    with pytest.raises(TypeError, match="non-default argument"):
        @value
        class Late:
            x: int = 0
            y: int
    with pytest.raises(ValueError, match="eq must be true"):
        value(eq=False, order=True)(type("C", (), {"__annotations__": {"x": "int"}}))


# --- The package's own field(), fields() and replace(), which need no dataclasses import ----------

def test_values_own_replace_and_fields_agree_with_the_standard_librarys() -> None:
    from piecepack_diagrams import values

    reference, ours = _both(FACTORY)
    b = ours(1, [2], 3, "q")
    assert repr(values.replace(b, x=5)) == repr(dataclasses.replace(b, x=5)) == \
        repr(dataclasses.replace(reference(1, [2], 3, "q"), x=5))
    assert [(f.name, f.type, f.init, f.repr, f.compare, f.hash) for f in values.fields(b)] == \
        [(f.name, f.type, f.init, f.repr, f.compare, f.hash) for f in dataclasses.fields(reference)]
    with pytest.raises(ValueError, match="init=False"):
        values.replace(b, derived=1)
    with pytest.raises(TypeError):
        values.replace(b, not_a_field=1)
    assert values.is_value(b) and values.is_value(ours) and not values.is_value(reference)
    # Any other dataclass is handed to the standard library's functions.
    assert values.replace(reference(1), x=2).x == 2 and len(values.fields(reference)) == 6


def test_values_own_field_declares_what_dataclasses_field_does() -> None:
    from piecepack_diagrams.values import field as own_field

    @value
    class Own:
        x: int
        items: list = own_field(default_factory=list)
        hidden: int = own_field(default=7, repr=False)
        derived: int = own_field(init=False, default=0)

    one = Own(1)
    assert repr(one) == ("test_values_own_field_declares_what_dataclasses_field_does.<locals>"
                         ".Own(x=1, items=[], derived=0)")
    assert one.items == [] and one.items is not Own(1).items and one.hidden == 7
    assert str(inspect.signature(Own)) == "(x: 'int', items: 'list' = <factory>, hidden: 'int' = 7) -> None"
    with pytest.raises(ValueError, match="both default and default_factory"):
        own_field(default=1, default_factory=list)


def test_what_the_dataclass_decorator_refuses_in_a_body_is_refused_by_value_too() -> None:
    with pytest.raises(ValueError, match="mutable default <class 'list'> for field x"):
        @value
        class Mutable:
            x: list = []  # noqa: RUF012 - refused at definition
    with pytest.raises(TypeError, match="'y' is a field but has no type annotation"):
        @value
        class Unannotated:
            x: int
            y = field(default=1)


def test_a_refused_assignment_raises_the_standard_librarys_error_before_dataclasses_is_imported(tmp_path) -> None:
    import subprocess
    import sys

    probe = ("import sys\n"
             "from piecepack_diagrams.scene import Bounds\n"
             "assert 'dataclasses' not in sys.modules\n"
             "b = Bounds(0.0, 0.0, 1.0, 1.0)\n"
             "try:\n"
             "    b.x0 = 2.0\n"
             "except AttributeError as exc:\n"
             "    import dataclasses\n"
             "    assert type(exc) is dataclasses.FrozenInstanceError, type(exc)\n"
             "    print('refused')\n")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60, cwd=tmp_path)
    assert done.returncode == 0 and done.stdout.strip() == "refused", done.stderr
