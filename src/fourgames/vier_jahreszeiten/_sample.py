"""Vier Jahreszeiten: a whole state the player cannot tell from the true one (determinization)."""

from __future__ import annotations

import random
from typing import Final

from fourgames._sampling import Sampler, sample_seed, shuffled_by
from fourgames.vier_jahreszeiten._rules import (
    Observation,
    State,
    _unplaced,
    observe,
    validate,
    validate_observation,
)


def sample_state(observation: Observation, rng: random.Random) -> State:
    """A whole state that ``observation`` could come from, drawn with ``rng``: the cards
    neither in the tableau, on the foundations nor in the waste form the stock, in a
    uniformly random order. The stock's order is all the player does not know; a player who
    searches sees only this, never the real stock.

    The seed is not observable (it would reveal the stock); the sample's is drawn from
    ``rng``. `FormatError` for an observation that is not one or that no position fits;
    `ValueError` for an ``rng`` that is not a `random.Random`.
    """
    return _SAMPLER(observation, rng)


def _world(seen: Observation, rng: random.Random) -> State:
    stock = shuffled_by(_unplaced(seen.base, seen.piles, seen.foundations, seen.waste), rng)
    if len(stock) != seen.stock_size:
        raise ValueError(f"the unseen cards make a stock of {len(stock)}")
    return State(
        seen.options,
        sample_seed(rng),
        seen.base,
        seen.piles,
        seen.foundations,
        tuple(stock),
        seen.waste,
        seen.seen,
    )


_SAMPLER: Final = Sampler(
    "Vier Jahreszeiten", Observation, _world, validate, observe, validate_observation
)
