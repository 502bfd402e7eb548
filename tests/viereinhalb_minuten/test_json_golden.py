"""Pinned JSON documents: old files must keep loading to equal objects (format stability).

Regenerate only for an intended format change (a schema bump, with a CHANGELOG entry):
``FOURGAMES_REGENERATE=1 PYTHONPATH=src python -m pytest``
``tests/viereinhalb_minuten/test_json_golden.py``.
``golden/json/schema-1/`` keeps the observation as schema 1 wrote it (``tests/test_golden.py``
checks that it still loads, to today's observation).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from fourgames import viereinhalb_minuten as game
from fourgames.records import Record


def _objects() -> dict[str, object]:
    options = game.FREE_START
    state = game.new_game(4, seed=2026, options=options)
    record = Record(game.GAME_ID, 4, 2026, options)
    for ply in range(12):
        legal = game.legal_actions(state)
        action = legal[(3 * ply) % len(legal)]
        state = game.apply(state, action)
        record = record.append(action)
    timed_out = game.apply(state, game.TimeUp())
    return {
        "state-4p-seed-2026-ply-12": state,
        "observation-4p-seed-2026-ply-12-player-1": game.observe(state, 1),
        "record-4p-seed-2026-ply-13": record.append(game.TimeUp()),
        "state-4p-seed-2026-round-2": timed_out,
        "options-free-start": options,
        "options-house-rules": game.Options(
            rounds=2,
            turn_limit=60,
            start_player=1,
            number_copies=1,
            colour_change_pairs=(frozenset({0, 2}), frozenset({1, 3})),
            lock_cards_coloured=False,
            colour_names=("rot", "gelb", "grün", "blau", "lila"),
            win_threshold=10,
            rating_table=(game.RatingBand(10, "gut"), game.RatingBand(50, "weiter üben")),
        ),
        "action-play": game.parse_action("N(0,3) A"),
        "action-play-named": game.parse_action("DBD(2) B P3"),
        "action-lay-aside": game.parse_action("aside"),
        "action-choose-starter": game.parse_action("starter P1"),
        "action-time-up": game.parse_action("time-up"),
    }


GOLDEN = Path(__file__).parent / "golden" / "json"
OBJECTS = _objects()


@pytest.mark.parametrize("name", sorted(OBJECTS))
def test_pinned_json(name: str, pinned_json: Callable[[Path, object], None]) -> None:
    pinned_json(GOLDEN / f"{name}.json", OBJECTS[name])
