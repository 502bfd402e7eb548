"""4½ Minuten determinization: the draw pile's order is uniform over the distinct orders of
its cards (copies of a card are alike), the table is as seen."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import attrs

from fourgames import viereinhalb_minuten as game
from fourgames.viereinhalb_minuten import cards
from tests.helpers import chi_square_p


def _short_draw_pile() -> game.State:
    """Two players, a draw pile of four cards, two of them copies; the rest laid aside."""
    displays = [cards("N(0,1) N(0,2) N(0,3) N(0,4) N(0,5)"), cards("N(1,1) N(1,2) N(1,3)")]
    draw_pile = cards("N(2,7) N(2,7) N(3,5) N(4,6)")
    piles = [cards("N(0,6)")]
    rest = list(game.deck(game.RULEBOOK))
    for card in (*displays[0], *displays[1], *draw_pile, *piles[0]):
        rest.remove(card)
    return game.position(displays, piles=piles, draw_pile=draw_pile, aside=tuple(rest))


def test_a_short_draw_pile_is_in_every_distinct_order_alike() -> None:
    state = _short_draw_pile()
    seen = game.observe(state, 1)
    orders = sorted(
        {
            order
            for order in itertools.permutations(state.draw_pile)
            if game.observe(attrs.evolve(state, draw_pile=order), 1) == seen
        },
        key=str,
    )
    assert len(orders) == 12
    rng = random.Random(1)
    counts = Counter(game.sample_state(seen, rng).draw_pile for _ in range(1200))
    assert chi_square_p(counts, orders) > 1e-4


def test_once_the_game_is_over_the_sample_names_player_0() -> None:
    state = game.new_game(2, seed=3, options=attrs.evolve(game.RULEBOOK, rounds=1))
    state = game.apply(state, game.TimeUp())
    sample = game.sample_state(game.observe(state, 1), random.Random(1))
    assert game.is_terminal(sample)
    assert sample.current == 0
