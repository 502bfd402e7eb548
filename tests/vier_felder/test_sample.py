"""Vier Felder determinization: near the end of a round, the other hand and the draw pile
are dealt uniformly from the unseen cards; everything played stays where it lies."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import attrs

from fourgames import vier_felder
from fourgames.cards import Card, cards
from tests.helpers import chi_square_p


def _near_the_end() -> vier_felder.State:
    """Two players with four cards each and two cards left to draw; the other cards lie in
    the fields or in the dealer's harvest pile."""
    return vier_felder.position(
        [cards("5♦ 8♠ 2♣ 3♣"), cards("4♣ 4♦ 4♥ 4♠")],
        [cards("5♣ 3♥"), cards("9♠"), (), cards("K♥")],
        draw_pile=cards("7♦ 7♣"),
    )


def test_the_other_hand_and_the_draw_pile_are_dealt_alike() -> None:
    state = _near_the_end()
    seen = vier_felder.observe(state, 0)
    unseen = [*state.hands[1], *state.draw_pile]
    worlds = set()
    for order in itertools.permutations(unseen):
        world = attrs.evolve(
            state, hands=(state.hands[0], tuple(sorted(order[:4]))), draw_pile=order[4:]
        )
        if vier_felder.observe(world, 0) == seen:
            vier_felder.validate(world)
            worlds.add((world.hands, world.draw_pile))
    assert len(worlds) == 30
    rng = random.Random(1)
    counts: Counter[tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]] = Counter()
    for _ in range(1500):
        sample = vier_felder.sample_state(seen, rng)
        counts[sample.hands, sample.draw_pile] += 1
    assert chi_square_p(counts, worlds) > 1e-4
