"""4½ Minuten: a whole state an observer cannot tell from the true one (determinization)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Final

from fourgames._sampling import Sampler, sample_seed, shuffled_by
from fourgames.viereinhalb_minuten._rules import (
    NAME,
    Observation,
    State,
    deck,
    observe,
    validate,
)


def sample_state(observation: Observation, rng: random.Random) -> State:
    """A whole state that ``observation`` could come from, drawn with ``rng``: the deck's
    cards that are in no display, on no pile and not laid aside form the draw pile, in a
    uniformly random order (every order of the multiset equally likely). The draw pile's
    order is all the table does not know (§2).

    The seed is not observable (it would reveal the order); the sample's is drawn from
    ``rng``, so that later rounds are dealt as unknown. Once the game is over nobody moves,
    and the sample names player 0 as the player to move. `FormatError` for an observation
    that is not one or that no position fits; `ValueError` for an ``rng`` that is not a
    `random.Random`.
    """
    return _SAMPLER(observation, rng)


def _world(seen: Observation, rng: random.Random) -> State:
    unseen = Counter(deck(seen.options))
    unseen.subtract(card for zone in (*seen.displays, *seen.piles, seen.aside) for card in zone)
    if any(count < 0 for count in unseen.values()):
        raise ValueError("the table shows a card more often than the deck holds it")
    draw_pile = shuffled_by(list(unseen.elements()), rng)
    if len(draw_pile) != seen.stock_size:
        raise ValueError(f"{len(draw_pile)} unseen cards for a draw pile of {seen.stock_size}")
    return State(
        seen.options,
        sample_seed(rng),
        seen.penalties,
        seen.choosing,
        0 if seen.to_move is None else seen.to_move,
        seen.direction,
        seen.turns,
        seen.displays,
        tuple(draw_pile),
        seen.piles,
        seen.locked,
        seen.lock_turns,
        seen.aside,
    )


_SAMPLER: Final = Sampler(NAME, Observation, _world, validate, observe)
