"""The `Game` protocol every game module satisfies, so generic code works with any game."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol, TypeVar

if TYPE_CHECKING:
    import random

    from fourgames._kernel import GameInfo

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
    @property
    def INFO(self) -> GameInfo:
        """The game as data: id, name, player range, presets, rules version, kind."""

    def new_game(
        self, players: int, *, seed: int | None = None, options: Any | None = None
    ) -> StateT:
        """Deal a new game; ``seed=None`` draws a fresh seed, stored in the state."""

    def legal_actions(self, state: StateT) -> tuple[ActionT, ...]:
        """Every legal action exactly once, in a deterministic order; empty iff terminal."""

    def events(self, state: StateT) -> tuple[ActionT, ...]:
        """Actions no player chooses (a timer running out) that `apply` accepts now."""

    def check(self, state: StateT, action: object) -> None:
        """Raise exactly the `IllegalActionError` that `apply` would raise; else return."""

    def is_legal(self, state: StateT, action: object) -> bool:
        """Whether `apply` accepts ``action`` now; builds no successor."""

    def apply(self, state: StateT, action: ActionT) -> StateT:
        """`check`, then the state after ``action``."""

    def apply_unchecked(self, state: StateT, action: ActionT) -> StateT:
        """`apply` without the check, for an action ``legal_actions`` or ``events`` just
        listed (playouts, search); anything else gives no defined result."""

    def parse_action(self, text: str) -> ActionT:
        """The action written ``text`` (its ``str`` form), without a position; `FormatError`."""

    def find_action(self, state: StateT, text: str) -> ActionT:
        """The legal action ``text`` names: exact text, ASCII cards, a unique prefix, or words
        only one legal action has; `IllegalActionError` listing the candidates otherwise."""

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

    def sample_state(self, observation: Any, rng: random.Random) -> StateT:
        """A whole state ``observation`` could come from, the hidden cards drawn with ``rng``
        uniformly among every deal consistent with what is public (determinization)."""

    def render(self, state: Any) -> str:
        """A text picture of the table: all of a state, or a player's view of an observation."""

    def validate(self, state: StateT) -> None:
        """Raise `FormatError` if ``state`` is an impossible position."""

    def max_game_length(self, players: int, options: Any) -> int:
        """An upper bound on the number of actions (events included) in one whole game."""
