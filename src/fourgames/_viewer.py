"""Looking at a saved record: `fourgames replay FILE` in the terminal and `fourgames view FILE
--html OUT.html`, one self-contained page that steps through the game with card pictures.

A view is ``"all"`` (every card: the state) or a seat (that player's observation); in a seat's
view the moves are told only as far as that seat could tell them (`is_shown`).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Final, TextIO

import attrs

from fourgames._play import QUIT, Lines, told
from fourgames.errors import FormatError
from fourgames.pictures import ROW_HEIGHT, drawing
from fourgames.protocol import Game
from fourgames.records import Record, replay
from fourgames.registry import get_game
from fourgames.serialization import from_json

__all__ = ["ALL", "Replay", "html_page", "read_record", "run_replay", "view_of"]

ALL: Final = "all"
"""The view of every card."""


def read_record(path: Path) -> Record:
    """The record saved in ``path``; `FormatError` naming the file if it holds none."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as err:
        raise FormatError(f"cannot read {path}: {err.strerror}") from None
    record = from_json(text)
    if not isinstance(record, Record):
        raise FormatError(f"{path} holds a {type(record).__name__}, not a game record")
    return record


@attrs.frozen
class Replay:
    """A record's positions, and the words for each move as each view may see it."""

    game: Game[Any, Any]
    record: Record
    states: tuple[Any, ...]

    @classmethod
    def of(cls, record: Record) -> Replay:
        """Every position of ``record``, each action checked again (`IllegalActionError`)."""
        return cls(get_game(record.game), record, tuple(replay(record)))

    @property
    def views(self) -> tuple[str | int, ...]:
        """``"all"``, then every seat."""
        return (ALL, *range(self.record.players))

    def position(self, step: int, view: str | int) -> Any:
        """The state after ``step`` actions, or what seat ``view`` sees of it."""
        state = self.states[step]
        return state if view == ALL else self.game.observe(state, int(view))

    def caption(self, step: int, view: str | int) -> str:
        """``step 3 of 40: player 1: discard 3♥`` (the card hidden in the other seats' views)."""
        head = f"step {step} of {len(self.states) - 1}"
        if step == 0:
            return f"{head}: the deal"
        before = self.states[step - 1]
        action = self.record.actions[step - 1]
        if action in self.game.events(before):
            return f"{head}: {action} (no player's move)"
        mover = self.game.current_player(before)
        viewer = None if view in (ALL, mover) else int(view)
        who = "you" if mover == view else f"player {mover}"
        return f"{head}: {who}: {told(self.game, before, action, viewer, step - 1)}"

    def text(self, step: int, view: str | int) -> str:
        """The caption and the table, as text."""
        return f"{self.caption(step, view)}\n{self.game.render(self.position(step, view))}"


# --- In the terminal ----------------------------------------------------------------------------

HELP: Final = (
    "Enter or n: next · b: back · j N (or just N): jump to step N · v all / v P: every card "
    "or player P's view · q: quit"
)


def run_replay(replay_: Replay, view: str | int, out: TextIO, lines: Lines) -> None:
    """Step through ``replay_`` at the keyboard until ``q`` or the end of input."""
    step = 0
    last = len(replay_.states) - 1
    print(HELP, file=out)
    while True:
        print("\n" + replay_.text(step, view), file=out, flush=True)
        out.write(f"[{view}] n/b/j N/v VIEW/q: ")
        out.flush()
        try:
            text = (lines.next() or "").strip().lower()
        except EOFError:
            return
        word, _, rest = text.partition(" ")
        if word in QUIT:
            return
        if word in ("", "n", "next"):
            step = min(step + 1, last)
        elif word in ("b", "back"):
            step = max(step - 1, 0)
        elif word in ("j", "jump") or word.isdigit():
            target = rest if word in ("j", "jump") else word
            if target.strip().isdigit() and int(target) <= last:
                step = int(target)
            else:
                print(f"jump to a step from 0 to {last}", file=out)
        elif word in ("v", "view"):
            try:
                view = view_of(rest.strip(), replay_.views)
            except ValueError as err:
                print(err, file=out)
        else:
            print(HELP, file=out)


# --- One HTML page ------------------------------------------------------------------------------

_PAGE: Final = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<style>
body {{ font-family: system-ui, sans-serif; margin: 1.5rem; background: #fafafa; color: #212121; }}
nav {{ display: flex; gap: .5rem; align-items: center; flex-wrap: wrap; margin: .75rem 0; }}
button, select {{ font-size: 1rem; padding: .25rem .75rem; }}
input[type=range] {{ width: 20rem; }}
#caption {{ font-size: 1.1rem; margin: .5rem 0; min-height: 1.5rem; }}
</style>
</head>
<body>
<h1>{title}</h1>
<nav>
<button id="first" title="the deal (Home)">&#xAB; deal</button>
<button id="back" title="back (&#x2190;)">&#x25C0; back</button>
<button id="next" title="next (&#x2192;)">next &#x25B6;</button>
<button id="last" title="the end (End)">end &#xBB;</button>
<input id="jump" type="range" min="0" max="{last}" value="0" aria-label="jump to a step">
<span id="counter"></span>
<label>view <select id="view">{options}</select></label>
</nav>
<div id="caption"></div>
<div id="board"></div>
<svg width="0" height="0" style="position:absolute" aria-hidden="true"><defs>{cards}</defs></svg>
<script type="application/json" id="record">{data}</script>
<script>
"use strict";
const data = JSON.parse(document.getElementById("record").textContent);
const last = data.steps.length - 1;
const $ = (id) => document.getElementById(id);
let step = 0, view = 0;
function board() {{
  const [head, lines] = data.steps[step][view];
  const rows = lines.map((line, row) => data.lines[line]
    ? '<g transform="translate(0,' + data.row_height * row + ')">' + data.lines[line] + "</g>"
    : "");
  return data.heads[head] + rows.join("") + "</svg>";
}}
function show() {{
  $("board").innerHTML = board();
  $("caption").textContent = data.captions[step][view];
  $("counter").textContent = "step " + step + " of " + last;
  $("jump").value = step;
  $("view").value = String(view);
  $("back").disabled = $("first").disabled = step === 0;
  $("next").disabled = $("last").disabled = step === last;
  history.replaceState(null, "", "#step=" + step + "&view=" + data.views[view]);
}}
function go(to) {{ step = Math.max(0, Math.min(last, to)); show(); }}
$("first").onclick = () => go(0);
$("back").onclick = () => go(step - 1);
$("next").onclick = () => go(step + 1);
$("last").onclick = () => go(last);
$("jump").oninput = (event) => go(Number(event.target.value));
$("view").onchange = (event) => {{ view = Number(event.target.value); show(); }};
document.addEventListener("keydown", (event) => {{
  const keys = {{ArrowLeft: step - 1, ArrowRight: step + 1, Home: 0, End: last}};
  if (event.key in keys) {{ go(keys[event.key]); event.preventDefault(); }}
}});
const asked = new URLSearchParams(location.hash.slice(1));
view = Math.max(0, data.views.indexOf(asked.get("view") || "all"));
go(Number(asked.get("step")) || 0);
for (const name of (asked.get("press") || "").split(",").filter(Boolean)) {{
  if ($(name) && $(name).tagName === "BUTTON") $(name).click();
}}
</script>
</body>
</html>
"""


def html_page(replay_: Replay, views: Sequence[str | int] | None = None) -> str:
    """One HTML page, with no link out, that steps through ``replay_`` in ``views`` (default
    every view): buttons, arrow keys, a slider, a menu of the views; ``#step=N&view=V`` in the
    address opens a step, and ``&press=next,back`` presses buttons after loading.

    Each card is drawn once and each line of text kept once; a step is the indices of its
    lines, which the page's script joins as `fourgames.pictures.rows` does. The page holds
    only what its views show: a page of one seat's view carries no card hidden from it."""
    shown = replay_.views if views is None else tuple(views)
    steps = range(len(replay_.states))
    heads: dict[str, int] = {}
    lines: dict[str, int] = {}
    cards: dict[str, str] = {}
    boards = []
    for step in steps:
        row = []
        for view in shown:
            drawn = drawing(replay_.game, replay_.position(step, view))
            cards.update(drawn.cards)
            indices = [lines.setdefault(line, len(lines)) for line in drawn.lines]
            row.append((heads.setdefault(drawn.head, len(heads)), indices))
        boards.append(row)
    data = {
        "views": [str(view) for view in shown],
        "row_height": ROW_HEIGHT,
        "heads": list(heads),
        "lines": list(lines),
        "steps": boards,
        "captions": [[replay_.caption(s, v) for v in shown] for s in steps],
    }
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")
    options = "".join(
        f'<option value="{index}">{_view_name(view)}</option>' for index, view in enumerate(shown)
    )
    record = replay_.record
    title = f"{replay_.game.INFO.name}, {record.players} players, seed {record.seed}"
    return _PAGE.format(
        title=title,
        last=len(steps) - 1,
        options=options,
        cards="".join(cards[key] for key in sorted(cards)),
        data=text,
    )


def _view_name(view: str | int) -> str:
    return "every card" if view == ALL else f"player {view}"


def view_of(text: str, views: Sequence[str | int]) -> str | int:
    """The view named ``text`` (``all`` or a seat); `ValueError` listing the views."""
    if text == ALL:
        return ALL
    if text.isdigit() and int(text) in views:
        return int(text)
    raise ValueError(f"no view {text!r}; views: {', '.join(map(str, views))}")
