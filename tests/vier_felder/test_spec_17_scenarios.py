"""Every scenario of §17 of the rules text, one test each, named after its number."""

from __future__ import annotations

import pytest

from fourgames import IllegalActionError
from fourgames import vier_felder as vf
from fourgames.cards import Card, cards
from fourgames.vier_felder import (
    VOLLE_ERNTE,
    Action,
    Build,
    FullHarvest,
    Harvest,
    Kind,
    RoundScore,
    Season,
    Sow,
    State,
    Stockpile,
    apply,
    current_player,
    game_winners,
    is_terminal,
    legal_actions,
    new_game,
    position,
    score_round,
)
from tests.helpers import assert_refused

c = Card.parse
SEASONS = (Season.SUMMER, Season.AUTUMN, Season.WINTER, Season.SPRING)


def seasons(state: State) -> tuple[Season, ...]:
    return tuple(state.season(f) for f in range(4))


def sum_pile(text: str) -> Stockpile:
    items = cards(text)
    return Stockpile(
        sum(1 if x.rank == 14 else int(x.rank) for x in items), Kind.SUM, tuple(sorted(items))
    )


def refuse(state: State, action: Action, rule: str, words: str = "") -> IllegalActionError:
    """`assert_refused`, and the refusal says ``words``; the action is not listed."""
    refused = assert_refused(vf, state, action, rule=rule)
    assert words in str(refused)
    assert action not in legal_actions(state)
    return refused


def piles_of(*counts: tuple[int, int, int, int]) -> list[tuple[Card, ...]]:
    """Harvest piles with (cards, hearts, spades, aces) each, from disjoint cards.

    Aces are taken from ♣ and ♦ so they do not change the heart/spade counts."""
    hearts = list(cards("2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥"))
    spades = list(cards("2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠"))
    aces = [c("A♣"), c("A♦")]
    others = list(cards("2♣ 3♣ 4♣ 5♣ 6♣ 7♣ 8♣ 9♣ 10♣ J♣ Q♣ K♣"))
    others += cards("2♦ 3♦ 4♦ 5♦ 6♦ 7♦ 8♦ 9♦ 10♦ J♦ Q♦ K♦")
    out = []
    for n, h, s, a in counts:
        pile = [hearts.pop() for _ in range(h)] + [spades.pop() for _ in range(s)]
        pile += [aces.pop() for _ in range(a)]
        pile += [others.pop() for _ in range(n - len(pile))]
        out.append(tuple(pile))
    return out


# --- §2 rotation -------------------------------------------------------------------------------


def test_s17_01_rulebook_rotation_example_queen_of_spades_into_summer() -> None:
    state = position([cards("Q♠ 2♣ 3♣ 4♣"), cards("5♣ 6♣ 7♣ 8♣")], [cards("9♥ 10♥")])
    assert state.season(0) is Season.SUMMER
    after = apply(state, Sow(c("Q♠"), 0))
    assert c("Q♠") in after.loose[0]
    assert after.summer_field == 2
    assert seasons(after) == (Season.WINTER, Season.SPRING, Season.SUMMER, Season.AUTUMN)


# --- §6 harvest ------------------------------------------------------------------------------


def test_s17_02_rulebook_harvest_example_takes_single_and_group() -> None:
    state = position([cards("5♦ 8♠ 2♣ 3♣"), cards("4♣ 4♦ 4♥ 4♠")], [cards("5♣ 3♥ 2♦ 9♠")])
    action = Harvest(c("5♦"), 0, frozenset(cards("5♣ 3♥ 2♦")))
    assert action in legal_actions(state)
    after = apply(state, action)
    assert sorted(after.harvested[0]) == sorted(cards("5♦ 5♣ 3♥ 2♦"))
    assert after.loose[0] == (c("9♠"),)
    assert after.summer_field == 0
    assert len(after.hands[0]) == 4  # drew one


def test_s17_03_harvest_without_a_group_of_the_value_is_illegal() -> None:
    state = position([cards("5♦ 8♠ 2♣ 3♣"), cards("4♣ 4♦ 4♥ 4♠")], [cards("5♣ 3♥ 2♦ 9♠")])
    refuse(state, Harvest(c("5♦"), 0, frozenset({c("9♠")})), "§6", "groups of value 5")


# --- §7 stockpile ------------------------------------------------------------------------------


def test_s17_04_rulebook_sum_example() -> None:
    state = position([cards("3♣ 8♦ 2♠ 4♠"), cards("4♣ 4♦ 4♥ 6♠")], [cards("5♥")])
    action = Build(c("3♣"), 0, frozenset({c("5♥")}), frozenset(), 8)
    assert action in legal_actions(state)
    after = apply(state, action)
    assert after.loose[0] == ()
    assert after.stockpiles[0] == (Stockpile(8, Kind.SUM, cards("3♣ 5♥")),)
    assert c("8♦") in after.hands[0]
    assert c("3♣") not in after.hands[0]


def test_s17_05_sum_without_held_card_is_illegal() -> None:
    state = position([cards("3♣ 9♦ 2♠ 4♠"), cards("4♣ 4♦ 4♥ 6♠")], [cards("5♥")])
    refuse(state, Build(c("3♣"), 0, frozenset({c("5♥")}), frozenset(), 8), "§7", "held card")


def test_s17_06_sum_in_spring_is_illegal() -> None:
    state = position([cards("3♣ 8♦ 2♠ 4♠"), cards("4♣ 4♦ 4♥ 6♠")], [cards("5♥")], summer_field=1)
    assert state.season(0) is Season.SPRING
    refuse(state, Build(c("3♣"), 0, frozenset({c("5♥")}), frozenset(), 8), "§7", "Spring")


def test_s17_07_rulebook_equal_example() -> None:
    state = position([cards("3♣ 5♦ 2♠ 4♠"), cards("4♣ 4♦ 4♥ 6♠")], [cards("2♥ 5♠")])
    action = Build(c("3♣"), 0, frozenset(cards("2♥ 5♠")), frozenset(), 5)
    assert action in legal_actions(state)
    after = apply(state, action)
    assert after.loose[0] == ()
    assert after.stockpiles[0] == (Stockpile(5, Kind.EQUAL, cards("2♥ 3♣ 5♠")),)


# --- §11 scoring -------------------------------------------------------------------------------


def test_s17_08_rulebook_scoring_example_through_the_round_end() -> None:
    anna = cards("2♥ 3♥ 4♥ 5♥ 6♥ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ A♣ A♦ 2♣ 3♣ 4♣ 5♣")
    ben = cards("7♥ 8♥ 9♥ 10♥ J♥ A♥ 9♠ 10♠ J♠ Q♠ 6♣ 7♣ 8♣ 9♣")
    carla = cards("Q♥ K♥ K♠ A♠ 10♣ J♣ Q♣ K♣ 2♦ 3♦ 4♦ 5♦")
    assert (len(anna), len(ben), len(carla)) == (18, 14, 12)
    state = position(
        [(), (), cards("6♦")],
        [cards("7♦ 8♦"), cards("9♦ 10♦"), cards("J♦ Q♦"), cards("K♦")],
        to_move=2,
        draw_pile=(),
        harvested=[anna, ben, carla],
        coins=(1, 2, 0),
    )
    after = apply(state, Sow(c("6♦"), 0))  # the last card: the round ends and is scored
    (score,) = after.history
    assert score.points == (5, 5, 1)
    assert score.totals == (5, 5, 1)
    assert after.totals == (5, 5, 1)
    assert (score.most_cards, score.most_hearts, score.most_spades) == (0, 1, 0)
    assert not is_terminal(after)
    assert after.round == 2


# --- §2 seasons before rotation ---------------------------------------------------------------


def test_s17_09_sowing_a_season_card_into_autumn_is_illegal() -> None:
    state = position([cards("K♥ 2♣ 3♣ 4♣"), cards("5♣ 6♣ 7♣ 8♣")])
    assert state.season(1) is Season.AUTUMN
    refuse(state, Sow(c("K♥"), 1), "§5", "Autumn")


def test_s17_10_harvesting_in_winter_is_illegal() -> None:
    state = position([cards("6♣ 2♣ 3♣ 4♣"), cards("5♣ 7♣ 8♣ 9♣")], [(), (), cards("6♦")])
    assert state.season(2) is Season.WINTER
    refuse(state, Harvest(c("6♣"), 2, frozenset({c("6♦")})), "§6", "Winter")


# --- §9 clearing -------------------------------------------------------------------------------


def test_s17_11_clearing_harvest_with_a_season_card_draws_coins_reseeds_and_rotates() -> None:
    state = position(
        [cards("K♠ 2♣ 3♣ 4♣"), cards("5♣ 6♣ 7♣ 8♣")],
        [(), cards("9♣ 4♦")],
        draw_pile=cards("2♥ 3♥ 4♥ 5♥ 6♥"),
    )
    assert state.season(1) is Season.AUTUMN
    after = apply(state, Harvest(c("K♠"), 1, frozenset(cards("9♣ 4♦"))))
    assert c("2♥") in after.hands[0]  # drew first
    assert after.coins == (1, 0)
    assert after.loose[1] == cards("3♥ 4♥ 5♥")  # reseeded
    assert after.draw_pile == (c("6♥"),)
    assert after.summer_field == 3
    assert seasons(after) == (Season.AUTUMN, Season.WINTER, Season.SPRING, Season.SUMMER)
    assert set(cards("K♠ 9♣ 4♦")) <= set(after.harvested[0])


def test_s17_12_reseeding_a_season_card_does_not_rotate() -> None:
    state = position(
        [cards("6♠ 2♣ 3♣ 4♣"), cards("5♣ 7♣ 8♣ 9♣")],
        [cards("6♦")],
        draw_pile=cards("2♥ J♦ 3♥ 4♥ 5♥"),
    )
    after = apply(state, Harvest(c("6♠"), 0, frozenset({c("6♦")})))
    assert c("J♦") in after.loose[0]
    assert after.summer_field == 0


# --- aces ----------------------------------------------------------------------------------------


def test_s17_13_ace_harvests_as_14_with_a_field_ace_as_1() -> None:
    state = position([cards("A♥ 2♣ 3♣ 4♣"), cards("5♣ 6♣ 7♣ 8♣")], [cards("K♦ A♣")])
    action = Harvest(c("A♥"), 0, frozenset(cards("K♦ A♣")))
    assert action in legal_actions(state)
    after = apply(state, action)
    assert set(cards("A♥ K♦ A♣")) <= set(after.harvested[0])
    assert after.coins == (1, 0)  # cleared: coin and reseed
    assert len(after.loose[0]) == 3
    assert after.summer_field == 0  # ♥ into field 0


def test_s17_14_a_stockpile_is_never_part_of_a_sum() -> None:
    state = position([cards("A♠ 2♣ 4♣ 7♣"), cards("5♣ 6♣ 8♣ 9♣")], [[sum_pile("5♥ 3♣"), c("6♦")]])
    refuse(state, Harvest(c("A♠"), 0, frozenset({c("6♦")}), frozenset({sum_pile("5♥ 3♣")})), "§6")


def test_s17_15_stockpile_and_single_card_of_the_same_value() -> None:
    pile = sum_pile("5♥ 3♣")
    state = position([cards("8♠ 2♣ 4♣ 7♣"), cards("5♣ 6♣ 9♣ 10♣")], [[pile, c("8♣")]])
    action = Harvest(c("8♠"), 0, frozenset({c("8♣")}), frozenset({pile}))
    assert action in legal_actions(state)
    after = apply(state, action)
    assert sorted(after.harvested[0]) == sorted(cards("8♠ 8♣ 5♥ 3♣"))
    assert after.stockpiles[0] == ()


def test_s17_16_raise_a_sum_stockpile_with_a_loose_card() -> None:
    pile = sum_pile("5♥ 3♣")
    state = position([cards("2♠ Q♣ 4♣ 7♣"), cards("5♣ 6♣ 9♣ 10♣")], [[pile, c("2♦")]])
    action = Build(c("2♠"), 0, frozenset({c("2♦")}), frozenset({pile}), 12)
    assert action in legal_actions(state)
    after = apply(state, action)
    assert after.stockpiles[0] == (Stockpile(12, Kind.SUM, cards("2♦ 2♠ 3♣ 5♥")),)
    assert after.loose[0] == ()


def test_s17_17_raising_above_14_is_illegal() -> None:
    pile = Stockpile(12, Kind.SUM, cards("5♥ 7♣"))
    state = position([cards("3♠ 2♣ 4♣ 6♣"), cards("5♣ 8♣ 9♣ 10♣")], [[pile]])
    refuse(state, Build(c("3♠"), 0, frozenset(), frozenset({pile}), 15), "§7", "1 to 14")


def test_s17_18_an_equal_stockpile_cannot_be_raised() -> None:
    pile = Stockpile(5, Kind.EQUAL, cards("2♥ 3♣ 5♠"))
    state = position([cards("3♠ 8♦ 4♣ 6♣"), cards("5♣ 8♣ 9♣ 10♣")], [[pile]])
    refuse(state, Build(c("3♠"), 0, frozenset(), frozenset({pile}), 8), "§16.14", "EQUAL")


def test_s17_19_extend_an_equal_stockpile() -> None:
    pile = Stockpile(5, Kind.EQUAL, cards("2♥ 3♣ 5♠"))
    state = position([cards("5♥ 5♣ 4♣ 6♣"), cards("5♦ 8♣ 9♣ 10♣")], [[pile]])
    action = Build(c("5♥"), 0, frozenset(), frozenset({pile}), 5)
    assert action in legal_actions(state)
    after = apply(state, action)
    assert after.stockpiles[0] == (Stockpile(5, Kind.EQUAL, cards("2♥ 3♣ 5♥ 5♠")),)


def test_s17_20_extending_needs_the_held_card() -> None:
    pile = Stockpile(5, Kind.EQUAL, cards("2♥ 3♣ 5♠"))
    state = position([cards("5♥ 7♣ 4♣ 6♣"), cards("5♦ 8♣ 9♣ 10♣")], [[pile]])
    refuse(state, Build(c("5♥"), 0, frozenset(), frozenset({pile}), 5), "§7", "held card")


def test_s17_21_no_stockpile_in_an_empty_field_but_sowing_is_legal() -> None:
    state = position([cards("7♠ 7♦ 4♣ 6♣"), cards("5♦ 8♣ 9♣ 10♣")])
    refuse(state, Build(c("7♠"), 0, frozenset(), frozenset(), 7), "§16.7")
    assert Sow(c("7♠"), 0) in legal_actions(state)
    assert apply(state, Sow(c("7♠"), 0)).loose[0] == (c("7♠"),)
    assert not any(isinstance(a, Build) and a.field == 0 for a in legal_actions(state))


def test_s17_22_a_harvest_takes_at_least_one_group() -> None:
    state = position([cards("5♦ 7♦ 4♣ 6♣"), cards("5♣ 8♣ 9♣ 10♣")], [cards("9♠")])
    refuse(state, Harvest(c("5♦"), 0, frozenset()), "§16.3", "at least one group")


# --- §9 clearing, timing of the reseed ---------------------------------------------------------


def clearing_position(pile_size: int, coins: tuple[int, int]) -> State:
    draw = list(cards("2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥ A♥ 2♦ 3♦ 4♦ 5♦ 6♦ 7♦ 8♦"))
    return position(
        [cards("6♠ 2♣ 3♣ 4♣"), cards("5♣ 7♣ 8♣ 9♣")],
        [(), (), cards("6♣")],
        summer_field=2,
        draw_pile=draw[:pile_size],
        coins=coins,
    )


def test_s17_23_the_last_coin_still_reseeds() -> None:
    state = clearing_position(4, (0, 1))
    assert state.season(2) is Season.SUMMER
    assert state.coins_on_square == 1
    after = apply(state, Harvest(c("6♠"), 2, frozenset({c("6♣")})))
    assert c("2♥") in after.hands[0]
    assert after.coins == (1, 1)
    assert after.loose[2] == cards("3♥ 4♥ 5♥")
    assert after.draw_pile == ()


def test_s17_24_no_reseed_with_fewer_than_3_cards_after_drawing() -> None:
    state = clearing_position(3, (0, 0))
    after = apply(state, Harvest(c("6♠"), 2, frozenset({c("6♣")})))
    assert len(after.draw_pile) == 2
    assert after.coins == (1, 0)
    assert after.loose[2] == ()
    assert after.stockpiles[2] == ()


def test_s17_25_no_coin_no_reseed() -> None:
    state = clearing_position(20, (1, 1))
    after = apply(state, Harvest(c("6♠"), 2, frozenset({c("6♣")})))
    assert after.coins == (1, 1)
    assert after.loose[2] == ()
    assert len(after.draw_pile) == 19


# --- §4 turn order -----------------------------------------------------------------------------


def test_s17_26_players_with_empty_hands_are_skipped() -> None:
    state = position([(), cards("2♣ 3♣"), cards("4♣ 5♣")], [cards("9♦")], to_move=2, draw_pile=())
    after = apply(state, Sow(c("4♣"), 0))
    assert [len(h) for h in after.hands] == [0, 2, 1]
    assert current_player(after) == 1


# --- §11.3 ties ----------------------------------------------------------------------------------


def test_s17_27_most_cards_tie_broken_by_coins() -> None:
    a, b = piles_of((15, 3, 2, 0), (15, 3, 2, 0))
    score = score_round(1, 0, [a, b], [1, 0], [0, 0])
    assert score.most_cards == 0  # A +4
    assert score.most_hearts == 0  # the same tie-break: A +2
    assert score.most_spades == 1  # fewer coins: B −2
    assert score.points == (4 + 2 + 1, -2)
    assert score.totals == (7, 0)


def test_s17_28_most_cards_tie_with_equal_coins_gives_nobody_points() -> None:
    a, b = piles_of((15, 3, 2, 0), (15, 3, 2, 0))
    score = score_round(1, 0, [a, b], [1, 1], [0, 0])
    assert (score.most_cards, score.most_hearts, score.most_spades) == (None, None, None)
    assert score.points == (1, 1)


def test_s17_29_spades_tie_with_shared_fewest_coins_costs_nobody() -> None:
    a, b, cc = piles_of((10, 0, 4, 0), (9, 0, 4, 0), (8, 0, 4, 0))
    score = score_round(1, 0, [a, b, cc], [0, 0, 1], [5, 5, 5])
    assert score.most_spades is None
    assert score.most_cards == 0
    assert score.most_hearts is None
    assert score.points == (4, 0, 1)


def test_s17_30_spades_tie_fewer_coins_loses_two() -> None:
    a, b = piles_of((12, 0, 5, 0), (10, 0, 5, 0))
    score = score_round(1, 0, [a, b], [2, 0], [3, 3])
    assert score.most_spades == 1
    assert score.points == (4 + 2, -2)
    assert score.totals == (9, 1)


def test_s17_31_nobody_holds_a_heart() -> None:
    a, b = piles_of((5, 0, 1, 0), (4, 0, 0, 0))
    score = score_round(1, 0, [a, b], [0, 0], [0, 0])
    assert score.most_hearts is None
    assert score.points == (4 - 2, 0)


def test_s17_32_frost_floor_from_one() -> None:
    score = score_round(1, 0, [cards("2♠"), cards("2♣ 3♣")], [0, 0], [1, 0])
    assert score.points == (-2, 4)
    assert score.totals == (0, 4)


def test_s17_33_frost_floor_applies_to_the_round_sum() -> None:
    score = score_round(1, 0, [cards("A♣ 2♠"), cards("2♣ 3♣ 4♣")], [0, 0], [0, 0])
    assert score.points == (1 - 2, 4)
    assert score.totals == (0, 4)


# --- §12 game end ----------------------------------------------------------------------------


def last_round(coins: tuple[int, ...], aces: tuple[int, ...]) -> RoundScore:
    return RoundScore(
        round=3,
        dealer=2,
        cards=(10, 10, 10),
        hearts=(0, 0, 0),
        spades=(0, 0, 0),
        aces=aces,
        coins=coins,
        most_cards=None,
        most_hearts=None,
        most_spades=None,
        points=(0, 0, 0),
        totals=(18, 18, 12),
    )


def test_s17_34_top_tie_broken_by_last_round_coins() -> None:
    assert game_winners((18, 18, 12), last_round((1, 0, 2), (0, 2, 0))) == {0}


def test_s17_35_then_by_last_round_aces() -> None:
    assert game_winners((18, 18, 12), last_round((1, 1, 0), (1, 2, 0))) == {1}


def test_s17_36_then_a_shared_win() -> None:
    assert game_winners((18, 18, 12), last_round((1, 1, 0), (1, 1, 2))) == {0, 1}


# --- §3, §13 setup and next round ---------------------------------------------------------------


@pytest.mark.parametrize(("players", "pile"), [(2, 33), (3, 29), (4, 25)])
def test_s17_37_new_game(players: int, pile: int) -> None:
    state = new_game(players, seed=11)
    assert len(state.draw_pile) == pile
    first = current_player(state)
    assert first == 1
    assert len(state.hands[first]) == 3
    assert all(len(h) == 4 for i, h in enumerate(state.hands) if i != first)
    assert state.coins_on_square == players
    assert state.summer_field == 0
    assert all(len(field) == 3 for field in state.loose)


def test_s17_38_second_round() -> None:
    state = new_game(3, seed=5)
    while state.round == 1:
        sows = [a for a in legal_actions(state) if isinstance(a, Sow)]
        state = apply(state, min(sows, key=lambda a: len(state.loose[a.field])))
    assert state.round == 2
    assert state.dealer == 1
    assert current_player(state) == 2
    assert state.summer_field == 0
    assert state.coins_on_square == 3
    assert state.harvested == ((), (), ())
    assert len(state.hands[2]) == 3
    assert len(state.draw_pile) == 29


# --- §14 Volle Ernte -----------------------------------------------------------------------------


def test_s17_39_full_harvest() -> None:
    hand = cards("2♣ 3♦ 4♥ 5♠")
    state = position(
        [hand, cards("5♣ 7♣ 8♣ 9♣")],
        [cards("A♦ 9♥ 5♦")],
        options=VOLLE_ERNTE,
        draw_pile=cards("2♥ 3♥ 5♥ 6♥ 7♥ 8♥ 10♥ 9♠"),
    )
    action = FullHarvest(hand, 0, frozenset(cards("A♦ 9♥ 5♦")))
    assert action in legal_actions(state)
    after = apply(state, action)
    assert set(after.harvested[0]) >= set(hand) | set(cards("A♦ 9♥ 5♦"))
    assert len(after.harvested[0]) - len(state.harvested[0]) == 7
    assert after.hands[0] == cards("2♥ 3♥ 5♥ 6♥")  # drew 4
    assert after.coins == (1, 0)  # F0 cleared
    assert after.loose[0] == cards("7♥ 8♥ 10♥")  # reseeded
    assert after.summer_field == 0


def test_s17_40_full_harvest_needs_four_cards() -> None:
    hand = cards("2♣ 3♦ 9♠")
    state = position(
        [hand, cards("5♣ 7♣ 8♣ 9♣")], [cards("A♦ 9♥ 5♦")], options=VOLLE_ERNTE, draw_pile=()
    )
    refuse(state, FullHarvest(hand, 0, frozenset(cards("A♦ 9♥ 5♦"))), "§16.29", "exactly 4")
    assert not any(isinstance(a, FullHarvest) for a in legal_actions(state))


# --- §16.12 merging ------------------------------------------------------------------------------


def test_s17_41_equal_stockpile_absorbs_a_sum_of_the_same_value() -> None:
    pile = sum_pile("5♥ 3♣")
    state = position([cards("2♠ 8♦ 4♣ 7♣"), cards("5♣ 6♣ 9♣ 10♣")], [[pile, c("6♦")]])
    action = Build(c("2♠"), 0, frozenset({c("6♦")}), frozenset({pile}), 8)
    assert action in legal_actions(state)
    after = apply(state, action)
    assert after.stockpiles[0] == (Stockpile(8, Kind.EQUAL, cards("2♠ 3♣ 5♥ 6♦")),)
    assert after.loose[0] == ()


def test_s17_42_raise_and_merge_in_one_action_is_illegal() -> None:
    pile = sum_pile("2♥ 3♣")
    state = position([cards("3♠ 8♦ 4♣ 7♣"), cards("5♣ 6♣ 9♣ 10♣")], [[pile, c("8♣")]])
    refuse(state, Build(c("3♠"), 0, frozenset({c("8♣")}), frozenset({pile}), 8), "§16.12")


# --- aces in stockpiles --------------------------------------------------------------------------


def test_s17_43_ace_as_one_in_a_sum_backed_by_a_held_ace_as_14() -> None:
    state = position([cards("A♥ A♠ 4♣ 7♣"), cards("5♣ 6♣ 9♣ 10♣")], [cards("K♣")])
    action = Build(c("A♥"), 0, frozenset({c("K♣")}), frozenset(), 14)
    assert action in legal_actions(state)
    after = apply(state, action)
    assert after.stockpiles[0] == (Stockpile(14, Kind.SUM, cards("K♣ A♥")),)
    assert after.summer_field == 0


def test_s17_44_a_stockpile_above_14_is_illegal() -> None:
    state = position([cards("2♥ A♠ 4♣ 7♣"), cards("5♣ 6♣ 9♣ 10♣")], [cards("K♣")])
    refuse(state, Build(c("2♥"), 0, frozenset({c("K♣")}), frozenset(), 15), "§7", "1 to 14")
