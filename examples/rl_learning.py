"""A small learning example in plain numpy: REINFORCE on Vier Jahreszeiten's Simplicity layout.

The policy is a softmax over the legal indices of the game's encoding, linear in one feature of
each index: its kind (turn, to a foundation, build, fill, run; the encoding's layout gives it),
so five weights. They are trained with REINFORCE and a running-mean baseline on the number of
cards that reach the foundations. It is evaluated, before and after training, on
deals no training game used, by the mean foundation count; the starting point, all weights
0, is the random policy. A game stops after `MOVES` moves, scored as it stands then (a poor
policy can shuffle cards between the twelve piles for a long time).

Run: python examples/rl_learning.py [--episodes N] [--evaluate N] [--seed S]
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from fourgames import vier_jahreszeiten as game
from fourgames.encoding import get_encoding
from fourgames.shuffle import derive_seed

OPTIONS = game.PRESETS["simplicity"]
ENCODING = get_encoding(game.GAME_ID)
MOVES = 300
"""The longest game played."""
PILES = 12
KINDS = np.array(
    [0] + [1] * 52 + [2 + block // (52 * PILES) for block in range(3 * 52 * PILES)],
    dtype=np.int64,
)
"""The kind of each index: turn, to a foundation, build, fill, run (0–4)."""

Move = tuple[int, npt.NDArray[np.int64], npt.NDArray[np.float64]]
"""A move made: its place among the legal indices, those indices and their probabilities."""


def episode(
    weights: npt.NDArray[np.float64], seed: int, rng: np.random.Generator
) -> tuple[int, list[Move]]:
    """One game from the deal ``seed``, each move drawn from the policy with ``rng``: the
    foundation count reached and the moves."""
    state = game.new_game(1, seed=seed, options=OPTIONS)
    moves: list[Move] = []
    while not game.is_terminal(state) and len(moves) < MOVES:
        decisions = ENCODING.decisions(state)
        legal = np.array(decisions.choices(), dtype=np.int64)
        logits = weights[KINDS[legal]]
        probabilities = np.exp(logits - logits.max())
        probabilities /= probabilities.sum()
        place = int(rng.choice(len(legal), p=probabilities))
        moves.append((place, legal, probabilities))
        state = game.apply_unchecked(state, decisions.actions[(int(legal[place]),)])
    return game.scores(state)[0], moves


def evaluate(
    weights: npt.NDArray[np.float64], seeds: Sequence[int], seed: int
) -> tuple[float, float]:
    """The mean foundation count over the deals ``seeds`` and its 95% half-width."""
    rng = np.random.default_rng(derive_seed(seed, "evaluate"))
    counts = np.array([episode(weights, deal, rng)[0] for deal in seeds], dtype=float)
    return float(counts.mean()), 1.96 * float(counts.std(ddof=1)) / math.sqrt(len(counts))


def train(episodes: int, seed: int, rate: float = 1.0) -> npt.NDArray[np.float64]:
    """Weights learned by REINFORCE over ``episodes`` training deals: each move's
    log-probability is raised by ``rate`` times the game's advantage over the running mean of
    the counts so far, as a share of the 52 cards."""
    weights = np.zeros(5)
    rng = np.random.default_rng(seed)
    baseline: float | None = None
    for number in range(episodes):
        count, moves = episode(weights, derive_seed(seed, "train", number), rng)
        if baseline is None:
            baseline = count
        advantage = (count - baseline) / 52
        baseline += (count - baseline) / (number + 1)
        for place, legal, probabilities in moves:
            gradient = -probabilities
            gradient[place] += 1
            np.add.at(weights, KINDS[legal], rate * advantage * gradient)
    return weights


def main(argv: Sequence[str] | None = None) -> None:
    """Train, and print the evaluation before and after."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--episodes", type=int, default=100, help="training games")
    parser.add_argument("--evaluate", type=int, default=200, help="evaluation deals")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args(argv)
    seeds = [derive_seed(args.seed, "evaluate", n) for n in range(args.evaluate)]
    assert len(KINDS) == ENCODING.num_actions(1, OPTIONS)
    before = evaluate(np.zeros(5), seeds, args.seed)
    learned = train(args.episodes, args.seed)
    after = evaluate(learned, seeds, args.seed)
    print(f"random policy:   {before[0]:5.2f} ± {before[1]:.2f} cards on the foundations")
    print(f"after {args.episodes} games: {after[0]:5.2f} ± {after[1]:.2f}")
    names = ("turn", "foundation", "build", "fill", "run")
    print("weights:", ", ".join(f"{name} {w:+.2f}" for name, w in zip(names, learned, strict=True)))


if __name__ == "__main__":
    main()
