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
(`_reachable`): a subset-sum search over value classes, not over card subsets. The group types
below a vector are its sub-vectors adding up to v, read from one table per vector of all its
sub-vectors by sum (`_sums_table`). Only the result is expanded into card sets (`_expand`):
the sets of a vector are those of its lower classes, each joined with one of its highest.

**Stockpiles** (§7). The same vectors give the loose parts of a new SUM (`_sum_vectors`: the
vectors adding up to a target, aces 1), of a raise and of an EQUAL stockpile; the further groups
of an EQUAL stockpile are the field's own `_reachable` vectors that fit beside the card's group
(a closure below a smaller bound lists the same vectors in the same order). A bitmask of the
subset sums of a field's loose cards (bit t: some of them add up to t) gives, per played card,
the values a stockpile may have at all (`_Field.sum_bound`), so most held values are ruled
out by one ``&``.

**Caches.** The value-level tables (`_reachable`, `_sums_table`) are kept by value vector,
shared by every field (a closure of value v by the field's classes up to v alone, which no
card above v changes); a field reads its sums table once. They hold tuples of ints, which the
garbage collector stops walking after its first pass over them. A field's listings are kept
per field (index and contents) for the `FIELDS_KEPT` fields used last, so the three fields a
move leaves alone are not listed again: per value its harvests and stockpiles as card sets,
and per card played into it its `Harvest` actions and its `Build` actions per value of the
held card (`_Stockpiling`), so a new card in hand lists only its own.
Few fields are kept because every object kept alive is walked by each full collection of the
garbage collector: a large cache of actions cost more in collections than it saved. The action
objects are made once, by constructors that skip the field type checks of the classes' own
(the values come from the state, checked already; a test holds them equal). What is kept is
counted in items (vectors, card sets, actions), each value-level table and the kept fields
against a budget of their own (`_MEMORIES`), and the oldest entries past a budget are
forgotten, so memory stays bounded whatever fields the listing meets.
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
    RULES,
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
    season_of,
)

REACHABLE_BUDGET: Final = 100_000
"""The most items (value vectors) the closures (`_reachable`) keep between calls: about 8 MB
at worst."""
SUMS_BUDGET: Final = 150_000
"""The most items (value vectors) the sums tables (`_sums_table`) keep between calls: about
12 MB at worst. Each value-level table has a budget of its own, so that neither starves the
other: a sums table holds many more vectors than a closure."""
FIELDS_KEPT: Final = 8
"""The most fields whose listings are kept between calls: the fields of this turn and the
last one or two (more than the 4 of a table, whose last are never the ones forgotten). Kept
few, so that what a listing keeps is soon freed again, while it is still in the processor's
caches, and the garbage collector, which walks every object kept alive, has little to walk."""
FIELD_BUDGET: Final = 50_000
"""The most items (card sets, actions) the kept fields hold in all: about 12 MB at worst."""


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

    def add(self, items: int) -> None:
        """Count an entry of ``items`` just made; past the budget, forget the oldest entries."""
        self.held += items
        if self.held > self.budget:
            self._forget_oldest()

    def settle(self, fields: Iterable[_Field]) -> bool:
        """Count what ``fields`` kept since they were last counted; past the budget, forget
        the oldest entries, and say so."""
        for field in fields:
            self.held += field.size - field.counted
            field.counted = field.size
        if self.held <= self.budget:
            return False
        self._forget_oldest()
        return True

    def _forget_oldest(self) -> None:
        """Forget the oldest entries until a quarter of the budget is free."""
        goal = self.budget - self.budget // 4
        for table, size in self._tables:
            oldest = []
            for key, value in table.items():
                if self.held <= goal:
                    break
                self.held -= size(value)
                oldest.append(key)
            for key in oldest:
                del table[key]

    def clear(self) -> None:
        """Forget everything."""
        for table, _ in self._tables:
            table.clear()
        self.held = 0


_REACHABLE_MEMORY: Final = _Memory(REACHABLE_BUDGET)
_SUMS_MEMORY: Final = _Memory(SUMS_BUDGET)
_FIELD_MEMORY: Final = _Memory(FIELD_BUDGET)
_MEMORIES: Final = (_REACHABLE_MEMORY, _SUMS_MEMORY, _FIELD_MEMORY)


def _forget() -> None:
    """Forget everything the listing keeps (the tests and benchmarks list from cold)."""
    for memory in _MEMORIES:
        memory.clear()


def _vectors_size(vectors: tuple[int, ...]) -> int:
    return len(vectors) + 1


_FIELDS: Final[dict[tuple[int, tuple[Card, ...], tuple[Stockpile, ...]], _Field]] = (
    _FIELD_MEMORY.table(lambda field: field.counted)
)
"""The listings of the fields met last, by field index and contents, in the order they were
last found by that key, oldest first (a field found through `_LAST` keeps its place)."""
_LAST: Final[dict[int, _Field]] = _FIELD_MEMORY.table(lambda field: 0)
"""Per field index, the field of `_FIELDS` listed there last, found again by the identities of
its tuples alone (`_field`): a move hands the three fields it leaves alone to the next state
as the same tuples, so they are found without hashing a card. Never forgotten while it is
here."""
_REACHABLE: Final[dict[int, tuple[int, ...]]] = _REACHABLE_MEMORY.table(_vectors_size)
"""`_reachable` by ``usable << 4 | v``, the classes up to v and v (one int: no tuple to make
and hash)."""
_SUMS: Final[dict[int, tuple[tuple[int, ...], ...]]] = _SUMS_MEMORY.table(
    lambda table: 1 + sum(map(len, table))
)

_make_harvest: Final = builder(Harvest)
_make_build: Final = builder(Build)
"""Called with keywords: its field and value are both ints."""
_make_full_harvest: Final = builder(FullHarvest)
_SOWS: Final = {c: tuple(Sow(c, f) for f in range(FIELDS)) for c in DECK_52}
ACTIONS.intern(sow for sows in _SOWS.values() for sow in sows)


# --- Value vectors -------------------------------------------------------------------------------

_CLASSES: Final = 13
_CLASS: Final = {c: _LOW[c] - 1 for c in DECK_52}
_HIGH: Final = sum(8 << (4 * i) for i in range(_CLASSES))
_NIBBLE_LOW: Final = _HIGH >> 3
"""Bit 0 of every nibble."""


_UNIT: Final = {c: 1 << (4 * _CLASS[c]) for c in DECK_52}
"""The vector of one card."""


def _vector(items: Iterable[Card]) -> int:
    vec = 0
    for c in items:
        vec += _UNIT[c]
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
_TYPE_INDEX: Final = {v: {t: i for i, t in enumerate(types)} for v, types in _GROUP_TYPES.items()}
_UP_TO: Final = {v: (1 << 4 * min(v, _CLASSES)) - 1 for v in range(1, MAX_VALUE + 1)}
"""The nibbles of the classes worth at most ``v`` (for 14: all, the aces among them)."""
_FEW_CARDS: Final = 6
"""Up to this many cards worth at most v, a closure's group types come from the table of
sub-vector sums of those cards, not from a scan of all the types of the value."""


def _reachable(counts: int, v: int) -> tuple[int, ...]:
    """Every non-empty vector ≤ ``counts`` that splits into groups of value ``v`` (§6): the
    closure of sums of group types, each vector expanded once. A card above v is in no group
    of v, so the closure is kept by the classes up to v alone, shared by every field that
    differs only above v."""
    usable = counts & _UP_TO[v]
    key = usable << 4 | v
    found = _REACHABLE.get(key)
    if found is not None:
        return found
    bound, high = usable | _HIGH, _HIGH
    cards, rest = 0, usable
    while rest:
        cards += rest & 15
        rest >>= 4
    if cards <= _FEW_CARDS:  # the group types below usable: its sub-vectors adding up to v
        types = sorted(_sums_table(usable)[v], key=_TYPE_INDEX[v].__getitem__)
        if v == MAX_VALUE and usable & 15:
            types.append(1)  # a lone ace
    else:
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
    found = _REACHABLE[key] = tuple(out)
    _REACHABLE_MEMORY.add(_vectors_size(found))
    return found


def _sum_vectors(counts: int, target: int) -> tuple[int, ...]:
    """Every vector ≤ ``counts`` whose values sum to ``target`` (at most 14) with aces as 1
    (§7 sums); the empty vector if ``target`` is 0."""
    return _sums_table(counts)[target] if 0 <= target <= MAX_VALUE else ()


def _sums_table(counts: int) -> tuple[tuple[int, ...], ...]:
    """The vectors ≤ ``counts`` by their sum 0..14 (aces as 1), each in the order of their
    counts per class, class 0 first, more cards first."""
    found = _SUMS.get(counts)
    if found is not None:
        return found
    partial = [(0, 0)]  # (vector, sum) of the classes so far, in that order
    rest, shift, value = counts, 0, 1
    while rest:
        available = rest & 15
        if available:
            partial = [
                (vec + (k << shift), total + k * value)
                for vec, total in partial
                for k in range(min(available, (MAX_VALUE - total) // value), -1, -1)
            ]
        rest >>= 4
        shift += 4
        value += 1
    table: list[list[int]] = [[] for _ in range(MAX_VALUE + 1)]
    for vec, total in partial:
        table[total].append(vec)
    found = _SUMS[counts] = tuple(map(tuple, table))
    _SUMS_MEMORY.add(len(partial) + 1)
    return found


def _expand(vec: int, field: _Field) -> list[frozenset[Card]]:
    """The sets of the field's loose cards with value vector ``vec``, in the order of their
    cards per class, class 0 first. The field's ``combos`` keep the sets of every vector
    expanded, those of its lower classes too, so that a set is its lower classes' set joined
    with one of its highest class, and no card is hashed again."""
    memo = field.combos
    found = memo.get(vec)
    if found is not None:
        return found
    loose = field.loose
    classes = ((vec | vec >> 1 | vec >> 2) & _NIBBLE_LOW) * 15  # the nibbles of vec's classes
    if field.counts & classes == vec:  # all the cards of each class: one set (small fields)
        found = [frozenset([c for c in loose if _UNIT[c] & classes])]
    else:
        shift = (vec.bit_length() - 1) & ~3  # the nibble of the highest class
        part = vec & (15 << shift)
        lower = vec ^ part
        if lower:
            of_part = memo.get(part) or _expand(part, field)  # never empty
            heads = memo.get(lower) or _expand(lower, field)
            found = [head | top for head in heads for top in of_part]
        else:
            of_class = [c for c in loose if _UNIT[c] >> shift == 1]
            found = [frozenset(combo) for combo in itertools.combinations(of_class, vec >> shift)]
    memo[vec] = found
    field.size += len(found)
    return found


def _subsets(items: Sequence[Stockpile]) -> list[frozenset[Stockpile]]:
    return [
        frozenset(combo)
        for k in range(len(items) + 1)
        for combo in itertools.combinations(items, k)
    ]


# --- Legal actions -------------------------------------------------------------------------------

_SUMS_MASK: Final = (1 << (MAX_VALUE + 1)) - 1
"""Bits 0..14: the sums a stockpile can have."""
_SEASONS: Final = tuple(tuple(season_of(s, f) for f in range(FIELDS)) for s in range(FIELDS))
"""The season of each field, by ``summer_field``."""
_AUTUMN, _WINTER, _SPRING = Season.AUTUMN, Season.WINTER, Season.SPRING
_SUM, _ACE = Kind.SUM, Rank.ACE
"""Enum members read once: reading one through its class costs a call each time."""
_VALUE_BITS: Final = {c: sum(1 << v for v in _VALUES[c]) for c in DECK_52}
"""Bit v set for each value v the card may count."""
_FROM: Final = {low: (2 << MAX_VALUE) - (1 << low) for low in range(1, MAX_VALUE + 1)}
"""Bits low..14: the values a stockpile of a card of least value ``low`` may have."""


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
    loose, stockpiles = state.loose, state.stockpiles
    fields = [_field(f, loose[f], stockpiles[f]) for f in range(FIELDS)]
    seasons = _SEASONS[state.summer_field]
    ways = [
        (
            f,
            info,
            seasons[f] is not _AUTUMN,  # §5
            info.harvestable if seasons[f] is not _WINTER else 0,  # §6
            info.has_items and seasons[f] is not _SPRING,  # §7, §16.7
            info.sum_bound,
            info.group_bound,
            info.sums,
        )
        for f, info in enumerate(fields)
    ]
    bits = [_VALUE_BITS[c] for c in hand]
    for i, card in enumerate(hand):
        mine = bits[i]
        held = 0  # §7: bit v for each value of another hand card
        for j, b in enumerate(bits):
            if j != i:
                held |= b
        sows, low = _SOWS[card], _LOW[card]
        held &= _FROM[low]  # a stockpile is worth at least the card played into it
        is_ace = low == 1
        for f, info, sow, harvestable, build, sum_bound, group_bound, sums in ways:
            if sow:
                out.append(sows[f])
            if mine & harvestable:  # some group or stockpile of one of the card's values
                harvests = info.harvests_by_card.get(card)
                if harvests is None:
                    harvests = info.list_harvests(card)
                if harvests:
                    out += harvests
            if not build:
                continue
            # the values a stockpile of this card may have here (`_Field.sum_bound`)
            values = sum_bound << low | group_bound & sums << low
            if is_ace:
                values |= group_bound & sums << MAX_VALUE
            wanted = held & values  # the values held that a stockpile here may have
            if wanted:
                play = info.builds_by_card.get(card)
                if play is None:
                    play = info.stockpiling(card, values & _FROM[low])
                if wanted & play.unlisted:
                    info.list_builds(play, wanted & play.unlisted)
                ready = wanted & play.nonempty
                while ready:  # by value, lowest first
                    low_bit = ready & -ready
                    out += play.builds[low_bit]
                    ready ^= low_bit
    if state.options.full_harvest and len(hand) == HAND_SIZE:
        out.extend(_full_harvest_actions(state, hand, fields, seasons))
    _settle(fields)
    return RULES.listed(state, tuple(out))


def _settle(fields: list[_Field]) -> None:
    """Count what the fields kept and forget the oldest past their budget (the value-level
    tables count each entry as it is made, `_Memory.add`)."""
    if _FIELD_MEMORY.settle(fields):  # fields forgotten: forget them as the last listed too
        kept = {id(field) for field in _FIELDS.values()}
        for f in [f for f, field in _LAST.items() if id(field) not in kept]:
            del _LAST[f]


_NO_PILES: Final[list[frozenset[Stockpile]]] = [frozenset()]
_EMPTY: Final[frozenset[Card]] = frozenset()
_ONLY_EMPTY: Final[list[frozenset[Card]]] = [_EMPTY]
_NO_STOCKPILES: Final[frozenset[Stockpile]] = frozenset()
_RANK_VALUES: Final = {r: ((1, 14) if r is Rank.ACE else (int(r),)) for r in Rank}

Taken: TypeAlias = tuple[frozenset[Card], frozenset[Stockpile]]
Built: TypeAlias = tuple[frozenset[Card], frozenset[Stockpile], int]


def _field(f: int, loose: tuple[Card, ...], piles: tuple[Stockpile, ...]) -> _Field:
    """The listing helper of field ``f`` with these contents, shared by every state holding
    them (three of the four fields are unchanged from one turn to the next)."""
    found = _LAST.get(f)
    if found is not None and found.loose is loose and found.piles is piles:
        return found  # as in the listing before: no key to make and hash
    key = (f, loose, piles)
    found = _FIELDS.get(key)
    if found is not None:
        del _FIELDS[key]  # to be the most recently used below
    else:
        found = _Field(f, loose, piles)
        if len(_FIELDS) >= FIELDS_KEPT:  # forget the least recently used not listed last
            for old_key, old in _FIELDS.items():
                if _LAST.get(old.f) is not old:
                    del _FIELDS[old_key]  # and no further step of the loop
                    _FIELD_MEMORY.held -= old.counted
                    break
    _FIELDS[key] = found  # now the most recently used
    _LAST[f] = found
    return found


class _Stockpiling:
    """The stockpile actions of one card played into one field, per value v of the held card,
    kept by bit v (``unlisted``: bit v while a stockpile of v may be possible but is not listed
    yet; ``nonempty``: bit v once some are listed)."""

    __slots__ = ("builds", "card", "nonempty", "unlisted")

    def __init__(self, card: Card, unlisted: int) -> None:
        self.card = card
        self.builds: dict[int, list[Action]] = {}
        self.unlisted = unlisted
        self.nonempty = 0


class _Field:
    """What can be harvested from and stockpiled in one field's contents, kept per value, and
    the actions of each card played into it."""

    __slots__ = (
        "_builds",
        "_harvests",
        "_pile_sets",
        "_summing_to",
        "ace_alone",
        "builds_by_card",
        "combos",
        "counted",
        "counts",
        "f",
        "group_bound",
        "harvestable",
        "harvests_by_card",
        "has_items",
        "loose",
        "pile_values",
        "piles",
        "size",
        "sum_bound",
        "sums",
    )

    def __init__(self, f: int, loose: tuple[Card, ...], piles: tuple[Stockpile, ...]) -> None:
        self.f = f
        self.piles = piles
        self.has_items = bool(loose or piles)
        self.loose = loose
        self.combos: dict[int, list[frozenset[Card]]] = {}
        counts = 0
        sums = 1  # bit t: some set of loose cards sums to t (aces as 1); bit 0 the empty set
        for c in loose:
            counts += _UNIT[c]
            sums |= sums << _LOW[c]
        self.counts = counts
        self.sums = sums = sums & _SUMS_MASK
        self.ace_alone = ace_alone = bool(counts & 15)  # class 0: the aces
        pile_values = 0
        for pile in piles:
            pile_values |= 1 << pile.value
        self.pile_values = pile_values
        """Bit v for each value v of a stockpile here."""
        self.harvestable = (sums & ~1) | pile_values | (ace_alone << MAX_VALUE)
        """Bit v for each value v with some group or stockpile of v here to harvest."""
        sum_bound = sums & ~1  # a new SUM: the card and ≥ 1 loose cards
        for pile in piles:
            if pile.kind is _SUM:
                sum_bound |= sums << pile.value  # a raise, with loose cards or none
        self.sum_bound = sum_bound
        self.group_bound = sums | pile_values | (ace_alone << MAX_VALUE)
        """The values a stockpile of a card of value p may have here, a quick necessary
        condition from the subset sums of the loose cards (aces 1): bit v of ``sum_bound << p``
        for a new SUM or a raise (v − p the sum of loose cards, or of a SUM stockpile and loose
        cards), of ``group_bound & sums << p`` for an EQUAL stockpile (the card's group: v − p
        the sum of loose cards; then another group or a stockpile of v)."""
        self._harvests: dict[int, list[Taken]] = {}
        self._builds: dict[tuple[Rank, int], list[Built]] = {}
        self._pile_sets: dict[int, list[frozenset[Stockpile]]] = {}
        self._summing_to: tuple[tuple[int, ...], ...] | None = None
        self.harvests_by_card: dict[Card, list[Action]] = {}
        self.builds_by_card: dict[Card, _Stockpiling] = {}
        self.size = 1 + len(loose) + len(piles)
        """The items kept with this field's listings."""
        self.counted = 0
        """How many of them `_FIELD_MEMORY` counted already (`_Memory.settle`)."""

    def list_harvests(self, card: Card) -> list[Action]:
        """The `Harvest` actions of ``card`` here."""
        f = self.f
        found = self.harvests_by_card[card] = [
            _make_harvest(card, f, ls, ps) for ls, ps in self.harvests(card.rank)
        ]
        self.size += len(found) + 1
        return found

    def stockpiling(self, card: Card, values: int) -> _Stockpiling:
        """The `Build` actions of ``card`` here (bit v of ``values``: a stockpile of v may be
        possible), as `list_builds` lists them."""
        found = self.builds_by_card[card] = _Stockpiling(card, values)
        self.size += 2
        return found

    def list_builds(self, play: _Stockpiling, values: int) -> None:
        """List ``play``'s `Build` actions for each value v with bit v in ``values``."""
        card, f, rank = play.card, self.f, play.card.rank
        play.unlisted &= ~values
        while values:
            bit = values & -values
            values ^= bit
            value = bit.bit_length() - 1
            parts = self.builds_of_value(rank, value)
            if parts:
                play.builds[bit] = [
                    _make_build(card=card, field=f, loose=ls, stockpiles=ps, value=v)
                    for ls, ps, v in parts
                ]
                play.nonempty |= bit
                self.size += len(parts) + 1

    def groups(self, v: int) -> tuple[int, ...]:
        """`_reachable` of the loose cards and ``v``, read only if some group of ``v`` is
        here: a set of loose cards adding up to v (aces 1), or a lone ace for 14."""
        if self.sums >> v & 1 or (v == MAX_VALUE and self.ace_alone):
            return _reachable(self.counts, v)
        return ()

    def summing_to(self) -> tuple[tuple[int, ...], ...]:
        """`_sums_table` of the loose cards, looked up once a field."""
        found = self._summing_to
        if found is None:
            found = self._summing_to = _sums_table(self.counts)
        return found

    def pile_sets(self, v: int) -> list[frozenset[Stockpile]]:
        """Every set of this field's stockpiles of value ``v``, the empty set first."""
        if not self.pile_values >> v & 1:
            return _NO_PILES
        found = self._pile_sets.get(v)
        if found is None:
            found = self._pile_sets[v] = _subsets([s for s in self.piles if s.value == v])
            self.size += len(found)
        return found

    def harvest_with(self, v: int) -> list[Taken]:
        """(loose, stockpiles) taken by a harvest of value ``v`` (§6): any set of loose cards
        splitting into groups of v, any set of stockpiles of value v, not both empty."""
        found = self._harvests.get(v)
        if found is None:
            piles = self.pile_sets(v)
            loose_sets = [_EMPTY]
            for vec in self.groups(v):
                loose_sets.extend(_expand(vec, self))
            found = [(ls, ps) for ls in loose_sets for ps in piles if ls or ps]
            self.size += len(found) + 1  # a pair each (`_expand` counts the card sets)
            self._harvests[v] = found
        return found

    def harvests(self, rank: Rank) -> list[Taken]:
        """The harvests of a card of ``rank``."""
        if rank is not _ACE:
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

    def builds_of_value(self, rank: Rank, value: int) -> list[Built]:
        """The stockpile actions of a card of ``rank`` making a stockpile of ``value``."""
        key = (rank, value)
        found = self._builds.get(key)
        if found is None:
            found = _stockpile_parts(self, _RANK_VALUES[rank], value)
            self.size += len(found) + 1  # a triple each (`_expand` counts the card sets)
            self._builds[key] = found
        return found


def _stockpile_parts(info: _Field, values: tuple[int, ...], value: int) -> list[Built]:
    """Every stockpile action of a card with ``values`` making a stockpile of ``value`` (the
    held card's, §7) in this field, one per (loose, stockpiles, value): raise a SUM, a new SUM,
    or an EQUAL stockpile (new, extended or merged)."""
    out: list[Built] = []
    piles, counts = info.piles, info.counts
    summing_to = info.summing_to()  # the sub-vectors by their sum: every sum here is 0..14
    low = values[0]
    # new SUM: p + ≥ 1 loose cards = V (aces as 1)
    if value - low >= 1:
        for vec in summing_to[value - low]:
            out += [(loose, _NO_STOCKPILES, value) for loose in _expand(vec, info)]
    # raise a SUM stockpile S: S + p + optional loose cards = V (§16.13)
    for pile in piles:
        if pile.kind is _SUM and value - pile.value - low >= 0:
            single = frozenset((pile,))
            for vec in summing_to[value - pile.value - low]:
                loose_sets = _expand(vec, info) if vec else _ONLY_EMPTY
                out += [(loose, single, value) for loose in loose_sets]
    # EQUAL: p's group (p alone or p + loose cards) + further loose groups + stockpiles of V
    groups = info.groups(value)
    piles_join = bool(info.pile_values >> value & 1)  # a stockpile of V may join one group
    if not groups and not piles_join:
        return out  # the card's group alone is no EQUAL stockpile
    several: dict[int, bool] = {}
    for pv in values:
        if pv > value:
            continue
        for g0 in summing_to[value - pv]:
            several.setdefault(g0, False)
            bound = (counts - g0) | _HIGH
            for r in groups:  # the groups below counts − g0, in their order there
                if (bound - r) & _HIGH == _HIGH:
                    several[g0 + r] = True
    if not several:
        return out
    equal_piles = info.pile_sets(value)
    for vec, has_two_groups in several.items():
        if not (has_two_groups or piles_join):
            continue  # the card's group alone, and no stockpile to join it: not listed
        loose_sets = _expand(vec, info) if vec else _ONLY_EMPTY
        for ps in equal_piles:
            if ps or has_two_groups:
                out += [(loose, ps, value) for loose in loose_sets]
    return out


def _full_harvest_actions(
    state: State, hand: tuple[Card, ...], fields: list[_Field], seasons: tuple[Season, ...]
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
