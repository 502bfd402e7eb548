"""``import fourgames`` and playing a game import no optional package; the encodings import
numpy only, and each adapter its own ecosystem."""

from __future__ import annotations

import subprocess
import sys

import pytest

OPTIONAL = ("numpy", "gymnasium", "pettingzoo", "pyspiel")


def _imported_after(statement: str) -> set[str]:
    code = (
        f"import sys\n{statement}\nprint(' '.join(m for m in {OPTIONAL!r} if m in sys.modules))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True)
    return set(done.stdout.split())


def test_the_core_imports_no_optional_package() -> None:
    played = "import fourgames\nfrom fourgames.bots import play_game\n"
    played += "play_game(fourgames.get_game('all-fours'), 2, seed=1)"
    assert _imported_after(played) == set()


def test_the_encodings_import_numpy_only() -> None:
    pytest.importorskip("numpy")
    assert _imported_after("from fourgames.encoding import get_encoding") == {"numpy"}


@pytest.mark.parametrize(
    ("module", "package"),
    [("pettingzoo", "pettingzoo"), ("gymnasium", "gymnasium"), ("openspiel", "pyspiel")],
)
def test_an_adapter_imports_its_own_package(module: str, package: str) -> None:
    pytest.importorskip(package)
    imported = _imported_after(f"import fourgames.adapters.{module}")
    assert {"numpy", package} <= imported
    assert "pyspiel" not in imported or package == "pyspiel"
