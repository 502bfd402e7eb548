"""Draw the table of a fresh deal of each game, as player 0 sees it, for the docs' game pages.

Run: python examples/table_pictures.py           # writes docs/games/pictures/GAME.svg
     python examples/table_pictures.py --check   # exit 1 if a committed picture is stale
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

import fourgames
from fourgames.pictures import svg

FOLDER = Path(__file__).resolve().parent.parent / "docs" / "games" / "pictures"
PLAYERS = {"all-fours": 2, "vier-felder": 3, "vier-jahreszeiten": 1, "viereinhalb-minuten": 3}
"""The players at each pictured table, all dealt with seed 1."""


def pictures() -> dict[Path, str]:
    """Each game's picture by the file it belongs in."""
    drawn = {}
    for game_id, players in PLAYERS.items():
        game = fourgames.get_game(game_id)
        observation = game.observe(game.new_game(players, seed=1), 0)
        drawn[FOLDER / f"{game_id}.svg"] = svg(game, observation) + "\n"
    return drawn


def main(argv: Sequence[str] | None = None) -> int:
    """Write the pictures, or with ``--check`` compare them with the committed files."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare, do not write")
    args = parser.parse_args(argv)
    stale = 0
    for path, text in pictures().items():
        if args.check:
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                print(f"stale: {path} (run python examples/table_pictures.py)")
                stale += 1
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
            print(f"wrote {path}")
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
