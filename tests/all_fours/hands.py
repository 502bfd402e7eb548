"""What the All Fours tests share beyond ``tests/helpers.py``: playing a hand to its end."""

from __future__ import annotations

from fourgames.all_fours import Phase, State, apply, legal_actions


def finish_hand(state: State) -> State:
    """Play the first legal action until the hand is over (a new deal or the end of the game)."""
    number = state.hand_number
    while state.hand_number == number and state.phase is not Phase.OVER:
        state = apply(state, legal_actions(state)[0])
    return state
