"""Every registered game, under every preset, passes the conformance suite and has golden files."""

import random
from pathlib import Path
from typing import Any, cast

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import fourgames
from fourgames.testing import check_game
from fourgames.testing.strategies import GameMachine, actions, states

TESTS = Path(__file__).parent


def _cases() -> list[tuple[str, str | None]]:
    """Each game under each distinct set of options it names: every preset, and the defaults
    (None) unless a preset is the defaults; two names for the same options run once."""
    cases: list[tuple[str, str | None]] = []
    for game_id, game in sorted(fourgames.GAMES.items()):
        presets = getattr(game, "PRESETS", {})
        if cast(Any, game).Options() not in presets.values():
            cases.append((game_id, None))
        seen: list[Any] = []
        for name in sorted(presets):
            if presets[name] not in seen:
                seen.append(presets[name])
                cases.append((game_id, name))
    return cases


CASES = _cases()


def _options(game: Any, preset: str | None) -> Any:
    return None if preset is None else game.PRESETS[preset]


@pytest.mark.parametrize(("game_id", "preset"), CASES)
def test_conformance(game_id: str, preset: str | None) -> None:
    game = fourgames.get_game(game_id)
    report = check_game(game, options=_options(game, preset), seeds=range(3))
    assert report.games == 3 * (game.MAX_PLAYERS - game.MIN_PLAYERS + 1)


@pytest.mark.parametrize("game_id", sorted(fourgames.GAMES))
def test_module_exposes_the_contract(game_id: str) -> None:
    game: Any = fourgames.get_game(game_id)
    assert game.GAME_ID == game_id
    names = [
        "MIN_PLAYERS", "MAX_PLAYERS", "RULES_VERSION", "Options", "State", "Observation",
        "Action", "new_game", "legal_actions", "events", "apply", "current_player",
        "is_terminal", "scores", "winners", "observe", "render", "validate", "max_game_length",
        "sample_state",
    ]  # fmt: skip
    assert [name for name in names if not hasattr(game, name)] == []
    assert set(names) - {"Action"} <= set(game.__all__)


@pytest.mark.parametrize("game_id", sorted(fourgames.GAMES))
def test_bad_player_counts_are_value_errors(game_id: str) -> None:
    game = fourgames.get_game(game_id)
    for players in (game.MIN_PLAYERS - 1, game.MAX_PLAYERS + 1):
        with pytest.raises(ValueError, match=str(game.MIN_PLAYERS)):
            game.new_game(players, seed=1)


@pytest.mark.parametrize("game_id", sorted(fourgames.GAMES))
def test_every_game_has_golden_perft_and_playthrough_files(game_id: str) -> None:
    golden = TESTS / game_id.replace("-", "_") / "golden"
    assert list(golden.glob("*.perft")), f"no perft file in {golden}"
    assert list(golden.glob("playthrough*.txt")), f"no playthrough in {golden}"


@pytest.mark.parametrize("game_id", sorted(fourgames.GAMES))
@settings(max_examples=25)
@given(data=st.data())
def test_reachable_states_round_trip_and_refuse_unlisted_actions(
    game_id: str, data: st.DataObject
) -> None:
    game = fourgames.get_game(game_id)
    state = data.draw(states(game, max_plies=120))
    game.validate(state)
    assert fourgames.from_json(fourgames.to_json(state)) == state
    for player in range(len(game.scores(state))):
        observation = game.observe(state, player)
        assert fourgames.from_json(fourgames.to_json(observation)) == observation
    probe = data.draw(actions(game))
    if probe in (*game.legal_actions(state), *game.events(state)):
        game.apply(state, probe)
    else:
        with pytest.raises(fourgames.IllegalActionError):
            game.apply(state, probe)


@pytest.mark.parametrize("game_id", sorted(fourgames.GAMES))
def test_an_action_listed_for_one_state_is_checked_with_another(game_id: str) -> None:
    """`apply` skips the check only for an action object just listed for that very state:
    an action just listed for the state before, illegal now, is refused, and an equal copy of
    a listed action (read from JSON) leads where the listed object does."""
    game = fourgames.get_game(game_id)
    refused = 0
    for seed in range(3):
        state = game.new_game(game.MAX_PLAYERS, seed=seed)
        rng = random.Random(seed)
        before, earlier = state, game.legal_actions(state)
        while listed := game.legal_actions(state):
            stale = [action for action in earlier if not game.is_legal(state, action)]
            if stale:
                game.legal_actions(before)  # the last listing is the state before's
                with pytest.raises(fourgames.IllegalActionError):
                    game.apply(state, stale[0])
                refused += 1
            chosen = rng.choice(game.legal_actions(state))
            copy = fourgames.from_json(fourgames.to_json(chosen))
            after = game.apply(state, chosen)
            assert game.apply(state, copy) == after
            before, earlier, state = state, listed, after
    assert refused > 10


def test_get_game_names_the_known_games() -> None:
    with pytest.raises(KeyError, match="unknown game 'chess'"):
        fourgames.get_game("chess")


def _machine(game_id: str) -> type[GameMachine]:
    namespace = {"game": fourgames.get_game(game_id)}
    machine = cast(type[GameMachine], type(f"{game_id}-machine", (GameMachine,), namespace))
    machine.TestCase.settings = settings(max_examples=15, stateful_step_count=30)
    return machine


for _game_id in sorted(fourgames.GAMES):
    globals()[f"TestMachine_{_game_id.replace('-', '_')}"] = _machine(_game_id).TestCase
