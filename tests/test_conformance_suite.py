"""check_game itself: it passes a correct game and fails loudly on each kind of broken one."""

import random
from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

import attrs
import pytest

from fourgames import IllegalActionError
from fourgames.testing import ConformanceError, check_game, divide, perft, read_perft_file
from fourgames.testing import reference as match


def test_the_reference_game_passes() -> None:
    report = check_game(match, seeds=range(3))
    assert report.players == (2, 3, 4)
    assert report.games == 9
    assert report.actions > 100
    assert report.states > report.games


def _broken(**overrides: Callable[..., Any]) -> Any:
    """The reference game with some functions replaced (a module look-alike)."""
    names = {name: getattr(match, name) for name in match.__all__}
    return SimpleNamespace(**{**names, **overrides})


def _duplicated(state: match.State) -> tuple[match.Action, ...]:
    legal = match.legal_actions(state)
    return legal + legal[:1]


_calls = [0]


def _shuffled_order(state: match.State) -> tuple[match.Action, ...]:
    _calls[0] += 1
    legal = match.legal_actions(state)
    return legal[::-1] if _calls[0] % 2 and len(legal) > 1 else legal


def _listed_but_refused(state: match.State) -> tuple[match.Action, ...]:
    legal = match.legal_actions(state)
    return (*legal, match.Pass()) if legal and match.Pass() not in legal else legal


def _never_ends(state: match.State) -> tuple[match.Action, ...]:
    return match.legal_actions(state) or (match.Pass(),)


def _accepts_anything(state: match.State, action: Any) -> match.State:
    try:
        return match.apply(state, action)
    except IllegalActionError:
        return state


def _crashes_on_junk(state: match.State, action: Any) -> match.State:
    return match.apply(state, action) if hasattr(action, "__attrs_attrs__") else action.card


def _mutating_apply(state: match.State, action: match.Action) -> match.State:
    after = match.apply(state, action)
    object.__setattr__(state, "passes", state.passes + 1)
    return after


def _invalid_successor(state: match.State, action: match.Action) -> match.State:
    after = match.apply(state, action)
    return attrs.evolve(after, pile=after.pile + after.pile[:1])


def _wrong_scores(state: match.State) -> tuple[int, ...]:
    return (0,)


def _early_winners(state: match.State) -> frozenset[int]:
    return frozenset({0})


def _peeking_observation(state: match.State, player: int) -> Any:
    return object()


def _no_bound(players: int, options: match.Options) -> int:
    return 3


def _accepts_look_alikes(state: match.State, action: Any) -> match.State:
    if type(action).__name__.endswith("LookAlike"):
        return state
    return match.apply(state, action)


def _crashing_validate(state: match.State) -> None:
    if state.to_move + 0 < 0 or len(state.pile) < 0:
        return
    match.validate(state)


def _tells_no_scores(state: match.State, player: int) -> match.Observation:
    return attrs.evolve(match.observe(state, player), scores=())


def _sample_of_another_deal(observation: match.Observation, rng: random.Random) -> match.State:
    return match.new_game(len(observation.hand_sizes), seed=int(rng.random() * 100))


def _invalid_sample(observation: match.Observation, rng: random.Random) -> match.State:
    return attrs.evolve(match.sample_state(observation, rng), passes=9)


def _unseeded_sample(observation: match.Observation, rng: random.Random) -> match.State:
    return match.sample_state(observation, random.Random())


def _samples_anything(observation: Any, rng: random.Random) -> match.State:
    if isinstance(observation, match.Observation):
        return match.sample_state(observation, rng)
    return match.new_game(2, seed=0)


def _random_deal(players: int, *, seed: int | None = None, options: Any = None) -> match.State:
    _calls[0] += 1
    return match.new_game(players, seed=(seed or 0) + _calls[0], options=options)


@pytest.mark.parametrize(
    ("overrides", "check"),
    [
        ({"legal_actions": _duplicated}, "duplicates"),
        ({"legal_actions": _shuffled_order}, "order"),
        ({"legal_actions": _listed_but_refused}, "listed action refused"),
        ({"legal_actions": _never_ends}, "terminal"),
        ({"apply": _accepts_anything}, "rejection"),
        ({"apply": _crashes_on_junk}, "rejection"),
        ({"apply": _mutating_apply}, "apply mutated its input"),
        ({"apply": _invalid_successor}, "invalid successor"),
        ({"scores": _wrong_scores}, "scores"),
        ({"winners": _early_winners}, "winners"),
        ({"observe": _peeking_observation}, "observation: observe gave a object"),
        ({"max_game_length": _no_bound}, "length"),
        ({"new_game": _random_deal}, "determinism"),
        ({"events": lambda state: match.legal_actions(state)[:1]}, "events"),
        ({"apply": _accepts_look_alikes}, r"rejection: \w+LookAlike"),
        ({"check": lambda state, action: None}, "check accepts"),
        ({"is_legal": lambda state, action: True}, "is_legal"),
        ({"parse_action": lambda text: match.Draw()}, "parse_action"),
        ({"find_action": lambda state, text: match.Draw()}, "find_action"),
        ({"validate": _crashing_validate}, "validate"),
        ({"observe": _tells_no_scores}, "observation: player, to_move or scores"),
        ({"INFO": attrs.evolve(match.INFO, max_players=9)}, "INFO disagrees"),
        ({"sample_state": _sample_of_another_deal}, "sample_state: player 0 sees the sample"),
        ({"sample_state": _invalid_sample}, "sample_state: invalid for player 0"),
        ({"sample_state": _unseeded_sample}, "sample_state: the same seed sampled two"),
        ({"sample_state": _samples_anything}, "sample_state: given a State, sampled a state"),
    ],
)
def test_each_broken_promise_is_caught(overrides: dict[str, Any], check: str) -> None:
    broken = _broken(**overrides)
    with pytest.raises((ConformanceError, TypeError), match=check):
        check_game(broken, players=(2,), seeds=range(2))


def test_a_replay_that_diverges_is_caught() -> None:
    def apply_by_turn_count(state: match.State, action: match.Action) -> match.State:
        after = match.apply(state, action)
        _calls[0] += 1
        return after if _calls[0] < 50 else attrs.evolve(after, seed=after.seed + _calls[0])

    with pytest.raises(ConformanceError, match=r"replay|determinism|mutated|leads elsewhere"):
        check_game(_broken(apply=apply_by_turn_count), players=(2,), seeds=range(1))


def test_perft_and_divide_agree() -> None:
    state = match.new_game(2, seed=3)
    assert perft(match, state, 0) == 1
    assert perft(match, state, 1) == len(match.legal_actions(state))
    rows = divide(match, state, 3)
    assert sum(count for _, count in rows) == perft(match, state, 3)
    assert [text for text, _ in rows] == [str(a) for a in match.legal_actions(state)]


def test_read_perft_file(tmp_path: Any) -> None:
    path = tmp_path / "match.perft"
    path.write_text(
        '# Match\nid two-seed-3\nsetup {"players": 2, "seed": 3, "options": {}}\n'
        'perft 1 2  # a comment\nperft 2 5\n\nid three\nsetup {"players": 3, "seed": 1}\n'
        "perft 1 3\n",
        encoding="utf-8",
    )
    first, second = read_perft_file(path)
    assert first.id == "two-seed-3"
    assert first.setup == {"players": 2, "seed": 3, "options": {}}
    assert first.counts == ((1, 2), (2, 5))
    assert second.counts == ((1, 3),)
    path.write_text("frobnicate 1\n", encoding="utf-8")
    with pytest.raises(ValueError, match="unknown perft line"):
        read_perft_file(path)
