"""`validate` and `from_deck` refuse positions the rules cannot reach: the trick history must
follow §5 (eldest leads the first trick, the winner leads the next, followers follow suit or
trump), Pitch's trump is the suit of the first lead (§9.2), and scores, seed and deal counter
are integers."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from fourgames import all_fours
from fourgames.all_fours import (
    PITCH,
    Award,
    AwardKind,
    Options,
    State,
    Trick,
    apply,
    from_deck,
    parse_action,
    stack_deck,
    validate,
)
from fourgames.cards import DECK_52, Card, Suit, cards
from fourgames.errors import FormatError
from tests.helpers import play

ANNA, BEN = 0, 1  # Anna deals, Ben is eldest


def _s1_after_two_tricks() -> State:
    """The seed's scoring example (S1): ♣ trump, Ben wins A♦/2♦ and 10♠/10♥ and leads."""
    deck = stack_deck(
        2,
        [cards("K♣ 4♣ A♥ 10♥ 2♦ 3♦"), cards("J♣ 9♣ K♠ Q♠ 10♠ A♦")],
        Card.parse("7♣"),
        dealer=ANNA,
    )
    state: State = play(all_fours, from_deck(2, deck, dealer=ANNA), "stand")
    state = play(all_fours, state, "play A♦", "play 2♦", "play 10♠", "play 10♥")
    validate(state)
    return state


def test_s5_validate_refuses_a_revoke_in_a_finished_trick() -> None:
    # Anna answers A♦ with 10♥ although she still holds 2♦ (she plays it a trick later)
    state = _s1_after_two_tricks()
    revoke = attrs.evolve(
        state, tricks=(Trick(BEN, cards("A♦ 10♥"), BEN), Trick(BEN, cards("10♠ 2♦"), BEN))
    )
    with pytest.raises(FormatError, match="follow suit"):
        validate(revoke)


def test_s5_validate_refuses_a_revoke_in_the_current_trick() -> None:
    # 3 players, dealer 0: eldest 1 leads 9♠ and player 2 follows with 2♠ (legal)
    deck = stack_deck(
        3,
        [cards("2♣ 3♣ 4♣ 5♣ 6♣ 8♣"), cards("9♠ 2♥ 3♥ 4♥ 5♥ 6♥"), cards("K♥ 2♠ 8♦ 9♦ 10♦ J♦")],
        Card.parse("7♣"),
        dealer=0,
    )
    state = play(all_fours, from_deck(3, deck, dealer=0), "stand", "play 9♠", "play 2♠")
    validate(state)
    # the same position with K♥ thrown off while player 2 still holds 2♠
    hands = (state.hands[0], state.hands[1], tuple(sorted(cards("2♠ 8♦ 9♦ 10♦ J♦"))))
    revoke = attrs.evolve(state, hands=hands, trick=cards("9♠ K♥"))
    with pytest.raises(FormatError, match="follow suit"):
        validate(revoke)


def test_s5_validate_refuses_a_trick_led_by_someone_else_than_the_last_winner() -> None:
    state = _s1_after_two_tricks()
    # Ben won the first trick, yet Anna leads the second
    broken = attrs.evolve(
        state,
        tricks=(Trick(BEN, cards("A♦ 2♦"), BEN), Trick(ANNA, cards("10♥ 10♠"), ANNA)),
        leader=ANNA,
    )
    with pytest.raises(FormatError, match="leads"):
        validate(broken)


def test_s5_validate_refuses_a_first_trick_not_led_by_eldest() -> None:
    state = _s1_after_two_tricks()
    broken = attrs.evolve(
        state,
        tricks=(Trick(ANNA, cards("2♦ A♦"), BEN), Trick(BEN, cards("10♠ 10♥"), BEN)),
    )
    with pytest.raises(FormatError, match="eldest"):
        validate(broken)


def test_s9_2_validate_refuses_a_pitch_trump_other_than_the_first_lead() -> None:
    deck = stack_deck(
        2, [cards("2♣ 3♣ 4♣ 5♣ 6♣ 7♣"), cards("2♥ 3♥ 4♥ 5♥ 6♥ 7♥")], dealer=ANNA, options=PITCH
    )
    state = play(all_fours, from_deck(2, deck, dealer=ANNA, options=PITCH), "play 7♥", "play 2♣")
    assert state.trump is Suit.HEARTS
    validate(state)
    # diamonds are in nobody's hand: the trick winner is the same, but the trump is impossible
    with pytest.raises(FormatError, match="first"):
        validate(attrs.evolve(state, trump=Suit.DIAMONDS))


@pytest.mark.parametrize("scores", [(2.5, 0), (True, 0)])
def test_s1_validate_refuses_scores_that_are_not_integers(scores: Any) -> None:
    state = from_deck(2, DECK_52, dealer=ANNA)
    with pytest.raises(FormatError, match="scores"):
        validate(attrs.evolve(state, scores=scores))


@pytest.mark.parametrize(
    "changes",
    [
        {"hand_number": -1},
        {"hand_number": 1.0},
        {"seed": "x"},
        {"scores": (2.5, 0)},
        {"scores": (True, 0)},
        {"history": [1, 2]},
    ],
)
def test_s2_from_deck_refuses_impossible_inputs(changes: dict[str, Any]) -> None:
    with pytest.raises(ValueError, match=r"scores|seed|hand_number|history"):
        from_deck(2, DECK_52, dealer=ANNA, **changes)


def test_s2_from_deck_still_accepts_scores_and_history() -> None:
    first = play(all_fours, from_deck(2, DECK_52, dealer=ANNA, seed=3), "stand")
    while first.hand_number == 0:
        first = apply(first, parse_action(str(_first_legal(first))))
    state = from_deck(
        2,
        DECK_52,
        dealer=BEN,
        scores=first.scores,
        seed=3,
        hand_number=1,
        history=first.history,
        options=Options(),
    )
    validate(state)
    assert state.history == first.history


def _first_legal(state: State) -> object:
    from fourgames.all_fours import legal_actions

    return legal_actions(state)[0]


# --- stack_deck builds exactly the deal it is asked for, or refuses ----------------------------


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"hands": [cards("2♣ 3♣ 4♣ 5♣ 6♣ 7♣ 8♣"), []]}, "six"),
        ({"hands": [[]]}, "one hand per player"),
        ({"runs": [([cards("2♦ 3♦ 4♦ 5♦"), []], Card.parse("9♠"))]}, "three"),
        ({"runs": [([[]], Card.parse("9♠"))]}, "one part per player"),
        ({"options": PITCH}, "Pitch"),
        ({"options": PITCH, "turnup": None, "runs": [([[], []], Card.parse("9♠"))]}, "Pitch"),
    ],
)
def test_s3_stack_deck_refuses_a_deal_it_cannot_stack(
    arguments: dict[str, Any], message: str
) -> None:
    given: dict[str, Any] = {"hands": [[], []], "turnup": Card.parse("9♥"), **arguments}
    with pytest.raises(ValueError, match=message):
        stack_deck(2, **given)


def test_s4_2_stack_deck_deals_each_run_part_to_its_player() -> None:
    deck = stack_deck(
        2, [[], []], Card.parse("9♥"), [([cards("2♦ 3♦"), cards("4♦")], Card.parse("9♠"))]
    )
    state = play(all_fours, from_deck(2, deck), "beg", "run")
    assert set(cards("2♦ 3♦")) <= set(state.hands[0])
    assert Card.parse("4♦") in state.hands[1]


# --- the current hand's awards are the ones its events give (§3.4, §4.2) -------------------


def test_s3_4_validate_refuses_a_turned_jack_without_its_point() -> None:
    state = from_deck(2, stack_deck(2, [[], []], Card.parse("J♦")), scores=(0, 0))
    validate(state)
    with pytest.raises(FormatError, match="award"):
        validate(attrs.evolve(state, awards=()))
    with pytest.raises(FormatError, match="award"):
        validate(attrs.evolve(state, awards=(Award(AwardKind.TURNED_JACK, BEN, 1),)))


def test_s4_2_validate_refuses_a_gift_that_was_not_given() -> None:
    state = play(all_fours, from_deck(2, stack_deck(2, [[], []], Card.parse("7♦"))), "beg", "give")
    validate(state)
    with pytest.raises(FormatError, match="award"):
        validate(attrs.evolve(state, awards=()))
    stood = play(all_fours, from_deck(2, stack_deck(2, [[], []], Card.parse("7♦"))), "stand")
    with pytest.raises(FormatError, match="award"):
        validate(attrs.evolve(stood, awards=(Award(AwardKind.GIFT, BEN, 1),)))


def test_s8_validate_refuses_awards_above_the_score() -> None:
    state = from_deck(2, stack_deck(2, [[], []], Card.parse("J♦")), scores=(0, 0))
    with pytest.raises(FormatError, match="score"):
        validate(attrs.evolve(state, scores=(0, 0)))
