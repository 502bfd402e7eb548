"""The build under test: pure Python, or with ``FOURGAMES_EXPECT_COMPILED=1`` (set by
``.ci/run`` for its run of these tests against the compiled wheel) the compiled build of
docs/performance.md. The rest of the tests are the same in both runs."""

import inspect

from fourgames import vier_felder
from fourgames._compiled import is_compiled
from fourgames.vier_felder import _enumeration, _rules
from tests.helpers import EXPECT_COMPILED, not_the_build_expected


def test_the_listing_runs_in_the_build_expected() -> None:
    assert vier_felder.COMPILED is EXPECT_COMPILED, not_the_build_expected(_enumeration.__file__)
    # a compiled function is a builtin one; the game's listing is the module's own
    assert inspect.isbuiltin(vier_felder.legal_actions) is EXPECT_COMPILED
    assert vier_felder.legal_actions is _enumeration.legal_actions


def test_the_rules_stay_python_in_either_build() -> None:
    assert not is_compiled(_rules)
