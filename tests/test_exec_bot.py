"""``exec:`` bots: the example bots in three languages play whole games over JSON lines; a bot
that crashes, hangs or writes garbage loses its game and the run goes on."""

import concurrent.futures
import json
import shlex
import shutil
import sys
import time
from pathlib import Path

import pytest

from fourgames import vier_felder
from fourgames.arena import arena
from fourgames.bots import get_bot, play_game, simulate
from fourgames.testing import reference as match

BOTS = Path(__file__).parent.parent / "examples" / "bots"
PYTHON_BOT = f"exec:{sys.executable} {BOTS / 'random_bot.py'}"
SHELL_BOT = f"exec:sh {BOTS / 'first_bot.sh'}"
NODE_BOT = f"exec:node {BOTS / 'last_bot.js'}"


def _inline(source: str) -> str:
    """An ``exec:`` spec running the Python ``source``."""
    return f"exec:{sys.executable} -c {shlex.quote(source)}"


def test_the_python_example_bot_plays_whole_games_reproducibly() -> None:
    first = simulate(vier_felder, 2, 3, seed=1, bots=[PYTHON_BOT, "random"])
    again = simulate(vier_felder, 2, 3, seed=1, bots=[PYTHON_BOT, "random"])
    assert not [o for o in first.outcomes if o.failure is not None]
    assert [o.actions for o in first.outcomes] == [o.actions for o in again.outcomes]


def test_the_shell_example_bot_plays_the_first_legal_action() -> None:
    final, record = play_game(match, 2, seed=3, bots=[SHELL_BOT, "random"])
    replayed = match.new_game(2, seed=3)
    for action in record.actions:
        if match.current_player(replayed) == 0:
            assert action == match.legal_actions(replayed)[0]
        replayed = match.apply(replayed, action)
    assert replayed == final


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_the_node_example_bot_plays_the_last_legal_action() -> None:
    final, record = play_game(match, 2, seed=3, bots=["random", NODE_BOT])
    replayed = match.new_game(2, seed=3)
    for action in record.actions:
        if match.current_player(replayed) == 1:
            assert action == match.legal_actions(replayed)[-1]
        replayed = match.apply(replayed, action)
    assert replayed == final


def test_the_bot_hears_hello_new_game_choose_and_game_over(tmp_path: Path) -> None:
    log = tmp_path / "log"
    source = (
        "import json, sys\n"
        f"log = open({str(log)!r}, 'w')\n"
        "for line in sys.stdin:\n"
        "    log.write(line); log.flush()\n"
        "    if json.loads(line)['type'] == 'choose':\n"
        "        print(json.dumps({'action': 0}), flush=True)\n"
    )
    bot = get_bot(_inline(source), vier_felder)
    final, _ = play_game(vier_felder, 2, seed=4, bots=[bot, "random"], index=7)
    bot.close()  # type: ignore[attr-defined]
    messages = [json.loads(line) for line in log.read_text().splitlines()]
    kinds = [m["type"] for m in messages]
    assert kinds[:2] == ["hello", "new-game"]
    assert kinds[-1] == "game-over"
    assert set(kinds[2:-1]) == {"choose"}
    assert messages[0]["protocol"] == 1
    assert messages[0]["game"] == "vier-felder"
    assert messages[1] == {
        "type": "new-game",
        "game": 7,
        "players": 2,
        "seats": [0],
        "options": messages[1]["options"],
    }
    choose = messages[2]
    assert choose["seat"] == 0
    assert choose["observation"]["type"] == "observation"
    assert choose["observation"]["player"] == 0
    assert len(choose["legal_actions"]) >= 1
    assert messages[-1]["scores"] == list(vier_felder.scores(final))
    assert all("seed" not in m for m in messages)  # a seed would give the hidden cards away
    assert all("seed" not in m["observation"] for m in messages if m["type"] == "choose")


@pytest.mark.parametrize(
    ("source", "reason"),
    [
        ("import sys; sys.stdin.readline(); sys.exit(3)", "exited (status 3)"),
        ("import sys\nfor line in sys.stdin: print('nonsense', flush=True)", "which is not JSON"),
        (
            "import sys\nfor line in sys.stdin: print('{\"action\": 999}', flush=True)",
            'not {"action": i} with 0 <= i <',
        ),
        ("import sys, time\nfor line in sys.stdin: time.sleep(60)", "move timeout of 0.5 s"),
    ],
)
def test_a_bot_that_crashes_hangs_or_writes_garbage_loses(source: str, reason: str) -> None:
    result = arena(match, ["random", _inline(source)], 4, seed=2, move_timeout=0.5)
    assert len(result.games) == 4
    assert len(result.failures) == 4  # every game starts the bot again, and it fails again
    for game in result.failures:
        assert game.failure is not None
        assert reason in game.failure.reason
        assert game.bots[game.failure.seat].startswith("exec:")


def test_a_command_that_does_not_exist_is_a_failure_not_a_crash() -> None:
    result = arena(match, ["random", "exec:/no/such/bot"], 2, seed=2)
    assert all("cannot start '/no/such/bot'" in g.failure.reason for g in result.failures)  # type: ignore[union-attr]
    with pytest.raises(ValueError, match="needs a command"):
        get_bot("exec:", match)


def test_a_hang_off_the_main_thread_stops_the_process_and_spares_the_next_game() -> None:
    source = (
        "import json, sys, time\n"
        "game = 0\n"
        "for line in sys.stdin:\n"
        "    message = json.loads(line)\n"
        "    if message['type'] == 'new-game': game = message['game']\n"
        "    if message['type'] == 'choose':\n"
        "        if game == 0: time.sleep(60)\n"
        "        print(json.dumps({'action': 0}), flush=True)\n"
    )
    started = time.monotonic()
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        result = arena(
            match, [_inline(source), "random"], 2, seed=1, move_timeout=0.5, executor=pool, chunk=2
        )
    assert time.monotonic() - started < 30
    first, second = result.games
    assert first.failure is not None
    assert "move timeout of 0.5 s" in first.failure.reason
    assert second.failure is None
