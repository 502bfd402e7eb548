"""4½ Minuten ("Schwing die Hufe"): the cooperative race against the timer, 2–6 players.

Spec: docs/games/viereinhalb-minuten.md. The team lays the cards of their face-up displays
onto at most two discard piles before 4½ minutes are up; leftover cards are minus points.
The timer is the event `TimeUp`: listed by `events`, never by `legal_actions`.

>>> from fourgames import viereinhalb_minuten as game
>>> state = game.new_game(3, seed=1)
>>> game.is_terminal(state), len(game.legal_actions(state)) > 0, game.events(state)
(False, True, (TimeUp(),))
>>> state = game.apply(state, game.TimeUp())       # the clock ran out: round 1 is scored
>>> state.penalties, game.scores(state)
((95,), (-95, -95, -95))
"""

from __future__ import annotations

from fourgames.viereinhalb_minuten._deck import (
    ALL_CARDS,
    COLOURS,
    DEFAULT_COLOUR_CHANGE_PAIRS,
    STANDARD_DECK,
    VALUES,
    Card,
    Kind,
    build_deck,
    cards,
    shuffled_deck,
    sorted_cards,
)
from fourgames.viereinhalb_minuten._render import render
from fourgames.viereinhalb_minuten._rules import (
    FREE_START,
    GAME_ID,
    LAY_ASIDE_PENALTY,
    LOCK_TURNS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    PLACEHOLDER_RATING_TABLE,
    PRESETS,
    RULEBOOK,
    RULES_VERSION,
    SIMULATED_CLOCK,
    UNTIMED,
    Action,
    ChooseStarter,
    LayAside,
    Observation,
    Options,
    Play,
    RatingBand,
    State,
    TimeUp,
    accepts,
    apply,
    current_player,
    deck,
    display_limit,
    events,
    is_terminal,
    legal_actions,
    max_game_length,
    new_game,
    observe,
    parse_action,
    position,
    rating,
    round_penalty,
    scores,
    total_penalty,
    validate,
    winners,
)

__all__ = [
    "ALL_CARDS",
    "COLOURS",
    "DEFAULT_COLOUR_CHANGE_PAIRS",
    "FREE_START",
    "GAME_ID",
    "LAY_ASIDE_PENALTY",
    "LOCK_TURNS",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "PLACEHOLDER_RATING_TABLE",
    "PRESETS",
    "RULEBOOK",
    "RULES_VERSION",
    "SIMULATED_CLOCK",
    "STANDARD_DECK",
    "UNTIMED",
    "VALUES",
    "Action",
    "Card",
    "ChooseStarter",
    "Kind",
    "LayAside",
    "Observation",
    "Options",
    "Play",
    "RatingBand",
    "State",
    "TimeUp",
    "accepts",
    "apply",
    "build_deck",
    "cards",
    "current_player",
    "deck",
    "display_limit",
    "events",
    "is_terminal",
    "legal_actions",
    "max_game_length",
    "new_game",
    "observe",
    "parse_action",
    "position",
    "rating",
    "render",
    "round_penalty",
    "scores",
    "shuffled_deck",
    "sorted_cards",
    "total_penalty",
    "validate",
    "winners",
]
