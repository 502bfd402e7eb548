"""fourgames.cards: the 52-card deck, its text forms and its order."""

import pickle

import pytest

from fourgames import FormatError
from fourgames.cards import DECK_52, Card, Rank, Suit, cards, sorted_cards


def test_the_deck_holds_52_distinct_cards_suit_by_suit() -> None:
    assert len(DECK_52) == len(set(DECK_52)) == 52
    assert DECK_52[:13] == tuple(Card(rank, Suit.CLUBS) for rank in Rank)


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [
        ("10♥", Rank.TEN, Suit.HEARTS),
        ("Q♠", Rank.QUEEN, Suit.SPADES),
        ("A♦", Rank.ACE, Suit.DIAMONDS),
        ("2♣", Rank.TWO, Suit.CLUBS),
        ("TH", Rank.TEN, Suit.HEARTS),
        ("10h", Rank.TEN, Suit.HEARTS),
        ("qs", Rank.QUEEN, Suit.SPADES),
        ("jc", Rank.JACK, Suit.CLUBS),
        (" K♦ ", Rank.KING, Suit.DIAMONDS),
    ],
)
def test_parse_reads_symbol_and_ascii_forms(text: str, rank: Rank, suit: Suit) -> None:
    assert Card.parse(text) == Card(rank, suit)


@pytest.mark.parametrize("text", ["", "1♥", "11H", "T", "♥", "10♥♥", "ZZ", "0s", "10 H", "AX"])
def test_parse_refuses_anything_else_with_format_error(text: str) -> None:
    with pytest.raises(FormatError, match="not a card"):
        Card.parse(text)


def test_parse_refuses_non_strings() -> None:
    with pytest.raises(FormatError):
        Card.parse(10)  # type: ignore[arg-type]


def test_str_and_repr_round_trip_for_every_card() -> None:
    for card in DECK_52:
        assert Card.parse(str(card)) is card
        assert eval(repr(card)) is card


def test_str_forms() -> None:
    assert [str(card) for card in cards("th qs ad 2c")] == ["10♥", "Q♠", "A♦", "2♣"]


def test_order_is_rank_then_suit() -> None:
    assert sorted_cards(cards("A♣ 2♠ 2♣ K♥ 2♥")) == cards("2♣ 2♥ 2♠ K♥ A♣")
    assert Card.parse("2♠") < Card.parse("3♣")
    assert Suit.CLUBS < Suit.DIAMONDS < Suit.HEARTS < Suit.SPADES


def test_cards_helper_accepts_commas_and_keeps_order() -> None:
    assert cards("Q♠, 10♥  A♦") == (Card.parse("Q♠"), Card.parse("10♥"), Card.parse("A♦"))
    assert cards("") == ()


def test_suit_properties() -> None:
    assert [suit.symbol for suit in Suit] == ["♣", "♦", "♥", "♠"]
    assert [suit.letter for suit in Suit] == ["C", "D", "H", "S"]
    assert [suit.is_red for suit in Suit] == [False, True, True, False]
    assert [rank.symbol for rank in Rank][-5:] == ["10", "J", "Q", "K", "A"]


def test_cards_are_hashable_values_and_pickle() -> None:
    card = Card.parse("10♥")
    assert card == Card(Rank.TEN, Suit.HEARTS)
    assert hash(card) == hash(Card(Rank.TEN, Suit.HEARTS))
    assert pickle.loads(pickle.dumps(card)) == card
