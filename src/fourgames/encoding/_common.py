"""What every game's encoding shares: the `Encoding` of a game, the `Decisions` of a position
and the `Layout` of an observation tensor."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Final

import attrs
import numpy as np
import numpy.typing as npt

from fourgames.cards import DECK_52, Card
from fourgames.errors import IllegalActionError
from fourgames.protocol import Game

__all__ = [
    "CARD_INDEX",
    "Decisions",
    "Encoding",
    "Layout",
    "Tensor",
    "shared_segments",
    "write_shared",
]

CARD_INDEX: Final[dict[Card, int]] = {card: index for index, card in enumerate(DECK_52)}
"""The index of each French card: its place in `DECK_52` (♣ 2…A, ♦, ♥, ♠)."""

Path = tuple[int, ...]
"""The indices that name one action: one per sub-decision."""


@attrs.frozen
class Layout:
    """The segments of an observation tensor, in order: each a name and a size."""

    segments: tuple[tuple[str, int], ...]

    @property
    def size(self) -> int:
        """The tensor's length."""
        return sum(size for _, size in self.segments)

    def offsets(self) -> dict[str, slice]:
        """Where each segment lies in the tensor."""
        out: dict[str, slice] = {}
        start = 0
        for name, size in self.segments:
            out[name] = slice(start, start + size)
            start += size
        return out

    def describe(self) -> str:
        """The layout as text lines ``name  start:stop``."""
        return "\n".join(f"{name:<16}{s.start}:{s.stop}" for name, s in self.offsets().items())


class Tensor:
    """An observation tensor being written segment by segment."""

    def __init__(self, layout: Layout) -> None:
        self.array = np.zeros(layout.size, dtype=np.float32)
        self._at = layout.offsets()

    def cards(
        self, name: str, cards: Iterable[Any], at: int = 0, index: Mapping[Any, int] = CARD_INDEX
    ) -> None:
        """Count each of ``cards`` at its ``index``, from place ``at`` of segment ``name``."""
        start = self._at[name].start + at
        for card in cards:
            self.array[start + index[card]] += 1

    def one_hot(self, name: str, index: int | None) -> None:
        """A 1 at ``index`` of segment ``name`` (nothing for None)."""
        if index is not None:
            self.array[self._at[name].start + index] = 1

    def values(self, name: str, values: Sequence[float], at: int = 0) -> None:
        """Segment ``name`` from place ``at`` set to ``values``."""
        start = self._at[name].start + at
        self.array[start : start + len(values)] = values


def shared_segments(players: int, deck: int = 52) -> tuple[tuple[str, int], ...]:
    """The segments every game's tensor starts with, from the names every observation has:
    whose view it is, who is to move (one-hot seats), the hand (a ``deck`` of card kinds), the
    hand sizes, the scores and the stock's size."""
    return (
        ("player", players),
        ("to_move", players),
        ("hand", deck),
        ("hand_sizes", players),
        ("scores", players),
        ("stock_size", 1),
    )


def write_shared(observation: Any, tensor: Tensor, index: Mapping[Any, int] = CARD_INDEX) -> None:
    """Fill the `shared_segments` from ``observation``."""
    tensor.one_hot("player", observation.player)
    tensor.one_hot("to_move", observation.to_move)
    tensor.cards("hand", observation.hand, index=index)
    tensor.values("hand_sizes", observation.hand_sizes)
    tensor.values("scores", observation.scores)
    tensor.values("stock_size", [observation.stock_size])


@attrs.frozen
class Decisions:
    """The legal actions of one position by their paths, and what may be chosen after a
    prefix of a path. The adapters build one per position and walk it step by step."""

    actions: dict[Path, Any]
    _next: dict[Path, tuple[int, ...]]

    @classmethod
    def of(cls, paths: Iterable[tuple[Path, Any]]) -> Decisions:
        """The decisions of the (path, action) pairs of every legal action."""
        actions: dict[Path, Any] = {}
        following: dict[Path, set[int]] = {}
        for path, action in paths:
            actions[path] = action
            for depth, index in enumerate(path):
                following.setdefault(path[:depth], set()).add(index)
        return cls(actions, {prefix: tuple(sorted(s)) for prefix, s in following.items()})

    def choices(self, prefix: Path = ()) -> tuple[int, ...]:
        """The indices that may follow ``prefix``, ascending (empty for a complete path)."""
        return self._next.get(prefix, ())

    def mask(self, prefix: Path, size: int) -> npt.NDArray[np.int8]:
        """The choices after ``prefix`` as a 0/1 vector of length ``size``."""
        out = np.zeros(size, dtype=np.int8)
        out[list(self.choices(prefix))] = 1
        return out


@attrs.frozen
class Encoding:
    """A game's fixed action space and observation tensor.

    An action is named by a path of indices in ``range(num_actions)``: one index in the games
    whose actions fit a flat space, a short sequence of sub-decisions in Vier Felder. Paths are
    prefix-free, so a driver chooses one index at a time from `legal_action_mask`.
    """

    game: Game[Any, Any]
    _size: Callable[[int, Any], int]
    _path: Callable[[Any, Any], Path]
    _layout: Callable[[int, Any], Layout]
    _write: Callable[[Any, Tensor], None]
    max_path: int = 1
    """The most indices a path has (1 for a flat space)."""

    def num_actions(self, players: int, options: Any = None) -> int:
        """The size of the action space (every index of a path is below it)."""
        return self._size(players, self._options(options))

    def action_indices(self, state: Any, action: Any) -> Path:
        """The path of the legal ``action``; `IllegalActionError` if it is not legal."""
        self.game.check(state, action)
        return self._path(state, action)

    def decisions(self, state: Any) -> Decisions:
        """Every legal action of ``state`` by its path."""
        return Decisions.of((self._path(state, a), a) for a in self.game.legal_actions(state))

    def index_action(self, state: Any, indices: Sequence[int]) -> Any:
        """The legal action whose path is ``indices``; `IllegalActionError` if none is."""
        path = tuple(indices)
        found = self.decisions(state).actions.get(path)
        if found is None:
            raise IllegalActionError(f"no legal action has the indices {list(path)}", rule="API")
        return found

    def legal_action_mask(self, state: Any, prefix: Sequence[int] = ()) -> npt.NDArray[np.int8]:
        """A 0/1 vector of length `num_actions`: the indices that may follow ``prefix`` (the
        first index of every legal action for the empty prefix)."""
        size = self.num_actions(len(self.game.scores(state)), state.options)
        return self.decisions(state).mask(tuple(prefix), size)

    def observation_layout(self, players: int, options: Any = None) -> Layout:
        """The segments of the observation tensor, name and size in order."""
        return self._layout(players, self._options(options))

    def observation_shape(self, players: int, options: Any = None) -> tuple[int]:
        """The shape of `observation_tensor`: one flat vector."""
        return (self.observation_layout(players, options).size,)

    def observation_tensor(self, observation: Any) -> npt.NDArray[np.float32]:
        """The observation as a float32 vector laid out as `observation_layout` says; it reads
        nothing but the observation."""
        layout = self._layout(len(observation.hand_sizes), observation.options)
        tensor = Tensor(layout)
        self._write(observation, tensor)
        return tensor.array

    def decision_shape(self, players: int, options: Any = None) -> tuple[int]:
        """The shape of `decision_tensor`."""
        (size,) = self.observation_shape(players, options)
        extra = self.num_actions(players, options) if self.max_path > 1 else 0
        return (size + extra,)

    def decision_tensor(
        self, observation: Any, prefix: Sequence[int] = ()
    ) -> npt.NDArray[np.float32]:
        """What an agent sees while it chooses: the observation tensor, followed in a game with
        sub-decisions by the indices already chosen on the path (a 0/1 vector of length
        `num_actions`). The adapters show this tensor."""
        tensor = self.observation_tensor(observation)
        if self.max_path == 1:
            return tensor
        chosen = np.zeros(
            self.num_actions(len(observation.hand_sizes), observation.options), np.float32
        )
        chosen[list(prefix)] = 1
        return np.concatenate((tensor, chosen))

    def _options(self, options: Any) -> Any:
        """``options``, or the game's rulebook options for None."""
        return getattr(self.game, "Options")() if options is None else options  # noqa: B009
