"""Helpers the spec tests of every game share: play moves by their text, expect a refusal,
test samples for uniformity."""

from __future__ import annotations

import math
import os
from collections import Counter
from collections.abc import Hashable, Iterable, Mapping
from typing import Any, TypeVar

import pytest

from fourgames.errors import IllegalActionError

H = TypeVar("H", bound=Hashable)


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


def chi_square_p(observed: Mapping[H, int], worlds: Iterable[H]) -> float:
    """The p-value of Pearson's chi-square test that ``observed`` counts are uniform over
    ``worlds`` (each counted as often as it is listed); cells expecting fewer than 5 are
    pooled into one; an observed key outside ``worlds`` gives 0."""
    expected = Counter(worlds)
    if not set(observed) <= set(expected):
        return 0.0
    total, cells = sum(observed.values()), sum(expected.values())
    means = {world: total * weight / cells for world, weight in expected.items()}
    rare = [world for world, mean in means.items() if mean < 5]
    bins = [(observed.get(w, 0), mean) for w, mean in means.items() if w not in rare]
    if rare:
        bins.append((sum(observed.get(w, 0) for w in rare), sum(means[w] for w in rare)))
    statistic = sum((count - mean) ** 2 / mean for count, mean in bins)
    return _upper_gamma(max(len(bins) - 1, 1) / 2, statistic / 2)


def _upper_gamma(a: float, x: float) -> float:
    """The regularized upper incomplete gamma function Q(a, x) (Numerical Recipes 6.2)."""
    if x <= 0:
        return 1.0
    scale = math.exp(-x + a * math.log(x) - math.lgamma(a))
    if x < a + 1:  # the series of P(a, x)
        term = total = 1 / a
        n = a
        while term > total * 1e-15:
            n += 1
            term *= x / n
            total += term
        return max(0.0, 1 - total * scale)
    tiny = 1e-300  # the continued fraction of Q(a, x), by Lentz's method
    b, c, d = x + 1 - a, 1 / tiny, 1 / (x + 1 - a)
    fraction = d
    for i in range(1, 10_000):
        step = -i * (i - a)
        b += 2
        d = step * d + b
        d = tiny if abs(d) < tiny else d
        c = b + step / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        fraction *= d * c
        if abs(d * c - 1) < 1e-15:
            break
    return fraction * scale


EXPECT_COMPILED = os.environ.get("FOURGAMES_EXPECT_COMPILED") == "1"
"""Whether the tests run against the compiled build (``.ci/run`` sets the variable)."""


def not_the_build_expected(module_file: str | None) -> str:
    """The message of a build check that failed for the module at ``module_file``."""
    build = "compiled" if EXPECT_COMPILED else "pure Python"
    hint = (
        "install the wheel built with HATCH_BUILD_HOOKS_ENABLE=1"
        if EXPECT_COMPILED
        else "an extension module left in the source tree by a compiled build shadows the .py:"
        " remove it (git clean -X src)"
    )
    return f"{module_file}: not {build}; {hint}"
