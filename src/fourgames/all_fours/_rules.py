"""All Fours (Seven Up): the rules, top to bottom like the rulebook.

``§n`` and the labels ``A1`` … ``A31`` cite the rules text ``docs/rules/all-fours.md`` (after the
German rulebook *All Fours (Seven Up) – Ausführliche Regeln*); the user guide is
``docs/games/all-fours.md``.
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import Final, TypeAlias

import attrs

from fourgames._builder import builder, evolver
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
from fourgames.cards import DECK_52, Card, Rank, Suit
from fourgames.errors import FormatError, IllegalActionError
from fourgames.pictures import repr_svg
from fourgames.shuffle import derive_seed, fresh_seed, shuffled

GAME_ID: Final = "all-fours"
MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 4
RULES_VERSION: Final = 1
HAND_SIZE: Final = 6  # §3.2
TRICKS_PER_HAND: Final = 6  # §5
ROUND: Final = 3  # §3.2, §4.2: cards are dealt three at a time

# §1 card points, used only for the Game point (A1)
CARD_POINTS: Final[Mapping[Rank, int]] = MappingProxyType(
    {Rank.TEN: 10, Rank.ACE: 4, Rank.KING: 3, Rank.QUEEN: 2, Rank.JACK: 1}
)
_POINTS: Final = {card: CARD_POINTS.get(card.rank, 0) for card in DECK_52}
_RANK: Final = {card: card.rank for card in DECK_52}
_CARDS_OF: Final = {suit: frozenset(card for card in DECK_52 if card.suit is suit) for suit in Suit}
"""The thirteen cards of each suit."""
_SUITED: Final = {card: _CARDS_OF[card.suit] for card in DECK_52}
"""The thirteen cards of a card's suit, keyed by the card (cards hash fast, suits do not)."""
_HAND_ORDER: Final = {card: place for place, card in enumerate(sorted(DECK_52))}.__getitem__
"""A card's place in a sorted hand (rank, then suit): ``sorted(hand, key=_HAND_ORDER)`` is
``sorted(hand)`` without a comparison call per pair of cards."""


# --- Options and presets (§9) -------------------------------------------------------------------


class InPlay(enum.Enum):
    """Which cards are "in play" for High and Low (§6.1, A2)."""

    DEALT = "dealt"
    """Every card dealt to a player this hand, discards included (the default)."""
    HELD_AT_PLAY = "held_at_play"
    """Only the cards held when trick play starts (after discarding)."""


@attrs.frozen
class Options:
    """Every variant and house rule; the defaults are the rulebook's (Seven Up to 7)."""

    target: int | None = bounded(None, 1, 99)
    """Points needed to win, 1 to 99 (§1, §8); ``None`` = the variant's own: 7, or 14 with
    Trinidad."""
    blind: bool = False
    """Blind All Fours / Pitch (§9.2): the first lead sets trump; no turn-up, no begging."""
    trinidad: bool = False
    """Trinidad All Fours (§9.3): 14 points, counter-clockwise play, hang jack = 3."""
    in_play: InPlay = InPlay.DEALT
    """What counts as in play for High and Low (§6.1, A2)."""
    gift_cannot_win: bool = False
    """Foster's rule (A11): the dealer may not give a gift that puts a player out."""
    first_dealer: int | None = bounded(None, 0, 3)
    """The first dealer's seat, below the number of players; ``None`` = drawn by lot from the
    game seed (§2, A19)."""


SEVEN_UP: Final = Options()
"""The base game: Seven Up to 7 points, with begging and running the cards."""
LONG: Final = Options(target=11)
"""The longer game to 11 points (§9.1)."""
PITCH: Final = Options(blind=True)
"""Blind All Fours, also called Pitch (§9.2)."""
TRINIDAD: Final = Options(trinidad=True)
"""Trinidad All Fours (§9.3): to 14, counter-clockwise, hang jack worth 3."""
PRESETS: Final[Mapping[str, Options]] = MappingProxyType(
    {"seven-up": SEVEN_UP, "long": LONG, "pitch": PITCH, "trinidad": TRINIDAD}
)
"""The named presets by name."""

INFO: Final = GameInfo(
    id=GAME_ID,
    name="All Fours",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    presets=PRESETS,
    rules_version=RULES_VERSION,
    perfect_information=False,
    cooperative=False,
    has_events=False,
    round_counter="hand_number",
)
"""All Fours as data."""


def target_of(options: Options) -> int:
    """The points needed to win under ``options`` (§9.4)."""
    if options.target is not None:
        return options.target
    return 14 if options.trinidad else 7


def _check_options(options: object, players: int) -> Options:
    checked = check_options(options, Options, "All Fours")
    first = checked.first_dealer
    if first is not None and first >= players:
        raise ValueError(f"options.first_dealer: {first} is not a seat 0..{players - 1}")
    return checked


# --- Actions (§4, §5) ---------------------------------------------------------------------------


@action("stand")
class Stand:
    """Eldest accepts the turned-up suit as trump (§4.1)."""


@action("beg")
class Beg:
    """Eldest begs for another trump; the dealer answers with `Give` or `Run` (§4.1)."""


@action("give")
class Give:
    """The dealer keeps the trump and gives the beggar's side a point ("Nimm ihn", §4.2)."""


@action("run")
class Run:
    """The dealer runs the cards: 3 more each and a new turn-up until a new suit (§4.2)."""


@action("discard {card}")
class Discard:
    """The player to discard lays ``card`` away face down, one card per action (§4.3)."""

    card: Card


@action("play {card}")
class Play:
    """The player to move plays ``card`` to the current trick (§5)."""

    card: Card


Action: TypeAlias = Stand | Beg | Give | Run | Discard | Play
ACTIONS: Final = Actions[Action]("All Fours", (Stand, Beg, Give, Run, Discard, Play), card=Card)

_STAND: Final = Stand()
_BEG: Final = Beg()
_GIVE: Final = Give()
_RUN: Final = Run()
_DISCARD: Final = {card: Discard(card) for card in DECK_52}
_PLAY: Final = {card: Play(card) for card in DECK_52}
_ANSWERS: Final = (_GIVE, _RUN)
_FORCED_RUN: Final = (_RUN,)
_BEGGING: Final = (_STAND, _BEG)
ACTIONS.intern([_STAND, _BEG, _GIVE, _RUN, *_DISCARD.values(), *_PLAY.values()])


def parse_action(text: str) -> Action:
    """The action written ``text``: ``stand``, ``beg``, ``give``, ``run``, ``discard 7♥``,
    ``play 10♠`` (cards also in ASCII: ``play TS``).

    >>> parse_action("play TS") == Play(Card.parse("10♠"))
    True
    """
    return ACTIONS.parse(text)


# --- State --------------------------------------------------------------------------------------


class Phase(enum.Enum):
    """Where the hand stands."""

    BEGGING = "begging"
    """Eldest chooses Stand or Beg (§4.1)."""
    ANSWER = "answer"
    """The dealer answers a beg with Give or Run (§4.2)."""
    DISCARD = "discard"
    """After a Run, players discard back to six, eldest first (§4.3)."""
    PLAY = "play"
    """The six tricks (§5)."""
    OVER = "over"
    """A side reached the target (§8)."""


# The phases as module constants for the paths taken at every decision: CPython 3.11 reads an
# enum member through its class (``Phase.PLAY``) by the metaclass's ``__getattr__`` hook, about
# ten times slower than a global.
_PHASE_BEGGING: Final = Phase.BEGGING
_PHASE_ANSWER: Final = Phase.ANSWER
_PHASE_DISCARD: Final = Phase.DISCARD
_PHASE_PLAY: Final = Phase.PLAY
_PHASE_OVER: Final = Phase.OVER


class Begging(enum.Enum):
    """How the trump of the current hand was settled (public)."""

    PENDING = "pending"
    BEGGED = "begged"
    STOOD = "stood"
    GIVEN = "given"
    RAN = "ran"
    BLIND = "blind"
    """Pitch (§9.2): no turn-up and no begging; the first lead sets trump."""


class AwardKind(enum.Enum):
    """The ways to score a point (§3.4, §4.2, §6.2, §9.3)."""

    TURNED_JACK = "turned jack"
    GIFT = "gift"
    RUNNING_JACK = "running jack"
    HIGH = "high"
    LOW = "low"
    JACK = "jack"
    HANG_JACK = "hang jack"
    GAME = "game"


@attrs.frozen(weakref_slot=False)
class Award:
    """One line of the score sheet: ``points`` to ``side`` for ``kind``."""

    kind: AwardKind
    side: int
    """The side: the player in 2- and 3-player games, 0 = {0, 2} and 1 = {1, 3} with four."""
    points: int


@attrs.frozen(weakref_slot=False)
class Trick:
    """A finished trick: who led, the cards in play order, who won it."""

    leader: int
    cards: tuple[Card, ...]
    winner: int


@attrs.frozen(weakref_slot=False)
class HandSheet:
    """The score-sheet entry of one finished hand (public history)."""

    number: int
    """The deal counter (throw-ins included), from 0."""
    dealer: int
    turnups: tuple[Card, ...]
    trump: Suit | None
    begging: Begging
    awards: tuple[Award, ...]
    card_points: tuple[int, ...]
    """Each side's card points for Game; empty when the hand was thrown in."""
    thrown_in: bool = False


@attrs.frozen(cache_hash=True, weakref_slot=False)
class State:
    """A position. Build it with `new_game`, `from_deck`, or `from_json` (all validated)."""

    _repr_svg_ = repr_svg

    options: Options
    seed: int
    """The game seed; hand ``k`` is shuffled from ``derive_seed(seed, "hand", k)``."""
    hand_number: int
    """The deal counter: 0 for the first deal, +1 for every new deal, throw-ins included."""
    dealer: int
    phase: Phase
    scores: tuple[int, ...]
    """Each side's score (one entry per player with 2 or 3, two entries with 4)."""
    hands: tuple[tuple[Card, ...], ...]
    """Each player's hand, sorted."""
    stock: tuple[Card, ...]
    """The undealt cards, next card first."""
    turnups: tuple[Card, ...]
    """Every card turned up this hand, in order; the last one set trump (not in Pitch)."""
    trump: Suit | None
    begging: Begging
    discards: tuple[tuple[Card, ...], ...]
    """Each player's discards this hand, in order (hidden from the others)."""
    leader: int
    """Who leads the current trick (eldest before trick play)."""
    trick: tuple[Card, ...]
    """The cards of the current trick, in play order."""
    tricks: tuple[Trick, ...]
    """The finished tricks of this hand."""
    awards: tuple[Award, ...]
    """The points scored so far in this hand, in order."""
    history: tuple[HandSheet, ...]
    """The score sheet of every finished hand."""


_State: Final = builder(State)
_evolve: Final = evolver(State)
"""`State`'s constructor for the hot path: the same states, without attrs' per-field calls."""
_Award: Final = builder(Award)
_Trick: Final = builder(Trick)
_HandSheet: Final = builder(HandSheet)


# --- Seats and sides (§1) -----------------------------------------------------------------------


def _players(state: State) -> int:
    return len(state.hands)


def _next(seat: int, players: int, options: Options) -> int:
    # §1, §9.3: clockwise, or counter-clockwise in Trinidad
    return (seat - 1) % players if options.trinidad else (seat + 1) % players


def side_of(player: int, players: int) -> int:
    """The side of ``player``: itself with 2 or 3 players, ``player % 2`` with 4 (§1)."""
    return player % 2 if players == 4 else player


def _sides(players: int) -> int:
    return 2 if players == 4 else players


_SIDE_OF: Final = {
    players: tuple(side_of(seat, players) for seat in range(players))
    for players in range(MIN_PLAYERS, MAX_PLAYERS + 1)
}
"""Each seat's side, by the number of players."""


def _eldest(state: State) -> int:
    return _SEAT_ORDERS[state.dealer, len(state.hands), state.options.trinidad][1]


def _seat_order(start: int, players: int, options: Options) -> tuple[int, ...]:
    """Every seat once, from ``start`` on in the direction of play (§1, §9.3)."""
    return _SEAT_ORDERS[start, players, options.trinidad]


_SEAT_ORDERS: Final = {
    (start, players, trinidad): tuple(
        (start - step if trinidad else start + step) % players for step in range(players)
    )
    for players in range(MIN_PLAYERS, MAX_PLAYERS + 1)
    for start in range(players)
    for trinidad in (False, True)
}


# --- Setup and the deal (§2, §3) ----------------------------------------------------------------


def new_game(players: int, *, seed: int | None = None, options: Options | None = None) -> State:
    """Deal the first hand of a new game.

    >>> state = new_game(2, seed=1)
    >>> state.phase, len(state.hands[0]), len(state.stock), state.scores
    (<Phase.BEGGING: 'begging'>, 6, 39, (0, 0))
    """
    check_players(players, INFO)
    options = _check_options(Options() if options is None else options, players)
    seed = check_seed(seed)
    if seed is None:
        seed = fresh_seed()
    if options.first_dealer is not None:
        dealer = options.first_dealer
    else:  # §2: the first dealer is chosen by lot
        dealer = shuffled(range(players), derive_seed(seed, "first dealer"))[0]
    deck = shuffled(DECK_52, derive_seed(seed, "hand", 0))
    return _deal(options, seed, 0, dealer, (0,) * _sides(players), (), deck, players)


def from_deck(
    players: int,
    deck: Sequence[Card],
    *,
    dealer: int = 0,
    scores: Sequence[int] | None = None,
    options: Options | None = None,
    seed: int = 0,
    hand_number: int = 0,
    history: Sequence[HandSheet] = (),
) -> State:
    """Deal one hand from a stacked ``deck`` (52 cards, next card first), for tests and tools.

    ``scores`` are the side scores before the deal; later hands are shuffled from ``seed``.
    See `stack_deck` to build a deck that deals given hands.
    """
    check_players(players, INFO)
    options = _check_options(Options() if options is None else options, players)
    if type(dealer) is not int or not 0 <= dealer < players:
        raise ValueError(f"dealer must be a seat 0..{players - 1}, not {dealer!r}")
    deck = tuple(deck)
    if len(deck) != len(DECK_52) or set(deck) != set(DECK_52):
        raise ValueError("the deck must hold each of the 52 cards once")
    side_scores = (0,) * _sides(players) if scores is None else tuple(scores)
    if len(side_scores) != _sides(players) or any(type(s) is not int or s < 0 for s in side_scores):
        raise ValueError(f"scores needs {_sides(players)} non-negative integer side scores")
    if type(seed) is not int:
        raise ValueError(f"seed must be an int, not {type(seed).__name__}")
    if type(hand_number) is not int or hand_number < 0:
        raise ValueError(f"hand_number must be a non-negative int, not {hand_number!r}")
    if not all(isinstance(sheet, HandSheet) for sheet in history):
        raise ValueError("history must hold the HandSheet of each finished hand")
    if max(side_scores) >= target_of(options):
        raise ValueError("a side has already reached the target")
    return _deal(options, seed, hand_number, dealer, side_scores, tuple(history), deck, players)


def stack_deck(
    players: int,
    hands: Sequence[Iterable[Card]],
    turnup: Card | None = None,
    runs: Sequence[tuple[Sequence[Iterable[Card]], Card]] = (),
    *,
    dealer: int = 0,
    options: Options | None = None,
) -> tuple[Card, ...]:
    """A deck that `from_deck` deals as given: ``hands[p]`` are player p's first cards,
    ``turnup`` the turn-up (none in Pitch), and each run of ``runs`` is (the cards per player,
    the run's turn-up). Hands short of six and runs short of three are filled up, and the stock
    continued, with the unnamed cards in deck order.

    >>> from fourgames.cards import cards
    >>> deck = stack_deck(2, [cards("A♠ K♠"), []], Card.parse("7♥"))
    >>> state = from_deck(2, deck)
    >>> " ".join(map(str, state.hands[0])), str(state.turnups[0])
    ('2♣ 3♣ 4♣ 5♣ K♠ A♠', '7♥')
    """
    options = Options() if options is None else options
    order = _seat_order(_next(dealer, players, options), players, options)
    hands_: list[list[Card]] = [list(hand) for hand in hands]
    runs_: list[tuple[list[list[Card]], Card]] = [
        ([list(part) for part in extra], run_turnup) for extra, run_turnup in runs
    ]
    if len(hands_) != players:
        raise ValueError(f"one hand per player: {players} hands, not {len(hands_)}")
    if any(len(hand) > HAND_SIZE for hand in hands_):
        raise ValueError("a hand is dealt six cards, not more")
    if options.blind and (turnup is not None or runs_):
        raise ValueError("Pitch has no turn-up and no running the cards")
    for extra, _ in runs_:
        if len(extra) != players:
            raise ValueError(f"one part per player in every run: {players}, not {len(extra)}")
        if any(len(part) > ROUND for part in extra):
            raise ValueError("a run deals three cards to each player, not more")
    named: list[Card] = [card for hand in hands_ for card in hand]
    for extra, run_turnup in runs_:
        named += [card for part in extra for card in part]
        named.append(run_turnup)
    if turnup is not None:
        named.append(turnup)
    if len(set(named)) != len(named):
        raise ValueError("a card is named twice")
    spare = iter([card for card in DECK_52 if card not in set(named)])

    def filled(given: Iterable[Card], size: int) -> list[Card]:
        part = list(given)
        while len(part) < size:
            part.append(next(spare))
        return part

    hand_lists = [filled(hands_[seat], HAND_SIZE) for seat in range(players)]
    deck: list[Card] = []
    for round_ in range(2):
        for seat in order:
            deck.extend(hand_lists[seat][ROUND * round_ : ROUND * (round_ + 1)])
    if turnup is not None:
        deck.append(turnup)
    for extra, run_turnup in runs_:
        extra_lists = [filled(extra[seat], ROUND) for seat in range(players)]
        for seat in order:
            deck.extend(extra_lists[seat])
        deck.append(run_turnup)
    return (*deck, *spare)


def _deal(
    options: Options,
    seed: int,
    hand_number: int,
    dealer: int,
    scores: tuple[int, ...],
    history: tuple[HandSheet, ...],
    deck: tuple[Card, ...],
    players: int,
) -> State:
    # §3.2: two rounds of three, eldest first, dealer last: the k-th seat in the order of
    # play gets the k-th three cards of each round
    order = _seat_order(_next(dealer, players, options), players, options)
    second = ROUND * players  # where the second round starts
    hands: list[tuple[Card, ...]] = [()] * players
    for k, seat in enumerate(order):
        first, again = ROUND * k, second + ROUND * k
        hands[seat] = _sorted_hand(deck[first : first + ROUND] + deck[again : again + ROUND])
    top = 2 * second
    eldest = order[0]
    sorted_hands = tuple(hands)
    empty = ((),) * players
    if options.blind:  # §9.2: no turn-up; the first lead sets trump
        return _State(
            options, seed, hand_number, dealer, Phase.PLAY, scores, sorted_hands, deck[top:],
            (), None, Begging.BLIND, empty, eldest, (), (), (), history,
        )  # fmt: skip
    turnup = deck[top]  # §3.3
    awards: tuple[Award, ...] = ()
    phase = Phase.BEGGING
    if turnup.rank is Rank.JACK:  # §3.4: the dealer's side scores a turned jack at once
        side = side_of(dealer, players)
        awards = (_Award(AwardKind.TURNED_JACK, side, 1),)
        scores = _add(scores, side, 1)
        if scores[side] >= target_of(options):
            phase = Phase.OVER  # §8: begging does not happen
    return _State(
        options, seed, hand_number, dealer, phase, scores, sorted_hands, deck[top + 1 :],
        (turnup,), None, Begging.PENDING, empty, eldest, (), (), awards, history,
    )  # fmt: skip


def _add(scores: tuple[int, ...], side: int, points: int) -> tuple[int, ...]:
    return (*scores[:side], scores[side] + points, *scores[side + 1 :])


def _sorted_hand(cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=_HAND_ORDER))


# --- Whose turn --------------------------------------------------------------------------------


def current_player(state: State) -> int | None:
    """Who chooses the next action; ``None`` iff the game is over."""
    phase = state.phase
    if phase is _PHASE_PLAY:
        return _to_play(state)
    if phase is _PHASE_BEGGING:
        return _eldest(state)
    if phase is _PHASE_ANSWER:
        return state.dealer
    if phase is _PHASE_DISCARD:
        return _discarder(state)
    return None


def _to_play(state: State) -> int:
    # §5, §9.3: the leader, then each player in the direction of play
    leader, played = state.leader, len(state.trick)
    return (leader - played if state.options.trinidad else leader + played) % len(state.hands)


def _discarder(state: State) -> int:
    # §4.3: eldest first, then in play direction, each down to six
    hands = state.hands
    for seat in _SEAT_ORDERS[_eldest(state), len(hands), state.options.trinidad]:
        if len(hands[seat]) > HAND_SIZE:
            return seat
    raise FormatError("nobody has to discard in the discard phase")


def is_terminal(state: State) -> bool:
    """Whether a side has reached the target (§8)."""
    return state.phase is _PHASE_OVER


def events(state: State) -> tuple[Action, ...]:
    """All Fours has no events (the deal and the turn-ups happen inside `apply`)."""
    return ()


# --- Legal actions -----------------------------------------------------------------------------


def legal_actions(state: State) -> tuple[Action, ...]:
    """Every legal action once, in a fixed order (cards in deck order); empty iff over."""
    phase = state.phase
    if phase is _PHASE_PLAY:
        return RULES.listed(state, tuple(map(_PLAY.__getitem__, _playable(state))))
    if phase is _PHASE_DISCARD:
        return RULES.listed(state, tuple(map(_DISCARD.__getitem__, state.hands[_discarder(state)])))
    if phase is _PHASE_BEGGING:
        return RULES.listed(state, _BEGGING)
    if phase is _PHASE_ANSWER:
        return RULES.listed(state, _ANSWERS if _gift_allowed(state) is None else _FORCED_RUN)
    return ()


def _playable(state: State) -> tuple[Card, ...]:
    # §5: follow suit or trump; void in the led suit, anything
    hand = state.hands[_to_play(state)]
    trick = state.trick
    if not trick or _SUITED[trick[0]].isdisjoint(hand):
        return hand
    led, trump = trick[0].suit, state.trump
    return tuple([card for card in hand if card.suit is led or card.suit is trump])


def _gift_recipients(state: State) -> tuple[int, ...]:
    # §4.2: the beggar's side; with three players both non-dealers
    players = _players(state)
    eldest = _eldest(state)
    if players == 3:
        return (eldest, _next(eldest, players, state.options))
    return (side_of(eldest, players),)


def _gift_allowed(state: State) -> str | None:
    """None if the dealer may give, else the reason (the rule is in the text)."""
    target = target_of(state.options)
    players = _players(state)
    eldest = _eldest(state)
    if players == 3:
        other = _next(eldest, players, state.options)
        if state.scores[other] == target - 1:  # §4.2 three-player restriction (A12)
            return f"player {other} needs only one point, so the dealer must run (§4.2)"
    if state.options.gift_cannot_win:  # A11, Foster's rule
        for side in _gift_recipients(state):
            if state.scores[side] >= target - 1:
                return f"the gift would put side {side} out (A11)"
    return None


# --- Applying an action ------------------------------------------------------------------------


def _check_not_over(state: State, action: object) -> None:
    if state.phase is Phase.OVER:
        raise IllegalActionError(f"the game is over; no {action} is possible", rule="§8")


# §4.1 begging: eldest stands or begs


def _check_begging(state: State, action: Action) -> None:
    _check_decision(state, action, Phase.BEGGING, "eldest decides on the turn-up", "§4.1")


def _check_decision(state: State, action: Action, phase: Phase, when: str, rule: str) -> None:
    """A begging decision (§4.1, §4.2): never in Pitch, and only in its own phase."""
    _check_not_over(state, action)
    if state.options.blind:
        raise IllegalActionError("there is no begging in Blind All Fours", rule="§9.2")
    if state.phase is not phase:
        raise IllegalActionError(f"{action} only when {when}", rule=rule)


def _stand(state: State, action: Stand) -> State:
    return _evolve(state, phase=Phase.PLAY, trump=state.turnups[-1].suit, begging=Begging.STOOD)


def _beg(state: State, action: Beg) -> State:
    return _evolve(state, phase=Phase.ANSWER, begging=Begging.BEGGED)


# §4.2 the dealer answers: give or run


def _check_answer(state: State, action: Action) -> None:
    _check_decision(state, action, Phase.ANSWER, "the dealer answers a beg", "§4.2")


def _check_give(state: State, action: Give) -> None:
    _check_answer(state, action)
    reason = _gift_allowed(state)
    if reason is not None:
        rule = "A11" if reason.endswith("(A11)") else "§4.2"
        message = reason[: reason.rindex(" (")]
        raise IllegalActionError(f"the dealer may not give: {message}", rule=rule)


def _give(state: State, action: Give) -> State:
    scores = state.scores
    awards = state.awards
    for side in _gift_recipients(state):
        scores = _add(scores, side, 1)
        awards = (*awards, _Award(AwardKind.GIFT, side, 1))
    # §4.2, E7: both gifts first, then one check of the target
    over = max(scores) >= target_of(state.options)
    return _evolve(
        state,
        phase=Phase.OVER if over else Phase.PLAY,
        scores=scores,
        awards=awards,
        trump=state.turnups[-1].suit,
        begging=Begging.GIVEN,
    )


def _check_run(state: State, action: Run) -> None:
    _check_answer(state, action)


def _run(state: State, action: Run) -> State:
    # §4.2 running the cards
    players = _players(state)
    options = state.options
    rejected = state.turnups[0].suit
    order = _seat_order(_eldest(state), players, options)
    hands = [list(hand) for hand in state.hands]
    stock = state.stock
    turnups = state.turnups
    while True:
        if len(stock) < ROUND * players + 1:  # §4.4 throw-in (A7), the same dealer deals
            return _throw_in(state, turnups)
        top = 0
        for seat in order:
            hands[seat].extend(stock[top : top + ROUND])
            top += ROUND
        turnup = stock[top]
        stock = stock[top + 1 :]
        turnups = (*turnups, turnup)
        if turnup.suit is not rejected:
            break
    scores = state.scores
    awards = state.awards
    phase = Phase.DISCARD
    if turnup.rank is Rank.JACK:  # §4.2: only the trump-setting jack scores
        side = side_of(state.dealer, players)
        scores = _add(scores, side, 1)
        awards = (*awards, _Award(AwardKind.RUNNING_JACK, side, 1))
        if scores[side] >= target_of(options):
            phase = Phase.OVER
    return _evolve(
        state,
        phase=phase,
        scores=scores,
        awards=awards,
        hands=tuple(map(_sorted_hand, hands)),
        stock=stock,
        turnups=turnups,
        trump=turnup.suit,
        begging=Begging.RAN,
    )


def _throw_in(state: State, turnups: tuple[Card, ...]) -> State:
    sheet = _HandSheet(
        state.hand_number, state.dealer, turnups, None, Begging.RAN, state.awards, (), True
    )
    return _next_deal(state, state.scores, state.dealer, sheet)


def _next_deal(state: State, scores: tuple[int, ...], dealer: int, sheet: HandSheet) -> State:
    number = state.hand_number + 1  # §4.4: every deal counts, throw-ins included
    deck = shuffled(DECK_52, derive_seed(state.seed, "hand", number))
    return _deal(
        state.options,
        state.seed,
        number,
        dealer,
        scores,
        (*state.history, sheet),
        deck,
        _players(state),
    )


# §4.3 discarding back to six


def _check_discard(state: State, action: Discard) -> None:
    card = action.card
    if state.phase is not _PHASE_DISCARD:
        _check_not_over(state, "discard")
        raise IllegalActionError("cards are discarded only after running the cards", rule="§4.3")
    seat = _discarder(state)
    if card not in state.hands[seat]:
        raise IllegalActionError(f"{card} is not in player {seat}'s hand", rule="§4.3")


def _discard(state: State, action: Discard) -> State:
    card = action.card
    seat = _discarder(state)
    hands = _without(state.hands, seat, card)
    piles = list(state.discards)
    piles[seat] = (*piles[seat], card)
    discards = tuple(piles)
    done = max(map(len, hands)) == HAND_SIZE  # everyone is back to six
    return _State(
        state.options, state.seed, state.hand_number, state.dealer,
        _PHASE_PLAY if done else _PHASE_DISCARD, state.scores, hands, state.stock, state.turnups,
        state.trump, state.begging, discards, state.leader, state.trick, state.tricks,
        state.awards, state.history,
    )  # fmt: skip


# §5 trick play


def _check_play(state: State, action: Play) -> None:
    card = action.card
    if state.phase is not _PHASE_PLAY:
        _check_not_over(state, "play")
        raise IllegalActionError("no trick is being played yet", rule="§5")
    seat = _to_play(state)
    hand = state.hands[seat]
    if card not in hand:
        raise IllegalActionError(f"{card} is not in player {seat}'s hand", rule="§5")
    trick = state.trick
    if not trick:
        return  # the leader plays any card
    led = trick[0].suit
    suit = card.suit
    if suit is not led and suit is not state.trump and not _SUITED[trick[0]].isdisjoint(hand):
        raise IllegalActionError(
            f"player {seat} holds {led.symbol} and must follow suit or trump, not play {card}",
            rule="§5",
        )


def trick_winner(cards_: Sequence[Card], leader: int, trump: Suit | None, players: int,
                 options: Options) -> int:  # fmt: skip
    """The seat that wins a full trick (§5): the highest trump, else the highest of the led suit."""
    best = 0
    for i in range(1, len(cards_)):
        card, top = cards_[i], cards_[best]
        if card.suit is top.suit:
            if card.rank > top.rank:
                best = i
        elif card.suit is trump:
            best = i
    return _seat_order(leader, players, options)[best]


def _without(
    hands: tuple[tuple[Card, ...], ...], seat: int, card: Card
) -> tuple[tuple[Card, ...], ...]:
    """The hands after player ``seat`` lays ``card`` away."""
    changed = list(hands)
    hand = hands[seat]
    i = hand.index(card)
    changed[seat] = hand[:i] + hand[i + 1 :]
    return tuple(changed)


def _play(state: State, action: Play) -> State:
    card = action.card
    players = len(state.hands)
    options = state.options
    seat = _to_play(state)
    trump = state.trump
    if trump is None:  # §9.2: the first card led sets trump in Pitch
        trump = card.suit
    hands = _without(state.hands, seat, card)
    trick = (*state.trick, card)
    leader = state.leader
    tricks = state.tricks
    if len(trick) == players:
        winner = trick_winner(trick, leader, trump, players, options)
        tricks = (*tricks, _Trick(leader, trick, winner))
        trick, leader = (), winner
    played = _State(
        options, state.seed, state.hand_number, state.dealer, state.phase, state.scores, hands,
        state.stock, state.turnups, trump, state.begging, state.discards, leader, trick, tricks,
        state.awards, state.history,
    )  # fmt: skip
    if len(tricks) < TRICKS_PER_HAND or trick:
        return played
    return _score_hand(played)


# --- The verbs: check, is_legal, apply, find_action -------------------------------------------

RULES: Final = Rulebook[State, Action](
    State,
    ACTIONS,
    {
        Stand: (_check_begging, _stand),
        Beg: (_check_begging, _beg),
        Give: (_check_give, _give),
        Run: (_check_run, _run),
        Discard: (_check_discard, _discard),
        Play: (_check_play, _play),
    },
)


check, is_legal, apply, apply_unchecked, find_action = RULES.verbs(legal_actions)


# --- Scoring (§6) and the end of a hand (§7) ---------------------------------------------------


def card_points(state: State | Observation) -> tuple[int, ...]:
    """Each side's card points in the tricks it won this hand (§6.2 Game, A1)."""
    players = state.players if isinstance(state, Observation) else len(state.hands)
    totals = [0] * _sides(players)
    side_of_seat, points = _SIDE_OF[players], _POINTS.__getitem__
    for trick in state.tricks:
        totals[side_of_seat[trick.winner]] += sum(map(points, trick.cards))
    return tuple(totals)


def _trumps_in_play(state: State) -> dict[Card, int]:
    """Each trump in play at the end of the hand and the player it was dealt to: the trumps of
    the tricks and, by default, the trumps discarded; never the turn-ups (§6.1)."""
    if state.trump is None:
        return {}
    trumps = _CARDS_OF[state.trump]
    players, trinidad = len(state.hands), state.options.trinidad
    owner: dict[Card, int] = {}
    for trick in state.tricks:
        for card in trumps.intersection(trick.cards):
            seats = _SEAT_ORDERS[trick.leader, players, trinidad]
            owner[card] = seats[trick.cards.index(card)]
    if any(state.discards) and state.options.in_play is InPlay.DEALT:
        for seat, pile in enumerate(state.discards):
            for card in trumps.intersection(pile):
                owner[card] = seat
    return owner


def game_winner(totals: Sequence[int], dealer: int, players: int, options: Options) -> int | None:
    """The side that scores Game for these card points, or None (§6.2 tie rules, §9.2, A14).

    >>> game_winner((20, 20), 0, 2, Options())  # a tie goes to the dealer's opponent
    1
    """
    top = max(totals)
    leaders = [side for side, total in enumerate(totals) if total == top]
    if len(leaders) == 1:
        return leaders[0]
    if options.blind:  # §9.2: a tie scores nobody in Pitch
        return None
    dealer_side = side_of(dealer, players)
    if players == 4:
        return 1 - dealer_side
    if players == 2:
        return _next(dealer, players, options)  # A31: eldest, the non-dealer
    if len(leaders) == 2 and dealer_side in leaders:  # A14 (c): the other one
        return leaders[0] if leaders[1] == dealer_side else leaders[1]
    return None  # the two non-dealers tie for the top, or all three tie (A14 b)


def _score_hand(state: State) -> State:
    players = _players(state)
    target = target_of(state.options)
    scores = state.scores
    awards = state.awards
    totals = card_points(state)

    def award(kind: AwardKind, side: int, points: int) -> bool:
        nonlocal scores, awards
        scores = _add(scores, side, points)
        awards = (*awards, _Award(kind, side, points))
        return scores[side] >= target  # §6.2, §8: check after each award

    over = False
    trumps = _trumps_in_play(state)
    if trumps:
        high = max(trumps, key=_RANK.__getitem__)
        low = min(trumps, key=_RANK.__getitem__)
        over = award(AwardKind.HIGH, side_of(trumps[high], players), 1) or award(
            AwardKind.LOW, side_of(trumps[low], players), 1
        )
    if not over:
        jack = Card(Rank.JACK, state.trump) if state.trump is not None else None
        for trick in state.tricks:
            if jack in trick.cards:
                owner = trumps[jack]  # the player who played it
                side = side_of(trick.winner, players)
                if state.options.trinidad and side != side_of(owner, players):
                    over = award(AwardKind.HANG_JACK, side, 3)  # §9.3, A25, A26
                else:
                    over = award(AwardKind.JACK, side, 1)
                break
    if not over:
        game = game_winner(totals, state.dealer, players, state.options)
        if game is not None:
            over = award(AwardKind.GAME, game, 1)
    if over:
        return _evolve(state, phase=Phase.OVER, scores=scores, awards=awards)
    sheet = _HandSheet(
        state.hand_number,
        state.dealer,
        state.turnups,
        state.trump,
        state.begging,
        awards,
        totals,
        False,
    )
    # §7: the deal passes to next(dealer)
    return _next_deal(state, scores, _next(state.dealer, players, state.options), sheet)


# --- Scores and winners -------------------------------------------------------------------------


def scores(state: State) -> tuple[int, ...]:
    """Each player's score: the score of the player's side (partners share it)."""
    players = _players(state)
    return tuple(state.scores[side_of(p, players)] for p in range(players))


def winners(state: State) -> frozenset[int]:
    """The players of the side that reached the target; empty while the game runs (§8)."""
    if state.phase is not Phase.OVER:
        return frozenset()
    players = _players(state)
    target = target_of(state.options)
    return frozenset(p for p in range(players) if state.scores[side_of(p, players)] >= target)


def score_sheet(state: State | Observation) -> tuple[HandSheet, ...]:
    """Every hand's score-sheet entry: the finished hands, then the current hand so far."""
    totals = card_points(state) if len(state.tricks) == TRICKS_PER_HAND else ()
    current = HandSheet(
        state.hand_number,
        state.dealer,
        state.turnups,
        state.trump,
        state.begging,
        state.awards,
        totals,
    )
    return (*state.history, current)


def max_game_length(players: int, options: Options) -> int:
    """An upper bound on the number of actions in one game (see the docs for the argument).

    Every hand takes at most 2 begging actions, the discards after the most runs possible and
    six tricks. A hand that ends without a point (a throw-in, or with three players no trump
    dealt and a tie for Game) cannot be bounded by the rules; the bound allows
    `ZERO_POINT_HANDS` of them, which random deals exceed with negligible probability.
    """
    check_players(players, INFO)
    max_runs = (52 - (2 * ROUND * players + 1)) // (ROUND * players + 1)
    per_hand = 2 + players * ROUND * max_runs + TRICKS_PER_HAND * players
    scoring_hands = _sides(players) * (target_of(options) - 1) + 1
    return (scoring_hands + ZERO_POINT_HANDS) * per_hand


ZERO_POINT_HANDS: Final = 200
"""Hands without a point allowed for in `max_game_length` (throw-ins and 3-player blanks)."""


# --- What a player sees ------------------------------------------------------------------------


@attrs.frozen
class Observation:
    """What ``player`` may know: own hand and discards, every open card, counts, the history."""

    _repr_svg_ = repr_svg

    player: int
    to_move: int | None
    scores: tuple[int, ...]
    """Each player's score, as `scores` gives it (partners share their side's)."""
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    stock_size: int
    players: int
    options: Options
    phase: Phase
    hand_number: int
    dealer: int
    discards: tuple[Card, ...]
    """The player's own discards (the others' are hidden)."""
    discard_counts: tuple[int, ...]
    turnups: tuple[Card, ...]
    trump: Suit | None
    begging: Begging
    leader: int
    trick: tuple[Card, ...]
    tricks: tuple[Trick, ...]
    awards: tuple[Award, ...]
    history: tuple[HandSheet, ...]


def observe(state: State, player: int) -> Observation:
    """What ``player`` may know of ``state`` (never another hand, the stock or others' discards)."""
    players = _players(state)
    check_seat(player, players)
    return Observation(
        player,
        current_player(state),
        scores(state),
        state.hands[player],
        tuple(len(hand) for hand in state.hands),
        len(state.stock),
        players,
        state.options,
        state.phase,
        state.hand_number,
        state.dealer,
        state.discards[player],
        tuple(len(pile) for pile in state.discards),
        state.turnups,
        state.trump,
        state.begging,
        state.leader,
        state.trick,
        state.tricks,
        state.awards,
        state.history,
    )


def upgrade_json(tag: str, schema: int, fields: dict[str, object]) -> dict[str, object]:
    """Schema 1 observations named the player to move ``current_player`` and held the side
    scores (two with four players): today's ``to_move`` and each player's score."""
    if tag != "observation" or schema != 1:
        return fields
    upgraded = {("to_move" if key == "current_player" else key): v for key, v in fields.items()}
    sides = upgraded.get("scores")
    if upgraded.get("players") == 4 and isinstance(sides, list) and len(sides) == 2:
        upgraded["scores"] = [sides[side_of(player, 4)] for player in range(4)]
    return upgraded


# --- Impossible positions ----------------------------------------------------------------------


def _rules_of_position(state: State) -> None:
    players = len(state.hands)
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        fail(f"{players} hands; All Fours is for 2 to 4 players", "$.hands")
    try:
        _check_options(state.options, players)
    except ValueError as err:  # "options.target: 0 is outside 1..99"
        place, _, problem = str(err).partition(": ")
        fail(problem, f"$.{place}" if place.startswith("options.") else "$.options")
    options = state.options
    target = target_of(options)
    if state.hand_number < 0:
        fail("the deal counter is never negative", "$.hand_number")
    if not 0 <= state.dealer < players:
        fail(f"the dealer must be a seat 0..{players - 1}", "$.dealer")
    if not 0 <= state.leader < players:
        fail(f"the leader must be a seat 0..{players - 1}", "$.leader")
    if len(state.scores) != _sides(players):
        fail(f"{_sides(players)} side scores for {players} players", "$.scores")
    for side, score in enumerate(state.scores):
        if score < 0:
            fail("scores are never negative", f"$.scores[{side}]")
    if len(state.discards) != players:
        fail("one discard pile per player", "$.discards")
    zones: list[Card] = [*state.stock, *state.turnups, *state.trick]
    for pile in (*state.hands, *state.discards, *(trick.cards for trick in state.tricks)):
        zones.extend(pile)
    if len(zones) != len(DECK_52) or set(zones) != set(DECK_52):
        counts = Counter(zones)
        shown = ", ".join(
            [f"{card} missing" for card in DECK_52 if card not in counts]
            + [f"{card} twice" for card, count in counts.items() if count > 1][:5]
        )
        fail(f"the 52 cards must each be in exactly one place ({shown})")
    for seat, hand in enumerate(state.hands):
        if list(hand) != sorted(hand):
            fail("hands are kept sorted", f"$.hands[{seat}]")
    for number, trick in enumerate(state.tricks):
        if len(trick.cards) != players or not 0 <= trick.leader < players:
            place = f"$.tricks[{number}]"
            fail("a finished trick has one card per player and a seat leading", place)
        if trick.winner != trick_winner(trick.cards, trick.leader, state.trump, players, options):
            fail("the trick's winner is not the one the rules give", f"$.tricks[{number}].winner")
    _validate_tricks(state)
    _validate_awards(state)
    phase = state.phase
    reached = [side for side, score in enumerate(state.scores) if score >= target]
    if phase is Phase.OVER:
        if len(reached) != 1:
            fail("a finished game has exactly one side at the target", "$.scores")
        return
    if reached:
        fail("a side has reached the target but the game goes on", "$.scores")
    eldest = _eldest(state)
    sizes = [len(hand) for hand in state.hands]
    if options.blind:
        if state.turnups:
            fail("Pitch has no turn-up", "$.turnups")
        if state.begging is not Begging.BLIND:
            fail("Pitch has no begging", "$.begging")
        if any(state.discards):
            fail("Pitch has no discards", "$.discards")
    elif not state.turnups:
        fail("a turn-up is needed outside Pitch", "$.turnups")
    elif state.begging is Begging.BLIND:
        fail("only Pitch is played blind", "$.begging")
    if phase in (Phase.BEGGING, Phase.ANSWER):
        expect = Begging.PENDING if phase is Phase.BEGGING else Begging.BEGGED
        if state.begging is not expect:
            fail(f"the {phase.value} phase has begging {expect.value}", "$.begging")
        if len(state.turnups) != 1:
            fail("begging happens on the first turn-up", "$.turnups")
        if state.trump is not None:
            fail("begging happens before trump is set", "$.trump")
        if sizes != [HAND_SIZE] * players or any(state.discards):
            fail("six cards each while begging", "$.hands")
        if state.tricks or state.trick:
            fail("no tricks while begging", "$.tricks" if state.tricks else "$.trick")
        if state.leader != eldest:
            fail("eldest leads the first trick", "$.leader")
        return
    if state.trump is None and (not options.blind or state.tricks):
        fail("trump is set before trick play, or by the first lead in Pitch", "$.trump")
    if options.blind and state.trump is not None and not (state.tricks or state.trick):
        fail("in Pitch the first card led sets trump", "$.trump")
    if state.leader != eldest and not state.tricks:  # §4.3, §5, §9.3: also when discarding
        fail("eldest leads the first trick", "$.leader")
    if not options.blind:
        _validate_turnups(state)
    if phase is Phase.DISCARD:
        if state.begging is not Begging.RAN:
            fail("discarding follows a run", "$.begging")
        if state.tricks or state.trick:
            fail("discarding comes before the tricks", "$.tricks" if state.tricks else "$.trick")
        if any(size < HAND_SIZE for size in sizes) or all(size == HAND_SIZE for size in sizes):
            fail("someone has to discard down to six", "$.hands")
        for seat in range(players):
            if sizes[seat] + len(state.discards[seat]) != _dealt_each(state):
                fail("every player was dealt 6 cards and 3 per run", f"$.discards[{seat}]")
        return
    if state.begging not in (Begging.STOOD, Begging.GIVEN, Begging.RAN, Begging.BLIND):
        fail("trick play starts once trump is settled", "$.begging")
    if len(state.tricks) >= TRICKS_PER_HAND:
        fail("at most six tricks; the sixth ends the hand", "$.tricks")
    if len(state.trick) >= players:
        fail("a trick in progress is not full", "$.trick")
    if state.tricks and state.leader != state.tricks[-1].winner:
        fail("the winner of the last trick leads", "$.leader")
    seat = state.leader
    for position in range(players):
        expected = HAND_SIZE - len(state.tricks) - (1 if position < len(state.trick) else 0)
        if sizes[seat] != expected:
            fail(f"player {seat} should hold {expected} cards", f"$.hands[{seat}]")
        seat = _next(seat, players, options)
    if options.blind and state.trump is None and state.trick:
        fail("the first lead sets trump in Pitch", "$.trump")
    if len({len(pile) for pile in state.discards}) != 1:
        fail("every player discarded down to six", "$.discards")
    if len(state.discards[0]) + HAND_SIZE != _dealt_each(state):
        fail(
            "every player was dealt 6 cards and 3 per run, then discarded down to six", "$.discards"
        )


def _validate_tricks(state: State) -> None:
    # §5: eldest leads the first trick, each winner leads the next, and every follower who held
    # the led suit followed it or trumped; §9.2: in Pitch the first card led is the trump suit
    players = len(state.hands)
    options = state.options
    played = [(trick.leader, trick.cards, f"$.tricks[{n}]") for n, trick in enumerate(state.tricks)]
    if state.trick:
        played.append((state.leader, state.trick, "$.trick"))
    if not played:
        return
    if options.blind and state.trump is not played[0][1][0].suit:
        fail("in Pitch the trump is the suit of the first card led", "$.trump")
    if played[0][0] != _eldest(state):
        fail("eldest leads the first trick", "$.tricks[0].leader" if state.tricks else "$.leader")
    for number, (before, trick) in enumerate(zip(state.tricks, played[1:], strict=False)):
        if trick[0] != before.winner:
            place = f"$.tricks[{number + 1}].leader" if trick[2] != "$.trick" else "$.leader"
            fail("the winner of a trick leads the next one", place)
    # what each player held before each trick: the hand now plus the cards played since
    held = [set(hand) for hand in state.hands]
    for leader, cards_, place in reversed(played):
        seat = leader
        for card in cards_:
            held[seat].add(card)
            seat = _next(seat, players, options)
        led = cards_[0].suit
        seat = _next(leader, players, options)
        for index, card in enumerate(cards_[1:], start=1):
            off_suit = card.suit is not led and card.suit is not state.trump
            if off_suit and any(other.suit is led for other in held[seat]):
                where = f"{place}[{index}]" if place == "$.trick" else f"{place}.cards[{index}]"
                fail(f"player {seat} did not follow suit or trump with {card}", where)
            seat = _next(seat, players, options)


_SCORING_ORDER: Final = {
    AwardKind.HIGH: 0,
    AwardKind.LOW: 1,
    AwardKind.JACK: 2,
    AwardKind.HANG_JACK: 2,
    AwardKind.GAME: 3,
}


def _validate_awards(state: State) -> None:
    # §3.4, §4.2: the turned jack, the gift and the running jack are the hand's first awards;
    # §6.2: the trick scoring follows after the sixth trick only, in the order H, L, J, G
    players = len(state.hands)
    dealer_side = side_of(state.dealer, players)
    events: list[Award] = []
    if state.turnups and state.turnups[0].rank is Rank.JACK:
        events.append(Award(AwardKind.TURNED_JACK, dealer_side, 1))
    if state.begging is Begging.GIVEN:
        events += [Award(AwardKind.GIFT, side, 1) for side in _gift_recipients(state)]
    ran = state.begging is Begging.RAN and len(state.turnups) > 1
    if ran and state.turnups[-1].rank is Rank.JACK:
        events.append(Award(AwardKind.RUNNING_JACK, dealer_side, 1))
    awards = state.awards
    scoring = awards[len(events) :]
    if tuple(awards[: len(events)]) != tuple(events) or (
        scoring and (state.phase is not Phase.OVER or len(state.tricks) != TRICKS_PER_HAND)
    ):
        fail("the awards of this hand are not the ones its turn-ups and begging give", "$.awards")
    order = [_SCORING_ORDER.get(award.kind, -1) for award in scoring]
    if min(order, default=0) < 0 or order != sorted(set(order)):
        fail(
            "the trick scoring awards High, Low, Jack and Game once each, in that order", "$.awards"
        )
    every = [award for sheet in state.history for award in sheet.awards] + list(awards)
    for side in range(len(state.scores)):
        if sum(award.points for award in every if award.side == side) > state.scores[side]:
            fail(f"side {side} has been awarded more points than its score", f"$.scores[{side}]")


def _dealt_each(state: State) -> int:
    return HAND_SIZE + ROUND * max(len(state.turnups) - 1, 0)


def _validate_turnups(state: State) -> None:
    # §4.2: run turn-ups repeat the rejected suit until the last one, which sets trump
    first, last = state.turnups[0], state.turnups[-1]
    if state.trump is not last.suit:
        fail("trump is the suit of the last turn-up", "$.trump")
    if any(card.suit is not first.suit for card in state.turnups[1:-1]):
        fail("running stops at the first turn-up of a new suit", "$.turnups")
    ran = len(state.turnups) > 1
    if ran != (state.begging is Begging.RAN) or (ran and last.suit is first.suit):
        fail(
            "a run ends with a turn-up of a new suit, and only a run turns up more cards",
            "$.turnups",
        )


validate: Final = validator("All Fours", State, _rules_of_position)
"""`FormatError` naming the place (``… @ $.hands[1]``) unless ``state`` is a position the
rules can reach (also run by `from_json`)."""
