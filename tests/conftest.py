"""Hypothesis profiles: ``dev`` (quick, the default) and ``ci`` (deterministic, more examples);
the ``pinned_json`` fixture for the games' pinned JSON documents."""

import os
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

import fourgames

settings.register_profile("dev", max_examples=30, deadline=None)
settings.register_profile(
    "ci",
    max_examples=100,
    deadline=None,
    derandomize=True,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.getenv("HYPOTHESIS_PROFILE", "dev"))


@pytest.fixture
def pinned_json() -> Callable[[Path, object], None]:
    """A check that ``obj`` still writes the pinned document at ``path`` and loads back equal
    (format stability). With ``FOURGAMES_REGENERATE`` set it first rewrites the file, for an
    intended format change only (a schema bump, with a CHANGELOG entry)."""

    def check(path: Path, obj: object) -> None:
        text = fourgames.to_json(obj, indent=1) + "\n"
        if os.environ.get("FOURGAMES_REGENERATE"):
            path.write_text(text, encoding="utf-8")
        stored = path.read_text(encoding="utf-8")
        assert fourgames.from_json(stored) == obj
        assert stored == text

    return check
