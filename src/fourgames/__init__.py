"""fourgames: typed, pure-Python rules engines for four card games.

Every game is a module with the same functions (`Game`): ``new_game``, ``legal_actions``,
``apply``, ``current_player``, ``is_terminal``, ``scores``, ``winners``, ``observe``,
``render``. States and actions are immutable values that write to JSON and back.

>>> import fourgames
>>> sorted(fourgames.GAMES) == sorted(fourgames.GAMES.keys())
True
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, Final

from fourgames import all_fours, vier_felder, vier_jahreszeiten, viereinhalb_minuten
from fourgames.errors import FormatError, FourGamesError, IllegalActionError
from fourgames.protocol import Game
from fourgames.records import Record, record_to_json, replay, start_record
from fourgames.serialization import SCHEMA_VERSION, from_json, register_game, to_json

__all__ = [
    "GAMES",
    "SCHEMA_VERSION",
    "FormatError",
    "FourGamesError",
    "Game",
    "IllegalActionError",
    "Record",
    "__version__",
    "from_json",
    "get_game",
    "record_to_json",
    "register_game",
    "replay",
    "start_record",
    "to_json",
]

__version__: Final = "0.1.0.dev0"

GAMES: Final[Mapping[str, Game[Any, Any]]] = MappingProxyType(
    {
        all_fours.GAME_ID: all_fours,
        vier_felder.GAME_ID: vier_felder,
        vier_jahreszeiten.GAME_ID: vier_jahreszeiten,
        viereinhalb_minuten.GAME_ID: viereinhalb_minuten,
    }
)
"""Every game of the library by its id (``"vier-felder"``, ``"all-fours"``, …)."""


def get_game(game_id: str) -> Game[Any, Any]:
    """The game module with this id; `KeyError` listing the known ids otherwise."""
    try:
        return GAMES[game_id]
    except KeyError:
        known = ", ".join(sorted(GAMES)) or "none"
        raise KeyError(f"unknown game {game_id!r}; known games: {known}") from None
