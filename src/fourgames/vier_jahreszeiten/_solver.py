"""An exact solver for Vier Jahreszeiten, for a player who knows the order of the stock.

The search runs on two levels (docs/games/vier-jahreszeiten.md, "How it searches"):

- A **stretch** is what the cross can do between two progress moves (§6). Moves from pile to
  pile that can be undone by one move back join cross configurations (the piles as a multiset)
  into a **component**; every configuration of a component reaches every other one without
  repeating a configuration, so the guard never stands in the way inside it. Components are
  built once by breadth-first search and remembered (by configuration).
- Above them a depth-first search over **macro positions** (component, cards turned,
  foundations): each step walks inside the component to a configuration and makes one
  progress move there (or one cross move that cannot be undone). Progress moves never repeat,
  so the macro positions form an acyclic graph, and a table of positions proven lost (keyed
  without the guard's history) can be cleared when full without losing soundness.
  Components larger than `_LARGE` are searched one move at a time instead.
- Beam searches (`_Search.beam`, `_beams`), ever more of them and each valued in its own
  way, follow the first quarter of the budget of the depth-first search (the first sixteenth
  where no space takes a card; with run moves where spaces take cards at least
  `_FIRST_WITH_RUNS` nodes), up to seven eighths of it; they only find wins. Where no
  space takes a card (Czarina), each is followed by a beam layered by cards turned
  (`_Search.layered_beam`), as wide, then twice and four times `_BEAM`, then each four times
  `_BEAM` wide again with a random term in the value (`_layered`); the wider ones keep few
  positions with the same waste and foundations (`_SAME`), and a beam's value counts the
  cards the waste waits for (`_Search.value`).
- The macro search runs first as limited discrepancy searches (a line may leave the move
  order's first choice at most 0, 1, 2 times, `_DISCREPANCIES`), then without a limit; only
  a complete search marks a position lost. In the first of them a large component climbs:
  its cross moves are tried best first by the heuristic player's measure of the piles
  (`_Rules.cross_value`), and `Turn` comes right after those that improve the position.

Pruning: a card whose foundation takes it and on which no card left off the foundations could
be built goes home at once, as the only move (not where it would empty a pile in Czarina);
in Czarina a waste card that must rise onto the cross and never can ends the line
(`_Rules.is_dead`), and so do suits' last cards that ask for the suits to finish in an order
none can keep (`_Rules.is_deadlocked`); so does a waste card that can never leave the waste
because the cross could not hold the cards above it (`_Rules.is_stuck`, the release bound);
so does a position that is a lost one (the same cards turned, waste and foundations) with
cards of its cross of the same rank swapped that its proof never had a foundation take next
(`_Search.alike`).

`prove_lost_by_ranks` proves Czarina positions lost in a second way: it searches through a
looser game, in which the cross keeps only the ranks of its cards (`_ByRanks`).
`solve_by_layers` makes the same steps as the macro search, but layer by layer of cards turned,
each position once, holding only the layer it searches and the positions reached beyond it,
written down (`_Layers`, `_Rules.read`); between two layers, or within one, it can keep them in
a file and go on from it later (`_checkpoint`), and it can share them among worker processes
(`_shares`).

A winning line is rebuilt with the rules themselves: each walk is a shortest path around the
configurations the guard has seen, and every action is made with `apply`, so the line is
legal from the given state, guard included.
"""

from __future__ import annotations

import enum
import gc
import itertools
import math
import os
import random
import tempfile
import time
import zlib
from array import array
from collections.abc import Callable, Iterator
from typing import IO, Final

import attrs

from fourgames.cards import DECK_52, Card, Rank, Suit
from fourgames.vier_jahreszeiten._checkpoint import Checkpoint, Written
from fourgames.vier_jahreszeiten._rules import (
    Action,
    Build,
    CzarinaFill,
    Fill,
    Layout,
    MoveRun,
    Options,
    RunMove,
    State,
    ToFoundation,
    Turn,
    apply,
    is_won,
)

__all__ = [
    "DEFAULT_MAX_NODES",
    "DEFAULT_MAX_POSITIONS",
    "Outcome",
    "SolveResult",
    "prove_lost_by_ranks",
    "solve",
    "solve_by_layers",
]

DEFAULT_MAX_NODES: Final = 50_000
"""Positions (macro positions and cross configurations) one `solve` may examine."""
_MEMORY: Final = 400_000
"""How many configurations and lost positions the solver keeps before it forgets them."""
_LAYERS_MEMORY: Final = 4 * _MEMORY
"""How many configurations of components the search by layers keeps before it forgets them:
most positions of a large layer are new, and it meets each component twice, when a step
reaches a position and when it searches the position, a layer later."""
_DISCREPANCIES: Final = (0, 1, 2)
"""The limited discrepancy searches made before the full search (`_Search.run`)."""
_FIRST: Final = 4
_FIRST_WITHOUT_SPACES: Final = 16
"""The depth-first search runs first with 1 / `_FIRST` of the budget, before the beams, or
with 1 / `_FIRST_WITHOUT_SPACES` where no space takes a card (Czarina with the stock refill):
there the beams win most deals, while Simplicity's wins come from the depth-first search."""
_FIRST_WITH_RUNS: Final = 50_000
"""With run moves, where spaces take cards, the depth-first search runs first with at least
this many nodes (all of a smaller budget): it wins most deals within them, and the beams win
more only beyond."""
_TAIL: Final = 8
"""With tail moves all but 1 / `_TAIL` of the budget goes first to the smaller game of
whole-pile moves, whose wins are wins with tail moves too: within small budgets the search
with tail moves wins few deals that the one with whole piles does not."""
_BEAM_STEP: Final = 10
_BEAM: Final = 100
"""The beam searches (`_Search.beam`, `_beams`) widen by `_BEAM_STEP` from one to the next, up
to `_BEAM`."""
_WIDEST: Final = 4 * _BEAM
"""The widest beam layered by cards turned (`_layered`)."""
_NOISE: Final = 15.0
"""The standard deviation of the random term that the beams layered by cards turned after
those twice and four times `_BEAM` wide add to each position's value (`_layered`): one and a
half cards home."""
_SAME: Final = 2
"""A beam layered by cards turned wider than `_BEAM` keeps at most this many positions with
the same waste and foundations (`_Search.best`, `_search`)."""
_SPREAD: Final = (1.0, 2.0)
"""How far the beams' weights stray from the heuristic player's: by a factor up to e^1 while
the beams widen, then up to e^2."""
_RISER: Final = 5.0
"""What a beam's value takes off for each waste card that must rise onto the cross
(`_Rules.risers`), where no space takes a card."""
_WAIT: Final = 1.0
"""What a beam's value takes off for each card the waste waits for (`_Search.value`), where
no space takes a card."""
_LARGE: Final = 100
"""A component with more configurations is searched one move at a time instead."""
_CLOCK: Final = 1_000
"""Under a time budget, the nodes between two looks at the clock."""
_POUR: Final = 1 << 23
"""The positions a layer ahead of the one searched holds in memory before they are poured into
a file (`_Waiting`): some 400 MB."""
_ROUND: Final = 20_000
"""The positions of a layer searched in a round: between two rounds, a search in shares hands
on the steps between them, and a checkpoint may be written within the layer."""
_READ: Final = 1 << 20
"""The bytes read at a time from a file of positions poured."""

# Cards as ints: suit * 13 + rank - 1 (A=1 … K=13), suits ♣ ♦ ♥ ♠.
_SUITS: Final = tuple(Suit)
_INT: Final[dict[Card, int]] = {
    c: _SUITS.index(c.suit) * 13 + (0 if c.rank is Rank.ACE else int(c.rank) - 1) for c in DECK_52
}
_CARD: Final[dict[int, Card]] = {i: c for c, i in _INT.items()}
_RANK: Final = [i % 13 + 1 for i in range(52)]
_SUIT: Final = [i // 13 for i in range(52)]
_RED: Final = [_SUIT[i] in (1, 2) for i in range(52)]

TURN, HOME, BUILD, FILL, RUN = range(5)
"""Kinds of `_Move`."""
NO_PILE: Final = -2
SPACE: Final = -1


class Outcome(enum.Enum):
    """What the search proved."""

    WON = "won"
    """A winning line exists (and is given)."""
    LOST = "lost"
    """No line wins: every reachable position was searched."""
    UNDECIDED = "undecided"
    """The node budget ran out first."""


@attrs.frozen
class SolveResult:
    """The solver's answer for one position."""

    outcome: Outcome
    line: tuple[Action, ...]
    """A winning line of actions from the given state (empty unless WON)."""
    nodes: int
    """Positions examined: macro positions and cross configurations."""

    @property
    def won(self) -> bool:
        """Whether a winning line was found."""
        return self.outcome is Outcome.WON


_Piles = tuple[bytes, ...]
"""A configuration: the piles (bottom card first) as a sorted tuple."""
_Node = tuple[_Piles, int, bytes, tuple[int, ...]]
"""(configuration, cards turned, waste, foundation counts)."""
_Move = tuple[int, int, int]
"""(kind, card, the top card of the target pile, or SPACE, or NO_PILE)."""
_Weights = tuple[float, ...]
"""The weights of `_Search.value`: the heuristic player's six (the worth of a space, the costs
of a pile's length and of burial in a pile, the worth of a card home, the costs of a waste card
and of burial in the waste), then the costs of a riser (`_Rules.risers`) and of a card the waste
waits for."""


class _OutOfBudget(Exception):
    pass


def _config(piles: list[bytes] | tuple[bytes, ...]) -> _Piles:
    return tuple(sorted(piles))


class _Rules:
    """The rules on the compact position (a second implementation of §5 and §7), under the
    state's options or the given ones."""

    def __init__(self, state: State, options: Options | None = None) -> None:
        options = state.options if options is None else options
        self.base = state.base
        self.stock = bytes(_INT[c] for c in state.stock)
        self.dealt = bytes(_INT[c] for c in state.waste) + self.stock
        """The waste's cards from its bottom, then the stock's as they are turned: a position's
        waste is those of them turned that are neither in the cross nor home (`read`)."""
        simplicity = options.layout is Layout.SIMPLICITY
        wrap = state.base != 1 or options.wrap_cross_always
        self.fit = [
            [
                (_RANK[c] == _RANK[t] - 1 or (wrap and _RANK[t] == 1 and _RANK[c] == 13))
                and (not simplicity or _RED[c] != _RED[t])
                for t in range(52)
            ]
            for c in range(52)
        ]
        self.under = [[u for u in range(52) if self.fit[u][c]] for c in range(52)]
        """The cards that could be built on each card."""
        self.over = [[t for t in range(52) if self.fit[c][t]] for c in range(52)]
        """The cards each card could be built on."""
        self.wrap = wrap
        self.piles = len(state.piles)
        self.place = [(_RANK[c] - state.base) % 13 for c in range(52)]
        """Each card's place on its foundation (0 for the base rank)."""
        self.rows = [
            [s * 13 + (state.base - 1 + place) % 13 for place in range(13)] for s in range(4)
        ]
        """Each suit's foundation, card by card."""
        self.token = [64 + _RANK[c] - 1 + 13 * (simplicity and _RED[c]) for c in range(52)]
        """What building sees of a card: its rank (and in Simplicity its colour)."""
        self.erasers: dict[tuple[int, ...], bytes] = {}
        self.czarina = options.czarina
        self.pysol = options.czarina and options.czarina_fill is CzarinaFill.WASTE_PYSOL
        self.fills = not options.czarina or self.pysol
        self.run_move = options.run_move
        self.barred: dict[tuple[int, tuple[int, ...]], bytes | None] = {}
        """`is_written`'s bytes that no card of the piles may be, by cards turned and
        foundation counts (`bars`)."""
        from fourgames.vier_jahreszeiten import _heuristic  # the heuristic player asks `solve`

        self.weights: _Weights = (
            _heuristic.SPACE, _heuristic.PILE_LENGTH, _heuristic.BURIED_IN_PILE,
            _heuristic.LAID_UP, _heuristic.WASTE_CARD, _heuristic.BURIED_IN_WASTE,
            0.0 if self.fills else _RISER, 0.0 if self.fills else _WAIT,
        )  # fmt: skip
        """The heuristic player's worth of a space and costs of a pile's length and burial,
        its worth of a card home and costs of a waste card and of burial in the waste; then,
        where no space takes a card, the costs of a waste card that must rise onto the cross
        (`_Rules.risers`) and of a card the waste waits for (`_Search.value`)."""

    def wanted(self, found: tuple[int, ...]) -> list[int]:
        """The card each foundation takes next (-1 for a complete one)."""
        return [
            -1 if count == 13 else s * 13 + (self.base - 1 + count) % 13
            for s, count in enumerate(found)
        ]

    def eraser(self, reach: tuple[int, ...]) -> bytes:
        """The table (for `bytes.translate`) that writes each card a foundation could not
        take while its counts stay within ``reach`` as what building sees of it (`token`),
        but for the suits' last cards that ``reach`` keeps (its last entry, as bits)."""
        table = self.erasers.get(reach)
        if table is None:
            out = bytearray(range(256))
            for c in range(52):
                place, s = self.place[c], _SUIT[c]
                if place > reach[s] and not (place == 12 and reach[4] >> s & 1):
                    out[c] = self.token[c]
            table = self.erasers[reach] = bytes(out)
        return table

    def cross_value(self, piles: _Piles, found: tuple[int, ...], weights: _Weights) -> float:
        """The heuristic player's `position_value` of the piles alone, with ``weights`` for
        its own (`_Rules.weights`): each space is worth `SPACE`, each card costs
        `PILE_LENGTH` for the pile it lengthens and, for every card above it,
        `BURIED_IN_PILE` / (1 + how many cards its foundation needs before it)."""
        space, length, buried = weights[:3]
        value = 0.0
        for pile in piles:
            if not pile:
                value += space
                continue
            value -= length * (len(pile) - 1)
            value = self.buried(value, pile, buried, found)
        return value

    def buried(self, value: float, cards: bytes, cost: float, found: tuple[int, ...]) -> float:
        """``value`` less ``cost`` for each card of ``cards`` (bottom first) and each card
        above it, over 1 + how many cards its foundation needs before it."""
        place = self.place
        top = len(cards) - 1
        for index in range(top):
            card = cards[index]
            value -= cost * (top - index) / (1 + place[card] - found[_SUIT[card]])
        return value

    def value(self, node: _Node, weights: _Weights) -> float:
        """The heuristic player's `position_value` of a position, with ``weights`` for its
        own: each card home is worth `LAID_UP`, each waste card costs `WASTE_CARD` and, for
        every card above it, `BURIED_IN_WASTE` / (1 + how many cards its foundation needs
        before it), and the piles are valued by `cross_value`; then each riser (`risers`)
        costs the seventh weight."""
        piles, _, waste, found = node
        laid_up, waste_card, buried, riser = weights[3:7]
        value = laid_up * sum(found) - waste_card * len(waste)
        if riser:
            value -= riser * sum(1 for _ in self.risers(waste))
        return self.buried(value, waste, buried, found) + self.cross_value(piles, found, weights)

    def risers(self, waste: bytes) -> Iterator[int]:
        """The places in the waste of its *risers*, the cards that lie above a card of their
        suit that goes home before them: each has to rise onto the cross to leave the waste
        where no space takes a card (`is_dead`)."""
        first = [13] * 4  # the earliest place on its foundation of a card of each suit below
        for i, card in enumerate(waste):
            s, place = _SUIT[card], self.place[card]
            if place > first[s]:
                yield i
            else:
                first[s] = place

    def is_home(self, card: int, found: tuple[int, ...]) -> bool:
        count = found[_SUIT[card]]
        return count > 0 and (_RANK[card] - self.base) % 13 < count

    def is_safe(self, card: int, found: tuple[int, ...]) -> bool:
        """Whether no card left off the foundations could ever be built on ``card``."""
        return all(self.is_home(u, found) for u in self.under[card])

    def is_dead(self, waste: bytes, found: tuple[int, ...]) -> bool:
        """Whether a card of the waste can never leave it, where no space takes a card
        (Czarina with the stock refill): it lies above a card of its suit that must go home
        first, so it has to be built on the cross, and it can never be.

        A waste card rises onto the cross only onto a card one rank higher (`_Rules.over`)
        that is not home, not below it in the waste, and either off the waste (in the cross
        or the stock, which refills the cross) or itself able to rise from higher up the
        waste (`_Rules.rises`)."""
        if self.fills:
            return False
        where = {card: i for i, card in enumerate(waste)}
        known: dict[int, bool] = {}
        return any(not self.rises(i, waste, found, where, known) for i in self.risers(waste))

    def rises(self, i: int, waste: bytes, found: tuple[int, ...], where: dict[int, int],
              known: dict[int, bool]) -> bool:  # fmt: skip
        """Whether the waste's card ``i`` can rise onto the cross (`is_dead`); ``where`` is
        each waste card's place, ``known`` the answers so far."""
        if i not in known:
            known[i] = any(
                not self.is_home(t, found)
                and (t not in where or (
                    where[t] > i and self.rises(where[t], waste, found, where, known)))
                for t in self.over[waste[i]]
            )  # fmt: skip
        return known[i]

    def is_deadlocked(self, waste: bytes, found: tuple[int, ...], built: int) -> bool:
        """Whether the suits' last cards ask the foundations for an order no line keeps,
        where no space takes a card (Czarina with the stock refill; docs, "The suits' last
        cards"); ``built`` has a bit for each suit whose last card lies on a card in the
        cross (`_Rules.built_lasts`).

        A suit's last card (rank b-1) built on the cross goes home from the top of a card
        one rank higher still off the foundations: the base card of another suit not yet
        started, which then starts only once the last card's suit is complete. A last card
        in the waste may instead go home from there, once its suit is complete and before
        any card below it. So each asks for its suit to be complete before one of some sets
        of suits goes on; the order is built from its end, each suit going before those
        placed so far when one of its asks is among them (placing a suit never takes a way
        from another), and the position is lost when no suit can go."""
        if self.fills:
            return False
        asks: list[list[int] | None] = [None] * 4
        """Each suit's asks: sets of suits (as bits) to go on only after it is complete."""
        for s in range(4):
            last = self.rows[s][12]
            i = waste.find(last)
            if i >= 0:
                below = 0
                for card in waste[:i]:
                    below |= 1 << _SUIT[card]
                ways = [below]
            elif built >> s & 1:
                ways = []
            else:
                continue  # home, in the stock, or at the bottom of a pile, where it may stay
            for base in self.over[last]:  # a base card of another suit not started
                if _SUIT[base] != s and not found[_SUIT[base]]:
                    ways.append(1 << _SUIT[base])
            asks[s] = ways
        after = 0
        left = list(range(4))
        while left:
            s = next((s for s in left if _granted(asks[s], after)), -1)
            if s < 0:
                return True
            after |= 1 << s
            left.remove(s)
        return False

    def crossed_lasts(self, sp: int, waste: bytes, found: tuple[int, ...]) -> int:
        """A bit for each suit whose last card is in the cross: not home, not in the waste,
        not in the stock after ``sp`` cards turned."""
        crossed = 0
        stock = self.stock[sp:]
        for s in range(4):
            last = self.rows[s][12]
            if found[s] < 13 and last not in waste and last not in stock:
                crossed |= 1 << s
        return crossed

    def built_lasts(self, piles: _Piles, suits: int) -> int:
        """The bits of ``suits`` whose last card lies on a card in ``piles``."""
        built = 0
        for s in range(4):
            if suits >> s & 1 and any(self.rows[s][12] in pile[1:] for pile in piles):
                built |= 1 << s
        return built

    def is_stuck(self, sp: int, waste: bytes, found: tuple[int, ...], lying: bytes = b"") -> bool:
        """Whether the waste can never be emptied: the release bound (`uncovered`) lets it
        happen at no number of cards turned."""
        return self.uncovered(sp, waste, found, lying) > len(self.stock)

    def uncovered(self, sp: int, waste: bytes, found: tuple[int, ...], lying: bytes = b"") -> int:
        """The fewest cards turned at which the waste's bottom card may be uncovered, by the
        release bound (docs, "The release bound"); one more than the stock's cards when it
        never may (``sp`` for a waste of one card or none).

        When a waste card leaves the waste, every card above it has gone home or onto the
        cross, and the cards below it and those still in the stock are where they are; a
        card lower in the waste leaves no earlier (in cards turned) than one above it. The
        cards on the cross then lie in at most one descending run per pile, so they need
        no more bottom cards than there are piles (`_Release.bottoms`, a lower bound over
        every choice of cards home), and where no space takes a card, the cards risen from
        the waste and the cards ``lying`` on cards in the cross each lie on a card
        (`_Release.hosted`). From the top of the waste down, each card takes the earliest
        number of cards turned, no earlier than the card above it, at which the bound
        allows it to leave."""
        if len(waste) < 2:
            return sp
        blocked = bytearray(52)
        for card in self.stock[sp:]:
            blocked[card] = 1
        for card in waste:
            blocked[card] = 1
        release = _Release(self, found, blocked, lying)
        turned = sp
        for card in waste[:0:-1]:  # from the top: each time the card below may leave
            release.leave(card)
            while not release.fits():
                if turned == len(self.stock):
                    return turned + 1
                release.unblock(self.stock[turned])
                turned += 1
        return turned

    def refills(self, sp: int, waste: bytes) -> bool:
        """Whether emptying a pile now makes Czarina refill it (a progress move, §7.2)."""
        if not self.czarina:
            return False
        return sp < len(self.stock) or (self.pysol and bool(waste))

    def settle(self, piles: list[bytes], sp: int, waste: bytes) -> tuple[_Piles, int, bytes]:
        """Czarina's automatic refills (§7.2, A13), then the canonical configuration."""
        if self.czarina and self.pysol:
            while True:
                if not waste and sp < len(self.stock):
                    waste, sp = self.stock[sp : sp + 1], sp + 1
                elif waste and b"" in piles:
                    piles[piles.index(b"")] = waste[-1:]
                    waste = waste[:-1]
                else:
                    break
        elif self.czarina:
            for i, pile in enumerate(piles):
                if not pile and sp < len(self.stock):
                    piles[i] = self.stock[sp : sp + 1]
                    sp += 1
        return _config(piles), sp, waste

    def cross_moves(self, piles: _Piles) -> Iterator[tuple[_Move, list[bytes], bool]]:
        """Moves from pile to pile: (move, the piles after it, whether one move undoes it)."""
        fit = self.fit
        empty = piles.index(b"") if b"" in piles else -1
        for i, pile in enumerate(piles):
            if not pile:
                continue
            c = pile[-1]
            back = len(pile) > 1 or self.fills  # the card goes back onto its pile or a space
            for j, dst in enumerate(piles):
                if j != i and dst and fit[c][dst[-1]]:
                    yield (BUILD, c, dst[-1]), _shift(piles, i, 1, j), back
            if empty >= 0 and self.fills and len(pile) > 1:
                yield (FILL, c, SPACE), _shift(piles, i, 1, empty), True
            if self.run_move is None or len(pile) < 2:
                continue
            tail = self.run_move is RunMove.ANY_TAIL
            for depth in range(2, len(pile) + 1) if tail else (len(pile),):
                low = pile[-depth]
                # a tail goes back onto its pile, or into the space it left where spaces fill
                undone = tail and (depth < len(pile) or self.fills)
                for j, dst in enumerate(piles):
                    if j != i and dst and fit[low][dst[-1]]:
                        yield (RUN, low, dst[-1]), _shift(piles, i, depth, j), undone
                if tail and self.fills and empty >= 0 and depth < len(pile):
                    yield (RUN, low, SPACE), _shift(piles, i, depth, empty), True

    def moves(self, node: _Node) -> Iterator[tuple[_Move, _Node, bool]]:
        """Every legal single move (without the guard): (move, position, whether it is a
        cross move that one move undoes)."""
        piles, sp, waste, found = node
        wanted = self.wanted(found)
        for i, pile in enumerate(piles):
            if pile and pile[-1] in wanted:
                yield (HOME, pile[-1], NO_PILE), self.home(node, pile[-1], i), False
        if waste and waste[-1] in wanted:
            yield (HOME, waste[-1], NO_PILE), self.home(node, waste[-1], -1), False
        if waste:
            for i, dst in enumerate(piles):
                if (dst and self.fit[waste[-1]][dst[-1]]) or (not dst and self.fills):
                    yield (*self.from_waste(node, i), False)
        refills = self.refills(sp, waste)
        for move, after, back in self.cross_moves(piles):
            if refills and b"" in after:
                yield move, (*self.settle(after, sp, waste), found), False
            else:
                yield move, (_config(after), sp, waste, found), back
        if sp < len(self.stock):
            yield (TURN, self.stock[sp], NO_PILE), self.turn(node), False

    def home(self, node: _Node, card: int, src: int) -> _Node:
        piles, sp, waste, found = node
        found = _home(found, card)
        if src < 0:
            return (*self.settle(list(piles), sp, waste[:-1]), found)
        after = list(piles)
        after[src] = piles[src][:-1]
        return (*self.settle(after, sp, waste), found)

    def from_waste(self, node: _Node, i: int) -> tuple[_Move, _Node]:
        """The waste's top card onto pile ``i``: a build, or a fill of a space."""
        piles, sp, waste, found = node
        w, dst = waste[-1], piles[i]
        move: _Move = (BUILD, w, dst[-1]) if dst else (FILL, w, SPACE)
        after = list(piles)
        after[i] = dst + waste[-1:]
        return move, (*self.settle(after, sp, waste[:-1]), found)

    def turn(self, node: _Node) -> _Node:
        piles, sp, waste, found = node
        return (*self.settle(list(piles), sp + 1, waste + self.stock[sp : sp + 1]), found)

    def is_written(self, written: bytes, sp: int) -> bool:
        """Whether ``written`` is a position written down by `_written_key` (`read`) with
        ``sp`` cards turned: foundation counts, then the piles, each card once and none home;
        no card of the stock still to be turned is in them or home."""
        if sp > len(self.stock) or len(written) < 4:
            return False
        found = tuple(written[:4])
        if (sp, found) not in self.barred:
            if len(self.barred) > _MEMORY:
                self.barred.clear()
            self.barred[sp, found] = self.bars(sp, found)
        barred = self.barred[sp, found]
        piles = written[4:].split(_SEPARATOR)
        cards = b"".join(piles)
        return (
            barred is not None
            and len(piles) == self.piles
            and len(set(cards)) == len(cards)
            and 1 not in cards.translate(barred)
        )

    def bars(self, sp: int, found: tuple[int, ...]) -> bytes | None:
        """A table for `bytes.translate` that gives 1 for each byte no card of the piles may
        be with ``sp`` cards turned and ``found``: a card still to be turned, a card home, or
        no card at all; None when a foundation holds more than a suit or a card still to be
        turned."""
        home = [card for s in range(4) for card in self.rows[s][: found[s]]]
        left = self.stock[sp:]
        if max(found) > 13 or any(card in home for card in left):
            return None
        table = bytearray(256)
        for card in (*left, *home, *range(52, 256)):
            table[card] = 1
        return bytes(table)

    def read(self, written: bytes, sp: int) -> _Node:
        """The position written down by `_written_key`, with ``sp`` cards turned: its waste is
        every card of the waste at the start or turned since that is neither in the cross nor
        home, in that order, since cards leave the waste only from its top."""
        found = tuple(written[:4])
        piles = tuple(written[4:].split(_SEPARATOR))
        cross = b"".join(piles)
        turned = self.dealt[: len(self.dealt) - len(self.stock) + sp]
        waste = bytes(c for c in turned if c not in cross and not self.is_home(c, found))
        return piles, sp, waste, found


class _Release:
    """What the release bound (`_Rules.uncovered`) knows at a moment: which cards are still
    *blocked* (in the stock or the waste), how far each foundation can rise past the cards
    home without a blocked card (its *height*), and the cards above the heights, which must
    be on the cross, by place; kept up to date as cards are unblocked one at a time."""

    def __init__(self, rules: _Rules, found: tuple[int, ...], blocked: bytearray,
                 lying: bytes) -> None:  # fmt: skip
        self.rules = rules
        self.found = found
        self.blocked = blocked
        self.heights = list(found)
        self.counts = [0] * 13
        """The cards above their foundation's height, not blocked, by place."""
        self.spare = [0] * 13
        """For `bottoms`: a foundation that may stop short of its height, at height - 1."""
        self.short = [0] * 13
        """For `hosted`: the foundations that may stop short of each place below a height."""
        self.reached = [0] * 13
        """For `hosted`: the foundations that may reach each place from below it."""
        self.risen = bytearray(52)
        """The cards risen from the waste onto the cross (`leave`), where no space takes one."""
        self.needed = [0] * 13
        """The risen cards above their foundation's height, by place."""
        self.held = [0] * 13
        """The cards ``lying`` on cards in the cross by place, less one at each place where
        a foundation takes its next card (which may go home instead)."""
        for card in lying:
            self.held[rules.place[card]] += 1
        for count in found:
            if count < 13 and self.held[count]:
                self.held[count] -= 1
        for s in range(4):
            self.raise_height(s, self.first_blocked(s, found[s]))
            row = rules.rows[s]
            for place in range(self.heights[s], 13):
                self.counts[place] += not blocked[row[place]]

    def first_blocked(self, s: int, place: int) -> int:
        """The first place from ``place`` on in suit ``s``'s foundation whose card is blocked
        (13 when none is)."""
        row = self.rules.rows[s]
        while place < 13 and not self.blocked[row[place]]:
            place += 1
        return place

    def unblock(self, card: int) -> None:
        """``card`` may now be on the cross or home: the heights and counts follow."""
        self.blocked[card] = 0
        s, place = _SUIT[card], self.rules.place[card]
        height = self.heights[s]
        if place > height:
            self.counts[place] += 1
        elif place == height:
            top = self.first_blocked(s, place + 1)
            for between in range(place + 1, top):
                self.counts[between] -= 1
            self.raise_height(s, top)

    def raise_height(self, s: int, height: int) -> None:
        """Suit ``s``'s foundation can now rise to ``height``."""
        old, found = self.heights[s], self.found[s]
        self.heights[s] = height
        if found < old:
            self.spare[old - 1] -= 1
        if found < height:
            self.spare[height - 1] += 1
        row = self.rules.rows[s]
        for place in range(old, height):
            self.short[place] += 1
            if place < 12:
                self.reached[place + 1] += 1
                self.needed[place + 1] -= self.risen[row[place + 1]]

    def leave(self, card: int) -> None:
        """``card`` leaves the waste: where no space takes a card it must rise onto the
        cross unless it can go home."""
        self.unblock(card)
        if not self.rules.fills:
            self.risen[card] = 1
            place = self.rules.place[card]
            if place > self.heights[_SUIT[card]]:
                self.needed[place] += 1

    def fits(self) -> bool:
        """Whether the cross could hold the cards that must be on it."""
        return self.bottoms() <= self.rules.piles and (self.rules.fills or self.hosted())

    def bottoms(self) -> int:
        """A lower bound on the piles needed for the cards on the cross: ``counts`` by place,
        and any of the cards below the heights but not yet home.

        A card lies on one a rank higher or at the bottom of a pile, so place i needs at
        least counts[i] - counts[i+1] bottoms (place 12, rank b-1, lies on place 0 when the
        cross wraps). Cards of suit s kept off the foundation below its height add one
        bottom at height-1 and take at most one away, which only helps where a place has
        fewer cards than the next."""
        counts, spare = self.counts, self.spare
        total = 0
        after = counts[0] if self.rules.wrap else 0
        for place in range(12, -1, -1):
            count = counts[place]
            excess = count - after
            if excess > 0:
                total += excess
            elif excess < 0 and spare[place]:
                total -= min(spare[place], -excess)
            after = count
        return total

    def hosted(self) -> bool:
        """Whether the cross could hold the cards risen from the waste, and the cards lying
        on cards in the cross (`held`), that cannot be home, where no space takes a card:
        such a card lies on a card one place higher, never at the bottom of a pile, so each
        place needs no more of them than the next place has cards that may be on the cross
        (``counts``, and one of each suit whose foundation may stop short of that place
        below its height).

        A risen card cannot be home above its foundation's height. The lying cards are
        counted by place alone, so that swapping cards of the same rank (`_Search.alike`)
        keeps the answer: at a place above the height of every foundation below it."""
        for place in range(13):
            need = self.needed[place] + (0 if self.reached[place] else self.held[place])
            if not need:
                continue
            host = place + 1
            if host == 13:
                if not self.rules.wrap:
                    return False
                host = 0
            if need > self.counts[host] + self.short[host]:
                return False
        return True


def _shift(piles: _Piles, src: int, depth: int, dst: int) -> list[bytes]:
    out = list(piles)
    out[dst] = piles[dst] + piles[src][-depth:]
    out[src] = piles[src][:-depth]
    return out


@attrs.define(eq=False)
class _Component:
    """Cross configurations joined by moves that one move undoes, and what leaves them."""

    name: _Piles
    """Its least configuration: the same component always has the same name."""
    configs: tuple[_Piles, ...]
    exits: tuple[tuple[_Piles, _Move, tuple[bytes, ...]], ...]
    """Cross moves that cannot be undone: (from, move, the piles after it)."""
    tops: dict[int, tuple[tuple[_Piles, int], ...]]
    """For each card, where it lies on top of a pile: (configuration, pile)."""
    likeness: dict[bytes, _Piles] = attrs.Factory(dict)
    """`_Search.likeness` by eraser."""


_Key = tuple[_Piles, int, tuple[int, ...]]
"""A macro position without the guard's history: (component name, cards turned, foundations)."""
_Likeness = tuple[int, bytes, tuple[int, ...], _Piles]
"""What a beam sees of a position (`_Search.beam_likeness`)."""
_Step = tuple[_Piles, _Move, _Node, bool]
"""(configuration walked to, move made there, the position after it, whether it is a cross
move that one move undoes inside a large component: the position stays in that component)."""


@attrs.define(eq=False)
class _Frame:
    """A position on the search's current line: its steps and how they are going."""

    steps: Iterator[_Step]
    left: int | None
    """How many more steps other than the first tried a line below may take (None: any)."""
    tried: bool = False
    """Whether a step was tried from here (every later one is a discrepancy)."""
    open: bool = True
    """Whether more steps may be tried from here."""
    complete: bool = True
    """Whether every step tried so far was searched completely, and none was left out."""
    reach: list[int] = attrs.Factory(lambda: [0] * 5)
    """The highest count of each foundation in the positions searched below, then (as bits)
    the suits whose last card a dead end below found lost by where it lies in the cross: its
    proof's reach (`_Search.alike`)."""


class _Search:
    def __init__(
        self,
        state: State,
        max_nodes: int,
        options: Options | None = None,
        deadline: float | None = None,
        memory: int = _MEMORY,
    ) -> None:
        self.rules = _Rules(state, options)
        self.nodes = 0
        self.budget(max_nodes, deadline)
        self.memory = memory
        """How many configurations of components it keeps before it forgets them all."""
        self.components: dict[tuple[_Piles, bool], _Component | None] = {}
        self.lost: dict[_Key, tuple[int, ...]] = {}
        """Positions proven lost, with the reach of their proofs."""
        self.alike: set[tuple[int, bytes, tuple[int, ...], tuple[int, ...], _Piles]] = set()
        """The lost positions again, written without the cards their proofs never asked a
        foundation to take: (cards turned, waste, foundations, reach, `likeness`)."""
        self.reaches: dict[tuple[int, bytes, tuple[int, ...]], set[tuple[int, ...]]] = {}
        """The reaches in `alike` by (cards turned, waste, foundations)."""
        self.dead_ends: dict[tuple[int, bytes, tuple[int, ...]], tuple[int, int]] = {}
        """`is_dead_end` by cards turned, waste and foundations: the suits (as bits) whose
        last card in the cross decides it, by lying on a card or not, and a bit for each set
        of them lying on a card that makes the position lost."""
        self.uncovers: dict[tuple[int, bytes, tuple[int, ...], bytes], int] = {}
        """`uncovered` by cards turned, waste, foundations and the places of the bottoms."""
        self.failed: dict[_Key, int] = {}
        """Positions searched without a win under a discrepancy limit: the limit that was left."""
        self.climbing = False
        """Whether large components climb (`_Search.single_steps`): in the first search."""

    def budget(self, max_nodes: int, deadline: float | None) -> None:
        """Give up past ``max_nodes`` nodes in all or, if given, at the process's CPU time
        (`time.process_time`) ``deadline``."""
        self.max_nodes = max_nodes
        self.deadline = deadline
        self.clock = max_nodes + 1 if deadline is None else self.nodes + _CLOCK
        """The node count at which the clock is read next."""

    def count(self, n: int) -> None:
        self.nodes += n
        if self.nodes > self.max_nodes:
            raise _OutOfBudget
        if self.nodes >= self.clock:
            self.clock = self.nodes + _CLOCK
            if self.deadline is not None and time.process_time() > self.deadline:
                raise _OutOfBudget

    def is_dead_end(self, node: _Node) -> bool:
        """`_Rules.is_dead`, `_Rules.is_stuck` (where spaces take cards) or
        `_Rules.is_deadlocked` for ``node``, remembered by its cards turned, waste and
        foundations with the answer for each place of the suits' last cards in the cross (on
        a card or not), the one thing of the cross they look at; then, where no space takes
        a card, `is_held_up`, the release bound with the cards lying on cards in the cross,
        which finds stuck every waste it finds stuck without them (docs, "The release
        bound")."""
        piles, sp, waste, found = node
        crossed, lost = self.dead_end(sp, waste, found)
        if lost >> (self.rules.built_lasts(piles, crossed) if crossed else 0) & 1:
            return True
        return not self.rules.fills and self.is_held_up(node)

    def is_held_up(self, node: _Node) -> bool:
        """`_Rules.is_stuck` with the cards lying on cards in the cross, which stay on cards
        where no space takes a card (`uncovered`)."""
        return self.uncovered(node) > len(self.rules.stock)

    def uncovered(self, node: _Node) -> int:
        """`_Rules.uncovered` with the cards lying on cards in the cross; remembered by cards
        turned, waste, foundations and the places of the piles' bottom cards, which with
        them tell the places of those cards."""
        piles, sp, waste, found = node
        if len(waste) < 2:
            return sp
        place = self.rules.place
        key = (sp, waste, found, bytes(sorted(place[pile[0]] for pile in piles if pile)))
        known = self.uncovers.get(key)
        if known is None:
            if len(self.uncovers) > _MEMORY:
                self.uncovers.clear()
            lying = b"".join(pile[1:] for pile in piles)
            known = self.uncovers[key] = self.rules.uncovered(sp, waste, found, lying)
        return known

    def dead_end(self, sp: int, waste: bytes, found: tuple[int, ...]) -> tuple[int, int]:
        """What `is_dead_end` remembers for cards turned, waste and foundations (`dead_ends`;
        all forgotten at once when `_MEMORY` are kept)."""
        key = (sp, waste, found)
        known = self.dead_ends.get(key)
        if known is None:
            if len(self.dead_ends) > _MEMORY:
                self.dead_ends.clear()
            known = self.dead_ends[key] = self.find_dead_end(sp, waste, found)
        return known

    def find_dead_end(self, sp: int, waste: bytes, found: tuple[int, ...]) -> tuple[int, int]:
        """`dead_end` worked out."""
        rules = self.rules
        if rules.is_dead(waste, found) or (rules.fills and rules.is_stuck(sp, waste, found)):
            return 0, 1
        crossed = rules.crossed_lasts(sp, waste, found)
        lost = 0
        for built in range(crossed + 1):  # each set of them lying on a card
            if built & ~crossed == 0 and rules.is_deadlocked(waste, found, built):
                lost |= 1 << built
        if lost & 1 or not lost:  # lost, or not, wherever they lie (more on cards: no less lost)
            return 0, lost & 1
        return crossed, lost

    def dead_end_reach(self, node: _Node) -> tuple[int, ...]:
        """The reach of a dead end's proof (`is_dead_end`): its foundations, and the suits
        whose last card decided it by where it lies in the cross, so that `alike` never swaps
        that card with another suit's last card lying elsewhere; none where the release bound
        with the cards lying on cards decided it (`is_held_up`), which counts those cards by
        place alone."""
        _, sp, waste, found = node
        crossed, _ = self.dead_ends[sp, waste, found]
        if not crossed or self.is_held_up(node):
            return (*found, 0)
        return (*found, crossed)

    def likeness(self, component: _Component | None, piles: _Piles, eraser: bytes) -> _Piles:
        """The least configuration of the component (or of ``piles`` alone, in a large one),
        its cards written by ``eraser``: the same for two components where one is the other
        with cards of the same token swapped (a large one is marked by a last empty entry)."""
        if component is None:
            return (*_erased(piles, eraser), b"")
        found = component.likeness.get(eraser)
        if found is None:
            found = component.likeness[eraser] = min(
                _erased(config, eraser) for config in component.configs
            )
        return found

    def is_alike_lost(self, component: _Component | None, node: _Node) -> tuple[int, ...] | None:
        """The reach of a lost position that ``node`` is with some cards of its cross swapped
        that its proof never asked a foundation to take, or None: the same cards turned,
        waste and foundations, so the same cards in the cross."""
        piles, sp, waste, found = node
        erasers = self.rules.erasers  # every reach in `reaches` has its eraser there
        for reach in self.reaches.get((sp, waste, found), ()):
            like = self.likeness(component, piles, erasers[reach])
            if (sp, waste, found, reach, like) in self.alike:
                return reach
        return None

    def mark_lost(self, key: _Key, component: _Component | None, node: _Node,
                  reach: tuple[int, ...]) -> None:  # fmt: skip
        """Put ``node`` (``key``) into the lost table and into `alike`."""
        if len(self.lost) > _MEMORY:
            self.lost.clear()
            self.alike.clear()
            self.reaches.clear()
        self.lost[key] = reach
        piles, sp, waste, found = node
        like = self.likeness(component, piles, self.rules.eraser(reach))
        self.alike.add((sp, waste, found, reach, like))
        self.reaches.setdefault((sp, waste, found), set()).add(reach)

    def component(self, piles: _Piles, refills: bool) -> _Component | None:
        """The component of ``piles``, or None when it has more than `_LARGE` configurations
        (remembered; all forgotten at once when `memory` configurations are kept)."""
        key = (piles, refills)
        if key in self.components:
            return self.components[key]
        configs, exits = self.explore(piles, refills, frozenset(), undoable_only=True)
        if len(self.components) > self.memory:
            self.components.clear()
        component = None if len(configs) > _LARGE else _component(configs, exits)
        for config in configs:
            self.components[config, refills] = component
        return component

    def explore(
        self, piles: _Piles, refills: bool, avoid: frozenset[_Piles], *, undoable_only: bool
    ) -> tuple[list[_Piles], list[tuple[_Piles, _Move, list[bytes]]]]:
        """Breadth-first search of the cross from ``piles``, never entering ``avoid``; it
        stops after more than `_LARGE` configurations."""
        configs = [piles]
        reached = {piles}
        exits: list[tuple[_Piles, _Move, list[bytes]]] = []
        for config in configs:
            if len(configs) > _LARGE:
                break
            for move, after, back in self.rules.cross_moves(config):
                if (refills and b"" in after) or (undoable_only and not back):
                    exits.append((config, move, after))
                    continue
                key = _config(after)
                if key not in reached and key not in avoid:
                    reached.add(key)
                    configs.append(key)
        self.count(len(configs))
        return configs, exits

    def entry(self, node: _Node, inside: bool) -> tuple[_Component | None, _Key]:
        """The component of ``node`` (None for a large one, or after a step that stays inside
        one) and its key."""
        component = None if inside else self.component(
            node[0], self.rules.refills(node[1], node[2]))  # fmt: skip
        return component, (node[0] if component is None else component.name, node[1], node[3])

    def steps_from(self, component: _Component | None, node: _Node) -> Iterator[_Step]:
        """The steps from ``node``: in its ``component``, or one move at a time in a large one."""
        return self.single_steps(node) if component is None else self.steps(component, node)

    def steps(self, component: _Component, node: _Node) -> Iterator[_Step]:
        """The macro steps from ``node`` in its component.

        Safe foundation moves first (one is then the only step), foundation moves, the waste
        onto the cross (builds, then fills), cross moves that cannot be undone, `Turn` last.
        """
        rules = self.rules
        piles, sp, waste, found = node
        wanted = [c for c in rules.wanted(found) if c >= 0]
        for card in wanted:
            if rules.is_safe(card, found):
                if waste and waste[-1] == card:
                    yield piles, (HOME, card, NO_PILE), rules.home(node, card, -1), False
                    return
                for config, i in component.tops.get(card, ()):
                    if len(config[i]) > 1 or not rules.refills(sp, waste):
                        after = rules.home((config, sp, waste, found), card, i)
                        yield config, (HOME, card, NO_PILE), after, False
                        return
        for card in wanted:
            for config, i in component.tops.get(card, ()):
                after = rules.home((config, sp, waste, found), card, i)
                yield config, (HOME, card, NO_PILE), after, False
        if waste and waste[-1] in wanted:
            yield piles, (HOME, waste[-1], NO_PILE), rules.home(node, waste[-1], -1), False
        if waste:
            for t in rules.over[waste[-1]]:
                for config, i in component.tops.get(t, ()):
                    yield config, *rules.from_waste((config, sp, waste, found), i), False
            if rules.fills:
                for config in component.configs:
                    if config[0] == b"":  # the sorted piles start with the spaces
                        yield config, *rules.from_waste((config, sp, waste, found), 0), False
        for config, move, piles_after in component.exits:
            yield config, move, (*rules.settle(list(piles_after), sp, waste), found), False
        if sp < len(rules.stock):
            yield piles, (TURN, rules.stock[sp], NO_PILE), rules.turn(node), False

    def single_steps(self, node: _Node) -> Iterator[_Step]:
        """The steps from ``node`` one move at a time, for a configuration of a large
        component: a safe foundation move alone, else every move in the rules' order, or,
        while climbing, the moves that change more than the piles in that order, then the
        cross moves best first by `_Rules.cross_value`, `Turn` after those that improve on
        ``node``.

        Climbing plays like the heuristic player, which turns when nothing it can reach
        beats the position as it is: its first line through a large component is short,
        where the rules' order tries every cross move before `Turn`."""
        rules = self.rules
        piles, sp, waste, found = node
        for move, after, _ in rules.moves(node):
            if move[0] != HOME:
                break  # `_Rules.moves` gives the moves home first
            card = move[1]
            if rules.is_safe(card, found):
                src = next((i for i, p in enumerate(piles) if p and p[-1] == card), -1)
                if src < 0 or len(piles[src]) > 1 or not rules.refills(sp, waste):
                    yield piles, move, after, False
                    return
        if not self.climbing:
            for move, after, undoable in rules.moves(node):
                yield piles, move, after, undoable
            return
        here = rules.cross_value(piles, found, rules.weights)
        ranked: list[tuple[float, int, _Step]] = []
        turn: list[_Step] = []
        for n, (move, after, undoable) in enumerate(rules.moves(node)):
            step = piles, move, after, undoable
            if move[0] == TURN:
                turn.append(step)
            elif after[1:] != (sp, waste, found):
                yield step
            else:
                ranked.append((-rules.cross_value(after[0], found, rules.weights), n, step))
        ranked.sort()
        better = [step for value, _, step in ranked if -value > here]
        yield from better
        yield from turn
        yield from (step for _, _, step in ranked[len(better) :])

    def beam(self, root: _Node, width: int, weights: _Weights) -> list[tuple[_Piles, _Move]] | None:
        """A winning macro line found by a beam search, or None (which proves nothing).

        Each generation of positions leads by the steps of `steps` (or `single_steps`) to
        the next, of which the ``width`` best by `_Search.value` with ``weights`` are kept,
        no two alike by `beam_likeness`. A position is kept once (by its key), and a step
        that is no progress move never comes back to a position of its own line: so no line
        repeats a configuration within a stretch, and the guard allows it from a root whose
        `seen` holds its own configuration alone."""
        self.count(1)  # the root: so `_beams`, which never end, always use up the budget
        generation: list[_Kept] = [(root, *self.entry(root, inside=False), None)]
        seen: set[_Key] = set()
        likes: set[_Likeness] = set()
        while generation:
            children: dict[_Key, _Valued] = {}
            for kept in generation:
                node = kept[0]
                for child, inside, step in self.beam_steps(kept):
                    if sum(child[3]) == 52:
                        return _line(step)
                    entered, key = self.entry(child, inside)
                    if key in seen or key in children:
                        continue
                    if child[1:] == node[1:] and _returns(key, step):
                        continue
                    self.count(1)
                    children[key] = (self.value(child, weights), child, entered, step)
            if len(seen) > _MEMORY:
                seen.clear()
                likes.clear()
            seen.update(children)
            generation = self.best(children, width, likes)
        return None

    def layered_beam(
        self,
        root: _Node,
        width: int,
        weights: _Weights,
        same: int = 0,
        noise: random.Random | None = None,
    ) -> list[tuple[_Piles, _Move]] | None:
        """A winning macro line found by a beam search layered by cards turned, or None.

        Each layer holds positions with the same cards turned. From each, every step that
        turns no card is made, and from what they reach, again (each position once, up to
        `_MEMORY` of them remembered); the positions that the steps reach with one card more
        turned (`Turn`, or a refill in Czarina; up to `_MEMORY` of them) make the next
        layer, of which the ``width`` best by `_Search.value` with ``weights`` (with
        ``noise``, plus a normal random term of deviation `_NOISE` drawn from it for each
        position) are kept, no two alike by `beam_likeness` and, with ``same``, no more than
        that many with the same waste and foundations (`best`). Where no space takes a card
        the cross changes little between two cards turned, so a layer is soon searched;
        where spaces take cards, a layer holds many arrangements of the cross, and `beam`
        goes further in the time.

        Beams by generations (`beam`) compare positions a number of steps from the root,
        some with more cards turned than others; a layered beam compares positions with the
        same stock to come, each after all it could do before the next card. The two win
        different deals. The random term lets a beam keep positions that the value ranks
        below the best, as the lines that win often are; beams with other draws keep other
        ones (docs, "A random term in the value of the later layered beams")."""
        self.count(1)
        layer: list[_Kept] = [(root, *self.entry(root, inside=False), None)]
        while layer:
            after: dict[_Key, _Valued] = {}
            reached = {key for _, _, key, _ in layer}
            while layer:
                kept = layer.pop()
                node = kept[0]
                for child, inside, step in self.beam_steps(kept):
                    if sum(child[3]) == 52:
                        return _line(step)
                    entered, key = self.entry(child, inside)
                    if child[1] != node[1]:
                        if key not in after and len(after) < _MEMORY:
                            self.count(1)
                            value = self.value(child, weights)
                            if noise is not None:
                                value += noise.gauss(0.0, _NOISE)
                            after[key] = (value, child, entered, step)
                        continue
                    if key in reached or (child[1:] == node[1:] and _returns(key, step)):
                        continue
                    self.count(1)
                    if len(reached) > _MEMORY:
                        reached.clear()
                    reached.add(key)
                    layer.append((child, entered, key, step))
            layer = self.best(after, width, set(), same)  # two layers' positions are never alike
        return None

    def through_layers(
        self,
        root: _Node,
        seen: frozenset[_Piles],
        *,
        lines: bool,
        held: _Held | None = None,
        searched: _Waiting | None = None,
        hold: Callable[[_Held], None] | None = None,
        pause: Callable[[_Layers], None] | None = None,
        folder: str | None = None,
        pour: int = _POUR,
        round_size: int = _ROUND,
    ) -> list[tuple[_Piles, _Move]] | None:
        """A macro line from ``root`` to a win, or None when there is none, found by making
        every step from every position, layer by layer of cards turned, each position once
        (`_Layers`); without ``lines`` no step is held, and a win gives an empty line.
        ``hold`` is shown the positions waiting (by cards turned) before each layer is begun,
        and ``pause`` the layers within a layer after each round of ``round_size`` of its
        positions; the search goes on from those ``held`` instead of ``root`` if given, within
        the least of them if some were ``searched`` already (`_checkpoint`). A layer ahead
        pours its positions into a file in ``folder`` each time it holds ``pour`` of them
        (`_Waiting`)."""
        layers = _Layers(self, root, seen, lines, held, folder=folder, pour=pour,
                         searched=searched)  # fmt: skip
        try:
            while True:
                line = layers.search_layer(round_size)
                if line is not None:
                    return line
                if layers.busy:
                    if pause is not None:
                        pause(layers)
                    continue
                layers.settle()
                if not layers.ahead:
                    return None
                if hold is not None:
                    hold(layers.ahead)
                layers.next_layer(min(layers.ahead))
        finally:
            layers.close()

    def beam_steps(self, kept: _Kept) -> Iterator[tuple[_Node, bool, _Link]]:
        """The steps of `steps_from` from a position a beam ``kept``, as (position after it,
        whether it stays inside the component, the line to it), but those to a dead end
        (`is_dead_end`; a won position, with the waste empty and every suit complete, is
        none)."""
        node, component, here, link = kept
        for config, move, child, inside in self.steps_from(component, node):
            if not self.is_dead_end(child):
                yield child, inside, _Link(link, here, config, move)

    def value(self, node: _Node, weights: _Weights) -> float:
        """`_Rules.value` of ``node``, less the last weight for each card the waste waits
        for: each card still to be turned before the release bound with the cards lying on
        cards lets its bottom card be uncovered (`uncovered`). Where no space takes a card,
        the cards above one that goes home early must wait in the waste for hosts on the
        cross, and a waste that waits for most of the stock is near a dead end."""
        value = self.rules.value(node, weights)
        if weights[7]:
            value -= weights[7] * (self.uncovered(node) - node[1])
        return value

    def best(
        self, reached: dict[_Key, _Valued], width: int, likes: set[_Likeness], same: int = 0
    ) -> list[_Kept]:
        """The ``width`` best of the positions a beam ``reached``, by value, no two alike by
        `beam_likeness`, nor alike to one of ``likes``, which takes in those kept; with
        ``same``, no more than that many with the same waste and foundations.

        Positions with the same waste and foundations hold the same cards in the cross, in
        other arrangements: a wide layered beam would fill up with arrangements of a few of
        them, where the lines that win and those that fail differ mostly in which cards went
        home and which wait in the waste."""
        kept: list[_Kept] = []
        counts: dict[tuple[bytes, tuple[int, ...]], int] = {}
        for key, (_, child, entered, step) in sorted(reached.items(), key=lambda item: -item[1][0]):
            like = self.beam_likeness(child)
            if like in likes:
                continue
            if same:
                group = child[2], child[3]
                count = counts.get(group, 0)
                if count == same:
                    continue
                counts[group] = count + 1
            likes.add(like)
            kept.append((child, entered, key, step))
            if len(kept) == width:
                break
        return kept

    def beam_likeness(self, node: _Node) -> _Likeness:
        """``node`` with every card of its cross that no foundation takes next written by
        rank (and colour in Simplicity): a beam keeps one position of those alike so.

        Positions that differ only in the suits of such cards are as good as each other for
        the moves of the next card on each foundation, and a beam filled with them would
        look at one position many times over; the best valued of them stands for them all."""
        piles, sp, waste, found = node
        return sp, waste, found, _erased(piles, self.rules.eraser((*found, 0)))

    def run(self, root: _Node, seen: frozenset[_Piles]) -> list[tuple[_Piles, _Move]] | None:
        """A macro line from ``root`` to a win, or None when there is none.

        Limited discrepancy search first: for each limit in `_DISCREPANCIES`, a line may leave
        the move order's first choice that many times; then the full depth-first search.
        The root's stretch goes on from the guard's ``seen``: it is searched with every cross
        move, around the configurations already seen (one move at a time when it is large);
        after the first progress move the guard starts afresh.
        """
        rules = self.rules
        piles, sp, waste, found = root
        avoid = seen - {piles}
        configs, exits = self.explore(piles, rules.refills(sp, waste), avoid, undoable_only=False)
        large = len(configs) > _LARGE

        def search(limit: int | None) -> tuple[list[tuple[_Piles, _Move]] | None, bool]:
            on_path: set[_Key] = set()
            if large:
                on_path.update((config, sp, found) for config in avoid | {piles})
                return self.probe(self.single_steps(root), limit, on_path)
            return self.probe(self.steps(_component(configs, exits), root), limit, on_path)

        for limit in _DISCREPANCIES:
            self.climbing = limit == _DISCREPANCIES[0]
            line, complete = search(limit)
            if line is not None or complete:
                return line
        self.climbing = False
        return search(None)[0]

    def probe(
        self, first: Iterator[_Step], limit: int | None, on_path: set[_Key]
    ) -> tuple[list[tuple[_Piles, _Move]] | None, bool]:
        """Depth-first search below ``first``: a winning macro line, or None and whether the
        search was complete (then there is none).

        With a ``limit``, a line takes a step other than the first one tried from a position
        at most ``limit`` times. A position whose search was complete goes into the lost
        table; one searched under a limit goes into `_Search.failed` with the limit left.
        Without a limit every step is tried, and a position on the current line is not
        entered again (the guard's argument, "Why the guard cannot change winnability");
        under a limit such a repeat makes the search incomplete instead, so that every
        position in the lost table is lost whatever line leads to it.
        """
        frames = [_Frame(first, limit)]
        keys: list[tuple[_Key, _Component | None, _Node] | None] = [None]
        line: list[tuple[_Piles, _Move]] = []
        while True:
            frame = frames[-1]
            step = next(frame.steps, None) if frame.open else None
            if step is None:
                frames.pop()
                entry = keys.pop()
                if entry is None:
                    return None, frame.complete
                done, done_component, done_node = entry
                on_path.discard(done)
                line.pop()
                if frame.complete:
                    reach = tuple(frame.reach)
                    self.mark_lost(done, done_component, done_node, reach)
                    _widen(frames[-1].reach, reach)
                else:
                    if len(self.failed) > _MEMORY:
                        self.failed.clear()
                    self.failed[done] = frame.left or 0
                    frames[-1].complete = False
                continue
            config, move, child, inside = step
            if sum(child[3]) == 52:
                line.append((config, move))
                return line, True
            component, key = self.entry(child, inside)
            proof = self.lost.get(key)
            if proof is None:
                proof = self.is_alike_lost(component, child)
            if proof is not None:
                _widen(frame.reach, proof)
                continue
            if key in on_path:
                frame.complete = frame.complete and limit is None
                continue
            left = frame.left
            if left is not None:
                left -= frame.tried
                frame.tried = True
                if left < 0:
                    frame.complete = frame.open = False
                    continue
                if self.failed.get(key, -1) >= left:
                    frame.complete = False
                    continue
            self.count(1)
            if self.is_dead_end(child):
                reach = self.dead_end_reach(child)
                self.lost[key] = reach
                _widen(frame.reach, reach)
                continue
            on_path.add(key)
            keys.append((key, component, child))
            line.append((config, move))
            frames.append(_Frame(self.steps_from(component, child), left, reach=[*child[3], 0]))

    def walk(self, start: _Piles, goal: _Piles, avoid: frozenset[_Piles], refills: bool,
             *, undoable_only: bool) -> list[_Move]:  # fmt: skip
        """The cross moves of a shortest way from ``start`` to ``goal`` around ``avoid``."""
        parent: dict[_Piles, tuple[_Piles, _Move] | None] = {start: None}
        queue = [start]
        for config in queue:
            if config == goal:
                break
            for move, after, back in self.rules.cross_moves(config):
                if (refills and b"" in after) or (undoable_only and not back):
                    continue
                key = _config(after)
                if key not in parent and key not in avoid:
                    parent[key] = (config, move)
                    queue.append(key)
        moves: list[_Move] = []
        while (step := parent[goal]) is not None:
            goal, move = step
            moves.append(move)
        return moves[::-1]

    def shortened(self, line: list[tuple[_Piles, _Move]]) -> list[tuple[_Piles, _Move]]:
        """``line`` with each chain of cross moves that one move undoes cut short: from each
        configuration of the chain, the move to the latest configuration of the chain that
        one such move reaches. The shorter chain visits some of the same configurations in
        the same order, so the guard allows it wherever it allowed the chain."""
        out: list[tuple[_Piles, _Move]] = []
        i = 0
        while i < len(line):
            configs = [line[i][0]]
            j = i
            while j < len(line) and line[j][0] == configs[-1]:
                after = self.undone_after(*line[j])
                if after is None:
                    break
                configs.append(after)
                j += 1
            if j == i:
                out.append(line[i])
                i += 1
                continue
            position = {config: k for k, config in enumerate(configs)}
            k = 0
            while k < len(configs) - 1:
                best, step = k, line[i + k][1]
                for move, after_list, back in self.rules.cross_moves(configs[k]):
                    reached = position.get(_config(after_list), -1) if back else -1
                    if reached > best:
                        best, step = reached, move
                out.append((configs[k], step))
                k = best
            i = j
        return out

    def undone_after(self, config: _Piles, move: _Move) -> _Piles | None:
        """The configuration after ``move`` from ``config`` if it is a cross move that one
        move undoes, else None."""
        for found, after, back in self.rules.cross_moves(config):
            if found == move:
                return _config(after) if back else None
        return None


@attrs.define(eq=False)
class _Link:
    """A step of a beam search's line."""

    before: _Link | None
    """The line before it."""
    here: _Key
    """The key of the position it is made from."""
    config: _Piles
    """The configuration walked to."""
    move: _Move
    """The move made there."""


_Kept = tuple[_Node, _Component | None, _Key, _Link | None]
"""A position a beam keeps: (position, its component, key, the line to it)."""
_Valued = tuple[float, _Node, _Component | None, _Link]
"""A position a beam reaches, valued: (value, position, its component, the line to it)."""


def _line(link: _Link | None) -> list[tuple[_Piles, _Move]]:
    """The macro line that ends with ``link``."""
    line: list[tuple[_Piles, _Move]] = []
    while link is not None:
        line.append((link.config, link.move))
        link = link.before
    return line[::-1]


def _returns(key: _Key, link: _Link | None) -> bool:
    """Whether ``key`` is that of a position of the line ending with ``link`` made since its
    last progress move (cards turned and foundations as ``key``'s)."""
    while link is not None:
        if link.here == key:
            return True
        if link.here[1:] != key[1:]:
            return False
        link = link.before
    return False


@attrs.define(eq=False)
class _Trail:
    """A step of a line of the search by layers (`_Search.through_layers`), held small: it
    keeps no position, and the configuration walked to written down."""

    before: _Trail | None
    """The line before it."""
    config: bytes
    """The configuration walked to, its piles joined by `_SEPARATOR`."""
    move: _Move
    """The move made there."""

    def line(self) -> list[tuple[_Piles, _Move]]:
        """The macro line that ends with this step."""
        line: list[tuple[_Piles, _Move]] = []
        trail: _Trail | None = self
        while trail is not None:
            line.append((tuple(trail.config.split(_SEPARATOR)), trail.move))
            trail = trail.before
        return line[::-1]


_HASH_BITS: Final = 29
"""The bits of a position's hash that `_Positions` keeps in its slot, below where it starts:
its table may reach 2 ** 29 slots before it hashes positions again to grow, and its data 2 **
34 bytes (some 600 million positions), past which adding one is an `OverflowError`."""


class _Positions:
    """Positions written down (`_written_key`), each once and, if it holds ``lines``, each with
    the line to it, in the order added: a layer of the search by layers. A position takes 40 to
    60 bytes here, where a dict of bytes takes about 100.

    The positions lie one after another in one bytearray, each between two bytes that give its
    length. A table of slots, at most 5/8 full, holds where each position starts (never 0, as
    its length comes first) above the lowest `bits` bits of its hash; 0 is an empty slot, and
    a position's slot is its own or the first empty one from its hash on (linear probing)."""

    def __init__(self, lines: bool = False) -> None:
        self.data = bytearray()
        self.size = 0
        self.lines: list[_Trail | None] | None = [] if lines else None
        self.slots = array("q", bytes(8 * 8))
        self.bits = _HASH_BITS
        """The bits of the hash kept in a slot: enough to find the slot again in a table of
        up to ``2 ** bits`` slots (fewer in a test, so that it hashes positions again)."""

    def __len__(self) -> int:
        return self.size

    def __contains__(self, written: object) -> bool:
        return isinstance(written, bytes) and self.slots[self.slot(written)] != 0

    def __iter__(self) -> Iterator[bytes]:
        """The positions in the order added."""
        data = self.data
        at = 0
        while at < len(data):
            size = data[at]
            yield bytes(data[at + 1 : at + 1 + size])
            at += size + 2

    def last_first(self) -> Iterator[tuple[bytes, _Trail | None]]:
        """The positions with their lines (None where it holds none), the last added first."""
        data, lines = self.data, self.lines
        end = len(data)
        for n in range(self.size - 1, -1, -1):
            size = data[end - 1]
            yield bytes(data[end - 1 - size : end - 1]), None if lines is None else lines[n]
            end -= size + 2

    def add(self, written: bytes, line: _Trail | None) -> bool:
        """Add ``written`` unless it is held already, with the ``line`` to it if it holds
        lines; whether it was added."""
        i = self.slot(written)
        if self.slots[i]:
            return False
        self.slots[i] = (len(self.data) + 1) << self.bits | hash(written) & ((1 << self.bits) - 1)
        self.data.append(len(written))
        self.data += written
        self.data.append(len(written))
        self.size += 1
        if self.lines is not None:
            self.lines.append(line)
        if self.size * 8 > len(self.slots) * 5:
            self.grow()
        return True

    def slot(self, written: bytes) -> int:
        """The slot that holds ``written``, or the empty one where it would go."""
        data, slots, bits = self.data, self.slots, self.bits
        whole = hash(written)
        kept = whole & ((1 << bits) - 1)
        mask = len(slots) - 1
        i = whole & mask
        while slots[i]:
            held = slots[i]
            start = held >> bits
            if (
                held & ((1 << bits) - 1) == kept
                and data[start - 1] == len(written)
                and data.startswith(written, start)
            ):
                return i
            i = (i + 1) & mask
        return i

    def grow(self) -> None:
        """Twice the slots, each position's slot found again: from the bits of its hash in its
        slot while they are enough, else from its hash."""
        data, bits = self.data, self.bits
        slots = array("q", bytes(16 * len(self.slots)))
        mask = len(slots) - 1
        kept = len(slots) <= 1 << bits
        for held in self.slots:
            if held:
                if kept:
                    i = held & mask
                else:
                    start = held >> bits
                    i = hash(bytes(data[start : start + data[start - 1]])) & mask
                while slots[i]:
                    i = (i + 1) & mask
                slots[i] = held
        self.slots = slots


class _Waiting:
    """The positions waiting in a layer ahead of the one searched, each with the line to it if
    it holds ``lines``. Without lines, each time it holds ``pour`` positions (None: never) they
    are poured into a temporary file in ``folder`` (None: the system's), and their memory is
    free again. A position reached again after it was poured is held again, until `settle`
    reads the file back and holds each position once."""

    def __init__(self, lines: bool = False, folder: str | None = None,
                 pour: int | None = _POUR) -> None:  # fmt: skip
        self.held = _Positions(lines)
        """The positions held in memory: since the last pour, or all of them once settled."""
        self.file: IO[bytes] | None = None
        self.poured = 0
        """The positions in the file: each once if it is settled."""
        self.folder = folder
        self.pour = None if lines else pour

    def __len__(self) -> int:
        """The positions held: each once if settled, else those poured and reached again
        twice or more."""
        return self.poured + len(self.held)

    def __iter__(self) -> Iterator[bytes]:
        """The positions held, those poured first."""
        if self.file is not None:
            yield from _poured(self.file)
        yield from self.held

    def add(self, written: bytes, line: _Trail | None) -> bool:
        """Hold ``written`` unless it is held in memory, with the ``line`` to it if it holds
        lines; whether it was added."""
        if not self.held.add(written, line):
            return False
        if self.pour is not None and len(self.held) >= self.pour:
            self.pour_out()
        return True

    def pour_out(self) -> None:
        """Pour the positions held in memory into the file."""
        if self.file is None:
            self.file = tempfile.TemporaryFile(dir=self.folder)  # noqa: SIM115 (the layer's)
        self.file.seek(0, os.SEEK_END)
        self.file.write(self.held.data)
        self.poured += len(self.held)
        self.held = _Positions()

    def settle(self, keep: bool) -> int:
        """Hold each position once: in memory if ``keep`` or they are fewer than ``pour``,
        else in a file of their own; how many were held more than once."""
        if self.file is None:
            return 0
        layer = _Positions()
        for written in self:
            layer.add(written, None)
        twice = len(self) - len(layer)
        self.file.close()
        self.file, self.poured, self.held = None, 0, layer
        if not keep and self.pour is not None and len(layer) >= self.pour:
            self.pour_out()
        return twice

    def close(self) -> None:
        """Close the file, if any: the search is over."""
        if self.file is not None:
            self.file.close()


def _poured(file: IO[bytes]) -> Iterator[bytes]:
    """The positions in ``file``, as `_Positions` holds them: each between two bytes that give
    its length."""
    file.seek(0)
    data = b""
    while more := file.read(_READ):
        data += more
        at = 0
        while at < len(data) and at + data[at] + 2 <= len(data):
            size = data[at]
            yield data[at + 1 : at + 1 + size]
            at += size + 2
        data = data[at:]


_Held = dict[int, _Waiting]
"""The positions waiting in the search by layers, by cards turned."""


def _share(cross: bytes, parts: int) -> int:
    """Which of ``parts`` shares of the search by layers holds the positions whose ``cross``
    holds these cards (in any order, piles joined by `_SEPARATOR` or not). Every configuration
    of a component holds the same cards, and so does the position after a `Turn` or a waste
    card home: so a component is built by one share alone."""
    return zlib.crc32(bytes(sorted(cross.replace(_SEPARATOR, b"")))) % parts


class _Layers:
    """The search by layers from ``root``: every step from every position, layer by layer of
    cards turned, each position once; of the positions whose share (`_share`) is ``part`` of
    ``parts``, all of them in a search of one share.

    Each position is counted (`_Search.count`) as it is reached, in its own layer or one ahead
    (the next, or one further where refills from the waste turn several cards at once), and
    only the layer searched (once, the positions reached within it beside it) and those ahead
    of it are held, so the budget bounds the memory. A position waiting in a layer is held
    written down (`_written_key`, read back by `_Rules.read`), and with ``lines`` the line to
    it as a `_Trail`; without, a layer ahead pours its positions into a file in ``folder``
    each time it holds ``pour`` of them (`_Waiting`), and is read back (`settle`) before the
    next layer is begun. No line repeats a position, so none repeats a configuration within a
    stretch. The root's stretch goes on from the guard's ``seen``: the configurations seen
    before are left out there, as in `_Search.run`; after the first progress move the guard
    starts afresh. The search goes on from the positions ``held`` (by cards turned) instead of
    ``root`` if given; with the positions ``searched`` already of the least of them, within
    that layer.

    A step to a position of another share (`_share`: by the cards of its cross) is not
    searched here but written down in ``sent`` for that share, whose `receive` takes it; its
    component is looked up only there. Lines are held only in a search of one share."""

    def __init__(
        self,
        search: _Search,
        root: _Node,
        seen: frozenset[_Piles],
        lines: bool,
        held: _Held | None,
        part: int = 0,
        parts: int = 1,
        folder: str | None = None,
        pour: int = _POUR,
        searched: _Waiting | None = None,
    ) -> None:
        self.search = search
        self.root = root
        self.avoid = seen - {root[0]}
        self.lines = lines
        self.part = part
        self.parts = parts
        self.sent = [bytearray() for _ in range(parts)]
        """For each share, the steps to its positions: cards turned, length, the position."""
        self.searching: list[tuple[_Node, _Component | None, _Trail | None]] = []
        self.layer = _Positions()
        self.reached = _Positions()
        self.waiting = self.layer.last_first()
        self.taken = 0
        """The positions taken from the layer so far."""
        self.drained = False
        """Whether every position of the layer was taken from it."""
        self.ahead: _Held = {} if held is None else held
        self.folder = folder
        self.pour = pour
        self.sp = root[1]
        self.resumed = searched is not None
        """Whether the search goes on within a layer, from the positions ``searched``."""
        if held is None:
            self.begin()
        elif searched is not None:  # within the least layer held, each position once
            least = min(self.ahead)
            for waiting in (self.ahead[least], searched):
                waiting.settle(keep=True)
            self.next_layer(least)
            self.reached = searched.held

    def begin(self) -> None:
        """Reach the root, if it is of this share."""
        search, root = self.search, self.root
        piles, sp, waste, found = root
        if _share(b"".join(piles), self.parts) != self.part:
            return
        search.count(1)
        if self.avoid:
            configs, exits = search.explore(piles, search.rules.refills(sp, waste), self.avoid,
                                            undoable_only=False)  # fmt: skip
            component = None if len(configs) > _LARGE else _component(configs, exits)
            key = (piles if component is None else component.name, sp, found)
        else:
            component, key = search.entry(root, inside=False)
        self.searching.append((root, component, None))
        self.reached.add(_written_key(key), None)

    @property
    def busy(self) -> bool:
        """Whether positions of the layer wait to be searched here."""
        return bool(self.searching) or not self.drained

    def search_layer(self, most: int = -1) -> list[tuple[_Piles, _Move]] | None:
        """Search the positions of the layer (reached within it or waiting), at most ``most``
        of them if ``most`` is not negative: a macro line to a win (empty without lines), or
        None."""
        search, root, avoid, sp = self.search, self.root, self.avoid, self.sp
        rules, lines, parts, searching = search.rules, self.lines, self.parts, self.searching
        while most != 0:
            most -= 1
            if searching:
                node, component, trail = searching.pop()
            else:
                item = next(self.waiting, None)
                if item is None:
                    self.drained = True
                    break
                self.taken += 1
                written, trail = item
                node = rules.read(written, sp)
                component, _ = search.entry(node, inside=False)
            for config, move, child, inside in search.steps_from(component, node):
                if sum(child[3]) == 52:
                    return _Trail(trail, _SEPARATOR.join(config), move).line() if lines else []
                if child[1:] == root[1:] and child[0] in avoid:
                    continue
                share = self.part if parts == 1 else _share(b"".join(child[0]), parts)
                if share != self.part:
                    self.send(share, child)
                elif not search.is_dead_end(child):
                    step = _Trail(trail, _SEPARATOR.join(config), move) if lines else None
                    self.reach(child, *search.entry(child, inside), step)
        return None

    def send(self, share: int, node: _Node) -> None:
        """Write down ``node`` in `sent` for its ``share``: its cards turned, length,
        foundation counts, waste (after its length) and configuration (not its component's,
        which is looked up there)."""
        piles, turned, waste, found = node
        raw = bytes(found) + bytes((len(waste),)) + waste + _SEPARATOR.join(piles)
        sent = self.sent[share]
        sent.append(turned)
        sent.append(len(raw))
        sent += raw

    def take_sent(self) -> list[bytes]:
        """What was written down for each share (`sent`) since this was last asked."""
        taken = [bytes(sent) for sent in self.sent]
        for sent in self.sent:
            sent.clear()
        return taken

    def reach(self, node: _Node, component: _Component | None, key: _Key,
              step: _Trail | None) -> None:  # fmt: skip
        """Reach the position ``node`` of the ``component`` with the ``key``, by ``step``: it
        waits in its layer, or, in the layer searched, is searched in turn, unless it was
        reached before."""
        written = _written_key(key)
        if node[1] != self.sp:
            self.wait(written, node[1], step)
        elif written not in self.layer and self.reached.add(written, None):
            self.search.count(1)
            self.searching.append((node, component, step))

    def wait(self, written: bytes, turned: int, step: _Trail | None) -> None:
        """Hold the position ``written`` in the layer of ``turned`` cards, counted, unless it
        is held already."""
        later = self.ahead.get(turned)
        if later is None:
            later = self.ahead[turned] = _Waiting(self.lines, self.folder, self.pour)
        if later.add(written, step):
            self.search.count(1)

    def receive(self, sent: bytes) -> None:
        """Reach the positions another share ``sent`` to this one (`reach`), but dead ends
        (`_Search.is_dead_end`, asked here, the share that remembers the answers for their
        waste and foundations)."""
        search = self.search
        at = 0
        while at < len(sent):
            turned, size, wasted = sent[at], sent[at + 1], sent[at + 6]
            found = tuple(sent[at + 2 : at + 6])
            waste = sent[at + 7 : at + 7 + wasted]
            piles = tuple(sent[at + 7 + wasted : at + 2 + size].split(_SEPARATOR))
            at += 2 + size
            node = piles, turned, waste, found
            if not search.is_dead_end(node):
                self.reach(node, *search.entry(node, inside=False), None)

    def within(self) -> tuple[Written, dict[int, Written]]:
        """The positions to keep in a checkpoint written within the layer (`_checkpoint`):
        those of it searched already; and those waiting, by cards turned: the rest of the
        layer, the next to be searched last, and the layers ahead as they are held (a position
        poured and reached again twice)."""
        pending = [
            _written_key((node[0] if component is None else component.name, node[1], node[3]))
            for node, component, _ in self.searching
        ]
        rest = len(self.layer) - self.taken
        layer, reached = self.layer, self.reached

        def searched() -> Iterator[bytes]:
            yield from itertools.islice(layer, rest, None)
            left = set(pending)
            yield from (written for written in reached if written not in left)

        def waiting() -> Iterator[bytes]:
            yield from itertools.islice(layer, rest)
            yield from pending

        done = len(layer) + len(reached) - rest - len(pending)
        return _Listing(done, searched), {
            **self.ahead,
            self.sp: _Listing(rest + len(pending), waiting),
        }

    def settle(self) -> None:
        """End the layer searched, and hold each position waiting once (`_Waiting.settle`),
        counted once: the least layer in memory, to be begun next, and read back last, so
        that no other layer is read back beside it."""
        self.layer = self.reached = _Positions()
        self.waiting = self.layer.last_first()
        least = min(self.ahead, default=None)
        for turned, waiting in sorted(self.ahead.items(), reverse=True):
            self.search.count(-waiting.settle(keep=turned == least))

    def close(self) -> None:
        """Close the files of the layers ahead: the search is over."""
        for waiting in self.ahead.values():
            waiting.close()

    def next_layer(self, sp: int) -> None:
        """Begin the layer of ``sp`` cards turned, the least one held after `settle` (every
        share begins the same one)."""
        self.sp = sp
        layer = self.ahead.pop(sp, None)
        assert layer is None or layer.file is None, "a layer begun before it was settled"
        self.layer = _Positions() if layer is None else layer.held
        self.reached = _Positions()
        self.waiting = self.layer.last_first()
        self.taken = 0
        self.drained = False


class _Listing:
    """``size`` positions, given by ``positions()`` (`_Layers.within`)."""

    def __init__(self, size: int, positions: Callable[[], Iterator[bytes]]) -> None:
        self.size = size
        self.positions = positions

    def __len__(self) -> int:
        return self.size

    def __iter__(self) -> Iterator[bytes]:
        return self.positions()


def _written_key(key: _Key) -> bytes:
    """A position's key written down for the search by layers, which holds its cards turned
    apart: the foundation counts, then the piles joined by `_SEPARATOR` (`_Rules.read`)."""
    return bytes(key[2]) + _SEPARATOR.join(key[0])


def _granted(asks: list[int] | None, after: int) -> bool:
    """Whether one of ``asks`` (sets of suits as bits; None: no ask) lies within ``after``."""
    return asks is None or any(not suits & ~after for suits in asks)


def _erased(piles: _Piles, eraser: bytes) -> _Piles:
    return _config(_SEPARATOR.join(piles).translate(eraser).split(_SEPARATOR))


_SEPARATOR: Final = b"\xff"
"""Between piles joined to be erased at once: no card, and every eraser keeps it."""


def _widen(reach: list[int], other: tuple[int, ...]) -> None:
    for s in range(4):
        if other[s] > reach[s]:
            reach[s] = other[s]
    reach[4] |= other[4]


def _component(configs: list[_Piles], exits: list[tuple[_Piles, _Move, list[bytes]]]) -> _Component:
    """The component of ``configs``, held in tuples: the garbage collector stops walking a
    tuple of bytes and ints after its first pass, where it walks every list each time."""
    tops: dict[int, list[tuple[_Piles, int]]] = {}
    for config in configs:
        for i, pile in enumerate(config):
            if pile:
                tops.setdefault(pile[-1], []).append((config, i))
    return _Component(
        min(configs),
        tuple(configs),
        tuple((config, move, tuple(after)) for config, move, after in exits),
        {card: tuple(places) for card, places in tops.items()},
    )


def _compact(piles: tuple[tuple[Card, ...], ...]) -> _Piles:
    return _config([bytes(_INT[c] for c in pile) for pile in piles])


def _action(state: State, move: _Move) -> Action:
    """The rules' action for ``move``: its target pile is found by its top card."""
    kind, card, target = move
    if kind == TURN:
        return Turn()
    c = _CARD[card]
    if kind == HOME:
        return ToFoundation(c)
    if target == SPACE:
        pile = state.piles.index(())
    else:
        pile = next(i for i, p in enumerate(state.piles) if p and p[-1] == _CARD[target])
    if kind == RUN:
        return MoveRun(c, pile)
    return (Build if kind == BUILD else Fill)(c, pile)


def _replay(state: State, search: _Search, line: list[tuple[_Piles, _Move]]) -> tuple[Action, ...]:
    """The macro line as the rules' actions, each one made with `apply` (so checked)."""
    actions: list[Action] = []
    rules = search.rules
    for k, (config, move) in enumerate(line):
        here = _compact(state.piles)
        steps = [move]
        if config != here:
            avoid = frozenset(_compact(c) for c in state.seen) - {here}
            sp = len(rules.stock) - len(state.stock)
            refills = rules.refills(sp, bytes(_INT[c] for c in state.waste))
            steps[:0] = search.walk(here, config, avoid, refills, undoable_only=k > 0)
        for step in steps:
            action = _action(state, step)
            state = apply(state, action)
            actions.append(action)
    if not is_won(state):
        raise AssertionError("the solver's line does not win")
    return tuple(actions)


def solve(
    state: State, *, max_nodes: int = DEFAULT_MAX_NODES, max_seconds: float | None = None
) -> SolveResult:
    """Search every line from ``state`` (knowing the stock) for a win.

    Returns WON with a winning line (legal from ``state``, guard included), LOST when no line
    wins, or UNDECIDED when more than ``max_nodes`` positions would be needed, or, with
    ``max_seconds``, more than that many seconds of the process's CPU time
    (`time.process_time`). The node budget gives the same answer on every machine; a time
    budget depends on the machine and its load. The depth-first search has the first quarter
    of the budget (the first sixteenth in Czarina with the stock refill; with run moves, where
    spaces take cards, at least 50,000 nodes, so all of the default budget), beam searches
    (which only find wins) take it up to seven eighths, and the depth-first search the rest. With
    tail moves (`RunMove.ANY_TAIL`) seven eighths of the budget (nodes and time) go first to the
    smaller game of whole-pile moves, whose winning lines are legal with tail moves too. Python's
    cyclic garbage collector is off while it searches (and on again after, if it was on): a
    search that makes no reference cycles runs half as fast again without it.

    >>> from fourgames.vier_jahreszeiten import SIMPLICITY, apply, new_game, is_won
    >>> state = new_game(1, seed=1, options=SIMPLICITY)
    >>> result = solve(state)
    >>> result.outcome
    <Outcome.WON: 'won'>
    >>> for action in result.line:
    ...     state = apply(state, action)
    >>> is_won(state)
    True
    """
    if max_seconds is not None and not max_seconds > 0:
        raise ValueError(f"max_seconds must be positive, not {max_seconds!r}")
    if is_won(state):
        return SolveResult(Outcome.WON, (), 0)
    with _WithoutCyclicGC():
        started = time.process_time()
        deadline = None if max_seconds is None else started + max_seconds
        spent = 0
        if state.options.run_move is RunMove.ANY_TAIL:
            whole_piles = attrs.evolve(state.options, run_move=RunMove.WHOLE)
            first = _part(deadline, started, 1 - 1 / _TAIL)
            whole = _search(state, max_nodes - max_nodes // _TAIL, whole_piles, first)
            if whole.won:
                return whole
            spent = whole.nodes
        result = _search(state, max_nodes - spent, state.options, deadline)
        return attrs.evolve(result, nodes=spent + result.nodes)


class _WithoutCyclicGC:
    """Python's cyclic garbage collector off, and on again after if it was on. The searches
    make millions of short-lived tuples and no reference cycles, so reference counting frees
    everything, and each collection would only walk their tables of remembered positions
    (docs, "Solver, bot and win rates")."""

    def __enter__(self) -> None:
        self.collecting = gc.isenabled()
        gc.disable()

    def __exit__(self, *exc: object) -> None:
        if self.collecting:
            gc.enable()


def _search(state: State, max_nodes: int, options: Options, deadline: float | None) -> SolveResult:
    """`solve` under ``options``, whose moves are some of the state's: their wins are wins,
    but LOST and UNDECIDED speak only of the game searched.

    The depth-first search (`_Search.run`) runs first with a quarter of the budget (a
    sixteenth where no space takes a card, `_FIRST`; with run moves where spaces take cards
    at least `_FIRST_WITH_RUNS` nodes), then the beam searches of `_beams` up to
    seven eighths of it (each by generations and, where no space takes a card, layered by
    cards turned), then the depth-first search again with the rest, keeping what it
    proved."""
    root = _root(state)
    seen = frozenset(_compact(c) for c in state.seen)
    started = time.process_time()
    search = _Search(state, max_nodes, options, deadline)
    first = _FIRST if search.rules.fills else _FIRST_WITHOUT_SPACES
    nodes, share = max_nodes // first, 1 / first
    if search.rules.fills and options.run_move is not None and nodes < _FIRST_WITH_RUNS:
        nodes = min(max_nodes, _FIRST_WITH_RUNS)
        share = nodes / max_nodes if max_nodes else 1.0
    search.budget(nodes, _part(deadline, started, share))
    try:
        return _result(state, search, search.run(root, seen))
    except _OutOfBudget:
        if nodes == max_nodes:  # the depth-first search had the whole budget
            return SolveResult(Outcome.UNDECIDED, (), search.nodes)
    if seen == {root[0]}:  # the guard allows the beams' lines from a fresh stretch alone
        search.budget(max_nodes * 7 // 8, _part(deadline, started, 7 / 8))
        try:
            for n, (width, weights) in enumerate(_beams(search.rules.weights)):
                line = search.beam(root, width, weights)
                if line is None and not search.rules.fills:
                    layered, chosen, noise = _layered(n, width, weights, search.rules.weights)
                    same = _SAME if layered > _BEAM else 0
                    line = search.layered_beam(root, layered, chosen, same, noise)
                if line is not None:
                    return _result(state, search, line)
        except _OutOfBudget:
            pass
    search.budget(max_nodes, deadline)
    try:
        return _result(state, search, search.run(root, seen))
    except _OutOfBudget:
        return SolveResult(Outcome.UNDECIDED, (), search.nodes)


def _root(state: State) -> _Node:
    """``state`` as the search's position (its stock, so none of it turned yet)."""
    return _compact(state.piles), 0, bytes(_INT[c] for c in state.waste), state.foundations


def _beams(weights: _Weights) -> Iterator[tuple[int, _Weights]]:
    """The beam searches, in turn, as (width, weights for `_Search.value`), without end: the
    n-th (from 0) is `_BEAM_STEP` × (n + 1) wide, up to `_BEAM`; the first has the heuristic
    player's ``weights``, the n-th each of them times e^u, u drawn by ``random.Random(n)``
    from -1 to 1 while the beams widen and from -2 to 2 once they are `_BEAM` wide
    (`_SPREAD`). The seventh weight, the cost of a riser (`_Rules.risers`), is 0 for the
    beams of even n: the beams that count the risers and those that do not take turns.

    Beams that value positions in different ways win different deals, and narrow ones are
    quick: many of them win more than one wide beam in the same time. The first ones keep
    near the heuristic player's values, which win most deals soon; the later ones, run only
    where those failed, look further (docs, "How it searches")."""
    yield _BEAM_STEP, _no_risers(weights)
    for n in itertools.count(1):
        width = min(_BEAM, _BEAM_STEP * (n + 1))
        spread = _SPREAD[1] if width == _BEAM else _SPREAD[0]
        draw = random.Random(n)
        drawn = tuple(w * math.exp(draw.uniform(-spread, spread)) for w in weights)
        yield width, drawn if n % 2 else _no_risers(drawn)


def _layered(
    n: int, width: int, weights: _Weights, heuristic: _Weights
) -> tuple[int, _Weights, random.Random | None]:
    """The beam layered by cards turned that follows the n-th beam of `_beams` (``width`` wide,
    with ``weights``) where no space takes a card, as (width, weights, noise for
    `_Search.layered_beam`): as wide, with its weights, until the beams are `_BEAM` wide;
    then twice and four times `_BEAM` (`_WIDEST`); after those, each `_WIDEST` wide with the
    heuristic player's weights (``heuristic``) and a random term in the value, drawn by
    ``random.Random(n)`` (`_NOISE`).

    Wide layered beams win deals that narrow ones never win (docs, "Beams layered by cards
    turned"), but a beam wider still spends its time on positions much like those it keeps
    already; beams of `_WIDEST` with the random term keep other positions each, and many of
    them win more deals in the same time than ever wider ones (docs, "A random term in the
    value of the later layered beams")."""
    full = n - _BEAM // _BEAM_STEP + 1  # how many beams of `_BEAM` came before this one
    if full <= 0:
        return width, weights, None
    if full <= 2:
        return _BEAM << full, weights, None
    return _WIDEST, heuristic, random.Random(n)


def _no_risers(weights: _Weights) -> _Weights:
    return (*weights[:6], 0.0, *weights[7:])


def _part(deadline: float | None, started: float, share: float) -> float | None:
    """The CPU time at which ``share`` of the time from ``started`` to ``deadline`` is over
    (None without a deadline)."""
    return None if deadline is None else started + (deadline - started) * share


def _result(state: State, search: _Search, line: list[tuple[_Piles, _Move]] | None) -> SolveResult:
    """The answer for a macro line found (WON, its actions replayed) or for none (LOST)."""
    if line is None:
        return SolveResult(Outcome.LOST, (), search.nodes)
    return SolveResult(Outcome.WON, _replay(state, search, search.shortened(line)), search.nodes)


DEFAULT_MAX_POSITIONS: Final = 1_000_000
"""Positions one `solve_by_layers` or `prove_lost_by_ranks` may search."""


def solve_by_layers(
    state: State,
    *,
    max_positions: int = DEFAULT_MAX_POSITIONS,
    checkpoint: str | os.PathLike[str] | None = None,
    checkpoint_seconds: float = 600.0,
    workers: int = 1,
    on_layer: Callable[[int, int, int], None] | None = None,
) -> SolveResult:
    """Search every position reachable from ``state``, layer by layer of cards turned, each
    once: WON with a winning line (legal from ``state``, guard included), LOST when no line
    wins, UNDECIDED when more than ``max_positions`` positions would be needed.

    The steps are `solve`'s (its components, safe foundation moves and dead-end tests), and
    ``nodes`` counts what `solve` counts: positions and cross configurations. Only the order
    differs. `solve`'s depth-first search forgets the positions it proved lost once its table
    is full, and searches them again; this search holds only the layer it searches and the
    positions reached beyond it, and searches no position twice, so it settles deals whose
    layers fit in the budget where `solve` runs out (docs, "The game searched through, layer
    by layer"). It searches holding no lines, and where it finds a win it searches again, up
    to the same win, holding them; ``nodes`` then counts both searches. Its memory follows its
    largest layer, beside a memory of components four times `solve`'s: Czarina deal 97 of seed
    0, whose layers reach 6.8 million positions, took 2.7 GB at most (compiled). A layer ahead
    of the one searched pours its positions into a temporary file each time it holds 8,388,608
    of them, beside the checkpoint if there is one, else in the system's temporary folder
    (`tempfile`, ``TMPDIR``), and is read back, each position once, before it is begun (docs,
    "Layers ahead poured into files"); the second search, the one that holds the lines, holds
    them in memory. Every preset and variant.

    With ``checkpoint``, a file, the search writes the positions waiting there, at most every
    ``checkpoint_seconds`` of CPU time, between two layers or within one between two rounds of
    20,000 of its positions (with those of it searched already), and goes on from the file if
    it is there (`FormatError` if it is damaged, `ValueError` if it is another position's); the
    file is removed once the search has its verdict, and the last one written is kept when the
    budget runs out, so that a larger budget goes on from it (docs, "Stopping and going on").

    With ``workers`` above 1 the positions are shared among that many processes, each
    holding and searching its share of every layer (docs, "On several cores"): the same
    verdict where the budget suffices, other nodes (each process builds the components it
    meets), each share given what is left of the budget for each round of at most 20,000 of
    its positions (so a round may pass the budget by what the other shares count in it), and
    a win searched again, for its line, by this process alone. A checkpoint is the same file
    either way.

    ``on_layer``, if given, is called before each layer after the root's is begun as
    ``on_layer(turned, positions, nodes)``: its cards turned since ``state``, the positions
    waiting in it and the nodes counted so far (in the first search only, not in the second
    one for a win's line; going on from a checkpoint, first for the layer the file holds, and
    from one written within a layer, for that layer, with the positions of it left): the
    progress of a long proof.

    >>> from fourgames.shuffle import derive_seed
    >>> from fourgames.vier_jahreszeiten import CZARINA, new_game
    >>> solve_by_layers(new_game(1, seed=derive_seed(0, "deal", 16), options=CZARINA)).outcome
    <Outcome.LOST: 'lost'>
    """
    if max_positions < 1:
        raise ValueError(f"max_positions must be at least 1, not {max_positions!r}")
    if workers < 1:
        raise ValueError(f"workers must be at least 1, not {workers!r}")
    keeper = None if checkpoint is None else Checkpoint(checkpoint, state, checkpoint_seconds)
    if is_won(state):
        return SolveResult(Outcome.WON, (), 0)
    if workers > 1:
        from fourgames.vier_jahreszeiten._shares import through_shares

        first = through_shares(state, max_positions, workers, keeper, on_layer=on_layer)
    else:
        first = _through_layers(state, max_positions, keeper, on_layer=on_layer)
    if first.outcome is Outcome.UNDECIDED:
        return first
    result = first
    if first.won:  # the search again in this process, up to a win, with lines
        with _WithoutCyclicGC():
            search = _Search(state, max_positions, memory=_LAYERS_MEMORY)
            seen = frozenset(_compact(c) for c in state.seen)
            try:
                found = search.through_layers(_root(state), seen, lines=True)
            except _OutOfBudget:
                return SolveResult(Outcome.UNDECIDED, (), max_positions)
            result = _result(state, search, found)
            result = attrs.evolve(result, nodes=first.nodes + result.nodes)
    if keeper is not None:
        keeper.remove()
    return result


def _through_layers(
    state: State,
    max_positions: int,
    keeper: Checkpoint | None,
    pour: int = _POUR,
    on_layer: Callable[[int, int, int], None] | None = None,
    hold: Callable[[_Held], None] | None = None,
    round_size: int = _ROUND,
) -> SolveResult:
    """The search by layers from ``state`` in this process: WON (with no line), LOST or
    UNDECIDED; with a ``keeper``, written there between layers and between rounds of
    ``round_size`` positions within one, and gone on from its file, beside which the layers
    ahead are poured (`_Waiting`), else in the system's temporary folder; ``on_layer`` as
    `solve_by_layers` calls it, and ``hold`` as `_Search.through_layers` does."""
    folder = None if keeper is None else str(keeper.path.parent)
    with _WithoutCyclicGC():
        search = _Search(state, max_positions, memory=_LAYERS_MEMORY)
        seen = frozenset(_compact(c) for c in state.seen)
        held: _Held | None = None
        searched: _Waiting | None = None
        if keeper is not None:
            nodes = keeper.read_nodes()
            if nodes is not None and nodes > max_positions:
                return SolveResult(Outcome.UNDECIDED, (), max_positions)
            if nodes is not None:
                read = keeper.read(search.rules.is_written, lambda: _Waiting(False, folder, pour))
                held, searched = read.layers, read.searched
                search.nodes = nodes - read.twice

        def begin(ahead: _Held) -> None:
            if hold is not None:
                hold(ahead)
            if on_layer is not None:
                least = min(ahead)
                on_layer(least, len(ahead[least]), search.nodes)
            if keeper is not None and keeper.is_due():
                keeper.write(search.nodes, ahead)

        def pause(layers: _Layers) -> None:
            if keeper is not None and keeper.is_due():
                searched, waiting = layers.within()
                keeper.write(search.nodes, waiting, searched)

        if searched is not None and held is not None and on_layer is not None:
            least = min(held)
            on_layer(least, len(held[least]), search.nodes)

        try:
            found = search.through_layers(_root(state), seen, lines=False, held=held,
                                          searched=searched, hold=begin, pause=pause,
                                          folder=folder, pour=pour,
                                          round_size=round_size)  # fmt: skip
        except _OutOfBudget:
            return SolveResult(Outcome.UNDECIDED, (), max_positions)
    return SolveResult(Outcome.LOST if found is None else Outcome.WON, (), search.nodes)


_RankPosition = tuple[_Piles, bytes, tuple[int, ...]]
"""A position of Czarina by ranks: (the piles, each card written as the clubs card of its rank,
sorted; the waste; the foundation counts)."""


def prove_lost_by_ranks(state: State, *, max_positions: int = DEFAULT_MAX_POSITIONS) -> SolveResult:
    """Search *Czarina by ranks*, where the suits of the cross are forgotten, for a win: LOST
    when it has none, which proves ``state`` lost; UNDECIDED when it has one (which proves
    nothing) or more than ``max_positions`` positions would be needed.

    A foundation there takes the card it wants from the top of any pile whose top card has
    that card's rank, as long as the card lies somewhere in the cross; every other move is the
    game's own (§5, §7.2), and a pile that empties is refilled from the stock at once. Every
    line of the real game is a line of Czarina by ranks (a move home from the top of a pile
    takes the pile's top, whose rank is the card's), so where it has no win, neither has the
    game. Its positions are searched by cards turned, each once, and a position is cut off
    where the solver's dead-end tests find every position of the game lost that it stands for
    (`_ByRanks.is_dead_end`). It proves lost some deals that `solve` leaves undecided at its
    default budget (docs, "Czarina by ranks, searched through").

    Only for Czarina with the stock refill and without sequence moves (``ValueError``
    otherwise); the guard's history is not looked at, for it changes no verdict.

    >>> from fourgames.shuffle import derive_seed
    >>> from fourgames.vier_jahreszeiten import CZARINA, new_game
    >>> prove_lost_by_ranks(new_game(1, seed=derive_seed(0, "deal", 16), options=CZARINA))
    SolveResult(outcome=<Outcome.LOST: 'lost'>, line=(), nodes=16782)
    """
    if not _plays_by_ranks(state.options):
        raise ValueError(
            "prove_lost_by_ranks plays Czarina with the stock refill and no sequence moves"
        )
    if max_positions < 1:
        raise ValueError(f"max_positions must be at least 1, not {max_positions!r}")
    with _WithoutCyclicGC():
        return _ByRanks(state).search(max_positions)


def _plays_by_ranks(options: Options) -> bool:
    """Whether `prove_lost_by_ranks` plays a game under ``options``: Czarina with the stock
    refill and no sequence moves."""
    return (
        options.czarina
        and options.czarina_fill is CzarinaFill.STOCK
        and options.run_move is None
        and options.layout is Layout.CROSS
    )


class _ByRanks:
    """Czarina by ranks (`prove_lost_by_ranks`) from ``state``."""

    def __init__(self, state: State) -> None:
        self.tests = _Search(state, 0)
        self.rules = rules = self.tests.rules
        self.clubs = [_RANK[c] - 1 for c in range(52)]
        """Each card as the clubs card of its rank, which builds as it does."""
        self.root: _RankPosition = (
            _config([bytes(self.clubs[_INT[c]] for c in pile) for pile in state.piles]),
            bytes(_INT[c] for c in state.waste),
            state.foundations,
        )
        self.stock = rules.stock

    def search(self, max_positions: int) -> SolveResult:
        """Every position, layer by layer of cards turned, each once: LOST when no win is
        found. At most ``max_positions`` are searched, and as many kept for the next layer."""
        positions = 0
        layer: set[_RankPosition] = {self.root}
        for sp in range(len(self.stock) + 1):
            todo = list(layer)
            after: set[_RankPosition] = set()
            while todo:
                positions += 1
                if positions > max_positions:
                    return SolveResult(Outcome.UNDECIDED, (), max_positions)
                for turned, position in self.moves(sp, todo.pop()):
                    if sum(position[2]) == 52:
                        return SolveResult(Outcome.UNDECIDED, (), positions)
                    if self.is_dead_end(turned, position):
                        continue
                    if turned > sp:
                        after.add(position)
                        if len(after) > max_positions:  # the next layer alone is too large
                            return SolveResult(Outcome.UNDECIDED, (), max_positions)
                    elif position not in layer:
                        layer.add(position)
                        todo.append(position)
            layer = after
        return SolveResult(Outcome.LOST, (), positions)

    def moves(self, sp: int, position: _RankPosition) -> Iterator[tuple[int, _RankPosition]]:
        """Every move from ``position`` with ``sp`` cards turned, as (cards turned after it,
        the position after it), a pile that empties refilled from the stock."""
        piles, waste, found = position
        fit, clubs = self.rules.fit, self.clubs
        wanted = self.rules.wanted(found)
        if waste:
            card = waste[-1]
            if card in wanted:
                yield sp, (piles, waste[:-1], _home(found, card))
            for i, pile in enumerate(piles):
                if pile and fit[clubs[card]][pile[-1]]:
                    after = _put(piles, i, pile + bytes((clubs[card],)))
                    yield sp, (_config(after), waste[:-1], found)
        left = self.stock[sp:]
        for card in wanted:
            if card < 0 or card in waste or card in left:
                continue  # complete, or not in the cross
            for i, pile in enumerate(piles):
                if pile and pile[-1] == clubs[card] and pile not in piles[:i]:
                    yield self.settled(sp, _put(piles, i, pile[:-1]), waste, _home(found, card))
        for i, pile in enumerate(piles):
            if not pile or pile in piles[:i]:
                continue
            for j, target in enumerate(piles):
                if j != i and target and fit[pile[-1]][target[-1]]:
                    yield self.settled(sp, _shift(piles, i, 1, j), waste, found)
        if sp < len(self.stock):
            yield sp + 1, (piles, waste + self.stock[sp : sp + 1], found)

    def settled(
        self, sp: int, piles: list[bytes], waste: bytes, found: tuple[int, ...]
    ) -> tuple[int, _RankPosition]:
        """The position after a move from pile to pile or home: a pile that emptied takes the
        stock's next card (§7.2)."""
        if b"" in piles and sp < len(self.stock):
            piles[piles.index(b"")] = bytes((self.clubs[self.stock[sp]],))
            sp += 1
        return sp, (_config(piles), waste, found)

    def is_dead_end(self, sp: int, position: _RankPosition) -> bool:
        """Whether every position of the game that ``position`` stands for is lost: by
        `_Search.dead_end`, where it needs nothing of the cross, or by the release bound with
        the cards lying on cards in the cross (`_Rules.uncovered`), which counts them by place
        alone, as their clubs cards have them."""
        piles, waste, found = position
        if self.tests.dead_end(sp, waste, found) == (0, 1):
            return True
        return self.tests.is_held_up((piles, sp, waste, found))


def _put(piles: _Piles, i: int, pile: bytes) -> list[bytes]:
    out = list(piles)
    out[i] = pile
    return out


def _home(found: tuple[int, ...], card: int) -> tuple[int, ...]:
    """The foundation counts after ``card`` goes home."""
    s = _SUIT[card]
    return (*found[:s], found[s] + 1, *found[s + 1 :])
