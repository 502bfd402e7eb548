"""The Gymnasium environments pass Gymnasium's own checker for every game and player count."""

from __future__ import annotations

from typing import Any

import pytest

gymnasium = pytest.importorskip("gymnasium")

import numpy as np  # noqa: E402
from gymnasium.utils.env_checker import check_env  # noqa: E402

from fourgames.adapters.gymnasium import FourGamesEnv, env_id  # noqa: E402
from tests.adapters.cases import cases  # noqa: E402


@cases
@pytest.mark.parametrize("opponents", ["heuristic", "random"])
def test_check_env_passes(game_id: str, players: int, options: Any, opponents: str) -> None:
    made = gymnasium.make(env_id(game_id), players=players, options=options, opponents=opponents)
    check_env(made.unwrapped)


def test_the_solitaire_is_made_by_its_id() -> None:
    made = gymnasium.make("fourgames/vier-jahreszeiten-v0", render_mode="ansi")
    observation, _ = made.reset(seed=3)
    assert observation.shape == made.observation_space.shape
    assert "stock" in made.render().lower()


def test_a_whole_game_against_random_bots() -> None:
    made = FourGamesEnv("all-fours", 3, opponents="random", seat=1)
    _, info = made.reset(seed=7)
    over, steps, reward = False, 0, 0.0
    while not over:
        assert made.table.to_move() == 1
        legal = info["action_mask"].nonzero()[0]
        _, reward, over, truncated, info = made.step(legal[0])
        assert not truncated
        steps += 1
    final = made.table.state
    assert made.table.game.is_terminal(final)
    assert reward == float(1 in made.table.game.winners(final))
    assert steps >= 6


def test_an_unmarked_index_ends_the_episode_with_a_penalty() -> None:
    made = FourGamesEnv("all-fours", 2)
    _, info = made.reset(seed=1)
    illegal = int((info["action_mask"] == 0).nonzero()[0][0])
    _, reward, over, _, info = made.step(np.int64(illegal))
    assert (reward, over, info["illegal_action"]) == (-1.0, True, True)


def test_a_bad_seat_or_opponent_is_refused() -> None:
    with pytest.raises(ValueError, match=r"seat must be 0\.\.1"):
        FourGamesEnv("all-fours", 2, seat=2)
    with pytest.raises(ValueError, match="nobody"):
        FourGamesEnv("all-fours", 2, opponents="nobody")
