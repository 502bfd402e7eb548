"""The strength ladder's own arithmetic: what it times and the paired differences it prints."""

from __future__ import annotations

import importlib.util
import random
import re
from pathlib import Path
from typing import Any

from fourgames.bots import RandomBot

LADDER = Path(__file__).parent.parent / "examples" / "bot_strength.py"


def _ladder() -> Any:
    spec = importlib.util.spec_from_file_location("bot_strength", LADDER)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_only_moves_with_a_choice_are_timed() -> None:
    timed = _ladder().Timed(RandomBot())
    rng = random.Random(1)
    assert timed.choose(None, ("only",), rng) == "only"
    assert timed.moves == 0
    assert timed.choose(None, ("a", "b"), rng) in ("a", "b")
    assert timed.moves == 1


def test_the_difference_of_team_scores_is_paired_by_deal() -> None:
    ours, theirs = [-50.0, -60.0, -40.0], [-51.0, -62.0, -43.0]
    line = _ladder().difference("search", ours, "heuristic", theirs)
    # the gains 1, 2, 3 on the three deals: mean 2, interval 2 ± 1.96 / sqrt(3)
    assert line.split()[:3] == ["search", "minus", "heuristic:"], line
    assert re.findall(r"[+-]\d+\.\d\d", line) == ["+2.00", "+0.87", "+3.13"], line
