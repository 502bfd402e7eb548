"""Vier Felder timings: random playouts and harvest listing on a field of 20 loose cards.

Run: ``PYTHONPATH=src python tests/vier_felder/benchmark_vier_felder.py [--quick]`` (CPU time
of this process, so a busy machine disturbs it less).
(Not collected by pytest; the issue's ``examples/benchmark.py`` is the lead's file.)
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from fourgames import vier_felder as vf
from fourgames.cards import DECK_52
from fourgames.shuffle import derive_seed
from fourgames.vier_felder import _enumeration


def playouts(players: int, options: vf.Options, games: int) -> tuple[float, float]:
    """(µs per decision, decisions per game) over seeded random games."""
    decisions = 0
    elapsed = 0.0
    for game in range(games):
        state = vf.new_game(players, seed=derive_seed(2026, game), options=options)
        rng = random.Random(game)
        start = time.process_time()
        while not vf.is_terminal(state):
            legal = vf.legal_actions(state)
            state = vf.apply(state, legal[int(rng.random() * len(legal))])
            decisions += 1
        elapsed += time.process_time() - start
    return 1e6 * elapsed / decisions, decisions / games


def field_of_20(trials: int) -> list[tuple[float, float, int]]:
    """Per random field of 20 loose cards and a random played card (caches cleared):
    (ms for the value-vector search, ms for the whole harvest listing, number of harvests)."""
    rng = random.Random(3)
    rows = []
    for _ in range(trials):
        deck = list(DECK_52)
        rng.shuffle(deck)
        field, card = tuple(sorted(deck[:20])), deck[20]
        _enumeration._forget()
        start = time.process_time()
        counts = _enumeration._vector(field)
        for v in vf.card_values(card):
            _enumeration._reachable(counts, v)
        search = time.process_time() - start
        _enumeration._forget()
        start = time.process_time()
        harvests = _enumeration._field(0, field, ()).harvests(card.rank)
        listing = time.process_time() - start
        rows.append((1e3 * search, 1e3 * listing, len(harvests)))
    return rows


def main() -> None:
    quick = "--quick" in sys.argv
    games = 5 if quick else 30
    for name, options in sorted(vf.PRESETS.items()):
        for players in (2, 3, 4):
            us, per_game = playouts(players, options, games)
            print(f"{name:12} {players}p: {us:7.1f} µs/decision, {per_game:5.1f} decisions/game")
    rows = field_of_20(10 if quick else 40)
    search = [r[0] for r in rows]
    listing = [r[1] for r in rows]
    sizes = [r[2] for r in rows]
    per = [1e3 * r[1] / r[2] for r in rows if r[2]]
    print(
        "20 loose cards, one played card: value-vector search median "
        f"{statistics.median(search):.3f} ms (max {max(search):.3f}); full listing median "
        f"{statistics.median(listing):.2f} ms for a "
        f"median {statistics.median(sizes):.0f} harvests (range {min(sizes)}–{max(sizes)}); "
        f"{statistics.median(per):.2f} µs per listed harvest"
    )


if __name__ == "__main__":
    main()
