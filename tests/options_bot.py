"""A player who uses nothing but what is offered (TABLE.md): an option, and for each of its fields a random
value the field allows. A strict game must accept every such input: the options are truthful."""

import weakref

from companion.core.fields import PICKER_LIST, at_once, conforms
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
    record(rt, view, claimed)
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


# --- how long the lists are -------------------------------------------------------------------------------
# Each whole game played by this bot records, at each moment, the entries on each phone's list (the Play
# group as a phone lists it: companion.core.options.listed, which on_phone sends), the most options one entry holds, the presses
# the box needs to reach its farthest option (controls.farthest), and the most values any field lists (a field
# drawn as a picture aside). OPTION_COUNTS=path writes each game's max and p95 (tests/conftest.py).

LISTS: dict = {}  # game id -> {"phone": [...], "second": [...], "box": [...], "enum": [...]}
LONGEST = weakref.WeakKeyDictionary()  # runtime -> the most entries a phone's list had in its game


def entries(options):
    """The entries a phone lists for these options, corrections aside."""
    from companion.core.options import PHONE_LIST, listed
    return listed([o for o in options if o.get("group", "Play") == "Play"], PHONE_LIST, rows=True)


def _largest_enum(field):
    """The most values a picker of `field` shows at once: a grouped one's groups or its largest group."""
    if "grid" in field:
        return 0
    if "enum" in field and field.get("enumGroups") and len(field["enum"]) > PICKER_LIST:
        return at_once(field["enumGroups"])
    if "enum" in field:
        return len(field["enum"])
    return _largest_enum(field["items"]) if field.get("type") == "array" else 0


def record(rt, view, claimed):
    from companion import controls
    if view.get("game") is None:
        return
    tally = LISTS.setdefault(view["game"], {"phone": [], "second": [], "box": [], "enum": []})
    for seat in range(len(view["players"])):
        listed = entries(rt.seat_view(seat)["options"])
        # What NEXT and BACK do (Done, the phone's own undo) are not choices of the list: the core's `listed` does
        # not count them either.
        choices_ = [e for e in listed if not (len(e) == 1 and e[0].get("button"))]
        if listed:  # a phone with nothing to do shows no list
            tally["phone"].append(len(choices_))
            tally["second"].append(max(map(len, listed)))
            LONGEST[rt] = max(LONGEST.get(rt, 0), len(choices_))
    tally["box"].append(controls.farthest(view))
    fields = [f for o in view["options"] for f in o["fields"].values()]
    fields += [f for s in claimed for o in rt.seat_view(s)["options"] for f in o["fields"].values()]
    tally["enum"].append(max(map(_largest_enum, fields), default=0))


def figures():
    """max and p95 of each list per game: what the note reports."""
    def p95(values):
        values = sorted(values)
        return values[min(len(values) - 1, int(0.95 * len(values)))] if values else 0
    return {game: {k: (max(v, default=0), p95(v)) for k, v in tally.items()} for game, tally in sorted(LISTS.items())}


def assert_short_lists(rt, most=12):
    """No phone's list in this runtime's game held more than `most` entries (issue 44's goal), and lists were met."""
    assert 0 < LONGEST.get(rt, 0) <= most, LONGEST.get(rt, 0)
