"""Bots, and playing whole games with them.

A bot sees only what its seat may know: the observation and the legal actions. It draws any
randomness from the ``random.Random`` it is handed, never from the global one.

>>> import random
>>> from fourgames.testing import reference as match
>>> final, record = play_game(match, 2, seed=1)
>>> match.is_terminal(final), len(record.actions) > 0
(True, True)
"""

from __future__ import annotations

import importlib
import inspect
import json
import random
import sys
import time
import typing
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, Union

import attrs

from fourgames.errors import FormatError
from fourgames.protocol import Game
from fourgames.records import Record
from fourgames.search import ISMCTSBot, PIMCBot
from fourgames.shuffle import derive_seed

__all__ = [
    "BOTS",
    "Bot",
    "GameBot",
    "RandomBot",
    "SimulationResult",
    "bot_names",
    "get_bot",
    "play_game",
    "register_bot",
    "seat_bots",
    "simulate",
]


class Bot(Protocol):
    """Anything that picks one of the legal actions from what its seat can see."""

    def choose(self, observation: Any, legal_actions: tuple[Any, ...], rng: random.Random) -> Any:
        """One of ``legal_actions``."""


@attrs.frozen
class RandomBot:
    """Picks uniformly among the legal actions."""

    def choose(self, observation: Any, legal_actions: tuple[Any, ...], rng: random.Random) -> Any:
        """A uniformly random legal action (drawn with ``rng.random()`` only)."""
        return legal_actions[int(rng.random() * len(legal_actions))]


# --- The registry --------------------------------------------------------------------------------


BotFactory = Callable[..., Bot]
"""A bot class or a function that makes a bot; a parameter named ``game`` gets the game module,
the others are set from the spec and typed by their annotations (attrs fields for a class)."""


@attrs.frozen
class GameBot:
    """A registry entry that the game module provides itself: its attribute ``attribute``, a bot
    class (``fourgames.all_fours.HeuristicBot`` for ``heuristic``), looked up when a bot is made."""

    attribute: str

    def resolve(self, game: Game[Any, Any], name: str) -> BotFactory:
        """The game's bot class; `ValueError` naming the game if it has none."""
        found = getattr(game, self.attribute, None)
        if found is None:
            module = getattr(game, "__name__", None)
            if module is not None and hasattr(game, "__path__"):
                try:
                    private = importlib.import_module(f"{module}._heuristic")
                except ImportError:
                    private = None
                found = getattr(private, self.attribute, None)
        if found is None or not callable(found):
            raise ValueError(
                f"{game.GAME_ID} has no {name} bot yet (no {self.attribute} in its module); "
                f"bots for every game: {', '.join(n for n in bot_names() if n != name)}"
            )
        return found  # type: ignore[no-any-return]


BOTS: dict[str, BotFactory | GameBot] = {
    "random": RandomBot,
    "heuristic": GameBot("HeuristicBot"),
    "ismcts": ISMCTSBot,
    "pimc": PIMCBot,
}
"""The bots `get_bot` knows by name: ``random``, ``heuristic``, ``ismcts``, ``pimc`` and any
`register_bot` added."""


def bot_names() -> list[str]:
    """The names `get_bot` knows, sorted.

    >>> bot_names()
    ['heuristic', 'ismcts', 'pimc', 'random']
    """
    return sorted(BOTS)


def register_bot(name: str, factory: BotFactory | GameBot) -> None:
    """Make ``factory`` known to `get_bot` (and ``--bot``) as ``name``, replacing any entry.

    ``factory`` is a bot class or a function returning a bot; a parameter named ``game`` gets the
    game module and every other parameter can be set in the spec, typed by its annotation.
    """
    if not isinstance(name, str) or not name.isidentifier():
        raise ValueError(f"a bot name is a word of letters, digits and _, not {name!r}")
    BOTS[name] = factory


def _hints(factory: BotFactory) -> dict[str, Any]:
    """The parameters a spec may set, with their types (``game`` and ``*args`` excluded)."""
    names = {"Bot": Bot, "Game": Game}
    if isinstance(factory, type) and attrs.has(factory):
        module = vars(sys.modules[factory.__module__])
        attrs.resolve_types(factory, globalns={**names, **module})
        return {f.alias: f.type for f in attrs.fields(factory) if f.init and f.alias != "game"}
    try:
        signature = inspect.signature(factory)
    except (TypeError, ValueError):
        return {}
    target: Any = vars(factory).get("__init__", factory) if isinstance(factory, type) else factory
    try:
        hints = typing.get_type_hints(target, localns=names)
    except Exception:
        hints = {}
    return {
        p.name: hints.get(p.name, Any)
        for p in signature.parameters.values()
        if p.name != "game" and p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)
    }


def _takes_game(factory: BotFactory) -> bool:
    if isinstance(factory, type) and attrs.has(factory):
        return any(f.alias == "game" and f.init for f in attrs.fields(factory))
    try:
        return "game" in inspect.signature(factory).parameters
    except (TypeError, ValueError):
        return False


def _is_bot_type(tp: Any) -> bool:
    if tp is Bot:
        return True
    return typing.get_origin(tp) in (Union, type(int | None)) and Bot in typing.get_args(tp)


def _text_value(text: str) -> object:
    """A value written on the command line or in a bot spec: JSON, ``none``/``null``,
    ``true``/``false`` in any case, else the text itself."""
    if text.lower() in ("none", "null"):
        return None
    if text.lower() in ("true", "false"):
        return text.lower() == "true"
    try:
        return json.loads(text)
    except ValueError:
        return text


def _parameter(game: Game[Any, Any], spec: str, key: str, text: str, tp: Any) -> object:
    from fourgames.serialization import structure

    if _is_bot_type(tp):
        if text.lower() in ("none", "null"):
            return None
        if ":" in text:
            raise ValueError(f"bad bot spec {spec!r}: {key} takes a bot's name, not {text!r}")
        return get_bot(text, game)
    value = _text_value(text)
    if type(value) is int and (tp is float or tp == float | None):
        value = float(value)
    try:
        return structure(value, tp, key)
    except FormatError:
        kind = getattr(tp, "__name__", None) or str(tp)
        raise ValueError(f"bad bot spec {spec!r}: {key} takes {kind}, not {text!r}") from None


def get_bot(spec: str, game: Game[Any, Any]) -> Bot:
    """The bot ``spec`` names, for ``game``: a name, then parameters after a colon,
    ``"ismcts:iterations=400,c=0.5"``.

    Values are JSON-like (``400``, ``0.5``, ``true``, ``none``) and typed by the bot's
    constructor; a parameter that takes a bot (``rollout``) takes a bot's name. Anything wrong
    (an unknown bot or parameter, a value of the wrong type or out of range, a bot the game does
    not have) raises `ValueError` saying what is known.

    >>> from fourgames.testing import reference as match
    >>> get_bot("random", match)
    RandomBot()
    >>> bot = get_bot("ismcts:iterations=400,c=0.5,horizon=round", match)
    >>> bot.iterations, bot.c, bot.horizon, bot.rollout
    (400, 0.5, 'round', None)
    >>> get_bot("pimc:worlds=0", match)
    Traceback (most recent call last):
    ...
    ValueError: bad bot spec 'pimc:worlds=0': worlds must be a whole number of at least 1, not 0
    """
    if not isinstance(spec, str):
        raise ValueError(f"a bot spec is a string such as 'ismcts:iterations=400', not {spec!r}")
    known = bot_names()
    name, colon, rest = spec.strip().partition(":")
    name = name.strip()
    if name not in BOTS:
        raise ValueError(f"unknown bot {name!r} in {spec!r}; known bots: {', '.join(known)}")
    entry = BOTS[name]
    factory = entry.resolve(game, name) if isinstance(entry, GameBot) else entry
    hints = _hints(factory)
    params = ", ".join(hints) or "none"
    kwargs: dict[str, object] = {}
    if colon:
        items = rest.split(",")
        for item in items:
            key, equals, text = (part.strip() for part in item.partition("="))
            if not equals or not key:
                raise ValueError(
                    f"bad bot spec {spec!r}: parameters are key=value separated by commas, "
                    f"not {item.strip()!r}"
                )
            if key not in hints:
                raise ValueError(
                    f"bad bot spec {spec!r}: {name} has no parameter {key!r}; parameters: {params}"
                )
            if key in kwargs:
                raise ValueError(f"bad bot spec {spec!r}: {key} is given twice")
            kwargs[key] = _parameter(game, spec, key, text, hints[key])
    try:
        bot = factory(game, **kwargs) if _takes_game(factory) else factory(**kwargs)
    except (ValueError, TypeError) as err:
        raise ValueError(f"bad bot spec {spec!r}: {err}") from None
    if not callable(getattr(bot, "choose", None)):
        raise ValueError(f"{name} made {bot!r}, which has no choose method")
    return bot


SeatBots = Sequence[Bot | str] | Mapping[int, Bot | str]
"""Bots for the seats: one per seat, or a mapping from seats to bots (the rest random); a bot
or a spec for `get_bot`."""


def seat_bots(game: Game[Any, Any], players: int, bots: SeatBots | None) -> list[Bot]:
    """One `Bot` per seat from ``bots`` (specs made with `get_bot`; missing seats random)."""
    if bots is None:
        return [RandomBot()] * players
    if isinstance(bots, Mapping):
        for seat in bots:
            if type(seat) is not int or not 0 <= seat < players:
                raise ValueError(f"no seat {seat!r}: the seats are 0 to {players - 1}")
        chosen: list[Bot | str] = [bots.get(seat, RandomBot()) for seat in range(players)]
    else:
        if len(bots) != players:
            raise ValueError(f"need one bot per seat: {players} seats, {len(bots)} bots")
        chosen = list(bots)
    return [get_bot(bot, game) if isinstance(bot, str) else bot for bot in chosen]


# --- Playing -------------------------------------------------------------------------------------


def play_game(
    game: Game[Any, Any],
    players: int,
    *,
    seed: int,
    options: Any | None = None,
    bots: SeatBots | None = None,
) -> tuple[Any, Record]:
    """Play one whole game with ``bots`` (one per seat, or a mapping from seats, as `Bot`
    objects or specs for `get_bot`; random bots by default).

    Each bot gets ``observe(state, seat)`` and the legal actions and a ``random.Random`` seeded
    from the game seed, so the same seed replays the same game. Events (a timer running out)
    are never applied here: the game's own options (a turn limit) end it.
    Returns the final state and the game's record.
    """
    seats = seat_bots(game, players, bots)
    state = game.new_game(players, seed=seed, options=options)
    rngs = [random.Random(derive_seed(seed, "bot", seat)) for seat in range(players)]
    actions: list[Any] = []
    while (seat := game.current_player(state)) is not None:
        legal = game.legal_actions(state)
        action = seats[seat].choose(game.observe(state, seat), legal, rngs[seat])
        state = game.apply(state, action)
        actions.append(action)
    return state, Record(game.GAME_ID, players, state.seed, state.options, tuple(actions))


@attrs.frozen
class SimulationResult:
    """What `simulate` measured."""

    game: str
    players: int
    games: int
    actions: int
    """Actions over all games."""
    wins: tuple[int, ...]
    """Games won by each seat (a shared win counts for every winner)."""
    score_totals: tuple[int, ...]
    """Each seat's final score, summed over the games."""
    seconds: float

    @property
    def mean_actions(self) -> float:
        """Actions per game."""
        return self.actions / self.games

    @property
    def mean_scores(self) -> tuple[float, ...]:
        """Each seat's mean final score."""
        return tuple(total / self.games for total in self.score_totals)

    @property
    def games_per_second(self) -> float:
        """Whole games played per second of wall time."""
        return self.games / self.seconds if self.seconds > 0 else float("inf")

    def table(self) -> str:
        """The result as a text table."""
        lines = [
            f"game            {self.game}",
            f"players         {self.players}",
            f"games           {self.games}",
            f"actions/game    {self.mean_actions:.1f}",
            f"games/s         {self.games_per_second:.1f}",
            "",
            "seat   wins   win%   mean score",
        ]
        for seat in range(self.players):
            share = 100 * self.wins[seat] / self.games
            lines.append(
                f"{seat:>4} {self.wins[seat]:>6} {share:>6.1f} {self.mean_scores[seat]:>12.2f}"
            )
        return "\n".join(lines)


def simulate(
    game: Game[Any, Any],
    players: int,
    games: int,
    *,
    seed: int = 0,
    options: Any | None = None,
    bots: SeatBots | None = None,
    progress: bool = False,
) -> SimulationResult:
    """Play ``games`` games and tally them; game ``k`` uses ``derive_seed(seed, "game", k)``.

    ``bots`` as for `play_game`: one per seat or a mapping from seats (the rest random), each a
    `Bot` or a spec for `get_bot` (``"ismcts:iterations=100"``).
    """
    from fourgames._progress import progress as bar

    if games < 1:
        raise ValueError(f"games must be at least 1, not {games}")
    seats = seat_bots(game, players, bots)
    wins = [0] * players
    totals = [0] * players
    actions = 0
    start = time.perf_counter()
    for k in bar(range(games), total=games, label=game.GAME_ID, enabled=progress):
        final, record = play_game(
            game, players, seed=derive_seed(seed, "game", k), options=options, bots=seats
        )
        actions += len(record.actions)
        for seat in game.winners(final):
            wins[seat] += 1
        for seat, score in enumerate(game.scores(final)):
            totals[seat] += score
    seconds = time.perf_counter() - start
    return SimulationResult(
        game.GAME_ID, players, games, actions, tuple(wins), tuple(totals), seconds
    )
