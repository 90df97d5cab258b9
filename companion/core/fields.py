"""An option's fields: the small part of JSON Schema the table contract allows, and checking a value.

TABLE.md: every field is required and bounded. A field is one of

  {"enum": [...]}                                   a choice the companion lists (cards, coins, cells, ...)
  {"type": "integer", "minimum": a, "maximum": b}   a bounded number
  {"type": "boolean"}                               yes or no
  {"type": "array", "items": <field>, "maxItems": n, "minItems"?, "uniqueItems"?, "maxEach"?}
  {"type": "string", "maxLength": n, "examples": [...]}   only what the companion cannot know

("maxEach": how often one value may appear, such as 4 coins of each value, or one such number per value of
an enum's items, such as the cubes of each kind in a stock: ours, not JSON Schema's),
with annotations a screen may use ("title", "description", "enumNames": a label per enum value, "enumShort": a
name of five letters at most per enum value, by which the box names a few values on its keys ("Exact", "Over"), or
for a value in several groups a list of names, one per group, its name among that group's values ("Flax" between
Wool and Flax, under Wool), "enumGroups": a group per enum value, or a list of the groups it is in, by which a long
list is picked in two steps, "groupShort": a name of five letters at most per group, by which the box names the
groups on its keys, in the order they are shown ("Wool", "MBldr"), and a game's own drawing
hints such as "grid"; "sealed": a secret value, a sealed bid, which the box says only its player may look at while it is
picked). `conforms` says why a field breaks the contract (a test runs
it over every option a whole game offers); `check` says why a value does not fit a field.

Written here rather than with a JSON Schema validator: JSON's true is not 1 and [1, 0] is not [True, 0]
(Python's == says they are, and so do validators built on it), and the contract's own rules (bounded
numbers, bounded arrays) are not JSON Schema's.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping
from typing import Any

from companion.core.result import Refused
from companion.core.words import counted

KEY_WORD = 5  # letters a value's short name may have: what the box's hints show over a button
KEYPAD = 9  # the most values with short names of their own the box names on its keys: three pages of three
PICKER_LIST = 12  # a field of more values than this, with groups, is picked group first (panel.js's PICKER_LIST)
ANNOTATIONS = frozenset({"title", "description", "enumNames", "enumShort", "enumGroups", "groupShort", "examples", "grid",
                         "default", "sealed"})


def groups_each(groups: list[str | list[str]]) -> list[list[str]]:
    """Each value's groups, from a field's `enumGroups` (a name, or a list of names for a value in several)."""
    return [[g] if isinstance(g, str) else list(g) for g in groups]


def at_once(groups: list[str | list[str]]) -> int:
    """The most chips a picker grouped by `groups` shows at once: its groups, or its largest group."""
    count = Counter(g for each in groups_each(groups) for g in each)
    return max(len(count), *count.values())


SEEN = "Seen in this game"  # the group of the pieces a game has seen (a player's own first), listed first


def likeliest_first(field: Mapping[str, Any], first: list[Any], group: str = SEEN) -> dict[str, Any]:
    """An enum `field` with the values of `first` it has listed first, in that order (the cards this game has
    seen, a player's own); where it is picked in groups, they also head it as a group of their own, `group`,
    each then in that group and in its own."""
    values = list(field["enum"])
    head = []
    for value in first:
        at = next((i for i, v in enumerate(values) if same(v, value)), None)
        if at is not None and at not in head:
            head.append(at)
    if not head:
        return dict(field)
    order = head + [i for i in range(len(values)) if i not in head]
    out = {**field, "enum": [values[i] for i in order]}
    for names in ("enumNames", "enumShort"):
        if names in field:
            out[names] = [field[names][i] for i in order]
    if "enumGroups" in field:
        each = groups_each(field["enumGroups"])
        out["enumGroups"] = [[group, *each[i]] if k < len(head) else field["enumGroups"][i] for k, i in enumerate(order)]
        if "enumShort" in field:  # a name per group: in the new one, its first
            out["enumShort"] = [[n[0], *n] if isinstance(n, list) and k < len(head) else n
                                for k, n in enumerate(out["enumShort"])]
    return out


def same(a: Any, b: Any) -> bool:
    """JSON equality: types count (true is not 1), lists in order, objects by key."""
    return json_key(a) == json_key(b)


def json_key(value: Any) -> str:
    """A key under which values are `same` exactly when their keys are equal (to look one up among many)."""
    return json.dumps(value, sort_keys=True)


def _short(name: object) -> bool:
    """Whether `name` fits over a button: a name of five letters at most."""
    return isinstance(name, str) and 0 < len(name) <= KEY_WORD


def conforms(field: Mapping[str, Any]) -> Refused | None:
    """Why `field` is not a field the contract allows (a refusal), or None."""
    keys = set(field) - ANNOTATIONS
    if "enum" in field:
        if not isinstance(field["enum"], list) or not field["enum"]:
            return Refused("an enum lists at least one value")
        if "enumNames" in field and len(field["enumNames"]) != len(field["enum"]):
            return Refused("enumNames gives one label per enum value")
        if "enumGroups" in field and (len(field["enumGroups"]) != len(field["enum"]) or not all(
                isinstance(g, str) and g or isinstance(g, list) and g and all(isinstance(x, str) and x for x in g)
                for g in field["enumGroups"])):
            return Refused("enumGroups gives one group per enum value (a name, or a list of names for a value in several)")
        each = groups_each(field["enumGroups"]) if "enumGroups" in field else [[]] * len(field["enum"])
        if "enumShort" in field and (len(field["enumShort"]) != len(field["enum"]) or not all(
                _short(n) or isinstance(n, list) and len(n) == len(g) and all(map(_short, n))
                for n, g in zip(field["enumShort"], each))):
            return Refused("enumShort gives one name of five letters at most per enum value (or one per group it is in)")
        group_short = field.get("groupShort", {})
        if not isinstance(group_short, Mapping) or not set(group_short) <= {g for gs in each for g in gs} or not all(
                map(_short, group_short.values())):
            return Refused("groupShort gives a name of five letters at most to groups of enumGroups")
        return None if keys == {"enum"} else Refused(f"an enum takes nothing else ({sorted(keys - {'enum'})})")
    kind = field.get("type")
    if kind == "integer":
        if not isinstance(field.get("minimum"), int) or not isinstance(field.get("maximum"), int):
            return Refused("a number has a minimum and a maximum")
        return None if keys <= {"type", "minimum", "maximum"} else Refused(f"unexpected {sorted(keys)}")
    if kind == "boolean":
        return None if keys == {"type"} else Refused(f"unexpected {sorted(keys)}")
    if kind == "array":
        if not isinstance(field.get("maxItems"), int) or not isinstance(field.get("items"), Mapping):
            return Refused("an array has items and a maxItems")
        if not keys <= {"type", "items", "maxItems", "minItems", "uniqueItems", "maxEach"}:
            return Refused(f"unexpected {sorted(keys)}")
        each = field.get("maxEach", 0)
        if isinstance(each, list) and (len(each) != len(field["items"].get("enum", ())) or not all(type(n) is int for n in each)):
            return Refused("maxEach gives one number per value of the items' enum")
        return conforms(field["items"])
    if kind == "string":
        if not isinstance(field.get("maxLength"), int) or not field.get("examples"):
            return Refused("a free string has a maxLength and examples (and only where the companion cannot list the values)")
        return None if keys <= {"type", "maxLength"} else Refused(f"unexpected {sorted(keys)}")
    return Refused(f"a field is an enum, a bounded integer, a boolean, a bounded array or a string, not {field!r}")


def check(field: Mapping[str, Any], value: Any) -> Refused | None:
    """Why `value` does not fit `field`, in words for a player (a refusal), or None."""
    if "enum" in field:
        if any(same(value, v) for v in field["enum"]):
            return None
        names = field.get("enumNames") or [json.dumps(v, ensure_ascii=False) for v in field["enum"]]
        return Refused("one of " + ", ".join(map(str, names[:12])) + (", ..." if len(names) > 12 else ""))
    kind = field.get("type")
    if kind == "integer":
        if type(value) is not int:
            return Refused("a whole number")
        lo, hi = field["minimum"], field["maximum"]
        return None if lo <= value <= hi else Refused(f"a number from {lo} to {hi}")
    if kind == "boolean":
        return None if type(value) is bool else Refused("true or false")
    if kind == "array":
        if not isinstance(value, list):
            return Refused("a list")
        if len(value) > field["maxItems"] or len(value) < field.get("minItems", 0):
            lo = field.get("minItems", 0)
            return Refused(f"{lo} to {field['maxItems']} items" if lo != field["maxItems"] else counted(lo, "item"))
        seen = [json.dumps(v, sort_keys=True) for v in value]
        if field.get("uniqueItems") and len(set(seen)) != len(seen):
            return Refused("each item once")
        each = field.get("maxEach")
        if isinstance(each, list):
            names = field["items"].get("enumNames") or field["items"]["enum"]
            for one, most, shown in zip(field["items"]["enum"], each, names):
                if seen.count(json.dumps(one, sort_keys=True)) > most:
                    return Refused(f"at most {most} of {shown}")
        elif each is not None and any(seen.count(v) > each for v in set(seen)):
            return Refused(f"at most {each} of each")
        for item in value:
            bad = check(field["items"], item)
            if bad is not None:
                return Refused(f"each item {bad.reason}")
        return None
    if kind == "string":
        if not isinstance(value, str) or not value.strip():
            return Refused("a name")
        return None if len(value) <= field["maxLength"] else Refused(f"at most {field['maxLength']} characters")
    return Refused("a field this table cannot check")
