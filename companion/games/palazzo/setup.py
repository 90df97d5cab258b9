"""The palazzo game's SETUP step: the companion sets out the yard and the bank and deals the hands, from
the tiles and coins it holds (virtual); with real ones the players do, and name what they turn up later
(or tap it on the reader)."""

from __future__ import annotations

from pyrsistent import PMap

from companion.core.options import Option
from companion.core.flow import TABLE, Step
from companion.core.edit import Edit

from .pieces import BANK_SIZE, COIN_COUNT, COINS, FACES, HAND_AT_START, TILES, YARD_SIZE, face
from .table import virtual


def set_out(e: Edit) -> None:
    table = e.data
    n = len(e.state["players"])
    if virtual(e.state, TILES.name):
        table["yard"] = e.draw(TILES, YARD_SIZE, "tile_order")
        e.say(f"The constructor's yard: {', '.join(table['yard'])}. The other 20 tiles stay face down.")
    else:
        e.say("Shuffle the 24 tiles face down and turn 4 up: the constructor's yard (name them, or tap them).")
    if virtual(e.state, COINS.name):
        coins = e.draw(COINS, HAND_AT_START * n + BANK_SIZE, "coin_order", put_back="Gather the coins back into the pool.")
        values = [FACES.index(c) for c in coins]
        table["hands"] = [values[HAND_AT_START * s:HAND_AT_START * (s + 1)] for s in range(n)]
        table["bank"] = values[HAND_AT_START * n:]
        e.say(f"Each player's 2 coins are on their own phone. The bank: {', '.join(map(face, table['bank']))}.")
    else:
        e.data["pool"] = COIN_COUNT - HAND_AT_START * n - BANK_SIZE  # face down: counted as coins are turned up
        e.say("Shuffle the coins number side down (or bag them); each player draws 2 in secret; turn 4 up: the bank.")
    e.say("Every die is set to 5.")
    table["started"] = True


def options(state: PMap, seat: int | None) -> list[Option]:
    if seat is not None:
        return []
    return [Option("Start the game", "Start", {"type": "advance"}, button="NEXT")]


STEP = Step("SETUP", "Set out the yard and bank", TABLE, when=lambda s: not s["data"]["started"], done="Start",
            options=options, handlers={"advance": set_out})
