"""Bytes per state: what a game's states cost to keep, alone and along a game.

A search keeps many states at once, so their size matters as much as their speed. For every
registered game (and Match) at each table size this plays ``--games`` seeded random games and
reports two figures per state:

- **kept along a game**: the memory the states of whole games hold while all are kept, per
  state (tracemalloc: allocated with the states kept, minus after they are dropped, so caches
  that outlive them do not count). Successors share the parts a move leaves alone (hands,
  piles, options), so this is what a search tree or a game record costs per node.
- **alone**: the deep size of one state by itself (every object it reaches, once), leaving
  out what all states of the game share: cards, enum members, the options, prebuilt actions.

Run: python examples/memory.py [--games N] [GAME ...]
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import sys
import tracemalloc
from collections.abc import Sequence
from typing import Any

import fourgames
from fourgames.shuffle import derive_seed
from fourgames.testing import reference


def states_of_games(game: Any, players: int, games: int, first: int) -> list[Any]:
    """Every state of ``games`` seeded random games (numbers ``first`` …)."""
    states = []
    for number in range(first, first + games):
        state = game.new_game(players, seed=derive_seed(2026, "memory", number))
        rng = random.Random(number)
        states.append(state)
        while legal := game.legal_actions(state):
            state = game.apply(state, legal[int(rng.random() * len(legal))])
            states.append(state)
    return states


def kept_per_state(game: Any, players: int, games: int) -> float:
    """Bytes held per state while the states of ``games`` whole games are all kept."""
    states_of_games(game, players, games, first=10_000)  # warm the caches first
    gc.collect()
    tracemalloc.start()
    try:
        states = states_of_games(game, players, games, first=0)
        gc.collect()
        with_states = tracemalloc.get_traced_memory()[0]
        count = len(states)
        del states
        gc.collect()
        without = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    return (with_states - without) / count


def reachable(root: object) -> dict[int, object]:
    """Every object ``root`` reaches (itself included), by id; classes and modules excluded."""
    found: dict[int, object] = {}
    todo = [root]
    while todo:
        obj = todo.pop()
        if id(obj) in found or isinstance(obj, type) or type(obj).__name__ == "module":
            continue
        found[id(obj)] = obj
        todo.extend(gc.get_referents(obj))
    return found


def alone(game: Any, players: int) -> float:
    """Median deep size of the states of one game, leaving out what every state shares (what
    the first states of two other deals both reach)."""
    one, other = (game.new_game(players, seed=seed) for seed in (1, 2))
    shared = set(reachable(one)).intersection(reachable(other))
    sizes = [
        sum(sys.getsizeof(obj) for key, obj in reachable(state).items() if key not in shared)
        for state in states_of_games(game, players, 1, first=0)
    ]
    return statistics.median(sizes)


def main(argv: Sequence[str] | None = None) -> None:
    """Measure and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="game ids (default: all registered games)")
    parser.add_argument("--games", type=int, default=20, dest="count", help="games per row")
    args = parser.parse_args(argv)
    chosen = args.games or sorted(fourgames.GAMES)
    unknown = [game_id for game_id in chosen if game_id not in fourgames.GAMES]
    if unknown:
        parser.error(f"unknown games {unknown}; known: {', '.join(sorted(fourgames.GAMES))}")
    if args.count < 1:
        parser.error("--games must be at least 1")

    rows: list[tuple[str, Any, int]] = [("match (reference)", reference, 2)]
    for game_id in chosen:
        game = fourgames.get_game(game_id)
        rows += [(game_id, game, n) for n in range(game.MIN_PLAYERS, game.MAX_PLAYERS + 1)]
    print(f"{'states':<36} {'bytes kept along a game':>24} {'bytes alone':>12}")
    for label, game, players in rows:
        kept = kept_per_state(game, players, args.count)
        size = alone(game, players)
        print(f"{label + f', {players} players':<36} {kept:>24,.0f} {size:>12,.0f}")


if __name__ == "__main__":
    main()
