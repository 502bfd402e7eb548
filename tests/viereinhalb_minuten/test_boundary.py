"""The hardened boundary: only the game's own, well-formed actions reach the rules; seeds,
options and documents from outside are refused quickly and with bounded memory."""

from __future__ import annotations

import gc
import json
import random
import time
import tracemalloc
from collections.abc import Callable
from typing import Any

import attrs
import pytest

from fourgames import FormatError, IllegalActionError, from_json, to_json
from fourgames import viereinhalb_minuten as game
from fourgames._kernel import most_items
from fourgames.records import Record, replay
from fourgames.viereinhalb_minuten import (
    ALL_CARDS,
    Card,
    ChooseStarter,
    Kind,
    LayAside,
    Options,
    Play,
    State,
    TimeUp,
    cards,
    position,
)

ACTION_CLASSES = (Play, LayAside, TimeUp, ChooseStarter)


def _dbd_table() -> State:
    return position(
        [cards("DBD(2) LOCK(2) N(0,1)"), cards("N(4,7)"), cards("N(4,6)")],
        piles=[cards("N(2,2)")],
    )


def _built(cls: type, **fields: object) -> Any:
    """An instance of ``cls`` made without its constructor, with exactly ``fields`` set."""
    obj: Any = object.__new__(cls)
    for name, value in fields.items():
        object.__setattr__(obj, name, value)
    return obj


def _refused_everywhere(state: State, action: object) -> IllegalActionError:
    assert not game.is_legal(state, action)
    with pytest.raises(IllegalActionError) as checked:
        game.check(state, action)
    with pytest.raises(IllegalActionError) as applied:
        game.apply(state, action)  # type: ignore[arg-type]
    assert str(checked.value) == str(applied.value)
    return applied.value


# --- Only the game's own actions ---------------------------------------------------------------


class _SneakyCard(Card):
    """A card that names a card of the display when first read and another one after."""

    reads = 0

    @property
    def code(self) -> int:
        _SneakyCard.reads += 1
        return Card.parse("DBD(2)").code if _SneakyCard.reads == 1 else Card.parse("N(4,7)").code


@attrs.frozen
class _LookAlike:
    TAG = "play"
    card: Card
    pile: int
    named: int | None = None


def _subclass_of_play() -> Any:
    class Sneaky(Play):
        pass

    return Sneaky(Card.parse("N(0,1)"), 0)


@pytest.mark.parametrize(
    "make",
    [
        _subclass_of_play,
        lambda: _LookAlike(Card.parse("N(0,1)"), 0),
        lambda: _built(Play),
        lambda: _built(Play, card=Card.parse("N(0,1)")),
        lambda: _built(Play, card=Card.parse("N(0,1)"), pile=True, named=None),
        lambda: _built(Play, card=Card.parse("N(0,1)"), pile=0.0, named=None),
        lambda: _built(Play, card=Card.parse("N(0,1)"), pile="A", named=None),
        lambda: _built(Play, card="N(0,1)", pile=0, named=None),
        lambda: _built(Play, card=Card.parse("DBD(2)"), pile=0, named=True),
        lambda: _built(Play, card=Card.parse("DBD(2)"), pile=0, named=1.0),
        lambda: _built(Play, card=_built(Card), pile=0, named=None),
        lambda: _built(Play, card=_built(_SneakyCard), pile=0, named=None),
        lambda: _built(ChooseStarter),
        lambda: _built(ChooseStarter, player=True),
        lambda: "aside",
        lambda: None,
        lambda: Card.parse("N(0,1)"),
        lambda: Options(),
    ],
    ids=[
        "subclass",
        "look-alike",
        "uninitialised",
        "half-initialised",
        "pile-true",
        "pile-float",
        "pile-str",
        "card-str",
        "named-true",
        "named-float",
        "card-uninitialised",
        "card-subclass",
        "starter-uninitialised",
        "starter-true",
        "text",
        "none",
        "a-card",
        "options",
    ],
)
def test_only_well_formed_actions_of_the_game_are_accepted(make: Callable[[], object]) -> None:
    error = _refused_everywhere(_dbd_table(), make())
    assert error.rule == "API"


def test_a_card_that_changes_between_reads_is_refused() -> None:
    _SneakyCard.reads = 0
    sneaky = _built(_SneakyCard, kind=Kind.YOUR_TURN, colours=(2,), value=0)
    action = _built(Play, card=sneaky, pile=0, named=1)
    with pytest.raises(IllegalActionError) as err:
        game.apply(_dbd_table(), action)
    assert err.value.rule == "API"


@pytest.mark.parametrize(
    ("make", "field"),
    [
        (lambda: Play(Card.parse("DBD(2)"), 0, True), "named"),
        (lambda: Play(Card.parse("N(0,1)"), 1.0), "pile"),  # type: ignore[arg-type]
        (lambda: Play("N(0,1)", 0), "card"),  # type: ignore[arg-type]
        (lambda: ChooseStarter(2.0), "player"),  # type: ignore[arg-type]
    ],
)
def test_the_constructors_check_the_field_types(make: Callable[[], object], field: str) -> None:
    with pytest.raises(IllegalActionError, match=field) as err:
        make()
    assert err.value.rule == "API"


_JUNK: tuple[object, ...] = (
    None,
    True,
    False,
    0,
    1,
    -1,
    2,
    7,
    10**30,
    0.0,
    1.0,
    "A",
    "P1",
    "N(0,1)",
    b"x",
    (),
    (0,),
    [],
    {},
    object(),
    Card(Kind.NUMBER, (0,), 9),
    Card(Kind.NUMBER, (True,), 1),
    _built(Card),
    *ALL_CARDS[::7],
)


def test_fuzzed_malformed_actions_raise_illegal_action_errors() -> None:
    rng = random.Random(10)
    states = [_dbd_table(), game.new_game(4, seed=3, options=game.FREE_START)]
    state = game.new_game(2, seed=5)
    for _ in range(20):
        state = game.apply(state, game.legal_actions(state)[0])
    states.append(state)
    fields = {Play: ("card", "pile", "named"), ChooseStarter: ("player",), LayAside: (),
              TimeUp: ()}  # fmt: skip
    accepted = 0
    for _ in range(3000):
        cls = rng.choice(ACTION_CLASSES)
        chosen = {
            name: rng.choice(_JUNK)
            for name in fields[cls]
            if rng.random() < 0.9  # now and then a field is never set
        }
        action = _built(cls, **chosen)
        for state in states:
            try:
                after = game.apply(state, action)
            except IllegalActionError:
                assert not game.is_legal(state, action)
                continue
            accepted += 1
            assert game.is_legal(state, action)
            game.validate(after)
    assert accepted > 0  # the well-formed draws among the junk do get through


# --- Seeds ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", ["7", 1.5, True, b"x", [7]])
def test_seeds_that_are_not_ints_are_refused(seed: object) -> None:
    with pytest.raises(ValueError, match="seed"):
        game.new_game(3, seed=seed)  # type: ignore[arg-type]


def test_seed_minus_k_deals_another_game_than_seed_k() -> None:
    for seed in (1, 7, 2026):
        assert game.new_game(3, seed=-seed).displays != game.new_game(3, seed=seed).displays


# --- Documents from outside ----------------------------------------------------------------------

SECOND = 1.0
MEMORY = 100 * 2**20
ONE_MB = 2**20


def _state_document(**options: object) -> str:
    data = json.loads(to_json(game.new_game(2, seed=1)))
    data["options"].update(options)
    return json.dumps(data, separators=(",", ":"))


def _options_document(**options: object) -> str:
    data = json.loads(to_json(Options()))
    data.update(options)
    return json.dumps(data, separators=(",", ":"))


def _record_document(**options: object) -> str:
    data = json.loads(to_json(Record(game.GAME_ID, 2, 1, Options(), (TimeUp(),))))
    data["options"].update(options)
    return json.dumps(data, separators=(",", ":"))


_MANY_PAIRS = [[0, 1]] * 170_000  # about 1 MB of JSON each
_MANY_BANDS = [{"max_penalty": n, "label": "x"} for n in range(30_000)]
HOSTILE = {
    "state-number-copies": _state_document(number_copies=10**9),
    "state-every-copy-count": _state_document(
        **dict.fromkeys(
            (
                "number_copies",
                "your_turn_copies",
                "reverse_copies",
                "draw_two_copies",
                "lock_copies",
            ),
            10**6,
        )
    ),
    "state-lock-copies-colourless": _state_document(lock_copies=10**8, lock_cards_coloured=False),
    "state-many-colour-change-pairs": _state_document(colour_change_pairs=_MANY_PAIRS),
    "state-many-rating-bands": _state_document(rating_table=_MANY_BANDS),
    "state-long-colour-names": _state_document(colour_names=["x" * 1_000_000, "b", "c", "d", "e"]),
    "state-huge-rounds": _state_document(rounds=10**18),
    "state-long-number": _state_document(number_copies=int("9" * 4000)),
    "options-number-copies": _options_document(number_copies=10**9),
    "options-many-colour-change-pairs": _options_document(colour_change_pairs=_MANY_PAIRS),
    "record-number-copies": _record_document(number_copies=10**9),
    "record-many-colour-change-pairs": _record_document(colour_change_pairs=_MANY_PAIRS),
    "record-turn-limit": _record_document(turn_limit=10**18, rounds=10**18),
}


def _load_and_play(document: str) -> None:
    """What a program does with a document: read it, then start the game it describes."""
    try:
        obj = from_json(document)
    except FormatError:
        return
    options = obj.options if isinstance(obj, State | Record) else obj
    try:
        state = game.new_game(2, seed=1, options=options)
        game.max_game_length(2, options)
        game.deck(options)
        if isinstance(obj, Record):
            list(replay(obj))
        game.render(state)
    except ValueError:
        pass


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_no_document_under_1_mb_takes_a_second_or_100_mb(name: str) -> None:
    document = HOSTILE[name]
    assert len(document.encode()) < ONE_MB
    gc.collect()
    gc.freeze()  # the document's own cost: no collection walks the rest of the test session
    try:
        started = time.process_time()  # the work done, whatever else the machine runs
        _load_and_play(document)
        elapsed = time.process_time() - started
    finally:
        gc.unfreeze()
    tracemalloc.start()  # measured apart: tracing slows every allocation down
    try:
        _load_and_play(document)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert elapsed < SECOND, f"{elapsed:.2f} s"
    assert peak < MEMORY, f"{peak / 2**20:.0f} MB"


@pytest.mark.parametrize(
    "options",
    [
        {"number_copies": 10**9},
        {"colour_change_pairs": _MANY_PAIRS},
        {"rating_table": _MANY_BANDS},
        {"colour_names": ["x" * 1_000_000, "b", "c", "d", "e"]},
        {"rounds": 10**18},
    ],
    ids=["copies", "pairs", "bands", "names", "rounds"],
)
def test_hostile_options_are_refused_by_new_game_and_in_states(options: dict[str, Any]) -> None:
    ((name, value),) = options.items()
    document = _options_document(**options)
    most = most_items(Options).get(name)
    if most is not None and len(value) > most:  # refused before its items are read
        with pytest.raises(FormatError, match=rf"items, at most {most} @ \$\.{name}$"):
            from_json(document)
    else:
        with pytest.raises(ValueError, match=rf"options\.{name}"):
            game.new_game(2, seed=1, options=from_json(document))
    with pytest.raises(FormatError, match=r"@ \$\.options"):
        from_json(_state_document(**options))


def test_the_caches_are_bounded_in_bytes() -> None:
    # Many different options kept by nothing but the caches: as large as the bounds allow, and
    # far larger (refused, so never kept).
    def widest(number: int) -> Options:
        return Options(
            number_copies=4,
            your_turn_copies=4,
            reverse_copies=4,
            draw_two_copies=4,
            lock_copies=4,
            colour_change_pairs=(frozenset({0, 1}),) * 20,
            colour_names=tuple(f"{number:039}{i}" for i in range(5)),
            rating_table=tuple(game.RatingBand(n, f"{number:0200}") for n in range(20)),
        )

    def huge(number: int) -> Options:
        return Options(colour_names=(f"{number}" * 100_000, "b", "c", "d", "e"))

    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        for number in range(300):
            game.deck(widest(number))
            game.new_game(2, seed=number, options=widest(number))
            with pytest.raises(ValueError, match="colour_names"):
                game.new_game(2, seed=number, options=huge(number))
        kept = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert kept < 4 * 2**20, f"{kept / 2**20:.1f} MB kept"


def test_options_equal_to_checked_ones_are_checked_themselves() -> None:
    # The memo of checked options goes by identity: Options(timed=1) == RULEBOOK, yet it is
    # refused after RULEBOOK was accepted.
    game.new_game(2, seed=1, options=game.RULEBOOK)
    odd = Options(timed=1)  # type: ignore[arg-type]
    assert odd == game.RULEBOOK
    with pytest.raises(ValueError, match="timed"):
        game.new_game(2, seed=1, options=odd)
    with pytest.raises(ValueError, match="timed"):
        game.deck(odd)
