"""Determinization in every game: `sample_state` gives a valid state that its player sees as
the observation; deals are uniform over the deals play allows; bad input is refused."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import fourgames
from fourgames import FormatError
from fourgames._sampling import deal, ways
from fourgames.cards import DECK_52, cards, sorted_cards
from fourgames.testing import reference as match
from fourgames.testing.strategies import seeds, states
from tests.helpers import chi_square_p

GAMES: list[Any] = [*(fourgames.get_game(game_id) for game_id in sorted(fourgames.GAMES)), match]
IDS = [game.GAME_ID for game in GAMES]


@pytest.mark.parametrize("game", GAMES, ids=IDS)
@given(data=st.data())
def test_every_seat_sees_its_sample_as_its_observation(game: Any, data: st.DataObject) -> None:
    presets = list(game.INFO.presets.values())
    options = data.draw(st.sampled_from(presets), label="options")
    state = data.draw(states(game, options=options), label="state")
    rng = random.Random(data.draw(seeds(), label="rng"))
    mover = game.current_player(state)
    for player in range(len(game.scores(state))):
        seen = game.observe(state, player)
        sample = game.sample_state(seen, rng)
        game.validate(sample)
        assert game.observe(sample, player) == seen
        if player == mover:
            assert game.legal_actions(sample) == game.legal_actions(state)
        assert game.sample_state(seen, random.Random(7)) == game.sample_state(
            seen, random.Random(7)
        )


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_what_is_no_observation_is_refused(game: Any) -> None:
    state = game.new_game(game.MIN_PLAYERS, seed=1)
    seen = game.observe(state, 0)
    other = next(g for g in GAMES if g is not game)
    elsewhere = other.observe(other.new_game(other.MIN_PLAYERS, seed=1), 0)
    for junk in (None, state, "observation", elsewhere):
        with pytest.raises(FormatError, match=r"not an? .* observation: .* @ \$"):
            game.sample_state(junk, random.Random(1))
    with pytest.raises(FormatError):
        game.sample_state(attrs.evolve(seen, stock_size=seen.stock_size + 1), random.Random(1))
    with pytest.raises(FormatError):
        game.sample_state(attrs.evolve(seen, scores=(-1,) * len(seen.scores)), random.Random(1))
    with pytest.raises(ValueError, match=r"rng must be a random\.Random"):
        game.sample_state(seen, 7)


def test_sample_state_is_part_of_the_protocol() -> None:
    assert "sample_state" in fourgames.Game.__dict__
    for game in GAMES:
        assert "sample_state" in game.__all__


# --- The deal under bars ------------------------------------------------------------------------

KINDS = [("a1", "a2", "a3"), ("b1", "b2"), ("c1",)]
ALLOWED = [frozenset({0, 1, 3}), frozenset({1, 2, 3}), frozenset({0, 2})]
SIZES = (2, 1, 2, 1)


def _deals_by_enumeration() -> list[tuple[frozenset[str], ...]]:
    kind_of = {card: k for k, kind in enumerate(KINDS) for card in kind}
    found = set()
    for order in itertools.permutations(card for kind in KINDS for card in kind):
        zones, at = [], 0
        for size in SIZES:
            zones.append(frozenset(order[at : at + size]))
            at += size
        if all(z in ALLOWED[kind_of[card]] for z, zone in enumerate(zones) for card in zone):
            found.add(tuple(zones))
    return sorted(found, key=str)


def test_deal_is_uniform_over_the_deals_the_bars_allow() -> None:
    worlds = _deals_by_enumeration()
    assert ways(KINDS, ALLOWED, SIZES) == len(worlds) == 18
    rng = random.Random(1)
    counts = Counter(
        tuple(frozenset(zone) for zone in deal(KINDS, ALLOWED, SIZES, rng)) for _ in range(3600)
    )
    assert chi_square_p(counts, worlds) > 1e-4


def test_deal_refuses_bars_no_deal_fits() -> None:
    with pytest.raises(FormatError, match="no deal"):
        deal([("a1", "a2")], [frozenset({0})], (1, 1), random.Random(1))
    with pytest.raises(FormatError, match="3 unseen cards for hidden places of 2"):
        deal([("a1", "a2", "a3")], [frozenset({0, 1})], (1, 1), random.Random(1))
    assert ways([("a1", "a2")], [frozenset({0})], (1, 1)) == 0


# --- Match: a player who passed holds nothing that matches --------------------------------------


def _after_a_pass() -> match.State:
    """Player 2 passed on 7♥ with the stock empty; player 0 sees five unseen cards, one of
    which (2♥) matches."""
    hands = (cards("3♣ 4♣"), cards("2♥ 5♠ 6♠"), cards("8♣ 9♣"))
    held = {card for hand in hands for card in hand}
    pile = (
        *(card for card in DECK_52 if card not in held and card != cards("7♥")[0]),
        *cards("7♥"),
    )
    state = match.State(match.Options(), 0, hands, pile, (), to_move=0, passes=1)
    match.validate(state)
    return state


def test_match_samples_are_uniform_over_hands_that_could_not_play() -> None:
    state = _after_a_pass()
    seen = match.observe(state, 0)
    unseen = [*state.hands[1], *state.hands[2]]
    worlds = []
    for hand in itertools.combinations(unseen, 3):
        rest = tuple(card for card in unseen if card not in hand)
        world = attrs.evolve(state, hands=(state.hands[0], sorted_cards(hand), rest))
        before = attrs.evolve(world, to_move=2, passes=0)
        if match.legal_actions(before) == (match.Pass(),) and match.observe(world, 0) == seen:
            worlds.append(world.hands)
    assert len(worlds) == 6
    rng = random.Random(2)
    counts = Counter(match.sample_state(seen, rng).hands for _ in range(1200))
    assert chi_square_p(counts, worlds) > 1e-4


def test_a_match_observation_written_without_passes_loads_with_none() -> None:
    fourgames.register_game(match)
    seen = match.observe(match.new_game(2, seed=1), 1)
    text = fourgames.to_json(seen).replace(', "passes": 0', "")
    assert "passes" not in text
    assert fourgames.from_json(text) == seen
    assert match.observe(_after_a_pass(), 1).passes == 1
