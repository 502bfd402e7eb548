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

import contextlib
import csv
import importlib
import inspect
import io
import json
import random
import signal
import sys
import threading
import time
import typing
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol, Union

import attrs

from fourgames.errors import FormatError, FourGamesError
from fourgames.protocol import Game
from fourgames.records import Record
from fourgames.search import Evaluator, ISMCTSBot, PIMCBot
from fourgames.shuffle import derive_seed

if TYPE_CHECKING:
    from fourgames.arena import GameResult

__all__ = [
    "BOTS",
    "Bot",
    "BotError",
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
    names = {"Bot": Bot, "Game": Game, "Evaluator": Evaluator}
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
    """Whether a parameter takes a bot (or a bot's `Evaluator`), named in a spec."""
    kinds = (Bot, Evaluator)
    if tp in kinds:
        return True
    union = typing.get_origin(tp) in (Union, type(int | None))
    return union and any(kind in typing.get_args(tp) for kind in kinds)


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

    ``"exec:COMMAND"`` starts ``COMMAND`` as a bot in its own process, speaking JSON lines
    (`fourgames.exec_bot.ExecBot`, docs/protocol.md).

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
    if name == "exec":
        from fourgames.exec_bot import ExecBot

        return ExecBot(game, rest.strip())
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
    return [get_bot(bot, game) if isinstance(bot, str) else bot for bot in _seated(players, bots)]


def _seated(players: int, bots: SeatBots | None) -> list[Bot | str]:
    """One bot or spec per seat from ``bots`` (missing seats random), not yet made."""
    if bots is None:
        return [RandomBot()] * players
    if isinstance(bots, Mapping):
        for seat in bots:
            if type(seat) is not int or not 0 <= seat < players:
                raise ValueError(f"no seat {seat!r}: the seats are 0 to {players - 1}")
        return [bots.get(seat, RandomBot()) for seat in range(players)]
    if len(bots) != players:
        raise ValueError(f"need one bot per seat: {players} seats, {len(bots)} bots")
    return list(bots)


# --- Playing -------------------------------------------------------------------------------------


class BotError(FourGamesError):
    """A bot failed in a game: it raised, ran past its time or chose an illegal action.

    ``reason`` says which, ``seat`` and ``ply`` (1-based, the action it failed to make) say
    where, and ``record`` holds the game up to there.
    """

    def __init__(self, reason: str, *, seat: int, ply: int, record: Record | None = None) -> None:
        super().__init__(f"the bot in seat {seat} failed at ply {ply}: {reason}")
        self.reason = reason
        self.seat = seat
        self.ply = ply
        self.record = record


class _MoveTimeout(Exception):
    pass


def _choose(
    bot: Bot, observation: Any, legal: tuple[Any, ...], rng: random.Random, seconds: float | None
) -> Any:
    """``bot``'s choice, stopped after ``seconds`` (a timer signal on the main thread; elsewhere
    a watched daemon thread, left behind if the bot never returns)."""
    if seconds is None:
        return bot.choose(observation, legal, rng)
    if threading.current_thread() is threading.main_thread():

        def alarm(signum: int, frame: object) -> None:
            raise _MoveTimeout

        previous = signal.signal(signal.SIGALRM, alarm)
        signal.setitimer(signal.ITIMER_REAL, seconds)
        try:
            return bot.choose(observation, legal, rng)
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)
    outcome: list[tuple[bool, Any]] = []

    def run() -> None:
        try:
            outcome.append((True, bot.choose(observation, legal, rng)))
        except BaseException as err:
            outcome.append((False, err))

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    if not outcome:
        close = getattr(bot, "close", None)
        if close is not None:  # an exec: bot's process is stopped, which ends the wait
            close()
        raise _MoveTimeout
    done, value = outcome[0]
    if not done:
        raise value
    return value


def play_game(
    game: Game[Any, Any],
    players: int,
    *,
    seed: int,
    options: Any | None = None,
    bots: SeatBots | None = None,
    move_timeout: float | None = None,
    index: int = 0,
) -> tuple[Any, Record]:
    """Play one whole game with ``bots`` (one per seat, or a mapping from seats, as `Bot`
    objects or specs for `get_bot`; random bots by default).

    Each bot gets ``observe(state, seat)`` and the legal actions and a ``random.Random`` seeded
    from the game seed, so the same seed replays the same game. Events (a timer running out)
    are never applied here: the game's own options (a turn limit) end it.
    A bot that raises (in ``choose`` or ``new_game``), takes more than ``move_timeout`` seconds
    or chooses an illegal action raises `BotError` with the game so far. A bot with a
    ``new_game(index, players, seats, options)`` or ``game_over(index, scores, winners)``
    method hears of the game's start and end (``index`` is the game's number in a run).
    Returns the final state and the game's record.
    """
    seats = seat_bots(game, players, bots)
    state = game.new_game(players, seed=seed, options=options)
    rngs = [random.Random(derive_seed(seed, "bot", seat)) for seat in range(players)]
    listeners = {id(bot): bot for bot in seats}.values()
    for bot in listeners:
        if hasattr(bot, "new_game"):
            mine = [seat for seat in range(players) if seats[seat] is bot]
            try:
                bot.new_game(index, players, mine, state.options)
            except Exception as err:
                reason = f"raised {type(err).__name__} at the start: {err}"
                raise BotError(
                    reason, seat=mine[0], ply=1, record=_record(game, state, [])
                ) from err
    actions: list[Any] = []
    while (seat := game.current_player(state)) is not None:
        legal = game.legal_actions(state)
        ply = len(actions) + 1
        try:
            action = _choose(
                seats[seat], game.observe(state, seat), legal, rngs[seat], move_timeout
            )
        except _MoveTimeout:
            reason = f"no action within the move timeout of {move_timeout} s"
            raise BotError(
                reason, seat=seat, ply=ply, record=_record(game, state, actions)
            ) from None
        except Exception as err:
            reason = f"raised {type(err).__name__}: {err}"
            raise BotError(
                reason, seat=seat, ply=ply, record=_record(game, state, actions)
            ) from err
        if not any(action is choice for choice in legal) and not game.is_legal(state, action):
            try:
                game.check(state, action)
                why = "not among the legal actions"
            except FourGamesError as err:
                why = str(err)
            reason = f"illegal action {action!r}: {why}"
            raise BotError(reason, seat=seat, ply=ply, record=_record(game, state, actions))
        state = game.apply(state, action)
        actions.append(action)
    for bot in listeners:
        if hasattr(bot, "game_over"):
            with contextlib.suppress(Exception):  # the game is over: a bot failing now loses none
                bot.game_over(index, game.scores(state), game.winners(state))
    return state, _record(game, state, actions)


def _record(game: Game[Any, Any], state: Any, actions: list[Any]) -> Record:
    return Record(game.GAME_ID, len(game.scores(state)), state.seed, state.options, tuple(actions))


@attrs.frozen
class SimulationResult:
    """What `simulate` measured, with every game's result."""

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
    outcomes: tuple[GameResult, ...] = attrs.field(default=(), repr=False)
    """Each game's result (`fourgames.arena.GameResult`), in order."""

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

    def seats(self) -> list[dict[str, Any]]:
        """Each seat's figures: wins, the win rate and its Wilson 95% interval, the mean score
        and its 95% interval."""
        from fourgames.arena import mean_interval, wilson

        rows = []
        for seat in range(self.players):
            low, high = wilson(self.wins[seat], self.games)
            scores = [float(outcome.scores[seat]) for outcome in self.outcomes]
            mean, mean_low, mean_high = mean_interval(scores)
            rows.append(
                {
                    "seat": seat,
                    "bot": self.outcomes[0].bots[seat] if self.outcomes else "",
                    "wins": self.wins[seat],
                    "rate": self.wins[seat] / self.games,
                    "low": low,
                    "high": high,
                    "score": mean if scores else self.mean_scores[seat],
                    "score_low": mean_low,
                    "score_high": mean_high,
                }
            )
        return rows

    def table(self) -> str:
        """The result as a text table."""
        lines = [
            f"game            {self.game}",
            f"players         {self.players}",
            f"games           {self.games}",
            f"actions/game    {self.mean_actions:.1f}",
            f"games/s         {self.games_per_second:.1f}",
            "",
            "seat   wins   win%  [95% interval]  mean score  [95% interval]  bot",
        ]
        for row in self.seats():
            lines.append(
                f"{row['seat']:>4} {row['wins']:>6} {100 * row['rate']:>6.1f}"
                f"  [{100 * row['low']:5.1f}, {100 * row['high']:5.1f}]"
                f" {row['score']:>11.2f}  [{row['score_low']:.2f}, {row['score_high']:.2f}]"
                f"  {row['bot']}"
            )
        failed = [outcome for outcome in self.outcomes if outcome.failure is not None]
        for outcome in failed:
            assert outcome.failure is not None
            lines.append(
                f"failure: game {outcome.index} (seed {outcome.seed}), seat "
                f"{outcome.failure.seat}, ply {outcome.failure.ply}: {outcome.failure.reason}"
            )
        return "\n".join(lines)

    def format(self, kind: str) -> str:
        """The result as ``table``, ``json`` or ``csv`` text (`fourgames.arena.FORMATS`)."""
        from fourgames.arena import FORMATS

        if kind == "table":
            return self.table()
        rows = self.seats()
        if kind == "json":
            totals = {
                "game": self.game,
                "players": self.players,
                "games": self.games,
                "actions": self.actions,
                "seconds": self.seconds,
                "seats": rows,
            }
            return json.dumps(totals, ensure_ascii=False, indent=2)
        if kind == "csv":
            text = io.StringIO()
            writer = csv.DictWriter(text, fieldnames=list(rows[0]), lineterminator="\n")
            writer.writeheader()
            writer.writerows(rows)
            return text.getvalue().rstrip("\n")
        raise ValueError(f"no format {kind!r}; formats: {', '.join(FORMATS)}")


def simulate(
    game: Game[Any, Any],
    players: int,
    games: int,
    *,
    seed: int = 0,
    options: Any | None = None,
    bots: SeatBots | None = None,
    progress: bool = False,
    **run: Any,
) -> SimulationResult:
    """Play ``games`` games and tally them; game ``k`` uses ``derive_seed(seed, "game", k)``.

    ``bots`` as for `play_game`: one per seat or a mapping from seats (the rest random), each a
    `Bot` or a spec for `get_bot` (``"ismcts:iterations=100"``). The games are played by
    `fourgames.arena.play_games`, which takes ``run``: ``executor``, ``chunk``, ``out``,
    ``records``, ``resume``, ``move_timeout``, ``fail_fast``.
    """
    from fourgames.arena import Task, play_games

    if type(games) is not int or games < 1:
        raise ValueError(f"games must be at least 1, not {games}")
    seats = tuple(_seated(players, bots))
    for bot in seats:
        if isinstance(bot, str):
            get_bot(bot, game)  # a bad spec fails here, before any game
    labels = tuple(bot if isinstance(bot, str) else repr(bot) for bot in seats)
    tasks = [Task(k, derive_seed(seed, "game", k), k, seats, labels) for k in range(games)]
    start = time.perf_counter()
    outcomes = play_games(game, players, tasks, options=options, progress=progress, **run)
    seconds = time.perf_counter() - start
    wins = [0] * players
    totals = [0] * players
    for outcome in outcomes:
        for seat in outcome.winners:
            wins[seat] += 1
        for seat, score in enumerate(outcome.scores):
            totals[seat] += score
    return SimulationResult(
        game.GAME_ID,
        players,
        games,
        sum(len(outcome.actions) for outcome in outcomes),
        tuple(wins),
        tuple(totals),
        seconds,
        tuple(outcomes),
    )
