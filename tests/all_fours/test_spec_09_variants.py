"""Spec §9 (variants): V1–V3 (V4 is with the begging tests), presets and option checks."""

from __future__ import annotations

import pytest

from fourgames import all_fours
from fourgames.all_fours import (
    LONG,
    PITCH,
    PRESETS,
    SEVEN_UP,
    TRINIDAD,
    Award,
    AwardKind,
    Beg,
    Begging,
    InPlay,
    Options,
    Phase,
    Play,
    Stand,
    State,
    apply,
    current_player,
    from_deck,
    legal_actions,
    max_game_length,
    new_game,
    stack_deck,
    target_of,
    winners,
)
from fourgames.cards import DECK_52, Card, Suit, cards
from fourgames.testing import check_game
from tests.all_fours.hands import finish_hand
from tests.helpers import assert_refused, play

ANNA, BEN = 0, 1
N, E, S, W = 0, 1, 2, 3


# --- §9.1, §9.4 targets and presets -------------------------------------------------------------


def test_s9_4_targets_of_the_presets() -> None:
    assert [target_of(options) for options in (SEVEN_UP, LONG, PITCH, TRINIDAD)] == [7, 11, 7, 14]
    assert target_of(Options(trinidad=True, target=11)) == 11
    assert target_of(Options(blind=True, target=11)) == 11
    assert dict(PRESETS) == {
        "seven-up": SEVEN_UP,
        "long": LONG,
        "pitch": PITCH,
        "trinidad": TRINIDAD,
    }


@pytest.mark.parametrize(
    "options",
    [
        Options(target=0),
        Options(first_dealer=4),
        Options(first_dealer=-1),
        Options(blind=1),  # type: ignore[arg-type]
        Options(in_play="dealt"),  # type: ignore[arg-type]
    ],
)
def test_s9_bad_options_raise_value_error(options: Options) -> None:
    with pytest.raises(ValueError, match=r"\w"):
        new_game(4, seed=1, options=options)


@pytest.mark.parametrize("players", [1, 5, 0])
def test_s1_bad_player_counts_name_the_range(players: int) -> None:
    with pytest.raises(ValueError, match="2 to 4"):
        new_game(players, seed=1)


# --- V1 Blind All Fours (Pitch) ------------------------------------------------------------------


def test_V1_pitch_the_first_lead_sets_trump() -> None:
    deck = stack_deck(
        3,
        [cards("2♣ 3♣ 4♣ 5♣ 6♣ 7♣"), cards("8♦ 2♥ 3♥ 4♥ 5♥ 6♥"), cards("9♦ 2♠ 3♠ 4♠ 5♠ 9♣")],
        dealer=0,
        options=PITCH,
    )
    state = from_deck(3, deck, dealer=0, options=PITCH)
    assert state.phase is Phase.PLAY
    assert state.turnups == ()
    assert state.begging is Begging.BLIND
    assert state.trump is None
    assert len(state.stock) == 34
    assert current_player(state) == 1  # eldest leads; any card
    assert len(legal_actions(state)) == 6
    for action in (Stand(), Beg()):
        assert_refused(all_fours, state, action, rule="§9.2")
    state = play(all_fours, state, "play 8♦")
    assert state.trump is Suit.DIAMONDS
    # the second player holds a ♦ and must play it (the led suit is trump)
    assert legal_actions(state) == (Play(Card.parse("9♦")),)
    state = play(all_fours, state, "play 9♦", "play 2♣")
    assert state.tricks[0].winner == 2


def test_V1_pitch_game_tie_scores_nobody_with_two_players() -> None:
    deck = stack_deck(
        2, [cards("2♣ 3♣ 4♣ 5♣ 6♣ 7♣"), cards("2♥ 3♥ 4♥ 5♥ 6♥ 7♥")], dealer=0, options=PITCH
    )
    state = finish_hand(from_deck(2, deck, dealer=0, options=PITCH))
    sheet = state.history[0]
    assert sheet.card_points == (0, 0)
    assert sheet.trump is Suit.HEARTS  # Ben (eldest) led a heart
    assert [award.kind for award in sheet.awards] == [AwardKind.HIGH, AwardKind.LOW]
    assert sheet.awards[0].side == BEN


def test_V1_pitch_game_tie_scores_nobody_with_four_players() -> None:
    hands = [
        cards("2♣ 3♣ 4♣ 5♣ 6♣ 7♣"),
        cards("2♥ 3♥ 4♥ 5♥ 6♥ 7♥"),
        cards("2♦ 3♦ 4♦ 5♦ 6♦ 7♦"),
        cards("8♣ 9♣ 8♥ 9♥ 8♦ 9♦"),
    ]
    deck = stack_deck(4, hands, dealer=0, options=PITCH)
    state = finish_hand(from_deck(4, deck, dealer=0, options=PITCH))
    assert state.history[0].card_points == (0, 0)
    assert AwardKind.GAME not in [award.kind for award in state.history[0].awards]


# --- V2, V3 Trinidad ----------------------------------------------------------------------------


def _trinidad_four(south: str, east: str) -> State:
    # E deals; counter-clockwise, so N is eldest and the order of play is N, W, S, E
    hands = [
        cards("J♥ 2♣ 3♣ 4♣ 5♣ 6♣"),
        cards(east),
        cards(south),
        cards("2♥ 8♦ 9♦ 10♦ J♦ Q♦"),
    ]
    deck = stack_deck(4, hands, Card.parse("4♥"), dealer=E, options=TRINIDAD)
    state = from_deck(4, deck, dealer=E, options=TRINIDAD)
    assert current_player(state) == N
    return apply(state, Stand())


def test_V2_trinidad_hang_jack_scores_three_for_the_capturers() -> None:
    state = _trinidad_four(south="3♥ 7♣ 8♣ 9♣ 10♣ K♣", east="Q♥ 2♦ 3♦ 4♦ 5♦ 6♦")
    state = play(all_fours, state, "play J♥")
    assert current_player(state) == W
    state = play(all_fours, state, "play 2♥", "play 3♥", "play Q♥")
    assert state.tricks[0].winner == E
    state = finish_hand(state)
    awards = state.history[0].awards
    assert Award(AwardKind.HANG_JACK, 1, 3) in awards
    kinds = [award.kind for award in awards]
    assert kinds[:3] == [AwardKind.HIGH, AwardKind.LOW, AwardKind.HANG_JACK]


def test_V2_trinidad_a_partner_overtrumping_the_jack_scores_one() -> None:
    state = _trinidad_four(south="Q♥ 7♣ 8♣ 9♣ 10♣ K♣", east="3♥ 2♦ 3♦ 4♦ 5♦ 6♦")
    state = play(all_fours, state, "play J♥", "play 2♥", "play Q♥", "play 3♥")
    assert state.tricks[0].winner == S
    state = finish_hand(state)
    assert Award(AwardKind.JACK, 0, 1) in state.history[0].awards


def test_V2_trinidad_deal_passes_to_the_right() -> None:
    state = _trinidad_four(south="Q♥ 7♣ 8♣ 9♣ 10♣ K♣", east="3♥ 2♦ 3♦ 4♦ 5♦ 6♦")
    state = finish_hand(state)
    assert state.dealer == N  # E's right-hand neighbour


def test_V3_trinidad_two_players_hang_jack_from_twelve_wins() -> None:
    deck = stack_deck(
        2,
        [cards("A♥ J♥ 2♥ 2♣ 3♣ 4♣"), cards("Q♥ 5♣ 6♣ 7♣ 8♣ 9♣")],
        Card.parse("5♥"),
        dealer=ANNA,
        options=TRINIDAD,
    )
    state = from_deck(2, deck, dealer=ANNA, scores=(0, 12), options=TRINIDAD)
    state = play(all_fours, state, "stand", "play Q♥", "play J♥")
    assert state.tricks[0].winner == BEN
    state = finish_hand(state)
    assert state.phase is Phase.OVER
    assert state.scores == (2, 15)
    assert state.awards == (
        Award(AwardKind.HIGH, ANNA, 1),
        Award(AwardKind.LOW, ANNA, 1),
        Award(AwardKind.HANG_JACK, BEN, 3),
    )
    assert winners(state) == frozenset({BEN})


def test_s9_3_trinidad_keeps_begging_and_a_turned_jack_is_worth_one() -> None:
    deck = stack_deck(3, [[], [], []], Card.parse("J♠"), dealer=1, options=TRINIDAD)
    state = from_deck(3, deck, dealer=1, options=TRINIDAD)
    assert state.scores == (0, 1, 0)
    assert current_player(state) == 0  # eldest is the dealer's right-hand neighbour
    assert legal_actions(state) == (Stand(), Beg())
    state = play(all_fours, state, "beg", "give")
    # the gift goes to both non-dealers
    assert state.scores == (1, 1, 1)


def test_s8_max_game_length_is_positive_for_every_preset() -> None:
    for options in PRESETS.values():
        for players in (2, 3, 4):
            assert max_game_length(players, options) > 100


def test_s9_3_trinidad_deals_counter_clockwise_from_the_right_hand_neighbour() -> None:
    deck = tuple(reversed(DECK_52))
    state = from_deck(3, deck, dealer=0, options=TRINIDAD)
    # eldest is seat 2 (the dealer's right), then seat 1, the dealer last
    assert state.hands[2] == tuple(sorted(deck[0:3] + deck[9:12]))
    assert state.hands[1] == tuple(sorted(deck[3:6] + deck[12:15]))
    assert state.hands[0] == tuple(sorted(deck[6:9] + deck[15:18]))
    assert current_player(state) == 2


def test_s9_3_trinidad_running_and_discarding_go_counter_clockwise() -> None:
    deck = stack_deck(
        3,
        [[], [], []],
        Card.parse("7♥"),
        [((cards("2♦ 3♦ 4♦"), cards("5♦ 6♦ 7♦"), cards("8♦ 9♦ 10♦")), Card.parse("J♠"))],
        dealer=0,
        options=TRINIDAD,
    )
    state = play(all_fours, from_deck(3, deck, dealer=0, options=TRINIDAD), "beg", "run")
    assert set(cards("8♦ 9♦ 10♦")) <= set(state.hands[2])
    assert state.scores == (1, 0, 0)  # the trump-setting jack scores for the dealer
    order = []
    while state.phase is Phase.DISCARD:
        order.append(current_player(state))
        state = apply(state, legal_actions(state)[0])
    assert order == [2, 2, 2, 1, 1, 1, 0, 0, 0]
    assert current_player(state) == 2


def test_s9_4_blind_and_trinidad_combine() -> None:
    options = Options(blind=True, trinidad=True)
    assert target_of(options) == 14
    deck = stack_deck(
        2, [cards("A♥ J♥ 2♣ 3♣ 4♣ 5♣"), cards("Q♥ 6♣ 7♣ 8♣ 9♣ 10♣")], dealer=0, options=options
    )
    state = from_deck(2, deck, dealer=0, scores=(0, 12), options=options)
    state = play(all_fours, state, "play Q♥")  # Ben leads: hearts are trump
    assert state.trump is Suit.HEARTS
    state = finish_hand(play(all_fours, state, "play J♥"))
    assert state.awards[-1] == Award(AwardKind.HANG_JACK, BEN, 3)
    assert winners(state) == frozenset({BEN})


@pytest.mark.parametrize(
    "options",
    [
        Options(in_play=InPlay.HELD_AT_PLAY),
        Options(gift_cannot_win=True, target=5),
        Options(blind=True, trinidad=True),
        Options(trinidad=True, target=7, first_dealer=1),
    ],
)
def test_check_game_with_other_flags(options: Options) -> None:
    assert check_game(all_fours, options=options, seeds=range(2)).games == 6


def test_s9_3_trinidad_three_players_any_other_capturer_hangs_the_jack() -> None:
    # dealer 0; counter-clockwise eldest is 2, then 1, then the dealer
    deck = stack_deck(
        3,
        [cards("K♠ 2♣ 3♣ 4♣ 5♣ 6♣"), cards("Q♠ 7♣ 8♣ 9♣ 10♣ K♣"), cards("J♠ 2♥ 3♥ 4♥ 5♥ 6♥")],
        Card.parse("3♠"),
        dealer=0,
        options=TRINIDAD,
    )
    state = from_deck(3, deck, dealer=0, options=TRINIDAD)
    state = play(all_fours, state, "stand", "play J♠", "play Q♠", "play K♠")
    assert state.tricks[0].winner == 0
    state = finish_hand(state)
    assert Award(AwardKind.HANG_JACK, 0, 3) in state.history[0].awards


def test_A28_trinidad_three_players_the_forced_run_watches_the_dealers_left_hand_neighbour() -> (
    None
):
    # dealer 0, counter-clockwise: eldest (the beggar) is 2, the non-beggar is 1
    deck = stack_deck(3, [[], [], []], Card.parse("7♥"), dealer=0, options=TRINIDAD)
    state = apply(from_deck(3, deck, dealer=0, scores=(0, 13, 0), options=TRINIDAD), Beg())
    assert current_player(state) == 0
    assert legal_actions(state) == (all_fours.Run(),)
    # the beggar himself at 13 may be given the winning point
    state = apply(from_deck(3, deck, dealer=0, scores=(0, 0, 13), options=TRINIDAD), Beg())
    assert legal_actions(state) == (all_fours.Give(), all_fours.Run())
    state = apply(state, all_fours.Give())
    assert state.scores == (0, 1, 14)
    assert winners(state) == frozenset({2})


def test_s9_2_pitch_three_players_a_tie_for_the_top_scores_nobody() -> None:
    # the dealer tying one non-dealer would give that non-dealer the point in the base game
    assert all_fours.game_winner((20, 20, 5), 0, 3, PITCH) is None
    assert all_fours.game_winner((20, 20, 5), 0, 3, SEVEN_UP) == 1
    assert all_fours.game_winner((20, 5, 20), 0, 3, PITCH) is None
    assert all_fours.game_winner((30, 15, 15), 0, 3, PITCH) == 0
