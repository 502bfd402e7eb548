"""§2 setup and options, §3 piles, §4 turns, §5 turn order: cases beyond §10's table."""

from __future__ import annotations

from collections import Counter

import pytest

from fourgames import IllegalActionError
from fourgames import viereinhalb_minuten as game
from fourgames.viereinhalb_minuten import (
    ChooseStarter,
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
from tests.viereinhalb_minuten.tables import card, rest_under

# --- §2 Players and options ------------------------------------------------------------------


@pytest.mark.parametrize("players", [0, 1, 7, 2.0, "3"])
def test_s2_player_counts(players: object) -> None:
    with pytest.raises(ValueError, match="2 to 6 players"):
        game.new_game(players, seed=1)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "options",
    [
        Options(rounds=0),
        Options(time_limit_s=0),
        Options(turn_limit=0),
        Options(start_player=3),
        Options(start_player=-1),
        Options(number_copies=-1),
        Options(lock_copies=-1),
        Options(timed=1),  # type: ignore[arg-type]
        Options(colour_change_pairs=(frozenset({0}),)),
        Options(colour_change_pairs=(frozenset({0, 5}),)),
        Options(colour_change_pairs=((0, 1),)),  # type: ignore[arg-type]
        Options(colour_change_pairs=[frozenset({0, 1})]),  # type: ignore[arg-type]
        Options(colour_names=("red", "green")),
        Options(colour_names=("a", "a", "b", "c", "d")),
        Options(rating_table=(game.RatingBand(10, "b"), game.RatingBand(5, "a"))),
        Options(rating_table=((0, "a"),)),  # type: ignore[arg-type]
        Options(rating_table=(game.RatingBand("x", "a"),)),  # type: ignore[arg-type]
        Options(win_threshold=None),  # type: ignore[arg-type]
        Options(number_copies=0, your_turn_copies=0, reverse_copies=0, draw_two_copies=0),
    ],
)
def test_s2_bad_options_are_value_errors(options: Options) -> None:
    with pytest.raises(ValueError, match=r"options[.:]"):
        game.new_game(3, seed=1, options=options)


def test_s2_options_of_another_kind_are_refused() -> None:
    with pytest.raises(ValueError, match="Options"):
        game.new_game(3, seed=1, options="rulebook")  # type: ignore[arg-type]


def test_s2_seed_none_draws_a_seed_that_is_stored() -> None:
    state = game.new_game(4)
    assert isinstance(state.seed, int)
    assert game.new_game(4, seed=state.seed) == state


def test_s2_start_player_option_applies_to_every_round() -> None:
    options = Options(start_player=2)
    state = game.new_game(3, seed=9, options=options)
    assert game.current_player(state) == 2
    state = apply(state, TimeUp())
    assert state.round == 2
    assert game.current_player(state) == 2


def test_s2_free_start_the_table_chooses_every_round() -> None:
    state = game.new_game(4, seed=3, options=game.FREE_START)
    assert state.choosing
    assert game.current_player(state) == 0
    assert legal_actions(state) == tuple(ChooseStarter(p) for p in range(4))
    assert game.events(state) == (TimeUp(),)
    some_card = state.displays[0][0]
    assert_refused(game, state, Play(some_card, 0), rule="§2")
    assert_refused(game, state, LayAside(), rule="§2")
    assert_refused(game, state, ChooseStarter(4), rule="§2")
    state = apply(state, ChooseStarter(2))
    assert not state.choosing
    assert game.current_player(state) == 2
    assert state.turns == 0  # choosing is not a turn
    assert_refused(game, state, ChooseStarter(1), rule="§2")
    state = apply(state, TimeUp())
    assert state.choosing
    assert game.current_player(state) == 0


def test_s8_free_start_choice_is_not_a_turn_for_the_limit() -> None:
    options = Options(free_start=True, turn_limit=1)
    state = apply(game.new_game(2, seed=3, options=options), ChooseStarter(1))
    assert state.penalties == ()
    state = apply(state, LayAside())
    # One turn (the choice was none): the round ends. 80 in the draw pile, 10 in the
    # displays, 5 laid aside at 2 each.
    assert state.penalties == (80 + 10 + 2 * 5,)


def test_s2_every_round_starts_afresh() -> None:
    state = position(
        [cards("N(0,2) N(0,3)"), cards("N(1,1)"), cards("N(2,2)")],
        piles=[cards("N(2,1) LOCK(1)"), cards("N(0,1)")],
        locked=0,
        lock_turns=2,
        direction=-1,
        turns=7,
        aside=cards("N(4,4)"),
    )
    state = apply(state, TimeUp())
    fresh = game.new_game(3, seed=0)
    assert state.round == 2
    assert (state.direction, state.piles, state.locked, state.lock_turns) == (1, (), None, 0)
    assert (state.aside, state.turns, state.current) == ((), 0, 0)
    assert state.displays != fresh.displays  # round 2 has its own shuffle
    assert Counter(c for d in state.displays for c in d) + Counter(state.draw_pile) == Counter(
        game.STANDARD_DECK
    )


# --- §3 Piles ----------------------------------------------------------------------------------


def test_s3_pile_b_needs_pile_a() -> None:
    state = game.new_game(2, seed=1)
    some_card = state.displays[0][0]
    assert_refused(game, state, Play(some_card, 1), rule="§3")
    assert_refused(game, state, Play(some_card, -1), rule="§3")
    with pytest.raises(IllegalActionError) as err:
        Play(some_card, "A")  # type: ignore[arg-type]
    assert err.value.rule == "API"


def test_s3_white_cards_go_on_anything_unlocked() -> None:
    state = position(
        [cards("FW(2,3) LOCK(0) N(0,1)"), cards("N(4,7)")],
        piles=[cards("FW(0,1)"), cards("LOCK(3)")],
    )
    plays = {(str(a.card), a.pile) for a in legal_actions(state) if isinstance(a, Play)}
    assert plays >= {("FW(2,3)", 0), ("FW(2,3)", 1), ("LOCK(0)", 0), ("LOCK(0)", 1)}
    assert ("N(0,1)", 0) in plays
    assert ("N(0,1)", 1) not in plays  # an unlocked LOCK(3) accepts colour 3 only


def test_s3_a_special_that_starts_a_pile_has_its_effect() -> None:
    state = position([cards("REV(0) N(0,1)"), cards("N(4,7)"), cards("N(4,6)")])
    state = apply(state, Play(card("REV(0)"), 0))
    assert state.direction == -1
    assert game.current_player(state) == 2


def test_s3_copies_are_one_action() -> None:
    state = position([cards("N(0,1) N(0,1) N(3,3) N(3,3)"), cards("N(4,7)")])
    assert [str(a) for a in legal_actions(state)] == ["N(0,1) A", "N(3,3) A", "aside"]
    after = apply(state, Play(card("N(0,1)"), 0))
    assert Counter(after.displays[0])[card("N(0,1)")] == 1


def test_s3_colourless_lock_accepts_what_lay_below() -> None:
    options = Options(lock_cards_coloured=False)
    state = position(
        [cards("N(2,5) N(1,1) N(0,2)"), cards("N(4,7)")],
        piles=[cards("N(2,2) LOCK()"), cards("LOCK()")],
        options=options,
    )
    plays = {(str(a.card), a.pile) for a in legal_actions(state) if isinstance(a, Play)}
    # A: what N(2,2) accepted (colour 2 or a 2); B: nothing below, anything.
    assert plays == {("N(2,5)", 0), ("N(0,2)", 0), ("N(2,5)", 1), ("N(1,1)", 1), ("N(0,2)", 1)}


# --- §4 Turns ----------------------------------------------------------------------------------


def test_s4_laying_aside_is_allowed_with_a_play_available() -> None:
    state = game.new_game(3, seed=1)
    assert len(legal_actions(state)) > 1
    assert legal_actions(state)[-1] == LayAside()
    after = apply(state, LayAside())
    assert len(after.aside) == 4
    assert game.current_player(after) == 1


def test_s4_lay_aside_refills_only_what_the_draw_pile_has() -> None:
    state = position(
        [cards("N(3,3) N(3,4)"), cards("N(3,7)"), cards("N(2,2)")],
        piles=[rest_under("N(0,1)", "N(3,3) N(3,4) N(3,7) N(2,2) N(4,7) N(4,6)")],
        draw_pile=cards("N(4,7) N(4,6)"),
    )
    after = apply(state, LayAside())
    assert after.displays[0] == cards("N(4,6) N(4,7)")
    assert after.draw_pile == ()
    assert after.aside == cards("N(3,3) N(3,4)")


def test_s4_no_refill_from_an_empty_draw_pile() -> None:
    state = position(
        [cards("N(0,2) N(0,3)"), cards("N(3,7)")],
        piles=[rest_under("N(0,1)", "N(0,2) N(0,3) N(3,7)")],
        draw_pile=(),
    )
    after = apply(state, Play(card("N(0,2)"), 0))
    assert after.displays[0] == cards("N(0,3)")


# --- §5 Turn order -------------------------------------------------------------------------------


def test_s5_counter_clockwise_and_skipping() -> None:
    state = position(
        [cards("N(0,3)"), cards(""), cards("N(0,4)"), cards("N(0,5) N(0,6)")],
        piles=[rest_under("N(0,2)", "N(0,3) N(0,4) N(0,5) N(0,6)")],
        draw_pile=(),
        direction=-1,
        current=3,
    )
    state = apply(state, Play(card("N(0,5)"), 0))
    assert game.current_player(state) == 2
    state = apply(state, Play(card("N(0,4)"), 0))
    assert game.current_player(state) == 0  # P1 skipped
    state = apply(state, Play(card("N(0,3)"), 0))
    assert game.current_player(state) == 3  # P2 and P1 are out


def test_s5_the_last_holder_moves_again() -> None:
    state = position(
        [cards("N(0,3) N(0,4)"), cards("")],
        piles=[rest_under("N(0,2)", "N(0,3) N(0,4)")],
        draw_pile=(),
    )
    state = apply(state, Play(card("N(0,3)"), 0))
    assert game.current_player(state) == 0


def test_s2_the_seed_must_be_an_int() -> None:
    with pytest.raises(ValueError, match="seed"):
        game.new_game(3, seed=1.5)  # type: ignore[arg-type]
