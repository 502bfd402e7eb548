"""Games per second of an arena run in one process, on a pool of processes and on Dask.

Each pass plays the same ``--games`` Vier Felder games between two random bots (or the
game and bots given) three ways: here in this process, on a `ProcessPoolExecutor` of
``--jobs`` workers, and on a Dask `LocalCluster` of as many worker processes. A pass's time
runs from making the executor to shutting it down, as a user waits for it. The passes take
turns, ``--repeat`` times, and the fastest of each kind is kept (as `timeit` does: slower
passes measure the machine's other work). Each round of passes plays games of its own seed,
so that no pass finds the deals of another in the caches its workers inherit; within a round
every way gives the same results, game for game, which the run checks.

Run: python examples/arena_scaling.py [--games N] [--jobs J] [--repeat R] [--chunk C] [GAME]
(Dask needs the ``distributed`` extra; without it the Dask row is left out.)
"""

from __future__ import annotations

import argparse
import concurrent.futures
import contextlib
import importlib.util
import time
from collections.abc import Callable, Sequence
from typing import Any

import attrs

import fourgames
from fourgames.arena import GameResult, arena, dask_executor


def executors(jobs: int) -> dict[str, Callable[[], Any]]:
    """The ways to run a pass: a name and a context manager of its executor (None: here)."""
    ways: dict[str, Callable[[], Any]] = {
        "one process": contextlib.nullcontext,
        f"process pool of {jobs}": lambda: concurrent.futures.ProcessPoolExecutor(jobs),
    }
    if importlib.util.find_spec("distributed") is not None:
        ways[f"dask, {jobs} workers"] = lambda: dask_executor(None, jobs)
    return ways


def one_pass(
    game: Any,
    bots: Sequence[str],
    games: int,
    seed: int,
    make: Callable[[], Any],
    chunk: int | None,
) -> tuple[float, tuple[GameResult, ...]]:
    """(seconds, results) of one pass, the executor's start and shutdown included."""
    start = time.perf_counter()
    with make() as executor:
        result = arena(game, list(bots), games, seed=seed, executor=executor, chunk=chunk)
    return time.perf_counter() - start, result.games


def same_games(first: Sequence[GameResult], second: Sequence[GameResult]) -> bool:
    """Whether two runs played the same games (all but the seconds they took)."""
    return [attrs.evolve(r, seconds=0.0) for r in first] == [
        attrs.evolve(r, seconds=0.0) for r in second
    ]


def main(argv: Sequence[str] | None = None) -> None:
    """Measure and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="?", default="vier-felder", help="a game id")
    parser.add_argument("--bot", action="append", help="a bot spec (twice; default random)")
    parser.add_argument("--games", type=int, default=1000, help="games per pass")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes")
    parser.add_argument("--repeat", type=int, default=3, help="passes of each kind")
    parser.add_argument("--chunk", type=int, default=None, help="games per task (default: auto)")
    args = parser.parse_args(argv)
    game = fourgames.get_game(args.game)
    bots = args.bot or ["random", "random"]
    ways = executors(args.jobs)
    best: dict[str, float] = {}
    for seed in range(args.repeat):
        reference: tuple[GameResult, ...] | None = None
        for name, make in ways.items():
            seconds, results = one_pass(game, bots, args.games, seed, make, args.chunk)
            best[name] = min(best.get(name, seconds), seconds)
            if reference is None:
                reference = results
            elif not same_games(reference, results):
                raise SystemExit(f"{name} played other games than one process")
    one = best["one process"]
    print(f"{args.game}, {args.games} games of {' vs '.join(bots)}, best of {args.repeat}")
    print(f"{'run':<24} {'seconds':>8} {'games/s':>8} {'× one process':>14}")
    for name, seconds in best.items():
        print(f"{name:<24} {seconds:>8.2f} {args.games / seconds:>8.1f} {one / seconds:>14.2f}")
    if len(best) == 3:  # one process, the pool, Dask
        _, pool, dask = best.values()
        print(f"dask over the process pool: {100 * (dask / pool - 1):+.1f} %")


if __name__ == "__main__":
    main()
