"""What the four games share: action declarations, option and player checks, field types,
validation and the verbs built on a game's checks and moves.

A game declares each action class once with `action`. The declaration gives the JSON tag, the
text form, the parser and the field types that every constructor call checks:

>>> from fourgames.cards import Card
>>> @action("discard {card}")
... class Discard:
...     card: Card
>>> Discard.TAG, str(Discard(Card.parse("7H")))
('discard', 'discard 7♥')
>>> Discard("7H")
Traceback (most recent call last):
...
fourgames.errors.IllegalActionError: Discard.card must be a Card, not '7H' (API)

`Actions` is a game's set of action classes: `Actions.parse` reads the text forms (the tag
and the aliases are accepted as keywords too), `Actions.well_formed` refuses anything that is
not one of the game's own actions, and `Actions.find` resolves text against the legal actions
the way python-chess reads SAN. `Rulebook` turns a game's checks and moves into ``check``,
``is_legal`` and ``apply``.
"""

from __future__ import annotations

import contextlib
import difflib
import enum
import re
import sys
import types
import typing
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Generic, TypeVar

import attrs
from typing_extensions import dataclass_transform

from fourgames.errors import FormatError, IllegalActionError

__all__ = [
    "Actions",
    "GameInfo",
    "Rulebook",
    "action",
    "bounded",
    "check_options",
    "check_players",
    "check_seat",
    "check_seed",
    "fail",
    "field_errors",
    "most_items",
    "validate_observation",
    "validator",
]

T = TypeVar("T")
S = TypeVar("S")
A = TypeVar("A")


# --- Field types ---------------------------------------------------------------------------------


class _Mismatch(Exception):
    """A value that does not have its declared type, at ``path``."""

    def __init__(self, path: str, expected: str, value: object) -> None:
        super().__init__(path, expected, value)
        self.path = path
        self.expected = expected
        self.value = value

    def describe(self) -> str:
        try:
            shown = repr(self.value)
        except Exception:  # an object never initialised may fail to show itself
            shown = ""
        if not shown or len(shown) > 60:
            shown = f"a {type(self.value).__name__}"
        return f"expected {self.expected}, not {shown}"


Checker = Callable[[object, str], None]
"""Raises `_Mismatch` unless the value has the type, the path naming where it is."""

_CHECKERS: dict[object, Checker] = {}
_MAX_DEPTH = 100


def _name(tp: object) -> str:
    if tp is type(None):
        return "None"
    name = getattr(tp, "__name__", None)
    return name if isinstance(name, str) else re.sub(r"\b[\w.]+\.(\w+)", r"\1", str(tp))


def type_checker(tp: object) -> Checker:
    """The check of a value against the annotation ``tp`` (exact ints and bools, enums, cards,
    attrs classes field by field, tuples, frozensets, unions); `typing.Any` accepts anything."""
    try:
        return _CHECKERS[tp]
    except (KeyError, TypeError):
        pass
    checker = _make_checker(tp)
    with contextlib.suppress(TypeError):  # an unhashable annotation is not remembered
        _CHECKERS[tp] = checker
    return checker


def _make_checker(tp: object) -> Checker:
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if tp is Any or tp is object:
        return _accept
    if origin in (typing.Union, types.UnionType):
        return _union_checker(args)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return _sequence_checker(tuple, args[0])
        return _fixed_tuple_checker(args)
    if origin is frozenset:
        return _sequence_checker(frozenset, args[0] if args else Any)
    if tp is tuple or tp is frozenset:
        return _sequence_checker(tp, Any)
    if origin is typing.Literal:
        return _literal_checker(args)
    if isinstance(tp, type):
        if tp is int or tp is bool or tp is str or tp is type(None):
            return _exact_checker(tp)
        if callable(getattr(tp, "parse", None)) and not issubclass(tp, enum.Enum):
            return _card_checker(tp)
        if issubclass(tp, enum.Enum) or not attrs.has(tp):
            return _instance_checker(tp)
        return _attrs_checker(tp)
    if origin is not None and isinstance(origin, type):  # Mapping[...] and other generics
        return _instance_checker(origin)
    raise TypeError(f"no type check for the annotation {tp!r}")


def _accept(value: object, path: str) -> None:
    return None


def _exact_checker(tp: type) -> Checker:
    expected = _name(tp)

    def check(value: object, path: str) -> None:
        if type(value) is not tp:
            raise _Mismatch(path, expected, value)

    return check


def _instance_checker(tp: type) -> Checker:
    expected = _name(tp)

    def check(value: object, path: str) -> None:
        if not isinstance(value, tp):
            raise _Mismatch(path, expected, value)

    return check


def _card_checker(tp: type) -> Checker:
    """Cards and other values with a text form: exactly the class (no subclass), every slot
    set (no object that skipped the constructor)."""
    expected = _name(tp)
    slots = tuple(
        slot
        for cls in tp.__mro__
        for slot in getattr(cls, "__slots__", ())
        if not slot.startswith("__") and not slot.startswith("_attrs_")
    )

    def check(value: object, path: str) -> None:
        if type(value) is not tp:
            raise _Mismatch(path, expected, value)
        for slot in slots:
            if not hasattr(value, slot):
                raise _Mismatch(path, f"{expected} with its fields set", value)

    return check


def _literal_checker(values: tuple[object, ...]) -> Checker:
    expected = " or ".join(map(repr, values))

    def check(value: object, path: str) -> None:
        if not any(type(value) is type(v) and value == v for v in values):
            raise _Mismatch(path, expected, value)

    return check


def _union_checker(members: tuple[object, ...]) -> Checker:
    checkers = [type_checker(member) for member in members]
    expected = " or ".join(_name(member) for member in members)

    def check(value: object, path: str) -> None:
        for checker in checkers:
            try:
                checker(value, path)
            except _Mismatch:
                continue
            return
        raise _Mismatch(path, expected, value)

    return check


def _sequence_checker(kind: type, item: object) -> Checker:
    expected = f"a {kind.__name__}"
    item_check = type_checker(item)

    def check(value: object, path: str) -> None:
        if type(value) is not kind:
            raise _Mismatch(path, expected, value)
        if item_check is _accept:
            return
        if path.count("[") > _MAX_DEPTH:
            raise _Mismatch(path, "a shallower value", value)
        each = f"{path}[*]"  # the place of an element is written out only when one is wrong
        index = 0
        try:
            for element in typing.cast(Iterable[object], value):
                item_check(element, each)
                index += 1
        except _Mismatch as err:
            err.path = f"{path}[{index}]{err.path[len(each) :]}"
            raise

    return check


def _fixed_tuple_checker(items: tuple[object, ...]) -> Checker:
    checkers = [type_checker(item) for item in items]
    expected = f"a tuple of {len(items)}"

    def check(value: object, path: str) -> None:
        if type(value) is not tuple or len(value) != len(checkers):
            raise _Mismatch(path, expected, value)
        index = 0
        try:
            for element, checker in zip(value, checkers, strict=True):
                checker(element, path)
                index += 1
        except _Mismatch as err:
            err.path = f"{path}[{index}]{err.path[len(path) :]}"
            raise

    return check


def _attrs_checker(cls: type) -> Checker:
    expected = _name(cls)
    fields: list[tuple[str, Checker]] = []

    def check(value: object, path: str) -> None:
        if type(value) is not cls:
            raise _Mismatch(path, expected, value)
        if not fields:
            fields.extend(_field_checkers(cls))
        name = ""
        try:
            for name, checker in fields:
                checker(getattr(value, name), path)
        except AttributeError:
            raise _Mismatch(f"{path}.{name}", "a value", "nothing") from None
        except _Mismatch as err:
            err.path = f"{path}.{name}{err.path[len(path) :]}"
            raise

    return check


def _field_checkers(cls: type) -> list[tuple[str, Checker]]:
    hints = typing.get_type_hints(cls, vars(sys.modules[cls.__module__]))
    return [(field.name, type_checker(hints[field.name])) for field in attrs.fields(cls)]


def field_errors(obj: object, cls: type, path: str = "$") -> str | None:
    """Why ``obj`` is not a well-typed ``cls`` (``"expected int, not 'x' @ $.field"``), or None."""
    try:
        type_checker(cls)(obj, path)
    except _Mismatch as err:
        return f"{err.describe()} @ {err.path}"
    return None


# --- Actions -------------------------------------------------------------------------------------

_PLACEHOLDER = re.compile(r"\{(\w+)\}")


@attrs.frozen
class _Declaration:
    """What `action` recorded of an action class."""

    tag: str
    keyword: str | None
    """The first word of the text form, or None where the text starts with a field."""
    aliases: tuple[str, ...]
    template: re.Pattern[str] | None
    """The text form as a pattern, or None where the class parses itself (``parse_text``)."""
    fields: tuple[tuple[str, Checker, Callable[[str], object]], ...]


_DECLARED: dict[type, _Declaration] = {}


def _kebab(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "-", name).lower()


@dataclass_transform(frozen_default=True, field_specifiers=(attrs.field, attrs.Factory))
def action(
    text: str | None = None,
    *,
    tag: str | None = None,
    keyword: str | None = None,
    aliases: Sequence[str] = (),
    **attrs_options: Any,
) -> Callable[[type[T]], type[T]]:
    """Declare an action class: a frozen attrs class whose constructor checks the field types.

    ``text`` is the text form with ``{field}`` placeholders (``"build {card} {pile}"``): it
    gives ``__str__`` and the parser. A class whose text needs more (sets, stockpiles) defines
    ``__str__`` and a classmethod ``parse_text(text)`` itself and names its ``keyword``.
    ``tag`` is the JSON ``"type"`` (default: the class name in kebab case); the parser takes the
    tag and the ``aliases`` as keywords too.
    """

    scope = sys._getframe(1).f_globals  # where the class is declared, for its annotations

    def declare(cls: type[T]) -> type[T]:
        fields: list[tuple[str, Checker, Callable[[str], object]]] = []
        cls.__attrs_post_init__ = _type_checks(cls.__name__, fields)  # type: ignore[attr-defined]
        made = attrs.frozen(cls, **{"weakref_slot": False, **attrs_options})
        hints = typing.get_type_hints(made, scope)
        fields.extend(
            (field.name, type_checker(hints[field.name]), _word_reader(hints[field.name]))
            for field in attrs.fields(typing.cast(Any, made))
        )
        own_tag = tag or _kebab(made.__name__)
        made.TAG = own_tag  # type: ignore[attr-defined]
        first: str | None = keyword
        pattern: re.Pattern[str] | None = None
        if text is not None:
            if keyword is not None:
                raise TypeError(f"{cls.__name__}: the keyword is the text's first word")
            words = text.split()
            first = None if _PLACEHOLDER.search(words[0]) else words[0]
            pattern = _template_pattern(words)
            if "__str__" not in vars(cls):
                made.__str__ = _template_str(text)  # type: ignore[method-assign]
        elif not callable(getattr(made, "parse_text", None)):
            raise TypeError(f"{made.__name__} needs a text form or a parse_text classmethod")
        _DECLARED[made] = _Declaration(own_tag, first, tuple(aliases), pattern, tuple(fields))
        return made

    return declare


def _type_checks(
    name: str, fields: list[tuple[str, Checker, Callable[[str], object]]]
) -> Callable[[Any], None]:
    """The ``__attrs_post_init__`` that makes every constructor call check the field types."""

    def __attrs_post_init__(self: Any) -> None:
        for field, checker, _ in fields:
            value = getattr(self, field)
            try:
                checker(value, field)
            except _Mismatch as err:
                expected = err.expected if err.path == field else f"{err.expected} at {err.path}"
                article = "" if expected.startswith(("a ", "an ", "None")) else "a "
                raise IllegalActionError(
                    f"{name}.{field} must be {article}{expected}, not {_short(value)}", rule="API"
                ) from None

    return __attrs_post_init__


def _word_reader(tp: object) -> Callable[[str], object]:
    """How a placeholder's word becomes a field value: ints, enums by value, cards by parse."""
    members = [arg for arg in typing.get_args(tp) if arg is not type(None)] or [tp]
    base = members[0]
    if base is int:
        return _read_int
    if isinstance(base, type) and callable(getattr(base, "parse", None)):
        return typing.cast(Callable[[str], object], typing.cast(Any, base).parse)
    if isinstance(base, type) and issubclass(base, enum.Enum):
        return lambda word: base(word)
    return lambda word: word


def _read_int(word: str) -> int:
    if not word.isdigit() or len(word) > 6:
        raise ValueError(f"not a number: {word!r}")
    return int(word)


def _template_pattern(words: list[str]) -> re.Pattern[str]:
    parts = []
    for word in words:
        pieces = _PLACEHOLDER.split(word)
        regex = "".join(
            f"(?P<{piece}>\\S+?)" if index % 2 else re.escape(piece)
            for index, piece in enumerate(pieces)
        )
        parts.append(regex)
    return re.compile(r"\s+".join(parts), re.IGNORECASE)


def _template_str(text: str) -> Callable[[object], str]:
    names = _PLACEHOLDER.findall(text)
    form = _PLACEHOLDER.sub(lambda m: "{" + str(names.index(m[1])) + "}", text)

    def __str__(self: object) -> str:
        return form.format(*(getattr(self, name) for name in names))

    return __str__


class Actions(Generic[A]):
    """A game's action classes: the parser of their text forms and the gate of `apply`.

    ``interned`` lists action objects the engine built once and keeps for good: they are known
    to be well formed, so `well_formed` lets them through without reading their fields.
    """

    def __init__(self, game: str, classes: Sequence[type], *, card: type) -> None:
        self.game = game
        """The game's display name, for messages."""
        self.classes: tuple[type, ...] = tuple(classes)
        self._declared = {cls: _DECLARED[cls] for cls in self.classes}
        self._card = card
        self._interned: set[int] = set()
        self._keep: list[object] = []
        keywords: dict[str, list[type]] = {}
        for cls, declared in self._declared.items():
            for word in {declared.keyword, declared.tag, *declared.aliases} - {None}:
                keywords.setdefault(typing.cast(str, word).lower(), []).append(cls)
        self._keywords = keywords
        self._names = {
            cls: tuple(
                word.lower()
                for word in (declared.keyword, declared.tag, *declared.aliases)
                if word is not None
            )
            for cls, declared in self._declared.items()
        }
        self._keywordless = [cls for cls, d in self._declared.items() if d.keyword is None]
        self.tags: Mapping[str, type] = {d.tag: cls for cls, d in self._declared.items()}
        """Each action class by its JSON tag."""

    def intern(self, actions: Iterable[object]) -> None:
        """Record engine-built actions that live as long as the module (tables of actions)."""
        for item in actions:
            self.well_formed(item)
            self._interned.add(id(item))
            self._keep.append(item)

    # -- the gate of apply

    def well_formed(self, action: object) -> A:
        """``action`` if it is one of this game's actions, well formed; else
        `IllegalActionError` (``rule="API"``): subclasses, look-alikes, fields of the wrong type
        or never set."""
        if id(action) in self._interned:
            return typing.cast(A, action)
        declared = self._declared.get(type(action))
        if declared is None:
            raise IllegalActionError(
                f"not {_a(self.game)} action: {_short(action)}", rule="API"
            ) from None
        for name, checker, _ in declared.fields:
            try:
                value = getattr(action, name)
            except AttributeError:
                raise IllegalActionError(
                    f"malformed {self.game} action: {type(action).__name__}.{name} is not set",
                    rule="API",
                ) from None
            try:
                checker(value, name)
            except _Mismatch as err:
                raise IllegalActionError(
                    f"malformed {self.game} action: {type(action).__name__}.{err.path}: "
                    f"{err.describe()}",
                    rule="API",
                ) from None
        return typing.cast(A, action)

    # -- text

    def parse(self, text: object) -> A:
        """The action written ``text`` (the form of ``str(action)``; cards also in ASCII, the
        keyword in any case); `FormatError` otherwise."""
        if not isinstance(text, str) or len(text) > 10_000:
            raise FormatError(f"not {_a(self.game)} action: {_short(text)}")
        stripped = " ".join(text.split())
        words = stripped.split(" ")
        candidates = self._keywords.get(words[0].lower(), []) + self._keywordless
        for cls in candidates:
            try:
                return self._parse_as(cls, stripped)
            except (FormatError, ValueError, TypeError, IndexError, KeyError, StopIteration):
                continue
        raise FormatError(f"not {_a(self.game)} action: {text!r}")

    def _parse_as(self, cls: type, text: str) -> A:
        declared = self._declared[cls]
        if declared.template is None:
            return typing.cast(A, typing.cast(Any, cls).parse_text(text))
        keyword = declared.keyword
        if keyword is not None:
            rest = text.partition(" ")[2]
            text = f"{keyword} {rest}".strip()
        match = declared.template.fullmatch(text)
        if match is None:
            raise FormatError(text)
        readers = {name: read for name, _, read in declared.fields}
        values = {name: readers[name](word) for name, word in match.groupdict().items()}
        return typing.cast(A, cls(**values))

    def find(self, legal: Sequence[A], text: str, refuse: Callable[[A], None]) -> A:
        """The legal action ``text`` means: its exact text, its parse (ASCII cards), a unique
        prefix, or words that only one legal action has (``harvest 5d`` when one harvest with
        5♦ is legal). ``refuse`` raises the rule's error for a parsed action that is not legal;
        otherwise `IllegalActionError` lists the candidates."""
        if not isinstance(text, str):
            raise IllegalActionError(f"not {_a(self.game)} action text: {_short(text)}", rule="API")
        written = {str(item): item for item in legal}
        query = " ".join(text.split())
        if query in written:
            return written[query]
        parsed: A | None
        try:
            parsed = self.parse(query)
        except FormatError:
            parsed = None
        if parsed is not None and parsed in legal:
            return legal[legal.index(parsed)]
        words = self._tokens(query)
        shown_words = [(self._tokens(shown), item) for shown, item in written.items()]
        matches = [item for tokens, item in shown_words if _fits(words, tokens, ())]
        if not matches:  # the first word may be a tag or an alias instead
            matches = [
                item
                for tokens, item in shown_words
                if _fits(words, tokens, self._names[type(item)])
            ]
        if len(matches) == 1:
            return matches[0]
        if parsed is not None:
            refuse(parsed)
        if matches:
            shown = ", ".join(repr(str(item)) for item in matches[:8])
            more = f" and {len(matches) - 8} more" if len(matches) > 8 else ""
            raise IllegalActionError(
                f"{text!r} is ambiguous: did you mean {shown}{more}?", rule="API"
            )
        close = difflib.get_close_matches(query, list(written), n=3, cutoff=0.5)
        hint = f"; did you mean {', '.join(map(repr, close))}?" if close else ""
        if not legal:
            hint = "; no action is legal now"
        raise IllegalActionError(f"no legal {self.game} action matches {text!r}{hint}", rule="API")

    def _tokens(self, text: str) -> list[str]:
        """The words of an action text, each card in its canonical form, in lower case."""
        out = []
        for word in re.split(r"[\s\[\]]+", text):
            if not word:
                continue
            with contextlib.suppress(FormatError, ValueError, TypeError):
                word = str(typing.cast(Any, self._card).parse(word))
            out.append(word.lower())
        return out


def _fits(query: list[str], words: list[str], names: tuple[str, ...]) -> bool:
    """The query's first word starts the action's first word or one of ``names`` (its class's
    keyword, tag and aliases), and its other words stand among the action's others in order
    (the last may be a prefix)."""
    if not query or not words:
        return False
    if words[0].startswith(query[0]):
        position = 1
    elif any(name.startswith(query[0]) for name in names):
        position = 1 if words[0] in names else 0  # a text that starts with a field keeps it
    else:
        return False
    for index, word in enumerate(query[1:], start=2):
        last = index == len(query)
        while position < len(words):
            candidate = words[position]
            position += 1
            if candidate == word or (last and candidate.startswith(word)):
                break
        else:
            return False
    return True


def _a(name: str) -> str:
    """``name`` with its indefinite article: "a Match", "an All Fours"."""
    return f"{'an' if name[:1] in 'AEIOU' else 'a'} {name}"


def _short(value: object) -> str:
    try:
        shown = repr(value)
    except Exception:  # a look-alike whose repr fails still gets an error of ours
        shown = _a(type(value).__name__)
    return shown if len(shown) <= 80 else _a(type(value).__name__)


# --- The verbs ---------------------------------------------------------------------------------


class Rulebook(Generic[S, A]):
    """A game's verbs ``check``, ``is_legal``, ``apply`` and ``find_action`` from its check and
    move per action class.

    ``rules[cls] = (check, move)``: ``check(state, action)`` raises the `IllegalActionError` of
    the rule the action breaks, ``move(state, action)`` makes the successor of a checked action.
    A game binds them as its own:
    ``check, is_legal, apply, apply_unchecked, find_action = RULES.verbs(legal_actions)``.
    """

    def __init__(
        self,
        state: type[S],
        actions: Actions[A],
        rules: Mapping[type, tuple[Callable[[S, Any], None], Callable[[S, Any], S]]],
    ) -> None:
        self._state = state
        self._actions = actions
        self._rules = dict(rules)
        self._interned = actions._interned
        self._listed: tuple[object, tuple[A, ...]] = (None, ())
        """The state `listed` was last told of and its legal actions."""
        missing = set(actions.classes) - set(self._rules)
        if missing:
            raise TypeError(f"no rule for {sorted(cls.__name__ for cls in missing)}")

    def check(self, state: S, action: object) -> None:
        """Raise the `IllegalActionError` that `apply` would raise for ``action`` (naming the
        rule it breaks); return if it is legal."""
        self._rules[type(self._gate(state, action))][0](state, action)

    def is_legal(self, state: S, action: object) -> bool:
        """Whether `apply` accepts ``action`` now; builds no successor."""
        try:
            self.check(state, action)
        except IllegalActionError:
            return False
        return True

    def apply(self, state: S, action: A) -> S:
        """The state after ``action``: `check`, then the move; `IllegalActionError` naming the
        rule if it is not legal. The state given is never changed."""
        listed, actions = self._listed
        if state is listed:
            for known in actions:
                if known is action:  # this very object, listed for this very state
                    return self._rules[type(action)][1](state, action)
        if type(state) is self._state and id(action) in self._interned:  # built by the engine
            check, move = self._rules[type(action)]
        else:
            check, move = self._rules[type(self._gate(state, action))]
        check(state, action)
        return move(state, action)

    def listed(self, state: S, actions: tuple[A, ...]) -> tuple[A, ...]:
        """``actions``, remembered as every legal action of ``state`` (what ``legal_actions``
        has just listed for it): `apply` then knows one of these very objects for this very
        state to be legal without checking it again. Only the last listing is kept; it keeps
        the state and the actions alive, so the identities it compares stay theirs."""
        self._listed = (state, actions)
        return actions

    def apply_unchecked(self, state: S, action: A) -> S:
        """`apply` without the check, for an action that ``legal_actions(state)`` (or
        ``events(state)``) has just listed: the same state, sooner, for playouts and search.
        Any other action gives no defined result; when in doubt, use `apply`."""
        return self._rules[type(action)][1](state, action)

    def verbs(
        self, legal_actions: Callable[[S], Sequence[A]]
    ) -> tuple[
        Callable[[S, object], None],
        Callable[[S, object], bool],
        Callable[[S, A], S],
        Callable[[S, A], S],
        Callable[[S, str], A],
    ]:
        """The game's ``check, is_legal, apply, apply_unchecked, find_action``, the last
        resolving text against ``legal_actions``."""

        def find_action(state: S, text: str) -> A:
            """The legal action ``text`` names: its exact text, the same with ASCII cards
            (``play TS``), a unique prefix, or words only one legal action has (``harvest 5d``
            when one harvest with 5♦ is legal); otherwise `IllegalActionError`, with the rule's
            reason or the candidates."""
            return self._actions.find(
                legal_actions(state), text, lambda found: self.check(state, found)
            )

        return self.check, self.is_legal, self.apply, self.apply_unchecked, find_action

    def _gate(self, state: S, action: object) -> A:
        if type(state) is not self._state:
            raise IllegalActionError(
                f"not {_a(self._actions.game)} state: {_short(state)}", rule="API"
            )
        return self._actions.well_formed(action)


# --- Games, options, players, seeds ------------------------------------------------------------


@attrs.frozen
class GameInfo:
    """What a game is, as data: read by the command line, the docs and adapters."""

    id: str
    """The id in ``fourgames.GAMES`` and in JSON (``"all-fours"``)."""
    name: str
    """The display name (``"All Fours"``)."""
    min_players: int
    max_players: int
    presets: Mapping[str, Any]
    """The named `Options` presets; the first is the rulebook's game."""
    rules_version: int
    """Bumped whenever a rule changes what is legal or how it scores."""
    perfect_information: bool
    """Whether every player sees the whole state (no hidden cards, no hidden stock order)."""
    cooperative: bool
    """Whether the players win or lose together."""
    has_events: bool
    """Whether `events` can list actions no player chooses (a timer running out)."""
    round_counter: str | None = None
    """The attribute of a state that counts the game's rounds or hands (``"hand_number"`` in
    All Fours), for searches that look no further than the round being played; ``None`` for a
    game of one round."""


def check_players(players: object, info: GameInfo) -> int:
    """``players`` if it is a player count the game allows; `ValueError` naming the range."""
    low, high = info.min_players, info.max_players
    if type(players) is not int or not low <= players <= high:
        if low == high:
            allowed = f"{low} player{'' if low == 1 else 's'}"
        else:
            allowed = f"{low} to {high} players"
        raise ValueError(f"{info.name} is for {allowed}, not {players!r}")
    return players


def check_seat(player: object, players: int) -> int:
    """``player`` if it is a seat ``0 .. players-1``; `ValueError` otherwise."""
    if type(player) is not int or not 0 <= player < players:
        raise ValueError(f"player must be a seat 0..{players - 1}, not {_short(player)}")
    return player


def check_seed(seed: object) -> int | None:
    """``seed`` if it is an int or None; `ValueError` for anything else (``"7"``, ``1.5``)."""
    if seed is not None and type(seed) is not int:
        raise ValueError(f"seed must be an int or None, not {_short(seed)}")
    return seed


def bounded(
    default: Any, low: int | None = None, high: int | None = None, *, most: int | None = None
) -> Any:
    """An `Options` field whose numbers (the value, or each number in it) lie in ``low..high``
    and which holds at most ``most`` items (a tuple); `check_options` enforces the bounds, the
    JSON reader refuses a list over ``most`` before reading its items, ``docs`` list them."""
    return attrs.field(default=default, metadata={"bounds": (low, high), "most": most})


def most_items(cls: type) -> Mapping[str, int]:
    """The item bounds of ``cls``'s `bounded` fields, by field name."""
    return {
        field.name: field.metadata["most"]
        for field in attrs.fields(typing.cast(Any, cls))
        if field.metadata.get("most") is not None
    }


def check_options(options: object, cls: type[T], game: str) -> T:
    """``options`` if it is a ``cls`` whose fields have their declared types and bounds;
    `ValueError` naming the field otherwise."""
    if type(options) is not cls:
        raise ValueError(f"options must be {game} Options, not {_short(options)}")
    overlong = _overlong(options)  # before the items are walked
    if overlong is not None:
        raise ValueError(f"options.{overlong[0]}: {overlong[1]}")
    problem = field_errors(options, cls, "options")
    if problem is not None:
        raise ValueError(problem)
    for field in attrs.fields(typing.cast(Any, cls)):
        low, high = field.metadata.get("bounds", (None, None))
        if low is None and high is None:
            continue
        for number in _numbers(getattr(options, field.name)):
            if (low is not None and number < low) or (high is not None and number > high):
                span = f"{low if low is not None else '…'}..{high if high is not None else '…'}"
                raise ValueError(f"options.{field.name}: {number} is outside {span}")
    return options


def _overlong(options: object) -> tuple[str, str] | None:
    """The first `bounded` field of ``options`` holding more items than it may, and why."""
    if not attrs.has(type(options)):
        return None
    for name, most in most_items(type(options)).items():
        value = getattr(options, name, ())
        if isinstance(value, tuple | frozenset) and len(value) > most:
            return name, f"{len(value)} items, at most {most}"
    return None


def _numbers(value: object) -> Iterable[int]:
    if type(value) is int:
        yield value
    elif isinstance(value, tuple | frozenset):
        for item in value:
            yield from _numbers(item)
    elif attrs.has(type(value)):
        for field in attrs.fields(typing.cast(Any, type(value))):
            yield from _numbers(getattr(value, field.name))


def validator(game: str, cls: type, rules: Callable[[Any], None]) -> Callable[[Any], None]:
    """A game's ``validate``: the item bounds of the options first (before a long tuple is
    walked), the field types (`FormatError` ``… @ $.field``), then ``rules``, whose failures
    other than `FormatError` become one too."""

    def validate(state: object) -> None:
        if type(state) is not cls:
            raise FormatError(f"not {_a(game)} state: {_short(state)} @ $")
        overlong = _overlong(getattr(state, "options", None))
        if overlong is not None:
            fail(overlong[1], f"$.options.{overlong[0]}")
        problem = field_errors(state, cls)
        if problem is not None:
            raise FormatError(f"impossible {game} position: {problem}")
        try:
            rules(state)
        except FormatError:
            raise
        except (ValueError, TypeError, KeyError, IndexError, AttributeError) as err:
            raise FormatError(f"impossible {game} position: {err} @ $") from None

    validate.__doc__ = f"`FormatError` naming the place unless ``state`` is a {game} position."
    return validate


VOCABULARY: typing.Final = ("player", "to_move", "scores", "hand", "hand_sizes", "stock_size")
"""The fields every game's `Observation` has, first and in this order."""


def validate_observation(observation: object) -> None:
    """`FormatError` naming the place unless ``observation`` is well typed and its shared
    fields agree: the viewer a seat, ``to_move`` a seat or None, the viewer's ``hand`` as large
    as their entry in ``hand_sizes``, no size negative."""
    cls = type(observation)
    names = [field.name for field in attrs.fields(cls)] if attrs.has(cls) else []
    if tuple(names[: len(VOCABULARY)]) != VOCABULARY:
        raise FormatError(f"not an observation: {_short(observation)} @ $")
    problem = field_errors(observation, cls)
    if problem is not None:
        raise FormatError(f"impossible observation: {problem}")
    seen: Any = observation
    players = len(seen.hand_sizes)
    if not 0 <= seen.player < players:
        fail(f"the viewer is not one of the {players} players", "$.player")
    if seen.to_move is not None and not 0 <= seen.to_move < players:
        fail(f"to_move is not one of the {players} players", "$.to_move")
    for seat, size in enumerate(seen.hand_sizes):
        if size < 0:
            fail("a hand size is negative", f"$.hand_sizes[{seat}]")
    if seen.hand_sizes[seen.player] != len(seen.hand):
        fail("the viewer's hand and hand size disagree", f"$.hand_sizes[{seen.player}]")
    if seen.stock_size < 0:
        fail("the stock size is negative", "$.stock_size")


def fail(message: str, path: str = "$") -> typing.NoReturn:
    """Refuse a position: `FormatError` with the place (``@ $.hands[1]``)."""
    raise FormatError(f"{message} @ {path}")
