"""``fourgames solve vier-jahreszeiten``: the greedy player's and the solver's win rates.

The core's command line (``fourgames.__main__``) calls `add_solve_arguments` and `run_solve`.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from typing import TextIO

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


def run_solve(args: argparse.Namespace, out: TextIO | None = None) -> int:
    """Play and solve ``args.deals`` deals; print the fractions. Returns the exit status.

    Every winning line the solver returns is replayed through `apply` (status 1 if one fails).
    """
    out = sys.stdout if out is None else out
    deals: int = args.deals
    if deals < 1:
        print("fourgames solve: --deals must be at least 1", file=sys.stderr)
        return 2
    if args.max_nodes < 1:
        print("fourgames solve: --max-nodes must be at least 1", file=sys.stderr)
        return 2
    options = PRESETS[args.preset]
    greedy = 0
    counts = dict.fromkeys(Outcome, 0)
    nodes = 0
    started = time.monotonic()
    label = f"solving {args.preset}"
    for k in progress(range(deals), total=deals, label=label):
        state = new_game(1, seed=derive_seed(args.seed, "deal", k), options=options)
        final = play_greedy(state, random.Random(derive_seed(args.seed, "bot", k)))
        greedy += is_won(final)  # type: ignore[arg-type]
        result = solve(state, max_nodes=args.max_nodes)
        if result.outcome is Outcome.WON:  # every winning line is checked by the rules
            end = state
            for action in result.line:
                end = apply(end, action)
            if not is_won(end):
                print(f"fourgames solve: the line for deal {k} does not win", file=sys.stderr)
                return 1
        counts[result.outcome] += 1
        nodes += result.nodes
    seconds = time.monotonic() - started
    print(
        f"vier-jahreszeiten, preset {args.preset}: {deals} deals (seed {args.seed}), "
        f"solver budget {args.max_nodes} nodes per deal",
        file=out,
    )
    rows = [
        ("won by the greedy player", greedy),
        ("proven winnable (solver)", counts[Outcome.WON]),
        ("proven lost (solver)", counts[Outcome.LOST]),
        ("undecided (budget spent)", counts[Outcome.UNDECIDED]),
    ]
    for name, count in rows:
        print(f"  {name:<26} {count / deals:6.3f}  ({count}/{deals})", file=out)
    rate = nodes / seconds if seconds > 0 else 0.0
    print(f"  solver nodes: {nodes} in {seconds:.1f} s ({rate:.0f} nodes/s, with play)", file=out)
    return 0
