"""Every test scenario of the spec's §10, one test each, named after its number."""

from __future__ import annotations

from collections import Counter

import attrs
import pytest

from fourgames import viereinhalb_minuten as game
from fourgames.viereinhalb_minuten import (
    LAY_ASIDE_PENALTY,
    UNTIMED,
    Card,
    LayAside,
    Options,
    Play,
    State,
    TimeUp,
    apply,
    cards,
    legal_actions,
)
from tests.helpers import assert_refused
from tests.viereinhalb_minuten.tables import card


def table(
    displays: list[str],
    piles: list[str] | tuple[str, ...] = (),
    *,
    draw: str | int | None = None,
    aside: str | int = "",
    options: Options | None = None,
    **fields: object,
) -> State:
    """A position: displays and pile tops in the spec's notation.

    ``draw``: the draw pile (top first) as text, or a number of cards, or ``None`` for every
    card not placed elsewhere. ``aside`` likewise as text or a number of cards. Cards not
    placed anywhere go underneath pile A (discarded cards cost nothing and, below the top,
    change nothing).
    """
    options = options or Options()
    placed_displays = [cards(d) for d in displays]
    placed_piles = [list(cards(p)) for p in piles]
    rest = Counter(game.deck(options))
    rest.subtract(c for zone in (*placed_displays, *placed_piles) for c in zone)

    def take(spec: str | int) -> tuple[Card, ...]:
        chosen = cards(spec) if isinstance(spec, str) else _any(rest, spec)
        rest.subtract(chosen)
        return chosen

    aside_cards = take(aside)
    draw_cards = None if draw is None else take(draw)
    assert all(n >= 0 for n in rest.values()), "a card is used too often"
    if draw_cards is not None:
        leftover = sorted(rest.elements())
        placed_piles[0][:0] = leftover
    return game.position(
        placed_displays,
        piles=[tuple(p) for p in placed_piles],
        draw_pile=draw_cards,
        aside=aside_cards,
        options=options,
        **fields,  # type: ignore[arg-type]
    )


def _any(rest: Counter[Card], count: int) -> tuple[Card, ...]:
    # Number cards of high value, from colour 4 down: a filler that rarely matches anything.
    pool = [c for c in sorted(rest.elements(), reverse=True) if c.kind is game.Kind.NUMBER]
    return tuple(pool[:count])


def is_legal(state: State, action: game.Action) -> bool:
    return action in legal_actions(state)


# 1 ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "limit", "draw"), [(2, 5, 85), (3, 4, 83), (6, 4, 71)])
def test_10_1_new_game_deals_displays(players: int, limit: int, draw: int) -> None:
    state = game.new_game(players, seed=11)
    assert [len(d) for d in state.displays] == [limit] * players
    assert len(state.draw_pile) == draw
    assert state.piles == ()
    assert state.direction == 1
    assert state.locked is None
    assert game.current_player(state) == 0


# 2 ------------------------------------------------------------------------------------------


def test_10_2_first_play_starts_pile_a_and_refills() -> None:
    state = game.new_game(3, seed=5)
    first = next(c for c in state.displays[0] if c.kind is game.Kind.NUMBER)
    top_of_draw = state.draw_pile[0]
    after = apply(state, Play(first, 0))
    assert after.piles == ((first,),)
    assert len(after.displays[0]) == 4
    assert top_of_draw in after.displays[0]
    assert len(after.draw_pile) == 82
    assert game.current_player(after) == 1


# 3 ------------------------------------------------------------------------------------------


def test_10_3_matching_a_number_card() -> None:
    state = table(["N(0,5) N(2,3) N(2,5)", "N(4,7)"], ["N(0,3)"])
    assert is_legal(state, Play(card("N(0,5)"), 0))  # same colour
    assert is_legal(state, Play(card("N(2,3)"), 0))  # same number
    assert not is_legal(state, Play(card("N(2,5)"), 0))
    assert_refused(game, state, Play(card("N(2,5)"), 0), rule="§3")
    assert apply(state, Play(card("N(0,5)"), 0)).piles[0][-1] == card("N(0,5)")
    assert apply(state, Play(card("N(2,3)"), 0)).piles[0][-1] == card("N(2,3)")


# 4 ------------------------------------------------------------------------------------------


def test_10_4_second_pile_may_be_started() -> None:
    state = table(["N(0,5) N(2,3) N(2,5)", "N(4,7)"], ["N(0,3)"])
    action = Play(card("N(2,5)"), 1)
    assert is_legal(state, action)
    after = apply(state, action)
    assert len(after.piles) == 2
    assert after.piles[1] == (card("N(2,5)"),)


# 5 ------------------------------------------------------------------------------------------


def test_10_5_no_third_pile() -> None:
    state = table(["N(0,5) N(2,3) N(2,5)", "N(4,7)"], ["N(0,3)", "N(1,1)"])
    assert all(a.pile < 2 for a in legal_actions(state) if isinstance(a, Play))
    assert_refused(game, state, Play(card("N(2,5)"), 2), rule="§3")


# 6 ------------------------------------------------------------------------------------------


def test_10_6_matching_a_special_card_by_symbol_or_colour() -> None:
    state = table(["REV(3) N(1,6) N(3,6)", "N(4,7)"], ["REV(1)", "N(4,1)"])
    assert is_legal(state, Play(card("REV(3)"), 0))  # same symbol
    assert is_legal(state, Play(card("N(1,6)"), 0))  # same colour
    assert not is_legal(state, Play(card("N(3,6)"), 0))
    assert_refused(game, state, Play(card("N(3,6)"), 0), rule="§3")


# 7 ------------------------------------------------------------------------------------------


def test_10_7_colour_change_accepts_its_two_colours_and_white() -> None:
    state = table(["N(1,6) N(3,6) DBD(3) FW(2,3)", "N(4,7)"], ["FW(0,1)", "N(4,1)"])
    assert is_legal(state, Play(card("N(1,6)"), 0))
    assert not is_legal(state, Play(card("N(3,6)"), 0))
    assert_refused(game, state, Play(card("N(3,6)"), 0), rule="§3")
    assert not any(isinstance(a, Play) and a.card == card("DBD(3)") and a.pile == 0
                   for a in legal_actions(state))  # fmt: skip
    assert_refused(game, state, Play(card("DBD(3)"), 0, 1), rule="§3")
    assert is_legal(state, Play(card("FW(2,3)"), 0))


# 8 ------------------------------------------------------------------------------------------


def test_10_8_lock_card_locks_the_pile_for_three_turns() -> None:
    state = table(["LOCK(4) N(0,1)", "N(4,7)"], ["N(2,2)"])
    action = Play(card("LOCK(4)"), 0)
    assert is_legal(state, action)
    after = apply(state, action)
    assert after.locked == 0
    assert after.lock_turns == 3
    assert game.accepts(after, 0) == ()


# 9 ------------------------------------------------------------------------------------------


def _locked_three_player_table() -> State:
    # P0 locks A; everybody can keep playing colour 3 on B; P1 also holds N(4,5).
    state = table(
        ["LOCK(4) N(3,2)", "N(3,3) N(3,4) N(4,5)", "N(3,5) N(3,6)"],
        ["N(2,2)", "N(3,1)"],
    )
    return apply(state, Play(card("LOCK(4)"), 0))  # turn t


def _colour_4_and_white() -> set[Card]:
    return {
        c
        for c in game.ALL_CARDS
        if c.is_white or (c.colours == (4,) and c.kind is not game.Kind.LOCK)
    }


def test_10_9_lock_holds_for_the_next_three_turns() -> None:
    state = _locked_three_player_table()
    for mover, colour_3 in [(1, "N(3,3)"), (2, "N(3,5)"), (0, "N(3,2)")]:  # t+1, t+2, t+3
        assert game.current_player(state) == mover
        assert state.locked == 0
        assert not any(isinstance(a, Play) and a.pile == 0 for a in legal_actions(state))
        held = state.displays[mover][0]
        assert_refused(game, state, Play(held, 0), rule="§6.5")
        state = apply(state, Play(card(colour_3), 1))
    # t+4: P1 moves, A is free and accepts colour 4 (the lock's colour) and white cards.
    assert game.current_player(state) == 1
    assert state.locked is None
    assert state.lock_turns == 0
    assert set(game.accepts(state, 0)) == _colour_4_and_white()
    assert is_legal(state, Play(card("N(4,5)"), 0))
    assert_refused(game, state, Play(card("N(3,4)"), 0), rule="§3")


# 10 -----------------------------------------------------------------------------------------


def test_10_10_laying_aside_unlocks_at_once() -> None:
    state = _locked_three_player_table()
    state = apply(state, LayAside())  # P1 on t+1
    assert game.current_player(state) == 2
    assert state.locked is None
    assert state.piles[0][-1] == card("LOCK(4)")
    assert set(game.accepts(state, 0)) == _colour_4_and_white()
    assert_refused(game, state, Play(card("N(3,5)"), 0), rule="§3")


# 11 -----------------------------------------------------------------------------------------


def test_10_11_no_lock_while_a_pile_is_locked() -> None:
    state = table(["LOCK(1) N(0,1)", "N(4,7)"], ["N(2,2) LOCK(3)", "N(0,2)"], locked=0,
                  lock_turns=2)  # fmt: skip
    assert not any(isinstance(a, Play) and a.card == card("LOCK(1)") for a in legal_actions(state))
    assert_refused(game, state, Play(card("LOCK(1)"), 1), rule="§6.5")
    assert is_legal(state, Play(card("N(0,1)"), 1))


# 12 -----------------------------------------------------------------------------------------


def test_10_12_lock_as_first_card_starts_and_locks_pile_a() -> None:
    state = table(["LOCK(2) N(0,1)", "N(4,7) N(1,1)", "N(3,3)"], [])
    state = apply(state, Play(card("LOCK(2)"), 0))
    assert state.piles == ((card("LOCK(2)"),),)
    assert state.locked == 0
    assert game.current_player(state) == 1
    actions = legal_actions(state)
    assert actions[-1] == LayAside()
    assert all(isinstance(a, Play) and a.pile == 1 for a in actions[:-1])
    assert {a.card for a in actions if isinstance(a, Play)} == {card("N(4,7)"), card("N(1,1)")}
    assert_refused(game, state, Play(card("N(1,1)"), 0), rule="§6.5")


# 13 -----------------------------------------------------------------------------------------


def test_10_13_du_bist_dran_names_the_next_player() -> None:
    state = table(["DBD(1) N(0,1)", "N(1,2)", "N(1,3)", "N(1,4)"], ["N(1,1)"])
    names = {a.named for a in legal_actions(state) if isinstance(a, Play) and a.pile == 0
             and a.card == card("DBD(1)")}  # fmt: skip
    assert names == {0, 1, 2, 3}
    state = apply(state, Play(card("DBD(1)"), 0, named=2))
    assert game.current_player(state) == 2
    state = apply(state, Play(card("N(1,3)"), 0))
    assert game.current_player(state) == 3  # on from P2 in the unchanged direction


# 14 -----------------------------------------------------------------------------------------


def test_10_14_du_bist_dran_may_name_the_mover() -> None:
    state = table(["DBD(1) N(0,1) N(0,2) N(0,3)", "N(1,2)", "N(1,3)", "N(1,4)"], ["N(1,1)"])
    top_of_draw = state.draw_pile[0]
    state = apply(state, Play(card("DBD(1)"), 0, named=0))
    assert game.current_player(state) == 0
    assert len(state.displays[0]) == 4
    assert top_of_draw in state.displays[0]
    state = apply(state, Play(card("N(0,1)"), 1))
    assert game.current_player(state) == 1


# 15 -----------------------------------------------------------------------------------------


def test_10_15_reverse_flips_the_direction() -> None:
    state = table(["N(2,4) N(0,1)", "REV(2) N(0,2)", "N(2,6) N(0,3)"], [])
    state = apply(state, Play(card("N(2,4)"), 0))
    assert game.current_player(state) == 1
    state = apply(state, Play(card("REV(2)"), 0))
    assert state.direction == -1
    assert game.current_player(state) == 0
    state = apply(state, Play(card("N(0,1)"), 1))
    assert game.current_player(state) == 2


# 16 -----------------------------------------------------------------------------------------


def test_10_16_reverse_has_no_effect_with_two_players() -> None:
    state = table(["REV(2) N(0,1)", "N(2,6) N(0,3)"], ["N(2,1)"])
    state = apply(state, Play(card("REV(2)"), 0))
    assert state.direction == 1
    assert game.current_player(state) == 1
    state = apply(state, Play(card("N(2,6)"), 0))
    assert game.current_player(state) == 0


# 17 -----------------------------------------------------------------------------------------


def test_10_17_draw_two_and_the_refill_limit() -> None:
    state = table(
        ["P2(0) N(4,1) N(4,2) N(4,3)", "N(0,2) N(0,3) N(0,4) N(0,5)", "N(3,1)", "N(3,2)"],
        ["N(0,1)"],
    )
    assert len(state.draw_pile) >= 3
    drawn = state.draw_pile[:2]
    state = apply(state, Play(card("P2(0)"), 0))
    assert len(state.displays[1]) == 6
    assert Counter(drawn) <= Counter(state.displays[1])
    assert len(state.displays[0]) == 4
    sizes = []
    for colour_0 in ("N(0,2)", "N(0,3)", "N(0,4)"):
        assert game.current_player(state) == 1
        pile_before = len(state.draw_pile)
        state = apply(state, Play(card(colour_0), 0))
        sizes.append((len(state.displays[1]), pile_before - len(state.draw_pile)))
        while game.current_player(state) != 1:  # the others lay aside: P1's display unchanged
            state = apply(state, LayAside())
    assert sizes == [(5, 0), (4, 0), (4, 1)]  # 5: no draw; 4: no draw; 3 then draws: 4


# 18 -----------------------------------------------------------------------------------------


def test_10_18_draw_two_with_one_card_left() -> None:
    state = table(["P2(0) N(4,1) N(4,2) N(4,3)", "N(3,3) N(3,4) N(3,5) N(3,6)", "N(2,2)"],
                  ["N(0,1)"], draw="N(1,7)")  # fmt: skip
    state = apply(state, Play(card("P2(0)"), 0))
    assert state.draw_pile == ()
    assert len(state.displays[1]) == 5
    assert card("N(1,7)") in state.displays[1]
    assert len(state.displays[0]) == 3  # the mover draws nothing


# 19 -----------------------------------------------------------------------------------------


def test_10_19_lay_aside_when_nothing_fits() -> None:
    state = table(["N(3,3) N(3,4) N(3,5) N(3,6)", "N(3,7)", "N(2,2)"], ["N(0,1)", "N(1,1)"],
                  draw=20, aside="N(4,7) N(4,6)")  # fmt: skip
    assert legal_actions(state) == (LayAside(),)
    draw_top = state.draw_pile[:4]
    after = apply(state, LayAside())
    assert len(after.aside) == len(state.aside) + 4
    assert Counter(after.aside) - Counter(state.aside) == Counter(state.displays[0])
    assert Counter(after.displays[0]) == Counter(draw_top)
    assert len(after.draw_pile) == 16
    assert game.current_player(after) == 1


# 20 -----------------------------------------------------------------------------------------


def test_10_20_lay_aside_an_overfull_display() -> None:
    # P2(1) under pile A: the +2 that overfilled the display.
    state = table(["N(3,3) N(3,4) N(3,5) N(3,6) N(3,7) N(4,7)", "N(4,6)", "N(2,2)", "N(2,3)"],
                  ["P2(1) N(0,1)"])  # fmt: skip
    after = apply(state, LayAside())
    assert len(after.aside) == 6
    assert len(after.displays[0]) == 4
    assert len(after.draw_pile) == len(state.draw_pile) - 4


# 21 -----------------------------------------------------------------------------------------


def test_10_21_players_without_cards_are_skipped() -> None:
    state = table(["", "N(0,2) N(0,3)", "N(0,4) N(4,7)"], ["N(0,1)"], draw="", current=2)
    state = apply(state, Play(card("N(0,4)"), 0))  # P2 moves; now P0 0, P1 2, P2 1
    assert [len(d) for d in state.displays] == [0, 2, 1]
    assert game.current_player(state) == 1  # P0 skipped


# 22 -----------------------------------------------------------------------------------------


def test_10_22_round_ends_when_played_through() -> None:
    state = table(["N(0,2)", "", ""], ["N(0,1)"], draw="", aside="N(4,7) N(4,6) N(3,7)")
    after = apply(state, Play(card("N(0,2)"), 0))
    assert after.penalties == (2 * 3,)
    assert after.round == 2  # the next round is dealt at once
    assert after.turns == 0
    assert sum(map(len, after.displays)) == 12


# 23 -----------------------------------------------------------------------------------------


def test_10_23_time_up_scores_the_round() -> None:
    state = table(["N(0,2) N(0,3) N(0,4) N(0,5)", "N(1,2) N(1,3) N(1,4) N(1,5)",
                   "N(2,2) N(2,3) N(2,4) N(2,5)"], ["N(0,1)"], draw=30, aside=8)  # fmt: skip
    assert len(state.draw_pile) == 30
    assert len(state.aside) == 8
    after = apply(state, TimeUp())
    assert after.penalties == (30 + 12 + 2 * 8,) == (58,)
    assert LAY_ASIDE_PENALTY == 2


# 24 -----------------------------------------------------------------------------------------


def test_10_24_three_rounds_summed_and_lost() -> None:
    state = table(["N(0,2) N(0,3) N(0,4) N(0,5)", "N(1,2) N(1,3) N(1,4) N(1,5)",
                   "N(2,2) N(2,3) N(2,4) N(2,5)"], ["N(0,1)"], draw=8,
                  penalties=(57, 12))  # fmt: skip
    assert state.round == 3
    after = apply(state, TimeUp())
    assert after.penalties == (57, 12, 20)
    assert game.is_terminal(after)
    assert game.current_player(after) is None
    assert legal_actions(after) == ()
    assert game.events(after) == ()
    assert game.scores(after) == (-89, -89, -89)
    assert game.winners(after) == frozenset()
    assert_refused(game, after, TimeUp(), rule="§7")


# 25 -----------------------------------------------------------------------------------------


def test_10_25_a_perfect_game_wins() -> None:
    state = table(["N(0,2)", "", ""], ["N(0,1)"], draw="", penalties=(0, 0))
    after = apply(state, Play(card("N(0,2)"), 0))
    assert after.penalties == (0, 0, 0)
    assert game.is_terminal(after)
    assert game.scores(after) == (0, 0, 0)
    assert game.winners(after) == frozenset({0, 1, 2})


# 26 -----------------------------------------------------------------------------------------


def test_10_26_no_timer_in_untimed_games() -> None:
    state = game.new_game(3, seed=2, options=UNTIMED)
    assert game.events(state) == ()
    assert_refused(game, state, TimeUp(), rule="§8")


def test_10_26b_time_up_is_an_event_never_a_choice() -> None:
    state = game.new_game(4, seed=3)
    for step in range(60):
        assert game.events(state) == (TimeUp(),)
        actions = legal_actions(state)
        assert TimeUp() not in actions
        assert not any(isinstance(a, TimeUp) for a in actions)
        state = apply(state, actions[(7 * step) % len(actions)])


# 27 -----------------------------------------------------------------------------------------


def test_10_27_turn_limit_ends_the_round_as_time_up() -> None:
    options = Options(turn_limit=10)
    state = game.new_game(3, seed=4, options=options)
    for step in range(9):
        actions = legal_actions(state)
        state = apply(state, actions[step % len(actions)])
        assert state.turns == step + 1
        assert state.penalties == ()
    last = legal_actions(state)[0]
    # The same turn without a limit, then the timer: the same penalty.
    free = attrs.evolve(state, options=Options())
    expected = apply(apply(free, last), TimeUp()).penalties
    after = apply(state, last)
    assert after.penalties == expected
    assert after.round == 2
    assert after.turns == 0
