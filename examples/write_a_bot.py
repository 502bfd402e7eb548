"""A bot that sees only its observation and the legal actions, pitted against random bots.

The bot below prefers actions whose text comes first alphabetically: silly, but it shows the
whole shape. Replace ``choose`` with your strategy; it never sees the full state.

Run: python examples/write_a_bot.py [GAME] [GAMES]
"""

from __future__ import annotations

import random
import sys
from typing import Any

import fourgames
from fourgames.bots import Bot, RandomBot, simulate
from fourgames.testing import reference


class FirstInLineBot:
    """Plays the legal action whose text sorts first; ties never happen (actions are unique)."""

    def choose(self, observation: Any, legal_actions: tuple[Any, ...], rng: random.Random) -> Any:
        """Pick from what the seat can see: the observation and the legal actions."""
        return min(legal_actions, key=str)


def main(game_id: str | None = None, games: int = 200) -> None:
    """Seat the bot at 0 and random bots elsewhere; print the result table."""
    game = fourgames.get_game(game_id) if game_id else reference
    fourgames.register_game(game)
    players = game.MIN_PLAYERS
    bots: list[Bot] = [FirstInLineBot(), *[RandomBot()] * (players - 1)]
    result = simulate(game, players, games, seed=1, bots=bots)
    print(result.table())


if __name__ == "__main__":
    main(
        sys.argv[1] if len(sys.argv) > 1 else None,
        int(sys.argv[2]) if len(sys.argv) > 2 else 200,
    )
