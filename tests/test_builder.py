"""The fast positional constructor that `apply` uses for states (`fourgames._builder`)."""

from __future__ import annotations

import pickle

import attrs
import pytest

from fourgames._builder import builder, evolver


@attrs.frozen(cache_hash=True, weakref_slot=False)
class Point:
    x: int
    y: tuple[int, ...]


@attrs.frozen
class WithWeakref:
    x: int


@attrs.define(weakref_slot=False)
class Plain:
    x: int


def test_it_builds_the_same_object_as_the_class() -> None:
    make = builder(Point)
    assert make is not Point
    fast, slow = make(1, (2, 3)), Point(1, (2, 3))
    assert type(fast) is Point
    assert fast == slow
    assert hash(fast) == hash(slow)
    assert repr(fast) == repr(slow)
    assert pickle.loads(pickle.dumps(fast)) == slow


def test_the_built_object_stays_frozen() -> None:
    point = builder(Point)(1, ())
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        point.x = 2  # type: ignore[misc]


def test_the_cached_hash_starts_empty_and_fills_on_first_use() -> None:
    point = builder(Point)(1, ())
    assert point._attrs_cached_hash is None  # type: ignore[attr-defined]
    assert hash(point) == point._attrs_cached_hash  # type: ignore[attr-defined]


@pytest.mark.parametrize("cls", [WithWeakref, int])
def test_classes_it_cannot_serve_get_their_own_constructor(cls: type) -> None:
    assert builder(cls) is cls


def test_a_non_slotted_class_gets_its_own_constructor() -> None:
    @attrs.define(slots=False)
    class Loose:
        x: int

    assert builder(Loose) is Loose


def test_a_mutable_class_works_too() -> None:
    make = builder(Plain)
    assert make is not Plain
    assert make(3) == Plain(3)


def test_evolver_changes_the_named_fields_as_attrs_evolve_does() -> None:
    evolve = evolver(Point)
    point = Point(1, (2,))
    for changes in ({}, {"x": 5}, {"y": ()}, {"x": 0, "y": (7, 8)}):
        fast, slow = evolve(point, **changes), attrs.evolve(point, **changes)
        assert type(fast) is Point
        assert fast == slow
        assert hash(fast) == hash(slow)
    assert evolve(point, x=1) is not point
    with pytest.raises(TypeError):
        evolve(point, z=1)


def test_evolver_of_a_class_it_cannot_serve_is_attrs_evolve() -> None:
    assert evolver(WithWeakref) is attrs.evolve


def test_evolver_agrees_with_attrs_evolve_on_game_states() -> None:
    from fourgames import all_fours

    state = all_fours.new_game(3, seed=4)
    trump = state.turnups[-1].suit
    fast = evolver(all_fours.State)(state, phase=all_fours.Phase.PLAY, trump=trump)
    assert fast == attrs.evolve(state, phase=all_fours.Phase.PLAY, trump=trump)
