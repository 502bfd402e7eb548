"""The strength ladder: bots of the registry against each other, with 95% intervals.

Competitive games: every pair of bots meets on the same deals, the first bot in each seat (or
side, where partners share one) in turn and the second in the others, so every deal is played
with the seats swapped and luck of the deal cancels out. A game counts 1 for the bot whose
seat is among the winners alone, ½ each when both are. The cooperative game (4½ Minuten):
each bot plays as the whole team; the team's win rate and mean penalty, and the mean
difference of each later bot's score from the first bot's on the same deals. The solitaire:
each bot plays every deal; its win rate (and the differences, as there). Win rates carry
Wilson 95% intervals, means a normal 95% interval, and every bot's CPU time per move (a move
with a choice) is printed beside its figures.

Run: python examples/bot_strength.py GAME [--players N] [--deals N] [--seed S] [SPEC ...]
(specs as `fourgames.bots.get_bot` reads them, e.g. ``random heuristic ismcts:iterations=200``)
"""

from __future__ import annotations

import argparse
import itertools
import random
import time
from collections.abc import Sequence
from typing import Any

import attrs

import fourgames
from fourgames.arena import mean_interval, sides, wilson
from fourgames.bots import Bot, get_bot, play_game
from fourgames.shuffle import derive_seed


@attrs.define
class Timed:
    """A bot whose moves are counted and timed in CPU time (``time.process_time``), which a
    loaded machine does not inflate; a move with one legal action is not a decision and is
    not counted."""

    bot: Bot
    moves: int = 0
    seconds: float = 0.0

    def choose(self, observation: Any, legal_actions: tuple[Any, ...], rng: random.Random) -> Any:
        """The bot's choice, timed."""
        if len(legal_actions) == 1:
            return self.bot.choose(observation, legal_actions, rng)
        start = time.process_time()
        try:
            return self.bot.choose(observation, legal_actions, rng)
        finally:
            self.seconds += time.process_time() - start
            self.moves += 1

    @property
    def per_move(self) -> str:
        """Mean CPU time per decision, as text."""
        return f"{1e3 * self.seconds / max(1, self.moves):.2f} ms/move"


def head_to_head(
    game: Any, players: int, specs: tuple[str, str], deals: int, seed: int, options: Any
) -> str:
    """The line of one pairing: the first bot's score share over every deal and side."""
    first, second = (Timed(get_bot(spec, game)) for spec in specs)
    points = 0.0
    games = 0
    for deal in range(deals):
        deal_seed = derive_seed(seed, "deal", deal)
        for side in sides(game, players):
            seats: list[Bot] = [first if seat in side else second for seat in range(players)]
            final, _ = play_game(game, players, seed=deal_seed, options=options, bots=seats)
            won = game.winners(final)
            mine, theirs = bool(won & set(side)), bool(won - set(side))
            points += 1.0 if mine and not theirs else 0.5 if mine else 0.0
            games += 1
    low, high = wilson(points, games)
    return (
        f"{specs[0]:>28} vs {specs[1]:<28} {100 * points / games:6.1f}%"
        f"  [{100 * low:5.1f}, {100 * high:5.1f}]  {games:>5} games"
        f"  {first.per_move} / {second.per_move}"
    )


def team(
    game: Any, players: int, spec: str, deals: int, seed: int, options: Any
) -> tuple[str, list[float]]:
    """The line of one bot playing every seat: win rate and mean score; and the scores."""
    bot = Timed(get_bot(spec, game))
    wins = 0
    scores: list[float] = []
    for deal in range(deals):
        final, _ = play_game(
            game,
            players,
            seed=derive_seed(seed, "deal", deal),
            options=options,
            bots=[bot] * players,
        )
        wins += bool(game.winners(final))
        scores.append(game.scores(final)[0])
    low, high = wilson(wins, deals)
    mean, mean_low, mean_high = mean_interval(scores)
    line = (
        f"{spec:>28}  won {100 * wins / deals:6.1f}%  [{100 * low:5.1f}, {100 * high:5.1f}]"
        f"  mean score {mean:8.2f}  [{mean_low:8.2f}, {mean_high:8.2f}]"
        f"  {deals:>5} games  {bot.per_move}"
    )
    return line, scores


def difference(spec: str, scores: Sequence[float], first: str, theirs: Sequence[float]) -> str:
    """The line of one bot's mean score over the first bot's on the same deals, with the 95%
    interval of that paired difference."""
    gains = [mine - other for mine, other in zip(scores, theirs, strict=True)]
    mean, low, high = mean_interval(gains)
    return f"{spec:>28}  minus {first}: {mean:+8.2f}  [{low:+8.2f}, {high:+8.2f}]  same deals"


def main(argv: Sequence[str] | None = None) -> None:
    """Play the ladder and print it."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=sorted(fourgames.GAMES))
    parser.add_argument("specs", nargs="*", help="bot specs (default: random heuristic)")
    parser.add_argument("--players", type=int, help="seats (default: the fewest the game has)")
    parser.add_argument("--deals", type=int, default=100, help="deals per pairing (default 100)")
    parser.add_argument("--seed", type=int, default=2026, help="seed of the deals")
    parser.add_argument("--preset", help="the game's preset (default: its rulebook)")
    args = parser.parse_intermixed_args(argv)
    game = fourgames.get_game(args.game)
    players = args.players or game.MIN_PLAYERS
    options = game.INFO.presets[args.preset] if args.preset else None
    specs = args.specs or ["random", "heuristic"]
    print(f"{game.INFO.name}, {players} players, {args.deals} deals, seed {args.seed}")
    if players == 1 or game.INFO.cooperative:
        played = [team(game, players, spec, args.deals, args.seed, options) for spec in specs]
        for line, _ in played:
            print(line)
        for spec, (_, scores) in zip(specs[1:], played[1:], strict=True):
            print(difference(spec, scores, specs[0], played[0][1]))
        return
    for pair in itertools.combinations(specs, 2):
        print(head_to_head(game, players, pair, args.deals, args.seed, options))


if __name__ == "__main__":
    main()
