"""Seeded random games of every game, for checking that a change of the code's shape changes no behaviour.

    PYTHONHASHSEED=0 .venv/bin/python tests/seeded_games.py > before.txt
    (change the code)
    PYTHONHASHSEED=0 .venv/bin/python tests/seeded_games.py > after.txt && diff before.txt after.txt

Each game is played from what the table and every seat's phone offer (tests/options_bot.py), the offers sorted
by their kind, label and seat first, so that a list shown in another order picks the same input. It prints, for
each game, every input made, the log lines it wrote, the refusals met and the final result; and a digest of
each game at the end. Nothing here is a test: the suite's whole games are (tests/games/test_*_games.py)."""

import hashlib
import json
import random
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from options_bot import filled, from_seat, phones_at  # noqa: E402

from companion.games import GAMES  # noqa: E402
from companion.journal import Journal  # noqa: E402
from companion.runtime import Runtime  # noqa: E402

NAMES = ("Ada", "Bea", "Cy", "Dan", "Eve")
# (game, players, deck modes or None, inputs at most): real pieces and virtual decks, phones or the table.
GAMES_PLAYED = [
    ("patrons_of_venice", 4, None, 900),
    ("patrons_of_venice", 5, None, 900),
    ("master_of_venice", 3, {"deck": "virtual"}, 900),
    ("master_of_venice", 2, None, 600),
    ("palazzo", 3, None, 900),
    ("palazzo", 4, None, 900),
    ("la_venise_du_nord", 3, None, 900),
    ("la_venise_du_nord", 2, None, 900),
    ("merchant_venturers", 4, None, 900),
    ("merchant_venturers", 2, None, 600),
]
KEEN = {"deck_exhausted": 0.15, "bid": 3, "play": 2, "purchase": 3}


def _key(entry):
    option, seat = entry
    return (option["action"].get("action") or option["action"]["type"], option["label"], -1 if seat is None else seat)


def _choices(rt, claimed):
    found = [(o, None) for o in rt.view()["options"]]
    for seat in sorted(claimed):
        found += [(o, seat) for o in rt.seat_view(seat)["options"]]
    return sorted(found, key=_key)


def _pick(found, rng):
    by_kind = {}
    for option, seat in found:
        by_kind.setdefault(_key((option, seat))[0], []).append((option, seat))
    if rng.random() > 0.03:
        by_kind = {k: v for k, v in by_kind.items() if k not in ("undo", "redo", "counter")} or by_kind
    kinds = sorted(by_kind)
    kind = rng.choices(kinds, weights=[KEEN.get(k, 1) for k in kinds])[0]
    return rng.choice(by_kind[kind])


def play(game, n, modes, most, out):
    rng = random.Random(f"{game}/{n}")
    with tempfile.TemporaryDirectory() as folder:
        rt = Runtime(Journal(Path(folder) / "journal.sqlite3"), GAMES, rng=random.Random(n))
        rt.start()
        try:
            setup = {"players": [{"name": name, "age": 20 + 3 * k} for k, name in enumerate(NAMES[:n])]}
            if modes:
                setup["deck_modes"] = modes
            outcome = rt.submit({"type": "new_game", "game": game, "setup": setup})
            if not outcome.accepted:  # a game that asks no age
                setup["players"] = [{"name": p["name"]} for p in setup["players"]]
                outcome = rt.submit({"type": "new_game", "game": game, "setup": setup})
            print(f"# {game} {n} {modes}: {outcome.accepted} {outcome.reason}", file=out)
            claimed = frozenset(s for s in range(n) if rng.random() < 0.6)
            rt.set_claimed(phones_at(claimed))
            for k in range(most):
                view = rt.view()
                if view["over"]:
                    break
                found = _choices(rt, claimed)
                if not found:
                    print(f"{k} nothing offered at {view.get('step')}", file=out)
                    break
                option, seat = _pick(found, rng)
                action = filled(option, rng)
                outcome = rt.submit(action, source=from_seat(seat))
                print(f"{k} {seat} {json.dumps(action, sort_keys=True)}", file=out)
                print(f"  {outcome.accepted} {outcome.reason!r} {list(outcome.log)}", file=out)
            view = rt.view()
            print(f"= over={view['over']} step={view.get('step')} result={json.dumps(view.get('result'), sort_keys=True)}",
                  file=out)
            print(f"= players={json.dumps(view['players'], sort_keys=True, default=str)}", file=out)
        finally:
            rt.stop()
            rt.journal.close()


def main():
    digests = []
    for game, n, modes, most in GAMES_PLAYED:
        lines = []

        class Out:
            def write(self, text):
                lines.append(text)

        play(game, n, modes, most, Out())
        text = "".join(lines)
        sys.stdout.write(text)
        digests.append(f"{game} {n}: {hashlib.sha256(text.encode()).hexdigest()[:16]} ({text.count(chr(10))} lines)")
    print("\n".join(digests))


if __name__ == "__main__":
    main()
