"""The protocol's verbs for Vier Felder: `check`, `is_legal` and `apply` from one rulebook,
`parse_action` and `find_action`, `INFO`, the observation vocabulary and its picture."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import attrs
import pytest

import fourgames
from fourgames import FormatError, IllegalActionError, from_json, to_json
from fourgames import vier_felder as vf
from fourgames.cards import Card, cards
from fourgames.vier_felder import Build, FullHarvest, Harvest, Sow, _rules
from tests.helpers import assert_refused, play

c = Card.parse
GOLDEN = Path(__file__).parent / "golden" / "json"


# --- check, is_legal, apply ----------------------------------------------------------------------


def test_check_raises_what_apply_raises_and_is_legal_agrees() -> None:
    rng = random.Random(4)
    state = vf.new_game(3, seed=4, options=vf.VOLLE_ERNTE)
    compared = 0
    for _ in range(40):
        listed = vf.legal_actions(state)
        hand = state.hands[state.to_move or 0]
        others: list[vf.Action] = [
            Sow(rng.choice(hand), rng.randrange(5)),
            Harvest(rng.choice(hand), rng.randrange(4), frozenset(rng.sample(hand, 1))),
            Build(rng.choice(hand), rng.randrange(4), frozenset(), frozenset(), rng.randrange(16)),
        ]
        for action in [*listed[:5], *others]:
            if vf.is_legal(state, action):
                vf.check(state, action)
                vf.apply(state, action)
            else:
                assert_refused(vf, state, action, rule=_rule(state, action))
            compared += 1
        state = vf.apply(state, rng.choice(listed))
    assert compared > 200


def _rule(state: vf.State, action: Any) -> str:
    with pytest.raises(IllegalActionError) as refused:
        vf.check(state, action)
    return refused.value.rule


def test_is_legal_builds_no_successor(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_successor(*args: object, **kwargs: object) -> None:
        raise AssertionError("is_legal built a successor")

    state = vf.new_game(2, seed=1)
    listed = vf.legal_actions(state)
    monkeypatch.setattr(_rules, "_finish_turn", no_successor)
    assert all(vf.is_legal(state, action) for action in listed)
    for action in listed:
        vf.check(state, action)


def test_objects_that_are_no_vier_felder_action_are_refused_with_rule_api() -> None:
    state = vf.new_game(2, seed=1)
    for junk in (None, "sow 3♦ f0", ("sow", 0), object(), vf.RULEBOOK):
        with pytest.raises(IllegalActionError) as refused:
            vf.apply(state, junk)  # type: ignore[arg-type]
        assert refused.value.rule == "API"
        assert not vf.is_legal(state, junk)


def test_the_constructors_check_the_field_types() -> None:
    with pytest.raises(IllegalActionError, match=r"Sow.card must be a Card"):
        Sow("5♦", 0)  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError, match=r"Harvest.taken"):
        Harvest(c("5♦"), 0, {c("5♣")})  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError, match=r"Build.value"):
        Build(c("5♦"), 0, frozenset(), frozenset(), "8")  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError, match=r"FullHarvest.field"):
        FullHarvest(cards("2♣ 3♦ 4♥ 5♠"), True, frozenset())


# --- Text: parse_action and find_action ---------------------------------------------------------


def test_parse_action_reads_the_tag_and_the_alias_build_as_keywords() -> None:
    stockpile = vf.parse_action("stockpile 3♣ f0 5♥ =8")
    assert vf.parse_action("build 3c f0 5h =8") == stockpile
    assert vf.parse_action("BUILD 3♣ F0 5♥ =8") == stockpile
    full = vf.parse_action("full 2♣ 3♦ 4♥ K♠ f0 5♦ 9♥ A♦ turn ♠")
    assert vf.parse_action("full-harvest 2c 3d 4h KS f0 5d 9h AD turn s") == full
    with pytest.raises(FormatError):
        vf.parse_action("build 3♣ f0 5♥")


def test_find_action_resolves_text_against_the_legal_actions() -> None:
    state = vf.new_game(2, seed=1)
    legal = vf.legal_actions(state)
    assert vf.find_action(state, "harvest 3♦ f0 3♥") is legal[1]
    assert vf.find_action(state, "harvest 3d f0 3h") is legal[1]  # ASCII cards
    assert str(vf.find_action(state, "harvest 3d")) == "harvest 3♦ f0 3♥"  # the only one
    assert str(vf.find_action(state, "build 3d f1 4d =7")) == "stockpile 3♦ f1 4♦ =7"  # alias
    with pytest.raises(IllegalActionError, match="ambiguous: did you mean"):
        vf.find_action(state, "sow 3d")
    with pytest.raises(IllegalActionError) as refused:
        vf.find_action(state, "sow 3♦ f1")  # field 1 is Autumn
    assert refused.value.rule == "§5"
    with pytest.raises(IllegalActionError, match="no legal Vier Felder action"):
        vf.find_action(state, "dance")


def test_play_and_assert_refused_read_vier_felder_texts() -> None:
    state = play(vf, vf.new_game(2, seed=1), "harvest 3d", "harvest 4s f1 4d")
    assert state.to_move == 1
    assert state.harvested[0] == (Card.parse("4♦"), Card.parse("4♠"))
    assert_refused(vf, state, "sow 2♦ f0", rule="§4")


# --- INFO --------------------------------------------------------------------------------------


def test_info_is_the_game_as_data() -> None:
    info = vf.INFO
    assert (info.id, info.name) == (vf.GAME_ID, "Vier Felder") == ("vier-felder", "Vier Felder")
    assert (info.min_players, info.max_players) == (vf.MIN_PLAYERS, vf.MAX_PLAYERS) == (2, 4)
    assert info.presets == vf.PRESETS
    assert info.rules_version == vf.RULES_VERSION
    assert not info.perfect_information
    assert not info.cooperative
    assert not info.has_events
    assert fourgames.get_game("vier-felder") is vf


@pytest.mark.parametrize(
    ("field", "low", "high"),
    [("first_dealer", 0, 3), ("target_score", 1, 1000), ("max_rounds", 1, 1000)],
)
def test_every_numeric_option_has_its_bound(field: str, low: int, high: int) -> None:
    def options(value: int) -> vf.Options:
        return attrs.evolve(vf.RULEBOOK, **{field: value})  # type: ignore[arg-type]

    vf.new_game(4, seed=1, options=options(low))
    vf.new_game(4, seed=1, options=options(high))
    for outside in (low - 1, high + 1):
        with pytest.raises(ValueError, match=field):
            vf.new_game(4, seed=1, options=options(outside))


def test_options_of_the_wrong_types_are_refused() -> None:
    with pytest.raises(ValueError, match="options"):
        vf.new_game(2, seed=1, options=vf.Options(target_score="17"))  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="options"):
        vf.new_game(2, seed=1, options={"target_score": 17})  # type: ignore[arg-type]


# --- Observation ---------------------------------------------------------------------------------


def test_s16_30_the_observation_leads_with_the_shared_vocabulary() -> None:
    names = [field.name for field in attrs.fields(vf.Observation)]
    assert names[:6] == ["player", "to_move", "scores", "hand", "hand_sizes", "stock_size"]
    state = vf.new_game(3, seed=2)
    seen = vf.observe(state, 2)
    assert (seen.player, seen.to_move, seen.scores) == (2, state.to_move, state.totals)
    assert (seen.hand, seen.stock_size) == (state.hands[2], len(state.draw_pile))
    assert seen.hand_sizes == (4, 3, 4)
    with pytest.raises(ValueError, match="seat"):
        vf.observe(state, 3)


def test_render_of_an_observation_shows_only_what_it_holds() -> None:
    state = vf.new_game(2, seed=1)
    assert state.to_move == 1
    seen = vf.observe(state, 0)
    picture = vf.render(seen)
    assert " ".join(map(str, state.hands[0])) in picture
    assert " ".join(map(str, state.hands[1])) not in picture
    assert "P1* hand 3 cards" in picture
    assert f"draw pile {len(state.draw_pile)}" in picture
    hidden = attrs.evolve(
        state,
        hands=(state.hands[0], tuple(sorted(state.draw_pile[:3]))),
        draw_pile=(*state.hands[1], *state.draw_pile[3:]),
    )
    assert vf.render(vf.observe(hidden, 0)) == picture
    assert vf.render(state).splitlines()[2:] != picture.splitlines()[2:]  # the mover's hand


def test_schema_1_observations_load_with_todays_names() -> None:
    old = json.loads(
        (GOLDEN / "schema-1" / "observation-2p-seed-7-ply-25-player-0.json").read_text()
    )
    assert old["schema"] == 1
    assert "draw_pile_size" in old
    assert "totals" in old
    seen = from_json(json.dumps(old))
    assert seen.stock_size == old["draw_pile_size"]
    assert list(seen.scores) == old["totals"]
    assert json.loads(to_json(seen))["schema"] == 2
    upgraded = vf.upgrade_json("observation", 1, {"draw_pile_size": 4, "totals": [1, 2]})
    assert upgraded == {"stock_size": 4, "scores": [1, 2]}
    assert vf.upgrade_json("state", 1, {"totals": [1]}) == {"totals": [1]}


def test_validate_observation_refuses_what_observe_cannot_give() -> None:
    state = vf.new_game(3, seed=2)
    for _ in range(7):
        state = vf.apply(state, vf.legal_actions(state)[-1])
    seen = vf.observe(state, 1)
    vf.validate_observation(seen)
    assert from_json(to_json(seen)) == seen
    broken = {
        "$.stock_size": attrs.evolve(seen, stock_size=seen.stock_size + 1),
        "$.hand_sizes[1]": attrs.evolve(seen, hand_sizes=(4, 3, 4)),
        "$.player": attrs.evolve(seen, player=3),
        "$.summer_field": attrs.evolve(seen, summer_field=7),
        "$.totals": attrs.evolve(seen, scores=(20, 0, 0)),
        "$.hand": attrs.evolve(seen, hand="x"),  # type: ignore[arg-type]
    }
    for place, observation in broken.items():
        with pytest.raises(FormatError, match=re.escape(f"@ {place}")):
            vf.validate_observation(observation)
