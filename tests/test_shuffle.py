"""The seeded shuffle is the only randomness: pinned, stable, and independent of global state."""

import random

from fourgames.cards import DECK_52, cards
from fourgames.shuffle import SEED_BITS, derive_seed, fresh_seed, shuffled


def test_golden_shuffle_of_the_deck_is_pinned() -> None:
    """Pinned: a change here changes every deal of every game and every golden file."""
    deck = shuffled(DECK_52, 2026)
    assert deck[:13] == cards("2♦ 2♠ 4♣ Q♥ 5♥ 7♦ J♥ 3♦ 9♠ 5♦ J♠ 8♦ 10♠")
    assert shuffled(range(10), 1) == (8, 0, 3, 4, 5, 2, 9, 6, 7, 1)


def test_shuffle_is_a_permutation() -> None:
    for seed in range(20):
        assert sorted(shuffled(DECK_52, seed)) == sorted(DECK_52)


def test_shuffle_ignores_global_random_state() -> None:
    first = shuffled(range(52), 7)
    random.seed(12345)
    random.random()
    assert shuffled(range(52), 7) == first


def test_different_seeds_give_different_orders() -> None:
    assert len({shuffled(range(52), seed) for seed in range(50)}) == 50


def test_derive_seed_is_pinned_and_separates_paths() -> None:
    assert derive_seed(1, "round", 2) == 8184929620370237119
    assert derive_seed(1, "round", 2) != derive_seed(1, "round", 3)
    assert derive_seed(1, "round", 2) != derive_seed(2, "round", 2)
    assert derive_seed(1, "hand", 2) != derive_seed(1, "round", 2)
    assert 0 <= derive_seed(99, 1) < 2**SEED_BITS


def test_fresh_seeds_are_in_range_and_vary() -> None:
    drawn = {fresh_seed() for _ in range(10)}
    assert len(drawn) == 10
    assert all(0 <= seed < 2**SEED_BITS for seed in drawn)


def test_a_negative_seed_is_not_its_absolute_value() -> None:
    deck = tuple(range(52))
    assert shuffled(deck, -7) != shuffled(deck, 7)
    assert shuffled(deck, -7) == shuffled(deck, -7)
    assert sorted(shuffled(deck, -7)) == list(deck)
