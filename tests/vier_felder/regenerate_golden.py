"""Regenerate the golden playthroughs.

Run ``PYTHONPATH=src python tests/vier_felder/regenerate_golden.py`` from the repository root.

A changed transcript is a rules (or render) change: explain it in the commit.
"""

from __future__ import annotations

from pathlib import Path

from fourgames import vier_felder as vf
from fourgames.testing import playthrough

GOLDEN = Path(__file__).parent / "golden"
PLAYTHROUGHS = {
    # name: (players, seed, options, max_actions); the 2-player games are played to the end
    "rulebook-2p-seed-1": (2, 1, vf.RULEBOOK, 1000),
    "rulebook-3p-seed-2": (3, 2, vf.RULEBOOK, 60),
    "rulebook-4p-seed-3": (4, 3, vf.RULEBOOK, 60),
    "volle-ernte-2p-seed-13": (2, 13, vf.VOLLE_ERNTE, 1000),
    "joker-sun-2p-seed-1": (2, 1, vf.JOKER_SUN, 40),
}


def transcript(name: str) -> str:
    players, seed, options, max_actions = PLAYTHROUGHS[name]
    return playthrough(vf, players, seed, options, max_actions=max_actions)


if __name__ == "__main__":
    for name in PLAYTHROUGHS:
        (GOLDEN / f"playthrough-{name}.txt").write_text(transcript(name), encoding="utf-8")
