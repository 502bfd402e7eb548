"""Tools to test a game, a variant or a bot: the conformance suite, perft, playthroughs.

Nothing here needs hypothesis; the strategies and the state machine are in
`fourgames.testing.strategies` (the ``testing`` extra).

>>> from fourgames.testing import check_game, perft, reference
>>> report = check_game(reference, players=(2, 3), seeds=range(2))
>>> report.games, report.players
(4, (2, 3))
>>> perft(reference, reference.new_game(2, seed=1), 2)
5
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any, cast

import attrs

from fourgames._kernel import VOCABULARY, field_errors
from fourgames.errors import FormatError, IllegalActionError
from fourgames.protocol import Game
from fourgames.records import Record, replay
from fourgames.registry import register_game
from fourgames.serialization import converter, from_json, structure, to_json

__all__ = [
    "CheckReport",
    "ConformanceError",
    "PerftCase",
    "check_game",
    "divide",
    "perft",
    "playthrough",
    "random_playout",
    "read_perft_file",
    "replay_playthrough_file",
]


class ConformanceError(AssertionError):
    """A game broke the contract; the message names the check, the seed and the ply."""


@attrs.frozen
class CheckReport:
    """What `check_game` played through."""

    games: int
    """Random playouts completed."""
    actions: int
    """Actions applied along those playouts."""
    states: int
    """States whose listed actions were all applied and checked."""
    players: tuple[int, ...]
    """The player counts tried."""


_JUNK: tuple[object, ...] = (None, 0, "play", (), object(), IllegalActionError("x", rule="x"))


def check_game(
    game: Game[Any, Any],
    *,
    players: Iterable[int] | None = None,
    options: Any | None = None,
    seeds: Iterable[int] = range(5),
    max_listed: int = 40,
) -> CheckReport:
    """Play seeded random games of ``game`` and check every promise of the API contract.

    First ``INFO`` must agree with the module's constants. For each player count (default:
    all allowed) and seed, one random playout checks at every state: ``legal_actions`` empty
    iff terminal iff ``current_player`` is None; no duplicate actions and the same order when
    asked twice; events never listed among the actions; up to ``max_listed`` listed actions
    (and every event) pass ``check`` and ``is_legal``, read back from their text with
    ``parse_action`` and ``find_action``, and are accepted, as themselves and as copies read
    from JSON, giving equal valid states; ``apply`` leaves its input equal with an unchanged
    hash and JSON; actions legal earlier but not now, objects that are no action, look-alike
    subclasses, actions never initialised and actions with junk in a field raise the same
    `IllegalActionError` from ``check`` and ``apply`` and are not ``is_legal``; state,
    action, observation (for every player) and options round-trip through JSON; observations
    have the shared vocabulary and render; ``sample_state`` of the mover's observation and of
    one other player's in turn is a valid state seen as the observation, with the mover's
    legal actions, the same for the same seed; a copy of the state with junk in one field is
    refused by ``validate`` with a `FormatError`, or else is a position from which every
    listed action leads to a valid one; `scores` and `winners` have the contract's shape.
    After the game: the length stays within ``max_game_length``, the record round-trips and
    `replay` reproduces every state, and the same seed deals the same game. The first broken
    promise raises `ConformanceError`.
    """
    register_game(game)
    _check_info(game)
    counts = tuple(range(game.MIN_PLAYERS, game.MAX_PLAYERS + 1) if players is None else players)
    games = actions = states = 0
    for count in counts:
        for seed in seeds:
            checker = _Checker(game, count, seed, options, max_listed)
            checker.play()
            games += 1
            actions += checker.plies
            states += checker.states_checked
    return CheckReport(games, actions, states, counts)


def _check_info(game: Game[Any, Any]) -> None:
    info = game.INFO
    expected = (game.GAME_ID, game.MIN_PLAYERS, game.MAX_PLAYERS, game.RULES_VERSION)
    if (info.id, info.min_players, info.max_players, info.rules_version) != expected:
        raise ConformanceError(f"INFO disagrees with the module: {info!r}")
    options = cast(Any, game).Options
    if not info.presets or not all(type(o) is options for o in info.presets.values()):
        raise ConformanceError(f"INFO.presets must be the game's Options: {info.presets!r}")


_FIELD_JUNK: tuple[object, ...] = (None, "x", -1, 10**9, (), (None,), 1.5)


class _Checker:
    def __init__(
        self, game: Game[Any, Any], players: int, seed: int, options: Any, max_listed: int
    ) -> None:
        self.game = game
        self.players = players
        self.seed = seed
        self.options = options
        self.max_listed = max_listed
        self.plies = 0
        self.states_checked = 0
        self.junk_rng = random.Random(seed)
        """Draws the junk of `check_junk_fields`, apart from the playout's own draws."""
        self.sample_rng = random.Random(seed)
        """Seeds the samples of `check_samples`, apart from the other draws."""

    def fail(self, check: str, detail: str) -> ConformanceError:
        where = f"{self.game.GAME_ID}, {self.players} players, seed {self.seed}, ply {self.plies}"
        return ConformanceError(f"{check}: {detail} ({where})")

    def play(self) -> None:
        game = self.game
        state = game.new_game(self.players, seed=self.seed, options=self.options)
        if game.new_game(self.players, seed=self.seed, options=self.options) != state:
            raise self.fail("determinism", "the same seed dealt two different games")
        record = Record(game.GAME_ID, self.players, state.seed, state.options)
        bound = game.max_game_length(self.players, state.options)
        rng = random.Random(self.seed)
        history = [state]
        seen: list[Any] = []
        while True:
            self.check_state(state, seen, rng)
            legal = game.legal_actions(state)
            if not legal:
                break
            action = legal[int(rng.random() * len(legal))]
            state = self.apply(state, action)
            seen.append(action)
            record = record.append(action)
            history.append(state)
            self.plies += 1
            if self.plies > bound:
                raise self.fail("length", f"the game is longer than max_game_length = {bound}")
        self.check_record(record, history)

    def apply(self, state: Any, action: Any, copy: Any = None) -> Any:
        """Apply a listed action; ``copy`` is an independent equal copy of ``state``."""
        copy = from_json(to_json(state)) if copy is None else copy
        try:
            after = self.game.apply(state, action)
        except IllegalActionError as err:
            raise self.fail("listed action refused", f"{action!r}: {err}") from err
        if state != copy or hash(state) != hash(copy):
            raise self.fail("apply mutated its input", repr(action))
        try:
            self.game.validate(after)
        except FormatError as err:
            raise self.fail("invalid successor", f"after {action!r}: {err}") from err
        return after

    def check_state(self, state: Any, seen: list[Any], rng: random.Random) -> None:
        game = self.game
        legal = game.legal_actions(state)
        terminal = game.is_terminal(state)
        mover = game.current_player(state)
        if (not legal) != terminal or (mover is None) != terminal:
            raise self.fail(
                "terminal",
                f"is_terminal={terminal}, {len(legal)} legal actions, current_player={mover}",
            )
        if mover is not None and not 0 <= mover < self.players:
            raise self.fail("current_player", f"{mover} is not a seat")
        if not isinstance(legal, tuple):
            raise self.fail("legal_actions", f"returned a {type(legal).__name__}, not a tuple")
        if len(set(legal)) != len(legal):
            raise self.fail("duplicates", "legal_actions lists an action twice")
        if game.legal_actions(state) != legal:
            raise self.fail("order", "legal_actions changed between two calls")
        occurring = game.events(state)
        if set(occurring) & set(legal):
            raise self.fail("events", "an event is listed among the legal actions")
        self.check_shapes(state, terminal)
        listed = list(legal)
        if len(listed) > self.max_listed:
            listed = [listed[int(rng.random() * len(listed))] for _ in range(self.max_listed)]
        copy, copies = self.check_json(state, (*listed, *occurring))
        for action, read_back in zip((*listed, *occurring), copies, strict=True):
            after = self.apply(state, action, copy)
            self.check_verbs(state, action, legal)
            if game.apply_unchecked(state, action) != after:
                raise self.fail("apply_unchecked", f"{action!r} leads elsewhere than apply")
            if self.apply(state, read_back, copy) != after:
                raise self.fail("JSON action", f"{action!r} read from JSON leads elsewhere")
        self.states_checked += 1
        legal_set = set(legal) | set(occurring)
        stale = [action for action in seen[-8:] if action not in legal_set]
        for action in (*stale, *_JUNK, *self.malformed(legal[:2])):
            self.check_refused(state, action)
        self.check_junk_fields(state)

    def check_verbs(self, state: Any, action: Any, legal: tuple[Any, ...]) -> None:
        game = self.game
        try:
            game.check(state, action)
        except IllegalActionError as err:
            raise self.fail("check", f"check refuses the listed {action!r}: {err}") from err
        if not game.is_legal(state, action):
            raise self.fail("is_legal", f"the listed {action!r} is not is_legal")
        text = str(action)
        if game.parse_action(text) != action:
            raise self.fail("parse_action", f"{text!r} does not read back as {action!r}")
        if action in legal and game.find_action(state, text) != action:
            raise self.fail("find_action", f"{text!r} does not find {action!r}")

    def check_refused(self, state: Any, action: Any) -> None:
        game = self.game
        try:
            game.apply(state, action)
        except IllegalActionError as err:
            refusal = str(err)
        except Exception as err:
            raise self.fail("rejection", f"{action!r} raised {err!r}") from err
        else:
            raise self.fail("rejection", f"{action!r} is not listed but was accepted")
        try:
            game.check(state, action)
        except IllegalActionError as err:
            if str(err) != refusal:
                raise self.fail("check", f"check says {err}, apply says {refusal}") from err
        except Exception as err:
            raise self.fail("check", f"{action!r} raised {err!r}") from err
        else:
            raise self.fail("check", f"check accepts {action!r}, which apply refuses")
        try:
            legal = game.is_legal(state, action)
        except Exception as err:
            raise self.fail("is_legal", f"{action!r} raised {err!r}") from err
        if legal:
            raise self.fail("is_legal", f"{action!r} is_legal, but apply refuses it")

    def malformed(self, actions: Sequence[Any]) -> list[Any]:
        """Look-alikes of ``actions``: a subclass instance with the same fields, an instance
        never initialised, and copies with junk of the wrong type in one field."""
        made: list[Any] = []
        for action in actions:
            cls = type(action)
            if not attrs.has(cls):
                continue
            names = [field.name for field in attrs.fields(cls)]
            look_alike = type(f"{cls.__name__}LookAlike", (cls,), {"__slots__": ()})
            made.append(_forged(look_alike, {name: getattr(action, name) for name in names}))
            if names:  # an action without fields is whole even when never initialised
                made.append(object.__new__(cls))
            for name in names:
                for junk in _FIELD_JUNK:
                    values = {n: getattr(action, n) for n in names}
                    values[name] = junk
                    forged = _forged(cls, values)
                    if field_errors(forged, cls) is not None:  # else a well-typed action
                        made.append(forged)
        return made

    def check_junk_fields(self, state: Any) -> None:
        """A copy of ``state`` with junk in one field is refused, or is a valid position."""
        game, rng = self.game, self.junk_rng
        names = [field.name for field in attrs.fields(type(state))]
        name = names[int(rng.random() * len(names))]
        junk = _FIELD_JUNK[int(rng.random() * len(_FIELD_JUNK))]
        try:
            spoiled = attrs.evolve(state, **{name: junk})
        except (TypeError, ValueError):
            return  # the class itself refuses the value
        try:
            game.validate(spoiled)
        except FormatError:
            return
        except Exception as err:
            raise self.fail("validate", f"{name}={junk!r} raised {err!r}") from err
        try:
            actions = game.legal_actions(spoiled)[:3]
        except Exception as err:
            raise self.fail("validate", f"valid with {name}={junk!r}, then {err!r}") from err
        for action in actions:
            self.apply(spoiled, action)

    def check_shapes(self, state: Any, terminal: bool) -> None:
        scores = self.game.scores(state)
        if (
            not isinstance(scores, tuple)
            or len(scores) != self.players
            or not all(type(score) is int for score in scores)
        ):
            raise self.fail("scores", f"expected {self.players} ints, got {scores!r}")
        winners = self.game.winners(state)
        if not isinstance(winners, frozenset) or not winners <= frozenset(range(self.players)):
            raise self.fail("winners", f"not a frozenset of seats: {winners!r}")
        if winners and not terminal:
            raise self.fail("winners", "winners named while the game runs")

    def check_json(self, state: Any, actions: tuple[Any, ...]) -> tuple[Any, list[Any]]:
        """Round-trip the state, its options, ``actions`` and every observation; return the
        state and the actions read back (independent copies)."""
        observations = [self.game.observe(state, player) for player in range(self.players)]
        for player, observation in enumerate(observations):
            self.check_observation(state, player, observation)
        self.check_samples(state, observations)
        objects: list[Any] = [state, state.options, *actions, *observations]
        copies = [self.round_trip(obj) for obj in objects]
        return copies[0], copies[2 : 2 + len(actions)]

    def check_observation(self, state: Any, player: int, observation: Any) -> None:
        if type(observation) is not cast(Any, self.game).Observation:
            raise self.fail("observation", f"observe gave a {type(observation).__name__}")
        names = tuple(field.name for field in attrs.fields(type(observation)))
        if names[: len(VOCABULARY)] != VOCABULARY:
            raise self.fail("observation", f"the first fields must be {VOCABULARY}, not {names}")
        game = self.game
        shared = (observation.player, observation.to_move, observation.scores)
        if shared != (player, game.current_player(state), game.scores(state)):
            raise self.fail("observation", f"player, to_move or scores wrong: {shared}")
        sizes = observation.hand_sizes
        if len(sizes) != self.players or sizes[player] != len(observation.hand):
            raise self.fail("observation", f"hand_sizes {sizes} disagree with the hand")
        if not isinstance(game.render(observation), str):
            raise self.fail("render", "render(observation) is not a str")

    def check_samples(self, state: Any, observations: list[Any]) -> None:
        """`sample_state` of the mover's observation and of one other seat's (in turn) is a
        valid state of the game that the player sees as the observation, where the mover has
        the true legal actions; the same seed samples the same state; what is no observation
        is refused with `FormatError`."""
        game = self.game
        mover = game.current_player(state)
        seats = {self.plies % self.players} | ({mover} if mover is not None else set())
        for player in sorted(seats):
            observation = observations[player]
            seed = int(self.sample_rng.random() * 2**32)
            try:
                sample = game.sample_state(observation, random.Random(seed))
                again = game.sample_state(observation, random.Random(seed))
            except Exception as err:
                raise self.fail("sample_state", f"player {player}: {err!r}") from err
            if type(sample) is not type(state):
                raise self.fail("sample_state", f"a {type(sample).__name__}, not a state")
            try:
                game.validate(sample)
            except FormatError as err:
                raise self.fail("sample_state", f"invalid for player {player}: {err}") from err
            if game.observe(sample, player) != observation:
                raise self.fail("sample_state", f"player {player} sees the sample otherwise")
            if player == mover and game.legal_actions(sample) != game.legal_actions(state):
                raise self.fail("sample_state", f"player {player} has other legal actions")
            if again != sample:
                raise self.fail("sample_state", "the same seed sampled two states")
        if self.plies == 0:
            for junk in (state, None):
                given = f"given a {type(junk).__name__}"
                try:
                    game.sample_state(junk, random.Random(0))
                except FormatError:
                    continue
                except Exception as err:
                    raise self.fail("sample_state", f"{given}, raised {err!r}") from err
                raise self.fail("sample_state", f"{given}, sampled a state")

    def round_trip(self, obj: Any) -> Any:
        text = to_json(obj)
        try:
            back = from_json(text)
        except FormatError as err:
            raise self.fail("JSON", f"{type(obj).__name__} does not load back: {err}") from err
        if back != obj or to_json(back) != text:
            raise self.fail("JSON", f"{type(obj).__name__} changes in a round trip: {text}")
        return back

    def check_record(self, record: Record, history: Sequence[Any]) -> None:
        back = from_json(to_json(record))
        if back != record:
            raise self.fail("record JSON", "the record changes in a round trip")
        replayed = list(replay(back, self.game))
        if replayed != list(history):
            raise self.fail("replay", "replaying the record gave other states")


def _forged(cls: type, values: dict[str, Any]) -> Any:
    """An instance of ``cls`` with ``values`` set past every constructor check."""
    obj: Any = object.__new__(cls)
    for name, value in values.items():
        object.__setattr__(obj, name, value)
    return obj


def random_playout(
    game: Game[Any, Any], state: Any, rng: random.Random, *, max_actions: int | None = None
) -> Iterator[tuple[Any, Any]]:
    """Play random legal actions from ``state``; yield each ``(action, next_state)``."""
    applied = 0
    while max_actions is None or applied < max_actions:
        legal = game.legal_actions(state)
        if not legal:
            return
        action = legal[int(rng.random() * len(legal))]
        state = game.apply(state, action)
        applied += 1
        yield action, state


# --- Perft -----------------------------------------------------------------------------------


def perft(game: Game[Any, Any], state: Any, depth: int) -> int:
    """The number of action sequences of length ``depth`` from ``state`` (leaves end early
    at terminal states and count once)."""
    if depth == 0:
        return 1
    legal = game.legal_actions(state)
    if not legal:
        return 1
    if depth == 1:
        return len(legal)
    return sum(perft(game, game.apply(state, action), depth - 1) for action in legal)


def divide(game: Game[Any, Any], state: Any, depth: int) -> list[tuple[str, int]]:
    """Each legal action (as text) with the perft of depth ``depth - 1`` below it."""
    return [
        (str(action), perft(game, game.apply(state, action), depth - 1))
        for action in game.legal_actions(state)
    ]


@attrs.frozen
class PerftCase:
    """One entry of a perft file: a deal and its expected counts by depth."""

    id: str
    setup: dict[str, Any]
    """``{"players": 2, "seed": 1, "options": {...}}``: options as keyword arguments or a preset."""
    counts: tuple[tuple[int, int], ...]
    """``(depth, count)`` pairs."""

    def state(self, game: Game[Any, Any]) -> Any:
        """The deal of ``setup``: ``options`` is a preset name, the JSON of some option
        fields (the rest keep their defaults), or absent."""
        options: Any = self.setup.get("options")
        if isinstance(options, str):
            options = cast(Any, game).PRESETS[options]
        elif isinstance(options, dict):
            defaults = converter.unstructure(cast(Any, game).Options())
            options = structure({**defaults, **options}, cast(Any, game).Options, "$.options")
        return game.new_game(self.setup["players"], seed=self.setup["seed"], options=options)


def read_perft_file(path: str | Path) -> list[PerftCase]:
    """Read a perft file in python-chess's format, keyed by seed::

    # comment
    id two-players-seed-1
    setup {"players": 2, "seed": 1, "options": {}}
    perft 1 2   # a comment may follow
    """
    cases: list[PerftCase] = []
    current: dict[str, Any] = {}
    counts: list[tuple[int, int]] = []

    def close() -> None:
        if current:
            cases.append(PerftCase(current["id"], current["setup"], tuple(counts)))

    for raw in Path(path).read_text(encoding="utf-8").splitlines():
        key, _, value = raw.strip().partition(" ")
        if key == "setup":
            current["setup"] = json.JSONDecoder().raw_decode(value.strip())[0]
            continue
        key, _, value = raw.split("#", 1)[0].strip().partition(" ")
        if not key:
            continue
        if key == "id":
            close()
            current, counts = {"id": value.strip()}, []
        elif key == "perft":
            depth, count = value.split()
            counts.append((int(depth), int(count)))
        else:
            raise ValueError(f"{path}: unknown perft line {raw!r}")
    close()
    return cases


# --- Playthroughs ----------------------------------------------------------------------------


def playthrough(
    game: Game[Any, Any],
    players: int,
    seed: int,
    options: Any | None = None,
    *,
    max_actions: int = 200,
    choice_seed: int = 0,
) -> str:
    """An OpenSpiel-style transcript of a seeded random game, for golden files.

    For each state: the rendered table, the player to move, the legal actions as text, the
    scores, and the action chosen (by ``random.Random(choice_seed)``); ``max_actions`` caps it.
    """
    state = game.new_game(players, seed=seed, options=options)
    rng = random.Random(choice_seed)
    lines = [
        f"game: {game.GAME_ID}",
        f"players: {players}",
        f"seed: {seed}",
        f"options: {to_json(state.options)}",
        f"max_actions: {max_actions}",
        f"choice_seed: {choice_seed}",
        "",
    ]
    for ply in range(max_actions + 1):
        legal = game.legal_actions(state)
        lines += [f"# State {ply}", game.render(state).rstrip(), ""]
        lines.append(f"current_player: {game.current_player(state)}")
        lines.append(f"scores: {list(game.scores(state))}")
        lines.append(f"legal_actions ({len(legal)}): " + " | ".join(map(str, legal)))
        if not legal or ply == max_actions:
            break
        action = legal[int(rng.random() * len(legal))]
        lines += [f"# Apply action {action}", ""]
        state = game.apply(state, action)
    lines.append(f"terminal: {game.is_terminal(state)}")
    lines.append(f"winners: {sorted(game.winners(state))}")
    return "\n".join(lines) + "\n"


def replay_playthrough_file(path: str | Path) -> tuple[str, str]:
    """Regenerate the transcript stored at ``path`` from its own header.

    Returns ``(stored, regenerated)``; a golden test asserts they are equal, and
    ``examples/playthrough.py --regenerate`` writes the second over the first.
    """
    from fourgames import get_game

    stored = Path(path).read_text(encoding="utf-8")
    header: dict[str, str] = {}
    for line in stored.splitlines():
        if not line:
            break
        key, _, value = line.partition(": ")
        header[key] = value
    game = get_game(header["game"])
    regenerated = playthrough(
        game,
        int(header["players"]),
        int(header["seed"]),
        from_json(header["options"]),
        max_actions=int(header["max_actions"]),
        choice_seed=int(header["choice_seed"]),
    )
    return stored, regenerated
