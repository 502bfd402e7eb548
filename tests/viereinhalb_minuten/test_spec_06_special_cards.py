"""§6 special cards: cases beyond §10's table."""

from __future__ import annotations

from collections import Counter

from fourgames import viereinhalb_minuten as game
from fourgames.viereinhalb_minuten import (
    LayAside,
    Options,
    Play,
    State,
    apply,
    cards,
    legal_actions,
    position,
)
from tests.helpers import assert_refused
from tests.viereinhalb_minuten.tables import card, rest_under


def named_plays(state: State, text: str) -> set[int | None]:
    return {a.named for a in legal_actions(state) if isinstance(a, Play) and a.card == card(text)}


# --- §6.1 Du bist dran -------------------------------------------------------------------------


def test_s6_1_only_players_holding_cards_may_be_named() -> None:
    state = position(
        [cards("DBD(0) N(0,5)"), cards(""), cards("N(0,3)")],
        piles=[rest_under("N(0,1)", "DBD(0) N(0,5) N(0,3)")],
        draw_pile=(),
    )
    assert named_plays(state, "DBD(0)") == {0, 2}
    assert_refused(game, state, Play(card("DBD(0)"), 0, 1), rule="§6.1")
    assert_refused(game, state, Play(card("DBD(0)"), 0, 3), rule="§6.1")
    assert_refused(game, state, Play(card("DBD(0)"), 0), rule="§6.1")  # a name is required


def test_s6_1_the_mover_may_not_name_themselves_without_a_card_left() -> None:
    state = position(
        [cards("DBD(0)"), cards("N(0,3)")],
        piles=[rest_under("N(0,1)", "DBD(0) N(0,3)")],
        draw_pile=(),
    )
    assert named_plays(state, "DBD(0)") == {1}


def test_s6_1_naming_is_moot_when_the_play_ends_the_round() -> None:
    state = position(
        [cards("DBD(0)"), cards("")],
        piles=[rest_under("N(0,1)", "DBD(0)")],
        draw_pile=(),
    )
    assert named_plays(state, "DBD(0)") == {None}
    assert_refused(game, state, Play(card("DBD(0)"), 0, 0), rule="§6.1")
    after = apply(state, Play(card("DBD(0)"), 0))
    assert after.penalties == (0,)


def test_s6_1_naming_is_moot_on_the_last_turn_of_the_limit() -> None:
    options = Options(turn_limit=3)
    state = position([cards("DBD(0) N(0,5)"), cards("N(0,3)")], options=options, turns=2)
    assert named_plays(state, "DBD(0)") == {None}
    assert apply(state, Play(card("DBD(0)"), 0)).penalties != ()
    earlier = position([cards("DBD(0) N(0,5)"), cards("N(0,3)")], options=options, turns=1)
    assert named_plays(earlier, "DBD(0)") == {0, 1}


def test_s6_only_du_bist_dran_names() -> None:
    state = position([cards("N(0,5)"), cards("N(0,3)")])
    assert_refused(game, state, Play(card("N(0,5)"), 0, 1), rule="§6.1")


def test_s6_1_a_second_turn_by_the_same_player_counts_for_a_lock() -> None:
    state = position(
        [cards("DBD(0) N(0,5) N(0,6)"), cards("N(3,3)"), cards("N(3,4)")],
        piles=[cards("N(2,2) LOCK(4)"), cards("N(0,1)")],
        locked=0,
        lock_turns=2,
    )
    state = apply(state, Play(card("DBD(0)"), 1, 0))
    assert (state.locked, state.lock_turns, game.current_player(state)) == (0, 1, 0)
    state = apply(state, Play(card("N(0,5)"), 1))
    assert (state.locked, state.lock_turns) == (None, 0)


# --- §6.2 Richtungswechsel ---------------------------------------------------------------------


def test_s6_2_reverse_twice_restores_clockwise() -> None:
    state = position(
        [cards("REV(0) N(1,1)"), cards("N(4,4)"), cards("REV(1) N(4,5)")], piles=[cards("N(0,1)")]
    )
    state = apply(state, Play(card("REV(0)"), 0))
    assert (state.direction, game.current_player(state)) == (-1, 2)
    state = apply(state, Play(card("REV(1)"), 0))  # same symbol
    assert (state.direction, game.current_player(state)) == (1, 0)


# --- §6.3 2 Karten Nachziehen -------------------------------------------------------------------


def test_s6_3_draw_two_hits_the_next_player_in_the_current_direction() -> None:
    state = position(
        [cards("P2(0) N(1,1)"), cards("N(4,4)"), cards("N(4,5)")],
        piles=[cards("N(0,1)")],
        direction=-1,
    )
    top = state.draw_pile[:3]
    after = apply(state, Play(card("P2(0)"), 0))
    assert Counter(after.displays[2]) == Counter((card("N(4,5)"), *top[:2]))
    assert after.displays[1] == cards("N(4,4)")
    assert top[2] in after.displays[0]  # the mover refills after the +2 draw (Ambiguity 13)
    assert game.current_player(after) == 2


def test_s6_3_draw_two_from_an_empty_pile_draws_nothing() -> None:
    state = position(
        [cards("P2(0) N(1,1)"), cards("N(4,4)")],
        piles=[rest_under("N(0,1)", "P2(0) N(1,1) N(4,4)")],
        draw_pile=(),
    )
    after = apply(state, Play(card("P2(0)"), 0))
    assert after.displays == (cards("N(1,1)"), cards("N(4,4)"))


def test_s6_3_an_overfull_display_lays_aside_whole() -> None:
    state = position(
        [cards("N(1,1) N(1,2) N(1,3) N(1,4) N(1,5) N(1,6)"), cards("N(4,4)")],
        piles=[cards("P2(1) N(0,1)")],  # the +2 that overfilled the display
    )
    after = apply(state, LayAside())
    assert len(after.aside) == 6
    assert len(after.displays[0]) == 5  # two players: refilled to 5


# --- §6.4 Farbwechsel ----------------------------------------------------------------------------


def test_s6_4_colour_change_on_white_and_shows_its_colours() -> None:
    state = position(
        [cards("FW(0,4) N(4,6) N(0,6) N(2,6)"), cards("N(3,3)")],
        piles=[cards("N(1,1) LOCK(1)")],
    )
    state = apply(state, Play(card("FW(0,4)"), 0))  # on an (unlocked) white card
    state = apply(state, LayAside())
    plays = {str(a.card) for a in legal_actions(state) if isinstance(a, Play) and a.pile == 0}
    assert {"N(4,6)", "N(0,6)"} <= plays
    assert "N(2,6)" not in plays


def test_s6_4_colour_change_is_not_playable_on_a_locked_pile() -> None:
    state = position(
        [cards("FW(0,4) N(3,3)"), cards("N(3,4)")],
        piles=[cards("N(1,1) LOCK(1)"), cards("N(3,1)")],
        locked=0,
        lock_turns=3,
    )
    assert_refused(game, state, Play(card("FW(0,4)"), 0), rule="§6.5")
    assert Play(card("FW(0,4)"), 1) in legal_actions(state)


# --- §6.5 gesperrt -------------------------------------------------------------------------------


def test_s6_5_a_forced_lay_aside_unlocks_too() -> None:
    state = position(
        [cards("N(3,3) N(3,4)"), cards("N(2,2)")],
        piles=[cards("N(1,1) LOCK(1)"), cards("N(4,1)")],
        locked=0,
        lock_turns=3,
    )
    assert legal_actions(state) == (LayAside(),)
    after = apply(state, LayAside())
    assert (after.locked, after.lock_turns) == (None, 0)


def test_s6_5_a_lock_may_lock_the_other_pile_once_the_first_is_free() -> None:
    state = position(
        [cards("LOCK(0) N(3,3)"), cards("N(3,4)")],
        piles=[cards("N(1,1) LOCK(1)"), cards("N(3,1)")],
        locked=0,
        lock_turns=1,
    )
    assert_refused(game, state, Play(card("LOCK(0)"), 1), rule="§6.5")  # A is still locked now
    state = apply(state, Play(card("N(3,3)"), 1))
    assert state.locked is None
    state = apply(state, Play(card("N(3,4)"), 1))
    assert Play(card("LOCK(0)"), 1) in legal_actions(state)
    state = apply(state, Play(card("LOCK(0)"), 1))
    assert (state.locked, state.lock_turns) == (1, 3)


def test_s6_5_a_lock_on_a_lock() -> None:
    state = position([cards("LOCK(0) N(3,3)"), cards("N(3,4)")], piles=[cards("N(1,1) LOCK(1)")])
    state = apply(state, Play(card("LOCK(0)"), 0))
    assert (state.locked, state.piles[0][-2:]) == (0, cards("LOCK(1) LOCK(0)"))


def test_s6_5_skipped_players_do_not_count() -> None:
    state = position(
        [cards("N(3,3) N(3,5)"), cards(""), cards("N(3,4) N(3,6)")],
        piles=[rest_under("LOCK(1)", "N(3,3) N(3,5) N(3,4) N(3,6) N(3,1)"), cards("N(3,1)")],
        draw_pile=(),
        locked=0,
        lock_turns=3,
    )
    for turns_left in (2, 1):
        state = apply(state, Play(state.displays[state.current][0], 1))
        assert state.lock_turns == turns_left
    assert game.current_player(state) == 0
