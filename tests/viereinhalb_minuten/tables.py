"""Positions written down for the 4½ Minuten tests: cards by their text, pile A's filler."""

from __future__ import annotations

from collections import Counter

from fourgames.viereinhalb_minuten import STANDARD_DECK, Card, cards


def card(text: str) -> Card:
    """The card written ``text`` (``"N(0,3)"``)."""
    return Card.parse(text)


def rest_under(top: str, elsewhere: str) -> tuple[Card, ...]:
    """Pile A holding every card of the standard deck not placed ``elsewhere``, ``top`` on top
    (discarded cards cost nothing and, below the top, change nothing)."""
    rest = Counter(STANDARD_DECK)
    rest.subtract(cards(elsewhere))
    rest.subtract(cards(top))
    return (*sorted(rest.elements()), *cards(top))
