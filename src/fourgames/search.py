"""Search bots over the `Game` protocol: information-set MCTS and perfect-information Monte Carlo.

Both read only the protocol (``sample_state``, ``legal_actions``, ``apply_unchecked``,
``current_player``, ``scores``, ``winners``, ``observe``, ``max_game_length``, ``INFO``), so any
game registered with `fourgames.register_game` gets them for free. They see what their seat may
know, the observation, and imagine the hidden cards with ``sample_state``; every random draw
comes from the ``random.Random`` handed to ``choose``, so a seeded game replays exactly (unless
the budget is in seconds, which depends on the machine).

>>> import random
>>> from fourgames.testing import reference as match
>>> state = match.new_game(2, seed=1)
>>> bot = ISMCTSBot(match, iterations=50)
>>> legal = match.legal_actions(state)
>>> choice = bot.choose(match.observe(state, 0), legal, random.Random(1))
>>> choice in legal, choice == bot.choose(match.observe(state, 0), legal, random.Random(1))
(True, True)
"""

from __future__ import annotations

import math
import operator
import time
import typing
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final, Protocol

import attrs

if TYPE_CHECKING:
    import random

    from fourgames.bots import Bot
    from fourgames.protocol import Game

__all__ = ["ROLLOUT_CAP", "Evaluator", "ISMCTSBot", "PIMCBot", "Ranker", "outcome"]

DEFAULT_ITERATIONS: Final = 200
"""ISMCTS iterations per move when neither ``iterations`` nor ``seconds`` is given."""
DEFAULT_WORLDS: Final = 20
"""PIMC worlds per move when neither ``worlds`` nor ``seconds`` is given."""
ROLLOUT_CAP: Final = 10_000
"""The most actions one simulated game may take past the searched position, whatever
``max_game_length`` says (a solitaire's bound is astronomical)."""


def outcome(
    game: Game[Any, Any], state: Any, players: int
) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """Each seat's result in [0, 1] and its score term, the two parts of a search reward.

    The result of a finished game: 1 for a sole winner, ``1/k`` for each of ``k`` who share the
    win, 0 for a loser; in a cooperative game every seat gets 1 if the team won and 0 if not. A
    game cut off before its end counts as even: ``1/players`` each (1/2 in a cooperative game or
    a solitaire). The score term breaks ties between equal results: a seat's score minus the best
    other score (its margin), in a solitaire the score itself, in a cooperative game the team's
    mean score, the same for every seat. The search scales score terms to [0, 1] by the lowest
    and highest it has seen.

    >>> from fourgames.testing import reference as match
    >>> state = match.new_game(2, seed=1)
    >>> outcome(match, state, 2)
    ((0.5, 0.5), (0.0, 0.0))
    """
    scores = game.scores(state)
    cooperative = game.INFO.cooperative
    if cooperative:
        team = sum(scores) / len(scores)
        terms: tuple[float, ...] = (team,) * players
    elif players == 1:
        terms = (float(scores[0]),)
    else:
        terms = tuple(
            float(scores[p] - max(s for q, s in enumerate(scores) if q != p))
            for p in range(players)
        )
    if game.current_player(state) is not None:
        even = 0.5 if cooperative or players == 1 else 1 / players
        return (even,) * players, terms
    won = game.winners(state)
    if cooperative:
        return (1.0 if won else 0.0,) * players, terms
    share = 1 / len(won) if won else 0.0
    return tuple(share if p in won else 0.0 for p in range(players)), terms


class Evaluator(Protocol):
    """What a position is worth to a seat, from that seat's observation: the ``evaluate`` of a
    search, which scores a simulated game cut off before its end (Vier Felder's heuristic bot
    is one)."""

    def value(self, observation: Any) -> float:
        """The observer's standing, in the game's points: its margin over the best other seat."""


class Ranker(Protocol):
    """A guide that orders the legal actions best first, so that a search may try only the
    first ``top`` of them (Vier Felder's heuristic bot is one)."""

    def ranked(self, observation: Any, legal_actions: tuple[Any, ...]) -> tuple[Any, ...]:
        """``legal_actions``, best first."""


def _ranker(instance: Any, _: attrs.Attribute[Any], top: int | None) -> None:
    if top is not None and not callable(getattr(instance.guide, "ranked", None)):
        raise ValueError(f"top={top} needs a guide that ranks the legal actions (a ranked method)")


def _evaluator(_: object, field: attrs.Attribute[Any], value: object) -> None:
    if value is not None and not callable(getattr(value, "value", None)):
        raise ValueError(f"{field.name} needs a value method, which {value!r} has not")


def _candidates(
    top: int | None, guide: Bot | None, observation: Any, legal_actions: tuple[Any, ...]
) -> tuple[Any, ...]:
    """The actions a search tries at the root: the guide's first ``top``, or all."""
    if top is None or top >= len(legal_actions):
        return legal_actions
    return typing.cast(Ranker, guide).ranked(observation, legal_actions)[:top]


class _Scale:
    """The lowest and highest score term seen in one search, to scale terms to [0, 1]."""

    __slots__ = ("high", "low")

    def __init__(self) -> None:
        self.low = math.inf
        self.high = -math.inf

    def see(self, terms: tuple[float, ...]) -> None:
        for term in terms:
            if term < self.low:
                self.low = term
            if term > self.high:
                self.high = term

    def value(self, result: float, term: float, weight: float) -> float:
        span = self.high - self.low
        scaled = (term - self.low) / span if span > 0 else 0.5
        return (1 - weight) * result + weight * scaled


def _positive(_: object, field: attrs.Attribute[Any], value: object) -> None:
    if value is not None and not (isinstance(value, int | float) and value > 0):
        raise ValueError(f"{field.name} must be positive, not {value!r}")


def _weight(_: object, field: attrs.Attribute[Any], value: float) -> None:
    if not 0 <= value <= 1:
        raise ValueError(f"{field.name} must be between 0 and 1, not {value!r}")


def _non_negative(_: object, field: attrs.Attribute[Any], value: float) -> None:
    if not value >= 0:
        raise ValueError(f"{field.name} must be at least 0, not {value!r}")


def _whole(_: object, field: attrs.Attribute[Any], value: object) -> None:
    if value is not None and (type(value) is not int or value < 1):
        raise ValueError(f"{field.name} must be a whole number of at least 1, not {value!r}")


HORIZONS: Final = ("game", "round")
"""Where a simulated game may stop: at its end, or at the end of the round being played."""


def _horizon(_: object, field: attrs.Attribute[Any], value: object) -> None:
    if value not in HORIZONS:
        raise ValueError(f"{field.name} is one of {', '.join(HORIZONS)}, not {value!r}")


class _Search:
    """What one ``choose`` call shares: the game, the seat, the rng, the rollout cap."""

    __slots__ = (
        "apply",
        "cap",
        "evaluate",
        "game",
        "legal_actions",
        "players",
        "rng",
        "rollout",
        "round",
        "scale",
        "start",
    )

    def __init__(
        self,
        game: Game[Any, Any],
        world: Any,
        rng: random.Random,
        rollout: Bot | None,
        max_rollout: int | None,
        horizon: str,
        evaluate: Evaluator | None,
    ) -> None:
        self.game = game
        self.evaluate = evaluate
        self.rng = rng
        self.rollout = rollout
        self.players = len(game.scores(world))
        counter = game.INFO.round_counter
        self.round = operator.attrgetter(counter) if horizon == "round" and counter else None
        self.start = None if self.round is None else self.round(world)
        if max_rollout is None:
            bound = game.max_game_length(self.players, getattr(world, "options", None))
            max_rollout = min(bound, ROLLOUT_CAP)
        self.cap = max_rollout
        self.scale = _Scale()
        self.apply = game.apply_unchecked
        self.legal_actions = game.legal_actions

    def beyond(self, state: Any) -> bool:
        """Whether ``state`` lies past the horizon: in a later round, with ``horizon="round"``."""
        return self.round is not None and self.round(state) != self.start

    def play_out(self, state: Any, steps: int) -> tuple[tuple[float, ...], tuple[float, ...]]:
        """Play ``state`` on with the rollout policy for at most ``cap - steps`` actions."""
        rng, apply, legal_actions = self.rng, self.apply, self.legal_actions
        bot, game, round_of, start = self.rollout, self.game, self.round, self.start
        while steps < self.cap and (round_of is None or round_of(state) == start):
            legal = legal_actions(state)
            if not legal:
                break
            if bot is None or len(legal) == 1:
                action = legal[int(rng.random() * len(legal))]
            else:
                mover = game.current_player(state)
                assert mover is not None
                action = bot.choose(game.observe(state, mover), legal, rng)
            state = apply(state, action)
            steps += 1
        result = outcome(game, state, self.players)
        if self.evaluate is not None and game.current_player(state) is not None:
            value = self.evaluate.value
            standing = [value(game.observe(state, p)) for p in range(self.players)]
            result = result[0], tuple(standing)
        self.scale.see(result[1])
        return result


def _deadline(seconds: float | None) -> float | None:
    return None if seconds is None else time.perf_counter() + seconds


def _more(done: int, limit: int | None, deadline: float | None) -> bool:
    if limit is not None and done >= limit:
        return False
    return deadline is None or done == 0 or time.perf_counter() < deadline


def _guided(
    guide: Bot | None,
    margin: float,
    choice: int,
    mean: Callable[[int], float | None],
    observation: Any,
    legal_actions: tuple[Any, ...],
    rng: random.Random,
) -> Any:
    """The search's ``choice`` (an index into ``legal_actions``), or the guide's where the
    search is not sure: where the choice's mean reward is not more than ``margin`` above the
    guide's action's (a guide's action the search never tried is not played)."""
    if guide is None:
        return legal_actions[choice]
    advice = guide.choose(observation, legal_actions, rng)
    index = legal_actions.index(advice)
    best, theirs = mean(choice), mean(index)
    if best is None or theirs is None or best > theirs + margin:
        return legal_actions[choice]
    return legal_actions[index]


class _Node:
    """An information-set node: reached by one action of ``player``, the seat that chose it."""

    __slots__ = ("available", "children", "player", "result", "term", "visits")

    def __init__(self, player: int) -> None:
        self.player = player
        self.visits = 0
        self.available = 1
        self.result = 0.0
        self.term = 0.0
        self.children: dict[Any, _Node] = {}


@attrs.frozen
class ISMCTSBot:
    """Single-observer information-set Monte Carlo tree search (Cowling, Powley and Whitehouse,
    2012).

    Each iteration imagines the hidden cards with ``sample_state`` and descends one tree shared
    by all those worlds, keyed by actions: at every node only the actions legal in this world
    are candidates, chosen by UCB1 with availability counts,
    ``Q + c * sqrt(ln(available) / visits)``, where ``Q`` is the reward of the seat that acts
    there. The first action not yet in the tree is added (drawn at random), the game is played
    out by the rollout policy, and the reward of each seat is backed up along the path. The
    move played is the root's most visited action.

    The reward blends a seat's result with its score term (`outcome`):
    ``(1 - score_weight) * result + score_weight * scaled term``. In a cooperative game every seat
    gets the team's reward, so the search plays for the team; a solitaire plays for its win, then
    its score.
    """

    game: Game[Any, Any] = attrs.field(repr=False)
    """The game module (`fourgames.get_game`, or a module of your own)."""
    iterations: int | None = attrs.field(default=None, validator=_whole)
    """Iterations per move; with ``seconds`` as well, whichever runs out first. Neither: 200."""
    seconds: float | None = attrs.field(default=None, validator=_positive)
    """Wall-clock seconds per move (at least one iteration); not reproducible across machines."""
    c: float = attrs.field(default=0.7, validator=_non_negative)
    """The exploration constant of UCB1."""
    score_weight: float = attrs.field(default=0.2, validator=_weight)
    """The share of the reward from the score term, 0 to 1."""
    rollout: Bot | None = None
    """The bot that plays the simulated games on; ``None`` plays uniformly at random."""
    max_rollout: int | None = attrs.field(default=None, validator=_whole)
    """The most actions a simulated game runs past the searched position before it is scored
    as it stands; ``None``: ``max_game_length`` (at most `ROLLOUT_CAP`)."""
    horizon: str = attrs.field(default="game", validator=_horizon)
    """Where a simulated game stops: ``"game"``, at its end (or after ``max_rollout``
    actions); ``"round"``, also at the end of the round being played (a hand of All Fours, by
    ``INFO.round_counter``), scored as it stands."""
    guide: Bot | None = None
    """A bot whose choice stands unless the search is sure of a better one: its action is
    played unless the search's choice has a mean reward more than ``margin`` above it (the
    rewards lie in [0, 1]). ``None``: the search's choice."""
    margin: float = attrs.field(default=0.0, validator=_non_negative)
    """How much better the search's choice must look than the ``guide``'s to be played."""
    depth: int | None = attrs.field(default=None, validator=_whole)
    """How many actions deep the tree grows below the root; past it the rollout policy plays.
    ``1`` keeps statistics for the root's actions only (flat UCB over the sampled worlds).
    ``None``: no bound."""
    top: int | None = attrs.field(default=None, validator=[_whole, _ranker])
    """Search only the ``guide``'s first ``top`` actions at the root (the guide must rank them,
    `Ranker`). ``None``: every legal action."""
    evaluate: Evaluator | None = attrs.field(default=None, validator=_evaluator)
    """What a simulated game cut off before its end (by ``max_rollout`` or the horizon) scores:
    ``None``, the game's scores as they stand; an `Evaluator`, its ``value`` of every seat's
    observation, as the score term."""

    def choose(self, observation: Any, legal_actions: tuple[Any, ...], rng: random.Random) -> Any:
        """The most visited of ``legal_actions`` after the search (the only one at once)."""
        if len(legal_actions) == 1:
            return legal_actions[0]
        game = self.game
        limit = self.iterations
        if limit is None and self.seconds is None:
            limit = DEFAULT_ITERATIONS
        deadline = _deadline(self.seconds)
        root = _Node(-1)
        search: _Search | None = None
        weight, c = self.score_weight, self.c
        sqrt, log = math.sqrt, math.log
        depth = self.depth or math.inf
        candidates = _candidates(self.top, self.guide, observation, legal_actions)
        done = 0
        while _more(done, limit, deadline):
            done += 1
            state = game.sample_state(observation, rng)
            if search is None:
                search = _Search(
                    game, state, rng, self.rollout, self.max_rollout, self.horizon, self.evaluate
                )
            scale, apply, legal_of = search.scale, search.apply, search.legal_actions
            node, path, steps = root, [], 0
            legal: tuple[Any, ...] = candidates
            while legal and steps < search.cap and steps < depth:
                children = node.children
                untried = [a for a in legal if a not in children]
                mover = game.current_player(state)
                assert mover is not None
                if untried:
                    for a in legal:
                        if a in children:
                            children[a].available += 1
                    action = untried[int(rng.random() * len(untried))]
                    child = children[action] = _Node(mover)
                    state = apply(state, action)
                    path.append(child)
                    steps += 1
                    break
                best, best_action, best_ucb = None, None, -math.inf
                for a in legal:
                    child = children[a]
                    child.available += 1
                    n = child.visits
                    ucb = scale.value(child.result / n, child.term / n, weight) + c * sqrt(
                        log(child.available) / n
                    )
                    if ucb > best_ucb:
                        best, best_action, best_ucb = child, a, ucb
                assert best is not None
                state = apply(state, best_action)
                path.append(best)
                node = best
                steps += 1
                legal = () if search.beyond(state) else legal_of(state)
            results, terms = search.play_out(state, steps)
            for visited in path:
                visited.visits += 1
                visited.result += results[visited.player]
                visited.term += terms[visited.player]
        assert search is not None
        scale = search.scale

        def mean(index: int) -> float | None:
            child = root.children.get(legal_actions[index])
            if child is None or child.visits == 0:
                return None
            return scale.value(child.result / child.visits, child.term / child.visits, weight)

        def rank(index: int) -> tuple[int, float, int]:
            child = root.children.get(legal_actions[index])
            visits = 0 if child is None else child.visits
            return (visits, mean(index) or 0.0, -index)

        choice = max(range(len(legal_actions)), key=rank)
        return _guided(self.guide, self.margin, choice, mean, observation, legal_actions, rng)


@attrs.frozen
class PIMCBot:
    """Perfect-information Monte Carlo: imagine ``worlds`` deals with ``sample_state``, play
    every legal action in each out ``rollouts`` times with the rollout policy, and choose the
    action with the best mean reward over all worlds (ties: the first in ``legal_actions``).

    The reward is the one of `ISMCTSBot` (result and scaled score term), for the bot's own seat;
    in a cooperative game that is the team's.
    """

    game: Game[Any, Any] = attrs.field(repr=False)
    """The game module."""
    worlds: int | None = attrs.field(default=None, validator=_whole)
    """Worlds per move; with ``seconds`` as well, whichever runs out first. Neither: 20."""
    rollouts: int = attrs.field(default=10, validator=_whole)
    """Simulated games per legal action and world."""
    seconds: float | None = attrs.field(default=None, validator=_positive)
    """Wall-clock seconds per move (at least one world); not reproducible across machines."""
    score_weight: float = attrs.field(default=0.2, validator=_weight)
    """The share of the reward from the score term, 0 to 1."""
    rollout: Bot | None = None
    """The bot that plays the simulated games on; ``None`` plays uniformly at random."""
    max_rollout: int | None = attrs.field(default=None, validator=_whole)
    """As `ISMCTSBot.max_rollout`."""
    horizon: str = attrs.field(default="game", validator=_horizon)
    """As `ISMCTSBot.horizon`."""
    guide: Bot | None = None
    """As `ISMCTSBot.guide`."""
    margin: float = attrs.field(default=0.0, validator=_non_negative)
    """As `ISMCTSBot.margin`."""
    top: int | None = attrs.field(default=None, validator=[_whole, _ranker])
    """As `ISMCTSBot.top`: only the guide's first ``top`` actions are played out."""
    evaluate: Evaluator | None = attrs.field(default=None, validator=_evaluator)
    """As `ISMCTSBot.evaluate`."""

    def choose(self, observation: Any, legal_actions: tuple[Any, ...], rng: random.Random) -> Any:
        """The legal action with the best mean reward (the only one at once)."""
        if len(legal_actions) == 1:
            return legal_actions[0]
        game = self.game
        seat = observation.player
        limit = self.worlds
        if limit is None and self.seconds is None:
            limit = DEFAULT_WORLDS
        deadline = _deadline(self.seconds)
        candidates = _candidates(self.top, self.guide, observation, legal_actions)
        tried = [legal_actions.index(action) for action in candidates]
        count = len(legal_actions)
        results = [0.0] * count
        terms = [0.0] * count
        search: _Search | None = None
        done = 0
        while _more(done, limit, deadline):
            done += 1
            world = game.sample_state(observation, rng)
            if search is None:
                search = _Search(
                    game, world, rng, self.rollout, self.max_rollout, self.horizon, self.evaluate
                )
            for index in tried:
                after = search.apply(world, legal_actions[index])
                for _ in range(self.rollouts):
                    result, term = search.play_out(after, 1)
                    results[index] += result[seat]
                    terms[index] += term[seat]
        assert search is not None
        scale, weight = search.scale, self.score_weight
        games = done * self.rollouts

        def mean(index: int) -> float | None:
            if index not in tried:
                return None
            return scale.value(results[index] / games, terms[index] / games, weight)

        choice = max(tried, key=lambda index: (mean(index) or 0.0, -index))
        return _guided(self.guide, self.margin, choice, mean, observation, legal_actions, rng)
