"""Hypothesis strategies and a rule-based state machine for any fourgames game.

Needs the ``testing`` extra (hypothesis). Strategies follow Hypothesis' own style: plural
nouns, keyword-only options, validated arguments.

>>> from hypothesis import given
>>> from fourgames.testing import reference
>>> @given(states(reference, players=2, max_plies=20))
... def test_never_more_than_52_cards(state):
...     assert sum(map(len, state.hands)) + len(state.pile) + len(state.stock) == 52
>>> test_never_more_than_52_cards()
"""

from __future__ import annotations

import typing
from typing import Any

import attrs
from hypothesis import note
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from fourgames.cards import DECK_52, Card
from fourgames.errors import IllegalActionError
from fourgames.protocol import Game
from fourgames.records import Record, replay
from fourgames.registry import action_classes, register_game
from fourgames.serialization import from_json, to_json

__all__ = ["GameMachine", "actions", "seeds", "states"]

st.register_type_strategy(Card, st.sampled_from(DECK_52))


def seeds() -> st.SearchStrategy[int]:
    """Game seeds; they shrink toward 0."""
    return st.integers(min_value=0, max_value=2**32 - 1)


@st.composite
def _states(
    draw: st.DrawFn, game: Game[Any, Any], players: int | None, options: Any, max_plies: int
) -> Any:
    count = draw(st.integers(game.MIN_PLAYERS, game.MAX_PLAYERS)) if players is None else players
    state = game.new_game(count, seed=draw(seeds()), options=options)
    plies = draw(st.integers(min_value=0, max_value=max_plies))
    for _ in range(plies):
        legal = game.legal_actions(state)
        if not legal:
            break
        state = game.apply(state, draw(st.sampled_from(legal)))
    return state


def states(
    game: Game[Any, Any],
    *,
    players: int | None = None,
    options: Any | None = None,
    max_plies: int = 200,
) -> st.SearchStrategy[Any]:
    """Reachable positions: a seeded deal followed by up to ``max_plies`` random legal actions.

    They shrink toward seed 0, short games and the first listed action.
    """
    if players is not None and not game.MIN_PLAYERS <= players <= game.MAX_PLAYERS:
        raise ValueError(
            f"{game.GAME_ID} is for {game.MIN_PLAYERS} to {game.MAX_PLAYERS} players, not {players}"
        )
    if max_plies < 0:
        raise ValueError(f"max_plies must be at least 0, not {max_plies}")
    return _states(game, players, options, max_plies)


def actions(game: Game[Any, Any]) -> st.SearchStrategy[Any]:
    """Well-formed actions of ``game``, built from their fields' types: mostly illegal ones.

    A game whose actions hold values of its own types registers strategies for them with
    ``hypothesis.strategies.register_type_strategy``.
    """
    return st.one_of([_builds(cls) for cls in action_classes(game)])


def _builds(cls: type) -> st.SearchStrategy[Any]:
    hints = typing.get_type_hints(cls)
    fields = {field.name: _values(hints[field.name]) for field in attrs.fields(cls)}
    return st.builds(cls, **fields)


def _values(tp: Any) -> st.SearchStrategy[Any]:
    if tp is int:
        return st.integers(min_value=-1, max_value=20)
    return st.from_type(tp)


class GameMachine(RuleBasedStateMachine):
    """Random legal play with illegal probes; subclasses set the class attributes and add
    ``@invariant()`` methods that read ``self.state``.

    A testing aid, not library API: subclassing is its purpose::

        class MatchMachine(GameMachine):
            game = reference
            players = 3

            @invariant()
            def cards_are_conserved(self) -> None:
                assert ...

        TestMatch = MatchMachine.TestCase
    """

    game: Any
    """The game module under test."""
    players: int | None = None
    """Players at the table; ``None`` draws a count."""
    options: Any = None
    """The game's Options (``None``: the defaults)."""

    def __init__(self) -> None:
        super().__init__()
        register_game(self.game)
        self.state: Any = None
        self.record = Record(self.game.GAME_ID, 0, 0, None)

    @initialize(data=st.data())
    def deal(self, data: st.DataObject) -> None:
        """Start from a seeded deal."""
        game = self.game
        players = self.players
        if players is None:
            players = data.draw(st.integers(game.MIN_PLAYERS, game.MAX_PLAYERS), label="players")
        seed = data.draw(seeds(), label="seed")
        self.state = game.new_game(players, seed=seed, options=self.options)
        self.record = Record(game.GAME_ID, players, self.state.seed, self.state.options)

    @rule(data=st.data())
    @precondition(lambda self: not self.game.is_terminal(self.state))
    def play_a_legal_action(self, data: st.DataObject) -> None:
        """Apply a listed action; the state before must not change."""
        before, before_json = self.state, to_json(self.state)
        action = data.draw(st.sampled_from(self.game.legal_actions(before)), label="action")
        note(self.game.render(before))
        self.state = self.game.apply(before, action)
        assert to_json(before) == before_json, "apply mutated its input"
        self.record = self.record.append(action)

    @rule(data=st.data())
    def an_unlisted_action_is_refused(self, data: st.DataObject) -> None:
        """Any well-formed action that is neither listed nor an event raises IllegalActionError."""
        action = data.draw(actions(self.game), label="probe")
        allowed = (*self.game.legal_actions(self.state), *self.game.events(self.state))
        if action in allowed:
            self.game.apply(self.state, action)
            return
        try:
            self.game.apply(self.state, action)
        except IllegalActionError:
            return
        raise AssertionError(f"{action!r} is not listed but was accepted")

    @rule()
    def json_round_trips(self) -> None:
        """State and observations load back equal."""
        assert from_json(to_json(self.state)) == self.state
        for player in range(len(self.game.scores(self.state))):
            observation = self.game.observe(self.state, player)
            assert from_json(to_json(observation)) == observation

    @invariant()
    def replay_reproduces_the_state(self) -> None:
        """The record of the moves so far replays to the current state."""
        if len(self.record.actions) % 10 == 0:
            *_, last = replay(self.record, self.game)
            assert last == self.state
