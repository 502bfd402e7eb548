"""Fast positional constructors for the frozen attrs classes that `apply` builds per action.

A frozen attrs ``__init__`` sets each field through ``object.__setattr__``, a C call per field
that costs more than the rules of a whole turn. `builder` returns a function that fills the
fields of a plain slotted twin class with ordinary (specialised) attribute stores and then
hands the object to the frozen class by ``__class__`` assignment, which CPython allows
between classes of identical slot layout. The result is the same object ``cls(*fields)``
would give, without attrs' validators and converters (the hot paths pass checked values).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

import attrs

__all__ = ["builder", "evolver"]

T = TypeVar("T")


def builder(cls: type[T]) -> type[T]:
    """A constructor taking ``cls``'s fields positionally, in order, equal to ``cls(...)``.

    It is typed as ``cls`` itself, so a type checker checks every call against the class's
    own signature: a field of the wrong type, or two fields of different types swapped, do not
    type-check.

    ``cls`` must be a slotted attrs class without a weakref slot (``weakref_slot=False``);
    for any other class, or where this Python refuses the ``__class__`` assignment,
    ``cls`` itself is returned.

    >>> @attrs.frozen(cache_hash=True, weakref_slot=False)
    ... class Point:
    ...     x: int
    ...     y: int
    >>> make = builder(Point)
    >>> make(1, 2) == Point(1, 2), hash(make(1, 2)) == hash(Point(1, 2)), make is Point
    (True, True, False)
    """
    names = _slotted_fields(cls)
    if names is None:
        return cls
    slots = tuple(vars(cls)["__slots__"])
    twin = type(f"_{cls.__name__}Builder", (), {"__slots__": slots})
    cached = [name for name in slots if name not in names]  # the cached hash, if any
    lines = [
        f"def make({', '.join(names)}):",
        "    obj = twin()",
        *(f"    obj.{name} = {name}" for name in names),
        *(f"    obj.{name} = None" for name in cached),
        "    obj.__class__ = cls",
        "    return obj",
    ]
    scope: dict[str, Any] = {"twin": twin, "cls": cls}
    exec(compile("\n".join(lines), f"<builder of {cls.__qualname__}>", "exec"), scope)
    make: Callable[..., T] = scope["make"]
    try:
        make(*[None] * len(names))
    except TypeError:  # pragma: no cover - this Python refuses the class assignment
        return cls
    return cast(type[T], make)


def evolver(cls: type[T]) -> Callable[..., T]:
    """``evolve(obj, **changes)``: the `attrs.evolve` of ``cls``, made by `builder`.

    >>> @attrs.frozen(weakref_slot=False)
    ... class Point:
    ...     x: int
    ...     y: int
    >>> evolver(Point)(Point(1, 2), y=5) == attrs.evolve(Point(1, 2), y=5)
    True
    """
    names = _slotted_fields(cls)
    if names is None:
        return attrs.evolve
    lines = [
        f"def evolve(obj, *, {', '.join(f'{name}=keep' for name in names)}):",
        f"    return make({', '.join(f'obj.{n} if {n} is keep else {n}' for n in names)})",
    ]
    scope: dict[str, Any] = {"make": builder(cls), "keep": object()}
    exec(compile("\n".join(lines), f"<evolver of {cls.__qualname__}>", "exec"), scope)
    return cast(Callable[..., T], scope["evolve"])


def _slotted_fields(cls: type) -> list[str] | None:
    """The field names of a slotted attrs class without a weakref slot, else ``None``."""
    if not attrs.has(cls) or "__slots__" not in vars(cls) or cls.__weakrefoffset__:
        return None
    names = [field.name for field in attrs.fields(cls)]
    if not set(names) <= set(vars(cls)["__slots__"]):
        return None  # pragma: no cover - a layout attrs does not make
    return names
