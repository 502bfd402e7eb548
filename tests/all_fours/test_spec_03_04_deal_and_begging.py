"""Spec §3 (the deal) and §4 (begging, running the cards, discarding, throw-in): S2, S3, E1–E9."""

from __future__ import annotations

import pytest

from fourgames import all_fours
from fourgames.all_fours import (
    LONG,
    Award,
    AwardKind,
    Beg,
    Begging,
    Discard,
    Give,
    Options,
    Phase,
    Run,
    Stand,
    State,
    apply,
    current_player,
    from_deck,
    legal_actions,
    new_game,
    parse_action,
    scores,
    stack_deck,
    winners,
)
from fourgames.cards import DECK_52, Card, Suit, cards
from fourgames.shuffle import derive_seed, shuffled
from tests.helpers import assert_refused, play

# 2 players: Anna (0) deals, Ben (1) is eldest.
ANNA, BEN = 0, 1


def two_player(
    turnup: str,
    anna: str = "2♣ 3♣ 4♣ 5♣ 6♣ 8♣",
    ben: str = "2♠ 3♠ 4♠ 5♠ 6♠ 8♠",
    runs: tuple[tuple[str, str, str], ...] = (),
    scores_: tuple[int, int] = (0, 0),
    options: Options | None = None,
) -> State:
    deck = stack_deck(
        2,
        [cards(anna), cards(ben)],
        Card.parse(turnup),
        [((cards(a), cards(b)), Card.parse(t)) for a, b, t in runs],
        dealer=ANNA,
    )
    return from_deck(2, deck, dealer=ANNA, scores=scores_, options=options)


# --- §3 the deal ---------------------------------------------------------------------------------


def test_s3_deal_two_rounds_of_three_eldest_first_then_turnup() -> None:
    deck = tuple(reversed(DECK_52))
    state = from_deck(3, deck, dealer=0)
    # eldest is 1: cards 0-2 and 9-11 to seat 1, 3-5 and 12-14 to seat 2, 6-8 and 15-17 to 0
    assert state.hands[1] == tuple(sorted(deck[0:3] + deck[9:12]))
    assert state.hands[2] == tuple(sorted(deck[3:6] + deck[12:15]))
    assert state.hands[0] == tuple(sorted(deck[6:9] + deck[15:18]))
    assert state.turnups == (deck[18],)
    assert state.stock == deck[19:]
    assert state.phase is Phase.BEGGING
    assert current_player(state) == 1
    assert state.trump is None


def test_s3_new_game_deals_hand_zero_from_the_game_seed() -> None:
    state = new_game(4, seed=99, options=Options(first_dealer=2))
    deck = shuffled(DECK_52, derive_seed(99, "hand", 0))
    assert state == from_deck(4, deck, dealer=2, seed=99, options=Options(first_dealer=2))
    assert len(state.stock) == 27


def test_s3_first_dealer_is_drawn_by_lot_from_the_seed() -> None:
    dealers = {new_game(4, seed=seed).dealer for seed in range(40)}
    assert dealers == {0, 1, 2, 3}
    assert new_game(3, seed=5).dealer == new_game(3, seed=5).dealer


def test_s3_4_turned_jack_scores_for_the_dealer() -> None:
    state = two_player("J♦")
    assert state.scores == (1, 0)
    assert state.awards == (Award(AwardKind.TURNED_JACK, ANNA, 1),)
    assert state.phase is Phase.BEGGING


def test_s3_4_turned_jack_scores_for_the_dealers_partnership() -> None:
    deck = stack_deck(4, [[], [], [], []], Card.parse("J♥"), dealer=3)
    state = from_deck(4, deck, dealer=3)
    assert state.scores == (0, 1)
    assert scores(state) == (0, 1, 0, 1)


# --- Seed examples --------------------------------------------------------------------------------


def test_S2_beg_and_give() -> None:
    state = two_player("7♥")
    assert legal_actions(state) == (Stand(), Beg())
    state = apply(state, Beg())
    assert state.phase is Phase.ANSWER
    assert current_player(state) == ANNA
    assert legal_actions(state) == (Give(), Run())
    state = apply(state, Give())
    assert state.scores == (0, 1)
    assert state.trump is Suit.HEARTS
    assert state.phase is Phase.PLAY
    assert current_player(state) == BEN
    assert state.begging is Begging.GIVEN


def test_S3_beg_and_run_turns_up_the_jack_of_spades() -> None:
    state = two_player("7♥", runs=(("9♦ 10♦ J♦", "9♣ 10♣ J♣", "J♠"),))
    state = play(all_fours, state, "beg", "run")
    assert state.trump is Suit.SPADES
    assert state.scores == (1, 0)
    assert state.awards == (Award(AwardKind.RUNNING_JACK, ANNA, 1),)
    assert [len(hand) for hand in state.hands] == [9, 9]
    assert cards("9♣ 10♣ J♣") == tuple(c for c in state.hands[BEN] if c in cards("9♣ 10♣ J♣"))
    assert state.phase is Phase.DISCARD
    # Ben discards three, then Anna three
    for _ in range(3):
        assert current_player(state) == BEN
        state = apply(state, legal_actions(state)[0])
    for _ in range(3):
        assert current_player(state) == ANNA
        state = apply(state, legal_actions(state)[-1])
    assert state.phase is Phase.PLAY
    assert [len(hand) for hand in state.hands] == [6, 6]
    assert [len(pile) for pile in state.discards] == [3, 3]
    assert current_player(state) == BEN


# --- Begging and running ----------------------------------------------------------------------


def test_E1_turned_jack_reaching_the_target_ends_the_game_before_begging() -> None:
    state = two_player("J♦", scores_=(6, 0))
    assert state.scores == (7, 0)
    assert state.phase is Phase.OVER
    assert winners(state) == frozenset({ANNA})
    assert legal_actions(state) == ()
    assert current_player(state) is None
    assert_refused(all_fours, state, Beg(), rule="§8")


def test_E2_dealer_keeps_the_turned_jack_point_after_running() -> None:
    state = two_player("J♦", runs=(("9♦ 10♦ Q♦", "9♣ 10♣ J♣", "7♠"),))
    assert state.scores == (1, 0)
    state = play(all_fours, state, "beg", "run")
    assert state.trump is Suit.SPADES
    assert state.scores == (1, 0)


def test_E2_A9_a_second_jack_while_running_scores_again() -> None:
    state = two_player("J♦", runs=(("9♦ 10♦ Q♦", "9♣ 10♣ Q♣", "J♠"),))
    state = play(all_fours, state, "beg", "run")
    assert state.scores == (2, 0)
    assert [award.kind for award in state.awards] == [
        AwardKind.TURNED_JACK,
        AwardKind.RUNNING_JACK,
    ]


def test_E3_running_past_the_rejected_suit_and_its_jack() -> None:
    state = two_player(
        "7♥",
        runs=(
            ("9♦ 10♦ J♦", "9♣ 10♣ J♣", "2♥"),
            ("Q♦ K♦ A♦", "K♣ A♣ 3♦", "J♥"),
            ("7♦ 8♦ 7♠", "7♣ 9♠ 10♠", "Q♣"),
        ),
    )
    state = play(all_fours, state, "beg", "run")
    assert state.turnups == cards("7♥ 2♥ J♥ Q♣")
    assert state.trump is Suit.CLUBS
    assert state.scores == (0, 0)  # J♥ is of the rejected suit: no point
    assert [len(hand) for hand in state.hands] == [15, 15]
    discards = 0
    while state.phase is Phase.DISCARD:
        state = apply(state, legal_actions(state)[0])
        discards += 1
    assert discards == 18
    assert [len(pile) for pile in state.discards] == [9, 9]


def test_E4_four_players_throw_in_when_the_stock_runs_short() -> None:
    none: list[list[Card]] = [[], [], [], []]
    hearts = cards("2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥ A♥")
    rest = [card for card in DECK_52 if card not in hearts]
    hands = [rest[0:6], rest[6:12], rest[12:18], rest[18:24]]
    runs = [
        ([rest[24:27], rest[27:30], rest[30:33], rest[33:36]], hearts[1]),
        ([rest[36:39], rest[39:42], rest[42:45], rest[45:48]], hearts[2]),
    ]
    del none
    deck = stack_deck(4, hands, hearts[0], runs, dealer=1)
    state = from_deck(4, deck, dealer=1, seed=5, scores=(3, 2))
    state = play(all_fours, state, "beg", "run")
    # 25 + 13 + 13 = 51 cards used, one left < 13: the same dealer deals a new hand
    assert state.dealer == 1
    assert state.hand_number == 1
    assert state.scores == (3, 2)
    assert state.phase is Phase.BEGGING
    sheet = state.history[-1]
    assert sheet.thrown_in
    assert sheet.turnups == hearts[:3]
    assert sheet.awards == ()
    fresh = shuffled(DECK_52, derive_seed(5, "hand", 1))
    assert state.hands == from_deck(4, fresh, dealer=1).hands


def test_E5_two_players_five_runs_of_the_rejected_suit_throw_in() -> None:
    hearts = cards("2♥ 3♥ 4♥ 5♥ 6♥ 7♥")
    rest = [card for card in DECK_52 if card.suit is not Suit.HEARTS]
    runs = [
        ([rest[12 + 6 * k : 15 + 6 * k], rest[15 + 6 * k : 18 + 6 * k]], hearts[1 + k])
        for k in range(5)
    ]
    deck = stack_deck(2, [rest[0:6], rest[6:12]], hearts[0], runs, dealer=ANNA)
    state = from_deck(2, deck, dealer=ANNA, seed=8)
    state = play(all_fours, state, "beg", "run")
    assert state.history[-1].thrown_in
    assert state.history[-1].turnups == hearts
    assert state.dealer == ANNA
    assert state.hand_number == 1
    assert [len(hand) for hand in state.hands] == [6, 6]
    assert len(state.stock) == 39


def test_E6_three_players_the_dealer_must_run_when_the_other_needs_one() -> None:
    deck = stack_deck(3, [[], [], []], Card.parse("7♥"), dealer=0)
    state = from_deck(3, deck, dealer=0, scores=(2, 4, 6))
    state = apply(state, Beg())
    assert legal_actions(state) == (Run(),)
    err = assert_refused(all_fours, state, Give(), rule="§4.2")
    assert "player 2" in str(err)


def test_E7_three_player_gift_to_both_then_one_target_check() -> None:
    deck = stack_deck(3, [[], [], []], Card.parse("7♥"), dealer=0)
    state = from_deck(3, deck, dealer=0, scores=(0, 6, 4))
    state = play(all_fours, state, "beg", "give")
    assert state.scores == (0, 7, 5)
    assert state.awards == (Award(AwardKind.GIFT, 1, 1), Award(AwardKind.GIFT, 2, 1))
    assert state.phase is Phase.OVER
    assert state.trump is Suit.HEARTS
    assert winners(state) == frozenset({1})


def test_E7_three_player_gift_goes_to_both_non_dealers() -> None:
    deck = stack_deck(3, [[], [], []], Card.parse("7♥"), dealer=2)
    state = play(all_fours, from_deck(3, deck, dealer=2), "beg", "give")
    assert state.scores == (1, 1, 0)
    assert state.phase is Phase.PLAY
    assert current_player(state) == 0


def test_E8_a_gift_may_put_the_beggar_out() -> None:
    state = apply(two_player("7♥", scores_=(0, 6)), Beg())
    assert legal_actions(state) == (Give(), Run())
    state = apply(state, Give())
    assert state.scores == (0, 7)
    assert state.phase is Phase.OVER
    assert winners(state) == frozenset({BEN})


def test_E8_with_gift_cannot_win_the_dealer_must_run() -> None:
    state = two_player("7♥", scores_=(0, 6), options=Options(gift_cannot_win=True))
    state = apply(state, Beg())
    assert legal_actions(state) == (Run(),)
    assert_refused(all_fours, state, Give(), rule="A11")


def test_E8_gift_cannot_win_with_three_players_protects_the_beggar_too() -> None:
    deck = stack_deck(3, [[], [], []], Card.parse("7♥"), dealer=0)
    options = Options(gift_cannot_win=True)
    state = apply(from_deck(3, deck, dealer=0, scores=(0, 6, 0), options=options), Beg())
    assert legal_actions(state) == (Run(),)
    plain = apply(from_deck(3, deck, dealer=0, scores=(0, 6, 0)), Beg())
    assert legal_actions(plain) == (Give(), Run())


def test_E9_four_player_gift_is_one_point_for_the_partnership() -> None:
    deck = stack_deck(4, [[], [], [], []], Card.parse("7♥"), dealer=0)
    state = play(all_fours, from_deck(4, deck, dealer=0), "beg", "give")
    assert state.scores == (0, 1)
    assert scores(state) == (0, 1, 0, 1)
    assert state.awards == (Award(AwardKind.GIFT, 1, 1),)


def test_s4_only_eldest_begs_and_only_the_dealer_answers_with_four() -> None:
    deck = stack_deck(4, [[], [], [], []], Card.parse("7♥"), dealer=2)
    state = from_deck(4, deck, dealer=2)
    assert current_player(state) == 3
    state = apply(state, Beg())
    assert current_player(state) == 2


def test_s4_running_jack_reaching_the_target_ends_the_game() -> None:
    state = two_player("7♥", runs=(("9♦ 10♦ Q♦", "9♣ 10♣ Q♣", "J♠"),), scores_=(6, 5))
    state = play(all_fours, state, "beg", "run")
    assert state.scores == (7, 5)
    assert state.phase is Phase.OVER
    assert winners(state) == frozenset({ANNA})


def test_s4_4_A8_a_turned_jack_survives_a_throw_in() -> None:
    spades = [card for card in DECK_52 if card.suit is Suit.SPADES]
    turnup, run_turnups = Card.parse("J♠"), [c for c in spades if c.rank != 11][:5]
    rest = [card for card in DECK_52 if card.suit is not Suit.SPADES]
    runs = [
        ([rest[12 + 6 * k : 15 + 6 * k], rest[15 + 6 * k : 18 + 6 * k]], run_turnups[k])
        for k in range(5)
    ]
    deck = stack_deck(2, [rest[0:6], rest[6:12]], turnup, runs, dealer=BEN)
    state = play(all_fours, from_deck(2, deck, dealer=BEN), "beg", "run")
    assert state.history[-1].thrown_in
    assert state.history[-1].awards == (Award(AwardKind.TURNED_JACK, BEN, 1),)
    assert state.scores[BEN] >= 1
    assert state.dealer == BEN


def test_s4_3_discards_are_one_card_at_a_time_from_the_discarders_hand() -> None:
    state = play(
        all_fours, two_player("7♥", runs=(("9♦ 10♦ J♦", "9♣ 10♣ J♣", "Q♠"),)), "beg", "run"
    )
    assert legal_actions(state) == tuple(Discard(card) for card in state.hands[BEN])
    assert_refused(all_fours, state, Discard(Card.parse("9♦")), rule="§4.3")  # Anna's card
    state = apply(state, Discard(Card.parse("J♣")))
    assert state.discards[BEN] == cards("J♣")
    assert Card.parse("J♣") not in state.hands[BEN]


@pytest.mark.parametrize(
    ("phase_moves", "move", "rule"),
    [
        ((), "give", "§4.2"),
        ((), "run", "§4.2"),
        ((), "discard 2♣", "§4.3"),
        ((), "play 2♠", "§5"),
        (("beg",), "stand", "§4.1"),
        (("beg",), "beg", "§4.1"),
        (("stand",), "beg", "§4.1"),
        (("stand",), "give", "§4.2"),
    ],
)
def test_s4_actions_out_of_turn_are_refused(
    phase_moves: tuple[str, ...], move: str, rule: str
) -> None:
    state = play(all_fours, two_player("7♥"), *phase_moves)
    assert_refused(all_fours, state, parse_action(move), rule=rule)


def test_V4_long_game_three_players_the_non_beggar_at_ten_forces_a_run() -> None:
    deck = stack_deck(3, [[], [], []], Card.parse("7♥"), dealer=0)
    state = apply(from_deck(3, deck, dealer=0, scores=(0, 0, 10), options=LONG), Beg())
    assert legal_actions(state) == (Run(),)
    assert_refused(all_fours, state, Give(), rule="§4.2")
    # at 9 the gift is allowed again
    state = apply(from_deck(3, deck, dealer=0, scores=(0, 0, 9), options=LONG), Beg())
    assert legal_actions(state) == (Give(), Run())


def test_s4_2_gift_cannot_win_with_four_players_protects_the_beggars_partnership() -> None:
    deck = stack_deck(4, [[], [], [], []], Card.parse("7♥"), dealer=0)
    options = Options(gift_cannot_win=True)
    state = apply(from_deck(4, deck, dealer=0, scores=(0, 6), options=options), Beg())
    assert legal_actions(state) == (Run(),)
    state = apply(from_deck(4, deck, dealer=0, scores=(6, 5), options=options), Beg())
    assert legal_actions(state) == (Give(), Run())


def test_s4_2_four_players_a_running_jack_scores_for_the_dealers_partnership() -> None:
    deck = stack_deck(
        4, [[], [], [], []], Card.parse("7♥"), [([[], [], [], []], Card.parse("J♣"))], dealer=2
    )
    state = play(all_fours, from_deck(4, deck, dealer=2), "beg", "run")
    assert state.scores == (1, 0)
    assert scores(state) == (1, 0, 1, 0)
    assert [len(hand) for hand in state.hands] == [9, 9, 9, 9]
    assert current_player(state) == 3  # eldest discards first
