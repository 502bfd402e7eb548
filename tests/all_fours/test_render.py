"""render: trump, turn-ups, the current trick, tricks per side, the mover's hand, the sheet."""

from __future__ import annotations

from fourgames import all_fours
from fourgames.all_fours import (
    TRINIDAD,
    State,
    from_deck,
    new_game,
    render,
    score_sheet,
    stack_deck,
)
from fourgames.cards import Card, cards
from tests.helpers import play


def _s1(seed: int = 1) -> State:
    deck = stack_deck(
        2,
        [cards("K♣ 4♣ A♥ 10♥ 2♦ 3♦"), cards("J♣ 9♣ K♠ Q♠ 10♠ A♦")],
        Card.parse("7♣"),
        dealer=0,
    )
    state: State = play(all_fours, from_deck(2, deck, dealer=0, seed=seed), "stand")
    return state


def test_render_during_trick_play() -> None:
    state = play(all_fours, _s1(), "play A♦", "play 2♦", "play 10♠")
    text = render(state)
    assert "All Fours · 2 players · target 7 · hand 1" in text
    assert "Scores: P0 0  P1 0" in text
    assert "turn-ups 7♣ · trump ♣ · stood" in text
    assert "Tricks won: P0 0  P1 1" in text
    assert "trick 1: P1 leads A♦ 2♦ → P1" in text
    assert "Current trick: P1 leads 10♠" in text
    assert "Phase: play · to move: P0" in text
    assert "Hand of P0: 3♦ 4♣ 10♥ K♣ A♥" in text


def test_render_shows_the_score_sheet_of_finished_hands() -> None:
    state = play(
        all_fours,
        _s1(),
        *("play A♦", "play 2♦", "play 10♠", "play 10♥", "play Q♠", "play 3♦"),
        *("play 9♣", "play 4♣", "play J♣", "play K♣", "play A♥", "play K♠"),
    )
    text = render(state)
    assert (
        "hand 1: dealer P0, turn-up 7♣, trump ♣, stood: high P0, low P0, jack P0, game P1 "
        "(card points 11:26)"
    ) in text
    assert "Scores: P0 3  P1 1" in text
    assert len(score_sheet(state)) == 2


def test_render_partnerships_and_game_over() -> None:
    deck = stack_deck(4, [[], [], [], []], Card.parse("J♥"), dealer=1)
    state = from_deck(4, deck, dealer=1, scores=(0, 6))
    text = render(state)
    assert "Scores: P0+P2 0  P1+P3 7" in text
    assert "Game over: P1+P3 won" in text
    assert "turned jack P1+P3" in text


def test_render_names_the_variant() -> None:
    text = render(new_game(4, seed=3, options=TRINIDAD))
    assert "target 14 · Trinidad" in text
