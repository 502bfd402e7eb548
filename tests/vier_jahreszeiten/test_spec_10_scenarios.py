"""The test scenarios of the rules text, §10 T1–T14, one test (or a few) per scenario id."""

from __future__ import annotations

import attrs

from fourgames import vier_jahreszeiten as vj
from fourgames.cards import DECK_52, Card, Rank, Suit, cards
from fourgames.shuffle import shuffled
from fourgames.vier_jahreszeiten import (
    CZARINA,
    SIMPLICITY,
    TURN,
    VANISHING_CROSS,
    Build,
    Fill,
    MoveRun,
    Options,
    RunMove,
    State,
    ToFoundation,
    apply,
    canonical,
    current_player,
    foundation_cards,
    is_terminal,
    legal_actions,
    new_game,
    position,
    scores,
    winners,
)
from tests.helpers import assert_refused, play


def card(text: str) -> Card:
    return Card.parse(text)


def rest(*groups: tuple[Card, ...]) -> tuple[Card, ...]:
    """Every card not in ``groups``, in deck order."""
    used = {c for group in groups for c in group}
    return tuple(c for c in DECK_52 if c not in used)


# --- T1 -----------------------------------------------------------------------------------------


def t1_deal(options: Options = VANISHING_CROSS) -> State:
    # Display order left, centre, right, top, bottom (§3): piles 0..4.
    return position(
        piles=[cards("7♦"), cards("4♠"), cards("5♥"), cards("K♣"), cards("9♠")],
        foundations=cards("6♦"),
        base=Rank.SIX,
        options=options,
    )


def test_T1_rulebook_example_initial_actions() -> None:
    state = t1_deal()
    legal = legal_actions(state)
    assert ToFoundation(card("7♦")) in legal
    assert Build(card("4♠"), 2) in legal
    assert TURN in legal
    assert legal == (ToFoundation(card("7♦")), Build(card("4♠"), 2), TURN)
    assert_refused(vj, state, ToFoundation(card("5♥")), rule="§5")
    for pile in (0, 1, 2, 4):
        assert_refused(vj, state, Build(card("K♣"), pile), rule="§5")
    assert_refused(vj, state, Fill(card("9♠"), 0), rule="§5")  # no empty pile
    assert not any(isinstance(a, Fill) for a in legal)


def test_T1_after_both_moves_two_piles_are_empty() -> None:
    state = play(vj, t1_deal(), "found 7♦", "build 4♠ 2")
    assert sum(1 for pile in state.piles if not pile) == 2
    assert foundation_cards(state.base, Suit.DIAMONDS, state.foundations[1]) == cards("6♦ 7♦")
    assert state.piles[2] == cards("5♥ 4♠")
    assert not any(isinstance(a, (Build, ToFoundation)) for a in legal_actions(state))


def test_T1_fill_with_4_spades_depends_on_move_order() -> None:
    # The rulebook's order: 7♦ to the foundation first; 4♠ back into a space recreates the
    # configuration right after 7♦→F, so the guard forbids it.
    rulebook_order = play(vj, t1_deal(), "found 7♦", "build 4♠ 2")
    assert_refused(vj, rulebook_order, Fill(card("4♠"), 0), rule="§6")
    assert_refused(vj, rulebook_order, Fill(card("4♠"), 1), rule="§6")
    # The other order: 4♠→5♥ first, then 7♦→F (progress): filling with 4♠ is new.
    other = play(vj, t1_deal(), "build 4♠ 2", "found 7♦")
    assert other.piles == rulebook_order.piles
    assert Fill(card("4♠"), 0) in legal_actions(other)
    after = apply(other, Fill(card("4♠"), 0))
    assert after.piles[0] == cards("4♠")
    assert after.piles[2] == cards("5♥")


def test_T1_single_card_pile_into_a_space_only_without_the_guard() -> None:
    moves = (ToFoundation(card("7♦")), Build(card("4♠"), 2))
    guarded = t1_deal()
    free = t1_deal(Options(guard=False))
    for move in moves:
        guarded, free = apply(guarded, move), apply(free, move)
    for single in ("K♣", "9♠"):
        for space in (0, 1):
            assert_refused(vj, guarded, Fill(card(single), space), rule="§6")
            assert Fill(card(single), space) in legal_actions(free)
    assert legal_actions(guarded) == (TURN,)


# --- T2 -----------------------------------------------------------------------------------------


def test_T2_foundation_wraps_after_the_king() -> None:
    state = position(
        piles=[cards("A♦"), cards("2♦"), cards("9♣"), cards("J♥"), cards("4♠")],
        foundations=cards("K♦"),
        base=Rank.SIX,
    )
    assert state.foundations[1] == 8  # 6♦..K♦
    assert ToFoundation(card("A♦")) in legal_actions(state)
    assert_refused(vj, state, ToFoundation(card("2♦")), rule="§5")
    state = apply(state, ToFoundation(card("A♦")))
    assert ToFoundation(card("2♦")) in legal_actions(state)


def test_T2_foundation_is_complete_after_the_five() -> None:
    state = position(
        piles=[cards("5♦"), cards("6♣"), cards("9♣"), cards("J♥"), cards("4♠")],
        foundations=cards("4♦"),
        base=Rank.SIX,
    )
    state = apply(state, ToFoundation(card("5♦")))
    assert state.foundations[1] == 13
    assert foundation_cards(6, Suit.DIAMONDS, 13) == cards(
        "6♦ 7♦ 8♦ 9♦ 10♦ J♦ Q♦ K♦ A♦ 2♦ 3♦ 4♦ 5♦"
    )
    # Nothing more goes on it: no diamond is left to move, and the count stays at 13.
    assert not any(
        isinstance(a, ToFoundation) and a.card.suit is Suit.DIAMONDS for a in legal_actions(state)
    )


# --- T3, T4, T14: the wrap in the tableau -------------------------------------------------------


def wrap_position(base: Rank, options: Options = VANISHING_CROSS) -> State:
    # b = A: F♣ has A♣ only if ace is the base; pick foundations accordingly.
    base_card = Card(base, Suit.SPADES) if base is not Rank.ACE else card("Q♠")
    return position(
        piles=[cards("A♣"), cards("K♥"), cards("3♣"), cards("2♦"), cards("2♣")],
        foundations=(base_card,),
        base=base,
        options=options,
        waste=cards("A♦") if base is not Rank.ACE else (),
    )


def test_T3_ace_base_no_king_on_ace() -> None:
    state = wrap_position(Rank.ACE)
    assert state.base == 1
    assert_refused(vj, state, Build(card("K♥"), 0), rule="§5")
    assert Build(card("K♥"), 0) not in legal_actions(state)
    assert Build(card("2♦"), 2) in legal_actions(state)


def test_T3_ace_base_foundation_complete_after_king() -> None:
    state = position(
        piles=[cards("K♠"), cards("6♣"), cards("9♣"), cards("J♥"), cards("4♦")],
        foundations=cards("Q♠"),
        base=Rank.ACE,
    )
    state = apply(state, ToFoundation(card("K♠")))
    assert state.foundations[3] == 13
    assert foundation_cards(1, Suit.SPADES, 13)[-1] == card("K♠")


def test_T4_non_ace_base_king_on_ace_and_ace_on_two() -> None:
    state = wrap_position(Rank.SIX)
    assert Build(card("K♥"), 0) in legal_actions(state)
    after = apply(state, Build(card("K♥"), 0))
    assert after.piles[0] == cards("A♣ K♥")
    assert Build(card("A♦"), 4) in legal_actions(state)  # waste A♦ onto 2♣
    assert apply(state, Build(card("A♦"), 4)).piles[4] == cards("2♣ A♦")


def test_T14_wrap_cross_always_puts_king_on_ace_with_ace_base() -> None:
    state = wrap_position(Rank.ACE, Options(wrap_cross_always=True))
    assert Build(card("K♥"), 0) in legal_actions(state)
    assert apply(state, Build(card("K♥"), 0)).piles[0] == cards("A♣ K♥")


# --- T5 -----------------------------------------------------------------------------------------


def test_T5_starting_a_foundation_is_optional() -> None:
    state = position(
        piles=[cards("7♠"), cards("7♥"), cards("9♣"), cards("J♥"), cards("4♦")],
        foundations=cards("6♦"),
        base=Rank.SIX,
        waste=cards("6♠"),
    )
    legal = legal_actions(state)
    assert ToFoundation(card("6♠")) in legal
    assert Build(card("6♠"), 1) in legal
    assert Build(card("6♠"), 0) in legal  # 6♠ on 7♠: suit does not matter
    assert_refused(vj, state, ToFoundation(card("7♠")), rule="§5")
    started = apply(state, ToFoundation(card("6♠")))
    assert started.foundations[3] == 1
    assert ToFoundation(card("7♠")) in legal_actions(started)
    built = apply(state, Build(card("6♠"), 1))
    assert built.piles[1] == cards("7♥ 6♠")
    assert built.foundations[3] == 0


# --- T6 -----------------------------------------------------------------------------------------


def test_T6_single_pass_through_the_stock() -> None:
    state = new_game(1, seed=3)
    for _ in range(46):
        state = apply(state, TURN)
    assert state.stock == ()
    assert len(state.waste) == 46
    assert TURN not in legal_actions(state)
    assert_refused(vj, state, TURN, rule="§5")


# --- T7 -----------------------------------------------------------------------------------------


def test_T7_fill_sources() -> None:
    state = position(
        piles=[(), cards("4♠ 3♥"), cards("9♣"), cards("J♥"), cards("5♦")],
        foundations=cards("8♦"),
        base=Rank.EIGHT,
        waste=cards("Q♣"),
    )
    legal = legal_actions(state)
    assert Fill(card("Q♣"), 0) in legal
    assert Fill(card("3♥"), 0) in legal
    stock_top = state.stock[0]
    assert_refused(vj, state, Fill(stock_top, 0), rule="§4")
    turned = apply(state, TURN)
    assert Fill(stock_top, 0) in legal_actions(turned)
    assert apply(turned, Fill(stock_top, 0)).piles[0] == (stock_top,)


# --- T8 -----------------------------------------------------------------------------------------


def t8_deal(options: Options = VANISHING_CROSS) -> State:
    return position(
        piles=[cards("6♣"), cards("6♦"), cards("5♥"), cards("K♠"), cards("J♥")],
        foundations=cards("8♠"),
        base=Rank.EIGHT,
        options=options,
    )


def test_T8_cycle_guard() -> None:
    state = t8_deal()
    assert state.seen == {canonical(state.piles)}
    state = apply(state, Build(card("5♥"), 0))
    assert state.piles == (cards("6♣ 5♥"), cards("6♦"), (), cards("K♠"), cards("J♥"))
    state = apply(state, Build(card("5♥"), 1))
    assert state.piles == (cards("6♣"), cards("6♦ 5♥"), (), cards("K♠"), cards("J♥"))
    assert_refused(vj, state, Build(card("5♥"), 0), rule="§6")
    assert_refused(vj, state, Fill(card("5♥"), 2), rule="§6")
    assert_refused(vj, state, Fill(card("K♠"), 2), rule="§6")
    assert_refused(vj, state, Fill(card("J♥"), 2), rule="§6")
    assert legal_actions(state) == (TURN,)
    state = apply(state, TURN)
    assert len(state.seen) == 1
    assert Build(card("5♥"), 0) in legal_actions(state)


def test_T8_without_the_guard_the_shuttle_never_ends() -> None:
    state = t8_deal(Options(guard=False))
    for _ in range(20):
        assert Build(card("5♥"), 0) in legal_actions(state)
        state = apply(state, Build(card("5♥"), 0))
        assert Build(card("5♥"), 1) in legal_actions(state)
        state = apply(state, Build(card("5♥"), 1))
    assert state.seen == frozenset()
    assert state.piles == (cards("6♣"), cards("6♦ 5♥"), (), cards("K♠"), cards("J♥"))


def test_T8_stock_empty_version_is_lost() -> None:
    piles = [cards("6♣"), cards("6♦ 5♥"), cards("K♠"), cards("J♥"), cards("2♠")]
    tops = cards("4♣ 4♦ 9♥ 10♠")
    founded = (
        foundation_cards(8, Suit.CLUBS, 10)
        + foundation_cards(8, Suit.DIAMONDS, 10)
        + foundation_cards(8, Suit.HEARTS, 2)
        + foundation_cards(8, Suit.SPADES, 3)
    )
    others = tuple(c for c in rest(founded, *piles) if c != card("7♦"))
    waste = (*others, card("7♦"))
    assert len(waste) == 21
    state = position(piles=piles, foundations=tops, base=Rank.EIGHT, stock=(), waste=waste)
    assert legal_actions(state) == (Build(card("5♥"), 0),)
    state = apply(state, Build(card("5♥"), 0))
    assert_refused(vj, state, Build(card("5♥"), 1), rule="§6")
    assert legal_actions(state) == ()
    assert is_terminal(state)
    assert current_player(state) is None
    assert winners(state) == frozenset()
    assert scores(state) == (25,)


# --- T9, T10 --------------------------------------------------------------------------------------


def test_T9_win() -> None:
    state = position(
        piles=[cards("5♠"), (), (), (), ()],
        foundations=cards("5♣ 5♦ 5♥ 4♠"),
        base=Rank.SIX,
        stock=(),
    )
    assert legal_actions(state) == (ToFoundation(card("5♠")),)
    state = apply(state, ToFoundation(card("5♠")))
    assert legal_actions(state) == ()
    assert is_terminal(state)
    assert current_player(state) is None
    assert winners(state) == frozenset({0})
    assert scores(state) == (52,)
    assert_refused(vj, state, TURN, rule="§6")


def test_T10_loss() -> None:
    piles = [cards("K♦"), cards("J♦"), cards("9♥"), cards("7♠"), cards("5♠")]
    founded = cards("A♣ 2♣ 3♣")
    others = tuple(c for c in rest(founded, *piles) if c != card("9♣"))
    state = position(
        piles=piles,
        foundations=cards("3♣"),
        base=Rank.ACE,
        stock=(),
        waste=(*others, card("9♣")),
    )
    assert legal_actions(state) == ()
    assert is_terminal(state)
    assert winners(state) == frozenset()
    assert scores(state) == (3,)


# --- T11 Czarina ----------------------------------------------------------------------------------


def test_T11_czarina_refills_from_the_stock() -> None:
    state = position(
        piles=[cards("8♥"), cards("9♠"), cards("K♣"), cards("2♦"), cards("4♠")],
        foundations=cards("6♦"),
        base=Rank.SIX,
        options=CZARINA,
    )
    top = state.stock[0]
    assert not any(isinstance(a, Fill) for a in legal_actions(state))
    after = apply(state, Build(card("8♥"), 1))
    assert after.piles[0] == (top,)
    assert after.piles[1] == cards("9♠ 8♥")
    assert len(after.stock) == len(state.stock) - 1
    assert after.seen == {canonical(after.piles)}  # the refill is progress (§6)


def test_T11_czarina_has_no_fill_and_spaces_stay_empty_without_stock() -> None:
    piles = [cards("8♥"), cards("9♠"), cards("K♣"), cards("2♦"), cards("4♠")]
    state = position(
        piles=piles,
        foundations=cards("6♦"),
        base=Rank.SIX,
        options=CZARINA,
        stock=(),
        waste=rest(cards("6♦"), *piles),
    )
    after = apply(state, Build(card("8♥"), 1))
    assert after.piles[0] == ()
    assert not any(isinstance(a, Fill) for a in legal_actions(after))
    assert_refused(vj, after, Fill(after.waste[-1], 0), rule="§7.2")
    assert_refused(vj, after, Fill(card("8♥"), 0), rule="§7.2")


# --- T12 Simplicity -------------------------------------------------------------------------------


def simplicity_position() -> State:
    singles = "6♠ 5♥ 5♣ A♣ K♦ A♠ K♣ 2♦ 3♦ 4♦ 9♦ 10♦"
    return position(
        piles=[(c,) for c in cards(singles)],
        foundations=cards("8♥"),
        base=Rank.EIGHT,
        options=SIMPLICITY,
    )


def test_T12_simplicity_builds_in_alternating_colours() -> None:
    state = simplicity_position()
    legal = legal_actions(state)
    assert Build(card("5♥"), 0) in legal
    assert Build(card("5♣"), 0) not in legal
    assert_refused(vj, state, Build(card("5♣"), 0), rule="§7.3")
    assert Build(card("K♦"), 3) in legal  # K♦ on A♣, b ≠ A
    assert_refused(vj, state, Build(card("K♣"), 5), rule="§7.3")  # K♣ on A♠: same colour


def test_T12_simplicity_deal() -> None:
    state = new_game(1, seed=11, options=SIMPLICITY)
    deck = shuffled(DECK_52, 11)
    assert len(state.piles) == 12
    assert len(state.stock) == 39
    assert state.piles == tuple((c,) for c in deck[:12])
    base = deck[12]
    assert state.base == (1 if base.rank is Rank.ACE else int(base.rank))
    assert state.stock == deck[13:]


# --- T13 sequence moves ---------------------------------------------------------------------------


def run_position(run_move: RunMove | None) -> State:
    return position(
        piles=[cards("9♣ 8♥ 7♠"), cards("10♦"), cards("9♦"), (), cards("K♣")],
        foundations=cards("2♥"),
        base=Rank.TWO,
        options=Options(run_move=run_move),
    )


def test_T13_whole_pile_moves_as_a_run() -> None:
    state = run_position(RunMove.WHOLE)
    assert MoveRun(card("9♣"), 1) in legal_actions(state)
    after = apply(state, MoveRun(card("9♣"), 1))
    assert after.piles[1] == cards("10♦ 9♣ 8♥ 7♠")
    assert after.piles[0] == ()
    assert_refused(vj, state, MoveRun(card("8♥"), 2), rule="§7.1")
    assert_refused(vj, state, MoveRun(card("8♥"), 3), rule="§7.1")
    assert_refused(vj, state, MoveRun(card("9♣"), 3), rule="§7.1")  # whole pile into a space: no-op
    assert not any(isinstance(a, MoveRun) and a.pile == 3 for a in legal_actions(state))


def test_T13_any_tail_moves_a_top_segment() -> None:
    state = run_position(RunMove.ANY_TAIL)
    legal = legal_actions(state)
    assert MoveRun(card("8♥"), 2) in legal
    assert MoveRun(card("8♥"), 3) in legal
    assert MoveRun(card("9♣"), 1) in legal
    onto = apply(state, MoveRun(card("8♥"), 2))
    assert onto.piles[0] == cards("9♣")
    assert onto.piles[2] == cards("9♦ 8♥ 7♠")
    split = apply(state, MoveRun(card("8♥"), 3))
    assert split.piles[0] == cards("9♣")
    assert split.piles[3] == cards("8♥ 7♠")
    assert_refused(vj, state, MoveRun(card("7♠"), 3), rule="§7.1")  # one card is a fill


def test_T13_no_sequence_moves_by_default() -> None:
    state = run_position(None)
    assert not any(isinstance(a, MoveRun) for a in legal_actions(state))
    assert_refused(vj, state, MoveRun(card("9♣"), 1), rule="§7.1")


def test_T13_simplicity_run_needs_alternating_colours() -> None:
    piles: list[tuple[Card, ...]] = [cards("9♣ 8♥"), cards("10♦"), cards("10♠")]
    piles += [(c,) for c in cards("2♣ 3♣ 4♣ 5♣ 6♣ 7♣ J♣ Q♣ K♣")]
    state = position(
        piles=piles,
        foundations=cards("A♥"),
        base=Rank.ACE,
        options=attrs.evolve(SIMPLICITY, run_move=RunMove.WHOLE),
    )
    assert MoveRun(card("9♣"), 1) in legal_actions(state)
    assert_refused(vj, state, MoveRun(card("9♣"), 2), rule="§7.1")
