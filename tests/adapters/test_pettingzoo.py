"""The PettingZoo environments pass PettingZoo's own checkers for every game and player count."""

from __future__ import annotations

import random
from typing import Any

import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test

from fourgames import vier_felder
from fourgames.adapters.pettingzoo import env
from fourgames.errors import IllegalActionError
from tests.adapters.cases import cases


@cases
def test_api_test_passes(game_id: str, players: int, options: Any) -> None:
    api_test(env(game_id, players, options), num_cycles=300)


@cases
def test_seed_test_passes(game_id: str, players: int, options: Any) -> None:
    seed_test(lambda: env(game_id, players, options), num_cycles=100)


def test_a_whole_game_ends_with_the_winners_rewarded() -> None:
    table = env("vier-felder", 3, options=vier_felder.Options(target_score=3), render_mode="ansi")
    table.reset(seed=4)
    rng = random.Random(4)
    returns = dict.fromkeys(table.possible_agents, 0.0)
    for agent in table.agent_iter():
        observation, reward, termination, truncation, _ = table.last()
        returns[agent] += reward
        if termination or truncation:
            table.step(None)
            continue
        table.step(rng.choice(observation["action_mask"].nonzero()[0]))
    final = table.table.state
    winners = vier_felder.winners(final)
    assert vier_felder.is_terminal(final)
    assert winners
    assert returns == {f"player_{seat}": float(seat in winners) for seat in range(3)}
    assert "f0" in (table.render() or "")


def test_an_illegal_index_is_refused() -> None:
    table = env("all-fours", 2)
    table.reset(seed=1)
    observation, *_ = table.last()
    illegal = int((observation["action_mask"] == 0).nonzero()[0][0])
    with pytest.raises(IllegalActionError, match="is not legal now"):
        table.step(illegal)
