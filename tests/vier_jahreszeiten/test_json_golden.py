"""Pinned JSON of Vier Jahreszeiten: files written by schema 1 keep loading."""

from __future__ import annotations

from pathlib import Path

from fourgames import vier_jahreszeiten as vj

GOLDEN = Path(__file__).parent / "golden"


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
