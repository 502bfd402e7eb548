"""``fourgames solve vier-jahreszeiten``: the greedy player's and the solver's win rates.

The core's command line (``fourgames.__main__``) calls `add_solve_arguments` and `run_solve`.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from typing import TextIO

import attrs

from fourgames._progress import progress
from fourgames.shuffle import derive_seed
from fourgames.vier_jahreszeiten._rules import PRESETS, apply, is_won, new_game
from fourgames.vier_jahreszeiten._solver import DEFAULT_MAX_NODES, Outcome, solve
from fourgames.vier_jahreszeiten.bots import play_greedy

__all__ = ["add_solve_arguments", "run_solve"]


def add_solve_arguments(parser: argparse.ArgumentParser) -> None:
    """The arguments of ``fourgames solve vier-jahreszeiten``."""
    parser.add_argument("game", choices=["vier-jahreszeiten"], help="the solitaire to solve")
    parser.add_argument("--deals", type=int, default=100, help="how many seeded deals (100)")
    parser.add_argument(
        "--preset", choices=sorted(PRESETS), default="vanishing-cross", help="the variant"
    )
    parser.add_argument("--seed", type=int, default=0, help="deal k uses derive_seed(S, 'deal', k)")
    parser.add_argument(
        "--max-nodes",
        type=int,
        default=DEFAULT_MAX_NODES,
        help=f"the solver's node budget per deal ({DEFAULT_MAX_NODES})",
    )
    parser.add_argument("--jobs", type=int, default=1, help="deals solved in parallel (1)")
    parser.add_argument("--line", action="store_true", help="print each deal's winning line")


@attrs.frozen
class _Deal:
    """One deal's results."""

    index: int
    greedy_won: bool
    outcome: Outcome
    nodes: int
    seconds: float
    line: str
    """The winning line as text (empty unless won)."""
    replays: bool
    """Whether the line, replayed through `apply`, wins (or there is no line)."""


def _solve_deal(preset: str, seed: int, max_nodes: int, k: int) -> _Deal:
    state = new_game(1, seed=derive_seed(seed, "deal", k), options=PRESETS[preset])
    final = play_greedy(state, random.Random(derive_seed(seed, "bot", k)))
    started = time.perf_counter()
    result = solve(state, max_nodes=max_nodes)
    seconds = time.perf_counter() - started
    end = state
    for action in result.line:  # every winning line is checked by the rules
        end = apply(end, action)
    line = ", ".join(str(action) for action in result.line)
    replays = is_won(end) or not result.won
    return _Deal(k, is_won(final), result.outcome, result.nodes, seconds, line, replays)  # type: ignore[arg-type]


def _deals(args: argparse.Namespace) -> Iterator[_Deal]:
    """The deals' results in order, from ``args.jobs`` worker processes when more than one."""
    work = (args.preset, args.seed, args.max_nodes)
    if args.jobs == 1:
        yield from (_solve_deal(*work, k) for k in range(args.deals))
        return
    with ProcessPoolExecutor(args.jobs) as pool:
        n = args.deals
        yield from pool.map(_solve_deal, [work[0]] * n, [work[1]] * n, [work[2]] * n, range(n))


def wilson(count: int, total: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion ``count / total``."""
    z = 1.959964
    p = count / total
    centre = (p + z * z / (2 * total)) / (1 + z * z / total)
    half = z * math.sqrt(p * (1 - p) / total + z * z / (4 * total * total)) / (1 + z * z / total)
    return max(0.0, centre - half), min(1.0, centre + half)


def run_solve(args: argparse.Namespace, out: TextIO | None = None) -> int:
    """Play and solve ``args.deals`` deals; print the fractions with 95% intervals and the
    distribution of solve times. Returns the exit status.

    Every winning line the solver returns is replayed through `apply` (status 1 if one fails).
    """
    out = sys.stdout if out is None else out
    deals: int = args.deals
    for name, value in (("--deals", deals), ("--max-nodes", args.max_nodes), ("--jobs", args.jobs)):
        if value < 1:
            print(f"fourgames solve: {name} must be at least 1", file=sys.stderr)
            return 2
    started = time.monotonic()
    results: list[_Deal] = []
    label = f"solving {args.preset}"
    for deal in progress(_deals(args), total=deals, label=label):
        results.append(deal)
        if not deal.replays:
            print(f"fourgames solve: the line for deal {deal.index} does not win", file=sys.stderr)
            return 1
        if args.line and deal.outcome is Outcome.WON:
            print(f"deal {deal.index}: {deal.line}", file=out)
    wall = time.monotonic() - started
    print(
        f"vier-jahreszeiten, preset {args.preset}: {deals} deals (seed {args.seed}), "
        f"solver budget {args.max_nodes} nodes per deal, {args.jobs} job(s)",
        file=out,
    )
    rows = [
        ("won by the greedy player", sum(d.greedy_won for d in results)),
        ("proven winnable (solver)", sum(d.outcome is Outcome.WON for d in results)),
        ("proven lost (solver)", sum(d.outcome is Outcome.LOST for d in results)),
        ("undecided (budget spent)", sum(d.outcome is Outcome.UNDECIDED for d in results)),
    ]
    for name, count in rows:
        low, high = wilson(count, deals)
        print(
            f"  {name:<26} {count / deals:6.3f}  ({count}/{deals})  95%: {low:.3f}–{high:.3f}",
            file=out,
        )
    nodes = sum(d.nodes for d in results)
    seconds = sorted(d.seconds for d in results)
    quantiles = statistics.quantiles(seconds, n=10, method="inclusive") if deals > 1 else seconds
    print(
        f"  solve time per deal: median {statistics.median(seconds):.2f} s, "
        f"90% {quantiles[-1]:.2f} s, max {seconds[-1]:.2f} s; "
        f"{nodes} nodes in {sum(seconds):.1f} s of solving, {wall:.1f} s in all",
        file=out,
    )
    return 0
