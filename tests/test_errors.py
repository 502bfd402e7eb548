"""The error classes: hierarchy, the rule they carry, pickling."""

import pickle

import pytest

from fourgames import FormatError, FourGamesError, IllegalActionError


def test_hierarchy() -> None:
    assert issubclass(IllegalActionError, FourGamesError)
    assert issubclass(IllegalActionError, ValueError)
    assert issubclass(FormatError, FourGamesError)
    assert issubclass(FormatError, ValueError)


def test_illegal_action_error_carries_rule_and_message() -> None:
    err = IllegalActionError("K♠ is not in player 1's hand", rule="§6.1")
    assert err.rule == "§6.1"
    assert err.message == "K♠ is not in player 1's hand"
    assert str(err) == "K♠ is not in player 1's hand (§6.1)"
    assert err.ply is None


def test_illegal_action_error_pickles_with_its_rule() -> None:
    err = IllegalActionError("no", rule="§5", ply=3)
    back = pickle.loads(pickle.dumps(err))
    assert (back.rule, back.message, back.ply, str(back)) == ("§5", "no", 3, "no (§5)")


def test_caught_as_value_error() -> None:
    with pytest.raises(ValueError, match=r"\(§2\)"):
        raise IllegalActionError("bad", rule="§2")
