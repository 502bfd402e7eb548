"""The contract around the rules: deal, JSON, observation, options, validation, notation."""

from __future__ import annotations

import random

import attrs
import pytest

import fourgames
from fourgames import FormatError, IllegalActionError, from_json, to_json
from fourgames import vier_jahreszeiten as vj
from fourgames.cards import DECK_52, Card, Rank, cards
from fourgames.shuffle import shuffled
from fourgames.testing import check_game
from tests.helpers import assert_refused

ALL_OPTIONS = [
    *vj.PRESETS.values(),
    *(attrs.evolve(p, run_move=r) for p in vj.PRESETS.values() for r in vj.RunMove),
    vj.Options(czarina=True, czarina_fill=vj.CzarinaFill.WASTE_PYSOL),
    vj.Options(czarina=True, czarina_fill=vj.CzarinaFill.WASTE_PYSOL, run_move=vj.RunMove.ANY_TAIL),
    vj.Options(wrap_cross_always=True),
    attrs.evolve(vj.SIMPLICITY, wrap_cross_always=True),
]


def test_registered() -> None:
    assert fourgames.get_game("vier-jahreszeiten") is vj
    assert vj.MIN_PLAYERS == vj.MAX_PLAYERS == 1


# Random play with sequence moves shuffles runs about for long; the JSON round trip of the
# growing `seen` set makes these playouts slow, so one seed each.
@pytest.mark.parametrize(
    "options",
    [
        vj.Options(run_move=vj.RunMove.WHOLE),
        vj.Options(run_move=vj.RunMove.ANY_TAIL),
        attrs.evolve(vj.CZARINA, run_move=vj.RunMove.ANY_TAIL),
        attrs.evolve(vj.SIMPLICITY, run_move=vj.RunMove.WHOLE),
        vj.Options(czarina=True, czarina_fill=vj.CzarinaFill.WASTE_PYSOL),
        vj.Options(wrap_cross_always=True),
    ],
    ids=str,
)
def test_check_game_variants(options: vj.Options) -> None:
    report = check_game(vj, options=options, seeds=range(1))
    assert report.games == 1


def test_s3_deal_order() -> None:
    state = vj.new_game(1, seed=5)
    deck = shuffled(DECK_52, 5)
    assert state.piles == tuple((c,) for c in deck[:5])
    assert state.stock == deck[6:]
    assert sum(state.foundations) == 1
    assert vj.all_cards(state)[0] == deck[5]
    assert state.seed == 5
    assert state.options == vj.VANISHING_CROSS
    assert state.seen == {vj.canonical(state.piles)}


def test_A13_waste_pysol_deal_turns_the_first_card() -> None:
    options = vj.Options(czarina=True, czarina_fill=vj.CzarinaFill.WASTE_PYSOL)
    state = vj.new_game(1, seed=5, options=options)
    deck = shuffled(DECK_52, 5)
    assert state.waste == (deck[6],)
    assert state.stock == deck[7:]


def test_A13_waste_pysol_refills_from_the_waste_top() -> None:
    options = vj.Options(czarina=True, czarina_fill=vj.CzarinaFill.WASTE_PYSOL)
    state = vj.position(
        piles=[cards("8♥"), cards("9♠"), cards("K♣"), cards("2♦"), cards("4♠")],
        foundations=cards("6♦"),
        base=Rank.SIX,
        waste=cards("J♦ Q♣"),
        options=options,
    )
    after = vj.apply(state, vj.Build(Card.parse("8♥"), 1))
    assert after.piles[0] == cards("Q♣")
    assert after.waste == cards("J♦")
    assert not any(isinstance(a, vj.Fill) for a in vj.legal_actions(after))


def test_player_count_and_options_are_checked() -> None:
    with pytest.raises(ValueError, match="1"):
        vj.new_game(2, seed=1)
    with pytest.raises(ValueError, match="czarina_fill"):
        vj.new_game(1, seed=1, options=vj.Options(czarina_fill=vj.CzarinaFill.WASTE_PYSOL))
    with pytest.raises(ValueError, match="guard"):
        vj.max_game_length(1, vj.Options(guard=False))


def test_json_round_trips_every_kind() -> None:
    state = vj.new_game(1, seed=2, options=vj.Options(run_move=vj.RunMove.ANY_TAIL))
    objects: list[object] = [
        state,
        state.options,
        vj.observe(state, 0),
        vj.TURN,
        vj.ToFoundation(Card.parse("7♦")),
        vj.Build(Card.parse("4♠"), 2),
        vj.Fill(Card.parse("K♣"), 0),
        vj.MoveRun(Card.parse("9♣"), 1),
    ]
    rng = random.Random(1)
    for _ in range(30):
        state = vj.apply(state, rng.choice(vj.legal_actions(state)))
    objects.append(state)
    for obj in objects:
        assert from_json(to_json(obj)) == obj
    assert '"type": "build"' in to_json(vj.Build(Card.parse("4♠"), 2))


def test_impossible_positions_are_refused() -> None:
    good = vj.new_game(1, seed=1)
    for bad in (
        attrs.evolve(good, stock=good.stock[1:]),
        attrs.evolve(good, piles=good.piles[:4]),
        attrs.evolve(good, base=14),
        attrs.evolve(good, foundations=(0, 0, 0, 0)),
        attrs.evolve(good, seen=frozenset()),
        attrs.evolve(
            good, piles=((good.piles[0][0], good.stock[0]), *good.piles[1:]), stock=good.stock[1:]
        ),
    ):
        with pytest.raises(FormatError):
            vj.validate(bad)
        with pytest.raises(FormatError):
            from_json(to_json(bad))


def test_position_invariants_of_the_variants_are_validated() -> None:
    piles = [cards("8♥"), cards("9♠"), cards("K♣"), cards("2♦"), ()]
    with pytest.raises(FormatError, match="Czarina"):
        vj.position(piles=piles, foundations=cards("6♦"), base=Rank.SIX, options=vj.CZARINA)
    with pytest.raises(FormatError, match="does not go on"):
        vj.position(
            piles=[cards("8♥ 6♠"), cards("9♠"), cards("K♣"), cards("2♦"), cards("3♣")],
            foundations=cards("6♦"),
            base=Rank.SIX,
        )
    with pytest.raises(FormatError, match="52"):
        vj.position(piles=[cards("8♥")] * 5, foundations=cards("6♦"), base=Rank.SIX)
    pysol = vj.Options(czarina=True, czarina_fill=vj.CzarinaFill.WASTE_PYSOL)
    with pytest.raises(FormatError, match="waste_pysol"):
        vj.position(
            piles=[cards("8♥"), cards("9♠"), cards("K♣"), cards("2♦"), cards("3♣")],
            foundations=cards("6♦"),
            base=Rank.SIX,
            options=pysol,
        )


def test_observation_hides_the_stock_order() -> None:
    state = vj.new_game(1, seed=9)
    other = attrs.evolve(state, stock=tuple(reversed(state.stock)), seed=10)
    assert vj.observe(state, 0) == vj.observe(other, 0)
    assert vj.observe(state, 0).stock_size == 46
    assert "stock" not in [f.name for f in attrs.fields(vj.Observation)]


def test_text_notation_round_trips() -> None:
    rng = random.Random(3)
    for options in ALL_OPTIONS:
        state = vj.new_game(1, seed=4, options=options)
        for _ in range(150):
            if vj.is_terminal(state):
                break
            legal = vj.legal_actions(state)
            for action in legal:
                assert vj.parse_action(str(action)) == action
            state = vj.apply(state, rng.choice(legal))
    with pytest.raises(FormatError):
        vj.parse_action("build 4♠")


def test_non_actions_are_api_errors() -> None:
    state = vj.new_game(1, seed=1)
    for junk in (None, "turn"):
        with pytest.raises(IllegalActionError):
            vj.apply(state, junk)  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError):  # a mistyped action is not even made
        vj.Build("4♠", 1)  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError):
        vj.Fill(Card.parse("4♠"), "1")  # type: ignore[arg-type]


def test_listing_and_checking_agree_on_random_probes() -> None:
    rng = random.Random(7)
    for options in ALL_OPTIONS:
        state = vj.new_game(1, seed=rng.getrandbits(32), options=options)
        n = len(state.piles)
        for _ in range(40):
            if vj.is_terminal(state):
                break
            legal = set(vj.legal_actions(state))
            for _ in range(20):
                c = rng.choice(DECK_52)
                probe: vj.Action = rng.choice(
                    [  # type: ignore[assignment]
                        vj.ToFoundation(c),
                        vj.Build(c, rng.randrange(n)),
                        vj.Fill(c, rng.randrange(n)),
                        vj.MoveRun(c, rng.randrange(n)),
                    ]
                )
                assert vj.is_legal(state, probe) == (probe in legal), probe
            # free cards as probes too, so legal ones are hit
            for pile in state.piles:
                for c in pile:
                    for j in range(n):
                        for kind in (vj.Build, vj.Fill, vj.MoveRun):
                            probe2 = kind(c, j)
                            assert vj.is_legal(state, probe2) == (probe2 in legal), probe2
            state = vj.apply(state, rng.choice(sorted(legal, key=str)))


def test_A3_render_shows_the_cross_and_fixed_suit_corners() -> None:
    text = vj.render(
        vj.position(
            piles=[cards("7♦"), cards("4♠"), cards("5♥"), cards("K♣"), cards("9♠")],
            foundations=cards("6♦"),
            base=Rank.SIX,
        )
    )
    lines = text.splitlines()
    assert "3: K♣" in lines[1]
    assert "4: 9♠" in lines[3]
    assert lines[2].index("0: 7♦") < lines[2].index("1: 4♠") < lines[2].index("2: 5♥")
    assert lines[1].index("3: K♣") == lines[2].index("1: 4♠") == lines[3].index("4: 9♠")
    assert lines[0].startswith("♣ —")
    assert "♦ 6♦ (1)" in lines[0]
    assert "stock 46" in lines[-1]
    assert "base 6" in lines[-1]


def test_the_fast_constructor_builds_equal_states() -> None:
    state = vj.new_game(1, seed=5)
    rng = random.Random(5)
    while len(state.seen) < 2:  # a waste, and a move within the cross since the last progress
        legal = vj.legal_actions(state)
        state = vj.apply(state, legal[int(rng.random() * len(legal))])
    fields = attrs.astuple(state, recurse=False)
    fast, slow = vj._rules._State(*fields), vj.State(*fields)
    assert fast == slow
    assert hash(fast) == hash(slow)
    assert from_json(to_json(fast)) == slow
    assert type(fast) is vj.State
    assert vj._rules._State is not vj.State  # the fast path is in use with this attrs


# --- The protocol's verbs, INFO and the observation vocabulary (issue 10) ------------------------


def t1_position() -> vj.State:
    return vj.position(
        piles=[cards("7♦"), cards("4♠"), cards("5♥"), cards("K♣"), cards("9♠")],
        foundations=cards("6♦"),
        base=Rank.SIX,
    )


def test_info_is_the_game_as_data() -> None:
    info = vj.INFO
    assert info.id == vj.GAME_ID == "vier-jahreszeiten"
    assert info.name == "Vier Jahreszeiten"
    assert info.min_players == vj.MIN_PLAYERS == info.max_players == vj.MAX_PLAYERS == 1
    assert info.presets == vj.PRESETS
    assert next(iter(info.presets.values())) == vj.VANISHING_CROSS
    assert info.rules_version == vj.RULES_VERSION
    assert not info.perfect_information  # the stock is face down
    assert not info.cooperative
    assert not info.has_events


def test_text_form_tag_and_keyword_are_all_accepted() -> None:
    seven = vj.ToFoundation(Card.parse("7♦"))
    run = vj.MoveRun(Card.parse("7♦"), 3)
    assert str(seven) == "found 7♦"
    assert str(run) == "run 7♦ 3"
    assert '"type": "to-foundation"' in to_json(seven)
    assert '"type": "move-run"' in to_json(run)
    for text in ("found 7♦", "to-foundation 7♦", "FOUND 7d", "found  7D"):
        assert vj.parse_action(text) == seven, text
    for text in ("run 7♦ 3", "move-run 7♦ 3", "run 7d 3"):
        assert vj.parse_action(text) == run, text
    assert vj.parse_action("build 10s 4") == vj.Build(Card.parse("10♠"), 4)
    assert vj.parse_action("fill TS 4") == vj.Fill(Card.parse("10♠"), 4)
    assert vj.parse_action("turn") == vj.TURN
    for junk in ("found", "found 7♦ 1", "build 4♠", "build 4♠ x", "run 7♦ -1", "turn 1", ""):
        with pytest.raises(FormatError):
            vj.parse_action(junk)


def test_find_action_resolves_text_against_the_legal_actions() -> None:
    state = t1_position()
    assert vj.find_action(state, "found 7♦") == vj.ToFoundation(Card.parse("7♦"))
    assert vj.find_action(state, "to-foundation 7d") == vj.ToFoundation(Card.parse("7♦"))
    assert vj.find_action(state, "build 4s") == vj.Build(Card.parse("4♠"), 2)
    assert vj.find_action(state, "b") == vj.Build(Card.parse("4♠"), 2)
    assert vj.find_action(state, "t") == vj.TURN
    with pytest.raises(IllegalActionError, match="§5"):
        vj.find_action(state, "found 5♥")
    assert vj.find_action(state, "found 7") == vj.ToFoundation(Card.parse("7♦"))  # a prefix
    with pytest.raises(IllegalActionError, match="did you mean 'found 7♦'"):
        vj.find_action(state, "foudn 7♦")
    dealt = vj.new_game(1, seed=1)
    with pytest.raises(IllegalActionError, match="ambiguous: did you mean 'build 3♥ 4', 'build"):
        vj.find_action(dealt, "build")
    assert vj.find_action(dealt, "build 4d") == vj.Build(Card.parse("4♦"), 3)


def _rule_of(state: vj.State, action: vj.Action) -> str:
    with pytest.raises(IllegalActionError) as refused:
        vj.apply(state, action)
    return refused.value.rule


def test_check_raises_exactly_what_apply_raises_and_is_legal_agrees() -> None:
    rng = random.Random(11)
    for options in ALL_OPTIONS:
        state = vj.new_game(1, seed=rng.getrandbits(32), options=options)
        n = len(state.piles)
        for _ in range(30):
            if vj.is_terminal(state):
                break
            for _ in range(10):
                c = rng.choice(DECK_52)
                probes: list[vj.Action] = [
                    vj.TURN,
                    vj.ToFoundation(c),
                    vj.Build(c, rng.randrange(-1, n + 1)),
                    vj.Fill(c, rng.randrange(n)),
                    vj.MoveRun(c, rng.randrange(n)),
                ]
                probe = rng.choice(probes)
                if vj.is_legal(state, probe):
                    vj.check(state, probe)
                    vj.validate(vj.apply(state, probe))
                else:
                    assert_refused(vj, state, probe, rule=_rule_of(state, probe))
            state = vj.apply(state, rng.choice(vj.legal_actions(state)))


def test_is_legal_and_check_build_no_successor(monkeypatch: pytest.MonkeyPatch) -> None:
    states = [vj.new_game(1, seed=seed, options=o) for seed in range(3) for o in ALL_OPTIONS]
    listed = [(state, action) for state in states for action in vj.legal_actions(state)]

    def no_successor(*args: object) -> None:
        raise AssertionError("a successor was built")

    monkeypatch.setattr(vj._rules, "_settle", no_successor)
    monkeypatch.setattr(vj._rules, "_State", no_successor)
    for state, action in listed:
        assert vj.is_legal(state, action)
        vj.check(state, action)


def test_the_observation_speaks_the_shared_vocabulary() -> None:
    names = [field.name for field in attrs.fields(vj.Observation)]
    assert names[:6] == ["player", "to_move", "scores", "hand", "hand_sizes", "stock_size"]
    rng = random.Random(2)
    state = vj.new_game(1, seed=2)
    while True:
        seen = vj.observe(state, 0)
        assert seen.player == 0
        assert seen.to_move == vj.current_player(state)
        assert seen.scores == vj.scores(state)
        assert seen.hand == ()
        assert seen.hand_sizes == (0,)
        assert seen.stock_size == len(state.stock)
        assert (seen.options, seen.base, seen.piles, seen.foundations, seen.waste, seen.seen) == (
            state.options, state.base, state.piles, state.foundations, state.waste, state.seen
        )  # fmt: skip
        if vj.is_terminal(state):
            break
        state = vj.apply(state, rng.choice(vj.legal_actions(state)))
    assert seen.to_move is None
    for player in (1, -1, True, "0"):
        with pytest.raises(ValueError, match=r"player must be a seat 0\.\.0"):
            vj.observe(state, player)  # type: ignore[arg-type]


def test_render_of_an_observation_shows_what_the_player_sees() -> None:
    state = vj.apply(vj.new_game(1, seed=1), vj.TURN)
    seen = vj.observe(state, 0)
    assert vj.render(seen) == vj.render(state)
    hidden = {str(c) for c in state.stock}
    assert not hidden & set(vj.render(seen).split())


def test_schema_1_observations_load_with_the_shared_vocabulary() -> None:
    import json

    rng = random.Random(4)
    state = vj.new_game(1, seed=4, options=vj.CZARINA)
    while True:
        seen = vj.observe(state, 0)
        today = json.loads(to_json(seen))
        assert today["schema"] == 2
        old = {key: value for key, value in today.items() if key not in
               ("player", "to_move", "scores", "hand", "hand_sizes")}  # fmt: skip
        old["schema"] = 1
        assert from_json(json.dumps(old, ensure_ascii=False)) == seen
        if vj.is_terminal(state):
            break
        state = vj.apply(state, rng.choice(vj.legal_actions(state)))


def test_impossible_observations_are_refused_naming_their_place() -> None:
    state = vj.apply(vj.new_game(1, seed=1), vj.TURN)
    seen = vj.observe(state, 0)
    vj.validate_observation(seen)
    for changes, place in (
        ({"player": 1}, "player"),
        ({"to_move": None}, "to_move"),
        ({"scores": (2,)}, "scores"),
        ({"hand": (state.stock[0],)}, "hand"),
        ({"hand_sizes": (1,)}, "hand"),
        ({"stock_size": 44}, "stock_size"),
        ({"stock_size": "45"}, "stock_size"),
        ({"waste": (seen.piles[0][0],)}, "waste"),
        ({"piles": seen.piles[:4]}, "piles"),
        ({"seen": frozenset()}, "seen"),
    ):
        bad = attrs.evolve(seen, **changes)
        with pytest.raises(FormatError, match=rf"@ \$\.{place}\b"):
            vj.validate_observation(bad)


def test_a_malformed_schema_1_observation_is_a_format_error() -> None:
    import json

    old = json.loads(to_json(vj.observe(vj.new_game(1, seed=1), 0)))
    for key in ("player", "to_move", "scores", "hand", "hand_sizes"):
        del old[key]
    old["schema"] = 1
    for field, junk in (("piles", None), ("base", 99), ("foundations", [1, 0]), ("waste", ["x"])):
        with pytest.raises(FormatError):
            from_json(json.dumps({**old, field: junk}))
