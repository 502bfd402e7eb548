"""All Fours' encoding: one flat space of 108 actions.

=======  ===============================
index    action
=======  ===============================
0–3      stand, beg, give, run
4–55     discard a card (♣ 2…A, ♦, ♥, ♠)
56–107   play a card
=======  ===============================
"""

from __future__ import annotations

from typing import Final

from fourgames import all_fours as game
from fourgames.all_fours._rules import Begging, Phase
from fourgames.cards import Suit
from fourgames.encoding._common import (
    CARD_INDEX,
    Encoding,
    Layout,
    Path,
    Tensor,
    shared_segments,
    write_shared,
)

__all__ = ["ENCODING", "NUM_ACTIONS"]

DISCARD: Final = 4
PLAY: Final = DISCARD + 52
NUM_ACTIONS: Final = PLAY + 52

_WORDS: Final = {game.Stand: 0, game.Beg: 1, game.Give: 2, game.Run: 3}
_PHASES: Final = {phase: i for i, phase in enumerate(Phase)}
_BEGGING: Final = {begging: i for i, begging in enumerate(Begging)}
_SUITS: Final = {suit: i for i, suit in enumerate(Suit)}


def path(state: game.State, action: game.Action) -> Path:
    """The one index of ``action``."""
    if isinstance(action, game.Discard):
        return (DISCARD + CARD_INDEX[action.card],)
    if isinstance(action, game.Play):
        return (PLAY + CARD_INDEX[action.card],)
    return (_WORDS[type(action)],)


def layout(players: int, options: game.Options) -> Layout:
    """The observation tensor's segments."""
    return Layout(
        (
            *shared_segments(players),
            ("dealer", players),
            ("leader", players),
            ("phase", len(_PHASES)),
            ("begging", len(_BEGGING)),
            ("trump", len(_SUITS)),
            ("discards", 52),
            ("turnups", 52),
            ("trick", players * 52),
            ("played", 52),
            ("discard_counts", players),
            ("hand_number", 1),
        )
    )


def write(observation: game.Observation, tensor: Tensor) -> None:
    """Fill ``tensor`` from ``observation``."""
    write_shared(observation, tensor)
    tensor.one_hot("dealer", observation.dealer)
    tensor.one_hot("leader", observation.leader)
    tensor.one_hot("phase", _PHASES[observation.phase])
    tensor.one_hot("begging", _BEGGING[observation.begging])
    tensor.one_hot("trump", None if observation.trump is None else _SUITS[observation.trump])
    tensor.cards("discards", observation.discards)
    tensor.cards("turnups", observation.turnups)
    for place, card in enumerate(observation.trick):
        tensor.cards("trick", (card,), 52 * place)
    tensor.cards("played", (card for trick in observation.tricks for card in trick.cards))
    tensor.values("discard_counts", observation.discard_counts)
    tensor.values("hand_number", [observation.hand_number])


ENCODING: Final = Encoding(game, lambda players, options: NUM_ACTIONS, path, layout, write)
"""All Fours' encoding."""
