"""Golden perft counts and playthrough transcripts (every preset, a few seeds).

Regenerate the transcripts after an intended rules change with
``python examples/playthrough.py --regenerate tests/all_fours/golden/playthrough-*.txt``
and explain the diff in the commit.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import fourgames
from fourgames import all_fours
from fourgames.testing import (
    PerftCase,
    divide,
    perft,
    playthrough,
    read_perft_file,
    replay_playthrough_file,
)

GOLDEN = Path(__file__).parent / "golden"
PERFT_CASES = read_perft_file(GOLDEN / "all_fours.perft")

PLAYTHROUGHS = [
    ("seven-up", 2, 1),
    ("seven-up", 3, 2),
    ("seven-up", 4, 3),
    ("long", 3, 4),
    ("pitch", 2, 5),
    ("pitch", 4, 6),
    ("trinidad", 2, 7),
    ("trinidad", 4, 8),
]


def _options(setup: dict[str, object]) -> all_fours.Options:
    options = setup.get("options", {})
    if isinstance(options, str):
        return all_fours.PRESETS[options]
    assert isinstance(options, dict)
    return all_fours.Options(**options)


@pytest.mark.parametrize("case", PERFT_CASES, ids=[case.id for case in PERFT_CASES])
def test_perft(case: PerftCase) -> None:
    players, seed = case.setup["players"], case.setup["seed"]
    assert isinstance(players, int)
    assert isinstance(seed, int)
    state = all_fours.new_game(players, seed=seed, options=_options(case.setup))
    for depth, expected in case.counts:
        got = perft(all_fours, state, depth)
        assert got == expected, f"perft {depth}: {got} != {expected}\n" + "\n".join(
            f"{action}: {count}" for action, count in divide(all_fours, state, depth)
        )


def test_every_preset_has_perft_cases_and_a_playthrough() -> None:
    in_perft = {case.setup["options"] for case in PERFT_CASES}
    in_playthroughs = {preset for preset, _, _ in PLAYTHROUGHS}
    assert set(all_fours.PRESETS) <= in_perft
    assert set(all_fours.PRESETS) <= in_playthroughs


@pytest.mark.parametrize(
    ("preset", "players", "seed"),
    PLAYTHROUGHS,
    ids=[f"{preset}-{players}p-seed-{seed}" for preset, players, seed in PLAYTHROUGHS],
)
def test_playthrough(preset: str, players: int, seed: int) -> None:
    path = GOLDEN / f"playthrough-{preset}-{players}p-seed-{seed}.txt"
    if os.environ.get("FOURGAMES_REGENERATE"):
        text = playthrough(
            all_fours, players, seed, all_fours.PRESETS[preset], max_actions=1000, choice_seed=seed
        )
        path.write_text(text, encoding="utf-8")
    stored, regenerated = replay_playthrough_file(path)
    assert stored == regenerated
    assert "terminal: True" in stored
    assert f"options: {fourgames.to_json(all_fours.PRESETS[preset])}" in stored
