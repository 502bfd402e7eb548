"""The search by layers shared among worker processes (`solve_by_layers`'s ``workers``;
docs/games/vier-jahreszeiten.md, "On several cores").

Each position belongs to one share, by a hash of the cards in its cross (`_solver._share`):
every configuration of a component holds the same cards, and so does the position after a
`Turn` or a waste card home, so each component is built by one share alone. Each share is
searched by a process of its own, which holds only its share of every layer. The shares
search a layer in rounds: each searches at most `_ROUND` of its positions, and the steps it
made to positions of other shares are handed to them for the next round. A layer is through
when no share has a position of it left and no step is on its way; then every share begins
the least layer that any share holds. What a round does follows from the positions alone, so
a search gives the same verdict and nodes each time with the same number of workers; the
verdict is that of one process, the nodes are not (each share forgets the components it built
on its own). A checkpoint within a layer is written between two rounds, once every share has
taken the steps handed to it.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import signal
import sys
import time
from collections.abc import Callable, Iterator, Mapping
from multiprocessing.connection import Connection
from types import TracebackType
from typing import Any, Final

from fourgames.vier_jahreszeiten._checkpoint import Checkpoint, Written, chunks, positions_in
from fourgames.vier_jahreszeiten._rules import State
from fourgames.vier_jahreszeiten._solver import (
    _LAYERS_MEMORY,
    _POUR,
    _ROUND,
    Outcome,
    SolveResult,
    _compact,
    _Layers,
    _OutOfBudget,
    _root,
    _Search,
    _share,
    _Waiting,
    _WithoutCyclicGC,
)

__all__ = ["through_shares"]

_CHUNK: Final = 1 << 23
"""About how many bytes of positions a share sends at a time for a checkpoint."""


def through_shares(
    state: State,
    max_positions: int,
    workers: int,
    keeper: Checkpoint | None = None,
    hold: Callable[[Mapping[int, Written]], None] | None = None,
    pour: int = _POUR,
    on_layer: Callable[[int, int, int], None] | None = None,
    round_size: int = _ROUND,
) -> SolveResult:
    """The search by layers from ``state`` in ``workers`` processes, in rounds of
    ``round_size`` positions a share: WON (with no line), LOST or UNDECIDED, and the nodes
    counted by all of them. ``hold`` is shown the positions waiting before each layer is
    begun; the ``keeper`` writes them then, and those of the layer searched and ahead between
    two rounds, when it is due (`Checkpoint.is_due`); if its file is there, the search goes on
    from it. Each share pours its layers ahead as one process does (`_Waiting`: beside the
    checkpoint, if any). ``on_layer`` as `solve_by_layers` calls it."""
    nodes = 0 if keeper is None else keeper.read_nodes()
    if nodes is not None and nodes > max_positions:
        return SolveResult(Outcome.UNDECIDED, (), max_positions)
    resume = None if keeper is None or nodes is None else str(keeper.path)
    folder = None if keeper is None else str(keeper.path.parent)
    with _Shares(state, max_positions, workers, resume, folder, pour, round_size) as shares:
        begun = shares.ask(*[("begin",)] * workers)  # each has read its share of the file
        if keeper is not None:
            keeper.timed(shares.cpu)
        base = nodes or 0
        if on_layer is not None and begun[0][1] is not None:  # going on within that layer
            on_layer(begun[0][1], sum(reply[2] for reply in begun), base + sum(shares.nodes))
        received = [b""] * workers
        while True:
            busy = True
            while busy or any(received):
                total = base + sum(shares.nodes)
                replies = shares.ask(*(("round", r, max_positions - total) for r in received))
                total = base + sum(shares.nodes)
                if any(reply[0] == "won" for reply in replies):
                    return SolveResult(Outcome.WON, (), total)
                if any(reply[0] == "out" for reply in replies) or total > max_positions:
                    return SolveResult(Outcome.UNDECIDED, (), max_positions)
                received = [b"".join(reply[1][k] for reply in replies) for k in range(workers)]
                busy = any(reply[2] for reply in replies)
                if keeper is not None and keeper.is_due() and (busy or any(received)):
                    taken = _write_within(shares, keeper, base, received, max_positions)
                    if taken is None:
                        return SolveResult(Outcome.UNDECIDED, (), max_positions)
                    busy, received = taken, [b""] * workers
            sizes = _summed(reply[1] for reply in shares.ask(*[("sizes",)] * workers))
            total = base + sum(shares.nodes)  # each position waiting counted once
            if not sizes:
                return SolveResult(Outcome.LOST, (), total)
            waiting = {turned: _Gathered(shares, turned, size) for turned, size in sizes.items()}
            if hold is not None:
                hold(waiting)
            if on_layer is not None:
                on_layer(min(sizes), sizes[min(sizes)], total)
            if keeper is not None and keeper.is_due():
                keeper.write(total, waiting)
            shares.tell(("layer", min(sizes)))


def _summed(shares_sizes: Iterator[dict[int, int]]) -> dict[int, int]:
    """The positions held by all shares at each number of cards turned, from each share's."""
    sizes: dict[int, int] = {}
    for share in shares_sizes:
        for turned, size in share.items():
            sizes[turned] = sizes.get(turned, 0) + size
    return sizes


def _write_within(
    shares: _Shares, keeper: Checkpoint, base: int, received: list[bytes], max_positions: int
) -> bool | None:
    """Hand each share the steps ``received`` for it, then have the ``keeper`` write the
    positions of the layer searched and of the layers ahead (`_Layers.within`), gathered from
    the shares as they are written: whether positions of the layer wait to be searched, or
    None where the budget ran out."""
    total = base + sum(shares.nodes)
    replies = shares.ask(*(("take", r, max_positions - total) for r in received))
    if any(reply[0] == "out" for reply in replies):
        return None
    within = shares.ask(*[("within",)] * len(shares.connections))
    searched = sum(reply[1] for reply in within)
    sizes = _summed(reply[2] for reply in within)
    waiting = {
        turned: _Gathered(shares, turned, size, within=True) for turned, size in sizes.items()
    }
    keeper.write(base + sum(shares.nodes), waiting, _Gathered(shares, None, searched))
    return any(reply[2] for reply in replies)  # the steps taken may wait there


class _Shares:
    """The worker processes of a search by layers, one for each share."""

    def __init__(self, state: State, max_positions: int, workers: int, resume: str | None,
                 folder: str | None, pour: int, round_size: int) -> None:  # fmt: skip
        # forked on Linux (a caller's script need not guard its main module), else spawned
        context = (
            multiprocessing.get_context("fork")
            if sys.platform.startswith("linux")
            else multiprocessing.get_context("spawn")
        )
        self.connections: list[Connection] = []
        self.processes: list[Any] = []
        try:
            for part in range(workers):
                mine, theirs = context.Pipe()
                process = context.Process(
                    target=_work,
                    args=(
                        theirs,
                        state,
                        max_positions,
                        part,
                        workers,
                        resume,
                        folder,
                        pour,
                        round_size,
                    ),
                    daemon=True,
                )
                process.start()
                theirs.close()
                self.connections.append(mine)
                self.processes.append(process)
        except BaseException:
            self.__exit__(None, None, None)
            raise
        self.nodes = [0] * workers
        """The nodes each share has counted."""
        self.seconds = [0.0] * workers
        """The CPU time each share's process has taken."""

    def __enter__(self) -> _Shares:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:  # fmt: skip
        for connection in self.connections:
            with contextlib.suppress(OSError):  # the process is gone
                connection.send(("stop",))
        for process in self.processes:
            process.join(5)
            if process.is_alive():
                process.kill()
                process.join()
        for connection in self.connections:
            connection.close()

    def cpu(self) -> float:
        """The CPU time of the search: this process's and the shares'."""
        return time.process_time() + sum(self.seconds)

    def tell(self, command: tuple[Any, ...]) -> None:
        """Give every share ``command``, which has no answer."""
        for connection in self.connections:
            connection.send(command)

    def ask(self, *commands: tuple[Any, ...]) -> list[tuple[Any, ...]]:
        """Give each share its command and wait for every answer; a share's error is raised
        here."""
        for connection, command in zip(self.connections, commands, strict=True):
            connection.send(command)
        replies = [self.reply(part) for part in range(len(self.connections))]
        return [self.answer(part, reply) for part, reply in enumerate(replies)]

    def receive(self, part: int) -> tuple[Any, ...]:
        """The next answer of share ``part``."""
        return self.answer(part, self.reply(part))

    def reply(self, part: int) -> tuple[Any, ...]:
        """What share ``part`` sends next."""
        try:
            reply: tuple[Any, ...] = self.connections[part].recv()
        except (EOFError, OSError):
            raise RuntimeError(f"share {part} of the search by layers ended") from None
        return reply

    def answer(self, part: int, reply: tuple[Any, ...]) -> tuple[Any, ...]:
        """The answer ``reply`` of share ``part`` without its nodes and CPU time, which are
        noted; a share's error is raised here."""
        if reply[0] == "error":
            raise reply[1]
        *answer, self.nodes[part], self.seconds[part] = reply
        return tuple(answer)


class _Gathered:
    """The positions waiting at ``turned`` cards turned (those of the layer searched already,
    if None), ``size`` of them, gathered from every share as they are read
    (`Checkpoint.write`): ``within`` a layer, as `_Layers.within` gives them."""

    def __init__(self, shares: _Shares, turned: int | None, size: int,
                 within: bool = False) -> None:  # fmt: skip
        self.shares = shares
        self.turned = turned
        self.size = size
        self.within = within or turned is None

    def __len__(self) -> int:
        return self.size

    def __iter__(self) -> Iterator[bytes]:
        for part, connection in enumerate(self.shares.connections):
            connection.send(("positions", self.turned, self.within))
            while chunk := self.shares.receive(part)[1]:
                yield from positions_in(chunk)


def _work(
    connection: Connection,
    state: State,
    max_positions: int,
    part: int,
    parts: int,
    resume: str | None,
    folder: str | None,
    pour: int,
    round_size: int,
) -> None:
    """A share's process: it answers each command with what it asks, then its nodes and CPU
    time, or with an error, until told to stop. An interrupt is the caller's to handle: it
    stops the shares."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    with _WithoutCyclicGC():
        try:
            search = _Search(state, max_positions, memory=_LAYERS_MEMORY)
            held = searched = None
            if resume is not None:
                read = Checkpoint(resume, state, 0).read(
                    search.rules.is_written,
                    lambda: _Waiting(False, folder, pour),
                    lambda written, _: _share(written[4:], parts) == part,
                )
                held, searched = read.layers, read.searched
                search.nodes = -read.twice  # the caller counts from the file's nodes
            seen = frozenset(_compact(c) for c in state.seen)
            layers = _Layers(search, _root(state), seen, False, held, part, parts, folder, pour,
                             searched)  # fmt: skip
            try:
                for command in iter(connection.recv, ("stop",)):
                    for reply in _answer(command, search, layers, round_size):
                        connection.send((*reply, search.nodes, time.process_time()))
            finally:
                layers.close()
        except Exception as error:  # a checkpoint damaged, a layer too large: the caller's
            with contextlib.suppress(OSError, EOFError):
                try:
                    connection.send(("error", error))
                except Exception:  # an error that does not pickle: its text
                    connection.send(("error", RuntimeError(f"share {part}: {error!r}")))
                connection.recv()  # told to stop


def _answer(
    command: tuple[Any, ...], search: _Search, layers: _Layers, round_size: int
) -> Iterator[tuple[Any, ...]]:
    """The answers of a share to ``command``."""
    kind = command[0]
    if kind == "begin":  # within a layer read back, its cards turned and positions waiting
        yield ("begun", layers.sp if layers.resumed else None, len(layers.layer))
    elif kind in ("round", "take"):
        _, received, budget = command
        search.budget(search.nodes + budget, None)
        try:
            layers.receive(received)
            won = kind == "round" and layers.search_layer(round_size) is not None
        except _OutOfBudget:
            yield ("out", [], False)
            return
        yield ("won" if won else "searched", layers.take_sent(), layers.busy)
    elif kind == "sizes":
        layers.settle()
        yield ("sizes", {turned: len(layer) for turned, layer in layers.ahead.items()})
    elif kind == "within":
        searched, waiting = layers.within()
        yield ("within", len(searched), {turned: len(layer) for turned, layer in waiting.items()})
    elif kind == "positions":
        _, turned, within = command
        searched, waiting = layers.within() if within else ((), dict[int, Written](layers.ahead))
        for chunk in chunks(searched if turned is None else waiting.get(turned, ()), _CHUNK):
            yield ("positions", chunk)
        yield ("positions", b"")
    elif kind == "layer":
        layers.next_layer(command[1])
