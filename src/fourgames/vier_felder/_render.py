"""A text picture of a Vier Felder table, whole (a state) or as one player sees it."""

from __future__ import annotations

from collections.abc import Sequence

from fourgames.cards import Card, Rank, Suit
from fourgames.vier_felder._rules import (
    FIELDS,
    SUITS_CW,
    Observation,
    Options,
    RoundScore,
    Season,
    State,
    Stockpile,
    season_of,
)

_SEASON_NAME = {
    Season.SUMMER: "Summer",
    Season.AUTUMN: "Autumn",
    Season.WINTER: "Winter",
    Season.SPRING: "Spring",
}
_FORBIDDEN = {
    Season.SUMMER: "",
    Season.AUTUMN: " (no sowing)",
    Season.WINTER: " (no harvest)",
    Season.SPRING: " (no stockpile)",
}


def render(state: State | Observation) -> str:
    """The table: round, square, the four fields with their seasons, stockpiles with kind and
    value, coins, harvest piles and scores, and one hand: the mover's for a state, the
    viewer's own for an observation (the other hands and the draw pile only by their size).

    >>> from fourgames.vier_felder import new_game, observe
    >>> print(render(new_game(2, seed=1)).splitlines()[0])
    Vier Felder, round 1, dealer P0, P1 to move; draw pile 33, coins on square 2
    >>> print(render(observe(new_game(2, seed=1), 0)).splitlines()[0])
    Vier Felder as P0 sees it, round 1, dealer P0, P1 to move; draw pile 33, coins on square 2
    """
    if isinstance(state, Observation):
        return _picture(
            f"Vier Felder as P{state.player} sees it",
            state,
            state.stock_size,
            state.hand_sizes,
            {state.player: state.hand},
            state.scores,
        )
    mover = state.to_move
    hands = {} if mover is None else {mover: state.hands[mover]}
    sizes = tuple(len(hand) for hand in state.hands)
    return _picture("Vier Felder", state, len(state.draw_pile), sizes, hands, state.totals)


def _picture(
    title: str,
    table: State | Observation,
    draw_pile: int,
    hand_sizes: Sequence[int],
    shown: dict[int, tuple[Card, ...]],
    totals: Sequence[int],
) -> str:
    options: Options = table.options
    mover = "game over" if table.to_move is None else f"P{table.to_move} to move"
    on_square = len(hand_sizes) - sum(table.coins)
    lines = [
        f"{title}, round {table.round}, dealer P{table.dealer}, {mover}; "
        f"draw pile {draw_pile}, coins on square {on_square}"
    ]
    if options.joker_sun:
        lines.append(f"Joker (sun) points at field {table.summer_field}")
    else:
        lines.append(f"Square: ♥ edge at field {table.summer_field}")
    for f in range(FIELDS):
        season = season_of(table.summer_field, f)
        suit = SUITS_CW[(f - table.summer_field) % 4]
        items = [str(c) for c in table.loose[f]] + [_pile(s) for s in table.stockpiles[f]]
        contents = ", ".join(items) if items else "(empty)"
        lines.append(f"  f{f} {suit.symbol} {_SEASON_NAME[season]}{_FORBIDDEN[season]}: {contents}")
    for p, size in enumerate(hand_sizes):
        pile = table.harvested[p]
        hearts = sum(1 for c in pile if c.suit is Suit.HEARTS)
        spades = sum(1 for c in pile if c.suit is Suit.SPADES)
        aces = sum(1 for c in pile if c.rank is Rank.ACE)
        hand = " ".join(map(str, shown[p])) if p in shown else f"{size} cards"
        lines.append(
            f"P{p}{'*' if p == table.to_move else ' '} hand {hand or '-'} | harvest {len(pile)} "
            f"(♥{hearts} ♠{spades} A{aces}) | coins {table.coins[p]} | total {totals[p]}"
        )
    if table.history:
        lines.append(_scored(table.history[-1]))
    return "\n".join(lines)


def _pile(pile: Stockpile) -> str:
    return f"{pile.kind.value.upper()} {pile.value} [{' '.join(map(str, pile.cards))}]"


def _scored(last: RoundScore) -> str:
    def who(player: int | None) -> str:
        return "-" if player is None else f"P{player}"

    return (
        f"Round {last.round} scored: cards {list(last.cards)} (+4 {who(last.most_cards)}), "
        f"♥ {list(last.hearts)} (+2 {who(last.most_hearts)}), "
        f"♠ {list(last.spades)} (−2 {who(last.most_spades)}), aces {list(last.aces)}, "
        f"coins {list(last.coins)}; points {list(last.points)}, totals {list(last.totals)}"
    )
