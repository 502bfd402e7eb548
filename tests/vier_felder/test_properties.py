"""Contract conformance, the state machine with Vier Felder's invariants, and completeness of
`legal_actions` against a brute force over every candidate action."""

from __future__ import annotations

import itertools
import random

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.stateful import invariant

import fourgames
from fourgames import FormatError, from_json, to_json
from fourgames import vier_felder as vf
from fourgames.cards import DECK_52, Card, sorted_cards
from fourgames.testing.strategies import GameMachine, states
from fourgames.vier_felder import (
    JOKER_SUN,
    RULEBOOK,
    SUITS_CW,
    VOLLE_ERNTE,
    Action,
    Build,
    FullHarvest,
    Harvest,
    Kind,
    Options,
    Sow,
    State,
    Stockpile,
)

st.register_type_strategy(
    Stockpile,
    st.builds(
        Stockpile,
        value=st.integers(0, 15),
        kind=st.sampled_from(Kind),
        cards=st.lists(st.sampled_from(DECK_52), min_size=1, max_size=4, unique=True).map(
            sorted_cards
        ),
    ),
)


def check_invariants(state: State) -> None:
    n = state.players
    # 52 cards conserved across fields, hands, draw pile and harvest piles
    assert sorted_cards(vf.all_cards(state)) == sorted_cards(DECK_52)
    # coins conserved: taken + on the square = one per player
    assert all(k >= 0 for k in state.coins)
    assert sum(state.coins) + state.coins_on_square == n
    assert 0 <= state.coins_on_square <= n
    # stockpiles: value 1..14 and consistent with their cards and kind
    for field in state.stockpiles:
        for pile in field:
            assert 1 <= pile.value <= 14
            assert vf.stockpile_is_consistent(pile), pile
            if pile.kind is Kind.SUM:
                assert sum(1 if c.rank == 14 else int(c.rank) for c in pile.cards) == pile.value
    # totals never negative
    assert all(t >= 0 for t in state.totals)
    assert all(len(h) <= 4 for h in state.hands)
    vf.validate(state)


class VierFelderMachine(GameMachine):
    game = vf

    @invariant()
    def invariants_hold(self) -> None:
        if self.state is not None:
            check_invariants(self.state)


class VolleErnteMachine(VierFelderMachine):
    options = VOLLE_ERNTE


VierFelderMachine.TestCase.settings = settings(
    VierFelderMachine.TestCase.settings, stateful_step_count=50, max_examples=15
)
VolleErnteMachine.TestCase.settings = settings(
    VolleErnteMachine.TestCase.settings, stateful_step_count=50, max_examples=10
)
TestVierFelder = VierFelderMachine.TestCase
TestVolleErnte = VolleErnteMachine.TestCase


# --- Completeness: listed == every candidate the checker accepts ---------------------------------


def _subsets(items: tuple[object, ...]) -> list[frozenset[object]]:
    return [frozenset(x) for k in range(len(items) + 1) for x in itertools.combinations(items, k)]


def candidates(state: State) -> list[Action]:
    """Every well-formed action on the items of the table (values 0..15 for stockpiles)."""
    player = state.to_move
    assert player is not None
    hand = state.hands[player]
    out: list[Action] = []
    for f in range(4):
        loose_sets = _subsets(state.loose[f])
        pile_sets = _subsets(state.stockpiles[f])
        for card in hand:
            out.append(Sow(card, f))
            for ls in loose_sets:
                for ps in pile_sets:
                    out.append(Harvest(card, f, ls, ps))  # type: ignore[arg-type]
                    out.extend(Build(card, f, ls, ps, v) for v in range(16))  # type: ignore[arg-type]
        if state.options.full_harvest:
            for ls in loose_sets:
                for ps in pile_sets:
                    for rot in (None, *SUITS_CW):
                        out.append(FullHarvest(hand, f, ls, ps, rot))  # type: ignore[arg-type]
    return out


def small_tables(state: State) -> bool:
    return not vf.is_terminal(state) and all(len(f) <= 7 for f in state.loose)


@settings(max_examples=25)
@given(st.one_of(states(vf, max_plies=80), states(vf, max_plies=80, options=VOLLE_ERNTE)))
def test_legal_actions_are_exactly_the_accepted_candidates(state: State) -> None:
    if not small_tables(state):
        return
    listed = vf.legal_actions(state)
    assert len(listed) == len(set(listed))
    accepted = {a for a in candidates(state) if vf.is_legal(state, a)}
    assert accepted == set(listed)


def test_completeness_on_seeded_playouts_with_stockpiles() -> None:
    """Random play that prefers stockpile actions, so that SUM/EQUAL stockpiles, raising and
    merging occur; every 3rd state is checked against the brute force."""
    checked = 0
    for seed in range(4):
        rng = random.Random(seed)
        options = VOLLE_ERNTE if seed % 2 else RULEBOOK
        state = vf.new_game(2 + seed % 3, seed=seed, options=options)
        for ply in range(45):
            if vf.is_terminal(state):
                break
            listed = vf.legal_actions(state)
            if ply % 3 == 0 and small_tables(state):
                accepted = {a for a in candidates(state) if vf.is_legal(state, a)}
                assert accepted == set(listed), vf.render(state)
                checked += 1
            builds = [a for a in listed if isinstance(a, Build)]
            pick = builds if builds and rng.random() < 0.6 else listed
            state = vf.apply(state, rng.choice(pick))
    assert checked > 20


# --- JSON ---------------------------------------------------------------------------------------


def test_every_action_kind_round_trips_through_json() -> None:
    pile = Stockpile(8, Kind.SUM, (Card.parse("3♣"), Card.parse("5♥")))
    c = Card.parse
    for action in (
        Sow(c("7♥"), 2),
        Harvest(c("8♠"), 0, frozenset({c("8♣")}), frozenset({pile})),
        Build(c("2♠"), 0, frozenset({c("6♦")}), frozenset({pile}), 8),
        FullHarvest((c("2♣"), c("3♦"), c("4♥"), c("5♠")), 1, frozenset({c("A♦")}), rotation=None),
        FullHarvest(
            (c("2♣"), c("3♦"), c("4♥"), c("K♠")), 1, frozenset({c("A♦")}), rotation=SUITS_CW[2]
        ),
    ):
        assert from_json(to_json(action)) == action
    assert from_json(to_json(Options(full_harvest=True))) == Options(full_harvest=True)


def test_json_example_of_the_docs() -> None:
    c = Card.parse
    action = Harvest(c("5♦"), 0, frozenset({c("5♣"), c("3♥"), c("2♦")}))
    assert to_json(action) == (
        '{"schema": 1, "game": "vier-felder", "type": "harvest", "card": "5♦", "field": 0, '
        '"taken": ["2♦", "3♥", "5♣"], "stockpiles": []}'
    )
    build = Build(c("3♣"), 0, frozenset({c("5♥")}), frozenset(), 8)
    assert to_json(build) == (
        '{"schema": 1, "game": "vier-felder", "type": "stockpile", "card": "3♣", "field": 0, '
        '"loose": ["5♥"], "stockpiles": [], "value": 8}'
    )


# --- Text notation ------------------------------------------------------------------------------


def test_parse_action_reads_back_every_listed_action() -> None:
    seen = 0
    for seed in range(3):
        rng = random.Random(seed)
        state = vf.new_game(2 + seed, seed=seed, options=VOLLE_ERNTE)
        for _ in range(60):
            if vf.is_terminal(state):
                break
            for action in vf.legal_actions(state):
                assert vf.parse_action(str(action)) == action
                seen += 1
            state = vf.apply(state, rng.choice(vf.legal_actions(state)))
    assert seen > 500


def test_parse_action_examples() -> None:
    c = Card.parse
    pile = Stockpile(8, Kind.SUM, (c("3♣"), c("5♥")))
    assert vf.parse_action("sow 7h f2") == Sow(c("7♥"), 2)
    assert vf.parse_action("harvest 8♠ f0 8♣ [8+ 3♣ 5♥]") == Harvest(
        c("8♠"), 0, frozenset({c("8♣")}), frozenset({pile})
    )
    assert vf.parse_action("stockpile 2♠ f0 6♦ [8+ 3♣ 5♥] =8") == Build(
        c("2♠"), 0, frozenset({c("6♦")}), frozenset({pile}), 8
    )
    full = vf.parse_action("full 5♠ 2♣ 3♦ K♠ f1 A♦ turn ♠")
    assert full == FullHarvest(
        (c("2♣"), c("3♦"), c("5♠"), c("K♠")), 1, frozenset({c("A♦")}), rotation=SUITS_CW[2]
    )
    for bad in ("", "sow", "sow 7♥", "dance 7♥ f1", "stockpile 3♣ f0 5♥", "harvest 1♥ f0 -"):
        with pytest.raises(FormatError):
            vf.parse_action(bad)


# --- Observation invariance, registration -----------------------------------------------------


@settings(max_examples=25)
@given(states(vf, max_plies=60), st.randoms(use_true_random=False))
def test_observation_ignores_what_the_player_cannot_see(state: State, rng: random.Random) -> None:
    """Re-dealing the other hands and the draw pile leaves the observation unchanged."""
    for player in range(state.players):
        hidden = [c for i, h in enumerate(state.hands) if i != player for c in h]
        hidden += state.draw_pile
        rng.shuffle(hidden)
        hands, pos = [], 0
        for i, h in enumerate(state.hands):
            if i == player:
                hands.append(h)
            else:
                hands.append(tuple(sorted(hidden[pos : pos + len(h)])))
                pos += len(h)
        other = attrs.evolve(state, hands=tuple(hands), draw_pile=tuple(hidden[pos:]))
        vf.validate(other)
        assert vf.observe(other, player) == vf.observe(state, player)


def test_the_game_is_registered() -> None:
    assert fourgames.get_game("vier-felder") is vf
    assert set(vf.PRESETS.values()) == {RULEBOOK, VOLLE_ERNTE, JOKER_SUN}


# --- Valid positions lead to valid positions ------------------------------------------------------


@settings(max_examples=25)
@given(st.one_of(states(vf, max_plies=150), states(vf, max_plies=150, options=VOLLE_ERNTE)))
def test_every_listed_action_leads_from_a_valid_state_to_a_valid_one(state: State) -> None:
    vf.validate(state)
    for player in range(state.players):
        vf.validate_observation(vf.observe(state, player))
    listed = vf.legal_actions(state)
    for action in listed[:: max(1, len(listed) // 30)]:
        vf.validate(vf.apply(state, action))
