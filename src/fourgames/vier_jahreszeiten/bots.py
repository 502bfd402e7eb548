"""Bots for Vier Jahreszeiten. They see only the observation (never the stock's order).

>>> import random
>>> from fourgames.vier_jahreszeiten import new_game, observe, legal_actions
>>> state = new_game(1, seed=1)
>>> bot = GreedyBot()
>>> bot.choose(observe(state), legal_actions(state), random.Random(0)) in legal_actions(state)
True
"""

from __future__ import annotations

import random
from typing import Final

import attrs

from fourgames.cards import Card, Suit
from fourgames.vier_jahreszeiten._rules import (
    Action,
    Build,
    Fill,
    MoveRun,
    Observation,
    ToFoundation,
    Turn,
    foundation_cards,
)

__all__ = ["GreedyBot", "play_greedy"]

_SUITS: Final = tuple(Suit)


def _fits_foundation(observation: Observation, card: Card) -> bool:
    count = observation.foundations[_SUITS.index(card.suit)]
    nxt = foundation_cards(observation.base, card.suit, count + 1)[-1] if count < 13 else None
    return card == nxt


@attrs.frozen
class GreedyBot:
    """Plays the move that helps most right now, by fixed priorities (the rulebook's tips):

    1. a card to its foundation;
    2. a tableau move that frees a card which can then go to its foundation;
    3. the waste top onto a tableau pile (same suit preferred);
    4. a move that empties a tableau pile, when none is empty;
    5. a build that uncovers a card;
    6. fill a space from the waste when two are free;
    7. turn the next stock card (one space is kept free for a useful card);
    8. once the stock is empty: fill a space from the waste, then anything legal.

    Ties are broken with ``rng``. Once more than ``patience`` cross configurations have been
    seen since the last progress move (the guard's ``seen``), the moves of priorities 5 and
    8 that move cards from pile to pile score below everything: the player turns instead, or
    gives up (`play_greedy`), rather than wander through every arrangement of the cross,
    which tail moves (``run_move="any_tail"``) make astronomically many.
    """

    patience: int = 250

    def choose(
        self, observation: Observation, legal_actions: tuple[Action, ...], rng: random.Random
    ) -> Action:
        """The best-scoring legal action."""
        return self.best(observation, legal_actions, rng)[1]

    def best(
        self, observation: Observation, legal_actions: tuple[Action, ...], rng: random.Random
    ) -> tuple[int, Action]:
        """The best score and the action `choose` picks with it."""
        scored = [(self.score(observation, action), action) for action in legal_actions]
        best = max(score for score, _ in scored)
        choices = [action for score, action in scored if score == best]
        return best, choices[int(rng.random() * len(choices))]

    def score(self, observation: Observation, action: Action) -> int:
        """The priority of ``action`` (higher is better; below 0 only past ``patience``)."""
        piles = observation.piles
        source = next((p for p in piles if action_card(action) in p), None)
        match action:
            case ToFoundation():
                return 100
            case (
                Build(card=card, pile=pile)
                | MoveRun(card=card, pile=pile)
                | Fill(card=card, pile=pile)
            ):
                target = piles[pile]
                same_suit = bool(target) and target[-1].suit is card.suit
                if source is None:  # from the waste
                    if isinstance(action, Fill):
                        spaces = sum(1 for p in piles if not p)
                        return 20 if observation.stock_size == 0 or spaces > 1 else 0
                    return 60 + 5 * same_suit
                below = source[: source.index(card)]
                if below and _fits_foundation(observation, below[-1]):
                    return 80 + 5 * same_suit
                if not below and isinstance(action, Build) and () not in piles:
                    return 40 + 5 * same_suit
                if len(observation.seen) > self.patience:
                    return -1
                if below and not isinstance(action, Fill):
                    return 30 + 5 * same_suit
                return 1 if observation.stock_size == 0 else 0
            case Turn():
                return 10


def action_card(action: Action) -> Card | None:
    """The card an action moves (None for `Turn`)."""
    return None if isinstance(action, Turn) else action.card


def play_greedy(state: object, rng: random.Random) -> object:
    """Play a whole game from ``state`` with `GreedyBot`; returns the final state: the end of
    the game, or where the bot's best move is one it has lost patience with (it gives up)."""
    from fourgames.vier_jahreszeiten._rules import State, apply, legal_actions, observe

    assert isinstance(state, State)
    bot = GreedyBot()
    while legal := legal_actions(state):
        score, action = bot.best(observe(state), legal, rng)
        if score < 0:
            break
        state = apply(state, action)
    return state
