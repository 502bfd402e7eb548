"""The French 52-card deck shared by Vier Felder, All Fours and Vier Jahreszeiten.

>>> from fourgames.cards import Card, cards
>>> card = Card.parse("10♥")
>>> card, str(card), card.rank, card.suit
(Card.parse('10♥'), '10♥', <Rank.TEN: 10>, <Suit.HEARTS: 'H'>)
>>> cards("TH qs 2c") == (Card.parse("10♥"), Card.parse("Q♠"), Card.parse("2♣"))
True
>>> len(DECK_52), DECK_52[0], DECK_52[-1]
(52, Card.parse('2♣'), Card.parse('A♠'))

How a rank counts (ace 1 or 14, card points) is each game's business, not the deck's.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from typing import Final

from fourgames.errors import FormatError

__all__ = ["DECK_52", "Card", "Rank", "Suit", "cards", "sorted_cards"]


class Suit(enum.Enum):
    """The four suits, in the order clubs, diamonds, hearts, spades."""

    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"

    @property
    def symbol(self) -> str:
        """``♣``, ``♦``, ``♥`` or ``♠``."""
        return _SUIT_SYMBOL[self]

    @property
    def letter(self) -> str:
        """``C``, ``D``, ``H`` or ``S``."""
        return self.value

    @property
    def is_red(self) -> bool:
        """Diamonds and hearts are red; clubs and spades are black."""
        return self in (Suit.DIAMONDS, Suit.HEARTS)

    def __lt__(self, other: Suit) -> bool:
        return _SUIT_INDEX[self] < _SUIT_INDEX[other]


_SUIT_SYMBOL: Final = {
    Suit.CLUBS: "♣",
    Suit.DIAMONDS: "♦",
    Suit.HEARTS: "♥",
    Suit.SPADES: "♠",
}
_SUIT_INDEX: Final = {suit: index for index, suit in enumerate(Suit)}


class Rank(enum.IntEnum):
    """The thirteen ranks; the value is the rank's natural order (ace high)."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def symbol(self) -> str:
        """``2`` … ``10``, ``J``, ``Q``, ``K``, ``A``."""
        return _RANK_SYMBOL[self]


_RANK_SYMBOL: Final = {
    rank: ("J", "Q", "K", "A")[rank - 11] if rank > Rank.TEN else str(int(rank)) for rank in Rank
}


class Card:
    """A playing card, ordered by rank, then suit (♣ ♦ ♥ ♠).

    There are exactly 52 card objects: ``Card(rank, suit)``, `Card.parse`, `cards` and
    `DECK_52` all hand out the same shared instances, so cards compare and hash by identity
    (as fast as Python allows) and are immutable.

    >>> Card(Rank.TEN, Suit.HEARTS) is Card.parse("10♥")
    True
    """

    __slots__ = ("_index", "rank", "suit")
    __match_args__ = ("rank", "suit")

    rank: Rank
    suit: Suit
    _index: int
    """Rank-then-suit position (8 … 59), for ordering."""

    def __new__(cls, rank: Rank, suit: Suit) -> Card:
        try:
            return _CANONICAL[rank, suit]
        except (KeyError, TypeError):
            raise ValueError(f"no such card: rank {rank!r}, suit {suit!r}") from None

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"cards are immutable; cannot set {name}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"cards are immutable; cannot delete {name}")

    def __reduce__(self) -> tuple[object, ...]:
        return (Card.parse, (str(self),))

    def __lt__(self, other: Card) -> bool:
        return self._index < other._index

    def __le__(self, other: Card) -> bool:
        return self._index <= other._index

    def __gt__(self, other: Card) -> bool:
        return self._index > other._index

    def __ge__(self, other: Card) -> bool:
        return self._index >= other._index

    def __str__(self) -> str:
        return _CARD_TEXT[self]

    def __repr__(self) -> str:
        return f"Card.parse('{self}')"

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read ``"10♥"``, ``"Q♠"``, ``"A♦"`` or the ASCII forms ``"TH"``, ``"10h"``, ``"qs"``.

        >>> Card.parse("Th") == Card.parse("10♥") == Card.parse("10H")
        True
        >>> Card.parse("1♥")
        Traceback (most recent call last):
        ...
        fourgames.errors.FormatError: not a card: '1♥'
        """
        card = _PARSE.get(text.strip().upper()) if isinstance(text, str) else None
        if card is None:
            raise FormatError(f"not a card: {text!r}")
        return card


def _make(rank: Rank, suit: Suit) -> Card:
    card = object.__new__(Card)
    object.__setattr__(card, "rank", rank)
    object.__setattr__(card, "suit", suit)
    object.__setattr__(card, "_index", int(rank) * 4 + _SUIT_INDEX[suit])
    return card


_CANONICAL: Final[dict[tuple[Rank, Suit], Card]] = {
    (rank, suit): _make(rank, suit) for suit in Suit for rank in Rank
}

DECK_52: Final[tuple[Card, ...]] = tuple(_CANONICAL.values())
"""The 52 cards, suit by suit (♣ ♦ ♥ ♠), each from two to ace: a fresh, unshuffled deck."""

_CARD_TEXT: Final = {card: card.rank.symbol + card.suit.symbol for card in DECK_52}
_PARSE: Final[dict[str, Card]] = {}
for _card in DECK_52:
    for _rank_text in {_card.rank.symbol, "T" if _card.rank is Rank.TEN else _card.rank.symbol}:
        for _suit_text in (_card.suit.symbol, _card.suit.letter):
            _PARSE[_rank_text + _suit_text] = _card


def cards(text: str) -> tuple[Card, ...]:
    """The cards named in ``text``, separated by spaces or commas, in the order given.

    >>> cards("10♥, Q♠ A♦")
    (Card.parse('10♥'), Card.parse('Q♠'), Card.parse('A♦'))
    """
    return tuple(Card.parse(word) for word in text.replace(",", " ").split())


def sorted_cards(items: Iterable[Card]) -> tuple[Card, ...]:
    """The cards in the deck's canonical order (rank, then suit), as a tuple."""
    return tuple(sorted(items))
