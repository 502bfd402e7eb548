"""A game played one index at a time: what the three adapters share."""

from __future__ import annotations

from typing import Any, Final

import numpy as np
import numpy.typing as npt

from fourgames.encoding import Decisions, get_encoding
from fourgames.errors import IllegalActionError
from fourgames.registry import get_game

__all__ = ["LIMIT", "Table"]

LIMIT: Final = float(2**24)
"""Bound of every value in a tensor: counts, scores and rounds are integers below it."""


class Table:
    """One game in an adapter: the engine's state and the path chosen so far of the next
    action. The deal comes from the seed given to `deal`."""

    def __init__(self, game_id: str, players: int | None = None, options: Any = None) -> None:
        self.game = get_game(game_id)
        self.encoding = get_encoding(game_id)
        players = self.game.MIN_PLAYERS if players is None else players
        state = self.game.new_game(players, seed=0, options=options)
        self.options = state.options
        self.players = players
        self.num_actions = self.encoding.num_actions(players, self.options)
        self.shape = self.encoding.decision_shape(players, self.options)
        self.set_state(state)

    def __copy__(self) -> Table:
        """A copy that shares the immutable engine state."""
        clone = object.__new__(Table)
        clone.__dict__.update(self.__dict__)
        return clone

    def __deepcopy__(self, memo: dict[int, Any]) -> Table:
        """`__copy__` (OpenSpiel clones a state by deep copy)."""
        return self.__copy__()

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled by game id, players, options and position (OpenSpiel pickles games)."""
        args = (self.game.GAME_ID, self.players, self.options)
        return (_restore, (*args, self.state, self.prefix))

    def deal(self, seed: int) -> None:
        """Start a new game from ``seed``."""
        self.set_state(self.game.new_game(self.players, seed=seed, options=self.options))

    def set_state(self, state: Any, prefix: tuple[int, ...] = ()) -> None:
        """Continue from the engine's ``state``, ``prefix`` of the next path chosen."""
        self.state = state
        self.prefix = prefix
        self._decisions: Decisions | None = None

    @property
    def decisions(self) -> Decisions:
        """The legal actions of the current state by their paths."""
        if self._decisions is None:
            self._decisions = self.encoding.decisions(self.state)
        return self._decisions

    def to_move(self) -> int | None:
        """The player who chooses the next index; None once the game is over."""
        return self.game.current_player(self.state)

    def choices(self) -> tuple[int, ...]:
        """The indices that may be chosen now, ascending."""
        return self.decisions.choices(self.prefix)

    def mask(self) -> npt.NDArray[np.int8]:
        """`choices` as a 0/1 vector."""
        return self.decisions.mask(self.prefix, self.num_actions)

    def choose(self, index: int) -> Any | None:
        """Choose ``index``; the engine's action if it completes one (then applied), else None.
        `IllegalActionError` for an index not among `choices`."""
        if index not in self.choices():
            raise IllegalActionError(
                f"index {index} is not legal now; legal: {list(self.choices())}", rule="API"
            )
        path = (*self.prefix, int(index))
        action = self.decisions.actions.get(path)
        if action is None:
            self.prefix = path
            return None
        self.set_state(self.game.apply_unchecked(self.state, action))
        return action

    def tensor(self, player: int) -> npt.NDArray[np.float32]:
        """What ``player`` sees now (the chosen prefix shows only to the player choosing)."""
        prefix = self.prefix if player == self.to_move() else ()
        return self.encoding.decision_tensor(self.game.observe(self.state, player), prefix)

    def rewards(self) -> list[float]:
        """Each player's reward: 1 for a winner of the finished game, else 0."""
        winners = self.game.winners(self.state) if self.game.is_terminal(self.state) else ()
        return [float(seat in winners) for seat in range(self.players)]

    def render(self) -> str:
        """The table as text, with the path chosen so far of the next action."""
        text = self.game.render(self.state)
        return f"{text}\nchosen: {list(self.prefix)}" if self.prefix else text


def _restore(
    game_id: str, players: int, options: Any, state: Any, prefix: tuple[int, ...]
) -> Table:
    """The table `Table.__reduce__` pickled."""
    table = Table(game_id, players, options)
    table.set_state(state, prefix)
    return table
