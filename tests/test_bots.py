"""Bots see observations only; play_game and simulate are reproducible from their seed."""

import random
from typing import Any

import pytest

from fourgames import replay
from fourgames.bots import RandomBot, play_game, simulate
from fourgames.testing import reference as match


class _Spy:
    """Records what it was shown and plays the first legal action."""

    def __init__(self) -> None:
        self.seen: list[Any] = []

    def choose(self, observation: Any, legal_actions: tuple[Any, ...], rng: random.Random) -> Any:
        self.seen.append(observation)
        return legal_actions[0]


def test_play_game_shows_each_bot_its_own_observation() -> None:
    spy = _Spy()
    final, record = play_game(match, 2, seed=8, bots=[spy, RandomBot()])
    assert match.is_terminal(final)
    assert spy.seen
    assert all(isinstance(obs, match.Observation) and obs.player == 0 for obs in spy.seen)
    *_, replayed = replay(record, match)
    assert replayed == final


def test_play_game_is_reproducible() -> None:
    assert play_game(match, 3, seed=4) == play_game(match, 3, seed=4)
    assert play_game(match, 3, seed=4)[1] != play_game(match, 3, seed=5)[1]


def test_play_game_needs_one_bot_per_seat() -> None:
    with pytest.raises(ValueError, match="one bot per seat"):
        play_game(match, 3, seed=1, bots=[RandomBot()])


def test_random_bot_ignores_global_random() -> None:
    legal = tuple(range(10))
    first = [RandomBot().choose(None, legal, random.Random(5)) for _ in range(3)]
    random.seed(1)
    assert [RandomBot().choose(None, legal, random.Random(5)) for _ in range(3)] == first


def test_simulate_tallies_wins_scores_and_actions() -> None:
    result = simulate(match, 2, 30, seed=2)
    assert result.games == 30
    assert sum(result.wins) >= 30
    assert result.actions > 30
    assert all(score <= 0 for score in result.mean_scores)
    again = simulate(match, 2, 30, seed=2)
    assert (again.wins, again.score_totals, again.actions) == (
        result.wins,
        result.score_totals,
        result.actions,
    )
    assert "seat   wins" in result.table()
    with pytest.raises(ValueError, match="at least 1"):
        simulate(match, 2, 0)
