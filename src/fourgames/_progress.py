"""A progress bar on stderr for long command-line runs (plain text; no dependency)."""

from __future__ import annotations

import sys
import time
from collections.abc import Iterable, Iterator
from typing import TypeVar

T = TypeVar("T")

_WIDTH = 30
_EVERY_SECONDS = 0.2


def progress(items: Iterable[T], *, total: int, label: str, enabled: bool = True) -> Iterator[T]:
    """Yield ``items``, redrawing ``label [#####     ] k/total`` on stderr as they pass.

    Drawn only when ``enabled`` and stderr is a terminal, so logs and pipes stay clean.
    """
    stream = sys.stderr
    show = enabled and total > 0 and stream.isatty()
    last = 0.0
    done = 0
    for done, item in enumerate(items, start=1):
        yield item
        now = time.monotonic()
        if show and (now - last >= _EVERY_SECONDS or done == total):
            last = now
            filled = _WIDTH * done // total
            stream.write(f"\r{label} [{'#' * filled}{' ' * (_WIDTH - filled)}] {done}/{total}")
            stream.flush()
    if show and done:
        stream.write("\n")
        stream.flush()
