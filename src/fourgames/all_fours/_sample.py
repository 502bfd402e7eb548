"""All Fours: a whole state an observer cannot tell from the true one (determinization)."""

from __future__ import annotations

import random
from typing import Final

from fourgames._sampling import Sampler, deal, pick, sample_seed, ways
from fourgames.all_fours._rules import (
    TRICKS_PER_HAND,
    AwardKind,
    InPlay,
    Observation,
    Phase,
    State,
    _next,
    _sides,
    observe,
    side_of,
    validate,
)
from fourgames.cards import DECK_52, Card, Suit

_SUITS: Final = tuple(Suit)


def sample_state(observation: Observation, rng: random.Random) -> State:
    """A whole state that ``observation`` could come from, drawn with ``rng``: the cards the
    player has not seen are dealt to the other hands, the others' discards and the stock,
    uniformly over every deal consistent with everything public.

    Play revealed two things. A player who played neither the led suit nor trump held none
    of the led suit (§5), so holds none now: the deal is drawn suit by suit, each suit's count
    per hand weighted by the number of ways to complete the deal (exact, no rejection). And
    once the last hand is scored, High and Low name the sides holding the highest and lowest
    trump in play, discards included (§6.1): the highest and lowest hidden trumps among the
    discards, and their holders, are drawn first, weighted by the deals they leave, and the
    trumps beyond them go to the stock. The discards' and the stock's orders are uniform.

    The seed is not observable (it would reveal the deal); the sample's is drawn from ``rng``,
    so that later hands are dealt as unknown. `FormatError` for an observation that is not one
    or that no position fits; `ValueError` for an ``rng`` that is not a `random.Random`.
    """
    return _SAMPLER(observation, rng)


def _world(seen: Observation, rng: random.Random) -> State:
    players, me = seen.players, seen.player
    shown = {*seen.hand, *seen.discards, *seen.turnups, *seen.trick}
    shown.update(card for trick in seen.tricks for card in trick.cards)
    unseen = [card for card in DECK_52 if card not in shown]
    others = [p for p in range(players) if p != me]
    dealt = (_scored_discards if _scored(seen) else _deal_hands)(seen, unseen, others, rng)
    hands = {p: tuple(sorted(dealt[z])) for z, p in enumerate(others)}
    piles = {p: tuple(dealt[len(others) + z]) for z, p in enumerate(others)}
    return State(
        options=seen.options,
        seed=sample_seed(rng),
        hand_number=seen.hand_number,
        dealer=seen.dealer,
        phase=seen.phase,
        scores=seen.scores[: _sides(players)],
        hands=tuple(seen.hand if p == me else hands[p] for p in range(players)),
        stock=tuple(dealt[-1]),
        turnups=seen.turnups,
        trump=seen.trump,
        begging=seen.begging,
        discards=tuple(seen.discards if p == me else piles[p] for p in range(players)),
        leader=seen.leader,
        trick=seen.trick,
        tricks=seen.tricks,
        awards=seen.awards,
        history=seen.history,
    )


def _deal_hands(
    seen: Observation, unseen: list[Card], others: list[int], rng: random.Random
) -> list[list[Card]]:
    """The other hands, none with a suit its holder showed out of, then their discards, then
    the stock."""
    voids = _voids(seen)
    hands = len(others)
    kinds = [[card for card in unseen if card.suit is suit] for suit in _SUITS]
    allowed = [
        frozenset(
            [z for z, p in enumerate(others) if suit not in voids[p]]
            + list(range(hands, 2 * hands + 1))
        )
        for suit in _SUITS
    ]
    sizes = [seen.hand_sizes[p] for p in others]
    sizes += [seen.discard_counts[p] for p in others] + [seen.stock_size]
    return deal(kinds, allowed, sizes, rng)


def _voids(seen: Observation) -> dict[int, set[Suit]]:
    """The suits each player showed out of this hand: they played neither it nor trump to a
    trick it led (the legality check of §5, read backwards)."""
    voids: dict[int, set[Suit]] = {p: set() for p in range(seen.players)}
    played = [(trick.leader, trick.cards) for trick in seen.tricks]
    if seen.trick:
        played.append((seen.leader, seen.trick))
    for leader, cards in played:
        led, seat = cards[0].suit, leader
        for card in cards[1:]:
            seat = _next(seat, seen.players, seen.options)
            if card.suit is not led and card.suit is not seen.trump:
                voids[seat].add(led)
    return voids


def _scored(seen: Observation) -> bool:
    """Whether the game ended on the scoring of a hand whose High and Low may have counted
    hidden discards."""
    return (
        seen.phase is Phase.OVER
        and len(seen.tricks) == TRICKS_PER_HAND
        and seen.options.in_play is InPlay.DEALT
    )


def _scored_discards(
    seen: Observation, unseen: list[Card], others: list[int], rng: random.Random
) -> list[list[Card]]:
    """The other (empty) hands, their discards and the stock at the end of a scored hand, so
    that the highest and lowest trump in play are held by the sides High and Low went to.

    Every deal has one shape: which hidden trump is the highest among the discards and who
    holds it, the same for the lowest (or no hidden trump discarded at all); the trumps
    beyond them lie in the stock. A shape is drawn by the number of deals it has, then a deal
    of that shape.
    """
    players, trump = seen.players, seen.trump
    held = _played_trumps(seen)
    held.update({card: seen.player for card in seen.discards if card.suit is trump})
    high = [award.side for award in seen.awards if award.kind is AwardKind.HIGH]
    low = [award.side for award in seen.awards if award.kind is AwardKind.LOW]
    hidden = sorted((card for card in unseen if card.suit is trump), key=lambda c: c.rank)
    rest = [card for card in unseen if card.suit is not trump]
    stock = len(others)
    sizes = [seen.discard_counts[p] for p in others] + [seen.stock_size]
    anywhere, stock_only = frozenset(range(stock + 1)), frozenset({stock})
    shapes: list[tuple[list[list[Card]], list[frozenset[int]]]] = []
    if _fits(held, high, low, players):
        shapes.append(([hidden, rest], [stock_only, anywhere]))
    holders = [z for z in range(stock) if sizes[z]]
    for j, top in enumerate(hidden):
        for i, bottom in enumerate(hidden[: j + 1]):
            for a in holders:
                for b in holders if i < j else [a]:
                    if not _fits({**held, top: others[a], bottom: others[b]}, high, low, players):
                        continue
                    kinds = [[top], hidden[:i] + hidden[j + 1 :], hidden[i + 1 : j] + rest]
                    allowed = [frozenset({a}), stock_only, anywhere]
                    if i < j:
                        kinds.append([bottom])
                        allowed.append(frozenset({b}))
                    shapes.append((kinds, allowed))
    weights = [ways(kinds, allowed, sizes) for kinds, allowed in shapes]
    if not any(weights):
        raise ValueError("no deal of the discards gives this hand's High and Low")
    kinds, allowed = shapes[pick(weights, rng)]
    return [[] for _ in others] + deal(kinds, allowed, sizes, rng)


def _fits(held: dict[Card, int], high: list[int], low: list[int], players: int) -> bool:
    """Whether trumps in play held like this give the High and Low awarded (§6.1; no Low
    when High ended the game)."""
    if not held:
        return not high and not low
    top = max(held, key=lambda card: card.rank)
    bottom = min(held, key=lambda card: card.rank)
    return high == [side_of(held[top], players)] and low in ([], [side_of(held[bottom], players)])


def _played_trumps(seen: Observation) -> dict[Card, int]:
    """The trumps played to this hand's tricks, by who played them."""
    owners: dict[Card, int] = {}
    for trick in seen.tricks:
        seat = trick.leader
        for card in trick.cards:
            if card.suit is seen.trump:
                owners[card] = seat
            seat = _next(seat, seen.players, seen.options)
    return owners


_SAMPLER: Final = Sampler("All Fours", Observation, _world, validate, observe)
