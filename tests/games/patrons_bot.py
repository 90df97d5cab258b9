"""A table of players for The Patrons of Venice that plays only from what is offered: each seat's own phone
(its options, private ones included) and the table's options (the buttons and the table page), with random
valid values for every field (options_bot). Used by the whole-game tests."""

from __future__ import annotations

from options_bot import filled

DECK = {"Lumber 2": 8, "Wool 2": 8, "Iron 3": 8, "Hemp 2": 8, "Silk 4": 9, "Grain 1": 8, "Wine 2": 8,
        "Pepper 3": 8, "Pirates!": 4}  # 65 goods and 4 Pirates!: a table's own list (the rulebook has none)
# How much likelier a player is to do something than to let it go (a table that never sponsors never ends).
KEEN = {"sponsor": 3, "produce": 4, "buy": 2}


def setup(n: int, virtual: bool, **extra):
    players = [{"name": name, "age": age} for name, age in zip(("Ada", "Bea", "Cy", "Dan", "Eve"), (41, 9, 35, 12, 60))][:n]
    out = {"players": players, **extra}
    if virtual:
        out |= {"deck_modes": {"raw_goods": "virtual"}, "compositions": {"raw_goods": DECK}}
    return out


def choices(rt, view, claimed):
    """(option, the seat whose phone does it, or None for the table): what each phone and the table offer now."""
    found = [(o, None) for o in view["options"]]
    for seat in claimed:
        found += [(o, seat) for o in rt.seat_view(seat)["options"]]
    return found


def pick(found, rng):
    """A random choice, each kind of thing about as likely as another (selling, buying, letting it go), the
    ones that end a game likelier; undoing and correcting now and then."""
    by_kind = {}
    for option, seat in found:
        kind = option["action"].get("action") or option["action"]["type"]
        by_kind.setdefault(kind, []).append((option, seat))
    if rng.random() > 0.03:
        by_kind = {k: v for k, v in by_kind.items() if k not in ("undo", "redo", "counter")} or by_kind
    kinds = sorted(by_kind)
    kind = rng.choices(kinds, weights=[KEEN.get(k, 1) for k in kinds])[0]
    return rng.choice(by_kind[kind])


def play_one(rt, rng, claimed=frozenset()):
    """One offered option, filled in and done from where it is offered: it must be accepted. Its kind."""
    option, seat = pick(choices(rt, rt.view(), claimed), rng)
    action = filled(option, rng)
    outcome = rt.submit(action, seat=seat)
    assert outcome.accepted, (option["label"], action, seat, outcome.reason)  # an offered option is accepted
    return action.get("action") or action["type"]
