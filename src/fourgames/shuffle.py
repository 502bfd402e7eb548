"""Seeded shuffles: the library's only source of randomness.

CPython promises only that ``random.Random(seed).random()`` gives the same sequence in every
version; ``shuffle``, ``choice`` and ``randrange`` may change. So the shuffle here is a
Fisher–Yates driven by ``random()`` alone, and later rounds derive their seeds by hashing
(never with ``hash()``, which is salted per process).

>>> shuffled(range(10), 1)
(8, 0, 3, 4, 5, 2, 9, 6, 7, 1)
>>> derive_seed(1, "round", 2) == derive_seed(1, "round", 2) != derive_seed(1, "round", 3)
True
"""

from __future__ import annotations

import functools
import hashlib
import random
from collections.abc import Iterable
from math import floor
from typing import TypeVar

__all__ = ["derive_seed", "fresh_seed", "shuffled"]

T = TypeVar("T")

SEED_BITS = 63
"""Seeds drawn by `fresh_seed` and made by `derive_seed` are below ``2**SEED_BITS``."""


def shuffled(items: Iterable[T], seed: int) -> tuple[T, ...]:
    """The items in an order fixed by ``seed`` (Fisher–Yates over ``Random.random()``).

    ``random.Random`` seeds with the absolute value; a negative seed is hashed first, so that
    seeds ``-k`` and ``k`` give different orders.
    """
    draw = random.Random(seed if seed >= 0 else derive_seed(seed, "negative")).random
    out = list(items)
    for i, choices in _steps(len(out)):
        j = floor(draw() * choices)  # one of positions 0..i
        out[i], out[j] = out[j], out[i]
    return tuple(out)


@functools.lru_cache(maxsize=64)
def _steps(size: int) -> tuple[tuple[int, float], ...]:
    """The Fisher–Yates steps for ``size`` items: each position from the last down to 1,
    with the number of positions it may swap with (as a float, for a float product)."""
    return tuple((i, float(i + 1)) for i in range(size - 1, 0, -1))


def derive_seed(seed: int, *path: int | str) -> int:
    """A seed for a later shuffle (hand 3, round 2, …), computed from ``seed`` and ``path``."""
    digest = hashlib.blake2b(repr((seed, *path)).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> (64 - SEED_BITS)


def fresh_seed() -> int:
    """A new random seed, for ``new_game(seed=None)``; it is stored in the state."""
    return random.SystemRandom().getrandbits(SEED_BITS)
