"""Deal a game, look at it, play it out with random choices, save and replay it.

Run: python examples/quickstart.py [GAME]   (default: the first registered game)
"""

from __future__ import annotations

import random
import sys

import fourgames
from fourgames.testing import reference


def main(game_id: str | None = None) -> None:
    """Play one seeded game and show what the API gives back."""
    game = fourgames.get_game(game_id) if game_id else next(iter(fourgames.GAMES.values()), None)
    if game is None:
        game = reference
        fourgames.register_game(game)
    state = game.new_game(game.MIN_PLAYERS, seed=42)
    print(game.render(state))
    print("legal:", ", ".join(map(str, game.legal_actions(state))))

    rng = random.Random(0)
    record = fourgames.start_record(game, state)
    while not game.is_terminal(state):
        action = rng.choice(game.legal_actions(state))
        state = game.apply(state, action)
        record = record.append(action)
    print(
        f"\n{len(record.actions)} actions; scores {game.scores(state)}; "
        f"winners {sorted(game.winners(state))}"
    )

    text = fourgames.record_to_json(record)
    *_, replayed = fourgames.replay(fourgames.from_json(text), game)
    assert replayed == state
    print(f"the record ({len(text)} bytes of JSON) replays to the same final state")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else None)
