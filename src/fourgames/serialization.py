"""JSON for every state, action, options, observation and game record.

The only module that knows the JSON shapes. One cattrs converter turns the games' attrs classes
into plain data; this module adds the envelope and the strict checks on the way in.

>>> from fourgames.testing import reference as match
>>> to_json(match.Draw())
'{"schema": 1, "game": "match", "type": "draw"}'
>>> from_json('{"schema": 1, "game": "match", "type": "play", "card": "1♥"}')
Traceback (most recent call last):
...
fourgames.errors.FormatError: invalid value for Card: not a card: '1♥' @ $.card

Every top-level document is an envelope ``{"schema": 1, "game": ..., "type": ..., ...}`` whose
other keys are the object's fields; see ``docs/json.md``.
"""

from __future__ import annotations

import enum
import json
import re
import sys
import types
import typing
from collections.abc import Callable, Mapping
from typing import Any, Final, cast

import attrs
import cattrs
from cattrs.errors import ClassValidationError

from fourgames.errors import FormatError
from fourgames.protocol import Game

__all__ = ["SCHEMA_VERSION", "from_json", "register_game", "to_json"]

SCHEMA_VERSION: Final = 2
"""The newest JSON shape; bumped whenever one changes, and older documents keep loading.

A document carries the version in which its own shape last changed (`SHAPES`): a state or an
action written today still says ``1``, an observation says ``2``.
"""

SHAPES: Final = {"observation": 2}
"""The schema version each type's documents are written with, where it is not ``1``: version 2
gave every observation the shared vocabulary (``player``, ``to_move``, ``scores``, ``hand``,
``hand_sizes``, ``stock_size``)."""

ENVELOPE_KEYS: Final = ("schema", "game", "type")
"""Keys of the envelope; no class written to JSON may have a field of these names."""

FIXED_TAGS: Final = {"State": "state", "Options": "options", "Observation": "observation"}
"""The ``"type"`` tag of each game's three fixed classes."""


# --- The converter ----------------------------------------------------------------------------

converter: Final = cattrs.Converter(forbid_extra_keys=True)


def _strict_scalar(kind: type) -> Callable[[object, Any], object]:
    def structure(value: object, tp: Any) -> object:
        if tp is not kind and _is_enum(tp):
            return _enum_member(value, tp)  # an IntEnum or StrEnum, dispatched as int or str
        if type(value) is not kind:
            raise TypeError(f"expected {kind.__name__}, got {type(value).__name__}")
        return value

    return structure


for _kind in (int, str, bool):
    converter.register_structure_hook(_kind, _strict_scalar(_kind))


def _is_enum(tp: object) -> bool:
    return isinstance(tp, type) and issubclass(tp, enum.Enum)


def _enum_member(value: object, tp: Any) -> object:
    """Enums are read by value, of the value's own JSON type (no ``true`` for ``1``)."""
    values = [member.value for member in tp]
    if type(value) not in {type(v) for v in values} or value not in values:
        raise ValueError(f"expected one of {values}, got {value!r}")
    return tp(value)


converter.register_structure_hook_func(_is_enum, _enum_member)


def _is_sequence(tp: object) -> bool:
    return typing.get_origin(tp) in (tuple, frozenset)


def _sequence_hook(tp: Any) -> Callable[[object, object], object]:
    origin = typing.get_origin(tp)
    structure_tuple = converter._structure_tuple
    structure_set = converter._structure_frozenset

    def structure(value: object, _: object) -> object:
        if not isinstance(value, list):
            raise TypeError(f"expected a list, got {type(value).__name__}")
        if origin is tuple:
            return structure_tuple(value, tp)
        items = structure_set(value, tp)
        if len(items) != len(value):
            raise ValueError("a set lists an item twice")
        return items

    return structure


converter.register_structure_hook_factory(_is_sequence, _sequence_hook)


def _sorted_items(items: frozenset[Any]) -> list[Any]:
    try:
        ordered = sorted(items)
    except TypeError:
        ordered = sorted(items, key=lambda item: json.dumps(converter.unstructure(item)))
    return [converter.unstructure(item) for item in ordered]


def _is_set(tp: Any) -> bool:
    return tp is frozenset or typing.get_origin(tp) is frozenset


converter.register_unstructure_hook_func(_is_set, _sorted_items)


def _is_text_class(tp: object) -> bool:
    """Value classes with a ``parse`` classmethod (cards) are written as ``str(x)``."""
    return isinstance(tp, type) and callable(getattr(tp, "parse", None))


def _text_hook(tp: Any) -> Callable[[object, object], object]:
    def structure(value: object, _: object) -> object:
        if not isinstance(value, str):
            raise TypeError(f"expected a string, got {type(value).__name__}")
        return tp.parse(value)

    return structure


converter.register_structure_hook_factory(_is_text_class, _text_hook)
converter.register_unstructure_hook_func(_is_text_class, str)


def _is_record_class(tp: object) -> bool:
    return isinstance(tp, type) and attrs.has(tp) and not _is_text_class(tp)


def _record_class_hook(tp: Any) -> Callable[[object, object], object]:
    generated = cattrs.gen.make_dict_structure_fn(tp, converter, _cattrs_forbid_extra_keys=True)

    def structure(value: object, _: object) -> object:
        if not isinstance(value, dict):
            raise TypeError(f"expected an object, got {type(value).__name__}")
        return generated(value, tp)

    return structure


converter.register_structure_hook_factory(_is_record_class, _record_class_hook)


def _tag(cls: type) -> str | None:
    tag = getattr(cls, "TAG", None)
    return tag if isinstance(tag, str) else None


def _is_tagged_union(tp: object) -> bool:
    if typing.get_origin(tp) not in (typing.Union, types.UnionType):
        return False
    members = [arg for arg in typing.get_args(tp) if arg is not type(None)]
    return len(members) > 1 and all(isinstance(arg, type) and _tag(arg) for arg in members)


def _tagged_union_structure(tp: Any) -> Callable[[object, object], object]:
    members = {cast(str, _tag(arg)): arg for arg in typing.get_args(tp) if arg is not type(None)}
    optional = type(None) in typing.get_args(tp)

    def structure(value: object, _: object) -> object:
        if value is None and optional:
            return None
        if not isinstance(value, dict):
            raise TypeError(f"expected an object, got {type(value).__name__}")
        fields = dict(value)
        tag = fields.pop("type", None)
        if tag not in members:
            raise ValueError(f"unknown type {tag!r}; expected one of {sorted(members)}")
        return converter.structure(fields, members[tag])

    return structure


def _tagged_union_unstructure(tp: Any) -> Callable[[object], object]:
    def unstructure(value: object) -> object:
        return _tagged(value)

    return unstructure


def _tagged(value: object) -> object:
    if value is None:
        return None
    tag = _tag(type(value))
    data = converter.unstructure(value)
    return {"type": tag, **data}


converter.register_structure_hook_factory(_is_tagged_union, _tagged_union_structure)
converter.register_unstructure_hook_factory(_is_tagged_union, _tagged_union_unstructure)


# --- The game registry for JSON ---------------------------------------------------------------


@attrs.frozen
class _Codec:
    game: Any
    classes: Mapping[str, type]


_CODECS: dict[str, _Codec] = {}
_TAG_OF: dict[type, tuple[str, str]] = {}


def action_classes(game: Game[Any, Any]) -> tuple[type, ...]:
    """The classes of the module's ``Action`` union (or its one action class)."""
    action = cast(Any, game).Action
    return (action,) if isinstance(action, type) else typing.get_args(action)


def register_game(game: Game[Any, Any]) -> None:
    """Teach `to_json`/`from_json` a game module (done already for every game in ``GAMES``).

    Call it for a game of your own that is not in ``fourgames.GAMES``; `check_game` does.
    """
    if game.GAME_ID in _CODECS:
        return
    module = cast(Any, game)
    classes: dict[str, type] = {tag: getattr(module, name) for name, tag in FIXED_TAGS.items()}
    for cls in action_classes(game):
        tag = _tag(cls)
        if tag is None or tag in classes or tag == "record":
            raise TypeError(f"action class {cls.__name__} needs a unique TAG class variable")
        classes[tag] = cls
    for cls in classes.values():
        clash = {field.name for field in attrs.fields(cls)} & set(ENVELOPE_KEYS)
        if clash:
            raise TypeError(f"{cls.__name__} has fields named like envelope keys: {clash}")
    _CODECS[game.GAME_ID] = _Codec(game, classes)
    for tag, cls in classes.items():
        _TAG_OF[cls] = (game.GAME_ID, tag)


def _codec(game_id: str) -> _Codec | None:
    if game_id not in _CODECS:
        from fourgames import GAMES

        if game_id in GAMES:
            register_game(GAMES[game_id])
    return _CODECS.get(game_id)


def registered_game(game_id: str) -> Game[Any, Any]:
    """The game with this id among ``GAMES`` and the games given to `register_game`."""
    codec = _codec(game_id)
    if codec is None:
        from fourgames import get_game

        return get_game(game_id)  # raises KeyError naming the known games
    return cast(Game[Any, Any], codec.game)


def _register_all() -> None:
    from fourgames import GAMES

    for game in GAMES.values():
        register_game(game)


def _register_owner(cls: type) -> None:
    """Register the game module (or its package) that defines ``cls``, if it is one."""
    parts = cls.__module__.split(".")
    for end in range(len(parts), 0, -1):
        module = sys.modules.get(".".join(parts[:end]))
        if module is not None and hasattr(module, "GAME_ID") and hasattr(module, "State"):
            register_game(cast(Game[Any, Any], module))
            return


# --- Writing ------------------------------------------------------------------------------------


def to_data(obj: object) -> dict[str, Any]:
    """The JSON-ready dict of `to_json` (the envelope included)."""
    from fourgames.records import Record

    if isinstance(obj, Record):
        codec = _codec(obj.game)
        if codec is None:
            _register_owner(type(obj.options))
            codec = _codec(obj.game)
        if codec is None:
            raise TypeError(f"unknown game {obj.game!r}")
        return {
            "schema": 1,
            "game": obj.game,
            "type": "record",
            "players": obj.players,
            "seed": obj.seed,
            "options": converter.unstructure(obj.options),
            "actions": [_tagged(action) for action in obj.actions],
        }
    if type(obj) not in _TAG_OF:
        _register_all()
        _register_owner(type(obj))
    if type(obj) not in _TAG_OF:
        raise TypeError(f"not a fourgames object: {type(obj).__module__}.{type(obj).__qualname__}")
    game_id, tag = _TAG_OF[type(obj)]
    schema = SHAPES.get(tag, 1)
    return {"schema": schema, "game": game_id, "type": tag, **converter.unstructure(obj)}


def to_json(obj: object, *, indent: int | None = None) -> str:
    """The JSON text of a state, action, options, observation or record of any game.

    Sets are written sorted and cards as strings, so equal objects give equal text.
    """
    return json.dumps(to_data(obj), ensure_ascii=False, indent=indent)


# --- Reading ------------------------------------------------------------------------------------


def from_json(text: str | bytes) -> Any:
    """Read what `to_json` wrote; raises `FormatError` (with a ``$.path``) for anything else.

    States are validated with their game's ``validate``, so an impossible position is refused.
    """
    try:
        data = json.loads(text)
    except (ValueError, TypeError, RecursionError) as err:
        raise FormatError(f"not JSON @ $: {err}") from None
    return from_data(data)


def from_data(data: object) -> Any:
    """Read the parsed JSON of `to_data`."""
    if not isinstance(data, dict):
        raise FormatError(f"expected an object @ $, got {type(data).__name__}")
    schema = data.get("schema")
    if type(schema) is not int or not 1 <= schema <= SCHEMA_VERSION:
        raise FormatError(f"unsupported schema version {schema!r} @ $.schema")
    game_id = data.get("game")
    codec = _codec(game_id) if isinstance(game_id, str) else None
    if codec is None:
        raise FormatError(f"unknown game {game_id!r} @ $.game")
    tag = data.get("type")
    fields = {key: value for key, value in data.items() if key not in ENVELOPE_KEYS}
    if isinstance(tag, str) and schema < SHAPES.get(tag, 1):
        fields = _upgraded(codec.game, tag, schema, fields)
    if tag == "record":
        return _structure_record(codec, fields)
    cls = codec.classes.get(tag) if isinstance(tag, str) else None
    if cls is None:
        known = sorted([*codec.classes, "record"])
        raise FormatError(f"unknown type {tag!r} for {game_id} @ $.type; expected one of {known}")
    obj = structure(fields, cls)
    if tag == "state":
        _validate(codec.game, obj)
    return obj


def _upgraded(game: Any, tag: str, schema: int, fields: dict[str, Any]) -> dict[str, Any]:
    """The fields of an older document in today's shape, by the game's ``upgrade_json``."""
    upgrade = getattr(game, "upgrade_json", None)
    if upgrade is None:
        return fields
    try:
        upgraded: dict[str, Any] = upgrade(tag, schema, fields)
    except (KeyError, TypeError, ValueError, AttributeError) as err:
        raise FormatError(f"cannot read this schema {schema} {tag} @ $: {err!r}") from None
    return upgraded


def _validate(game: Any, state: object) -> None:
    try:
        game.validate(state)
    except FormatError:
        raise
    except (ValueError, TypeError, KeyError, IndexError, AttributeError) as err:
        raise FormatError(f"impossible position @ $: {err!r}") from None


def structure(data: object, tp: Any, path: str = "$") -> Any:
    """Plain data to ``tp`` with the strict rules of `from_json`; `FormatError` with a path."""
    try:
        return converter.structure(data, tp)
    except ClassValidationError as err:
        messages = cattrs.transform_error(err, path=path, format_exception=_explain)
        raise FormatError("; ".join(messages)) from None
    except (ValueError, TypeError, KeyError, AttributeError, RecursionError) as err:
        raise FormatError(f"{_explain(err, tp)} @ {path}") from None


def _explain(err: BaseException, tp: Any) -> str:
    if isinstance(err, KeyError):
        return "required field missing"
    if tp is None:
        return str(err)
    name = getattr(tp, "__name__", None) or re.sub(r"\b[\w.]+\.(\w+)", r"\1", str(tp))
    return f"invalid value for {name}: {err}"


def _structure_record(codec: _Codec, fields: dict[str, Any]) -> Any:
    from fourgames.records import Record

    expected = {"players", "seed", "options", "actions"}
    if set(fields) != expected:
        raise FormatError(f"a record has exactly the keys {sorted(expected)} @ $")
    actions = fields["actions"]
    if not isinstance(actions, list):
        raise FormatError("expected a list @ $.actions")
    return Record(
        game=codec.game.GAME_ID,
        players=structure(fields["players"], int, "$.players"),
        seed=structure(fields["seed"], int, "$.seed"),
        options=structure(fields["options"], codec.game.Options, "$.options"),
        actions=tuple(
            _structure_action(codec, action, f"$.actions[{ply}]")
            for ply, action in enumerate(actions)
        ),
    )


def _structure_action(codec: _Codec, data: object, path: str) -> Any:
    if not isinstance(data, dict):
        raise FormatError(f"expected an object @ {path}")
    fields = dict(data)
    tag = fields.pop("type", None)
    cls = codec.classes.get(tag) if isinstance(tag, str) else None
    if cls is None or tag in FIXED_TAGS.values():
        raise FormatError(f"unknown action type {tag!r} @ {path}.type")
    return structure(fields, cls, path)
