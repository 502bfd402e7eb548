"""Match: the smallest game that satisfies the `fourgames.Game` protocol.

A reference for the core's own tests and the benchmark's baseline, not one of the library's
four games (it is not in ``fourgames.GAMES``). Each player holds five cards; a card may be
played onto the pile when it matches the top card's rank or suit; a player who cannot or will
not play draws one card; once the stock is empty a player who cannot play passes. Whoever
empties their hand first wins; when every player passes in turn, the fewest cards win.

>>> from fourgames.testing import reference as match
>>> state = match.new_game(2, seed=1)
>>> match.current_player(state), len(state.hands[0]), str(state.pile[-1])
(0, 5, 'J♣')
>>> [str(action) for action in match.legal_actions(state)]
['play 5♣', 'draw']
"""

from __future__ import annotations

import random
from typing import Final, TypeAlias

import attrs

from fourgames._kernel import (
    Actions,
    GameInfo,
    Rulebook,
    action,
    bounded,
    check_options,
    check_players,
    check_seat,
    check_seed,
    fail,
    validator,
)
from fourgames._sampling import Sampler, deal, sample_seed
from fourgames.cards import DECK_52, Card, sorted_cards
from fourgames.errors import IllegalActionError
from fourgames.shuffle import fresh_seed, shuffled

__all__ = [
    "GAME_ID",
    "INFO",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "RULES_VERSION",
    "Action",
    "Draw",
    "Observation",
    "Options",
    "Pass",
    "Play",
    "State",
    "apply",
    "apply_unchecked",
    "check",
    "current_player",
    "events",
    "find_action",
    "is_legal",
    "is_terminal",
    "legal_actions",
    "max_game_length",
    "new_game",
    "observe",
    "parse_action",
    "render",
    "sample_state",
    "scores",
    "validate",
    "winners",
]

GAME_ID: Final = "match"
MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 4
RULES_VERSION: Final = 1


@attrs.frozen
class Options:
    """House rules of Match."""

    hand_size: int = bounded(5, 1, 12)
    """Cards dealt to each player (§1), at most 51 / players."""


INFO: Final = GameInfo(
    id=GAME_ID,
    name="Match",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    presets={"default": Options()},
    rules_version=RULES_VERSION,
    perfect_information=False,
    cooperative=False,
    has_events=False,
)
"""Match as data."""


# --- Actions (§2) ------------------------------------------------------------------------------


@action("play {card}")
class Play:
    """Play ``card`` onto the pile: it matches the top card's rank or suit (§2)."""

    card: Card


@action("draw")
class Draw:
    """Take the top card of the stock; the turn passes (§3)."""


@action("pass")
class Pass:
    """With the stock empty and nothing to play, pass the turn (§3)."""


Action: TypeAlias = Play | Draw | Pass
ACTIONS: Final = Actions[Action]("Match", (Play, Draw, Pass), card=Card)

_PLAY: Final = {card: Play(card) for card in DECK_52}
_DRAW: Final = Draw()
_PASS: Final = Pass()
ACTIONS.intern([*_PLAY.values(), _DRAW, _PASS])


def parse_action(text: str) -> Action:
    """The action written ``text``: ``play 5♣`` (or ``play 5c``), ``draw``, ``pass``."""
    return ACTIONS.parse(text)


# --- State -------------------------------------------------------------------------------------


@attrs.frozen(cache_hash=True)
class State:
    """A position of Match."""

    options: Options
    seed: int
    hands: tuple[tuple[Card, ...], ...]
    """Each player's hand, sorted."""
    pile: tuple[Card, ...]
    """Played cards, the top last."""
    stock: tuple[Card, ...]
    """Undealt cards, the top first."""
    to_move: int
    passes: int = 0
    """Passes in a row; the game ends when every player has passed."""


def new_game(players: int, *, seed: int | None = None, options: Options | None = None) -> State:
    """Deal ``options.hand_size`` cards to each player and turn up the first pile card (§1)."""
    check_players(players, INFO)
    options = _check_options(Options() if options is None else options, players)
    seed = check_seed(seed)
    seed = fresh_seed() if seed is None else seed
    deck = shuffled(DECK_52, seed)
    size = options.hand_size
    hands = tuple(sorted_cards(deck[p * size : (p + 1) * size]) for p in range(players))
    dealt = players * size
    return State(options, seed, hands, (deck[dealt],), deck[dealt + 1 :], to_move=0)


def _check_options(options: object, players: int) -> Options:
    checked = check_options(options, Options, "Match")
    if checked.hand_size > 51 // players:
        raise ValueError(f"hand_size must be 1 to {51 // players}, not {checked.hand_size}")
    return checked


def current_player(state: State) -> int | None:
    """The player to move; None once the game is over."""
    return None if is_terminal(state) else state.to_move


def is_terminal(state: State) -> bool:
    """A hand is empty, or every player passed in turn (§4)."""
    return state.passes >= len(state.hands) or not all(state.hands)


# --- Legal actions -----------------------------------------------------------------------------


def _matches(card: Card, top: Card) -> bool:
    return card.rank == top.rank or card.suit == top.suit


def legal_actions(state: State) -> tuple[Action, ...]:
    """Matching cards in hand order, then draw (stock left) or pass (nothing playable)."""
    if is_terminal(state):
        return ()
    top = state.pile[-1]
    plays: list[Action] = [
        _PLAY[card] for card in state.hands[state.to_move] if _matches(card, top)
    ]
    if state.stock:
        plays.append(_DRAW)
    elif not plays:
        plays.append(_PASS)
    return tuple(plays)


def events(state: State) -> tuple[Action, ...]:
    """Match has no events."""
    return ()


# --- Applying an action ------------------------------------------------------------------------


def _check_turn(state: State) -> None:
    if is_terminal(state):
        raise IllegalActionError("the game is over", rule="§4")


def _check_play(state: State, action: Play) -> None:
    _check_turn(state)
    card, player = action.card, state.to_move
    if card not in state.hands[player]:
        raise IllegalActionError(f"{card} is not in player {player}'s hand", rule="§2")
    if not _matches(card, state.pile[-1]):
        raise IllegalActionError(f"{card} matches neither rank nor suit", rule="§2")


def _play(state: State, action: Play) -> State:
    player = state.to_move
    hand = tuple(c for c in state.hands[player] if c != action.card)
    return _after(state, player, hand, (*state.pile, action.card), state.stock, 0)


def _check_draw(state: State, action: Draw) -> None:
    _check_turn(state)
    if not state.stock:
        raise IllegalActionError("the stock is empty", rule="§3")


def _draw(state: State, action: Draw) -> State:
    player = state.to_move
    hand = sorted_cards((*state.hands[player], state.stock[0]))
    return _after(state, player, hand, state.pile, state.stock[1:], 0)


def _check_pass(state: State, action: Pass) -> None:
    _check_turn(state)
    hand = state.hands[state.to_move]
    if state.stock or any(_matches(card, state.pile[-1]) for card in hand):
        raise IllegalActionError("a player who can draw or play may not pass", rule="§3")


def _pass(state: State, action: Pass) -> State:
    player = state.to_move
    return _after(state, player, state.hands[player], state.pile, state.stock, state.passes + 1)


def _after(
    state: State,
    player: int,
    hand: tuple[Card, ...],
    pile: tuple[Card, ...],
    stock: tuple[Card, ...],
    passes: int,
) -> State:
    hands = (*state.hands[:player], hand, *state.hands[player + 1 :])
    following = (player + 1) % len(hands)
    return State(state.options, state.seed, hands, pile, stock, following, passes)


RULES: Final = Rulebook[State, Action](
    State,
    ACTIONS,
    {Play: (_check_play, _play), Draw: (_check_draw, _draw), Pass: (_check_pass, _pass)},
)


check, is_legal, apply, apply_unchecked, find_action = RULES.verbs(legal_actions)


# --- Scores ------------------------------------------------------------------------------------


def scores(state: State) -> tuple[int, ...]:
    """Minus the cards left in each hand."""
    return tuple(-len(hand) for hand in state.hands)


def winners(state: State) -> frozenset[int]:
    """The players with the fewest cards once the game is over."""
    if not is_terminal(state):
        return frozenset()
    fewest = min(len(hand) for hand in state.hands)
    return frozenset(p for p, hand in enumerate(state.hands) if len(hand) == fewest)


def max_game_length(players: int, options: Options) -> int:
    """Every play or draw moves one of 52 cards for good; passes come in runs of < players."""
    return 2 * 52 + players * 52 + players


# --- What a player sees ------------------------------------------------------------------------


@attrs.frozen
class Observation:
    """Match as ``player`` sees it: their hand, the pile, the sizes of hidden zones, and the
    passes in a row (public: everyone saw them)."""

    player: int
    to_move: int | None
    scores: tuple[int, ...]
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    stock_size: int
    pile: tuple[Card, ...]
    passes: int = 0


def observe(state: State, player: int) -> Observation:
    """What ``player`` may know of ``state``."""
    check_seat(player, len(state.hands))
    return Observation(
        player,
        current_player(state),
        scores(state),
        state.hands[player],
        tuple(len(hand) for hand in state.hands),
        len(state.stock),
        state.pile,
        state.passes,
    )


def upgrade_json(tag: str, schema: int, fields: dict[str, object]) -> dict[str, object]:
    """Schema 1 observations had no ``scores``: minus each hand's size."""
    if tag == "observation" and "scores" not in fields:
        sizes = fields.get("hand_sizes")
        if isinstance(sizes, list):
            fields = {**fields, "scores": [-size for size in sizes if type(size) is int]}
    return fields


def render(state: State | Observation) -> str:
    """The pile's top, the stock's size and every hand (only the viewer's, for an observation)."""
    if isinstance(state, Observation):
        lines = [f"pile: {state.pile[-1]} (of {len(state.pile)})  stock: {state.stock_size}"]
        for player, size in enumerate(state.hand_sizes):
            marker = ">" if player == state.to_move else " "
            shown = " ".join(map(str, state.hand)) if player == state.player else f"{size} cards"
            lines.append(f"{marker} player {player}: {shown}")
        return "\n".join(lines)
    lines = [f"pile: {state.pile[-1]} (of {len(state.pile)})  stock: {len(state.stock)}"]
    for player, hand in enumerate(state.hands):
        marker = ">" if player == current_player(state) else " "
        lines.append(f"{marker} player {player}: {' '.join(map(str, hand))}")
    return "\n".join(lines)


# --- Impossible positions ----------------------------------------------------------------------


def _rules_of_position(state: State) -> None:
    players = len(state.hands)
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        fail(f"Match has 2 to 4 hands, not {players}", "$.hands")
    _check_options(state.options, players)
    every = [card for hand in state.hands for card in hand] + [*state.pile, *state.stock]
    if sorted_cards(every) != sorted_cards(DECK_52):
        fail("the hands, pile and stock must hold the 52 cards once each")
    for player, hand in enumerate(state.hands):
        if hand != sorted_cards(hand):
            fail("hands are kept sorted", f"$.hands[{player}]")
    if not state.pile:
        fail("the pile is never empty", "$.pile")
    if not 0 <= state.to_move < players:
        fail(f"to_move must be a seat 0..{players - 1}", "$.to_move")
    if not 0 <= state.passes <= players:
        fail(f"passes must be 0..{players}", "$.passes")


validate: Final = validator("Match", State, _rules_of_position)


# --- Determinization -------------------------------------------------------------------------


def sample_state(observation: Observation, rng: random.Random) -> State:
    """A whole state that ``observation`` could come from, drawn with ``rng``: the cards the
    player has not seen dealt to the other hands and the stock, uniformly over every deal
    consistent with what is public. A player who passed could not play (§3), so the last
    ``passes`` players hold no card of the top card's rank or suit: the matching cards go to
    the other hands, the rest is dealt at random (exact, no rejection).

    What the observation does not hold, nothing later depends on: the options (only the deal
    reads them; the sample has the defaults), the seed (drawn from ``rng``) and, once every
    player has passed, who passed last (the sample says player 0 moves next).
    """
    return _SAMPLER(observation, rng)


def _world(seen: Observation, rng: random.Random) -> State:
    players, me, top = len(seen.hand_sizes), seen.player, seen.pile[-1]
    shown = {*seen.hand, *seen.pile}
    unseen = [card for card in DECK_52 if card not in shown]
    mover = seen.to_move
    if mover is None:  # a hand is empty, after its last card (§4), or everyone passed
        empty = [p for p, size in enumerate(seen.hand_sizes) if not size]
        mover = (empty[0] + 1) % players if empty else 0
    passed = {(mover - k) % players for k in range(1, seen.passes + 1)}
    others = [p for p in range(players) if p != me]
    open_zones = [z for z, p in enumerate(others) if p not in passed] + [len(others)]
    kinds = [
        [card for card in unseen if _matches(card, top)],
        [card for card in unseen if not _matches(card, top)],
    ]
    allowed = [frozenset(open_zones), frozenset(range(len(others) + 1))]
    sizes = [seen.hand_sizes[p] for p in others] + [seen.stock_size]
    dealt = deal(kinds, allowed, sizes, rng)
    hands = {p: sorted_cards(dealt[z]) for z, p in enumerate(others)}
    return State(
        Options(),
        sample_seed(rng),
        tuple(seen.hand if p == me else hands[p] for p in range(players)),
        seen.pile,
        tuple(dealt[-1]),
        mover,
        seen.passes,
    )


_SAMPLER: Final = Sampler("Match", Observation, _world, validate, observe)
