"""Vier Felder: the rules, top to bottom in the order of the spec.

Spec: ``rules/vier-felder.md`` (sections cited as §n below; §16.n is Ambiguity n).
"""

from __future__ import annotations

import enum
import itertools
import re
from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache
from types import MappingProxyType
from typing import ClassVar, Final, TypeAlias

import attrs

from fourgames.cards import DECK_52, Card, Rank, Suit
from fourgames.errors import FormatError, IllegalActionError
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
    """J, Q, K and A rotate the square when played from hand (§1, §2)."""
    return card.rank in SEASON_CARD_RANKS


def card_values(card: Card) -> tuple[int, ...]:
    """The values a card may count: 2–13 as printed, an ace 1 or 14 (§1)."""
    return _VALUES[card]


_ORDER: Final = {c: i for i, c in enumerate(sorted(DECK_52))}
_KEY: Final = _ORDER.__getitem__
"""Sort key giving the deck's canonical order (rank, then suit) without attrs comparisons."""


def _sorted(items: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sorted(items, key=_KEY))


_VALUES: Final = {c: ((1, 14) if c.rank is Rank.ACE else (int(c.rank),)) for c in DECK_52}
_LOW: Final = {c: (1 if c.rank is Rank.ACE else int(c.rank)) for c in DECK_52}
"""A card's value with an ace as 1: how it counts in any sum (§7: a SUM holds aces as 1)."""


def season_of(summer_field: int, field: int) -> Season:
    """The season of ``field`` when the ♥ edge points at ``summer_field`` (§2)."""
    return SEASON_OF_SUIT[SUITS_CW[(field - summer_field) % 4]]


def rotated(field: int, suit: Suit) -> int:
    """The new ``summer_field`` after a season card of ``suit`` is played into ``field`` (§2)."""
    return (field - SUIT_INDEX[suit]) % 4


# --- Options -----------------------------------------------------------------------------------


@attrs.frozen
class Options:
    """Variants and house rules; the defaults are the rulebook's (§14)."""

    full_harvest: bool = False
    """Volle Ernte: harvest with all four hand cards whose sum matches a loose card (§14)."""
    joker_sun: bool = False
    """Ein Joker als Sonne: only changes how `render` names the square (§14)."""
    first_dealer: int = 0
    """The dealer of round 1 (§3)."""
    target_score: int = 17
    """The game ends after the round in which someone reaches this total (§12)."""
    max_rounds: int = 100
    """Engine cap, not in the rulebook: the game also ends after this round, so that every
    game is finite (a game where nobody ever scores would otherwise never end)."""


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


# --- Stockpiles (§7) ---------------------------------------------------------------------------


class Kind(enum.Enum):
    """How a stockpile was built: a sum, or groups of equal value (§7)."""

    SUM = "sum"
    EQUAL = "equal"


def _kind_key(kind: Kind) -> str:
    return kind.value


@attrs.frozen(order=True, cache_hash=True)
class Stockpile:
    """A stockpile in a field: its value, kind and cards (sorted). It belongs to nobody (§7)."""

    value: int
    kind: Kind = attrs.field(order=_kind_key)
    cards: tuple[Card, ...] = attrs.field(converter=_sorted)
    """The cards, kept sorted (given in any order)."""

    def __str__(self) -> str:
        sign = "+" if self.kind is Kind.SUM else "="
        return f"[{self.value}{sign} {' '.join(map(str, self.cards))}]"


# --- Actions -----------------------------------------------------------------------------------


def _cards_text(items: Iterable[Card]) -> str:
    return " ".join(str(c) for c in sorted(items))


def _taken_text(loose: frozenset[Card], piles: frozenset[Stockpile]) -> str:
    parts = [str(c) for c in sorted(loose)] + [str(s) for s in sorted(piles)]
    return " ".join(parts) if parts else "-"


@attrs.frozen
class Sow:
    """Play ``card`` face up into ``field`` as a loose card (§5)."""

    TAG: ClassVar[str] = "sow"
    card: Card
    field: int

    def __str__(self) -> str:
        return f"sow {self.card} f{self.field}"


@attrs.frozen
class Harvest:
    """Play ``card`` into ``field`` and take the loose cards ``taken`` and ``stockpiles`` (§6).

    Legal iff some value of the card (an ace: 1 or 14) is the value of every taken stockpile
    and the taken loose cards split into groups of that value.
    """

    TAG: ClassVar[str] = "harvest"
    card: Card
    field: int
    taken: frozenset[Card]
    stockpiles: frozenset[Stockpile] = frozenset()

    def __str__(self) -> str:
        return f"harvest {self.card} f{self.field} {_taken_text(self.taken, self.stockpiles)}"


@attrs.frozen
class Build:
    """Stockpile (Einlagern): play ``card`` into ``field`` with ``loose`` and ``stockpiles``
    from the field into one stockpile of ``value`` (§7). Its kind follows from the parts:
    raising a SUM, a new SUM, or an EQUAL stockpile."""

    TAG: ClassVar[str] = "stockpile"
    card: Card
    field: int
    loose: frozenset[Card]
    stockpiles: frozenset[Stockpile]
    value: int

    def __str__(self) -> str:
        parts = _taken_text(self.loose, self.stockpiles)
        return f"stockpile {self.card} f{self.field} {parts} ={self.value}"


@attrs.frozen
class FullHarvest:
    """Volle Ernte: play all four hand ``cards`` into ``field`` and harvest with their sum (§14).

    ``rotation`` is the suit whose edge ends at the field (§16.29), None without season cards.
    """

    TAG: ClassVar[str] = "full-harvest"
    cards: tuple[Card, ...]
    field: int
    taken: frozenset[Card]
    stockpiles: frozenset[Stockpile] = frozenset()
    rotation: Suit | None = None

    def __str__(self) -> str:
        turn = f" turn {self.rotation.symbol}" if self.rotation is not None else ""
        taken = _taken_text(self.taken, self.stockpiles)
        return f"full {_cards_text(self.cards)} f{self.field} {taken}{turn}"


Action: TypeAlias = Sow | Harvest | Build | FullHarvest


_PILE_TEXT: Final = re.compile(r"\[(\d+)([+=])\s*([^\]]*)\]")


def parse_action(text: str) -> Action:
    """Read the text notation of `str(action)`; raises `FormatError` otherwise.

    ``sow 7♥ f2``, ``harvest 5♦ f0 2♦ 3♥ 5♣``, ``harvest 8♠ f0 8♣ [8+ 3♣ 5♥]``,
    ``stockpile 3♣ f0 5♥ =8``, ``full 2♣ 3♦ 4♥ 5♠ f0 5♦ 9♥ A♦ turn ♠``; a stockpile is written
    ``[value+ cards]`` (SUM) or ``[value= cards]`` (EQUAL), an empty set ``-``.

    >>> str(parse_action("stockpile 3c f0 5h =8"))
    'stockpile 3♣ f0 5♥ =8'
    """
    try:
        return _parse_action(text)
    except FormatError:
        raise
    except (ValueError, IndexError, KeyError, StopIteration, AttributeError) as err:
        raise FormatError(f"not a Vier Felder action: {text!r} ({err!r})") from None


def _parse_action(text: str) -> Action:
    piles = frozenset(
        Stockpile(int(m[1]), Kind.SUM if m[2] == "+" else Kind.EQUAL, cards_of(m[3]))
        for m in _PILE_TEXT.finditer(text)
    )
    words = _PILE_TEXT.sub(" ", text).split()
    kind, rest = words[0].lower(), words[1:]
    field_at = next(i for i, w in enumerate(rest) if re.fullmatch(r"f\d", w))
    field = int(rest[field_at][1:])
    before, after = rest[:field_at], [w for w in rest[field_at + 1 :] if w != "-"]
    if kind == "sow" and len(before) == 1 and not after and not piles:
        return Sow(Card.parse(before[0]), field)
    if kind == "harvest" and len(before) == 1:
        return Harvest(Card.parse(before[0]), field, frozenset(cards_of(after)), piles)
    if kind == "stockpile" and len(before) == 1 and after and after[-1].startswith("="):
        loose = frozenset(cards_of(after[:-1]))
        return Build(Card.parse(before[0]), field, loose, piles, int(after[-1][1:]))
    if kind == "full" and len(before) == HAND_SIZE:
        rotation = None
        if len(after) >= 2 and after[-2] == "turn":
            rotation = next(s for s in Suit if after[-1] in (s.symbol, s.letter, s.letter.lower()))
            after = after[:-2]
        hand = _sorted(cards_of(before))
        return FullHarvest(hand, field, frozenset(cards_of(after)), piles, rotation)
    raise FormatError(f"not a Vier Felder action: {text!r}")


def cards_of(words: str | Sequence[str]) -> tuple[Card, ...]:
    """Cards from text or words (helper of `parse_action`)."""
    items = words.split() if isinstance(words, str) else words
    return tuple(Card.parse(w) for w in items)


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


@attrs.frozen(cache_hash=True)
class State:
    """A position. Build it with `new_game`, `from_json`, or the constructor followed by
    `validate`. Fields are indexed 0..3 clockwise from the dealer's field (§2)."""

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


# --- §3 Setup ----------------------------------------------------------------------------------


def new_game(players: int, *, seed: int | None = None, options: Options | None = None) -> State:
    """Deal round 1 (§3).

    >>> state = new_game(3, seed=1)
    >>> len(state.draw_pile), [len(h) for h in state.hands], state.coins_on_square
    (29, [4, 3, 4], 3)
    """
    options = RULEBOOK if options is None else options
    if not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(
            f"Vier Felder is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}"
        )
    if not isinstance(options, Options):
        raise ValueError(f"not Vier Felder options: {options!r}")
    if not 0 <= options.first_dealer < players:
        raise ValueError(f"first_dealer must be in 0..{players - 1}, not {options.first_dealer}")
    if options.target_score < 1:
        raise ValueError(f"target_score must be at least 1, not {options.target_score}")
    if options.max_rounds < 1:
        raise ValueError(f"max_rounds must be at least 1, not {options.max_rounds}")
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
    with an explicit draw pile the
    leftover cards go to the dealer's harvest pile, so that all 52 cards stay in play.
    The dealer defaults to the player before ``to_move``.

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


# --- Value vectors: how many loose cards of each value a set holds ------------------------------
# A set of loose cards is encoded as an int with one 4-bit nibble per value class: class 0 the
# aces (1 or 14), class i the value i + 1 (2..13). At most 4 cards share a class, so adding two
# vectors never carries, and ``_fits`` compares all nibbles at once.

_CLASSES: Final = 13
_CLASS: Final = {c: (0 if c.rank is Rank.ACE else int(c.rank) - 1) for c in DECK_52}
_HIGH: Final = sum(8 << (4 * i) for i in range(_CLASSES))


def _vector(items: Iterable[Card]) -> int:
    vec = 0
    for c in items:
        vec += 1 << (4 * _CLASS[c])
    return vec


def _fits(vec: int, bound: int) -> bool:
    """Every nibble of ``vec`` ≤ the same nibble of ``bound`` (both ≤ 8 per nibble)."""
    return ((bound | _HIGH) - vec) & _HIGH == _HIGH


def _partitions(v: int, largest: int) -> list[list[int]]:
    if v == 0:
        return [[]]
    out: list[list[int]] = []
    for part in range(min(v, largest), 0, -1):
        # at most 4 cards of a value
        out.extend([part, *rest] for rest in _partitions(v - part, part) if rest.count(part) < 4)
    return out


def _group_type_list(v: int) -> tuple[int, ...]:
    """Every multiset of card values that forms one group of value ``v`` (§6): a single card
    of value v, or cards summing to v (aces as 1); for v = 14 also a lone ace as 14."""
    types = [sum(1 << (4 * (part - 1)) for part in parts) for parts in _partitions(v, 13)]
    if v == MAX_VALUE:
        types.append(1)  # a lone ace counting 14
    return tuple(types)


_GROUP_TYPES: Final = {v: _group_type_list(v) for v in range(1, MAX_VALUE + 1)}


@lru_cache(maxsize=1 << 15)
def _reachable(counts: int, v: int) -> tuple[int, ...]:
    """Every non-empty vector ≤ ``counts`` that splits into groups of value ``v`` (§6): the
    closure of sums of group types; each vector is expanded once (a subset-sum search over
    value classes, not over card subsets)."""
    bound, high = counts | _HIGH, _HIGH
    types = [t for t in _GROUP_TYPES[v] if (bound - t) & high == high]
    out: list[int] = []
    seen = {0}
    frontier = [0]
    while frontier:
        nxt: list[int] = []
        for cur in frontier:
            room = bound - cur  # nibble i: 8 + counts_i − cur_i
            for t in types:
                if (room - t) & high == high:  # cur + t fits (`_fits`, inlined)
                    new = cur + t
                    if new not in seen:
                        seen.add(new)
                        out.append(new)
                        nxt.append(new)
        frontier = nxt
    return tuple(out)


@lru_cache(maxsize=1 << 15)
def _sum_vectors(counts: int, target: int) -> tuple[int, ...]:
    """Every vector ≤ ``counts`` whose values sum to ``target`` with aces as 1 (§7 sums);
    the empty vector if ``target`` is 0."""
    items = [(4 * cls, cls + 1, (counts >> (4 * cls)) & 15) for cls in range(_CLASSES)]
    items = [item for item in items if item[2]]
    reach = [0] * (len(items) + 1)  # the most the classes from i on can add
    for i in range(len(items) - 1, -1, -1):
        reach[i] = reach[i + 1] + items[i][1] * items[i][2]
    out: list[int] = []

    def walk(i: int, remaining: int, vec: int) -> None:
        if remaining == 0:
            out.append(vec)
            return
        if reach[i] < remaining:
            return
        shift, value, available = items[i]
        for k in range(min(available, remaining // value), -1, -1):
            walk(i + 1, remaining - k * value, vec + (k << shift))

    if target >= 0:
        walk(0, target, 0)
    return tuple(out)


def _expand(
    vec: int, by_class: Sequence[tuple[Card, ...]], memo: dict[int, list[frozenset[Card]]]
) -> list[frozenset[Card]]:
    """The card sets of the field with value vector ``vec`` (``memo`` keeps the sets of ``k``
    cards of one class, so that sets are joined by union without hashing cards again)."""
    choices: list[list[frozenset[Card]]] = []
    while vec:
        low = (vec & -vec).bit_length() - 1
        cls = low // 4
        part = vec & (15 << (4 * cls))
        found = memo.get(part)
        if found is None:
            k = part >> (4 * cls)
            found = [frozenset(combo) for combo in itertools.combinations(by_class[cls], k)]
            memo[part] = found
        choices.append(found)
        vec ^= part
    if len(choices) == 1:
        return choices[0]
    first, *rest = choices
    return [head.union(*tail) for head in first for tail in itertools.product(*rest)]


def _by_class(items: Iterable[Card]) -> list[tuple[Card, ...]]:
    groups: list[list[Card]] = [[] for _ in range(_CLASSES)]
    for c in items:
        groups[_CLASS[c]].append(c)
    return [tuple(g) for g in groups]


def _subsets(items: Sequence[Stockpile]) -> list[frozenset[Stockpile]]:
    return [
        frozenset(combo)
        for k in range(len(items) + 1)
        for combo in itertools.combinations(items, k)
    ]


def splits_into_groups(items: Iterable[Card], v: int) -> bool:
    """Whether the loose cards ``items`` split into groups of value ``v`` (§6); every loose
    ace counts 1 or 14. The empty set splits (into no groups)."""
    counts = _vector(items)
    return counts == 0 or counts in _reachable(counts, v)


# --- Legal actions -----------------------------------------------------------------------------


def legal_actions(state: State) -> tuple[Action, ...]:
    """Every legal action once: per hand card (sorted) and field 0..3, the sow, the harvests and
    the stockpile actions, then the full harvests (§4–§7, §14).

    >>> state = new_game(2, seed=1)
    >>> all(isinstance(a, (Sow, Harvest, Build)) for a in legal_actions(state))
    True
    """
    player = state.to_move
    if player is None:
        return ()
    hand = state.hands[player]
    out: list[Action] = []
    fields = [_field(state.loose[f], state.stockpiles[f]) for f in range(FIELDS)]
    seasons = [state.season(f) for f in range(FIELDS)]
    for i, card in enumerate(hand):
        held = tuple(sorted({v for c in hand[:i] + hand[i + 1 :] for v in _VALUES[c]}))  # §7
        for f in range(FIELDS):
            info, season = fields[f], seasons[f]
            if season is not Season.AUTUMN:  # §5
                out.append(_SOW[card, f])
            if season is not Season.WINTER:  # §6
                out.extend(info.harvest_actions(card, f))
            if season is not Season.SPRING and info.has_items:  # §7, §16.7
                out.extend(info.build_actions(card, f, held))
    if state.options.full_harvest and len(hand) == HAND_SIZE:
        out.extend(_full_harvest_actions(state, hand, fields, seasons))
    return tuple(out)


_NO_PILES: Final[list[frozenset[Stockpile]]] = [frozenset()]
_EMPTY: Final[frozenset[Card]] = frozenset()
_SOW: Final = {(c, f): Sow(c, f) for c in DECK_52 for f in range(FIELDS)}
_RANK_VALUES: Final = {r: ((1, 14) if r is Rank.ACE else (int(r),)) for r in Rank}

Taken: TypeAlias = tuple[frozenset[Card], frozenset[Stockpile]]
Built: TypeAlias = tuple[frozenset[Card], frozenset[Stockpile], int]
_NO_BUILDS: Final[list[Built]] = []


@lru_cache(maxsize=4096)
def _field(loose: tuple[Card, ...], piles: tuple[Stockpile, ...]) -> _Field:
    """The listing helper of a field's contents, shared by every state holding that field
    (three of the four fields are unchanged from one turn to the next)."""
    return _Field(loose, piles)


class _Field:
    """What can be harvested from and stockpiled in one field's contents, cached per value."""

    __slots__ = (
        "_build_actions",
        "_builds",
        "_harvest_actions",
        "_harvests",
        "_pile_sets",
        "ace_alone",
        "by_class",
        "combos",
        "counts",
        "has_items",
        "piles",
        "sums",
    )

    def __init__(self, loose: tuple[Card, ...], piles: tuple[Stockpile, ...]) -> None:
        self.piles = piles
        self.has_items = bool(loose or piles)
        self.by_class = _by_class(loose)
        self.combos: dict[int, list[frozenset[Card]]] = {}
        self.counts = _vector(loose)
        sums = 1  # bit t: some set of loose cards sums to t (aces as 1); bit 0 the empty set
        for c in loose:
            sums |= sums << _LOW[c]
        self.sums = sums & ((1 << (MAX_VALUE + 1)) - 1)
        self.ace_alone = any(c.rank is Rank.ACE for c in loose)
        self._harvests: dict[int, list[Taken]] = {}
        self._builds: dict[tuple[Rank, int], list[Built]] = {}
        self._pile_sets: dict[int, list[frozenset[Stockpile]]] = {}
        self._harvest_actions: dict[tuple[Card, int], list[Action]] = {}
        self._build_actions: dict[tuple[Card, int, tuple[int, ...]], list[Action]] = {}

    def harvest_actions(self, card: Card, f: int) -> list[Action]:
        """The `Harvest` actions of ``card`` in this field, as field ``f`` (built once)."""
        found = self._harvest_actions.get((card, f))
        if found is None:
            found = [Harvest(card, f, ls, ps) for ls, ps in self.harvests(card.rank)]
            self._harvest_actions[card, f] = found
        return found

    def build_actions(self, card: Card, f: int, held: tuple[int, ...]) -> list[Action]:
        """The `Build` actions of ``card`` with held values ``held`` in this field, as field
        ``f`` (built once)."""
        key = (card, f, held)
        found = self._build_actions.get(key)
        if found is None:
            found = [Build(card, f, ls, ps, v) for ls, ps, v in self.builds(card.rank, held)]
            self._build_actions[key] = found
        return found

    def pile_sets(self, v: int) -> list[frozenset[Stockpile]]:
        """Every set of this field's stockpiles of value ``v``, the empty set first."""
        found = self._pile_sets.get(v)
        if found is None:
            found = _subsets([s for s in self.piles if s.value == v]) if self.piles else _NO_PILES
            self._pile_sets[v] = found
        return found

    def harvest_with(self, v: int) -> list[Taken]:
        """(loose, stockpiles) taken by a harvest of value ``v`` (§6): any set of loose cards
        splitting into groups of v, any set of stockpiles of value v, not both empty."""
        found = self._harvests.get(v)
        if found is None:
            piles = self.pile_sets(v)
            loose_sets = [_EMPTY]
            for vec in _reachable(self.counts, v):
                loose_sets.extend(_expand(vec, self.by_class, self.combos))
            found = [(ls, ps) for ls in loose_sets for ps in piles if ls or ps]
            self._harvests[v] = found
        return found

    def harvests(self, rank: Rank) -> list[Taken]:
        """The harvests of a card of ``rank``."""
        if rank is not Rank.ACE:
            return self.harvest_with(int(rank))
        key = 1 + 14 * 16  # both values of a played ace, cached under their own key
        found = self._harvests.get(key)
        if found is None:
            # §16.16: a played ace is 1 or 14 for the whole harvest; one action per taken set
            merged = dict.fromkeys(self.harvest_with(1))
            merged.update(dict.fromkeys(self.harvest_with(14)))
            found = list(merged)
            self._harvests[key] = found
        return found

    def builds(self, rank: Rank, held: tuple[int, ...]) -> list[Built]:
        """The stockpile actions of a card of ``rank`` with held values ``held`` (§7)."""
        if len(held) == 1:
            return self.builds_of_value(rank, held[0])
        out: list[Built] = []
        for value in held:
            out.extend(self.builds_of_value(rank, value))
        return out

    def builds_of_value(self, rank: Rank, value: int) -> list[Built]:
        """The stockpile actions of a card of ``rank`` making a stockpile of ``value``."""
        values = _RANK_VALUES[rank]
        if value < values[0] or not self._may_build(values, value):
            return _NO_BUILDS
        key = (rank, value)
        found = self._builds.get(key)
        if found is None:
            found = _stockpile_parts(self, values, (value,))
            self._builds[key] = found
        return found

    def _may_build(self, values: tuple[int, ...], value: int) -> bool:
        """A quick necessary condition for any stockpile of ``value`` (from the subset sums
        of the loose cards, aces as 1): a new SUM, a raise, or the card's group plus another
        group or stockpile of the value."""
        sums, low = self.sums, values[0]
        if value > low and sums >> (value - low) & 1:
            return True  # new SUM
        for pile in self.piles:
            rest = value - pile.value - low
            if pile.kind is Kind.SUM and rest >= 0 and (rest == 0 or sums >> rest & 1):
                return True  # raise
        if not (sums >> value & 1 or (self.ace_alone and value == MAX_VALUE)) and not any(
            p.value == value for p in self.piles
        ):
            return False  # no second group of the value
        return any(pv == value or (pv < value and sums >> (value - pv) & 1) for pv in values)


def _stockpile_parts(info: _Field, values: tuple[int, ...], held: tuple[int, ...]) -> list[Built]:
    """Every stockpile action of a card with ``values`` in this field (§7), one per (loose,
    stockpiles, value): raise a SUM, a new SUM, or an EQUAL stockpile (new, extended or
    merged)."""
    out: list[Built] = []
    piles, counts, by_class, memo = info.piles, info.counts, info.by_class, info.combos
    low = values[0]
    no_piles: frozenset[Stockpile] = frozenset()
    for value in held:  # the held card (§7)
        # new SUM: p + ≥ 1 loose cards = V (aces as 1)
        if value - low >= 1:
            for vec in _sum_vectors(counts, value - low):
                out.extend((loose, no_piles, value) for loose in _expand(vec, by_class, memo))
        # raise a SUM stockpile S: S + p + optional loose cards = V (§16.13)
        for pile in piles:
            if pile.kind is Kind.SUM and value - pile.value - low >= 0:
                single = frozenset((pile,))
                for vec in _sum_vectors(counts, value - pile.value - low):
                    loose_sets = _expand(vec, by_class, memo) if vec else [_EMPTY]
                    out.extend((loose, single, value) for loose in loose_sets)
        # EQUAL: p's group (p alone or p + loose cards) + further loose groups + stockpiles of V
        several: dict[int, bool] = {}
        for pv in values:
            if pv > value:
                continue
            for g0 in _sum_vectors(counts, value - pv):
                several.setdefault(g0, False)
                for r in _reachable(counts - g0, value):
                    several[g0 + r] = True
        if not several:
            continue
        equal_piles = info.pile_sets(value)
        for vec, has_two_groups in several.items():
            loose_sets = _expand(vec, by_class, memo) if vec else [_EMPTY]
            for ps in equal_piles:
                if ps or has_two_groups:
                    out.extend((loose, ps, value) for loose in loose_sets)
    return out


def _full_sums(hand: Sequence[Card]) -> list[int]:
    """The sums of four hand cards, each ace 1 or 14, that a single card can match (§14)."""
    base = sum(_LOW[c] for c in hand)
    aces = sum(1 for c in hand if c.rank is Rank.ACE)
    return [base + 13 * k for k in range(aces + 1) if base + 13 * k <= MAX_VALUE]


def _full_rotations(hand: Sequence[Card]) -> list[Suit | None]:
    suits = {c.suit for c in hand if is_season_card(c)}
    return [s for s in SUITS_CW if s in suits] or [None]


def _full_harvest_actions(
    state: State, hand: tuple[Card, ...], fields: list[_Field], seasons: list[Season]
) -> list[FullHarvest]:
    out: list[FullHarvest] = []
    rotations = _full_rotations(hand)
    sums = _full_sums(hand)
    for f in range(FIELDS):
        if seasons[f] is Season.WINTER:  # §6
            continue
        loose = state.loose[f]
        found: dict[Taken, None] = {}
        for s in sums:
            if not any(s in _VALUES[c] for c in loose):  # no single loose card of the sum
                continue
            # then a harvest as with a played card of value s (rulebook, Varianten)
            found.update(dict.fromkeys(fields[f].harvest_with(s)))
        out.extend(
            FullHarvest(hand, f, taken, piles, rot) for taken, piles in found for rot in rotations
        )
    return out


# --- Applying an action -------------------------------------------------------------------------


def apply(state: State, action: Action) -> State:
    """The state after ``action`` (checked; raises `IllegalActionError` naming the rule).

    >>> state = new_game(2, seed=1)
    >>> after = apply(state, legal_actions(state)[0])
    >>> after.to_move
    0
    """
    match action:
        case Sow():
            _check_sow(state, action)
            field = action.field
            loose = _sorted((*state.loose[field], action.card))
            return _finish_turn(state, (action.card,), field, loose, state.stockpiles[field], ())
        case Harvest():
            _check_harvest(state, action)
            return _harvest(state, (action.card,), action.field, action.taken, action.stockpiles)
        case Build():
            _check_build(state, action)
            return _build(state, action)
        case FullHarvest():
            _check_full_harvest(state, action)
            return _harvest(
                state, action.cards, action.field, action.taken, action.stockpiles, action.rotation
            )
        case _:
            raise IllegalActionError(f"not a Vier Felder action: {action!r}", rule="API")


def is_legal(state: State, action: object) -> bool:
    """Whether `apply` accepts ``action`` in ``state``."""
    try:
        apply(state, action)  # type: ignore[arg-type]
    except IllegalActionError:
        return False
    return True


def _check_turn(state: State, played: Iterable[object], field: object) -> int:
    player = state.to_move
    if player is None:
        raise IllegalActionError("the game is over", rule="§12")
    for card in played:
        if not isinstance(card, Card) or card not in state.hands[player]:
            raise IllegalActionError(f"{card} is not in player {player}'s hand", rule="§4")
    if type(field) is not int or not 0 <= field < FIELDS:
        raise IllegalActionError(f"no field {field!r}; fields are 0..3", rule="§2")
    return player


def _check_sow(state: State, action: Sow) -> None:
    _check_turn(state, (action.card,), action.field)
    if state.season(action.field) is Season.AUTUMN:  # §16.9: the season before rotation
        raise IllegalActionError(
            f"cannot sow {action.card} into field {action.field}: it is Autumn", rule="§5"
        )


def _check_items(
    state: State, field: int, loose: object, piles: object, rule: str
) -> tuple[frozenset[Card], frozenset[Stockpile]]:
    if not isinstance(loose, frozenset) or not all(isinstance(c, Card) for c in loose):
        raise IllegalActionError(f"not a set of cards: {loose!r}", rule="API")
    if not isinstance(piles, frozenset) or not all(isinstance(s, Stockpile) for s in piles):
        raise IllegalActionError(f"not a set of stockpiles: {piles!r}", rule="API")
    missing = [c for c in sorted(loose) if c not in state.loose[field]]
    if missing:
        raise IllegalActionError(f"{_cards_text(missing)} not loose in field {field}", rule=rule)
    gone = [s for s in sorted(piles) if s not in state.stockpiles[field]]
    if gone:
        raise IllegalActionError(f"stockpile {gone[0]} is not in field {field}", rule=rule)
    return loose, piles


def _check_harvest(state: State, action: Harvest) -> None:
    _check_turn(state, (action.card,), action.field)
    _check_harvest_of(
        state, action.field, action.taken, action.stockpiles, card_values(action.card)
    )


def _check_harvest_of(
    state: State, field: int, taken: object, stockpiles: object, values: Iterable[int]
) -> int:
    """Check a harvest of one of ``values``; return the value used."""
    if state.season(field) is Season.WINTER:
        raise IllegalActionError(f"cannot harvest in field {field}: it is Winter", rule="§6")
    loose, piles = _check_items(state, field, taken, stockpiles, "§6")
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


def _brute_force_groups(loose: Iterable[Card], v: int) -> bool:
    """Independent of `_reachable` (which lists): split the cards into groups of ``v`` by
    choosing the group of the first remaining card, then recursing."""
    counts = [0] * _CLASSES
    for c in loose:
        counts[_CLASS[c]] += 1
    return _splits(tuple(counts), v)


@lru_cache(maxsize=1 << 14)
def _splits(counts: tuple[int, ...], v: int) -> bool:
    first = next((i for i, k in enumerate(counts) if k), None)
    if first is None:
        return True
    rest = list(counts)
    rest[first] -= 1
    for first_value in (1, 14) if first == 0 else (first + 1,):
        for group in _sub_multisets(tuple(rest), v - first_value, 0):
            if _splits(tuple(r - g for r, g in zip(rest, group, strict=True)), v):
                return True
    return False


def _sub_multisets(counts: tuple[int, ...], target: int, cls: int) -> Iterable[tuple[int, ...]]:
    """Sub-multisets of ``counts`` from class ``cls`` on whose values (aces 1) sum to ``target``."""
    if target == 0:
        yield (0,) * _CLASSES
        return
    if target < 0 or cls == _CLASSES:
        return
    value = cls + 1
    for k in range(min(counts[cls], target // value), -1, -1):
        for tail in _sub_multisets(counts, target - k * value, cls + 1):
            yield (*tail[:cls], k, *tail[cls + 1 :])


def _harvest(
    state: State,
    played: tuple[Card, ...],
    field: int,
    taken: frozenset[Card],
    piles: frozenset[Stockpile],
    rotation: Suit | None = None,
) -> State:
    loose = tuple(c for c in state.loose[field] if c not in taken)
    kept = tuple(s for s in state.stockpiles[field] if s not in piles)
    gained = (*played, *taken, *(c for s in piles for c in s.cards))
    return _finish_turn(state, played, field, loose, kept, gained, rotation, clears=True)


def _check_build(state: State, action: Build) -> None:
    player = _check_turn(state, (action.card,), action.field)
    field, card, value = action.field, action.card, action.value
    if state.season(field) is Season.SPRING:  # §16.8
        raise IllegalActionError(f"cannot stockpile in field {field}: it is Spring", rule="§7")
    loose, piles = _check_items(state, field, action.loose, action.stockpiles, "§7")
    if not loose and not piles:
        raise IllegalActionError(
            "a stockpile needs at least one item of the field besides the played card",
            rule="§16.7",
        )
    if type(value) is not int or not 1 <= value <= MAX_VALUE:
        raise IllegalActionError(f"a stockpile is worth 1 to 14, not {value!r}", rule="§7")
    rest = [c for c in state.hands[player] if c != card]
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
    low_sum = _LOW[card] + sum(_LOW[c] for c in loose)
    if len(piles) == 1:
        (pile,) = piles
        if pile.kind is Kind.SUM and pile.value + low_sum == value:
            return Kind.SUM  # raise
    if not piles and loose and low_sum == value:
        return Kind.SUM  # new SUM
    if all(s.value == value for s in piles) and _equal_groups(card, loose, value, bool(piles)):
        return Kind.EQUAL
    return None


def _equal_groups(card: Card, loose: frozenset[Card], value: int, has_piles: bool) -> bool:
    """{card} ∪ loose splits into groups of ``value`` (at least two groups with no stockpile).

    Brute force over p's group (p alone or with loose cards, aces in it as 1)."""
    items = sorted(loose)
    for pv in _VALUES[card]:
        for k in range(len(items) + 1):
            for combo in itertools.combinations(items, k):
                if pv + sum(_LOW[c] for c in combo) != value:
                    continue
                others = [c for c in items if c not in combo]
                if (has_piles or others) and _brute_force_groups(others, value):
                    return True
    return False


def _build(state: State, action: Build) -> State:
    field, card = action.field, action.card
    kind = _build_kind(card, action.loose, action.stockpiles, action.value)
    assert kind is not None
    cards = _sorted((card, *action.loose, *(c for s in action.stockpiles for c in s.cards)))
    new_pile = Stockpile(action.value, kind, cards)
    piles = tuple(
        sorted((*(s for s in state.stockpiles[field] if s not in action.stockpiles), new_pile))
    )
    loose = tuple(c for c in state.loose[field] if c not in action.loose)
    return _finish_turn(state, (card,), field, loose, piles, ())


def _check_full_harvest(state: State, action: FullHarvest) -> None:
    if not state.options.full_harvest:
        raise IllegalActionError("Volle Ernte is not played (Options.full_harvest)", rule="§14")
    player = _check_turn(state, (), action.field)
    hand = state.hands[player]
    if len(hand) != HAND_SIZE:
        raise IllegalActionError(
            f"Volle Ernte needs exactly 4 cards in hand, player {player} holds {len(hand)}",
            rule="§16.29",
        )
    if action.cards != hand:
        raise IllegalActionError(
            f"Volle Ernte plays the whole hand {_cards_text(hand)} (sorted)", rule="§14"
        )
    if action.rotation not in _full_rotations(hand):
        raise IllegalActionError(
            f"the square can only end turned to a season card's suit in hand, "
            f"not {action.rotation}",
            rule="§16.29",
        )
    field = action.field
    if state.season(field) is Season.WINTER:
        raise IllegalActionError(f"cannot harvest in field {field}: it is Winter", rule="§6")
    loose, piles = _check_items(state, field, action.taken, action.stockpiles, "§6")
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
    # value, the matching card need not be among them (the rulebook over spec §16.29)
    _check_harvest_of(state, field, loose, piles, values)


# --- §4 steps 3–6: rotation, drawing, clearing, next player -------------------------------------


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
    hand = [c for c in state.hands[player] if c not in played]
    # §2: a season card played from hand turns the square toward the field
    summer = state.summer_field
    if len(played) == 1 and is_season_card(played[0]):
        rotation = played[0].suit
    if rotation is not None:
        summer = rotated(field, rotation)
    # §8: draw up to 4
    pile = state.draw_pile
    need = HAND_SIZE - len(hand)
    if need > 0 and pile:
        hand.extend(pile[:need])
        pile = pile[need:]
    coins = state.coins
    # §9: clearing a field (only a harvest can empty it, §16.19)
    if clears and not field_loose and not field_piles and state.coins_on_square > 0:
        coins = (*coins[:player], coins[player] + 1, *coins[player + 1 :])
        if len(pile) >= CARDS_PER_FIELD:  # §16.18: counted after the draw
            field_loose = _sorted(pile[:CARDS_PER_FIELD])
            pile = pile[CARDS_PER_FIELD:]
    loose = (*state.loose[:field], field_loose, *state.loose[field + 1 :])
    piles = (*state.stockpiles[:field], field_piles, *state.stockpiles[field + 1 :])
    hands = (*state.hands[:player], _sorted(hand), *state.hands[player + 1 :])
    harvested = state.harvested
    if gained:
        mine = _sorted((*harvested[player], *gained))
        harvested = (*harvested[:player], mine, *harvested[player + 1 :])
    n = len(hands)
    to_move = next(((player + i) % n for i in range(1, n + 1) if hands[(player + i) % n]), None)
    if to_move is None:  # §10: the draw pile is empty and every hand too
        return _end_round(state, loose, piles, hands, harvested, coins, summer)
    return State(
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
    hearts = tuple(sum(1 for c in h if c.suit is Suit.HEARTS) for h in harvested)
    spades = tuple(sum(1 for c in h if c.suit is Suit.SPADES) for h in harvested)
    aces = tuple(sum(1 for c in h if c.rank is Rank.ACE) for h in harvested)
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


# --- Observation (§16.30) ---------------------------------------------------------------------


@attrs.frozen
class Observation:
    """What ``player`` may know: their hand, the fields, the square, coins, every harvest pile
    (each card was public when taken), totals, and the sizes of the other hands and the draw
    pile (§16.30)."""

    player: int
    options: Options
    round: int
    dealer: int
    to_move: int | None
    summer_field: int
    loose: tuple[tuple[Card, ...], ...]
    stockpiles: tuple[tuple[Stockpile, ...], ...]
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    draw_pile_size: int
    harvested: tuple[tuple[Card, ...], ...]
    coins: tuple[int, ...]
    totals: tuple[int, ...]
    history: tuple[RoundScore, ...]


def observe(state: State, player: int) -> Observation:
    """What ``player`` may know of ``state`` (§16.30)."""
    if not 0 <= player < state.players:
        raise ValueError(f"no player {player} in a {state.players}-player game")
    return Observation(
        player=player,
        options=state.options,
        round=state.round,
        dealer=state.dealer,
        to_move=state.to_move,
        summer_field=state.summer_field,
        loose=state.loose,
        stockpiles=state.stockpiles,
        hand=state.hands[player],
        hand_sizes=tuple(len(h) for h in state.hands),
        draw_pile_size=len(state.draw_pile),
        harvested=state.harvested,
        coins=state.coins,
        totals=state.totals,
        history=state.history,
    )


# --- validate(state) ----------------------------------------------------------------------------


def all_cards(state: State) -> list[Card]:
    """Every card of every zone: fields (loose and stockpiles), hands, draw pile, harvest piles."""
    out = [c for field in state.loose for c in field]
    out += [c for field in state.stockpiles for s in field for c in s.cards]
    out += [c for h in state.hands for c in h]
    out += state.draw_pile
    out += [c for h in state.harvested for c in h]
    return out


def stockpile_is_consistent(pile: Stockpile) -> bool:
    """A stockpile's value is 1..14 and agrees with its cards and kind (§7)."""
    if not 1 <= pile.value <= MAX_VALUE or len(pile.cards) < 2:
        return False
    if pile.kind is Kind.SUM:
        return sum(_LOW[c] for c in pile.cards) == pile.value
    counts = _vector(pile.cards)
    groups = set(_reachable(counts, pile.value))  # EQUAL: at least two groups of its value
    return counts in groups and any(g != counts and counts - g in groups for g in groups)


def validate(state: State) -> None:
    """Raise `FormatError` if ``state`` is an impossible position."""
    if not isinstance(state, State):
        raise FormatError(f"not a Vier Felder state: {state!r}")
    n = len(state.hands)
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise FormatError(f"{n} hands; Vier Felder is for 2 to 4 players")
    for name in ("harvested", "coins", "totals"):
        if len(getattr(state, name)) != n:
            raise FormatError(f"{name} has {len(getattr(state, name))} entries for {n} players")
    if len(state.loose) != FIELDS or len(state.stockpiles) != FIELDS:
        raise FormatError("there are exactly 4 fields")
    if not 0 <= state.summer_field < FIELDS:
        raise FormatError(f"summer_field {state.summer_field} is not 0..3")
    if not 0 <= state.dealer < n:
        raise FormatError(f"dealer {state.dealer} is not a player")
    if state.round < 1 or len(state.history) != state.round - (0 if state.to_move is None else 1):
        raise FormatError(f"round {state.round} does not match {len(state.history)} scored rounds")
    everything = all_cards(state)
    if len(everything) != len(DECK_52) or set(everything) != set(DECK_52):
        seen: set[Card] = set()
        twice = [c for c in everything if c in seen or seen.add(c)]  # type: ignore[func-returns-value]
        raise FormatError(
            f"the 52 cards are not all there exactly once ({len(everything)} cards"
            + (f", {twice[0]} twice)" if twice else ")")
        )
    for zone, items in (("hands", state.hands), ("loose", state.loose)):
        for i, cards in enumerate(items):
            if list(cards) != sorted(cards):
                raise FormatError(f"{zone}[{i}] is not sorted")
    for i, h in enumerate(state.hands):
        if len(h) > HAND_SIZE:
            raise FormatError(f"player {i} holds {len(h)} cards, more than 4")
        if state.draw_pile and len(h) < HAND_SIZE - 1:
            raise FormatError(f"player {i} holds {len(h)} cards while the draw pile is not empty")
    for f, field in enumerate(state.stockpiles):
        if list(field) != sorted(field):
            raise FormatError(f"stockpiles[{f}] is not sorted")
        for s in field:
            if list(s.cards) != sorted(s.cards) or not stockpile_is_consistent(s):
                raise FormatError(f"stockpile {s} in field {f} is impossible")
    if any(c < 0 for c in state.coins) or sum(state.coins) > n:
        raise FormatError(f"coins {state.coins}: there are {n} coins")
    if any(t < 0 for t in state.totals):
        raise FormatError("a total is negative (§11.3)")
    if state.to_move is None:
        if any(state.hands) or state.draw_pile or not state.history:
            raise FormatError("a finished game has empty hands, no draw pile and a scored round")
    else:
        if not 0 <= state.to_move < n or not state.hands[state.to_move]:
            raise FormatError(f"player {state.to_move} cannot be the player to move")
