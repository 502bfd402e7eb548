"""Pinned JSON documents: old files must keep loading to equal objects (format stability).

Regenerate only for an intended format change (a schema bump, with a CHANGELOG entry):
``FOURGAMES_REGENERATE=1 PYTHONPATH=src python -m pytest tests/all_fours/test_json_golden.py``.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from fourgames import all_fours
from fourgames.records import Record


def _objects() -> dict[str, object]:
    state = all_fours.new_game(3, seed=2026, options=all_fours.Options(first_dealer=0))
    record = Record("all-fours", 3, 2026, state.options)
    for _ in range(9):
        action = all_fours.legal_actions(state)[-1]
        state = all_fours.apply(state, action)
        record = record.append(action)
    return {
        "state-3p-seed-2026-ply-9": state,
        "observation-3p-seed-2026-ply-9-player-1": all_fours.observe(state, 1),
        "record-3p-seed-2026-ply-9": record,
        "options-trinidad": all_fours.TRINIDAD,
        "options-flags": all_fours.Options(
            target=11, in_play=all_fours.InPlay.HELD_AT_PLAY, gift_cannot_win=True
        ),
        "action-stand": all_fours.parse_action("stand"),
        "action-beg": all_fours.parse_action("beg"),
        "action-give": all_fours.parse_action("give"),
        "action-run": all_fours.parse_action("run"),
        "action-discard": all_fours.parse_action("discard 7♥"),
        "action-play": all_fours.parse_action("play 10♠"),
    }


GOLDEN = Path(__file__).parent / "golden" / "json"
OBJECTS = _objects()


@pytest.mark.parametrize("name", sorted(OBJECTS))
def test_pinned_json(name: str, pinned_json: Callable[[Path, object], None]) -> None:
    pinned_json(GOLDEN / f"{name}.json", OBJECTS[name])
