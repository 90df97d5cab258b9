"""What can be done now: options, each a thing a player (or the table) may do, with what is left to choose.

TABLE.md is the contract. A game offers options per seat and for the companion's own steps
(`companion.core.offer`); the buttons walk the table's with SELECT and do one with ACTION, and NEXT
and BACK do the option marked with their `button`; each phone shows its own seat's. An input is accepted
only when it matches an offered option (`companion.core.strict`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from os.path import commonprefix
from typing import Any

from pyrsistent import PMap

from companion.core.words import listing

PLAY, CORRECTIONS = "Play", "Corrections"  # an option's group


@dataclass(frozen=True)
class Option:
    label: str  # the OLED's "do" line and the phone's button, e.g. "Roll 2d6"
    short: str  # at most 6 characters: the hint above the ACTION button
    action: Mapping[str, Any] = field(default_factory=dict)
    confirm: bool = False  # ask again before doing it (ending the game, ...)
    # What is still to be chosen (each required; companion.core.fields says which fields the contract
    # allows): a phone asks with a picker per field, the buttons walk an enum's values with SELECT.
    fields: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    # A roll spec ("2d6") when this option takes dice: the reader's dice of that
    # spec do it, their values in the action's "dice" (virtual: the table rolls).
    rolls: str = ""
    group: str = PLAY  # PLAY, or CORRECTIONS: undo, redo and the by-hand corrections
    # It uses what only that player knows (the coins in hand, a sealed bid): only that seat's phone
    # does it while the seat is claimed.
    private: bool = False
    button: str = ""  # "NEXT" or "BACK": the button that does this option (its label is `short`)
    # A deck whose real card tapped on the reader does this option; the input then carries the card's
    # "tag" where the deck keeps one card per tag (DeckSpec.tag_once).
    taps: str = ""
    # The first choice this option is listed under ("Wool", "Office of General"): a screen lists the options
    # with the same `under` as one entry and asks the second choice (their labels) only when there is more
    # than one. The options themselves stay whole: an input matches one of them as before.
    under: str = ""
    # What the table just did asks this now (the plays of a card tapped on the reader): first on the table's list.
    first: bool = False
    # The player a table's option plays for (a card tapped on the reader, played as Ada's): where a phone holds
    # that seat, the host's table page asks "Act for Ada?" first, as for that seat's own options.
    player: int | None = None
    # What the faces of the dice it rolls are called, 1 up, where not their numbers (palazzo's piecepack die: "ace",
    # "2" ... "5", "null"): dice thrown at the table are named so on the box's keypad.
    faces: tuple[str, ...] = ()

    def public(self) -> dict[str, Any]:
        return {"label": self.label, "short": self.short, "action": dict(self.action), "confirm": self.confirm,
                "fields": {k: dict(v) for k, v in self.fields.items()}, "rolls": self.rolls, "group": self.group,
                "private": self.private, "button": self.button, "taps": self.taps, "under": self.under,
                **({"faces": list(self.faces)} if self.faces else {})}

    def dice_key(self) -> str:
        """Where the values of this option's dice go: a roll's and a roll-off's "values", a game's "dice"."""
        return "values" if self.action.get("type") in ("roll", "rolloff") else "dice"


PHONE_LIST, BOX_LIST = 10, 6  # the most options a phone's list (big buttons) or the box's (SELECT) shows one by one
ROW_WAYS, ROW_WORD = 6, 6  # an entry of a few short ways ("a null", "an ace", "a 2") is one row on a phone
WAYS_SHOWN = 3  # an entry of this many options at most shows them on its own row on a phone


def listed(options: list[dict[str, Any]], most: int = 0, rows: bool = False) -> list[list[dict[str, Any]]]:
    """The entries a screen lists for these public options, in the order they first come: the options with one
    `under` together, every other option on its own; each option on its own when there are `most` choices at
    most (a short list needs no second choice; what NEXT and BACK do is not counted, they have their buttons),
    except (`rows`: a phone) the options of one `under` that fit a row of chips (`fits_a_row`)."""
    long = sum(1 for option in options if not option.get("button")) > most
    groups: dict[str, list[dict[str, Any]]] = {}
    for option in options:
        if option.get("under"):
            groups.setdefault(option["under"], []).append(option)
    together = set(groups) if long else {under for under, group in groups.items() if rows and fits_a_row(group)}
    out, seen = [], set()
    for option in options:
        under = option.get("under")
        if under not in together:
            out.append([option])
        elif under not in seen:
            seen.add(under)
            out.append(groups[under])
    return out


def on_phone(options: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The public options as a phone lists them (web_panel's options panel only draws this): each with `entry`,
    the index of the entry it is listed in (the play's entries first, then the corrections'), and `way`, what its
    chip says on its entry's row ("a null", "move 1, act 3"), or "" where the option is shown by its label (an
    entry of its own, or one of many behind their `under`'s button)."""
    shown: dict[int, dict[str, Any]] = {}  # id(option) -> its entry and way
    play = [o for o in options if o.get("group") != "Corrections"]
    fixes = [o for o in options if o.get("group") == "Corrections"]
    for n, entry in enumerate(listed(play, PHONE_LIST, rows=True) + listed(fixes, PHONE_LIST, rows=True)):
        row = 1 < len(entry) and (len(entry) <= WAYS_SHOWN or fits_a_row(entry))
        for o, way in zip(entry, ways(entry) if row else [""] * len(entry)):
            shown[id(o)] = {"entry": n, "way": way}
    return [o | shown[id(o)] for o in options]


def fits_a_row(entry: list[dict[str, Any]]) -> bool:
    """A few options of one `under` whose ways are short words: a phone shows them as one row of chips."""
    return 1 < len(entry) <= ROW_WAYS and all(len(way) <= ROW_WORD for way in ways(entry))


def ways(entry: list[dict[str, Any]]) -> list[str]:
    """What tells each option from the others of its entry: its label after the first words all of theirs begin
    with that the entry already says ("Move to Flax": "Flax by Boat: move 3, act 1" -> "by Boat: move 3, act 1";
    "Flax: move 1, act 3" and "Flax: move 3, act 1" -> "move 1, act 3", "move 3, act 1"); else its whole label.
    (Each view of every input lists its options: the words in common are found once for the entry.)"""
    labels = [option["label"] for option in entry]
    under = entry[0].get("under", "")
    for i in range(len(commonprefix(labels)), 0, -1):  # the longest run of whole words the entry ends with
        if all(len(other) == i or other[i] in " :" for other in labels) and under.endswith(labels[0][:i]):
            return [label[i:].lstrip(": ") or label for label in labels]
    return labels


TIED_NAMES = 24  # the most letters the tied players' names take in a roll-off's label ("Ada, Bea and Cy")


def rolloff_options(state: PMap, face: Callable[[PMap, int], tuple[int, str]] | None = None) -> tuple[Option, ...]:
    """The roll-off under way (the first player's, or a game's own tie): NEXT rolls it, a die for each player (not
    "2d6" in its label: that reads as two dice added up). `face`: the game's `rolloff_face`, whose names of the
    die's faces the keypad shows where they are not its numbers."""
    if state["rolloff"] is None:
        return ()
    rolloff = state["rolloff"]
    contenders = rolloff["contenders"]
    # After a tie, the tied players again, by name where their names leave room on the box's two lines for ": dice
    # thrown" (else how many): the screen before said who tied, this one says who rolls.
    named = listing([state["players"][s]["name"] for s in contenders])
    tied = named if len(named) <= TIED_NAMES else f"the {len(contenders)} tied"
    label = f"Roll off again: {tied}" if rolloff.get("again") else f"Roll off for the {rolloff['purpose']}"
    names = tuple(face(state, v)[1] for v in range(1, 7)) if face else ()
    faces = names if names != tuple(map(str, range(1, 7))) else ()
    return (Option(label, "Roll", {"type": "rolloff"}, rolls=f"{len(contenders)}d6", button="NEXT", faces=faces),)
