"""fourgames: typed, pure-Python rules engines for four card games.

Every game is a module with the same functions (`Game`): ``new_game``, ``legal_actions``,
``apply``, ``current_player``, ``is_terminal``, ``scores``, ``winners``, ``observe``,
``render``. States and actions are immutable values that write to JSON and back.

>>> import fourgames
>>> sorted(fourgames.GAMES) == sorted(fourgames.GAMES.keys())
True
"""

from __future__ import annotations

from typing import Final

from fourgames._kernel import GameInfo
from fourgames.errors import FormatError, FourGamesError, IllegalActionError
from fourgames.protocol import Game
from fourgames.records import Record, record_to_json, replay, start_record
from fourgames.registry import GAMES, get_game, register_game
from fourgames.serialization import SCHEMA_VERSION, from_json, to_json

__all__ = [
    "GAMES",
    "SCHEMA_VERSION",
    "FormatError",
    "FourGamesError",
    "Game",
    "GameInfo",
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
