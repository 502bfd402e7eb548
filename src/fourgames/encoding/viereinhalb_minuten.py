"""4½ Minuten's encoding: one flat space of 1 + n + 132·(n + 1) actions for n players (399
for 2 players, 931 for 6). The timer's `TimeUp` is an event, chosen by no player, and has no
index.

==================================  ===========================================
index                               action
==================================  ===========================================
0                                   lay the display aside
1 + p                               choose player p as the starter
1 + n + (n+1)·(2·code + pile) + k   play card ``code`` on pile A (0) or B (1),
                                    naming nobody (k = 0) or player k − 1
==================================  ===========================================
"""

from __future__ import annotations

from typing import Final

from fourgames import viereinhalb_minuten as game
from fourgames.encoding._common import Encoding, Layout, Path, Tensor, shared_segments, write_shared
from fourgames.viereinhalb_minuten._deck import ALL_CARDS

__all__ = ["ENCODING", "num_actions"]

CODES: Final = len(ALL_CARDS)
PILES: Final = 2
_CODE: Final = {card: card.code for card in ALL_CARDS}


def num_actions(players: int, options: game.Options) -> int:
    """The size of the action space for ``players``."""
    return 1 + players + (players + 1) * PILES * CODES


def path(state: game.State, action: game.Action) -> Path:
    """The one index of ``action``."""
    players = len(state.displays)
    if isinstance(action, game.LayAside):
        return (0,)
    if isinstance(action, game.ChooseStarter):
        return (1 + action.player,)
    assert isinstance(action, game.Play)
    named = 0 if action.named is None else action.named + 1
    return (1 + players + (players + 1) * (PILES * action.card.code + action.pile) + named,)


def layout(players: int, options: game.Options) -> Layout:
    """The observation tensor's segments."""
    return Layout(
        (
            *shared_segments(players, CODES),
            ("displays", players * CODES),
            ("pile_tops", PILES * CODES),
            ("pile_sizes", PILES),
            ("aside", CODES),
            ("penalties", players),
            ("choosing", 1),
            ("direction", 1),
            ("turns", 1),
            ("locked", PILES),
            ("lock_turns", 1),
        )
    )


def write(observation: game.Observation, tensor: Tensor) -> None:
    """Fill ``tensor`` from ``observation``."""
    write_shared(observation, tensor, _CODE)
    for seat, display in enumerate(observation.displays):
        tensor.cards("displays", display, CODES * seat, _CODE)
    for place, pile in enumerate(observation.piles):
        tensor.cards("pile_tops", pile[-1:], CODES * place, _CODE)
    tensor.values("pile_sizes", [len(pile) for pile in observation.piles])
    tensor.cards("aside", observation.aside, index=_CODE)
    tensor.values("penalties", observation.penalties)
    tensor.values("choosing", [observation.choosing])
    tensor.values("direction", [observation.direction])
    tensor.values("turns", [observation.turns])
    tensor.one_hot("locked", observation.locked)
    tensor.values("lock_turns", [observation.lock_turns])


ENCODING: Final = Encoding(game, num_actions, path, layout, write)
"""4½ Minuten's encoding."""
