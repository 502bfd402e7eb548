"""The rules section by section (§1–§16 of docs/rules/vier-felder.md), beyond the §17
scenarios."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from fourgames import FormatError, IllegalActionError, from_json, to_json
from fourgames import vier_felder as vf
from fourgames.cards import DECK_52, Card, Suit, cards
from fourgames.shuffle import derive_seed, shuffled
from fourgames.vier_felder import (
    JOKER_SUN,
    VOLLE_ERNTE,
    Build,
    FullHarvest,
    Harvest,
    Kind,
    Options,
    Season,
    Sow,
    State,
    Stockpile,
    apply,
    card_values,
    current_player,
    is_terminal,
    legal_actions,
    new_game,
    observe,
    position,
    render,
    scores,
    validate,
    winners,
)
from tests.helpers import assert_refused

c = Card.parse
NO_PILES: frozenset[Stockpile] = frozenset()


def of(state: State, kind: type, card: str, field: int) -> list[Any]:
    return [
        a
        for a in legal_actions(state)
        if isinstance(a, kind) and getattr(a, "card", None) == c(card) and a.field == field
    ]


# --- §1 values ----------------------------------------------------------------------------------


def test_s1_values() -> None:
    assert card_values(c("A♠")) == (1, 14)
    assert card_values(c("K♦")) == (13,)
    assert card_values(c("J♣")) == (11,)
    assert card_values(c("7♥")) == (7,)


# --- §2 the square ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("card", "summer", "expected"),
    [
        ("J♥", 0, ("summer", "autumn", "winter", "spring")),
        ("Q♦", 3, ("autumn", "winter", "spring", "summer")),
        ("K♠", 2, ("winter", "spring", "summer", "autumn")),
        ("A♣", 1, ("spring", "summer", "autumn", "winter")),
    ],
)
def test_s2_rotation_table(card: str, summer: int, expected: tuple[str, ...]) -> None:
    state = position([cards(f"{card} 2♣ 3♣ 4♣"), cards("5♣ 6♣ 7♣ 8♣")])
    after = apply(state, Sow(c(card), 0))
    assert after.summer_field == summer
    assert tuple(after.season(f).value for f in range(4)) == expected


def test_s2_rotation_after_harvest_and_stockpile_toward_the_played_field() -> None:
    # J♦ harvests in field 3 (Spring at s=0): ♦ edge to field 3 → summer_field (3 − 1) = 2
    state = position([cards("J♦ 5♣ 2♣ 3♣"), cards("5♥ 6♥ 7♥ 8♥")], [(), (), (), cards("J♠")])
    after = apply(state, Harvest(c("J♦"), 3, frozenset({c("J♠")})))
    assert after.summer_field == 2
    assert after.season(3) is Season.AUTUMN
    # Q♣ stockpiles in field 0 with 2♦ (Q + 2 = 14, held A♠): ♣ edge to field 0 → s = 1
    state = position([cards("Q♣ A♠ 2♣ 3♣"), cards("5♥ 6♥ 7♥ 8♥")], [cards("2♦")])
    after = apply(state, Build(c("Q♣"), 0, frozenset({c("2♦")}), NO_PILES, 14))
    assert after.summer_field == 1
    assert after.season(0) is Season.SPRING


def test_s2_non_season_cards_do_not_rotate() -> None:
    state = position([cards("10♠ 2♣ 3♣ 4♣"), cards("5♣ 6♣ 7♣ 8♣")], summer_field=3)
    assert apply(state, Sow(c("10♠"), 1)).summer_field == 3


def test_s16_8_spring_forbids_stockpiling_even_with_a_rotating_card() -> None:
    state = position([cards("K♥ A♠ 2♣ 3♣"), cards("5♥ 6♥ 7♥ 8♥")], [(), (), (), cards("A♦")])
    assert state.season(3) is Season.SPRING
    assert_refused(vf, state, Build(c("K♥"), 3, frozenset({c("A♦")}), NO_PILES, 14), rule="§7")
    assert not of(state, Build, "K♥", 3)


# --- §3 setup -----------------------------------------------------------------------------------


def test_s3_deal_order_from_the_seeded_deck() -> None:
    state = new_game(4, seed=42, options=Options(first_dealer=2))
    deck = shuffled(DECK_52, 42)
    assert [set(f) for f in state.loose] == [set(deck[3 * f : 3 * f + 3]) for f in range(4)]
    assert state.dealer == 2
    assert current_player(state) == 3
    assert set(state.hands[3]) == set(deck[12:15])
    assert set(state.hands[0]) == set(deck[15:19])
    assert state.draw_pile == deck[27:]


@pytest.mark.parametrize("players", [0, 1, 5])
def test_s3_player_count_is_checked(players: int) -> None:
    with pytest.raises(ValueError, match="2 to 4"):
        new_game(players, seed=1)


def test_s3_options_are_checked() -> None:
    with pytest.raises(ValueError, match="first_dealer"):
        new_game(2, seed=1, options=Options(first_dealer=2))
    with pytest.raises(ValueError, match="max_rounds"):
        new_game(2, seed=1, options=Options(max_rounds=0))


# --- §4 turn -----------------------------------------------------------------------------------


def test_s4_always_a_sow_and_play_passes_clockwise() -> None:
    state = new_game(4, seed=3)
    for _ in range(12):
        mover = current_player(state)
        assert mover is not None
        hand = state.hands[mover]
        sows = [a for a in legal_actions(state) if isinstance(a, Sow)]
        assert len(sows) == 3 * len(hand)  # every card into the three non-Autumn fields
        state = apply(state, sows[0])
        assert current_player(state) == (mover + 1) % 4


def test_s4_not_your_card() -> None:
    state = position([cards("5♦ 7♦ 4♣ 6♣"), cards("5♣ 8♣ 9♣ 10♣")])
    assert_refused(vf, state, Sow(c("5♣"), 0), rule="§4")
    assert_refused(vf, state, Sow(c("5♦"), 4), rule="§2")
    with pytest.raises(IllegalActionError) as not_an_action:
        apply(state, "sow")  # type: ignore[arg-type]
    assert not_an_action.value.rule == "API"


# --- §6 harvest ---------------------------------------------------------------------------------


def test_s6_one_action_per_taken_set() -> None:
    state = position([cards("5♦ 7♦ 4♣ 6♣"), cards("5♠ 8♣ 9♣ 10♣")], [cards("2♥ 3♥ 5♣ 5♥")])
    taken = {a.taken for a in of(state, Harvest, "5♦", 0)}
    groups = [frozenset(cards("5♣")), frozenset(cards("5♥")), frozenset(cards("2♥ 3♥"))]
    expected = {
        frozenset().union(*combo)
        for k in (1, 2, 3)
        for combo in __import__("itertools").combinations(groups, k)
    }
    assert taken == expected
    assert len(of(state, Harvest, "5♦", 0)) == 7


def test_s16_31_several_single_cards_at_once() -> None:
    state = position([cards("5♦ 7♦ 4♣ 6♣"), cards("5♠ 8♣ 9♣ 10♣")], [cards("5♣ 5♥")])
    after = apply(state, Harvest(c("5♦"), 0, frozenset(cards("5♣ 5♥"))))
    assert after.loose[0] == () or after.coins == (1, 0)


def test_s16_16_a_played_ace_lists_one_harvest_per_taken_set() -> None:
    # A♣ alone: 1 with the ace as 1, or 14 with the ace as 14: one action
    state = position([cards("A♥ 7♦ 4♣ 6♣"), cards("5♠ 8♣ 9♣ 10♣")], [cards("A♣ K♦")])
    taken = [a.taken for a in of(state, Harvest, "A♥", 0)]
    assert len(taken) == 2
    assert set(taken) == {frozenset(cards("A♣")), frozenset(cards("K♦ A♣"))}


def test_s6_stockpile_cards_are_not_loose() -> None:
    pile = Stockpile(8, Kind.SUM, cards("3♣ 5♥"))
    state = position([cards("5♦ 7♦ 4♣ 6♣"), cards("5♠ 8♣ 9♣ 10♣")], [[pile]])
    assert_refused(vf, state, Harvest(c("5♦"), 0, frozenset({c("5♥")})), rule="§6")


def test_s9_harvesting_a_lone_stockpile_clears_the_field() -> None:
    pile = Stockpile(8, Kind.SUM, cards("3♣ 5♥"))
    state = position([cards("8♦ 7♦ 4♣ 6♣"), cards("5♠ 8♣ 9♣ 10♣")], [[pile]])
    after = apply(state, Harvest(c("8♦"), 0, frozenset(), frozenset({pile})))
    assert after.coins == (1, 0)
    assert len(after.loose[0]) == 3
    assert after.stockpiles[0] == ()


# --- §7 stockpile -------------------------------------------------------------------------------


def test_s7_aces_as_equal_1_and_equal_14_but_no_sum_2_without_a_held_two() -> None:
    state = position([cards("A♥ A♠ 4♣ 6♣"), cards("5♠ 8♣ 9♣ 10♣")], [cards("A♣")])
    builds = of(state, Build, "A♥", 0)
    assert {(b.value, tuple(sorted(b.loose))) for b in builds} == {
        (1, (c("A♣"),)),
        (14, (c("A♣"),)),
    }
    after = apply(state, Build(c("A♥"), 0, frozenset({c("A♣")}), NO_PILES, 14))
    assert after.stockpiles[0] == (Stockpile(14, Kind.EQUAL, cards("A♣ A♥")),)


def test_s7_stockpile_actions_listed_for_the_seed_examples() -> None:
    state = position([cards("3♣ 5♦ 2♠ 4♠"), cards("4♣ 4♦ 4♥ 6♠")], [cards("2♥ 5♠")])
    found = {(b.value, b.loose) for b in of(state, Build, "3♣", 0)}
    assert found == {
        (5, frozenset(cards("2♥"))),  # new SUM 5
        (5, frozenset(cards("2♥ 5♠"))),  # EQUAL 5 (the rulebook's example)
        (4, frozenset()),
    } - {(4, frozenset())}


def test_s16_12_merge_two_equal_stockpiles_with_the_card_alone() -> None:
    a = Stockpile(6, Kind.EQUAL, cards("2♥ 4♥ 6♣"))
    b = Stockpile(6, Kind.SUM, cards("2♦ 4♦"))
    state = position([cards("6♦ 6♠ 4♣ 7♣"), cards("5♠ 8♣ 9♣ 10♣")], [[a, b]])
    action = Build(c("6♦"), 0, frozenset(), frozenset({a, b}), 6)
    assert action in legal_actions(state)
    after = apply(state, action)
    assert after.stockpiles[0] == (Stockpile(6, Kind.EQUAL, cards("2♦ 2♥ 4♦ 4♥ 6♣ 6♦")),)


def test_s16_13_raising_takes_one_sum_stockpile_only() -> None:
    a = Stockpile(4, Kind.SUM, cards("2♥ 2♣"))
    b = Stockpile(3, Kind.SUM, cards("2♦ A♥"))
    state = position([cards("3♦ 10♠ 4♣ 7♣"), cards("5♠ 8♣ 9♣ 10♣")], [[a, b]])
    assert_refused(vf, state, Build(c("3♦"), 0, frozenset(), frozenset({a, b}), 10), rule="§16.12")
    assert Build(c("3♦"), 0, frozenset(), frozenset({a}), 7) in legal_actions(state)  # held 7♣
    assert not [x for x in of(state, Build, "3♦", 0) if len(x.stockpiles) == 2]


def test_s7_extend_an_equal_stockpile_with_a_sum_group_and_a_further_loose_group() -> None:
    pile = Stockpile(5, Kind.EQUAL, cards("2♥ 3♣ 5♠"))
    state = position([cards("3♦ 5♥ 4♣ 6♣"), cards("5♦ 8♣ 9♣ 10♣")], [[pile, *cards("2♦ A♠ 4♥")]])
    action = Build(c("3♦"), 0, frozenset(cards("2♦ A♠ 4♥")), frozenset({pile}), 5)
    assert action in legal_actions(state)
    after = apply(state, action)
    assert after.stockpiles[0] == (Stockpile(5, Kind.EQUAL, cards("2♦ 2♥ 3♣ 3♦ 4♥ 5♠ A♠")),)
    assert after.loose[0] == ()
    # without the stockpile the same cards make a new EQUAL 5 (two groups) …
    assert Build(c("3♦"), 0, frozenset(cards("2♦ A♠ 4♥")), NO_PILES, 5) in legal_actions(state)
    # 3♦ + 2♦ alone: a new SUM 5; with the stockpile: the EQUAL 5 extended (one action each)
    sums = [b for b in of(state, Build, "3♦", 0) if b.loose == frozenset(cards("2♦"))]
    assert [(b.value, b.stockpiles) for b in sums] == [(5, NO_PILES), (5, frozenset({pile}))]


def test_s6_an_equal_stockpile_is_harvested_whole_with_its_value() -> None:
    pile = Stockpile(5, Kind.EQUAL, cards("2♥ 3♣ 5♠"))
    state = position([cards("5♦ 7♦ 4♣ 6♣"), cards("5♥ 8♣ 9♣ 10♣")], [[pile, c("9♦")]])
    assert {(a.taken, a.stockpiles) for a in of(state, Harvest, "5♦", 0)} == {
        (frozenset(), frozenset({pile}))
    }
    after = apply(state, Harvest(c("5♦"), 0, frozenset(), frozenset({pile})))
    assert set(after.harvested[0]) >= set(cards("5♦ 2♥ 3♣ 5♠"))
    assert after.loose[0] == (c("9♦"),)


# --- §8 drawing --------------------------------------------------------------------------------


def test_s8_draw_what_is_left() -> None:
    hand = cards("2♣ 3♦ 4♥ 5♠")
    state = position(
        [hand, cards("5♣ 7♣ 8♣ 9♣")],
        [cards("A♦ 9♥ 5♦")],
        options=VOLLE_ERNTE,
        draw_pile=cards("2♥ 3♥"),
    )
    after = apply(state, FullHarvest(hand, 0, frozenset(cards("A♦ 9♥ 5♦"))))
    assert after.hands[0] == cards("2♥ 3♥")
    assert after.draw_pile == ()
    assert after.coins == (1, 0)
    assert after.loose[0] == ()  # fewer than 3 cards left: no reseed


# --- §12 game end --------------------------------------------------------------------------------


def test_s12_the_game_ends_after_the_round_reaching_17() -> None:
    state = position(
        [(), cards("6♦")],
        [cards("7♦ 8♦")],
        to_move=1,
        draw_pile=(),
        harvested=[cards("A♣ A♦ A♥"), cards("2♣")],
        coins=(2, 0),
        totals=(10, 16),
    )
    after = apply(state, Sow(c("6♦"), 0))
    assert is_terminal(after)
    assert current_player(after) is None
    assert legal_actions(after) == ()
    # P0 (the dealer) also holds the leftover cards: 48 cards, 13 ♥, 13 ♠, 4 aces, 2 coins
    last = after.history[-1]
    assert last.cards == (48, 1)
    assert last.points == (4 + 2 - 2 + 4 + 2, 0)
    assert scores(after) == (20, 16) == last.totals
    assert winners(after) == {0}
    assert winners(state) == frozenset()
    assert_refused(vf, after, Sow(c("6♦"), 0), rule="§12")


def test_s12_a_top_tie_is_decided_by_last_round_coins_through_apply() -> None:
    # P1 (dealer 0 holds the leftovers) ends the round; totals before: 15 and 1
    state = position(
        [(), cards("6♦")],
        [cards("7♦ 8♦")],
        to_move=1,
        draw_pile=(),
        harvested=[(), cards("A♣ A♦ A♥ A♠ 2♣")],
        coins=(0, 2),
        totals=(0, 10),
    )
    after = apply(state, Sow(c("6♦"), 0))
    last = after.history[-1]
    assert last.points == (4 + 2 - 2, 4 + 2)  # P0: most cards, ♥, ♠; P1: 4 aces, 2 coins
    assert after.totals == (4, 16)
    assert not is_terminal(after)  # nobody reached 17: next round
    assert after.round == 2


def test_s10_the_last_cards_moves_stay_distinct_though_the_next_deal_is_the_same() -> None:
    """§10: field cards are set aside at round end, so where the last card goes changes nothing
    once the next round is dealt; the moves remain distinct actions (docs: action identity)."""
    state = position(
        [(), cards("6♦")],
        [cards("7♦ 8♦"), cards("9♣")],
        to_move=1,
        draw_pile=(),
        harvested=[(), cards("2♣")],
    )
    sows = [a for a in legal_actions(state) if isinstance(a, Sow)]
    assert len(sows) == 3  # f0, f2, f3 (f1 is Autumn)
    after = {apply(state, a) for a in sows}
    assert len(after) == 1
    (next_round,) = after
    assert next_round.round == 2


# --- §13 next round ------------------------------------------------------------------------------


def test_s13_next_round_is_dealt_from_the_derived_seed() -> None:
    state = new_game(2, seed=9)
    while state.round == 1:
        sows = [a for a in legal_actions(state) if isinstance(a, Sow)]
        state = apply(state, min(sows, key=lambda a: len(state.loose[a.field])))
    deck = shuffled(DECK_52, derive_seed(9, "round", 2))
    assert [set(f) for f in state.loose] == [set(deck[3 * f : 3 * f + 3]) for f in range(4)]
    assert state.dealer == 1
    assert current_player(state) == 0
    assert len(state.history) == 1


# --- §14 Volle Ernte -----------------------------------------------------------------------------


def test_s14_full_harvest_needs_the_option() -> None:
    hand = cards("2♣ 3♦ 4♥ 5♠")
    state = position([hand, cards("5♣ 7♣ 8♣ 9♣")], [cards("A♦ 9♥ 5♦")])
    assert_refused(vf, state, FullHarvest(hand, 0, frozenset(cards("A♦ 9♥ 5♦"))), rule="§14")


def test_s14_volle_ernte_harvests_as_if_a_card_of_that_value_was_played() -> None:
    """Rulebook, Varianten: „… mit vier Karten aus deiner Hand ernten, deren Summe genau einer
    einzelnen Karte im Feld entspricht; dann erntest du, als hättest du eine Karte dieses Werts
    gespielt.“ The matching card enables the move; the harvest itself is a normal harvest of
    that value, free to take any groups (§16.29 first also demanded the matching card be taken:
    the rulebook wins)."""
    state = position(
        [cards("2♣ 3♦ A♥ 3♠"), cards("5♣ 7♣ 8♣ 10♣")], [cards("9♥ 5♦ 4♣")], options=VOLLE_ERNTE
    )
    hand = state.hands[0]  # sorted: 2♣ 3♦ 3♠ A♥, sums 9 or 22
    fulls = [a for a in legal_actions(state) if isinstance(a, FullHarvest)]
    assert {a.taken for a in fulls} == {
        frozenset(cards("9♥")),
        frozenset(cards("5♦ 4♣")),
        frozenset(cards("9♥ 5♦ 4♣")),
    }
    assert {a.rotation for a in fulls} == {Suit.HEARTS}
    group_only = FullHarvest(hand, 0, frozenset(cards("5♦ 4♣")), rotation=Suit.HEARTS)
    after = apply(state, group_only)
    assert after.loose[0] == (c("9♥"),)
    assert set(after.harvested[0]) >= {*hand, *cards("5♦ 4♣")}
    ok = FullHarvest(hand, 0, frozenset(cards("9♥ 5♦ 4♣")), rotation=Suit.HEARTS)
    assert apply(state, ok).summer_field == 0  # ♥ edge to field 0
    assert_refused(
        vf, state, FullHarvest(hand, 0, frozenset(cards("9♥")), rotation=None), rule="§16.29"
    )
    # without a single loose card of the sum the move does not exist, even if a group has it
    state = position(
        [cards("2♣ 3♦ A♥ 3♠"), cards("5♣ 7♣ 8♣ 10♣")], [cards("5♦ 4♣")], options=VOLLE_ERNTE
    )
    assert_refused(
        vf, state, FullHarvest(hand, 0, frozenset(cards("5♦ 4♣")), rotation=Suit.HEARTS), rule="§14"
    )
    assert not any(isinstance(a, FullHarvest) for a in legal_actions(state))


def test_s16_29_one_action_per_suit_of_the_season_cards() -> None:
    hand = cards("2♣ 3♦ J♠ Q♥")  # sum 28: matches nothing
    state = position([hand, cards("5♣ 7♣ 8♣ 10♣")], [cards("9♥")], options=VOLLE_ERNTE)
    assert not any(isinstance(a, FullHarvest) for a in legal_actions(state))
    hand = cards("A♣ A♦ J♠ 2♥")  # 1 + 1 + 11 + 2 = 15 > 14; no match
    state = position([hand, cards("5♣ 7♣ 8♣ 10♣")], [cards("9♥")], options=VOLLE_ERNTE)
    assert not any(isinstance(a, FullHarvest) for a in legal_actions(state))
    hand = cards("A♣ 2♦ 3♠ 4♥")  # 10 or 23
    state = position([hand, cards("5♣ 7♣ 8♣ 9♣")], [cards("10♥ 6♠")], options=VOLLE_ERNTE)
    fulls = [a for a in legal_actions(state) if isinstance(a, FullHarvest)]
    assert {(a.field, a.taken, a.rotation) for a in fulls} == {
        (0, frozenset({c("10♥")}), Suit.CLUBS)
    }
    after = apply(state, fulls[0])
    assert after.summer_field == 1  # ♣ (index 3) toward field 0


def test_s14_full_harvest_not_in_winter_and_not_on_a_stockpile() -> None:
    hand = cards("2♣ 3♦ 4♥ 5♠")
    pile = Stockpile(14, Kind.SUM, cards("K♦ A♠"))
    state = position([hand, cards("5♣ 7♣ 8♣ 9♣")], [[pile], (), cards("A♦")], options=VOLLE_ERNTE)
    assert_refused(vf, state, FullHarvest(hand, 2, frozenset({c("A♦")})), rule="§6")
    assert_refused(vf, state, FullHarvest(hand, 0, frozenset(), frozenset({pile})), rule="§14")


# --- §16.30 observation, render, validate, JSON --------------------------------------------------


def test_s16_30_observe_hides_other_hands_and_the_draw_order() -> None:
    a = position([cards("5♦ 7♦ 4♣ 6♣"), cards("5♠ 8♣ 9♣ 10♣")], draw_pile=cards("2♥ 3♥ 4♥"))
    b = position([cards("5♦ 7♦ 4♣ 6♣"), cards("2♥ 8♣ 9♣ 10♣")], draw_pile=cards("4♥ 5♠ 3♥"))
    assert observe(a, 0) == observe(b, 0)
    assert observe(a, 1) != observe(b, 1)
    obs = observe(a, 0)
    assert obs.hand == a.hands[0]
    assert obs.hand_sizes == (4, 4)
    assert obs.stock_size == 3
    assert from_json(to_json(obs)) == obs


def test_render_shows_seasons_stockpiles_and_the_movers_hand() -> None:
    pile = Stockpile(8, Kind.SUM, cards("3♣ 5♥"))
    state = position([cards("5♦ 7♦ 4♣ 6♣"), cards("5♠ 8♣ 9♣ 10♣")], [[pile, c("2♦")]])
    text = render(state)
    assert "f0 ♥ Summer: 2♦, SUM 8 [3♣ 5♥]" in text
    assert "f1 ♦ Autumn (no sowing)" in text
    assert "P0* hand 4♣ 5♦ 6♣ 7♦" in text
    assert "P1  hand 4 cards" in text
    joker = position([cards("5♦ 7♦ 4♣ 6♣"), cards("5♠ 8♣ 9♣ 10♣")], options=JOKER_SUN)
    assert "Joker (sun) points at field 0" in render(joker)


def test_validate_refuses_impossible_positions() -> None:
    state = position([cards("5♦ 7♦ 4♣ 6♣"), cards("5♠ 8♣ 9♣ 10♣")])
    text = to_json(state)
    with pytest.raises(FormatError):
        from_json(text.replace('"7♦"', '"5♦"', 1))  # a card twice
    bad_pile = Stockpile(9, Kind.SUM, cards("3♣ 5♥"))
    with pytest.raises(FormatError):
        position([cards("5♦ 7♦ 4♣ 6♣"), cards("5♠ 8♣ 9♣ 10♣")], [[bad_pile]])
    one_group = Stockpile(8, Kind.EQUAL, cards("3♣ 5♥"))
    with pytest.raises(FormatError):
        position([cards("5♦ 7♦ 4♣ 6♣"), cards("5♠ 8♣ 9♣ 10♣")], [[one_group]])
    with pytest.raises(FormatError):
        validate(attrs.evolve(state, coins=(2, 1)))
    with pytest.raises(FormatError):
        validate(attrs.evolve(state, hands=(cards("7♦ 5♦ 4♣ 6♣"), state.hands[1])))  # unsorted
    assert_refused(vf, state, FullHarvest(cards("7♦ 5♦ 4♣ 6♣"), 0, frozenset()), rule="§14")
