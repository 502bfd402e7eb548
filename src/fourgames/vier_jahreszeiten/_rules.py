"""Vier Jahreszeiten (Vanishing Cross, Four Seasons): the rules, top to bottom like their text.

The rules text is ``docs/rules/vier-jahreszeiten.md`` (after the German rulebook
"Vier Jahreszeiten"); its sections are cited as §n, its resolved ambiguities as An and its test
scenarios as Tn. Ranks count A=1 … K=13.
"""

from __future__ import annotations

import enum
import functools
import itertools
from collections.abc import Iterable, Sequence
from typing import Any, Final, TypeAlias

import attrs

from fourgames._builder import builder
from fourgames._kernel import (
    Actions,
    GameInfo,
    Rulebook,
    action,
    check_options,
    check_players,
    check_seat,
    check_seed,
    fail,
    validator,
)
from fourgames.cards import DECK_52, Card, Rank, Suit, sorted_cards
from fourgames.errors import IllegalActionError
from fourgames.pictures import repr_svg
from fourgames.shuffle import derive_seed, fresh_seed, shuffled

GAME_ID: Final = "vier-jahreszeiten"
MIN_PLAYERS: Final = 1
MAX_PLAYERS: Final = 1
RULES_VERSION: Final = 1
FOUNDATION_SIZE: Final = 13  # §6 won: 13 cards on each foundation

# --- §1 Conventions --------------------------------------------------------------------------

_RANK: Final[dict[Card, int]] = {c: 1 if c.rank is Rank.ACE else int(c.rank) for c in DECK_52}
_RED: Final[dict[Card, bool]] = {c: c.suit.is_red for c in DECK_52}
_SUITS: Final = tuple(Suit)
_SUIT_INDEX: Final = {suit: i for i, suit in enumerate(_SUITS)}
_SUIT_OF: Final[dict[Card, int]] = {c: _SUIT_INDEX[c.suit] for c in DECK_52}
"""Each card's foundation, ♣ ♦ ♥ ♠ = 0 1 2 3 (keyed by the card: cards hash fast, suits not)."""
_CARD_OF: Final[dict[tuple[int, int], Card]] = {(_RANK[c], _SUIT_OF[c]): c for c in DECK_52}

_RANK_TEXT: Final = {_RANK[c]: c.rank.symbol for c in DECK_52}


def rank_value(card: Card) -> int:
    """The card's rank as this game counts it: A=1, 2..10, J=11, Q=12, K=13 (§1)."""
    return _RANK[card]


# --- Options (§7, §8, §9) ---------------------------------------------------------------------


class Layout(enum.Enum):
    """The tableau: the cross of five piles (§2) or Simplicity's twelve piles (§7.3)."""

    CROSS = "cross"
    SIMPLICITY = "simplicity"


class RunMove(enum.Enum):
    """Sequence moves (§7.1): the whole pile only, or any top segment (A12)."""

    WHOLE = "whole"
    ANY_TAIL = "any_tail"


class CzarinaFill(enum.Enum):
    """Where Czarina's automatic refill comes from (A13)."""

    STOCK = "stock"
    """The stock's top card; once the stock is empty, spaces stay empty (the rulebook)."""
    WASTE_PYSOL = "waste_pysol"
    """PySolFC's ``Corners.fillStack``: the waste top, the waste kept topped up from the stock."""


@attrs.frozen
class Options:
    """Every variant and house rule. The defaults are the rulebook's: Vanishing Cross (§5)."""

    layout: Layout = Layout.CROSS
    """The cross of five piles, or Simplicity's twelve piles with alternating colours (§7.3)."""
    czarina: bool = False
    """Empty piles are refilled automatically and there is no `Fill` (§7.2)."""
    czarina_fill: CzarinaFill = CzarinaFill.STOCK
    """The refill source with ``czarina`` (A13); ``waste_pysol`` is PySolFC's."""
    run_move: RunMove | None = None
    """Sequence moves (§7.1): off (``None``), whole piles, or any top segment (A12)."""
    wrap_cross_always: bool = False
    """PySolFC parity (A1): a king may go on an ace in the tableau even when the base is the ace."""
    guard: bool = True
    """The no-repetition guard (§6). Without it play may never end: for analysis only."""


VANISHING_CROSS: Final = Options()
"""Vier Jahreszeiten as the rulebook plays it (the default)."""
CZARINA: Final = Options(czarina=True)
"""Czarina: spaces in the cross are refilled at once from the stock (§7.2)."""
SIMPLICITY: Final = Options(layout=Layout.SIMPLICITY)
"""Simplicity: twelve piles, building down in alternating colours (§7.3)."""
PRESETS: Final[dict[str, Options]] = {
    "vanishing-cross": VANISHING_CROSS,
    "czarina": CZARINA,
    "simplicity": SIMPLICITY,
}
"""The named presets by their command-line names."""


def pile_count(options: Options) -> int:
    """5 piles in the cross (§3), 12 in Simplicity (§7.3)."""
    return 12 if options.layout is Layout.SIMPLICITY else 5


def _check_options(options: object) -> Options:
    """``options`` if its fields have their types and combine (`ValueError` otherwise)."""
    checked = check_options(options, Options, "Vier Jahreszeiten")
    _check_combination(checked)
    return checked


def _check_combination(options: Options) -> None:
    if options.czarina_fill is not CzarinaFill.STOCK and not options.czarina:
        raise ValueError("Options.czarina_fill applies only with czarina=True")


INFO: Final = GameInfo(
    id=GAME_ID,
    name="Vier Jahreszeiten",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    presets=PRESETS,
    rules_version=RULES_VERSION,
    perfect_information=False,
    cooperative=False,
    has_events=False,
)
"""Vier Jahreszeiten as data: a solitaire whose stock lies face down (§2)."""


# --- Actions (§5, §7.1) -----------------------------------------------------------------------


@action("turn")
class Turn:
    """M1: turn the stock's top card onto the waste (§5)."""


@action("found {card}", tag="to-foundation")
class ToFoundation:
    """M2: move the free ``card`` onto its suit's foundation, or start it (§5).

    Written ``found 7♦``; its JSON tag ``to-foundation`` is read as a keyword too.
    """

    card: Card


@action("build {card} {pile}")
class Build:
    """M3: move the free ``card`` onto the non-empty tableau pile ``pile`` (§5)."""

    card: Card
    pile: int


@action("fill {card} {pile}")
class Fill:
    """M4: move the free ``card`` into the empty tableau pile ``pile`` (§5)."""

    card: Card
    pile: int


@action("run {card} {pile}", tag="move-run")
class MoveRun:
    """Sequence move (§7.1): ``card`` and every card above it go onto pile ``pile``.

    ``card`` is the lowest card of the moved run, the one that lands on the target. Written
    ``run 7♦ 3``; its JSON tag ``move-run`` is read as a keyword too.
    """

    card: Card
    pile: int


Action: TypeAlias = Turn | ToFoundation | Build | Fill | MoveRun
ACTIONS: Final = Actions[Action](
    "Vier Jahreszeiten", (Turn, ToFoundation, Build, Fill, MoveRun), card=Card
)

TURN: Final = Turn()
_TO_FOUNDATION: Final = {c: ToFoundation(c) for c in DECK_52}
_BUILD: Final = {(c, j): Build(c, j) for c in DECK_52 for j in range(12)}
_FILL: Final = {(c, j): Fill(c, j) for c in DECK_52 for j in range(12)}
_RUN: Final = {(c, j): MoveRun(c, j) for c in DECK_52 for j in range(12)}
ACTIONS.intern([TURN, *_TO_FOUNDATION.values(), *_BUILD.values(), *_FILL.values(), *_RUN.values()])


def parse_action(text: str) -> Action:
    """The action written ``text``: ``turn``, ``found 7♦`` (or ``to-foundation 7d``),
    ``build 4♠ 1``, ``fill K♣ 0``, ``run 9♣ 1`` (or ``move-run 9c 1``).

    >>> parse_action("build 4♠ 1")
    Build(card=Card.parse('4♠'), pile=1)
    """
    return ACTIONS.parse(text)


# --- State (§2) -------------------------------------------------------------------------------

Config: TypeAlias = tuple[tuple[Card, ...], ...]
"""A canonical tableau configuration: the piles as a sorted tuple (piles are interchangeable)."""


@attrs.frozen(cache_hash=True, weakref_slot=False)
class State:
    """A position. Build it with `new_game`, `position`, or `fourgames.from_json`."""

    _repr_svg_ = repr_svg

    options: Options
    seed: int
    base: int
    """The base rank ``b`` (A=1 … K=13): the rank of the first foundation card (§1)."""
    piles: tuple[tuple[Card, ...], ...]
    """The tableau piles, each from bottom to top; only the top card is free (§2)."""
    foundations: tuple[int, ...]
    """Cards on each suit's foundation (♣ ♦ ♥ ♠), from the base rank up (§2)."""
    stock: tuple[Card, ...]
    """The face-down stock, top (next to turn) first (§2)."""
    waste: tuple[Card, ...]
    """The face-up waste, bottom to top; the last card is free (§2)."""
    seen: frozenset[Config] = frozenset()
    """The canonical tableau configurations reached since the last progress move (§6 guard)."""


_State: Final = builder(State)
"""`State`'s constructor for the hot path: the same states, without attrs' per-field calls."""


def canonical(piles: tuple[tuple[Card, ...], ...]) -> Config:
    """The canonical configuration of the tableau: its piles as a multiset (§6).

    That is ``tuple(sorted(piles))``; non-empty piles have distinct bottom cards, so sorting
    by the bottom card gives the same order, faster.
    """
    return tuple(sorted(piles, key=_pile_order))


_ORDER: Final[dict[Card, int]] = {c: i for i, c in enumerate(sorted_cards(DECK_52))}


def _pile_order(pile: tuple[Card, ...]) -> int:
    return _ORDER[pile[0]] if pile else -1


_config: Final = functools.lru_cache(maxsize=1024)(canonical)
"""`canonical`, remembered for the last 1024 tableaux: the guard asks about the same ones
again and again (`apply` settles the move that `legal_actions` has just checked; a `Turn`
leaves the tableau as it was)."""


def foundation_cards(base: int, suit: Suit, count: int) -> tuple[Card, ...]:
    """The cards of a foundation of ``count`` cards from the base rank (A=1 … K=13) up,
    bottom first (§5 M2)."""
    s = _SUIT_INDEX[suit]
    return tuple(_CARD_OF[((base - 1 + k) % 13) + 1, s] for k in range(count))


# --- §3 Setup ----------------------------------------------------------------------------------


def new_game(players: int = 1, *, seed: int | None = None, options: Options | None = None) -> State:
    """Shuffle and deal: the tableau, then the base card, then the stock (§3, §7.3).

    >>> state = new_game(1, seed=1)
    >>> len(state.piles), len(state.stock), sum(state.foundations)
    (5, 46, 1)
    """
    check_players(players, INFO)
    options = _check_options(VANISHING_CROSS if options is None else options)
    seed = check_seed(seed)
    seed = fresh_seed() if seed is None else seed
    deck = _shuffled_deck(seed)
    n = pile_count(options)
    base_card = deck[n]
    foundations = tuple(1 if suit is base_card.suit else 0 for suit in _SUITS)
    piles = tuple((card,) for card in deck[:n])
    return _settle(options, seed, _RANK[base_card], piles, foundations, deck[n + 1 :], (), None)


def _shuffled_deck(seed: int) -> tuple[Card, ...]:
    """The deck in the order of ``seed``. `random.Random` seeds with the absolute value, so a
    negative seed goes through `derive_seed` first: seed -k deals its own game, not k's."""
    return shuffled(DECK_52, seed if seed >= 0 else derive_seed(seed, "deal"))


def _settle(
    options: Options,
    seed: int,
    base: int,
    piles: tuple[tuple[Card, ...], ...],
    foundations: tuple[int, ...],
    stock: tuple[Card, ...],
    waste: tuple[Card, ...],
    seen: frozenset[Config] | None,
) -> State:
    """The state after a move: Czarina's automatic refills (§7.2, A13), then the guard (§6).

    ``seen`` is the guard's set before a cross → cross move, or None after a progress move.
    A refill is progress (§6, generalised progress).
    """
    if options.czarina:
        if options.czarina_fill is CzarinaFill.STOCK:
            if stock and () in piles:
                filled = list(piles)
                for i, pile in enumerate(filled):
                    if not pile and stock:
                        filled[i], stock = (stock[0],), stock[1:]
                piles, seen = tuple(filled), None
        else:  # A13 waste_pysol: PySolFC's Corners.fillStack, until nothing changes
            while True:
                if not waste and stock:
                    waste, stock, seen = (stock[0],), stock[1:], None
                elif waste and () in piles:
                    i = piles.index(())
                    piles = (*piles[:i], (waste[-1],), *piles[i + 1 :])
                    waste, seen = waste[:-1], None
                else:
                    break
    if not options.guard:
        seen = frozenset()
    elif seen is None:
        seen = frozenset((_config(piles),))
    else:
        seen = seen | {_config(piles)}
    return _State(options, seed, base, piles, foundations, stock, waste, seen)


def position(
    *,
    piles: Iterable[Iterable[Card]],
    foundations: Iterable[Card],
    base: Rank,
    stock: Iterable[Card] | None = None,
    waste: Iterable[Card] = (),
    options: Options | None = None,
    seed: int = 0,
) -> State:
    """A position written down by hand, as right after a progress move (``seen`` = itself).

    ``foundations`` names the top card of every started foundation; ``stock`` is top first
    (default: every card not placed elsewhere, in `DECK_52` order), ``waste`` bottom first,
    each pile bottom first. The position is validated (`FormatError` if impossible).

    >>> from fourgames.cards import cards
    >>> state = position(piles=[cards("7♦"), cards("4♠"), cards("5♥"), cards("K♣"), cards("9♠")],
    ...                  foundations=cards("6♦"), base=Rank.SIX)
    >>> [str(a) for a in legal_actions(state)]
    ['found 7♦', 'build 4♠ 2', 'turn']
    """
    options = _check_options(VANISHING_CROSS if options is None else options)
    b = 1 if base is Rank.ACE else int(base)
    counts = [0, 0, 0, 0]
    for top in foundations:
        counts[_SUIT_INDEX[top.suit]] = (_RANK[top] - b) % 13 + 1
    piles_t = tuple(tuple(pile) for pile in piles)
    waste = tuple(waste)
    if stock is None:
        stock = _unplaced(b, piles_t, tuple(counts), waste)
    seen = frozenset((canonical(piles_t),)) if options.guard else frozenset()
    state = State(options, seed, b, piles_t, tuple(counts), tuple(stock), tuple(waste), seen)
    validate(state)
    return state


def _unplaced(
    base: int,
    piles: tuple[tuple[Card, ...], ...],
    foundations: tuple[int, ...],
    waste: tuple[Card, ...],
) -> tuple[Card, ...]:
    """The cards neither in the tableau, on the foundations nor in the waste, in `DECK_52`
    order: a stand-in for a stock whose order is unknown."""
    placed = {c for pile in piles for c in pile} | set(waste)
    for suit, count in zip(_SUITS, foundations, strict=True):
        placed.update(foundation_cards(base, suit, count))
    return tuple(c for c in DECK_52 if c not in placed)


# --- Who moves, and the end (§6) --------------------------------------------------------------


def is_won(state: State) -> bool:
    """All 52 cards are on the foundations (§6)."""
    return sum(state.foundations) == 52


def is_terminal(state: State) -> bool:
    """Won, or no legal action (§6: lost); with the guard every game gets there."""
    return is_won(state) or not (state.stock or legal_actions(state))


def current_player(state: State) -> int | None:
    """Player 0 until the game is over."""
    return None if is_terminal(state) else 0


def scores(state: State) -> tuple[int, ...]:
    """The cards on the foundations (A11)."""
    return (sum(state.foundations),)


def winners(state: State) -> frozenset[int]:
    """``{0}`` when all 52 cards are home, otherwise empty (lost, or still running)."""
    return frozenset((0,)) if is_won(state) else frozenset()


def events(state: State) -> tuple[Action, ...]:
    """Vier Jahreszeiten has no events."""
    return ()


# --- §4 Free cards and the move rules ---------------------------------------------------------


def _cross_wraps(state: State) -> bool:
    """W = (b ≠ A), or always with ``wrap_cross_always`` (§1, A1)."""
    return state.base != 1 or state.options.wrap_cross_always


def _fits_on(state: State, card: Card, target: Card) -> bool:
    """``card`` may be built on ``target`` in the tableau (§5 M3, §7.3)."""
    return _TARGET_KEY[target] in _fit_table(state)[card]


_TARGET_KEY: Final[dict[Card, tuple[int, bool]]] = {c: (_RANK[c], _RED[c]) for c in DECK_52}


def _fit_table(state: State) -> dict[Card, tuple[tuple[int, bool], ...]]:
    return _FITS[state.options.layout is _SIMPLICITY, _cross_wraps(state)]


def _fit_keys(card: Card, simplicity: bool, wrap: bool) -> tuple[tuple[int, bool], ...]:
    """The (rank, red) of every card ``card`` may be built on: rank(card) = pred(rank(target)),
    in Simplicity of the other colour; K on A only with the wrap (§1, §5 M3, §7.3)."""
    rank = _RANK[card]
    if rank == 13:
        if not wrap:
            return ()
        up = 1
    else:
        up = rank + 1
    reds = (not _RED[card],) if simplicity else (False, True)
    return tuple((up, red) for red in reds)


_FITS: Final = {
    (s, w): {c: _fit_keys(c, s, w) for c in DECK_52} for s in (False, True) for w in (False, True)
}


def _fits_foundation(state: State, card: Card) -> bool:
    """§5 M2: start a foundation with a base-rank card, or succ(top) on a started one."""
    count = state.foundations[_SUIT_OF[card]]
    b = state.base
    if count == 0:
        return _RANK[card] == b
    return count < FOUNDATION_SIZE and _RANK[card] == (b - 1 + count) % 13 + 1


def _fills_allowed(options: Options) -> bool:
    """M4 exists, except in Czarina with the stock refill (§7.2); with waste_pysol an empty
    pile exists only once stock and waste are both empty, so `Fill` is then legal (A13)."""
    return not options.czarina or options.czarina_fill is CzarinaFill.WASTE_PYSOL


def _refills(options: Options, stock: tuple[Card, ...], waste: tuple[Card, ...]) -> bool:
    """Whether a pile emptied now would be refilled at once (§7.2, A13): a progress move."""
    if not options.czarina:
        return False
    if options.czarina_fill is CzarinaFill.STOCK:
        return bool(stock)
    return bool(stock or waste)


def _cross_move_piles(
    piles: tuple[tuple[Card, ...], ...], src: int, depth: int, dst: int
) -> tuple[tuple[Card, ...], ...]:
    """The piles after the top ``depth`` cards of pile ``src`` move onto pile ``dst``."""
    out = list(piles)
    moved = piles[src][-depth:]
    out[src] = piles[src][:-depth]
    out[dst] = piles[dst] + moved
    return tuple(out)


def _guard_allows(state: State, new_piles: tuple[tuple[Card, ...], ...], src: int) -> bool:
    """§6: a cross → cross move may not recreate a configuration seen since the last progress
    move; one that empties a pile which is refilled at once (Czarina) is progress."""
    if not state.options.guard:
        return True
    if not new_piles[src] and _refills(state.options, state.stock, state.waste):
        return True
    return _config(new_piles) not in state.seen


# --- The legal actions -------------------------------------------------------------------------
# The listing reads the rules above from tables and takes a short cut through the guard;
# tests/vier_jahreszeiten/test_fast_paths.py checks each against the rule it stands for, and
# the listing against every action `check` accepts.

_NEXT_HOME: Final[dict[int, tuple[tuple[Card | None, ...], ...]]] = {
    b: tuple(
        (*(_CARD_OF[(b - 1 + k) % 13 + 1, s] for k in range(FOUNDATION_SIZE)), None)
        for s in range(4)
    )
    for b in range(1, 14)
}
"""By base rank, foundation and its card count: the card it takes next, None when full (§5 M2)."""


def _home_cards(state: State) -> set[Card | None]:
    """The cards the four foundations take next: `_fits_foundation` as a set."""
    clubs, diamonds, hearts, spades = _NEXT_HOME[state.base]
    on_clubs, on_diamonds, on_hearts, on_spades = state.foundations
    return {clubs[on_clubs], diamonds[on_diamonds], hearts[on_hearts], spades[on_spades]}


def _top_key(card: Card, simplicity: bool) -> int:
    """A pile's top card as the listing files it: by rank, in Simplicity by rank and colour."""
    return 2 * _RANK[card] + _RED[card] if simplicity else _RANK[card]


def _wanted_key(card: Card, simplicity: bool, wrap: bool) -> int:
    """The `_top_key` of the cards ``card`` may be built on (`_fits_on`), 0 for none: one rank
    up, K on A only with the wrap, in Simplicity of the other colour (§1, §5 M3, §7.3)."""
    rank = _RANK[card]
    if rank == 13 and not wrap:
        return 0
    up = 1 if rank == 13 else rank + 1
    return 2 * up + (not _RED[card]) if simplicity else up


_TOP_KEY: Final = {s: {c: _top_key(c, s) for c in DECK_52} for s in (False, True)}
_WANTED_KEY: Final = {
    (s, w): {c: _wanted_key(c, s, w) for c in DECK_52} for s in (False, True) for w in (False, True)
}
# The members the listing compares with, as module constants: CPython 3.11 reads an enum member
# through its class (``Layout.SIMPLICITY``) by the metaclass's ``__getattr__`` hook, about ten
# times slower than a global.
_SIMPLICITY: Final = Layout.SIMPLICITY
_WHOLE: Final = RunMove.WHOLE


def _in_pile_order(onto: Sequence[int], spaces: list[int]) -> Sequence[int]:
    """The piles to build on and the spaces to fill, together by pile."""
    if not spaces:
        return onto
    if not onto:
        return spaces
    return sorted([*onto, *spaces])


def _only_here(state: State) -> bool:
    """Whether the guard has seen the current configuration alone (after a progress move).

    ``seen`` always holds the current configuration (§6; `validate` refuses a state without
    it), so one configuration seen is this one.
    """
    return len(state.seen) == 1


def _allows(state: State, fresh: bool, src: int, depth: int, dst: int) -> bool:
    """`_guard_allows` for the top ``depth`` cards of pile ``src`` going onto pile ``dst``.

    When ``fresh`` (`_only_here`), the move repeats exactly when pile ``src`` without those
    cards equals pile ``dst`` (a whole pile moved into a space): no configuration is built.
    """
    if not state.options.guard:
        return True
    piles = state.piles
    if not fresh:
        return _guard_allows(state, _cross_move_piles(piles, src, depth, dst), src)
    rest = piles[src][:-depth]
    return rest != piles[dst] or (not rest and _refills(state.options, state.stock, state.waste))


def legal_actions(state: State) -> tuple[Action, ...]:
    """Every legal action once: foundation moves (tableau in pile order, then the waste),
    moves from the waste, tableau moves, then `Turn`. Empty iff the game is over.

    Tableau moves go by source pile; from each, the moves of its top card by target pile,
    then (§7.1) its runs by depth, each by target pile.

    >>> legal_actions(new_game(1, seed=1))[-1]
    Turn()
    """
    if is_won(state):
        return ()
    piles, waste, options = state.piles, state.waste, state.options
    home = _home_cards(state)
    simplicity = options.layout is _SIMPLICITY
    keys, wanted = _TOP_KEY[simplicity], _WANTED_KEY[simplicity, _cross_wraps(state)]
    fills = _fills_allowed(options)
    out: list[Action] = []
    onto: dict[int, list[int]] = {}  # the non-empty piles by the key of their top card
    spaces: list[int] = []  # the empty piles, if they may be filled
    for j, pile in enumerate(piles):
        if pile:
            top = pile[-1]
            if top in home:
                out.append(_TO_FOUNDATION[top])
            onto.setdefault(keys[top], []).append(j)
        elif fills:
            spaces.append(j)
    if waste:
        top = waste[-1]
        if top in home:
            out.append(_TO_FOUNDATION[top])
        for j in _in_pile_order(onto.get(wanted[top], ()), spaces):
            out.append((_BUILD if piles[j] else _FILL)[top, j])
    fresh = _only_here(state)
    run_move = options.run_move
    for i, pile in enumerate(piles):
        if not pile:
            continue
        card = pile[-1]  # a card is never wanted by its own pile: no build on itself
        targets: Sequence[int] = onto.get(wanted[card], ())
        if spaces:
            targets = _in_pile_order(targets, spaces)
        for j in targets:
            if _allows(state, fresh, i, 1, j):
                out.append((_BUILD if piles[j] else _FILL)[card, j])
        if run_move is not None and len(pile) > 1:
            # §7.1: "whole" moves only the whole pile, onto a non-empty pile; any_tail moves
            # any top segment of two or more cards, also into a space (A12).
            whole = run_move is _WHOLE
            for depth in (len(pile),) if whole else range(2, len(pile) + 1):
                low = pile[-depth]
                targets = [j for j in onto.get(wanted[low], ()) if j != i]
                for j in _in_pile_order(targets, [] if whole else spaces):
                    if _allows(state, fresh, i, depth, j):
                        out.append(_RUN[low, j])
    if state.stock:
        out.append(TURN)
    return RULES.listed(state, tuple(out))


# --- Applying an action ------------------------------------------------------------------------


def _check_playing(state: State) -> None:
    if is_won(state):
        raise IllegalActionError("the game is won: no more moves", rule="§6")


def _locate(state: State, card: Card) -> int:
    """Where the free ``card`` is: a pile index, or -1 for the waste top (§4)."""
    for i, pile in enumerate(state.piles):
        if pile and pile[-1] == card:
            return i
    if state.waste and state.waste[-1] == card:
        return -1
    raise IllegalActionError(f"{card} is not a free card", rule="§4")


def _check_pile_index(state: State, pile: int) -> int:
    if not 0 <= pile < len(state.piles):
        raise IllegalActionError(f"no tableau pile {pile!r}", rule="§2")
    return pile


def _check_turn(state: State, action: Turn) -> None:
    _check_playing(state)
    if not state.stock:
        raise IllegalActionError("the stock is empty; there is no second pass", rule="§5")


def _turn(state: State, action: Turn) -> State:
    return _after_progress(state, state.piles, state.foundations, state.stock[1:],
                           (*state.waste, state.stock[0]))  # fmt: skip


def _after_progress(
    state: State,
    piles: tuple[tuple[Card, ...], ...],
    foundations: tuple[int, ...],
    stock: tuple[Card, ...],
    waste: tuple[Card, ...],
) -> State:
    """The state after a progress move from ``state`` (§6): `_settle` with the guard started
    again. A move that leaves the tableau as it was after another progress move keeps the
    guard's set as it is: the tableau alone (`_only_here`), which is what `_settle` makes."""
    if piles is state.piles and _only_here(state) and not state.options.czarina:
        return _State(state.options, state.seed, state.base, piles, foundations, stock, waste,
                      state.seen)  # fmt: skip
    return _settle(state.options, state.seed, state.base, piles, foundations, stock, waste, None)


def _check_to_foundation(state: State, action: ToFoundation) -> None:
    _check_playing(state)
    card = action.card
    _locate(state, card)
    if not _fits_foundation(state, card):
        if state.foundations[_SUIT_OF[card]] == 0:
            raise IllegalActionError(
                f"the {card.suit.symbol} foundation must be started with a {_base_text(state)}",
                rule="§5",
            )
        raise IllegalActionError(f"{card} does not follow on its foundation", rule="§5")


def _base_text(state: State) -> str:
    return _RANK_TEXT[state.base]


def _to_foundation(state: State, action: ToFoundation) -> State:
    card = action.card
    src = _locate(state, card)
    s = _SUIT_OF[card]
    foundations = (*state.foundations[:s], state.foundations[s] + 1, *state.foundations[s + 1 :])
    if src < 0:
        piles, waste = state.piles, state.waste[:-1]
    else:
        piles = (*state.piles[:src], state.piles[src][:-1], *state.piles[src + 1 :])
        waste = state.waste
    return _after_progress(state, piles, foundations, state.stock, waste)


def _check_build(state: State, action: Build) -> None:
    _check_playing(state)
    card, pile = action.card, action.pile
    src = _locate(state, card)
    dst = _check_pile_index(state, pile)
    if src == dst:
        raise IllegalActionError(f"{card} is already on pile {dst}", rule="§5")
    target = state.piles[dst]
    if not target:
        raise IllegalActionError(f"pile {dst} is empty: that is a fill", rule="§5")
    if not _fits_on(state, card, target[-1]):
        rule = "§7.3" if state.options.layout is Layout.SIMPLICITY else "§5"
        raise IllegalActionError(f"{card} does not go on {target[-1]}", rule=rule)
    if src >= 0:
        _check_guard(state, src, 1, dst)


def _check_fill(state: State, action: Fill) -> None:
    _check_playing(state)
    card, pile = action.card, action.pile
    src = _locate(state, card)
    dst = _check_pile_index(state, pile)
    if not _fills_allowed(state.options):
        raise IllegalActionError("Czarina fills spaces only from the stock, by itself", rule="§7.2")
    if state.piles[dst]:
        raise IllegalActionError(f"pile {dst} is not empty", rule="§5")
    if src >= 0:
        _check_guard(state, src, 1, dst)


def _move_card(state: State, action: Build | Fill) -> State:
    """A `Build` or `Fill`: one free card onto pile ``action.pile``."""
    card, dst = action.card, action.pile
    src = _locate(state, card)
    if src < 0:  # from the waste: progress (§6)
        piles = (*state.piles[:dst], (*state.piles[dst], card), *state.piles[dst + 1 :])
        return _settle(
            state.options,
            state.seed,
            state.base,
            piles,
            state.foundations,
            state.stock,
            state.waste[:-1],
            None,
        )
    return _after_cross_move(state, _cross_move_piles(state.piles, src, 1, dst))


def _run_of(state: State, card: Card) -> tuple[int, int]:
    """The pile holding ``card`` in the tableau and the run's depth (``card`` and above)."""
    for src, cards_ in enumerate(state.piles):
        if card in cards_:
            return src, len(cards_) - cards_.index(card)
    raise IllegalActionError(f"{card} is not in the tableau", rule="§7.1")


def _check_move_run(state: State, action: MoveRun) -> None:
    _check_playing(state)
    card, pile = action.card, action.pile
    run_move = state.options.run_move
    if run_move is None:
        raise IllegalActionError("sequence moves are not played", rule="§7.1")
    dst = _check_pile_index(state, pile)
    src, depth = _run_of(state, card)
    if depth < 2:
        raise IllegalActionError("a run has two or more cards; one card is a build", rule="§7.1")
    if run_move is RunMove.WHOLE and depth != len(state.piles[src]):
        raise IllegalActionError("only a whole pile moves as a run", rule="§7.1")
    if src == dst:
        raise IllegalActionError(f"the run is already on pile {dst}", rule="§7.1")
    target = state.piles[dst]
    if target:
        if not _fits_on(state, card, target[-1]):
            raise IllegalActionError(f"{card} does not go on {target[-1]}", rule="§7.1")
    elif run_move is RunMove.WHOLE:
        raise IllegalActionError("a whole pile moves only onto a non-empty pile", rule="§7.1")
    elif not _fills_allowed(state.options):
        raise IllegalActionError("Czarina fills spaces only from the stock", rule="§7.2")
    _check_guard(state, src, depth, dst)


def _move_run(state: State, action: MoveRun) -> State:
    src, depth = _run_of(state, action.card)
    return _after_cross_move(state, _cross_move_piles(state.piles, src, depth, action.pile))


def _check_guard(state: State, src: int, depth: int, dst: int) -> None:
    if not _allows(state, _only_here(state), src, depth, dst):
        raise IllegalActionError(
            "the tableau would repeat a configuration since the last progress move", rule="§6"
        )


def _after_cross_move(state: State, piles: tuple[tuple[Card, ...], ...]) -> State:
    return _settle(
        state.options,
        state.seed,
        state.base,
        piles,
        state.foundations,
        state.stock,
        state.waste,
        state.seen,
    )


RULES: Final = Rulebook[State, Action](
    State,
    ACTIONS,
    {
        Turn: (_check_turn, _turn),
        ToFoundation: (_check_to_foundation, _to_foundation),
        Build: (_check_build, _move_card),
        Fill: (_check_fill, _move_card),
        MoveRun: (_check_move_run, _move_run),
    },
)


check, is_legal, apply, apply_unchecked, find_action = RULES.verbs(legal_actions)


# --- What the player sees ---------------------------------------------------------------------


@attrs.frozen
class Observation:
    """Everything but the stock's order (its size is public; the seed would reveal it).

    The shared vocabulary first: a solitaire has no hand, so ``hand`` is ``()`` and
    ``hand_sizes`` is ``(0,)``; ``stock_size`` counts the face-down stock.
    """

    _repr_svg_ = repr_svg

    player: int
    to_move: int | None
    scores: tuple[int, ...]
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    stock_size: int
    options: Options
    base: int
    piles: tuple[tuple[Card, ...], ...]
    foundations: tuple[int, ...]
    waste: tuple[Card, ...]
    """All of it: every card in it was seen face up."""
    seen: frozenset[Config]
    """The guard's configurations (§6): public history."""


def observe(state: State, player: int = 0) -> Observation:
    """What the player knows: the whole table except the order of the stock."""
    check_seat(player, 1)
    return Observation(
        player,
        current_player(state),
        scores(state),
        (),
        (0,),
        len(state.stock),
        state.options,
        state.base,
        state.piles,
        state.foundations,
        state.waste,
        state.seen,
    )


def _stand_in(observation: Observation) -> State:
    """A state the observation could come from: the unseen cards as the stock, in deck order."""
    stock = _unplaced(
        observation.base, observation.piles, observation.foundations, observation.waste
    )
    return State(
        observation.options,
        0,
        observation.base,
        observation.piles,
        observation.foundations,
        stock,
        observation.waste,
        observation.seen,
    )


def upgrade_json(tag: str, schema: int, fields: dict[str, Any]) -> dict[str, Any]:
    """Schema 1 observations held the table only: add the shared vocabulary (player 0, who is
    to move, the score, no hand), computed from the table."""
    if tag != "observation" or schema >= 2:
        return fields
    from fourgames.serialization import structure

    vocabulary = {"player": 0, "to_move": 0, "scores": [0], "hand": [], "hand_sizes": [0]}
    table = _stand_in(structure({**vocabulary, **fields}, Observation))
    validate(table)
    return {**fields, **vocabulary, "to_move": current_player(table), "scores": [*scores(table)]}


# --- Bounds and validation --------------------------------------------------------------------


def max_game_length(players: int, options: Options) -> int:
    """A proven bound on the number of actions in a game (with the guard, §6).

    Progress moves: at most S turns, 51 foundation moves and S moves from the waste (S = stock
    size). Between two of them the tableau's card set is fixed; a configuration is fixed by
    which card (of the 4 of the next rank, or none) lies under each of the m ≤ 52 cards, so
    there are at most 5**m configurations, and the guard lets each be reached once.
    """
    check_players(players, INFO)
    options = _check_options(options)
    if not options.guard:
        raise ValueError("without the guard (§6) a game can last forever")
    stock_size = 52 - pile_count(options) - 1
    progress = 2 * stock_size + 51
    return (progress + 1) * 5**52


def all_cards(state: State) -> tuple[Card, ...]:
    """Every card of the position, in every zone (for conservation checks)."""
    out: list[Card] = []
    for suit, count in zip(_SUITS, state.foundations, strict=True):
        out.extend(foundation_cards(state.base, suit, count))
    for pile in state.piles:
        out.extend(pile)
    out.extend(state.stock)
    out.extend(state.waste)
    return tuple(out)


def _rules_of_position(state: State) -> None:
    """The 52 distinct cards, the pile count, foundation sizes, each pile one descending run
    (§5 invariant), Czarina's refill invariants and the guard's ``seen`` (§6)."""
    options = state.options
    try:
        _check_combination(options)
    except ValueError as err:
        fail(str(err), "$.options")
    if not 1 <= state.base <= 13:
        fail("base must be a rank from 1 (ace) to 13 (king)", "$.base")
    if len(state.foundations) != 4:
        fail("four foundations, ♣ ♦ ♥ ♠", "$.foundations")
    for s, count in enumerate(state.foundations):
        if not 0 <= count <= FOUNDATION_SIZE:
            fail(f"a foundation holds 0..{FOUNDATION_SIZE} cards", f"$.foundations[{s}]")
    if not any(state.foundations):
        fail("the base card starts one foundation (§3)", "$.foundations")
    if len(state.piles) != pile_count(options):
        fail(f"expected {pile_count(options)} tableau piles", "$.piles")
    _check_each_card_once(state)
    for i, pile in enumerate(state.piles):
        for j, (below, above) in enumerate(itertools.pairwise(pile), start=1):
            if not _fits_on(state, above, below):
                fail(f"{above} does not go on {below} (§5 invariant)", f"$.piles[{i}][{j}]")
    if options.czarina and () in state.piles:
        empty = f"$.piles[{state.piles.index(())}]"
        if options.czarina_fill is CzarinaFill.STOCK and state.stock:
            fail("Czarina: an empty pile with a non-empty stock (§7.2)", empty)
        if options.czarina_fill is CzarinaFill.WASTE_PYSOL and (state.stock or state.waste):
            fail("Czarina (waste_pysol): an empty pile with cards to refill it (A13)", empty)
    pysol = options.czarina and options.czarina_fill is CzarinaFill.WASTE_PYSOL
    if pysol and state.stock and not state.waste:
        fail("Czarina (waste_pysol): an empty waste with a non-empty stock (A13)", "$.waste")
    _check_seen(state)


def _check_each_card_once(state: State) -> None:
    where: dict[Card, str] = {}
    for suit, count in zip(_SUITS, state.foundations, strict=True):
        for card in foundation_cards(state.base, suit, count):
            where[card] = "$.foundations"
    zones = [(f"$.piles[{i}]", pile) for i, pile in enumerate(state.piles)]
    for path, zone in (*zones, ("$.stock", state.stock), ("$.waste", state.waste)):
        for k, card in enumerate(zone):
            if card in where:
                fail(f"each of the 52 cards once: {card} is also in {where[card]}", f"{path}[{k}]")
            where[card] = f"{path}[{k}]"
    if len(where) != 52:
        missing = " ".join(str(c) for c in DECK_52 if c not in where)
        fail(f"each of the 52 cards once: {missing} missing")


def _check_seen(state: State) -> None:
    if not state.options.guard:
        if state.seen:
            fail("seen must be empty without the guard (§6)", "$.seen")
        return
    if canonical(state.piles) not in state.seen:
        fail("seen must hold the current configuration (§6)", "$.seen")
    cross = sorted_cards(c for pile in state.piles for c in pile)
    for config in state.seen:
        if (
            len(config) != len(state.piles)
            or config != canonical(config)
            or sorted_cards(c for pile in config for c in pile) != cross
        ):
            fail("every configuration is a canonical tableau of the same cards (§6)", "$.seen")


validate: Final = validator("Vier Jahreszeiten", State, _rules_of_position)


def _rules_of_observation(observation: Observation) -> None:
    """What a state's table must be, and the shared fields as `observe` gives them."""
    if observation.player != 0:
        fail("the one player is player 0", "$.player")
    if observation.hand != () or observation.hand_sizes != (0,):
        fail("a solitaire has no hand: hand (), hand_sizes (0,)", "$.hand")
    table = _stand_in(observation)
    validate(table)
    if observation.stock_size != len(table.stock):
        fail(f"the unseen cards make a stock of {len(table.stock)}", "$.stock_size")
    if observation.to_move != current_player(table):
        fail(f"to_move must be {current_player(table)} here", "$.to_move")
    if observation.scores != scores(table):
        fail(f"scores must be {scores(table)}, the cards on the foundations", "$.scores")


validate_observation: Final = validator("Vier Jahreszeiten", Observation, _rules_of_observation)
"""`FormatError` naming the place unless the observation is one `observe` can give."""
