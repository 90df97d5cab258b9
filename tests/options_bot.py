"""A player who uses nothing but what is offered (TABLE.md): an option, and for each of its fields a random
value the field allows. A strict game must accept every such input: the options are truthful."""

from companion.core.fields import conforms
from companion.sources import Source


def phones_at(claimed):
    """Each claimed seat held by a phone of its own (seat -> (its id, its name)), for Runtime.set_claimed."""
    return {seat: (f"phone{seat}", f"{seat}'s phone") for seat in claimed}


def from_seat(seat):
    """Where an input comes from: that seat's own phone (as `phones_at` names it), or the table (None)."""
    return Source() if seat is None else Source.of_phone(f"phone{seat}", f"{seat}'s phone", seat=seat)


def value_for(field, rng):
    """A random value that fits `field` (an enum's value, a bounded number, a list within its limits)."""
    assert conforms(field) is None, (field, conforms(field))
    if "enum" in field:
        return rng.choice(field["enum"])
    kind = field["type"]
    if kind == "integer":
        return rng.randint(field["minimum"], field["maximum"])
    if kind == "boolean":
        return rng.random() < 0.5
    if kind == "array":
        size = rng.randint(field.get("minItems", 0), min(field["maxItems"], field.get("minItems", 0) + 4))
        items = []
        for _ in range(50):
            if len(items) == size:
                break
            item = value_for(field["items"], rng)
            each = field.get("maxEach", size)
            most = each[field["items"]["enum"].index(item)] if isinstance(each, list) else each
            if field.get("uniqueItems") and item in items or items.count(item) >= most:
                continue
            items.append(item)
        return items
    return rng.choice(field["examples"])


def filled(option, rng):
    """The input that does `option` with random values for its fields (and the yes it asks for)."""
    action = {**option["action"], **{key: value_for(field, rng) for key, field in option["fields"].items()}}
    if option["confirm"]:
        action["confirm"] = True
    return action


def choices(rt, view, claimed):
    """(option, the seat whose phone does it, or None for the table): what each phone and the table offer now."""
    found = [(o, None) for o in view["options"]]
    for seat in claimed:
        found += [(o, seat) for o in rt.seat_view(seat)["options"]]
    return found


def pick(found, rng, keen=None):
    """A random choice, each kind of thing about as likely as another (`keen`: how much likelier a kind is,
    such as the ones that end a game); undoing and correcting now and then."""
    by_kind = {}
    for option, seat in found:
        kind = option["action"].get("action") or option["action"]["type"]
        by_kind.setdefault(kind, []).append((option, seat))
    if rng.random() > 0.03:
        by_kind = {k: v for k, v in by_kind.items() if k not in ("undo", "redo", "counter")} or by_kind
    kinds = sorted(by_kind)
    kind = rng.choices(kinds, weights=[(keen or {}).get(k, 1) for k in kinds])[0]
    return rng.choice(by_kind[kind])


def play_one(rt, rng, claimed=frozenset(), keen=None):
    """One offered option, filled in and done from where it is offered: it must be accepted. Its kind."""
    option, seat = pick(choices(rt, rt.view(), claimed), rng, keen)
    action = filled(option, rng)
    outcome = rt.submit(action, source=from_seat(seat))
    assert outcome.accepted, (option["label"], action, seat, outcome.reason)  # an offered option is accepted
    return action.get("action") or action["type"]


def pick_keen(found, rng, keen, off=0.004):
    """(option, seat) among what is offered, by the option's hint: `keen` how likely each kind is (1 if not
    named); a correction by hand (the rest of the Corrections group) only now and then."""
    weights = [keen.get(o["short"], 1) if o["group"] == "Play" or o["short"] in keen else off for o, _ in found]
    return rng.choices(found, weights=weights)[0]


def play_keen(rt, rng, claimed, keen):
    """One offered option, picked by `keen`, filled in and done where it is offered (it must be accepted):
    the option and the log it made."""
    option, seat = pick_keen(choices(rt, rt.view(), claimed), rng, keen)
    action = filled(option, rng)
    outcome = rt.submit(action, source=from_seat(seat))
    assert outcome.accepted, (option["label"], action, seat, outcome.reason)  # an offered option is accepted
    return option, outcome.log
