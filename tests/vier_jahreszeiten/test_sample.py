"""Vier Jahreszeiten determinization: the stock's order is uniform, the rest is the table."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import attrs

from fourgames import vier_jahreszeiten as vj
from fourgames.cards import Rank, cards
from tests.helpers import chi_square_p


def test_a_short_stock_is_in_every_order_alike() -> None:
    state = vj.position(
        piles=[cards("K♣"), cards("K♦"), cards("K♥"), cards("K♠"), cards("Q♠")],
        foundations=cards("J♣ J♦ J♥ 10♠"),
        base=Rank.ACE,
        stock=cards("Q♣ Q♦ Q♥ J♠"),
    )
    seen = vj.observe(state)
    orders = [
        order
        for order in itertools.permutations(state.stock)
        if vj.observe(attrs.evolve(state, stock=order)) == seen
    ]
    assert len(orders) == 24
    rng = random.Random(1)
    counts = Counter(vj.sample_state(seen, rng).stock for _ in range(1200))
    assert chi_square_p(counts, orders) > 1e-4


def test_a_sample_keeps_the_table_and_draws_a_seed() -> None:
    state = vj.new_game(1, seed=5)
    seen = vj.observe(state)
    sample = vj.sample_state(seen, random.Random(2))
    assert sample.piles == state.piles
    assert sample.waste == state.waste
    assert sorted(sample.stock) == sorted(state.stock)
    assert sample.seed != state.seed
