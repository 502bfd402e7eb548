"""Properties over random play: the conformance suite, the state machine with the game's
invariants, listing and checking agreeing on every conceivable play, hidden information."""

from __future__ import annotations

import random
from collections import Counter

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.stateful import invariant, precondition, rule

from fourgames import IllegalActionError, from_json, to_json
from fourgames import viereinhalb_minuten as game
from fourgames.testing import check_game
from fourgames.testing.strategies import GameMachine, states
from fourgames.viereinhalb_minuten import (
    ALL_CARDS,
    MAX_PLAYERS,
    Card,
    ChooseStarter,
    LayAside,
    Options,
    Play,
    State,
    TimeUp,
    _rules,
    cards,
    position,
)

# Probes built from real cards (the generic strategy would mostly build non-cards).
st.register_type_strategy(Card, st.sampled_from(ALL_CARDS))

TIMED_WITH_LIMIT = Options(turn_limit=12)
COLOURLESS_LOCKS = Options(lock_cards_coloured=False, turn_limit=40)
SMALL_DECK = Options(
    number_copies=1, colour_change_pairs=(frozenset({0, 2}), frozenset({1, 3})), rounds=2
)


@pytest.mark.parametrize(
    "options",
    [TIMED_WITH_LIMIT, game.UNTIMED, COLOURLESS_LOCKS, SMALL_DECK],
    ids=["timed-turn-limit-12", "untimed", "colourless-locks", "small-deck"],
)
def test_check_game_for_every_player_count(options: Options) -> None:
    report = check_game(game, options=options, seeds=range(2), max_listed=8)
    assert report.players == (2, 3, 4, 5, 6)
    assert report.games == 10


# --- The state machine -----------------------------------------------------------------------


def zones(state: State) -> list[Card]:
    every = [c for display in state.displays for c in display]
    every += [c for pile in state.piles for c in pile]
    return [*every, *state.draw_pile, *state.aside]


class MinutenMachine(GameMachine):
    game = game

    @rule()
    @precondition(lambda self: bool(game.events(self.state)))
    def the_timer_runs_out(self) -> None:
        before = self.state
        self.state = game.apply(before, TimeUp())
        self.record = self.record.append(TimeUp())
        assert self.state.penalties[:-1] == before.penalties
        assert self.state.penalties[-1] == game.round_penalty(before)

    @invariant()
    def the_deck_is_conserved(self) -> None:
        assert Counter(zones(self.state)) == Counter(game.deck(self.state.options))
        assert len(zones(self.state)) == 95

    @invariant()
    def at_most_two_piles_and_one_lock(self) -> None:
        state = self.state
        assert len(state.piles) <= 2
        assert all(state.piles)
        assert state.locked in (None, *range(len(state.piles)))
        assert 0 <= state.lock_turns <= 3
        assert (state.locked is None) == (state.lock_turns == 0)

    @invariant()
    def scores_are_the_negative_team_total(self) -> None:
        state = self.state
        assert game.scores(state) == (-sum(state.penalties),) * state.players
        assert game.winners(state) in (frozenset(), frozenset(range(state.players)))

    @invariant()
    def the_timer_is_never_a_choice(self) -> None:
        state = self.state
        assert not any(isinstance(a, TimeUp) for a in game.legal_actions(state))
        assert game.events(state) == (() if game.is_terminal(state) else (TimeUp(),))


MinutenMachine.TestCase.settings = settings(max_examples=25, stateful_step_count=60)
TestMinutenMachine = MinutenMachine.TestCase


class TurnLimitMachine(MinutenMachine):
    """Short rounds (turn limit 8) on a big table: many rounds, deals and game ends."""

    players = 6
    options = Options(turn_limit=8)


TurnLimitMachine.TestCase.settings = settings(max_examples=10, stateful_step_count=60)
TestTurnLimitMachine = TurnLimitMachine.TestCase


# --- Listing and checking agree ---------------------------------------------------------------


def every_conceivable_action(state: State) -> list[game.Action]:
    # Every card of the game, every pile index (and one too many), every name (and none).
    plays: list[game.Action] = [
        Play(card, pile, named)
        for card in ALL_CARDS
        for pile in (0, 1, 2)
        for named in (None, *range(state.players + 1))
    ]
    return [*plays, LayAside(), *(ChooseStarter(p) for p in range(MAX_PLAYERS + 1))]


@pytest.mark.parametrize("options", [game.RULEBOOK, COLOURLESS_LOCKS, game.FREE_START])
@pytest.mark.parametrize("players", [2, 3, 6])
def test_apply_accepts_exactly_the_listed_actions(players: int, options: Options) -> None:
    rng = random.Random(players)
    state = game.new_game(players, seed=players, options=options)
    for step in range(40):
        if game.is_terminal(state):
            break
        legal = set(game.legal_actions(state))
        accepted = set()
        rules = set()
        for action in every_conceivable_action(state):
            try:
                game.apply(state, action)
            except IllegalActionError as err:
                rules.add(err.rule)
            else:
                accepted.add(action)
        assert all(rule.startswith("§") for rule in rules), rules
        assert accepted == legal, f"step {step}:\n{game.render(state)}"
        actions = game.legal_actions(state)
        state = game.apply(state, actions[int(rng.random() * len(actions))])


@given(states(game, max_plies=120))
@settings(max_examples=40)
def test_apply_unchecked_agrees_with_apply(state: State) -> None:
    # The fast path for listed actions and the checked path give the same state; so do
    # JSON copies of the listed actions (new objects, checked field by field).
    for action in (*game.legal_actions(state), *game.events(state)):
        after = game.apply(state, action)
        assert game.apply_unchecked(state, action) == after
        assert game.apply(state, from_json(to_json(action))) == after


def test_a_play_listed_for_another_state_is_checked() -> None:
    # N(0,3) matches pile A's N(0,1) (§3) but not N(1,5).
    matching = position([cards("N(0,3)"), cards("N(2,2)")], piles=[cards("N(0,1)")])
    other = position([cards("N(0,3)"), cards("N(2,2)")], piles=[cards("N(1,5)")])
    play = next(a for a in game.legal_actions(matching) if a == Play(cards("N(0,3)")[0], 0))
    with pytest.raises(IllegalActionError) as err:
        game.apply(other, play)
    assert err.value.rule == "§3"
    assert play not in game.legal_actions(other)
    with pytest.raises(IllegalActionError):
        game.apply(other, play)


# --- Hidden information -------------------------------------------------------------------------


@given(states(game, max_plies=80), st.randoms(use_true_random=False))
@settings(max_examples=30)
def test_observation_hides_only_the_draw_pile_order(state: State, rnd: random.Random) -> None:
    pile = list(state.draw_pile)
    rnd.shuffle(pile)
    other = attrs.evolve(state, draw_pile=tuple(pile), seed=state.seed + 1)
    for player in range(state.players):
        seen = game.observe(state, player)
        assert seen == game.observe(other, player)
        assert seen.stock_size == len(state.draw_pile)
        assert seen.displays == state.displays
        assert seen.piles == state.piles
        assert seen.aside == state.aside
        assert from_json(to_json(seen)) == seen


@given(states(game, max_plies=120))
@settings(max_examples=30)
def test_text_notation_round_trips(state: State) -> None:
    for action in (*game.legal_actions(state), *game.events(state)):
        assert game.parse_action(str(action)) == action


@given(states(game, max_plies=120))
@settings(max_examples=30)
def test_the_empty_display_rule(state: State) -> None:
    # Every turn ends with a refill, so a display is empty only once the draw pile is (§4).
    if state.draw_pile:
        assert all(state.displays)
    if not game.is_terminal(state):
        assert state.displays[state.current] or state.choosing


def test_the_fast_constructor_builds_equal_states() -> None:
    state = game.new_game(4, seed=1)
    fields = attrs.astuple(state, recurse=False)
    fast, slow = _rules._State(*fields), State(*fields)
    assert fast == slow
    assert hash(fast) == hash(slow)
    assert from_json(to_json(fast)) == slow
    assert type(fast) is State
    assert _rules._State is not State  # the fast path is in use with this attrs
