"""Pictures of a table: SVG for notebooks (``_repr_svg_``) and for `fourgames show --svg`.

The picture is the game's own text `render`, laid out in a monospaced grid, with every card
named in it drawn as a card: each card drawn once in the picture's ``<defs>`` and placed with
``<use>``. It is drawn from what ``render`` shows and nothing else, so the picture of an
observation shows no card the observation hides.

>>> from fourgames import get_game
>>> game = get_game("all-fours")
>>> picture = svg(game, game.observe(game.new_game(2, seed=1), 1))
>>> picture.startswith("<svg"), 'class="card"' in picture
(True, True)
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterator, Sequence
from typing import Any, Final
from xml.sax.saxutils import escape

import attrs

from fourgames import cards
from fourgames.errors import FormatError
from fourgames.protocol import Game
from fourgames.registry import get_game, tag_of

__all__ = [
    "COLOURS",
    "ROW_HEIGHT",
    "WHITE",
    "Drawing",
    "card_style",
    "cards_in",
    "drawing",
    "repr_svg",
    "rows",
    "svg",
]

_COLUMN: Final = 8.4
"""Width of one character of the 14 px monospaced text."""
ROW_HEIGHT: Final = 26
"""Height of one line: a card and some space."""
_MARGIN: Final = 12
_BASELINE: Final = _MARGIN + 18
"""The baseline of the text in the top row."""
_TOP: Final = _BASELINE - 16
"""The top of a card in the top row."""
_CARD_HEIGHT: Final = 22
_RED_SUITS: Final = ("♥", "♦")
WHITE: Final = "#ffffff"
COLOURS: Final = ("#c62828", "#f9a825", "#2e7d32", "#1565c0", "#6a1b9a")
"""The five abstract colours of 4½ Minuten's cards, 0 to 4."""
_WORD: Final = re.compile(r"\w+\([\w,]*\)|[^\s,;]+")
"""A word of the text: a card in 4½ Minuten's notation (``N(0,1)``) or anything up to a space
or a comma."""


def _card_reader(game: Game[Any, Any]) -> Any:
    return getattr(game, "Card", cards.Card)


def _card_of(reader: Any, word: str) -> Any:
    """The card ``word`` names, or None (a word that is not a card, a field name)."""
    try:
        card = reader.parse(word)
    except (FormatError, ValueError, KeyError):
        return None
    return card if str(card) == word else None


def card_style(card: Any, label: str) -> tuple[str, str]:
    """The fill of a card and the colour of its label: a 4½ Minuten card in its colour, any
    other card white with a red or black label."""
    colour = getattr(card, "colour", None)
    if isinstance(colour, int) and not isinstance(colour, bool) and 0 <= colour < len(COLOURS):
        return COLOURS[colour], WHITE
    return WHITE, "#c62828" if label.endswith(_RED_SUITS) else "#111111"


def cards_in(game: Game[Any, Any], text: str) -> Iterator[tuple[re.Match[str], Any]]:
    """The words of ``text`` that name cards of ``game``, each with its card (``match[0]``
    is the card's name)."""
    reader = _card_reader(game)
    for match in _WORD.finditer(text):
        card = _card_of(reader, match[0])
        if card is not None:
            yield match, card


@attrs.frozen
class Drawing:
    """A picture in parts that pictures can share: ``head`` (the ``<svg>`` tag, the title
    and the felt), each line of the table drawn in the top row with its cards drawn by
    reference (``<use href="#id">``), and those ``cards``' own drawings by id.

    An HTML page of many pictures (`fourgames view --html`) keeps each line and each card
    once and joins them as `rows` does."""

    head: str
    lines: tuple[str, ...]
    cards: dict[str, str]

    def svg(self) -> str:
        """The whole picture, the drawings of its cards in its ``<defs>``."""
        defs = "<defs>" + "".join(self.cards.values()) + "</defs>"
        return f"{self.head}{defs}{rows(self.lines)}</svg>"


def rows(lines: Sequence[str]) -> str:
    """``lines`` moved down to their rows (a blank line draws nothing)."""
    return "".join(
        f'<g transform="translate(0,{ROW_HEIGHT * row})">{line}</g>'
        for row, line in enumerate(lines)
        if line
    )


def drawing(game: Game[Any, Any], position: Any) -> Drawing:
    """The `Drawing` of ``position``, a state (all of it) or an observation (a player's
    view), from ``game.render(position)``."""
    lines = game.render(position).splitlines()
    width = _MARGIN * 2 + _COLUMN * max((len(line) for line in lines), default=1)
    height = _MARGIN * 2 + ROW_HEIGHT * len(lines)
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height}" '
        f'viewBox="0 0 {width:.0f} {height}" font-family="monospace" font-size="14" '
        'fill="#f1f8e9" style="white-space:pre">'
        f"<title>{escape(game.INFO.name)}</title>"
        '<rect width="100%" height="100%" fill="#1b5e20" rx="8"/>'
    )
    drawn: list[str] = []
    cards: dict[str, str] = {}
    for line in lines:
        parts = []
        written = 0
        for match, card in cards_in(game, line):
            key, body = _card(card, match[0])
            cards[key] = body
            parts.append(_text(line[written : match.start()], written))
            parts.append(f'<use href="#{key}" x="{_x(match.start()) - 3:.1f}" y="{_TOP}"/>')
            written = match.end()
        parts.append(_text(line[written:], written))
        drawn.append("".join(parts))
    return Drawing(head, tuple(drawn), dict(sorted(cards.items())))


def svg(game: Game[Any, Any], position: Any) -> str:
    """The SVG picture of ``position``, a state (all of it) or an observation (a player's
    view), from ``game.render(position)``."""
    return drawing(game, position).svg()


def _x(column: int) -> float:
    return _MARGIN + _COLUMN * column


def _text(text: str, column: int) -> str:
    """A run of plain text at ``column`` of the top row, its spaces kept, or nothing for
    blanks (its colour is the picture's)."""
    if not text.strip():
        return ""
    return f'<text x="{_x(column):.1f}" y="{_BASELINE}" xml:space="preserve">{escape(text)}</text>'


def _card(card: Any, label: str) -> tuple[str, str]:
    """The id and the drawing of a card named ``label``, at the origin; the id is made from
    the drawing, so two pictures that share an id share the card."""
    fill, ink = card_style(card, label)
    body = (
        f'<rect width="{_COLUMN * len(label) + 6:.1f}" height="{_CARD_HEIGHT}" rx="3" '
        f'fill="{fill}" stroke="#eceff1" stroke-width="1.5"/><text x="3" '
        f'y="{_BASELINE - _TOP}" fill="{ink}" font-weight="bold">{escape(label)}</text>'
    )
    key = "card-" + hashlib.sha1(body.encode(), usedforsecurity=False).hexdigest()[:10]
    return key, f'<g id="{key}" class="card">{body}</g>'


def repr_svg(position: Any) -> str:
    """``_repr_svg_`` of every game's State and Observation: Jupyter shows the picture."""
    found = tag_of(type(position))
    if found is None:
        raise TypeError(f"{type(position).__name__} belongs to no registered game")
    return svg(get_game(found[0]), position)
