"""Golden perft counts and playthrough transcripts (regenerate with examples/playthrough.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from fourgames import vier_jahreszeiten as vj
from fourgames.testing import (
    PerftCase,
    divide,
    perft,
    read_perft_file,
    replay_playthrough_file,
)

GOLDEN = Path(__file__).parent / "golden"
CASES = read_perft_file(GOLDEN / "vier_jahreszeiten.perft")
PLAYTHROUGHS = sorted(GOLDEN.glob("playthrough-*.txt"))


def test_every_preset_has_golden_files() -> None:
    presets = {case.setup["options"] for case in CASES}
    assert presets == set(vj.PRESETS)
    for name in vj.PRESETS:
        assert any(path.name.startswith(f"playthrough-{name}-") for path in PLAYTHROUGHS)


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.id)
def test_perft(case: PerftCase) -> None:
    setup = case.setup
    state = vj.new_game(1, seed=setup["seed"], options=vj.PRESETS[setup["options"]])
    for depth, expected in case.counts:
        got = perft(vj, state, depth)
        assert got == expected, divide(vj, state, depth)


@pytest.mark.parametrize("path", PLAYTHROUGHS, ids=lambda path: path.name)
def test_playthrough(path: Path) -> None:
    stored, regenerated = replay_playthrough_file(path)
    assert stored == regenerated


def test_pinned_json_still_loads() -> None:
    """Files written by RULES_VERSION 1 / schema 1: a changed format breaks this test."""
    import json

    from fourgames import from_json, to_json
    from fourgames.records import replay

    folder = GOLDEN / "json"
    state = from_json((folder / "state-seed-1-ply-12.json").read_text(encoding="utf-8"))
    assert isinstance(state, vj.State)
    record = from_json((folder / "record-seed-1.json").read_text(encoding="utf-8"))
    *_, last = replay(record)
    assert last == state
    options = from_json((folder / "options-czarina-pysol.json").read_text(encoding="utf-8"))
    assert options.czarina_fill is vj.CzarinaFill.WASTE_PYSOL
    for data in json.loads((folder / "actions.json").read_text(encoding="utf-8")):
        action = from_json(json.dumps(data, ensure_ascii=False))
        assert to_json(action) == json.dumps(data, ensure_ascii=False)
