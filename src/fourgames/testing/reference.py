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

from typing import ClassVar, Final, TypeAlias

import attrs

from fourgames.cards import DECK_52, Card, sorted_cards
from fourgames.errors import FormatError, IllegalActionError
from fourgames.shuffle import fresh_seed, shuffled

__all__ = [
    "GAME_ID",
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
    "current_player",
    "events",
    "is_terminal",
    "legal_actions",
    "max_game_length",
    "new_game",
    "observe",
    "render",
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

    hand_size: int = 5
    """Cards dealt to each player."""


# --- Actions -----------------------------------------------------------------------------------


@attrs.frozen
class Play:
    """Play ``card`` onto the pile: it matches the top card's rank or suit."""

    TAG: ClassVar[str] = "play"
    card: Card

    def __str__(self) -> str:
        return f"play {self.card}"


@attrs.frozen
class Draw:
    """Take the top card of the stock; the turn passes."""

    TAG: ClassVar[str] = "draw"

    def __str__(self) -> str:
        return "draw"


@attrs.frozen
class Pass:
    """With the stock empty and nothing to play, pass the turn."""

    TAG: ClassVar[str] = "pass"

    def __str__(self) -> str:
        return "pass"


Action: TypeAlias = Play | Draw | Pass

_PLAY: Final = {card: Play(card) for card in DECK_52}
_DRAW: Final = Draw()
_PASS: Final = Pass()


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
    """Deal ``options.hand_size`` cards to each player and turn up the first pile card."""
    options = Options() if options is None else options
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"Match is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}")
    if not 1 <= options.hand_size <= 51 // players:
        raise ValueError(f"hand_size must be 1 to {51 // players}, not {options.hand_size}")
    seed = fresh_seed() if seed is None else seed
    deck = shuffled(DECK_52, seed)
    size = options.hand_size
    hands = tuple(sorted_cards(deck[p * size : (p + 1) * size]) for p in range(players))
    dealt = players * size
    return State(options, seed, hands, (deck[dealt],), deck[dealt + 1 :], to_move=0)


def current_player(state: State) -> int | None:
    """The player to move; None once the game is over."""
    return None if is_terminal(state) else state.to_move


def is_terminal(state: State) -> bool:
    """A hand is empty, or every player passed in turn."""
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


def apply(state: State, action: Action) -> State:
    """The state after ``action``; `IllegalActionError` if the rules forbid it."""
    if is_terminal(state):
        raise IllegalActionError("the game is over", rule="end")
    player = state.to_move
    following = (player + 1) % len(state.hands)
    match action:
        case Play(card):
            hand = state.hands[player]
            if card not in hand:
                raise IllegalActionError(f"{card} is not in player {player}'s hand", rule="play")
            if not _matches(card, state.pile[-1]):
                raise IllegalActionError(f"{card} matches neither rank nor suit", rule="play")
            new_hand = tuple(c for c in hand if c != card)
            return _after(state, player, new_hand, (*state.pile, card), state.stock, following, 0)
        case Draw():
            if not state.stock:
                raise IllegalActionError("the stock is empty", rule="draw")
            hand = sorted_cards((*state.hands[player], state.stock[0]))
            return _after(state, player, hand, state.pile, state.stock[1:], following, 0)
        case Pass():
            if state.stock or any(_matches(c, state.pile[-1]) for c in state.hands[player]):
                raise IllegalActionError("a player who can draw or play may not pass", rule="pass")
            hands = state.hands[player]
            return _after(
                state, player, hands, state.pile, state.stock, following, state.passes + 1
            )
        case _:
            raise IllegalActionError(f"not a Match action: {action!r}", rule="API")


def _after(
    state: State,
    player: int,
    hand: tuple[Card, ...],
    pile: tuple[Card, ...],
    stock: tuple[Card, ...],
    following: int,
    passes: int,
) -> State:
    hands = (*state.hands[:player], hand, *state.hands[player + 1 :])
    return State(state.options, state.seed, hands, pile, stock, following, passes)


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
    """Match as ``player`` sees it: their hand, the pile, and the sizes of hidden zones."""

    player: int
    hand: tuple[Card, ...]
    pile: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    stock_size: int
    to_move: int | None


def observe(state: State, player: int) -> Observation:
    """What ``player`` may know of ``state``."""
    return Observation(
        player,
        state.hands[player],
        state.pile,
        tuple(len(hand) for hand in state.hands),
        len(state.stock),
        current_player(state),
    )


def render(state: State) -> str:
    """The pile's top, the stock's size and every hand."""
    lines = [f"pile: {state.pile[-1]} (of {len(state.pile)})  stock: {len(state.stock)}"]
    for player, hand in enumerate(state.hands):
        marker = ">" if player == current_player(state) else " "
        lines.append(f"{marker} player {player}: {' '.join(map(str, hand))}")
    return "\n".join(lines)


# --- Impossible positions ----------------------------------------------------------------------


def validate(state: State) -> None:
    """`FormatError` unless ``state`` could arise in Match."""
    players = len(state.hands)
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise FormatError(f"Match has 2 to 4 hands, not {players} @ $.hands")
    every = [card for hand in state.hands for card in hand] + [*state.pile, *state.stock]
    if sorted_cards(every) != sorted_cards(DECK_52):
        raise FormatError("the hands, pile and stock must hold the 52 cards once each @ $")
    if any(hand != sorted_cards(hand) for hand in state.hands):
        raise FormatError("hands are kept sorted @ $.hands")
    if not state.pile:
        raise FormatError("the pile is never empty @ $.pile")
    if not 0 <= state.to_move < players or not 0 <= state.passes <= players:
        raise FormatError("to_move or passes out of range @ $")
