"""Vier Jahreszeiten (Vanishing Cross, Four Seasons): a solitaire, with Czarina and Simplicity.

The game: ``docs/games/vier-jahreszeiten.md``; the rules text: ``docs/rules/vier-jahreszeiten.md``
(its sections are cited as §n in the code).

>>> from fourgames import vier_jahreszeiten as vj
>>> state = vj.new_game(1, seed=1)
>>> vj.is_terminal(state), vj.legal_actions(state)[-1], vj.scores(state)
(False, Turn(), (1,))
>>> state = vj.apply(state, vj.TURN)
>>> len(state.stock), len(state.waste)
(45, 1)
"""

from __future__ import annotations

from typing import Final

from fourgames._compiled import is_compiled
from fourgames.vier_jahreszeiten import _solver
from fourgames.vier_jahreszeiten._heuristic import HeuristicBot
from fourgames.vier_jahreszeiten._render import render
from fourgames.vier_jahreszeiten._rules import (
    ACTIONS,
    CZARINA,
    GAME_ID,
    INFO,
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
    apply_unchecked,
    canonical,
    check,
    current_player,
    events,
    find_action,
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
    upgrade_json,
    validate,
    validate_observation,
    winners,
)
from fourgames.vier_jahreszeiten._sample import sample_state
from fourgames.vier_jahreszeiten._solver import (
    Outcome,
    SolveResult,
    prove_lost_by_ranks,
    solve,
    solve_by_layers,
)

SOLVER_COMPILED: Final = is_compiled(_solver)
"""Whether `solve` runs compiled: the optional build of docs/performance.md."""

__all__ = [
    "ACTIONS",
    "CZARINA",
    "GAME_ID",
    "INFO",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "PRESETS",
    "RULES_VERSION",
    "SIMPLICITY",
    "SOLVER_COMPILED",
    "TURN",
    "VANISHING_CROSS",
    "Action",
    "Build",
    "Config",
    "CzarinaFill",
    "Fill",
    "HeuristicBot",
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
    "apply_unchecked",
    "canonical",
    "check",
    "current_player",
    "events",
    "find_action",
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
    "prove_lost_by_ranks",
    "rank_value",
    "render",
    "sample_state",
    "scores",
    "solve",
    "solve_by_layers",
    "upgrade_json",
    "validate",
    "validate_observation",
    "winners",
]
