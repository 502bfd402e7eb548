"""Write an OpenSpiel-style transcript of a seeded random game, or regenerate golden ones.

Run: python examples/playthrough.py GAME --players N --seed S [--preset NAME] [--max-actions M]
     python examples/playthrough.py --regenerate [FILE ...]   (default: every golden file)

A changed transcript is a changed rule or renderer: read its diff before committing it.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import fourgames
from fourgames.testing import playthrough, replay_playthrough_file

TESTS = Path(__file__).resolve().parent.parent / "tests"


def main(argv: Sequence[str] | None = None) -> None:
    """Print one transcript, or rewrite golden files from their own headers."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="?")
    parser.add_argument("--players", type=int)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--preset")
    parser.add_argument("--max-actions", type=int, default=200)
    parser.add_argument("--regenerate", nargs="*", metavar="FILE")
    args = parser.parse_args(argv)
    if args.regenerate is not None:
        files = [Path(f) for f in args.regenerate] or sorted(
            TESTS.glob("*/golden/playthrough*.txt")
        )
        for path in files:
            stored, regenerated = replay_playthrough_file(path)
            if stored != regenerated:
                path.write_text(regenerated, encoding="utf-8")
                print(f"rewrote {path}")
        return
    if args.game is None:
        parser.error("name a game, or use --regenerate")
    game: Any = fourgames.get_game(args.game)
    options = None if args.preset is None else game.PRESETS[args.preset]
    players = game.MIN_PLAYERS if args.players is None else args.players
    print(playthrough(game, players, args.seed, options, max_actions=args.max_actions), end="")


if __name__ == "__main__":
    main()
