"""The state machine: random play with illegal probes, checking the game's invariants."""

from __future__ import annotations

import itertools
from typing import Any

import attrs
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.stateful import invariant

from fourgames import vier_jahreszeiten as vj
from fourgames.cards import DECK_52, Suit, sorted_cards
from fourgames.testing.strategies import GameMachine, states
from fourgames.vier_jahreszeiten._rules import _fits_on


class VierJahreszeitenMachine(GameMachine):
    game = vj
    players = 1
    options: Any = None

    def __init__(self) -> None:
        super().__init__()
        self.stock_size: int | None = None

    @invariant()
    def cards_are_conserved(self) -> None:
        if self.state is None:
            return
        assert sorted_cards(vj.all_cards(self.state)) == sorted_cards(DECK_52)

    @invariant()
    def foundations_ascend_in_suit_from_the_base(self) -> None:
        if self.state is None:
            return
        state = self.state
        for suit, count in zip(Suit, state.foundations, strict=True):
            pile = vj.foundation_cards(state.base, suit, count)
            assert all(card.suit is suit for card in pile)
            if pile:
                assert vj.rank_value(pile[0]) == state.base
            for low, high in itertools.pairwise(pile):
                assert vj.rank_value(high) == vj.rank_value(low) % 13 + 1
        # The foundation counts name exactly the cards that are not elsewhere.
        elsewhere = {c for p in state.piles for c in p} | set(state.stock) | set(state.waste)
        assert len(elsewhere) == 52 - sum(state.foundations)

    @invariant()
    def every_pile_is_one_descending_run(self) -> None:
        if self.state is None:
            return
        for pile in self.state.piles:
            for below, above in itertools.pairwise(pile):
                assert _fits_on(self.state, above, below)

    @invariant()
    def the_stock_only_shrinks(self) -> None:
        if self.state is None:
            return
        size = len(self.state.stock)
        if self.stock_size is not None and self.record.actions:
            assert size <= self.stock_size
        self.stock_size = size

    @invariant()
    def the_guard_holds_the_current_configuration(self) -> None:
        if self.state is None:
            return
        assert vj.canonical(self.state.piles) in self.state.seen


_SETTINGS = settings(max_examples=15, stateful_step_count=60, deadline=None)


class CzarinaMachine(VierJahreszeitenMachine):
    options = vj.CZARINA


class SimplicityMachine(VierJahreszeitenMachine):
    options = vj.SIMPLICITY


class AnyTailMachine(VierJahreszeitenMachine):
    options = vj.Options(run_move=vj.RunMove.ANY_TAIL)


for _machine in (VierJahreszeitenMachine, CzarinaMachine, SimplicityMachine, AnyTailMachine):
    _machine.TestCase.settings = _SETTINGS

TestVanishingCross = VierJahreszeitenMachine.TestCase
TestCzarina = CzarinaMachine.TestCase
TestSimplicity = SimplicityMachine.TestCase
TestAnyTail = AnyTailMachine.TestCase


_OPTIONS = [
    *vj.PRESETS.values(),
    *(attrs.evolve(p, run_move=r) for p in vj.PRESETS.values() for r in vj.RunMove),
    vj.Options(czarina=True, czarina_fill=vj.CzarinaFill.WASTE_PYSOL),
    vj.Options(czarina=True, czarina_fill=vj.CzarinaFill.WASTE_PYSOL, run_move=vj.RunMove.ANY_TAIL),
    vj.Options(wrap_cross_always=True),
    vj.Options(guard=False),
]


@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_every_listed_action_leads_from_a_valid_state_to_a_valid_state(data: st.DataObject) -> None:
    options = data.draw(st.sampled_from(_OPTIONS), label="options")
    state = data.draw(states(vj, options=options, max_plies=150), label="state")
    vj.validate(state)
    vj.validate_observation(vj.observe(state, 0))
    for action in vj.legal_actions(state):
        after = vj.apply(state, action)
        vj.validate(after)
        vj.validate_observation(vj.observe(after, 0))
