"""Golden perft counts and playthroughs (regenerate the latter with regenerate_golden.py)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

from fourgames import vier_felder as vf
from fourgames.testing import divide, perft, read_perft_file

GOLDEN = Path(__file__).parent / "golden"
CASES = read_perft_file(GOLDEN / "vier_felder.perft")


def _regenerate_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "vier_felder_regenerate_golden", Path(__file__).parent / "regenerate_golden.py"
    )
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


REGEN = _regenerate_module()


@pytest.mark.parametrize("case", CASES, ids=[case.id for case in CASES])
def test_perft(case: object) -> None:
    setup = case.setup  # type: ignore[attr-defined]
    state = vf.new_game(
        setup["players"], seed=setup["seed"], options=vf.Options(**setup["options"])
    )
    for depth, expected in case.counts:  # type: ignore[attr-defined]
        got = perft(vf, state, depth)
        if got != expected:
            rows = "\n".join(f"{text}: {count}" for text, count in divide(vf, state, depth))
            pytest.fail(f"perft {depth} = {got}, expected {expected}\n{rows}")


def test_every_preset_has_a_perft_case_and_a_playthrough() -> None:
    options = {vf.Options(**case.setup["options"]) for case in CASES}
    played = {REGEN.PLAYTHROUGHS[name][2] for name in REGEN.PLAYTHROUGHS}
    for preset in (vf.RULEBOOK, vf.VOLLE_ERNTE, vf.JOKER_SUN):
        assert preset in options
        assert preset in played


@pytest.mark.parametrize("name", sorted(REGEN.PLAYTHROUGHS))
def test_playthrough(name: str) -> None:
    expected = (GOLDEN / f"playthrough-{name}.txt").read_text(encoding="utf-8")
    assert REGEN.transcript(name) == expected
