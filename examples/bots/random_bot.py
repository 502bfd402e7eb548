"""A bot in its own process for ``--bot "exec:python3 examples/bots/random_bot.py"``.

It reads one JSON message a line on stdin and answers each ``choose`` with the index of a legal
action on stdout (docs/protocol.md). Its randomness is seeded by the game's number, so a game
plays the same on every worker.
"""

import json
import random
import sys

rng = random.Random(0)
for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "new-game":
        rng = random.Random(message["game"])
    elif message["type"] == "choose":
        legal = message["legal_actions"]
        print(json.dumps({"action": rng.randrange(len(legal))}), flush=True)
