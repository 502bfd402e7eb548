"""The kernel the games share: declared actions, their gate and text, options, players, seeds,
validation (`fourgames._kernel`), shown on small classes and on the reference game."""

from __future__ import annotations

import attrs
import pytest

from fourgames import FormatError, IllegalActionError
from fourgames._kernel import (
    Actions,
    Rulebook,
    action,
    bounded,
    check_options,
    check_players,
    check_seat,
    check_seed,
    field_errors,
    most_items,
    validate_observation,
)
from fourgames.cards import Card, cards
from fourgames.testing import reference as match
from tests.helpers import assert_refused, play


@action("build {card} {pile}", aliases=("b",))
class Build:
    card: Card
    pile: int


@action("turn")
class Turn:
    pass


@action("found {card}", tag="to-foundation")
class ToFoundation:
    card: Card


ACTIONS = Actions[Build | Turn | ToFoundation]("Test", (Build, Turn, ToFoundation), card=Card)
SEVEN = cards("7♥")[0]


def test_one_declaration_gives_tag_text_and_parser() -> None:
    assert ACTIONS.tags == {"build": Build, "turn": Turn, "to-foundation": ToFoundation}
    assert str(Build(SEVEN, 3)) == "build 7♥ 3"
    assert ACTIONS.parse("build 7h 3") == Build(SEVEN, 3)
    assert ACTIONS.parse("  BUILD  7♥   3 ") == Build(SEVEN, 3)


def test_the_parser_accepts_the_tag_and_the_aliases_as_keywords() -> None:
    assert ACTIONS.parse("b 7h 3") == Build(SEVEN, 3)
    assert ACTIONS.parse("to-foundation 7h") == ToFoundation(SEVEN)
    assert ACTIONS.parse("found 7h") == ToFoundation(SEVEN)


@pytest.mark.parametrize(
    "text", ["", "build", "build 7h", "build 7h x", "build 1h 3", "turn 3", "fly", "build 7h 3 4"]
)
def test_text_that_is_no_action_raises_format_error(text: str) -> None:
    with pytest.raises(FormatError, match="not a Test action"):
        ACTIONS.parse(text)


def test_the_constructor_checks_field_types() -> None:
    with pytest.raises(IllegalActionError, match=r"Build.card must be a Card, not '7H'") as err:
        Build("7H", 3)  # type: ignore[arg-type]
    assert err.value.rule == "API"
    with pytest.raises(IllegalActionError, match=r"Build.pile must be a int, not True"):
        Build(SEVEN, True)


def test_the_gate_refuses_subclasses_look_alikes_and_forged_fields() -> None:
    class Sneaky(Build):
        __slots__ = ()

    forged = object.__new__(Build)
    with pytest.raises(IllegalActionError, match="not a Test action"):
        ACTIONS.well_formed(object.__new__(Sneaky))
    with pytest.raises(IllegalActionError, match=r"Build.card is not set"):
        ACTIONS.well_formed(forged)
    object.__setattr__(forged, "card", SEVEN)
    object.__setattr__(forged, "pile", "3")
    with pytest.raises(IllegalActionError, match=r"Build.pile: expected int, not '3'"):
        ACTIONS.well_formed(forged)
    with pytest.raises(IllegalActionError, match="not a Test action: None"):
        ACTIONS.well_formed(None)
    assert ACTIONS.well_formed(Build(SEVEN, 3)) == Build(SEVEN, 3)


def test_a_card_field_takes_only_the_games_own_cards() -> None:
    class Marked(Card):
        __slots__ = ()

    blank = object.__new__(Card)  # a card never initialised
    for card in (object.__new__(Marked), blank):
        with pytest.raises(IllegalActionError, match=r"Build\.card must be a Card") as err:
            Build(card, 3)
        assert err.value.rule == "API"
    forged = object.__new__(Build)
    object.__setattr__(forged, "card", blank)
    object.__setattr__(forged, "pile", 3)
    with pytest.raises(
        IllegalActionError, match=r"Build.card: expected Card with its fields set, not a Card"
    ):
        ACTIONS.well_formed(forged)


def test_interned_actions_pass_the_gate_by_identity() -> None:
    turn = Turn()
    actions = Actions[Turn]("Test", (Turn,), card=Card)
    actions.intern([turn])
    assert actions.well_formed(turn) is turn


def test_a_rulebook_needs_a_rule_for_every_action_class() -> None:
    with pytest.raises(TypeError, match="no rule for"):
        Rulebook(match.State, match.ACTIONS, {match.Play: (match.check, match.apply)})


# --- find_action on the reference game


def _state() -> match.State:
    return match.new_game(2, seed=7)  # legal: play 2♣, play 4♠, draw


def test_find_action_exact_ascii_and_prefix() -> None:
    state = _state()
    assert match.find_action(state, "play 2♣") == match.Play(cards("2♣")[0])
    assert match.find_action(state, "play 2c") == match.Play(cards("2♣")[0])
    assert match.find_action(state, "dr") == match.Draw()
    assert match.find_action(state, "p 4s") == match.Play(cards("4♠")[0])


def test_find_action_names_the_candidates_of_an_ambiguous_text() -> None:
    with pytest.raises(
        IllegalActionError, match=r"'play' is ambiguous: did you mean 'play 2♣', 'play 4♠'\?"
    ):
        match.find_action(_state(), "play")


def test_find_action_refuses_a_parsed_action_with_its_rule() -> None:
    with pytest.raises(IllegalActionError, match="9♥ is not in player 0's hand") as err:
        match.find_action(_state(), "play 9h")
    assert err.value.rule == "§2"


def test_find_action_suggests_close_texts() -> None:
    with pytest.raises(IllegalActionError, match=r"did you mean 'draw'"):
        match.find_action(_state(), "drew")


def test_find_action_takes_tags_and_aliases_as_the_first_word() -> None:
    from fourgames import vier_felder, vier_jahreszeiten, viereinhalb_minuten

    sowing = vier_felder.new_game(2, seed=1)
    assert str(vier_felder.find_action(sowing, "build 3d")) == "stockpile 3♦ f1 4♦ =7"
    solitaire = vier_jahreszeiten.new_game(1, seed=11)
    for _ in range(3):  # the first listed action each time, then found 7♦ among fills
        solitaire = vier_jahreszeiten.apply(
            solitaire, vier_jahreszeiten.legal_actions(solitaire)[0]
        )
    assert [str(a) for a in vier_jahreszeiten.legal_actions(solitaire)][:2] == [
        "found 7♦",
        "fill 7♦ 1",
    ]
    assert str(vier_jahreszeiten.find_action(solitaire, "to-f")) == "found 7♦"
    timer = viereinhalb_minuten.new_game(2, seed=3)  # N(2,5) A, N(4,3) A, … (no field keyword)
    assert str(viereinhalb_minuten.find_action(timer, "play n(2,5)")) == "N(2,5) A"


def test_the_test_helpers_play_by_text_and_expect_refusals() -> None:
    state = play(match, _state(), "play 2c", "draw")
    assert state.to_move == 0
    err = assert_refused(match, state, "pass", rule="§3")
    assert "may not pass" in err.message


# --- options, players, seeds, seats


@attrs.frozen
class Options:
    copies: int = bounded(5, 1, 9)
    counts: tuple[int, ...] = bounded((1, 2), 0, 3, most=4)
    flag: bool = False


def test_options_are_checked_for_types_and_bounds() -> None:
    assert check_options(Options(), Options, "Test") == Options()
    with pytest.raises(ValueError, match=r"options.copies: 10 is outside 1..9"):
        check_options(Options(copies=10), Options, "Test")
    with pytest.raises(ValueError, match=r"options.counts: 4 is outside 0..3"):
        check_options(Options(counts=(1, 4)), Options, "Test")
    with pytest.raises(ValueError, match=r"expected bool, not 1 @ options.flag"):
        check_options(Options(flag=1), Options, "Test")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="options must be Test Options"):
        check_options(match.Options(), Options, "Test")


def test_an_item_bound_is_checked_before_the_items() -> None:
    assert most_items(Options) == {"counts": 4}
    long = Options(counts=("junk",) * 10**6)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"options.counts: 1000000 items, at most 4"):
        check_options(long, Options, "Test")


@pytest.mark.parametrize("players", [1, 5, "2", 2.0, True, None])
def test_player_counts_outside_the_range_raise_value_error(players: object) -> None:
    with pytest.raises(ValueError, match="Match is for 2 to 4 players"):
        check_players(players, match.INFO)


@pytest.mark.parametrize("seed", ["7", 1.5, True, b"x", [1]])
def test_seeds_are_ints(seed: object) -> None:
    with pytest.raises(ValueError, match="seed must be an int or None"):
        check_seed(seed)
    with pytest.raises(ValueError, match="seed must be an int or None"):
        match.new_game(2, seed=seed)  # type: ignore[arg-type]
    assert check_seed(-7) == -7


def test_seats() -> None:
    assert check_seat(1, 2) == 1
    for bad in (2, -1, True, "0"):
        with pytest.raises(ValueError, match=r"player must be a seat 0..1"):
            check_seat(bad, 2)


# --- validation


def test_validate_names_the_place_of_a_mistyped_field() -> None:
    state = _state()
    with pytest.raises(FormatError, match=r"expected int, not 'x' @ \$.to_move"):
        match.validate(attrs.evolve(state, to_move="x"))  # type: ignore[arg-type]
    spoiled = (state.hands[0], (None, *state.hands[1][1:]))
    with pytest.raises(FormatError, match=r"expected Card, not None @ \$.hands\[1\]\[0\]"):
        match.validate(attrs.evolve(state, hands=spoiled))  # type: ignore[arg-type]
    with pytest.raises(FormatError, match=r"not a Match state: None @ \$"):
        match.validate(None)


def test_field_errors_of_nested_values() -> None:
    assert field_errors(Options(), Options) is None
    assert field_errors(Options(counts=[1]), Options) == "expected a tuple, not [1] @ $.counts"  # type: ignore[arg-type]


def test_observations_are_checked_for_the_shared_vocabulary() -> None:
    seen = match.observe(_state(), 1)
    validate_observation(seen)
    changes: list[tuple[dict[str, object], str]] = [
        ({"player": 2}, r"\$.player"),
        ({"to_move": 5}, r"\$.to_move"),
        ({"hand_sizes": (5, 4)}, r"\$.hand_sizes\[1\]"),
        ({"stock_size": -1}, r"\$.stock_size"),
        ({"scores": ("x",)}, r"\$.scores\[0\]"),
    ]
    for change, place in changes:
        with pytest.raises(FormatError, match=place):
            validate_observation(attrs.evolve(seen, **change))  # type: ignore[arg-type]
