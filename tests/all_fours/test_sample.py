"""All Fours determinization: samples are uniform over the deals the trick history allows
(a player who showed out of a suit holds none of it) and, at the end, over the discards that
give the High and Low awarded. The expected worlds are found by enumeration, each checked by
the engine itself (`validate` checks that every follower who could follow did)."""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from collections.abc import Callable

import attrs

from fourgames import FormatError, all_fours
from fourgames.all_fours import Observation, Phase, State
from fourgames.all_fours._rules import _trumps_in_play
from fourgames.all_fours._sample import _voids
from fourgames.cards import Card, Suit
from tests.helpers import chi_square_p


def _first(players: int, wanted: Callable[[State], bool]) -> State:
    """The first state of a seeded random game (seeds 0, 1, …) that is ``wanted``."""
    for seed in range(500):
        state = all_fours.new_game(players, seed=seed)
        rng = random.Random(seed)
        while not all_fours.is_terminal(state):
            if wanted(state):
                return state
            legal = all_fours.legal_actions(state)
            state = all_fours.apply(state, legal[int(rng.random() * len(legal))])
        if wanted(state):
            return state
    raise AssertionError("no such position in 500 games")


def _consistent(world: State, seen: Observation) -> bool:
    try:
        all_fours.validate(world)
    except FormatError:
        return False
    return all_fours.observe(world, seen.player) == seen


def _last_trick_with_voids(state: State) -> bool:
    """Player 0 to lead the last trick, each other player holding one card and showing out
    of at least one suit, no two the same."""
    if state.phase is not Phase.PLAY or state.trick or all_fours.current_player(state) != 0:
        return False
    voids = _voids(all_fours.observe(state, 0))
    others = range(1, len(state.hands))
    shown = [frozenset(voids[p]) for p in others]
    return (
        all(len(state.hands[p]) == 1 for p in others)
        and all(shown)
        and len(set(shown)) == len(shown)
    )


def test_a_last_card_is_uniform_over_the_suits_its_holder_did_not_show_out_of() -> None:
    state = _first(2, _last_trick_with_voids)
    seen = all_fours.observe(state, 0)
    unseen = [*state.hands[1], *state.stock]
    worlds = []
    for card in unseen:
        world = attrs.evolve(
            state, hands=(state.hands[0], (card,)), stock=tuple(c for c in unseen if c != card)
        )
        if _consistent(world, seen):
            worlds.append(card)
    assert 0 < len(worlds) < len(unseen)
    rng = random.Random(1)
    counts = Counter(all_fours.sample_state(seen, rng).hands[1][0] for _ in range(30 * len(worlds)))
    assert chi_square_p(counts, worlds) > 1e-4


def test_two_last_cards_are_dealt_as_the_voids_of_both_holders_allow() -> None:
    state = _first(3, _last_trick_with_voids)
    seen = all_fours.observe(state, 0)
    unseen = [*state.hands[1], *state.hands[2], *state.stock]
    worlds: list[tuple[Suit, Suit]] = []
    for first, second in itertools.permutations(unseen, 2):
        stock = tuple(c for c in unseen if c not in (first, second))
        world = attrs.evolve(state, hands=(state.hands[0], (first,), (second,)), stock=stock)
        if _consistent(world, seen):
            worlds.append((first.suit, second.suit))
    assert len(set(worlds)) > 1
    rng = random.Random(2)
    counts: Counter[tuple[Suit, Suit]] = Counter()
    for _ in range(3000):
        sample = all_fours.sample_state(seen, rng)
        counts[sample.hands[1][0].suit, sample.hands[2][0].suit] += 1
    assert chi_square_p(counts, worlds) > 1e-4


def _high_and_low(world: State) -> tuple[list[int], list[int]]:
    """The sides that hold the highest and the lowest trump in play (§6.1)."""
    held = _trumps_in_play(world)
    if not held:
        return [], []
    top = max(held, key=lambda card: card.rank)
    bottom = min(held, key=lambda card: card.rank)
    return [all_fours.side_of(held[top], 2)], [all_fours.side_of(held[bottom], 2)]


def _scored_after_a_run(state: State) -> bool:
    """The game ended on a scored hand after one run, with High and Low awarded, and they
    narrow down player 0's three discards as player 1 sees them."""
    if state.phase is not Phase.OVER or len(state.tricks) != 6 or len(state.discards[0]) != 3:
        return False
    kinds = {award.kind for award in state.awards}
    every = math.comb(len(state.discards[0]) + len(state.stock), 3)
    awarded = {all_fours.AwardKind.HIGH, all_fours.AwardKind.LOW} <= kinds
    return awarded and len(_scored_worlds(state)) < every


def _scored_worlds(state: State) -> list[frozenset[Card]]:
    """For each deal of player 0's discards consistent with the awards, the trumps in them."""
    unseen = [*state.discards[0], *state.stock]
    high = [award.side for award in state.awards if award.kind is all_fours.AwardKind.HIGH]
    low = [award.side for award in state.awards if award.kind is all_fours.AwardKind.LOW]
    worlds = []
    for discards in itertools.combinations(unseen, len(state.discards[0])):
        stock = tuple(card for card in unseen if card not in discards)
        world = attrs.evolve(state, discards=(discards, state.discards[1]), stock=stock)
        if _high_and_low(world) == (high, low):
            worlds.append(frozenset(card for card in discards if card.suit is state.trump))
    return worlds


def test_hidden_discards_at_the_end_give_the_high_and_low_awarded() -> None:
    state = _first(2, _scored_after_a_run)
    seen = all_fours.observe(state, 1)
    worlds = _scored_worlds(state)
    rng = random.Random(3)
    counts: Counter[frozenset[Card]] = Counter()
    for _ in range(1500):
        sample = all_fours.sample_state(seen, rng)
        assert _high_and_low(sample) == _high_and_low(state)
        counts[frozenset(card for card in sample.discards[0] if card.suit is state.trump)] += 1
    assert chi_square_p(counts, worlds) > 1e-4
