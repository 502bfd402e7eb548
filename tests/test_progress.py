"""Progress on stderr: silent off a terminal, one plain line without rich, rich with it."""

import io
import sys

import pytest

from fourgames._progress import Progress, progress
from fourgames.arena import arena
from fourgames.testing import reference as match


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_nothing_is_drawn_when_stderr_is_not_a_terminal(capsys: pytest.CaptureFixture[str]) -> None:
    assert list(progress(range(3), total=3, label="games")) == [0, 1, 2]
    arena(match, ["random", "random"], 2, progress=True)
    assert capsys.readouterr().err == ""


def test_the_plain_line_shows_count_rate_and_live_win_rates(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    terminal = _Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    monkeypatch.setitem(sys.modules, "rich", None)  # as if the cli extra were not installed
    arena(match, ["random", "ismcts:iterations=2"], 4, seed=1, progress=True)
    text = terminal.getvalue()
    assert "\rmatch 4/4" in text
    assert "/s ETA" in text
    assert "random " in text
    assert "ismcts:iterations=2 " in text
    assert text.endswith("\n")


def test_rich_draws_the_bar_when_installed(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("rich")
    terminal = _Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    with Progress(5, "games") as bar:
        bar.advance(5, "random 50.0%")
    assert "5/5" in terminal.getvalue()
    assert "random 50.0%" in terminal.getvalue()
