"""A text picture of a Vier Felder table."""

from __future__ import annotations

from fourgames.vier_felder._rules import FIELDS, SUITS_CW, Season, State

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


def render(state: State) -> str:
    """The table: round, square, the four fields with their seasons, stockpiles with kind and
    value, coins, the mover's hand, harvest piles and scores.

    >>> from fourgames.vier_felder import new_game
    >>> print(render(new_game(2, seed=1)).splitlines()[0])
    Vier Felder, round 1, dealer P0, P1 to move; draw pile 33, coins on square 2
    """
    mover = "game over" if state.to_move is None else f"P{state.to_move} to move"
    lines = [
        f"Vier Felder, round {state.round}, dealer P{state.dealer}, {mover}; "
        f"draw pile {len(state.draw_pile)}, coins on square {state.coins_on_square}"
    ]
    if state.options.joker_sun:
        lines.append(f"Joker (sun) points at field {state.summer_field}")
    else:
        lines.append(f"Square: ♥ edge at field {state.summer_field}")
    for f in range(FIELDS):
        season = state.season(f)
        suit = SUITS_CW[(f - state.summer_field) % 4]
        items = [str(c) for c in state.loose[f]] + [
            f"{s.kind.value.upper()} {s.value} [{' '.join(map(str, s.cards))}]"
            for s in state.stockpiles[f]
        ]
        contents = ", ".join(items) if items else "(empty)"
        lines.append(f"  f{f} {suit.symbol} {_SEASON_NAME[season]}{_FORBIDDEN[season]}: {contents}")
    for p, hand in enumerate(state.hands):
        pile = state.harvested[p]
        hearts = sum(1 for c in pile if c.suit.symbol == "♥")
        spades = sum(1 for c in pile if c.suit.symbol == "♠")
        aces = sum(1 for c in pile if c.rank.symbol == "A")
        shown = " ".join(map(str, hand)) if p == state.to_move else f"{len(hand)} cards"
        lines.append(
            f"P{p}{'*' if p == state.to_move else ' '} hand {shown or '-'} | harvest {len(pile)} "
            f"(♥{hearts} ♠{spades} A{aces}) | coins {state.coins[p]} | total {state.totals[p]}"
        )
    if state.history:
        last = state.history[-1]

        def who(player: int | None) -> str:
            return "-" if player is None else f"P{player}"

        lines.append(
            f"Round {last.round} scored: cards {list(last.cards)} (+4 {who(last.most_cards)}), "
            f"♥ {list(last.hearts)} (+2 {who(last.most_hearts)}), "
            f"♠ {list(last.spades)} (−2 {who(last.most_spades)}), aces {list(last.aces)}, "
            f"coins {list(last.coins)}; points {list(last.points)}, totals {list(last.totals)}"
        )
    return "\n".join(lines)
