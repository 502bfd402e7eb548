"""Vier Felder's encoding: an action is a short path of sub-decisions in a space of 158.

A harvest names a set of taken items, and a field can offer tens of thousands of such sets, so
no flat space of useful size holds every action. Each action is chosen in steps instead, every
step one index of the same space (the engine's own actions stay as they are):

========  =====================  =============================================
indices   sub-decision           taken by
========  =====================  =============================================
0–3       kind                   sow, harvest, stockpile, Volle Ernte
4–55      the card played        every kind but Volle Ernte (its cards: the hand)
56–59     the field              every kind
60–111    a loose card taken     harvest, stockpile, Volle Ernte (ascending)
112–137   a stockpile taken      by its slot in the field (ascending)
138–151   the value 1–14         stockpile (last step)
152–156   the rotation           Volle Ernte (none, ♣ ♦ ♥ ♠; last step)
157       end of the items       harvest (last step)
========  =====================  =============================================

A sow takes 3 steps, a harvest 4 plus one per taken item. The observation tensor is one
vector of 682 + 58·n floats for n players, in the segments of `layout`.
"""

from __future__ import annotations

from typing import Any, Final

from fourgames import vier_felder as game
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

FIELDS: Final = 4
MAX_STOCKPILES: Final = 26
"""Stockpiles a field can hold at most: each has two cards or more."""
MAX_VALUE: Final = 14

KIND: Final = 0
CARD: Final = KIND + 4
FIELD: Final = CARD + 52
LOOSE: Final = FIELD + FIELDS
STOCKPILE: Final = LOOSE + 52
VALUE: Final = STOCKPILE + MAX_STOCKPILES
ROTATION: Final = VALUE + MAX_VALUE
END: Final = ROTATION + 1 + len(Suit)
NUM_ACTIONS: Final = END + 1

_KINDS: Final = {game.Sow: 0, game.Harvest: 1, game.Build: 2, game.FullHarvest: 3}
_ROTATION: Final[dict[Suit | None, int]] = {None: 0, **{suit: 1 + i for i, suit in enumerate(Suit)}}


def _items(state: game.State, field: int, loose: frozenset[Any], piles: frozenset[Any]) -> Path:
    """The taken loose cards, then the taken stockpiles by slot, each ascending."""
    slots = state.stockpiles[field]
    return (
        *sorted(LOOSE + CARD_INDEX[card] for card in loose),
        *sorted(STOCKPILE + slots.index(pile) for pile in piles),
    )


def path(state: game.State, action: game.Action) -> Path:
    """The sub-decisions that name ``action`` (a legal action of ``state``)."""
    kind = KIND + _KINDS[type(action)]
    if isinstance(action, game.Sow):
        return (kind, CARD + CARD_INDEX[action.card], FIELD + action.field)
    if isinstance(action, game.Harvest):
        items = _items(state, action.field, action.taken, action.stockpiles)
        return (kind, CARD + CARD_INDEX[action.card], FIELD + action.field, *items, END)
    if isinstance(action, game.Build):
        items = _items(state, action.field, action.loose, action.stockpiles)
        value = VALUE + action.value - 1
        return (kind, CARD + CARD_INDEX[action.card], FIELD + action.field, *items, value)
    items = _items(state, action.field, action.taken, action.stockpiles)
    return (kind, FIELD + action.field, *items, ROTATION + _ROTATION[action.rotation])


def layout(players: int, options: game.Options) -> Layout:
    """The observation tensor's segments."""
    return Layout(
        (
            *shared_segments(players),
            ("dealer", players),
            ("summer_field", FIELDS),
            ("loose", FIELDS * 52),
            ("stockpiled", FIELDS * 52),
            ("stockpile_values", FIELDS * MAX_STOCKPILES),
            ("stockpile_equal", FIELDS * MAX_STOCKPILES),
            ("harvested", players * 52),
            ("coins", players),
            ("round", 1),
        )
    )


def write(observation: game.Observation, tensor: Tensor) -> None:
    """Fill ``tensor`` from ``observation``."""
    write_shared(observation, tensor)
    tensor.one_hot("dealer", observation.dealer)
    tensor.one_hot("summer_field", observation.summer_field)
    for field in range(FIELDS):
        tensor.cards("loose", observation.loose[field], 52 * field)
        piles = observation.stockpiles[field]
        tensor.cards("stockpiled", (c for pile in piles for c in pile.cards), 52 * field)
        at = MAX_STOCKPILES * field
        tensor.values("stockpile_values", [pile.value for pile in piles], at)
        tensor.values("stockpile_equal", [pile.kind is game.Kind.EQUAL for pile in piles], at)
    for seat, pile in enumerate(observation.harvested):
        tensor.cards("harvested", pile, 52 * seat)
    tensor.values("coins", observation.coins)
    tensor.values("round", [observation.round])


MAX_PATH: Final = 4 + 52 + MAX_STOCKPILES
"""The longest path: kind, card, field, every loose card and stockpile of a field, the end."""

ENCODING: Final = Encoding(
    game, lambda players, options: NUM_ACTIONS, path, layout, write, max_path=MAX_PATH
)
"""Vier Felder's encoding."""
