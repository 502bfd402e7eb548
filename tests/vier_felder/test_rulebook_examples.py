"""The worked examples of the German rulebook *Vier Felder — Ausführliche Regeln*, one test each."""

from __future__ import annotations

from fourgames.cards import Card, cards
from fourgames.vier_felder import (
    Build,
    Harvest,
    Kind,
    Season,
    Sow,
    Stockpile,
    apply,
    legal_actions,
    position,
    score_round,
)

c = Card.parse


def test_rulebook_rotation_example_anna_sows_queen_of_spades() -> None:
    """„Im oberen Feld ist Sommer. Anna sät die D♠ ins obere Feld. … Oben ist jetzt Winter,
    unten Sommer, und die beiden seitlichen Felder haben Frühling und Herbst getauscht.“"""
    for top in range(4):  # whichever field is "top", as long as it is Summer
        state = position(
            [cards("Q♠ 2♣ 3♣ 4♣"), cards("5♣ 6♣ 7♣ 8♣")], [cards("9♥")], summer_field=top
        )
        bottom, left, right = (top + 2) % 4, (top + 1) % 4, (top + 3) % 4
        assert state.season(top) is Season.SUMMER
        side_before = (state.season(left), state.season(right))
        after = apply(state, Sow(c("Q♠"), top))
        assert after.season(top) is Season.WINTER
        assert after.season(bottom) is Season.SUMMER
        assert (after.season(right), after.season(left)) == side_before
        assert set(side_before) == {Season.SPRING, Season.AUTUMN}


def test_rulebook_harvest_example_ben() -> None:
    """„Im Feld liegen 5♣, 3♥, 2♦ und 9♠. Ben spielt die 5♦ und erntet die 5♣ und dazu die
    Gruppe 3♥ + 2♦. Die 9♠ bleibt liegen. Ben legt vier Karten auf seinen Erntestapel.“"""
    ben = 1
    state = position(
        [cards("4♣ 4♦ 4♥ 4♠"), cards("5♦ 8♠ 2♣ 3♣")], [cards("5♣ 3♥ 2♦ 9♠")], to_move=ben
    )
    action = Harvest(c("5♦"), 0, frozenset(cards("5♣ 3♥ 2♦")))
    assert action in legal_actions(state)
    after = apply(state, action)
    assert after.loose[0] == (c("9♠"),)
    assert len(after.harvested[ben]) == 4
    assert set(after.harvested[ben]) == set(cards("5♦ 5♣ 3♥ 2♦"))


def test_rulebook_stockpile_sum_example() -> None:
    """„Du hast 3♣ und 8♦ auf der Hand, im Feld liegt die 5♥. Leg die 3♣ auf die 5♥: ein Lager
    mit dem Wert 8.“"""
    state = position([cards("3♣ 8♦"), cards("5♣ 6♣ 7♣ 8♣")], [cards("5♥")], draw_pile=())
    after = apply(state, Build(c("3♣"), 0, frozenset({c("5♥")}), frozenset(), 8))
    assert after.stockpiles[0] == (Stockpile(8, Kind.SUM, cards("3♣ 5♥")),)
    assert after.hands[0] == (c("8♦"),)


def test_rulebook_stockpile_equal_example() -> None:
    """„Du hast 3♣ und 5♦, im Feld liegen 2♥ und 5♠. Leg die 3♣ mit der 2♥ (zusammen 5) auf die
    5♠: ein Lager aus zwei Fünfen, Wert 5.“"""
    state = position([cards("3♣ 5♦"), cards("5♣ 6♣ 7♣ 8♣")], [cards("2♥ 5♠")], draw_pile=())
    after = apply(state, Build(c("3♣"), 0, frozenset(cards("2♥ 5♠")), frozenset(), 5))
    assert after.stockpiles[0] == (Stockpile(5, Kind.EQUAL, cards("2♥ 3♣ 5♠")),)
    assert after.loose[0] == ()


def test_rulebook_scoring_example_three_players() -> None:
    """„Anna hat 18 Karten, darunter 5 Herz und 7 Pik, 2 Asse und 1 Münze. Ben hat 14 Karten mit
    6 Herz und 4 Pik, 1 Ass und 2 Münzen. Carla hat 12 Karten mit 2 Herz und 2 Pik, 1 Ass und
    keine Münze. Anna bekommt 2 + 1 + 4 − 2 = 5 Punkte, Ben 1 + 2 + 2 = 5, Carla 1.“"""
    anna = cards("2♥ 3♥ 4♥ 5♥ 6♥ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ A♣ A♦ 2♣ 3♣ 4♣ 5♣")
    ben = cards("7♥ 8♥ 9♥ 10♥ J♥ A♥ 9♠ 10♠ J♠ Q♠ 6♣ 7♣ 8♣ 9♣")
    carla = cards("Q♥ K♥ K♠ A♠ 10♣ J♣ Q♣ K♣ 2♦ 3♦ 4♦ 5♦")
    score = score_round(1, 0, [anna, ben, carla], [1, 2, 0], [0, 0, 0])
    assert score.cards == (18, 14, 12)
    assert score.hearts == (5, 6, 2)
    assert score.spades == (7, 4, 2)
    assert score.aces == (2, 1, 1)
    assert score.most_cards == 0
    assert score.most_hearts == 1
    assert score.most_spades == 0
    assert score.points == (5, 5, 1)
    assert score.totals == (5, 5, 1)
