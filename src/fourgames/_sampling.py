"""Determinization: what every game's ``sample_state`` is built from.

A sample is a whole state that the observer cannot tell from the true one. Its hidden cards
are dealt by `deal`, which draws uniformly among all deals that respect what play revealed
(a player who did not follow suit holds none of it), exactly and without rejection; `Sampler`
checks the observation and the first sample drawn from it.

>>> import random
>>> kinds = [("♥1", "♥2"), ("♠1", "♠2")]           # two kinds of cards
>>> allowed = [frozenset({0, 1}), frozenset({1})]  # spades may not go to zone 0
>>> deal(kinds, allowed, (2, 2), random.Random(1))
[['♥2', '♥1'], ['♠1', '♠2']]
>>> ways(kinds, allowed, (1, 3))
2
"""

from __future__ import annotations

import functools
import itertools
import math
import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Generic, TypeVar, cast

from fourgames._kernel import _a, _short, fail, validate_observation
from fourgames.errors import FormatError

__all__ = ["Sampler", "deal", "pick", "sample_seed", "shuffled_by", "ways"]

T = TypeVar("T")
Seen = TypeVar("Seen")
S = TypeVar("S")


def shuffled_by(items: Sequence[T], rng: random.Random) -> list[T]:
    """The items in a uniformly random order: Fisher–Yates over ``rng.random()``, whose
    sequence CPython keeps the same in every version."""
    out = list(items)
    draw = rng.random
    for i in range(len(out) - 1, 0, -1):
        j = int(draw() * (i + 1))
        out[i], out[j] = out[j], out[i]
    return out


def pick(weights: Sequence[int], rng: random.Random) -> int:
    """An index drawn with probability proportional to its weight (some weight positive)."""
    point = rng.random() * float(sum(weights))
    last = 0
    for index, weight in enumerate(weights):
        if weight:
            point -= weight
            last = index
            if point < 0:
                return index
    return last


def sample_seed(rng: random.Random) -> int:
    """A seed for a sampled state, below ``2**53``: later deals are as unknown as the seed."""
    return int(rng.random() * 2**53)


# --- Dealing the unseen cards -----------------------------------------------------------------


def ways(
    kinds: Sequence[Sequence[object]], allowed: Sequence[frozenset[int]], sizes: Sequence[int]
) -> int:
    """The number of deals of the cards of ``kinds`` into zones of ``sizes`` in which every
    card of ``kinds[k]`` lies in a zone of ``allowed[k]`` (zones as sets)."""
    plan = _Plan(kinds, allowed, sizes)
    return plan.ways()


def deal(
    kinds: Sequence[Sequence[T]],
    allowed: Sequence[frozenset[int]],
    sizes: Sequence[int],
    rng: random.Random,
) -> list[list[T]]:
    """Deal every card of ``kinds`` into zones of ``sizes``, each card of ``kinds[k]`` into a
    zone of ``allowed[k]``: uniformly over all such deals, each zone's cards in random order.

    Zones that allow the same kinds pool their cards and split them at random at the end.
    The pools that refuse a kind get each kind's cards in counts drawn by the number of ways
    to complete the deal after them (counted once per shape and remembered), so every deal is
    equally likely and nothing is rejected. `FormatError` if no deal exists.
    """
    if all(len(zones) == len(sizes) for zones in allowed):  # no bars: one shuffle
        cards = [card for kind in kinds for card in kind]
        if len(cards) != sum(sizes):
            fail(f"{len(cards)} unseen cards for hidden places of {sum(sizes)}")
        return _cut(shuffled_by(cards, rng), sizes)
    plan = _Plan(kinds, allowed, sizes)
    if not plan.ways():
        fail("no deal of the unseen cards fits what play revealed")
    pools: list[list[T]] = [[] for _ in plan.pools]
    caps = plan.caps
    for index, (members, key) in enumerate(zip(plan.groups, plan.key, strict=True)):
        cards = shuffled_by([card for k in members for card in kinds[k]], rng)
        count, may = key
        rest = plan.key[index + 1 :]
        if rest:
            splits = list(_splits(count, caps, may))
            weights = [
                _multinomial(count, split) * _ways(rest, _minus(caps, split)) for split in splits
            ]
            split = splits[pick(weights, rng)]
        else:
            split = caps
        at = 0
        for capped, taken in zip(plan.capped, split, strict=True):
            pools[capped].extend(cards[at : at + taken])
            at += taken
        if plan.free is not None:
            pools[plan.free].extend(cards[at:])
        caps = _minus(caps, split)
    zones: list[list[T]] = [[] for _ in sizes]
    for pooled, members in zip(pools, plan.pools, strict=True):
        parts = _cut(shuffled_by(pooled, rng), [sizes[z] for z in members])
        for zone, part in zip(members, parts, strict=True):
            zones[zone] = part
    return zones


def _cut(cards: list[T], sizes: Sequence[int]) -> list[list[T]]:
    """``cards`` cut into consecutive parts of ``sizes``."""
    parts, at = [], 0
    for size in sizes:
        parts.append(cards[at : at + size])
        at += size
    return parts


class _Plan:
    """The shape of a deal: zones pooled by the kinds they allow, kinds grouped by the pools
    that refuse them, as the hashable key `_ways` counts."""

    def __init__(
        self,
        kinds: Sequence[Sequence[object]],
        allowed: Sequence[frozenset[int]],
        sizes: Sequence[int],
    ) -> None:
        if sum(map(len, kinds)) != sum(sizes) or min(sizes, default=0) < 0:
            fail(f"{sum(map(len, kinds))} unseen cards for hidden places of {sum(sizes)}")
        every = frozenset(range(len(kinds)))
        by_column: dict[frozenset[int], list[int]] = {}
        for zone in range(len(sizes)):
            column = frozenset(k for k in every if zone in allowed[k])
            by_column.setdefault(column, []).append(zone)
        self.pools = list(by_column.values())
        """The zones of each pool."""
        columns = list(by_column)
        self.free = columns.index(every) if every in by_column else None
        """The pool that allows every kind, if any."""
        self.capped = [p for p, column in enumerate(columns) if column != every]
        """The pools that refuse some kind."""
        self.caps = tuple(sum(sizes[z] for z in self.pools[p]) for p in self.capped)
        rows: dict[tuple[bool, ...], list[int]] = {}
        for k, kind in enumerate(kinds):
            if kind:
                row = tuple(k in columns[p] for p in self.capped)
                rows.setdefault(row, []).append(k)
        ordered = sorted(rows.items(), key=lambda item: all(item[0]))  # unbarred kinds last
        self.groups = [members for _, members in ordered]
        """The kinds of each group, in the order they are dealt."""
        self.key = tuple((sum(len(kinds[k]) for k in members), row) for row, members in ordered)
        """Each group's card count and which capped pools may take its cards."""
        self.sizes = sizes

    def ways(self) -> int:
        """The number of deals, zones as sets: the deals among the pools, times the ways to
        split each pool's cards among its zones."""
        among = _ways(self.key, self.caps) if self.key else int(not any(self.caps))
        return among * math.prod(
            _multinomial(sum(self.sizes[z] for z in pool), tuple(self.sizes[z] for z in pool))
            for pool in self.pools
        )


Key = tuple[tuple[int, tuple[bool, ...]], ...]


@functools.lru_cache(maxsize=4096)
def _ways(key: Key, caps: tuple[int, ...]) -> int:
    """Deals of the groups of ``key`` that fill the capped pools exactly to ``caps``, every
    other card going to the free pool (zones as sets within a pool, pools counted as one)."""
    (count, may), rest = key[0], key[1:]
    if not rest:
        if sum(caps) > count or any(cap and not ok for cap, ok in zip(caps, may, strict=True)):
            return 0
        return _multinomial(count, caps)
    return sum(
        _multinomial(count, split) * _ways(rest, _minus(caps, split))
        for split in _splits(count, caps, may)
    )


def _splits(count: int, caps: tuple[int, ...], may: tuple[bool, ...]) -> Iterator[tuple[int, ...]]:
    """How ``count`` cards of a group can go to the capped pools: at most each cap, none
    where refused, at most ``count`` in all (the rest to the free pool)."""
    ranges = [
        range(min(cap, count) + 1) if ok else range(1) for cap, ok in zip(caps, may, strict=True)
    ]
    for split in itertools.product(*ranges):
        if sum(split) <= count:
            yield split


def _minus(caps: tuple[int, ...], split: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(cap - taken for cap, taken in zip(caps, split, strict=True))


def _multinomial(count: int, parts: tuple[int, ...]) -> int:
    """Ways to choose disjoint sets of ``parts`` sizes from ``count`` cards (the rest left)."""
    ways, left = 1, count
    for part in parts:
        ways *= math.comb(left, part)
        left -= part
    return ways


# --- The checks around a game's sampler ---------------------------------------------------------


_TRUSTED: dict[int, object] = {}
"""Observations whose first sample passed every check, by identity (each kept alive, so that no
other object takes its id): a search draws many samples from one observation."""
_TRUSTED_KEPT = 64


class Sampler(Generic[Seen, S]):
    """A game's ``sample_state``: ``draw`` builds a state from an observation; around it, the
    type checks, and on an observation's first sample the game's validation of the
    observation, of the sample, and that the sample is seen as the observation.

    An observation of the wrong type raises `FormatError`, as does one that no position fits;
    an ``rng`` that is not a `random.Random` raises `ValueError`.
    """

    def __init__(
        self,
        game: str,
        observation: type[Seen],
        draw: Callable[[Seen, random.Random], S],
        validate: Callable[[S], None],
        observe: Callable[[S, int], Seen],
        validate_seen: Callable[[object], None] = validate_observation,
    ) -> None:
        self.game = game
        self.observation = observation
        self.draw = draw
        self.validate = validate
        self.observe = observe
        self.validate_seen = validate_seen

    def __call__(self, observation: object, rng: object) -> S:
        if type(observation) is not self.observation:
            raise FormatError(f"not {_a(self.game)} observation: {_short(observation)} @ $")
        if not isinstance(rng, random.Random):
            raise ValueError(f"rng must be a random.Random, not {_short(rng)}")
        seen = observation
        if _TRUSTED.get(id(seen)) is seen:
            return self.draw(seen, rng)
        self.validate_seen(seen)
        try:
            state = self.draw(seen, rng)
        except FormatError:
            raise
        except (ValueError, TypeError, KeyError, IndexError, AttributeError) as err:
            raise FormatError(f"impossible {self.game} observation: {err} @ $") from None
        try:
            self.validate(state)
        except FormatError as err:
            raise FormatError(f"no {self.game} position fits this observation: {err}") from None
        if self.observe(state, cast(Any, seen).player) != seen:
            fail(f"no {self.game} position is seen like this observation")
        if len(_TRUSTED) >= _TRUSTED_KEPT:
            _TRUSTED.clear()
        _TRUSTED[id(seen)] = seen
        return state
