"""An independent mini-simulator written from the spec (§1–§8), compared move by move with the
engine over random games: the legal actions, then the whole table after every action.

It shares nothing with the engine but the card type, `deck` order for the shuffle (the seed's
card order is representation, not a rule) and the core shuffle helpers. Plain lists, no
tables, no caches: slow and obvious.
"""

from __future__ import annotations

import random
from collections import Counter

import attrs
import pytest

from fourgames.shuffle import derive_seed, shuffled
from fourgames.viereinhalb_minuten import (
    Action,
    Card,
    ChooseStarter,
    Kind,
    LayAside,
    Options,
    Play,
    State,
    TimeUp,
    apply,
    deck,
    legal_actions,
    new_game,
)

_COLOURED_SPECIALS = (Kind.YOUR_TURN, Kind.REVERSE, Kind.DRAW_TWO)


def spec_deck(options: Options) -> Counter[Card]:
    """§1: numbers 1–7 per colour, coloured specials per colour, one Farbwechsel per pair,
    gesperrt per colour (or 5 × copies colourless)."""
    out: Counter[Card] = Counter()
    for colour in range(5):
        for value in range(1, 8):
            out[Card(Kind.NUMBER, (colour,), value)] += options.number_copies
        out[Card(Kind.YOUR_TURN, (colour,))] += options.your_turn_copies
        out[Card(Kind.REVERSE, (colour,))] += options.reverse_copies
        out[Card(Kind.DRAW_TWO, (colour,))] += options.draw_two_copies
        if options.lock_cards_coloured:
            out[Card(Kind.LOCK, (colour,))] += options.lock_copies
    if not options.lock_cards_coloured:
        out[Card(Kind.LOCK, ())] += 5 * options.lock_copies
    for pair in options.colour_change_pairs:
        out[Card(Kind.COLOUR_CHANGE, tuple(sorted(pair)))] += 1
    return +out


def white(card: Card) -> bool:
    return card.kind in (Kind.COLOUR_CHANGE, Kind.LOCK)


def fits(pile: list[Card], card: Card) -> bool:
    """§3 on an unlocked pile (the gesperrt-while-locked rule is checked by the caller)."""
    if white(card):
        return True
    colour = card.colours[0]
    for top in reversed(pile):
        if top.kind is Kind.NUMBER:
            return colour == top.colours[0] or (
                card.kind is Kind.NUMBER and card.value == top.value
            )
        if top.kind in _COLOURED_SPECIALS:
            return colour == top.colours[0] or card.kind is top.kind
        if top.kind is Kind.COLOUR_CHANGE:
            return colour in top.colours
        if top.colours:  # a coloured gesperrt card: its colour (§6.5)
            return colour == top.colours[0]
        # a colourless one: what the card below accepted (Ambiguity 4)
    return True


@attrs.define
class Table:
    options: Options
    seed: int
    penalties: list[int]
    displays: list[list[Card]]
    draw: list[Card]
    piles: list[list[Card]] = attrs.Factory(list)
    lock: tuple[int, int] | None = None  # (pile, turns left)
    current: int = 0
    choosing: bool = False
    direction: int = 1
    turns: int = 0
    aside: list[Card] = attrs.Factory(list)

    @property
    def n(self) -> int:
        return len(self.displays)

    @property
    def limit(self) -> int:
        return 5 if self.n == 2 else 4

    @property
    def over(self) -> bool:
        return len(self.penalties) >= self.options.rounds

    def copy(self) -> Table:
        return Table(
            self.options, self.seed, list(self.penalties), [list(d) for d in self.displays],
            list(self.draw), [list(p) for p in self.piles], self.lock, self.current,
            self.choosing, self.direction, self.turns, list(self.aside),
        )  # fmt: skip


def deal(options: Options, seed: int, penalties: list[int], n: int) -> Table:
    # §2: shuffle everything, L cards to each display, the rest is the draw pile.
    cards = list(shuffled(deck(options), derive_seed(seed, "round", len(penalties) + 1)))
    limit = 5 if n == 2 else 4
    table = Table(options, seed, penalties, [cards[p * limit : (p + 1) * limit] for p in range(n)],
                  cards[n * limit :])  # fmt: skip
    table.choosing = options.free_start
    table.current = 0 if options.free_start else options.start_player
    return table


def end_round(table: Table) -> Table:
    # §7: draw pile + displays + 2 × aside; then the next deal or the end.
    penalty = len(table.draw) + sum(map(len, table.displays)) + 2 * len(table.aside)
    if len(table.penalties) + 1 < table.options.rounds:
        return deal(table.options, table.seed, [*table.penalties, penalty], table.n)
    table.penalties.append(penalty)
    return table


def next_holder(table: Table, mover: int) -> int | None:
    # §5: the next player in the direction holding cards; the mover last.
    player = mover
    for _ in range(table.n):
        player = (player + table.direction) % table.n
        if table.displays[player]:
            return player
    return None


def after_play(table: Table, card: Card, pile: int) -> tuple[Table, bool]:
    """The table after the card's play, effect and refill (§4.1), before choosing who moves;
    whether the round ends with it."""
    t = table.copy()
    mover = t.current
    t.displays[mover].remove(card)
    if pile == len(t.piles):
        t.piles.append([card])
    else:
        t.piles[pile].append(card)
    if t.lock is not None:  # §6.5: this turn counts
        t.lock = (t.lock[0], t.lock[1] - 1) if t.lock[1] > 1 else None
    if card.kind is Kind.LOCK:
        t.lock = (pile, 3)
    elif card.kind is Kind.REVERSE and t.n > 2:
        t.direction = -t.direction
    elif card.kind is Kind.DRAW_TWO:
        victim = (mover + t.direction) % t.n
        t.displays[victim] += t.draw[:2]
        del t.draw[:2]
    if len(t.displays[mover]) < t.limit and t.draw:
        t.displays[mover].append(t.draw.pop(0))
    t.turns += 1
    limit = t.options.turn_limit
    return t, not any(t.displays) or (limit is not None and t.turns >= limit)


def legal(table: Table) -> set[Action]:
    if table.over:
        return set()
    if table.choosing:
        return {ChooseStarter(p) for p in range(table.n)}
    out: set[Action] = {LayAside()}
    for card in set(table.displays[table.current]):
        if card.kind is Kind.LOCK and table.lock is not None:
            continue  # §6.5: never both piles locked
        piles = [
            i
            for i, pile in enumerate(table.piles)
            if (table.lock is None or table.lock[0] != i) and fits(pile, card)
        ]
        if len(table.piles) < 2:
            piles.append(len(table.piles))
        for pile in piles:
            if card.kind is not Kind.YOUR_TURN:
                out.add(Play(card, pile))
                continue
            after, ends = after_play(table, card, pile)
            if ends:
                out.add(Play(card, pile))
            else:
                out |= {Play(card, pile, p) for p in range(table.n) if after.displays[p]}
    return out


def step(table: Table, action: Action) -> Table:
    if isinstance(action, TimeUp):
        return end_round(table.copy())
    assert action in legal(table)
    if isinstance(action, ChooseStarter):
        t = table.copy()
        t.choosing, t.current = False, action.player
        return t
    if isinstance(action, LayAside):
        t = table.copy()
        mover = t.current
        t.aside += t.displays[mover]
        t.displays[mover] = t.draw[: t.limit]
        del t.draw[: t.limit]
        t.lock = None
        t.turns += 1
        following = next_holder(t, mover)
        limit = t.options.turn_limit
        if following is None or (limit is not None and t.turns >= limit):
            return end_round(t)
        t.current = following
        return t
    assert isinstance(action, Play)
    t, ends = after_play(table, action.card, action.pile)
    if ends:
        return end_round(t)
    following = action.named if action.named is not None else next_holder(t, table.current)
    assert following is not None
    t.current = following
    return t


def assert_same(state: State, table: Table) -> None:
    assert list(state.penalties) == table.penalties
    if table.over:
        return
    assert state.choosing == table.choosing
    assert [Counter(d) for d in state.displays] == [Counter(d) for d in table.displays]
    assert list(state.draw_pile) == table.draw
    assert [list(p) for p in state.piles] == table.piles
    assert (None if state.locked is None else (state.locked, state.lock_turns)) == table.lock
    assert (state.current, state.direction, state.turns) == (
        table.current,
        table.direction,
        table.turns,
    )
    assert Counter(state.aside) == Counter(table.aside)


OPTIONS = [
    Options(),
    Options(timed=False),
    Options(turn_limit=9, free_start=True, start_player=1),
    Options(timed=False, lock_cards_coloured=False, lock_copies=3, rounds=1),
    Options(timed=False, your_turn_copies=3, draw_two_copies=3, reverse_copies=2, number_copies=1),
]


@pytest.mark.parametrize("options", OPTIONS, ids=range(len(OPTIONS)))
def test_the_spec_deck(options: Options) -> None:
    assert Counter(deck(options)) == spec_deck(options)


@pytest.mark.parametrize("options", OPTIONS, ids=range(len(OPTIONS)))
@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_engine_and_reference_agree_move_by_move(options: Options, players: int) -> None:
    rng = random.Random(players * 100 + OPTIONS.index(options))
    for game_number in range(3):
        state = new_game(players, seed=rng.randrange(10**6), options=options)
        table = deal(options, state.seed, [], players)
        assert_same(state, table)
        lay_aside_odds = (0.02, 0.15, 0.5)[game_number]
        while not table.over:
            listed = legal_actions(state)
            assert len(set(listed)) == len(listed)
            assert set(listed) == legal(table)
            plays = [a for a in listed if isinstance(a, Play)]
            action: Action
            if options.timed and rng.random() < 0.004:
                action = TimeUp()
            elif plays and rng.random() > lay_aside_odds:
                action = rng.choice(plays)
            else:
                action = rng.choice(listed)
            state, table = apply(state, action), step(table, action)
            assert_same(state, table)
