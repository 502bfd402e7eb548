"""``fourgames solve vier-jahreszeiten``: the greedy player's and the solver's win rates, or
the verdicts of the search by layers or of Czarina by ranks on chosen deals.

The core's command line (``fourgames.__main__``) calls `add_solve_arguments` and `run_solve`.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import statistics
import sys
import time
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Literal, TextIO

import attrs

from fourgames._progress import progress
from fourgames.errors import FormatError
from fourgames.serialization import converter
from fourgames.shuffle import derive_seed
from fourgames.vier_jahreszeiten import SOLVER_COMPILED
from fourgames.vier_jahreszeiten._rules import (
    PRESETS,
    Options,
    RunMove,
    State,
    apply,
    is_won,
    new_game,
)
from fourgames.vier_jahreszeiten._solver import (
    DEFAULT_MAX_NODES,
    DEFAULT_MAX_POSITIONS,
    Outcome,
    SolveResult,
    _plays_by_ranks,
    prove_lost_by_ranks,
    solve,
    solve_by_layers,
)
from fourgames.vier_jahreszeiten.bots import play_greedy

__all__ = ["add_solve_arguments", "run_solve"]


def add_solve_arguments(parser: argparse.ArgumentParser) -> None:
    """The arguments of ``fourgames solve vier-jahreszeiten``."""
    parser.add_argument("game", choices=["vier-jahreszeiten"], help="the solitaire to solve")
    parser.add_argument("--deals", type=int, help="how many seeded deals, from deal 0 (100)")
    parser.add_argument(
        "--deal",
        type=int,
        action="append",
        metavar="K",
        help="solve deal K instead (repeatable)",
    )
    parser.add_argument(
        "--preset", choices=sorted(PRESETS), default="vanishing-cross", help="the variant"
    )
    parser.add_argument(
        "--run-move",
        choices=[move.value for move in RunMove],
        help="with sequence moves (§7.1): whole piles, or any top segment",
    )
    parser.add_argument("--seed", type=int, default=0, help="deal k uses derive_seed(S, 'deal', k)")
    parser.add_argument(
        "--max-nodes",
        type=int,
        help=f"the node budget per deal ({DEFAULT_MAX_NODES}; {DEFAULT_MAX_POSITIONS} for the"
        " search by layers and Czarina by ranks)",
    )
    parser.add_argument(
        "--method",
        choices=list(METHODS),
        default="solve",
        help="solve (the default), the search by layers, or Czarina by ranks (proofs of loss)",
    )
    parser.add_argument(
        "--max-seconds",
        type=float,
        help="and a budget of CPU seconds per deal (none; the verdicts then depend on the machine)",
    )
    parser.add_argument(
        "--checkpoints",
        metavar="DIR",
        help="with --method layers: keep each deal's search in DIR and go on from it",
    )
    parser.add_argument(
        "--checkpoint-seconds",
        type=float,
        default=600.0,
        metavar="S",
        help="with --checkpoints: at most every S seconds of CPU (600)",
    )
    parser.add_argument(
        "--workers",
        type=int,
        default=1,
        metavar="W",
        help="with --method layers: each deal's search shared among W processes (1)",
    )
    parser.add_argument(
        "--layers",
        action="store_true",
        help="with --method layers: a line on stderr as each layer of a deal begins",
    )
    parser.add_argument("--jobs", type=int, default=1, help="deals solved in parallel (1)")
    parser.add_argument("--line", action="store_true", help="print each deal's winning line")
    parser.add_argument("--out", help="write each deal's result to this file, one JSON line")
    parser.add_argument(
        "--resume", action="store_true", help="go on from the deals already in --out"
    )


Method = Literal["solve", "layers", "ranks"]

METHODS: dict[Method, str] = {
    "solve": "solver",
    "layers": "search by layers",
    "ranks": "Czarina by ranks",
}
"""What ``--method`` runs on each deal (`solve`, `solve_by_layers`, `prove_lost_by_ranks`),
and its name in the report."""


@attrs.frozen
class _Study:
    """What every deal of a study shares."""

    preset: str
    max_nodes: int
    seed: int
    run_move: RunMove | None = None
    """The sequence moves, added to the preset's options."""
    max_seconds: float | None = None
    """The solver's budget of CPU seconds per deal, if any, beside ``max_nodes``."""
    method: Method = "solve"
    """What searches each deal, with ``max_nodes`` as its budget (``--method``)."""

    @property
    def options(self) -> Options:
        return attrs.evolve(PRESETS[self.preset], run_move=self.run_move)

    def __str__(self) -> str:
        moves = "" if self.run_move is None else f" with {self.run_move.value} run moves"
        return f"preset {self.preset}{moves}"


@attrs.frozen
class _Job:
    """A study, where the search by layers keeps each deal's checkpoint (``--checkpoints``),
    among how many processes it is shared (``--workers``) and whether it tells its layers
    (``--layers``): how its deals are searched, not what they are, so a study's file does not
    hold it."""

    study: _Study
    checkpoints: str | None = None
    checkpoint_seconds: float = 600.0
    workers: int = 1
    layers: bool = False

    def checkpoint(self, k: int) -> Path | None:
        """Deal ``k``'s checkpoint file."""
        if self.checkpoints is None:
            return None
        study = self.study
        moves = "" if study.run_move is None else f"-{study.run_move.value}"
        return Path(self.checkpoints, f"{study.preset}{moves}-seed-{study.seed}-deal-{k}.layers")


@attrs.frozen
class _Deal:
    """One deal's results: its line in ``--out``."""

    study: _Study
    index: int
    greedy_won: bool
    outcome: Outcome
    nodes: int
    seconds: float
    """The solver's CPU time (of its process, so the machine's load matters little)."""
    line: str
    """The winning line as text (empty unless won)."""
    replays: bool
    """Whether the line, replayed through `apply`, wins (or there is no line)."""


def _solve_deal(job: _Job, k: int) -> _Deal:
    """Deal ``k``: the greedy player's game, then the solver's verdict, its line checked."""
    study = job.study
    state = new_game(1, seed=derive_seed(study.seed, "deal", k), options=study.options)
    final = play_greedy(state, random.Random(derive_seed(study.seed, "bot", k)))
    started = _cpu()
    result = _verdict(job, state, k)
    seconds = _cpu() - started
    end = state
    for action in result.line:  # every winning line is checked by the rules
        end = apply(end, action)
    line = ", ".join(str(action) for action in result.line)
    replays = is_won(end) or not result.won
    return _Deal(study, k, is_won(final), result.outcome, result.nodes, seconds, line, replays)  # type: ignore[arg-type]


def _verdict(job: _Job, state: State, k: int) -> SolveResult:
    """The study's method on ``state``, deal ``k``."""
    study = job.study
    if study.method == "layers":
        started = time.monotonic()

        def told(turned: int, positions: int, nodes: int) -> None:
            print(
                f"deal {k}: {turned} card{'s' * (turned != 1)} turned, {positions:,} "
                f"position{'s' * (positions != 1)}, {nodes:,} nodes, "
                f"{time.monotonic() - started:,.0f} s",
                file=sys.stderr,
                flush=True,
            )

        return solve_by_layers(
            state,
            max_positions=study.max_nodes,
            checkpoint=job.checkpoint(k),
            checkpoint_seconds=job.checkpoint_seconds,
            workers=job.workers,
            on_layer=told if job.layers else None,
        )
    if study.method == "ranks":
        return prove_lost_by_ranks(state, max_positions=study.max_nodes)
    return solve(state, max_nodes=study.max_nodes, max_seconds=study.max_seconds)


def _cpu() -> float:
    """The CPU time of this process and of its children ended (the search by layers' shares)."""
    times = os.times()
    return time.process_time() + times.children_user + times.children_system


def _solve_deals(job: _Job, ks: Sequence[int]) -> list[_Deal]:
    """The deals ``ks`` of a study, in a worker."""
    return [_solve_deal(job, k) for k in ks]


def _read_deals(
    out: str | None, resume: bool, study: _Study, deals: Sequence[int]
) -> dict[int, _Deal]:
    """The deals already in ``out`` (`fourgames.arena.results_lines`), each checked to be one
    of this study's ``deals``."""
    from fourgames.arena import read_line, results_lines

    wanted = set(deals)
    done: dict[int, _Deal] = {}
    for where, text in [] if out is None else results_lines(out, resume):
        deal = read_line(text, _Deal, where)
        if deal.study != study or deal.index not in wanted:
            raise ValueError(f"{where} is deal {deal.index} of another study")
        done[deal.index] = deal
    return done


def _problem(args: argparse.Namespace, study: _Study) -> str | None:
    """What is wrong with the arguments, if anything."""
    if args.deal is not None and args.deals is not None:
        return "give --deals or --deal, not both"
    if args.deal is not None and min(args.deal) < 0:
        return "--deal must be at least 0"
    for name, value in (("--deals", args.deals), ("--max-nodes", study.max_nodes),
                        ("--jobs", args.jobs), ("--workers", args.workers)):  # fmt: skip
        if value is not None and value < 1:
            return f"{name} must be at least 1"
    if args.max_seconds is not None and not args.max_seconds > 0:
        return "--max-seconds must be positive"
    if args.max_seconds is not None and study.method != "solve":
        return "--max-seconds is a budget of --method solve alone"
    if args.checkpoints is not None and study.method != "layers":
        return "--checkpoints keeps the search of --method layers alone"
    if args.checkpoints is not None and not Path(args.checkpoints).is_dir():
        return f"--checkpoints {args.checkpoints}: no such directory"
    if args.workers > 1 and study.method != "layers":
        return "--workers shares the search of --method layers alone"
    if args.layers and study.method != "layers":
        return "--layers tells the layers of --method layers alone"
    if not args.checkpoint_seconds >= 0:
        return "--checkpoint-seconds must be at least 0"
    if study.method == "ranks" and not _plays_by_ranks(study.options):
        return "--method ranks plays Czarina with the stock refill and no sequence moves"
    if args.resume and args.out is None:
        return "--resume needs --out"
    return None


def run_solve(args: argparse.Namespace, out: TextIO | None = None) -> int:
    """Play and solve ``args.deals`` deals from deal 0, or the deals ``args.deal``, with the
    method ``args.method``; print the fractions. Returns the exit status.

    With ``--jobs N`` the deals are shared among ``N`` processes (the arena's machinery,
    `fourgames.arena.map_chunks`); the fractions do not depend on it. Every winning line the
    solver returns is replayed through `apply` (status 1 if one fails). ``--out`` gets each
    deal's result as a JSON line as it is found; with ``--resume`` the deals already there
    are read back instead of solved again. With ``--checkpoints`` each deal's search by layers
    is kept in a file there (`solve_by_layers`'s ``checkpoint``) and goes on from it; with
    ``--workers W`` it is shared among ``W`` processes (`solve_by_layers`'s ``workers``), whose
    CPU time counts in the deal's; with ``--layers`` each layer is told on stderr as it begins
    (`solve_by_layers`'s ``on_layer``) instead of the progress bar.
    """
    from fourgames.arena import executor_for, map_chunks, wilson

    out = sys.stdout if out is None else out
    run_move = None if args.run_move is None else RunMove(args.run_move)
    max_nodes = args.max_nodes
    if max_nodes is None:
        max_nodes = DEFAULT_MAX_NODES if args.method == "solve" else DEFAULT_MAX_POSITIONS
    study = _Study(args.preset, max_nodes, args.seed, run_move, args.max_seconds, args.method)
    job = _Job(study, args.checkpoints, args.checkpoint_seconds, args.workers, args.layers)
    problem = _problem(args, study)
    if problem:
        print(f"fourgames solve: {problem}", file=sys.stderr)
        return 2
    chosen = sorted(set(args.deal)) if args.deal else list(range(args.deals or 100))
    deals = len(chosen)
    try:
        done = _read_deals(args.out, args.resume, study, chosen)
    except (ValueError, FormatError) as err:
        print(f"fourgames solve: {err}", file=sys.stderr)
        return 2
    todo = [k for k in chosen if k not in done]
    started = time.monotonic()
    results = list(done.values())
    label = f"solving {study}"
    with contextlib.ExitStack() as stack:
        executor = stack.enter_context(executor_for("process", args.jobs, None))
        lines = (
            None if args.out is None else stack.enter_context(open(args.out, "a", encoding="utf-8"))
        )
        found: Iterable[_Deal] = (
            (_solve_deal(job, k) for k in todo)
            if executor is None
            else map_chunks(_solve_deals, job, todo, executor, chunk=1)
        )
        try:
            for deal in progress(found, total=len(todo), label=label, enabled=not args.layers):
                results.append(deal)
                if lines is not None:
                    lines.write(json.dumps(converter.unstructure(deal), ensure_ascii=False) + "\n")
                    lines.flush()
                if not deal.replays:
                    print(
                        f"fourgames solve: the line for deal {deal.index} does not win",
                        file=sys.stderr,
                    )
                    return 1
                if args.line and deal.outcome is Outcome.WON:
                    print(f"deal {deal.index}: {deal.line}", file=out)
        except ValueError as err:  # a checkpoint damaged or of another position
            print(f"fourgames solve: {err}", file=sys.stderr)
            return 2
    wall = time.monotonic() - started
    which = f"{deals} deals"
    if args.deal:
        which = f"deal{'s' * (deals > 1)} {', '.join(map(str, chosen))}"
    print(
        f"vier-jahreszeiten, {study}: {which} (seed {args.seed}), "
        f"{METHODS[study.method]} budget {max_nodes} nodes"
        f"{'' if args.max_seconds is None else f' or {args.max_seconds:g} s of CPU'} per deal, "
        f"{args.jobs} job(s), "
        f"{'' if args.workers == 1 else f'{args.workers} workers a deal, '}"
        f"solver {'compiled (mypyc)' if SOLVER_COMPILED else 'pure Python'}",
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
        f"  CPU time per deal: median {statistics.median(seconds):.2f} s, "
        f"90% {quantiles[-1]:.2f} s, max {seconds[-1]:.2f} s; "
        f"{nodes} nodes in {sum(seconds):.1f} s of solving, {wall:.1f} s in all",
        file=out,
    )
    return 0
