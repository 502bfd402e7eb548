"""A text picture of a Vier Jahreszeiten table: the cross as a cross, the four corners.

A state and its observation give the same picture: it shows the stock's size, never its order.
"""

from __future__ import annotations

from fourgames.cards import DECK_52, Suit
from fourgames.vier_jahreszeiten._rules import Layout, Observation, State, foundation_cards

Table = State | Observation
"""What `render` draws: a state, or what the player sees of it."""

_RANK_TEXT = {(1 if c.rank == 14 else int(c.rank)): c.rank.symbol for c in DECK_52}
_CROSS_ROWS = ((None, 3, None), (0, 1, 2), (None, 4, None))
"""Display order of the deal (§3): left, centre, right, top, bottom."""


def _pile_text(state: Table, index: int) -> str:
    pile = state.piles[index]
    return f"{index}: " + (" ".join(str(c) for c in pile) if pile else "—")


def _corner(state: Table, suit: Suit) -> str:
    count = state.foundations[list(Suit).index(suit)]
    if not count:
        return f"{suit.symbol} —"
    top = foundation_cards(state.base, suit, count)[-1]
    return f"{suit.symbol} {top} ({count})"


def render(state: State | Observation) -> str:
    """The table: the corners (foundations, fixed one suit per corner), the tableau, the waste
    top and the stock count (of a state, or of the player's observation of one).

    >>> from fourgames.vier_jahreszeiten import new_game
    >>> print(render(new_game(1, seed=1)))
    ♣ 9♣ (1)               ♦ —
             3: 5♣
    0: 10♠   1: 10♥   2: 3♥
             4: 4♦
    ♥ —                    ♠ —
    base 9 · waste — (0) · stock 46
    """
    corners = [_corner(state, suit) for suit in Suit]
    lines: list[str] = []
    if state.options.layout is Layout.CROSS:
        width = max(len(_pile_text(state, i)) for i in range(5)) + 3
        cells = [
            "".join(("" if i is None else _pile_text(state, i)).ljust(width) for i in row).rstrip()
            for row in _CROSS_ROWS
        ]
        corner_width = max(len(cells[1]), len(corners[0]) + 2, width * 2)
        lines.append(corners[0].ljust(corner_width) + corners[1])
        lines.extend(cells)
        lines.append(corners[2].ljust(corner_width) + corners[3])
    else:
        lines.append("   ".join(corners))
        lines.extend(_pile_text(state, i) for i in range(len(state.piles)))
    waste = str(state.waste[-1]) if state.waste else "—"
    base = _RANK_TEXT[state.base]
    stock = state.stock_size if isinstance(state, Observation) else len(state.stock)
    lines.append(f"base {base} · waste {waste} ({len(state.waste)}) · stock {stock}")
    return "\n".join(line.rstrip() for line in lines)
