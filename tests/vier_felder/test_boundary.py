"""The boundary: only Vier Felder's own actions, well formed, reach the rules; `new_game` and
`validate` refuse what cannot be (issue 10's fuzzing findings, each a test first)."""

from __future__ import annotations

import random
import time
from typing import Any, cast

import attrs
import pytest

from fourgames import FormatError, IllegalActionError, from_json, to_json
from fourgames import vier_felder as vf
from fourgames.cards import DECK_52, Card, Rank, Suit, cards
from fourgames.vier_felder import (
    Build,
    FullHarvest,
    Harvest,
    Kind,
    Options,
    Sow,
    State,
    Stockpile,
    _rules,
)

c = Card.parse
ACTION_CLASSES: tuple[type, ...] = (Sow, Harvest, Build, FullHarvest)


# --- Only the game's own action classes, each field read once ----------------------------------


def test_apply_refuses_a_subclass_of_sow_whose_card_changes_between_reads() -> None:
    """The fuzzer's find: a `Sow` subclass whose ``card`` answered a legal card on the first
    read and an opponent's card on the second made a state with one card twice."""
    state = vf.new_game(2, seed=1)
    mover = state.to_move
    assert mover is not None
    legal = next(a for a in vf.legal_actions(state) if isinstance(a, Sow))
    theirs = state.hands[1 - mover][0]
    reads = []

    class Shifty(Sow):
        @property
        def card(self) -> Card:
            reads.append(1)
            return legal.card if len(reads) == 1 else theirs

    shifty = object.__new__(Shifty)
    object.__setattr__(shifty, "field", legal.field)
    with pytest.raises(IllegalActionError) as refused:
        vf.apply(state, shifty)
    assert refused.value.rule == "API"
    reads.clear()
    assert not vf.is_legal(state, shifty)


def test_apply_refuses_a_look_alike_of_sow() -> None:
    @attrs.frozen
    class LookAlike:
        card: Card
        field: int

    LookAlike.__name__ = LookAlike.__qualname__ = "Sow"
    state = vf.new_game(2, seed=1)
    legal = next(a for a in vf.legal_actions(state) if isinstance(a, Sow))
    with pytest.raises(IllegalActionError) as refused:
        vf.apply(state, LookAlike(legal.card, legal.field))  # type: ignore[arg-type]
    assert refused.value.rule == "API"


@pytest.mark.parametrize("cls", ACTION_CLASSES, ids=lambda cls: cls.__name__)
def test_an_uninitialised_action_is_refused(cls: type) -> None:
    state = vf.new_game(2, seed=1, options=vf.VOLLE_ERNTE)
    with pytest.raises(IllegalActionError) as refused:
        vf.apply(state, object.__new__(cls))
    assert refused.value.rule == "API"
    assert not vf.is_legal(state, object.__new__(cls))


def test_cards_that_are_not_the_decks_own_are_refused() -> None:
    """A card must be one of the 52 shared card objects: a subclass that claims to equal a card
    in hand, or a card object never initialised, is no card."""
    state = vf.new_game(2, seed=1)
    legal = next(a for a in vf.legal_actions(state) if isinstance(a, Harvest))

    class Claims(Card):
        __slots__ = ()

        def __eq__(self, other: object) -> bool:
            return True

        def __hash__(self) -> int:
            return hash(legal.card)

    claims = object.__new__(Claims)
    for name in ("rank", "suit", "_index"):
        object.__setattr__(claims, name, getattr(legal.card, name))
    blank = object.__new__(Card)
    for card in (claims, blank):
        played = object.__new__(Harvest)
        for name, value in (("card", card), *((f, getattr(legal, f)) for f in _FIELDS[1:])):
            object.__setattr__(played, name, value)
        taken = object.__new__(Harvest)
        for name, value in (("taken", frozenset({card})), *_other_fields(legal, "taken")):
            object.__setattr__(taken, name, value)
        for action in (played, taken):
            with pytest.raises(IllegalActionError) as refused:
                vf.apply(state, action)
            assert refused.value.rule == "API"


_FIELDS = ("card", "field", "taken", "stockpiles")


def _other_fields(action: Any, name: str) -> list[tuple[str, Any]]:
    return [
        (field.name, getattr(action, field.name))
        for field in attrs.fields(type(action))
        if field.name != name
    ]


def _junk(rng: random.Random, state: State) -> list[object]:
    card = rng.choice(DECK_52)
    blank_pile = object.__new__(Stockpile)
    bad_pile = object.__new__(Stockpile)
    for name, value in (("value", "8"), ("kind", Kind.SUM), ("cards", (card,))):
        object.__setattr__(bad_pile, name, value)
    object.__setattr__(bad_pile, "_attrs_cached_hash", None)  # hashable, so it fits in a set
    mover = state.to_move or 0
    return [
        None,
        0,
        -1,
        4,
        2**70,
        True,
        1.5,
        "x",
        str(card),
        b"x",
        [],
        (),
        set(),
        frozenset(),
        frozenset({1}),
        frozenset({"x"}),
        frozenset({None}),
        card,
        (card,),
        [card],
        {card},
        frozenset({card}),
        frozenset(rng.sample(DECK_52, 2)),
        tuple(rng.sample(DECK_52, 4)),
        state.hands[mover],
        list(state.hands[mover]),
        Stockpile(8, Kind.SUM, cards("3♣ 5♥")),
        frozenset({Stockpile(8, Kind.SUM, cards("3♣ 5♥"))}),
        blank_pile,
        frozenset({bad_pile}),
        Suit.HEARTS,
        Kind.SUM,
        object(),
        object.__new__(Card),
        _UNSET,
    ]


_UNSET = object()


def _malformed(rng: random.Random, state: State) -> object:
    """An action object with its fields set one by one (bypassing any constructor): mostly
    those of a listed action, some of them junk or never set."""
    legal = vf.legal_actions(state)
    cls = rng.choice(ACTION_CLASSES)
    model = next((a for a in rng.sample(legal, len(legal)) if type(a) is cls), None)
    action: Any = object.__new__(cls)
    junk = _junk(rng, state)
    for field in attrs.fields(cls):
        value = getattr(model, field.name) if model is not None else rng.choice(junk)
        if model is None or rng.random() < 0.4:
            value = rng.choice(junk)
        if value is not _UNSET:
            object.__setattr__(action, field.name, value)
    return action


@pytest.mark.parametrize("seed", range(3))
def test_fuzzed_malformed_actions_raise_illegal_action_error_only(seed: int) -> None:
    rng = random.Random(seed)
    options = vf.VOLLE_ERNTE if seed % 2 else vf.RULEBOOK
    state = vf.new_game(2 + seed, seed=seed, options=options)
    tried = 0
    while tried < 1200 and not vf.is_terminal(state):
        for _ in range(40):
            action = _malformed(rng, state)
            tried += 1
            legal = vf.is_legal(state, action)
            try:
                after = vf.apply(state, action)  # type: ignore[arg-type]
            except IllegalActionError:
                assert not legal
                continue
            assert legal
            vf.validate(after)
        listed = vf.legal_actions(state)
        state = vf.apply(state, listed[int(rng.random() * len(listed))])
    assert tried >= 1000 or vf.is_terminal(state)


# --- Seeds ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", ["7", 1.5, True, b"x", [7]], ids=repr)
def test_new_game_refuses_seeds_that_are_not_ints(seed: object) -> None:
    with pytest.raises(ValueError, match="seed"):
        vf.new_game(2, seed=seed)  # type: ignore[arg-type]


@pytest.mark.parametrize("seed", [1, 7, 2026, 2**70])
def test_seed_minus_k_deals_another_game_than_seed_k(seed: int) -> None:
    plus, minus = vf.new_game(2, seed=seed), vf.new_game(2, seed=-seed)
    assert (plus.loose, plus.hands) != (minus.loose, minus.hands)
    assert minus.seed == -seed


# --- validate -------------------------------------------------------------------------------------


def _refused(state: State, place: str) -> FormatError:
    with pytest.raises(FormatError) as refused:
        vf.validate(state)
    assert f"@ {place}" in str(refused.value), refused.value
    return refused.value


@pytest.mark.parametrize(
    "options",
    [
        Options(first_dealer=2),
        Options(first_dealer=-1),
        Options(target_score=0),
        Options(max_rounds=0),
    ],
    ids=repr,
)
def test_validate_refuses_options_that_new_game_refuses(options: Options) -> None:
    state = vf.new_game(2, seed=1)
    with pytest.raises(ValueError):  # noqa: PT011 - the message is the option's
        vf.new_game(2, seed=1, options=options)
    _refused(attrs.evolve(state, options=options), "$.options")


def test_validate_refuses_a_total_past_the_target_in_mid_round() -> None:
    hands = [cards("5♦ 7♦ 4♣ 6♣"), cards("5♠ 8♣ 9♣ 10♣")]
    vf.position(hands, totals=(16, 0))
    state = vf.position(hands)
    _refused(attrs.evolve(state, totals=(17, 0)), "$.totals")


def test_validate_refuses_a_finished_game_that_should_go_on() -> None:
    """Over before anyone reached the target and before the last round: impossible."""
    rng = random.Random(1)
    state = vf.new_game(2, seed=1)
    while not vf.is_terminal(state):
        state = vf.apply(state, rng.choice(vf.legal_actions(state)))
    vf.validate(state)
    assert max(state.totals) < 100
    assert state.round < 100
    _refused(attrs.evolve(state, options=Options(target_score=100)), "$.to_move")


def test_validate_refuses_the_wrong_player_to_move() -> None:
    """At the deal the player left of the dealer holds 3 cards and moves first: while the draw
    pile lasts, a hand of 3 is theirs, before their first turn."""
    state = vf.new_game(2, seed=1)
    assert state.to_move == 1
    assert len(state.hands[1]) == 3
    _refused(attrs.evolve(state, to_move=0), "$.to_move")
    three = vf.new_game(3, seed=1)
    _refused(attrs.evolve(three, to_move=0), "$.to_move")
    _refused(attrs.evolve(three, to_move=2), "$.to_move")


def test_validate_refuses_a_mistyped_summer_field_with_a_format_error() -> None:
    state = vf.new_game(2, seed=1)
    _refused(attrs.evolve(state, summer_field="x"), "$.summer_field")  # type: ignore[arg-type]


def test_validate_names_the_place_of_every_impossible_position() -> None:
    state = vf.position([cards("5♦ 7♦ 4♣ 6♣"), cards("5♠ 8♣ 9♣ 10♣")], [cards("2♦")])
    _refused(attrs.evolve(state, coins=(2, 1)), "$.coins")
    _refused(attrs.evolve(state, hands=(cards("7♦ 5♦ 4♣ 6♣"), state.hands[1])), "$.hands[0]")
    _refused(attrs.evolve(state, summer_field=4), "$.summer_field")
    _refused(attrs.evolve(state, dealer=2), "$.dealer")
    _refused(attrs.evolve(state, to_move=2), "$.to_move")
    _refused(attrs.evolve(state, totals=(-1, 0)), "$.totals[0]")
    _refused(attrs.evolve(state, round=2), "$.round")
    _refused(attrs.evolve(state, loose=state.loose[:3]), "$.loose")
    _refused(attrs.evolve(state, coins=(0,)), "$.coins")
    twice = (*state.hands[0][:3], state.hands[1][0])
    _refused(attrs.evolve(state, hands=(tuple(sorted(twice)), state.hands[1])), "$")
    bad = Stockpile(9, Kind.SUM, cards("3♣ 5♥"))
    draw = tuple(x for x in state.draw_pile if x not in bad.cards)
    _refused(
        attrs.evolve(state, stockpiles=((bad,), (), (), ()), draw_pile=draw), "$.stockpiles[0][0]"
    )


@pytest.mark.parametrize("seed", range(2))
def test_validate_refuses_junk_in_every_field_with_a_format_error(seed: int) -> None:
    rng = random.Random(seed)
    state = vf.new_game(3, seed=seed)
    for _ in range(5):
        state = vf.apply(state, rng.choice(vf.legal_actions(state)))
    for field in attrs.fields(State):
        for value in _junk(rng, state):
            if value is _UNSET:
                continue
            try:
                vf.validate(attrs.evolve(state, **{field.name: cast(Any, value)}))
            except FormatError as err:
                refusal = str(err)
                assert " @ $" in refusal, (field.name, value, refusal)


def test_hostile_stockpiles_are_judged_quickly() -> None:
    """An EQUAL or SUM stockpile of all 36 cards up to 9, of every value: the brute force
    judges each (most are refused at the stockpile) within a second in all."""
    small = [x for x in DECK_52 if x.rank is Rank.ACE or int(x.rank) <= 9]
    rest = [x for x in DECK_52 if x not in small]
    state = vf.position([rest[:4], rest[4:8]], draw_pile=rest[8:])
    start = time.process_time()
    refused = 0
    for value in range(1, 16):
        for kind in Kind:
            pile = Stockpile(value, kind, tuple(small))
            hostile = attrs.evolve(state, stockpiles=((pile,), (), (), ()), harvested=((), ()))
            _rules._splits.cache_clear()
            try:
                from_json(to_json(hostile))
            except FormatError as err:
                refused += "@ $.stockpiles[0][0]" in str(err)
    assert time.process_time() - start < 1.0
    assert refused >= 25
