"""The search by layers written down between two layers, or within a layer between two
rounds of its positions, so that a long proof can stop and go on later (`solve_by_layers`'s
``checkpoint``; docs/games/vier-jahreszeiten.md, "Stopping and going on").

A checkpoint file holds one JSON line, then the positions, then a digest:

- the line: ``{"checkpoint": "vier-jahreszeiten layers", "format": 1, "state": …, "nodes": …,
  "searched": [cards turned, positions], "layers": [[cards turned, positions], …]}``, the state
  searched (as `fourgames.to_data` writes it) and the nodes counted so far; ``searched``, only
  in a file written within a layer, counts the positions of that layer searched already, and
  the first of the ``layers`` is the rest of it;
- the positions searched, then each layer's positions in the line's order, each written down
  as `_Search.through_layers` holds it (`_written_key`), after one byte that gives its length;
- the BLAKE2b digest (32 bytes) of everything before it.

Within a layer, the layers ahead of it are written as the search holds them, a position
reached again after it was poured into a file (`_Waiting`) twice: read back, it is held once
and the nodes are lowered by one. It is written to a file beside it and then put in its place,
so a search stopped while it writes leaves the checkpoint before. Reading checks the digest,
that the file belongs to the state searched, and that every position is one of its cards
(`_Rules.is_written`); it does not search the positions again, so it trusts the file as the
search trusts its own memory.
"""

from __future__ import annotations

import hashlib
import json
import os
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sized
from pathlib import Path
from typing import Any, BinaryIO, Final, Generic, Protocol, TypeVar

from fourgames.errors import FormatError
from fourgames.serialization import to_data
from fourgames.vier_jahreszeiten._rules import State

__all__ = ["Checkpoint", "Held", "chunks", "positions_in"]

_KIND: Final = "vier-jahreszeiten layers"
_FORMAT: Final = 1
_DIGEST: Final = 32
_HEADER: Final = 1 << 20
"""The longest first line read (a state's JSON is a few kilobytes)."""
_CHUNK: Final = 1 << 20


class Written(Sized, Iterable[bytes], Protocol):
    """Positions to write down: how many, and each of them."""


class Layer(Written, Protocol):
    """The positions of a layer, each written down, as the search holds them."""

    def add(self, written: bytes, line: None) -> bool:
        """Add ``written`` unless it is held already; whether it was added."""


_L = TypeVar("_L", bound=Layer)


class Held(Generic[_L]):
    """The positions a checkpoint holds, read back: ``layers``, by cards turned, and, in a
    file written within a layer, the positions of the least of them ``searched`` already (the
    layer holds the rest); ``twice`` positions of the layers ahead were written twice, and the
    nodes counted are that many fewer."""

    def __init__(self, layers: dict[int, _L], searched: _L | None, twice: int) -> None:
        self.layers = layers
        self.searched = searched
        self.twice = twice


class Checkpoint:
    """The checkpoint file ``path`` of the search by layers from ``state``, written at most
    every ``seconds`` of CPU time: the process's (`time.process_time`), or that of the
    processes the search runs in (`timed`)."""

    def __init__(self, path: str | os.PathLike[str], state: State, seconds: float) -> None:
        if not seconds >= 0:
            raise ValueError(f"checkpoint_seconds must be at least 0, not {seconds!r}")
        self.path = Path(path)
        self.draft = self.path.with_name(self.path.name + ".part")
        """Where the file is written before it is put in place."""
        self.state = to_data(state)
        self.seconds = seconds
        self.clock: Callable[[], float] = time.process_time
        self.since = self.clock()
        """When the file was last read or written, or this checkpoint made."""

    def timed(self, clock: Callable[[], float]) -> None:
        """Take the CPU time by ``clock`` from now on (a search in other processes)."""
        self.clock = clock
        self.since = clock()

    def is_due(self) -> bool:
        """Whether ``seconds`` have passed since `since`: time to `write`."""
        return self.clock() - self.since >= self.seconds

    def read_nodes(self) -> int | None:
        """The nodes counted when the file was written, or None when there is no file."""
        if not self.path.exists():
            return None
        with open(self.path, "rb") as file:
            return self._header(file)[0]

    def read(
        self,
        is_written: Callable[[bytes, int], bool],
        new_layer: Callable[[], _L],
        keep: Callable[[bytes, int], bool] | None = None,
    ) -> Held[_L]:
        """The positions in the file, each checked by ``is_written`` (the position written
        down, its cards turned), each layer, and the positions searched, held in a
        ``new_layer()``; with ``keep``, only the positions it keeps (the position, its cards
        turned) are checked and held (a share of the search, which checks only its own)."""
        digest = hashlib.blake2b(digest_size=_DIGEST)
        with open(self.path, "rb") as file:
            _, searched, layers, header = self._header(file)
            digest.update(header)
            reader = _Reader(file, digest, self.path)
            read = Held[_L]({}, None, 0)
            if searched is not None:
                read.searched = new_layer()
                self._layer(reader, read.searched, searched, is_written, keep,
                            "the positions searched")  # fmt: skip
            for turned, count in layers:
                layer = read.layers[turned] = new_layer()
                ahead = searched is not None and turned > searched[0]
                read.twice += self._layer(reader, layer, (turned, count), is_written, keep,
                                          "the layer", ahead)  # fmt: skip
            reader.finish()
        self.since = self.clock()
        return read

    def _layer(
        self,
        reader: _Reader,
        layer: _L,
        size: tuple[int, int],
        is_written: Callable[[bytes, int], bool],
        keep: Callable[[bytes, int], bool] | None,
        what: str,
        ahead: bool = False,
    ) -> int:
        """Read ``size`` (cards turned, positions) into ``layer``: how many were written twice,
        which only a layer ``ahead`` of one searched within may hold (else refused)."""
        turned, count = size
        twice = 0
        for n in range(count):
            written = reader.record()
            if keep is not None and not keep(written, turned):
                continue
            if not is_written(written, turned):
                raise self._refused(n, what, turned)
            if not layer.add(written, None):
                if not ahead:
                    raise self._refused(n, what, turned)
                twice += 1
        return twice

    def _refused(self, n: int, what: str, turned: int) -> FormatError:
        return FormatError(
            f"not a position of this deal @ {self.path}: position {n} of {what} at "
            f"{turned} cards turned"
        )

    def write(
        self, nodes: int, held: Mapping[int, Written], searched: Written | None = None
    ) -> None:
        """Write the positions ``held`` (by cards turned) and the ``nodes`` counted; within a
        layer, the least held, the positions of it ``searched`` already."""
        head: dict[str, Any] = {
            "checkpoint": _KIND,
            "format": _FORMAT,
            "state": self.state,
            "nodes": nodes,
        }
        if searched is not None:
            head["searched"] = [min(held), len(searched)]
        head["layers"] = [[turned, len(layer)] for turned, layer in sorted(held.items())]
        header = json.dumps(head, ensure_ascii=False).encode("utf-8")
        digest = hashlib.blake2b(header + b"\n", digest_size=_DIGEST)
        layers = [layer for _, layer in sorted(held.items())]
        with open(self.draft, "wb") as file:
            file.write(header + b"\n")
            for layer in layers if searched is None else [searched, *layers]:
                for chunk in chunks(layer, _CHUNK):
                    digest.update(chunk)
                    file.write(chunk)
            file.write(digest.digest())
            file.flush()
            os.fsync(file.fileno())
        os.replace(self.draft, self.path)
        self.since = self.clock()

    def remove(self) -> None:
        """Remove the file, and a draft left by a write stopped: the search has its verdict."""
        self.path.unlink(missing_ok=True)
        self.draft.unlink(missing_ok=True)

    def _header(
        self, file: BinaryIO
    ) -> tuple[int, tuple[int, int] | None, list[tuple[int, int]], bytes]:
        """The nodes counted, the positions searched within a layer (cards turned, positions)
        or None, the layers' sizes, from the first line, and the line."""
        line = file.readline(_HEADER)
        where = f"{self.path}:1"
        if not line.endswith(b"\n"):
            raise FormatError(f"not a checkpoint of the search by layers @ {where}")
        try:
            data: Any = json.loads(line)
        except (ValueError, RecursionError):
            raise FormatError(f"not JSON @ {where}") from None
        if not isinstance(data, dict) or data.get("checkpoint") != _KIND:
            raise FormatError(f"not a checkpoint of the search by layers @ {where}")
        if type(data.get("format")) is not int or data["format"] != _FORMAT:
            raise FormatError(f"format {data.get('format')!r}, not {_FORMAT} @ {where}.format")
        if data.get("state") != self.state:
            raise ValueError(f"{self.path} is a checkpoint of another position")
        nodes: Any = data.get("nodes")
        layers: Any = data.get("layers")
        if not _is_count(nodes):
            raise FormatError(f"not a count of nodes @ {where}.nodes")
        if not isinstance(layers, list) or not all(
            isinstance(layer, list) and len(layer) == 2 and all(map(_is_count, layer))
            for layer in layers
        ):
            raise FormatError(f"not a list of [cards turned, positions] @ {where}.layers")
        sizes: list[tuple[int, int]] = [(turned, count) for turned, count in layers]
        turned = [t for t, _ in sizes]
        searched: Any = data.get("searched")
        if searched is not None and not (
            isinstance(searched, list) and len(searched) == 2 and all(map(_is_count, searched))
            and turned[:1] == searched[:1]
        ):  # fmt: skip
            raise FormatError(f"not [the least layer's cards turned, positions] @ {where}.searched")
        within = 0 if searched is None else searched[1]
        if turned != sorted(set(turned)) or within + sum(c for _, c in sizes) > nodes:
            raise FormatError(f"layers out of order or more positions than nodes @ {where}.layers")
        return nodes, None if searched is None else (searched[0], searched[1]), sizes, line


def chunks(positions: Iterable[bytes], size: int) -> Iterator[bytes]:
    """The ``positions`` as a checkpoint holds them, each after a byte that gives its length,
    in chunks of about ``size`` bytes (none empty)."""
    chunk = bytearray()
    for written in positions:
        chunk.append(len(written))
        chunk += written
        if len(chunk) >= size:
            yield bytes(chunk)
            chunk.clear()
    if chunk:
        yield bytes(chunk)


def positions_in(chunk: bytes) -> Iterator[bytes]:
    """The positions in a ``chunk`` of `chunks`."""
    at = 0
    while at < len(chunk):
        size = chunk[at]
        yield chunk[at + 1 : at + 1 + size]
        at += 1 + size


def _is_count(value: object) -> bool:
    return type(value) is int and value >= 0


class _Reader:
    """The positions of a checkpoint, read a chunk at a time, and its digest."""

    def __init__(self, file: BinaryIO, digest: Any, path: Path) -> None:
        self.file = file
        self.digest = digest
        self.path = path
        self.data = b""
        self.at = 0

    def record(self) -> bytes:
        """The next position written down."""
        while self.at >= len(self.data):
            self._more()
        size = self.data[self.at]
        if size == 0:
            raise self._cut()
        while self.at + 1 + size > len(self.data):
            self._more()
        written = self.data[self.at + 1 : self.at + 1 + size]
        self.at += 1 + size
        return written

    def finish(self) -> None:
        """Check the digest and that nothing follows it."""
        self.digest.update(self.data[: self.at])
        rest = self.data[self.at :] + self.file.read(_DIGEST + 1)
        if rest != self.digest.digest():
            raise FormatError(f"damaged (its digest differs) or cut short @ {self.path}")

    def _more(self) -> None:
        """Keep what is not read yet and read the next chunk after it."""
        more = self.file.read(_CHUNK)
        if not more:
            raise self._cut()
        self.digest.update(self.data[: self.at])
        self.data = self.data[self.at :] + more
        self.at = 0

    def _cut(self) -> FormatError:
        return FormatError(f"cut short or damaged @ {self.path}")
