"""Vier Felder: a whole state an observer cannot tell from the true one (determinization)."""

from __future__ import annotations

import random
from typing import Final

from fourgames._sampling import Sampler, sample_seed, shuffled_by
from fourgames.cards import DECK_52
from fourgames.vier_felder._rules import (
    Observation,
    State,
    _table,
    observe,
    validate,
    validate_observation,
)


def sample_state(observation: Observation, rng: random.Random) -> State:
    """A whole state that ``observation`` could come from, drawn with ``rng``: the cards the
    player has not seen (the other hands and the draw pile) in a uniformly random order, dealt
    to the other hands by their sizes, the rest the draw pile (§16.30). Everything played is
    on the table or in a harvest pile; what was drawn stays hidden.

    The observation holds no move history, so the sample does not use the one hint a move
    gives about the rest of a hand (a builder keeps a card of the stockpile's value, §7):
    nothing in the position says who built. The seed is not observable (it would reveal the
    deal); the sample's is drawn from ``rng``, so that later rounds are dealt as unknown.
    `FormatError` for an observation that is not one or that no position fits; `ValueError`
    for an ``rng`` that is not a `random.Random`.
    """
    return _SAMPLER(observation, rng)


def _world(seen: Observation, rng: random.Random) -> State:
    me = seen.player
    shown = {*seen.hand}
    shown.update(card for field in seen.loose for card in field)
    shown.update(card for field in seen.stockpiles for pile in field for card in pile.cards)
    shown.update(card for pile in seen.harvested for card in pile)
    unseen = shuffled_by([card for card in DECK_52 if card not in shown], rng)
    hidden = sum(size for player, size in enumerate(seen.hand_sizes) if player != me)
    if len(unseen) - hidden != seen.stock_size:
        raise ValueError(f"{len(unseen)} unseen cards for the other hands and the draw pile")
    return _table(seen, unseen, sample_seed(rng))


_SAMPLER: Final = Sampler(
    "Vier Felder", Observation, _world, validate, observe, validate_observation
)
