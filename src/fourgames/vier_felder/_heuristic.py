"""Vier Felder: a heuristic bot that values harvests by the round's scoring (§11) and does not
leave easy fields for the next player. It reads only the observation and the legal actions.

>>> import random
>>> from fourgames import vier_felder
>>> state = vier_felder.new_game(2, seed=1)
>>> legal = vier_felder.legal_actions(state)
>>> HeuristicBot().choose(vier_felder.observe(state, 0), legal, random.Random(0)) in legal
True
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Final

import attrs

from fourgames.cards import DECK_52, Card, Rank, Suit
from fourgames.vier_felder._rules import (
    Action,
    Build,
    FullHarvest,
    Harvest,
    Observation,
    Season,
    Sow,
    is_season_card,
    rotated,
    season_of,
)

__all__ = ["HeuristicBot"]

_VALUES: Final = {c: ((1, 14) if c.rank is Rank.ACE else (int(c.rank),)) for c in DECK_52}


@attrs.frozen
class HeuristicBot:
    """Plays Vier Felder by the scoring of the round and the rulebook's tips.

    Every action is scored as what it wins now minus what it leaves the next player:

    - **What a card is worth** in a harvest pile: ``card`` for the count toward most cards
      (+4), ``heart`` more for a heart (+2), ``ace`` more for an ace (+1 each), a little
      less for a spade (most spades −2).
    - **Harvests** take the played card and everything taken into the pile; a harvest that
      clears its field while a coin lies on the square also wins the coin (+1, ``coin``).
    - **Stockpiles** are worth part (``keep``) of their cards, for the player holds the card
      that harvests them next turn; sowing gives a card away to the field.
    - **Exposure.** After the move, every item in a field whose season allows harvesting (not
      Winter) may be taken by the next player: its worth, times the chance that a hand of the
      next player's size holds a card of its value among the cards not seen. Season cards
      turn the square, so a move that sends Winter onto a rich field, or Summer away from
      it, counts in its favour (season-aware).
    - Ties broken with ``rng``.
    """

    card: float = 0.35
    heart: float = 0.3
    ace: float = 1.0
    spade: float = 0.1
    coin: float = 1.2
    keep: float = 0.6
    exposure: float = 1.0

    def choose(
        self, observation: Observation, legal_actions: tuple[Action, ...], rng: random.Random
    ) -> Action:
        """The best-scoring legal action; ties broken with ``rng``."""
        if len(legal_actions) == 1:
            return legal_actions[0]
        chance = self._chances(observation)
        scored = [(self.score(observation, action, chance), action) for action in legal_actions]
        best = max(value for value, _ in scored)
        ties = [action for value, action in scored if value >= best - 1e-9]
        return ties[int(rng.random() * len(ties))] if len(ties) > 1 else ties[0]

    def ranked(
        self, observation: Observation, legal_actions: tuple[Action, ...]
    ) -> tuple[Action, ...]:
        """``legal_actions`` best first by `score` (equal scores in their order), for a
        search that tries only the first few (``top``)."""
        chance = self._chances(observation)
        scores = {action: self.score(observation, action, chance) for action in legal_actions}
        return tuple(sorted(legal_actions, key=lambda action: -scores[action]))

    def value(self, observation: Observation) -> float:
        """The observer's standing in points, for a search that cuts simulated games off
        (``evaluate``): its total, the worth of its harvest pile and a point a coin, less the
        best other player's."""
        standing = [
            total + sum(map(self.worth, pile)) + coins
            for total, pile, coins in zip(
                observation.scores, observation.harvested, observation.coins, strict=True
            )
        ]
        mine = standing.pop(observation.player)
        return mine - max(standing)

    def worth(self, card: Card) -> float:
        """What ``card`` is worth in a harvest pile."""
        value = self.card
        if card.suit is Suit.HEARTS:
            value += self.heart
        elif card.suit is Suit.SPADES:
            value -= self.spade
        if card.rank is Rank.ACE:
            value += self.ace
        return value

    def _chances(self, observation: Observation) -> dict[int, float]:
        """For each value 1–14, the chance that the next player holds a card of that value."""
        seen: set[Card] = set(observation.hand)
        for field in observation.loose:
            seen.update(field)
        for piles in observation.stockpiles:
            for pile in piles:
                seen.update(pile.cards)
        for pile_ in observation.harvested:
            seen.update(pile_)
        unseen = [card for card in DECK_52 if card not in seen]
        players = len(observation.hand_sizes)
        me = observation.player
        nxt = (me + 1) % players
        for _ in range(players):
            if observation.hand_sizes[nxt] or nxt == me:
                break
            nxt = (nxt + 1) % players
        held = observation.hand_sizes[nxt] if nxt != me else 0
        held = max(held, 4 if observation.stock_size else held)  # they draw up to 4
        total = len(unseen)
        counts = [0] * 15
        for card in unseen:
            for value in _VALUES[card]:
                counts[value] += 1
        chance: dict[int, float] = {}
        for value in range(1, 15):
            if total == 0 or held == 0:
                chance[value] = 0.0
            else:
                share = min(1.0, held / total)
                chance[value] = 1.0 - (1.0 - share) ** counts[value]
        return chance

    def score(self, observation: Observation, action: Action, chance: dict[int, float]) -> float:
        """How good ``action`` is (higher is better)."""
        loose = [list(field) for field in observation.loose]
        piles = [[(p.value, p.cards) for p in field] for field in observation.stockpiles]
        summer = observation.summer_field
        gain = 0.0
        field = action.field
        if isinstance(action, FullHarvest):
            played: tuple[Card, ...] = action.cards
            if action.rotation is not None:
                summer = rotated(field, action.rotation)
        else:
            played = (action.card,)
            if is_season_card(action.card):
                summer = rotated(field, action.card.suit)
        if isinstance(action, (Harvest, FullHarvest)):
            # sets in sorted order: how a set iterates must not reach the float sums
            taken = [
                *sorted(action.taken),
                *(c for p in sorted(action.stockpiles) for c in p.cards),
            ]
            gain += sum(self.worth(c) for c in (*played, *taken))
            loose[field] = [c for c in loose[field] if c not in action.taken]
            gone = {(p.value, p.cards) for p in action.stockpiles}
            piles[field] = [p for p in piles[field] if p not in gone]
            if not loose[field] and not piles[field]:
                coins_left = len(observation.hand_sizes) - sum(observation.coins)
                if coins_left > 0:
                    gain += self.coin
        elif isinstance(action, Build):
            loose[field] = [c for c in loose[field] if c not in action.loose]
            gone = {(p.value, p.cards) for p in action.stockpiles}
            piles[field] = [p for p in piles[field] if p not in gone]
            cards = [
                *sorted(action.loose),
                action.card,
                *(c for p in sorted(action.stockpiles) for c in p.cards),
            ]
            piles[field].append((action.value, tuple(cards)))
            gain += self.keep * sum(self.worth(c) for c in cards) - self.worth(action.card)
        elif isinstance(action, Sow):
            loose[field].append(action.card)
            gain -= self.worth(action.card) * 0.5
        risk = 0.0
        for f in range(4):
            if season_of(summer, f) is Season.WINTER:
                continue
            risk += self._exposed(loose[f], piles[f], chance)
        return gain - self.exposure * risk

    def _exposed(
        self,
        loose: Sequence[Card],
        piles: Iterable[tuple[int, tuple[Card, ...]]],
        chance: dict[int, float],
    ) -> float:
        risk = 0.0
        for card in loose:
            p = max(chance[v] for v in _VALUES[card])
            risk += p * self.worth(card)
        total = sum(min(_VALUES[c]) for c in loose)
        if 2 <= len(loose) and total <= 14:
            # the whole field as one sum: a clear, and a coin
            risk += chance[total] * 0.5 * sum(self.worth(c) for c in loose)
        for value, cards in piles:
            risk += chance[value] * sum(self.worth(c) for c in cards)
        return risk
