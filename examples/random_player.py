#!/usr/bin/env python3
"""A random player for ashtapada's JSON-lines protocol (`simulate --agents cmd:...`).

Reads one JSON object per line on standard input. A "game" message starts a game and
carries a seed; each "turn" message lists the legal actions, and the player answers one
line, {"action": "..."}, with an action chosen uniformly at random, preferring captures
when given `--captures`. Standard library only; the same seed gives the same choices, so a
seeded `simulate` run gives the same report twice.

    ashtapada simulate chaturaji --agents "random,cmd:python3 examples/random_player.py,random,random"
"""

import json
import random
import sys

PROTOCOL = 1


def main() -> None:
    prefer_captures = "--captures" in sys.argv[1:]
    rng = random.Random(0)
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] == "game":
            if message["protocol"] != PROTOCOL:
                sys.exit(f"random_player: protocol {message['protocol']} is not {PROTOCOL}")
            rng = random.Random(message["seed"])
        elif message["type"] == "turn":
            legal = message["legal"]
            if prefer_captures:
                legal = [a for a in legal if a.get("capture")] or legal
            choice = legal[rng.randrange(len(legal))]
            print(json.dumps({"action": choice["action"]}), flush=True)
        # Other messages ("resigned", and any a later version adds) need no answer.


if __name__ == "__main__":
    main()
