"""ISMCTS and PIMC over the protocol: legal, reproducible choices from the observation alone, in
every game and in Match (a game of one's own); stronger than random play."""

from __future__ import annotations

import random
from typing import Any

import pytest

import fourgames
from fourgames.bots import Bot, RandomBot, simulate
from fourgames.search import ISMCTSBot, PIMCBot, outcome
from fourgames.testing import reference as match

GAMES: list[Any] = [match, *(fourgames.get_game(game_id) for game_id in sorted(fourgames.GAMES))]
IDS = [game.GAME_ID for game in GAMES]


def _players(game: Any) -> int:
    return 3 if game.INFO.cooperative else min(2, game.INFO.max_players)


def _small_bots(game: Any) -> list[Bot]:
    """Search bots with budgets small enough for every game (Vier Felder's games are long)."""
    if game.GAME_ID == "vier-felder":
        heuristic = game.HeuristicBot()
        cut = {"rollout": heuristic, "max_rollout": 3, "evaluate": heuristic, "guide": heuristic}
        return [
            ISMCTSBot(game, iterations=6, max_rollout=40),
            PIMCBot(game, worlds=2, rollouts=1, max_rollout=40),
            ISMCTSBot(game, iterations=8, depth=1, top=3, **cut),
            PIMCBot(game, worlds=2, rollouts=1, top=3, **cut),
        ]
    bots: list[Bot] = [ISMCTSBot(game, iterations=30), PIMCBot(game, worlds=3, rollouts=2)]
    if game.GAME_ID == "all-fours":
        heuristic = game.HeuristicBot()
        bots.append(
            ISMCTSBot(
                game, iterations=20, depth=1, rollout=heuristic, horizon="round", guide=heuristic
            )
        )
    return bots


def _position(game: Any, seed: int, moves: int) -> Any:
    """A position ``moves`` random actions into a seeded game (or earlier, at a choice of the
    mover between at least two actions once past half of them)."""
    players = _players(game)
    state = game.new_game(players, seed=seed)
    rng = random.Random(seed)
    for step in range(moves):
        legal = game.legal_actions(state)
        if not legal or (step >= moves // 2 and len(legal) > 1):
            break
        state = game.apply(state, legal[int(rng.random() * len(legal))])
    return state


def _choice_position(game: Any, seed: int) -> Any:
    """A position with a real choice: two or more legal actions."""
    for k in range(50):
        state = _position(game, seed + k, 12)
        if len(game.legal_actions(state)) > 1:
            return state
    raise AssertionError("no position with a choice")


def _view(state: Any) -> tuple[Any, tuple[Any, ...]]:
    """The Match mover's observation and the legal actions."""
    mover = match.current_player(state)
    assert mover is not None
    return match.observe(state, mover), match.legal_actions(state)


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_search_bots_choose_legal_actions_reproducibly(game: Any) -> None:
    state = _choice_position(game, 3)
    mover = game.current_player(state)
    legal = game.legal_actions(state)
    for bot in _small_bots(game):
        seen = game.observe(state, mover)
        choice = bot.choose(seen, legal, random.Random(7))
        assert choice in legal
        assert bot.choose(game.observe(state, mover), legal, random.Random(7)) == choice


HIDDEN = [game for game in GAMES if not game.INFO.perfect_information]


@pytest.mark.parametrize("game", HIDDEN, ids=[game.GAME_ID for game in HIDDEN])
def test_search_bots_choose_alike_when_only_hidden_cards_differ(game: Any) -> None:
    state = _choice_position(game, 11)
    mover = game.current_player(state)
    seen = game.observe(state, mover)
    rng = random.Random(2)
    other = next(
        sample for sample in (game.sample_state(seen, rng) for _ in range(50)) if sample != state
    )
    assert game.observe(other, mover) == seen  # the mover cannot tell the two apart
    legal = game.legal_actions(state)
    assert game.legal_actions(other) == legal
    for bot in _small_bots(game):
        first = bot.choose(game.observe(state, mover), legal, random.Random(5))
        second = bot.choose(game.observe(other, mover), legal, random.Random(5))
        assert first == second


def test_different_rngs_may_choose_differently() -> None:
    state = _choice_position(match, 1)
    while len(match.legal_actions(state)) < 3:
        state = match.apply(state, match.legal_actions(state)[-1])
    seen, legal = _view(state)
    for bot in (ISMCTSBot(match, iterations=4), PIMCBot(match, worlds=1, rollouts=1)):
        choices = {bot.choose(seen, legal, random.Random(seed)) for seed in range(20)}
        assert len(choices) > 1


def test_a_single_legal_action_is_played_at_once() -> None:
    rng = random.Random(1)
    before = rng.getstate()
    for bot in (ISMCTSBot(match), PIMCBot(match)):
        assert bot.choose(None, ("only",), rng) == "only"
    assert rng.getstate() == before


def test_search_ignores_the_global_random() -> None:
    state = _choice_position(match, 5)
    seen, legal = _view(state)
    bot = ISMCTSBot(match, iterations=20)
    random.seed(1)
    first = bot.choose(seen, legal, random.Random(3))
    random.seed(2)
    assert bot.choose(seen, legal, random.Random(3)) == first


def test_a_budget_in_seconds_runs_at_least_one_iteration() -> None:
    state = _choice_position(match, 2)
    seen, legal = _view(state)
    assert ISMCTSBot(match, seconds=0.02).choose(seen, legal, random.Random(1)) in legal
    assert PIMCBot(match, seconds=0.02, rollouts=1).choose(seen, legal, random.Random(1)) in legal


def test_a_rollout_bot_and_a_rollout_cap() -> None:
    state = _choice_position(match, 4)
    seen, legal = _view(state)
    for bot in (
        ISMCTSBot(match, iterations=10, rollout=RandomBot(), max_rollout=3),
        PIMCBot(match, worlds=2, rollouts=2, rollout=RandomBot(), max_rollout=1),
    ):
        assert bot.choose(seen, legal, random.Random(1)) in legal


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_a_round_counter_names_a_count_that_grows_over_a_game(game: Any) -> None:
    counter = game.INFO.round_counter
    if counter is None:
        pytest.skip(f"{game.GAME_ID} is a game of one round")
    _, record = fourgames.bots.play_game(game, _players(game), seed=1)
    counts = [getattr(state, counter) for state in fourgames.replay(record, game)]
    assert all(type(count) is int for count in counts)
    assert counts == sorted(counts), counts
    assert counts[-1] > counts[0], counts


class _Watching:
    """A random rollout bot that keeps the hand number of every observation it is shown."""

    def __init__(self) -> None:
        self.hands: set[int] = set()

    def choose(self, observation: Any, legal_actions: tuple[Any, ...], rng: random.Random) -> Any:
        self.hands.add(observation.hand_number)
        return RandomBot().choose(observation, legal_actions, rng)


@pytest.mark.parametrize("kind", [ISMCTSBot, PIMCBot])
def test_the_round_horizon_ends_simulated_games_with_the_hand(kind: Any) -> None:
    all_fours = fourgames.get_game("all-fours")
    state = _choice_position(all_fours, 5)
    mover = all_fours.current_player(state)
    assert mover is not None
    seen, legal = all_fours.observe(state, mover), all_fours.legal_actions(state)
    budget = {"iterations": 20} if kind is ISMCTSBot else {"worlds": 4, "rollouts": 2}
    for horizon, later_hands in (("game", True), ("round", False)):
        watching = _Watching()
        bot = kind(all_fours, **budget, rollout=watching, horizon=horizon)
        assert bot.choose(seen, legal, random.Random(1)) in legal
        assert (watching.hands != {seen.hand_number}) is later_hands, watching.hands


def test_budgets_are_checked() -> None:
    for bad in ({"iterations": 0}, {"seconds": 0.0}, {"c": -1.0}, {"score_weight": 1.5}):
        with pytest.raises(ValueError, match="must be"):
            ISMCTSBot(match, **bad)
    with pytest.raises(ValueError, match="whole number"):
        PIMCBot(match, rollouts=0)
    with pytest.raises(ValueError, match="one of game, round"):
        PIMCBot(match, horizon="hand")


def test_outcome_rewards_wins_shares_and_the_team() -> None:
    final, _ = fourgames.bots.play_game(match, 3, seed=3)
    results, terms = outcome(match, final, 3)
    won = match.winners(final)
    assert results == tuple(1 / len(won) if p in won else 0.0 for p in range(3))
    assert all(terms[p] == 0 for p in won) or len(won) == 1
    minuten = fourgames.get_game("viereinhalb-minuten")
    final, _ = fourgames.bots.play_game(minuten, 3, seed=1)
    results, terms = outcome(minuten, final, 3)
    assert len(set(results)) == 1  # the team wins or loses together
    assert terms == (sum(minuten.scores(final)) / 3,) * 3
    solitaire = fourgames.get_game("vier-jahreszeiten")
    final, _ = fourgames.bots.play_game(solitaire, 1, seed=1)
    results, terms = outcome(solitaire, final, 1)
    assert results == ((1.0,) if solitaire.winners(final) else (0.0,))
    assert terms == (float(solitaire.scores(final)[0]),)


def test_ismcts_beats_random_in_match() -> None:
    result = simulate(match, 2, 30, seed=1, bots=[ISMCTSBot(match, iterations=8), RandomBot()])
    assert result.wins[0] >= 0.6 * 30, result.wins  # 24 of 30 when measured


def test_ismcts_beats_random_in_all_fours() -> None:
    all_fours = fourgames.get_game("all-fours")
    bots: list[Bot] = [ISMCTSBot(all_fours, iterations=12), RandomBot()]
    result = simulate(all_fours, 2, 30, seed=1, bots=bots)
    assert result.wins[0] >= 0.6 * 30, result.wins  # 21 of 30 when measured


def test_the_cooperative_team_of_search_bots_plays_a_whole_game() -> None:
    minuten = fourgames.get_game("viereinhalb-minuten")
    bots: list[Bot] = [ISMCTSBot(minuten, iterations=3, max_rollout=20)] * 3
    final, record = fourgames.bots.play_game(minuten, 3, seed=2, bots=bots)
    assert minuten.is_terminal(final)
    assert len(record.actions) > 0


class _Insisting:
    """A guide that always advises one action, the last legal one, and counts its advice."""

    def __init__(self) -> None:
        self.asked = 0

    def choose(self, observation: Any, legal_actions: tuple[Any, ...], rng: random.Random) -> Any:
        self.asked += 1
        return legal_actions[-1]


def _contested_position() -> tuple[Any, tuple[Any, ...], Any]:
    """A Match observation, its legal actions, and the search's choice, which is not the last
    legal action."""
    for seed in range(40):
        state = _choice_position(match, seed)
        seen, legal = _view(state)
        choice = ISMCTSBot(match, iterations=60).choose(seen, legal, random.Random(1))
        if choice != legal[-1]:
            return seen, legal, choice
    raise AssertionError("no position where the search prefers another action")


def test_a_guide_stands_unless_the_search_is_sure() -> None:
    seen, legal, choice = _contested_position()
    guide = _Insisting()
    for unsure in (  # the rewards lie in [0, 1]
        ISMCTSBot(match, iterations=60, guide=guide, margin=1.0),
        PIMCBot(match, worlds=30, guide=guide, margin=1.0),
    ):
        assert unsure.choose(seen, legal, random.Random(1)) == legal[-1]
    assert guide.asked == 2
    searched = ISMCTSBot(match, iterations=60, guide=_Insisting(), margin=0.0)
    assert searched.choose(seen, legal, random.Random(1)) == choice


def test_a_guide_is_not_asked_about_a_single_action() -> None:
    guide = _Insisting()
    assert ISMCTSBot(match, guide=guide).choose(None, ("only",), random.Random(1)) == "only"
    assert guide.asked == 0


def test_a_guide_from_a_spec_and_a_margin_checked() -> None:
    from fourgames import all_fours

    bot = fourgames.bots.get_bot("ismcts:guide=heuristic,margin=0.05", all_fours)
    assert isinstance(bot, ISMCTSBot)
    assert isinstance(bot.guide, all_fours.HeuristicBot), bot.guide
    assert bot.margin == 0.05
    with pytest.raises(ValueError, match="margin must be at least 0"):
        PIMCBot(match, margin=-0.1)


class _Counting:
    """A rollout policy that plays at random and counts the decisions it is asked to make."""

    def __init__(self) -> None:
        self.asked = 0

    def choose(self, observation: Any, legal_actions: tuple[Any, ...], rng: random.Random) -> Any:
        self.asked += 1
        return RandomBot().choose(observation, legal_actions, rng)


def test_a_tree_one_action_deep_leaves_the_rest_to_the_rollouts() -> None:
    seen, legal = _view(_choice_position(match, 4))
    asked = {}
    for depth in (1, None):
        counting = _Counting()
        bot = ISMCTSBot(match, iterations=200, depth=depth, rollout=counting, max_rollout=6)
        assert bot.choose(seen, legal, random.Random(3)) in legal
        asked[depth] = counting.asked
    # Unbounded, the tree plays ever more of the first six actions itself.
    assert asked[1] > asked[None] * 1.2, asked
    with pytest.raises(ValueError, match="depth must be a whole number"):
        ISMCTSBot(match, depth=0)


class _Ranking(_Insisting):
    """A guide that ranks the legal actions last first, and advises the last one."""

    def ranked(self, observation: Any, legal_actions: tuple[Any, ...]) -> tuple[Any, ...]:
        return legal_actions[::-1]


@pytest.mark.parametrize("kind", [ISMCTSBot, PIMCBot])
def test_top_searches_only_the_guides_first_actions(kind: Any) -> None:
    seen, legal, choice = _contested_position()
    assert choice != legal[-1]
    budget = {"iterations": 60} if kind is ISMCTSBot else {"worlds": 30}
    # The search alone prefers another action, but may try only the guide's first.
    only = kind(match, **budget, guide=_Ranking(), top=1, margin=0.0)
    assert only.choose(seen, legal, random.Random(1)) == legal[-1]
    with pytest.raises(ValueError, match="needs a guide that ranks"):
        kind(match, top=2, guide=_Insisting())
    with pytest.raises(ValueError, match="needs a guide that ranks"):
        kind(match, top=2)


class _FewestCards:
    """An evaluation of Match that counts fewer cards in hand than the others as better, and
    notes the seats it is shown."""

    def __init__(self) -> None:
        self.seats: set[int] = set()

    def value(self, observation: Any) -> float:
        self.seats.add(observation.player)
        sizes: tuple[int, ...] = observation.hand_sizes
        mine = sizes[observation.player]
        return float(max(n for p, n in enumerate(sizes) if p != observation.player) - mine)


@pytest.mark.parametrize("kind", [ISMCTSBot, PIMCBot])
def test_an_evaluation_scores_the_simulated_games_cut_off(kind: Any) -> None:
    state = match.new_game(2, seed=1)
    seen, legal = _view(state)
    assert [type(action).__name__ for action in legal] == ["Play", "Draw"]
    budget = {"iterations": 20} if kind is ISMCTSBot else {"worlds": 5}
    evaluation = _FewestCards()
    bot = kind(match, **budget, max_rollout=1, evaluate=evaluation, score_weight=1.0)
    # One action, then the position is valued: a play leaves a card fewer, a draw one more.
    assert bot.choose(seen, legal, random.Random(1)) == legal[0]
    assert evaluation.seats == {0, 1}
    with pytest.raises(ValueError, match="evaluate needs a value method"):
        kind(match, evaluate=RandomBot())


def test_vier_felder_cut_off_search_from_a_spec() -> None:
    from fourgames import vier_felder

    spec = (
        "ismcts:iterations=10,depth=1,top=3,rollout=heuristic,max_rollout=3,"
        "evaluate=heuristic,guide=heuristic"
    )
    bot = fourgames.bots.get_bot(spec, vier_felder)
    assert isinstance(bot, ISMCTSBot)
    assert isinstance(bot.evaluate, vier_felder.HeuristicBot)
    assert (bot.depth, bot.top, bot.max_rollout) == (1, 3, 3)
    state = _choice_position(vier_felder, 2)
    mover = vier_felder.current_player(state)
    assert mover is not None
    legal = vier_felder.legal_actions(state)
    seen = vier_felder.observe(state, mover)
    best = bot.evaluate.ranked(seen, legal)[:3]
    assert bot.choose(seen, legal, random.Random(1)) in best
    with pytest.raises(ValueError, match="evaluate needs a value method"):
        fourgames.bots.get_bot("pimc:evaluate=random", vier_felder)
