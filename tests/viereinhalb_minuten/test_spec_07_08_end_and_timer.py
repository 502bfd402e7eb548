"""§7 round end and scoring, §8 the timer: cases beyond §10's table."""

from __future__ import annotations

from collections import Counter

import fourgames
from fourgames import viereinhalb_minuten as game
from fourgames.shuffle import derive_seed, shuffled
from fourgames.viereinhalb_minuten import (
    PLACEHOLDER_RATING_TABLE,
    STANDARD_DECK,
    Card,
    LayAside,
    Options,
    Play,
    TimeUp,
    apply,
    cards,
    legal_actions,
    position,
)
from tests.helpers import assert_refused
from tests.viereinhalb_minuten.tables import rest_under


def test_s7_an_empty_draw_pile_alone_does_not_end_the_round() -> None:
    state = position(
        [cards("N(0,2) N(0,3)"), cards("N(0,4)")],
        piles=[rest_under("N(0,1)", "N(0,2) N(0,3) N(0,4)")],
        draw_pile=(),
    )
    state = apply(state, Play(Card.parse("N(0,2)"), 0))
    assert state.penalties == ()
    assert not game.is_terminal(state)


def test_s7_deadlock_at_the_end_lays_aside_until_empty() -> None:
    state = position(
        [cards("N(3,3)"), cards("N(3,4)")],
        piles=[rest_under("N(0,1)", "N(3,3) N(3,4) N(1,1)"), cards("N(1,1)")],
        draw_pile=(),
    )
    state = apply(state, LayAside())
    assert legal_actions(state) == (LayAside(),)
    state = apply(state, LayAside())
    assert state.penalties == (2 * 2,)


def test_s7_next_round_is_shuffled_from_the_seed_and_round_number() -> None:
    state = apply(game.new_game(2, seed=77), TimeUp())
    order = shuffled(STANDARD_DECK, derive_seed(77, "round", 2))
    assert state.draw_pile == order[10:]
    assert Counter(state.displays[0]) == Counter(order[:5])


def test_s7_the_game_ends_after_options_rounds() -> None:
    state = game.new_game(2, seed=1, options=Options(rounds=1))
    state = apply(state, TimeUp())
    assert game.is_terminal(state)
    assert state.penalties == (95,)
    assert game.scores(state) == (-95, -95)
    assert state.round == 1
    for action in (TimeUp(), LayAside(), game.ChooseStarter(0)):
        assert_refused(game, state, action, rule="§7")
    assert_refused(game, state, Play(state.displays[0][0], 0), rule="§7")


def test_s7_win_threshold() -> None:
    options = Options(rounds=1, win_threshold=95)
    state = apply(game.new_game(3, seed=1, options=options), TimeUp())
    assert game.winners(state) == frozenset({0, 1, 2})
    options = Options(rounds=1, win_threshold=94)
    state = apply(game.new_game(3, seed=1, options=options), TimeUp())
    assert game.winners(state) == frozenset()


def test_s7_rating_uses_the_table_and_the_placeholder_is_marked() -> None:
    assert "placeholder" in PLACEHOLDER_RATING_TABLE[0].label
    assert "not the publisher's" in PLACEHOLDER_RATING_TABLE[0].label
    assert PLACEHOLDER_RATING_TABLE[-1].label == "Nicht aufgeben! Übung macht den Hirsch."
    state = game.new_game(2, seed=1)
    assert game.rating(state) == PLACEHOLDER_RATING_TABLE[0].label
    state = apply(state, TimeUp())
    assert game.rating(state) == "Nicht aufgeben! Übung macht den Hirsch."
    table = (game.RatingBand(50, "gut"), game.RatingBand(100, "geht so"))
    state = apply(game.new_game(2, seed=1, options=Options(rating_table=table)), TimeUp())
    assert game.rating(state) == "geht so"
    state = apply(state, TimeUp())
    assert game.total_penalty(state) == 190
    assert game.rating(state) is None


def test_s8_time_up_at_any_moment_of_a_round() -> None:
    state = game.new_game(4, seed=8)
    for _ in range(5):
        state = apply(state, legal_actions(state)[0])
    expected = game.round_penalty(state)
    after = apply(state, TimeUp())
    assert after.penalties == (expected,)
    assert after.round == 2


def test_s8_time_up_replays_from_a_record() -> None:
    state = game.new_game(3, seed=5)
    record = fourgames.start_record(game, state)
    for action in (legal_actions(state)[0], TimeUp(), LayAside(), TimeUp()):
        state = apply(state, action)
        record = record.append(action)
    loaded = fourgames.from_json(fourgames.to_json(record))
    *_, last = fourgames.replay(loaded)
    assert last == state
    assert len(state.penalties) == 2


def test_s8_turn_limit_applies_untimed_too() -> None:
    options = Options(timed=False, turn_limit=2)
    state = game.new_game(2, seed=2, options=options)
    state = apply(apply(state, LayAside()), LayAside())
    assert state.penalties == (75 + 10 + 2 * 10,)
    assert game.events(state) == ()


def test_s8_max_game_length() -> None:
    assert game.max_game_length(4, game.RULEBOOK) == 3 * (95 + 1)
    assert game.max_game_length(4, game.UNTIMED) == 3 * 95
    assert game.max_game_length(4, game.SIMULATED_CLOCK) == 3 * (95 + 1)  # 95 < 100 turns
    assert game.max_game_length(4, Options(turn_limit=10)) == 3 * (10 + 1)
    assert game.max_game_length(4, game.FREE_START) == 3 * (95 + 2)
