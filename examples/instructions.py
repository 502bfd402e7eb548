"""CPU instructions per decision of random playouts, counted by valgrind's callgrind.

Wall time on a shared machine drifts by a third from one minute to the next; instruction
counts do not. Each row runs this Python twice under callgrind, once playing no game and once
``--games`` seeded games (the games and random choices of ``benchmark.py``), and divides the
difference by the decisions played. Both runs first play one warm-up game of another seed, so
that first-use costs (imports on first call, caches filled once) fall out of the difference,
and run numerical libraries on one thread, whose idle threads would otherwise spin a count
that differs from run to run. Needs ``valgrind`` on the PATH; a row takes 10–60 s.

With ``--unchecked`` the decisions use ``apply_unchecked`` (see ``benchmark.py``). With RLCard
installed (the ``bench`` extra) its UNO engine gets a row and a ``× uno`` column too.

Run: python examples/instructions.py [--games N] [--unchecked] [GAME ...]
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Sequence
from typing import Any

from benchmark import play, uno_playout

import fourgames
from fourgames.testing import reference

WARM_UP = 1_000_000
"""The number of the game each run plays first, uncounted."""

ONE_THREAD = dict.fromkeys(("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"), "1")


def game_named(game_id: str) -> Any:
    """A registered game, or Match for ``"match"``."""
    return reference if game_id == "match" else fourgames.get_game(game_id)


def instructions(
    game_id: str, players: int, games: int, *, unchecked: bool = False
) -> tuple[int, int]:
    """(instructions, decisions) of ``games`` playouts, the cost of starting up subtracted."""
    counts = []
    decisions = 0
    for number in (0, games):
        run = subprocess.run(
            [
                "valgrind",
                "--tool=callgrind",
                "--callgrind-out-file=/dev/null",
                sys.executable,
                __file__,
                "--play",
                game_id,
                str(players),
                str(number),
                *(["--unchecked"] if unchecked else []),
            ],
            capture_output=True,
            text=True,
            check=True,
            env={**os.environ, "PYTHONHASHSEED": "0", **ONE_THREAD},
        )
        found = re.search(r"Collected : (\d+)", run.stderr)
        if found is None:
            raise RuntimeError(f"no instruction count from valgrind:\n{run.stderr}")
        counts.append(int(found.group(1)))
        decisions = int(run.stdout)
    return counts[1] - counts[0], decisions


def main(argv: Sequence[str] | None = None) -> None:
    """Count and print the table (or, with ``--play``, play the games of one run)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="game ids (default: all registered games)")
    parser.add_argument("--games", type=int, default=20, dest="count", help="games per row")
    parser.add_argument(
        "--unchecked", action="store_true", help="decide with apply_unchecked, not apply"
    )
    parser.add_argument("--play", nargs=3, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.play:
        game_id, players, count = args.play
        if game_id == "rlcard-uno":
            uno = uno_playout()
            assert uno is not None
            uno(WARM_UP)
            print(sum(uno(number)[0] for number in range(int(count))))
            return
        game = game_named(game_id)
        play(game, int(players), None, WARM_UP, unchecked=args.unchecked)
        print(
            sum(
                play(game, int(players), None, number, unchecked=args.unchecked)[0]
                for number in range(int(count))
            )
        )
        return
    if shutil.which("valgrind") is None:
        parser.error("valgrind is not installed")
    chosen = args.games or sorted(fourgames.GAMES)
    unknown = [game_id for game_id in chosen if game_id not in fourgames.GAMES]
    if unknown:
        parser.error(f"unknown games {unknown}; known: {', '.join(sorted(fourgames.GAMES))}")

    with_uno = importlib.util.find_spec("rlcard") is not None
    rows = [("match", 2), *([("rlcard-uno", 2)] if with_uno else [])]
    for game_id in chosen:
        game = fourgames.get_game(game_id)
        rows += [(game_id, players) for players in range(game.MIN_PLAYERS, game.MAX_PLAYERS + 1)]
    uno_column = f" {'× uno':>8}" if with_uno else ""
    print(f"{'playouts':<36} {'instructions/decision':>22} {'× match':>8}{uno_column}")
    match = uno_cost = 0.0
    for game_id, players in rows:
        total, decisions = instructions(game_id, players, args.count, unchecked=args.unchecked)
        per_decision = total / decisions
        match = match or per_decision
        if game_id == "rlcard-uno":
            uno_cost = per_decision
        label = {"match": "match (reference)", "rlcard-uno": "rlcard uno (reference)"}.get(
            game_id, game_id
        )
        ratios = f"{per_decision / match:>8.2f}" + (
            f" {per_decision / uno_cost:>8.2f}" if uno_cost else ""
        )
        print(f"{label + f', {players} players':<36} {per_decision:>22,.0f} {ratios}")


if __name__ == "__main__":
    main()
