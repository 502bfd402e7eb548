"""PettingZoo: every game as an AEC environment (extra ``rl``).

>>> from fourgames.adapters.pettingzoo import env
>>> table = env("all-fours", players=2)
>>> table.reset(seed=1)
>>> observation, reward, termination, truncation, info = table.last()
>>> observation["observation"].shape, int(observation["action_mask"].sum())
((343,), 2)

The agents are ``player_0`` … in seat order. Each observation is a dict of ``observation``, the
encoding's decision tensor, and ``action_mask``, the indices legal now; an action is one index
(in Vier Felder one sub-decision of a move, so the same agent acts again until the move is
complete). Rewards come at the end: 1 to each winner, 0 to the others.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv

from fourgames.adapters._table import LIMIT, Table

__all__ = ["FourGamesEnv", "env"]


class FourGamesEnv(AECEnv[str, dict[str, npt.NDArray[Any]], int]):  # type: ignore[misc, unused-ignore]
    """A fourgames game as a PettingZoo AEC environment."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi"],
        "name": "fourgames",
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(
        self,
        game_id: str,
        players: int | None = None,
        options: Any = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.render_mode = render_mode
        self.table = Table(game_id, players, options)
        self.possible_agents = [f"player_{seat}" for seat in range(self.table.players)]
        mask = spaces.Box(0, 1, (self.table.num_actions,), np.int8)
        seen = spaces.Box(-LIMIT, LIMIT, self.table.shape, np.float32)
        self.observation_spaces = {
            agent: spaces.Dict({"observation": seen, "action_mask": mask})
            for agent in self.possible_agents
        }
        self.action_spaces = {
            agent: spaces.Discrete(self.table.num_actions) for agent in self.possible_agents
        }
        self._seeds = random.Random()

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The space of ``agent``'s observations."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The space of ``agent``'s actions: the indices of the encoding."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new game: from ``seed``, or from the next seed of the last one given."""
        if seed is not None:
            self._seeds = random.Random(seed)
        self.table.deal(self._seeds.getrandbits(64))
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._select()

    def observe(self, agent: str) -> dict[str, npt.NDArray[Any]]:
        """``agent``'s decision tensor and action mask (all zero when it is not to move)."""
        seat = self.possible_agents.index(agent)
        if seat == self.table.to_move():
            mask = self.table.mask()
        else:
            mask = np.zeros(self.table.num_actions, np.int8)
        return {"observation": self.table.tensor(seat), "action_mask": mask}

    def step(self, action: int | None) -> None:
        """The selected agent chooses the index ``action`` (None once it is done)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        assert action is not None, "a live agent chooses an index"
        self._cumulative_rewards[agent] = 0.0
        self.table.choose(int(action))
        if self.table.to_move() is None:
            self.rewards = dict(zip(self.agents, self.table.rewards(), strict=True))
            self.terminations = dict.fromkeys(self.agents, True)
        self._select()
        self._accumulate_rewards()

    def _select(self) -> None:
        """The agent to move, or (the game over) the first agent still to be told."""
        seat = self.table.to_move()
        self.agent_selection = self.agents[0] if seat is None else self.possible_agents[seat]

    def render(self) -> str | None:
        """The table as text (``render_mode="ansi"``)."""
        return self.table.render() if self.render_mode == "ansi" else None

    def close(self) -> None:
        """Nothing to release."""


def env(
    game_id: str, players: int | None = None, options: Any = None, render_mode: str | None = None
) -> FourGamesEnv:
    """The AEC environment of ``game_id`` for ``players`` (the game's least by default)."""
    return FourGamesEnv(game_id, players, options, render_mode)
