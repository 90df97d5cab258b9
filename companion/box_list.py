"""What SELECT walks on the box's step page: the table's options as a short list (pure).

A list longer than BOX_LIST is shortened: the options with one `under` are one entry (ACTION opens it), and
where the box acts for several players at once, each player's are one. An entry opened is named in `under`, a
tuple, outermost first (an option's `under`, or a seat's number). NEXT walks a list back where it has nothing
of its own to do. A roll may be done with the dice thrown at the table (a keypad per die: controls).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from companion.core.options import BOX_LIST, listed

Under = tuple[str | int, ...]  # the entries opened, outermost first


def walk(view: dict[str, Any]) -> list[dict[str, Any]]:
    """The options SELECT walks, one by one: the table's plays; when there are none, what NEXT does (a roll-off,
    a step the companion does), so ACTION always does what the screen shows. A roll can also be done with the
    dice thrown at the table (right after it; in its place when NEXT rolls), each die's face on the keypad in turn
    (as the reader would read them: a roll-off's, La Venise du Nord's two). Not what only its player's own phone
    can fill in (palazzo's "My coins in hand", a list to tick of what he alone knows): nobody can do it at the box,
    and it would only lengthen the walk to everything else."""
    play = [o for o in view.get("options") or [] if o.get("group", "Play") == "Play" and not _own_phone_only(o)]
    walked = [o for o in play if not o.get("button")] or [o for o in play if o.get("button") == "NEXT"]
    out = []
    for o in walked:  # the dice thrown right after their roll; a roll NEXT does is NEXT's, ACTION takes the dice
        thrown = [_thrown(o, view)] if _keyed_roll(o) else []
        out += thrown if thrown and o.get("button") == "NEXT" else [o, *thrown]
    return out + [_thrown(o, view) for o in play if _keyed_roll(o) and o not in walked]


def _own_phone_only(option: dict[str, Any]) -> bool:
    return bool(option.get("private")) and not fillable(option)


def fillable(option: dict[str, Any]) -> bool:
    """Whether the buttons can fill every field of `option` (a list to tick, a name to type are a phone's)."""
    return all(fills(f) for f in (option.get("fields") or {}).values())


def fills(field: dict[str, Any]) -> bool:
    """Whether the buttons can fill `field`: its values walked or keyed, or a list named one value after another."""
    return choices(field) is not None or bool(in_turn(field))


def in_turn(field: dict[str, Any]) -> int:
    """The most values of a list the buttons name one after another, each as a field of one (0: not such a list):
    several dice thrown (`dice`), or a few different things from a list (`several`)."""
    return dice(field) or several(field)


def several(field: dict[str, Any]) -> int:
    """The most things `field` names from a list, each a different one, as the buttons name them one by one: those
    it needs, then each further one or none ("campi": the campo a building touches, then the second or none); 0
    when it is not such a list (a list to tick of more is a phone's)."""
    most, least, items = field.get("maxItems"), field.get("minItems", 0), field.get("items") or {}
    listed = field.get("type") == "array" and field.get("uniqueItems") is True and "enum" in items
    return most if listed and isinstance(most, int) and isinstance(least, int) and 0 <= least <= most and 1 < most <= MOST_IN_TURN else 0


def dice(field: dict[str, Any]) -> int:
    """How many dice thrown at the table `field` names, each on its own keypad in turn (0: it is not such a field;
    one die is a field of one value, `choices`): a list of exactly that many of a die's faces."""
    count, items = field.get("maxItems"), field.get("items") or {}
    keyed = field.get("type") == "array" and "enum" in items and isinstance(count, int) and field.get("minItems") == count
    return count if keyed and 1 < count <= MOST_IN_TURN else 0


def choices(field: dict[str, Any]) -> list[tuple[Any, str]] | None:
    """(value, label) for each value SELECT can walk in `field`; None when only a phone can fill it."""
    if "enum" in field:
        names = field.get("enumNames") or [_value_shown(v) for v in field["enum"]]
        return list(zip(field["enum"], map(str, names)))
    kind = field.get("type")
    if kind == "boolean":
        return [(True, "yes"), (False, "no")]
    if kind == "integer" and field["maximum"] - field["minimum"] <= 40:
        return [(v, f"{v:+d}" if field["minimum"] < 0 else str(v)) for v in range(field["minimum"], field["maximum"] + 1)]
    items = field.get("items") or {}
    if kind == "array" and field.get("maxItems") == 1 and "enum" in items:  # one thing named from a list
        one = [([v], label) for v, label in choices(items)]
        return one if field.get("minItems", 0) == 1 else [([], "none")] + one
    return None


def _value_shown(value: Any) -> str:
    return " ".join(map(str, value)) if isinstance(value, list) else str(value)


def shown(view: dict[str, Any], under: Under = ()) -> list[dict[str, Any]]:
    """What SELECT walks now: the table's options as entries (`_entries`), or what the entry opened (`under`,
    outermost first) holds."""
    options = walk(view)
    for key in under:
        inside = [o for o in options if _holds(key, o)]
        if not inside:
            break
        options = inside
    if under and not isinstance(under[-1], int):  # inside a first choice: its options
        return options
    return _entries(view, options, top=not under)


def _holds(key: str | int, option: dict[str, Any]) -> bool:
    return option["action"].get("seat") == key if isinstance(key, int) else option.get("under") == key


def _entries(view: dict[str, Any], options: list[dict[str, Any]], top: bool) -> list[dict[str, Any]]:
    """Each option on its own while there are BOX_LIST at most; else those listed under one first choice as one
    entry (named by their `under`: ACTION opens it), and at the top, where several players choose at once
    (the table acts for each), each player's as one entry."""
    mine = Counter(o["action"]["seat"] for o in options if type(o["action"].get("seat")) is int)  # each seat's
    if top and len(mine) > 1 and len(options) > BOX_LIST:
        names = [p["name"] for p in view.get("players", [])]
        out, seen = [], set()
        for o in options:
            seat = o["action"].get("seat")
            if type(seat) is not int or mine[seat] < 2:
                out.append(o)
            elif seat not in seen:
                seen.add(seat)
                out.append(_entry(f"{names[seat] if seat < len(names) else seat} ({mine[seat]})", seat))
        return out
    return [entry[0] if len(entry) == 1 else _entry(f"{entry[0]['under']} ({len(entry)})", entry[0]["under"])
            for entry in listed(options, BOX_LIST)]


def _entry(label: str, opens: str | int) -> dict[str, Any]:
    """A first choice on the list: ACTION opens it."""
    return {"label": label, "short": "Open", "action": {}, "fields": {}, "confirm": False, "rolls": "", "button": "",
            "opens": opens}


def backward(view: dict[str, Any], under: Under = ()) -> bool:
    """NEXT walks the list back when it has nothing of its own to do: inside an entry, or where NEXT is not
    offered (a choice to make)."""
    return bool(under) or on_button(view, "NEXT") is None


def farthest(view: dict[str, Any], under: Under = ()) -> int:
    """The presses from the first entry of the list to do the farthest option it reaches (the SELECTs forward or
    the NEXTs back, held where NEXT has a job of its own, and the ACTIONs that open the entries and do it; the
    fields aside)."""
    entries = shown(view, under)
    return max((min(k, len(entries) - k) + 1 + (farthest(view, under + (o["opens"],)) if "opens" in o else 0)
                for k, o in enumerate(entries)), default=0)


def keep_place(before: dict[str, Any], view: dict[str, Any], under: Under, option: int) -> tuple[Under, int]:
    """(the entries opened, where SELECT is) on `view` for what SELECT showed in `before` (the same step, its
    list changed: a card tapped, a coin taken): the first entry when that is gone; the entries opened stay open
    while offered."""
    old = shown(before, under)
    path: Under = ()
    for key in under:
        if not any(o.get("opens") == key for o in shown(view, path)):
            break
        path += (key,)
    if path != under or not old:
        return path, 0
    # An entry is known by what it opens, whose label counts what is in it ("The tile turned up is Moons (6)", then
    # "(5)" once one is named): SELECT stays on it.
    was = old[option % len(old)]
    key = was.get("opens") or was["label"]
    return under, next((i for i, o in enumerate(shown(view, under)) if (o.get("opens") or o["label"]) == key), 0)


def first_choice(view: dict[str, Any], under: Under, option: int) -> str | int | None:
    """The entry of the list SELECT is on, at the top: what it opened (an `under`, a seat), or the option's label;
    None on what NEXT or BACK do (they have their buttons)."""
    if under:
        return under[0]
    entries = shown(view)
    entry = entries[option % len(entries)] if entries else {"button": "none"}
    return None if entry.get("button") else entry.get("opens", entry["label"])


def place_of(view: dict[str, Any], choice: str | int | None) -> int:
    """Where SELECT starts on the list: on `choice` (a `first_choice`) where it is listed, or the first option
    listed under it (a short list shows them one by one), else on the first entry."""
    if choice is None:
        return 0
    return next((k for k, e in enumerate(shown(view)) if choice in (e.get("opens", e["label"]), e.get("under"))), 0)


# The most values the buttons name one after another: the dice of a roll thrown at the table (a roll-off of six
# players), the things a list names.
MOST_IN_TURN = 6


def _keyed_roll(option: dict[str, Any]) -> bool:
    count = (option.get("rolls") or "").split("d")[0]
    return count.isdigit() and 0 < int(count) <= MOST_IN_TURN and not option.get("fields")


def _thrown(option: dict[str, Any], view: dict[str, Any]) -> dict[str, Any]:
    """`option` done with the dice thrown at the table: their faces are the one field, as a phone enters them (one
    die: a keypad; several: a keypad for each in turn, titled with whose die it is in a roll-off)."""
    key = "values" if option["action"].get("type") in ("roll", "rolloff") else "dice"
    count, sides = (int(n) for n in option["rolls"].split("d"))
    items: dict[str, Any] = {"enum": list(range(1, sides + 1))}
    if len(option.get("faces") or ()) == sides:  # named the game's way (palazzo's piecepack die: ace ... null)
        items["enumNames"] = list(option["faces"])
    field: dict[str, Any] = {"title": "the die thrown" if count == 1 else "the dice thrown", "type": "array",
                             "items": items, "minItems": count, "maxItems": count}
    rolloff = view.get("rolloff") or {}
    if option["action"].get("type") == "rolloff" and len(rolloff.get("contenders") or ()) == count:
        names = [p["name"] for p in view.get("players") or []]
        field["itemNames"] = [names[s] if s < len(names) else f"Seat {s + 1}" for s in rolloff["contenders"]]
    return {**option, "label": f"{option['label']}: {'a die' if count == 1 else 'dice'} thrown", "short": "Dice"
            if count > 1 else "Die", "button": "", "confirm": False, "action": {**option["action"], "source": "physical"},
            "fields": {key: field}}


def on_button(view: dict[str, Any], button: str) -> dict[str, Any] | None:
    return next((o for o in view.get("options") or [] if o.get("button") == button), None)
