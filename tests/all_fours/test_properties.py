"""Contract conformance, invariants over random play, JSON, observation and validation."""

from __future__ import annotations

import json
import random
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.stateful import invariant

import fourgames
from fourgames import all_fours
from fourgames.all_fours import (
    LONG,
    PITCH,
    PRESETS,
    SEVEN_UP,
    TRINIDAD,
    Options,
    Phase,
    State,
    apply,
    legal_actions,
    new_game,
    observe,
    parse_action,
    target_of,
    validate,
)
from fourgames.cards import DECK_52, Card, sorted_cards
from fourgames.errors import FormatError, IllegalActionError
from fourgames.testing.strategies import GameMachine, states


def all_cards(state: State) -> list[Card]:
    every = [*state.stock, *state.turnups, *state.trick]
    for hand in state.hands:
        every += hand
    for pile in state.discards:
        every += pile
    for trick in state.tricks:
        every += trick.cards
    return every


# --- The conformance suite --------------------------------------------------------------------


def test_registered_in_fourgames_games() -> None:
    assert fourgames.get_game("all-fours") is all_fours
    assert fourgames.GAMES["all-fours"] is all_fours


# --- The state machine -----------------------------------------------------------------------


class AllFoursMachine(GameMachine):
    game = all_fours

    @invariant()
    def fifty_two_cards_are_conserved(self) -> None:
        if self.state is not None:
            assert sorted_cards(all_cards(self.state)) == sorted_cards(DECK_52)

    @invariant()
    def hands_hold_six_during_trick_play(self) -> None:
        state = self.state
        if state is None or state.phase is not Phase.PLAY:
            return
        played = all_fours.current_player(state)
        seat = state.leader
        for position in range(len(state.hands)):
            expected = 6 - len(state.tricks) - (1 if position < len(state.trick) else 0)
            assert len(state.hands[seat]) == expected
            seat = (seat - 1 if state.options.trinidad else seat + 1) % len(state.hands)
        assert played is not None

    @invariant()
    def side_scores_never_decrease(self) -> None:
        if self.state is None:
            return
        before: tuple[int, ...] | None = getattr(self, "_last_scores", None)
        now = self.state.scores
        if before is not None and len(before) == len(now):
            assert all(b <= n for b, n in zip(before, now, strict=True))
        self._last_scores = now

    @invariant()
    def nobody_plays_after_a_side_reached_the_target(self) -> None:
        state = self.state
        if state is None:
            return
        if max(state.scores) >= target_of(state.options):
            assert all_fours.is_terminal(state)
            assert legal_actions(state) == ()
            assert all_fours.current_player(state) is None
            assert len(all_fours.winners(state)) in (1, 2)
        else:
            assert not all_fours.is_terminal(state)


_MACHINE_SETTINGS = settings(max_examples=8, stateful_step_count=120, deadline=None)


class SevenUpMachine(AllFoursMachine):
    options = SEVEN_UP


class LongMachine(AllFoursMachine):
    options = LONG


class PitchMachine(AllFoursMachine):
    options = PITCH


class TrinidadMachine(AllFoursMachine):
    options = TRINIDAD


SevenUpMachine.TestCase.settings = _MACHINE_SETTINGS
LongMachine.TestCase.settings = _MACHINE_SETTINGS
PitchMachine.TestCase.settings = _MACHINE_SETTINGS
TrinidadMachine.TestCase.settings = _MACHINE_SETTINGS
TestSevenUp = SevenUpMachine.TestCase
TestLong = LongMachine.TestCase
TestPitch = PitchMachine.TestCase
TestTrinidad = TrinidadMachine.TestCase


# --- Whole random games: scores only rise, the winner is the side at the target ---------------


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_random_games_end_with_exactly_one_winning_side(preset: str) -> None:
    options = PRESETS[preset]
    rng = random.Random(preset)
    for players in (2, 3, 4):
        for seed in range(6):
            state = new_game(players, seed=seed, options=options)
            plies = 0
            while not all_fours.is_terminal(state):
                before = state.scores
                state = apply(state, rng.choice(legal_actions(state)))
                assert all(b <= a for b, a in zip(before, state.scores, strict=True))
                plies += 1
            assert plies <= all_fours.max_game_length(players, options)
            reached = [s for s, score in enumerate(state.scores) if score >= target_of(options)]
            assert len(reached) == 1
            expected = {p for p in range(players) if all_fours.side_of(p, players) == reached[0]}
            assert all_fours.winners(state) == frozenset(expected)
            total = sum(a.points for sheet in all_fours.score_sheet(state) for a in sheet.awards)
            assert total == sum(state.scores)


# --- Text notation and JSON ------------------------------------------------------------------


@settings(max_examples=25)
@given(states(all_fours, max_plies=120))
def test_text_notation_round_trips(state: State) -> None:
    for action in legal_actions(state):
        assert parse_action(str(action)) == action


@pytest.mark.parametrize(
    "text", ["", "play", "play X♠", "discard", "hold", "stand up", "play 7♥ 8♥"]
)
def test_bad_text_notation_raises_format_error(text: str) -> None:
    with pytest.raises(FormatError):
        parse_action(text)


@settings(max_examples=25)
@given(states(all_fours, max_plies=150))
def test_json_round_trips(state: State) -> None:
    assert fourgames.from_json(fourgames.to_json(state)) == state
    for player in range(len(state.hands)):
        observation = observe(state, player)
        assert fourgames.from_json(fourgames.to_json(observation)) == observation


_ODD_OPTIONS = Options(in_play=all_fours.InPlay.HELD_AT_PLAY, gift_cannot_win=True, first_dealer=1)


@pytest.mark.parametrize("options", [*PRESETS.values(), _ODD_OPTIONS])
def test_options_json_round_trip(options: Options) -> None:
    assert fourgames.from_json(fourgames.to_json(options)) == options


def test_action_json_is_tagged() -> None:
    text = fourgames.to_json(parse_action("play 10♥"))
    assert text == '{"schema": 1, "game": "all-fours", "type": "play", "card": "10♥"}'
    assert fourgames.to_json(all_fours.Beg()) == '{"schema": 1, "game": "all-fours", "type": "beg"}'


# --- INFO and find_action ----------------------------------------------------------------------


def test_info_agrees_with_the_module_constants() -> None:
    info = all_fours.INFO
    assert (info.id, info.name) == (all_fours.GAME_ID, "All Fours")
    assert (info.min_players, info.max_players) == (all_fours.MIN_PLAYERS, all_fours.MAX_PLAYERS)
    assert info.presets is PRESETS
    assert info.rules_version == all_fours.RULES_VERSION
    assert not info.perfect_information
    assert not info.cooperative
    assert not info.has_events


def _in_trick_play() -> State:
    state = apply(new_game(2, seed=1), all_fours.Stand())
    assert state.phase is Phase.PLAY
    return state


def test_find_action_reads_exact_text_ascii_cards_and_unique_parts() -> None:
    state = _in_trick_play()
    legal = legal_actions(state)
    first = legal[0]
    assert isinstance(first, all_fours.Play)
    assert all_fours.find_action(state, str(first)) is first
    assert (
        all_fours.find_action(state, f"PLAY {first.card.rank.value}{first.card.suit.value}")
        == first
    )
    assert all_fours.find_action(state, f"play {first.card}".replace("play", "pl")) == first
    begging = new_game(2, seed=1)
    assert all_fours.find_action(begging, "st") == all_fours.Stand()
    assert all_fours.find_action(begging, "b") == all_fours.Beg()


def test_find_action_refuses_with_the_rule_or_the_candidates() -> None:
    state = _in_trick_play()
    with pytest.raises(IllegalActionError, match="did you mean") as ambiguous:
        all_fours.find_action(state, "play")
    assert ambiguous.value.rule == "API"
    with pytest.raises(IllegalActionError) as refused:
        all_fours.find_action(state, "stand")
    assert refused.value.rule == "§4.1"
    elsewhere = next(card for card in DECK_52 if card not in state.hands[1])
    with pytest.raises(IllegalActionError) as not_held:
        all_fours.find_action(state, f"play {elsewhere}")
    assert not_held.value.rule == "§5"


# --- Observation -------------------------------------------------------------------------------


def _redeal_hidden(state: State, player: int, rng: random.Random) -> State:
    """Shuffle every card ``player`` cannot see among the hidden places, keeping the counts."""
    hidden_hands = [seat for seat in range(len(state.hands)) if seat != player]
    pool = list(state.stock)
    for seat in hidden_hands:
        pool += state.hands[seat] + state.discards[seat]
    rng.shuffle(pool)
    hands = list(state.hands)
    discards = list(state.discards)
    for seat in hidden_hands:
        size, dsize = len(state.hands[seat]), len(state.discards[seat])
        hands[seat] = tuple(sorted(pool[:size]))
        discards[seat] = tuple(pool[size : size + dsize])
        pool = pool[size + dsize :]
    return attrs.evolve(state, hands=tuple(hands), discards=tuple(discards), stock=tuple(pool))


@settings(max_examples=25)
@given(states(all_fours, max_plies=150), st.integers(0, 3), st.randoms(use_true_random=False))
def test_observation_ignores_what_the_player_cannot_see(
    state: State, player: int, rng: random.Random
) -> None:
    player %= len(state.hands)
    other = _redeal_hidden(state, player, rng)
    assert observe(other, player) == observe(state, player)


def test_observation_hides_other_hands_the_stock_and_the_seed() -> None:
    state = new_game(3, seed=11)
    observation = observe(state, 0)
    text = fourgames.to_json(observation)
    for card in (*state.hands[1], *state.hands[2], *state.stock):
        assert f'"{card}"' not in text
    assert str(state.seed) not in text
    assert observation.hand == state.hands[0]
    assert observation.hand_sizes == (6, 6, 6)
    assert observation.stock_size == 33
    assert observation.turnups == state.turnups
    with pytest.raises(ValueError, match="seat"):
        observe(state, 3)


def test_the_observation_starts_with_the_shared_vocabulary() -> None:
    names = [field.name for field in attrs.fields(all_fours.Observation)]
    shared = ["player", "to_move", "scores", "hand", "hand_sizes", "stock_size"]
    assert names[: len(shared)] == shared
    state = new_game(4, seed=3, options=Options(first_dealer=0))
    state = attrs.evolve(state, scores=(3, 5))
    observation = observe(state, 2)
    assert observation.to_move == all_fours.current_player(state) == 1
    assert observation.scores == all_fours.scores(state) == (3, 5, 3, 5)
    assert observation.stock_size == len(state.stock)


def test_a_schema_1_observation_of_four_players_loads_with_each_players_score() -> None:
    state = attrs.evolve(new_game(4, seed=3, options=Options(first_dealer=0)), scores=(3, 5))
    observation = observe(state, 1)
    data = fourgames.serialization.to_data(observation)
    old = {key: value for key, value in data.items() if key != "to_move"}
    old |= {"schema": 1, "current_player": observation.to_move, "scores": [3, 5]}
    assert fourgames.from_json(json.dumps(old)) == observation


def test_render_of_an_observation_shows_only_what_the_player_sees() -> None:
    state = apply(apply(new_game(3, seed=4, options=Options(first_dealer=0)), all_fours.Beg()),
                  all_fours.Run())  # fmt: skip
    while state.phase is Phase.DISCARD and all_fours.current_player(state) == 1:
        state = apply(state, legal_actions(state)[0])
    for player in range(3):
        observation = observe(state, player)
        text = all_fours.render(observation)
        assert f"Hand of P{player} (you): {' '.join(map(str, state.hands[player]))}" in text
        hidden = [card for seat in range(3) if seat != player for card in state.hands[seat]]
        hidden += [*state.stock, *(c for s in range(3) if s != player for c in state.discards[s])]
        assert not [card for card in hidden if str(card) in text.split("Score sheet:")[0]]
        assert text.splitlines()[:3] == all_fours.render(state).splitlines()[:3]
        assert "Cards held: P0" in text


# --- Purity, determinism, errors -------------------------------------------------------------


def test_same_seed_same_game_and_no_global_randomness() -> None:
    random.seed(1)
    first = new_game(4, seed=123, options=TRINIDAD)
    random.seed(2)
    assert new_game(4, seed=123, options=TRINIDAD) == first
    assert new_game(4, seed=124, options=TRINIDAD) != first


def test_seed_none_draws_a_fresh_seed_that_is_stored() -> None:
    state = new_game(2)
    assert isinstance(state.seed, int)
    assert new_game(2, seed=state.seed, options=state.options) == state


@pytest.mark.parametrize("junk", [None, 3, "stand", object(), Card.parse("7♥")])
def test_a_non_action_is_refused_with_rule_api(junk: Any) -> None:
    with pytest.raises(IllegalActionError) as err:
        apply(new_game(2, seed=1), junk)
    assert err.value.rule == "API"


def test_events_are_empty() -> None:
    assert all_fours.events(new_game(2, seed=1)) == ()


# --- validate ----------------------------------------------------------------------------------


def _broken(state: State, **changes: Any) -> State:
    return attrs.evolve(state, **changes)


def test_validate_accepts_real_positions() -> None:
    state = new_game(3, seed=4)
    validate(state)
    validate(apply(state, all_fours.Stand()))


@pytest.mark.parametrize(
    "change",
    [
        lambda s: {"stock": s.stock[1:]},  # a card lost
        lambda s: {"stock": (*s.stock[1:], s.hands[0][0])},  # a card twice
        lambda s: {"hands": (tuple(reversed(s.hands[0])), *s.hands[1:])},  # unsorted
        lambda s: {"scores": (7, 0, 0)},  # at the target but not over
        lambda s: {"scores": (0, 0)},  # wrong number of sides
        lambda s: {"dealer": 5},
        lambda s: {"phase": Phase.PLAY},  # trump not set
        lambda s: {"phase": Phase.DISCARD},
        lambda s: {"phase": Phase.OVER},  # nobody at the target
        lambda s: {"turnups": ()},
        lambda s: {"leader": 2},  # not eldest
    ],
)
def test_validate_refuses_impossible_positions(change: Any) -> None:
    state = new_game(3, seed=4, options=Options(first_dealer=0))
    with pytest.raises(FormatError):
        validate(_broken(state, **change(state)))


def test_from_json_refuses_an_impossible_state() -> None:
    state = new_game(2, seed=4)
    text = fourgames.to_json(_broken(state, scores=(9, 0)))
    with pytest.raises(FormatError):
        fourgames.from_json(text)


def test_validate_refuses_inconsistent_runs() -> None:
    state = apply(apply(new_game(2, seed=1), all_fours.Beg()), all_fours.Run())
    assert state.phase is Phase.DISCARD
    validate(state)
    stock_card = state.stock[0]
    for broken in (
        _broken(state, begging=all_fours.Begging.STOOD),
        _broken(state, turnups=tuple(reversed(state.turnups))),
        _broken(state, phase=Phase.PLAY),
        _broken(
            state,
            hands=(tuple(sorted((*state.hands[0], stock_card))), state.hands[1]),
            stock=state.stock[1:],
        ),
    ):
        with pytest.raises(FormatError):
            validate(broken)


@settings(max_examples=25)
@given(states(all_fours, max_plies=150), st.data())
def test_is_legal_agrees_with_legal_actions(state: State, data: st.DataObject) -> None:
    from fourgames.testing.strategies import actions

    action = data.draw(actions(all_fours))
    assert all_fours.is_legal(state, action) == (action in legal_actions(state))
    for listed in legal_actions(state):
        assert all_fours.is_legal(state, listed)
    for card in DECK_52:  # §4.3 and §5 stand in the check and in the listing: they agree
        for move in (all_fours.Play(card), all_fours.Discard(card)):
            assert all_fours.is_legal(state, move) == (move in legal_actions(state))


def test_observation_shows_own_discards_and_only_counts_of_the_others() -> None:
    state = apply(apply(new_game(2, seed=1), all_fours.Beg()), all_fours.Run())
    eldest = all_fours.current_player(state)
    assert eldest is not None
    first, second = state.hands[eldest][0], state.hands[eldest][1]
    state = apply(apply(state, all_fours.Discard(first)), all_fours.Discard(second))
    mine = observe(state, eldest)
    theirs = observe(state, 1 - eldest)
    assert mine.discards == (first, second)
    assert theirs.discards == ()
    assert theirs.discard_counts[eldest] == 2
    assert f'"{first}"' not in fourgames.to_json(theirs)
    assert theirs.turnups == state.turnups
    assert theirs.trump is state.trump


def test_the_fast_constructor_builds_equal_states() -> None:
    state = new_game(4, seed=1)
    while len(state.tricks) < 2:  # into trick play, with finished tricks
        state = apply(state, legal_actions(state)[0])
    fields = attrs.astuple(state, recurse=False)
    fast, slow = all_fours._rules._State(*fields), State(*fields)
    assert fast == slow
    assert hash(fast) == hash(slow)
    assert fourgames.from_json(fourgames.to_json(fast)) == slow
    assert type(fast) is State
    assert all_fours._rules._State is not State  # the fast path is in use with this attrs
