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


# --- The registry --------------------------------------------------------------------------------


def test_get_bot_reads_a_name_and_typed_parameters() -> None:
    from fourgames.bots import BOTS, bot_names, get_bot
    from fourgames.search import ISMCTSBot, PIMCBot

    assert bot_names() == sorted(BOTS)
    assert {"random", "heuristic", "ismcts", "pimc"} <= set(bot_names())
    assert get_bot("random", match) == RandomBot()
    assert get_bot(" ismcts ", match) == ISMCTSBot(match)
    assert get_bot("ismcts:iterations=400", match) == ISMCTSBot(match, iterations=400)
    assert get_bot("ismcts:seconds=0.2,c=0.7", match) == ISMCTSBot(match, seconds=0.2, c=0.7)
    assert get_bot("ismcts:c=1", match) == ISMCTSBot(match, c=1.0)
    assert get_bot("pimc:worlds=20, rollouts=10", match) == PIMCBot(match, worlds=20, rollouts=10)
    assert get_bot("pimc:rollout=random", match) == PIMCBot(match, rollout=RandomBot())
    assert get_bot("ismcts:seconds=none", match) == ISMCTSBot(match)


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("chess", "unknown bot 'chess'.*known bots: heuristic, ismcts, pimc, random"),
        ("ismcts:foo=1", "no parameter 'foo'; parameters: iterations, seconds, c"),
        ("ismcts:iterations", "key=value"),
        ("ismcts:", "key=value"),
        ("ismcts:iterations=1,iterations=2", "given twice"),
        ("ismcts:iterations=0.5", "iterations takes int | None, not '0.5'"),
        ("ismcts:iterations=many", "iterations takes int | None"),
        ("ismcts:c=x", "c takes float, not 'x'"),
        ("ismcts:iterations=0", "at least 1"),
        ("ismcts:seconds=-1", "must be positive"),
        ("pimc:score_weight=2", "between 0 and 1"),
        ("pimc:rollout=chess", "unknown bot 'chess'"),
        ("pimc:rollout=ismcts:iterations=2", "takes a bot's name"),
        ("random:x=1", "parameters: none"),
        ("heuristic", "match has no heuristic bot"),
    ],
)
def test_bad_bot_specs_say_what_is_known(spec: str, message: str) -> None:
    from fourgames.bots import get_bot

    with pytest.raises(ValueError, match=message):
        get_bot(spec, match)


def test_heuristic_is_the_game_modules_heuristic_bot() -> None:
    import types

    import attrs

    from fourgames.bots import get_bot

    @attrs.frozen
    class HeuristicBot:
        depth: int = 1

        def choose(self, observation: Any, legal: tuple[Any, ...], rng: random.Random) -> Any:
            return legal[0]

    game: Any = types.SimpleNamespace(GAME_ID="toy", HeuristicBot=HeuristicBot)
    assert get_bot("heuristic", game) == HeuristicBot()
    assert get_bot("heuristic:depth=3", game) == HeuristicBot(3)
    with pytest.raises(ValueError, match="no parameter 'width'; parameters: depth"):
        get_bot("heuristic:width=3", game)


def test_register_bot_adds_a_users_bot() -> None:
    from fourgames.bots import BOTS, bot_names, get_bot, register_bot

    class Cautious:
        def __init__(self, game: Any, prefer: str = "draw") -> None:
            self.game, self.prefer = game, prefer

        def choose(self, observation: Any, legal: tuple[Any, ...], rng: random.Random) -> Any:
            return next((a for a in legal if str(a) == self.prefer), legal[0])

    def last(offset: int = 0) -> Any:
        class Last:
            def choose(self, observation: Any, legal: tuple[Any, ...], rng: random.Random) -> Any:
                return legal[-1 - offset]

        return Last()

    register_bot("cautious", Cautious)
    register_bot("last", last)
    try:
        assert "cautious" in bot_names()
        bot: Any = get_bot("cautious:prefer=pass", match)
        assert (bot.game, bot.prefer) == (match, "pass")
        assert get_bot("last:offset=0", match).choose(None, (1, 2), random.Random(0)) == 2
        with pytest.raises(ValueError, match="offset takes int"):
            get_bot("last:offset=x", match)
        with pytest.raises(ValueError, match="a bot name"):
            register_bot("two words", last)
        result = simulate(match, 2, 3, seed=1, bots={1: "cautious"})
        assert result.games == 3
    finally:
        del BOTS["cautious"], BOTS["last"]


def test_simulate_and_play_game_take_specs_per_seat() -> None:
    from fourgames.search import ISMCTSBot

    by_spec = simulate(match, 2, 4, seed=3, bots=["ismcts:iterations=5", "random"])
    by_object = simulate(match, 2, 4, seed=3, bots=[ISMCTSBot(match, iterations=5), RandomBot()])
    by_seat = simulate(match, 2, 4, seed=3, bots={0: "ismcts:iterations=5"})
    assert by_spec.wins == by_object.wins == by_seat.wins
    assert by_spec.score_totals == by_object.score_totals == by_seat.score_totals
    assert simulate(match, 2, 4, seed=3, bots={}).wins == simulate(match, 2, 4, seed=3).wins
    assert play_game(match, 2, seed=2, bots=["random", "random"]) == play_game(match, 2, seed=2)
    with pytest.raises(ValueError, match="no seat 2"):
        simulate(match, 2, 1, bots={2: "random"})
    with pytest.raises(ValueError, match="unknown bot"):
        simulate(match, 2, 1, bots=["random", "chess"])
