"""A text picture of a 4½ Minuten table."""

from __future__ import annotations

from fourgames.viereinhalb_minuten._deck import Card
from fourgames.viereinhalb_minuten._rules import (
    PILE_NAMES,
    State,
    current_player,
    display_limit,
    round_penalty,
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


def render(state: State) -> str:
    """The table: round and penalties, direction, piles (top card, lock), draw pile and
    laid-aside counts, and every display (``>`` marks the player to move).

    >>> from fourgames.viereinhalb_minuten import new_game
    >>> print(render(new_game(2, seed=1)))  # doctest: +ELLIPSIS
    4½ Minuten · round 1 of 3 · turn 0 · timed (270 s)
    penalties: none yet · total 0 · this round if it ended now: 95
    direction: clockwise · draw pile: 85 cards · laid aside: 0 cards (0 minus points)
    pile A: (not started)
    pile B: (not started)
    > P0: ...
      P1: ...
    """
    options = state.options
    names = options.colour_names
    mover = current_player(state)
    clock = f"timed ({options.time_limit_s} s)" if options.timed else "untimed"
    if options.turn_limit is not None:
        clock += f", turn limit {options.turn_limit}"
    head = f"4½ Minuten · round {state.round} of {options.rounds} · turn {state.turns} · {clock}"
    if mover is None:
        head += " · GAME OVER"
    done = ", ".join(f"round {i}: {p}" for i, p in enumerate(state.penalties, start=1))
    lines = [
        head,
        f"penalties: {done or 'none yet'} · total {sum(state.penalties)}"
        + ("" if mover is None else f" · this round if it ended now: {round_penalty(state)}"),
        f"direction: {'clockwise' if state.direction == 1 else 'counter-clockwise'}"
        f" · draw pile: {_count(len(state.draw_pile))}"
        f" · laid aside: {_count(len(state.aside))} ({2 * len(state.aside)} minus points)",
    ]
    for index in range(2):
        label = f"pile {PILE_NAMES[index]}: "
        if index >= len(state.piles):
            lines.append(label + "(not started)")
            continue
        pile = state.piles[index]
        text = f"{_name(pile[-1], names)} on top ({_count(len(pile))})"
        if state.locked == index:
            text += f" · LOCKED for {state.lock_turns} more turn{'s' * (state.lock_turns != 1)}"
        lines.append(label + text)
    if state.choosing and mover is not None:
        lines.append("the table chooses who starts (player 0 enters it)")
    limit = display_limit(len(state.displays))
    for player, display in enumerate(state.displays):
        marker = ">" if player == mover and not state.choosing else " "
        shown = " ".join(_name(card, names) for card in display) or "(empty)"
        extra = f"  [{len(display)} > {limit}]" if len(display) > limit else ""
        lines.append(f"{marker} P{player}: {shown}{extra}")
    return "\n".join(lines)
