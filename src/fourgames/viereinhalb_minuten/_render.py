"""A text picture of a 4½ Minuten table, whole or as one player sees it."""

from __future__ import annotations

from fourgames.viereinhalb_minuten._deck import Card
from fourgames.viereinhalb_minuten._rules import (
    LAY_ASIDE_PENALTY,
    PILE_NAMES,
    Observation,
    State,
    current_player,
    display_limit,
)


def _name(card: Card, names: tuple[str, ...]) -> str:
    text = str(card)
    if not names or not card.colours:
        return text
    inner = text[text.index("(") + 1 : -1].split(",")
    if card.value:
        inner[0] = names[card.colours[0]]
    else:
        inner = [names[colour] for colour in card.colours]
    return f"{text[: text.index('(')]}({','.join(inner)})"


def _count(cards: int) -> str:
    return f"{cards} card" if cards == 1 else f"{cards} cards"


def render(state: State | Observation) -> str:
    """The table: round and penalties, direction, piles (top card, lock), draw pile and
    laid-aside counts, and every display (``>`` marks the player to move). An observation
    shows the same table, all of it face up but the draw pile, and marks the viewer.

    >>> from fourgames.viereinhalb_minuten import new_game, observe
    >>> print(render(new_game(2, seed=1)))  # doctest: +ELLIPSIS
    4½ Minuten · round 1 of 3 · turn 0 · timed (270 s)
    penalties: none yet · total 0 · this round if it ended now: 95
    direction: clockwise · draw pile: 85 cards · laid aside: 0 cards (0 minus points)
    pile A: (not started)
    pile B: (not started)
    > P0: ...
      P1: ...
    >>> print(render(observe(new_game(2, seed=1), 1)).splitlines()[-1])  # doctest: +ELLIPSIS
      P1: ... (you)
    """
    if isinstance(state, Observation):
        return _table(state, state.stock_size, state.to_move, state.player)
    return _table(state, len(state.draw_pile), current_player(state), None)


def _table(table: State | Observation, stock: int, mover: int | None, viewer: int | None) -> str:
    options = table.options
    names = options.colour_names
    clock = f"timed ({options.time_limit_s} s)" if options.timed else "untimed"
    if options.turn_limit is not None:
        clock += f", turn limit {options.turn_limit}"
    played = min(len(table.penalties) + 1, options.rounds)
    head = f"4½ Minuten · round {played} of {options.rounds} · turn {table.turns} · {clock}"
    if mover is None:
        head += " · GAME OVER"
    done = ", ".join(f"round {i}: {p}" for i, p in enumerate(table.penalties, start=1))
    now = stock + sum(map(len, table.displays)) + LAY_ASIDE_PENALTY * len(table.aside)
    lines = [
        head,
        f"penalties: {done or 'none yet'} · total {sum(table.penalties)}"
        + ("" if mover is None else f" · this round if it ended now: {now}"),
        f"direction: {'clockwise' if table.direction == 1 else 'counter-clockwise'}"
        f" · draw pile: {_count(stock)}"
        f" · laid aside: {_count(len(table.aside))} ({2 * len(table.aside)} minus points)",
    ]
    for index in range(2):
        label = f"pile {PILE_NAMES[index]}: "
        if index >= len(table.piles):
            lines.append(label + "(not started)")
            continue
        pile = table.piles[index]
        text = f"{_name(pile[-1], names)} on top ({_count(len(pile))})"
        if table.locked == index:
            text += f" · LOCKED for {table.lock_turns} more turn{'s' * (table.lock_turns != 1)}"
        lines.append(label + text)
    if table.choosing and mover is not None:
        lines.append("the table chooses who starts (player 0 enters it)")
    limit = display_limit(len(table.displays))
    for player, display in enumerate(table.displays):
        marker = ">" if player == mover and not table.choosing else " "
        shown = " ".join(_name(card, names) for card in display) or "(empty)"
        extra = f"  [{len(display)} > {limit}]" if len(display) > limit else ""
        you = " (you)" if player == viewer else ""
        lines.append(f"{marker} P{player}: {shown}{extra}{you}")
    return "\n".join(lines)
