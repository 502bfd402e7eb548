"""The worked examples of the German rulebook *All Fours (Seven Up) – Ausführliche Regeln*, as
tests."""

from __future__ import annotations

from fourgames.all_fours import (
    Award,
    AwardKind,
    Beg,
    Give,
    Phase,
    Run,
    State,
    apply,
    current_player,
    from_deck,
    legal_actions,
    parse_action,
    stack_deck,
)
from fourgames.cards import Card, Suit, cards

ANNA, BEN = 0, 1  # "Anna gibt Ben": Anna deals, Ben is eldest


def _anna_deals_ben_and_turns_up_seven_of_hearts() -> State:
    deck = stack_deck(
        2,
        [cards("A♥ K♥ Q♥ 2♣ 3♣ 4♣"), cards("2♠ 3♠ 4♠ 5♦ 6♦ 7♦")],  # Ben holds no heart
        Card.parse("7♥"),
        [((cards("8♣ 9♣ 10♣"), cards("8♦ 9♦ 10♦")), Card.parse("J♠"))],
        dealer=ANNA,
    )
    return from_deck(2, deck, dealer=ANNA)


def test_rulebook_begging_example_anna_gives_ben_a_point() -> None:
    """Betteln, Beispiel: Ben has no heart and begs; Anna says "Nimm ihn"."""
    state = apply(_anna_deals_ben_and_turns_up_seven_of_hearts(), Beg())
    state = apply(state, Give())
    assert state.scores == (0, 1)  # Ben is given 1 point
    assert state.trump is Suit.HEARTS  # hearts stay trump
    assert state.phase is Phase.PLAY


def test_rulebook_begging_example_had_anna_run_the_jack_of_spades() -> None:
    """... had Anna run the cards and turned up J♠, spades are trump and Anna scores 1."""
    state = apply(_anna_deals_ben_and_turns_up_seven_of_hearts(), Beg())
    state = apply(state, Run())
    assert state.turnups == cards("7♥ J♠")
    assert state.trump is Suit.SPADES
    assert state.scores == (1, 0)
    assert state.awards == (Award(AwardKind.RUNNING_JACK, ANNA, 1),)


def test_rulebook_scoring_example_anna_3_ben_1() -> None:
    """Wertung, Beispiel: clubs trump; Anna K♣ 4♣, Ben 9♣ J♣; Anna wins Ben's J♣; Ben's
    tricks hold two tens, an ace and a queen (26) against Anna's 11: Anna 3, Ben 1."""
    deck = stack_deck(
        2,
        [cards("K♣ 4♣ A♥ 10♥ 2♦ 3♦"), cards("J♣ 9♣ K♠ Q♠ 10♠ A♦")],
        Card.parse("7♣"),
        dealer=ANNA,
    )
    state = apply(from_deck(2, deck, dealer=ANNA, seed=1), parse_action("stand"))
    for move in ("A♦", "2♦", "10♠", "10♥", "Q♠", "3♦", "9♣", "4♣", "J♣", "K♣", "A♥", "K♠"):
        state = apply(state, parse_action(f"play {move}"))
    sheet = state.history[0]
    assert sheet.card_points == (11, 26)
    assert [(award.kind, award.side) for award in sheet.awards] == [
        (AwardKind.HIGH, ANNA),
        (AwardKind.LOW, ANNA),
        (AwardKind.JACK, ANNA),
        (AwardKind.GAME, BEN),
    ]
    assert state.scores == (3, 1)  # Anna 3, Ben 1
    assert current_player(state) == ANNA  # the next hand: Ben deals, Anna is eldest
    assert len(legal_actions(state)) == 2
