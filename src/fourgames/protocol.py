"""The `Game` protocol every game module satisfies, so generic code works with any game."""

from __future__ import annotations

from typing import Any, Protocol, TypeVar

__all__ = ["Game"]

StateT = TypeVar("StateT")
ActionT = TypeVar("ActionT")


class Game(Protocol[StateT, ActionT]):
    """A game module: ``fourgames.vier_felder``, ``fourgames.all_fours`` and so on.

    Modules satisfy it structurally; ``fourgames.get_game(id)`` returns one. Besides the names
    below, each module has the classes ``Options``, ``State`` and ``Observation`` and the type
    alias ``Action`` (the union of its action classes, events included); those are read by the
    JSON layer and are not part of the static protocol.
    """

    @property
    def GAME_ID(self) -> str: ...
    @property
    def MIN_PLAYERS(self) -> int: ...
    @property
    def MAX_PLAYERS(self) -> int: ...
    @property
    def RULES_VERSION(self) -> int: ...

    def new_game(
        self, players: int, *, seed: int | None = None, options: Any | None = None
    ) -> StateT:
        """Deal a new game; ``seed=None`` draws a fresh seed, stored in the state."""

    def legal_actions(self, state: StateT) -> tuple[ActionT, ...]:
        """Every legal action exactly once, in a deterministic order; empty iff terminal."""

    def events(self, state: StateT) -> tuple[ActionT, ...]:
        """Actions no player chooses (a timer running out) that `apply` accepts now."""

    def apply(self, state: StateT, action: ActionT) -> StateT:
        """The state after ``action``; raises `IllegalActionError` naming the rule otherwise."""

    def current_player(self, state: StateT) -> int | None:
        """Who chooses the next action; ``None`` iff the game is over."""

    def is_terminal(self, state: StateT) -> bool:
        """Whether the game is over."""

    def scores(self, state: StateT) -> tuple[int, ...]:
        """Each player's game score so far."""

    def winners(self, state: StateT) -> frozenset[int]:
        """The winning players of a finished game (empty while it runs or when all lose)."""

    def observe(self, state: StateT, player: int) -> Any:
        """What ``player`` may know of ``state``."""

    def render(self, state: StateT) -> str:
        """A text picture of the table."""

    def validate(self, state: StateT) -> None:
        """Raise `FormatError` if ``state`` is an impossible position."""

    def max_game_length(self, players: int, options: Any) -> int:
        """An upper bound on the number of actions (events included) in one whole game."""
