"""Fixed action spaces, action masks and observation tensors of the four games (extra ``ml``:
numpy), for learning code and the adapters in `fourgames.adapters`.

An action is named by its *path*: one index in the games whose actions fit a flat space, a few
sub-decisions in Vier Felder, whose harvests are sets of taken items. `Encoding.action_indices`
gives the path of an action, `Encoding.index_action` the action of a path, and
`Encoding.legal_action_mask` which indices may come next.

>>> from fourgames import all_fours
>>> from fourgames.encoding import get_encoding
>>> encoding = get_encoding("all-fours")
>>> state = all_fours.new_game(2, seed=1)
>>> encoding.num_actions(2), int(encoding.legal_action_mask(state).sum())
(108, 2)
>>> action = all_fours.legal_actions(state)[0]
>>> encoding.index_action(state, encoding.action_indices(state, action)) == action
True
>>> encoding.observation_tensor(all_fours.observe(state, 0)).shape
(343,)
"""

from __future__ import annotations

import importlib
from typing import Final

from fourgames.encoding._common import CARD_INDEX, Decisions, Encoding, Layout

__all__ = ["CARD_INDEX", "ENCODED", "Decisions", "Encoding", "Layout", "get_encoding"]

ENCODED: Final = {
    "all-fours": "fourgames.encoding.all_fours",
    "vier-felder": "fourgames.encoding.vier_felder",
    "vier-jahreszeiten": "fourgames.encoding.vier_jahreszeiten",
    "viereinhalb-minuten": "fourgames.encoding.viereinhalb_minuten",
}
"""The module of each game's encoding."""


def get_encoding(game_id: str) -> Encoding:
    """The encoding of the game ``game_id``; `KeyError` listing the encoded games."""
    if game_id not in ENCODED:
        raise KeyError(f"no encoding for {game_id!r}; encoded games: {', '.join(ENCODED)}")
    encoding: Encoding = importlib.import_module(ENCODED[game_id]).ENCODING
    return encoding
