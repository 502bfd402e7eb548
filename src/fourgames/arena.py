"""The bot arena: bots meet on the same deals with the seats permuted, with intervals and ratings.

Each pairing of bots plays every deal once in every seating (the duplicate format of bridge):
each bot in turn takes each side, so the luck of the deal cancels out; partners share a side.
In a cooperative game or a solitaire each bot plays every deal as the whole team. Every game is
seeded on its own (deal ``d`` from ``derive_seed(seed, "deal", d)``), so the results are the same
whatever runs the games: this process, a process pool, any `concurrent.futures.Executor`, a Dask
cluster, in any chunks.

>>> from fourgames.testing import reference as match
>>> result = arena(match, ["random", "random"], 8, seed=1)
>>> [(p.first, p.second, p.games) for p in result.pairings]
[('random', 'random#2', 8)]
>>> len(result.games), [r.bot for r in result.ratings]
(8, ['random', 'random#2'])
"""

from __future__ import annotations

import collections
import concurrent.futures
import contextlib
import csv
import importlib
import io
import itertools
import json
import math
import os
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, Final, TypeVar

import attrs

from fourgames.bots import Bot, BotError, get_bot, play_game
from fourgames.errors import FormatError
from fourgames.protocol import Game
from fourgames.records import Record, record_to_json
from fourgames.registry import register_game, registered_game
from fourgames.serialization import converter, structure, to_data
from fourgames.shuffle import derive_seed

__all__ = [
    "FORMATS",
    "Z95",
    "ArenaResult",
    "Failure",
    "GameResult",
    "Pairing",
    "Rating",
    "Task",
    "Team",
    "arena",
    "auto_chunk",
    "bradley_terry",
    "dask_executor",
    "executor_for",
    "map_chunks",
    "mean_interval",
    "play_games",
    "read_line",
    "results_lines",
    "seatings",
    "sides",
    "wilson",
]

S = TypeVar("S")
T = TypeVar("T")
R = TypeVar("R")

Z95: Final = 1.959963984540054
"""The two-sided 95% quantile of the normal distribution."""

FORMATS: Final = ("table", "json", "csv")
"""The output formats of `ArenaResult.format` and `SimulationResult.format`."""

Entrant = Bot | str
"""A bot, or a spec for `get_bot` (give specs when an executor runs the games elsewhere)."""


# --- Statistics ---------------------------------------------------------------------------------


def wilson(wins: float, games: int) -> tuple[float, float]:
    """The Wilson score 95% interval of a win rate ``wins / games`` (half wins allowed).

    >>> [round(x, 3) for x in wilson(45, 100)]
    [0.356, 0.548]
    """
    if games == 0:
        return 0.0, 1.0
    rate = wins / games
    z2 = Z95**2
    middle = (rate + z2 / (2 * games)) / (1 + z2 / games)
    half = Z95 / (1 + z2 / games) * math.sqrt(rate * (1 - rate) / games + z2 / (4 * games**2))
    return max(0.0, middle - half), min(1.0, middle + half)


def mean_interval(values: Sequence[float]) -> tuple[float, float, float]:
    """The mean of ``values`` and its normal 95% interval.

    >>> mean_interval([1.0, 2.0, 3.0])
    (2.0, 0.868414..., 3.131585...)
    """
    n = len(values)
    if n == 0:
        return 0.0, 0.0, 0.0
    mean = sum(values) / n
    spread = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1)) if n > 1 else 0.0
    half = Z95 * spread / math.sqrt(n)
    return mean, mean - half, mean + half


ELO: Final = 400 / math.log(10)
"""Elo points per unit of natural log strength."""


def bradley_terry(
    count: int, points: dict[tuple[int, int], float], games: dict[tuple[int, int], int]
) -> list[tuple[float, float]]:
    """Bradley–Terry ratings of ``count`` players, in Elo points (mean 0), with standard errors.

    ``points[i, j]`` is what ``i`` scored against ``j`` (a win 1, a draw ½) in ``games[i, j]``
    games (keys with ``i < j``). Each pair that met also gets one virtual draw, so a perfect
    record gives a finite rating. Fitted by Hunter's MM iterations; the errors come from the
    inverse of the observed information, with the mean fixed at 0.

    >>> [(round(r), round(e)) for r, e in bradley_terry(2, {(0, 1): 75.0}, {(0, 1): 100})]
    [(94, 20), (-94, 20)]
    """
    n: dict[tuple[int, int], float] = {}
    score = [0.0] * count
    for (i, j), played in games.items():
        n[i, j] = n[j, i] = played + 1.0
        score[i] += points.get((i, j), 0.0) + 0.5
        score[j] += played - points.get((i, j), 0.0) + 0.5
    strength = [1.0] * count
    for _ in range(10_000):
        against = [0.0] * count
        for (i, j), m in n.items():
            against[i] += m / (strength[i] + strength[j])
        new = [score[i] / against[i] if against[i] else 1.0 for i in range(count)]
        centre = math.exp(sum(math.log(x) for x in new) / count)
        new = [x / centre for x in new]
        done = max(abs(math.log(a / b)) for a, b in zip(new, strength, strict=True)) < 1e-12
        strength = new
        if done:
            break
    theta = [math.log(x) for x in strength]
    info = [[1.0 / count] * count for _ in range(count)]  # + J/k: invertible, same errors
    for (i, j), m in n.items():
        p = 1 / (1 + math.exp(theta[j] - theta[i]))
        info[i][i] += m * p * (1 - p)
        info[i][j] -= m * p * (1 - p)
    cov = _inverse(info)
    return [
        (ELO * theta[i], ELO * math.sqrt(max(0.0, cov[i][i] - 1.0 / count))) for i in range(count)
    ]


def _inverse(matrix: list[list[float]]) -> list[list[float]]:
    """The inverse of a small invertible matrix (Gauss–Jordan with partial pivoting)."""
    size = len(matrix)
    rows = [[*row, *(1.0 if k == i else 0.0 for k in range(size))] for i, row in enumerate(matrix)]
    for col in range(size):
        pivot = max(range(col, size), key=lambda r: abs(rows[r][col]))
        rows[col], rows[pivot] = rows[pivot], rows[col]
        lead = rows[col][col]
        rows[col] = [x / lead for x in rows[col]]
        for r in range(size):
            if r != col and rows[r][col]:
                factor = rows[r][col]
                rows[r] = [x - factor * y for x, y in zip(rows[r], rows[col], strict=True)]
    return [row[size:] for row in rows]


# --- Seating -------------------------------------------------------------------------------------


def sides(game: Game[Any, Any], players: int) -> list[list[int]]:
    """The seats of each side: partners share one where the game has ``side_of``.

    >>> from fourgames import all_fours
    >>> sides(all_fours, 4), sides(all_fours, 3)
    ([[0, 2], [1, 3]], [[0], [1], [2]])
    """
    side_of = getattr(game, "side_of", None)
    if side_of is None:
        return [[seat] for seat in range(players)]
    found: dict[int, list[int]] = {}
    for seat in range(players):
        found.setdefault(side_of(seat, players), []).append(seat)
    return list(found.values())


def seatings(game: Game[Any, Any], players: int) -> list[tuple[int, ...]]:
    """Who sits where when two bots (0 and 1) meet: each takes every side in turn, the other
    the rest, each seating once.

    >>> from fourgames import all_fours
    >>> seatings(all_fours, 2), seatings(all_fours, 4)
    ([(0, 1), (1, 0)], [(0, 1, 0, 1), (1, 0, 1, 0)])
    >>> seatings(all_fours, 3)
    [(0, 1, 1), (1, 0, 0), (1, 0, 1), (0, 1, 0), (1, 1, 0), (0, 0, 1)]
    """
    found: list[tuple[int, ...]] = []
    for side in sides(game, players):
        for first in (0, 1):
            seating = tuple(first if seat in side else 1 - first for seat in range(players))
            if seating not in found:
                found.append(seating)
    return found


def _is_team_game(game: Game[Any, Any], players: int) -> bool:
    return players == 1 or game.INFO.cooperative


# --- One game ------------------------------------------------------------------------------------


@attrs.frozen
class Task:
    """One game to play: its number in the run, its seed and deal, and the bot in each seat."""

    index: int
    seed: int
    deal: int
    bots: tuple[Entrant, ...]
    labels: tuple[str, ...]
    """The name of each seat's bot in the results."""


@attrs.frozen
class Failure:
    """Why a bot lost a game it did not finish: the reason, its seat and the ply it failed at."""

    reason: str
    seat: int
    ply: int


@attrs.frozen
class GameResult:
    """One finished game, as its line in ``results.jsonl``."""

    index: int
    seed: int
    deal: int
    game: str
    players: int
    options: Any
    """The options as JSON data."""
    bots: tuple[str, ...]
    """The bot in each seat."""
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    """The winning seats, sorted; a bot that failed loses (its opponents win)."""
    actions: tuple[Any, ...]
    """The actions as JSON data, as a record writes them."""
    seconds: float
    fourgames: str
    """The library's version."""
    rules_version: int
    failure: Failure | None = None
    record: str | None = attrs.field(default=None, eq=False)
    """The record's JSON text, when the run saves records (not in the line)."""

    def line(self) -> str:
        """The JSON line of ``results.jsonl``."""
        data = converter.unstructure(self)
        del data["record"]
        return json.dumps(data, ensure_ascii=False)

    @classmethod
    def from_line(cls, text: str, where: str) -> GameResult:
        """A result read back from its line; `FormatError` naming ``where`` for a bad one."""
        return read_line(text, cls, where)


def read_line(text: str, cls: type[T], where: str) -> T:
    """One line of a results file read back as ``cls``; `FormatError` naming ``where`` for
    a line that is no JSON or no ``cls``."""
    try:
        data = json.loads(text)
    except ValueError as err:
        raise FormatError(f"not JSON @ {where}: {err}") from None
    found: T = structure(data, cls, where)
    return found


@attrs.frozen
class _Setup:
    """What every game of a run shares (sent with each chunk of tasks)."""

    module: str
    players: int
    options: Any
    move_timeout: float | None
    records: bool


def _game_module(name: str) -> Game[Any, Any]:
    module: Any = importlib.import_module(name)
    if registered_game(module.GAME_ID) is None:
        register_game(module)
    return module  # type: ignore[no-any-return]


_WORKER_BOTS: dict[tuple[str, str], Bot] = {}
"""The bots a worker process has made, by game and spec (an ``exec:`` bot's process lives on)."""


def _play(setup: _Setup, task: Task, made: dict[tuple[str, str], Bot]) -> GameResult:
    """Play ``task``; a bot that fails loses the game, with the failure recorded."""
    from fourgames import __version__

    game = _game_module(setup.module)
    bots: list[Bot] = []
    for entrant in task.bots:
        if isinstance(entrant, str):
            key = (setup.module, entrant)
            if key not in made:
                made[key] = get_bot(entrant, game)
            bots.append(made[key])
        else:
            bots.append(entrant)
    start = time.perf_counter()
    failure = None
    try:
        final, record = play_game(
            game,
            setup.players,
            seed=task.seed,
            options=setup.options,
            bots=bots,
            move_timeout=setup.move_timeout,
            index=task.index,
        )
        scores = tuple(game.scores(final))
        winners = tuple(sorted(game.winners(final)))
    except BotError as err:
        record = err.record or Record(game.GAME_ID, setup.players, task.seed, setup.options)
        failure = Failure(err.reason, err.seat, err.ply)
        state = game.new_game(setup.players, seed=task.seed, options=setup.options)
        for action in record.actions:
            state = game.apply(state, action)
        scores = tuple(game.scores(state))
        team = _is_team_game(game, setup.players)
        loser = next(side for side in sides(game, setup.players) if err.seat in side)
        winners = () if team else tuple(s for s in range(setup.players) if s not in loser)
    seconds = time.perf_counter() - start
    return GameResult(
        index=task.index,
        seed=task.seed,
        deal=task.deal,
        game=game.GAME_ID,
        players=setup.players,
        options=converter.unstructure(record.options),
        bots=task.labels,
        scores=scores,
        winners=winners,
        actions=tuple(to_data(record)["actions"]),
        seconds=seconds,
        fourgames=__version__,
        rules_version=game.RULES_VERSION,
        failure=failure,
        record=record_to_json(record) if setup.records else None,
    )


def _play_chunk(setup: _Setup, tasks: Sequence[Task]) -> list[GameResult]:
    """Play ``tasks`` in a worker (its bots kept for the next chunk)."""
    return [_play(setup, task, _WORKER_BOTS) for task in tasks]


# --- Many games ----------------------------------------------------------------------------------


def play_games(
    game: Game[Any, Any],
    players: int,
    tasks: Sequence[Task],
    *,
    options: Any | None = None,
    executor: concurrent.futures.Executor | None = None,
    chunk: int | None = None,
    out: str | os.PathLike[str] | None = None,
    records: str | os.PathLike[str] | None = None,
    resume: bool = False,
    move_timeout: float | None = None,
    fail_fast: bool = False,
    progress: bool = False,
) -> list[GameResult]:
    """Play ``tasks`` and return their results in task order; the engine of `arena` and
    ``simulate``.

    ``executor`` runs chunks of ``chunk`` games (this process when None; by default chunks of
    `auto_chunk` games); the results do not depend on either. ``out`` gets one JSON line per
    finished game, in order, written as it ends; with ``resume`` the games already there are
    read back instead of played (a line cut short by a crash is dropped), and without it
    ``out`` must be new or empty. ``records`` is a directory for each game's record,
    ``game-000042.json`` (a failed game's up to its failure). A bot that fails loses its game
    (`GameResult.failure`); ``fail_fast`` raises `BotError` instead, after writing that game.
    """
    from fourgames._progress import Progress

    if chunk is not None and (type(chunk) is not int or chunk < 1):
        raise ValueError(f"chunk must be a whole number of at least 1, not {chunk!r}")
    if move_timeout is not None and not move_timeout > 0:
        raise ValueError(f"move_timeout must be a positive number of seconds, not {move_timeout}")
    if options is None:
        options = game.new_game(players, seed=0).options
    module = getattr(game, "__name__", None)
    if not isinstance(module, str):
        raise ValueError(f"{game!r} is not a module: the arena imports the game by name")
    setup = _Setup(module, players, options, move_timeout, records is not None)
    done = _resume(results_lines(out, resume), tasks) if out is not None else {}
    if records is not None:
        Path(records).mkdir(parents=True, exist_ok=True)
    todo = [task for task in tasks if task.index not in done]
    results = dict(done)
    tally = _Tally()
    for result in done.values():
        tally.add(result)
    with contextlib.ExitStack() as stack:
        lines = stack.enter_context(open(out, "a", encoding="utf-8")) if out is not None else None
        bar = stack.enter_context(Progress(len(tasks), game.GAME_ID, enabled=progress))
        bar.advance(len(done), tally.note())
        for result in _run(setup, todo, executor, chunk):
            results[result.index] = result
            if lines is not None:
                lines.write(result.line() + "\n")
                lines.flush()
            if records is not None and result.record is not None:
                path = Path(records) / f"game-{result.index:06d}.json"
                path.write_text(result.record + "\n", encoding="utf-8")
            tally.add(result)
            bar.advance(1, tally.note())
            if fail_fast and result.failure is not None:
                failure = result.failure
                raise BotError(
                    f"{failure.reason} (game {result.index}, seed {result.seed})",
                    seat=failure.seat,
                    ply=failure.ply,
                )
    return [results[task.index] for task in tasks]


def _run(
    setup: _Setup,
    tasks: Sequence[Task],
    executor: concurrent.futures.Executor | None,
    chunk: int | None,
) -> Iterator[GameResult]:
    """The results of ``tasks`` in order: here, or chunk by chunk on ``executor`` with a
    bounded number of chunks in flight."""
    if executor is None:
        made: dict[tuple[str, str], Bot] = {}
        try:
            for task in tasks:
                yield _play(setup, task, made)
        finally:
            for bot in made.values():
                close = getattr(bot, "close", None)
                if close is not None:
                    close()
        return
    yield from map_chunks(_play_chunk, setup, tasks, executor, chunk)


def auto_chunk(items: int) -> int:
    """The default part size for ``items`` items: about 64 parts, of 1 to 16 items each. Few
    parts keep a scheduler's work per part small beside the games (a Dask task costs some
    milliseconds of the client's and scheduler's time), and 64 of them keep every worker of a
    small cluster busy to the end."""
    return max(1, min(16, items // 64))


def map_chunks(
    work: Callable[[S, Sequence[T]], list[R]],
    shared: S,
    items: Sequence[T],
    executor: concurrent.futures.Executor,
    chunk: int | None = None,
) -> Iterator[R]:
    """The results of ``work(shared, part)`` for ``items`` cut in parts of ``chunk`` (by
    default `auto_chunk`), run on ``executor`` with at most 64 parts in flight, in the order of
    ``items``. ``work`` is a module-level function, so that a process pool or a Dask cluster can
    pickle it."""
    chunk = auto_chunk(len(items)) if chunk is None else chunk
    parts = iter([items[k : k + chunk] for k in range(0, len(items), chunk)])
    pending: collections.deque[concurrent.futures.Future[list[R]]] = collections.deque()
    try:
        for part in itertools.islice(parts, 64):
            pending.append(executor.submit(work, shared, part))
        while pending:
            yield from pending.popleft().result()
            for part in itertools.islice(parts, 1):
                pending.append(executor.submit(work, shared, part))
    finally:
        for future in pending:
            future.cancel()


def results_lines(path: str | os.PathLike[str], resume: bool) -> list[tuple[str, str]]:
    """The lines of a results file (one JSON line per finished item) that a run goes on from,
    each with its place (``path:number``): with ``resume`` those already in ``path``, a last
    line cut short by a crash cut off the file; without it none, and ``path`` must be new or
    empty (`ValueError` otherwise)."""
    path = Path(path)
    if not path.exists():
        return []
    if not resume:
        if path.stat().st_size:
            raise ValueError(
                f"{path} holds results already: pass resume=True (--resume) or remove it"
            )
        return []
    data = path.read_bytes()
    keep = data.rfind(b"\n") + 1
    if keep < len(data):
        with open(path, "r+b") as file:
            file.truncate(keep)
    lines = data[:keep].decode("utf-8").splitlines()
    return [(f"{path}:{number}", text) for number, text in enumerate(lines, start=1)]


def _resume(lines: list[tuple[str, str]], tasks: Sequence[Task]) -> dict[int, GameResult]:
    """The results already written, read from their ``lines`` and checked against ``tasks``."""
    by_index = {task.index: task for task in tasks}
    done: dict[int, GameResult] = {}
    for where, text in lines:
        result = GameResult.from_line(text, where)
        task = by_index.get(result.index)
        if task is None or task.seed != result.seed or task.labels != result.bots:
            raise ValueError(f"{where} is game {result.index} of another run (seed or bots differ)")
        done[result.index] = result
    return done


class _Tally:
    """Live win rates for the progress line: games in which each bot was among the winners."""

    def __init__(self) -> None:
        self.games: collections.Counter[str] = collections.Counter()
        self.wins: collections.Counter[str] = collections.Counter()

    def add(self, result: GameResult) -> None:
        for bot in set(result.bots):
            self.games[bot] += 1
            self.wins[bot] += any(result.bots[seat] == bot for seat in result.winners)

    def note(self) -> str:
        return "  ".join(f"{bot} {100 * self.wins[bot] / n:.1f}%" for bot, n in self.games.items())


# --- The arena -----------------------------------------------------------------------------------


@attrs.frozen
class Pairing:
    """Two bots over the same deals in every seating: the first one's figures."""

    first: str
    second: str
    games: int
    wins: int
    """Games the first bot's side won alone."""
    draws: int
    """Games both sides or neither won (half a point each)."""
    losses: int
    rate: float
    """The first bot's points per game: (wins + draws / 2) / games."""
    low: float
    high: float
    """The Wilson 95% interval of ``rate``."""
    score_difference: float
    """The first bot's mean score minus the second's (per seat), over the games."""
    difference_low: float
    difference_high: float
    """Its 95% interval, over the deals (a deal's seatings are one sample)."""
    by_seating: tuple[tuple[str, int, float], ...]
    """The first bot's points per game in each seating, written ``ABAB`` (A the first bot)."""


@attrs.frozen
class Team:
    """One bot playing every seat of a cooperative game or a solitaire."""

    bot: str
    games: int
    wins: int
    rate: float
    low: float
    high: float
    score: float
    """The mean score of the team (seat 0's)."""
    score_low: float
    score_high: float


@attrs.frozen
class Rating:
    """A bot's Bradley–Terry rating in Elo points (mean 0) and its 95% interval."""

    bot: str
    elo: float
    low: float
    high: float


@attrs.frozen
class ArenaResult:
    """What `arena` measured, with every game's result."""

    game: str
    players: int
    seed: int
    pairings: tuple[Pairing, ...]
    teams: tuple[Team, ...]
    ratings: tuple[Rating, ...]
    games: tuple[GameResult, ...]
    seconds: float
    """The wall time of this run (games read back by ``resume`` took none)."""

    @property
    def failures(self) -> tuple[GameResult, ...]:
        """The games a bot lost by failing."""
        return tuple(result for result in self.games if result.failure is not None)

    def summary(self) -> dict[str, Any]:
        """The figures as JSON data (the games left out)."""
        return {
            "game": self.game,
            "players": self.players,
            "seed": self.seed,
            "games": len(self.games),
            "seconds": self.seconds,
            "pairings": converter.unstructure(self.pairings),
            "teams": converter.unstructure(self.teams),
            "ratings": converter.unstructure(self.ratings),
            "failures": [_failure_data(result) for result in self.failures],
        }

    def format(self, kind: str) -> str:
        """The result as ``table``, ``json`` or ``csv`` text."""
        if kind == "json":
            return json.dumps(self.summary(), ensure_ascii=False, indent=2)
        if kind == "csv":
            return self._csv()
        if kind == "table":
            return self._table()
        raise ValueError(f"no format {kind!r}; formats: {', '.join(FORMATS)}")

    def _table(self) -> str:
        lines = [
            f"{self.game}, {self.players} players, {len(self.games)} games, seed {self.seed}, "
            f"{sum(r.seconds for r in self.games) / len(self.games):.3f} s a game",
        ]
        if self.pairings:
            width = max(len(p.first) + len(p.second) for p in self.pairings) + 4
            lines += ["", f"{'pairing':<{width}} games   points  [95% interval]   score diff"]
            for p in self.pairings:
                lines.append(
                    f"{p.first + ' vs ' + p.second:<{width}} {p.games:>5}  {100 * p.rate:6.1f}%"
                    f"  [{100 * p.low:5.1f}, {100 * p.high:5.1f}]  {p.score_difference:+8.2f}"
                    f" [{p.difference_low:+.2f}, {p.difference_high:+.2f}]"
                )
                seats = "  ".join(f"{name} {100 * rate:.1f}%" for name, _, rate in p.by_seating)
                lines.append(f"{'':<{width}}   by seating: {seats}")
        if self.teams:
            width = max(len(t.bot) for t in self.teams) + 2
            lines += ["", f"{'team':<{width}} games     won  [95% interval]   mean score"]
            for t in self.teams:
                lines.append(
                    f"{t.bot:<{width}} {t.games:>5}  {100 * t.rate:6.1f}%"
                    f"  [{100 * t.low:5.1f}, {100 * t.high:5.1f}]  {t.score:8.2f}"
                    f" [{t.score_low:.2f}, {t.score_high:.2f}]"
                )
        width = max(len(r.bot) for r in self.ratings) + 2
        lines += ["", f"{'rating':<{width}}    elo  [95% interval]"]
        for r in self.ratings:
            lines.append(f"{r.bot:<{width}} {r.elo:+6.0f}  [{r.low:+.0f}, {r.high:+.0f}]")
        for result in self.failures:
            failure = result.failure
            assert failure is not None
            lines.append(
                f"failure: game {result.index} (seed {result.seed}), seat {failure.seat} "
                f"({result.bots[failure.seat]}), ply {failure.ply}: {failure.reason}"
            )
        return "\n".join(lines)

    def _csv(self) -> str:
        text = io.StringIO()
        writer = csv.writer(text, lineterminator="\n")
        writer.writerow(["kind", "bot", "opponent", "games", "rate", "low", "high",
                         "score", "score_low", "score_high"])  # fmt: skip
        for p in self.pairings:
            writer.writerow(["pairing", p.first, p.second, p.games, p.rate, p.low, p.high,
                             p.score_difference, p.difference_low, p.difference_high])  # fmt: skip
        for t in self.teams:
            writer.writerow(["team", t.bot, "", t.games, t.rate, t.low, t.high,
                             t.score, t.score_low, t.score_high])  # fmt: skip
        for r in self.ratings:
            writer.writerow(["rating", r.bot, "", "", "", "", "", r.elo, r.low, r.high])
        return text.getvalue().rstrip("\n")


def _failure_data(result: GameResult) -> dict[str, Any]:
    return {"index": result.index, "seed": result.seed, "bots": list(result.bots),
            **converter.unstructure(result.failure)}  # fmt: skip


def _labels(bots: Sequence[Entrant]) -> list[str]:
    """A name for each entrant: its spec (or repr), with ``#2``, ``#3`` on repeats."""
    names = [bot if isinstance(bot, str) else repr(bot) for bot in bots]
    seen: collections.Counter[str] = collections.Counter()
    labels = []
    for name in names:
        seen[name] += 1
        labels.append(name if seen[name] == 1 else f"{name}#{seen[name]}")
    return labels


def arena(
    game: Game[Any, Any],
    bots: Sequence[Entrant],
    games: int,
    *,
    players: int | None = None,
    seed: int = 0,
    options: Any | None = None,
    **run: Any,
) -> ArenaResult:
    """Play every pair of ``bots`` (specs or `Bot` objects) for ``games`` games each, rounded
    up to whole deals (each deal played in every one of `seatings`); in a cooperative game or
    a solitaire, each bot for ``games`` deals as the whole team.

    ``run`` goes to `play_games`: ``executor``, ``chunk``, ``out``, ``records``, ``resume``,
    ``move_timeout``, ``fail_fast``, ``progress``.
    """
    players = game.MIN_PLAYERS if players is None else players
    if type(games) is not int or games < 1:
        raise ValueError(f"games must be a whole number of at least 1, not {games!r}")
    if not bots:
        raise ValueError("the arena needs at least one bot")
    team = _is_team_game(game, players)
    if len(bots) < 2 and not team:
        raise ValueError(f"{game.GAME_ID} with {players} players needs two bots or more")
    labels = _labels(bots)
    for bot in bots:
        if isinstance(bot, str):
            get_bot(bot, game)  # a bad spec fails here, before any game
    tasks: list[Task] = []
    if team:
        for deal in range(games):
            for i, bot in enumerate(bots):
                task_bots = (bot,) * players
                seed_ = derive_seed(seed, "deal", deal)
                tasks.append(Task(len(tasks), seed_, deal, task_bots, (labels[i],) * players))
    else:
        arrangements = seatings(game, players)
        deals = -(-games // len(arrangements))
        for i, j in itertools.combinations(range(len(bots)), 2):
            for deal in range(deals):
                seed_ = derive_seed(seed, "deal", deal)
                for seating in arrangements:
                    pick = (i, j)
                    task_bots = tuple(bots[pick[s]] for s in seating)
                    names = tuple(labels[pick[s]] for s in seating)
                    tasks.append(Task(len(tasks), seed_, deal, task_bots, names))
    start = time.perf_counter()
    results = play_games(game, players, tasks, options=options, **run)
    seconds = time.perf_counter() - start
    if team:
        pairings: tuple[Pairing, ...] = ()
        teams = tuple(_team(label, results) for label in labels)
    else:
        pairings = tuple(
            _pairing(labels[i], labels[j], results)
            for i, j in itertools.combinations(range(len(bots)), 2)
        )
        teams = ()
    ratings = _ratings(labels, results, team)
    return ArenaResult(
        game.GAME_ID, players, seed, pairings, teams, ratings, tuple(results), seconds
    )


def _point(result: GameResult, first: str) -> float:
    """The first bot's point in a game against another: 1 for winning alone, ½ for a draw."""
    mine = any(result.bots[seat] == first for seat in result.winners)
    theirs = any(result.bots[seat] != first for seat in result.winners)
    return 1.0 if mine and not theirs else 0.0 if theirs and not mine else 0.5


def _pairing(first: str, second: str, results: Sequence[GameResult]) -> Pairing:
    mine = [r for r in results if set(r.bots) == {first, second}]
    points = [_point(r, first) for r in mine]
    by_deal: dict[int, list[float]] = {}
    by_seating: dict[str, list[float]] = {}
    for result, point in zip(mine, points, strict=True):
        ours = [s for s, bot in enumerate(result.bots) if bot == first]
        theirs = [s for s, bot in enumerate(result.bots) if bot == second]
        difference = sum(result.scores[s] for s in ours) / len(ours) - sum(
            result.scores[s] for s in theirs
        ) / len(theirs)
        by_deal.setdefault(result.deal, []).append(difference)
        seating = "".join("A" if bot == first else "B" for bot in result.bots)
        by_seating.setdefault(seating, []).append(point)
    total = sum(points)
    low, high = wilson(total, len(points))
    mean, mean_low, mean_high = mean_interval([sum(d) / len(d) for d in by_deal.values()])
    return Pairing(
        first=first,
        second=second,
        games=len(points),
        wins=points.count(1.0),
        draws=points.count(0.5),
        losses=points.count(0.0),
        rate=total / len(points) if points else 0.0,
        low=low,
        high=high,
        score_difference=mean,
        difference_low=mean_low,
        difference_high=mean_high,
        by_seating=tuple((name, len(p), sum(p) / len(p)) for name, p in by_seating.items()),
    )


def _team(bot: str, results: Sequence[GameResult]) -> Team:
    mine = [r for r in results if r.bots[0] == bot]
    wins = sum(bool(r.winners) for r in mine)
    low, high = wilson(wins, len(mine))
    score, score_low, score_high = mean_interval([float(r.scores[0]) for r in mine])
    return Team(bot, len(mine), wins, wins / len(mine), low, high, score, score_low, score_high)


def _ratings(
    labels: Sequence[str], results: Sequence[GameResult], team: bool
) -> tuple[Rating, ...]:
    """Bradley–Terry ratings: from the games between bots, or in team play from the bots'
    results on the same deal (a win beats a loss; between equals the higher score wins; equal
    scores draw)."""
    index = {label: i for i, label in enumerate(labels)}
    points: dict[tuple[int, int], float] = collections.defaultdict(float)
    games: dict[tuple[int, int], int] = collections.defaultdict(int)
    if team:
        by_deal: dict[int, dict[int, tuple[bool, int]]] = {}
        for result in results:
            outcome = (bool(result.winners), result.scores[0])
            by_deal.setdefault(result.deal, {})[index[result.bots[0]]] = outcome
        for won in by_deal.values():
            for i, j in itertools.combinations(sorted(won), 2):
                games[i, j] += 1
                points[i, j] += 1.0 if won[i] > won[j] else 0.0 if won[i] < won[j] else 0.5
    else:
        for result in results:
            i, j = sorted({index[bot] for bot in result.bots})
            games[i, j] += 1
            points[i, j] += _point(result, labels[i])
    fitted = bradley_terry(len(labels), dict(points), dict(games))
    return tuple(
        Rating(label, elo, elo - Z95 * error, elo + Z95 * error)
        for label, (elo, error) in zip(labels, fitted, strict=True)
    )


# --- Executors -----------------------------------------------------------------------------------


_LOCAL_CLUSTER_SETTINGS: dict[str, object] = {
    "distributed.worker.profile.enabled": False,
    "distributed.admin.tick.interval": "1s",
    "distributed.admin.system-monitor.interval": "5s",
    "distributed.worker.memory.monitor-interval": "1s",
}
"""The Dask settings of a local cluster: games are pure Python, so the workers' sampling
profiler and the monitors' frequent wake-ups (every 10–500 ms) only take turns at the
interpreter lock from the games."""


@contextlib.contextmanager
def dask_executor(
    scheduler: str | None = None, workers: int = 2
) -> Iterator[concurrent.futures.Executor]:
    """An executor on a Dask cluster: the scheduler at ``scheduler`` (``tcp://host:8786``), or
    a local cluster of ``workers`` processes (its profiler off, its monitors slowed). Needs
    the ``distributed`` extra."""
    try:
        dask: Any = importlib.import_module("distributed")
    except ImportError:
        raise ValueError(
            "the dask executor needs Dask distributed: pip install 'fourgames[distributed]'"
        ) from None
    with contextlib.ExitStack() as stack:
        if scheduler is None:
            stack.enter_context(importlib.import_module("dask").config.set(_LOCAL_CLUSTER_SETTINGS))
            cluster = stack.enter_context(
                dask.LocalCluster(n_workers=workers, threads_per_worker=1, dashboard_address=None)
            )
            client = stack.enter_context(dask.Client(cluster))
        else:
            client = stack.enter_context(dask.Client(scheduler))
        yield client.get_executor()


def executor_for(
    kind: str, jobs: int, scheduler: str | None
) -> contextlib.AbstractContextManager[concurrent.futures.Executor | None]:
    """The executor ``--executor KIND --jobs N [--scheduler ADDRESS]`` names: ``process`` (a
    pool of ``jobs`` processes; none for one job) or ``dask``."""
    if type(jobs) is not int or jobs < 1:
        raise ValueError(f"jobs must be at least 1, not {jobs!r}")
    if kind == "dask":
        return dask_executor(scheduler, jobs)
    if kind != "process":
        raise ValueError(f"no executor {kind!r}; executors: process, dask")
    if scheduler is not None:
        raise ValueError("a scheduler address is for the dask executor (--executor dask)")
    if jobs == 1:
        return contextlib.nullcontext()
    return concurrent.futures.ProcessPoolExecutor(jobs)
