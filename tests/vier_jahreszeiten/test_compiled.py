"""The solver's build under test: pure Python, or with ``FOURGAMES_EXPECT_COMPILED=1`` (set by
``.ci/run`` for its run of the solver's tests against the compiled wheel) the compiled build of
docs/performance.md. The rest of the solver's tests are the same in both runs, but two that
replace a method of the search with a spy, which a compiled class does not allow."""

import inspect

from fourgames import vier_jahreszeiten
from fourgames._compiled import is_compiled
from fourgames.vier_jahreszeiten import _heuristic, _rules, _solver
from tests.helpers import EXPECT_COMPILED, not_the_build_expected


def test_the_solver_runs_in_the_build_expected() -> None:
    assert vier_jahreszeiten.SOLVER_COMPILED is EXPECT_COMPILED, not_the_build_expected(
        _solver.__file__
    )
    # a compiled function is a builtin one; the game's solve is the module's own
    assert inspect.isbuiltin(vier_jahreszeiten.solve) is EXPECT_COMPILED
    assert vier_jahreszeiten.solve is _solver.solve


def test_the_rules_and_the_players_stay_python_in_either_build() -> None:
    assert not is_compiled(_rules)
    assert not is_compiled(_heuristic)
