"""The rulebook (seed 004) has no numbered worked examples; every rule sentence that states a
checkable fact is a test here, named after the German passage it quotes."""

from __future__ import annotations

import pytest

from fourgames import IllegalActionError
from fourgames import viereinhalb_minuten as game
from fourgames.viereinhalb_minuten import (
    STANDARD_DECK,
    Kind,
    LayAside,
    Options,
    Play,
    TimeUp,
    apply,
    cards,
    legal_actions,
    position,
)
from tests.viereinhalb_minuten.tables import card, rest_under


def test_rulebook_95_karten_70_zahlenkarten_25_sonderkarten() -> None:
    # "95 Karten (70 Zahlenkarten, Zahlen 1-7 in 5 Farben je 2x; 25 Sonderkarten)"
    numbers = [c for c in STANDARD_DECK if c.kind is Kind.NUMBER]
    assert (len(STANDARD_DECK), len(numbers)) == (95, 70)
    assert {c.value for c in numbers} == set(range(1, 8))


@pytest.mark.parametrize(("players", "limit"), [(2, 5), (3, 4), (4, 4), (5, 4), (6, 4)])
def test_rulebook_4_karten_bei_2_spielern_5(players: int, limit: int) -> None:
    # "Jeder Spieler bekommt zu Beginn 4 Karten (Bei 2 Spielern 5 Karten)"
    state = game.new_game(players, seed=players)
    assert [len(d) for d in state.displays] == [limit] * players
    assert len(state.draw_pile) == 95 - players * limit


def test_rulebook_zahl_symbol_oder_farbe() -> None:
    # "Die nächste Karte muss in Zahl, Symbol oder Farbe übereinstimmen"
    state = position([cards("N(1,5) DBD(0) N(2,4) P2(3)"), cards("N(4,4)")],
                     piles=[cards("N(3,5)"), cards("DBD(4)")])  # fmt: skip
    plays = {(str(a.card), a.pile) for a in legal_actions(state) if isinstance(a, Play)}
    assert ("N(1,5)", 0) in plays  # Zahl
    assert ("P2(3)", 0) in plays  # Farbe
    assert ("DBD(0)", 1) in plays  # Symbol
    assert ("N(2,4)", 0) not in plays
    assert ("N(2,4)", 1) not in plays


def test_rulebook_zweiter_stapel_freiwillig_dritter_nicht_erlaubt() -> None:
    # "Dieser Stapel kann auch bereits vorher freiwillig begonnen werden. Ein dritter
    # Ablagestapel ist jedoch nicht erlaubt."
    state = position([cards("N(0,2) N(0,3)"), cards("N(4,4)")], piles=[cards("N(0,1)")])
    assert Play(card("N(0,2)"), 1) in legal_actions(state)  # B although A fits
    state = apply(state, Play(card("N(0,2)"), 1))
    state = apply(state, LayAside())
    with pytest.raises(IllegalActionError) as err:
        apply(state, Play(card("N(0,3)"), 2))
    assert err.value.rule == "§3"


def test_rulebook_zur_seite_legen_und_auffuellen() -> None:
    # "muss er alle offen ausliegenden Karten in seiner Auslage zur Seite legen und seine
    # Auslage erneut auf 4 bzw. 5 Karten auffüllen. anschließend ist direkt der nächste
    # Spieler am Zug. Jede zur Seite gelegte Karten zählt am Ende der Runde 2 Minuspunkte."
    state = game.new_game(2, seed=4)
    before = state.displays[0]
    state = apply(state, LayAside())
    assert state.aside == before
    assert len(state.displays[0]) == 5
    assert game.current_player(state) == 1
    assert game.round_penalty(state) == 80 + 10 + 2 * 5


def test_rulebook_du_bist_dran_dies_kann_auch_er_selbst_sein() -> None:
    state = position([cards("DBD(1) N(0,1)"), cards("N(1,2)"), cards("N(1,3)")],
                     piles=[cards("N(1,1)")])  # fmt: skip
    state = apply(state, Play(card("DBD(1)"), 0, 0))
    assert game.current_player(state) == 0


def test_rulebook_richtungswechsel_bei_2_spielern_ohne_wirkung() -> None:
    state = position([cards("REV(0) N(0,1)"), cards("N(1,2)")], piles=[cards("N(0,2)")])
    state = apply(state, Play(card("REV(0)"), 0))
    assert (state.direction, game.current_player(state)) == (1, 1)


def test_rulebook_2_karten_nachziehen_mehr_als_4_karten() -> None:
    # "Dadurch kann dieser mehr als 4 bzw. 5 Karten in der Auslage haben."
    state = position([cards("P2(0) N(0,1) N(0,2)"), cards("N(1,2) N(1,3) N(1,4) N(1,5)"),
                      cards("N(2,2)")], piles=[cards("N(0,3)")])  # fmt: skip
    state = apply(state, Play(card("P2(0)"), 0))
    assert len(state.displays[1]) == 6


def test_rulebook_farbwechsel_auch_auf_weissem_hintergrund() -> None:
    # "kann somit auf jede beliebige Karte (auch mit weißem Hintergrund) gelegt werden"
    for top in ("FW(2,3)", "LOCK(1)", "N(4,4)", "REV(2)"):
        state = position([cards("FW(0,1)"), cards("N(4,5)")], piles=[cards(top)])
        assert Play(card("FW(0,1)"), 0) in legal_actions(state)


def test_rulebook_gesperrt_3_spielzuege_und_freigabe() -> None:
    # "Dieser Stapel ist für 3 Spielzüge gesperrt. ... kann auch freigegeben werden, indem
    # ein Spieler vorher seine Auslage zur Seite legt. ... wird mit der Farbe der
    # gesperrt-Karte weitergespielt."
    state = position([cards("LOCK(2) N(3,1)"), cards("N(3,2)"), cards("N(3,3)")],
                     piles=[cards("N(0,1)"), cards("N(3,4)")])  # fmt: skip
    state = apply(state, Play(card("LOCK(2)"), 0))
    assert (state.locked, state.lock_turns) == (0, 3)
    state = apply(state, LayAside())
    assert state.locked is None
    assert {c.colours for c in game.accepts(state, 0) if not c.is_white} == {(2,)}


def test_rulebook_nicht_beide_stapel_gleichzeitig_gesperrt() -> None:
    state = position([cards("LOCK(2) N(3,1)"), cards("LOCK(3) N(3,2)"), cards("N(3,3)")],
                     piles=[cards("N(0,1)"), cards("N(3,4)")])  # fmt: skip
    state = apply(state, Play(card("LOCK(2)"), 0))
    assert not any(isinstance(a, Play) and a.card.kind is Kind.LOCK for a in legal_actions(state))


def test_rulebook_wertung_und_gesamtsumme_nach_3_runden() -> None:
    # "alle Karten in dem Nachziehstapel und die offen in den Auslagen liegen jeweils 1
    # Minuspunkt und alle beiseite gelegten jeweils 2 Minuspunkte. Die Gesamtsumme nach 3
    # Runden ist das Ergebnis."
    state = game.new_game(4, seed=6)
    state = apply(state, LayAside())  # 4 aside, 4 drawn: 75 + 16 + 8
    state = apply(state, TimeUp())
    state = apply(state, TimeUp())
    assert not game.is_terminal(state)
    state = apply(state, TimeUp())
    assert state.penalties == (99, 95, 95)
    assert game.is_terminal(state)
    assert game.scores(state) == (-289,) * 4


def test_rulebook_spielende_karten_durchgespielt() -> None:
    # "Nachziehstapel leer und keine Karten mehr in den Auslage(n)"
    state = position([cards("N(0,2)"), cards("")], piles=[rest_under("N(0,1)", "N(0,2)")],
                     draw_pile=(), options=Options(rounds=1))  # fmt: skip
    state = apply(state, Play(card("N(0,2)"), 0))
    assert game.is_terminal(state)
    assert game.winners(state) == frozenset({0, 1})
