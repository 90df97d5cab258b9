"""SETUP_DONE: the deal [R l.91-96]. With the table's own deck the companion deals, with the replacement
rule (no Grain, Wine or Pepper in a hand or the Market, no Pirates! anywhere); with real cards it says how,
and the cards stay unnamed until they matter."""

from __future__ import annotations

from pyrsistent import PMap

from companion.core import deck as deck_mod
from companion.core.options import Option
from companion.core.flow import TABLE, Step
from companion.core.edit import Edit

from . import goods
from .goods import RAW_DECK
from .table import virtual


def deal(e: Edit) -> None:
    table = e.data
    n = len(e.state["players"])
    if virtual(e.state):
        places = ["hand"] * n + ["market"] * 2 + ["ship"] * (3 * n)
        deck, dealt, log, reveal = e.must(deck_mod.deal(RAW_DECK, e.deck(RAW_DECK.name), places, goods.allowed_at_setup,
                                                        e.action.get("order"), e.action.get("reorder")))
        e.set_deck(RAW_DECK.name, deck)
        e.reveal(reveal)
        table["hands"] = [[dealt[s]] for s in range(n)]
        table["market"] = list(dealt[n:n + 2])
        ships = dealt[n + 2:]
        table["ships"] = [[{"card": c, "reserved_by": None} for c in ships[3 * s:3 * s + 3]] for s in range(n)]
        e.say(*log, f"Market: {', '.join(table['market'])}. Each player's hand card is on their own phone.")
    else:
        e.say("Deal the Raw Good cards: 1 face down to each hand, 2 to the Market, 3 onto each player's ships; "
              "replace Grain, Wine or Pepper in a hand or the Market, and Pirates! anywhere.")
    table["started"] = True


def options(state: PMap, seat: int | None) -> list[Option]:
    if seat is not None:
        return []
    label = "Deal the cards and start" if virtual(state) else "The cards are dealt: start"
    return [Option(label, "Start", {"type": "advance"}, button="NEXT")]



STEP = Step("SETUP_DONE", "Deal, then start", TABLE, when=lambda s: not s["data"]["started"], done="Start",
            options=options, handlers={"advance": deal})
