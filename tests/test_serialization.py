"""JSON: the envelope, exact round trips, and FormatError with a path for everything else."""

import json
import random
import subprocess
import sys
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fourgames import SCHEMA_VERSION, FormatError, Record, from_json, register_game, to_json
from fourgames.cards import Card, Rank, Suit, cards
from fourgames.serialization import converter
from fourgames.testing import random_playout
from fourgames.testing import reference as match

register_game(match)


def _state(plies: int = 6) -> match.State:
    state = match.new_game(3, seed=11)
    for _, after in random_playout(match, state, random.Random(1), max_actions=plies):
        state = after
    return state


def test_state_envelope_and_card_strings() -> None:
    state = _state(0)
    data = json.loads(to_json(state))
    assert (data["schema"], data["game"], data["type"]) == (1, "match", "state")
    assert SCHEMA_VERSION == 2  # the newest shape is the observations'
    assert data["hands"][0] == [str(card) for card in state.hands[0]]
    assert data["options"] == {"hand_size": 5}
    assert from_json(to_json(state)) == state


def test_action_json_is_flat_and_tagged() -> None:
    play = match.Play(cards("10♥")[0])
    assert json.loads(to_json(play)) == {
        "schema": 1,
        "game": "match",
        "type": "play",
        "card": "10♥",
    }
    assert from_json(to_json(play)) == play
    assert from_json(to_json(match.Draw())) == match.Draw()


def test_options_observation_and_record_round_trip() -> None:
    state = _state()
    for obj in (state.options, match.observe(state, 1), state):
        assert from_json(to_json(obj)) == obj
    record = Record("match", 3, 11, match.Options(), (match.Draw(), match.Play(cards("2♣")[0])))
    text = to_json(record)
    assert json.loads(text)["actions"] == [{"type": "draw"}, {"type": "play", "card": "2♣"}]
    assert from_json(text) == record


def test_equal_objects_give_equal_text_with_indent() -> None:
    state = _state()
    assert to_json(state, indent=2) == to_json(from_json(to_json(state)), indent=2)


def test_unknown_objects_are_a_type_error() -> None:
    with pytest.raises(TypeError, match="not an object of a known game"):
        to_json(object())


def _with(change: dict[str, Any], drop: tuple[str, ...] = ()) -> str:
    data = json.loads(to_json(_state(0)))
    data.update(change)
    for key in drop:
        del data[key]
    return json.dumps(data)


@pytest.mark.parametrize(
    ("text", "where"),
    [
        ("", "$"),
        ("{", "$"),
        ("[1, 2]", "$"),
        ("null", "$"),
        ('{"schema": 1}', "$.game"),
        (_with({"schema": 99}), "$.schema"),
        (_with({"schema": "1"}), "$.schema"),
        (_with({"game": "chess"}), "$.game"),
        (_with({"type": "board"}), "$.type"),
        (_with({"hands": [["1♥"]]}), "$.hands[0][0]"),
        (_with({"hands": "10♥"}), "$.hands"),
        (_with({"seed": "7"}), "$.seed"),
        (_with({"seed": 7.5}), "$.seed"),
        (_with({"to_move": True}), "$.to_move"),
        (_with({"options": {"hand_size": 5, "extra": 1}}), "$.options"),
        (_with({"options": []}), "$.options"),
        (_with({"surplus": 1}), "$"),
        (_with({}, drop=("pile",)), "$.pile"),
    ],
)
def test_malformed_input_is_a_format_error_with_a_path(text: str, where: str) -> None:
    with pytest.raises(FormatError) as err:
        from_json(text)
    assert f"@ {where}" in str(err.value)


def test_impossible_position_is_a_format_error() -> None:
    data = json.loads(to_json(_state(0)))
    data["hands"][1][0] = data["hands"][0][0]  # a card twice
    with pytest.raises(FormatError, match="52 cards"):
        from_json(json.dumps(data))


def test_a_bad_card_in_a_record_names_the_ply() -> None:
    record = json.loads(to_json(Record("match", 2, 1, match.Options())))
    record["actions"] = [{"type": "play", "card": "X"}]
    with pytest.raises(FormatError, match=r"\$\.actions\[0\]"):
        from_json(json.dumps(record))


@pytest.mark.parametrize(
    ("change", "where"),
    [
        ({"players": "2"}, "$.players"),
        ({"actions": {}}, "$.actions"),
        ({"actions": [{"type": "state"}]}, "$.actions[0].type"),
        ({"actions": [{"type": "draw", "card": "2♣"}]}, "$.actions[0]"),
        ({"actions": [{"type": "draw"}, 3]}, "$.actions[1]"),
    ],
)
def test_malformed_records(change: dict[str, Any], where: str) -> None:
    data = json.loads(to_json(Record("match", 2, 1, match.Options())))
    data.update(change)
    with pytest.raises(FormatError) as err:
        from_json(json.dumps(data))
    assert f"@ {where}" in str(err.value)


_json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=20,
)


@given(
    key=st.sampled_from(["hands", "pile", "stock", "to_move", "passes", "seed", "options"]),
    value=_json_values,
)
def test_any_wrong_value_gives_format_error_or_a_valid_state(key: str, value: object) -> None:
    data = json.loads(to_json(_state(0)))
    data[key] = value
    try:
        state = from_json(json.dumps(data))
    except FormatError:
        return
    match.validate(state)


@given(st.binary(max_size=60) | st.text(max_size=60))
def test_garbage_gives_format_error(text: str | bytes) -> None:
    with pytest.raises(FormatError):
        from_json(text)


def test_deeply_nested_json_gives_format_error() -> None:
    with pytest.raises(FormatError):
        from_json("[" * 100_000 + "]" * 100_000)


def test_sets_are_written_sorted_and_read_without_repeats() -> None:
    hand = frozenset(cards("K♠ 2♣ 10♥"))
    assert converter.unstructure(hand) == ["2♣", "10♥", "K♠"]
    assert converter.structure(["K♠", "2♣"], frozenset[Card]) == frozenset(cards("K♠ 2♣"))
    with pytest.raises(ValueError, match="twice"):
        converter.structure(["K♠", "K♠"], frozenset[Card])


def test_enums_are_read_by_value_and_type() -> None:
    assert converter.structure(9, Rank) is Rank.NINE
    assert converter.structure("H", Suit) is Suit.HEARTS
    assert converter.unstructure(Rank.NINE) == 9
    for value, kind in [(True, Rank), ("9", Rank), (1, Rank), ("X", Suit), (1, Suit)]:
        with pytest.raises(ValueError, match="expected one of"):
            converter.structure(value, kind)


def test_duplicate_keys_are_refused_at_any_depth() -> None:
    with pytest.raises(FormatError, match=r"the key 'type' stands twice in one object @ \$"):
        from_json('{"schema": 1, "game": "match", "type": "draw", "type": "pass"}')
    text = to_json(_state(0)).replace('"passes": 0', '"passes": 0, "passes": 1')
    with pytest.raises(FormatError, match="the key 'passes' stands twice"):
        from_json(text)


def test_a_record_holding_what_is_no_action_cannot_be_written() -> None:
    record = Record("match", 2, 1, match.Options(), (match.Draw(), None))
    with pytest.raises(TypeError, match="ply 2 of the record is not a match action: None"):
        to_json(record)
    with pytest.raises(TypeError, match="options are not match Options"):
        to_json(Record("match", 2, 1, None, ()))


def test_observations_are_validated_when_read() -> None:
    data = json.loads(to_json(match.observe(_state(0), 1)))
    data["hand_sizes"] = [5, 4]
    with pytest.raises(FormatError, match=r"hand and hand size disagree @ \$.hand_sizes\[1\]"):
        from_json(json.dumps(data))
    data = json.loads(to_json(match.observe(_state(0), 1)))
    data["player"] = 7
    with pytest.raises(FormatError, match=r"@ \$.player"):
        from_json(json.dumps(data))


def test_a_schema_1_observation_loads_in_todays_shape() -> None:
    seen = match.observe(_state(0), 1)
    old = json.loads(to_json(seen))
    old["schema"] = 1
    del old["scores"]
    assert from_json(json.dumps(old)) == seen


def test_import_fourgames_imports_no_game_until_one_is_asked_for() -> None:
    code = (
        "import sys, fourgames\n"
        "games = [m for m in sys.modules if m.startswith(('fourgames.all_fours',"
        " 'fourgames.vier_', 'fourgames.viereinhalb'))]\n"
        "assert not games, games\n"
        "fourgames.get_game('all-fours')\n"
        "assert 'fourgames.all_fours' in sys.modules\n"
        "assert 'fourgames.vier_felder' not in sys.modules\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
