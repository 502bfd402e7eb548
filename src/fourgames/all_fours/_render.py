"""A text picture of an All Fours table, with the score sheet: the whole table for a state, the
player's-eye picture for an observation."""

from __future__ import annotations

from fourgames.all_fours._rules import (
    TRICKS_PER_HAND,
    HandSheet,
    Observation,
    Phase,
    State,
    card_points,
    current_player,
    score_sheet,
    side_of,
    target_of,
)
from fourgames.cards import Card


def _cards(items: tuple[Card, ...]) -> str:
    return " ".join(str(card) for card in items) or "-"


def side_name(side: int, players: int) -> str:
    """``P1`` for a player's own side, ``P0+P2`` / ``P1+P3`` for a partnership."""
    return f"P{side}+P{side + 2}" if players == 4 else f"P{side}"


def _sheet_line(sheet: HandSheet, players: int) -> str:
    trump = sheet.trump.symbol if sheet.trump is not None else "-"
    head = (
        f"hand {sheet.number + 1}: dealer P{sheet.dealer}, turn-up {_cards(sheet.turnups)}, "
        f"trump {trump}, {sheet.begging.value}"
    )
    if sheet.thrown_in:
        head += ", thrown in"
    awards = ", ".join(
        f"{award.kind.value} {side_name(award.side, players)}"
        + (f" +{award.points}" if award.points != 1 else "")
        for award in sheet.awards
    )
    line = f"{head}: {awards or 'no points'}"
    if sheet.card_points:
        line += f" (card points {':'.join(str(points) for points in sheet.card_points)})"
    return line


def render(state: State | Observation) -> str:
    """The table: scores, trump and turn-ups, the tricks, the mover's hand and the score sheet.

    For an observation, the viewer's hand and discards instead of the mover's hand, and of the
    other players only how many cards they hold and discarded.
    """
    if isinstance(state, Observation):
        players, mover, stock = state.players, state.to_move, state.stock_size
        side_scores = state.scores[: 2 if players == 4 else players]
    else:
        players, mover, stock = len(state.hands), current_player(state), len(state.stock)
        side_scores = state.scores
    lines = _table(state, players, side_scores, mover, stock)
    if isinstance(state, Observation):
        lines.append(f"Hand of P{state.player} (you): {_cards(state.hand)}")
        if state.discards:
            lines.append(f"Your discards: {_cards(state.discards)}")
        counts = [
            f"P{seat} {size}" + (f" (+{gone} discarded)" if gone else "")
            for seat, (size, gone) in enumerate(
                zip(state.hand_sizes, state.discard_counts, strict=True)
            )
        ]
        lines.append(f"Cards held: {'  '.join(counts)}")
    elif mover is not None:
        lines.append(f"Hand of P{mover}: {_cards(state.hands[mover])}")
    lines.append("Score sheet:")
    lines.extend(f"  {_sheet_line(sheet, players)}" for sheet in score_sheet(state))
    return "\n".join(lines)


def _table(
    state: State | Observation,
    players: int,
    side_scores: tuple[int, ...],
    mover: int | None,
    stock: int,
) -> list[str]:
    """The lines both pictures share: variant, scores, trump and turn-ups, phase, tricks."""
    options = state.options
    variant = [f"{players} players", f"target {target_of(options)}"]
    if options.blind:
        variant.append("Pitch")
    if options.trinidad:
        variant.append("Trinidad")
    lines = [f"All Fours · {' · '.join(variant)} · hand {state.hand_number + 1}"]
    lines.append(
        "Scores: "
        + "  ".join(f"{side_name(side, players)} {score}" for side, score in enumerate(side_scores))
    )
    trump = state.trump.symbol if state.trump is not None else "-"
    lines.append(
        f"Dealer P{state.dealer} · turn-ups {_cards(state.turnups)} · trump {trump} · "
        f"{state.begging.value} · stock {stock}"
    )
    if state.phase is Phase.OVER:
        won = [side for side, score in enumerate(side_scores) if score >= target_of(options)]
        lines.append(f"Game over: {' '.join(side_name(side, players) for side in won)} won")
    else:
        lines.append(f"Phase: {state.phase.value} · to move: P{mover}")
    won_tricks = [0] * len(side_scores)
    for trick in state.tricks:
        won_tricks[side_of(trick.winner, players)] += 1
    if state.tricks or state.trick:
        lines.append(
            "Tricks won: "
            + "  ".join(
                f"{side_name(side, players)} {count}" for side, count in enumerate(won_tricks)
            )
        )
        for number, trick in enumerate(state.tricks, start=1):
            lines.append(
                f"  trick {number}: P{trick.leader} leads {_cards(trick.cards)} → P{trick.winner}"
            )
        if state.trick:
            lines.append(f"Current trick: P{state.leader} leads {_cards(state.trick)}")
    if len(state.tricks) == TRICKS_PER_HAND:
        lines.append(f"Card points: {':'.join(str(p) for p in card_points(state))}")
    return lines
