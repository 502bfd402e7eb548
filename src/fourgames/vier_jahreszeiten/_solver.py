"""An exact solver for Vier Jahreszeiten, for a player who knows the order of the stock.

Depth-first search over positions with a transposition table keyed on the canonical position
(the tableau as a multiset of piles, §6). The search ignores the no-repetition guard and
instead never enters a position twice; a line without repeated positions is always legal under
the guard, and any winning line can be shortened to one (§6 "lossless"). The configurations
the root's guard has already seen are entered into the table first, so the line found is legal
from the given state.

Pruning (provably safe): a free card whose foundation accepts it is moved there at once, as the
only move, when no card that could be built on it is left off the foundations (it can never
serve as a target again, and moving it only frees what lies below). In Czarina it applies only
when the move triggers no automatic refill.
"""

from __future__ import annotations

import enum
from collections.abc import Iterator
from typing import Final

import attrs

from fourgames.cards import DECK_52, Card, Rank, Suit
from fourgames.vier_jahreszeiten._rules import (
    Action,
    Build,
    CzarinaFill,
    Fill,
    Layout,
    MoveRun,
    RunMove,
    State,
    ToFoundation,
    Turn,
    canonical,
)

__all__ = ["Outcome", "SolveResult", "solve"]

DEFAULT_MAX_NODES: Final = 200_000

# Cards as ints: suit * 13 + rank - 1 (A=1 … K=13), suits ♣ ♦ ♥ ♠.
_SUITS: Final = tuple(Suit)
_INT: Final[dict[Card, int]] = {
    c: _SUITS.index(c.suit) * 13 + (0 if c.rank is Rank.ACE else int(c.rank) - 1) for c in DECK_52
}
_CARD: Final[dict[int, Card]] = {i: c for c, i in _INT.items()}
_RANK: Final = [i % 13 + 1 for i in range(52)]
_SUIT: Final = [i // 13 for i in range(52)]
_RED: Final = [_SUIT[i] in (1, 2) for i in range(52)]


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
    """Positions entered into the transposition table."""

    @property
    def won(self) -> bool:
        """Whether a winning line was found."""
        return self.outcome is Outcome.WON


_Piles = tuple[tuple[int, ...], ...]
_Node = tuple[_Piles, int, tuple[int, ...], tuple[int, ...]]
"""(piles, stock pointer, waste, foundation counts)."""
_Move = tuple[int, int, int]
"""(kind, card, pile): kind 0 turn, 1 to foundation, 2 build, 3 fill, 4 run."""


class _Search:
    def __init__(self, state: State) -> None:
        options = state.options
        self.base = state.base
        self.stock = tuple(_INT[c] for c in state.stock)
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
        # The cards that could be built on each card (for the safe-move rule).
        self.under = [[u for u in range(52) if self.fit[u][c]] for c in range(52)]
        self.czarina = options.czarina
        self.pysol = options.czarina and options.czarina_fill is CzarinaFill.WASTE_PYSOL
        self.fills = not options.czarina or self.pysol
        self.run_move = options.run_move

    # -- rules on the compact position (mirrors _rules.py) --

    def next_rank(self, suit_count: int) -> int:
        return (self.base - 1 + suit_count) % 13 + 1

    def fits_foundation(self, card: int, found: tuple[int, ...]) -> bool:
        count = found[_SUIT[card]]
        if count == 0:
            return _RANK[card] == self.base
        return count < 13 and _RANK[card] == self.next_rank(count)

    def is_home(self, card: int, found: tuple[int, ...]) -> bool:
        count = found[_SUIT[card]]
        if count == 0:
            return False
        return (_RANK[card] - self.base) % 13 < count

    def settle(
        self, piles: _Piles, sp: int, waste: tuple[int, ...]
    ) -> tuple[_Piles, int, tuple[int, ...]]:
        if not self.czarina:
            return piles, sp, waste
        stock = self.stock
        if not self.pysol:
            if sp < len(stock) and () in piles:
                out = list(piles)
                for i, pile in enumerate(out):
                    if not pile and sp < len(stock):
                        out[i] = (stock[sp],)
                        sp += 1
                piles = tuple(out)
            return piles, sp, waste
        while True:
            if not waste and sp < len(stock):
                waste = (stock[sp],)
                sp += 1
            elif waste and () in piles:
                i = piles.index(())
                piles = (*piles[:i], (waste[-1],), *piles[i + 1 :])
                waste = waste[:-1]
            else:
                return piles, sp, waste

    def triggers_refill(self, emptied_pile: bool, from_waste: bool, node: _Node) -> bool:
        _, sp, waste, _ = node
        if not self.czarina:
            return False
        if self.pysol:
            return emptied_pile or (from_waste and len(waste) == 1 and sp < len(self.stock))
        return emptied_pile and sp < len(self.stock)

    def children(self, node: _Node, *, prune: bool = True) -> Iterator[tuple[_Move, _Node]]:
        piles, sp, waste, found = node
        fit = self.fit
        # Safe foundation moves first; one of them is the only move.
        for i, pile in enumerate(piles if prune else ()):
            if pile:
                c = pile[-1]
                if (
                    self.fits_foundation(c, found)
                    and self.is_safe(c, found)
                    and not self.triggers_refill(len(pile) == 1, False, node)
                ):
                    yield (1, c, i), self.after_foundation(node, c, i)
                    return
        if waste and prune:
            c = waste[-1]
            if (
                self.fits_foundation(c, found)
                and self.is_safe(c, found)
                and not self.triggers_refill(False, True, node)
            ):
                yield (1, c, -1), self.after_foundation(node, c, -1)
                return
        # Foundation moves.
        for i, pile in enumerate(piles):
            if pile and self.fits_foundation(pile[-1], found):
                yield (1, pile[-1], i), self.after_foundation(node, pile[-1], i)
        if waste and self.fits_foundation(waste[-1], found):
            yield (1, waste[-1], -1), self.after_foundation(node, waste[-1], -1)
        empty = piles.index(()) if () in piles else -1
        # From the waste.
        if waste:
            c = waste[-1]
            for j, dst in enumerate(piles):
                if dst and fit[c][dst[-1]]:
                    new = (*piles[:j], (*dst, c), *piles[j + 1 :])
                    yield (2, c, j), self.node(new, sp, waste[:-1], found)
        # Tableau to tableau: builds, then runs.
        for i, pile in enumerate(piles):
            if not pile:
                continue
            c = pile[-1]
            for j, dst in enumerate(piles):
                if j != i and dst and fit[c][dst[-1]]:
                    yield (2, c, j), self.node(_shift(piles, i, 1, j), sp, waste, found)
            if self.run_move is None or len(pile) < 2:
                continue
            depths = range(2, len(pile) + 1) if self.run_move is RunMove.ANY_TAIL else (len(pile),)
            for depth in depths:
                low = pile[-depth]
                for j, dst in enumerate(piles):
                    if j != i and dst and fit[low][dst[-1]]:
                        yield (4, low, j), self.node(_shift(piles, i, depth, j), sp, waste, found)
                if (
                    self.run_move is RunMove.ANY_TAIL
                    and self.fills
                    and empty >= 0
                    and depth < len(pile)
                ):
                    yield (
                        (4, low, empty),
                        self.node(_shift(piles, i, depth, empty), sp, waste, found),
                    )
        if sp < len(self.stock):
            yield (0, self.stock[sp], -1), self.node(piles, sp + 1, (*waste, self.stock[sp]), found)
        # Fills: one empty pile stands for all (they are interchangeable).
        if empty >= 0 and self.fills:
            if waste:
                c = waste[-1]
                new = (*piles[:empty], (c,), *piles[empty + 1 :])
                yield (3, c, empty), self.node(new, sp, waste[:-1], found)
            for i, pile in enumerate(piles):
                if len(pile) >= 2:
                    yield (
                        (3, pile[-1], empty),
                        self.node(_shift(piles, i, 1, empty), sp, waste, found),
                    )

    def is_safe(self, card: int, found: tuple[int, ...]) -> bool:
        return all(self.is_home(u, found) for u in self.under[card])

    def after_foundation(self, node: _Node, card: int, src: int) -> _Node:
        piles, sp, waste, found = node
        s = _SUIT[card]
        found = (*found[:s], found[s] + 1, *found[s + 1 :])
        if src < 0:
            return self.node(piles, sp, waste[:-1], found)
        return self.node((*piles[:src], piles[src][:-1], *piles[src + 1 :]), sp, waste, found)

    def node(self, piles: _Piles, sp: int, waste: tuple[int, ...], found: tuple[int, ...]) -> _Node:
        piles, sp, waste = self.settle(piles, sp, waste)
        return (piles, sp, waste, found)


def _shift(piles: _Piles, src: int, depth: int, dst: int) -> _Piles:
    out = list(piles)
    out[dst] = piles[dst] + piles[src][-depth:]
    out[src] = piles[src][:-depth]
    return tuple(out)


def _key(node: _Node) -> object:
    piles, sp, waste, found = node
    return (tuple(sorted(piles)), sp, waste, found)


def _action(move: _Move) -> Action:
    kind, card, pile = move
    if kind == 0:
        return Turn()
    c = _CARD[card]
    if kind == 1:
        return ToFoundation(c)
    if kind == 2:
        return Build(c, pile)
    if kind == 3:
        return Fill(c, pile)
    return MoveRun(c, pile)


def solve(state: State, *, max_nodes: int = DEFAULT_MAX_NODES) -> SolveResult:
    """Search every line from ``state`` (knowing the stock) for a win.

    Returns WON with a winning line (legal from ``state``, guard included), LOST when no line
    wins, or UNDECIDED when more than ``max_nodes`` positions would be needed.

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
    search = _Search(state)
    stock_pointer = 0
    root: _Node = (
        tuple(tuple(_INT[c] for c in pile) for pile in state.piles),
        stock_pointer,
        tuple(_INT[c] for c in state.waste),
        state.foundations,
    )
    if sum(state.foundations) == 52:
        return SolveResult(Outcome.WON, (), 0)
    # The stock is searched from its current top: the pointer counts cards turned since now.
    visited: set[object] = {_key(root)}
    here = canonical(state.piles)
    for config in state.seen:
        if config != here:
            piles = tuple(tuple(_INT[c] for c in pile) for pile in config)
            visited.add(_key((piles, stock_pointer, root[2], root[3])))
    nodes = 1
    stack: list[Iterator[tuple[_Move, _Node]]] = [search.children(root)]
    line: list[_Move] = []
    while stack:
        for move, child in stack[-1]:
            if sum(child[3]) == 52:
                line.append(move)
                return SolveResult(Outcome.WON, tuple(_action(m) for m in line), nodes)
            key = _key(child)
            if key in visited:
                continue
            visited.add(key)
            nodes += 1
            if nodes > max_nodes:
                return SolveResult(Outcome.UNDECIDED, (), nodes)
            stack.append(search.children(child))
            line.append(move)
            break
        else:
            stack.pop()
            if line:
                line.pop()
    return SolveResult(Outcome.LOST, (), nodes)
