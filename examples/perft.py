"""Count action sequences (perft) from a seeded deal, or check a golden perft file.

Run: python examples/perft.py GAME --players N --seed S --depth D [--preset NAME] [--divide]
     python examples/perft.py GAME --check FILE [--max-nodes N]
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence
from typing import Any

import fourgames
from fourgames.testing import divide, perft, read_perft_file


def main(argv: Sequence[str] | None = None) -> None:
    """Print a count (or a divide table), or check every entry of a perft file."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="?")
    parser.add_argument("--players", type=int)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--preset")
    parser.add_argument("--depth", type=int, default=2)
    parser.add_argument("--divide", action="store_true")
    parser.add_argument("--check", metavar="FILE")
    parser.add_argument("--max-nodes", type=int, default=10**6)
    args = parser.parse_args(argv)
    if args.check:
        for case in read_perft_file(args.check):
            checked: Any = fourgames.get_game(args.game or case.setup["game"])
            state = case.state(checked)
            for depth, expected in case.counts:
                if expected > args.max_nodes:
                    continue
                got = perft(checked, state, depth)
                verdict = "ok" if got == expected else f"FAILED (got {got})"
                print(f"{case.id} perft {depth} {expected} {verdict}")
        return
    if args.game is None:
        parser.error("name a game, or use --check FILE")
    game: Any = fourgames.get_game(args.game)
    players = game.MIN_PLAYERS if args.players is None else args.players
    options = None if args.preset is None else game.PRESETS[args.preset]
    state = game.new_game(players, seed=args.seed, options=options)
    start = time.perf_counter()
    if args.divide:
        for text, count in divide(game, state, args.depth):
            print(f"{text}: {count}")
    else:
        print(perft(game, state, args.depth))
    print(f"({time.perf_counter() - start:.2f} s)")


if __name__ == "__main__":
    main()
