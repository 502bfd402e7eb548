"""Pinned JSON documents: old files must keep loading to equal objects (format stability).

Regenerate only for an intended format change (a schema bump, with a CHANGELOG entry):
``FOURGAMES_REGENERATE=1 PYTHONPATH=src python -m pytest tests/vier_felder/test_json_golden.py``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

import pytest

from fourgames import vier_felder as vf
from fourgames.records import Record


def _objects() -> dict[str, object]:
    options = vf.VOLLE_ERNTE
    state = vf.new_game(3, seed=2026, options=options)
    record = Record("vier-felder", 3, 2026, options)
    rng = random.Random(1)
    while state.round == 1:  # play round 1 and into round 2: history, stockpiles, coins
        legal = vf.legal_actions(state)
        builds = [a for a in legal if isinstance(a, vf.Build)]
        action = rng.choice(builds if builds and rng.random() < 0.5 else legal)
        state = vf.apply(state, action)
        record = record.append(action)
    mid = vf.new_game(2, seed=7)
    for _ in range(25):
        legal = vf.legal_actions(mid)
        builds = [a for a in legal if isinstance(a, vf.Build)]
        mid = vf.apply(mid, builds[0] if builds else legal[-1])
    return {
        "state-3p-seed-2026-round-2": state,
        "state-2p-seed-7-ply-25": mid,
        "observation-2p-seed-7-ply-25-player-0": vf.observe(mid, 0),
        "record-3p-seed-2026-round-1": record,
        "options-volle-ernte": vf.VOLLE_ERNTE,
        "options-flags": vf.Options(joker_sun=True, first_dealer=1, target_score=21),
        "action-sow": vf.parse_action("sow 7♥ f2"),
        "action-harvest": vf.parse_action("harvest 8♠ f0 8♣ [8+ 3♣ 5♥]"),
        "action-stockpile": vf.parse_action("stockpile 2♠ f0 6♦ [8+ 3♣ 5♥] =8"),
        "action-full-harvest": vf.parse_action("full 2♣ 3♦ 4♥ K♠ f0 5♦ 9♥ A♦ turn ♠"),
    }


GOLDEN = Path(__file__).parent / "golden" / "json"
OBJECTS = _objects()


@pytest.mark.parametrize("name", sorted(OBJECTS))
def test_pinned_json(name: str, pinned_json: Callable[[Path, object], None]) -> None:
    pinned_json(GOLDEN / f"{name}.json", OBJECTS[name])


def test_the_pinned_state_has_stockpiles_and_history() -> None:
    state = OBJECTS["state-3p-seed-2026-round-2"]
    assert isinstance(state, vf.State)
    assert len(state.history) == 1
    mid = OBJECTS["state-2p-seed-7-ply-25"]
    assert isinstance(mid, vf.State)
    assert any(mid.stockpiles)
