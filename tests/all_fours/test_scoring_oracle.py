"""An independent re-implementation of the end-of-hand scoring (§6), checked against the
engine over many random hands of every preset and player count."""

from __future__ import annotations

import random

import pytest

from fourgames.all_fours import (
    PRESETS,
    Award,
    AwardKind,
    InPlay,
    Options,
    Phase,
    Play,
    Run,
    State,
    apply,
    legal_actions,
    new_game,
    target_of,
)
from fourgames.cards import Card, Rank

VALUES = {Rank.TEN: 10, Rank.ACE: 4, Rank.KING: 3, Rank.QUEEN: 2, Rank.JACK: 1}


def _side(player: int, players: int) -> int:
    return player % 2 if players == 4 else player


def _seat_after(seat: int, steps: int, players: int, options: Options) -> int:
    return (seat - steps if options.trinidad else seat + steps) % players


def expected_awards(before: State, last: Card) -> list[Award]:
    """The §6.2 awards of the hand that ``Play(last)`` completes, target cut included."""
    players = len(before.hands)
    options = before.options
    trump = before.trump
    assert trump is not None
    tricks = [(t.leader, t.cards) for t in before.tricks]
    tricks.append((before.leader, (*before.trick, last)))
    owners: dict[Card, int] = {}
    for leader, played in tricks:
        for i, card in enumerate(played):
            owners[card] = _seat_after(leader, i, players, options)
    if options.in_play is InPlay.DEALT:
        for seat, pile in enumerate(before.discards):
            for card in pile:
                owners[card] = seat
    winners = []
    for leader, played in tricks:
        led = played[0].suit
        trumps = [c for c in played if c.suit is trump]
        best = max(trumps or [c for c in played if c.suit is led], key=lambda c: c.rank)
        winners.append(_seat_after(leader, played.index(best), players, options))
    awards: list[Award] = []
    in_play = sorted((c for c in owners if c.suit is trump), key=lambda c: c.rank)
    if in_play:
        awards.append(Award(AwardKind.HIGH, _side(owners[in_play[-1]], players), 1))
        awards.append(Award(AwardKind.LOW, _side(owners[in_play[0]], players), 1))
    jack = Card(Rank.JACK, trump)
    for (_, played), winner in zip(tricks, winners, strict=True):
        if jack in played:
            capturer, owner = _side(winner, players), _side(owners[jack], players)
            if options.trinidad and capturer != owner:
                awards.append(Award(AwardKind.HANG_JACK, capturer, 3))
            else:
                awards.append(Award(AwardKind.JACK, capturer, 1))
    sides = 2 if players == 4 else players
    totals = [0] * sides
    for (_, played), winner in zip(tricks, winners, strict=True):
        totals[_side(winner, players)] += sum(VALUES.get(c.rank, 0) for c in played)
    top = max(totals)
    leaders = [s for s in range(sides) if totals[s] == top]
    dealer_side = _side(before.dealer, players)
    game: int | None
    if len(leaders) == 1:
        game = leaders[0]
    elif options.blind:
        game = None
    elif players in (2, 4):
        game = next(s for s in range(sides) if s != dealer_side)
    elif len(leaders) == 2 and dealer_side in leaders:
        game = next(s for s in leaders if s != dealer_side)
    else:
        game = None
    if game is not None:
        awards.append(Award(AwardKind.GAME, game, 1))
    # §8: stop at the first award that reaches the target
    scores = list(before.scores)
    for i, award in enumerate(awards):
        scores[award.side] += award.points
        if scores[award.side] >= target_of(options):
            return awards[: i + 1]
    return awards


OPTIONS = {
    **PRESETS,
    "held-at-play": Options(in_play=InPlay.HELD_AT_PLAY),
    "blind-trinidad": Options(blind=True, trinidad=True),
    "long-trinidad-held": Options(trinidad=True, target=11, in_play=InPlay.HELD_AT_PLAY),
}


@pytest.mark.parametrize("name", sorted(OPTIONS))
@pytest.mark.parametrize("players", [2, 3, 4])
def test_scoring_matches_an_independent_oracle(name: str, players: int) -> None:
    options = OPTIONS[name]
    rng = random.Random(f"{name}-{players}")
    hands_checked = 0
    for seed in range(25):
        state = new_game(players, seed=seed, options=options)
        while state.phase is not Phase.OVER:
            action = rng.choice(legal_actions(state))
            finishing = (
                isinstance(action, Play)
                and len(state.tricks) == 5
                and len(state.trick) == players - 1
            )
            after = apply(state, action)
            if finishing:
                assert isinstance(action, Play)
                expected = expected_awards(state, action.card)
                next_hand = after.hand_number > state.hand_number
                got = after.history[-1].awards if next_hand else after.awards
                assert list(got[len(state.awards) :]) == expected
                hands_checked += 1
            state = after
    assert hands_checked >= 25


@pytest.mark.parametrize("name", sorted(OPTIONS))
def test_legal_cards_match_an_independent_oracle(name: str) -> None:
    options = OPTIONS[name]
    rng = random.Random(name)
    for players in (2, 3, 4):
        for seed in range(6):
            state = new_game(players, seed=seed, options=options)
            while state.phase is not Phase.OVER:
                legal = legal_actions(state)
                if state.phase is Phase.PLAY:
                    mover = _seat_after(state.leader, len(state.trick), players, options)
                    hand = state.hands[mover]
                    if state.trick and any(c.suit is state.trick[0].suit for c in hand):
                        led, trump = state.trick[0].suit, state.trump
                        allowed = {c for c in hand if c.suit is led or c.suit is trump}
                    else:
                        allowed = set(hand)
                    assert {a.card for a in legal if isinstance(a, Play)} == allowed
                    assert len(legal) == len(allowed)
                state = apply(state, rng.choice(legal))


@pytest.mark.parametrize("name", ["seven-up", "trinidad", "long-trinidad-held"])
def test_running_the_cards_matches_an_independent_oracle(name: str) -> None:
    options = OPTIONS[name]
    rng = random.Random(name)
    runs_seen = throw_ins = 0
    for players in (2, 3, 4):
        for seed in range(40):
            state = new_game(players, seed=seed, options=options)
            while state.phase is not Phase.OVER:
                action = rng.choice(legal_actions(state))
                after = apply(state, action)
                if isinstance(action, Run):
                    runs_seen += 1
                    rejected = state.turnups[0].suit
                    if after.hand_number > state.hand_number:  # thrown in
                        throw_ins += 1
                        sheet = after.history[-1]
                        assert after.dealer == state.dealer
                        assert all(card.suit is rejected for card in sheet.turnups)
                        runs = len(sheet.turnups) - 1
                        left = 52 - 6 * players - 1 - runs * (3 * players + 1)
                        assert 0 <= left < 3 * players + 1
                    else:
                        *repeated, last = after.turnups[1:]
                        assert all(card.suit is rejected for card in repeated)
                        assert last.suit is not rejected
                        assert after.trump is last.suit
                        size = 6 + 3 * (len(after.turnups) - 1)
                        assert all(len(hand) == size for hand in after.hands)
                        gained = sum(after.scores) - sum(state.scores)
                        assert gained == (1 if last.rank is Rank.JACK else 0)
                state = after
    assert runs_seen > 50
    assert throw_ins > 0
