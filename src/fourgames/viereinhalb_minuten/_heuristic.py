"""4½ Minuten: a heuristic team player (it reads only the observation and the legal actions).

>>> import random
>>> from fourgames import viereinhalb_minuten as game
>>> state = game.new_game(3, seed=1)
>>> legal = game.legal_actions(state)
>>> HeuristicBot().choose(game.observe(state, 0), legal, random.Random(0)) in legal
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import attrs

from fourgames.viereinhalb_minuten._deck import Card, Kind
from fourgames.viereinhalb_minuten._rules import (
    Action,
    ChooseStarter,
    LayAside,
    Observation,
    Play,
)

__all__ = ["HeuristicBot"]

_SIGNS = frozenset({Kind.YOUR_TURN, Kind.REVERSE, Kind.DRAW_TWO})


def _deciding(pile: Sequence[Card]) -> Card | None:
    """The card whose face decides what ``pile`` accepts: the top, or below colourless locks
    the card under them; None when anything goes (§3, §6.5)."""
    for card in reversed(pile):
        if card.kind is not Kind.LOCK or card.colours:
            return card
    return None


def fits(top: Card | None, card: Card, lock_allowed: bool) -> bool:
    """Whether ``card`` may go on a pile whose deciding card is ``top`` (an unlocked pile)."""
    if card.kind is Kind.COLOUR_CHANGE:
        return True
    if card.kind is Kind.LOCK:
        return lock_allowed
    if top is None:
        return True
    colour = card.colours[0]
    kind = top.kind
    if kind is Kind.NUMBER:
        return colour == top.colours[0] or (card.kind is Kind.NUMBER and card.value == top.value)
    if kind in _SIGNS:
        return colour == top.colours[0] or card.kind is kind
    return colour in top.colours  # a Farbwechsel or a coloured lock


@attrs.frozen
class HeuristicBot:
    """Plays 4½ Minuten for the team: every card played is one minus point fewer, every card
    laid aside two more.

    - Never lays aside while a card can be played (laying aside is forced only).
    - Scores every play by what the team can play next: after the play, how many cards of
      the next player's display (weight ``next_weight``) and of everyone else's fit one of
      the two piles, so both piles are kept open for the table, and pile B is started early.
    - Keeps the wild white cards for emergencies: a Farbwechsel costs ``wild_cost`` and a
      gesperrt card twice as much while a coloured card can be played; a lock goes on the
      pile that the table needs less.
    - Du bist dran names the player (itself included) with the most playable cards.
    - When the table chooses the starter, it names the player with the most cards that
      match another card of the same display.
    """

    next_weight: float = 3.0
    wild_cost: float = 2.5

    def choose(
        self, observation: Observation, legal_actions: tuple[Action, ...], rng: random.Random
    ) -> Action:
        """The best-scoring legal action; ties broken with ``rng``."""
        if len(legal_actions) == 1:
            return legal_actions[0]
        if isinstance(legal_actions[0], ChooseStarter):
            return self._starter(observation, legal_actions, rng)
        plays = [action for action in legal_actions if isinstance(action, Play)]
        if not plays:
            return next(a for a in legal_actions if isinstance(a, LayAside))
        scored = [(self.score(observation, play), play) for play in plays]
        best = max(value for value, _ in scored)
        ties = [play for value, play in scored if value >= best - 1e-9]
        return ties[int(rng.random() * len(ties))] if len(ties) > 1 else ties[0]

    def _starter(
        self, observation: Observation, legal: tuple[Action, ...], rng: random.Random
    ) -> Action:
        def links(display: Sequence[Card]) -> int:
            return sum(fits(a, b, True) for i, a in enumerate(display) for b in display[i + 1 :])

        scored = [
            (links(observation.displays[a.player]), a)
            for a in legal
            if isinstance(a, ChooseStarter)
        ]
        best = max(value for value, _ in scored)
        ties = [a for value, a in scored if value == best]
        return ties[int(rng.random() * len(ties))] if len(ties) > 1 else ties[0]

    def score(self, observation: Observation, play: Play) -> float:
        """How good ``play`` is for the table (higher is better)."""
        me = observation.player
        card = play.card
        piles = list(observation.piles)
        locked = observation.locked
        lock_turns = observation.lock_turns
        if play.pile == len(piles):
            piles.append((card,))
        else:
            piles[play.pile] = (*piles[play.pile], card)
        if card.kind is Kind.LOCK:
            locked, lock_turns = play.pile, 3
        elif locked is not None:
            lock_turns -= 1
            if lock_turns <= 0:
                locked = None
        displays = [list(d) for d in observation.displays]
        displays[me].remove(card)
        tops: list[Card | None] = [_deciding(p) for p in piles]
        may_start = len(piles) < 2
        lock_allowed = locked is None

        def playable(display: Sequence[Card]) -> tuple[int, int]:
            """(coloured cards that fit, white cards)."""
            coloured = white = 0
            for held in display:
                if held.is_white:
                    white += 1 if (held.kind is Kind.COLOUR_CHANGE or lock_allowed) else 0
                    continue
                if may_start or any(
                    fits(top, held, lock_allowed) for i, top in enumerate(tops) if i != locked
                ):
                    coloured += 1
            return coloured, white

        players = len(displays)
        direction = observation.direction
        if card.kind is Kind.REVERSE and players > 2:
            direction = -direction
        if card.kind is Kind.YOUR_TURN and play.named is not None:
            nxt = play.named
        else:
            nxt = (me + direction) % players
            for _ in range(players):
                if displays[nxt] or nxt == me:
                    break
                nxt = (nxt + direction) % players
        value = 0.0
        for seat, display in enumerate(displays):
            coloured, white = playable(display)
            weight = self.next_weight if seat == nxt else 1.0
            value += weight * (coloured + 0.5 * white)
            if seat == nxt and coloured + white == 0 and display:
                value -= 2.0 * len(display) * self.next_weight  # the next player must lay aside
        if card.is_white:
            own_coloured, _ = _coloured_plays(observation)
            if own_coloured:
                value -= self.wild_cost * (2.0 if card.kind is Kind.LOCK else 1.0)
        if play.pile == len(observation.piles) and observation.piles:
            value += 1.0  # a second pile doubles the table's chances
        return value


def _coloured_plays(observation: Observation) -> tuple[int, int]:
    """How many coloured cards of the mover's display fit a pile now, and the display size."""
    piles = observation.piles
    locked = observation.locked
    if len(piles) < 2:
        count = sum(1 for c in observation.hand if not c.is_white)
        return count, len(observation.hand)
    tops = [_deciding(p) for p in piles]
    count = 0
    for held in observation.hand:
        if held.is_white:
            continue
        if any(fits(top, held, locked is None) for i, top in enumerate(tops) if i != locked):
            count += 1
    return count, len(observation.hand)
