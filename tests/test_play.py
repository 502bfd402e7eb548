"""`fourgames play` scripted over stdin: what the human sees, the clock, undo, hint, records;
and the output rules of every command (pipes closing early, ASCII, --version)."""

import io
import json
import os
import re
import select
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Final

import pytest

import fourgames
from fourgames import from_json, replay
from fourgames.__main__ import _parser, _play
from fourgames._play import Clock, Lines, Table, summary, to_ascii
from fourgames.bots import get_bot
from fourgames.viereinhalb_minuten import TimeUp


def _script(*argv: str, answers: str) -> str:
    """The text a scripted `play` writes."""
    out = io.StringIO()
    assert _play(_parser().parse_args(["play", *argv]), out, io.StringIO(answers)) == 0
    return out.getvalue()


def _command(*argv: str, stdin: str = "", **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "fourgames", *argv],
        input=stdin,
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, **env},
        timeout=120,
    )


# --- The bugs --------------------------------------------------------------------------------


def test_a_bots_discards_stay_hidden_from_the_human(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    text = _script(
        "all-fours", "--seed", "1", "--bot", "1=heuristic", "--record", str(path),
        answers="beg\n" + "1\n" * 40,
    )  # fmt: skip
    record = from_json(path.read_text())
    hidden = set()
    states = list(replay(record))
    for state, action in zip(states, record.actions, strict=False):
        if type(action).TAG == "discard" and fourgames.get_game("all-fours").current_player(state):
            hidden.add(str(action.card))
    assert len(hidden) == 3  # the dealer ran the cards and laid three away
    said = [line for line in text.splitlines() if line.startswith("player 1: discard")]
    assert said == ["player 1: discard (a card hidden from you)"] * 3
    assert "player 1: play" in text  # plays are open cards: shown


def test_the_clock_runs_out_in_real_time_and_applies_time_up(tmp_path: Path) -> None:
    path = tmp_path / "timed.json"
    argv = ["viereinhalb-minuten", "--seed", "2", "--time-limit", "1", "--option", "rounds=1"]
    process = subprocess.Popen(
        [sys.executable, "-m", "fourgames", "play", *argv, "--record", str(path)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    guard = threading.Timer(60, process.kill)
    guard.start()
    assert process.stdout is not None
    assert process.stdin is not None
    text = process.stdout.read()  # stdin stays open: nobody types, the clock runs out
    process.stdin.close()
    guard.cancel()
    assert process.wait() == 0
    assert "timed (1 s)" in text
    assert "[0:01 left]" in text
    assert "time is up!" in text
    assert "game over: the team loses with" in text
    assert from_json(path.read_text()).actions[-1] == TimeUp()


def test_the_time_limit_is_for_timed_games_only(capsys: pytest.CaptureFixture[str]) -> None:
    from fourgames.__main__ import main

    assert main(["play", "all-fours", "--time-limit", "5"], out=io.StringIO()) == 2
    assert "all-fours has no clock" in capsys.readouterr().err
    assert main(["play", "viereinhalb-minuten", "--time-limit", "0"], out=io.StringIO()) == 2
    assert "time_limit_s" in capsys.readouterr().err


def test_an_answer_after_the_deadline_comes_too_late() -> None:
    game = fourgames.get_game("viereinhalb-minuten")
    state = game.new_game(2, seed=2, options=game.Options(rounds=1))  # type: ignore[attr-defined]
    times = iter([0.0, 10.0, 300.0])  # round starts; the prompt shows 4:20; the answer is late

    def now() -> float:
        return next(times, 300.0)

    out = io.StringIO()
    bots = [get_bot("heuristic", game)] * 2
    table = Table(game, state, 0, bots, out, Lines(io.StringIO("1\n")), Clock(now))
    table.play()
    assert "[4:20 left]" in out.getvalue()
    assert "you:" not in out.getvalue()
    assert table.record.actions == (TimeUp(),)


def test_the_time_left_is_called_out_while_the_human_thinks() -> None:
    game = fourgames.get_game("viereinhalb-minuten")
    state = game.new_game(2, seed=2, options=game.Options(rounds=1))  # type: ignore[attr-defined]
    times = iter([0.0, 29.95, 239.98, 269.99])  # each call-out comes a moment after the prompt

    def now() -> float:
        return next(times, 300.0)

    read, write = os.pipe()  # nobody types
    out = io.StringIO()
    bots = [get_bot("heuristic", game)] * 2
    silence = os.fdopen(read)
    Table(game, state, 0, bots, out, Lines(silence), Clock(now)).play()
    os.close(write)  # the reading thread ends at the end of the input; then close
    silence.close()
    called = re.findall(r"\[(\d:\d\d) left\]", out.getvalue())
    assert called == ["4:01", "0:31", "0:01"]
    assert "time is up!" in out.getvalue()


def test_a_pipe_closing_early_ends_quietly() -> None:
    read, write = os.pipe()
    os.close(read)  # like `| head -1` when head has gone
    for argv in (["games"], ["show", "vier-felder", "--seed", "1"]):
        done = subprocess.run(
            [sys.executable, "-m", "fourgames", *argv],
            stdout=write,
            stderr=subprocess.PIPE,
            text=True,
            check=False,
        )
        assert done.stderr == "", argv
        assert done.returncode == 141
    os.close(write)


def test_version() -> None:
    done = _command("--version")
    assert (done.returncode, done.stdout) == (0, f"fourgames {fourgames.__version__}\n")


def test_output_is_ascii_where_the_encoding_cannot_write_suits() -> None:
    done = _command("show", "all-fours", "--seed", "1", PYTHONIOENCODING="cp1252")
    assert done.returncode == 0, done.stderr
    assert "Hand of P0: 7D 8D 8S 10C 10H KC" in done.stdout
    asked = _command("--ascii", "show", "viereinhalb-minuten", "--seed", "1")
    assert asked.stdout.isascii()
    assert "4 1/2 Minuten | round 1 of 3" in asked.stdout
    assert "♥" in _command("show", "all-fours", "--seed", "1").stdout


def test_ascii_cards_read_back_as_actions() -> None:
    game = fourgames.get_game("all-fours")
    state = game.apply(game.new_game(2, seed=1), game.parse_action("stand"))
    for action in game.legal_actions(state):
        assert game.find_action(state, to_ascii(str(action))) == action


# --- Playing -----------------------------------------------------------------------------------


def test_a_whole_game_over_stdin_with_typed_actions_undo_and_hint(tmp_path: Path) -> None:
    path = tmp_path / "solitaire.json"
    answers = "help\nhint\nundo\nnonsense\n999\n" + "1\n" * 5 + "undo\n" + "1\n" * 400
    done = _command("play", "vier-jahreszeiten", "--seed", "1", "--record", str(path),
                    stdin=answers)  # fmt: skip
    assert done.returncode == 0, done.stderr
    text = done.stdout
    assert "Type help for help" in text
    assert "type an action's number or its text" in text
    assert "hint: " in text
    assert "nothing to undo yet" in text
    assert "no legal Vier Jahreszeiten action matches 'nonsense'" in text
    assert "no move 999: the moves are numbered 1 to" in text
    assert "undone: back to your move 5" in text
    record = from_json(path.read_text())
    final = list(replay(record))[-1]
    game = fourgames.get_game("vier-jahreszeiten")
    assert game.is_terminal(final)
    on = game.scores(final)[0]
    assert f"game over: no move left: lost with {on} cards on the foundations" in text or (
        on == 52 and "game over: won: 52 cards on the foundations" in text
    )


def test_text_and_numbers_name_the_same_move() -> None:
    by_number = _script("all-fours", "--seed", "1", answers="1\nq\n")
    by_text = _script("all-fours", "--seed", "1", answers="st\nq\n")
    assert "you: stand" in by_number
    assert "you: stand" in by_text


def test_forced_moves_are_applied_with_a_note() -> None:
    text = _script("vier-jahreszeiten", "--seed", "1", answers="1\n" * 400)
    assert "(your only move)" in text
    forced = [line for line in text.splitlines() if line.endswith("(your only move)")]
    assert all(line.startswith("you: ") for line in forced)


def test_opponents_are_chosen_by_name(capsys: pytest.CaptureFixture[str]) -> None:
    from fourgames.__main__ import main

    text = _script("all-fours", "--seed", "1", "--opponent", "random", answers="1\n" * 300)
    assert "game over: " in text
    assert main(["play", "all-fours", "--opponent", "genius"], out=io.StringIO()) == 2
    assert "genius" in capsys.readouterr().err


def test_summaries_in_words() -> None:
    game = fourgames.get_game("all-fours")
    final = None
    for state in replay(_finished("all-fours")):
        final = state
    scores = game.scores(final)
    winner = next(iter(game.winners(final)))
    words = summary(game, final, winner)
    assert words == f"you win {scores[winner]}–{scores[1 - winner]}"
    assert summary(game, final, 1 - winner) == (
        f"player {winner} wins {scores[winner]}–{scores[1 - winner]}"
    )


def _finished(game_id: str) -> fourgames.Record:
    from fourgames.bots import play_game

    return play_game(fourgames.get_game(game_id), 2, seed=5)[1]


def test_the_record_is_saved_on_quit_too(tmp_path: Path) -> None:
    path = tmp_path / "quit.json"
    _script("all-fours", "--seed", "1", "--record", str(path), answers="stand\nq\n")
    data = json.loads(path.read_text())
    assert data["type"] == "record"
    assert [action["type"] for action in data["actions"]][:1] == ["stand"]


def test_with_rich_the_table_is_a_panel_with_red_hearts() -> None:
    console_module = pytest.importorskip("rich.console")
    game = fourgames.get_game("all-fours")
    out = io.StringIO()
    console = console_module.Console(file=out, force_terminal=True, color_system="standard")
    bots = [get_bot("random", game)] * 2
    table = Table(game, game.new_game(2, seed=1), 0, bots, out, Lines(io.StringIO("q\n")),
                  Clock(lambda: 0.0), console)  # fmt: skip
    table.play()
    text = out.getvalue()
    assert "╭" in text
    assert "All Fours · you are player 0" in text
    assert "\x1b[1;31m7♦" in text  # a red diamond, in the hand 7♦ 8♦ 8♠ …
    assert "\x1b[1m8♠" in text


def test_with_rich_the_cards_of_4_and_a_half_minuten_are_on_their_colours() -> None:
    console_module = pytest.importorskip("rich.console")
    game = fourgames.get_game("viereinhalb-minuten")
    state = game.new_game(2, seed=1, options=game.Options(timed=False))  # type: ignore[attr-defined]
    out = io.StringIO()
    console = console_module.Console(file=out, force_terminal=True, color_system="truecolor")
    bots = [get_bot("random", game)] * 2
    Table(game, state, 0, bots, out, Lines(io.StringIO("q\n")), Clock(lambda: 0.0), console).play()
    table, menu = out.getvalue().split("╯")  # the panel, then the moves in plain text
    white_on = "\x1b[1;38;2;255;255;255;48;2;"
    assert f"{white_on}198;40;40mN(0,1)\x1b[0m" in table  # colour 0, #c62828
    assert f"{white_on}21;101;192mN(3,1)\x1b[0m" in table  # colour 3, #1565c0
    assert f"{white_on}46;125;50mREV(2)\x1b[0m" in table  # colour 2, #2e7d32
    assert "\x1b[" not in menu
    ascii_text = _script("viereinhalb-minuten", "--seed", "1", answers="q\n")
    assert "\x1b[" not in ascii_text  # no terminal: plain
    assert "> P0: N(0,1) N(3,1)" in ascii_text


def _read_for(terminal: int, seconds: float) -> str:
    """What the program writes to ``terminal`` in ``seconds`` (less if it ends)."""
    chunks = []
    end = time.monotonic() + seconds
    while (wait := end - time.monotonic()) > 0:
        ready, _, _ = select.select([terminal], [], [], wait)
        if not ready:
            break
        try:
            chunk = os.read(terminal, 65536)
        except OSError:  # the program has ended and closed its side
            break
        if not chunk:
            break
        chunks.append(chunk)
    return b"".join(chunks).decode("utf-8", "replace")


def _on_a_terminal(*argv: str) -> tuple[int, subprocess.Popen[bytes]]:
    """`fourgames play` on a pseudo-terminal (where the table is drawn with rich), and the
    terminal's side to read and type on."""
    pytest.importorskip("rich")
    pty = pytest.importorskip("pty")  # POSIX
    terminal, other = pty.openpty()
    process = subprocess.Popen(
        [sys.executable, "-m", "fourgames", "play", "viereinhalb-minuten", *argv],
        stdin=other,
        stdout=other,
        stderr=other,
    )
    os.close(other)
    return terminal, process


def _read_to_prompt(terminal: int, process: subprocess.Popen[bytes]) -> str:
    text = ""
    while "your move" not in text and process.poll() is None:
        text += _read_for(terminal, 0.5)
    return text


_TICK: Final = re.compile(r"\x1b7\r(?:\x1b\[[\d;]*m)*\[(\d:\d\d) left\]")
"""The time left redrawn in place: the cursor saved, the line's start, the time (styled)."""


def test_on_a_terminal_the_clock_ticks_while_nobody_types(tmp_path: Path) -> None:
    path = tmp_path / "timed.json"
    terminal, process = _on_a_terminal(
        "--seed", "2", "--time-limit", "3", "--option", "rounds=1", "--record", str(path)
    )
    try:
        first = _read_to_prompt(terminal, process)
        second = _read_for(terminal, 1.2)  # nothing typed in between
        rest = _read_for(terminal, 60)
    finally:
        os.close(terminal)
        assert process.wait(timeout=60) == 0
    shown = re.findall(r"\[(\d:\d\d) left\]", first)
    ticks = _TICK.findall(second)
    assert shown, first
    assert ticks, second
    assert ticks[-1] < shown[-1]
    assert "time is up!" in rest
    assert "game over: the team loses with" in rest
    assert from_json(path.read_text()).actions == (TimeUp(),)


def test_on_a_terminal_a_move_typed_while_the_clock_ticks_is_made() -> None:
    terminal, process = _on_a_terminal("--seed", "2", "--time-limit", "60", "--option", "rounds=1")
    try:
        _read_to_prompt(terminal, process)
        ticked = _read_for(terminal, 1.2)
        os.write(terminal, b"1\n")
        answer = _read_to_prompt(terminal, process)
        os.write(terminal, b"q\n")
        _read_for(terminal, 60)
    finally:
        os.close(terminal)
        assert process.wait(timeout=60) == 0
    assert _TICK.findall(ticked)
    assert re.search(r"^you: \S", answer, re.M), answer


def test_without_a_terminal_the_table_is_plain_text() -> None:
    text = _script("all-fours", "--seed", "1", answers="q\n")
    assert "\x1b[" not in text
    assert "╭" not in text
    assert "Hand of P0 (you): 7♦ 8♦ 8♠ 10♣ 10♥ K♣" in text


def test_undo_against_bots_takes_back_the_bots_answers_too(tmp_path: Path) -> None:
    undone, straight = tmp_path / "undone.json", tmp_path / "straight.json"
    text = _script("all-fours", "--seed", "1", "--record", str(undone),
                   answers="beg\n" + "1\n" * 6 + "undo\nundo\nq\n")  # fmt: skip
    _script("all-fours", "--seed", "1", "--record", str(straight),
            answers="beg\n" + "1\n" * 4 + "q\n")  # fmt: skip
    assert "undone: back to your move 7" in text
    assert "undone: back to your move 6" in text
    assert from_json(undone.read_text()) == from_json(straight.read_text())


def test_the_command_line_and_the_pictures_import_no_extra() -> None:
    code = (
        "import sys, fourgames, fourgames.__main__, fourgames.pictures\n"
        "for game_id in fourgames.GAMES:\n"
        "    game = fourgames.get_game(game_id)\n"
        "    game.new_game(game.INFO.min_players, seed=1)._repr_svg_()\n"
        "extras = [m for m in sys.modules if m.split('.')[0] in ('rich', 'mkdocs', 'numpy')]\n"
        "assert not extras, extras\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
