"""The hardened boundary: seeds, player counts, hand-built states and malformed actions.

Each test here was written before its fix, from a fuzzing finding of issue 10.
"""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

from fourgames import FormatError, IllegalActionError
from fourgames import vier_jahreszeiten as vj
from fourgames.cards import DECK_52, Card, Rank, Suit

CLASSES: tuple[type, ...] = (vj.Turn, vj.ToFoundation, vj.Build, vj.Fill, vj.MoveRun)


# --- Seeds and players -------------------------------------------------------------------------


@pytest.mark.parametrize("seed", ["7", 1.5, True, b"x", 7.0, [7]], ids=repr)
def test_a_seed_is_an_int(seed: object) -> None:
    with pytest.raises(ValueError, match="seed"):
        vj.new_game(1, seed=seed)  # type: ignore[arg-type]


def test_seed_minus_k_deals_another_game_than_seed_k() -> None:
    for k in range(1, 30):
        plus, minus = vj.new_game(1, seed=k), vj.new_game(1, seed=-k)
        assert (minus.piles, minus.stock) != (plus.piles, plus.stock), k
        assert minus.seed == -k
        assert vj.new_game(1, seed=-k) == minus  # still seeded


def test_seed_zero_and_positive_seeds_keep_their_deals() -> None:
    from fourgames.shuffle import shuffled

    for seed in (0, 1, 2, 12345):
        deck = shuffled(DECK_52, seed)
        assert vj.new_game(1, seed=seed).piles == tuple((c,) for c in deck[:5])


@pytest.mark.parametrize("players", [0, 2, True, "1", 1.0, None], ids=repr)
def test_the_solitaire_is_for_exactly_one_player(players: object) -> None:
    with pytest.raises(ValueError, match="Vier Jahreszeiten is for 1 "):
        vj.new_game(players, seed=1)  # type: ignore[arg-type]


# --- Hand-built states -------------------------------------------------------------------------

JUNK: tuple[object, ...] = (None, "x", 1.5, True, -1, (None,), ((None,),), frozenset({None}))


def _reachable() -> vj.State:
    state = vj.new_game(1, seed=5)
    rng = random.Random(5)
    while len(state.seen) < 2 or not state.waste:
        legal = vj.legal_actions(state)
        state = vj.apply(state, legal[int(rng.random() * len(legal))])
    return state


@pytest.mark.parametrize("field", [f.name for f in attrs.fields(vj.State)])
def test_mistyped_fields_are_format_errors_naming_the_field(field: str) -> None:
    good = _reachable()
    for junk in JUNK:
        changes: dict[str, Any] = {field: junk}
        bad = attrs.evolve(good, **changes)
        if type(junk) is type(getattr(good, field)):  # well typed: it may be a valid position
            continue
        with pytest.raises(FormatError, match=rf"@ \$\.{field}\b"):
            vj.validate(bad)


def test_stock_none_is_a_format_error() -> None:
    bad = attrs.evolve(vj.new_game(1, seed=1), stock=None)  # type: ignore[arg-type]
    with pytest.raises(FormatError, match=r"@ \$\.stock"):
        vj.validate(bad)


def _impossible(good: vj.State) -> list[vj.State]:
    return [
        attrs.evolve(good, stock=good.stock[1:]),
        attrs.evolve(good, piles=good.piles[:4]),
        attrs.evolve(good, base=14),
        attrs.evolve(good, base=0),
        attrs.evolve(good, foundations=(0, 0, 0, 0)),
        attrs.evolve(good, foundations=(1, 0, 0)),
        attrs.evolve(good, foundations=(14, 0, 0, 0)),
        attrs.evolve(good, seen=frozenset()),
        attrs.evolve(good, seen=good.seen | {((), (), (), (), ())}),
        attrs.evolve(
            good, piles=((good.piles[0][0], good.stock[0]), *good.piles[1:]), stock=good.stock[1:]
        ),
        attrs.evolve(good, options=vj.Options(czarina_fill=vj.CzarinaFill.WASTE_PYSOL)),
        attrs.evolve(good, options=vj.Options(guard=False)),
        attrs.evolve(
            good,
            options=vj.CZARINA,
            piles=((), *good.piles[1:]),
            stock=(*good.piles[0], *good.stock),
        ),
        attrs.evolve(good, options=vj.SIMPLICITY),
    ]


def test_every_format_error_names_its_place() -> None:
    good = vj.new_game(1, seed=1)
    for bad in _impossible(good):
        with pytest.raises(FormatError, match=r" @ \$"):
            vj.validate(bad)


def test_options_new_game_refuses_are_refused_by_validate() -> None:
    options = vj.Options(czarina_fill=vj.CzarinaFill.WASTE_PYSOL)
    with pytest.raises(ValueError, match="czarina_fill"):
        vj.new_game(1, seed=1, options=options)
    bad = attrs.evolve(vj.new_game(1, seed=1), options=options)
    with pytest.raises(FormatError, match=r"czarina_fill.* @ \$\.options"):
        vj.validate(bad)


def test_options_of_the_wrong_types_are_refused_by_new_game_and_validate() -> None:
    good = vj.new_game(1, seed=1)
    for field, junk in (("layout", "cross"), ("czarina", 1), ("run_move", "whole"), ("guard", 0)):
        changes: dict[str, Any] = {field: junk}
        options = attrs.evolve(vj.VANISHING_CROSS, **changes)
        with pytest.raises(ValueError, match=field):
            vj.new_game(1, seed=1, options=options)
        with pytest.raises(FormatError, match=rf"@ \$\.options\.{field}"):
            vj.validate(attrs.evolve(good, options=options))


# --- Malformed actions -------------------------------------------------------------------------


def _refused(state: vj.State, action: object) -> IllegalActionError:
    assert not vj.is_legal(state, action)
    with pytest.raises(IllegalActionError) as checked:
        vj.check(state, action)
    with pytest.raises(IllegalActionError) as applied:
        vj.apply(state, action)  # type: ignore[arg-type]
    assert str(checked.value) == str(applied.value)
    return applied.value


def test_a_subclass_whose_card_changes_between_reads_is_refused() -> None:
    state = vj.position(
        piles=[(c,) for c in (Card.parse(t) for t in ("7♦", "4♠", "5♥", "K♣", "9♠"))],
        foundations=(Card.parse("6♦"),),
        base=Rank.SIX,
    )
    reads = iter([Card.parse("4♠"), Card.parse("K♣")] * 10)

    class Flipping(vj.Build):
        @property
        def card(self) -> Card:
            return next(reads)

    action = object.__new__(Flipping)
    object.__setattr__(action, "pile", 2)
    assert not vj.is_legal(state, action)
    for verb in (vj.check, vj.apply):  # the message shows the card of its own read
        with pytest.raises(IllegalActionError, match="not a Vier Jahreszeiten action") as err:
            verb(state, action)
        assert err.value.rule == "API"


def test_look_alikes_are_refused() -> None:
    @attrs.frozen
    class Build:  # the same name and fields, another class
        card: Card
        pile: int

    state = vj.new_game(1, seed=1)
    for action in (Build(state.piles[0][0], 1), "turn", None, object(), vj.Options()):
        assert _refused(state, action).rule == "API"


@pytest.mark.parametrize("cls", CLASSES[1:], ids=lambda cls: cls.__name__)
def test_uninitialised_actions_are_refused(cls: type) -> None:
    state = vj.new_game(1, seed=1)
    assert _refused(state, object.__new__(cls)).rule == "API"


def test_constructing_an_action_checks_its_field_types() -> None:
    for make in (
        lambda: vj.Build("4♠", 1),  # type: ignore[arg-type]
        lambda: vj.Fill(Card.parse("4♠"), "1"),  # type: ignore[arg-type]
        lambda: vj.MoveRun(Card.parse("4♠"), True),
        lambda: vj.ToFoundation(None),  # type: ignore[arg-type]
    ):
        with pytest.raises(IllegalActionError):
            make()


_VALUES: tuple[object, ...] = (
    None, "7♦", "1", 1.0, True, False, -1, 0, 3, 11, 12, 10**30, -(10**30),
    b"x", (), (Card.parse("7♦"),), Rank.SEVEN, Suit.DIAMONDS, object(), frozenset(),
)  # fmt: skip


def _random_action(rng: random.Random) -> object:
    """An object of one of the game's action classes (or a subclass), its fields set to
    anything or left unset, built without the constructor's checks."""
    cls = rng.choice(CLASSES)
    if rng.random() < 0.2:
        cls = type(f"Sub{cls.__name__}", (cls,), {})
    action: Any = object.__new__(cls)
    for field in attrs.fields(cls):
        roll = rng.random()
        if roll < 0.1:
            continue
        value: Any
        if roll < 0.55:
            value = rng.choice(DECK_52) if field.name == "card" else rng.randrange(-2, 14)
        else:
            value = rng.choice(_VALUES)
        object.__setattr__(action, field.name, value)
    return action


def test_fuzzed_malformed_actions_raise_only_illegal_action_errors() -> None:
    rng = random.Random(2026)
    states = [_reachable()]
    for options in (vj.SIMPLICITY, vj.Options(run_move=vj.RunMove.ANY_TAIL), vj.CZARINA):
        states.append(vj.new_game(1, seed=3, options=options))
    accepted = 0
    for _ in range(4000):
        state = rng.choice(states)
        action = _random_action(rng)
        legal = vj.is_legal(state, action)
        try:
            vj.check(state, action)
        except IllegalActionError:
            assert not legal
        else:
            assert legal
        try:
            vj.apply(state, action)  # type: ignore[arg-type]
        except IllegalActionError:
            assert not legal
        else:
            assert legal
            assert type(action) in CLASSES
            assert action in vj.legal_actions(state)
            accepted += 1
    assert accepted > 0
