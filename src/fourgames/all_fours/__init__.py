"""All Fours (Seven Up): an old English trick-taking game for 2–4 players.

High, Low, Jack and Game are the four points of every hand; the first side to 7 wins. Begging
and running the cards settle trump; presets `LONG` (to 11), `PITCH` (blind, trump set by the
first lead) and `TRINIDAD` (to 14, counter-clockwise, hang jack 3). Rules:
``docs/games/all-fours.md``.

>>> from fourgames import all_fours
>>> state = all_fours.new_game(2, seed=1)
>>> all_fours.is_terminal(state), all_fours.legal_actions(state)
(False, (Stand(), Beg()))
>>> state = all_fours.apply(state, all_fours.Stand())
>>> state.phase, len(all_fours.legal_actions(state))
(<Phase.PLAY: 'play'>, 6)
"""

from __future__ import annotations

from fourgames.all_fours._render import render
from fourgames.all_fours._rules import (
    CARD_POINTS,
    GAME_ID,
    HAND_SIZE,
    LONG,
    MAX_PLAYERS,
    MIN_PLAYERS,
    PITCH,
    PRESETS,
    RULES_VERSION,
    SEVEN_UP,
    TRINIDAD,
    Action,
    Award,
    AwardKind,
    Beg,
    Begging,
    Discard,
    Give,
    HandSheet,
    InPlay,
    Observation,
    Options,
    Phase,
    Play,
    Run,
    Stand,
    State,
    Trick,
    apply,
    card_points,
    current_player,
    events,
    from_deck,
    game_winner,
    is_legal,
    is_terminal,
    legal_actions,
    max_game_length,
    new_game,
    observe,
    parse_action,
    score_sheet,
    scores,
    side_of,
    stack_deck,
    target_of,
    trick_winner,
    validate,
    winners,
)

__all__ = [
    "CARD_POINTS",
    "GAME_ID",
    "HAND_SIZE",
    "LONG",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "PITCH",
    "PRESETS",
    "RULES_VERSION",
    "SEVEN_UP",
    "TRINIDAD",
    "Action",
    "Award",
    "AwardKind",
    "Beg",
    "Begging",
    "Discard",
    "Give",
    "HandSheet",
    "InPlay",
    "Observation",
    "Options",
    "Phase",
    "Play",
    "Run",
    "Stand",
    "State",
    "Trick",
    "apply",
    "card_points",
    "current_player",
    "events",
    "from_deck",
    "game_winner",
    "is_legal",
    "is_terminal",
    "legal_actions",
    "max_game_length",
    "new_game",
    "observe",
    "parse_action",
    "render",
    "score_sheet",
    "scores",
    "side_of",
    "stack_deck",
    "target_of",
    "trick_winner",
    "validate",
    "winners",
]
