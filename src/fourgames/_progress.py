"""Progress of long command-line runs on stderr: games done, rate, ETA and a note.

Drawn with rich (the ``cli`` extra) when it is installed, else as one plain line; only when
stderr is a terminal, so logs and pipes stay clean.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Iterable, Iterator
from types import TracebackType
from typing import Any, TypeVar

T = TypeVar("T")

_EVERY_SECONDS = 0.2


class Progress:
    """A progress display of ``total`` steps: ``with Progress(...) as bar: bar.advance(1)``."""

    def __init__(self, total: int, label: str, *, enabled: bool = True) -> None:
        self.total = total
        self.label = label
        self.done = 0
        self.shown = enabled and total > 0 and sys.stderr.isatty()
        self._start = time.monotonic()
        self._last = 0.0
        self._rich: Any = None
        self._task: Any = None

    def __enter__(self) -> Progress:
        if self.shown:
            try:
                from rich import progress as rich
                from rich.console import Console
            except ImportError:
                return self
            self._rich = rich.Progress(
                rich.TextColumn("{task.description}"),
                rich.BarColumn(),
                rich.MofNCompleteColumn(),
                rich.TextColumn("{task.fields[rate]}"),
                rich.TimeRemainingColumn(),
                rich.TextColumn("{task.fields[note]}"),
                console=Console(stderr=True),
            )
            self._rich.start()
            self._task = self._rich.add_task(self.label, total=self.total, rate="", note="")
        return self

    def advance(self, steps: int, note: str = "") -> None:
        """``steps`` more done; ``note`` (live win rates) shown beside the count."""
        self.done += steps
        now = time.monotonic()
        if not self.shown or (now - self._last < _EVERY_SECONDS and self.done < self.total):
            return
        self._last = now
        elapsed = now - self._start
        rate = f"{self.done / elapsed:.1f}/s" if elapsed > 0 else ""
        if self._rich is not None:
            self._rich.update(self._task, completed=self.done, rate=rate, note=note)
            return
        left = (self.total - self.done) * elapsed / self.done if self.done else 0.0
        sys.stderr.write(
            f"\r{self.label} {self.done}/{self.total} {rate} ETA {left:.0f} s {note}\x1b[K"
        )
        sys.stderr.flush()

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        if self._rich is not None:
            self._rich.stop()
        elif self.shown and self.done:
            sys.stderr.write("\n")
            sys.stderr.flush()


def progress(items: Iterable[T], *, total: int, label: str, enabled: bool = True) -> Iterator[T]:
    """Yield ``items``, showing a `Progress` of ``total`` steps as they pass."""
    with Progress(total, label, enabled=enabled) as bar:
        for item in items:
            yield item
            bar.advance(1)
