"""§1: the 95-card deck, its card type and the deck options."""

from __future__ import annotations

from collections import Counter

import pytest

from fourgames import FormatError, IllegalActionError
from fourgames import viereinhalb_minuten as game
from fourgames.shuffle import derive_seed, shuffled
from fourgames.viereinhalb_minuten import (
    ALL_CARDS,
    STANDARD_DECK,
    Card,
    Kind,
    Options,
    build_deck,
    cards,
    shuffled_deck,
    sorted_cards,
)


def test_s1_the_standard_deck_has_95_cards() -> None:
    kinds = Counter(card.kind for card in STANDARD_DECK)
    assert len(STANDARD_DECK) == 95
    assert kinds == {
        Kind.NUMBER: 70,
        Kind.YOUR_TURN: 5,
        Kind.REVERSE: 5,
        Kind.DRAW_TWO: 5,
        Kind.COLOUR_CHANGE: 5,
        Kind.LOCK: 5,
    }
    assert sum(card.is_white for card in STANDARD_DECK) == 10


def test_s1_number_cards_1_to_7_in_five_colours_twice() -> None:
    numbers = Counter((c.colour, c.value) for c in STANDARD_DECK if c.kind is Kind.NUMBER)
    assert numbers == {(colour, value): 2 for colour in range(5) for value in range(1, 8)}


def test_s1_coloured_specials_once_per_colour() -> None:
    for kind in (Kind.YOUR_TURN, Kind.REVERSE, Kind.DRAW_TWO, Kind.LOCK):
        assert sorted(c.colours for c in STANDARD_DECK if c.kind is kind) == [
            (0,),
            (1,),
            (2,),
            (3,),
            (4,),
        ]


def test_s1_default_colour_change_pairs_show_each_colour_twice() -> None:
    assert game.RULEBOOK.colour_change_pairs == tuple(
        frozenset(pair) for pair in ((0, 1), (1, 2), (2, 3), (3, 4), (4, 0))
    )
    pairs = [c.colours for c in STANDARD_DECK if c.kind is Kind.COLOUR_CHANGE]
    assert sorted(pairs) == [(0, 1), (0, 4), (1, 2), (2, 3), (3, 4)]
    assert Counter(colour for pair in pairs for colour in pair) == dict.fromkeys(range(5), 2)


def test_s1_deck_options() -> None:
    colourless = game.deck(Options(lock_cards_coloured=False))
    assert len(colourless) == 95
    assert Counter(c for c in colourless if c.kind is Kind.LOCK) == {Card.parse("LOCK()"): 5}
    custom = build_deck(
        number_copies=1,
        your_turn_copies=2,
        reverse_copies=0,
        draw_two_copies=0,
        colour_change_pairs=[(2, 0)],
        lock_copies=0,
    )
    assert len(custom) == 35 + 10 + 1
    assert Card.parse("FW(0,2)") in custom


def test_card_text_round_trips_and_orders() -> None:
    assert len(ALL_CARDS) == 66
    for code, card in enumerate(ALL_CARDS):
        assert card.code == code
        assert Card.parse(str(card)) is card
        assert eval(repr(card)) == card  # repr is valid Python, like python-chess
    assert list(ALL_CARDS) == sorted(ALL_CARDS)
    assert STANDARD_DECK == sorted_cards(reversed(STANDARD_DECK))
    assert cards("N(0,3) DBD(1) REV(2) P2(3) FW(3,2) LOCK(4) LOCK()") == (
        Card(Kind.NUMBER, (0,), 3),
        Card(Kind.YOUR_TURN, (1,)),
        Card(Kind.REVERSE, (2,)),
        Card(Kind.DRAW_TWO, (3,)),
        Card(Kind.COLOUR_CHANGE, (2, 3)),
        Card(Kind.LOCK, (4,)),
        Card(Kind.LOCK, ()),
    )


@pytest.mark.parametrize(
    "text", ["N(5,1)", "N(0,8)", "N(0,0)", "FW(1,1)", "DBD()", "LOCK(0,1)", "X(1)", "", "N(0,3"]
)
def test_card_parse_refuses_non_cards(text: str) -> None:
    with pytest.raises(FormatError):
        Card.parse(text)


def test_non_cards_are_inert_values() -> None:
    junk = Card(Kind.NUMBER, (0,), 9)
    assert not junk.is_valid
    assert junk != Card.parse("N(0,7)")
    assert "Card(" in str(junk)
    state = game.new_game(2, seed=1)
    with pytest.raises(IllegalActionError) as err:
        game.apply(state, game.Play(junk, 0))
    assert err.value.rule == "§4"


def test_shuffles_use_the_core_helper() -> None:
    state = game.new_game(3, seed=42)
    order = shuffled(STANDARD_DECK, derive_seed(42, "round", 1))
    assert shuffled_deck(STANDARD_DECK, derive_seed(42, "round", 1)) == order
    dealt = [*order[:4], *order[4:8], *order[8:12]]
    assert Counter(c for d in state.displays for c in d) == Counter(dealt)
    assert state.draw_pile == order[12:]
