"""Game records and replay: every action re-checked, a tampered record fails at its ply."""

import random

import pytest

from fourgames import IllegalActionError, Record, from_json, record_to_json, replay, start_record
from fourgames.cards import cards
from fourgames.testing import random_playout
from fourgames.testing import reference as match


def _record(plies: int) -> tuple[Record, list[match.State]]:
    start = match.new_game(2, seed=5)
    record = start_record(match, start)
    states = [start]
    for action, state in random_playout(match, start, random.Random(3), max_actions=plies):
        record = record.append(action)
        states.append(state)
    return record, states


def test_replay_reproduces_every_state() -> None:
    record, states = _record(30)
    assert list(replay(record, match)) == states


def test_record_json_round_trip() -> None:
    record, _ = _record(10)
    assert from_json(record_to_json(record)) == record


def test_start_record_reads_seed_and_options() -> None:
    state = match.new_game(3, seed=9, options=match.Options(hand_size=4))
    assert start_record(match, state) == Record("match", 3, 9, match.Options(hand_size=4))


def test_tampered_record_fails_at_the_exact_ply() -> None:
    record, _ = _record(12)
    bad = cards("A♠")[0]
    first_hand = match.new_game(2, seed=5).hands[0]
    assert bad not in first_hand
    actions = list(record.actions)
    actions[6] = match.Play(bad)
    tampered = Record(record.game, record.players, record.seed, record.options, tuple(actions))
    replayed = replay(tampered, match)
    for _ in range(7):  # the deal and plies 1–6
        next(replayed)
    with pytest.raises(IllegalActionError) as err:
        next(replayed)
    assert err.value.ply == 7
    assert "ply 7" in str(err.value)
    assert err.value.rule == "§2"


def test_replay_of_unknown_game_names_known_ones() -> None:
    with pytest.raises(KeyError, match="unknown game 'chess'"):
        list(replay(Record("chess", 2, 1, None)))
