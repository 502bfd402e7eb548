"""The encodings: every legal action round-trips through its path, the mask marks exactly the
legal actions, and the observation tensor reads nothing but the observation."""

from __future__ import annotations

import random
from typing import Any

import pytest

np = pytest.importorskip("numpy")

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

import fourgames  # noqa: E402
from fourgames.encoding import get_encoding  # noqa: E402
from fourgames.errors import IllegalActionError  # noqa: E402
from tests.adapters.cases import cases  # noqa: E402


def _positions(game: Any, players: int, options: Any, seed: int) -> list[Any]:
    """Every position of one random game."""
    rng = random.Random(seed)
    state = game.new_game(players, seed=seed, options=options)
    out = [state]
    while not game.is_terminal(state):
        state = game.apply(state, rng.choice(game.legal_actions(state)))
        out.append(state)
    return out


@cases
@settings(max_examples=3)
@given(seed=st.integers(0, 2**32 - 1))
def test_every_legal_action_round_trips(
    game_id: str, players: int, options: Any, seed: int
) -> None:
    game = fourgames.get_game(game_id)
    encoding = get_encoding(game_id)
    size = encoding.num_actions(players, options)
    for state in _positions(game, players, options, seed)[:-1]:
        legal = game.legal_actions(state)
        decisions = encoding.decisions(state)
        assert len(decisions.actions) == len(legal)
        for action in legal:
            path = encoding.action_indices(state, action)
            assert all(0 <= index < size for index in path)
            assert decisions.actions[path] == action
        first = {path[0] for path in decisions.actions}
        mask = encoding.legal_action_mask(state)
        assert mask.shape == (size,)
        assert set(np.flatnonzero(mask)) == first


@cases
@settings(max_examples=3)
@given(seed=st.integers(0, 2**32 - 1))
def test_walking_the_mask_reaches_exactly_the_legal_actions(
    game_id: str, players: int, options: Any, seed: int
) -> None:
    game = fourgames.get_game(game_id)
    encoding = get_encoding(game_id)
    rng = random.Random(seed)
    for state in _positions(game, players, options, seed)[:-1:7]:
        path: tuple[int, ...] = ()
        while path not in encoding.decisions(state).actions:
            mask = encoding.legal_action_mask(state, path)
            assert mask.any(), path
            path = (*path, int(rng.choice(np.flatnonzero(mask))))
        action = encoding.index_action(state, path)
        assert game.is_legal(state, action)
        assert not encoding.legal_action_mask(state, path).any()


@cases
def test_an_unmarked_index_or_illegal_action_is_refused(
    game_id: str, players: int, options: Any
) -> None:
    game = fourgames.get_game(game_id)
    encoding = get_encoding(game_id)
    state = game.new_game(players, seed=5, options=options)
    unmarked = int(np.flatnonzero(encoding.legal_action_mask(state) == 0)[0])
    with pytest.raises(IllegalActionError, match="no legal action has the indices"):
        encoding.index_action(state, [unmarked])
    later = _positions(game, players, options, 5)[-1]
    with pytest.raises(IllegalActionError):
        encoding.action_indices(later, game.legal_actions(state)[0])


@cases
@settings(max_examples=3)
@given(seed=st.integers(0, 2**32 - 1))
def test_hidden_cards_cannot_change_the_tensor(
    game_id: str, players: int, options: Any, seed: int
) -> None:
    game = fourgames.get_game(game_id)
    encoding = get_encoding(game_id)
    shape = encoding.observation_shape(players, options)
    rng = random.Random(seed)
    for state in _positions(game, players, options, seed)[::9]:
        seat = rng.randrange(players)
        observation = game.observe(state, seat)
        tensor = encoding.observation_tensor(observation)
        assert tensor.shape == shape
        assert tensor.dtype == np.float32
        other = game.sample_state(observation, rng)
        assert np.array_equal(encoding.observation_tensor(game.observe(other, seat)), tensor)


def test_the_layout_names_every_place_of_the_tensor() -> None:
    layout = get_encoding("vier-felder").observation_layout(3)
    offsets = layout.offsets()
    assert offsets["hand"] == slice(6, 58)
    assert sum(s.stop - s.start for s in offsets.values()) == layout.size == 682 + 58 * 3
    assert layout.describe().splitlines()[0].split() == ["player", "0:3"]


def test_a_tensor_shows_the_hand() -> None:
    game = fourgames.get_game("all-fours")
    encoding = get_encoding("all-fours")
    observation = game.observe(game.new_game(2, seed=3), 1)
    tensor = encoding.observation_tensor(observation)
    hand = tensor[encoding.observation_layout(2).offsets()["hand"]]
    assert int(hand.sum()) == len(observation.hand) == 6


def test_an_unknown_game_has_no_encoding() -> None:
    with pytest.raises(KeyError, match="encoded games: all-fours"):
        get_encoding("chess")
