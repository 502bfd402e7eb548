"""The arena: duplicate seating, intervals, ratings, failures, results that survive a crash, and
the same lines whatever runs the games."""

import concurrent.futures
import csv
import io
import json
import os
import random
import signal
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from fourgames import all_fours, from_json, replay, vier_felder, vier_jahreszeiten
from fourgames import viereinhalb_minuten as minuten
from fourgames.__main__ import main
from fourgames.arena import (
    GameResult,
    Task,
    arena,
    auto_chunk,
    bradley_terry,
    map_chunks,
    mean_interval,
    play_games,
    seatings,
    wilson,
)
from fourgames.bots import BotError, simulate
from fourgames.testing import reference as match

MATCH = "fourgames.testing.reference"


def _lines(path: Path) -> list[dict[str, Any]]:
    """The lines of a results file without their timings."""
    lines = [json.loads(text) for text in path.read_text(encoding="utf-8").splitlines()]
    for line in lines:
        del line["seconds"]
    return lines


def _without_seconds(results: list[GameResult]) -> list[str]:
    return [json.dumps({**json.loads(r.line()), "seconds": 0}) for r in results]


# --- Statistics ---------------------------------------------------------------------------------


def test_wilson_matches_the_textbook_interval() -> None:
    low, high = wilson(45, 100)  # Wilson 1927, as in Agresti & Coull's table
    assert (round(low, 4), round(high, 4)) == (0.3561, 0.5476)
    assert wilson(0, 10)[0] == 0.0
    assert wilson(10, 10)[1] == pytest.approx(1.0)
    assert wilson(0, 0) == (0.0, 1.0)


def test_mean_interval_of_constant_values_is_a_point() -> None:
    assert mean_interval([3.0, 3.0, 3.0]) == (3.0, 3.0, 3.0)
    mean, low, high = mean_interval([0.0, 10.0])
    assert mean == 5.0
    assert low < 0 < 10 < high


def test_bradley_terry_orders_players_and_is_symmetric() -> None:
    points = {(0, 1): 30.0, (1, 2): 30.0, (0, 2): 35.0}
    games = {(0, 1): 40, (1, 2): 40, (0, 2): 40}
    (a, ea), (b, eb), (c, ec) = bradley_terry(3, points, games)
    assert a > b > c
    assert abs(a + b + c) < 1e-6
    assert min(ea, eb, ec) > 0
    swapped = bradley_terry(2, {(0, 1): 10.0}, {(0, 1): 40})
    assert swapped[0][0] == pytest.approx(-swapped[1][0])
    assert swapped[0][0] < 0


# --- Seating ------------------------------------------------------------------------------------


def test_each_deal_is_played_in_every_seating() -> None:
    result = arena(match, ["random", "ismcts:iterations=4"], 6, seed=3)
    by_deal: dict[int, list[GameResult]] = {}
    for game in result.games:
        by_deal.setdefault(game.deal, []).append(game)
    assert len(by_deal) == 3
    for games in by_deal.values():
        assert len({g.seed for g in games}) == 1
        assert sorted(g.bots for g in games) == [
            ("ismcts:iterations=4", "random"),
            ("random", "ismcts:iterations=4"),
        ]
    (pairing,) = result.pairings
    assert pairing.games == 6
    assert pairing.wins + pairing.draws + pairing.losses == 6
    assert {name for name, _, _ in pairing.by_seating} == {"AB", "BA"}


def test_partners_share_a_side_and_every_side_is_taken_in_turn() -> None:
    assert seatings(all_fours, 4) == [(0, 1, 0, 1), (1, 0, 1, 0)]
    assert len(seatings(vier_felder, 3)) == 6
    result = arena(all_fours, ["random", "heuristic"], 4, players=4, seed=2)
    assert {g.bots for g in result.games} == {
        ("random", "heuristic", "random", "heuristic"),
        ("heuristic", "random", "heuristic", "random"),
    }
    for game in result.games:  # partners win together
        assert set(game.winners) in ({0, 2}, {1, 3}, set())


def test_two_identical_bots_tie_exactly_on_duplicate_deals() -> None:
    """Swapping two equal bots replays the same game, so luck cancels out entirely."""
    result = arena(vier_felder, ["random", "random"], 40, seed=5)
    (pairing,) = result.pairings
    assert pairing.rate == 0.5
    assert pairing.low < 0.5 < pairing.high
    assert (pairing.difference_low, pairing.score_difference) == (0.0, 0.0)
    assert all(r.low < 0 < r.high for r in result.ratings)
    lopsided = simulate(vier_felder, 2, 40, seed=5)  # the same seats every game: no cancelling
    assert lopsided.wins != (20, 20)


def test_the_stronger_bot_rates_higher() -> None:
    result = arena(vier_felder, ["random", "heuristic"], 20, seed=1)
    (pairing,) = result.pairings
    assert pairing.high < 0.5
    assert pairing.score_difference < 0
    random_rating, heuristic_rating = result.ratings
    assert heuristic_rating.low > random_rating.high


def test_round_robin_plays_every_pair() -> None:
    result = arena(match, ["random", "ismcts:iterations=3", "pimc:worlds=1"], 2, seed=1)
    assert [(p.first, p.second) for p in result.pairings] == [
        ("random", "ismcts:iterations=3"),
        ("random", "pimc:worlds=1"),
        ("ismcts:iterations=3", "pimc:worlds=1"),
    ]
    assert len(result.games) == 6
    assert len(result.ratings) == 3


def test_cooperative_games_and_solitaires_are_reported_per_team() -> None:
    result = arena(minuten, ["random", "heuristic"], 4, players=3, seed=1)
    assert result.pairings == ()
    assert [(t.bot, t.games) for t in result.teams] == [("random", 4), ("heuristic", 4)]
    for game in result.games:
        assert len(set(game.bots)) == 1
    assert result.teams[1].score > result.teams[0].score  # the heuristic team pays less
    assert result.ratings[1].elo > 0 > result.ratings[0].elo  # and so rates higher
    solo = arena(vier_jahreszeiten, ["random"], 3, seed=2)
    assert [(t.bot, t.games) for t in solo.teams] == [("random", 3)]


def test_the_formats_carry_the_same_figures() -> None:
    result = arena(match, ["random", "ismcts:iterations=3"], 4, seed=2)
    data = json.loads(result.format("json"))
    assert data["pairings"][0]["rate"] == result.pairings[0].rate
    assert [r["bot"] for r in data["ratings"]] == ["random", "ismcts:iterations=3"]
    rows = list(csv.DictReader(io.StringIO(result.format("csv"))))
    assert [row["kind"] for row in rows] == ["pairing", "rating", "rating"]
    assert float(rows[0]["rate"]) == result.pairings[0].rate
    assert "random vs ismcts:iterations=3" in result.format("table")
    with pytest.raises(ValueError, match="no format 'xml'"):
        result.format("xml")


@pytest.mark.parametrize(
    ("bots", "games", "message"),
    [
        (["random"], 2, "needs two bots"),
        ([], 2, "at least one bot"),
        (["random", "chess"], 2, "unknown bot 'chess'"),
        (["random", "random"], 0, "at least 1"),
    ],
)
def test_bad_arguments_raise_value_error(bots: list[str], games: int, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        arena(match, bots, games)


# --- Failures ------------------------------------------------------------------------------------


class _Raises:
    def choose(self, observation: Any, legal_actions: tuple[Any, ...], rng: random.Random) -> Any:
        raise RuntimeError("out of ideas")


class _Illegal:
    def choose(self, observation: Any, legal_actions: tuple[Any, ...], rng: random.Random) -> Any:
        return "resign"


class _Hangs:
    def choose(self, observation: Any, legal_actions: tuple[Any, ...], rng: random.Random) -> Any:
        if observation.to_move is not None and len(legal_actions) > 1:
            time.sleep(60)
        return legal_actions[0]


@pytest.mark.parametrize(
    ("bot", "reason"),
    [
        (_Raises(), "raised RuntimeError: out of ideas"),
        (_Illegal(), "illegal action 'resign'"),
        (_Hangs(), "no action within the move timeout of 0.2 s"),
    ],
)
def test_a_failing_bot_loses_with_its_failure_recorded(
    bot: Any, reason: str, tmp_path: Path
) -> None:
    result = arena(
        match, ["random", bot], 2, seed=1, move_timeout=0.2, records=tmp_path, out=tmp_path / "r"
    )
    assert len(result.games) == 2  # the run went on
    for game in result.failures:
        assert game.failure is not None
        assert reason in game.failure.reason
        failed = game.failure.seat
        assert game.bots[failed] != "random"
        assert game.winners == tuple(s for s in range(2) if s != failed)
        assert len(game.actions) == game.failure.ply - 1
        partial = from_json((tmp_path / f"game-{game.index:06d}.json").read_text())
        assert len(list(replay(partial))) == game.failure.ply
    assert len(result.failures) == 2
    lines = _lines(tmp_path / "r")
    assert [line["failure"]["seat"] for line in lines] == [g.failure.seat for g in result.failures]  # type: ignore[union-attr]
    assert f"failure: game 0 (seed {result.games[0].seed})" in result.format("table")


def test_a_hanging_bot_off_the_main_thread_loses_too() -> None:
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        result = arena(match, ["random", _Hangs()], 2, seed=1, move_timeout=0.2, executor=pool)
    assert all("move timeout" in g.failure.reason for g in result.failures)  # type: ignore[union-attr]
    assert len(result.failures) == 2


def test_fail_fast_stops_at_the_first_failure(tmp_path: Path) -> None:
    with pytest.raises(BotError, match=r"raised RuntimeError.*\(game 0, seed \d+\)") as caught:
        arena(match, ["random", _Raises()], 4, seed=1, fail_fast=True, out=tmp_path / "r")
    assert caught.value.seat in (0, 1)
    assert len(_lines(tmp_path / "r")) == 1


# --- Nothing lost --------------------------------------------------------------------------------


def test_a_results_line_holds_the_whole_game(tmp_path: Path) -> None:
    out = tmp_path / "r.jsonl"
    result = simulate(vier_felder, 2, 3, seed=4, bots={1: "heuristic"}, out=out, records=tmp_path)
    lines = _lines(out)
    assert [line["index"] for line in lines] == [0, 1, 2]
    first = lines[0]
    assert first["bots"] == ["RandomBot()", "heuristic"]
    assert first["fourgames"] == "0.1.0.dev0"
    assert first["rules_version"] == vier_felder.RULES_VERSION
    assert first["scores"] == list(result.outcomes[0].scores)
    record = from_json((tmp_path / "game-000000.json").read_text())
    assert record.seed == first["seed"]
    assert (
        json.loads(record_json := (tmp_path / "game-000000.json").read_text())["actions"]
        == (first["actions"])
    ), record_json
    *_, final = replay(record)
    assert sorted(vier_felder.winners(final)) == first["winners"]
    assert GameResult.from_line(out.read_text().splitlines()[1], "line 2") == result.outcomes[1]


def test_an_existing_results_file_needs_resume(tmp_path: Path) -> None:
    out = tmp_path / "r.jsonl"
    arena(match, ["random", "random"], 2, out=out)
    with pytest.raises(ValueError, match="holds results already"):
        arena(match, ["random", "random"], 2, out=out)
    with pytest.raises(ValueError, match="another run"):
        arena(match, ["random", "random"], 2, seed=9, out=out, resume=True)
    out.write_text("{not json\n")
    with pytest.raises(ValueError, match=r"not JSON @ .*r\.jsonl:1"):
        arena(match, ["random", "random"], 2, out=out, resume=True)


def test_resume_after_a_cut_line_plays_only_the_missing_games(tmp_path: Path) -> None:
    whole, cut = tmp_path / "whole.jsonl", tmp_path / "cut.jsonl"
    arena(match, ["random", "ismcts:iterations=3"], 6, seed=2, out=whole)
    text = whole.read_text()
    cut.write_text(text[: text.index("\n", len(text) // 2) + 20])  # a line cut short
    result = arena(match, ["random", "ismcts:iterations=3"], 6, seed=2, out=cut, resume=True)
    assert _lines(cut) == _lines(whole)
    assert len(result.games) == 6


def test_resume_after_sigkill_matches_an_unbroken_run(tmp_path: Path) -> None:
    argv = ["arena", "vier-felder", "--bot", "random", "--bot", "random", "--games", "60"]
    command = [sys.executable, "-m", "fourgames", *argv, "--seed", "3"]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    killed = tmp_path / "killed.jsonl"
    process = subprocess.Popen([*command, "--out", str(killed)], env=env)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and (
        not killed.exists() or killed.read_text().count("\n") < 5
    ):
        time.sleep(0.05)
    process.send_signal(signal.SIGKILL)
    process.wait()
    done = killed.read_text().count("\n")
    assert 5 <= done < 60
    assert main([*argv, "--seed", "3", "--out", str(killed), "--resume"], out=io.StringIO()) == 0
    unbroken = tmp_path / "unbroken.jsonl"
    assert main([*argv, "--seed", "3", "--out", str(unbroken)], out=io.StringIO()) == 0
    assert _lines(killed) == _lines(unbroken)


# --- Executors -----------------------------------------------------------------------------------


def test_results_do_not_depend_on_the_executor_or_the_chunks() -> None:
    bots = ["random", "ismcts:iterations=3"]
    here = arena(match, bots, 8, seed=7)
    with concurrent.futures.ThreadPoolExecutor(2) as threads:
        threaded = arena(match, bots, 8, seed=7, executor=threads, chunk=3)
    with concurrent.futures.ProcessPoolExecutor(2) as processes:
        pooled = arena(match, bots, 8, seed=7, executor=processes, chunk=1)
    assert _without_seconds(list(here.games)) == _without_seconds(list(threaded.games))
    assert _without_seconds(list(here.games)) == _without_seconds(list(pooled.games))
    assert here.pairings == pooled.pairings


def test_the_default_chunks_are_about_64_parts_of_1_to_16_games() -> None:
    assert [auto_chunk(n) for n in (0, 1, 63, 64, 200, 1000, 1024, 5000)] == [
        1,
        1,
        1,
        1,
        3,
        15,
        16,
        16,
    ]
    with concurrent.futures.ThreadPoolExecutor(2) as threads:
        submitted = []

        def count(shared: int, part: Sequence[int]) -> list[int]:
            submitted.append(len(part))
            return [shared + item for item in part]

        assert list(map_chunks(count, 1, range(1000), threads)) == list(range(1, 1001))
    assert sorted(submitted) == [10] + [15] * 66


@pytest.mark.parametrize("chunk", [0, -2, 1.5, "4"])
def test_a_bad_chunk_is_refused(chunk: object) -> None:
    with pytest.raises(ValueError, match="chunk must be"):
        arena(match, ["random", "random"], 2, chunk=chunk)


def test_the_command_line_gives_the_same_lines_with_one_or_two_jobs(tmp_path: Path) -> None:
    argv = ["arena", "vier-felder", "--bot", "heuristic", "--bot", "random", "--games", "6"]
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    text = io.StringIO()
    assert main([*argv, "--jobs", "1", "--out", str(one)], out=text) == 0
    assert main([*argv, "--jobs", "2", "--out", str(two)], out=io.StringIO()) == 0
    assert _lines(one) == _lines(two)
    assert "heuristic vs random" in text.getvalue()


def test_simulate_runs_on_the_same_engine() -> None:
    here = simulate(match, 3, 6, seed=2, bots={1: "ismcts:iterations=3"})
    with concurrent.futures.ProcessPoolExecutor(2) as pool:
        pooled = simulate(match, 3, 6, seed=2, bots={1: "ismcts:iterations=3"}, executor=pool)
    assert (here.wins, here.score_totals, here.actions) == (
        pooled.wins,
        pooled.score_totals,
        pooled.actions,
    )
    assert _without_seconds(list(here.outcomes)) == _without_seconds(list(pooled.outcomes))
    data = json.loads(here.format("json"))
    assert [seat["wins"] for seat in data["seats"]] == list(here.wins)
    assert data["seats"][0]["low"] <= data["seats"][0]["rate"] <= data["seats"][0]["high"]
    rows = list(csv.DictReader(io.StringIO(here.format("csv"))))
    assert [int(row["wins"]) for row in rows] == list(here.wins)


def test_tasks_of_a_game_module_of_ones_own_run_in_workers() -> None:
    task = Task(0, 5, 0, ("random", "random"), ("random", "random"))
    with concurrent.futures.ProcessPoolExecutor(1) as pool:
        (result,) = play_games(match, 2, [task], executor=pool)
    assert result.game == "match"
    assert result.seed == 5


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--jobs", "0"], "jobs must be at least 1"),
        (["--scheduler", "tcp://x:1"], "for the dask executor"),
        (["--move-timeout", "0"], "move_timeout must be a positive"),
        (["--bot", "chess"], "unknown bot 'chess'"),
    ],
)
def test_bad_run_options_exit_2(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    base = ["arena", MATCH, "--bot", "random", "--bot", "random", "--games", "2"]
    assert main([*base, *argv], out=io.StringIO()) == 2
    assert message in capsys.readouterr().err
