"""The games of the library by id, and the JSON tags of their classes.

The four games are imported when first asked for, so ``import fourgames`` stays light. A game
of your own joins with `register_game`; `check_game` registers the game it checks.

>>> from fourgames.registry import GAMES, get_game
>>> sorted(GAMES)
['all-fours', 'vier-felder', 'vier-jahreszeiten', 'viereinhalb-minuten']
>>> get_game("all-fours").INFO.name
'All Fours'
"""

from __future__ import annotations

import importlib
import typing
from collections.abc import Iterator, Mapping
from typing import Any, Final

import attrs

from fourgames.protocol import Game

__all__ = ["GAMES", "Codec", "codec", "get_game", "register_game", "registered_game", "tag_of"]

BUILT_IN: Final = {
    "all-fours": "fourgames.all_fours",
    "vier-felder": "fourgames.vier_felder",
    "vier-jahreszeiten": "fourgames.vier_jahreszeiten",
    "viereinhalb-minuten": "fourgames.viereinhalb_minuten",
}
"""The library's games: id and module."""

_LIBRARY: Final = {**BUILT_IN, "match": "fourgames.testing.reference"}
"""Every game module the library ships, the reference game Match included (not in `GAMES`)."""

FIXED_TAGS: Final = {"State": "state", "Options": "options", "Observation": "observation"}
"""The ``"type"`` tag of each game's three fixed classes."""

ENVELOPE_KEYS: Final = ("schema", "game", "type")
"""Keys of the JSON envelope; no class written to JSON may have a field of these names."""


class _Games(Mapping[str, Game[Any, Any]]):
    """The built-in games by id, each module imported on first use."""

    def __getitem__(self, game_id: str) -> Game[Any, Any]:
        module = BUILT_IN[game_id]
        return typing.cast(Game[Any, Any], importlib.import_module(module))

    def __iter__(self) -> Iterator[str]:
        return iter(BUILT_IN)

    def __len__(self) -> int:
        return len(BUILT_IN)

    def __repr__(self) -> str:
        return f"GAMES({', '.join(BUILT_IN)})"


GAMES: Final[Mapping[str, Game[Any, Any]]] = _Games()
"""Every game of the library by its id (``"vier-felder"``, ``"all-fours"``, …)."""


def get_game(game_id: str) -> Game[Any, Any]:
    """The game with this id, built in (Match too) or registered; `KeyError` listing the known
    ids."""
    found = registered_game(game_id)
    if found is None:
        known = ", ".join(sorted({*BUILT_IN, *_CODECS})) or "none"
        raise KeyError(f"unknown game {game_id!r}; known games: {known}")
    return found


# --- The JSON tags ------------------------------------------------------------------------------


@attrs.frozen
class Codec:
    """A registered game and its JSON classes by tag."""

    game: Any
    classes: Mapping[str, type]


_CODECS: dict[str, Codec] = {}
_TAG_OF: dict[type, tuple[str, str]] = {}


def action_classes(game: Game[Any, Any]) -> tuple[type, ...]:
    """The classes of the module's ``Action`` union (or its one action class)."""
    action = typing.cast(Any, game).Action
    return (action,) if isinstance(action, type) else typing.get_args(action)


def register_game(game: Game[Any, Any]) -> None:
    """Teach `to_json`/`from_json` and `get_game` a game module of your own (the built-in
    games need no registering). Registering a module twice does nothing."""
    if game.GAME_ID in _CODECS:
        return
    module = typing.cast(Any, game)
    classes: dict[str, type] = {tag: getattr(module, name) for name, tag in FIXED_TAGS.items()}
    for cls in action_classes(game):
        tag = getattr(cls, "TAG", None)
        if not isinstance(tag, str) or tag in classes or tag == "record":
            raise TypeError(f"action class {cls.__name__} needs a unique TAG class variable")
        classes[tag] = cls
    for cls in classes.values():
        clash = {field.name for field in attrs.fields(cls)} & set(ENVELOPE_KEYS)
        if clash:
            raise TypeError(f"{cls.__name__} has fields named like envelope keys: {clash}")
    _CODECS[game.GAME_ID] = Codec(game, classes)
    for tag, cls in classes.items():
        _TAG_OF[cls] = (game.GAME_ID, tag)


def registered_game(game_id: object) -> Game[Any, Any] | None:
    """The game with this id among the built-in and the registered ones, or None."""
    found = codec(game_id)
    return None if found is None else typing.cast(Game[Any, Any], found.game)


def codec(game_id: object) -> Codec | None:
    """The JSON classes of the game with this id (a built-in game is registered on first use)."""
    if not isinstance(game_id, str):
        return None
    if game_id not in _CODECS and game_id in _LIBRARY:
        register_game(typing.cast(Game[Any, Any], importlib.import_module(_LIBRARY[game_id])))
    return _CODECS.get(game_id)


def tag_of(cls: type) -> tuple[str, str] | None:
    """The game id and JSON tag of a class, or None if no known game has it."""
    if cls not in _TAG_OF:
        module = cls.__module__
        for game_id, package in _LIBRARY.items():
            if module == package or module.startswith(package + "."):
                codec(game_id)
    return _TAG_OF.get(cls)
