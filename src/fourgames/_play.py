"""Playing at the terminal: one human seat against bots, with 4½ Minuten's clock running.

The human sees their own observation only, and the bots' moves only as far as that
observation tells them (a card discarded face down stays hidden). Typed lines arrive on a
thread, so the clock can run out while the human thinks; `TimeUp` is then applied.
"""

from __future__ import annotations

import importlib
import io
import queue
import random
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Final, TextIO

import attrs

from fourgames.bots import Bot, get_bot
from fourgames.errors import IllegalActionError
from fourgames.pictures import WHITE, card_style, cards_in
from fourgames.protocol import Game
from fourgames.records import Record, record_to_json, start_record
from fourgames.shuffle import derive_seed

__all__ = ["AsciiText", "Clock", "Lines", "Table", "needs_ascii", "rich_console", "to_ascii"]

# --- Output ----------------------------------------------------------------------------------

_ASCII: Final = str.maketrans(
    {
        "♣": "C",
        "♦": "D",
        "♥": "H",
        "♠": "S",
        "·": "|",
        "—": "-",
        "–": "-",
        "½": " 1/2",
        "…": "...",
        "×": "x",
        "→": "->",
        "←": "<-",
        "’": "'",
        "“": '"',
        "”": '"',
    }
)


def to_ascii(text: str) -> str:
    """``text`` in ASCII: suits as letters (``10♥`` is ``10H``, which `find_action` reads
    back), dashes and dots plain, anything else as ``?``."""
    return text.translate(_ASCII).encode("ascii", "replace").decode("ascii")


def needs_ascii(stream: TextIO) -> bool:
    """Whether ``stream``'s encoding cannot write the suits ♣♦♥♠ (cp1252, ASCII)."""
    encoding = getattr(stream, "encoding", None)
    if not isinstance(encoding, str):
        return False
    try:
        "♣♦♥♠½·—".encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return True
    return False


class AsciiText(io.TextIOBase):
    """A text stream that writes through `to_ascii` to another one."""

    def __init__(self, target: TextIO) -> None:
        self._target = target

    def write(self, text: str) -> int:
        self._target.write(to_ascii(text))
        return len(text)

    def flush(self) -> None:
        self._target.flush()

    def isatty(self) -> bool:
        return self._target.isatty()


# --- Input -----------------------------------------------------------------------------------


class Lines:
    """The lines the human types, read on a thread so that waiting can time out."""

    def __init__(self, stream: TextIO) -> None:
        self._lines: queue.Queue[str | None] = queue.Queue()
        self._stream = stream
        self._reader: threading.Thread | None = None

    def _read(self) -> None:
        for line in self._stream:
            self._lines.put(line.rstrip("\r\n"))
        self._lines.put(None)

    def next(self, timeout: float | None = None) -> str | None:
        """The next line, or None if ``timeout`` seconds pass first; `EOFError` at the end."""
        if self._reader is None:
            self._reader = threading.Thread(target=self._read, daemon=True)
            self._reader.start()
        try:
            line = self._lines.get(timeout=timeout)
        except queue.Empty:
            return None
        if line is None:
            self._lines.put(None)
            raise EOFError
        return line


# --- The clock of a timed game (4½ Minuten §8) -----------------------------------------------


@attrs.define
class Clock:
    """A round clock: ``Options.time_limit_s`` seconds from the first look at each round.

    A game is timed when its options have ``timed`` and ``time_limit_s`` and it lists the
    `TimeUp` event; the round is told by the number of scored rounds (``penalties``).
    """

    now: Callable[[], float]
    round: int = -1
    deadline: float = 0.0

    def left(self, game: Game[Any, Any], state: Any) -> float | None:
        """Seconds left in the running round, or None when no clock runs."""
        limit = getattr(state.options, "time_limit_s", None)
        if not getattr(state.options, "timed", False) or limit is None:
            return None
        if not game.events(state):
            return None
        played = len(state.penalties)
        if played != self.round:
            self.round = played
            self.deadline = self.now() + limit
        return max(0.0, self.deadline - self.now())


def clock_text(seconds: float) -> str:
    """``4:30`` for 270 seconds (rounded up, so 0:00 means time is up)."""
    whole = int(-(-seconds // 1))
    return f"{whole // 60}:{whole % 60:02d}"


def call_out(left: float) -> int:
    """The next time left to call out: the last whole minute, 30 or 10 seconds, or 0.

    >>> call_out(270), call_out(60), call_out(45), call_out(12), call_out(4)
    (240, 30, 30, 10, 0)
    """
    if left > 60:
        return int(-(-left // 60) - 1) * 60
    return next((mark for mark in (30, 10) if mark < left), 0)


def _time_left(left: float | None) -> str:
    """``[4:29 left] ``, or nothing when no clock runs."""
    return "" if left is None else f"[{clock_text(left)} left] "


_SAVE_CURSOR: Final = "\x1b7"
_RESTORE_CURSOR: Final = "\x1b8"


# --- Words for moves and results ---------------------------------------------------------------

_WORLDS: Final = 4
"""Hidden deals drawn to decide whether the human could tell which move a bot made."""

SCORE_UNITS: Final = {
    "vier-jahreszeiten": "cards on the foundations",
    "viereinhalb-minuten": "minus points",
}
"""What a game's score counts, where it is not points."""


def _unit(game: Game[Any, Any]) -> str:
    return SCORE_UNITS.get(game.GAME_ID, "points")


def is_shown(
    game: Game[Any, Any], state: Any, action: Any, viewer: int, rng: random.Random
) -> bool:
    """Whether ``viewer``'s next observation tells that ``action`` was made: no other action,
    in this deal or in one of a few deals the viewer cannot tell from it, looks the same."""
    if game.INFO.perfect_information:
        return True
    before = game.observe(state, viewer)
    after = game.observe(game.apply(state, action), viewer)
    worlds = [state, *(game.sample_state(before, rng) for _ in range(_WORLDS))]
    return not any(
        other != action and game.observe(game.apply_unchecked(world, other), viewer) == after
        for world in worlds
        for other in game.legal_actions(world)
    )


def told(game: Game[Any, Any], state: Any, action: Any, viewer: int | None, ply: int) -> str:
    """``action`` as seat ``viewer`` may know it (None: every card shown): its text, or its
    kind when it moves a card hidden from the viewer (``discard (a card hidden from you)``).
    ``ply`` counts the actions before it and seeds the deals `is_shown` draws."""
    rng = random.Random(derive_seed(state.seed, "view", ply))
    if viewer is None or is_shown(game, state, action, viewer, rng):
        return str(action)
    return f"{type(action).TAG} (a card hidden from you)"


def name_of(player: int, seat: int) -> str:
    """``you`` or ``player 2``."""
    return "you" if player == seat else f"player {player}"


def scores_text(game: Game[Any, Any], state: Any, seat: int) -> str:
    """The scores in words: ``you 3, player 1 5`` or, for a team or a solitaire, one number."""
    scores = game.scores(state)
    if game.INFO.cooperative or len(scores) == 1:
        return f"{abs(scores[seat])} {_unit(game)}"
    return ", ".join(f"{name_of(p, seat)} {score}" for p, score in enumerate(scores))


def summary(game: Game[Any, Any], state: Any, seat: int) -> str:
    """The result of a finished game in words: ``you win 7–5``, ``player 1 wins 7–5``, ``no
    move left: lost with 16 cards on the foundations``, ``the team wins with 12 minus points``."""
    scores = game.scores(state)
    winners = game.winners(state)
    if len(scores) == 1:
        if winners:
            return f"won: {scores[0]} {_unit(game)}"
        return f"no move left: lost with {scores[0]} {_unit(game)}"
    if game.INFO.cooperative:
        result = "wins" if winners else "loses"
        return f"the team {result} with {scores_text(game, state, seat)}"
    if not winners:
        return f"nobody wins: {scores_text(game, state, seat)}"
    best = max(scores[p] for p in winners)
    rest = [scores[p] for p in range(len(scores)) if p not in winners]
    score = f"{best}–{max(rest)}" if rest else str(best)
    if seat in winners:
        partners = "".join(f" and player {p}" for p in sorted(winners) if p != seat)
        return f"you{partners} win {score}"
    names = " and ".join(f"player {p}" for p in sorted(winners))
    return f"{names} {'win' if len(winners) > 1 else 'wins'} {score}"


# --- The table ---------------------------------------------------------------------------------

QUIT: Final = ("q", "quit", "exit")
HELP: Final = (
    "type an action's number or its text (a unique start is enough: `play 5c`), "
    "`hint` for a bot's advice, `undo` to take your last move back, `q` to quit"
)


@attrs.define
class Table:
    """One game at the terminal: the human in ``seat``, a bot in every other seat."""

    game: Game[Any, Any]
    state: Any
    seat: int
    bots: Sequence[Bot]
    out: TextIO
    lines: Lines
    clock: Clock
    console: Any = None
    """A ``rich.console.Console`` on ``out`` for a panelled, coloured table (extra ``cli``)."""
    record: Record = attrs.field(init=False)
    undo: list[tuple[Any, Record]] = attrs.Factory(list)
    """The position and record at each of the human's earlier decisions."""
    rngs: list[random.Random] = attrs.field(init=False)

    def __attrs_post_init__(self) -> None:
        self.record = start_record(self.game, self.state)
        players = len(self.bots)
        self.rngs = [random.Random(derive_seed(self.state.seed, "bot", p)) for p in range(players)]

    def say(self, text: str) -> None:
        print(text, file=self.out, flush=True)

    def play(self) -> None:
        """Play to the end of the game, or until the human quits; `EOFError` ends it too."""
        game = self.game
        self.say(
            f"{game.INFO.name}, seed {self.state.seed}; you are player {self.seat}. "
            "Type help for help, q to quit."
        )
        while (mover := game.current_player(self.state)) is not None:
            left = self.clock.left(game, self.state)
            if left == 0.0:
                self.say("time is up!")
                self._apply(game.events(self.state)[0])
                continue
            legal = game.legal_actions(self.state)
            if mover != self.seat:
                observation = game.observe(self.state, mover)
                self._apply(self.bots[mover].choose(observation, legal, self.rngs[mover]), mover)
            elif len(legal) == 1:
                self.say(f"you: {legal[0]} (your only move)")
                self._apply(legal[0])
            elif not self._turn(legal, left):
                return
        self._show_table()
        self.say(f"game over: {summary(game, self.state, self.seat)}")

    def _show_table(self) -> None:
        """The human's view of the table: in a rich panel (cards in colour) when `console` is
        set, else as the game's text."""
        text = self.game.render(self.game.observe(self.state, self.seat))
        if self.console is None:
            self.say("\n" + text)
            return
        panels: Any = importlib.import_module("rich.panel")  # the extra cli, as the console
        title = f"{self.game.INFO.name} · you are player {self.seat}"
        self.console.print(panels.Panel(coloured(self.game, text), title=title, expand=False))

    def _apply(self, action: Any, mover: int | None = None) -> None:
        """Apply ``action``, say it as the human may see it, and say new scores."""
        game = self.game
        before = game.scores(self.state)
        if mover is not None:
            words = told(game, self.state, action, self.seat, len(self.record.actions))
            self.say(f"player {mover}: {words}")
        self.state = game.apply(self.state, action)
        self.record = self.record.append(action)
        if game.scores(self.state) != before and not game.is_terminal(self.state):
            self.say(f"score: {scores_text(game, self.state, self.seat)}")

    def _turn(self, legal: Sequence[Any], left: float | None) -> bool:
        """The human's turn: False if they quit."""
        game = self.game
        self._show_table()
        self.say(_menu(legal))
        prompt = f"your move (1-{len(legal)}, its text, hint, undo, q): "
        while True:
            text = self._wait(prompt, left)
            if text is None or self.clock.left(game, self.state) == 0.0:
                self.say("")
                return True  # the clock ran out: the loop applies TimeUp
            text = text.strip()
            if text.lower() in QUIT:
                return False
            action = self._command(text, legal)
            if action is not None:
                self.undo.append((self.state, self.record))
                self.say(f"you: {action}")
                self._apply(action)
                return True
            if text.lower() == "undo":
                return True  # back at an earlier move: show the table again
            left = self.clock.left(game, self.state)

    def _wait(self, prompt: str, left: float | None) -> str | None:
        """The human's next line, or None when the clock runs out first. While it runs, the
        time left stands at the start of the prompt: on a rich console it ticks there every
        second; in plain text it is called out at each whole minute and at 30 and 10
        seconds, on a new line."""
        if left is not None and self.console is not None:
            return self._wait_ticking(prompt, left)
        while True:
            self.out.write(_time_left(left) + prompt)
            self.out.flush()
            if left is None:
                return self.lines.next()
            mark = call_out(left)
            text = self.lines.next(left - mark)
            if text is not None or mark == 0:
                return text
            self.say("")
            left = self.clock.left(self.game, self.state) or 0.0

    def _wait_ticking(self, prompt: str, left: float) -> str | None:
        """`_wait` on a rich console: a thread redraws the time left in place each second
        (the cursor saved and restored around it, so what the human types stays put)."""
        width = self._draw_clock(left)
        self.out.write(prompt)
        self.out.flush()
        answered = threading.Event()
        ticker = threading.Thread(target=self._tick, args=(answered, width), daemon=True)
        ticker.start()
        try:
            return self.lines.next(left)
        finally:
            answered.set()
            ticker.join()

    def _tick(self, answered: threading.Event, width: int) -> None:
        """Redraw the time left at the start of the prompt line at each change of its second,
        until ``answered``."""
        left = self.clock.left(self.game, self.state) or 0.0
        while not answered.wait(left % 1 or 1.0):
            left = self.clock.left(self.game, self.state) or 0.0
            self.out.write(_SAVE_CURSOR + "\r")
            self._draw_clock(left, width)
            self.out.write(_RESTORE_CURSOR)
            self.out.flush()

    def _draw_clock(self, left: float, width: int = 0) -> int:
        """Write ``[4:29 left] `` on the console, at least ``width`` characters wide and red in
        the last 30 seconds; return its width."""
        texts: Any = importlib.import_module("rich.text")
        shown = _time_left(left).ljust(width)
        self.console.print(texts.Text(shown, "bold red" if left <= 30 else "bold"), end="")
        return len(shown)

    def _command(self, text: str, legal: Sequence[Any]) -> Any:
        """The action ``text`` names, or None after answering ``hint``, ``undo``, ``help`` or
        a line that names no legal action."""
        word = text.lower()
        if word == "help":
            self.say(HELP)
        elif word == "hint":
            self._hint(legal)
        elif word == "undo":
            self._undo()
        elif text.isdigit():
            if 1 <= int(text) <= len(legal):
                return legal[int(text) - 1]
            self.say(f"no move {text}: the moves are numbered 1 to {len(legal)}")
        elif text:
            try:
                return self.game.find_action(self.state, text)
            except IllegalActionError as err:
                self.say(err.message)
        return None

    def _hint(self, legal: Sequence[Any]) -> None:
        try:
            bot = get_bot("heuristic", self.game)
        except ValueError:
            bot = get_bot("random", self.game)
        observation = self.game.observe(self.state, self.seat)
        rng = random.Random(derive_seed(self.state.seed, "hint", len(self.record.actions)))
        self.say(f"hint: {bot.choose(observation, tuple(legal), rng)}")

    def _undo(self) -> None:
        if self.clock.left(self.game, self.state) is not None:
            self.say("no undo while the clock runs")
        elif not self.undo:
            self.say("nothing to undo yet")
        else:
            self.state, self.record = self.undo.pop()
            self.say(f"undone: back to your move {len(self.undo) + 1}")

    def save(self, path: Path) -> None:
        """Write the game so far as a JSON record."""
        path.write_text(record_to_json(self.record, indent=1) + "\n", encoding="utf-8")
        self.say(f"record saved to {path}")


def coloured(game: Game[Any, Any], text: str) -> Any:
    """``text`` as a rich ``Text``: red suits in red, black suits in bold, and each coloured
    card of 4½ Minuten on its colour, as in its picture (`fourgames.pictures.card_style`)."""
    texts: Any = importlib.import_module("rich.text")  # the extra cli, as the console
    picture = texts.Text(text)
    picture.highlight_regex(r"\S*[♥♦]", "bold red")
    picture.highlight_regex(r"\S*[♣♠]", "bold")
    for match, card in cards_in(game, text):
        fill, ink = card_style(card, match[0])
        if fill != WHITE:
            picture.stylize(f"bold {ink} on {fill}", match.start(), match.end())
    return picture


def rich_console(out: TextIO) -> Any:
    """A ``rich`` console on ``out`` if rich is installed (extra ``cli``) and ``out`` is a
    terminal, else None: the plain text then."""
    if not out.isatty():
        return None
    try:
        console: Any = importlib.import_module("rich.console")
    except ImportError:
        return None
    return console.Console(file=out, highlight=False)


def _menu(legal: Sequence[Any], width: int = 100) -> str:
    """The legal moves numbered, in as many columns as fit ``width``."""
    items = [f"{number:>3}. {action}" for number, action in enumerate(legal, start=1)]
    cell = max(map(len, items)) + 2
    columns = max(1, width // cell)
    rows = -(-len(items) // columns)
    return "\n".join(
        "".join(
            items[row + rows * col].ljust(cell)
            for col in range(columns)
            if row + rows * col < len(items)
        ).rstrip()
        for row in range(rows)
    )
