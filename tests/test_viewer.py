"""Saved records looked at: `fourgames replay` over stdin, and `fourgames view --html` in a
real headless Chromium (skipped without one, except under CI, which installs it)."""

import html
import io
import json
import os
import re
import shutil
import struct
import subprocess
import zlib
from pathlib import Path
from typing import Final
from xml.etree import ElementTree as ET

import pytest

import fourgames
from fourgames.__main__ import _parser, _play, _replay, main
from fourgames._viewer import ALL, Replay
from fourgames.pictures import drawing, svg

SVG = "{http://www.w3.org/2000/svg}"

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
needs_chromium = pytest.mark.skipif(
    CHROMIUM is None and not os.environ.get("CI"), reason="no chromium here (CI installs it)"
)


@pytest.fixture(scope="module")
def record_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An All Fours game in which the dealer runs the cards and discards three face down."""
    path = tmp_path_factory.mktemp("records") / "all-fours.json"
    args = ["play", "all-fours", "--seed", "1", "--bot", "1=heuristic", "--record", str(path)]
    _play(_parser().parse_args(args), io.StringIO(), io.StringIO("beg\n" + "1\n" * 40))
    return path


def _discard_steps(path: Path) -> list[tuple[int, str]]:
    """The steps at which player 1 discards, with the card."""
    record = fourgames.from_json(path.read_text())
    game = fourgames.get_game("all-fours")
    states = list(fourgames.replay(record))
    return [
        (step, str(action.card))
        for step, action in enumerate(record.actions, start=1)
        if type(action).TAG == "discard" and game.current_player(states[step - 1]) == 1
    ]


def _replay_text(path: Path, *argv: str, answers: str) -> str:
    out = io.StringIO()
    args = _parser().parse_args(["replay", str(path), *argv])
    assert _replay(args, out, io.StringIO(answers)) == 0
    return out.getvalue()


def test_replay_steps_next_back_and_jumps(record_path: Path) -> None:
    step, card = _discard_steps(record_path)[0]
    text = _replay_text(record_path, answers=f"n\n\nb\nj {step}\nv 0\nv 9\nj 999\nq\n")
    captions = re.findall(r"^step (\d+) of \d+: (.*)$", text, re.M)
    assert [int(number) for number, _ in captions] == [0, 1, 2, 1, step, step, step, step]
    assert captions[0][1] == "the deal"
    assert captions[4][1] == f"player 1: discard {card}"  # every card shown
    assert captions[5][1] == "player 1: discard (a card hidden from you)"  # player 0's view
    assert "no view '9'; views: all, 0, 1" in text
    assert "jump to a step from 0 to" in text


def test_replay_in_a_seats_view_shows_that_seat_only(record_path: Path) -> None:
    text = _replay_text(record_path, "--view", "1", answers="")
    assert "Hand of P1 (you)" in text
    assert "Hand of P0" not in text
    assert main(["replay", str(record_path), "--view", "5"], out=io.StringIO()) == 2


def test_replay_refuses_a_file_that_is_no_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    state = tmp_path / "state.json"
    state.write_text(fourgames.to_json(fourgames.get_game("all-fours").new_game(2, seed=1)))
    assert main(["replay", str(state)], out=io.StringIO()) == 2
    assert "holds a State, not a game record" in capsys.readouterr().err
    assert main(["view", str(tmp_path / "none.json"), "--html", "x.html"]) == 2
    assert "cannot read" in capsys.readouterr().err


def test_a_tampered_record_is_refused_at_its_ply(
    record_path: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = json.loads(record_path.read_text())
    data["actions"][0] = {"type": "give"}  # eldest must stand or beg first
    tampered = tmp_path / "tampered.json"
    tampered.write_text(json.dumps(data))
    assert main(["view", str(tampered), "--html", str(tmp_path / "x.html")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("fourgames: error: ply 1: ")
    assert not (tmp_path / "x.html").exists()


def test_the_page_is_self_contained(record_path: Path, tmp_path: Path) -> None:
    page = tmp_path / "game.html"
    out = io.StringIO()
    assert main(["view", str(record_path), "--html", str(page)], out=out) == 0
    steps = len(fourgames.from_json(record_path.read_text()).actions)
    assert out.getvalue() == f"wrote {page}: {steps} steps, 3 views\n"
    html = page.read_text()
    links = set(re.findall(r"""(?:src|href)\s*=\s*\\?["']?([^"'\\ >]+)""", html))
    assert links
    assert all(link.startswith("#") for link in links)  # the page's own card drawings
    assert {link[1:] for link in links} <= set(re.findall(r'<g id="([^"]+)"', html))
    assert set(re.findall(r"https?://[^\"\\]+", html)) == {
        "http://www.w3.org/2000/svg"
    }  # a namespace


# --- In headless Chromium ---------------------------------------------------------------------


def _chromium(tmp_path: Path, url: str, *flags: str) -> str:
    assert CHROMIUM is not None, "CI must have chromium"
    done = subprocess.run(
        [
            CHROMIUM,
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
            f"--user-data-dir={tmp_path / 'profile'}",
            *flags,
            url,
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    return done.stdout


def _page(record_path: Path, tmp_path: Path) -> Path:
    page = tmp_path / "game.html"
    assert main(["view", str(record_path), "--html", str(page)], out=io.StringIO()) == 0
    return page


def _shown(dom: str, element: str) -> str:
    found = re.search(rf'id="{element}"[^>]*>([^<]*)<', dom)
    assert found is not None, element
    return found[1]


@needs_chromium
def test_chromium_steps_through_the_page(record_path: Path, tmp_path: Path) -> None:
    page = _page(record_path, tmp_path)
    step, card = _discard_steps(record_path)[0]
    start = step - 2
    url = f"{page.as_uri()}#step={start}&view=0&press=next,next,back,next"
    dom = _chromium(tmp_path, url, "--dump-dom")
    last = len(fourgames.from_json(record_path.read_text()).actions)
    assert _shown(dom, "counter") == f"step {step} of {last}"
    assert (
        _shown(dom, "caption")
        == f"step {step} of {last}: player 1: discard (a card hidden from you)"
    )
    start_board = dom.index('id="board"')
    board = dom[start_board : dom.index("</div>", start_board)]
    assert "<svg" in board
    assert f">{card}<" not in board  # player 0 never sees the discarded card
    every = _chromium(tmp_path, f"{page.as_uri()}#step={step}&view=all", "--dump-dom")
    assert _shown(every, "caption") == f"step {step} of {last}: player 1: discard {card}"
    end = _chromium(tmp_path, f"{page.as_uri()}#press=last", "--dump-dom")
    assert _shown(end, "counter") == f"step {last} of {last}"
    assert re.search(r'id="next"[^>]*disabled', end)


@needs_chromium
def test_chromium_draws_the_cards(record_path: Path, tmp_path: Path) -> None:
    page = _page(record_path, tmp_path)
    shot = tmp_path / "shot.png"
    _chromium(tmp_path, f"{page.as_uri()}#step=3", f"--screenshot={shot}", "--window-size=800,520")
    width, height, pixels = _read_png(shot.read_bytes())
    assert (width, height) == (800, 520)
    felt = sum(1 for pixel in pixels if _near(pixel, (0x1B, 0x5E, 0x20)))
    red = sum(1 for pixel in pixels if _near(pixel, (0xC6, 0x28, 0x28)))
    white = sum(1 for pixel in pixels if _near(pixel, (0xFF, 0xFF, 0xFF)))
    assert felt > 40_000  # the table
    assert red > 100  # red suits on the cards
    assert white > 1_000  # the cards


_EVERY_STEP: Final = """<script>
const seen = [];
for (let v = 0; v < data.views.length; v++) {
  $("view").value = String(v);
  $("view").dispatchEvent(new Event("change"));
  $("first").click();
  for (;;) {
    seen.push([data.views[v], $("caption").textContent, $("board").innerHTML]);
    if ($("next").disabled) break;
    $("next").click();
  }
}
const dump = document.createElement("pre");
dump.id = "seen";
dump.textContent = JSON.stringify(seen);
document.body.append(dump);
</script>
"""
"""Pressed after the page's own script: every view, every step by the next button, with
what the page then shows."""


def _canonical(picture: str) -> str:
    """``picture`` in canonical XML without its ``<defs>`` (the page draws its cards once, in
    a ``<defs>`` of its own)."""
    root = ET.fromstring(picture)
    for defs in root.findall(f"{SVG}defs"):
        root.remove(defs)
    return ET.canonicalize(ET.tostring(root, encoding="unicode"))


def _card_drawings(markup: str) -> dict[str, str]:
    """The cards drawn in ``markup`` by id, each drawing in canonical XML."""
    return {
        key: ET.canonicalize(group)
        for group, key in re.findall(r'(<g id="([^"]+)" class="card">.*?</g>)', markup)
    }


@needs_chromium
def test_chromium_shows_every_step_of_every_view_as_its_picture(
    record_path: Path, tmp_path: Path
) -> None:
    page = _page(record_path, tmp_path)
    pressed = tmp_path / "pressed.html"
    pressed.write_text(page.read_text().replace("</body>", _EVERY_STEP + "</body>"))
    dom = _chromium(tmp_path, pressed.as_uri(), "--dump-dom")
    found = re.search(r'<pre id="seen">(.*?)</pre>', dom, re.S)
    assert found is not None
    seen = json.loads(html.unescape(found[1]))
    replayed = Replay.of(fourgames.from_json(record_path.read_text()))
    steps = range(len(replayed.states))
    expected = [(str(v), s) for v in replayed.views for s in steps]
    assert len(seen) == len(expected)
    defs = _card_drawings(dom.split('id="board"')[1])  # the page's own, after the board
    for (view, step), (shown_view, caption, board) in zip(expected, seen, strict=True):
        position = replayed.position(step, view if view == ALL else int(view))
        picture = svg(replayed.game, position)
        assert shown_view == view
        assert caption == replayed.caption(step, view if view == ALL else int(view))
        assert _canonical(board) == _canonical(picture), (view, step)
        drawn = _card_drawings(picture)
        assert drawn.items() <= defs.items()  # the page draws each card as the picture does


def test_a_seats_page_holds_no_card_hidden_from_that_seat(
    record_path: Path, tmp_path: Path
) -> None:
    page = tmp_path / "seat0.html"
    out = io.StringIO()
    assert main(["view", str(record_path), "--html", str(page), "--view", "0"], out=out) == 0
    assert out.getvalue().endswith(" steps, 1 view\n")
    text = page.read_text()
    replayed = Replay.of(fourgames.from_json(record_path.read_text()))
    seen = {
        key
        for step in range(len(replayed.states))
        for key in drawing(replayed.game, replayed.position(step, 0)).cards
    }
    assert set(re.findall(r'<g id="([^"]+)"', text)) == seen  # the cards seat 0 sees, no more
    hidden = {card for _, card in _discard_steps(record_path)}
    everything = _page(record_path, tmp_path).read_text()
    assert all(f">{card}</text>" in everything for card in hidden)
    assert not any(f">{card}</text>" in text for card in hidden)
    assert main(["view", str(record_path), "--html", str(page), "--view", "7"]) == 2


def _near(pixel: tuple[int, ...], colour: tuple[int, int, int]) -> bool:
    return all(abs(a - b) <= 12 for a, b in zip(pixel, colour, strict=False))


def _read_png(data: bytes) -> tuple[int, int, list[tuple[int, ...]]]:
    """Width, height and RGB(A) pixels of an 8-bit, non-interlaced PNG (what Chromium writes)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    at, chunks, header = 8, b"", b""
    while at < len(data):
        (length,) = struct.unpack(">I", data[at : at + 4])
        kind, body = data[at + 4 : at + 8], data[at + 8 : at + 8 + length]
        if kind == b"IHDR":
            header = body
        elif kind == b"IDAT":
            chunks += body
        at += 12 + length
    width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", header)
    assert (depth, interlace) == (8, 0)
    size = {2: 3, 6: 4}[colour]
    raw = zlib.decompress(chunks)
    stride = width * size
    rows: list[bytearray] = []
    previous = bytearray(stride)
    for y in range(height):
        kind = raw[y * (stride + 1)]
        row = bytearray(raw[y * (stride + 1) + 1 : (y + 1) * (stride + 1)])
        for i in range(stride):
            left = row[i - size] if i >= size else 0
            up, corner = previous[i], previous[i - size] if i >= size else 0
            if kind == 1:
                row[i] = (row[i] + left) & 0xFF
            elif kind == 2:
                row[i] = (row[i] + up) & 0xFF
            elif kind == 3:
                row[i] = (row[i] + (left + up) // 2) & 0xFF
            elif kind == 4:
                guess = left + up - corner
                a, b, c = abs(guess - left), abs(guess - up), abs(guess - corner)
                best = left if a <= b and a <= c else up if b <= c else corner
                row[i] = (row[i] + best) & 0xFF
        rows.append(row)
        previous = row
    pixels = [tuple(row[x : x + size]) for row in rows for x in range(0, stride, size)]
    return width, height, pixels
