"""Vier Jahreszeiten: a heuristic player that cannot see the stock.

>>> import random
>>> from fourgames import vier_jahreszeiten as vj
>>> state = vj.new_game(1, seed=1)
>>> legal = vj.legal_actions(state)
>>> HeuristicBot().choose(vj.observe(state), legal, random.Random(0)) in legal
True
"""

from __future__ import annotations

import heapq
import random
from collections.abc import Sequence
from typing import Final

import attrs

from fourgames.cards import Card, Suit
from fourgames.vier_jahreszeiten._rules import (
    TURN,
    Action,
    Observation,
    State,
    Turn,
    apply_unchecked,
    legal_actions,
    rank_value,
)
from fourgames.vier_jahreszeiten._sample import sample_state
from fourgames.vier_jahreszeiten._solver import solve

__all__ = ["HeuristicBot", "position_value"]

LAID_UP: Final = 10.0
"""The worth of a card on the foundations."""
SPACE: Final = 4.0
"""The worth of an empty pile."""
BURIED_IN_PILE: Final = 1.0
"""The cost of a card in a pile per card above it, divided by 1 + how long until its suit's
foundation wants it."""
BURIED_IN_WASTE: Final = 1.0
"""The same for a card of the waste."""
PILE_LENGTH: Final = 0.3
"""The cost of each card of a pile beyond its first."""
WASTE_CARD: Final = 0.5
"""The cost of each card of the waste."""

_SUIT_INDEX: Final = {suit: index for index, suit in enumerate(Suit)}


def _burial(cards: Sequence[Card], base: int, foundations: tuple[int, ...]) -> float:
    """Each card's depth (the cards above it) over 1 + how many cards its foundation still
    needs before it: a card wanted soon and buried deep costs most."""
    cost = 0.0
    top = len(cards) - 1
    for index, card in enumerate(cards):
        depth = top - index
        if depth:
            wait = (rank_value(card) - base) % 13 - foundations[_SUIT_INDEX[card.suit]]
            cost += depth / (1 + wait)
    return cost


def position_value(state: State) -> float:
    """The worth of a position to a player who cannot see the stock (higher is better):
    `LAID_UP` a card on the foundations and `SPACE` an empty pile, less the cost of the cards
    buried in the piles and in the waste, the piles' lengths and the waste's size."""
    base, foundations, waste = state.base, state.foundations, state.waste
    value = LAID_UP * sum(foundations) - WASTE_CARD * len(waste)
    value -= BURIED_IN_WASTE * _burial(waste, base, foundations)
    for pile in state.piles:
        if pile:
            value -= BURIED_IN_PILE * _burial(pile, base, foundations)
            value -= PILE_LENGTH * (len(pile) - 1)
        else:
            value += SPACE
    return value


@attrs.frozen
class HeuristicBot:
    """Plays toward the best position it can reach before the next turn of the stock.

    Until the next `Turn` nothing hidden matters: the cross, the waste and the foundations lie
    face up. So the bot searches the moves it can make without turning, best first, until it
    has tried ``lookahead`` moves, values each by `position_value`, and plays the first move
    toward the best of them; it turns when nothing it can reach beats the position as it is.
    Once the stock is empty nothing is hidden at all, and it first looks for a winning line
    with the exact solver, within ``endgame_nodes`` positions. (With Czarina's refills from
    the stock the search imagines the refilled cards with ``sample_state``.)
    """

    lookahead: int = attrs.field(default=1000, validator=attrs.validators.ge(1))
    """The most moves tried per move."""
    endgame_nodes: int = attrs.field(default=1000, validator=attrs.validators.ge(0))
    """The solver's budget per move once the stock is empty (0: never solve)."""

    def choose(
        self, observation: Observation, legal_actions: tuple[Action, ...], rng: random.Random
    ) -> Action:
        """The first move of a winning line once the stock is empty, else the first move
        toward the best position before the next turn (`Turn` if that is the present one)."""
        if len(legal_actions) == 1:
            return legal_actions[0]
        state = sample_state(observation, rng)
        if observation.stock_size == 0 and self.endgame_nodes > 0:
            result = solve(state, max_nodes=self.endgame_nodes)  # the true position
            if result.won and result.line and result.line[0] in legal_actions:
                return result.line[0]
        return self._toward_best(state, legal_actions)

    def _toward_best(self, state: State, legal: tuple[Action, ...]) -> Action:
        """Best-first search of the positions reachable without turning.

        The search keeps its own set of positions reached, so it plays without the guard
        (§6), which would only forbid what that set skips anyway; the first move is one of
        ``legal``, so it is legal with the guard."""
        turning = TURN in legal
        here = position_value(state)
        best, best_first = (here if turning else -float("inf")), None
        unguarded = attrs.evolve(
            state, options=attrs.evolve(state.options, guard=False), seen=frozenset()
        )
        reached = {_position_key(state)}
        frontier: list[tuple[float, int, State, Action | None]] = [(-here, 0, unguarded, None)]
        tried = order = 0
        while frontier and tried < self.lookahead:
            _, _, position, first = heapq.heappop(frontier)
            for action in legal if first is None else legal_actions(position):
                if isinstance(action, Turn):
                    continue
                tried += 1
                after = apply_unchecked(position, action)
                key = _position_key(after)
                if key in reached:
                    continue
                reached.add(key)
                value = position_value(after)
                leading = action if first is None else first
                if value > best:
                    best, best_first = value, leading
                order += 1
                heapq.heappush(frontier, (-value, order, after, leading))
        if best_first is None:
            return TURN if turning else legal[0]
        return best_first


def _position_key(state: State) -> tuple[object, ...]:
    """A position between two turns: the tableau's piles as a set (no two non-empty piles
    are alike), the waste (only ever shortened) by its length, and the foundations."""
    return frozenset(state.piles), len(state.waste), state.foundations
