"""Vier Jahreszeiten (Vanishing Cross, Four Seasons): a solitaire, with Czarina and Simplicity.

Rules: ``docs/games/vier-jahreszeiten.md`` (spec sections are cited as §n in the code).

>>> from fourgames import vier_jahreszeiten as vj
>>> state = vj.new_game(1, seed=1)
>>> vj.is_terminal(state), vj.legal_actions(state)[-1], vj.scores(state)
(False, Turn(), (1,))
>>> state = vj.apply(state, vj.TURN)
>>> len(state.stock), len(state.waste)
(45, 1)
"""

from __future__ import annotations

from fourgames.vier_jahreszeiten._render import render
from fourgames.vier_jahreszeiten._rules import (
    CZARINA,
    GAME_ID,
    MAX_PLAYERS,
    MIN_PLAYERS,
    PRESETS,
    RULES_VERSION,
    SIMPLICITY,
    TURN,
    VANISHING_CROSS,
    Action,
    Build,
    Config,
    CzarinaFill,
    Fill,
    Layout,
    MoveRun,
    Observation,
    Options,
    RunMove,
    State,
    ToFoundation,
    Turn,
    all_cards,
    apply,
    canonical,
    current_player,
    events,
    foundation_cards,
    is_legal,
    is_terminal,
    is_won,
    legal_actions,
    max_game_length,
    new_game,
    observe,
    parse_action,
    pile_count,
    position,
    rank_value,
    scores,
    validate,
    winners,
)
from fourgames.vier_jahreszeiten._solver import Outcome, SolveResult, solve

__all__ = [
    "CZARINA",
    "GAME_ID",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "PRESETS",
    "RULES_VERSION",
    "SIMPLICITY",
    "TURN",
    "VANISHING_CROSS",
    "Action",
    "Build",
    "Config",
    "CzarinaFill",
    "Fill",
    "Layout",
    "MoveRun",
    "Observation",
    "Options",
    "Outcome",
    "RunMove",
    "SolveResult",
    "State",
    "ToFoundation",
    "Turn",
    "all_cards",
    "apply",
    "canonical",
    "current_player",
    "events",
    "foundation_cards",
    "is_legal",
    "is_terminal",
    "is_won",
    "legal_actions",
    "max_game_length",
    "new_game",
    "observe",
    "parse_action",
    "pile_count",
    "position",
    "rank_value",
    "render",
    "scores",
    "solve",
    "validate",
    "winners",
]
