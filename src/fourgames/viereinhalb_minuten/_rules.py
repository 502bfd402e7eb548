"""4½ Minuten ("Schwing die Hufe"): a cooperative race against a 4½-minute timer, 2–6 players.

Rules: docs/rules/viereinhalb-minuten.md, whose sections are cited as §n below; the game's page
is docs/games/viereinhalb-minuten.md.

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
from typing import Final, TypeAlias

import attrs

from fourgames._builder import builder
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
from fourgames.errors import FormatError, IllegalActionError
from fourgames.pictures import repr_svg
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
NAME: Final = "4½ Minuten"
MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 6
RULES_VERSION: Final = 1
LOCK_TURNS: Final = 3
"""A gesperrt card blocks its pile for the next three turns (§6.5)."""
LAY_ASIDE_PENALTY: Final = 2
"""Minus points per laid-aside card (§7)."""
DRAW_TWO_CARDS: Final = 2
"""Cards a 2 Karten Nachziehen makes the next player draw (§6.3)."""


def display_limit(players: int) -> int:
    """Cards in a full display: 5 with two players, else 4 (§2)."""
    return 5 if players == 2 else 4


# --- Options (§1, §2, §7, §8) ----------------------------------------------------------------

MAX_COPIES: Final = 4
"""Copies per colour of each card kind at most: twice the rulebook's number cards (§1)."""
MAX_COLOUR_CHANGES: Final = 20
"""Farbwechsel cards at most: each of the ten pairs of colours twice (§1)."""
MAX_NAME: Final = 40
"""Characters of a colour name at most."""
MAX_BANDS: Final = 20
"""Bands of a rating table at most."""
MAX_LABEL: Final = 200
"""Characters of a rating label at most."""
MAX_PENALTY: Final = 999_999
"""The largest ``win_threshold`` and ``RatingBand.max_penalty``."""


@attrs.frozen
class RatingBand:
    """One line of the rating list: totals up to ``max_penalty`` earn ``label`` (§7)."""

    max_penalty: int
    label: str


PLACEHOLDER_RATING_TABLE: Final[tuple[RatingBand, ...]] = (
    RatingBand(0, "[placeholder band, not the publisher's table] 0 minus points: the best result"),
    RatingBand(999_999, "Nicht aufgeben! Übung macht den Hirsch."),
)
"""A PLACEHOLDER, not the publisher's rating list, which is lost (§7).

`rating` returns the label of the first band with ``total <= max_penalty``. Only the last
label survives in the rulebook (by its wording the worst band); the first band is this
library's own marker for a perfect game. Supply the real table through
``Options.rating_table`` if you have it.
"""


@attrs.frozen(cache_hash=True)
class Options:
    """Every variant and house rule, each number within its bound. The defaults are the
    rulebook's, or this library's documented **defaults** where the rulebook is silent."""

    rounds: int = bounded(3, 1, 100)
    """Rounds per game, 1–100; penalties are summed (§7)."""
    timed: bool = True
    """Whether the timer runs: `TimeUp` is accepted only then (§8)."""
    time_limit_s: int = bounded(270, 1, 86_400)
    """Seconds per round, 1–86 400 (a day), information for drivers that run a clock (§8)."""
    turn_limit: int | None = bounded(None, 1, 10_000)
    """For simulations: a round ends by itself after this many turns, 1–10 000, as by
    `TimeUp` (§8)."""
    start_player: int = bounded(0, 0, MAX_PLAYERS - 1)
    """Who starts every round, a seat of the game (**default** 0: "the first player", §2)."""
    free_start: bool = False
    """The table chooses the starter each round (`ChooseStarter`, taken by player 0; §2)."""
    number_copies: int = bounded(2, 0, MAX_COPIES)
    """Copies of each number card 1–7 in each colour, 0–4 (§1)."""
    your_turn_copies: int = bounded(1, 0, MAX_COPIES)
    """Du bist dran cards per colour, 0–4 (§1)."""
    reverse_copies: int = bounded(1, 0, MAX_COPIES)
    """Richtungswechsel cards per colour, 0–4 (§1, **default** 1)."""
    draw_two_copies: int = bounded(1, 0, MAX_COPIES)
    """2 Karten Nachziehen cards per colour, 0–4 (§1, **default** 1)."""
    colour_change_pairs: tuple[frozenset[int], ...] = bounded(
        DEFAULT_COLOUR_CHANGE_PAIRS, 0, COLOURS - 1, most=MAX_COLOUR_CHANGES
    )
    """One Farbwechsel card per pair of colours 0–4, at most 20 cards (§1, **default**
    cyclic pairs; the real ones are lost)."""
    lock_copies: int = bounded(1, 0, MAX_COPIES)
    """gesperrt cards per colour (or ``5 × lock_copies`` colourless ones), 0–4 (§1)."""
    lock_cards_coloured: bool = True
    """Whether gesperrt cards carry a colour (§1, **default** yes)."""
    colour_names: tuple[str, ...] = bounded((), most=COLOURS)
    """Five different display names of at most 40 characters for the colours 0–4 (``()``:
    print the ids; the names are lost)."""
    win_threshold: int = bounded(0, 0, MAX_PENALTY)
    """The team wins if its total penalty is at most this, 0–999 999 (**default** 0, a
    perfect game)."""
    rating_table: tuple[RatingBand, ...] = bounded(
        PLACEHOLDER_RATING_TABLE, 0, MAX_PENALTY, most=MAX_BANDS
    )
    """At most 20 bands for `rating`, by increasing ``max_penalty`` (0–999 999), labels of at
    most 200 characters (**default**: a marked placeholder)."""


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

INFO: Final = GameInfo(
    id=GAME_ID,
    name=NAME,
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    presets=PRESETS,
    rules_version=RULES_VERSION,
    perfect_information=False,
    cooperative=True,
    has_events=True,
    round_counter="round",
)
"""4½ Minuten as data: cooperative, the draw pile's order hidden, the timer an event."""


def _check_options(options: object, players: int) -> Options:
    """``options`` if `new_game` can deal them to ``players``; `ValueError` naming the field."""
    checked = _check_deck_options(options)
    if checked.start_player >= players:
        raise ValueError(
            f"options.start_player: {checked.start_player} is not a seat 0..{players - 1}"
        )
    size = len(_deck(checked))
    if size < players * display_limit(players):
        raise ValueError(
            f"options: the deck has {size} cards, too few to deal {display_limit(players)} "
            f"to each of {players} players"
        )
    return checked


def _check_deck_options(options: object) -> Options:
    """``options`` if their types, bounds and sizes are right, whatever the player count."""
    if _CHECKED.get(id(options)) is options:
        return options  # type: ignore[return-value]
    checked = _checked_deck_options(options)
    if len(_CHECKED) >= _CHECKED_KEPT:
        _CHECKED.clear()
    _CHECKED[id(checked)] = checked
    return checked


_CHECKED: Final[dict[int, Options]] = {}
"""Options that passed `_checked_deck_options`, by identity (each kept alive, so that no other
object takes its id): a game's options are checked once, not per `new_game`. Only checked
options are kept, each under 40 KB by the bounds."""
_CHECKED_KEPT: Final = 32


def _checked_deck_options(options: object) -> Options:
    checked = check_options(options, Options, NAME)
    if not all(len(pair) == 2 for pair in checked.colour_change_pairs):
        raise ValueError("options.colour_change_pairs: each pair has two different colours")
    names = checked.colour_names
    if names and (
        len(names) != COLOURS
        or len(set(names)) != COLOURS
        or not all(name.strip() and len(name) <= MAX_NAME for name in names)
    ):
        raise ValueError(
            f"options.colour_names: () or {COLOURS} different names of 1 to {MAX_NAME} characters"
        )
    table = checked.rating_table
    if not all(len(band.label) <= MAX_LABEL for band in table):
        raise ValueError(f"options.rating_table: labels of at most {MAX_LABEL} characters")
    if any(a.max_penalty >= b.max_penalty for a, b in itertools.pairwise(table)):
        raise ValueError("options.rating_table: the bands go by increasing max_penalty")
    return checked


def deck(options: Options) -> tuple[Card, ...]:
    """The deck these options describe, as a sorted multiset (95 cards by default, at most
    240, §1); `ValueError` for options out of their bounds."""
    return _deck(_check_deck_options(options))


@functools.lru_cache(maxsize=32)
def _deck(options: Options) -> tuple[Card, ...]:
    """`deck` of options already checked. The cache holds only checked options, whose bounds
    keep each entry with its deck under 40 KB: the cache stays under 1.3 MB."""
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


def _seat_word(word: str) -> int:
    """The seat written ``P2`` (``p2``)."""
    if word[:1] not in "pP" or not word[1:].isdigit() or len(word) > 3:
        raise FormatError(f"not a seat: {word!r}")
    return int(word[1:])


@action(keyword=None)
class Play:
    """Play ``card`` from the mover's display onto pile ``pile`` (0 = A, 1 = B; §3, §4).

    ``pile`` equal to the number of piles starts that pile. ``named`` is the player named by
    a Du bist dran card (§6.1) and ``None`` for every other card, or when the play ends the
    round. The text starts with the card: ``N(0,3) A``, ``DBD(1) B P2``.
    """

    card: Card
    pile: int
    named: int | None = None

    def __str__(self) -> str:
        pile = self.pile
        where = PILE_NAMES[pile] if pile == 0 or pile == 1 else f"pile{pile}"
        name = "" if self.named is None else f" P{self.named}"
        return f"{self.card} {where}{name}"

    @classmethod
    def parse_text(cls, text: str) -> Play:
        """Read ``"N(0,3) A"`` or ``"DBD(1) B P2"`` (any case)."""
        words = text.split()
        if len(words) not in (2, 3) or words[1].upper() not in ("A", "B"):
            raise FormatError(f"not a play: {text!r}")
        named = _seat_word(words[2]) if len(words) == 3 else None
        return cls(Card.parse(words[0]), PILE_NAMES.index(words[1].upper()), named)


@action("aside", tag="lay-aside")
class LayAside:
    """Lay the whole display aside (2 minus points a card) and refill it (§4). Written
    ``aside``; ``lay-aside`` reads too."""


@action("time-up")
class TimeUp:
    """The event of the timer running out: the round ends and is scored (§8).

    Never listed by `legal_actions`; listed by `events` while a timed round runs.
    """


@action("starter P{player}", tag="choose-starter")
class ChooseStarter:
    """With ``Options.free_start``: the table names who starts the round (§2). Not a turn.
    Written ``starter P1``; ``choose-starter P1`` reads too."""

    player: int


Action: TypeAlias = Play | LayAside | TimeUp | ChooseStarter
ACTIONS: Final = Actions[Action](NAME, (Play, LayAside, TimeUp, ChooseStarter), card=Card)

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
_LISTABLE: Final = (LAY_ASIDE, TIME_UP, *_CHOOSE, *(p for c in _PLAYS for r in c for p in r))
ACTIONS.intern(_LISTABLE)


def parse_action(text: str) -> Action:
    """Read `str(action)`: ``"N(0,3) A"``, ``"DBD(1) B P2"``, ``"aside"``, ``"time-up"``,
    ``"starter P1"`` (and the tags ``lay-aside``, ``choose-starter P1``).

    >>> parse_action("DBD(1) b p2")
    Play(card=Card.parse('DBD(1)'), pile=1, named=2)
    """
    return ACTIONS.parse(text)


# --- State ---------------------------------------------------------------------------------


@attrs.frozen(cache_hash=True, weakref_slot=False)
class State:
    """A position. Build it with `new_game`, `position`, or `from_json` (all validated).

    Card zones: ``draw_pile`` (top first, order hidden), ``displays`` (one sorted tuple per
    player, face up), ``piles`` (the 0–2 discard piles A and B, bottom first) and ``aside``
    (the laid-aside heap, face up, in the order laid aside). Together they always hold the
    deck of ``options``.
    """

    _repr_svg_ = repr_svg

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


# --- Setup (§2) --------------------------------------------------------------------------------


def new_game(players: int, *, seed: int | None = None, options: Options | None = None) -> State:
    """Shuffle and deal round 1 (§2).

    >>> state = new_game(3, seed=1)
    >>> [len(d) for d in state.displays], len(state.draw_pile), state.piles
    ([4, 4, 4], 83, ())
    """
    check_players(players, INFO)
    options = _check_options(RULEBOOK if options is None else options, players)
    seed = check_seed(seed)
    return _deal(options, fresh_seed() if seed is None else seed, (), players)


def _deal(options: Options, seed: int, penalties: tuple[int, ...], players: int) -> State:
    # §2: shuffle all cards, deal L face up to each display; the rest is the draw pile.
    cards = shuffled(_deck(options), derive_seed(seed, "round", len(penalties) + 1))
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
    return _START  # only colourless locks: anything (§6.5)


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


def legal_actions(state: State) -> tuple[Action, ...]:
    """Every choice of the player to move, in card order, then pile, then name; lay-aside last.

    >>> state = new_game(2, seed=3)
    >>> [str(a) for a in legal_actions(state)]
    ['N(2,5) A', 'N(4,3) A', 'P2(0) A', 'FW(2,3) A', 'LOCK(1) A', 'aside']
    """
    if len(state.penalties) >= state.options.rounds:
        return ()
    if state.choosing:
        return RULES.listed(state, _CHOOSE[: len(state.displays)])
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
    return RULES.listed(state, tuple(out))


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


# --- A turn (§4): a play (§3, §5, §6) ---------------------------------------------------------


def _check_turn(state: State) -> None:
    if len(state.penalties) >= state.options.rounds:
        raise IllegalActionError("the game is over", rule="§7")
    if state.choosing:
        raise IllegalActionError("the table must first choose who starts", rule="§2")


def _check_play(state: State, action: Play) -> None:
    if state.choosing or len(state.penalties) >= state.options.rounds:
        _check_turn(state)
    card = action.card
    try:
        code = card.code if type(card) is Card else -2
    except AttributeError:  # a Card never initialised
        code = -2
    if code == -2:
        raise IllegalActionError(f"not a {NAME} card: a {type(card).__name__}", rule="API")
    display = state.displays[state.current]
    # Displays are sorted by code: find the card without calling Card.__eq__ per item.
    index = bisect_left(display, code, key=_BY_CODE)
    if index == len(display) or display[index].code != code:
        raise IllegalActionError(f"{card} is not in player {state.current}'s display", rule="§4")
    pile = action.pile
    if code not in (_targets(state)[pile] if pile == 0 or pile == 1 else _NO_CODE):
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


def _refuse_pile(state: State, card: Card, pile: int) -> None:
    """Raise the error saying why ``card`` may not go to ``pile`` (§3, §6.5)."""
    piles = state.piles
    if not 0 <= pile <= len(piles):
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
    mover = state.current
    displays = state.displays
    display = displays[mover]
    card = ALL_CARDS[action.card.code]  # the game's own copy of a card equal to it
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
        for new in draw[:DRAW_TWO_CARDS]:
            insort(grown, new, key=_BY_CODE)
        draw = draw[DRAW_TWO_CARDS:]
        displays = (*displays[:target], tuple(grown), *displays[target + 1 :])
    # §4: refill one card while below the limit.
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


# --- A turn (§4): laying the display aside -----------------------------------------------------


def _check_lay_aside(state: State, action: LayAside) -> None:
    if state.choosing or len(state.penalties) >= state.options.rounds:
        _check_turn(state)


def _lay_aside(state: State, action: LayAside) -> State:
    # §4: the whole display aside, refill to the limit, any lock lifted, next player.
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


# --- The starter (§2) and the timer (§8) -------------------------------------------------------


def _check_choose_starter(state: State, action: ChooseStarter) -> None:
    if len(state.penalties) >= state.options.rounds:
        raise IllegalActionError("the game is over", rule="§7")
    if not state.choosing:
        raise IllegalActionError("the starter is chosen only at the start of a round", rule="§2")
    if not 0 <= action.player < len(state.displays):
        raise IllegalActionError(f"there is no player {action.player}", rule="§2")


def _choose_starter(state: State, action: ChooseStarter) -> State:
    return attrs.evolve(state, choosing=False, current=action.player)


def _check_time_up(state: State, action: TimeUp) -> None:
    if len(state.penalties) >= state.options.rounds:
        raise IllegalActionError("the game is over", rule="§7")
    if not state.options.timed:
        raise IllegalActionError("this game is untimed: no timer can run out", rule="§8")


def _time_up(state: State, action: TimeUp) -> State:
    return _end_round(
        state, state.current, state.direction, state.turns, state.displays,
        state.draw_pile, state.piles, state.locked, state.lock_turns, state.aside,
    )  # fmt: skip


RULES: Final = Rulebook[State, Action](
    State,
    ACTIONS,
    {
        Play: (_check_play, _play),
        LayAside: (_check_lay_aside, _lay_aside),
        TimeUp: (_check_time_up, _time_up),
        ChooseStarter: (_check_choose_starter, _choose_starter),
    },
)


check, is_legal, apply, apply_unchecked, find_action = RULES.verbs(legal_actions)


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
    """Everything on the table, as ``player`` sees it: all displays, piles and the laid-aside
    heap are face up; of the draw pile only its size is known (§2)."""

    _repr_svg_ = repr_svg

    player: int
    to_move: int | None
    """The player to move (player 0 while the starter is chosen); None once the game is over."""
    scores: tuple[int, ...]
    hand: tuple[Card, ...]
    """The player's own display."""
    hand_sizes: tuple[int, ...]
    """The size of every display."""
    stock_size: int
    """The size of the draw pile, the only cards hidden from everyone."""
    options: Options
    penalties: tuple[int, ...]
    choosing: bool
    direction: int
    turns: int
    displays: tuple[tuple[Card, ...], ...]
    piles: tuple[tuple[Card, ...], ...]
    locked: int | None
    lock_turns: int
    aside: tuple[Card, ...]


def observe(state: State, player: int) -> Observation:
    """What ``player`` may know: all but the order of the draw pile (and the seed).

    >>> observe(new_game(2, seed=1), 0).stock_size
    85
    """
    check_seat(player, len(state.displays))
    displays = state.displays
    return Observation(
        player, current_player(state), scores(state), displays[player],
        tuple(map(len, displays)), len(state.draw_pile), state.options, state.penalties,
        state.choosing, state.direction, state.turns, displays, state.piles, state.locked,
        state.lock_turns, state.aside,
    )  # fmt: skip


def upgrade_json(tag: str, schema: int, fields: dict[str, object]) -> dict[str, object]:
    """Schema 1 observations said ``current`` and ``draw_pile_size`` and had no ``scores``,
    ``hand`` and ``hand_sizes``: renamed, and read off the penalties and displays."""
    if tag != "observation" or schema != 1:
        return fields
    renamed = {"current": "to_move", "draw_pile_size": "stock_size"}
    upgraded = {renamed.get(key, key): value for key, value in fields.items()}
    displays, player = fields.get("displays"), fields.get("player")
    if isinstance(displays, list) and all(isinstance(d, list) for d in displays):
        upgraded.setdefault("hand_sizes", [len(display) for display in displays])
        if type(player) is int and 0 <= player < len(displays):
            upgraded.setdefault("hand", displays[player])
        penalties = fields.get("penalties")
        if isinstance(penalties, list) and all(type(p) is int for p in penalties):
            upgraded.setdefault("scores", [-sum(penalties)] * len(displays))
    return upgraded


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
        try:
            rest = Counter(deck(options))
        except ValueError as err:
            fail(str(err), "$.options")
        rest.subtract([c for zone in (*displays, *piles, aside) for c in zone])
        if any(n < 0 for n in rest.values()):
            fail("the position uses a card more often than the deck holds it")
        draw_pile = sorted_cards(rest.elements())
    state = State(
        options, seed, tuple(penalties), choosing, current, direction, turns,
        displays, tuple(draw_pile), piles, locked, lock_turns, aside,
    )  # fmt: skip
    validate(state)
    return state


def _rules_of_position(state: State) -> None:
    """Refuse what no play of the game can reach; the field types are checked already."""
    players = len(state.displays)
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        fail(f"{players} displays: {NAME} takes 2–6 players", "$.displays")
    try:
        options = _check_options(state.options, players)
    except ValueError as err:
        fail(str(err), "$.options")
    cards = _deck(options)
    penalties = state.penalties
    if len(penalties) > options.rounds:
        fail(f"{len(penalties)} penalties for {options.rounds} rounds", "$.penalties")
    for index, penalty in enumerate(penalties):  # §7: at most every card laid aside
        if not 0 <= penalty <= LAY_ASIDE_PENALTY * len(cards):
            fail(f"penalties must be 0..{LAY_ASIDE_PENALTY * len(cards)}", f"$.penalties[{index}]")
    over = len(penalties) == options.rounds
    if not 0 <= state.current < players:
        fail(f"no player {state.current}", "$.current")
    if state.direction not in (1, -1):
        fail("direction must be +1 or -1", "$.direction")
    if state.turns < 0:
        fail("turns must be >= 0", "$.turns")
    piles = state.piles
    if len(piles) > 2:
        fail("at most two discard piles", "$.piles")
    _check_zones(state, cards)
    locked = state.locked
    if locked is None:
        if state.lock_turns != 0:
            fail("lock_turns must be 0 without a lock", "$.lock_turns")
    else:
        if not 0 <= locked < len(piles):
            fail(f"no pile {locked} to lock", "$.locked")
        if not 1 <= state.lock_turns <= LOCK_TURNS:
            fail(f"lock_turns must be 1..{LOCK_TURNS}", "$.lock_turns")
        if piles[locked][-1].kind is not Kind.LOCK:
            fail("a locked pile has a gesperrt card on top", f"$.piles[{locked}]")
    if state.draw_pile and not all(state.displays):
        fail("a display is empty while the draw pile is not", "$.displays")
    _check_display_limits(state)
    if over:
        if state.choosing:
            fail("the game is over: nobody chooses a starter", "$.choosing")
        return
    if not any(state.displays):
        fail("the round is played through but not scored", "$.displays")
    if options.turn_limit is not None and state.turns >= options.turn_limit:
        fail("the turn limit is reached but the round is not scored", "$.turns")
    if state.choosing:
        if not options.free_start or state.turns or piles or state.aside:
            fail("a starter is chosen only before a free-start round", "$.choosing")
        if state.current != 0:
            fail("player 0 chooses the starter for the table", "$.current")
    elif not state.displays[state.current]:
        fail("the player to move holds no cards", "$.current")


def _check_zones(state: State, cards: tuple[Card, ...]) -> None:
    """Every zone holds cards of the game, the displays in card order, and together the deck."""
    zones: list[tuple[str, tuple[Card, ...]]] = [
        *((f"$.displays[{p}]", d) for p, d in enumerate(state.displays)),
        ("$.draw_pile", state.draw_pile),
        *((f"$.piles[{i}]", p) for i, p in enumerate(state.piles)),
        ("$.aside", state.aside),
    ]
    for where, zone in zones:
        for index, card in enumerate(zone):
            if type(card) is not Card or getattr(card, "code", -1) < 0:
                fail(f"not a card of {NAME}", f"{where}[{index}]")
        if where.startswith("$.displays") and zone != sorted_cards(zone):
            fail("cards must be in card order", where)
    for index, pile in enumerate(state.piles):
        if not pile:
            fail("a discard pile is never empty", f"$.piles[{index}]")
    held = Counter(c for _, zone in zones for c in zone)
    wanted = Counter(cards)
    if held != wanted:
        extra = sorted(map(str, (held - wanted).elements()))
        missing = sorted(map(str, (wanted - held).elements()))
        fail(f"the zones do not hold the deck: extra {extra}, missing {missing}")


def _check_display_limits(state: State) -> None:
    """A display grows past the limit only by 2 Karten Nachziehen (§4, §6.3): each played this
    round (it lies on a pile) adds at most two cards to one display, and a display above the
    limit draws nothing until it is laid aside."""
    limit = display_limit(len(state.displays))
    drawn = DRAW_TWO_CARDS * sum(c.kind is Kind.DRAW_TWO for pile in state.piles for c in pile)
    for player, display in enumerate(state.displays):
        drawn -= max(0, len(display) - limit)
        if drawn < 0:
            fail(
                f"{len(display)} cards are over the display limit of {limit} by more than "
                "the 2 Karten Nachziehen on the piles allow",
                f"$.displays[{player}]",
            )


validate: Final = validator(NAME, State, _rules_of_position)
