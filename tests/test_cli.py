"""The command line: simulate, show, play, games; wrong arguments exit 2 without a traceback."""

import io
import subprocess
import sys

import pytest

from fourgames.__main__ import main

MATCH = "fourgames.testing.reference"


def _run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    return main(list(argv), out=out), out.getvalue()


def test_simulate_prints_the_result_table() -> None:
    status, text = _run("simulate", MATCH, "--players", "3", "--games", "20", "--seed", "4")
    assert status == 0
    assert "games           20" in text
    assert "actions/game" in text
    assert "games/s" in text
    seats = [line.split() for line in text.splitlines() if line[:4].strip().isdigit()]
    assert [row[0] for row in seats] == ["0", "1", "2"]
    assert sum(int(row[1]) for row in seats) >= 20  # every game has at least one winner


def test_simulate_is_reproducible_from_its_seed() -> None:
    def wins(text: str) -> list[str]:
        return [line for line in text.splitlines() if line[:4].strip().isdigit()]

    first = _run("simulate", MATCH, "--games", "10", "--seed", "9")[1]
    second = _run("simulate", MATCH, "--games", "10", "--seed", "9")[1]
    assert wins(first) == wins(second)


def test_options_are_set_by_key_and_checked(capsys: pytest.CaptureFixture[str]) -> None:
    status, text = _run("show", MATCH, "--seed", "3", "--option", "hand_size=3")
    assert status == 0
    assert text.splitlines()[0] == "match, seed 3"
    assert text.splitlines()[2].split()[3:] == ["2♦", "2♥", "9♠"]  # three cards, not five
    assert _run("show", MATCH, "--option", "hand_size=x")[0] == 2
    assert "expected int" in capsys.readouterr().err
    assert _run("show", MATCH, "--option", "colour=red")[0] == 2
    assert "no option 'colour'" in capsys.readouterr().err
    assert _run("show", MATCH, "--option", "hand_size=40")[0] == 2
    assert "options.hand_size: 40 is outside 1..12" in capsys.readouterr().err
    assert _run("show", MATCH, "--option", "hand_size")[0] == 2


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["simulate", "chess"], "unknown game 'chess'"),
        (["simulate", MATCH, "--players", "9"], "2 to 4 players"),
        (["simulate", MATCH, "--games", "0"], "at least 1"),
        (["simulate", MATCH, "--preset", "fast"], "no preset 'fast'"),
        (["simulate", "no.such.module"], "cannot import"),
        (["simulate", "fourgames.cards"], "not a game module"),
        (["play", MATCH, "--seat", "5"], "--seat must be"),
    ],
)
def test_wrong_arguments_exit_2_with_a_message(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv, out=io.StringIO()) == 2
    err = capsys.readouterr().err
    assert message in err
    assert "Traceback" not in err


def test_argparse_errors_exit_2_without_traceback() -> None:
    for argv in (["simulate"], ["frobnicate"], ["simulate", MATCH, "--games", "x"], []):
        done = subprocess.run(
            [sys.executable, "-m", "fourgames", *argv], capture_output=True, text=True, check=False
        )
        assert done.returncode == 2, argv
        assert "Traceback" not in done.stderr
        assert "usage:" in done.stderr


def test_play_numbers_actions_and_asks_again_on_bad_input() -> None:
    from fourgames.__main__ import _parser, _play

    args = _parser().parse_args(["play", MATCH, "--seed", "3"])
    out = io.StringIO()
    assert _play(args, out, io.StringIO("zero\n99\ndraw\n" + "1\n" * 200)) == 0
    text = out.getvalue()
    assert "you are player 0" in text
    assert "  1. " in text
    assert "no legal Match action matches 'zero'" in text
    assert text.count("no move 99: the moves are numbered 1 to") == 1
    assert "you: draw" in text
    assert "game over: " in text


def test_play_shows_the_human_only_their_own_view() -> None:
    from fourgames.__main__ import _parser, _play
    from fourgames.testing import reference as match

    args = _parser().parse_args(["play", MATCH, "--seed", "3"])
    out = io.StringIO()
    _play(args, out, io.StringIO("q\n"))
    other = " ".join(map(str, match.new_game(2, seed=3).hands[1]))
    assert other not in out.getvalue()
    assert "player 1: 5 cards" in out.getvalue()


def test_play_quits_on_q() -> None:
    from fourgames.__main__ import _parser, _play

    args = _parser().parse_args(["play", MATCH, "--seed", "3"])
    out = io.StringIO()
    assert _play(args, out, io.StringIO("q\n1\n")) == 0
    assert out.getvalue().count("your move") == 1
    assert "game over" not in out.getvalue()


def test_games_lists_registered_games() -> None:
    import fourgames

    status, text = _run("games")
    assert status == 0
    lines = text.splitlines()
    assert [line.split()[0] for line in lines] == sorted(fourgames.GAMES) or lines == [
        "no games registered"
    ]


def test_solve_reports_the_fractions_to_the_given_stream() -> None:
    status, text = _run("solve", "vier-jahreszeiten", "--deals", "3", "--preset", "simplicity")
    assert status == 0
    assert "proven winnable (solver)    1.000  (3/3)" in text
    assert "undecided (budget spent)    0.000  (0/3)" in text


def test_simulate_seats_bots_by_spec(capsys: pytest.CaptureFixture[str]) -> None:
    def seats(text: str) -> list[list[str]]:
        return [line.split() for line in text.splitlines() if line[:4].strip().isdigit()]

    args = ("simulate", MATCH, "--games", "6", "--seed", "2")
    status, text = _run(*args, "--bot", "0=ismcts:iterations=5")
    assert status == 0
    again = _run(*args, "--bot", "0=ismcts:iterations=5", "--bot", "1=random")[1]
    assert seats(text) == seats(again)
    assert seats(_run(*args)[1]) == seats(_run(*args, "--bot", "1=random")[1])
    for bad, message in [
        ("x", "--bot takes SEAT=SPEC"),
        ("2=random", "--bot seat must be 0 to 1, not 2"),
        ("0=chess", "unknown bot 'chess'"),
        ("0=ismcts:width=2", "no parameter 'width'"),
        ("0=heuristic", "match has no heuristic bot"),
    ]:
        assert _run(*args, "--bot", bad)[0] == 2
        assert message in capsys.readouterr().err
    assert _run(*args, "--bot", "0=random", "--bot", "0=random")[0] == 2
    assert "twice" in capsys.readouterr().err


def test_play_seats_bots_against_the_human(capsys: pytest.CaptureFixture[str]) -> None:
    out = io.StringIO()
    argv = ["play", MATCH, "--seed", "3", "--bot", "1=ismcts:iterations=3"]
    from fourgames.__main__ import _parser, _play

    assert _play(_parser().parse_args(argv), out, io.StringIO("1\n" * 200)) == 0
    assert "game over" in out.getvalue()
    assert _run("play", MATCH, "--seat", "1", "--bot", "1=random")[0] == 2
    assert "your own seat" in capsys.readouterr().err
