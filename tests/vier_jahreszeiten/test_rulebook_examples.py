"""The worked examples of the German rulebook "Vier Jahreszeiten"."""

from __future__ import annotations

from fourgames.cards import Card, Rank, Suit, cards
from fourgames.vier_jahreszeiten import (
    TURN,
    Build,
    Fill,
    ToFoundation,
    apply,
    foundation_cards,
    legal_actions,
    position,
)


def test_rulebook_example_7d_on_6d_and_4s_on_5h() -> None:
    """ "Im Bild oben kommt die 7♦ sofort auf die 6♦. Die 4♠ kommt auf die 5♥ … Damit sind
    zwei Plätze im Kreuz leer. Du kannst sie mit den nächsten Karten aus dem Vorrat füllen –
    oder einen frei lassen, bis eine nützliche Karte kommt.\""""
    state = position(
        piles=[cards("7♦"), cards("4♠"), cards("5♥"), cards("K♣"), cards("9♠")],
        foundations=cards("6♦"),
        base=Rank.SIX,
    )
    state = apply(state, ToFoundation(Card.parse("7♦")))
    assert foundation_cards(state.base, Suit.DIAMONDS, state.foundations[1]) == cards("6♦ 7♦")
    state = apply(state, Build(Card.parse("4♠"), 2))
    assert state.piles == ((), (), cards("5♥ 4♠"), cards("K♣"), cards("9♠"))
    # Fill both spaces with the next stock cards…
    first, second = state.stock[:2]
    filled = apply(apply(state, TURN), Fill(first, 0))
    filled = apply(apply(filled, TURN), Fill(second, 1))
    assert filled.piles[:2] == ((first,), (second,))
    # …or leave one free: turning without filling is legal, the space stays empty.
    waited = apply(state, TURN)
    assert waited.piles[0] == ()
    assert Fill(first, 0) in legal_actions(waited)


def test_rulebook_example_diamond_foundation_from_six() -> None:
    """ "mit 6er als Startkarten läuft der Karo-Stapel 6♦ 7♦ 8♦ 9♦ 10♦ B♦ D♦ K♦ A♦ 2♦ 3♦ 4♦ 5♦\""""
    assert foundation_cards(6, Suit.DIAMONDS, 13) == cards(
        "6♦ 7♦ 8♦ 9♦ 10♦ J♦ Q♦ K♦ A♦ 2♦ 3♦ 4♦ 5♦"
    )


def test_rulebook_example_queen_king_ace_two_is_a_sequence() -> None:
    """ "Dame, König, Ass, 2 ist also eine richtige Folge" in the cross when the base is not
    the ace: build the 2 ← A ← K ← Q chain downwards."""
    state = position(
        piles=[cards("2♣"), cards("A♥"), cards("K♠"), cards("Q♦"), cards("9♠")],
        foundations=cards("6♦"),
        base=Rank.SIX,
    )
    for move in (
        Build(Card.parse("A♥"), 0),
        Build(Card.parse("K♠"), 0),
        Build(Card.parse("Q♦"), 0),
    ):
        assert move in legal_actions(state)
        state = apply(state, move)
    assert state.piles[0] == cards("2♣ A♥ K♠ Q♦")
