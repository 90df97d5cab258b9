"""What the four buttons (and the knob) do, and which screen shows: pure.

`press(view, panel, role, long)` takes the public table view, the panel's own
small state (which page, which option is selected) and one button press, and
returns the new panel state, the action to submit (or None) and a prompt to
show (or None). Nothing here touches hardware or threads.

On the step page (BACK, SELECT, ACTION, NEXT, left to right):
  NEXT     the option offered for NEXT (its `short` is NEXT's hint), if any; held: pass,
           where the step counts passes
  BACK     the option offered for BACK (undo); if it asks first, hold BACK to confirm
  SELECT   the next of the table's options (those listed under one first choice are one
           entry: ACTION opens it, SELECT walks its options, BACK leaves it); held: the
           scores, then the counters
  ACTION   do the selected option (asked twice if it ends the game, say); held: counters.
           An option with fields opens the picker: SELECT walks the first field's
           values (a number of more than ten values: held, five at a time; NEXT walks
           back), ACTION takes one and goes on to the next field, BACK leaves it;
           the last field's ACTION does the option; a field with one value is taken as it stands,
           without a press. A few values with short names
           (a die's face, a coin turned up, a field's own `enumShort`; a long one's groups
           first; several dice thrown, one die after another) are a keypad: BACK, SELECT
           and ACTION name the first three (NEXT: the rest on the same buttons), held BACK leaves. So are the few options of an entry
           opened that have short hints of their own. A field only a phone can fill (a list to tick, a name to
           type) is named, not done.
On the counters page NEXT and BACK add and take one (held: five), SELECT moves
to the next counter, ACTION closes it. The knob changes a counter: the first
detent opens the counters page at the acting player's first counter.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, replace
from typing import Any

from companion import box_list
from companion.box_list import BOX_LIST, choices, dice, fillable, fills, in_turn, on_button
from companion.core.fields import KEY_WORD, KEYPAD, SEEN, groups_each, json_key
from companion.core.ranking import competition_positions
from companion.core.words import PARTS, listing, sentence
from companion.screens import (
    PLACE,
    WIDTH,
    AlertScreen,
    CountersScreen,
    PairingScreen,
    ResultScreen,
    ScoresScreen,
    Screen,
    StepScreen,
    doing_fits,
    step_fits,
    text_width,
)

PAGES = ("step", "scores", "counters", "pair")
SCORE_ROWS_WITH_HINTS = 5  # the scores page's rows over a line of hints (7 without: companion.screens)
ORDINALS = ("1st", "2nd", "3rd", "4th", "5th", "6th")  # the values a list names in turn (box_list.MOST_IN_TURN)
# The box's four buttons, left to right under the panel (the order of the screens' hints).
ROLES = ("back", "select", "action", "next")


@dataclass(frozen=True)
class Pick:
    """Filling an option's fields on the buttons: the option (by its label), the values chosen so far,
    and the value SELECT is on in the next field."""

    label: str
    chosen: tuple[tuple[str, Any], ...] = ()
    at: int = 0
    group: str | None = None  # a long field's group of values opened (its `enumGroups`: "Bea", "next to Flax")
    named: tuple[Any, ...] = ()  # what a list named in turn holds so far: dice's faces, campi (`box_list.in_turn`)


@dataclass(frozen=True)
class Panel:
    page: str = "step"
    option: int = 0  # index into the step's options
    focus: int = 0  # index into the counter rows
    confirm: str | None = None  # "undo", "option", "next" or "costly": waiting for the confirming press
    pick: Pick | None = None
    chosen: tuple[tuple[str, Any], ...] = ()  # a picked option's values, waiting for its confirming press
    # The entries opened, outermost first (an option's `under`, or a seat's number where several play at once):
    # SELECT walks what the last one holds.
    under: tuple[str | int, ...] = ()


@dataclass(frozen=True)
class Reply:
    panel: Panel
    action: dict[str, Any] | None = None
    prompt: AlertScreen | None = None
    notice: str = ""  # why the press did nothing, said over the hints for a moment (a key with no word over it)


def press(view: dict[str, Any], panel: Panel, role: str, long: bool) -> Reply:
    if view.get("game") is None:
        return Reply(Panel(), prompt=AlertScreen("No game", "Start a game from the phone."))
    if panel.confirm is not None:
        return _confirming(view, panel, role, long)
    if panel.page == "counters":
        return _on_counters(view, panel, role, long)
    if panel.page == "pair":
        return Reply(replace(panel, page="step"))
    if panel.page == "scores":
        if role == "select" and long:
            return Reply(_counters_at(view, panel))
        return Reply(replace(panel, page="step"))
    return _on_step(view, panel, role, long)


def turn(view: dict[str, Any], panel: Panel, steps: int) -> Reply:
    """The knob: change the focused counter, opening the counters page first."""
    rows = counter_rows(view)
    panel = replace(panel, confirm=None)  # turning the knob is not the confirming press
    if view.get("game") is None or not rows:
        return Reply(panel)
    if panel.page != "counters":
        return Reply(_counters_at(view, panel))
    return Reply(panel, _change(rows, panel.focus, steps))


def walk(view: dict[str, Any]) -> list[dict[str, Any]]:
    """The table's options SELECT may reach, one by one (companion.box_list)."""
    return box_list.walk(view)


def shown(view: dict[str, Any], panel: Panel) -> list[dict[str, Any]]:
    """What SELECT walks now (companion.box_list)."""
    return box_list.shown(view, panel.under)


def farthest(view: dict[str, Any]) -> int:
    """The presses to the farthest option on the step page (companion.box_list)."""
    return box_list.farthest(view)


def keep_place(before: dict[str, Any], view: dict[str, Any], panel: Panel) -> Panel:
    """The panel on `view` with SELECT on what it showed in `before` (companion.box_list.keep_place)."""
    under, option = box_list.keep_place(before, view, panel.under, panel.option)
    return replace(panel, under=under, option=option)


def on_phones(view: dict[str, Any]) -> list[str]:
    """The players the table waits for who play on their own phones (their seats are their phones': the
    buttons do not act for them)."""
    held = {h["seat"] for h in view.get("held") or []}
    players = view.get("players", [])
    return [players[s]["name"] for s in view.get("acting", []) if s in held and s < len(players)]


def _while_on_phones(view: dict[str, Any], option: dict[str, Any]) -> dict[str, Any]:
    """What NEXT does, asked first while players the table waits for play on their phones: a stray press must
    not end the step under them. A step that says itself what NEXT would leave undone (its option asks then, in
    its own words) is not asked about again when nothing is."""
    names = on_phones(view)
    if option.get("button") != "NEXT" or option.get("confirm") or not names or view.get("step_asks"):
        return option
    who = listing(names)
    return {**option, "confirm": True, "label": f"{who} still {'plays' if len(names) == 1 else 'play'} on "
                                               f"{'a phone' if len(names) == 1 else 'phones'}. {option['label']}"}


def _on_phones_alert(view: dict[str, Any]) -> AlertScreen:
    names = on_phones(view)
    if len(names) == 1:
        seat = next(s for s in view.get("acting", []) if view["players"][s]["name"] == names[0])
        phone = next(h["phone"] for h in view.get("held") or [] if h["seat"] == seat)
        return AlertScreen("On the phone", f"{names[0]} plays on the phone “{phone}”.")
    return AlertScreen("On the phone", f"{listing(names)} play on their phones.")


def _on_step(view: dict[str, Any], panel: Panel, role: str, long: bool) -> Reply:
    if panel.pick is not None:
        return _picking(view, panel, role, long)
    options = shown(view, panel)
    if panel.under and _keyed(options) and (role in KEYS or role == "next") and (
            not long or role == "back" or role in _keys_for(len(options))[len(KEYS):]):  # held NEXT, a fourth key
        return _on_keys(view, panel, options, role, long)
    # NEXT walks the list back where it has nothing of its own to do; held, it walks back anywhere (never NEXT's job).
    if role == "next" and (long or box_list.backward(view, panel.under)) and not view.get("over"):
        if len(options) > 1:
            return Reply(replace(panel, option=(panel.option - 1) % len(options)))
        if long:
            return Reply(panel)
    if role == "next":
        if view.get("over"):
            return Reply(panel, prompt=AlertScreen("Game over", sentence(view.get("ended") or "")))
        option = on_button(view, "NEXT")
        if option is None and not options and on_phones(view):
            return Reply(panel, prompt=_on_phones_alert(view))
        if option is None:
            return Reply(panel, prompt=AlertScreen("Choose", "NEXT does nothing here: choose with SELECT, then ACTION."))
        return _do(panel, _while_on_phones(view, option), "next")
    if role == "back" and panel.under:
        return _leave(view, panel)
    if role == "back":
        option = on_button(view, "BACK")
        if option is None:
            return Reply(panel, prompt=AlertScreen("Undo", "Nothing to undo."))
        if option["confirm"] and not long:
            # Headed "Undo?": the label's own "Undo: " would say it twice, in the room the last words need.
            prompt = AlertScreen("Undo?", f"{option['label'].removeprefix('Undo: ')} Hold BACK to take it back.",
                                 ("Hold", "", "", "Keep"))
            return Reply(replace(panel, confirm="undo"), prompt=prompt)
        return Reply(panel, dict(option["action"]) | ({"confirm": True} if option["confirm"] else {}))
    if role == "select":
        if long:
            return Reply(replace(panel, page="scores"))
        if len(options) < 2:  # nothing to walk to: said, not lost
            return Reply(panel, notice="Only choice" if options else "Nothing to choose")
        return Reply(replace(panel, option=(panel.option + 1) % len(options)))
    # action
    if long:
        return Reply(_counters_at(view, panel))
    if not options:
        return Reply(panel, prompt=_on_phones_alert(view) if on_phones(view) else
                     AlertScreen("Nothing to do", "Nothing to choose here now."))
    option = options[panel.option % len(options)]
    if "opens" in option:
        return Reply(replace(panel, under=panel.under + (option["opens"],), option=0))
    if option.get("fields"):
        return _open(view, panel, option)
    return _do(panel, _while_on_phones(view, option), "option")


def _open(view: dict[str, Any], panel: Panel, option: dict[str, Any]) -> Reply:
    """An option with fields chosen: its picker, SELECT on the first field's values (or why only a phone can)."""
    phone_only = next((f.get("title", k) for k, f in option["fields"].items() if not fills(f)), None)
    if phone_only is not None:
        return Reply(panel, prompt=AlertScreen("On the phone", f"{option['label']}: do it on a phone ({phone_only})."))
    return _fill(panel, option, Pick(option["label"]))


def _leave(view: dict[str, Any], panel: Panel) -> Reply:
    """Out of the entry opened, SELECT on it."""
    outer = replace(panel, under=panel.under[:-1])
    at = next((k for k, o in enumerate(shown(view, outer)) if o.get("opens") == panel.under[-1]), 0)
    return Reply(replace(outer, option=at))


def _on_keys(view: dict[str, Any], panel: Panel, options: list[dict[str, Any]], role: str, long: bool) -> Reply:
    """An entry opened as a keypad (`_keyed`): BACK, SELECT and ACTION do the first three, NEXT turns to the rest (or
    does the fourth of four); held BACK leaves it."""
    if role == "back" and long:
        return _leave(view, panel)
    if role == "next" and "next" not in _keys_for(len(options)):
        return Reply(replace(panel, option=panel.option + 1)) if len(options) > 3 else _blank_key(panel, role)
    face = _key(panel.option, role, len(options))
    if face is None:
        return _blank_key(panel, role)
    if options[face].get("fields"):  # its fields next, as ACTION on it in a list opens them
        return _open(view, panel, options[face])
    return _do(panel, _while_on_phones(view, options[face]), "option")


def _do(panel: Panel, option: dict[str, Any], confirm: str, chosen: tuple[tuple[str, Any], ...] = ()) -> Reply:
    """Do `option` with the values `chosen` for its fields, or ask first when it says so."""
    if option["confirm"]:
        prompt = AlertScreen("Sure?", f"{option['label']}: press {confirm.upper() if confirm == 'next' else 'ACTION'} again to do it.",
                             ("No", "", "Yes", "No") if confirm != "next" else ("No", "", "No", "Yes"))
        return Reply(replace(panel, confirm=confirm, chosen=chosen, pick=None), prompt=prompt)
    return Reply(replace(panel, pick=None, under=()), dict(option["action"]) | dict(chosen))


def _confirming(view: dict[str, Any], panel: Panel, role: str, long: bool) -> Reply:
    """The press after a question: only the confirming press acts; any other cancels."""
    waiting, chosen, panel = panel.confirm, panel.chosen, replace(panel, confirm=None, chosen=())
    if waiting == "undo" and role == "back" and long:
        option = on_button(view, "BACK")
        return Reply(panel, dict(option["action"]) | {"confirm": True} if option else None)
    if waiting == "next" and role == "next" and not long:
        option = on_button(view, "NEXT")
        return Reply(panel, dict(option["action"]) | {"confirm": True} if option else None)
    if waiting == "costly" and role == "action" and not long:  # the table asked: it spends more than a few coins
        return Reply(panel, dict(chosen) | {"confirm": True})
    options = shown(view, panel)
    if waiting == "option" and role == "action" and not long and options:
        option = options[panel.option % len(options)]
        return Reply(replace(panel, under=()), dict(option["action"]) | dict(chosen) | {"confirm": True})
    return Reply(panel, notice="Kept" if waiting == "undo" else "Not done")  # said, so the next press is not blind


# --- filling an option's fields on the buttons ---------------------------------------------------------


FAST = 5  # how far a held SELECT (or NEXT, back) goes in a wide number: a bid of 20 Gold in 4 presses, not 20
WIDE = 10  # values a number has, more than which it is wide


def _wide_number(field: dict[str, Any]) -> bool:
    """A number with more than `WIDE` values (a bid of Gold): walked one at a time, or five held."""
    return "enum" not in field and field.get("type") == "integer" and len(choices(field) or []) > WIDE


def _key_names(field: dict[str, Any], pick: Pick | None = None) -> list[str] | None:
    """The names of a field's values on the keypad, or None when it is walked: a few values with short names, one of
    which is named (a die's face, 1 to 6; a coin turned up: null, ace, 2 ... 5; a field's own `enumShort`, a
    payment's "Exact" or "Over"), each picked with one press on a button, on up to three pages (the first three
    over BACK, SELECT and ACTION, then the next three: NEXT turns the page, held it turns back). A long field with
    `enumShort` and groups of short names (or `groupShort`: "Wool Flax Mkt") is a keypad of its groups, then of the
    group's values (`pick`: the group open), each named as in that group where its `enumShort` names it per group."""
    items = field.get("items") or {}
    one = field.get("type") == "array" and field.get("minItems") == field.get("maxItems") == 1 and "enum" in items
    named = _values(field, pick or Pick("")) if one or "enum" in field else None
    most = KEYPAD if "enumShort" in field else 2 * len(KEYS)  # three pages where the field names its values itself
    if not named or not 1 < len(named) <= most:  # (checked first: this runs for every frame of a picker)
        return None
    shorts = field.get("enumShort") if "enum" in field and len(field.get("enumShort") or ()) == len(field["enum"]) else None
    if isinstance(named[0][0], _GROUP):
        if not shorts:  # a long field without short names: walked, its groups too
            return None
        group_short = field.get("groupShort") or {}
        names = [group_short.get(v.name, v.name) for v, _ in named]
    elif shorts:
        group = (pick.group if pick else None)
        each = groups_each(field["enumGroups"]) if group is not None else []
        short_of = {json_key(e): n if isinstance(n, str) else n[each[k].index(group)] if group in (each[k] if each else ())
                    else None for k, (e, n) in enumerate(zip(field["enum"], shorts))}
        names = [short_of[json_key(v)] for v, _ in named]
        if None in names:  # named only within its groups, and none is open
            return None
    else:
        names = [label for _, label in named]
    fits = len(set(names)) == len(names) and all(0 < len(n) <= KEY_WORD for n in names)
    return names if fits else None


def _keypad(field: dict[str, Any], pick: Pick | None = None) -> bool:
    return _key_names(field, pick) is not None


KEYS = ("back", "select", "action")  # the buttons that name a value on the keypad, left to right


def _keys_for(faces: int) -> tuple[str, ...]:
    """The buttons that name the values of a keypad of `faces` values: BACK, SELECT and ACTION, with NEXT turning the
    page; all four where there are just four (no page to turn: palazzo's yard, a payment, a suit)."""
    return (*KEYS, "next") if faces == len(KEYS) + 1 else KEYS


def _pages(faces: int) -> int:
    return max(1, -(-faces // len(_keys_for(faces))))


def _key(at: int, role: str, faces: int) -> int | None:
    """The place (from 0) of the value a press names on the keypad's page (`at`, counted round the pages: 0 for the
    first three, 1 for the next, ...); None for none."""
    keys = _keys_for(faces)
    face = len(keys) * (at % _pages(faces)) + keys.index(role) if role in keys else None
    return face if face is not None and face < faces else None


def _blank_key(panel: Panel, role: str) -> Reply:
    """A keypad's button with nothing over it (the last page's blank, NEXT with no page to turn): said, not lost."""
    return Reply(panel, notice=f"Nothing on {role.upper()}")


def _keyed(options: list[dict[str, Any]]) -> bool:
    """The options of an entry opened are a keypad when they are a few, each with a short hint of its own (a coin's
    value, a tile's face, a yard tile to buy): each is chosen with one press, as a field's few values are named
    (`_keypad`); one with fields then opens them."""
    shorts = [o.get("short", "") for o in options]
    return (1 < len(options) <= 6 and len(set(shorts)) == len(shorts) and all(0 < len(h) <= KEY_WORD for h in shorts)
            and not any("opens" in o for o in options))


def _keys_shown(names: list[str], at: int) -> tuple[str, tuple[str, str, str, str]]:
    """A keypad on the screen: the line naming what BACK, SELECT and ACTION name on this page, and the hints (NEXT:
    the next page, where there is one; the line leaves it to its hint, so the title above keeps two lines; of four
    names, NEXT's own)."""
    if len(_keys_for(len(names))) > len(KEYS):  # a key on every button: the four on one line where they fit it, else
        line = " ".join(names)                   # only over the buttons (the title keeps its lines)
        return _marked(line) if text_width(line) <= WIDTH - 1 else "", (names[0], names[1], names[2], names[3])
    pages = _pages(len(names))
    page = at % pages
    keys = (names[3 * page:3 * page + 3] + ["", "", ""])[:3]
    after = (page + 1) % pages
    rest = names[3 * after:3 * after + 3] if pages > 1 else []
    return _marked(" ".join(keys).strip()), (keys[0], keys[1], keys[2], _span(rest))


def _marked(line: str) -> str:
    """A keypad's line, "► " in front where that still fits on one line (else without: the title keeps two)."""
    return f"► {line}" if text_width(f"► {line}") <= WIDTH - 1 else line


def _span(rest: list[str]) -> str:
    """NEXT's hint on a keypad: what the next page names. A run of numbers upwards reads as one ("4-6", a die's
    faces; "N4-N6", ports of one world); other names side by side where they fit ("5 4", never "5-4", which reads
    as a score), else "More"."""
    if not rest:
        return ""
    split = [re.fullmatch(r"(\D*)(\d+)", n) for n in rest]  # "4", or a port's "N4": a word, then a number
    numbers = [int(m.group(2)) if m else None for m in split]
    same_word = None not in split and len({m.group(1) for m in split}) == 1
    if len(rest) > 1 and same_word and numbers == list(range(numbers[0], numbers[0] + len(rest))) \
            and len(f"{rest[0]}-{rest[-1]}") <= KEY_WORD:
        return f"{rest[0]}-{rest[-1]}"
    side_by_side = " ".join(rest)
    return side_by_side if len(side_by_side) <= KEY_WORD else "More"


def _hinted(title: str, hint: str, doing: str) -> str:
    """A keypad's title with how to leave it, "(hold BACK to leave)", where both fit whole on the lines the keypad
    leaves; else the title alone, whole (held BACK leaves every keypad: docs/hardware.md)."""
    hinted = f"{title} ({hint})"
    return hinted if step_fits(hinted, doing) else title


def _starts_at(field: dict[str, Any]) -> int:
    """Where SELECT starts in `field`: at its default (what the table holds now), else at the first choice."""
    values = [v for v, _ in choices(field) or []]
    return values.index(field["default"]) if "default" in field and field["default"] in values else 0


def _picking(view: dict[str, Any], panel: Panel, role: str, long: bool = False) -> Reply:
    pick = panel.pick
    option = next((o for o in walk(view) if o["label"] == pick.label), None)
    key = next((k for k in option["fields"] if k not in dict(pick.chosen)), None) if option else None
    field = _naming(option["fields"][key], pick) if key is not None else {}
    keypad = key is not None and _keypad(field, pick)
    if key is not None and role == "back" and pick.group is not None and (long or not keypad):  # back to the groups,
        # on the one left (held, from a group's keys)
        groups = [v for v, _ in _values(field, replace(pick, group=None))]
        at = groups.index(_GROUP(pick.group))  # on a keypad of the groups, its page
        keyed = _keypad(field, replace(pick, group=None))
        return Reply(replace(panel, pick=replace(pick, group=None, at=at // len(KEYS) if keyed else at)))
    if option is None or key is None or (role == "back" and (long or not keypad)):  # held on the keypad: BACK is 1
        left = replace(panel, pick=None)
        # Opened from an entry's keys (palazzo's yard tiles), leaving leaves those keys too: on them every button,
        # NEXT too, would choose again at the next stray press.
        return _leave(view, left) if left.under and _keyed(shown(view, left)) else Reply(left)
    values = _values(field, pick)
    if keypad:
        if role == "next" and "next" not in _keys_for(len(values)):  # the next page (held: the one before)
            if len(values) <= len(KEYS):
                return _blank_key(panel, role)
            return Reply(replace(panel, pick=replace(pick, at=pick.at + (-1 if long else 1))))
        face = _key(pick.at, role, len(values))
        if face is None:
            return _blank_key(panel, role)
        value = values[face][0]
    elif role in ("select", "next"):  # NEXT walks back; held, a wide number goes by five
        by = FAST if long and _wide_number(field) else 1
        return Reply(replace(panel, pick=replace(pick, at=(pick.at + (by if role == "select" else -by)) % len(values))))
    else:
        value = values[pick.at % len(values)][0]
    if isinstance(value, _GROUP):  # a group opened: its values; a group of one value is that value
        inside = _values(field, replace(pick, group=value.name))
        if len(inside) > 1:
            return Reply(replace(panel, pick=replace(pick, group=value.name, at=0)))
        value = inside[0][0]
    return _chose(panel, option, pick, key, value)


@dataclass(frozen=True)
class _GROUP:
    """A group of a long field's values, walked before its values."""
    name: str


def _values(field: dict[str, Any], pick: Pick) -> list[tuple[Any, str]]:
    """What SELECT walks in `field`: its values; for a long one with `enumGroups`, its groups ("Bea (5)") until
    one is opened, then that group's values."""
    items = field.get("items") or {}
    one = field.get("type") == "array" and field.get("minItems") == field.get("maxItems") == 1  # one thing named
    values, groups = choices(field) or [], field.get("enumGroups") or (items.get("enumGroups") if one else None)
    if not groups or len(values) <= BOX_LIST:
        return values
    each = groups_each(groups)  # a value may be in several groups
    if pick.group is not None:
        return [v for v, g in zip(values, each) if pick.group in g] or values
    count = Counter(g for gs in each for g in gs)
    order = list(field.get("groupShort") or ())  # the groups on the keys in its order, where it gives one
    # Else the likeliest first ("Seen in this game": `likeliest_first`), then each where it first comes among the
    # other values: in their own order whatever was seen (a hand that walks to Hemp finds it where it was last time).
    first: dict[str, int] = {}
    for i, gs in sorted(enumerate(each), key=lambda item: SEEN in item[1]):  # stable: the seen values' groups last
        for g in gs:
            first.setdefault(g, i if SEEN not in gs else len(each) + i)
    return [(_GROUP(g), f"{g} ({count[g]})") for g in sorted(
        count, key=lambda g: (g != SEEN, order.index(g) if g in order else len(order), first[g]))]


def _naming(field: dict[str, Any], pick: Pick) -> dict[str, Any]:
    """The field as its keypad or list names it now, one value of a list named in turn (`box_list.in_turn`), then
    those named so far: of several dice thrown, the next die ("Bea's die · Ada 5" in a roll-off, whose `itemNames`
    say whose each die is; else "2nd die · 1st 2"), whose die it is first, so that a line too short for all keeps
    it; of a few different things (the campi a building touches), one not named yet, or none once the list holds
    those it needs ("2nd campo touched · 1st Campo San Polo")."""
    count, k = in_turn(field), len(pick.named)
    if not count:
        return field
    items = field["items"]
    faces = {json_key(v): name for v, name in choices(items) or []}
    whose = field.get("itemNames") if len(field.get("itemNames") or ()) == count else None
    names = whose or ORDINALS
    said = [f"{names[j]} {faces.get(json_key(v), v)}" for j, v in enumerate(pick.named)]
    if dice(field):
        title = f"{names[k]}'s die" if whose else f"{names[k]} die"
        return {"title": PARTS.join([title, *said]), "type": "array", "items": items, "minItems": 1, "maxItems": 1}
    left = [v for v in items["enum"] if v not in pick.named]
    return {"title": PARTS.join([f"{names[k]} {items.get('title') or field.get('title', 'one')}", *said]),
            "type": "array", "items": {"enum": left, "enumNames": [faces[json_key(v)] for v in left]},
            "minItems": 1 if k < field.get("minItems", 0) else 0, "maxItems": 1}


def _chose(panel: Panel, option: dict[str, Any], pick: Pick, key: str, value: Any) -> Reply:
    """`value` taken for the field `key`: on to the next field, or the option done; of a list named in turn, on to
    its next value until it holds all it may or none more is named (`value`: a list of one, or none)."""
    field = option["fields"][key]
    if in_turn(field):
        named = pick.named + tuple(value)
        if value and len(named) < in_turn(field) and (dice(field) or len(named) < len(field["items"]["enum"])):
            return Reply(replace(panel, pick=replace(pick, named=named, at=0)))
        value = list(named)
    return _fill(panel, option, Pick(pick.label, pick.chosen + ((key, value),)))


def _fill(panel: Panel, option: dict[str, Any], pick: Pick) -> Reply:
    """On to the next field of `option` still to fill, SELECT on its default; a field with one value only (the one
    place a turret may go, the one card left to name) is taken as it stands, without a press; with every field
    filled, the option is done (or asks first, as it says)."""
    chosen = pick.chosen
    for key, field in option["fields"].items():
        if key in dict(chosen):
            continue
        values = choices(field) or _one_in_turn(field)
        if len(values) != 1:  # a keypad opens on the page of its default (`at` counts its pages)
            start = _starts_at(field)
            return Reply(replace(panel, pick=Pick(pick.label, chosen, start // len(KEYS) if _keypad(field) else start)))
        chosen += ((key, values[0][0]),)
    return _do(panel, option, "option", chosen)


def _one_in_turn(field: dict[str, Any]) -> list[tuple[Any, str]]:
    """A list named in turn that can hold one thing only, and must (the one campo a building may touch): that."""
    enum = (field.get("items") or {}).get("enum") or []
    return [([enum[0]], "")] if in_turn(field) and not dice(field) and len(enum) == 1 and field.get("minItems", 0) else []


def _pick_screen(view: dict[str, Any], panel: Panel) -> StepScreen | None:
    pick = panel.pick
    option = next((o for o in walk(view) if o["label"] == pick.label), None)
    if option is None:
        return None
    key = next(k for k in option["fields"] if k not in dict(pick.chosen))
    field = _naming(option["fields"][key], pick)
    values = _values(field, pick)
    keys = _key_names(field, pick)
    if keys is not None:
        doing, hints = _keys_shown(keys, pick.at)
        title = f"{field.get('title', key)}: {pick.group}" if pick.group else field.get("title", key)
        hint = "hold BACK: back" if pick.group else "hold BACK to leave"
        return StepScreen(*_headed(view, option, title, doing, hint), doing, hints)
    index = pick.at % len(values)
    count = f"  {index + 1}/{len(values)}" if len(values) > 1 else ""
    shown_as = values[index][1]
    opens = isinstance(values[index][0], _GROUP)
    if opens:  # a group of one value is that value: ACTION takes it (Master of Venice's "Senator (1)" played a card)
        inside = _values(field, replace(pick, group=values[index][0].name))
        if len(inside) == 1:
            opens, shown_as = False, inside[0][1]
    # A sealed field (a secret bid) is picked with the box turned to its player; once taken no page shows it.
    title = field.get("title", key) + (" (sealed: the bidder alone looks)" if field.get("sealed") else "")
    if _wide_number(field):  # held: by five, as a counter's NEXT and BACK
        doing = f"► {values[index][1]} (hold: ±{FAST}){count}"
        return StepScreen(*_headed(view, option, title, doing), doing, ("Leave", "+1", "Take", "-1"))
    doing = f"► {shown_as}{count}"
    return StepScreen(*_headed(view, option, title + (f": {pick.group}" if pick.group else ""), doing), doing,
                      ("Back" if pick.group else "Leave", "More" if len(values) > 1 else "", "Open" if opens else "Take",
                       "Prev" if len(values) > 1 else ""))


def _headed(view: dict[str, Any], option: dict[str, Any], title: str, doing: str, hint: str = "") -> tuple[str, str, str]:
    """A picker's header, big line and step line. Who decides stays on the big line: the player a play is for
    ("Bea", where everyone may play now), else who the table waits for; the option being filled heads the screen
    where it fits the header whole, the field under it. A label too long for the header ("Port 2 by Boat: move 4,
    act 4") is not cut there: the header is the step page's (the game and the round), and the lines under the big
    one say the label before the field's title where both fit whole, else the title alone. A keypad's `hint` (how
    to leave it) follows the title where it fits too: the label comes first ("Buy Arms 2 (7) for the reserve")."""
    label, who = option["label"], _deciding(view, option)
    match = PLACE.match(doing)
    room = WIDTH - 1 - (text_width(match.group(2)) + 4 if match else 0)  # the header's room beside "2/4"
    hinted = f"{title} ({hint})" if hint else title
    if text_width(label) <= room:
        return label, who, _hinted(title, hint, doing) if hint else title
    said = (f"{label}{PARTS}{hinted}", f"{label}{PARTS}{title}", hinted)
    return _game_header(view), who, next((s for s in said if step_fits(s, doing)), title)


def _deciding(view: dict[str, Any], option: dict[str, Any]) -> str:
    """Who fills in a play: the player it is for (its action's seat), else who the table waits for (a correction
    is the table's, whoever's counter it sets)."""
    seat, players = option["action"].get("seat"), view.get("players", [])
    if option.get("group") == "Play" and type(seat) is int and 0 <= seat < len(players):
        return players[seat]["name"]
    return who_acts(view)


def _on_counters(view: dict[str, Any], panel: Panel, role: str, long: bool) -> Reply:
    rows = counter_rows(view)
    if not rows or role == "action":
        return Reply(replace(panel, page="step"))
    if role == "select":
        if long:
            return Reply(replace(panel, page="pair"))  # the pairing code, for a phone that joins mid-game
        return Reply(replace(panel, focus=(panel.focus + 1) % len(rows)))
    step = 5 if long else 1
    return Reply(panel, _change(rows, panel.focus, step if role == "next" else -step))


def _counters_at(view: dict[str, Any], panel: Panel) -> Panel:
    """The counters page, focused on the acting player's first counter."""
    rows = counter_rows(view)
    actor = view.get("actor")
    focus = next((i for i, r in enumerate(rows) if r["seat"] == actor), 0) if actor is not None else 0
    return replace(panel, page="counters", focus=focus)


def _change(rows: list[dict[str, Any]], focus: int, delta: int) -> dict[str, Any]:
    row = rows[focus % len(rows)]
    action = {"type": "counter", "name": row["name"], "delta": delta}
    if row["seat"] is not None:
        action["seat"] = row["seat"]
    return action


def counter_rows(view: dict[str, Any]) -> list[dict[str, Any]]:
    """Every counter, player by player in seat order, then the table's."""
    names = view.get("counter_names") or {}
    rows = []
    for player in view.get("players", []):
        for name, label in names.get("players", {}).items():
            rows.append({"seat": player["seat"], "who": player["name"], "name": name, "label": label,
                         "value": player.get(name)})
    for name, label in names.get("table", {}).items():
        rows.append({"seat": None, "who": "Table", "name": name, "label": label,
                     "value": (view.get("counters") or {}).get(name)})
    return rows


# --- screens ---------------------------------------------------------------------------------------


def screen_for(view: dict[str, Any], panel: Panel, pairing: tuple[str, str] | None = None) -> Screen:
    """The screen for this view and page; `pairing` is (code, address) for the pairing screen,
    which shows when no game is open and on the page after the counters."""
    if pairing is not None and (view.get("game") is None or panel.page == "pair"):
        return PairingScreen(*pairing)
    if view.get("game") is None:
        return StepScreen("Companion", "No game", "Start one from the phone", "", ("", "", "", ""))
    if panel.page == "scores":
        return scores_screen(view)
    if panel.page == "step" and panel.pick is not None:
        picking = _pick_screen(view, panel)
        if picking is not None:
            return picking
    if panel.page == "counters":
        rows = counter_rows(view)
        if rows:
            focus = panel.focus % len(rows)
            who = rows[focus]["who"]
            mine = [(i, r) for i, r in enumerate(rows) if r["who"] == who]
            return CountersScreen(who, tuple((r["label"], r["value"]) for _, r in mine),
                                  next(k for k, (i, _) in enumerate(mine) if i == focus))
    if view.get("over") and (view.get("result") or view.get("sheet_missing") or view.get("sheet_error")):
        return game_over_screen(view)
    return step_screen(view, panel)


def game_over_screen(view: dict[str, Any]) -> ResultScreen:
    """The end of a game with a score sheet: the winner and the places with their totals, from the view's
    `result`; without one, that the sheet needs the fields the companion does not know."""
    title = view.get("short_title") or view.get("title", "")
    # No hint line: four places fit under the winner in one column, names whole. BACK still undoes (and asks).
    result = view.get("result")
    if result is None:
        missing = view.get("sheet_missing") or []
        what = f"{len(missing)} field{'s' if len(missing) != 1 else ''}" if missing else "the sheet"
        return ResultScreen(title, "Game over", note=f"No winner yet: enter {what} on the Scores page of a phone.")
    winner = result["winner"]
    groups = result["ranking"]
    rows = tuple((place, name, result["totals"][name])
                 for place, group in zip(competition_positions(groups), groups) for name in group)
    if len(winner) > 1:  # a shared win: the header says so, the big line names them
        return ResultScreen("Shared win", f"{', '.join(winner[:-1])} & {winner[-1]}", rows)
    return ResultScreen(title, f"{winner[0]} wins" if winner else "No winner", rows)


def _game_header(view: dict[str, Any]) -> str:
    """The step page's header: the game and the round ("R3", "Y1 Win N")."""
    title = view.get("short_title") or view.get("title", "")
    mark = (view.get("round_word") or "Round")[0]
    when = view.get("round_label") or (f"{mark}{view['round']}" if view.get("round") else "")
    return f"{title}  {when}" if when else title


def step_screen(view: dict[str, Any], panel: Panel) -> StepScreen:
    header = _game_header(view)
    if view.get("over"):
        return StepScreen(header, "Game over", sentence(view.get("ended") or ""), "", ("Undo", "Score", "", ""), "END")
    options = shown(view, panel)
    nxt, back = on_button(view, "NEXT"), on_button(view, "BACK")
    line = view.get("status") or view.get("step_label", "")  # a game's own line for this moment, else the step's label
    doing, short = "", ""
    if options:
        index = panel.option % len(options)
        count = f"  {index + 1}/{len(options)}" if len(options) > 1 else ""
        phone = "" if fillable(options[index]) else " (phone)"
        doing, short = f"► {options[index]['label']}{phone}{count}", "" if phone else options[index]["short"]
        if nxt and options[index].get("action") == nxt.get("action"):  # NEXT's own: its word once, over NEXT
            short = ""  # ("Deal", not "Deal Deal"); where the line has no room for it, not before the label either
            if not doing_fits(line, doing):  # ("► on to 9 Second chance to buy" under "Next")
                label = options[index]["label"].removeprefix(nxt["short"] + ": ")
                doing = f"► {label}{phone}{count}"
                head, on_to, step = label.partition("on to ")
                if not doing_fits(line, doing) and ": " in step:  # the step that comes by its number alone
                    doing = f"► {head}{on_to}{step.split(': ')[0]}{phone}{count}"  # ("► on to Phase 4")
    if not options and not nxt and on_phones(view):
        doing = "► on the phone" if len(on_phones(view)) == 1 else "► on the phones"
    if panel.under and _keyed(options):  # an entry of a few short ways, one press each: what it is on two lines
        doing, hints = _keys_shown([o["short"] for o in options], panel.option)
        return StepScreen(header, who_acts(view), _hinted(str(panel.under[-1]), "hold BACK to leave", doing), doing, hints,
                          "LAST" if view.get("last_round") else "")
    walks_back = len(options) > 1 and box_list.backward(view, panel.under)
    if panel.under:  # inside an entry: BACK leaves it, NEXT walks back
        back, nxt = {"short": "Leave"}, None
    hints = ("Undo" if back and not panel.under else back["short"] if back else "", "More" if len(options) > 1 else "",
             short, "Prev" if walks_back else nxt["short"] if nxt else "")
    return StepScreen(header, who_acts(view), line, doing, hints, "LAST" if view.get("last_round") else "")


def who_acts(view: dict[str, Any]) -> str:
    """The big line: the player the table waits for, the players, or Table when the companion acts."""
    players = view.get("players", [])
    seats = [s for s in view.get("acting", []) if s < len(players)]
    if len(seats) > 1 and len(seats) == len(players):
        return "Everyone"
    names = [players[s]["name"] for s in seats]
    if not names:
        return "Table"
    return listing(names)


def scores_screen(view: dict[str, Any]) -> ScoresScreen:
    """The view's standings (the game's score, then its tie-breaks); players still equal share a place."""
    keys = view.get("score_keys") or []
    score = keys[0][0] if keys else None
    by_name = {p["name"]: p for p in view.get("players", [])}
    groups = view.get("standings") or []
    rows = [(place, name, (by_name[name].get(score) or 0) if score else 0)
            for place, group in zip(competition_positions(groups), groups) for name in group]
    title = keys[0][1] if keys else "Scores"
    # How to leave it (any press does; held SELECT goes on to the counters) where the rows leave the hints' line room
    hints = ("Back", "", "", "") if len(rows) <= SCORE_ROWS_WITH_HINTS else ("", "", "", "")
    return ScoresScreen(f"{title}  R{view['round']}" if view.get("round") else title, tuple(rows), hints)
