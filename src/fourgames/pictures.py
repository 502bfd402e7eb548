"""Pictures of a table: SVG for notebooks (``_repr_svg_``) and for `fourgames show --svg`.

The picture is the game's own text `render`, laid out in a monospaced grid, with every card
named in it drawn as a card. It is drawn from what ``render`` shows and nothing else, so the
picture of an observation shows no card the observation hides.

>>> from fourgames import get_game
>>> game = get_game("all-fours")
>>> picture = svg(game, game.observe(game.new_game(2, seed=1), 1))
>>> picture.startswith("<svg"), "card" in picture
(True, True)
"""

from __future__ import annotations

import re
from typing import Any, Final
from xml.sax.saxutils import escape

from fourgames import cards
from fourgames.errors import FormatError
from fourgames.protocol import Game
from fourgames.registry import get_game, tag_of

__all__ = ["repr_svg", "svg"]

_COLUMN: Final = 8.4
"""Width of one character of the 14 px monospaced text."""
_LINE: Final = 26
"""Height of one line: a card and some space."""
_MARGIN: Final = 12
_RED_SUITS: Final = ("♥", "♦")
_COLOURS: Final = ("#c62828", "#f9a825", "#2e7d32", "#1565c0", "#6a1b9a")
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


def _card_style(card: Any, label: str) -> tuple[str, str]:
    """The fill of the card and the colour of its label."""
    colour = getattr(card, "colour", None)
    if isinstance(colour, int) and not isinstance(colour, bool) and 0 <= colour < len(_COLOURS):
        return _COLOURS[colour], "#ffffff"
    return "#ffffff", "#c62828" if label.endswith(_RED_SUITS) else "#111111"


def svg(game: Game[Any, Any], position: Any) -> str:
    """The SVG picture of ``position``, a state (all of it) or an observation (a player's
    view), from ``game.render(position)``."""
    reader = _card_reader(game)
    lines = game.render(position).splitlines()
    width = _MARGIN * 2 + _COLUMN * max((len(line) for line in lines), default=1)
    height = _MARGIN * 2 + _LINE * len(lines)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height}" '
        f'viewBox="0 0 {width:.0f} {height}" font-family="monospace" font-size="14">',
        f"<title>{escape(game.INFO.name)}</title>",
        '<rect width="100%" height="100%" fill="#1b5e20" rx="8"/>',
    ]
    for row, line in enumerate(lines):
        baseline = _MARGIN + _LINE * row + 18
        written = 0
        for match in _WORD.finditer(line):
            card = _card_of(reader, match[0])
            if card is not None:
                parts.append(_text(line[written : match.start()], written, baseline))
                parts.append(_card(card, match[0], match.start(), baseline))
                written = match.end()
        parts.append(_text(line[written:], written, baseline))
    parts.append("</svg>")
    return "\n".join(part for part in parts if part)


def _text(text: str, column: int, baseline: int) -> str:
    """A run of plain text at ``column`` of the line, or nothing for blanks."""
    if not text.strip():
        return ""
    x = _MARGIN + _COLUMN * column
    return (
        f'<text x="{x:.1f}" y="{baseline}" fill="#f1f8e9" xml:space="preserve" '
        f'style="white-space:pre">{escape(text)}</text>'
    )


def _card(card: Any, label: str, column: int, baseline: int) -> str:
    """A card drawn where its name stands in the line."""
    x = _MARGIN + _COLUMN * column
    fill, ink = _card_style(card, label)
    return (
        f'<g class="card"><rect x="{x - 3:.1f}" y="{baseline - 16}" '
        f'width="{_COLUMN * len(label) + 6:.1f}" height="22" rx="3" fill="{fill}" '
        f'stroke="#eceff1" stroke-width="1.5"/><text x="{x:.1f}" y="{baseline}" fill="{ink}" '
        f'font-weight="bold">{escape(label)}</text></g>'
    )


def repr_svg(position: Any) -> str:
    """``_repr_svg_`` of every game's State and Observation: Jupyter shows the picture."""
    found = tag_of(type(position))
    if found is None:
        raise TypeError(f"{type(position).__name__} belongs to no registered game")
    return svg(get_game(found[0]), position)
