"""Strict games: an input is accepted only when it matches an offered option (TABLE.md, "Strict").

It matches when every key of the option's `action` has the same value in the input, and the input's
other keys are exactly the option's `fields`, each valid (companion.core.fields), plus `"confirm": true`,
the one key always allowed. An option that takes dice (`rolls`) also takes their values and their
source (a real die read by the reader or entered by hand), and one a tapped card does (`taps`) the card's
tag; a chance outcome the input lacks is the runtime's to add after the match. An option marked `confirm` is refused without it, saying so
(`needs_confirm`), which is how a phone asks first and a long press says yes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.core.fields import check, same
from companion.core.options import Option
from companion.core.result import Refused


def match(offered: Sequence[Option], given: Mapping[str, Any]) -> Option | Refused:
    """The offered option `given` does, or a refusal a player understands (nothing changes)."""
    closest: tuple[int, Refused] | None = None
    fixed = {key for option in offered for key in option.action}
    for option in offered:
        if not all(key in given and same(given[key], value) for key, value in option.action.items()):
            continue
        unfilled = _fields(option, given)
        if unfilled is None:
            if option.confirm and given.get("confirm") is not True:
                return Refused(f"{option.label}: confirm to do it", needs_confirm=True)
            return option
        # The option this input meant: it fixes the most, and the input names nothing that another
        # option fixes instead (then it meant one of those, with another value).
        if not (set(given) - _keys(option)) & fixed and (closest is None or len(option.action) > closest[0]):
            closest = (len(option.action), unfilled)
    if closest is not None:
        return closest[1]
    return Refused(_not_offered(offered))


def _keys(option: Option) -> set[str]:
    """The keys an input of this option may have."""
    takes_dice = option.rolls or option.action.get("type") == "roll"  # the core's own roll always carries its dice
    return (set(option.action) | set(option.fields) | {"confirm"} | ({option.dice_key(), "source"} if takes_dice else set())
            | ({"tag"} if option.taps else set()))


def _fields(option: Option, given: Mapping[str, Any]) -> Refused | None:
    """Why `given` does not fill the option's fields (a refusal that names the option), or None."""
    missing = [k for k in option.fields if k not in given]
    if missing:
        return Refused(f"{option.label}: choose " + " and ".join(option.fields[k].get("title", k) for k in missing))
    unknown = sorted(set(given) - _keys(option))
    if unknown:
        return Refused(f"{option.label}: {', '.join(unknown)} is not part of this")
    if "confirm" in given and given["confirm"] is not True:
        return Refused(f"{option.label}: confirm: true, or leave it out")
    for key, field in option.fields.items():
        bad = check(field, given[key])
        if bad is not None:
            return Refused(f"{option.label}: {field.get('title', key)}: {bad.reason}")
    return None


def _not_offered(offered: Sequence[Option]) -> str:
    play = [o.label for o in offered if o.group != "Corrections"]
    if not play:
        return "there is nothing to do here now"
    shown = "; ".join(play[:4]) + ("; ..." if len(play) > 4 else "")
    return f"that is not one of the choices now ({shown})"
