"""Bots, and playing whole games with them.

A bot sees only what its seat may know: the observation and the legal actions. It draws any
randomness from the ``random.Random`` it is handed, never from the global one.

>>> import random
>>> from fourgames.testing import reference as match
>>> final, record = play_game(match, 2, seed=1)
>>> match.is_terminal(final), len(record.actions) > 0
(True, True)
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from typing import Any, Protocol

import attrs

from fourgames.protocol import Game
from fourgames.records import Record
from fourgames.shuffle import derive_seed

__all__ = ["Bot", "RandomBot", "SimulationResult", "play_game", "simulate"]


class Bot(Protocol):
    """Anything that picks one of the legal actions from what its seat can see."""

    def choose(self, observation: Any, legal_actions: tuple[Any, ...], rng: random.Random) -> Any:
        """One of ``legal_actions``."""


@attrs.frozen
class RandomBot:
    """Picks uniformly among the legal actions."""

    def choose(self, observation: Any, legal_actions: tuple[Any, ...], rng: random.Random) -> Any:
        """A uniformly random legal action (drawn with ``rng.random()`` only)."""
        return legal_actions[int(rng.random() * len(legal_actions))]


def play_game(
    game: Game[Any, Any],
    players: int,
    *,
    seed: int,
    options: Any | None = None,
    bots: Sequence[Bot] | None = None,
) -> tuple[Any, Record]:
    """Play one whole game with ``bots`` (one per seat; random bots by default).

    Each bot gets ``observe(state, seat)`` and the legal actions and a ``random.Random`` seeded
    from the game seed, so the same seed replays the same game. Events (a timer running out)
    are never applied here: the game's own options (a turn limit) end it.
    Returns the final state and the game's record.
    """
    seats: Sequence[Bot] = [RandomBot()] * players if bots is None else bots
    if len(seats) != players:
        raise ValueError(f"need one bot per seat: {players} seats, {len(seats)} bots")
    state = game.new_game(players, seed=seed, options=options)
    rngs = [random.Random(derive_seed(seed, "bot", seat)) for seat in range(players)]
    actions: list[Any] = []
    while (seat := game.current_player(state)) is not None:
        legal = game.legal_actions(state)
        action = seats[seat].choose(game.observe(state, seat), legal, rngs[seat])
        state = game.apply(state, action)
        actions.append(action)
    return state, Record(game.GAME_ID, players, state.seed, state.options, tuple(actions))


@attrs.frozen
class SimulationResult:
    """What `simulate` measured."""

    game: str
    players: int
    games: int
    actions: int
    """Actions over all games."""
    wins: tuple[int, ...]
    """Games won by each seat (a shared win counts for every winner)."""
    score_totals: tuple[int, ...]
    """Each seat's final score, summed over the games."""
    seconds: float

    @property
    def mean_actions(self) -> float:
        """Actions per game."""
        return self.actions / self.games

    @property
    def mean_scores(self) -> tuple[float, ...]:
        """Each seat's mean final score."""
        return tuple(total / self.games for total in self.score_totals)

    @property
    def games_per_second(self) -> float:
        """Whole games played per second of wall time."""
        return self.games / self.seconds if self.seconds > 0 else float("inf")

    def table(self) -> str:
        """The result as a text table."""
        lines = [
            f"game            {self.game}",
            f"players         {self.players}",
            f"games           {self.games}",
            f"actions/game    {self.mean_actions:.1f}",
            f"games/s         {self.games_per_second:.1f}",
            "",
            "seat   wins   win%   mean score",
        ]
        for seat in range(self.players):
            share = 100 * self.wins[seat] / self.games
            lines.append(
                f"{seat:>4} {self.wins[seat]:>6} {share:>6.1f} {self.mean_scores[seat]:>12.2f}"
            )
        return "\n".join(lines)


def simulate(
    game: Game[Any, Any],
    players: int,
    games: int,
    *,
    seed: int = 0,
    options: Any | None = None,
    bots: Sequence[Bot] | None = None,
    progress: bool = False,
) -> SimulationResult:
    """Play ``games`` games and tally them; game ``k`` uses ``derive_seed(seed, "game", k)``."""
    from fourgames._progress import progress as bar

    if games < 1:
        raise ValueError(f"games must be at least 1, not {games}")
    wins = [0] * players
    totals = [0] * players
    actions = 0
    start = time.perf_counter()
    for k in bar(range(games), total=games, label=game.GAME_ID, enabled=progress):
        final, record = play_game(
            game, players, seed=derive_seed(seed, "game", k), options=options, bots=bots
        )
        actions += len(record.actions)
        for seat in game.winners(final):
            wins[seat] += 1
        for seat, score in enumerate(game.scores(final)):
            totals[seat] += score
    seconds = time.perf_counter() - start
    return SimulationResult(
        game.GAME_ID, players, games, actions, tuple(wins), tuple(totals), seconds
    )
