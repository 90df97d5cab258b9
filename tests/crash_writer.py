"""A companion that plays free play as fast as it can and says ACK after each commit.

Run by the crash tests, which kill it with SIGKILL at random moments:
    python tests/crash_writer.py JOURNAL_PATH
It resumes the game in the journal (or starts one) and prints one line per
acknowledged input: "ACK <seq> <action as JSON>".
"""

import json
import sys

from companion.games import GAMES
from companion.journal import Journal
from companion.runtime import Runtime

ACTIONS = (
    {"type": "advance"},
    {"type": "counter", "name": "score", "seat": 0, "delta": 1},
    {"type": "draw", "deck": "cards"},
    {"type": "roll", "spec": "2d6"},
    {"type": "counter", "name": "score", "seat": 1, "delta": 2},
)


def main(path: str) -> None:
    runtime = Runtime(Journal(path), GAMES)
    runtime.start()
    if runtime.view()["game"] is None:
        runtime.submit({"type": "new_game", "game": "free_play", "setup": {"players": [{"name": "Ada"}, {"name": "Bea"}]}})
    i = 0
    while True:
        view = runtime.view()
        action = ACTIONS[i % len(ACTIONS)]
        if action["type"] == "draw" and view["decks"]["cards"]["out"]:
            action = {"type": "discard", "deck": "cards", "cards": view["decks"]["cards"]["out"]}
        outcome = runtime.submit(action)
        if outcome.accepted:
            print(f"ACK {outcome.seq} {json.dumps(outcome.action)}", flush=True)
        i += 1


if __name__ == "__main__":
    main(sys.argv[1])
