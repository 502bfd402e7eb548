"""The fast paths agree with what they accelerate: the value-vector search of `_enumeration`
with the rules' brute force, the constructors that skip the field checks with the checked
ones, and the listing's memory stays within its budget."""

from __future__ import annotations

import itertools
import random
from typing import Any, cast

import attrs
import pytest

from fourgames import vier_felder as vf
from fourgames.cards import DECK_52, Card, Rank
from fourgames.errors import IllegalActionError
from fourgames.vier_felder import Build, FullHarvest, Harvest, Sow, State, _enumeration, _rules


def _small_multisets(rng: random.Random, count: int) -> list[tuple[Card, ...]]:
    low = [c for c in DECK_52 if c.rank is Rank.ACE or int(c.rank) <= 8]
    return [tuple(rng.sample(low, rng.randint(0, 9))) for _ in range(count)]


@pytest.mark.parametrize("v", range(1, 15))
def test_the_value_vector_search_agrees_with_the_brute_force_split(v: int) -> None:
    """§6: a set of loose cards is listed as splitting into groups of v exactly when the rules'
    brute force (groups chosen card by card) splits it."""
    rng = random.Random(v)
    for cards in _small_multisets(rng, 150):
        counts = _enumeration._vector(cards)
        listed = counts == 0 or counts in _enumeration._reachable(counts, v)
        assert listed == _rules._brute_force_groups(cards, v), (v, [str(c) for c in cards])


@pytest.mark.parametrize("v", range(1, 15))
def test_the_closure_kept_for_the_classes_up_to_v_serves_every_field(v: int) -> None:
    """§6: a closure is kept by the field's classes up to v alone, so fields with other cards
    above v read the same one; it still lists, of every field, exactly the subsets the rules'
    brute force splits into groups of v, in the order a fresh search gives."""
    rng = random.Random(200 + v)
    for _ in range(40):
        cards = rng.sample(DECK_52, rng.randint(1, 9))
        counts = _enumeration._vector(cards)
        kept = _enumeration._reachable(counts, v)
        _enumeration._REACHABLE_MEMORY.clear()
        assert _enumeration._reachable(counts, v) == kept
        subsets = {
            _enumeration._vector(combo): combo
            for k in range(1, len(cards) + 1)
            for combo in itertools.combinations(cards, k)
        }
        splitting = {vec for vec, combo in subsets.items() if _rules._brute_force_groups(combo, v)}
        assert set(kept) == splitting, (v, [str(c) for c in cards])
        higher = [c for c in DECK_52 if c not in cards and _rules._LOW[c] > v]
        if higher:
            more = _enumeration._vector([*cards, *rng.sample(higher, min(3, len(higher)))])
            assert _enumeration._reachable(more, v) is _enumeration._reachable(counts, v)


@pytest.mark.parametrize("v", range(1, 15))
def test_the_closure_below_a_smaller_bound_is_the_filtered_closure(v: int) -> None:
    """The EQUAL listing reads the groups beside the card's group from the field's own
    closure, filtered to the smaller bound: the same vectors in the same order."""
    rng = random.Random(100 + v)
    high = _enumeration._HIGH
    for cards in _small_multisets(rng, 80):
        counts = _enumeration._vector(cards)
        smaller = _enumeration._vector(rng.sample(cards, rng.randint(0, len(cards))))
        fits = [
            r for r in _enumeration._reachable(counts, v) if ((smaller | high) - r) & high == high
        ]
        assert fits == list(_enumeration._reachable(smaller, v))


def test_the_card_sets_of_a_vector_are_its_subsets_in_order_of_their_cards_per_value() -> None:
    """`_expand` lists every set of the field's loose cards with the vector's values once, in
    the order of their cards per class, the lowest class first: the order of the harvests and
    stockpile actions, which the golden playthroughs hold."""
    rng = random.Random(11)
    low = [c for c in DECK_52 if c.rank is Rank.ACE or int(c.rank) <= 5]  # 4 cards a class
    for _ in range(60):
        loose = _rules._sorted(rng.sample(low, rng.randint(1, 14)))
        field = _enumeration._field(0, loose, ())
        at = {c: i for i, c in enumerate(loose)}
        subsets = [
            combo for k in range(len(loose) + 1) for combo in itertools.combinations(loose, k)
        ]
        for vec in {_enumeration._vector(rng.choice(subsets)) for _ in range(30)}:
            expected = sorted(
                (combo for combo in subsets if _enumeration._vector(combo) == vec),
                key=lambda combo: sorted((_enumeration._CLASS[c], at[c]) for c in combo),
            )
            assert _enumeration._expand(vec, field) == [frozenset(c) for c in expected]


def test_the_sum_vectors_are_the_subsets_adding_up_to_the_target() -> None:
    rng = random.Random(7)
    for cards in _small_multisets(rng, 60):
        counts = _enumeration._vector(cards)
        for target in range(15):
            found = set(_enumeration._sum_vectors(counts, target))
            subsets = {
                _enumeration._vector(combo)
                for k in range(len(cards) + 1)
                for combo in itertools.combinations(cards, k)
                if sum(_rules._LOW[c] for c in combo) == target
            }
            assert found == subsets


def _positions(games: int) -> list[State]:
    out = []
    for seed in range(games):
        rng = random.Random(seed)
        state = vf.new_game(2 + seed % 3, seed=seed, options=vf.VOLLE_ERNTE)
        for _ in range(60):
            if vf.is_terminal(state):
                break
            out.append(state)
            state = vf.apply(state, rng.choice(vf.legal_actions(state)))
    return out


def test_the_listed_actions_equal_actions_built_with_their_checks() -> None:
    """The listing makes its actions with `fourgames._builder.builder`, which skips the field
    checks of the declared constructor: the objects must be the same."""
    seen = {Harvest: 0, Build: 0, FullHarvest: 0}
    for state in _positions(6):
        for action in vf.legal_actions(state):
            cls = type(action)
            if cls not in seen:
                continue
            names = [field.name for field in attrs.fields(cast(Any, cls))]
            checked = cls(*(getattr(action, name) for name in names))
            assert type(checked) is cls
            assert checked == action
            assert hash(checked) == hash(action)
            assert str(checked) == str(action)
            seen[cls] += 1
    assert all(seen.values()), seen


def test_the_fast_state_constructor_equals_the_attrs_one() -> None:
    state = vf.new_game(3, seed=5)
    fields = [getattr(state, f.name) for f in attrs.fields(State)]
    fast, slow = _rules._State(*fields), State(*fields)
    assert type(fast) is State
    assert fast == slow == state
    assert hash(fast) == hash(slow)
    assert _rules._State is not State  # the fast path is in use with this attrs


def test_the_fast_stockpile_constructor_equals_the_attrs_one() -> None:
    cards = (Card.parse("3♣"), Card.parse("4♦"), Card.parse("7♥"))
    fast, slow = _rules._Stockpile(7, vf.Kind.EQUAL, cards), vf.Stockpile(7, vf.Kind.EQUAL, cards)
    assert type(fast) is vf.Stockpile
    assert fast == slow
    assert hash(fast) == hash(slow)
    assert not fast < slow
    assert not slow < fast
    assert _rules._Stockpile is not vf.Stockpile  # the fast path is in use with this attrs


def test_the_stockpile_sort_key_orders_as_the_stockpiles_do() -> None:
    """`_build` puts a new stockpile in its place by `_pile_order`; sorting by it gives the
    order of the stockpiles' own comparisons, ties of value and kind included."""
    rng = random.Random(6)
    piles = []
    for _ in range(300):
        cards = rng.sample(DECK_52, rng.randint(2, 4))
        kind = rng.choice(list(vf.Kind))
        piles.append(vf.Stockpile(rng.randint(2, 4), kind, cards))
    assert sorted(piles, key=_rules._pile_order) == sorted(piles)
    assert len({(p.value, p.kind) for p in piles}) < len(piles)  # ties broken by the cards


def test_a_stockpile_takes_the_kind_the_rules_give_its_parts() -> None:
    """§7: `apply` names the kind of a legal stockpile action by its sums alone (EQUAL where
    they make no SUM, as the check has shown the groups); the rules' own `_build_kind`, which
    also splits the groups, agrees on every stockpile action of random play."""
    seen = {vf.Kind.SUM: 0, vf.Kind.EQUAL: 0}
    for game in range(12):
        state = vf.new_game(2 + game % 3, seed=game)
        rng = random.Random(game)
        while not vf.is_terminal(state):
            legal = vf.legal_actions(state)
            for action in legal:
                if isinstance(action, Build):
                    kind = _rules._build_kind(
                        action.card, action.loose, action.stockpiles, action.value
                    )
                    made = vf.apply(state, action).stockpiles[action.field]
                    pile = next(p for p in made if action.card in p.cards)
                    assert pile.kind is kind, str(action)
                    seen[pile.kind] += 1
            state = vf.apply(state, rng.choice(legal))
    assert min(seen.values()) > 20, seen


def _kept(f: int, loose: tuple[Card, ...]) -> bool:
    """Whether the listing keeps field ``f`` holding ``loose`` and no stockpile."""
    return any(x.f == f and x.loose == loose and not x.piles for x in _enumeration._FIELDS.values())


def test_the_listing_keeps_the_fields_used_last() -> None:
    """At most `FIELDS_KEPT` fields are kept, the least recently used forgotten first: a field
    listed in every position stays, the others of long ago go."""
    _enumeration._FIELD_MEMORY.clear()
    rng = random.Random(3)
    steady = tuple(rng.sample(DECK_52, 3))
    rest = [c for c in DECK_52 if c not in steady]
    for _ in range(3 * _enumeration.FIELDS_KEPT):
        deck = rng.sample(rest, 11)
        state = vf.position([deck[:4], deck[4:8]], [steady, deck[8:11]])
        vf.legal_actions(state)
        assert len(_enumeration._FIELDS) <= _enumeration.FIELDS_KEPT
        assert _kept(0, state.loose[0])
        assert set(state.loose[0]) == set(steady)
    assert _kept(1, state.loose[1])
    assert len(_enumeration._FIELDS) == _enumeration.FIELDS_KEPT


def test_more_fields_are_kept_than_a_table_has() -> None:
    """The field listed last at each of the 4 indices is never forgotten (`_LAST`), so a new
    field finds room only if more than 4 are kept."""
    assert _enumeration.FIELDS_KEPT > _rules.FIELDS


def test_a_field_unchanged_from_turn_to_turn_is_listed_once() -> None:
    """A field held in the very same tuples position after position (as a move hands on the
    fields it leaves alone) keeps its listing however many other fields come and go, and what
    the listing counts is what its tables hold."""
    _enumeration._FIELD_MEMORY.clear()
    rng = random.Random(4)
    first = vf.position([rng.sample(DECK_52, 4), rng.sample(DECK_52, 4)])
    deck = [c for c in DECK_52 if c not in first.hands[0] and c not in first.hands[1]]
    steady = vf.position(first.hands, [deck[:3], deck[3:6]])
    vf.legal_actions(steady)
    kept = _enumeration._FIELDS[0, steady.loose[0], steady.stockpiles[0]]
    for _ in range(3 * _enumeration.FIELDS_KEPT):
        drawn = rng.sample(deck[6:], 7)  # a new hand and a new field 1
        hands = (_rules._sorted(drawn[:4]), steady.hands[1])
        other = _rules._sorted(drawn[4:])
        state = attrs.evolve(steady, hands=hands, loose=(steady.loose[0], other, (), ()))
        listed = vf.legal_actions(state)
        assert len(_enumeration._FIELDS) <= _enumeration.FIELDS_KEPT
        assert _enumeration._field(0, state.loose[0], state.stockpiles[0]) is kept
        assert any(field is kept for field in _enumeration._FIELDS.values())
        assert _enumeration._FIELD_MEMORY.held == sum(
            field.counted for field in _enumeration._FIELDS.values()
        )
    _enumeration._FIELD_MEMORY.clear()
    assert vf.legal_actions(state) == listed


def test_the_listing_keeps_no_more_than_its_budget() -> None:
    """Fields of 14 loose cards list thousands of actions: what the listing keeps stays within
    its budgets, and a position listed again after its fields were forgotten lists the same."""
    memories = _enumeration._MEMORIES
    budgets = [memory.budget for memory in memories]
    for memory in memories:
        memory.budget = 5_000
    try:
        rng = random.Random(2)
        first: tuple[State, tuple[vf.Action, ...]] | None = None
        for _ in range(8):
            deck = rng.sample(DECK_52, 22)
            state = vf.position([deck[:4], deck[4:8]], [deck[8:22]])
            listed = vf.legal_actions(state)
            first = first or (state, listed)
            for memory in memories:
                assert memory.held <= memory.budget
        assert first is not None
        state, listed = first
        assert not _kept(0, state.loose[0])
        assert vf.legal_actions(state) == listed
    finally:
        for memory, budget in zip(memories, budgets, strict=True):
            memory.budget = budget
        _enumeration._forget()


def test_each_value_table_keeps_its_own_budget() -> None:
    """Sums tables of many fields, past their budget, forget sums tables only: the closures
    kept before are still kept (one budget for both let the larger sums tables push every
    closure out)."""
    _enumeration._forget()
    sums = _enumeration._SUMS_MEMORY
    budget = sums.budget
    sums.budget = 2_000
    try:
        rng = random.Random(4)
        closures = [_enumeration._vector(rng.sample(DECK_52, 6)) for _ in range(20)]
        for counts in closures:
            _enumeration._reachable(counts, 10)
        kept = dict(_enumeration._REACHABLE)
        for _ in range(40):
            _enumeration._sums_table(_enumeration._vector(rng.sample(DECK_52, 12)))
        assert sums.held <= sums.budget
        assert len(_enumeration._SUMS) < 40  # sums tables were forgotten
        assert _enumeration._REACHABLE == kept
    finally:
        sums.budget = budget
        _enumeration._forget()


def test_the_listing_does_not_depend_on_what_it_keeps() -> None:
    """Every position lists the same actions, in the same order, with every cache cold, warm
    from the game that led to it, or warm from the positions listed in reverse."""
    positions = _positions(6)
    warm = [vf.legal_actions(state) for state in positions]
    cold = []
    for state in positions:
        _enumeration._forget()
        cold.append(vf.legal_actions(state))
    backwards = [vf.legal_actions(state) for state in reversed(positions)][::-1]
    assert cold == warm == backwards


def test_apply_checks_an_action_listed_for_another_state() -> None:
    """`apply` takes an action just listed for the very state without checking it again; the
    same object given with any other state is checked, and an equal object is too."""
    state = vf.new_game(2, seed=4)
    listed = vf.legal_actions(state)
    sow = listed[0]
    assert isinstance(sow, Sow)
    after = vf.apply(state, sow)
    assert after == _rules.RULES.apply_unchecked(state, sow)
    vf.legal_actions(after)
    with pytest.raises(IllegalActionError, match="not in player"):  # the card was played
        vf.apply(after, sow)
    copy = Sow(sow.card, sow.field)
    assert copy is not sow
    assert vf.apply(state, copy) == after
