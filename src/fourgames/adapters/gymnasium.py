"""Gymnasium: every game as a single-agent environment (extra ``rl``). Importing this module
registers ``fourgames/<game id>-v0`` for each game:

>>> import gymnasium
>>> import fourgames.adapters.gymnasium
>>> env = gymnasium.make("fourgames/vier-jahreszeiten-v0")
>>> observation, info = env.reset(seed=1)
>>> observation.shape, int(info["action_mask"].sum())
((703,), 2)

The learner sits at ``seat`` (0); in a game of several players the other seats are bots from
the registry, ``opponents="heuristic"`` (the default) or ``"random"`` or any `get_bot` spec,
moving until it is the learner's turn again. The observation is the encoding's decision tensor,
the legal indices are ``info["action_mask"]``, and the reward comes at the end: 1 if the learner
wins, else 0. An index the mask does not mark ends the episode with reward −1 and
``info["illegal_action"]`` set (Gymnasium's checker steps with unmasked samples).
"""

from __future__ import annotations

import random
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from fourgames.adapters._table import LIMIT, Table
from fourgames.bots import get_bot
from fourgames.registry import BUILT_IN
from fourgames.shuffle import derive_seed

__all__ = ["FourGamesEnv", "env_id"]


class FourGamesEnv(gymnasium.Env[npt.NDArray[np.float32], np.int64]):  # type: ignore[misc, unused-ignore]
    """A fourgames game as a Gymnasium environment, one seat learning against bots."""

    metadata = {"render_modes": ["ansi"], "render_fps": 1}  # noqa: RUF012 (Env's name)

    def __init__(
        self,
        game_id: str,
        players: int | None = None,
        options: Any = None,
        opponents: str = "heuristic",
        seat: int = 0,
        render_mode: str | None = None,
    ) -> None:
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.render_mode = render_mode
        self.table = Table(game_id, players, options)
        if type(seat) is not int or not 0 <= seat < self.table.players:
            raise ValueError(f"seat must be 0..{self.table.players - 1}, not {seat!r}")
        self.seat = seat
        self.opponent = get_bot(opponents, self.table.game)
        self.observation_space = spaces.Box(-LIMIT, LIMIT, self.table.shape, np.float32)
        self.action_space = spaces.Discrete(self.table.num_actions)
        self._rng = random.Random()

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        """Deal a new game (from ``seed``, or the environment's generator) and let the bots
        move up to the learner's first turn."""
        super().reset(seed=seed)
        deal = int(self.np_random.integers(2**63))
        self._rng = random.Random(derive_seed(deal, "opponents"))
        self.table.deal(deal)
        self._play_opponents()
        return self._seen(), self._info()

    def step(
        self, action: np.int64
    ) -> tuple[npt.NDArray[np.float32], float, bool, bool, dict[str, Any]]:
        """The learner chooses the index ``action``; the bots answer."""
        if int(action) not in self.table.choices():
            return self._seen(), -1.0, True, False, {**self._info(), "illegal_action": True}
        self.table.choose(int(action))
        self._play_opponents()
        over = self.table.to_move() is None
        reward = self.table.rewards()[self.seat] if over else 0.0
        return self._seen(), reward, over, False, self._info()

    def _play_opponents(self) -> None:
        """The bots' moves until the learner is to move or the game is over."""
        table = self.table
        while (seat := table.to_move()) is not None and seat != self.seat:
            observation = table.game.observe(table.state, seat)
            legal = table.game.legal_actions(table.state)
            table.set_state(
                table.game.apply(table.state, self.opponent.choose(observation, legal, self._rng))
            )

    def _seen(self) -> npt.NDArray[np.float32]:
        return self.table.tensor(self.seat)

    def _info(self) -> dict[str, Any]:
        mask = (
            self.table.mask()
            if self.table.to_move() == self.seat
            else np.zeros(self.table.num_actions, np.int8)
        )
        return {"action_mask": mask}

    def render(self) -> str | None:
        """The table as text (``render_mode="ansi"``)."""
        return self.table.render() if self.render_mode == "ansi" else None


def env_id(game_id: str) -> str:
    """The Gymnasium id of a game: ``fourgames/all-fours-v0``."""
    return f"fourgames/{game_id}-v0"


for _game_id in BUILT_IN:
    if env_id(_game_id) not in gymnasium.registry:
        gymnasium.register(
            env_id(_game_id), f"{__name__}:FourGamesEnv", kwargs={"game_id": _game_id}
        )
