"""OpenSpiel: every game as a pyspiel Python game (extra ``rl``). Importing this module
registers ``fourgames_all_fours``, ``fourgames_vier_felder``, ``fourgames_vier_jahreszeiten``
and ``fourgames_viereinhalb_minuten``:

>>> import pyspiel
>>> import fourgames.adapters.openspiel
>>> game = pyspiel.load_game("fourgames_all_fours", {"players": 3})
>>> state = game.new_initial_state()
>>> state.is_chance_node(), game.num_distinct_actions()
(True, 108)
>>> state.apply_action(7)
>>> state.current_player(), len(state.legal_actions())
(2, 2)

Parameters: ``players``, ``preset`` (a name of the game's presets, ``""`` for the rulebook)
and ``deals``. The game starts with one explicit chance node that picks the deal, the seed
``0 .. deals − 1`` (uniformly); every later draw follows from that seed, as in the engine.
An action is one index of the game's `fourgames.encoding` (in Vier Felder one sub-decision).
The observation string is the player's rendered view and the observation tensor the decision
tensor; the information state string adds a digest of every observation the player has had,
so it tells apart histories the player could tell apart. Returns: 1 for each winner, else 0.
`resample_from_infostate` draws the hidden cards with the game's `sample_state`.
"""

from __future__ import annotations

import copy
import hashlib
import random
from typing import Any, Final

import numpy as np
import pyspiel

from fourgames.adapters._table import Table
from fourgames.registry import BUILT_IN, get_game

__all__ = ["DEALS", "short_name"]

DEALS: Final = 2**16
"""The number of deals the chance node chooses among by default."""


_LONGEST: Final = 2**31 - 1
"""OpenSpiel's largest game length (Vier Jahreszeiten's bound is far above it)."""


def short_name(game_id: str) -> str:
    """The OpenSpiel name of a game: ``fourgames_all_fours``."""
    return "fourgames_" + game_id.replace("-", "_")


def _game_type(game_id: str) -> pyspiel.GameType:
    game = get_game(game_id)
    return pyspiel.GameType(
        short_name=short_name(game_id),
        long_name=f"fourgames {game.INFO.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.MAX_PLAYERS,
        min_num_players=game.MIN_PLAYERS,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": game.MIN_PLAYERS, "preset": "", "deals": DEALS},
    )


class FourGamesGame(pyspiel.Game):  # type: ignore[misc]
    """A fourgames game for OpenSpiel."""

    GAME_TYPE: pyspiel.GameType

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        game_type = self.GAME_TYPE
        game_id = game_type.short_name.removeprefix("fourgames_").replace("_", "-")
        game = get_game(game_id)
        params = {**game_type.parameter_specification, **(params or {})}
        preset = params["preset"]
        if preset and preset not in game.INFO.presets:
            raise ValueError(f"unknown preset {preset!r}; presets: {', '.join(game.INFO.presets)}")
        options = game.INFO.presets[preset] if preset else None
        self.table = Table(game_id, params["players"], options)
        self.deals = int(params["deals"])
        if self.deals < 1:
            raise ValueError(f"deals must be at least 1, not {self.deals}")
        length = game.max_game_length(self.table.players, self.table.options)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.table.num_actions,
            max_chance_outcomes=self.deals,
            num_players=self.table.players,
            min_utility=0.0,
            max_utility=1.0,
            max_game_length=min(1 + length * self.table.encoding.max_path, _LONGEST),
        )
        super().__init__(game_type, info, params)

    def new_initial_state(self) -> FourGamesState:
        """The state before the deal."""
        return FourGamesState(self)

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: Any = None
    ) -> Observer:
        """The observer of observations, or of information states for perfect recall."""
        recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return Observer(self.table.shape, recall)


class FourGamesState(pyspiel.State):  # type: ignore[misc]
    """A position: before the deal, or the engine's state and the path chosen so far."""

    def __init__(self, game: FourGamesGame) -> None:
        super().__init__(game)
        self.table = copy.copy(game.table)
        self._deals = game.deals
        self._dealt = False
        self._seen: _Seen | None = None

    def current_player(self) -> int:
        """Chance before the deal, then the player to choose, then terminal."""
        if not self._dealt:
            return int(pyspiel.PlayerId.CHANCE)
        seat = self.table.to_move()
        return int(pyspiel.PlayerId.TERMINAL) if seat is None else seat

    def _legal_actions(self, player: int) -> list[int]:
        return list(self.table.choices())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Every deal, equally likely."""
        return [(deal, 1 / self._deals) for deal in range(self._deals)]

    def _apply_action(self, action: int) -> None:
        if not self._dealt:
            self.table.deal(action)
            self._dealt = True
        elif self.table.choose(action) is None:
            return
        self._seen = _Seen(self.table.game.GAME_ID, self.table.state, self._seen)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {action}"
        found = self.table.decisions.actions.get((*self.table.prefix, action))
        return f"#{action}" if found is None else str(found)

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self._dealt and self.table.to_move() is None

    def returns(self) -> list[float]:
        """1 for each winner of a finished game, else 0."""
        return self.table.rewards()

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> FourGamesState:
        """A state ``player_id`` cannot tell from this one, its hidden cards drawn by the game's
        `sample_state` with a generator seeded from ``probability_sampler``. It keeps this
        state's history, so it is for search, not for `serialize`."""
        sample: FourGamesState = self.clone()
        if self._dealt:
            rng = random.Random(int(probability_sampler() * 2**53))
            table = self.table
            observation = table.game.observe(table.state, player_id)
            sample.table.set_state(table.game.sample_state(observation, rng), table.prefix)
        return sample

    def __str__(self) -> str:
        return self.table.render() if self._dealt else "before the deal"


class Observer:
    """What OpenSpiel's observation API reads: the decision tensor and the text view."""

    def __init__(self, shape: tuple[int], recall: bool) -> None:
        self.tensor = np.zeros(shape, np.float32)
        self.dict = {"observation": self.tensor}
        self._recall = recall

    def set_from(self, state: FourGamesState, player: int) -> None:
        """The tensor of ``player``'s view of ``state``."""
        self.tensor[:] = state.table.tensor(player) if state._dealt else 0

    def string_from(self, state: FourGamesState, player: int) -> str:
        """``player``'s view as text; with perfect recall, the digest of its observations."""
        if not state._dealt:
            return "before the deal"
        table = state.table
        text = table.game.render(table.game.observe(table.state, player))
        if table.prefix and player == table.to_move():
            text += f"\nchosen: {list(table.prefix)}"
        if not self._recall:
            return text
        assert state._seen is not None
        return f"{text}\nseen: {state._seen.digest(player).hex()}"


class _Seen:
    """The positions of a game so far, newest first, each with a digest per player of every
    observation that player has had up to it (computed when first asked for, then kept)."""

    __slots__ = ("_digests", "_game_id", "_parent", "_state")

    def __init__(self, game_id: str, state: Any, parent: _Seen | None) -> None:
        self._game_id = game_id
        self._state = state
        self._parent = parent
        self._digests: dict[int, bytes] = {}

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as the list of positions, oldest first (a chain would pickle recursively)."""
        states = []
        node: _Seen | None = self
        while node is not None:
            states.append(node._state)
            node = node._parent
        return (_chain, (self._game_id, states[::-1]))

    def __deepcopy__(self, memo: dict[int, Any]) -> _Seen:
        """Itself: it never changes but for its cache."""
        return self

    def digest(self, player: int) -> bytes:
        """The digest of ``player``'s observations from the deal to this position."""
        missing: list[_Seen] = []
        node: _Seen | None = self
        while node is not None and player not in node._digests:
            missing.append(node)
            node = node._parent
        digest = b"" if node is None else node._digests[player]
        game = get_game(self._game_id)
        for node in reversed(missing):
            seen = repr(game.observe(node._state, player)).encode()
            digest = hashlib.blake2b(digest + seen, digest_size=16).digest()
            node._digests[player] = digest
        return self._digests[player]


def _chain(game_id: str, states: list[Any]) -> _Seen:
    """The chain of ``states``, oldest first."""
    node = None
    for state in states:
        node = _Seen(game_id, state, node)
    assert node is not None
    return node


def _register() -> None:
    """Register each game as its own subclass of `FourGamesGame` (OpenSpiel makes a game by
    calling its class with the parameters)."""
    for game_id in BUILT_IN:
        game_type = _game_type(game_id)
        if game_type.short_name in pyspiel.registered_names():
            continue
        name = "".join(word.title() for word in game_type.short_name.split("_")) + "Game"
        cls = type(name, (FourGamesGame,), {"GAME_TYPE": game_type, "__module__": __name__})
        globals()[name] = cls
        pyspiel.register_game(game_type, cls)


_register()
