"""Spec §5 (trick play): P1–P4."""

from __future__ import annotations

from fourgames import all_fours
from fourgames.all_fours import Options as AllFoursOptions
from fourgames.all_fours import (
    Phase,
    Play,
    State,
    apply,
    current_player,
    from_deck,
    legal_actions,
    stack_deck,
    trick_winner,
)
from fourgames.cards import Card, Suit, cards
from tests.helpers import assert_refused, play

ANNA, BEN = 0, 1


def dealt(anna: str, ben: str, turnup: str = "7♣") -> State:
    """Anna deals, Ben (eldest) stands on ``turnup``: trick play starts, Ben to lead."""
    deck = stack_deck(2, [cards(anna), cards(ben)], Card.parse(turnup), dealer=ANNA)
    state: State = play(all_fours, from_deck(2, deck, dealer=ANNA), "stand")
    return state


def playable(state: State) -> tuple[Card, ...]:
    return tuple(action.card for action in legal_actions(state) if isinstance(action, Play))


def test_P1_follow_suit_or_trump() -> None:
    state = play(all_fours, dealt("5♠ 2♣ K♥ 3♦ 4♦ 5♥", "9♠ 2♥ 3♥ 4♥ 6♥ 7♥"), "play 9♠")
    assert current_player(state) == ANNA
    assert playable(state) == cards("2♣ 5♠")
    err = assert_refused(all_fours, state, Play(Card.parse("K♥")), rule="§5")
    assert "K♥" in str(err)


def test_P1_void_in_the_led_suit_any_card() -> None:
    state = play(all_fours, dealt("2♣ K♥ 3♦ 4♦ 5♥ 6♥", "9♠ 2♥ 3♥ 4♥ 7♥ 8♥"), "play 9♠")
    assert playable(state) == state.hands[ANNA]
    assert set(cards("2♣ K♥")) <= set(playable(state))


def test_P2_trump_led_a_trump_must_be_played() -> None:
    state = play(all_fours, dealt("5♠ 2♣ 3♦ 4♦ 5♥ 6♥", "4♣ 2♥ 3♥ 4♥ 7♥ 8♥"), "play 4♣")
    assert playable(state) == cards("2♣")
    assert_refused(all_fours, state, Play(Card.parse("5♠")), rule="§5")


def test_P3_a_trump_wins_over_the_led_suit() -> None:
    deck = stack_deck(
        3,
        [cards("2♣ 3♦ 4♦ 5♦ 6♦ 7♦"), cards("9♠ 2♥ 3♥ 4♥ 5♥ 6♥"), cards("K♠ 8♦ 9♦ 10♦ J♦ Q♦")],
        Card.parse("7♣"),
        dealer=0,
    )
    state = play(all_fours, from_deck(3, deck, dealer=0), "stand", "play 9♠", "play K♠", "play 2♣")
    assert state.tricks[0].winner == 0
    assert state.leader == 0
    assert current_player(state) == 0


def test_P3_an_off_suit_discard_never_wins() -> None:
    state = play(all_fours, dealt("K♥ 2♦ 3♦ 4♦ 5♦ 6♦", "9♠ 2♥ 3♥ 4♥ 5♥ 6♥"), "play 9♠", "play K♥")
    assert state.tricks[0].winner == BEN
    assert trick_winner(cards("9♠ K♥"), BEN, Suit.CLUBS, 2, AllFoursOptions()) == BEN
    assert trick_winner(cards("9♠ K♠ 2♣"), 1, Suit.CLUBS, 3, AllFoursOptions()) == 0
    assert trick_winner(cards("9♠ K♠ 2♣ 3♣"), 1, Suit.CLUBS, 4, AllFoursOptions()) == 0


def test_P4_the_trick_winner_leads_and_six_tricks_are_played() -> None:
    state = dealt("K♣ 4♣ A♥ 10♥ 2♦ 3♦", "J♣ 9♣ K♠ Q♠ 10♠ A♦")
    seen_tricks = 0
    while state.phase is Phase.PLAY and state.hand_number == 0:
        state = apply(state, legal_actions(state)[0])
        if state.hand_number == 0 and len(state.tricks) > seen_tricks:
            seen_tricks = len(state.tricks)
            assert current_player(state) == state.tricks[-1].winner
    assert state.hand_number == 1
    assert len(state.history[-1].card_points) == 2


def test_P4_after_a_run_exactly_six_tricks_are_played() -> None:
    deck = stack_deck(
        2,
        [cards("2♣ 3♣ 4♣ 5♣ 6♣ 8♣"), cards("2♠ 3♠ 4♠ 5♠ 6♠ 8♠")],
        Card.parse("7♥"),
        [((cards("9♦ 10♦ J♦"), cards("9♣ 10♣ J♣")), Card.parse("Q♠"))],
        dealer=ANNA,
    )
    state = play(all_fours, from_deck(2, deck, dealer=ANNA), "beg", "run")
    while state.phase is Phase.DISCARD:
        state = apply(state, legal_actions(state)[0])
    plays = 0
    while state.hand_number == 0:
        assert state.phase is Phase.PLAY
        state = apply(state, legal_actions(state)[0])
        plays += 1
    assert plays == 12  # six tricks of two cards
