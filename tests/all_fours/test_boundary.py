"""The hardened boundary: only All Fours' own, well-formed actions reach the rules; `check`,
`is_legal` and `apply` agree; `validate` refuses every impossible position with its place
(``@ $.path``), mistyped ones included; and from a valid position every listed action leads to
a valid one, also from hand-built positions (options flipped mid-hand, fields perturbed)."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator
from typing import Any, cast

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fourgames import all_fours
from fourgames._kernel import field_errors
from fourgames.all_fours import (
    PITCH,
    PRESETS,
    Beg,
    Begging,
    Discard,
    Give,
    InPlay,
    Options,
    Phase,
    Play,
    Run,
    Stand,
    State,
    apply,
    legal_actions,
    new_game,
    validate,
)
from fourgames.cards import DECK_52, Card, Rank, Suit
from fourgames.errors import FormatError, IllegalActionError
from fourgames.testing.strategies import states

ACTION_CLASSES: tuple[type, ...] = (Stand, Beg, Give, Run, Discard, Play)
SEVEN_HEARTS = Card.parse("7♥")


def _refusal(state: State, action: object) -> IllegalActionError | None:
    """The error `check` raises for ``action`` (None if legal), after checking that `apply`
    raises the same one and `is_legal` agrees."""
    if all_fours.is_legal(state, action):
        all_fours.check(state, action)
        apply(state, action)  # type: ignore[arg-type]
        return None
    with pytest.raises(IllegalActionError) as checked:
        all_fours.check(state, action)
    with pytest.raises(IllegalActionError) as applied:
        apply(state, action)  # type: ignore[arg-type]
    assert (applied.value.rule, str(applied.value)) == (checked.value.rule, str(checked.value))
    return checked.value


def _positions() -> Iterator[State]:
    """A few reachable positions of every phase: begging, answer, discard, play, over."""
    for players in (2, 3, 4):
        for options in PRESETS.values():
            rng = random.Random(players)
            state = new_game(players, seed=players, options=options)
            for _ in range(40):
                yield state
                if all_fours.is_terminal(state):
                    break
                state = apply(state, rng.choice(legal_actions(state)))


POSITIONS = list(_positions())


# --- Only the game's own, well-formed actions --------------------------------------------------


def test_an_action_with_a_field_of_the_wrong_type_cannot_be_built() -> None:
    with pytest.raises(IllegalActionError) as err:
        Play("x")  # type: ignore[arg-type]
    assert err.value.rule == "API"
    with pytest.raises(IllegalActionError):
        Discard(None)  # type: ignore[arg-type]


@pytest.mark.parametrize("cls", [Play, Discard])
def test_an_uninitialised_action_is_refused(cls: type) -> None:
    blank: object = object.__new__(cls)
    for state in POSITIONS[:60]:
        refusal = _refusal(state, blank)
        assert refusal is not None
        assert refusal.rule == "API"


class _TwoFacedPlay(Play):
    """A subclass whose card answers a legal card on the first read, another on the second."""

    __slots__ = ()
    reads: list[Card] = []  # noqa: RUF012 - the test sets the cards it answers

    @property
    def card(self) -> Card:
        return self.reads.pop(0) if self.reads else SEVEN_HEARTS


class _QuietDiscard(Discard):
    __slots__ = ()


@attrs.frozen
class _LookAlikePlay:
    TAG = "play"
    card: Card


def test_a_subclass_of_play_is_refused_even_when_its_card_is_legal() -> None:
    state = next(s for s in POSITIONS if s.phase is Phase.PLAY and len(legal_actions(s)) > 1)
    legal, other = legal_actions(state)[:2]
    assert isinstance(legal, Play)
    assert isinstance(other, Play)
    sneaky = object.__new__(_TwoFacedPlay)
    _TwoFacedPlay.reads = [legal.card, other.card] * 4
    assert not all_fours.is_legal(state, sneaky)
    for verb in (all_fours.check, apply):
        with pytest.raises(IllegalActionError) as err:
            verb(state, sneaky)
        assert err.value.rule == "API"


def test_a_subclass_of_discard_and_a_look_alike_are_refused() -> None:
    discarding = next(s for s in POSITIONS if s.phase is Phase.DISCARD)
    card = legal_actions(discarding)[0].card  # type: ignore[union-attr]
    for action in (_QuietDiscard(card), _LookAlikePlay(card)):
        for state in (discarding, *POSITIONS[:20]):
            refusal = _refusal(state, action)
            assert refusal is not None
            assert refusal.rule == "API"


_JUNK: tuple[object, ...] = (
    None, 0, -1, 1.5, True, "7♥", "play 7♥", b"x", (), (SEVEN_HEARTS,), object(), Suit.HEARTS,
    Rank.SEVEN, SEVEN_HEARTS, Card.parse("10♠"), Card.parse("2♣"), Stand(),
)  # fmt: skip


def _malformed(rng: random.Random, state: State) -> object:
    """An action-like object: uninitialised, with junk (or real cards) set in its fields, a
    subclass, or a look-alike."""
    cls = rng.choice(ACTION_CLASSES)
    kind = rng.randrange(4)
    if kind == 2:
        cls = type(f"Sub{cls.__name__}", (cls,), {"__slots__": ()})
    if kind == 3:
        return _LookAlikePlay(rng.choice(DECK_52))
    obj: object = object.__new__(cls)
    if kind >= 1:
        for field in attrs.fields(cls):
            value = rng.choice((*_JUNK, *state.hands[rng.randrange(len(state.hands))]))
            object.__setattr__(obj, field.name, value)
    return obj


def test_fuzzed_malformed_actions_raise_only_illegal_action_errors() -> None:
    rng = random.Random(10)
    tried = 0
    for state in POSITIONS:
        legal = legal_actions(state)
        for _ in range(12):
            action = _malformed(rng, state)
            exact = type(action) in ACTION_CLASSES
            well_typed = exact and all(
                type(getattr(action, field.name, None)) is Card
                for field in attrs.fields(cast(Any, type(action)))
            )
            refusal = _refusal(state, action)
            if well_typed:
                assert (refusal is None) == (action in legal), (action, refusal)
            else:
                assert refusal is not None, action
                assert refusal.rule == "API", (action, refusal)
            tried += 1
    assert tried > 2000


@settings(max_examples=40)
@given(states(all_fours, max_plies=150), st.sampled_from(ACTION_CLASSES), st.data())
def test_check_raises_what_apply_raises_and_is_legal_agrees(
    state: State, cls: type, data: st.DataObject
) -> None:
    action = cls() if cls in (Stand, Beg, Give, Run) else cls(data.draw(st.sampled_from(DECK_52)))
    refusal = _refusal(state, action)
    assert (refusal is None) == (action in legal_actions(state))


# --- Seeds ------------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", ["7", 1.5, True, b"x", [7]])
def test_a_seed_that_is_not_an_int_is_refused(seed: Any) -> None:
    with pytest.raises(ValueError, match="seed"):
        new_game(2, seed=seed)


@pytest.mark.parametrize("seed", [1, 7, 2026])
def test_seed_minus_k_deals_another_game_than_seed_k(seed: int) -> None:
    assert new_game(4, seed=-seed).hands != new_game(4, seed=seed).hands


# --- validate names the place ------------------------------------------------------------------


def _three_players() -> State:
    return new_game(3, seed=4, options=Options(first_dealer=0))


@pytest.mark.parametrize(
    ("change", "place"),
    [
        (lambda s: {"stock": s.stock[1:]}, "$"),  # a card lost
        (lambda s: {"hands": (tuple(reversed(s.hands[0])), *s.hands[1:])}, "$.hands[0]"),
        (lambda s: {"scores": (7, 0, 0)}, "$.scores"),
        (lambda s: {"scores": (0, 0)}, "$.scores"),
        (lambda s: {"scores": (-1, 0, 0)}, "$.scores[0]"),
        (lambda s: {"dealer": 5}, "$.dealer"),
        (lambda s: {"leader": 2}, "$.leader"),
        (lambda s: {"hand_number": -1}, "$.hand_number"),
        (lambda s: {"phase": Phase.PLAY}, "$.trump"),  # trump not set
        (lambda s: {"phase": Phase.OVER}, "$.scores"),
        (lambda s: {"turnups": ()}, "$"),
        (lambda s: {"discards": ((), ())}, "$.discards"),
        (lambda s: {"options": Options(first_dealer=3)}, "$.options.first_dealer"),
        (lambda s: {"options": Options(target=0)}, "$.options.target"),
        (lambda s: {"options": Options(target=10**9)}, "$.options.target"),
    ],
)
def test_validate_names_the_place_of_an_impossible_position(
    change: Callable[[State], dict[str, Any]], place: str
) -> None:
    state = _three_players()
    validate(state)
    with pytest.raises(FormatError) as err:
        validate(attrs.evolve(state, **change(state)))
    assert str(err.value).endswith(f"@ {place}") or f"@ {place}:" in str(err.value), err.value


@pytest.mark.parametrize(
    "options",
    [
        Options(target=0),
        Options(target=-3),
        Options(target=10**9),
        Options(first_dealer=3),
        Options(first_dealer=-1),
        Options(blind=1),  # type: ignore[arg-type]
        Options(in_play="dealt"),  # type: ignore[arg-type]
    ],
)
def test_validate_refuses_the_options_new_game_refuses(options: Options) -> None:
    with pytest.raises(ValueError, match="options"):
        new_game(3, seed=1, options=options)
    with pytest.raises(FormatError, match=r"@ \$\.options"):
        validate(attrs.evolve(_three_players(), options=options))


_FIELD_JUNK: tuple[object, ...] = (None, "x", 1.5, (), ((1,),), (None,), [1], frozenset())


@pytest.mark.parametrize("field", [field.name for field in attrs.fields(State)])
def test_junk_in_any_field_is_a_format_error_naming_the_field(field: str) -> None:
    state = next(s for s in POSITIONS if s.tricks and s.trick and len(s.hands) == 3)
    for junk in _FIELD_JUNK:
        broken = object.__new__(State)
        for name in attrs.fields_dict(State):
            object.__setattr__(broken, name, junk if name == field else getattr(state, name))
        if junk == getattr(state, field):
            continue
        with pytest.raises(FormatError) as err:
            validate(broken)
        mistyped = field_errors(broken, State) is not None
        assert (f"@ $.{field}" if mistyped else " @ $") in str(err.value), junk


# --- From a valid position every listed action leads to a valid one ----------------------------


def _valid(state: State) -> bool:
    try:
        validate(state)
    except FormatError:
        return False
    return True


def _assert_valid_successors(state: State) -> None:
    """``state`` is refused by `validate`, or every listed action leads to a valid state."""
    if not _valid(state):
        return
    for action in legal_actions(state):
        after = apply(state, action)
        try:
            validate(after)
        except FormatError as err:
            pytest.fail(f"valid {all_fours.render(state)}\n--{action}--> invalid: {err}")


def _with_options(state: State, **changes: Any) -> State:
    return attrs.evolve(state, options=attrs.evolve(state.options, **changes))


def _flips(state: State) -> Iterator[State]:
    """``state`` with each boolean option flipped."""
    for field in ("blind", "trinidad", "gift_cannot_win"):
        yield _with_options(state, **{field: not getattr(state.options, field)})


def _perturbations(state: State) -> Iterator[State]:
    """``state`` with one option or one field of the hand changed."""
    yield from _flips(state)
    other = InPlay.HELD_AT_PLAY if state.options.in_play is InPlay.DEALT else InPlay.DEALT
    yield _with_options(state, in_play=other)
    for target in (None, 1, 5, 7, 8, 14, 15):
        yield _with_options(state, target=target)
    players = len(state.hands)
    for seat in range(players):
        yield attrs.evolve(state, dealer=seat)
        yield attrs.evolve(state, leader=seat)
        yield _with_options(state, first_dealer=seat)
    for phase in Phase:
        yield attrs.evolve(state, phase=phase)
    for begging in Begging:
        yield attrs.evolve(state, begging=begging)
    for trump in (None, *Suit):
        yield attrs.evolve(state, trump=trump)
    for side in range(len(state.scores)):
        for points in (1, 5):
            scores = (*state.scores[:side], state.scores[side] + points, *state.scores[side + 1 :])
            yield attrs.evolve(state, scores=scores)


def test_a_flipped_trinidad_in_the_discard_phase_is_refused() -> None:
    # 3 players, dealer 0: clockwise eldest is 1; counter-clockwise it would be 2
    state = new_game(3, seed=0, options=Options(first_dealer=0))
    state = all_fours.apply(state, Beg())
    state = all_fours.apply(state, Run())
    assert state.phase is Phase.DISCARD
    assert state.leader == 1
    with pytest.raises(FormatError, match="eldest"):
        validate(_with_options(state, trinidad=True))


def test_a_pitch_trump_before_the_first_lead_is_refused() -> None:
    state = new_game(2, seed=0, options=PITCH)
    assert state.trump is None
    assert state.phase is Phase.PLAY
    with pytest.raises(FormatError, match="first"):
        validate(attrs.evolve(state, trump=Suit.HEARTS))


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_flipping_a_boolean_option_of_any_reachable_state_keeps_successors_valid(
    preset: str,
) -> None:
    for players in (2, 3, 4):
        rng = random.Random(players)
        state = new_game(players, seed=players, options=PRESETS[preset])
        for _ in range(250):
            for flipped in _flips(state):
                _assert_valid_successors(flipped)
            if all_fours.is_terminal(state):
                break
            state = apply(state, rng.choice(legal_actions(state)))


@settings(max_examples=60)
@given(states(all_fours, max_plies=200), st.data())
def test_from_a_valid_perturbed_state_every_listed_action_leads_to_a_valid_state(
    state: State, data: st.DataObject
) -> None:
    _assert_valid_successors(state)
    perturbed = list(_perturbations(state))
    for changed in data.draw(st.lists(st.sampled_from(perturbed), max_size=8)):
        _assert_valid_successors(changed)


# --- Big documents are refused quickly ---------------------------------------------------------


@pytest.mark.parametrize("zone", ["stock", "hand", "tricks", "awards", "history"])
def test_a_hand_built_state_the_size_of_a_megabyte_is_refused_within_a_second(zone: str) -> None:
    state = POSITIONS[-1]
    trick = all_fours.Trick(0, DECK_52[: len(state.hands)], 0)
    award = all_fours.Award(all_fours.AwardKind.GIFT, 0, 1)
    sheet = all_fours.HandSheet(0, 0, (), None, Begging.STOOD, (award,) * 10, (0, 0))
    huge: dict[str, dict[str, Any]] = {
        "stock": {"stock": DECK_52 * 2500},
        "hand": {"hands": (tuple(sorted(DECK_52 * 2500)), *state.hands[1:])},
        "tricks": {"tricks": (trick,) * 20_000},
        "awards": {"awards": (award,) * 30_000},
        "history": {"history": (sheet,) * 5_000},
    }
    changes = huge[zone]
    started = time.process_time()
    with pytest.raises(FormatError):
        validate(attrs.evolve(state, **changes))
    assert time.process_time() - started < 1.0
