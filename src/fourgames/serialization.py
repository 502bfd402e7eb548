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
import types
import typing
from collections.abc import Callable
from typing import Any, Final, cast

import attrs
import cattrs
from cattrs.cols import homogenous_tuple_structure_factory
from cattrs.errors import AttributeValidationNote, ClassValidationError

from fourgames._kernel import most_items, validate_observation
from fourgames.errors import FormatError
from fourgames.records import Record
from fourgames.registry import ENVELOPE_KEYS, FIXED_TAGS, Codec, codec, register_game, tag_of

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
    """JSON lists only (no strings or objects); a set that lists an item twice is refused."""
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    item = args[0] if args else Any
    items = homogenous_tuple_structure_factory(tuple[item, ...], converter)  # type: ignore[valid-type]

    def structure(value: object, _: object) -> object:
        if not isinstance(value, list):
            raise TypeError(f"expected a list, got {type(value).__name__}")
        if origin is tuple and not (len(args) == 2 and args[1] is Ellipsis):
            raise TypeError(f"no JSON form for {tp}")
        read = items(value, tuple)
        if origin is tuple:
            return read
        unique = frozenset(read)
        if len(unique) != len(read):
            raise ValueError("a set lists an item twice")
        return unique

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
    """JSON objects only; a list longer than its field's `bounded` item bound is refused before
    its items are read."""
    generated = cattrs.gen.make_dict_structure_fn(tp, converter)
    bounds = most_items(tp)
    types_of = typing.get_type_hints(tp) if bounds else {}

    def structure(value: object, _: object) -> object:
        if not isinstance(value, dict):
            raise TypeError(f"expected an object, got {type(value).__name__}")
        for name, most in bounds.items():
            items = value.get(name)
            if isinstance(items, list) and len(items) > most:
                problem = ValueError(f"{len(items)} items, at most {most}")
                note = AttributeValidationNote(f"@ attribute {name}", name, types_of[name])
                problem.__notes__ = [note]
                raise ClassValidationError(f"While structuring {tp.__name__}", [problem], tp)
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


# --- Writing ------------------------------------------------------------------------------------


def to_data(obj: object) -> dict[str, Any]:
    """The JSON-ready dict of `to_json` (the envelope included)."""
    if isinstance(obj, Record):
        found = codec(obj.game)
        if found is None:
            raise TypeError(f"unknown game {obj.game!r}: register it with register_game")
        actions = set(found.classes.values()) - {found.classes[tag] for tag in FIXED_TAGS.values()}
        for ply, action in enumerate(obj.actions, start=1):
            if type(action) not in actions:
                raise TypeError(f"ply {ply} of the record is not a {obj.game} action: {action!r}")
        if type(obj.options) is not found.classes["options"]:
            raise TypeError(f"the record's options are not {obj.game} Options: {obj.options!r}")
        return {
            "schema": 1,
            "game": obj.game,
            "type": "record",
            "players": obj.players,
            "seed": obj.seed,
            "options": converter.unstructure(obj.options),
            "actions": [_tagged(action) for action in obj.actions],
        }
    owner = tag_of(type(obj))
    if owner is None:
        name = f"{type(obj).__module__}.{type(obj).__qualname__}"
        raise TypeError(f"not an object of a known game: {name} (register_game teaches a game)")
    game_id, tag = owner
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
        data = json.loads(text, object_pairs_hook=_unique_keys)
    except _DuplicateKey as err:
        raise FormatError(f"the key {err.args[0]!r} stands twice in one object @ $") from None
    except (ValueError, TypeError, RecursionError) as err:
        raise FormatError(f"not JSON @ $: {err}") from None
    return from_data(data)


class _DuplicateKey(Exception):
    pass


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    data = dict(pairs)
    if len(data) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _DuplicateKey(key)
            seen.add(key)
    return data


def from_data(data: object) -> Any:
    """Read the parsed JSON of `to_data`."""
    if not isinstance(data, dict):
        raise FormatError(f"expected an object @ $, got {type(data).__name__}")
    schema = data.get("schema")
    if type(schema) is not int or not 1 <= schema <= SCHEMA_VERSION:
        raise FormatError(f"unsupported schema version {schema!r} @ $.schema")
    game_id = data.get("game")
    found = codec(game_id)
    if found is None:
        raise FormatError(f"unknown game {game_id!r} @ $.game")
    tag = data.get("type")
    fields = {key: value for key, value in data.items() if key not in ENVELOPE_KEYS}
    if isinstance(tag, str) and schema < SHAPES.get(tag, 1):
        fields = _upgraded(found.game, tag, schema, fields)
    if tag == "record":
        return _structure_record(found, fields)
    cls = found.classes.get(tag) if isinstance(tag, str) else None
    if cls is None:
        known = sorted([*found.classes, "record"])
        raise FormatError(f"unknown type {tag!r} for {game_id} @ $.type; expected one of {known}")
    obj = structure(fields, cls)
    if tag == "state":
        _validate(found.game.validate, obj)
    elif tag == "observation":
        _validate(_observation_validator(found.game), obj)
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


def _observation_validator(game: Any) -> Callable[[object], None]:
    """The game's ``validate_observation``, or the checks of the shared vocabulary."""
    own = getattr(game, "validate_observation", None)
    return own if callable(own) else validate_observation


def _validate(check: Callable[[object], None], obj: object) -> None:
    try:
        check(obj)
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


def _structure_record(codec: Codec, fields: dict[str, Any]) -> Any:
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


def _structure_action(codec: Codec, data: object, path: str) -> Any:
    if not isinstance(data, dict):
        raise FormatError(f"expected an object @ {path}")
    fields = dict(data)
    tag = fields.pop("type", None)
    cls = codec.classes.get(tag) if isinstance(tag, str) else None
    if cls is None or tag in FIXED_TAGS.values():
        raise FormatError(f"unknown action type {tag!r} @ {path}.type")
    return structure(fields, cls, path)
