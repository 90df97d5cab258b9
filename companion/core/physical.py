"""What a physical input means now: a tapped card or dice read by the reader.

Both become the same actions the buttons and the phone make (a draw naming
its card, a roll carrying its values), so the rest of the core cannot tell
them apart. Each function returns the action, or a `Refused` saying why the table
does not expect this input now (the caller records and shows it; the state stays).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from pyrsistent import PMap

from companion.core.dice import parse_spec
from companion.core.game import GameDef
from companion.core.options import Option
from companion.core.result import Refused, refused


def _over(state: PMap) -> bool:
    return state["flow"] is not None and state["flow"]["over"]


def dice_action(state: PMap, offered: Sequence[Option], sides: int, values: tuple[int, ...]) -> dict[str, Any] | Refused:
    """The roll (or roll-off) these dice answer, if one of the table's `offered` options takes them."""
    rolled = f"{len(values)}d{sides}"
    if state["rolloff"] is not None:
        needed = f"{len(state['rolloff']['contenders'])}d6"
        if rolled != needed:
            return Refused(f"the roll-off for the {state['rolloff']['purpose']} needs {needed}, not {rolled}")
        return {"type": "rolloff", "values": list(values)}
    if _over(state):
        return Refused("the game is over")
    # (spec, key for the values, option) of each option a roll does: a generic roll, or a game's own action.
    # Not one that plays a card and rolls for it (Caught): whose card it is, and whether to play it at all,
    # is a player's choice, never a die's.
    takers = [(o.action.get("spec", ""), "values", o) if o.action.get("type") == "roll" else (o.rolls, o.dice_key(), o)
              for o in offered if (o.action.get("type") == "roll" or o.rolls) and "card" not in o.action]
    fits = [(key, o) for spec, key, o in takers if parse_spec(spec) == parse_spec(rolled)]
    # Whose roll it is follows the turn order (the first still to roll: the guides say so); but dice that one
    # player's inputs would take alike (which die comes back, which of two equal tiles) leave him a choice, made
    # on a phone or the box: the reader does not choose for him.
    ways = {json.dumps({k: v for k, v in o.action.items() if k != "seat"}, sort_keys=True) for _, o in fits}
    if len(ways) > 1:
        return Refused(f"these dice leave a choice ({'; '.join(o.label for _, o in fits)}): choose on a phone or the box first")
    if fits:
        key, option = fits[0]
        return {**option.action, key: list(values), "source": "physical"}
    if not takers:
        return Refused(f"no roll is expected now ({rolled} rolled)")
    return Refused(f"this step rolls {' or '.join(spec for spec, _, _ in takers)}, not {rolled}")


def card_action(game: GameDef, state: PMap, deck: str, card: str, tag: str | None = None) -> dict[str, Any] | Refused:
    """A tapped card of a physical (mirror) deck: it was drawn, unless the game says what it means."""
    spec = game.deck(deck)
    if spec is None:
        return Refused(f"{game.title} has no deck {deck!r}")
    if _over(state):
        return Refused("the game is over")
    if state["rolloff"] is not None:
        return Refused(f"first the roll-off for the {state['rolloff']['purpose']}")
    if state["decks"][deck]["mode"] != "mirror":
        return Refused(f"the {spec.label} deck is virtual in this game: the companion draws it")
    if game.tapped is not None:
        action = game.tapped(state, deck, card)
        return {**action, "tag": tag} if spec.tag_once and tag is not None and not refused(action) else action
    actor = state["flow"]["actor"] if state["flow"] is not None else None
    return {"type": "draw", "deck": deck, "cards": [card]} | ({"seat": actor} if actor is not None else {})
