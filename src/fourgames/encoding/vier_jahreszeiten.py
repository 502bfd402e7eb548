"""Vier Jahreszeiten's encoding: one flat space of 1 + 52 + 3·52·P actions (P piles: 5 in the
cross, 833 actions; 12 in Simplicity, 1 925).

==========================  ===================================
index                       action
==========================  ===================================
0                           turn
1–52                        a card to its foundation
53 + 52·pile + card         build the card on the pile
53 + 52·(P + pile) + card   fill the empty pile with the card
53 + 52·(2P + pile) + card  move the run from the card onto the pile
==========================  ===================================
"""

from __future__ import annotations

from typing import Final

from fourgames import vier_jahreszeiten as game
from fourgames.encoding._common import (
    CARD_INDEX,
    Encoding,
    Layout,
    Path,
    Tensor,
    shared_segments,
    write_shared,
)
from fourgames.vier_jahreszeiten._rules import pile_count

__all__ = ["ENCODING", "num_actions"]

FOUNDATION: Final = 1
PILES: Final = FOUNDATION + 52
_MOVES: Final = {game.Build: 0, game.Fill: 1, game.MoveRun: 2}


def num_actions(players: int, options: game.Options) -> int:
    """The size of the action space under ``options``."""
    return PILES + 3 * 52 * pile_count(options)


def path(state: game.State, action: game.Action) -> Path:
    """The one index of ``action``."""
    if isinstance(action, game.Turn):
        return (0,)
    if isinstance(action, game.ToFoundation):
        return (FOUNDATION + CARD_INDEX[action.card],)
    block = _MOVES[type(action)] * pile_count(state.options) + action.pile
    return (PILES + 52 * block + CARD_INDEX[action.card],)


def layout(players: int, options: game.Options) -> Layout:
    """The observation tensor's segments."""
    piles = pile_count(options)
    return Layout(
        (
            *shared_segments(players),
            ("base", 13),
            ("foundations", 4),
            ("waste", 52),
            ("waste_top", 52),
            ("piles", piles * 52),
            ("pile_tops", piles * 52),
            ("pile_sizes", piles),
        )
    )


def write(observation: game.Observation, tensor: Tensor) -> None:
    """Fill ``tensor`` from ``observation``."""
    write_shared(observation, tensor)
    tensor.one_hot("base", observation.base - 1)
    tensor.values("foundations", observation.foundations)
    tensor.cards("waste", observation.waste)
    tensor.cards("waste_top", observation.waste[-1:])
    for place, pile in enumerate(observation.piles):
        tensor.cards("piles", pile, 52 * place)
        tensor.cards("pile_tops", pile[-1:], 52 * place)
    tensor.values("pile_sizes", [len(pile) for pile in observation.piles])


ENCODING: Final = Encoding(game, num_actions, path, layout, write)
"""Vier Jahreszeiten's encoding."""
