"""Bots in other processes and languages: ``exec:COMMAND`` speaks JSON lines (docs/protocol.md).

The arena writes one JSON object a line to the bot's standard input and reads one from its
standard output for every ``choose``. The process lives as long as the bot object, across
games; one that crashes, hangs or writes garbage is stopped, its game is lost (`BotError`), and
the next game starts it again.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import selectors
import shlex
import subprocess
import time
import weakref
from collections.abc import Iterable, Sequence
from typing import Any, Final

from fourgames.protocol import Game
from fourgames.serialization import converter, to_data

__all__ = ["PROTOCOL_VERSION", "REPLY_TIMEOUT", "ExecBot"]

PROTOCOL_VERSION: Final = 1
"""The version in the ``hello`` message; raised when a message changes."""

REPLY_TIMEOUT: Final = 60.0
"""Seconds an ``exec:`` bot may take for a reply when the arena sets no move timeout."""

_MAX_LINE: Final = 1 << 20
"""The longest reply read (1 MiB): a bot writing more without a newline writes garbage."""


class ExecBot:
    """A bot that is the process ``command`` (split like a shell line, run without a shell)."""

    def __init__(self, game: Game[Any, Any], command: str, timeout: float = REPLY_TIMEOUT) -> None:
        if not command:
            raise ValueError("exec: needs a command, such as 'exec:python3 my_bot.py'")
        self.game = game
        self.command = command
        self.timeout = timeout
        self._argv = shlex.split(command)
        self._pipe: _Pipe | None = None
        self._index = 0

    def __repr__(self) -> str:
        return f"ExecBot({self.command!r})"

    # --- The game's hooks (`fourgames.bots.play_game` calls them) -------------------------------

    def new_game(self, index: int, players: int, seats: Sequence[int], options: Any) -> None:
        """Start the process if it is not running (with ``hello``), then send ``new-game``."""
        self._index = index
        message = {
            "type": "new-game",
            "game": index,
            "players": players,
            "seats": list(seats),
            "options": converter.unstructure(options),
        }
        self._talk(message, answer=False)

    def choose(self, observation: Any, legal_actions: tuple[Any, ...], rng: random.Random) -> Any:
        """Send ``choose``; the reply ``{"action": i}`` picks ``legal_actions[i]``."""
        message = {
            "type": "choose",
            "game": self._index,
            "seat": getattr(observation, "player", None),
            "observation": to_data(observation),
            "legal_actions": [to_data(action) for action in legal_actions],
        }
        reply = self._talk(message, answer=True)
        index = reply.get("action") if isinstance(reply, dict) else None
        if type(index) is not int or not 0 <= index < len(legal_actions):
            self.close()
            raise ValueError(
                f'{self.command!r} replied {_short(reply)}, not {{"action": i}} '
                f"with 0 <= i < {len(legal_actions)}"
            )
        return legal_actions[index]

    def game_over(self, index: int, scores: Iterable[int], winners: Iterable[int]) -> None:
        """Send ``game-over`` with the scores and the winning seats."""
        message = {
            "type": "game-over",
            "game": index,
            "scores": list(scores),
            "winners": sorted(winners),
        }
        self._talk(message, answer=False)

    def close(self) -> None:
        """Stop the process (it starts again at the next game). A call still waiting for it,
        on another thread, fails on its own process and never touches the next one."""
        pipe, self._pipe = self._pipe, None
        if pipe is not None:
            _stop(pipe.process)

    # --- The pipe ------------------------------------------------------------------------------

    def _talk(self, message: dict[str, Any], *, answer: bool) -> object:
        """Send ``message`` (starting the process first if needed) and read the answer when
        one is due; any failure stops the process this call spoke to."""
        pipe = self._pipe
        if pipe is None or pipe.process.poll() is not None:
            pipe = self._pipe = self._start()
        try:
            pipe.send(message)
            return pipe.reply(self.timeout) if answer else None
        except BaseException:
            if self._pipe is pipe:
                self._pipe = None
            _stop(pipe.process)
            raise

    def _start(self) -> _Pipe:
        try:
            process = subprocess.Popen(
                self._argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0
            )
        except OSError as err:
            raise ValueError(f"cannot start {self.command!r}: {err}") from None
        weakref.finalize(self, _stop, process)
        pipe = _Pipe(self.command, process)
        from fourgames import __version__

        pipe.send(
            {
                "type": "hello",
                "protocol": PROTOCOL_VERSION,
                "fourgames": __version__,
                "game": self.game.GAME_ID,
                "rules_version": self.game.RULES_VERSION,
            }
        )
        return pipe


class _Pipe:
    """One run of a bot's process and what it has written that is not read yet."""

    def __init__(self, command: str, process: subprocess.Popen[bytes]) -> None:
        assert process.stdin is not None
        assert process.stdout is not None
        self.command = command
        self.process = process
        self.stdin = process.stdin
        self.stdout = process.stdout
        self.buffer = b""

    def send(self, message: dict[str, Any]) -> None:
        try:
            self.stdin.write(json.dumps(message, ensure_ascii=False).encode() + b"\n")
            self.stdin.flush()
        except (BrokenPipeError, ValueError):
            raise self._gone() from None

    def reply(self, timeout: float) -> object:
        deadline = time.monotonic() + timeout
        with selectors.DefaultSelector() as selector:
            selector.register(self.stdout, selectors.EVENT_READ)
            while b"\n" not in self.buffer:
                left = deadline - time.monotonic()
                if left <= 0 or not selector.select(left):
                    raise TimeoutError(f"{self.command!r} sent no reply within {timeout} s")
                chunk = os.read(self.stdout.fileno(), 65536)
                if not chunk:
                    raise self._gone()
                self.buffer += chunk
                if len(self.buffer) > _MAX_LINE:
                    raise ValueError(f"{self.command!r} wrote over {_MAX_LINE} bytes in one line")
        line, _, self.buffer = self.buffer.partition(b"\n")
        try:
            return json.loads(line)
        except ValueError:
            raise ValueError(
                f"{self.command!r} replied {_short(line)}, which is not JSON"
            ) from None

    def _gone(self) -> RuntimeError:
        try:
            status: int | None = self.process.wait(1.0)
        except subprocess.TimeoutExpired:
            status = None
        return RuntimeError(f"{self.command!r} exited (status {status})")


def _stop(process: subprocess.Popen[bytes]) -> None:
    """Close the pipes, then kill the process if it does not leave at once."""
    for pipe in (process.stdin, process.stdout):
        if pipe is not None:
            with contextlib.suppress(OSError):
                pipe.close()
    try:
        process.wait(0.2)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def _short(value: object) -> str:
    text = value.decode(errors="replace") if isinstance(value, bytes) else json.dumps(value)
    return text if len(text) <= 80 else text[:77] + "..."
