"""The 95-card deck of 4½ Minuten: its own card type, built on the core's shuffle helpers.

The rules' §1. Colours are abstract ids ``0..4`` (their names are lost; ``Options.colour_names``
only changes how `render` prints them). A card is a value: copies of a card are equal and
indistinguishable. The text form is the rules' card notation:

>>> from fourgames.viereinhalb_minuten import Card, cards
>>> str(Card.parse("n(0, 3)")), str(Card.parse("FW(4,0)")), str(Card.parse("LOCK()"))
('N(0,3)', 'FW(0,4)', 'LOCK()')
>>> cards("N(0,3) DBD(1) REV(2) P2(3) FW(0,1) LOCK(4)")[1].kind
<Kind.YOUR_TURN: 'DBD'>
>>> len(STANDARD_DECK), sum(card.is_white for card in STANDARD_DECK)
(95, 10)
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from operator import attrgetter
from typing import Any, Final

import attrs

from fourgames.errors import FormatError
from fourgames.shuffle import shuffled

__all__ = [
    "ALL_CARDS",
    "COLOURS",
    "DEFAULT_COLOUR_CHANGE_PAIRS",
    "STANDARD_DECK",
    "VALUES",
    "Card",
    "Kind",
    "build_deck",
    "cards",
    "shuffled_deck",
    "sorted_cards",
]

COLOURS: Final = 5
"""Colour ids are ``0 .. COLOURS-1``; the names are lost (§1)."""

VALUES: Final = range(1, 8)
"""Number cards carry the values 1–7 (§1)."""


class Kind(enum.Enum):
    """The six kinds of card; the value is the rules' card notation (§1)."""

    NUMBER = "N"
    """A number card 1–7 of one colour."""
    YOUR_TURN = "DBD"
    """"Du bist dran": the player names who moves next (§6.1). Coloured."""
    REVERSE = "REV"
    """"Richtungswechsel": the direction of play flips (§6.2). Coloured."""
    DRAW_TWO = "P2"
    """"2 Karten Nachziehen": the next player draws two cards (§6.3). Coloured."""
    COLOUR_CHANGE = "FW"
    """"Farbwechsel": white, shows two colours (§6.4)."""
    LOCK = "LOCK"
    """"gesperrt": white, locks its pile for three turns (§6.5); one colour by default."""


_WHITE_KINDS: Final = frozenset({Kind.COLOUR_CHANGE, Kind.LOCK})


@attrs.frozen(repr=False, cache_hash=True)
class Card:
    """A card of the 4½ Minuten deck (§1).

    ``colours`` is ``(c,)`` for coloured cards and coloured locks, ``(a, b)`` with ``a < b``
    for a Farbwechsel, and ``()`` for a colourless lock; ``value`` is 1–7 for number cards
    and 0 otherwise. Cards are ordered by `code` (numbers colour by colour, then the specials).
    Prefer `Card.parse` and `cards`, which hand out shared instances.

    >>> Card(Kind.NUMBER, (2,), 5) == Card.parse("N(2,5)")
    True

    Field values that name no card of the game still make a (useless) value with
    ``code == -1`` and ``is_valid`` false, so that generic tools can build junk actions and
    see them refused: no deck, display or parse ever holds one, and `validate` rejects it.

    >>> Card(Kind.NUMBER, (2,), 9).is_valid
    False
    """

    kind: Kind
    colours: tuple[int, ...]
    value: int = 0
    code: int = attrs.field(init=False, eq=False, hash=False, order=False)
    """The card's index in `ALL_CARDS` (its sort key)."""

    def __attrs_post_init__(self) -> None:
        try:
            code = _CODE.get((self.kind, self.colours, self.value), -1)
        except TypeError:  # unhashable junk
            code = -1
        object.__setattr__(self, "code", code)

    @property
    def is_valid(self) -> bool:
        """Whether the fields name a card of the game (see above)."""
        return self.code >= 0

    @property
    def colour(self) -> int | None:
        """The one colour of a coloured card or coloured lock; ``None`` otherwise."""
        return self.colours[0] if len(self.colours) == 1 else None

    @property
    def is_white(self) -> bool:
        """Farbwechsel and gesperrt cards have a white background (wild, §3)."""
        return self.kind in _WHITE_KINDS

    def __str__(self) -> str:
        if self.code < 0:
            return f"Card({self.kind!r}, {self.colours!r}, {self.value!r})"
        if self.kind is Kind.NUMBER:
            return f"N({self.colours[0]},{self.value})"
        return f"{self.kind.value}({','.join(map(str, self.colours))})"

    def __repr__(self) -> str:
        return f"Card.parse('{self}')"

    def __lt__(self, other: Card) -> bool:
        return self.code < other.code

    def __le__(self, other: Card) -> bool:
        return self.code <= other.code

    def __gt__(self, other: Card) -> bool:
        return self.code > other.code

    def __ge__(self, other: Card) -> bool:
        return self.code >= other.code

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read the card notation: ``N(c,v)``, ``DBD(c)``, ``REV(c)``, ``P2(c)``,
        ``FW(a,b)``, ``LOCK(c)`` or ``LOCK()``; case and spaces do not matter.

        >>> Card.parse("fw(1, 0)") is Card.parse("FW(0,1)")
        True
        >>> Card.parse("N(5,1)")
        Traceback (most recent call last):
        ...
        fourgames.errors.FormatError: not a 4½ Minuten card: 'N(5,1)'
        """
        card = _PARSE.get("".join(text.split()).upper()) if isinstance(text, str) else None
        if card is None:
            raise FormatError(f"not a 4½ Minuten card: {text!r}")
        return card


def _every_card() -> tuple[Card, ...]:
    keys: list[tuple[Kind, tuple[int, ...], int]] = []
    keys += [(Kind.NUMBER, (c,), v) for c in range(COLOURS) for v in VALUES]
    for kind in (Kind.YOUR_TURN, Kind.REVERSE, Kind.DRAW_TWO):
        keys += [(kind, (c,), 0) for c in range(COLOURS)]
    keys += [(Kind.COLOUR_CHANGE, (a, b), 0) for a in range(COLOURS) for b in range(a + 1, COLOURS)]
    keys += [(Kind.LOCK, (c,), 0) for c in range(COLOURS)]
    keys.append((Kind.LOCK, (), 0))
    _CODE.update((key, code) for code, key in enumerate(keys))
    return tuple(Card(*key) for key in keys)


_CODE: Final[dict[tuple[Kind, tuple[int, ...], int], int]] = {}
ALL_CARDS: Final[tuple[Card, ...]] = _every_card()
"""Every distinct card any deck option can produce (66), in card order.

``ALL_CARDS[card.code] == card``."""

_PARSE: Final[dict[str, Card]] = {str(card): card for card in ALL_CARDS}
_PARSE.update(
    {
        f"FW({b},{a})": card
        for card in ALL_CARDS
        if len(card.colours) == 2
        for a, b in [card.colours]
    }
)

DEFAULT_COLOUR_CHANGE_PAIRS: Final[tuple[frozenset[int], ...]] = tuple(
    frozenset(pair) for pair in ((0, 1), (1, 2), (2, 3), (3, 4), (4, 0))
)
"""The **default** of §1: each colour on exactly two Farbwechsel cards (the real pairs are
lost)."""


_BY_CODE: Final = attrgetter("code")


def sorted_cards(items: Iterable[Card]) -> tuple[Card, ...]:
    """The cards in card order, as a tuple (displays and the laid-aside heap are kept so)."""
    return tuple(sorted(items, key=_BY_CODE))


def _card(kind: Kind, *colours: int, value: int = 0) -> Card:
    return ALL_CARDS[_CODE[(kind, colours, value)]]


def build_deck(
    *,
    number_copies: int = 2,
    your_turn_copies: int = 1,
    reverse_copies: int = 1,
    draw_two_copies: int = 1,
    colour_change_pairs: Iterable[Iterable[int]] = DEFAULT_COLOUR_CHANGE_PAIRS,
    lock_copies: int = 1,
    lock_cards_coloured: bool = True,
) -> tuple[Card, ...]:
    """The deck as a multiset, in card order (§1); the defaults give the 95 cards.

    Copies are per colour: ``number_copies`` of each number 1–7 in each colour, and so on;
    one Farbwechsel per listed pair; ``lock_copies`` gesperrt cards per colour (or, when
    ``lock_cards_coloured`` is false, ``5 × lock_copies`` colourless ones).

    >>> len(build_deck(number_copies=1, colour_change_pairs=()))
    55
    """
    out: list[Card] = []
    for colour in range(COLOURS):
        for value in VALUES:
            out += [_card(Kind.NUMBER, colour, value=value)] * number_copies
    for kind, copies in (
        (Kind.YOUR_TURN, your_turn_copies),
        (Kind.REVERSE, reverse_copies),
        (Kind.DRAW_TWO, draw_two_copies),
    ):
        out += [_card(kind, colour) for colour in range(COLOURS) for _ in range(copies)]
    out += [_card(Kind.COLOUR_CHANGE, *sorted(pair)) for pair in colour_change_pairs]
    if lock_cards_coloured:
        out += [_card(Kind.LOCK, colour) for colour in range(COLOURS) for _ in range(lock_copies)]
    else:
        out += [_card(Kind.LOCK)] * (COLOURS * lock_copies)
    return sorted_cards(out)


STANDARD_DECK: Final[tuple[Card, ...]] = build_deck()
"""The 95 cards of the published game with this library's defaults (§1)."""


def shuffled_deck(deck: Iterable[Card], seed: int) -> tuple[Card, ...]:
    """The deck shuffled by ``seed`` (`fourgames.shuffle.shuffled`, the only randomness)."""
    return shuffled(sorted_cards(deck), seed)


def cards(text: str) -> tuple[Card, ...]:
    """The cards named in ``text``, separated by spaces or semicolons, in the order given.

    >>> cards("N(0,3) FW(0,1)")
    (Card.parse('N(0,3)'), Card.parse('FW(0,1)'))
    """
    return tuple(Card.parse(word) for word in text.replace(";", " ").split())


def is_card(value: Any) -> bool:
    """Whether ``value`` is a `Card` (a cheap type test for unchecked input)."""
    return type(value) is Card
