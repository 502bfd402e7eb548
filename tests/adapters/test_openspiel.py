"""The OpenSpiel games pass OpenSpiel's own random simulation test for every game and player
count, OpenSpiel's MCTS plays a whole game, and resampling keeps what the player knows."""

from __future__ import annotations

import pickle
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")

import numpy as np  # noqa: E402
from open_spiel.python.algorithms import mcts  # noqa: E402

import fourgames.adapters.openspiel  # noqa: E402, F401
from fourgames.adapters.openspiel import short_name  # noqa: E402
from tests.adapters.cases import cases  # noqa: E402


def _load(game_id: str, players: int, options: Any) -> Any:
    params: dict[str, Any] = {"players": players}
    if options is not None:
        params["preset"] = "simplicity"
    return pyspiel.load_game(short_name(game_id), params)


@cases
def test_random_sim_test_passes(game_id: str, players: int, options: Any) -> None:
    pyspiel.random_sim_test(_load(game_id, players, options), 1, True, False)


def test_mcts_plays_a_whole_game() -> None:
    game = pyspiel.load_game("fourgames_all_fours", {"players": 2})
    rng = np.random.RandomState(3)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = mcts.MCTSBot(game, 1.4, 4, evaluator, random_state=rng)
    state = game.new_initial_state()
    state.apply_action(11)
    moves = 0
    while not state.is_terminal():
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        moves += 1
    assert moves > 20
    assert sorted(state.returns()) in ([0.0, 1.0], [1.0, 1.0])


def test_resampling_keeps_what_the_player_knows() -> None:
    game = pyspiel.load_game("fourgames_all_fours", {"players": 2})
    state = game.new_initial_state()
    for action in (5, 0):
        state.apply_action(action)
    draws = iter(np.linspace(0.05, 0.95, 8))
    hands = set()
    for _ in range(8):
        sample = state.resample_from_infostate(0, lambda: next(draws))
        assert sample.information_state_string(0) == state.information_state_string(0)
        assert sample.observation_string(0) == state.observation_string(0)
        hands.add(sample.table.state.hands[1])
    assert len(hands) > 1


def test_a_state_and_the_game_serialize() -> None:
    game = pyspiel.load_game("fourgames_vier_felder", {"players": 3})
    state = game.new_initial_state()
    state.apply_action(9)
    for _ in range(12):
        state.apply_action(state.legal_actions()[-1])
    again = game.deserialize_state(state.serialize())
    assert str(again) == str(state)
    assert again.information_state_string(1) == state.information_state_string(1)
    copied = pickle.loads(pickle.dumps(game))
    assert copied.num_distinct_actions() == game.num_distinct_actions() == 158


def test_bad_parameters_are_refused() -> None:
    with pytest.raises(ValueError, match="unknown preset 'fast'"):
        pyspiel.load_game("fourgames_all_fours", {"preset": "fast"})
    with pytest.raises(ValueError, match="players"):
        pyspiel.load_game("fourgames_all_fours", {"players": 7})
