"""Spec §6 (scoring), §7 (end of hand), §8 (end of game): S1, C1–C10."""

from __future__ import annotations

import pytest

from fourgames import all_fours
from fourgames.all_fours import (
    PITCH,
    Award,
    AwardKind,
    InPlay,
    Options,
    Phase,
    Play,
    State,
    apply,
    current_player,
    from_deck,
    game_winner,
    legal_actions,
    score_sheet,
    stack_deck,
    winners,
)
from fourgames.cards import DECK_52, Card, Suit, cards
from tests.all_fours.hands import finish_hand
from tests.helpers import play

ANNA, BEN = 0, 1
HIGH, LOW, JACK, GAME = AwardKind.HIGH, AwardKind.LOW, AwardKind.JACK, AwardKind.GAME


def hand_awards(state: State, number: int = 0) -> tuple[Award, ...]:
    return score_sheet(state)[number].awards


def dealt(
    anna: str,
    ben: str,
    turnup: str,
    scores: tuple[int, int] = (0, 0),
    options: Options | None = None,
) -> State:
    deck = stack_deck(2, [cards(anna), cards(ben)], Card.parse(turnup), dealer=ANNA)
    # seed 1: the next hand (Ben's deal) turns up Q♠, no turned-jack point for Ben
    return from_deck(2, deck, dealer=ANNA, scores=scores, options=options, seed=1)


S1_ANNA = "K♣ 4♣ A♥ 10♥ 2♦ 3♦"
S1_BEN = "J♣ 9♣ K♠ Q♠ 10♠ A♦"


def test_S1_seed_scoring_example_made_concrete() -> None:
    state = play(all_fours, dealt(S1_ANNA, S1_BEN, "7♣"), "stand")
    assert state.trump is Suit.CLUBS
    state = play(all_fours, state, "play A♦", "play 2♦")  # trick 1 → Ben
    assert state.tricks[-1].winner == BEN
    state = play(all_fours, state, "play 10♠", "play 10♥")  # trick 2: Anna is void in ♠ → Ben
    state = play(all_fours, state, "play Q♠", "play 3♦")  # trick 3 → Ben
    state = apply(state, Play(Card.parse("9♣")))
    assert {a.card for a in legal_actions(state) if isinstance(a, Play)} == set(cards("K♣ 4♣"))
    state = play(all_fours, state, "play 4♣")  # trick 4: Anna must follow trump → Ben
    assert [t.winner for t in state.tricks] == [BEN] * 4
    state = apply(state, Play(Card.parse("J♣")))
    assert legal_actions(state) == (Play(Card.parse("K♣")),)
    state = play(all_fours, state, "play K♣")  # trick 5 → Anna
    assert current_player(state) == ANNA
    state = play(all_fours, state, "play A♥", "play K♠")  # trick 6 → Anna
    sheet = state.history[-1]
    assert sheet.card_points == (11, 26)
    assert sheet.awards == (
        Award(HIGH, ANNA, 1),
        Award(LOW, ANNA, 1),
        Award(JACK, ANNA, 1),
        Award(GAME, BEN, 1),
    )
    assert state.scores == (3, 1)
    # §7: the deal passes to Ben, the next hand is dealt from the seed
    assert state.dealer == BEN
    assert state.hand_number == 1
    assert state.phase is Phase.BEGGING


def test_C1_a_lone_trump_jack_scores_high_low_and_jack() -> None:
    state = play(all_fours, dealt("2♣ 3♣ 4♣ 5♠ 6♠ 7♠", "J♦ 8♣ 9♣ 8♥ 9♥ 10♥", "3♦"), "stand")
    state = finish_hand(state)
    jack_trick = next(t for t in state.history[0].awards if t.kind is JACK)
    assert jack_trick.side == BEN
    assert state.history[0].awards[:3] == (
        Award(HIGH, BEN, 1),
        Award(LOW, BEN, 1),
        Award(JACK, BEN, 1),
    )


def test_C1_the_lone_trump_jack_wins_whatever_trick_it_is_played_to() -> None:
    state = play(all_fours, dealt("2♣ Q♣ 4♣ 5♠ 6♠ 7♠", "J♦ 8♣ 9♣ 8♥ 9♥ 10♥", "3♦"), "stand")
    state = play(all_fours, state, "play 8♣", "play Q♣")  # Anna wins trick 1 and leads
    assert current_player(state) == ANNA
    state = play(all_fours, state, "play 5♠", "play J♦")  # Ben is void in ♠ and trumps with J♦
    assert state.tricks[1].winner == BEN
    state = finish_hand(state)
    assert state.history[0].awards[:3] == (
        Award(HIGH, BEN, 1),
        Award(LOW, BEN, 1),
        Award(JACK, BEN, 1),
    )


def test_C2_a_turned_up_two_is_not_low() -> None:
    state = play(all_fours, dealt("5♣ 6♥ 7♥ 8♥ 9♥ 10♥", "K♣ 6♦ 7♦ 8♦ 9♦ 10♦", "2♣"), "stand")
    state = finish_hand(state)
    awards = state.history[0].awards
    assert awards[0] == Award(HIGH, BEN, 1)
    assert awards[1] == Award(LOW, ANNA, 1)


def test_C3_no_trump_dealt_only_game_is_scored() -> None:
    state = play(all_fours, dealt("2♣ 3♣ 4♣ 5♣ 6♣ 10♣", "2♥ 3♥ 4♥ 5♥ 6♥ 7♥", "2♠"), "stand")
    state = finish_hand(state)
    assert [award.kind for award in state.history[0].awards] == [GAME]


def test_C4_two_players_a_card_point_tie_goes_to_the_non_dealer() -> None:
    state = dealt("2♦ 10♣ 7♦ 8♦ 9♦ 7♥", "10♦ 2♣ 3♥ 4♥ 5♥ 6♥", "2♠")
    state = play(
        all_fours,
        state,
        "stand",
        "play 10♦",
        "play 2♦",  # Ben 10
        "play 2♣",
        "play 10♣",  # Anna 10
        *("play 7♦", "play 3♥", "play 8♦", "play 4♥", "play 9♦", "play 5♥", "play 7♥", "play 6♥"),
    )
    sheet = state.history[0]
    assert sheet.card_points == (10, 10)
    assert sheet.awards == (Award(GAME, BEN, 1),)


def test_C4_two_players_nothing_counts_zero_zero_goes_to_the_non_dealer() -> None:
    state = play(all_fours, dealt("2♣ 3♣ 4♣ 5♣ 6♣ 7♣", "2♥ 3♥ 4♥ 5♥ 6♥ 7♥", "2♠"), "stand")
    state = finish_hand(state)
    assert state.history[0].card_points == (0, 0)
    assert state.history[0].awards == (Award(GAME, BEN, 1),)
    assert game_winner((0, 0), BEN, 2, Options()) == ANNA


def test_C5_three_player_game_ties() -> None:
    d, x, y = 0, 1, 2  # the dealer and the two others
    options = Options()
    assert game_winner((20, 20, 5), d, 3, options) == x
    assert game_winner((10, 15, 15), d, 3, options) is None
    assert game_winner((30, 15, 15), d, 3, options) == d
    assert game_winner((12, 12, 12), d, 3, options) is None
    assert game_winner((20, 5, 20), d, 3, options) == y
    assert game_winner((5, 20, 20), 1, 3, options) == 2  # dealer 1 ties seat 2
    assert game_winner((20, 5, 20), 1, 3, options) is None  # two non-dealers tie


def test_C5_three_players_all_zero_nobody_scores_game() -> None:
    deck = stack_deck(
        3,
        [cards("2♣ 3♣ 4♣ 5♣ 6♣ 7♣"), cards("2♥ 3♥ 4♥ 5♥ 6♥ 7♥"), cards("2♦ 3♦ 4♦ 5♦ 6♦ 7♦")],
        Card.parse("2♠"),
        dealer=0,
    )
    state = finish_hand(play(all_fours, from_deck(3, deck, dealer=0), "stand"))
    assert state.history[0].card_points == (0, 0, 0)
    assert state.history[0].awards == ()
    assert state.scores == (0, 0, 0)
    assert state.dealer == 1


def test_C6_four_players_a_tie_goes_to_the_partnership_opposing_the_dealer() -> None:
    assert game_winner((13, 13), 0, 4, Options()) == 1
    assert game_winner((13, 13), 3, 4, Options()) == 0
    deck = stack_deck(
        4,
        [
            cards("2♣ 3♣ 4♣ 5♣ 6♣ 7♣"),
            cards("2♥ 3♥ 4♥ 5♥ 6♥ 7♥"),
            cards("2♦ 3♦ 4♦ 5♦ 6♦ 7♦"),
            cards("8♣ 9♣ 8♥ 9♥ 8♦ 9♦"),
        ],
        Card.parse("2♠"),
        dealer=2,
    )
    state = finish_hand(play(all_fours, from_deck(4, deck, dealer=2), "stand"))
    assert state.history[0].card_points == (0, 0)
    assert state.history[0].awards == (Award(GAME, 1, 1),)


def test_C7_the_game_ends_at_the_first_award_reaching_the_target() -> None:
    state = dealt("A♣ 2♦ 3♦ 4♦ 5♦ 6♦", "J♣ 2♣ 10♥ 10♠ 7♥ 8♥", "7♣", scores=(6, 6))
    state = play(
        all_fours,
        state,
        "stand",
        *("play 10♥", "play 2♦", "play 10♠", "play 3♦", "play 7♥", "play 4♦"),
        *("play 8♥", "play 5♦", "play 2♣", "play A♣", "play 6♦", "play J♣"),
    )
    assert state.tricks[-1].winner == BEN  # Ben would have Low, Jack and Game
    assert state.scores == (7, 6)
    assert state.phase is Phase.OVER
    assert state.awards == (Award(HIGH, ANNA, 1),)
    assert winners(state) == frozenset({ANNA})
    assert legal_actions(state) == ()


def _c8_state(options: Options | None) -> State:
    deck = stack_deck(
        2,
        [cards("2♣ 3♣ 4♣ 5♣ 6♣ 8♣"), cards("2♦ 3♦ 4♦ 5♦ 6♦ 8♦")],
        Card.parse("7♥"),
        [((cards("K♠ J♠ 9♦"), cards("A♠ 10♦ J♦")), Card.parse("3♠"))],
        dealer=ANNA,
    )
    state: State = play(all_fours, from_deck(2, deck, dealer=ANNA, options=options), "beg", "run")
    assert state.trump is Suit.SPADES
    state = play(
        all_fours, state, "discard A♠", "discard 2♦", "discard 3♦", "discard 2♣", "discard 3♣"
    )
    assert current_player(state) == ANNA  # Anna's discards are up to each test
    return state


def test_C8_a_discarded_top_trump_still_scores_high_for_its_discarder() -> None:
    state = _c8_state(None)
    state = play(all_fours, state, "discard 4♣")
    assert state.phase is Phase.PLAY
    state = finish_hand(state)
    assert state.history[0].awards[0] == Award(HIGH, BEN, 1)


def test_C8_held_at_play_high_goes_to_the_highest_trump_kept() -> None:
    state = _c8_state(Options(in_play=InPlay.HELD_AT_PLAY))
    state = finish_hand(play(all_fours, state, "discard 4♣"))
    assert state.history[0].awards[0] == Award(HIGH, ANNA, 1)


def test_C8_held_at_play_low_ignores_a_discarded_low_trump() -> None:
    state = _c8_state(Options(in_play=InPlay.HELD_AT_PLAY))
    state = finish_hand(play(all_fours, state, "discard J♠"))  # Anna keeps K♠, Ben nothing
    awards = state.history[0].awards
    assert awards[:2] == (Award(HIGH, ANNA, 1), Award(LOW, ANNA, 1))
    assert JACK not in [award.kind for award in awards]


def test_C9_a_discarded_trump_jack_scores_no_jack_point() -> None:
    state = _c8_state(None)
    state = finish_hand(play(all_fours, state, "discard J♠"))
    kinds = [award.kind for award in state.history[0].awards]
    assert JACK not in kinds
    assert kinds[:2] == [HIGH, LOW]
    assert state.history[0].awards[1] == Award(LOW, ANNA, 1)  # J♠ was dealt to Anna


def test_C10_the_deal_passes_on_but_not_after_a_throw_in() -> None:
    state = finish_hand(play(all_fours, dealt(S1_ANNA, S1_BEN, "7♣"), "stand"))
    assert (state.dealer, state.hand_number) == (BEN, 1)
    # a throw-in (five runs of ♥ with two players) keeps the dealer
    hearts = cards("2♥ 3♥ 4♥ 5♥ 6♥ 7♥")
    rest = [card for card in DECK_52 if card.suit is not Suit.HEARTS]
    runs = [
        ([rest[12 + 6 * k : 15 + 6 * k], rest[15 + 6 * k : 18 + 6 * k]], hearts[1 + k])
        for k in range(5)
    ]
    deck = stack_deck(2, [rest[0:6], rest[6:12]], hearts[0], runs, dealer=BEN)
    state = play(all_fours, from_deck(2, deck, dealer=BEN, hand_number=4), "beg", "run")
    assert (state.dealer, state.hand_number) == (BEN, 5)


def test_s6_2_four_players_a_partner_winning_the_jack_scores_for_the_partnership() -> None:
    deck = stack_deck(
        4,
        [
            cards("J♥ 2♣ 3♣ 4♣ 5♣ 6♣"),
            cards("2♦ 3♦ 4♦ 5♦ 6♦ 7♦"),
            cards("Q♥ 7♣ 8♣ 9♣ 10♣ K♣"),
            cards("8♦ 9♦ 10♦ J♦ Q♦ K♦"),
        ],
        Card.parse("2♥"),
        dealer=3,
    )
    state = play(
        all_fours, from_deck(4, deck, dealer=3), "stand", "play J♥", "play 2♦", "play Q♥", "play 8♦"
    )
    assert state.tricks[0].winner == 2
    state = finish_hand(state)
    awards = state.history[0].awards
    assert awards[:3] == (Award(HIGH, 0, 1), Award(LOW, 0, 1), Award(JACK, 0, 1))


@pytest.mark.parametrize("players", [2, 4])
def test_s9_2_pitch_game_tie_scores_nobody(players: int) -> None:
    assert game_winner((0,) * 2, 0, players, PITCH) is None
    assert game_winner((5, 9), 0, players, PITCH) == 1


def test_s8_the_game_ends_at_the_jack_before_game_is_scored() -> None:
    state = dealt("Q♣ 3♦ 4♦ 5♦ 6♦ 7♦", "A♣ J♣ 2♣ 3♥ 4♥ 10♥", "7♣", scores=(6, 0))
    state = play(all_fours, state, "stand", "play J♣")
    assert legal_actions(state) == (Play(Card.parse("Q♣")),)  # a trump lead must be followed
    state = finish_hand(play(all_fours, state, "play Q♣"))
    assert state.phase is Phase.OVER
    assert state.awards == (Award(HIGH, BEN, 1), Award(LOW, BEN, 1), Award(JACK, ANNA, 1))
    assert state.scores == (7, 2)
    assert winners(state) == frozenset({ANNA})


def test_s8_the_game_ends_at_the_game_point() -> None:
    # no trump dealt (♠ turned up): only Game is scored, and it takes Anna from 6 to 7
    state = dealt("A♥ K♥ 10♥ 10♦ 5♣ 6♣", "2♥ 3♥ 4♥ 2♦ 3♦ 4♦", "2♠", scores=(6, 6))
    state = finish_hand(play(all_fours, state, "stand"))
    assert state.awards == (Award(GAME, ANNA, 1),)
    assert state.scores == (7, 6)
    assert winners(state) == frozenset({ANNA})
