"""Game records: the setup of a game plus its actions, like a chess PGN."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import attrs

from fourgames.errors import IllegalActionError
from fourgames.protocol import Game
from fourgames.registry import get_game

__all__ = ["Record", "record_to_json", "replay", "start_record"]


@attrs.frozen
class Record:
    """A finished or unfinished game: who played, the seed, the options and every action.

    >>> from fourgames import Record
    >>> from fourgames.testing import reference as match
    >>> Record("match", 2, 7, match.Options()).actions
    ()
    """

    game: str
    """The game's id, as in ``fourgames.GAMES``."""
    players: int
    seed: int
    options: Any
    """The game's ``Options``."""
    actions: tuple[Any, ...] = ()
    """Every action in order, events such as a timer running out included."""

    def append(self, action: object) -> Record:
        """This record with one more action (not checked; `replay` checks)."""
        return attrs.evolve(self, actions=(*self.actions, action))


def start_record(game: Game[Any, Any], state: Any) -> Record:
    """An empty record for a state fresh from ``game.new_game`` (read back its seed and options)."""
    return Record(game.GAME_ID, len(game.scores(state)), state.seed, state.options)


def replay(record: Record, game: Game[Any, Any] | None = None) -> Iterator[Any]:
    """Yield the states of ``record``: the deal, then the state after each action.

    Every action is checked again; a tampered record raises `IllegalActionError` at the ply
    where it goes wrong, with the ply number in the message and the rule in ``.rule``.
    """
    if game is None:
        game = get_game(record.game)
    state = game.new_game(record.players, seed=record.seed, options=record.options)
    yield state
    for ply, action in enumerate(record.actions, start=1):
        try:
            state = game.apply(state, action)
        except IllegalActionError as err:
            raise IllegalActionError(f"ply {ply}: {err.message}", rule=err.rule, ply=ply) from err
        yield state


def record_to_json(record: Record, *, indent: int | None = None) -> str:
    """The JSON text of a record (the same as ``to_json(record)``)."""
    from fourgames.serialization import to_json  # serialization reads records: no cycle

    return to_json(record, indent=indent)
