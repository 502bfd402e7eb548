"""Golden files of every game: perft counts and playthrough transcripts, read generically.

Each game keeps ``tests/<module>/golden/<module>.perft`` (python-chess's format, keyed by seed;
depth-1 counts derived by hand in its comments) and ``playthrough-*.txt`` transcripts, which
regenerate from their own header (``python examples/playthrough.py --regenerate``). Every
preset of every game has at least one of each.
"""

from pathlib import Path
from typing import Any

import pytest

import fourgames
from fourgames.testing import PerftCase, divide, perft, read_perft_file, replay_playthrough_file

TESTS = Path(__file__).parent


def _golden(game_id: str) -> Path:
    return TESTS / game_id.replace("-", "_") / "golden"


PERFT = [
    (game_id, case)
    for game_id in sorted(fourgames.GAMES)
    for path in sorted(_golden(game_id).glob("*.perft"))
    for case in read_perft_file(path)
]
PLAYTHROUGHS = sorted(TESTS.glob("*/golden/playthrough*.txt"))


@pytest.mark.parametrize(("game_id", "case"), PERFT, ids=[f"{g}:{c.id}" for g, c in PERFT])
def test_perft(game_id: str, case: PerftCase) -> None:
    game = fourgames.get_game(game_id)
    state = case.state(game)
    for depth, expected in case.counts:
        got = perft(game, state, depth)
        if got != expected:
            rows = "\n".join(f"{text}: {count}" for text, count in divide(game, state, depth))
            pytest.fail(f"perft {depth} = {got}, expected {expected}\n{rows}")


@pytest.mark.parametrize(
    "path", PLAYTHROUGHS, ids=[f"{p.parent.parent.name}/{p.name}" for p in PLAYTHROUGHS]
)
def test_playthrough(path: Path) -> None:
    stored, regenerated = replay_playthrough_file(path)
    assert stored == regenerated, f"{path} changed; read the diff, then regenerate it"


def _playthrough_options(path: Path) -> Any:
    header = path.read_text(encoding="utf-8").split("\n\n", 1)[0]
    line = next(line for line in header.splitlines() if line.startswith("options: "))
    return fourgames.from_json(line.removeprefix("options: "))


@pytest.mark.parametrize("game_id", sorted(fourgames.GAMES))
def test_every_preset_has_perft_cases_and_a_playthrough(game_id: str) -> None:
    game: Any = fourgames.get_game(game_id)
    presets = set(game.PRESETS.values())
    in_perft = {case.state(game).options for g, case in PERFT if g == game_id}
    in_playthroughs = {_playthrough_options(p) for p in _golden(game_id).glob("playthrough*.txt")}
    assert presets <= in_perft
    assert presets <= in_playthroughs


OLD_DOCUMENTS = sorted(TESTS.glob("*/golden/json/schema-*/*.json"))


@pytest.mark.parametrize(
    "path",
    OLD_DOCUMENTS,
    ids=[f"{p.parents[3].name}/{p.parent.name}/{p.name}" for p in OLD_DOCUMENTS],
)
def test_older_documents_load_to_the_object_of_todays_document(path: Path) -> None:
    """A document of an older schema, kept beside today's copy, still loads, to an equal object."""
    today = path.parent.parent / path.name
    assert fourgames.from_json(path.read_text(encoding="utf-8")) == fourgames.from_json(
        today.read_text(encoding="utf-8")
    )
