"""Every rule id the code cites resolves in the project's own rules text, ``docs/rules/<id>.md``.

A rule id is a section (``§6``, ``§16.12``) or a labelled rule, clarification or scenario
(``A11``, ``E7``). The code cites them in ``rule=`` and in its text; the tests in their names
(``test_s9_4_…`` is §9.4, ``test_E2_A9_…`` names E2 and A9). Each must be a heading, a bold list
item or the first cell of a table row in that game's rules page.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

import fourgames
from fourgames.testing import reference

ROOT = Path(__file__).parent.parent
RULES = ROOT / "docs" / "rules"
GAMES = [*sorted(fourgames.GAMES), reference.GAME_ID]

_SECTION = r"§\d+(?:\.\d+)*"
_LABEL = r"[A-Z]{1,2}\d+[a-z]?"
_ANCHOR = re.compile(
    rf"^(?:#+\s+|\s*[-*]\s+\*\*|\|\s*\*{{0,2}})({_SECTION}|{_LABEL})\b", re.MULTILINE
)
_RULE_ARGUMENT = re.compile(r"""rule=(?:f?["'])([^"']+)["']""")
_TEST_NAME = re.compile(r"^\s*def (test_\w+)", re.MULTILINE)


def _sources(game_id: str) -> list[Path]:
    if game_id == reference.GAME_ID:
        return [ROOT / "src" / "fourgames" / "testing" / "reference.py"]
    return sorted((ROOT / "src" / "fourgames" / game_id.replace("-", "_")).glob("*.py"))


def _tests(game_id: str) -> list[Path]:
    return sorted((ROOT / "tests" / game_id.replace("-", "_")).glob("test_*.py"))


def cited_in_code(game_id: str) -> set[str]:
    """The ids in ``rule=`` arguments and every § section the game's code mentions."""
    ids: set[str] = set()
    for path in _sources(game_id):
        text = path.read_text(encoding="utf-8")
        ids.update(re.findall(_SECTION, text))
        for argument in _RULE_ARGUMENT.findall(text):
            ids.update(re.findall(rf"{_SECTION}|\b{_LABEL}\b", argument))
    return ids


def named_in_tests(game_id: str) -> set[str]:
    """The ids that lead the names of the game's tests."""
    ids: set[str] = set()
    for path in _tests(game_id):
        for name in _TEST_NAME.findall(path.read_text(encoding="utf-8")):
            words = name.removeprefix("test_").split("_")
            while words:
                section = re.fullmatch(r"s(\d+)", words[0])
                if section:
                    numbers = [section[1]]
                    words = words[1:]
                    while words and words[0].isdigit():
                        numbers.append(words.pop(0))
                    ids.add("§" + ".".join(numbers))
                elif re.fullmatch(_LABEL, words[0]):
                    ids.add(words.pop(0))
                else:
                    break
    return ids


def anchors(game_id: str) -> set[str]:
    return set(_ANCHOR.findall((RULES / f"{game_id}.md").read_text(encoding="utf-8")))


@pytest.mark.parametrize("game_id", GAMES)
def test_every_cited_rule_has_its_text(game_id: str) -> None:
    assert (RULES / f"{game_id}.md").is_file(), f"docs/rules/{game_id}.md is missing"
    have = anchors(game_id)
    missing = sorted((cited_in_code(game_id) | named_in_tests(game_id)) - have)
    assert not missing, f"rule ids without a text in docs/rules/{game_id}.md: {missing}"


def test_the_collector_reads_ids_from_test_names() -> None:
    assert named_in_tests("all-fours") >= {"§9.4", "§1", "E2", "A9", "V1"}
    assert "§5" in cited_in_code("all-fours")


def test_no_file_points_outside_the_project() -> None:
    """The project carries its own rules text: nothing points to working notes outside it."""
    tracked = subprocess.run(
        ["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()
    outside = re.compile(r"shared/(?:rules|seeds)|\b00[0-9]_[0-9a-f]{16}\b")
    pointing = [
        name
        for name in tracked
        if (ROOT / name).is_file()
        and name != "tests/test_rule_texts.py"
        and outside.search((ROOT / name).read_text(encoding="utf-8", errors="replace"))
    ]
    assert not pointing, f"files pointing outside the project: {pointing}"
