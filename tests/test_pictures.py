"""SVG pictures: every State and Observation of every game has one, valid XML, and an
observation's picture shows no hidden card."""

import io
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

import fourgames
from fourgames.__main__ import main
from fourgames.bots import play_game
from fourgames.pictures import svg

SVG = "{http://www.w3.org/2000/svg}"


def _cards(picture: str) -> list[str]:
    """The labels of the cards drawn in ``picture``, in the order they stand (parsing it as
    XML): each ``<use>`` names a card drawn once in the ``<defs>``."""
    root = ET.fromstring(picture)
    assert root.tag == f"{SVG}svg"
    defs = root.find(f"{SVG}defs")
    assert defs is not None
    labels = {group.get("id"): "".join(group.itertext()) for group in defs}
    assert all(group.get("class") == "card" for group in defs)
    return [labels[use.get("href", "")[1:]] for use in root.iter(f"{SVG}use")]


def _positions(game_id: str, players: int) -> list[Any]:
    """Some states of one game between random bots, from the deal to the end."""
    game = fourgames.get_game(game_id)
    states = list(fourgames.replay(play_game(game, players, seed=3)[1]))
    return [states[i] for i in sorted({0, 1, len(states) // 2, len(states) - 1})]


@pytest.mark.parametrize(
    ("game_id", "players"), [(g, 1 if g == "vier-jahreszeiten" else 2) for g in fourgames.GAMES]
)
def test_every_state_and_observation_has_a_valid_svg(game_id: str, players: int) -> None:
    game = fourgames.get_game(game_id)
    for state in _positions(game_id, players):
        drawn = _cards(state._repr_svg_())
        assert drawn, "a table always shows some card"
        for seat in range(players):
            observation = game.observe(state, seat)
            assert _cards(observation._repr_svg_()) == _cards(svg(game, observation))


@pytest.mark.parametrize("game_id", ["all-fours", "vier-felder"])
def test_an_observation_shows_no_other_hand(game_id: str) -> None:
    game = fourgames.get_game(game_id)
    state = game.new_game(3, seed=11)
    for seat in range(3):
        drawn = set(_cards(game.observe(state, seat)._repr_svg_()))
        assert {str(card) for card in state.hands[seat]} <= drawn
        for other in set(range(3)) - {seat}:
            assert not drawn & {str(card) for card in state.hands[other]}
    mover = game.current_player(state)
    assert {str(card) for card in state.hands[mover]} <= set(_cards(state._repr_svg_()))


def test_the_solitaire_stock_stays_hidden() -> None:
    game = fourgames.get_game("vier-jahreszeiten")
    state = game.new_game(1, seed=5)
    drawn = set(_cards(game.observe(state, 0)._repr_svg_()))
    assert not drawn & {str(card) for card in state.stock}
    assert len(drawn) == 52 - len(state.stock)


def test_colour_cards_of_4_and_a_half_minuten_are_coloured() -> None:
    game = fourgames.get_game("viereinhalb-minuten")
    picture = game.new_game(3, seed=1)._repr_svg_()
    root = ET.fromstring(picture)
    fills = {rect.get("fill") for rect in root.iter(f"{SVG}rect")}
    assert len(fills) >= 4  # the felt and at least three of the five colours
    assert "N(0,1)" in _cards(picture)


def test_show_svg_writes_the_picture() -> None:
    out = io.StringIO()
    assert main(["show", "all-fours", "--seed", "1", "--svg"], out=out) == 0
    cards = _cards(out.getvalue())
    game = fourgames.get_game("all-fours")
    assert cards == _cards(game.new_game(2, seed=1)._repr_svg_())


def test_the_docs_pictures_are_current() -> None:
    root = Path(__file__).resolve().parent.parent
    done = subprocess.run(
        [sys.executable, str(root / "examples" / "table_pictures.py"), "--check"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout
    for game_id in fourgames.GAMES:
        page = (root / "docs" / "games" / f"{game_id}.md").read_text(encoding="utf-8")
        assert f"](pictures/{game_id}.svg)" in page
