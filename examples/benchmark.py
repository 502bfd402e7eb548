"""Random playouts of whole games: µs per decision, decisions per game, games per second.

Every registered game is measured against the reference game Match (the smallest game that
follows the protocol), pass by pass, so the ratio column survives a noisy machine. With RLCard
installed (the ``bench`` extra) its bare UNO engine is measured the same way (``game.step`` on
its own legal actions), and a second ratio column gives each row as a multiple of UNO's. With
the ``rl`` extra installed, the same random playouts run through the adapters too: PettingZoo
(``last`` and ``step``, observations and masks built every step), OpenSpiel (``legal_actions``
and ``apply_action``) and Gymnasium (the solitaire); there a decision is one action of the
engine, however many sub-decisions it took.

The first line says which build runs: pure Python, or the games whose module says
``COMPILED`` (the optional compiled build of docs/performance.md).

A decision is ``legal_actions`` + a random choice + ``apply`` (with ``--unchecked``:
``apply_unchecked``, the path of playouts and search, for Match too). Each row plays ``--repeat``
passes of seeded games, each pass as many new games as fit in the time budget and each just
after a pass of Match, and keeps the fastest pass of each (as `timeit` does: slower passes
measure the machine's other work). Every pass plays games of its own, so a game's caches
never see the same deal twice. The Match row compares Match with itself: how far its ratio
is from 1.00 shows the noise of the run.

Run: python examples/benchmark.py [--quick] [--unchecked] [--seconds S] [--repeat R] [GAME ...]
"""

from __future__ import annotations

import argparse
import importlib
import random
import time
from collections.abc import Callable, Sequence
from typing import Any

import attrs

import fourgames
from fourgames.shuffle import derive_seed
from fourgames.testing import reference


@attrs.frozen
class Measurement:
    """Playouts of one game at one table size."""

    label: str
    games: int
    decisions: int
    us_per_decision: float
    """µs per decision in the fastest pass."""
    match_us_per_decision: float
    """µs per decision in the fastest pass of Match, each played just before a pass here."""

    @property
    def decisions_per_game(self) -> float:
        """Mean decisions per game."""
        return self.decisions / self.games

    @property
    def games_per_second(self) -> float:
        """Whole games per second at the fastest pass's rate."""
        return 1e6 / (self.us_per_decision * self.decisions_per_game)

    @property
    def ratio(self) -> float:
        """µs per decision as a multiple of Match's, measured alongside."""
        return self.us_per_decision / self.match_us_per_decision


Playout = Callable[[int], tuple[int, float]]
"""Plays game number ``n`` of a row: (decisions, seconds)."""


@attrs.define
class Row:
    """The passes of one row so far."""

    playout: Playout
    games: int = 0
    decisions: int = 0
    fastest: float = float("inf")

    def run_pass(self, budget: float) -> None:
        """Play new seeded games for about ``budget`` seconds."""
        played = 0
        elapsed = 0.0
        while elapsed < budget or played == 0:
            count, seconds = self.playout(self.games)
            self.games += 1
            played += count
            elapsed += seconds
        self.decisions += played
        self.fastest = min(self.fastest, 1e6 * elapsed / played)


def measure(
    label: str, playout: Playout, match: Playout, budget: float, repeat: int
) -> Measurement:
    """``repeat`` passes of new seeded games, each about ``budget`` seconds long and each just
    after a pass of Match (so that a slow spell of the machine slows both)."""
    row, reference_row = Row(playout), Row(match)
    for _ in range(repeat):
        reference_row.run_pass(budget)
        row.run_pass(budget)
    return Measurement(label, row.games, row.decisions, row.fastest, reference_row.fastest)


def playout(game: fourgames.Game[Any, Any], players: int, *, unchecked: bool = False) -> Playout:
    """The playouts of ``game`` at ``players`` seats."""
    return lambda number: play(game, players, None, number, unchecked=unchecked)


def uno_playout() -> Playout | None:
    """Playouts of RLCard's UNO engine (2 players), or None without RLCard."""
    try:
        numpy = importlib.import_module("numpy")
        uno = importlib.import_module("rlcard.games.uno.game").UnoGame()
    except ImportError:
        return None

    def play_uno(number: int) -> tuple[int, float]:
        uno.np_random = numpy.random.RandomState(number)
        uno.init_game()
        rng = random.Random(number)
        decisions = 0
        start = time.perf_counter()
        while not uno.is_over():
            legal = uno.get_legal_actions()
            uno.step(legal[int(rng.random() * len(legal))])
            decisions += 1
        return decisions, time.perf_counter() - start

    return play_uno


def adapter_playouts(game_id: str, players: int) -> list[tuple[str, Playout]]:
    """Random playouts of the game through each adapter whose packages are installed."""
    found: list[tuple[str, Playout]] = []
    try:
        pettingzoo = importlib.import_module("fourgames.adapters.pettingzoo")
        openspiel = importlib.import_module("fourgames.adapters.openspiel")
        gymnasium = importlib.import_module("fourgames.adapters.gymnasium")
    except ImportError:
        return found
    aec = pettingzoo.env(game_id, players)

    def play_aec(number: int) -> tuple[int, float]:
        aec.reset(seed=derive_seed(2026, number))
        rng = random.Random(number)
        decisions = 0
        start = time.perf_counter()
        for _ in aec.agent_iter():
            observation, _, termination, truncation, _ = aec.last()
            if termination or truncation:
                aec.step(None)
                continue
            legal = observation["action_mask"].nonzero()[0]
            aec.step(legal[int(rng.random() * len(legal))])
            decisions += not aec.table.prefix
        return decisions, time.perf_counter() - start

    spiel = importlib.import_module("pyspiel").load_game(
        openspiel.short_name(game_id), {"players": players}
    )

    def play_spiel(number: int) -> tuple[int, float]:
        state = spiel.new_initial_state()
        rng = random.Random(number)
        decisions = 0
        start = time.perf_counter()
        state.apply_action(number % openspiel.DEALS)
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply_action(legal[int(rng.random() * len(legal))])
            decisions += not state.table.prefix
        return decisions, time.perf_counter() - start

    found += [
        (f"pettingzoo: {game_id}, {players}", play_aec),
        (f"openspiel: {game_id}, {players}", play_spiel),
    ]
    if players == 1:
        single = gymnasium.FourGamesEnv(game_id)

        def play_single(number: int) -> tuple[int, float]:
            _, info = single.reset(seed=derive_seed(2026, number))
            rng = random.Random(number)
            decisions, over = 0, False
            start = time.perf_counter()
            while not over:
                legal = info["action_mask"].nonzero()[0]
                _, _, over, _, info = single.step(legal[int(rng.random() * len(legal))])
                decisions += 1
            return decisions, time.perf_counter() - start

        found.append((f"gymnasium: {game_id}", play_single))
    return found


def play(
    game: fourgames.Game[Any, Any],
    players: int,
    options: Any,
    number: int,
    *,
    unchecked: bool = False,
) -> tuple[int, float]:
    """Game ``number`` of a row, played by random choices: (decisions, seconds)."""
    legal_actions = game.legal_actions
    apply = game.apply_unchecked if unchecked else game.apply
    state = game.new_game(players, seed=derive_seed(2026, number), options=options)
    rng = random.Random(number)
    decisions = 0
    start = time.perf_counter()
    while legal := legal_actions(state):
        state = apply(state, legal[int(rng.random() * len(legal))])
        decisions += 1
    return decisions, time.perf_counter() - start


def extra_benchmarks() -> list[tuple[str, Callable[[], float]]]:
    """Game-specific timings (name, function returning µs per call) that games publish as
    ``BENCHMARKS`` in their module."""
    found: list[tuple[str, Callable[[], float]]] = []
    for game_id, game in sorted(fourgames.GAMES.items()):
        for name, function in getattr(game, "BENCHMARKS", {}).items():
            found.append((f"{game_id}: {name}", function))
    return found


def main(argv: Sequence[str] | None = None) -> None:
    """Measure and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="game ids (default: all registered games)")
    parser.add_argument("--quick", action="store_true", help="about 0.2 s per row")
    parser.add_argument(
        "--unchecked", action="store_true", help="decide with apply_unchecked, not apply"
    )
    parser.add_argument(
        "--seconds", type=float, default=1.0, help="seconds of games per row (default 1)"
    )
    parser.add_argument(
        "--repeat",
        type=int,
        default=5,
        help="passes of new games per row; the fastest counts (default 5)",
    )
    args = parser.parse_args(argv)
    budget = 0.2 if args.quick else args.seconds
    repeat = 1 if args.quick else max(1, args.repeat)
    chosen = args.games or sorted(fourgames.GAMES)
    unknown = [game_id for game_id in chosen if game_id not in fourgames.GAMES]
    if unknown:
        parser.error(f"unknown games {unknown}; known: {', '.join(sorted(fourgames.GAMES))}")

    unchecked = args.unchecked
    match = playout(reference, 2, unchecked=unchecked)
    rows = [measure("match (reference), 2 players", match, match, budget, repeat)]
    uno = uno_playout()
    if uno is not None:
        rows.append(measure("rlcard uno (reference), 2 players", uno, match, budget, repeat))
    for game_id in chosen:
        game = fourgames.get_game(game_id)
        for players in range(game.MIN_PLAYERS, game.MAX_PLAYERS + 1):
            label = f"{game_id}, {players} players"
            rows.append(
                measure(label, playout(game, players, unchecked=unchecked), match, budget, repeat)
            )
        for label, adapted in adapter_playouts(game_id, game.MIN_PLAYERS):
            rows.append(measure(label, adapted, match, budget, repeat))

    uno_ratio = rows[1].ratio if uno is not None else None
    compiled = [
        game_id for game_id in chosen if getattr(fourgames.get_game(game_id), "COMPILED", False)
    ]
    print(
        "build: " + (f"compiled (mypyc) for {', '.join(compiled)}" if compiled else "pure Python")
    )
    print(
        f"{'playouts':<36} {'µs/decision':>12} {'decisions/game':>15}"
        f" {'games/s':>10} {'× match':>8}" + (f" {'× uno':>8}" if uno_ratio else "")
    )
    for row in rows:
        print(
            f"{row.label:<36} {row.us_per_decision:>12.1f} {row.decisions_per_game:>15.1f}"
            f" {row.games_per_second:>10.1f} {row.ratio:>8.2f}"
            + (f" {row.ratio / uno_ratio:>8.2f}" if uno_ratio else "")
        )
    extras = extra_benchmarks()
    if extras:
        print(f"\n{'timing':<56} {'µs/call':>10}")
        for name, function in extras:
            print(f"{name:<56} {function():>10.1f}")


if __name__ == "__main__":
    main()
