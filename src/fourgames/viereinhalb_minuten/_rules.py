"""4½ Minuten ("Schwing die Hufe"): a cooperative race against a 4½-minute timer, 2–6 players.

Rules: docs/games/viereinhalb-minuten.md; the spec's sections are cited as §n.m below.

The team lays the cards of their face-up displays onto at most two discard piles, matching
number, symbol or colour, before the timer runs out. Every card left over costs minus points.
The timer is an event (`TimeUp`, §8) that a driver applies; bots never choose it.
"""

from __future__ import annotations

import functools
import itertools
from bisect import bisect_left, insort
from collections import Counter
from collections.abc import Mapping
from types import MappingProxyType
from typing import ClassVar, Final, TypeAlias

import attrs

from fourgames._builder import builder
from fourgames.errors import FormatError, IllegalActionError
from fourgames.shuffle import derive_seed, fresh_seed, shuffled
from fourgames.viereinhalb_minuten._deck import (
    _BY_CODE,
    ALL_CARDS,
    COLOURS,
    DEFAULT_COLOUR_CHANGE_PAIRS,
    Card,
    Kind,
    build_deck,
    sorted_cards,
)

GAME_ID: Final = "viereinhalb-minuten"
MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 6
RULES_VERSION: Final = 1
LOCK_TURNS: Final = 3
"""A gesperrt card blocks its pile for the next three turns (§6.5)."""
LAY_ASIDE_PENALTY: Final = 2
"""Minus points per laid-aside card (§7)."""


def display_limit(players: int) -> int:
    """Cards in a full display: 5 with two players, else 4 (§2)."""
    return 5 if players == 2 else 4


# --- Options (§1, §2, §7, §8) ----------------------------------------------------------------


@attrs.frozen
class RatingBand:
    """One line of the rating list: totals up to ``max_penalty`` earn ``label`` (§7)."""

    max_penalty: int
    label: str


PLACEHOLDER_RATING_TABLE: Final[tuple[RatingBand, ...]] = (
    RatingBand(0, "[placeholder band, not the publisher's table] 0 minus points: the best result"),
    RatingBand(999_999, "Nicht aufgeben! Übung macht den Hirsch."),
)
"""A PLACEHOLDER, not the publisher's rating list, which is lost (spec §7, Ambiguity 21).

`rating` returns the label of the first band with ``total <= max_penalty``. Only the last
label survives in the rulebook (by its wording the worst band); the first band is this
library's own marker for a perfect game. Supply the real table through
``Options.rating_table`` if you have it.
"""


@attrs.frozen(cache_hash=True)
class Options:
    """Every variant and house rule. The defaults are the rulebook's, or the spec's
    documented **defaults** where the rulebook is silent (marked so below)."""

    rounds: int = 3
    """Rounds per game; penalties are summed (§7)."""
    timed: bool = True
    """Whether the timer runs: `TimeUp` is accepted only then (§8)."""
    time_limit_s: int = 270
    """Seconds per round, information for drivers that run a clock (§8)."""
    turn_limit: int | None = None
    """For simulations: a round ends by itself after this many turns, as by `TimeUp` (§8)."""
    start_player: int = 0
    """Who starts every round (**default** 0; the rulebook says "the first player", §2)."""
    free_start: bool = False
    """The table chooses the starter each round (`ChooseStarter`, taken by player 0; §2)."""
    number_copies: int = 2
    """Copies of each number card 1–7 in each colour (§1)."""
    your_turn_copies: int = 1
    """Du bist dran cards per colour (§1, R1)."""
    reverse_copies: int = 1
    """Richtungswechsel cards per colour (§1, **default** inferred from R1/R2)."""
    draw_two_copies: int = 1
    """2 Karten Nachziehen cards per colour (§1, **default** inferred from R1/R2)."""
    colour_change_pairs: tuple[frozenset[int], ...] = DEFAULT_COLOUR_CHANGE_PAIRS
    """One Farbwechsel card per pair of colours (§1, **default** cyclic pairs; real ones lost)."""
    lock_copies: int = 1
    """gesperrt cards per colour (or ``5 × lock_copies`` colourless ones) (§1)."""
    lock_cards_coloured: bool = True
    """Whether gesperrt cards carry a colour (§1, **default** inferred; Ambiguity 4)."""
    colour_names: tuple[str, ...] = ()
    """Five display names for the colours 0–4 (``()``: print the ids; names are lost)."""
    win_threshold: int = 0
    """The team wins if its total penalty is at most this (**default** 0, a perfect game)."""
    rating_table: tuple[RatingBand, ...] = PLACEHOLDER_RATING_TABLE
    """Bands for `rating`, by increasing ``max_penalty`` (**default**: a marked placeholder)."""


RULEBOOK: Final = Options()
"""The rulebook game: three timed rounds of 270 s, start player 0."""
UNTIMED: Final = Options(timed=False)
"""No timer: rounds end only when the cards are played through (§8)."""
SIMULATED_CLOCK: Final = Options(turn_limit=100)
"""The timer stood in for by 100 turns per round (2.7 s a turn; an arbitrary choice, §8)."""
FREE_START: Final = Options(free_start=True)
"""The rulebook authors' preference: the table picks the starter each round (§2)."""
PRESETS: Final[Mapping[str, Options]] = MappingProxyType(
    {
        "rulebook": RULEBOOK,
        "untimed": UNTIMED,
        "simulated-clock": SIMULATED_CLOCK,
        "free-start": FREE_START,
    }
)
"""The named presets, for the command line and the conformance tests."""


def _check_options(options: Options, players: int) -> None:
    def whole(name: str, low: int) -> int:
        value = getattr(options, name)
        if type(value) is not int or value < low:
            raise ValueError(f"Options.{name} must be an int >= {low}, got {value!r}")
        return value

    for name in ("rounds", "time_limit_s"):
        whole(name, 1)
    for name in ("number_copies", "your_turn_copies", "reverse_copies", "draw_two_copies"):
        whole(name, 0)
    whole("lock_copies", 0)
    for name in ("timed", "free_start", "lock_cards_coloured"):
        if type(getattr(options, name)) is not bool:
            raise ValueError(f"Options.{name} must be a bool, got {getattr(options, name)!r}")
    if options.turn_limit is not None:
        whole("turn_limit", 1)
    if type(options.win_threshold) is not int:
        raise ValueError(f"Options.win_threshold must be an int, got {options.win_threshold!r}")
    start = options.start_player
    if type(start) is not int or not 0 <= start < players:
        raise ValueError(f"Options.start_player must be in 0..{players - 1}, got {start!r}")
    pairs = options.colour_change_pairs
    if not isinstance(pairs, tuple) or not all(
        isinstance(pair, frozenset)
        and len(pair) == 2
        and all(type(c) is int and 0 <= c < COLOURS for c in pair)
        for pair in pairs
    ):
        raise ValueError(
            "Options.colour_change_pairs must be a tuple of frozensets of two colours "
            f"0..{COLOURS - 1}, got {pairs!r}"
        )
    names = options.colour_names
    if not isinstance(names, tuple) or (
        names
        and (
            len(names) != COLOURS
            or not all(isinstance(n, str) and n.strip() for n in names)
            or len(set(names)) != COLOURS
        )
    ):
        raise ValueError(
            f"Options.colour_names must be () or {COLOURS} different non-empty names, got {names!r}"
        )
    table = options.rating_table
    if (
        not isinstance(table, tuple)
        or not all(
            isinstance(band, RatingBand)
            and type(band.max_penalty) is int
            and isinstance(band.label, str)
            for band in table
        )
        or any(a.max_penalty >= b.max_penalty for a, b in itertools.pairwise(table))
    ):
        raise ValueError(
            f"Options.rating_table must be RatingBands with increasing max_penalty, got {table!r}"
        )
    size = len(deck(options))
    if size < players * display_limit(players):
        raise ValueError(
            f"the deck has {size} cards, too few to deal {display_limit(players)} "
            f"to each of {players} players"
        )


@functools.lru_cache(maxsize=64)
def deck(options: Options) -> tuple[Card, ...]:
    """The deck these options describe, as a sorted multiset (95 cards by default, §1)."""
    return build_deck(
        number_copies=options.number_copies,
        your_turn_copies=options.your_turn_copies,
        reverse_copies=options.reverse_copies,
        draw_two_copies=options.draw_two_copies,
        colour_change_pairs=options.colour_change_pairs,
        lock_copies=options.lock_copies,
        lock_cards_coloured=options.lock_cards_coloured,
    )


# --- Actions (§4, §6, §8) ----------------------------------------------------------------------

PILE_NAMES: Final = "AB"
_SEATS: Final = tuple(range(MAX_PLAYERS + 1))


def _plain(value: object) -> object:
    """The int a pile or seat number equals (``True`` and ``1.0`` are 1), else ``value``.

    Actions are equal by value, so ``Play(card, True)`` is ``Play(card, 1)``: `apply` and
    `str` treat it so, and states only ever hold ints.
    """
    if type(value) is int or value not in _SEATS:
        return value
    return _SEATS.index(value)


@attrs.frozen
class Play:
    """Play ``card`` from the mover's display onto pile ``pile`` (0 = A, 1 = B; §3, §4).

    ``pile`` equal to the number of piles starts that pile. ``named`` is the player named by
    a Du bist dran card (§6.1) and ``None`` for every other card, or when the play ends the
    round.
    """

    TAG: ClassVar[str] = "play"
    card: Card
    pile: int
    named: int | None = None

    def __str__(self) -> str:
        pile = _plain(self.pile)
        where = PILE_NAMES[pile] if pile == 0 or pile == 1 else f"pile{pile}"
        name = "" if self.named is None else f" P{_plain(self.named)}"
        return f"{self.card} {where}{name}"


@attrs.frozen
class LayAside:
    """Lay the whole display aside (2 minus points a card) and refill it (§4.2)."""

    TAG: ClassVar[str] = "lay-aside"

    def __str__(self) -> str:
        return "aside"


@attrs.frozen
class TimeUp:
    """The event of the timer running out: the round ends and is scored (§8).

    Never listed by `legal_actions`; listed by `events` while a timed round runs.
    """

    TAG: ClassVar[str] = "time-up"

    def __str__(self) -> str:
        return "time-up"


@attrs.frozen
class ChooseStarter:
    """With ``Options.free_start``: the table names who starts the round (§2). Not a turn."""

    TAG: ClassVar[str] = "choose-starter"
    player: int

    def __str__(self) -> str:
        return f"starter P{_plain(self.player)}"


Action: TypeAlias = Play | LayAside | TimeUp | ChooseStarter

LAY_ASIDE: Final = LayAside()
TIME_UP: Final = TimeUp()
_CHOOSE: Final = tuple(ChooseStarter(p) for p in range(MAX_PLAYERS))
# _PLAYS[code][pile][named + 1]: every Play built once (named None is index 0).
_PLAYS: Final = tuple(
    tuple(
        tuple(Play(card, pile, named) for named in (None, *range(MAX_PLAYERS))) for pile in (0, 1)
    )
    for card in ALL_CARDS
)


def parse_action(text: str) -> Action:
    """Read `str(action)`: ``"N(0,3) A"``, ``"DBD(1) B P2"``, ``"aside"``, ``"time-up"``,
    ``"starter P1"``.

    >>> parse_action("DBD(1) b p2")
    Play(card=Card.parse('DBD(1)'), pile=1, named=2)
    """
    words = text.split() if isinstance(text, str) else []
    low = [word.lower() for word in words]
    if low == ["aside"]:
        return LAY_ASIDE
    if low == ["time-up"]:
        return TIME_UP
    if len(low) == 2 and low[0] == "starter" and low[1][:1] == "p" and low[1][1:].isdigit():
        return ChooseStarter(int(low[1][1:]))
    if len(words) in (2, 3) and low[1] in ("a", "b"):
        card = Card.parse(words[0])
        named: int | None = None
        if len(words) == 3:
            if low[2][:1] != "p" or not low[2][1:].isdigit():
                raise FormatError(f"not a 4½ Minuten action: {text!r}")
            named = int(low[2][1:])
        return Play(card, "ab".index(low[1]), named)
    raise FormatError(f"not a 4½ Minuten action: {text!r}")


# --- State ---------------------------------------------------------------------------------


@attrs.frozen(cache_hash=True, weakref_slot=False)
class State:
    """A position. Build it with `new_game`, `position`, or `from_json` (all validated).

    Card zones: ``draw_pile`` (top first, order hidden), ``displays`` (one sorted tuple per
    player, face up), ``piles`` (the 0–2 discard piles A and B, bottom first) and ``aside``
    (the laid-aside heap, face up, in the order laid aside). Together they always hold the
    deck of ``options``.
    """

    options: Options
    seed: int
    """The game's seed; round r is shuffled by ``derive_seed(seed, "round", r)``."""
    penalties: tuple[int, ...]
    """Penalty of each finished round (§7); the game is over when there are ``rounds``."""
    choosing: bool
    """``free_start`` only: the round waits for `ChooseStarter` (§2)."""
    current: int
    """The player to move (player 0 while ``choosing``); meaningless once the game is over."""
    direction: int
    """+1 clockwise, −1 counter-clockwise (§5)."""
    turns: int
    """Turns played in this round (for ``Options.turn_limit``, §8)."""
    displays: tuple[tuple[Card, ...], ...]
    draw_pile: tuple[Card, ...]
    piles: tuple[tuple[Card, ...], ...]
    locked: int | None
    """The locked pile (0 = A, 1 = B), if any (§6.5)."""
    lock_turns: int
    """Turns the lock still holds: 1–3 while a pile is locked, else 0 (§6.5)."""
    aside: tuple[Card, ...]

    @property
    def players(self) -> int:
        """The number of players."""
        return len(self.displays)

    @property
    def round(self) -> int:
        """The running round, 1-based (the last round once the game is over)."""
        return min(len(self.penalties) + 1, self.options.rounds)


_State: Final = builder(State)
"""`State`'s constructor for the hot path: the same states, without attrs' per-field calls."""


def new_game(players: int, *, seed: int | None = None, options: Options | None = None) -> State:
    """Shuffle and deal round 1 (§2).

    >>> state = new_game(3, seed=1)
    >>> [len(d) for d in state.displays], len(state.draw_pile), state.piles
    ([4, 4, 4], 83, ())
    """
    if type(players) is not int or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"4½ Minuten takes {MIN_PLAYERS}–{MAX_PLAYERS} players, got {players!r}")
    if options is None:
        options = RULEBOOK
    elif not isinstance(options, Options):
        raise ValueError(f"options must be a 4½ Minuten Options, got {options!r}")
    _check_options(options, players)
    if seed is None:
        seed = fresh_seed()
    elif type(seed) is not int:
        raise ValueError(f"the seed must be an int, got {seed!r}")
    return _deal(options, seed, (), players)


def _deal(options: Options, seed: int, penalties: tuple[int, ...], players: int) -> State:
    # §2: shuffle all cards, deal L face up to each display; the rest is the draw pile.
    cards = shuffled(deck(options), derive_seed(seed, "round", len(penalties) + 1))
    limit = display_limit(players)
    displays = tuple(sorted_cards(cards[p * limit : (p + 1) * limit]) for p in range(players))
    free = options.free_start
    return _State(
        options, seed, penalties, free, 0 if free else options.start_player, 1, 0,
        displays, cards[players * limit :], (), None, 0, (),
    )  # fmt: skip


def is_terminal(state: State) -> bool:
    """Whether all rounds have been played (§7)."""
    return len(state.penalties) >= state.options.rounds


def current_player(state: State) -> int | None:
    """The player to move; ``None`` iff the game is over."""
    if len(state.penalties) >= state.options.rounds:
        return None
    return state.current


# --- Matching (§3) -----------------------------------------------------------------------------


def _accept_table() -> tuple[frozenset[int] | None, ...]:
    white = frozenset(c.code for c in ALL_CARDS if c.is_white)
    coloured = [
        frozenset(c.code for c in ALL_CARDS if not c.is_white and c.colours == (colour,))
        for colour in range(COLOURS)
    ]

    def accepted_on(top: Card) -> frozenset[int] | None:
        if top.kind is Kind.NUMBER:  # its colour, or a number card of its value
            same = {c.code for c in ALL_CARDS if c.kind is Kind.NUMBER and c.value == top.value}
            return coloured[top.colours[0]] | same | white
        if top.kind is Kind.COLOUR_CHANGE:  # the two colours shown (§6.4)
            return coloured[top.colours[0]] | coloured[top.colours[1]] | white
        if top.kind is Kind.LOCK:  # the lock's colour (§6.5); colourless: see `_top_key`
            return coloured[top.colours[0]] | white if top.colours else None
        same = {c.code for c in ALL_CARDS if c.kind is top.kind}  # its colour or its symbol
        return coloured[top.colours[0]] | same | white

    return tuple(accepted_on(card) for card in ALL_CARDS)


_ACCEPTS: Final = _accept_table()
"""``_ACCEPTS[top.code]``: the codes of the cards a pile with that top accepts (§3)."""
_COLOURLESS_LOCK: Final = len(ALL_CARDS) - 1
_EVERY_CODE: Final = frozenset(range(len(ALL_CARDS)))
_NO_CODE: Final[frozenset[int]] = frozenset()
_LOCK_CODES: Final = frozenset(c.code for c in ALL_CARDS if c.kind is Kind.LOCK)
_START: Final = len(ALL_CARDS)
"""A pile slot that may be started: it takes any card (§3)."""


def _slot_table(barred: frozenset[int]) -> tuple[frozenset[int], ...]:
    # Index: the code of the card deciding what a pile accepts, or _START.
    rows = [(accepted or _NO_CODE) - barred for accepted in _ACCEPTS]
    return (*rows, _EVERY_CODE - barred)


_OPEN: Final = _slot_table(_NO_CODE)
_OPEN_NO_LOCKS: Final = _slot_table(_LOCK_CODES)
"""While a pile is locked no gesperrt card may be played anywhere (§6.5)."""


def _top_key(pile: tuple[Card, ...]) -> int:
    """The code of the card deciding what this pile accepts (§3)."""
    for card in reversed(pile):
        if card.code != _COLOURLESS_LOCK:
            return card.code
    return _START  # only colourless locks: anything (§8, Ambiguity 4)


_Targets: TypeAlias = tuple[frozenset[int], frozenset[int]]


def _targets(state: State) -> _Targets:
    """The codes of the cards that may go to pile A and to pile B now (§3, §6.5)."""
    piles = state.piles
    if not piles:
        return _EVERY_CODE, _NO_CODE  # the first card starts pile A
    # A table row is empty only for a colourless lock on top: then the card below decides.
    locked = state.locked
    table = _OPEN if locked is None else _OPEN_NO_LOCKS  # §6.5
    pile_a = piles[0]
    on_a = _NO_CODE if locked == 0 else table[pile_a[-1].code] or table[_top_key(pile_a)]
    if len(piles) == 1:
        return on_a, table[_START]  # the second pile may be started
    pile_b = piles[1]
    return on_a, _NO_CODE if locked == 1 else table[pile_b[-1].code] or table[_top_key(pile_b)]


def accepts(state: State, pile: int) -> tuple[Card, ...]:
    """The distinct cards that pile ``pile`` (0 = A, 1 = B) accepts now: none while it is
    locked (§6.5), any card if it may be started (§3).

    >>> from fourgames.viereinhalb_minuten import cards
    >>> state = position([cards("N(0,3)"), cards("N(1,1)")], piles=[cards("FW(0,1)")])
    >>> [str(card) for card in accepts(state, 0)][:3], len(accepts(state, 0))
    (['N(0,1)', 'N(0,2)', 'N(0,3)'], 36)
    """
    codes = _targets(state)[pile] if pile in (0, 1) else _NO_CODE
    return tuple(card for card in ALL_CARDS if card.code in codes)


# --- Legal actions (§4, §6) --------------------------------------------------------------------

_ON_A: Final = tuple(rows[0][0] for rows in _PLAYS)
_ON_B: Final = tuple(rows[1][0] for rows in _PLAYS)
_NAMES_PLAYER: Final = tuple(card.kind is Kind.YOUR_TURN for card in ALL_CARDS)
_EVERYONE: Final = tuple(tuple(range(players)) for players in range(MAX_PLAYERS + 1))
_last_listed: tuple[object, tuple[Action, ...]] = (None, ())
"""The last state `legal_actions` listed, and its actions: `apply` takes an action from that
very list (the same object) as checked. The pair keeps the state alive, so no other object
can take its identity; replaced as a whole, so threads never see a mix."""


def legal_actions(state: State) -> tuple[Action, ...]:
    """Every choice of the player to move, in card order, then pile, then name; lay-aside last.

    >>> state = new_game(2, seed=3)
    >>> [str(a) for a in legal_actions(state)]
    ['N(2,5) A', 'N(4,3) A', 'P2(0) A', 'FW(2,3) A', 'LOCK(1) A', 'aside']
    """
    global _last_listed  # for `apply`: these plays need no second check
    if len(state.penalties) >= state.options.rounds:
        return ()
    if state.choosing:
        return _CHOOSE[: len(state.displays)]
    display = state.displays[state.current]
    on_a, on_b = _targets(state)
    out: list[Action] = []
    previous = -1
    for card in display:
        code = card.code
        if code == previous:
            continue  # copies are one action
        previous = code
        if code in on_a:
            if _NAMES_PLAYER[code]:
                _add_named(out, state, display, _PLAYS[code][0])
            else:
                out.append(_ON_A[code])
        if code in on_b:
            if _NAMES_PLAYER[code]:
                _add_named(out, state, display, _PLAYS[code][1])
            else:
                out.append(_ON_B[code])
    out.append(LAY_ASIDE)
    listed = tuple(out)
    _last_listed = (state, listed)
    return listed


def _add_named(
    out: list[Action], state: State, display: tuple[Card, ...], row: tuple[Play, ...]
) -> None:
    """Add a Du bist dran card's plays to one pile: one per player it may name (§6.1)."""
    names = _names(state, display)
    if not names:
        out.append(row[0])
    elif len(names) == len(state.displays):
        out += row[1 : len(names) + 1]
    else:
        out += [row[name + 1] for name in names]


def _names(state: State, display: tuple[Card, ...]) -> tuple[int, ...]:
    """Who a Du bist dran card played now may name; ``()`` if the play ends the round (§6.1)."""
    limit = state.options.turn_limit
    if limit is not None and state.turns + 1 >= limit:
        return ()
    if state.draw_pile:  # then every display holds cards (validate), the mover's too
        return _EVERYONE[len(state.displays)]
    mover = state.current
    # The mover keeps a card if one is left; the others keep theirs. Nobody at all: this was
    # the last card of the round, which ends (§7).
    return tuple(
        player
        for player, held in enumerate(state.displays)
        if (len(held) > 1 if player == mover else held)
    )


def events(state: State) -> tuple[Action, ...]:
    """``(TimeUp(),)`` while a timed round runs, else ``()`` (§8).

    >>> events(new_game(2, seed=1)), events(new_game(2, seed=1, options=UNTIMED))
    ((TimeUp(),), ())
    """
    if state.options.timed and len(state.penalties) < state.options.rounds:
        return (TIME_UP,)
    return ()


# --- Applying an action ----------------------------------------------------------------------


def apply(state: State, action: Action) -> State:
    """The state after ``action``; `IllegalActionError` naming the rule if it is not legal.

    >>> state = new_game(3, seed=1)
    >>> after = apply(state, legal_actions(state)[0])
    >>> len(after.piles), after.current, len(after.draw_pile)
    (1, 1, 82)
    """
    if type(action) is Play:
        return _play(state, action)
    if type(action) is LayAside:
        if state.choosing or len(state.penalties) >= state.options.rounds:
            _check_turn(state)  # raises
        return _lay_aside(state)
    if type(action) is TimeUp:
        _check_time_up(state)
        return _end_round(
            state, state.current, state.direction, state.turns, state.displays,
            state.draw_pile, state.piles, state.locked, state.lock_turns, state.aside,
        )  # fmt: skip
    if type(action) is ChooseStarter:
        _check_choose_starter(state, action)
        return attrs.evolve(state, choosing=False, current=_SEATS.index(action.player))
    raise IllegalActionError(f"not a 4½ Minuten action: {action!r}", rule="API")


def _check_turn(state: State) -> None:
    if len(state.penalties) >= state.options.rounds:
        raise IllegalActionError("the game is over", rule="§7")
    if state.choosing:
        raise IllegalActionError("the table must first choose who starts", rule="§2")


def _checked_play(state: State, action: Play) -> Play:
    """The play `legal_actions` lists equal to ``action``; `IllegalActionError` naming the rule
    if it lists none. Checks against the same tables `legal_actions` lists from."""
    if state.choosing or len(state.penalties) >= state.options.rounds:
        _check_turn(state)
    display = state.displays[state.current]
    card = action.card
    # Displays are sorted by code: find the card without calling Card.__eq__ per item.
    code = card.code if type(card) is Card else -1
    index = bisect_left(display, code, key=_BY_CODE)
    if code < 0 or index == len(display) or display[index].code != code:
        raise IllegalActionError(f"{card} is not in player {state.current}'s display", rule="§4")
    pile = action.pile
    if pile == 0:
        allowed = _targets(state)[0]
    elif pile == 1:
        allowed = _targets(state)[1]
    else:
        allowed = _NO_CODE
    if code not in allowed:
        _refuse_pile(state, card, pile)
    named = action.named
    if _NAMES_PLAYER[code]:
        names = _names(state, display)
        if not names:
            if named is not None:
                raise IllegalActionError("this play ends the round: name nobody", rule="§6.1")
        elif named not in names:
            raise IllegalActionError(
                f"a Du bist dran card names a player holding cards: one of {list(names)}",
                rule="§6.1",
            )
    elif named is not None:
        raise IllegalActionError("only a Du bist dran card names a player", rule="§6.1")
    # Equal plays are the same action: True, 1.0 are pile or player 1 (`_plain`).
    return _PLAYS[code][1 if pile == 1 else 0][0 if named is None else _SEATS.index(named) + 1]


def _refuse_pile(state: State, card: Card, pile: object) -> None:
    """Raise the error saying why ``card`` may not go to ``pile`` (§3, §6.5)."""
    piles = state.piles
    pile = _plain(pile)
    if not isinstance(pile, int) or not 0 <= pile <= len(piles):
        raise IllegalActionError(f"there is no pile {pile!r}", rule="§3")
    if pile == 2:
        raise IllegalActionError("a third discard pile is not allowed", rule="§3")
    if card.kind is Kind.LOCK and state.locked is not None:
        raise IllegalActionError(
            "a gesperrt card cannot be played while a pile is locked", rule="§6.5"
        )
    if pile == state.locked:
        raise IllegalActionError(f"pile {PILE_NAMES[pile]} is locked", rule="§6.5")
    raise IllegalActionError(
        f"{card} matches neither number, symbol nor colour of pile {PILE_NAMES[pile]}",
        rule="§3",
    )


_NUMBER: Final = Kind.NUMBER
_COLOUR_CHANGE: Final = Kind.COLOUR_CHANGE
_LOCK: Final = Kind.LOCK
_REVERSE: Final = Kind.REVERSE
_DRAW_TWO: Final = Kind.DRAW_TWO
_YOUR_TURN: Final = Kind.YOUR_TURN


def _play(state: State, action: Play) -> State:
    listed = _last_listed[1] if _last_listed[0] is state else ()
    for play in listed:
        if play is action:
            break  # just listed for this state: legal
    else:
        action = _checked_play(state, action)
    mover = state.current
    displays = state.displays
    display = displays[mover]
    card = action.card
    pile = action.pile
    held = list(display)
    del held[bisect_left(display, card.code, key=_BY_CODE)]
    players = len(displays)
    piles = state.piles
    if pile == len(piles):
        piles = (*piles, (card,))  # §3: start a pile
    elif pile:
        piles = (piles[0], piles[1] + (card,))
    else:
        piles = (piles[0] + (card,), *piles[1:])
    # §6.5: a lock from an earlier turn runs down by this turn.
    locked = state.locked
    lock_turns = state.lock_turns
    if locked is not None:
        lock_turns -= 1
        if not lock_turns:
            locked = None
    direction = state.direction
    draw = state.draw_pile
    kind = card.kind
    if kind is _NUMBER or kind is _COLOUR_CHANGE:
        pass
    elif kind is _LOCK:  # §6.5
        locked = pile
        lock_turns = LOCK_TURNS
    elif kind is _REVERSE:  # §6.2: no effect with two players
        if players > 2:
            direction = -direction
    elif kind is _DRAW_TWO and draw:  # §6.3: the next player draws two at once
        target = (mover + direction) % players
        grown = list(displays[target])
        for new in draw[:2]:
            insort(grown, new, key=_BY_CODE)
        draw = draw[2:]
        displays = (*displays[:target], tuple(grown), *displays[target + 1 :])
    # §4.1.2: refill one card while below the limit.
    if draw and len(held) < (5 if players == 2 else 4):
        insort(held, draw[0], key=_BY_CODE)
        draw = draw[1:]
    rows = list(displays)  # one list and one tuple, no slices
    rows[mover] = tuple(held)
    displays = tuple(rows)
    turns = state.turns + 1
    if kind is _YOUR_TURN and action.named is not None:
        following = action.named  # §6.1
    else:  # §5
        following = (mover + direction) % players
        if not displays[following]:
            following = _next_player(displays, mover, direction)
    limit = state.options.turn_limit
    if following < 0 or (limit is not None and turns >= limit):  # §7, §8
        return _end_round(
            state, mover, direction, turns, displays, draw, piles, locked, lock_turns, state.aside
        )
    return _State(
        state.options, state.seed, state.penalties, False, following, direction, turns,
        displays, draw, piles, locked, lock_turns, state.aside,
    )  # fmt: skip


def _next_player(displays: tuple[tuple[Card, ...], ...], mover: int, direction: int) -> int:
    """The next player in ``direction`` holding cards (the mover last); −1 if nobody (§5)."""
    players = len(displays)
    player = mover
    for _ in range(players):
        player = (player + direction) % players
        if displays[player]:
            return player
    return -1


def _lay_aside(state: State) -> State:
    # §4.2: the whole display aside, refill to the limit, any lock lifted, next player.
    mover = state.current
    displays = state.displays
    players = len(displays)
    draw = state.draw_pile
    aside = state.aside + displays[mover]
    limit = 5 if players == 2 else 4
    rows = list(displays)
    rows[mover] = tuple(sorted(draw[:limit], key=_BY_CODE))
    displays = tuple(rows)
    draw = draw[limit:]
    turns = state.turns + 1
    direction = state.direction
    following = (mover + direction) % players  # §5; the refilled display is the mover's
    if not displays[following]:
        following = _next_player(displays, mover, direction)
    turn_limit = state.options.turn_limit
    if following < 0 or (turn_limit is not None and turns >= turn_limit):
        return _end_round(state, mover, direction, turns, displays, draw, state.piles,
                          None, 0, aside)  # fmt: skip
    return _State(
        state.options, state.seed, state.penalties, False, following, direction, turns,
        displays, draw, state.piles, None, 0, aside,
    )  # fmt: skip


def _check_time_up(state: State) -> None:
    if len(state.penalties) >= state.options.rounds:
        raise IllegalActionError("the game is over", rule="§7")
    if not state.options.timed:
        raise IllegalActionError("this game is untimed: no timer can run out", rule="§8")


def _check_choose_starter(state: State, action: ChooseStarter) -> None:
    if len(state.penalties) >= state.options.rounds:
        raise IllegalActionError("the game is over", rule="§7")
    if not state.choosing:
        raise IllegalActionError("the starter is chosen only at the start of a round", rule="§2")
    player = action.player
    if player not in _SEATS[: len(state.displays)]:  # True or 1.0 is player 1 (`_plain`)
        raise IllegalActionError(f"there is no player {player!r}", rule="§2")


# --- End of a round, scoring (§7) ------------------------------------------------------------


def _end_round(
    state: State,
    current: int,
    direction: int,
    turns: int,
    displays: tuple[tuple[Card, ...], ...],
    draw: tuple[Card, ...],
    piles: tuple[tuple[Card, ...], ...],
    locked: int | None,
    lock_turns: int,
    aside: tuple[Card, ...],
) -> State:
    """Score the round (§7) and deal the next one, or end the game on the final table."""
    penalty = len(draw) + sum(map(len, displays)) + LAY_ASIDE_PENALTY * len(aside)
    penalties = (*state.penalties, penalty)
    options = state.options
    if len(penalties) < options.rounds:
        return _deal(options, state.seed, penalties, len(displays))
    return _State(
        options, state.seed, penalties, False, current, direction, turns,
        displays, draw, piles, locked, lock_turns, aside,
    )  # fmt: skip


def round_penalty(state: State) -> int:
    """What the running round would cost if it ended now (§7).

    >>> round_penalty(new_game(4, seed=1))
    95
    """
    return (
        len(state.draw_pile) + sum(map(len, state.displays)) + LAY_ASIDE_PENALTY * len(state.aside)
    )


def total_penalty(state: State) -> int:
    """The penalties of the finished rounds, summed (§7)."""
    return sum(state.penalties)


def scores(state: State) -> tuple[int, ...]:
    """The team's minus points so far, as a negative number, the same for every player (§7).

    >>> scores(new_game(3, seed=1))
    (0, 0, 0)
    """
    return (-sum(state.penalties),) * len(state.displays)


def winners(state: State) -> frozenset[int]:
    """Everybody if the finished game's total is at most ``Options.win_threshold``, else nobody."""
    if len(state.penalties) < state.options.rounds:
        return frozenset()
    if sum(state.penalties) <= state.options.win_threshold:
        return frozenset(range(len(state.displays)))
    return frozenset()


def rating(state: State) -> str | None:
    """The label of ``Options.rating_table`` for the total so far (§7; a placeholder table by
    default, not the publisher's); ``None`` if no band covers it.

    >>> rating(new_game(2, seed=1))
    "[placeholder band, not the publisher's table] 0 minus points: the best result"
    """
    total = sum(state.penalties)
    for band in state.options.rating_table:
        if total <= band.max_penalty:
            return band.label
    return None


def max_game_length(players: int, options: Options) -> int:
    """An upper bound on the actions of one game.

    Every turn moves at least one card out of the draw pile and displays for good (onto a
    pile or aside), so a round has at most ``len(deck)`` turns, plus one `ChooseStarter` and
    one `TimeUp`.
    """
    turns = len(deck(options))
    if options.turn_limit is not None:
        turns = min(turns, options.turn_limit)
    return options.rounds * (turns + int(options.free_start) + int(options.timed))


# --- What a player sees ------------------------------------------------------------------------


@attrs.frozen
class Observation:
    """Everything on the table: all displays, piles and the laid-aside heap are face up; of
    the draw pile only its size is known (Ambiguity 22)."""

    player: int
    options: Options
    penalties: tuple[int, ...]
    choosing: bool
    current: int | None
    direction: int
    turns: int
    displays: tuple[tuple[Card, ...], ...]
    draw_pile_size: int
    piles: tuple[tuple[Card, ...], ...]
    locked: int | None
    lock_turns: int
    aside: tuple[Card, ...]


def observe(state: State, player: int) -> Observation:
    """What ``player`` may know: all but the order of the draw pile (and the seed).

    >>> observe(new_game(2, seed=1), 0).draw_pile_size
    85
    """
    if type(player) is not int or not 0 <= player < len(state.displays):
        raise ValueError(f"no player {player!r} in a {len(state.displays)}-player game")
    return Observation(
        player, state.options, state.penalties, state.choosing, current_player(state),
        state.direction, state.turns, state.displays, len(state.draw_pile), state.piles,
        state.locked, state.lock_turns, state.aside,
    )  # fmt: skip


# --- Positions and validate ------------------------------------------------------------------


def position(
    displays: list[tuple[Card, ...]] | tuple[tuple[Card, ...], ...],
    *,
    piles: list[tuple[Card, ...]] | tuple[tuple[Card, ...], ...] = (),
    draw_pile: tuple[Card, ...] | None = None,
    aside: tuple[Card, ...] = (),
    current: int = 0,
    direction: int = 1,
    turns: int = 0,
    locked: int | None = None,
    lock_turns: int = 0,
    penalties: tuple[int, ...] = (),
    choosing: bool = False,
    options: Options | None = None,
    seed: int = 0,
) -> State:
    """A position written down (for tests and tools), checked by `validate`.

    Displays are given per player in any order; ``draw_pile=None`` puts every card not
    named elsewhere into the draw pile in card order.

    >>> from fourgames.viereinhalb_minuten import cards
    >>> state = position([cards("N(0,3) N(0,1)"), cards("FW(0,1)")], piles=[cards("N(4,4)")])
    >>> state.displays[0], len(state.draw_pile)
    ((Card.parse('N(0,1)'), Card.parse('N(0,3)')), 91)
    """
    options = RULEBOOK if options is None else options
    displays = tuple(sorted_cards(d) for d in displays)
    piles = tuple(tuple(p) for p in piles)
    aside = tuple(aside)
    if draw_pile is None:
        rest = Counter(deck(options))
        rest.subtract([c for zone in (*displays, *piles, aside) for c in zone])
        if any(n < 0 for n in rest.values()):
            raise FormatError("the position uses a card more often than the deck holds it")
        draw_pile = sorted_cards(rest.elements())
    state = State(
        options, seed, tuple(penalties), choosing, current, direction, turns,
        displays, tuple(draw_pile), piles, locked, lock_turns, aside,
    )  # fmt: skip
    validate(state)
    return state


def validate(state: State) -> None:
    """Raise `FormatError` if ``state`` is an impossible position."""
    if not isinstance(state, State):
        raise FormatError(f"not a 4½ Minuten state: {state!r}")
    options = state.options
    players = len(state.displays) if isinstance(state.displays, tuple) else 0
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise FormatError(f"{players} displays: 4½ Minuten takes 2–6 players @ $.displays")
    if not isinstance(options, Options):
        raise FormatError("options are not 4½ Minuten Options @ $.options")
    try:
        _check_options(options, players)
    except ValueError as err:
        raise FormatError(f"{err} @ $.options") from None
    if type(state.seed) is not int:
        raise FormatError("the seed is not an int @ $.seed")
    penalties = state.penalties
    if not isinstance(penalties, tuple) or not all(type(p) is int and p >= 0 for p in penalties):
        raise FormatError("penalties must be ints >= 0 @ $.penalties")
    if len(penalties) > options.rounds:
        raise FormatError(f"{len(penalties)} penalties for {options.rounds} rounds @ $.penalties")
    over = len(penalties) == options.rounds
    for name in ("current", "turns", "lock_turns", "direction"):
        if type(getattr(state, name)) is not int:
            raise FormatError(f"{name} must be an int @ $.{name}")
    if type(state.choosing) is not bool:
        raise FormatError("choosing must be a bool @ $.choosing")
    if not 0 <= state.current < players:
        raise FormatError(f"no player {state.current} @ $.current")
    if state.direction not in (1, -1):
        raise FormatError("direction must be +1 or -1 @ $.direction")
    if state.turns < 0:
        raise FormatError("turns must be >= 0 @ $.turns")
    piles = state.piles
    if not isinstance(piles, tuple) or len(piles) > 2:
        raise FormatError("at most two discard piles @ $.piles")
    zones: list[tuple[str, tuple[Card, ...]]] = [
        *((f"$.displays[{p}]", d) for p, d in enumerate(state.displays)),
        ("$.draw_pile", state.draw_pile),
        *((f"$.piles[{i}]", p) for i, p in enumerate(piles)),
        ("$.aside", state.aside),
    ]
    for where, zone in zones:
        if not isinstance(zone, tuple) or not all(type(c) is Card and c.code >= 0 for c in zone):
            raise FormatError(f"not a tuple of cards @ {where}")
        if where.startswith("$.displays") and zone != sorted_cards(zone):
            raise FormatError(f"cards must be in card order @ {where}")
    if any(not pile for pile in piles):
        raise FormatError("a discard pile is never empty @ $.piles")
    held = Counter(c for _, zone in zones for c in zone)
    if held != Counter(deck(options)):
        extra = held - Counter(deck(options))
        missing = Counter(deck(options)) - held
        raise FormatError(
            "the zones do not hold the deck: "
            f"extra {sorted(map(str, extra.elements()))}, "
            f"missing {sorted(map(str, missing.elements()))} @ $"
        )
    locked = state.locked
    if locked is None:
        if state.lock_turns != 0:
            raise FormatError("lock_turns must be 0 without a lock @ $.lock_turns")
    else:
        if type(locked) is not int or not 0 <= locked < len(piles):
            raise FormatError(f"no pile {locked!r} to lock @ $.locked")
        if not 1 <= state.lock_turns <= LOCK_TURNS:
            raise FormatError(f"lock_turns must be 1..{LOCK_TURNS} @ $.lock_turns")
        if piles[locked][-1].kind is not Kind.LOCK:
            raise FormatError("a locked pile has a gesperrt card on top @ $.piles")
    if state.draw_pile and not all(state.displays):
        raise FormatError("a display is empty while the draw pile is not @ $.displays")
    if over:
        if state.choosing:
            raise FormatError("the game is over: nobody chooses a starter @ $.choosing")
        return
    if not any(state.displays):
        raise FormatError("the round is played through but not scored @ $.displays")
    if options.turn_limit is not None and state.turns >= options.turn_limit:
        raise FormatError("the turn limit is reached but the round is not scored @ $.turns")
    if state.choosing:
        if not options.free_start or state.turns or piles or state.aside:
            raise FormatError("a starter is chosen only before a free-start round @ $.choosing")
        if state.current != 0:
            raise FormatError("player 0 chooses the starter for the table @ $.current")
    elif not state.displays[state.current]:
        raise FormatError("the player to move holds no cards @ $.current")
