"""GameMachine on the reference game: the base class's rules plus a game's own invariant."""

from hypothesis import settings
from hypothesis.stateful import invariant

from fourgames.cards import DECK_52, sorted_cards
from fourgames.testing import reference as match
from fourgames.testing.strategies import GameMachine


class MatchMachine(GameMachine):
    game = match

    @invariant()
    def cards_are_conserved(self) -> None:
        state = self.state
        every = [card for hand in state.hands for card in hand] + [*state.pile, *state.stock]
        assert sorted_cards(every) == sorted_cards(DECK_52)


MatchMachine.TestCase.settings = settings(MatchMachine.TestCase.settings, stateful_step_count=40)
TestMatch = MatchMachine.TestCase
