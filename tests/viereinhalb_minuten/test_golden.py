"""Golden perft counts and playthrough transcripts (every preset, a few seeds).

Regenerate the transcripts after an intended rules or renderer change with
``python examples/playthrough.py --regenerate tests/viereinhalb_minuten/golden/playthrough-*.txt``
(or ``FOURGAMES_REGENERATE=1`` for this file) and explain the diff in the commit.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import fourgames
from fourgames import viereinhalb_minuten as game
from fourgames.testing import (
    PerftCase,
    divide,
    perft,
    playthrough,
    read_perft_file,
    replay_playthrough_file,
)

GOLDEN = Path(__file__).parent / "golden"
PERFT_CASES = read_perft_file(GOLDEN / "viereinhalb_minuten.perft")

PLAYTHROUGHS = [
    ("rulebook", 2, 1),
    ("rulebook", 4, 3),
    ("untimed", 5, 4),
    ("simulated-clock", 6, 5),
    ("free-start", 3, 6),
]


@pytest.mark.parametrize("case", PERFT_CASES, ids=[case.id for case in PERFT_CASES])
def test_perft(case: PerftCase) -> None:
    players, seed, preset = case.setup["players"], case.setup["seed"], case.setup["options"]
    assert isinstance(players, int)
    assert isinstance(seed, int)
    assert isinstance(preset, str)
    state = game.new_game(players, seed=seed, options=game.PRESETS[preset])
    for depth, expected in case.counts:
        got = perft(game, state, depth)
        assert got == expected, f"perft {depth}: {got} != {expected}\n" + "\n".join(
            f"{action}: {count}" for action, count in divide(game, state, depth)
        )


def test_every_preset_has_perft_cases_and_a_playthrough() -> None:
    in_perft = {case.setup["options"] for case in PERFT_CASES}
    in_playthroughs = {preset for preset, _, _ in PLAYTHROUGHS}
    assert set(game.PRESETS) <= in_perft
    assert set(game.PRESETS) <= in_playthroughs


@pytest.mark.parametrize(
    ("preset", "players", "seed"),
    PLAYTHROUGHS,
    ids=[f"{preset}-{players}p-seed-{seed}" for preset, players, seed in PLAYTHROUGHS],
)
def test_playthrough(preset: str, players: int, seed: int) -> None:
    path = GOLDEN / f"playthrough-{preset}-{players}p-seed-{seed}.txt"
    if os.environ.get("FOURGAMES_REGENERATE"):
        text = playthrough(
            game, players, seed, game.PRESETS[preset], max_actions=1000, choice_seed=seed
        )
        path.write_text(text, encoding="utf-8")
    stored, regenerated = replay_playthrough_file(path)
    assert stored == regenerated
    assert "terminal: True" in stored
    assert f"options: {fourgames.to_json(game.PRESETS[preset])}" in stored
