"""The fast paths agree with the rules they accelerate: the listing's tables with
`_fits_foundation` and `_fits_on`, its short cut through the guard with `_guard_allows`, the
remembered configurations with `canonical`, the whole listing with every action `check`
accepts, in the documented order, and the guard's set that a progress move keeps with the one
`_settle` makes."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator

import attrs
import pytest

from fourgames import vier_jahreszeiten as vj
from fourgames.cards import DECK_52
from fourgames.shuffle import derive_seed
from fourgames.vier_jahreszeiten import _rules

_OPTIONS = [
    *vj.PRESETS.values(),
    *(attrs.evolve(p, run_move=r) for p in vj.PRESETS.values() for r in vj.RunMove),
    vj.Options(czarina=True, czarina_fill=vj.CzarinaFill.WASTE_PYSOL),
    vj.Options(czarina=True, czarina_fill=vj.CzarinaFill.WASTE_PYSOL, run_move=vj.RunMove.ANY_TAIL),
    vj.Options(wrap_cross_always=True),
    vj.Options(guard=False, run_move=vj.RunMove.ANY_TAIL),
]


def _positions(options: vj.Options, games: int) -> Iterator[vj.State]:
    """Every position of ``games`` random playouts."""
    rng = random.Random(games)
    for number in range(games):
        state = vj.new_game(1, seed=derive_seed(7, "fast paths", number), options=options)
        yield state
        for _ in range(400):  # without the guard a game need not end
            legal = vj.legal_actions(state)
            if not legal:
                break
            state = vj.apply(state, rng.choice(legal))
            yield state


def _every_action_check_accepts(state: vj.State) -> list[vj.Action]:
    """The plain definition of `legal_actions`: every action that could be legal, in the
    documented order, kept if `check` accepts it."""
    piles = state.piles
    targets = range(len(piles))
    waste_top = state.waste[-1:]
    candidates: list[vj.Action] = [
        *(vj.ToFoundation(pile[-1]) for pile in piles if pile),
        *(vj.ToFoundation(card) for card in waste_top),
        *(kind(card, j) for card in waste_top for j in targets for kind in (vj.Build, vj.Fill)),
    ]
    for pile in piles:
        if pile:
            candidates += [kind(pile[-1], j) for j in targets for kind in (vj.Build, vj.Fill)]
            runs = range(2, len(pile) + 1)
            candidates += [vj.MoveRun(pile[-depth], j) for depth in runs for j in targets]
    candidates.append(vj.TURN)
    return [action for action in candidates if vj.is_legal(state, action)]


@pytest.mark.parametrize("options", _OPTIONS, ids=repr)
def test_the_listing_is_every_action_check_accepts(options: vj.Options) -> None:
    for state in itertools.islice(_positions(options, 3), 0, None, 2):
        assert list(vj.legal_actions(state)) == _every_action_check_accepts(state)


@pytest.mark.parametrize("options", _OPTIONS, ids=repr)
def test_the_guard_short_cut_agrees_with_the_guard(options: vj.Options) -> None:
    """`_allows`, with `_only_here` as the listing finds it and without the short cut, says
    what `_guard_allows` says of every move of a pile's top cards onto another pile."""
    fresh_seen = stale_seen = 0
    for state in itertools.islice(_positions(options, 2), 0, None, 2):
        piles = state.piles
        fresh = _rules._only_here(state)
        fresh_seen += fresh
        stale_seen += not fresh
        for src, dst in itertools.permutations(range(len(piles)), 2):
            for depth in range(1, len(piles[src]) + 1):
                after = _rules._cross_move_piles(piles, src, depth, dst)
                rule = _rules._guard_allows(state, after, src)
                assert _rules._allows(state, fresh, src, depth, dst) == rule
                assert _rules._allows(state, False, src, depth, dst) == rule
    assert (fresh_seen and stale_seen) or not options.guard


@pytest.mark.parametrize(
    "options",
    [vj.VANISHING_CROSS, vj.Options(wrap_cross_always=True), vj.SIMPLICITY],
    ids=repr,
)
def test_the_listings_build_keys_agree_with_fits_on(options: vj.Options) -> None:
    for base in range(1, 14):
        state = attrs.evolve(vj.new_game(1, seed=0, options=options), base=base)
        simplicity = options.layout is vj.Layout.SIMPLICITY
        wanted = _rules._WANTED_KEY[simplicity, _rules._cross_wraps(state)]
        top = _rules._TOP_KEY[simplicity]
        for card, target in itertools.product(DECK_52, DECK_52):
            listed = wanted[card] == top[target]
            assert listed == _rules._fits_on(state, card, target), (base, card, target)


def test_the_next_home_cards_are_the_cards_that_fit_the_foundations() -> None:
    state = vj.new_game(1, seed=0)
    for base, count in itertools.product(range(1, 14), range(14)):
        here = attrs.evolve(state, base=base, foundations=(count,) * 4)
        fitting = {card for card in DECK_52 if _rules._fits_foundation(here, card)}
        assert _rules._home_cards(here) - {None} == fitting, (base, count)


def _playouts_with(*, forget: bool) -> list[tuple[vj.State, tuple[vj.Action, ...]]]:
    """Positions and listings of random playouts; the remembered configurations wiped at every
    move with ``forget``."""
    _rules._config.cache_clear()
    reached = []
    for state in _positions(vj.VANISHING_CROSS, 3):
        assert _rules._config(state.piles) == vj.canonical(state.piles)
        reached.append((state, vj.legal_actions(state)))
        if forget:
            _rules._config.cache_clear()
    return reached


def test_the_remembered_configurations_are_canonical_and_change_no_result() -> None:
    assert _playouts_with(forget=True) == _playouts_with(forget=False)
    assert _rules._config.cache_info().currsize <= 1024


@pytest.mark.parametrize("options", _OPTIONS, ids=repr)
def test_one_configuration_seen_is_the_current_one(options: vj.Options) -> None:
    """`_only_here` reads ``len(seen) == 1``: ``seen`` always holds the current tableau."""
    for state in _positions(options, 2):
        alone = state.seen == {vj.canonical(state.piles)}
        assert _rules._only_here(state) == alone
        assert vj.canonical(state.piles) in state.seen or not options.guard


@pytest.mark.parametrize("options", _OPTIONS, ids=repr)
def test_a_progress_move_keeps_the_guards_set_as_settle_makes_it(options: vj.Options) -> None:
    """`_after_progress` keeps ``seen`` for a tableau it leaves alone; `_settle` agrees."""
    kept = 0
    for state in _positions(options, 2):
        if not state.stock:
            continue
        stock, waste = state.stock[1:], (*state.waste, state.stock[0])
        fast = _rules._after_progress(state, state.piles, state.foundations, stock, waste)
        plain = _rules._settle(
            options, state.seed, state.base, state.piles, state.foundations, stock, waste, None
        )
        assert fast == plain
        kept += fast.seen is state.seen
    assert kept or not options.guard or options.czarina
