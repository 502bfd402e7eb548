"""Listing Vier Felder's legal actions fast: the search behind `legal_actions`.

`_rules` decides whether one action is legal (`check`); this module lists all of them at once,
and the tests hold it to list exactly the actions the rules accept (``test_brute_force.py``
against a brute force of its own, ``test_properties.py`` against `check`).

**Value vectors.** A set of loose cards is encoded as one int with a 4-bit nibble per value
class: class 0 the aces (1 or 14), class i the value i + 1 (2..13); a nibble counts the set's
cards of its class. At most 4 cards share a class, so adding two vectors never carries, and one
subtraction compares all nibbles: with ``HIGH`` the bit 3 of every nibble,
``((bound | HIGH) - vec) & HIGH == HIGH`` iff every nibble of ``vec`` is at most ``bound``'s.

**Harvests** (§6). The *group types* of a value v are the vectors of one group: the partitions
of v into card values (at most 4 equal parts), and for v = 14 also a lone ace. The vectors that
split into groups of v are the closure of sums of group types below the field's own vector
(`_reachable`): a subset-sum search over value classes, not over card subsets. Only the result
is expanded into card sets (`_expand`), joined by union from per-class combinations.

**Stockpiles** (§7). The same vectors give the loose parts of a new SUM (`_sum_vectors`: the
vectors adding up to a target, aces 1), of a raise and of an EQUAL stockpile. A bitmask of the
subset sums of a field's loose cards (bit t: some of them add up to t) rules out impossible
values before any search.

**Caches.** A field's listings are kept per field contents and per value, so the three fields a
move leaves alone are not listed again, and the action objects are made once, by constructors
that skip the field type checks of the classes' own (the values come from the state, checked
already; a test holds them equal). Everything kept is counted in `_MEMORY`, which forgets the
oldest entries once they hold more than `MEMORY_BUDGET` items (vectors, card sets, actions), so
memory stays bounded whatever fields the listing meets.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Final, TypeAlias

from fourgames._builder import builder
from fourgames.cards import DECK_52, Card, Rank
from fourgames.vier_felder._rules import (
    _LOW,
    _VALUES,
    ACTIONS,
    FIELDS,
    HAND_SIZE,
    MAX_VALUE,
    Action,
    Build,
    FullHarvest,
    Harvest,
    Kind,
    Season,
    Sow,
    State,
    Stockpile,
    _full_rotations,
    _full_sums,
)

MEMORY_BUDGET: Final = 250_000
"""The most items (value vectors, card sets, actions) the listing keeps between calls: about
60 MB at worst."""


class _Memory:
    """The tables the listing keeps between calls and the items they hold in all (``held``,
    grown by each entry made): past the budget, the oldest entries go, table by table in the
    order the tables were made, until a quarter of the budget is free."""

    def __init__(self, budget: int) -> None:
        self.budget = budget
        self.held = 0
        self._tables: list[tuple[dict[Any, Any], Callable[[Any], int]]] = []

    def table(self, size: Callable[[Any], int]) -> dict[Any, Any]:
        """A new table; ``size(value)`` is the number of items kept with an entry."""
        table: dict[Any, Any] = {}
        self._tables.append((table, size))
        return table

    def settle(self, fields: Iterable[_Field]) -> None:
        """Count what ``fields`` kept since they were last counted; past the budget, forget
        the oldest entries."""
        for field in fields:
            self.held += field.size - field.counted
            field.counted = field.size
        if self.held > self.budget:
            goal = self.budget - self.budget // 4
            for table, size in self._tables:
                while table and self.held > goal:
                    self.held -= size(table.pop(next(iter(table))))

    def clear(self) -> None:
        """Forget everything."""
        for table, _ in self._tables:
            table.clear()
        self.held = 0


_MEMORY: Final = _Memory(MEMORY_BUDGET)


def _vectors_size(vectors: tuple[int, ...]) -> int:
    return len(vectors) + 1


_FIELDS: Final[dict[tuple[tuple[Card, ...], tuple[Stockpile, ...]], _Field]] = _MEMORY.table(
    lambda field: field.counted
)
"""The listing of each field's contents, the table forgotten first."""
_REACHABLE: Final[dict[tuple[int, int], tuple[int, ...]]] = _MEMORY.table(_vectors_size)
_SUM_VECTORS: Final[dict[tuple[int, int], tuple[int, ...]]] = _MEMORY.table(_vectors_size)

_make_harvest: Final = builder(Harvest)
_make_build: Final = builder(Build)
"""Called with keywords: its field and value are both ints."""
_make_full_harvest: Final = builder(FullHarvest)
_SOW: Final = {(c, f): Sow(c, f) for c in DECK_52 for f in range(FIELDS)}
ACTIONS.intern(_SOW.values())


# --- Value vectors -------------------------------------------------------------------------------

_CLASSES: Final = 13
_CLASS: Final = {c: _LOW[c] - 1 for c in DECK_52}
_HIGH: Final = sum(8 << (4 * i) for i in range(_CLASSES))


def _vector(items: Iterable[Card]) -> int:
    vec = 0
    for c in items:
        vec += 1 << (4 * _CLASS[c])
    return vec


def _partitions(v: int, largest: int) -> list[list[int]]:
    if v == 0:
        return [[]]
    out: list[list[int]] = []
    for part in range(min(v, largest), 0, -1):
        # at most 4 cards of a value
        out.extend([part, *rest] for rest in _partitions(v - part, part) if rest.count(part) < 4)
    return out


def _group_type_list(v: int) -> tuple[int, ...]:
    """Every vector of one group of value ``v`` (§6): a single card of value v, or cards
    summing to v (aces as 1); for v = 14 also a lone ace as 14."""
    types = [sum(1 << (4 * (part - 1)) for part in parts) for parts in _partitions(v, 13)]
    if v == MAX_VALUE:
        types.append(1)  # a lone ace counting 14
    return tuple(types)


_GROUP_TYPES: Final = {v: _group_type_list(v) for v in range(1, MAX_VALUE + 1)}


def _reachable(counts: int, v: int) -> tuple[int, ...]:
    """Every non-empty vector ≤ ``counts`` that splits into groups of value ``v`` (§6): the
    closure of sums of group types, each vector expanded once."""
    found = _REACHABLE.get((counts, v))
    if found is not None:
        return found
    bound, high = counts | _HIGH, _HIGH
    types = [t for t in _GROUP_TYPES[v] if (bound - t) & high == high]
    out: list[int] = []
    seen = {0}
    frontier = [0]
    while frontier:
        nxt: list[int] = []
        for cur in frontier:
            room = bound - cur  # nibble i: 8 + counts_i − cur_i
            for t in types:
                if (room - t) & high == high:  # cur + t still fits below counts
                    new = cur + t
                    if new not in seen:
                        seen.add(new)
                        out.append(new)
                        nxt.append(new)
        frontier = nxt
    found = _REACHABLE[counts, v] = tuple(out)
    _MEMORY.held += _vectors_size(found)
    return found


def _sum_vectors(counts: int, target: int) -> tuple[int, ...]:
    """Every vector ≤ ``counts`` whose values sum to ``target`` with aces as 1 (§7 sums);
    the empty vector if ``target`` is 0."""
    found = _SUM_VECTORS.get((counts, target))
    if found is not None:
        return found
    items = [(4 * cls, cls + 1, (counts >> (4 * cls)) & 15) for cls in range(_CLASSES)]
    items = [item for item in items if item[2]]
    reach = [0] * (len(items) + 1)  # the most the classes from i on can add
    for i in range(len(items) - 1, -1, -1):
        reach[i] = reach[i + 1] + items[i][1] * items[i][2]
    out: list[int] = []

    def walk(i: int, remaining: int, vec: int) -> None:
        if remaining == 0:
            out.append(vec)
            return
        if reach[i] < remaining:
            return
        shift, value, available = items[i]
        for k in range(min(available, remaining // value), -1, -1):
            walk(i + 1, remaining - k * value, vec + (k << shift))

    if target >= 0:
        walk(0, target, 0)
    found = _SUM_VECTORS[counts, target] = tuple(out)
    _MEMORY.held += _vectors_size(found)
    return found


def _expand(
    vec: int, by_class: Sequence[tuple[Card, ...]], memo: dict[int, list[frozenset[Card]]]
) -> list[frozenset[Card]]:
    """The card sets of the field with value vector ``vec`` (``memo`` keeps the sets of ``k``
    cards of one class, so that sets are joined by union without hashing cards again)."""
    choices: list[list[frozenset[Card]]] = []
    while vec:
        low = (vec & -vec).bit_length() - 1
        cls = low // 4
        part = vec & (15 << (4 * cls))
        found = memo.get(part)
        if found is None:
            k = part >> (4 * cls)
            found = [frozenset(combo) for combo in itertools.combinations(by_class[cls], k)]
            memo[part] = found
        choices.append(found)
        vec ^= part
    if len(choices) == 1:
        return choices[0]
    first, *rest = choices
    return [head.union(*tail) for head in first for tail in itertools.product(*rest)]


def _by_class(items: Iterable[Card]) -> list[tuple[Card, ...]]:
    groups: list[list[Card]] = [[] for _ in range(_CLASSES)]
    for c in items:
        groups[_CLASS[c]].append(c)
    return [tuple(g) for g in groups]


def _subsets(items: Sequence[Stockpile]) -> list[frozenset[Stockpile]]:
    return [
        frozenset(combo)
        for k in range(len(items) + 1)
        for combo in itertools.combinations(items, k)
    ]


# --- Legal actions -------------------------------------------------------------------------------


def legal_actions(state: State) -> tuple[Action, ...]:
    """Every legal action once: per hand card (sorted) and field 0..3, the sow, the harvests and
    the stockpile actions, then the full harvests (§4–§7, §14).

    >>> from fourgames.vier_felder import new_game
    >>> state = new_game(2, seed=1)
    >>> all(isinstance(a, (Sow, Harvest, Build)) for a in legal_actions(state))
    True
    """
    player = state.to_move
    if player is None:
        return ()
    hand = state.hands[player]
    out: list[Action] = []
    fields = [_field(state.loose[f], state.stockpiles[f]) for f in range(FIELDS)]
    seasons = [state.season(f) for f in range(FIELDS)]
    for i, card in enumerate(hand):
        held = tuple(sorted({v for c in hand[:i] + hand[i + 1 :] for v in _VALUES[c]}))  # §7
        for f in range(FIELDS):
            info, season = fields[f], seasons[f]
            if season is not Season.AUTUMN:  # §5
                out.append(_SOW[card, f])
            if season is not Season.WINTER:  # §6
                out.extend(info.harvest_actions(card, f))
            if season is not Season.SPRING and info.has_items:  # §7, §16.7
                out.extend(info.build_actions(card, f, held))
    if state.options.full_harvest and len(hand) == HAND_SIZE:
        out.extend(_full_harvest_actions(state, hand, fields, seasons))
    _MEMORY.settle(fields)
    return tuple(out)


_NO_PILES: Final[list[frozenset[Stockpile]]] = [frozenset()]
_EMPTY: Final[frozenset[Card]] = frozenset()
_RANK_VALUES: Final = {r: ((1, 14) if r is Rank.ACE else (int(r),)) for r in Rank}

Taken: TypeAlias = tuple[frozenset[Card], frozenset[Stockpile]]
Built: TypeAlias = tuple[frozenset[Card], frozenset[Stockpile], int]
_NO_BUILDS: Final[list[Built]] = []


def _field(loose: tuple[Card, ...], piles: tuple[Stockpile, ...]) -> _Field:
    """The listing helper of a field's contents, shared by every state holding that field
    (three of the four fields are unchanged from one turn to the next)."""
    found = _FIELDS.get((loose, piles))
    if found is None:
        found = _FIELDS[loose, piles] = _Field(loose, piles)
    return found


class _Field:
    """What can be harvested from and stockpiled in one field's contents, kept per value."""

    __slots__ = (
        "_build_actions",
        "_builds",
        "_harvest_actions",
        "_harvests",
        "_pile_sets",
        "ace_alone",
        "by_class",
        "combos",
        "counted",
        "counts",
        "has_items",
        "piles",
        "size",
        "sums",
    )

    def __init__(self, loose: tuple[Card, ...], piles: tuple[Stockpile, ...]) -> None:
        self.piles = piles
        self.has_items = bool(loose or piles)
        self.by_class = _by_class(loose)
        self.combos: dict[int, list[frozenset[Card]]] = {}
        self.counts = _vector(loose)
        sums = 1  # bit t: some set of loose cards sums to t (aces as 1); bit 0 the empty set
        for c in loose:
            sums |= sums << _LOW[c]
        self.sums = sums & ((1 << (MAX_VALUE + 1)) - 1)
        self.ace_alone = any(c.rank is Rank.ACE for c in loose)
        self._harvests: dict[int, list[Taken]] = {}
        self._builds: dict[tuple[Rank, int], list[Built]] = {}
        self._pile_sets: dict[int, list[frozenset[Stockpile]]] = {}
        self._harvest_actions: dict[tuple[Card, int], list[Action]] = {}
        self._build_actions: dict[tuple[Card, int, tuple[int, ...]], list[Action]] = {}
        self.size = 1 + len(loose) + len(piles)
        """The items kept with this field's listings."""
        self.counted = 0
        """How many of them `_MEMORY` counted already (`_Memory.settle`)."""

    def harvest_actions(self, card: Card, f: int) -> list[Action]:
        """The `Harvest` actions of ``card`` in this field, as field ``f`` (made once)."""
        found = self._harvest_actions.get((card, f))
        if found is None:
            found = [_make_harvest(card, f, ls, ps) for ls, ps in self.harvests(card.rank)]
            self.size += len(found) + 1
            self._harvest_actions[card, f] = found
        return found

    def build_actions(self, card: Card, f: int, held: tuple[int, ...]) -> list[Action]:
        """The `Build` actions of ``card`` with held values ``held`` in this field, as field
        ``f`` (made once)."""
        key = (card, f, held)
        found = self._build_actions.get(key)
        if found is None:
            found = [
                _make_build(card=card, field=f, loose=ls, stockpiles=ps, value=v)
                for ls, ps, v in self.builds(card.rank, held)
            ]
            self.size += len(found) + 1
            self._build_actions[key] = found
        return found

    def pile_sets(self, v: int) -> list[frozenset[Stockpile]]:
        """Every set of this field's stockpiles of value ``v``, the empty set first."""
        found = self._pile_sets.get(v)
        if found is None:
            found = _subsets([s for s in self.piles if s.value == v]) if self.piles else _NO_PILES
            self.size += len(found)
            self._pile_sets[v] = found
        return found

    def harvest_with(self, v: int) -> list[Taken]:
        """(loose, stockpiles) taken by a harvest of value ``v`` (§6): any set of loose cards
        splitting into groups of v, any set of stockpiles of value v, not both empty."""
        found = self._harvests.get(v)
        if found is None:
            piles = self.pile_sets(v)
            loose_sets = [_EMPTY]
            for vec in _reachable(self.counts, v):
                loose_sets.extend(_expand(vec, self.by_class, self.combos))
            found = [(ls, ps) for ls in loose_sets for ps in piles if ls or ps]
            self.size += 2 * len(found) + 1  # a card set and a pair each
            self._harvests[v] = found
        return found

    def harvests(self, rank: Rank) -> list[Taken]:
        """The harvests of a card of ``rank``."""
        if rank is not Rank.ACE:
            return self.harvest_with(int(rank))
        key = 1 + 14 * 16  # both values of a played ace, kept under their own key
        found = self._harvests.get(key)
        if found is None:
            # §16.16: a played ace is 1 or 14 for the whole harvest; one action per taken set
            merged = dict.fromkeys(self.harvest_with(1))
            merged.update(dict.fromkeys(self.harvest_with(14)))
            found = list(merged)
            self.size += len(found) + 1
            self._harvests[key] = found
        return found

    def builds(self, rank: Rank, held: tuple[int, ...]) -> list[Built]:
        """The stockpile actions of a card of ``rank`` with held values ``held`` (§7)."""
        if len(held) == 1:
            return self.builds_of_value(rank, held[0])
        out: list[Built] = []
        for value in held:
            out.extend(self.builds_of_value(rank, value))
        return out

    def builds_of_value(self, rank: Rank, value: int) -> list[Built]:
        """The stockpile actions of a card of ``rank`` making a stockpile of ``value``."""
        values = _RANK_VALUES[rank]
        if value < values[0] or not self._may_build(values, value):
            return _NO_BUILDS
        key = (rank, value)
        found = self._builds.get(key)
        if found is None:
            found = _stockpile_parts(self, values, (value,))
            self.size += 2 * len(found) + 1
            self._builds[key] = found
        return found

    def _may_build(self, values: tuple[int, ...], value: int) -> bool:
        """A quick necessary condition for any stockpile of ``value`` (from the subset sums
        of the loose cards, aces as 1): a new SUM, a raise, or the card's group plus another
        group or stockpile of the value."""
        sums, low = self.sums, values[0]
        if value > low and sums >> (value - low) & 1:
            return True  # new SUM
        for pile in self.piles:
            rest = value - pile.value - low
            if pile.kind is Kind.SUM and rest >= 0 and (rest == 0 or sums >> rest & 1):
                return True  # raise
        if not (sums >> value & 1 or (self.ace_alone and value == MAX_VALUE)) and not any(
            p.value == value for p in self.piles
        ):
            return False  # no second group of the value
        return any(pv == value or (pv < value and sums >> (value - pv) & 1) for pv in values)


def _stockpile_parts(info: _Field, values: tuple[int, ...], held: tuple[int, ...]) -> list[Built]:
    """Every stockpile action of a card with ``values`` in this field (§7), one per (loose,
    stockpiles, value): raise a SUM, a new SUM, or an EQUAL stockpile (new, extended or
    merged)."""
    out: list[Built] = []
    piles, counts, by_class, memo = info.piles, info.counts, info.by_class, info.combos
    low = values[0]
    no_piles: frozenset[Stockpile] = frozenset()
    for value in held:  # the held card (§7)
        # new SUM: p + ≥ 1 loose cards = V (aces as 1)
        if value - low >= 1:
            for vec in _sum_vectors(counts, value - low):
                out.extend((loose, no_piles, value) for loose in _expand(vec, by_class, memo))
        # raise a SUM stockpile S: S + p + optional loose cards = V (§16.13)
        for pile in piles:
            if pile.kind is Kind.SUM and value - pile.value - low >= 0:
                single = frozenset((pile,))
                for vec in _sum_vectors(counts, value - pile.value - low):
                    loose_sets = _expand(vec, by_class, memo) if vec else [_EMPTY]
                    out.extend((loose, single, value) for loose in loose_sets)
        # EQUAL: p's group (p alone or p + loose cards) + further loose groups + stockpiles of V
        several: dict[int, bool] = {}
        for pv in values:
            if pv > value:
                continue
            for g0 in _sum_vectors(counts, value - pv):
                several.setdefault(g0, False)
                for r in _reachable(counts - g0, value):
                    several[g0 + r] = True
        if not several:
            continue
        equal_piles = info.pile_sets(value)
        for vec, has_two_groups in several.items():
            loose_sets = _expand(vec, by_class, memo) if vec else [_EMPTY]
            for ps in equal_piles:
                if ps or has_two_groups:
                    out.extend((loose, ps, value) for loose in loose_sets)
    return out


def _full_harvest_actions(
    state: State, hand: tuple[Card, ...], fields: list[_Field], seasons: list[Season]
) -> list[FullHarvest]:
    out: list[FullHarvest] = []
    rotations = _full_rotations(hand)
    sums = _full_sums(hand)
    for f in range(FIELDS):
        if seasons[f] is Season.WINTER:  # §6
            continue
        loose = state.loose[f]
        found: dict[Taken, None] = {}
        for s in sums:
            if not any(s in _VALUES[c] for c in loose):  # no single loose card of the sum
                continue
            # then a harvest as with a played card of value s (rulebook, Varianten)
            found.update(dict.fromkeys(fields[f].harvest_with(s)))
        out.extend(
            _make_full_harvest(hand, f, taken, piles, rot)
            for taken, piles in found
            for rot in rotations
        )
    return out
