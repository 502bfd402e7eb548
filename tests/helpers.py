"""Helpers the spec tests of every game share: play moves by their text, expect a refusal."""

from __future__ import annotations

from typing import Any

import pytest

from fourgames.errors import IllegalActionError


def play(game: Any, state: Any, *texts: str) -> Any:
    """The state after the actions written ``texts``, each found among the legal actions (so a
    text may be short: ``"harvest 5d"``) and applied in turn."""
    for text in texts:
        state = game.apply(state, game.find_action(state, text))
    return state


def assert_refused(game: Any, state: Any, action: Any, *, rule: str) -> IllegalActionError:
    """``action`` (an action or its text) is refused by ``check``, ``is_legal`` and ``apply``
    alike, naming ``rule``; the refusal is returned for further checks of its message."""
    if isinstance(action, str):
        action = game.parse_action(action)
    assert not game.is_legal(state, action)
    with pytest.raises(IllegalActionError) as checked:
        game.check(state, action)
    with pytest.raises(IllegalActionError) as applied:
        game.apply(state, action)
    assert checked.value.rule == applied.value.rule == rule, checked.value
    assert str(checked.value) == str(applied.value)
    return applied.value
