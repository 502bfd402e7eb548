"""Vier Felder: the rules, top to bottom in the order of the rules text.

The rules text is ``docs/rules/vier-felder.md`` (sections cited as §n below; §16.n is the n-th
question the rulebook *Vier Felder — Ausführliche Regeln* leaves open). This module decides
whether an action is legal (`check`) and what it does (`apply`); `_enumeration` lists every
legal action fast, and the tests hold the two to agree.
"""

from __future__ import annotations

import enum
import re
from bisect import insort
from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache
from types import MappingProxyType
from typing import Any, Final, TypeAlias, TypeVar

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
from fourgames.cards import DECK_52, Card, Rank, Suit
from fourgames.errors import FormatError, IllegalActionError
from fourgames.pictures import repr_svg
from fourgames.shuffle import derive_seed, fresh_seed, shuffled

GAME_ID: Final = "vier-felder"
MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 4
RULES_VERSION: Final = 2
HAND_SIZE: Final = 4  # §3, §8
FIELDS: Final = 4
CARDS_PER_FIELD: Final = 3  # §3, §9
MAX_VALUE: Final = 14  # §7
TURNS_PER_ROUND_BOUND: Final = 40  # 52 − 12 cards can ever reach the hands in one round


# --- §1 Components: seasons and values ---------------------------------------------------------


class Season(enum.Enum):
    """The season of a field; each suit stands for one (§1)."""

    SUMMER = "summer"
    AUTUMN = "autumn"
    WINTER = "winter"
    SPRING = "spring"


SUITS_CW: Final = (Suit.HEARTS, Suit.DIAMONDS, Suit.SPADES, Suit.CLUBS)
"""The suit symbols around the square, clockwise seen from above (§2)."""
SUIT_INDEX: Final = {suit: k for k, suit in enumerate(SUITS_CW)}
SEASON_OF_SUIT: Final = {
    Suit.HEARTS: Season.SUMMER,
    Suit.DIAMONDS: Season.AUTUMN,
    Suit.SPADES: Season.WINTER,
    Suit.CLUBS: Season.SPRING,
}
SEASON_CARD_RANKS: Final = frozenset({Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE})


def is_season_card(card: Card) -> bool:
    """J, Q, K and A turn the square when played from hand (§1, §2)."""
    return card.rank in SEASON_CARD_RANKS


def card_values(card: Card) -> tuple[int, ...]:
    """The values a card may count: 2–13 as printed, an ace 1 or 14 (§1)."""
    return _VALUES[card]


_CARD_IDS: Final = frozenset(map(id, DECK_52))
"""The identities of the 52 shared card objects, which live as long as the program."""
_ORDER: Final = {c: i for i, c in enumerate(sorted(DECK_52))}
_KEY: Final = _ORDER.__getitem__
"""Sort key giving the deck's canonical order (rank, then suit) without attrs comparisons."""


def _all_cards(items: Iterable[object]) -> bool:
    """Whether every item is one of the 52 shared card objects (no look-alike that claims to
    equal one, no card object never initialised)."""
    return _CARD_IDS.issuperset(map(id, items))


def _sorted(items: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sorted(items, key=_KEY))


def _with(cards: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """Sorted ``cards`` with ``card`` put in its place."""
    out = list(cards)
    insort(out, card, key=_KEY)
    return tuple(out)


T = TypeVar("T")


def _replaced(items: tuple[T, ...], index: int, item: T) -> tuple[T, ...]:
    """``items`` with ``items[index]`` replaced by ``item`` (a seat's hand, a field's cards)."""
    out = list(items)
    out[index] = item
    return tuple(out)


_VALUES: Final = {c: ((1, 14) if c.rank is Rank.ACE else (int(c.rank),)) for c in DECK_52}
_LOW: Final = {c: (1 if c.rank is Rank.ACE else int(c.rank)) for c in DECK_52}
"""A card's value with an ace as 1: how it counts in any sum (§7: a SUM holds aces as 1)."""


# --- §2 The season square -----------------------------------------------------------------------


def season_of(summer_field: int, field: int) -> Season:
    """The season of ``field`` when the ♥ edge points at ``summer_field`` (§2)."""
    return SEASON_OF_SUIT[SUITS_CW[(field - summer_field) % 4]]


def rotated(field: int, suit: Suit) -> int:
    """The new ``summer_field`` after a season card of ``suit`` is played into ``field`` (§2)."""
    return (field - SUIT_INDEX[suit]) % 4


_TURNED_BY: Final = {c: SUIT_INDEX[c.suit] for c in DECK_52 if is_season_card(c)}
"""The suit index of each season card, for `rotated` without hashing a suit."""


# --- Options (§14) -----------------------------------------------------------------------------


@attrs.frozen
class Options:
    """Variants and house rules; the defaults are the rulebook's (§14)."""

    full_harvest: bool = False
    """Volle Ernte: harvest with all four hand cards whose sum matches a loose card (§14)."""
    joker_sun: bool = False
    """Ein Joker als Sonne: only changes how `render` names the square (§14)."""
    first_dealer: int = bounded(0, 0, MAX_PLAYERS - 1)
    """The dealer of round 1 (§3): a seat, 0 to players − 1."""
    target_score: int = bounded(17, 1, 1000)
    """The game ends after the round in which someone reaches this total (§12); 1 to 1000."""
    max_rounds: int = bounded(100, 1, 1000)
    """Engine cap, not in the rulebook: the game also ends after this round, so that every
    game is finite (a game where nobody ever scores would otherwise never end); 1 to 1000."""


RULEBOOK: Final = Options()
"""The rulebook's game."""
VOLLE_ERNTE: Final = Options(full_harvest=True)
"""The variant Volle Ernte (§14)."""
JOKER_SUN: Final = Options(joker_sun=True)
"""The variant Ein Joker als Sonne: same game, the square is drawn as a joker (§14)."""


PRESETS: Final[Mapping[str, Options]] = MappingProxyType(
    {"rulebook": RULEBOOK, "volle-ernte": VOLLE_ERNTE, "joker-sun": JOKER_SUN}
)
"""The named presets by name."""

INFO: Final = GameInfo(
    id=GAME_ID,
    name="Vier Felder",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    presets=PRESETS,
    rules_version=RULES_VERSION,
    perfect_information=False,
    cooperative=False,
    has_events=False,
    round_counter="round",
)
"""Vier Felder as data."""


def _check_options(options: object, players: int) -> Options:
    checked = check_options(options, Options, "Vier Felder")
    if checked.first_dealer >= players:
        raise ValueError(f"first_dealer must be in 0..{players - 1}, not {checked.first_dealer}")
    return checked


# --- Stockpiles (§7) ---------------------------------------------------------------------------


class Kind(enum.Enum):
    """How a stockpile was built: a sum, or groups of equal value (§7)."""

    SUM = "sum"
    EQUAL = "equal"


def _kind_key(kind: Kind) -> str:
    return kind.value


@attrs.frozen(order=True, cache_hash=True, weakref_slot=False)
class Stockpile:
    """A stockpile in a field: its value, kind and cards (sorted). It belongs to nobody (§7)."""

    value: int
    kind: Kind = attrs.field(order=_kind_key)
    cards: tuple[Card, ...] = attrs.field(converter=_sorted)
    """The cards, kept sorted (given in any order)."""

    def __str__(self) -> str:
        sign = "+" if self.kind is Kind.SUM else "="
        return f"[{self.value}{sign} {' '.join(map(str, self.cards))}]"


def _pile_order(pile: Stockpile) -> tuple[int, str, tuple[Card, ...]]:
    """The order of stockpiles (value, kind, cards) as a sort key: a tuple compared in C, where
    comparing two stockpiles calls their attrs ``__lt__``."""
    return (pile.value, _kind_key(pile.kind), pile.cards)


_Stockpile: Final = builder(Stockpile)
"""`Stockpile` without the attrs ``__init__`` and its sorting of the cards, for the stockpile a
turn makes of cards sorted already (a test holds the two equal)."""
_SUM, _EQUAL = Kind.SUM, Kind.EQUAL
"""The members read once: reading one through its class costs a call each time."""


# --- Actions (§4–§7, §14) ------------------------------------------------------------------------
# The text of a harvest, stockpile or Volle Ernte lists the played card(s), the field, then what
# it takes or joins: loose cards and stockpiles written ``[value+ cards]`` (SUM) or
# ``[value= cards]`` (EQUAL), an empty set ``-``.


def _cards_text(items: Iterable[Card]) -> str:
    return " ".join(str(c) for c in sorted(items))


def _taken_text(loose: frozenset[Card], piles: frozenset[Stockpile]) -> str:
    parts = [str(c) for c in sorted(loose)] + [str(s) for s in sorted(piles)]
    return " ".join(parts) if parts else "-"


_PILE_TEXT: Final = re.compile(r"\[(\d+)([+=])\s*([^\]]*)\]")
_FIELD_WORD: Final = re.compile(r"f(\d)", re.IGNORECASE)


def _read_parts(text: str) -> tuple[list[str], int, list[str], frozenset[Stockpile]]:
    """The words before the field (after the keyword), the field, the words after it (``-``
    left out) and the stockpiles written anywhere in ``text``."""
    piles = frozenset(
        Stockpile(int(m[1]), Kind.SUM if m[2] == "+" else Kind.EQUAL, _cards_of(m[3].split()))
        for m in _PILE_TEXT.finditer(text)
    )
    words = _PILE_TEXT.sub(" ", text).split()[1:]
    at = next(i for i, word in enumerate(words) if _FIELD_WORD.fullmatch(word))
    after = [word for word in words[at + 1 :] if word != "-"]
    return words[:at], int(words[at][1:]), after, piles


def _cards_of(words: Sequence[str]) -> tuple[Card, ...]:
    return tuple(Card.parse(word) for word in words)


@action("sow {card} f{field}")
class Sow:
    """Play ``card`` face up into ``field`` as a loose card (§5): ``sow 7♥ f2``."""

    card: Card
    field: int


@action(keyword="harvest")
class Harvest:
    """Play ``card`` into ``field`` and take the loose cards ``taken`` and ``stockpiles`` (§6):
    ``harvest 5♦ f0 2♦ 3♥ 5♣``, ``harvest 8♠ f0 8♣ [8+ 3♣ 5♥]``.

    Legal iff some value of the card (an ace: 1 or 14) is the value of every taken stockpile
    and the taken loose cards split into groups of that value.
    """

    card: Card
    field: int
    taken: frozenset[Card]
    stockpiles: frozenset[Stockpile] = frozenset()

    def __str__(self) -> str:
        return f"harvest {self.card} f{self.field} {_taken_text(self.taken, self.stockpiles)}"

    @classmethod
    def parse_text(cls, text: str) -> Harvest:
        """The harvest written ``text`` (the keyword is read by `parse_action`)."""
        (card,), field, taken, piles = _read_parts(text)
        return cls(Card.parse(card), field, frozenset(_cards_of(taken)), piles)


@action(tag="stockpile", keyword="stockpile", aliases=("build",))
class Build:
    """Stockpile (Einlagern): play ``card`` into ``field`` with ``loose`` and ``stockpiles``
    from the field into one stockpile of ``value`` (§7): ``stockpile 3♣ f0 5♥ =8`` (also read
    as ``build 3♣ f0 5♥ =8``). Its kind follows from the parts: raising a SUM, a new SUM, or
    an EQUAL stockpile."""

    card: Card
    field: int
    loose: frozenset[Card]
    stockpiles: frozenset[Stockpile]
    value: int

    def __str__(self) -> str:
        parts = _taken_text(self.loose, self.stockpiles)
        return f"stockpile {self.card} f{self.field} {parts} ={self.value}"

    @classmethod
    def parse_text(cls, text: str) -> Build:
        """The stockpile action written ``text`` (the keyword is read by `parse_action`)."""
        (card,), field, after, piles = _read_parts(text)
        *loose, value = after
        if not value.startswith("=") or not value[1:].isdigit() or len(value) > 4:
            raise FormatError(f"a stockpile action ends with =value: {text!r}")
        return cls(Card.parse(card), field, frozenset(_cards_of(loose)), piles, int(value[1:]))


@action(keyword="full")
class FullHarvest:
    """Volle Ernte: play all four hand ``cards`` into ``field`` and harvest with their sum (§14):
    ``full 2♣ 3♦ 4♥ K♠ f0 5♦ 9♥ A♦ turn ♠``.

    ``rotation`` is the suit whose edge ends at the field (§16.29), None without season cards.
    """

    cards: tuple[Card, ...]
    field: int
    taken: frozenset[Card]
    stockpiles: frozenset[Stockpile] = frozenset()
    rotation: Suit | None = None

    def __str__(self) -> str:
        turn = f" turn {self.rotation.symbol}" if self.rotation is not None else ""
        taken = _taken_text(self.taken, self.stockpiles)
        return f"full {_cards_text(self.cards)} f{self.field} {taken}{turn}"

    @classmethod
    def parse_text(cls, text: str) -> FullHarvest:
        """The Volle Ernte written ``text`` (the keyword is read by `parse_action`)."""
        hand, field, after, piles = _read_parts(text)
        if len(hand) != HAND_SIZE:
            raise FormatError(f"Volle Ernte names the 4 cards of the hand: {text!r}")
        rotation = None
        if len(after) >= 2 and after[-2].lower() == "turn":
            rotation = next(s for s in Suit if after[-1].upper() in (s.symbol, s.letter))
            after = after[:-2]
        return cls(_sorted(_cards_of(hand)), field, frozenset(_cards_of(after)), piles, rotation)


Action: TypeAlias = Sow | Harvest | Build | FullHarvest
ACTIONS: Final = Actions[Action]("Vier Felder", (Sow, Harvest, Build, FullHarvest), card=Card)


def parse_action(text: str) -> Action:
    """The action written ``text`` (the form of ``str(action)``, cards also in ASCII); raises
    `FormatError` otherwise.

    ``sow 7♥ f2``, ``harvest 5♦ f0 2♦ 3♥ 5♣``, ``harvest 8♠ f0 8♣ [8+ 3♣ 5♥]``,
    ``stockpile 3♣ f0 5♥ =8`` (or ``build …``), ``full 2♣ 3♦ 4♥ 5♠ f0 5♦ 9♥ A♦ turn ♠``.

    >>> str(parse_action("build 3c f0 5h =8"))
    'stockpile 3♣ f0 5♥ =8'
    """
    return ACTIONS.parse(text)


# --- State -------------------------------------------------------------------------------------


@attrs.frozen
class RoundScore:
    """The scoring of one finished round (§11): counts per player, points and new totals."""

    round: int
    dealer: int
    cards: tuple[int, ...]
    hearts: tuple[int, ...]
    spades: tuple[int, ...]
    aces: tuple[int, ...]
    coins: tuple[int, ...]
    most_cards: int | None
    """Who got +4 for most cards (None: nobody)."""
    most_hearts: int | None
    most_spades: int | None
    """Who lost 2 for most spades (None: nobody)."""
    points: tuple[int, ...]
    """Round points (may be negative)."""
    totals: tuple[int, ...]
    """Totals after the round, floored at 0 (§11.3)."""


@attrs.frozen(cache_hash=True, weakref_slot=False)
class State:
    """A position. Build it with `new_game`, `from_json`, or the constructor followed by
    `validate`. Fields are indexed 0..3 clockwise from the dealer's field (§2)."""

    _repr_svg_ = repr_svg

    options: Options
    seed: int
    round: int
    """1-based round number."""
    dealer: int
    to_move: int | None
    """The player to move; None once the game is over."""
    summer_field: int
    """The field the ♥ edge of the square points at (§2)."""
    loose: tuple[tuple[Card, ...], ...]
    """The loose cards of each of the four fields, sorted."""
    stockpiles: tuple[tuple[Stockpile, ...], ...]
    """The stockpiles of each of the four fields, sorted."""
    hands: tuple[tuple[Card, ...], ...]
    """Each player's hand, sorted."""
    draw_pile: tuple[Card, ...]
    """The face-down draw pile, top first."""
    harvested: tuple[tuple[Card, ...], ...]
    """Each player's harvest pile of this round, sorted."""
    coins: tuple[int, ...]
    """Coins each player took this round; the rest lie on the square."""
    totals: tuple[int, ...]
    """Running game totals (§11.3)."""
    history: tuple[RoundScore, ...] = ()
    """The scoring of every finished round."""

    @property
    def players(self) -> int:
        """The number of players."""
        return len(self.hands)

    @property
    def coins_on_square(self) -> int:
        """Coins still on the square (§9)."""
        return len(self.hands) - sum(self.coins)

    def season(self, field: int) -> Season:
        """The current season of ``field``."""
        return season_of(self.summer_field, field)


_State: Final = builder(State)
"""`State` without the attrs ``__init__``, for the state every turn makes (a test holds the
two equal)."""


# --- §3 Setup ----------------------------------------------------------------------------------


def new_game(players: int, *, seed: int | None = None, options: Options | None = None) -> State:
    """Deal round 1 (§3).

    >>> state = new_game(3, seed=1)
    >>> len(state.draw_pile), [len(h) for h in state.hands], state.coins_on_square
    (29, [4, 3, 4], 3)
    """
    check_players(players, INFO)
    options = _check_options(RULEBOOK if options is None else options, players)
    seed = check_seed(seed)
    seed = fresh_seed() if seed is None else seed
    return _deal(options, seed, 1, options.first_dealer, (0,) * players, ())


def round_seed(seed: int, round_number: int) -> int:
    """The shuffle seed of a round: the game seed for round 1, derived for later rounds (§13)."""
    return seed if round_number == 1 else derive_seed(seed, "round", round_number)


def _deal(
    options: Options,
    seed: int,
    round_number: int,
    dealer: int,
    totals: tuple[int, ...],
    history: tuple[RoundScore, ...],
) -> State:
    players = len(totals)
    deck = shuffled(DECK_52, round_seed(seed, round_number))
    loose = tuple(
        _sorted(deck[CARDS_PER_FIELD * f : CARDS_PER_FIELD * (f + 1)]) for f in range(FIELDS)
    )
    first = (dealer + 1) % players
    hands: list[tuple[Card, ...]] = [()] * players
    pos = CARDS_PER_FIELD * FIELDS
    for i in range(players):
        p = (first + i) % players
        n = HAND_SIZE - 1 if p == first else HAND_SIZE
        hands[p] = _sorted(deck[pos : pos + n])
        pos += n
    return State(
        options=options,
        seed=seed,
        round=round_number,
        dealer=dealer,
        to_move=first,
        summer_field=0,
        loose=loose,
        stockpiles=((),) * FIELDS,
        hands=tuple(hands),
        draw_pile=deck[pos:],
        harvested=((),) * players,
        coins=(0,) * players,
        totals=totals,
        history=history,
    )


def position(
    hands: Sequence[Iterable[Card]],
    fields: Sequence[Iterable[Card | Stockpile]] = ((), (), (), ()),
    *,
    to_move: int = 0,
    dealer: int | None = None,
    summer_field: int = 0,
    draw_pile: Sequence[Card] | None = None,
    harvested: Sequence[Iterable[Card]] | None = None,
    coins: Sequence[int] | None = None,
    totals: Sequence[int] | None = None,
    options: Options = RULEBOOK,
    seed: int = 0,
) -> State:
    """A round-1 position for tests and tools, validated (the documented constructor).

    ``fields`` (0, 1, …; missing ones empty) hold loose cards and `Stockpile` objects. With
    ``draw_pile=None`` every card not placed elsewhere forms the draw pile (in deck order);
    with an explicit draw pile the leftover cards go to the dealer's harvest pile, so that all
    52 cards stay in play. The dealer defaults to the player before ``to_move``.

    >>> from fourgames.cards import cards
    >>> state = position([cards("5♦ 8♠ 2♣ 3♣"), cards("4♣ 4♦ 4♥ 4♠")], [cards("5♣ 3♥ 2♦ 9♠")])
    >>> len(state.draw_pile), state.season(0)
    (40, <Season.SUMMER: 'summer'>)
    """
    n = len(hands)
    dealer = (to_move - 1) % n if dealer is None else dealer
    fields = [*fields, *([()] * (FIELDS - len(fields)))]  # fields not given are empty
    loose = [_sorted(c for c in f if isinstance(c, Card)) for f in fields]
    piles = [tuple(sorted(s for s in f if isinstance(s, Stockpile))) for f in fields]
    hands_t = tuple(_sorted(h) for h in hands)
    piles_h = [list(h) for h in harvested] if harvested is not None else [[] for _ in range(n)]
    placed = {c for f in loose for c in f} | {c for f in piles for s in f for c in s.cards}
    placed |= {c for h in hands_t for c in h} | {c for h in piles_h for c in h}
    if draw_pile is None:
        draw = tuple(c for c in DECK_52 if c not in placed)
    else:
        draw = tuple(draw_pile)
        placed |= set(draw)
        piles_h[dealer].extend(c for c in DECK_52 if c not in placed)
    state = State(
        options=options,
        seed=seed,
        round=1,
        dealer=dealer,
        to_move=to_move,
        summer_field=summer_field,
        loose=tuple(loose),
        stockpiles=tuple(piles),
        hands=hands_t,
        draw_pile=draw,
        harvested=tuple(_sorted(h) for h in piles_h),
        coins=tuple(coins) if coins is not None else (0,) * n,
        totals=tuple(totals) if totals is not None else (0,) * n,
    )
    validate(state)
    return state


def current_player(state: State) -> int | None:
    """The player to move; None iff the game is over (§4)."""
    return state.to_move


def is_terminal(state: State) -> bool:
    """Whether the game is over (§12)."""
    return state.to_move is None


def events(state: State) -> tuple[Action, ...]:
    """Vier Felder has no events."""
    return ()


# --- §4 A turn: whose card, which field ----------------------------------------------------------


def _check_turn(state: State, played: Iterable[Card], field: int) -> int:
    player = state.to_move
    if player is None:
        raise IllegalActionError("the game is over", rule="§12")
    hand = state.hands[player]
    for card in played:
        if id(card) not in _CARD_IDS:
            raise IllegalActionError("the played card is not one of the 52 cards", rule="API")
        if card not in hand:
            raise IllegalActionError(f"{card} is not in player {player}'s hand", rule="§4")
    if not 0 <= field < FIELDS:
        raise IllegalActionError(f"no field {field}; fields are 0..3", rule="§2")
    return player


def _check_items(
    state: State, field: int, loose: frozenset[Card], piles: frozenset[Stockpile], rule: str
) -> None:
    """The loose cards and stockpiles an action names lie in ``field``."""
    if not _all_cards(loose) or not all(_all_cards(s.cards) for s in piles):
        raise IllegalActionError("not one of the 52 cards among the items", rule="API")
    missing = [c for c in loose if c not in state.loose[field]]
    if missing:
        raise IllegalActionError(f"{_cards_text(missing)} not loose in field {field}", rule=rule)
    gone = [s for s in sorted(piles) if s not in state.stockpiles[field]]
    if gone:
        raise IllegalActionError(f"stockpile {gone[0]} is not in field {field}", rule=rule)


# --- §5 Sow -----------------------------------------------------------------------------------


def _check_sow(state: State, action: Sow) -> None:
    card, field = action.card, action.field
    _check_turn(state, (card,), field)
    if state.season(field) is Season.AUTUMN:  # §16.9: the season before rotation
        raise IllegalActionError(f"cannot sow {card} into field {field}: it is Autumn", rule="§5")


def _sow(state: State, action: Sow) -> State:
    card, field = action.card, action.field
    loose = _with(state.loose[field], card)
    return _finish_turn(state, (card,), field, loose, state.stockpiles[field], ())


# --- §6 Harvest --------------------------------------------------------------------------------


def _check_harvest(state: State, action: Harvest) -> None:
    card, field = action.card, action.field
    _check_turn(state, (card,), field)
    _check_harvest_of(state, field, action.taken, action.stockpiles, card_values(card))


def _check_harvest_of(
    state: State,
    field: int,
    loose: frozenset[Card],
    piles: frozenset[Stockpile],
    values: Iterable[int],
) -> int:
    """Check a harvest of one of ``values``; return the value used."""
    if state.season(field) is Season.WINTER:
        raise IllegalActionError(f"cannot harvest in field {field}: it is Winter", rule="§6")
    _check_items(state, field, loose, piles, "§6")
    if not loose and not piles:
        raise IllegalActionError("a harvest takes at least one group", rule="§16.3")
    for v in values:
        if all(s.value == v for s in piles) and _brute_force_groups(loose, v):
            return v
    text = " or ".join(map(str, values))
    if any(s.value not in values for s in piles):
        pile = next(s for s in sorted(piles) if s.value not in values)
        raise IllegalActionError(
            f"stockpile {pile} is worth {pile.value}, not {text}; a stockpile is taken whole "
            "with a card of exactly its value and never in a sum (§16.5)",
            rule="§6",
        )
    raise IllegalActionError(
        f"{_cards_text(loose)} do not split into groups of value {text}", rule="§6"
    )


def splits_into_groups(items: Iterable[Card], v: int) -> bool:
    """Whether the loose cards ``items`` split into groups of value ``v`` (§6); every loose
    ace counts 1 or 14. The empty set splits (into no groups)."""
    return _brute_force_groups(items, v)


def _brute_force_groups(loose: Iterable[Card], v: int) -> bool:
    """Split the cards into groups of ``v`` by choosing the group of the highest remaining
    card, then recursing (independent of the listing's value-vector search)."""
    counts = [0] * len(_CLASS_VALUES)
    for c in loose:
        counts[_LOW[c] - 1] += 1
    return _splits(tuple(counts), v)


_CLASS_VALUES: Final = tuple(range(1, 14))
"""The value classes of loose cards: the aces (1, or 14 alone), then 2 to 13."""


@lru_cache(maxsize=1 << 14)
def _splits(counts: tuple[int, ...], v: int) -> bool:
    """Whether cards with ``counts`` per value class split into groups of value ``v``."""
    total = sum(k * value for k, value in zip(counts, _CLASS_VALUES, strict=True))
    # groups of v add up to a multiple of v, where each lone ace of a 14 counts 13 more
    lone_aces = range(counts[0] + 1) if v == MAX_VALUE else range(1)
    if all((total + 13 * aces) % v for aces in lone_aces):
        return False
    top = max((i for i, k in enumerate(counts) if k), default=None)
    if top is None:
        return True
    rest = list(counts)
    rest[top] -= 1
    for first_value in (1, MAX_VALUE) if top == 0 else (top + 1,):
        for group in _sub_multisets(tuple(rest), v - first_value, top):
            if _splits(tuple(r - g for r, g in zip(rest, group, strict=True)), v):
                return True
    return False


def _sub_multisets(counts: tuple[int, ...], target: int, top: int) -> Iterable[tuple[int, ...]]:
    """Sub-multisets of ``counts`` within classes 0..``top`` whose values (aces 1) sum to
    ``target``."""
    if target == 0:
        yield (0,) * len(counts)
        return
    if target < 0 or top < 0:
        return
    value = top + 1
    for k in range(min(counts[top], target // value), -1, -1):
        for tail in _sub_multisets(counts, target - k * value, top - 1):
            yield (*tail[:top], k, *tail[top + 1 :]) if k else tail


def _harvest(state: State, action: Harvest) -> State:
    return _take(state, (action.card,), action.field, action.taken, action.stockpiles)


def _take(
    state: State,
    played: tuple[Card, ...],
    field: int,
    taken: frozenset[Card],
    piles: frozenset[Stockpile],
    rotation: Suit | None = None,
) -> State:
    """Harvest ``taken`` and ``piles`` from the field (checked: cards of the deck's own, so
    equal means the same card objects)."""
    loose = tuple([c for c in state.loose[field] if c not in taken])
    kept = tuple([s for s in state.stockpiles[field] if s not in piles])
    gained = (*played, *taken, *[c for s in piles for c in s.cards])
    return _finish_turn(state, played, field, loose, kept, gained, rotation, clears=True)


# --- §7 Stockpile ---------------------------------------------------------------------------


def _check_build(state: State, action: Build) -> None:
    card, field, value = action.card, action.field, action.value
    loose, piles = action.loose, action.stockpiles
    player = _check_turn(state, (card,), field)
    if state.season(field) is Season.SPRING:  # §16.8
        raise IllegalActionError(f"cannot stockpile in field {field}: it is Spring", rule="§7")
    _check_items(state, field, loose, piles, "§7")
    if not loose and not piles:
        raise IllegalActionError(
            "a stockpile needs at least one item of the field besides the played card",
            rule="§16.7",
        )
    if not 1 <= value <= MAX_VALUE:
        raise IllegalActionError(f"a stockpile is worth 1 to 14, not {value}", rule="§7")
    rest = [c for c in state.hands[player] if c is not card]
    if not any(value in _VALUES[c] for c in rest):
        raise IllegalActionError(
            f"no card of value {value} is left in hand besides {card} (the held card; "
            "also for extending, §16.11)",
            rule="§7",
        )
    if _build_kind(card, loose, piles, value) is None:
        if any(s.kind is Kind.EQUAL and s.value != value for s in piles):
            raise IllegalActionError(
                "an EQUAL stockpile never changes its value (no raising)", rule="§16.14"
            )
        if len(piles) > 1 or any(s.value != value for s in piles if s.kind is Kind.SUM):
            raise IllegalActionError(
                f"{card} with {_taken_text(loose, piles)} is no raise (one SUM stockpile + the "
                f"card + loose cards = {value}), and stockpiles merged into an EQUAL stockpile "
                f"must be worth {value} already: the card's group holds loose cards only",
                rule="§16.12",
            )
        raise IllegalActionError(
            f"{card} with {_taken_text(loose, piles)} does not make a stockpile of {value}: "
            "not a raise, not a sum, not groups of equal value (§16.12, §16.13)",
            rule="§7",
        )


def _build_kind(
    card: Card, loose: frozenset[Card], piles: frozenset[Stockpile], value: int
) -> Kind | None:
    """The kind of the stockpile the parts make (§7 action identity), or None."""
    if _is_sum(card, loose, piles, value):
        return Kind.SUM
    if all(s.value == value for s in piles) and _equal_groups(card, loose, value, bool(piles)):
        return Kind.EQUAL
    return None


def _is_sum(card: Card, loose: frozenset[Card], piles: frozenset[Stockpile], value: int) -> bool:
    """Whether the parts make a SUM stockpile: they raise one SUM stockpile or make a new one
    (the kind that wins where the parts would make an EQUAL stockpile too)."""
    low_sum = _LOW[card] + sum(_LOW[c] for c in loose)
    if len(piles) == 1:
        (pile,) = piles
        return pile.kind is _SUM and pile.value + low_sum == value  # raise
    return not piles and bool(loose) and low_sum == value  # new SUM


def _equal_groups(card: Card, loose: frozenset[Card], value: int, has_piles: bool) -> bool:
    """{card} ∪ loose splits into groups of ``value``, at least two of them unless stockpiles
    of the value join (one group is exactly the cards adding up to ``value``, aces 1)."""
    one_group = _LOW[card] + sum(_LOW[c] for c in loose) == value
    return (has_piles or not one_group) and _brute_force_groups((card, *loose), value)


def _build(state: State, action: Build) -> State:
    card, field, value = action.card, action.field, action.value
    loose, piles = action.loose, action.stockpiles
    kind = _SUM if _is_sum(card, loose, piles, value) else _EQUAL  # EQUAL: as checked
    cards = _sorted((card, *loose, *[c for s in piles for c in s.cards]))
    new_pile = _Stockpile(value, kind, cards)
    kept = [s for s in state.stockpiles[field] if s not in piles]
    insort(kept, new_pile, key=_pile_order)
    field_loose = tuple([c for c in state.loose[field] if c not in loose])
    return _finish_turn(state, (card,), field, field_loose, tuple(kept), ())


# --- §4 steps 3–6: rotation, drawing, clearing, next player -------------------------------------


_AFTER: Final = {
    n: tuple(tuple((p + i) % n for i in range(1, n + 1)) for p in range(n))
    for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)
}
"""By the number of players and a seat: the seats in turn order after it, itself last."""


def _finish_turn(
    state: State,
    played: tuple[Card, ...],
    field: int,
    field_loose: tuple[Card, ...],
    field_piles: tuple[Stockpile, ...],
    gained: tuple[Card, ...],
    rotation: Suit | None = None,
    *,
    clears: bool = False,
) -> State:
    player = state.to_move
    assert player is not None
    hand = list(state.hands[player])
    for card in played:
        hand.remove(card)
    # §2: a season card played from hand turns the square toward the field
    summer = state.summer_field
    if len(played) == 1:
        turned = _TURNED_BY.get(played[0])
        if turned is not None:
            summer = (field - turned) % 4
    if rotation is not None:  # Volle Ernte names the suit (§16.29)
        summer = rotated(field, rotation)
    # §8: draw up to 4
    pile = state.draw_pile
    need = HAND_SIZE - len(hand)
    if need > 0 and pile:
        for drawn in pile[:need]:  # the hand stays sorted
            insort(hand, drawn, key=_KEY)
        pile = pile[need:]
    coins = state.coins
    # §9: clearing a field (only a harvest can empty it, §16.19)
    if clears and not field_loose and not field_piles and state.coins_on_square > 0:
        coins = _replaced(coins, player, coins[player] + 1)
        if len(pile) >= CARDS_PER_FIELD:  # §16.18: counted after the draw
            field_loose = _sorted(pile[:CARDS_PER_FIELD])
            pile = pile[CARDS_PER_FIELD:]
    loose = _replaced(state.loose, field, field_loose)
    piles = _replaced(state.stockpiles, field, field_piles)
    hands = _replaced(state.hands, player, tuple(hand))
    harvested = state.harvested
    if gained:
        mine = _sorted((*harvested[player], *gained))
        harvested = _replaced(harvested, player, mine)
    for to_move in _AFTER[len(hands)][player]:  # the next seat with cards in hand
        if hands[to_move]:
            break
    else:  # §10: the draw pile is empty and every hand too
        return _end_round(state, loose, piles, hands, harvested, coins, summer)
    return _State(
        options=state.options,
        seed=state.seed,
        round=state.round,
        dealer=state.dealer,
        to_move=to_move,
        summer_field=summer,
        loose=loose,
        stockpiles=piles,
        hands=hands,
        draw_pile=pile,
        harvested=harvested,
        coins=coins,
        totals=state.totals,
        history=state.history,
    )


# --- §10–§13 Round end, scoring, game end, next round ------------------------------------------


def _end_round(
    state: State,
    loose: tuple[tuple[Card, ...], ...],
    piles: tuple[tuple[Stockpile, ...], ...],
    hands: tuple[tuple[Card, ...], ...],
    harvested: tuple[tuple[Card, ...], ...],
    coins: tuple[int, ...],
    summer: int,
) -> State:
    score = score_round(state.round, state.dealer, harvested, coins, state.totals)
    history = (*state.history, score)
    options = state.options
    over = max(score.totals) >= options.target_score or state.round >= options.max_rounds
    if not over:  # §13
        n = len(hands)
        return _deal(
            options, state.seed, state.round + 1, (state.dealer + 1) % n, score.totals, history
        )
    # §12: the game is over; the field cards stay where they are, set aside (§10)
    return State(
        options=options,
        seed=state.seed,
        round=state.round,
        dealer=state.dealer,
        to_move=None,
        summer_field=summer,
        loose=loose,
        stockpiles=piles,
        hands=hands,
        draw_pile=(),
        harvested=harvested,
        coins=coins,
        totals=score.totals,
        history=history,
    )


MOST_CARDS_POINTS: Final = 4  # §11.1
MOST_HEARTS_POINTS: Final = 2
MOST_SPADES_POINTS: Final = -2


def _most(counts: Sequence[int], coins: Sequence[int], *, fewest_coins: bool = False) -> int | None:
    """The unique holder of the most, ties broken by the unique most (fewest) coins (§11.3)."""
    top = max(counts)
    if top < 1:  # §16.22
        return None
    tied = [i for i, c in enumerate(counts) if c == top]
    if len(tied) == 1:
        return tied[0]
    pick = (min if fewest_coins else max)(coins[i] for i in tied)
    best = [i for i in tied if coins[i] == pick]
    return best[0] if len(best) == 1 else None


def score_round(
    round_number: int,
    dealer: int,
    harvested: Sequence[Sequence[Card]],
    coins: Sequence[int],
    totals: Sequence[int],
) -> RoundScore:
    """Score a round from the harvest piles and coins (§11).

    >>> from fourgames.cards import cards
    >>> s = score_round(1, 0, [cards("A♥ 2♥"), cards("3♠")], [1, 0], [0, 0])
    >>> s.points, s.totals
    ((8, -2), (8, 0))
    """
    n = len(harvested)
    n_cards = tuple(len(h) for h in harvested)
    heart, spade, ace = Suit.HEARTS, Suit.SPADES, Rank.ACE  # each member read once
    hearts = tuple(sum(1 for c in h if c.suit is heart) for h in harvested)
    spades = tuple(sum(1 for c in h if c.suit is spade) for h in harvested)
    aces = tuple(sum(1 for c in h if c.rank is ace) for h in harvested)
    coins = tuple(coins)
    most_cards = _most(n_cards, coins)
    most_hearts = _most(hearts, coins)
    most_spades = _most(spades, coins, fewest_coins=True)
    points = []
    for i in range(n):
        p = aces[i] + coins[i]
        p += MOST_CARDS_POINTS if i == most_cards else 0
        p += MOST_HEARTS_POINTS if i == most_hearts else 0
        p += MOST_SPADES_POINTS if i == most_spades else 0
        points.append(p)
    new_totals = tuple(max(0, t + p) for t, p in zip(totals, points, strict=True))  # §16.23
    return RoundScore(
        round=round_number,
        dealer=dealer,
        cards=n_cards,
        hearts=hearts,
        spades=spades,
        aces=aces,
        coins=coins,
        most_cards=most_cards,
        most_hearts=most_hearts,
        most_spades=most_spades,
        points=tuple(points),
        totals=new_totals,
    )


def scores(state: State) -> tuple[int, ...]:
    """Each player's running total (§11.3)."""
    return state.totals


def winners(state: State) -> frozenset[int]:
    """The winners of a finished game (§12): the highest total; among those tied, more coins
    in the last round, then more aces in the last round; still tied: a shared win."""
    if state.to_move is not None or not state.history:
        return frozenset()
    return game_winners(state.totals, state.history[-1])


def game_winners(totals: Sequence[int], last: RoundScore) -> frozenset[int]:
    """The §12 winners given the final totals and the last round's scoring."""
    top = max(totals)
    tied = [i for i, t in enumerate(totals) if t == top]
    for key in (last.coins, last.aces):  # §16.24
        best = max(key[i] for i in tied)
        tied = [i for i in tied if key[i] == best]
    return frozenset(tied)


def max_game_length(players: int, options: Options) -> int:
    """At most 40 turns a round (every turn plays a hand card; at most 52 − 12 cards reach the
    hands) and at most ``options.max_rounds`` rounds."""
    return TURNS_PER_ROUND_BOUND * options.max_rounds


# --- §14 Volle Ernte -------------------------------------------------------------------------


def _full_sums(hand: Sequence[Card]) -> list[int]:
    """The sums of four hand cards, each ace 1 or 14, that a single card can match (§14)."""
    base = sum(_LOW[c] for c in hand)
    aces = sum(1 for c in hand if c.rank is Rank.ACE)
    return [base + 13 * k for k in range(aces + 1) if base + 13 * k <= MAX_VALUE]


def _full_rotations(hand: Sequence[Card]) -> list[Suit | None]:
    """The suits the square may end turned to: a season card's in the hand, or None (§16.29)."""
    suits = {c.suit for c in hand if is_season_card(c)}
    return [s for s in SUITS_CW if s in suits] or [None]


def _check_full_harvest(state: State, action: FullHarvest) -> None:
    played, field, rotation = action.cards, action.field, action.rotation
    if not state.options.full_harvest:
        raise IllegalActionError("Volle Ernte is not played (Options.full_harvest)", rule="§14")
    player = _check_turn(state, (), field)
    hand = state.hands[player]
    if len(hand) != HAND_SIZE:
        raise IllegalActionError(
            f"Volle Ernte needs exactly 4 cards in hand, player {player} holds {len(hand)}",
            rule="§16.29",
        )
    if not _all_cards(played):
        raise IllegalActionError("not one of the 52 cards among the played", rule="API")
    if played != hand:
        raise IllegalActionError(
            f"Volle Ernte plays the whole hand {_cards_text(hand)} (sorted)", rule="§14"
        )
    if rotation not in _full_rotations(hand):
        raise IllegalActionError(
            f"the square can only end turned to a season card's suit in hand, not {rotation}",
            rule="§16.29",
        )
    if state.season(field) is Season.WINTER:
        raise IllegalActionError(f"cannot harvest in field {field}: it is Winter", rule="§6")
    loose, piles = action.taken, action.stockpiles
    _check_items(state, field, loose, piles, "§6")
    if not loose and not piles:
        raise IllegalActionError("a harvest takes at least one group", rule="§16.3")
    sums = _full_sums(hand)
    values = [s for s in sums if any(s in _VALUES[c] for c in state.loose[field])]
    if not values:
        raise IllegalActionError(
            f"the hand's sum ({' or '.join(map(str, sums)) or 'over 14'}) matches no loose card "
            f"in field {field}",
            rule="§14",
        )
    # "dann erntest du, als hättest du eine Karte dieses Werts gespielt": any groups of the
    # value, the matching card need not be among them (the rulebook over §16.29's first answer)
    _check_harvest_of(state, field, loose, piles, values)


def _full_harvest(state: State, action: FullHarvest) -> State:
    player = state.to_move
    assert player is not None
    hand = state.hands[player]  # the checked action's cards are this hand
    return _take(state, hand, action.field, action.taken, action.stockpiles, action.rotation)


RULES: Final = Rulebook[State, Action](
    State,
    ACTIONS,
    {
        Sow: (_check_sow, _sow),
        Harvest: (_check_harvest, _harvest),
        Build: (_check_build, _build),
        FullHarvest: (_check_full_harvest, _full_harvest),
    },
)


# --- Observation (§16.30) ---------------------------------------------------------------------


@attrs.frozen
class Observation:
    """What ``player`` may know: their hand, the fields, the square, coins, every harvest pile
    (each card was public when taken), the totals, and the sizes of the other hands and of
    the draw pile (§16.30)."""

    _repr_svg_ = repr_svg

    player: int
    to_move: int | None
    scores: tuple[int, ...]
    """The running totals (§11.3)."""
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    stock_size: int
    """Cards in the draw pile, hidden from everyone."""
    options: Options
    round: int
    dealer: int
    summer_field: int
    loose: tuple[tuple[Card, ...], ...]
    stockpiles: tuple[tuple[Stockpile, ...], ...]
    harvested: tuple[tuple[Card, ...], ...]
    coins: tuple[int, ...]
    history: tuple[RoundScore, ...]


def observe(state: State, player: int) -> Observation:
    """What ``player`` may know of ``state`` (§16.30)."""
    check_seat(player, state.players)
    return Observation(
        player=player,
        to_move=state.to_move,
        scores=state.totals,
        hand=state.hands[player],
        hand_sizes=tuple(len(h) for h in state.hands),
        stock_size=len(state.draw_pile),
        options=state.options,
        round=state.round,
        dealer=state.dealer,
        summer_field=state.summer_field,
        loose=state.loose,
        stockpiles=state.stockpiles,
        harvested=state.harvested,
        coins=state.coins,
        history=state.history,
    )


def upgrade_json(tag: str, schema: int, fields: dict[str, Any]) -> dict[str, Any]:
    """Schema 1 observations named the draw pile's size ``draw_pile_size`` and the running
    totals ``totals``: today's ``stock_size`` and ``scores``."""
    if tag == "observation" and schema == 1:
        renamed = {"draw_pile_size": "stock_size", "totals": "scores"}
        fields = {renamed.get(key, key): value for key, value in fields.items()}
    return fields


# --- Impossible positions --------------------------------------------------------------------


def all_cards(state: State) -> list[Card]:
    """Every card of every zone: fields (loose and stockpiles), hands, draw pile, harvest piles."""
    out = [c for field in state.loose for c in field]
    out += [c for field in state.stockpiles for s in field for c in s.cards]
    out += [c for h in state.hands for c in h]
    out += state.draw_pile
    out += [c for h in state.harvested for c in h]
    return out


def stockpile_is_consistent(pile: Stockpile) -> bool:
    """A stockpile's value is 1..14 and agrees with its cards and kind (§7): a SUM adds up to
    its value (aces 1), an EQUAL splits into at least two groups of it."""
    if not 1 <= pile.value <= MAX_VALUE or len(pile.cards) < 2:
        return False
    low_sum = sum(_LOW[c] for c in pile.cards)
    if pile.kind is Kind.SUM:
        return low_sum == pile.value
    return low_sum != pile.value and _brute_force_groups(pile.cards, pile.value)


def _rules_of_position(state: State) -> None:
    n = len(state.hands)
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        fail(f"{n} hands; Vier Felder is for 2 to 4 players", "$.hands")
    for name in ("harvested", "coins", "totals"):
        if len(getattr(state, name)) != n:
            fail(f"{len(getattr(state, name))} entries for {n} players", f"$.{name}")
    try:
        _check_options(state.options, n)
    except ValueError as err:
        fail(str(err), "$.options")
    for name in ("loose", "stockpiles"):
        if len(getattr(state, name)) != FIELDS:
            fail("there are exactly 4 fields", f"$.{name}")
    if not 0 <= state.summer_field < FIELDS:
        fail(f"summer_field {state.summer_field} is not a field 0..3", "$.summer_field")
    if not 0 <= state.dealer < n:
        fail(f"dealer {state.dealer} is not a player", "$.dealer")
    _check_the_cards(state)
    _check_the_stockpiles(state)
    for i, coins in enumerate(state.coins):
        if coins < 0:
            fail(f"coins {coins} < 0", f"$.coins[{i}]")
    if sum(state.coins) > n:
        fail(f"{sum(state.coins)} coins taken; there are {n} coins (§1)", "$.coins")
    for i, total in enumerate(state.totals):
        if total < 0:
            fail("a total is never negative (§11.3)", f"$.totals[{i}]")
    _check_the_rounds(state)
    _check_the_turn(state)


def _check_the_cards(state: State) -> None:
    """The 52 cards, each once; hands, loose cards and harvest piles sorted; hand sizes."""
    zones = [
        *((f"$.loose[{f}]", cards) for f, cards in enumerate(state.loose)),
        *((f"$.hands[{p}]", cards) for p, cards in enumerate(state.hands)),
        ("$.draw_pile", state.draw_pile),
        *((f"$.harvested[{p}]", cards) for p, cards in enumerate(state.harvested)),
        *(
            (f"$.stockpiles[{f}][{k}].cards", pile.cards)
            for f, field in enumerate(state.stockpiles)
            for k, pile in enumerate(field)
        ),
    ]
    seen: set[Card] = set()
    for path, cards in zones:
        for card in cards:
            if id(card) not in _CARD_IDS:
                fail("not one of the 52 cards", path)
            if card in seen:
                fail(f"{card} is in play twice", path)
            seen.add(card)
        if path != "$.draw_pile" and cards != _sorted(cards):
            fail("the cards are kept sorted", path)
    if len(seen) != len(DECK_52):
        fail(f"{len(DECK_52) - len(seen)} of the 52 cards are missing")
    for p, hand in enumerate(state.hands):
        if len(hand) > HAND_SIZE:
            fail(f"player {p} holds {len(hand)} cards, more than 4", f"$.hands[{p}]")
        if state.draw_pile and len(hand) < HAND_SIZE - 1:
            fail(
                f"player {p} holds {len(hand)} cards while cards are left to draw (§8)",
                f"$.hands[{p}]",
            )


def _check_the_stockpiles(state: State) -> None:
    for f, field in enumerate(state.stockpiles):
        if list(field) != sorted(field):
            fail("the stockpiles are kept sorted", f"$.stockpiles[{f}]")
        for k, pile in enumerate(field):
            if not stockpile_is_consistent(pile):
                fail(f"stockpile {pile} is impossible (§7)", f"$.stockpiles[{f}][{k}]")


def _check_the_rounds(state: State) -> None:
    """Rounds scored so far, dealers in turn, totals carried, the target and the last round
    (§12, §13)."""
    n, options, history = len(state.hands), state.options, state.history
    running = state.to_move is not None
    scored = state.round - 1 if running else state.round
    if state.round < 1 or len(history) != scored:
        fail(f"round {state.round} with {len(history)} scored rounds", "$.round")
    if state.round > options.max_rounds:
        fail(f"round {state.round} is past max_rounds {options.max_rounds}", "$.round")
    for i, score in enumerate(history):
        path = f"$.history[{i}]"
        if score.round != i + 1:
            fail(f"round {score.round} scored as the {i + 1}. round", f"{path}.round")
        if score.dealer != (history[0].dealer + i) % n:
            fail("the deal passes to the left every round (§13)", f"{path}.dealer")
        for name in ("cards", "hearts", "spades", "aces", "coins", "points", "totals"):
            if len(getattr(score, name)) != n:
                fail(f"{len(getattr(score, name))} entries for {n} players", f"{path}.{name}")
        for name in ("most_cards", "most_hearts", "most_spades"):
            if getattr(score, name) not in (None, *range(n)):
                fail(f"{getattr(score, name)} is not a player", f"{path}.{name}")
        ended = max(score.totals) >= options.target_score
        if ended and (i < len(history) - 1 or running):
            fail("the game ends after the round reaching the target (§12)", f"{path}.totals")
    if history:
        last = history[-1]
        if state.totals != last.totals:
            fail("the totals are those after the last scored round", "$.totals")
        if state.dealer != (last.dealer + (1 if running else 0)) % n:
            fail("the deal passes to the left every round (§13)", "$.dealer")
    if running and max(state.totals) >= options.target_score:
        fail(f"a total of {options.target_score} ends the game after its round (§12)", "$.totals")
    short = max(state.totals) < options.target_score and state.round < options.max_rounds
    if not running and short:
        fail("the game is over before anyone reached the target or the last round", "$.to_move")


def _check_the_turn(state: State) -> None:
    """A finished game has no cards left to play; otherwise the mover holds cards, and while
    cards are left to draw a hand of 3 is the first player's before their first turn (§3, §4)."""
    n, mover = len(state.hands), state.to_move
    if mover is None:
        if any(state.hands):
            fail("a finished game has empty hands", "$.hands")
        if state.draw_pile:
            fail("a finished game has no draw pile", "$.draw_pile")
        return
    if not 0 <= mover < n or not state.hands[mover]:
        fail(f"player {mover} cannot be the player to move", "$.to_move")
    if state.draw_pile:
        first = (state.dealer + 1) % n
        for p, hand in enumerate(state.hands):
            if len(hand) == HAND_SIZE - 1 and p != first:
                fail(
                    "only the first player holds 3 cards while cards are left to draw (§3)",
                    f"$.hands[{p}]",
                )
        if len(state.hands[first]) == HAND_SIZE - 1 and mover != first:
            fail(
                f"player {first} holds 3 cards: the round's first turn is theirs (§4)", "$.to_move"
            )


validate: Final = validator("Vier Felder", State, _rules_of_position)


def _table(seen: Observation, unseen: Sequence[Card], seed: int) -> State:
    """The position ``seen`` shows, with the ``unseen`` cards dealt in their order into the
    other hands, then the draw pile."""
    hands, at = [], 0
    for p, size in enumerate(seen.hand_sizes):
        hands.append(seen.hand if p == seen.player else _sorted(unseen[at : at + size]))
        at += 0 if p == seen.player else size
    return State(
        options=seen.options,
        seed=seed,
        round=seen.round,
        dealer=seen.dealer,
        to_move=seen.to_move,
        summer_field=seen.summer_field,
        loose=seen.loose,
        stockpiles=seen.stockpiles,
        hands=tuple(hands),
        draw_pile=tuple(unseen[at:]),
        harvested=seen.harvested,
        coins=seen.coins,
        totals=seen.scores,
        history=seen.history,
    )


def _rules_of_observation(seen: Observation) -> None:
    """The table an observation shows, the unseen cards dealt to the other hands and the draw
    pile in any order, is a position, and the observation is what `observe` gives of it."""
    n, player = len(seen.hand_sizes), seen.player
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        fail(f"{n} hands; Vier Felder is for 2 to 4 players", "$.hand_sizes")
    if not 0 <= player < n:
        fail(f"the viewer is not one of the {n} players", "$.player")
    for p, size in enumerate(seen.hand_sizes):
        if not 0 <= size <= HAND_SIZE:
            fail(f"a hand holds 0 to {HAND_SIZE} cards", f"$.hand_sizes[{p}]")
    if seen.hand_sizes[player] != len(seen.hand):
        fail("the viewer's hand and its size disagree", f"$.hand_sizes[{player}]")
    shown = [
        *seen.hand,
        *(c for field in seen.loose for c in field),
        *(c for field in seen.stockpiles for s in field for c in s.cards),
        *(c for pile in seen.harvested for c in pile),
    ]
    if not _all_cards(shown):
        fail("not one of the 52 cards among those shown")
    unseen = [c for c in DECK_52 if c not in set(shown)]
    sizes = [size for p, size in enumerate(seen.hand_sizes) if p != player]
    if seen.stock_size != len(unseen) - sum(sizes):
        fail(f"{len(unseen)} cards are unseen: the other hands and the draw pile", "$.stock_size")
    table = _table(seen, unseen, 0)
    validate(table)


validate_observation: Final = validator("Vier Felder", Observation, _rules_of_observation)
"""`FormatError` naming the place unless the observation is one `observe` can give."""
