"""``fourgames solve vier-jahreszeiten``: the greedy player's and the solver's win rates.

The core's command line (``fourgames.__main__``) calls `add_solve_arguments` and `run_solve`.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Sequence
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
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")


def run_solve(args: argparse.Namespace, out: TextIO | None = None) -> int:
    """Play and solve ``args.deals`` deals; print the fractions. Returns the exit status.

    With ``--jobs N`` the deals are shared among ``N`` processes (the arena's machinery,
    `fourgames.arena.map_chunks`); the fractions do not depend on it. Every winning line the
    solver returns is replayed through `apply` (status 1 if one fails).
    """
    from fourgames.arena import executor_for, map_chunks

    out = sys.stdout if out is None else out
    deals: int = args.deals
    jobs: int = getattr(args, "jobs", 1)
    for name, value in (("--deals", deals), ("--max-nodes", args.max_nodes), ("--jobs", jobs)):
        if value < 1:
            print(f"fourgames solve: {name} must be at least 1", file=sys.stderr)
            return 2
    study = _Study(args.preset, args.max_nodes, args.seed)
    greedy = 0
    counts = dict.fromkeys(Outcome, 0)
    nodes = 0
    started = time.monotonic()
    label = f"solving {args.preset}"
    with executor_for("process", jobs, None) as executor:
        found = (
            (_deal(study, k) for k in range(deals))
            if executor is None
            else map_chunks(_deals, study, range(deals), executor, chunk=1)
        )
        for k, result in enumerate(progress(found, total=deals, label=label)):
            if not result.line_wins:
                print(f"fourgames solve: the line for deal {k} does not win", file=sys.stderr)
                return 1
            greedy += result.greedy_won
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


@attrs.frozen
class _Study:
    """What every deal of a study shares."""

    preset: str
    max_nodes: int
    seed: int


@attrs.frozen
class _DealResult:
    greedy_won: bool
    outcome: Outcome
    nodes: int
    line_wins: bool
    """Whether the solver's line, replayed through `apply`, wins (true when it has none)."""


def _deal(study: _Study, k: int) -> _DealResult:
    """Deal ``k``: the greedy player's game, then the solver's verdict, its line checked."""
    state = new_game(1, seed=derive_seed(study.seed, "deal", k), options=PRESETS[study.preset])
    final = play_greedy(state, random.Random(derive_seed(study.seed, "bot", k)))
    result = solve(state, max_nodes=study.max_nodes)
    end = state
    for action in result.line if result.outcome is Outcome.WON else ():
        end = apply(end, action)
    line_wins = result.outcome is not Outcome.WON or is_won(end)
    return _DealResult(is_won(final), result.outcome, result.nodes, line_wins)  # type: ignore[arg-type]


def _deals(study: _Study, ks: Sequence[int]) -> list[_DealResult]:
    """The deals ``ks`` of a study, in a worker."""
    return [_deal(study, k) for k in ks]
