"""The contract's surface: registration, JSON, validate, observe, render, the text notation."""

from __future__ import annotations

import doctest
import json
from pathlib import Path
from typing import Any

import attrs
import pytest

import fourgames
from fourgames import FormatError, IllegalActionError, from_json, to_json
from fourgames import viereinhalb_minuten as game
from fourgames.viereinhalb_minuten import (
    Card,
    ChooseStarter,
    LayAside,
    Options,
    Play,
    State,
    TimeUp,
    apply,
    cards,
    parse_action,
    position,
)
from tests.helpers import assert_refused, play


def test_registered_in_games() -> None:
    assert fourgames.get_game("viereinhalb-minuten") is game
    assert (game.MIN_PLAYERS, game.MAX_PLAYERS, game.RULES_VERSION) == (2, 6, 1)
    assert set(game.PRESETS) == {"rulebook", "untimed", "simulated-clock", "free-start"}


@pytest.mark.parametrize(
    "obj",
    [
        Play(Card.parse("DBD(2)"), 1, 3),
        Play(Card.parse("N(0,7)"), 0),
        LayAside(),
        TimeUp(),
        ChooseStarter(4),
        Options(),
        Options(colour_names=("rot", "gelb", "grün", "blau", "lila"), turn_limit=9),
        Options(lock_cards_coloured=False, rating_table=(game.RatingBand(5, "x"),)),
    ],
)
def test_json_round_trips(obj: object) -> None:
    text = to_json(obj)
    assert from_json(text) == obj
    assert to_json(from_json(text)) == text


def test_json_examples_are_pinned() -> None:
    assert json.loads(to_json(Play(Card.parse("DBD(2)"), 1, 3))) == {
        "schema": 1,
        "game": "viereinhalb-minuten",
        "type": "play",
        "card": "DBD(2)",
        "pile": 1,
        "named": 3,
    }
    assert json.loads(to_json(TimeUp()))["type"] == "time-up"
    assert json.loads(to_json(LayAside()))["type"] == "lay-aside"
    assert json.loads(to_json(ChooseStarter(1))) == {
        "schema": 1,
        "game": "viereinhalb-minuten",
        "type": "choose-starter",
        "player": 1,
    }


def test_state_and_observation_json() -> None:
    state = game.new_game(5, seed=12, options=game.FREE_START)
    state = apply(state, ChooseStarter(3))
    state = apply(state, game.legal_actions(state)[0])
    for obj in (state, game.observe(state, 2)):
        assert from_json(to_json(obj)) == obj
    data = json.loads(to_json(state))
    assert data["displays"][0][0] == str(state.displays[0][0])
    assert "draw_pile" not in json.loads(to_json(game.observe(state, 0)))
    assert "seed" not in json.loads(to_json(game.observe(state, 0)))


def _edited(state: State, **changes: Any) -> str:
    data = json.loads(to_json(state))
    data.update(changes)
    return json.dumps(data)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"displays": [["N(0,1)"]]}, "2–6 players"),
        ({"current": 5}, "no player"),
        ({"direction": 0}, "direction"),
        ({"piles": [["N(0,1)"], ["N(0,2)"], ["N(0,3)"]]}, "at most two"),
        ({"piles": [[]]}, "never empty"),
        ({"locked": 0, "lock_turns": 3}, "no pile"),
        ({"lock_turns": 2}, "lock_turns"),
        ({"aside": ["N(0,1)"]}, "deck"),
        ({"penalties": [1, 2, 3, 4]}, "penalties"),
        ({"penalties": [-1]}, "penalties"),
        ({"choosing": True}, "starter"),
        ({"turns": -1}, "turns"),
    ],
)
def test_impossible_positions_are_format_errors(changes: dict[str, Any], message: str) -> None:
    state = game.new_game(3, seed=1)
    with pytest.raises(FormatError, match=message):
        from_json(_edited(state, **changes))


def test_validate_more_impossible_positions() -> None:
    state = game.new_game(3, seed=1)
    unsorted = (tuple(reversed(state.displays[0])), *state.displays[1:])
    bad = [
        attrs.evolve(state, displays=unsorted),
        attrs.evolve(state, draw_pile=state.draw_pile[1:]),
        attrs.evolve(state, draw_pile=(*state.draw_pile, Card.parse("N(0,1)"))),
        attrs.evolve(state, draw_pile=(*state.draw_pile[1:], Card(game.Kind.NUMBER, (0,), 9))),
        attrs.evolve(state, displays=((), *state.displays[1:])),
        attrs.evolve(state, options=Options(rounds=0)),
        attrs.evolve(state, seed="1"),  # type: ignore[arg-type]
    ]
    for candidate in bad:
        with pytest.raises(FormatError):
            game.validate(candidate)
    with pytest.raises(FormatError):
        game.validate("not a state")


def test_a_locked_pile_must_show_a_lock() -> None:
    with pytest.raises(FormatError, match="gesperrt"):
        position([cards("N(0,2)"), cards("N(0,3)")], piles=[cards("N(0,1)")], locked=0,
                 lock_turns=1)  # fmt: skip
    with pytest.raises(FormatError, match="more often"):
        position([cards("N(0,2) N(0,2) N(0,2)"), cards("N(0,3)")])


def test_junk_actions_are_refused_with_api() -> None:
    state = game.new_game(2, seed=1)
    for junk in (None, 0, "aside", Card.parse("N(0,1)"), Options()):
        with pytest.raises(IllegalActionError) as err:
            apply(state, junk)  # type: ignore[arg-type]
        assert err.value.rule == "API"


def test_observe() -> None:
    state = game.new_game(4, seed=2)
    seen = game.observe(state, 3)
    assert (seen.player, seen.to_move, seen.stock_size) == (3, 0, 79)
    assert seen.scores == game.scores(state)
    assert (seen.hand, seen.hand_sizes) == (state.displays[3], (4, 4, 4, 4))
    assert seen.displays == state.displays
    with pytest.raises(ValueError, match="seat"):
        game.observe(state, 4)


def test_render_shows_the_table() -> None:
    state = position(
        [cards("N(0,2) DBD(1)"), cards("N(0,3)"), cards("N(4,4)")],
        piles=[cards("N(2,1) LOCK(1)"), cards("FW(0,4)")],
        locked=0,
        lock_turns=1,
        direction=-1,
        aside=cards("N(3,3) N(3,4)"),
        penalties=(12,),
        current=1,
        options=Options(colour_names=("rot", "gelb", "grün", "blau", "lila")),
    )
    text = game.render(state)
    assert "round 2 of 3" in text
    assert "round 1: 12 · total 12" in text
    assert "counter-clockwise" in text
    assert f"draw pile: {len(state.draw_pile)} cards" in text
    assert "laid aside: 2 cards (4 minus points)" in text
    assert "pile A: LOCK(gelb) on top (2 cards) · LOCKED for 1 more turn" in text
    assert "pile B: FW(rot,lila) on top (1 card)" in text
    assert "> P1: N(rot,3)" in text
    assert "  P0: N(rot,2) DBD(gelb)" in text


def test_render_at_the_end() -> None:
    state = apply(game.new_game(2, seed=1, options=Options(rounds=1)), TimeUp())
    assert "GAME OVER" in game.render(state)
    assert ">" not in game.render(state).split("\n", 3)[3]


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("N(0,3) A", Play(Card.parse("N(0,3)"), 0)),
        ("dbd(1) b p2", Play(Card.parse("DBD(1)"), 1, 2)),
        ("aside", LayAside()),
        ("time-up", TimeUp()),
        ("starter P3", ChooseStarter(3)),
    ],
)
def test_parse_action(text: str, action: game.Action) -> None:
    assert parse_action(text) == action
    assert parse_action(str(action)) == action


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("lay-aside", LayAside()),
        ("Lay-Aside", LayAside()),
        ("choose-starter P2", ChooseStarter(2)),
        ("choose-starter p2", ChooseStarter(2)),
    ],
)
def test_parse_action_reads_the_tags_as_keywords_too(text: str, action: game.Action) -> None:
    assert parse_action(text) == action


@pytest.mark.parametrize(
    "text", ["", "N(0,3)", "N(0,3) C", "N(0,3) A 2", "starter", "play", "starter 1", "aside A"]
)
def test_parse_action_refuses(text: str) -> None:
    with pytest.raises(FormatError):
        parse_action(text)


def test_the_docs_page_examples_run() -> None:
    page = Path(__file__).parents[2] / "docs" / "games" / "viereinhalb-minuten.md"
    result = doctest.testfile(str(page), module_relative=False)
    assert result.attempted >= 8
    assert result.failed == 0


def _dbd_table() -> State:
    return position(
        [cards("DBD(2) LOCK(2) N(0,1)"), cards("N(4,7)"), cards("N(4,6)")],
        piles=[cards("N(2,2)")],
    )


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("N(0,1) B", "N(0,1) B"),  # the exact text
        ("n(0,1)", "N(0,1) B"),  # a unique prefix, in any case
        ("dbd(2) b p2", "DBD(2) B P2"),
        ("LOCK(2) B", "LOCK(2) B"),
        ("as", "aside"),
        ("lay-aside", "aside"),  # the tag reads too
    ],
)
def test_find_action_resolves_text_against_the_legal_actions(text: str, found: str) -> None:
    assert str(game.find_action(_dbd_table(), text)) == found


def test_find_action_lists_the_candidates_of_ambiguous_text() -> None:
    with pytest.raises(IllegalActionError, match="did you mean") as err:
        game.find_action(_dbd_table(), "dbd")
    assert "'DBD(2) A P0'" in str(err.value)


def test_find_action_refuses_with_the_rule_of_a_parsed_illegal_action() -> None:
    with pytest.raises(IllegalActionError) as err:
        game.find_action(_dbd_table(), "N(4,7) A")  # not in the mover's display
    assert err.value.rule == "§4"


def test_play_and_assert_refused_with_short_texts() -> None:
    state = play(game, _dbd_table(), "lock(2) b")
    assert state.locked == 1
    assert_refused(game, state, "N(4,7) B", rule="§6.5")
    assert play(game, state, "aside").locked is None  # laying aside lifts the lock


def test_info_is_the_game_as_data() -> None:
    info = game.INFO
    assert (info.id, info.name, info.min_players, info.max_players) == (
        "viereinhalb-minuten",
        "4½ Minuten",
        2,
        6,
    )
    assert info.presets == game.PRESETS
    assert (info.rules_version, info.perfect_information, info.cooperative, info.has_events) == (
        game.RULES_VERSION,
        False,
        True,
        True,
    )


def test_render_of_an_observation_shows_the_viewer_and_no_draw_pile_order() -> None:
    state = game.new_game(3, seed=4)
    seen = game.observe(state, 2)
    text = game.render(seen)
    assert text.splitlines()[:5] == game.render(state).splitlines()[:5]
    assert text.splitlines()[-1].endswith("(you)")
    assert "(you)" not in game.render(state)
    for hidden in state.draw_pile:
        assert all(str(hidden) not in line for line in text.splitlines()[:5])


@pytest.mark.parametrize(
    "fields",
    [
        {},
        {"player": 7, "displays": [[]], "penalties": [1]},
        {"player": "0", "displays": "x", "penalties": None},
        {"player": 0, "displays": [["N(0,1)"], 5], "penalties": ["1"]},
        {"current": 0, "draw_pile_size": -1},
    ],
)
def test_schema_1_observations_with_junk_are_format_errors(fields: dict[str, Any]) -> None:
    document = {"schema": 1, "game": game.GAME_ID, "type": "observation", **fields}
    with pytest.raises(FormatError):
        from_json(json.dumps(document))
