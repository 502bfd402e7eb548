"""The tables and constructors that the hot paths read agree with the rules they stand for:
the seat orders with `_next`, the hand order with ``sorted``, the suit tables with the cards'
suits, the fast constructors with the attrs classes, and the trumps in play with their plain
definition (every dealt card, walked trick by trick)."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator

import pytest

from fourgames import all_fours
from fourgames.all_fours import (
    PRESETS,
    Award,
    AwardKind,
    Begging,
    HandSheet,
    InPlay,
    Options,
    Phase,
    State,
    Trick,
    _rules,
    apply,
    legal_actions,
    new_game,
)
from fourgames.cards import DECK_52, Card, Suit
from fourgames.shuffle import derive_seed, shuffled

_OPTIONS = [*PRESETS.values(), Options(in_play=InPlay.HELD_AT_PLAY)]


def test_the_seat_orders_walk_the_direction_of_play() -> None:
    for players, options in itertools.product(range(2, 5), (Options(), Options(trinidad=True))):
        for start in range(players):
            walked = [start]
            for _ in range(players - 1):
                walked.append(_rules._next(walked[-1], players, options))
            assert _rules._seat_order(start, players, options) == tuple(walked)


def test_the_hand_order_sorts_as_sorted_does() -> None:
    rng = random.Random(5)
    for size in (0, 1, 6, 9, 12, 52):
        cards_ = rng.sample(DECK_52, size)
        assert _rules._sorted_hand(cards_) == tuple(sorted(cards_))


def test_the_suit_tables_hold_the_cards_of_each_suit() -> None:
    for card in DECK_52:
        assert _rules._SUITED[card] == {other for other in DECK_52 if other.suit is card.suit}
    assert set(_rules._CARDS_OF) == set(Suit)
    assert _rules._SIDE_OF == {
        players: tuple(all_fours.side_of(seat, players) for seat in range(players))
        for players in range(2, 5)
    }


def test_the_fast_constructors_build_what_the_classes_build() -> None:
    card = Card.parse("J♠")
    made = [
        (_rules._Award(AwardKind.JACK, 1, 1), Award(AwardKind.JACK, 1, 1)),
        (_rules._Trick(0, (card,), 0), Trick(0, (card,), 0)),
        (
            _rules._HandSheet(3, 1, (card,), Suit.SPADES, Begging.STOOD, (), (4, 9), False),
            HandSheet(3, 1, (card,), Suit.SPADES, Begging.STOOD, (), (4, 9)),
        ),
    ]
    for fast, slow in made:
        assert type(fast) is type(slow)
        assert fast == slow
        assert hash(fast) == hash(slow)
        assert repr(fast) == repr(slow)
    assert _rules._Award is not Award  # the fast path is in use with this attrs


def _trumps_by_definition(state: State) -> dict[Card, int]:
    """§6.1 read plainly: who was dealt each card (the tricks walked seat by seat, the hands,
    by default the discards), the trumps of them."""
    players = len(state.hands)
    owner: dict[Card, int] = {}
    for trick in state.tricks:
        seat = trick.leader
        for card in trick.cards:
            owner[card] = seat
            seat = _rules._next(seat, players, state.options)
    for seat, hand in enumerate(state.hands):
        owner.update(dict.fromkeys(hand, seat))
    if state.options.in_play is InPlay.DEALT:
        for seat, pile in enumerate(state.discards):
            owner.update(dict.fromkeys(pile, seat))
    return {card: seat for card, seat in owner.items() if card.suit is state.trump}


def _hand_ends(options: Options, players: int, games: int) -> Iterator[State]:
    """The position after each sixth trick of random games, before it is scored."""
    rng = random.Random(players)
    for number in range(games):
        state = new_game(players, seed=derive_seed(11, "fast paths", number), options=options)
        while legal := legal_actions(state):
            action = legal[int(rng.random() * len(legal))]
            if len(state.tricks) == 5 and len(state.trick) == players - 1:
                card = action.card  # type: ignore[union-attr]
                seat = _rules._to_play(state)
                trick = (*state.trick, card)
                winner = all_fours.trick_winner(
                    trick, state.leader, state.trump, players, state.options
                )
                yield _rules._evolve(
                    state,
                    hands=_rules._without(state.hands, seat, card),
                    trick=(),
                    tricks=(*state.tricks, Trick(state.leader, trick, winner)),
                    leader=winner,
                )
            state = apply(state, action)


@pytest.mark.parametrize("options", _OPTIONS, ids=repr)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_trumps_in_play_are_those_of_the_definition(options: Options, players: int) -> None:
    ends = list(_hand_ends(options, players, 6))
    assert ends
    for state in ends:
        assert state.phase is Phase.PLAY
        assert _rules._trumps_in_play(state) == _trumps_by_definition(state)


def test_the_deal_gives_each_seat_its_two_threes() -> None:
    """§3.2 dealt round by round, three cards at a time, eldest first."""
    for players, dealer, seed in itertools.product(range(2, 5), range(4), range(3)):
        if dealer >= players:
            continue
        deck = shuffled(DECK_52, seed)
        state = all_fours.from_deck(players, deck, dealer=dealer)
        order = _rules._seat_order(_rules._next(dealer, players, Options()), players, Options())
        dealt: dict[int, list[Card]] = {seat: [] for seat in order}
        top = 0
        for _ in range(2):
            for seat in order:
                dealt[seat] += deck[top : top + 3]
                top += 3
        assert state.hands == tuple(tuple(sorted(dealt[seat])) for seat in range(players))
        assert state.turnups == (deck[top],)
