"""The games and player counts every adapter test runs: each game at each of its counts, and
Vier Jahreszeiten in both layouts."""

from __future__ import annotations

from typing import Any

import pytest

import fourgames
from fourgames import vier_jahreszeiten

CASES: list[tuple[str, int, Any]] = [
    (game_id, players, None)
    for game_id, game in sorted(fourgames.GAMES.items())
    for players in range(game.MIN_PLAYERS, game.MAX_PLAYERS + 1)
] + [("vier-jahreszeiten", 1, vier_jahreszeiten.PRESETS["simplicity"])]


def case_id(case: tuple[str, int, Any]) -> str:
    """``all-fours-3``, ``vier-jahreszeiten-1-simplicity``."""
    game_id, players, options = case
    return f"{game_id}-{players}" + ("" if options is None else "-simplicity")


cases = pytest.mark.parametrize(("game_id", "players", "options"), CASES, ids=map(case_id, CASES))
"""Parametrize a test over `CASES`."""
