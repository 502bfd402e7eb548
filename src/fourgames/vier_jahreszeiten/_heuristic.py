"""Vier Jahreszeiten: a heuristic player that cannot see the stock.

>>> import random
>>> from fourgames import vier_jahreszeiten as vj
>>> state = vj.new_game(1, seed=1)
>>> legal = vj.legal_actions(state)
>>> HeuristicBot().choose(vj.observe(state), legal, random.Random(0)) in legal
True
"""

from __future__ import annotations

import random

import attrs

from fourgames.vier_jahreszeiten._rules import Action, Observation
from fourgames.vier_jahreszeiten._sample import sample_state
from fourgames.vier_jahreszeiten._solver import solve
from fourgames.vier_jahreszeiten.bots import GreedyBot

__all__ = ["HeuristicBot"]


@attrs.frozen
class HeuristicBot:
    """Plays by `GreedyBot`'s priorities (the rulebook's tips) until the stock is empty; then
    nothing is hidden any more (the whole waste was seen face up), and it searches the
    position for a winning line with the exact solver, within ``endgame_nodes`` positions,
    and plays its first move. Without a win in reach it goes on greedily.
    """

    endgame_nodes: int = 5000

    def choose(
        self, observation: Observation, legal_actions: tuple[Action, ...], rng: random.Random
    ) -> Action:
        """The first move of a winning line once the stock is empty, else the greedy move."""
        if len(legal_actions) > 1 and observation.stock_size == 0 and self.endgame_nodes > 0:
            state = sample_state(observation, rng)  # nothing is hidden: the true position
            result = solve(state, max_nodes=self.endgame_nodes)
            if result.won and result.line and result.line[0] in legal_actions:
                return result.line[0]
        return GreedyBot().choose(observation, legal_actions, rng)
