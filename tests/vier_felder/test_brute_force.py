"""An independent brute force of the rules, compared with the engine.

Nothing here uses the engine's search: legality is decided by enumerating every subset of a
field's items, every partition of the taken cards into groups and every 1/14 choice of every
ace, straight from the rulebook's sentences (§6, §7, §14). The turn's effects (rotation,
drawing, clearing, coins, reseeding, round end, scoring, the next deal, the winners) are
recomputed by a small simulator of their own (§2, §4, §8–§13) over seeded playouts.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator, Sequence

import pytest

from fourgames import vier_felder as vf
from fourgames.cards import DECK_52, Card, Rank, Suit
from fourgames.shuffle import derive_seed, shuffled
from fourgames.vier_felder import (
    Action,
    Build,
    FullHarvest,
    Harvest,
    Kind,
    Sow,
    State,
    Stockpile,
)

CW = (Suit.HEARTS, Suit.DIAMONDS, Suit.SPADES, Suit.CLUBS)  # the square, clockwise
SEASON_CARDS = (Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE)


def values(card: Card) -> tuple[int, ...]:
    return (1, 14) if card.rank is Rank.ACE else (int(card.rank),)


def suit_of_field(state: State, field: int) -> Suit:
    return CW[(field - state.summer_field) % 4]


def is_group(cards: Sequence[Card], v: int) -> bool:
    """One group of value v: some choice of every ace's value sums to v."""
    return bool(cards) and any(
        sum(choice) == v for choice in itertools.product(*(values(c) for c in cards))
    )


def set_partitions(items: Sequence[Card]) -> Iterator[list[list[Card]]]:
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for k in range(len(rest) + 1):
        for mates in itertools.combinations(rest, k):
            left = [c for c in rest if c not in mates]
            for tail in set_partitions(left):
                yield [[first, *mates], *tail]


def splits(cards: Sequence[Card], v: int) -> bool:
    return any(all(is_group(g, v) for g in p) for p in set_partitions(list(cards)))


def subsets(items: Sequence[object]) -> Iterator[frozenset[object]]:
    for k in range(len(items) + 1):
        for combo in itertools.combinations(items, k):
            yield frozenset(combo)


def harvest_value_ok(taken: frozenset[Card], piles: frozenset[Stockpile], v: int) -> bool:
    """§6: every stockpile is worth v (taken whole), the loose cards split into groups of v."""
    return bool(taken or piles) and all(s.value == v for s in piles) and splits(sorted(taken), v)


def new_stockpile(
    state: State,
    card: Card,
    field: int,
    loose: frozenset[Card],
    piles: frozenset[Stockpile],
    v: int,
) -> Stockpile | None:
    """§7: the stockpile an Einlagern makes, or None if it is illegal."""
    if suit_of_field(state, field) is Suit.CLUBS or not (loose or piles) or not 1 <= v <= 14:
        return None
    player = state.to_move
    assert player is not None
    if not any(v in values(c) for c in state.hands[player] if c != card):
        return None  # the held card
    parts = [card, *loose]
    everything = tuple(sorted([*parts, *(c for s in piles for c in s.cards)]))
    sums = {sum(choice) for choice in itertools.product(*(values(c) for c in parts))}
    if len(piles) == 1:
        (pile,) = piles
        if pile.kind is Kind.SUM and v - pile.value in sums:
            return Stockpile(v, Kind.SUM, everything)  # raise
    if not piles and loose and v in sums:
        return Stockpile(v, Kind.SUM, everything)  # new SUM
    if all(s.value == v for s in piles):
        rest = sorted(loose)
        for k in range(len(rest) + 1):
            for mates in itertools.combinations(rest, k):
                if not is_group([card, *mates], v):
                    continue
                others = [c for c in rest if c not in mates]
                for p in set_partitions(others):
                    if all(is_group(g, v) for g in p) and 1 + len(p) + len(piles) >= 2:
                        return Stockpile(v, Kind.EQUAL, everything)
    return None


def full_harvest_ok(state: State, action: FullHarvest) -> bool:
    """Rulebook, Varianten: four hand cards whose sum equals a single loose card of the field,
    then a harvest as with a played card of that value; the suit the square ends turned to is
    one of the season cards' suits."""
    player = state.to_move
    assert player is not None
    hand = state.hands[player]
    turns: set[Suit | None] = {c.suit for c in hand if c.rank in SEASON_CARDS} or {None}
    if len(hand) != 4 or action.cards != hand or action.rotation not in turns:
        return False
    if suit_of_field(state, action.field) is Suit.SPADES:
        return False
    sums = {sum(choice) for choice in itertools.product(*(values(c) for c in hand))}
    loose = state.loose[action.field]
    return any(
        any(s in values(c) for c in loose) and harvest_value_ok(action.taken, action.stockpiles, s)
        for s in sums
    )


def brute_legal_actions(state: State) -> set[Action]:
    player = state.to_move
    assert player is not None
    hand = state.hands[player]
    out: set[Action] = set()
    for f in range(4):
        suit = suit_of_field(state, f)
        loose_sets = [
            frozenset(c for c in s if isinstance(c, Card)) for s in subsets(state.loose[f])
        ]
        pile_sets = [
            frozenset(p for p in s if isinstance(p, Stockpile))
            for s in subsets(state.stockpiles[f])
        ]
        for card in hand:
            if suit is not Suit.DIAMONDS:
                out.add(Sow(card, f))
            for ls in loose_sets:
                for ps in pile_sets:
                    if suit is not Suit.SPADES and any(
                        harvest_value_ok(ls, ps, v) for v in values(card)
                    ):
                        out.add(Harvest(card, f, ls, ps))
                    for v in range(1, 15):
                        if new_stockpile(state, card, f, ls, ps, v) is not None:
                            out.add(Build(card, f, ls, ps, v))
        if state.options.full_harvest and len(hand) == 4:
            for ls in loose_sets:
                for ps in pile_sets:
                    for rot in (None, *CW):
                        full = FullHarvest(hand, f, ls, ps, rot)
                        if full_harvest_ok(state, full):
                            out.add(full)
    return out


# --- random positions --------------------------------------------------------------------------

LOW_CARDS = [c for c in DECK_52 if c.rank is Rank.ACE or int(c.rank) <= 7]


def random_stockpile(rng: random.Random, pool: list[Card]) -> Stockpile | None:
    if rng.random() < 0.5:
        cards = rng.sample(pool, rng.randint(2, 3))
        total = sum(values(c)[0] for c in cards)
        if total > 14:
            return None
        pile = Stockpile(total, Kind.SUM, tuple(sorted(cards)))
    else:
        v = rng.randint(1, 14)
        groups: list[list[Card]] = []
        left = list(pool)
        for _ in range(rng.randint(2, 3)):
            singles = [[c] for c in left if v in values(c)]
            pairs = [[a, b] for a, b in itertools.combinations(left[:20], 2) if is_group([a, b], v)]
            options = singles + pairs
            if not options:
                break
            group = rng.choice(options)
            groups.append(group)
            left = [c for c in left if c not in group]
        if len(groups) < 2:
            return None
        pile = Stockpile(v, Kind.EQUAL, tuple(sorted(c for g in groups for c in g)))
    for c in pile.cards:
        pool.remove(c)
    return pile


def random_position(seed: int) -> State:
    """Small fields of mostly low cards and aces, random stockpiles, any season, sometimes an
    empty draw pile with short hands."""
    rng = random.Random(seed)
    pool = rng.sample(LOW_CARDS, len(LOW_CARDS))
    pool += rng.sample([c for c in DECK_52 if c not in LOW_CARDS], 4)
    rng.shuffle(pool)
    players = rng.choice([2, 3, 4])
    short = rng.random() < 0.4
    hands = []
    for p in range(players):
        size = rng.randint(1 if p == 0 else 0, 4) if short else (4 if p else rng.choice([3, 4]))
        hands.append([pool.pop() for _ in range(size)])
    fields: list[list[Card | Stockpile]] = []
    for _ in range(4):
        items: list[Card | Stockpile] = []
        for _ in range(rng.choice([0, 1, 1, 2])):
            pile = random_stockpile(rng, pool) if len(pool) > 10 else None
            if pile is not None:
                items.append(pile)
        items += [pool.pop() for _ in range(min(rng.randint(0, 5), len(pool) - 2))]
        fields.append(items)
    return vf.position(
        hands,
        fields,
        summer_field=rng.randrange(4),
        options=vf.VOLLE_ERNTE if seed % 2 else vf.RULEBOOK,
        draw_pile=() if short else None,
    )


@pytest.mark.parametrize("chunk", range(4))
def test_legal_actions_equal_the_brute_force_on_random_positions(chunk: int) -> None:
    for seed in range(100 * chunk, 100 * chunk + 100):
        state = random_position(seed)
        listed = vf.legal_actions(state)
        assert len(listed) == len(set(listed))
        expected = brute_legal_actions(state)
        missing = sorted(map(str, expected - set(listed)))
        extra = sorted(map(str, set(listed) - expected))
        assert not missing, (seed, vf.render(state), missing[:5])
        assert not extra, (seed, vf.render(state), extra[:5])
        for action in listed:
            if isinstance(action, Build):
                pile = new_stockpile(
                    state, action.card, action.field, action.loose, action.stockpiles, action.value
                )
                assert pile in vf.apply(state, action).stockpiles[action.field], (seed, action)


# --- the turn's effects, round end, scoring and game end ---------------------------------------


def most(counts: Sequence[int], coins: Sequence[int], *, fewest: bool = False) -> int | None:
    top = max(counts)
    tied = [i for i, n in enumerate(counts) if n == top]
    if top == 0:
        return None
    if len(tied) > 1:
        extreme = (min if fewest else max)(coins[i] for i in tied)
        tied = [i for i in tied if coins[i] == extreme]
    return tied[0] if len(tied) == 1 else None


def expected_after(state: State, action: Action) -> dict[str, object]:
    n, player = state.players, state.to_move
    assert player is not None
    loose = [list(f) for f in state.loose]
    piles = [list(f) for f in state.stockpiles]
    hands = [list(h) for h in state.hands]
    harvested = [list(h) for h in state.harvested]
    coins, draw, summer = list(state.coins), list(state.draw_pile), state.summer_field
    f = action.field
    played = list(action.cards) if isinstance(action, FullHarvest) else [action.card]
    for c in played:
        hands[player].remove(c)
    if isinstance(action, Sow):
        loose[f].append(action.card)
    elif isinstance(action, Harvest | FullHarvest):
        for c in action.taken:
            loose[f].remove(c)
        for s in action.stockpiles:
            piles[f].remove(s)
        harvested[player] += [*played, *action.taken]
        harvested[player] += [c for s in action.stockpiles for c in s.cards]
    else:
        pile = new_stockpile(state, action.card, f, action.loose, action.stockpiles, action.value)
        assert pile is not None
        for c in action.loose:
            loose[f].remove(c)
        for s in action.stockpiles:
            piles[f].remove(s)
        piles[f].append(pile)
    turn = action.rotation if isinstance(action, FullHarvest) else None
    if not isinstance(action, FullHarvest) and action.card.rank in SEASON_CARDS:
        turn = action.card.suit
    if turn is not None:
        summer = (f - CW.index(turn)) % 4  # the card's suit edge now points at the field
    coin_at_start = sum(coins) < n
    while len(hands[player]) < 4 and draw:
        hands[player].append(draw.pop(0))  # draw first (§9)
    cleared = isinstance(action, Harvest | FullHarvest) and not loose[f] and not piles[f]
    if cleared and coin_at_start:
        coins[player] += 1
        if len(draw) >= 3:  # counted after the draw
            loose[f], draw = draw[:3], draw[3:]
    following = [(player + i) % n for i in range(1, n + 1) if hands[(player + i) % n]]
    out: dict[str, object] = {
        "summer": summer,
        "loose": [sorted(x) for x in loose],
        "piles": [sorted(x) for x in piles],
        "hands": [sorted(h) for h in hands],
        "draw": draw,
        "harvested": [sorted(h) for h in harvested],
        "coins": coins,
        "to_move": following[0] if following else None,
        "totals": list(state.totals),
        "round": state.round,
    }
    if following:
        return out
    cards = [len(h) for h in harvested]
    hearts = [sum(c.suit is Suit.HEARTS for c in h) for h in harvested]
    spades = [sum(c.suit is Suit.SPADES for c in h) for h in harvested]
    aces = [sum(c.rank is Rank.ACE for c in h) for h in harvested]
    crop, summer_award = most(cards, coins), most(hearts, coins)
    frost = most(spades, coins, fewest=True)
    points = [
        aces[i] + coins[i] + 4 * (i == crop) + 2 * (i == summer_award) - 2 * (i == frost)
        for i in range(n)
    ]
    totals = [max(0, t + p) for t, p in zip(state.totals, points, strict=True)]
    out.update(points=points, totals=totals)
    if max(totals) >= state.options.target_score:
        top = [i for i in range(n) if totals[i] == max(totals)]
        for key in (coins, aces):
            best = max(key[i] for i in top)
            top = [i for i in top if key[i] == best]
        out.update(winners=set(top), to_move=None)
        return out
    dealer = (state.dealer + 1) % n
    deck = shuffled(DECK_52, derive_seed(state.seed, "round", state.round + 1))
    new_hands: list[list[Card]] = [[] for _ in range(n)]
    pos = 12
    for i in range(n):
        p = (dealer + 1 + i) % n
        size = 3 if i == 0 else 4
        new_hands[p], pos = sorted(deck[pos : pos + size]), pos + size
    out.update(
        summer=0,
        loose=[sorted(deck[3 * k : 3 * k + 3]) for k in range(4)],
        piles=[[], [], [], []],
        hands=new_hands,
        draw=list(deck[pos:]),
        harvested=[[] for _ in range(n)],
        coins=[0] * n,
        to_move=(dealer + 1) % n,
        round=state.round + 1,
        dealer=dealer,
    )
    return out


def observed(state: State) -> dict[str, object]:
    return {
        "summer": state.summer_field,
        "loose": [sorted(x) for x in state.loose],
        "piles": [sorted(x) for x in state.stockpiles],
        "hands": [sorted(h) for h in state.hands],
        "draw": list(state.draw_pile),
        "harvested": [sorted(h) for h in state.harvested],
        "coins": list(state.coins),
        "to_move": state.to_move,
        "totals": list(state.totals),
        "round": state.round,
    }


@pytest.mark.parametrize("seed", range(8))
def test_turn_effects_and_scoring_equal_the_simulator_over_whole_games(seed: int) -> None:
    rng = random.Random(seed)
    options = vf.VOLLE_ERNTE if seed % 4 == 3 else vf.RULEBOOK
    state = vf.new_game(2 + seed % 3, seed=seed, options=options)
    while not vf.is_terminal(state):
        legal = vf.legal_actions(state)
        taking = [a for a in legal if not isinstance(a, Sow)]
        action = rng.choice(taking if taking and rng.random() < 0.7 else legal)
        expected = expected_after(state, action)
        after = vf.apply(state, action)
        got = observed(after)
        keys: tuple[str, ...] = tuple(got)
        if expected["to_move"] is None:  # game over: the table stays as it was left
            assert vf.winners(after) == expected["winners"]
            keys = ("totals", "round", "to_move")
        for key in keys:
            assert got[key] == expected[key], (key, str(action), vf.render(state))
        if "points" in expected:
            assert list(after.history[-1].points) == expected["points"]
        if "dealer" in expected:
            assert after.dealer == expected["dealer"]
        state = after
