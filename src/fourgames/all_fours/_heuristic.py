"""All Fours: a heuristic bot built from the rulebook's tips (§9 of the rulebook).

It reads only the observation and the legal actions.

>>> import random
>>> from fourgames import all_fours
>>> state = all_fours.new_game(2, seed=1)
>>> bot = HeuristicBot()
>>> legal = all_fours.legal_actions(state)
>>> bot.choose(all_fours.observe(state, 1), legal, random.Random(0)) in legal
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Final, TypeVar

import attrs

from fourgames.all_fours._rules import (
    CARD_POINTS,
    Action,
    Beg,
    Discard,
    Give,
    Observation,
    Play,
    Run,
    Stand,
    side_of,
    target_of,
)
from fourgames.cards import DECK_52, Card, Rank, Suit

__all__ = ["HeuristicBot"]

_SUITS: Final = tuple(Suit)
_T = TypeVar("_T")


def _points(card: Card) -> int:
    return CARD_POINTS.get(card.rank, 0)


def _strength(hand: Sequence[Card], trump: Suit) -> float:
    """How good ``hand`` is with ``trump``: trumps count, high trumps and the jack count more,
    and tens and aces of the other suits help toward Game."""
    value = 0.0
    for card in hand:
        if card.suit is trump:
            value += 1.0
            if card.rank >= Rank.QUEEN:
                value += 1.0 + 0.5 * (card.rank - Rank.QUEEN)
            elif card.rank is Rank.JACK:
                value += 1.0
            elif card.rank <= Rank.FOUR:
                value += 0.5  # a chance at Low
        elif card.rank is Rank.ACE:
            value += 0.5
        elif card.rank is Rank.TEN:
            value += 0.25
    return value


@attrs.frozen
class HeuristicBot:
    """Plays All Fours by the rulebook's tips.

    - **Begging.** Eldest stands when the hand is strong in the turned-up suit (trumps, high
      trumps, the jack, a low trump, side aces) and begs otherwise; the dealer gives when
      strong in that suit and the gift cannot put the beggar out, and runs otherwise.
    - **Discarding** keeps trumps, then aces and tens, and lays away the least useful card.
    - **Leading.** With the ace or king of trumps, or ``long_trumps`` trumps or more, lead a
      high trump to draw the others (and catch the jack); the jack itself is led only when
      every higher trump is gone. Otherwise lead a winning side ace, or a low card without
      points. In Pitch the first lead names the strongest suit.
    - **Following.** Win a trick that holds card points or the jack, as cheaply as possible
      (a card that follows before a trump, the lowest card that wins); never waste a ten on
      a trick it cannot win; when a partner is winning, give him points; else throw the
      cheapest card.

    ``stand_at`` is the hand strength from which eldest stands and the dealer gives;
    ``long_trumps`` the trump count from which trumps are led.
    """

    stand_at: float = 4.0
    long_trumps: int = 3

    def choose(
        self, observation: Observation, legal_actions: tuple[Action, ...], rng: random.Random
    ) -> Action:
        """The best-scoring legal action; ties broken with ``rng``."""
        first = legal_actions[0]
        if len(legal_actions) == 1:
            return first
        if isinstance(first, (Stand, Beg)):
            return self._beg(observation, legal_actions)
        if isinstance(first, (Give, Run)):
            return self._answer(observation, legal_actions)
        if isinstance(first, Discard):
            return self._discard(observation, legal_actions, rng)
        plays = [action for action in legal_actions if isinstance(action, Play)]
        return self._play(observation, plays, rng)

    # --- begging ---------------------------------------------------------------------------

    def _beg(self, observation: Observation, legal: tuple[Action, ...]) -> Action:
        trump = observation.turnups[-1].suit
        strong = _strength(observation.hand, trump) >= self.stand_at
        wanted = Stand if strong else Beg
        return next((a for a in legal if isinstance(a, wanted)), legal[0])

    def _answer(self, observation: Observation, legal: tuple[Action, ...]) -> Action:
        trump = observation.turnups[-1].suit
        players = observation.players
        target = target_of(observation.options)
        eldest = (observation.dealer + (-1 if observation.options.trinidad else 1)) % players
        beggar_score = observation.scores[eldest]
        own_score = observation.scores[observation.player]
        strong = _strength(observation.hand, trump) >= self.stand_at
        gift_loses = beggar_score + 1 >= target or (players == 3 and own_score + 1 < 0)
        wanted = Give if strong and not gift_loses else Run
        return next((a for a in legal if isinstance(a, wanted)), legal[0])

    # --- discarding ------------------------------------------------------------------------

    def _discard(
        self, observation: Observation, legal: tuple[Action, ...], rng: random.Random
    ) -> Action:
        trump = observation.trump
        hand = observation.hand
        counts = {suit: sum(1 for c in hand if c.suit is suit) for suit in _SUITS}

        def keep(card: Card) -> float:
            if card.suit is trump:
                return 100 + card.rank
            value = float(card.rank)
            if card.rank is Rank.ACE:
                value += 20
            elif card.rank is Rank.TEN:
                # a ten is worth keeping when it is guarded by a higher card of its suit
                guarded = counts[card.suit] >= 2
                value += 12 if guarded else 4
            return value + 0.5 * counts[card.suit]

        discards = [a for a in legal if isinstance(a, Discard)]
        return _highest(discards, lambda a: -keep(a.card), rng)

    # --- trick play ------------------------------------------------------------------------

    def _play(self, observation: Observation, plays: list[Play], rng: random.Random) -> Action:
        trick = observation.trick
        trump = observation.trump
        seen = _seen(observation)
        unseen = _unseen(seen)
        players = observation.players
        step = -1 if observation.options.trinidad else 1
        me = observation.player
        later_seats = [(me + step * k) % players for k in range(1, players - len(trick))]
        hidden = sum(observation.hand_sizes[seat] for seat in later_seats)
        share = min(1.0, hidden / len(unseen)) if unseen else 0.0
        if not trick:
            return self._lead(observation, plays, unseen, share, rng)
        best = _winning_index(trick, trump)
        winner_card = trick[best]
        winner_seat = (observation.leader + step * best) % players
        partner_wins = players == 4 and side_of(winner_seat, 4) == side_of(me, 4)
        at_stake = sum(_points(c) for c in trick)
        jack_in = trump is not None and any(c.suit is trump and c.rank is Rank.JACK for c in trick)

        def beats(card: Card) -> bool:
            if card.suit is winner_card.suit:
                return card.rank > winner_card.rank
            return card.suit is trump

        partner_safe = partner_wins and _safety(winner_card, unseen, trump, share) > 0.7

        def score(play: Play) -> float:
            card = play.card
            own = _points(card)
            is_trump = card.suit is trump
            is_jack = is_trump and card.rank is Rank.JACK
            if partner_safe:
                # feed the partner points, but keep trumps
                return own * 2.0 - (20.0 if is_trump else 0.0) - card.rank * 0.1
            if beats(card):
                sure = _safety(card, unseen, trump, share)
                stake = at_stake + own + (20.0 if jack_in else 0.0) + (15.0 if is_jack else 0.0)
                cost = (6.0 if is_trump else 0.0) + card.rank * 0.2
                if is_jack:
                    cost += 40.0 * (1.0 - sure)
                return 3.0 + sure * stake - (1.0 - sure) * own * 2.0 - cost
            # a loser: throw the cheapest card, keep trumps and points
            cost = own * 3.0 + card.rank * 0.2 + (25.0 if is_trump else 0.0)
            return -cost - (40.0 if is_jack else 0.0)

        return _highest(plays, score, rng)

    def _lead(
        self,
        observation: Observation,
        plays: list[Play],
        unseen: list[Card],
        share: float,
        rng: random.Random,
    ) -> Action:
        hand = observation.hand
        trump = observation.trump
        if trump is None:  # Pitch: the first lead names trump
            suit = max(_SUITS, key=lambda s: (_strength(hand, s), s.value))
            choices = [p for p in plays if p.card.suit is suit]
            return _highest(choices, lambda p: float(p.card.rank), rng)
        trumps = [c for c in hand if c.suit is trump]
        out = [c for c in unseen if c.suit is trump]
        long = len(trumps) >= self.long_trumps

        def score(play: Play) -> float:
            card = play.card
            sure = _safety(card, unseen, trump, share)
            if card.suit is trump:
                if card.rank is Rank.JACK:
                    return 30.0 if sure > 0.95 and out else -50.0
                if not out:
                    return -30.0 - card.rank  # no trumps left to draw: keep them
                if card.rank >= Rank.KING or long:
                    return 10.0 + 10.0 * sure + card.rank * 0.5
                return -20.0 + card.rank * 0.1
            if sure > 0.6:
                return 5.0 + 10.0 * sure + _points(card)
            # a low card without points gives away little
            return -_points(card) * 2.0 - card.rank * 0.3

        return _highest(plays, score, rng)


def _seen(observation: Observation) -> set[Card]:
    seen = set(observation.hand)
    seen.update(observation.discards)
    seen.update(observation.turnups)
    seen.update(observation.trick)
    for trick in observation.tricks:
        seen.update(trick.cards)
    return seen


def _unseen(seen: set[Card]) -> list[Card]:
    return [card for card in DECK_52 if card not in seen]


def _safety(card: Card, unseen: Sequence[Card], trump: Suit | None, share: float) -> float:
    """The chance that no hidden card of the players still to play beats ``card``: each of
    the ``k`` unseen cards that would beat it is held by them with chance ``share``."""
    k = 0
    for other in unseen:
        if other.suit is card.suit:
            if other.rank > card.rank:
                k += 1
        elif other.suit is trump:
            k += 1
    return (1.0 - share) ** k


def _winning_index(trick: Sequence[Card], trump: Suit | None) -> int:
    best = 0
    for i in range(1, len(trick)):
        card, top = trick[i], trick[best]
        if card.suit is top.suit:
            if card.rank > top.rank:
                best = i
        elif card.suit is trump:
            best = i
    return best


def _highest(items: Sequence[_T], key: Callable[[_T], float], rng: random.Random) -> _T:
    """The item of the highest ``key``; ties broken with ``rng``."""
    scored = [(key(item), item) for item in items]
    best = max(value for value, _ in scored)
    ties = [item for value, item in scored if value >= best - 1e-9]
    return ties[int(rng.random() * len(ties))] if len(ties) > 1 else ties[0]
