"""`validate`: impossible positions are refused with the place named; listed actions lead from
valid positions to valid positions."""

from __future__ import annotations

from typing import Any

import attrs
import pytest
from hypothesis import given, settings

from fourgames import FormatError
from fourgames import viereinhalb_minuten as game
from fourgames.testing.strategies import states
from fourgames.viereinhalb_minuten import Card, Options, State, cards, position

# --- §2, §6.3: a display holds more than its limit only by 2 Karten Nachziehen ----------------


def test_s2_a_display_over_its_limit_without_a_draw_two_is_impossible() -> None:
    with pytest.raises(FormatError, match=r"limit.* @ \$\.displays\[0\]"):
        position([cards("N(0,1) N(0,2) N(0,3) N(0,4) N(0,5) N(0,6)"), cards("N(4,7)")])
    with pytest.raises(FormatError, match=r"limit.* @ \$\.displays\[1\]"):
        position([cards("N(4,7)"), cards("N(0,1) N(0,2) N(0,3) N(0,4) N(0,5) N(0,6) N(0,7)"),
                  cards("N(4,6)")])  # fmt: skip


def test_s6_3_each_draw_two_on_a_pile_allows_two_cards_over_the_limit() -> None:
    six = cards("N(0,1) N(0,2) N(0,3) N(0,4) N(0,5) N(0,6) N(0,7)")
    position([six, cards("N(4,7)")], piles=[cards("P2(1)")])  # 5 + 2
    with pytest.raises(FormatError, match="limit"):
        position([six, cards("N(4,1) N(4,2) N(4,3) N(4,4) N(4,5) N(4,6)")], piles=[cards("P2(1)")])
    position([six, cards("N(4,1) N(4,2) N(4,3) N(4,4) N(4,5) N(4,6)")],
             piles=[cards("P2(1)"), cards("P2(2)")])  # fmt: skip


def test_s6_3_a_display_grown_by_draw_two_is_valid() -> None:
    state = position(
        [cards("P2(0) N(4,1) N(4,2) N(4,3)"), cards("N(0,2) N(0,3) N(0,4) N(0,5)"),
         cards("N(3,1)"), cards("N(3,2)")],
        piles=[cards("N(0,1)")],
    )  # fmt: skip
    after = game.apply(state, game.find_action(state, "P2(0) A"))
    assert len(after.displays[1]) == 6
    game.validate(after)


# --- Every refusal names its place ---------------------------------------------------------------


def _state() -> State:
    return game.new_game(3, seed=1)


MISTYPED: dict[str, dict[str, Any]] = {
    "displays-str": {"displays": "x"},
    "displays-list": {"displays": [[]]},
    "display-of-strings": {"displays": (("N(0,1)",), (), ())},
    "draw-pile-none": {"draw_pile": None},
    "piles-none": {"piles": None},
    "aside-list": {"aside": []},
    "options-none": {"options": None},
    "options-dict": {"options": {}},
    "seed-str": {"seed": "1"},
    "seed-float": {"seed": 1.0},
    "current-bool": {"current": True},
    "direction-float": {"direction": 1.0},
    "turns-none": {"turns": None},
    "locked-str": {"locked": "A"},
    "lock-turns-none": {"lock_turns": None},
    "penalties-list": {"penalties": [1]},
    "penalties-of-str": {"penalties": ("1",)},
    "choosing-int": {"choosing": 0},
    "junk-card": {"aside": (Card(game.Kind.NUMBER, (0,), 9),)},
}


@pytest.mark.parametrize("name", sorted(MISTYPED))
def test_mistyped_fields_are_format_errors_naming_the_field(name: str) -> None:
    changes = MISTYPED[name]
    (field,) = changes
    with pytest.raises(FormatError, match=rf"@ \$\.{field}\b"):
        game.validate(attrs.evolve(_state(), **changes))


IMPOSSIBLE: dict[str, tuple[dict[str, Any], str]] = {
    "too-few-displays": ({"displays": ((),)}, "$.displays"),
    "no-such-player": ({"current": 5}, "$.current"),
    "direction-zero": ({"direction": 0}, "$.direction"),
    "negative-turns": ({"turns": -1}, "$.turns"),
    "three-piles": ({"piles": (cards("N(0,1)"), cards("N(0,2)"), cards("N(0,3)"))}, "$.piles"),
    "empty-pile": ({"piles": ((),)}, "$.piles[0]"),
    "lock-without-pile": ({"locked": 0, "lock_turns": 3}, "$.locked"),
    "lock-turns-without-lock": ({"lock_turns": 2}, "$.lock_turns"),
    "card-twice": ({"aside": cards("N(0,1)")}, "$"),
    "too-many-penalties": ({"penalties": (1, 2, 3, 4)}, "$.penalties"),
    "negative-penalty": ({"penalties": (-1,)}, "$.penalties[0]"),
    "penalty-past-the-deck": ({"penalties": (191,)}, "$.penalties[0]"),
    "choosing-without-free-start": ({"choosing": True}, "$.choosing"),
}


@pytest.mark.parametrize("name", sorted(IMPOSSIBLE))
def test_impossible_positions_name_their_place(name: str) -> None:
    changes, place = IMPOSSIBLE[name]
    with pytest.raises(FormatError) as err:
        game.validate(attrs.evolve(_state(), **changes))
    assert str(err.value).endswith(f" @ {place}"), err.value


def test_not_a_state_names_the_root() -> None:
    with pytest.raises(FormatError, match=r" @ \$$"):
        game.validate("not a state")


# --- Options that new_game refuses ---------------------------------------------------------------

REFUSED_OPTIONS = [
    Options(rounds=0),
    Options(rounds=101),
    Options(time_limit_s=0),
    Options(time_limit_s=86_401),
    Options(turn_limit=0),
    Options(turn_limit=10_001),
    Options(start_player=3),
    Options(start_player=-1),
    Options(number_copies=-1),
    Options(number_copies=5),
    Options(your_turn_copies=5),
    Options(reverse_copies=5),
    Options(draw_two_copies=5),
    Options(lock_copies=5),
    Options(lock_copies=-1),
    Options(timed=1),  # type: ignore[arg-type]
    Options(colour_change_pairs=(frozenset({0}),)),
    Options(colour_change_pairs=(frozenset({0, 5}),)),
    Options(colour_change_pairs=(frozenset({0, 1}),) * 21),
    Options(colour_names=("red", "green")),
    Options(colour_names=("a", "a", "b", "c", "d")),
    Options(colour_names=("x" * 41, "b", "c", "d", "e")),
    Options(win_threshold=-1),
    Options(win_threshold=None),  # type: ignore[arg-type]
    Options(rating_table=(game.RatingBand(10, "b"), game.RatingBand(5, "a"))),
    Options(rating_table=tuple(game.RatingBand(n, "a") for n in range(21))),
    Options(rating_table=(game.RatingBand(5, "a" * 201),)),
    Options(rating_table=(game.RatingBand(-1, "a"),)),
    Options(number_copies=0, your_turn_copies=0, reverse_copies=0, draw_two_copies=0),
]


@pytest.mark.parametrize("options", REFUSED_OPTIONS, ids=map(str, range(len(REFUSED_OPTIONS))))
def test_options_new_game_refuses_are_refused_by_validate(options: Options) -> None:
    with pytest.raises(ValueError, match=r"options[.:]"):
        game.new_game(3, seed=1, options=options)
    with pytest.raises(FormatError, match=r"@ \$\.options"):
        game.validate(attrs.evolve(_state(), options=options))


def test_the_bounds_themselves_are_allowed() -> None:
    widest = Options(
        rounds=100,
        time_limit_s=86_400,
        turn_limit=10_000,
        start_player=2,
        number_copies=4,
        your_turn_copies=4,
        reverse_copies=4,
        draw_two_copies=4,
        lock_copies=4,
        colour_change_pairs=(frozenset({3, 4}),) * 20,
        colour_names=tuple(f"{'x' * 39}{i}" for i in range(5)),
        win_threshold=999_999,
        rating_table=tuple(game.RatingBand(n, "y" * 200) for n in range(20)),
    )
    state = game.new_game(3, seed=1, options=widest)
    game.validate(state)
    assert len(game.deck(widest)) == 240


# --- Valid to valid ------------------------------------------------------------------------------


@given(states(game, max_plies=150))
@settings(max_examples=60)
def test_every_listed_action_and_event_leads_to_a_valid_state(state: State) -> None:
    game.validate(state)
    for action in (*game.legal_actions(state), *game.events(state)):
        game.validate(game.apply(state, action))
