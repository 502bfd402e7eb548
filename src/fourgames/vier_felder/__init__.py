"""Vier Felder: a fishing card game on four fields whose seasons rotate (2–4 players).

Rules: docs/rules/vier-felder.md (its sections are cited as §n in the code); how to use the
module: docs/games/vier-felder.md.

>>> from fourgames import vier_felder
>>> state = vier_felder.new_game(2, seed=1)
>>> vier_felder.current_player(state), len(state.draw_pile), state.season(0)
(1, 33, <Season.SUMMER: 'summer'>)
>>> action = vier_felder.legal_actions(state)[0]
>>> str(action)
'sow 3♦ f0'
>>> [str(card) for card in vier_felder.apply(state, action).loose[0]]
['3♦', '3♥', '10♥', '10♠']
"""

from __future__ import annotations

from typing import Final

from fourgames._compiled import is_compiled
from fourgames.vier_felder import _enumeration
from fourgames.vier_felder._bench import BENCHMARKS
from fourgames.vier_felder._enumeration import legal_actions
from fourgames.vier_felder._heuristic import HeuristicBot
from fourgames.vier_felder._render import render
from fourgames.vier_felder._rules import (
    ACTIONS,
    GAME_ID,
    INFO,
    JOKER_SUN,
    MAX_PLAYERS,
    MIN_PLAYERS,
    PRESETS,
    RULEBOOK,
    RULES,
    RULES_VERSION,
    SUITS_CW,
    VOLLE_ERNTE,
    Action,
    Build,
    FullHarvest,
    Harvest,
    Kind,
    Observation,
    Options,
    RoundScore,
    Season,
    Sow,
    State,
    Stockpile,
    all_cards,
    card_values,
    current_player,
    events,
    game_winners,
    is_season_card,
    is_terminal,
    max_game_length,
    new_game,
    observe,
    parse_action,
    position,
    round_seed,
    score_round,
    scores,
    season_of,
    splits_into_groups,
    stockpile_is_consistent,
    upgrade_json,
    validate,
    validate_observation,
    winners,
)
from fourgames.vier_felder._sample import sample_state

check, is_legal, apply, apply_unchecked, find_action = RULES.verbs(legal_actions)

COMPILED: Final = is_compiled(_enumeration)
"""Whether ``legal_actions`` runs compiled: the optional build of docs/performance.md."""

__all__ = [
    "ACTIONS",
    "BENCHMARKS",
    "COMPILED",
    "GAME_ID",
    "INFO",
    "JOKER_SUN",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "PRESETS",
    "RULEBOOK",
    "RULES_VERSION",
    "SUITS_CW",
    "VOLLE_ERNTE",
    "Action",
    "Build",
    "FullHarvest",
    "Harvest",
    "HeuristicBot",
    "Kind",
    "Observation",
    "Options",
    "RoundScore",
    "Season",
    "Sow",
    "State",
    "Stockpile",
    "all_cards",
    "apply",
    "apply_unchecked",
    "card_values",
    "check",
    "current_player",
    "events",
    "find_action",
    "game_winners",
    "is_legal",
    "is_season_card",
    "is_terminal",
    "legal_actions",
    "max_game_length",
    "new_game",
    "observe",
    "parse_action",
    "position",
    "render",
    "round_seed",
    "sample_state",
    "score_round",
    "scores",
    "season_of",
    "splits_into_groups",
    "stockpile_is_consistent",
    "upgrade_json",
    "validate",
    "validate_observation",
    "winners",
]
