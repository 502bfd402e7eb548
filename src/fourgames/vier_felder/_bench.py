"""Game-specific timings read by ``examples/benchmark.py`` (``BENCHMARKS``)."""

from __future__ import annotations

import gc
import random
import statistics
import time
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Final

from fourgames.cards import DECK_52
from fourgames.shuffle import derive_seed, shuffled
from fourgames.vier_felder import _enumeration, _rules


def harvests_on_20_loose_cards() -> float:
    """Median µs to list the harvests of one played card on a field of 20 random loose cards
    (31 fields, caches cleared before each)."""
    times = []
    for i in range(31):
        deck = shuffled(DECK_52, derive_seed(2026, "field-of-20", i))
        field, card = _rules._sorted(deck[:20]), deck[20]
        _enumeration._forget()
        start = time.perf_counter()
        _enumeration._field(0, field, ()).harvests(card.rank)
        times.append(time.perf_counter() - start)
    return 1e6 * statistics.median(times)


def legal_actions_in_play() -> float:
    """Mean µs of `legal_actions` over the positions of random 3-player games."""
    states = []
    for game in range(3):
        state = _rules.new_game(3, seed=derive_seed(2026, "positions", game))
        rng = random.Random(game)
        while not _rules.is_terminal(state):
            states.append(state)
            legal = _enumeration.legal_actions(state)
            state = _rules.RULES.apply(state, legal[int(rng.random() * len(legal))])
    _enumeration._FIELD_MEMORY.clear()
    start = time.perf_counter()
    for state in states:
        _enumeration.legal_actions(state)
    return 1e6 * (time.perf_counter() - start) / len(states)


def slowest_legal_actions() -> float:
    """The most µs of CPU time `legal_actions` takes on a position of 30 random games each of 2,
    3 and 4 players, every cache cleared before each position and the garbage collector paused
    (its passes over the whole program's objects are not the listing's). Each position is timed
    once, then the `RETIMED` slowest again, each at its fastest of three: a slower run times the
    machine's other work too (as `timeit` does), and one stray slow run would otherwise decide."""
    states = []
    for players in range(_rules.MIN_PLAYERS, _rules.MAX_PLAYERS + 1):
        for game in range(30):
            state = _rules.new_game(players, seed=derive_seed(2026, "slowest", players, game))
            rng = random.Random(game)
            while not _rules.is_terminal(state):
                states.append(state)
                legal = _enumeration.legal_actions(state)
                state = _rules.RULES.apply(state, legal[int(rng.random() * len(legal))])
    collecting = gc.isenabled()
    gc.disable()
    try:
        timed = sorted(states, key=_cold_listing_time, reverse=True)
        slowest = max(min(_cold_listing_time(s) for _ in range(3)) for s in timed[:RETIMED])
    finally:
        if collecting:
            gc.enable()
    return 1e6 * slowest


RETIMED: Final = 20
"""How many of the slowest positions `slowest_legal_actions` times again."""


def _cold_listing_time(state: _rules.State) -> float:
    """CPU seconds of one `legal_actions` with every cache cleared first."""
    _enumeration._forget()
    start = time.process_time()
    _enumeration.legal_actions(state)
    return time.process_time() - start


BENCHMARKS: Final[Mapping[str, Callable[[], float]]] = MappingProxyType(
    {
        "harvest listing, 20 loose cards (median)": harvests_on_20_loose_cards,
        "legal_actions in random 3-player play": legal_actions_in_play,
        "legal_actions, slowest position of 2-4 player play": slowest_legal_actions,
    }
)
