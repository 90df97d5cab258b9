"""A step of a game owns what it offers, what its inputs do, and its status line: one place per step.

A game on steps gives each `companion.core.flow.Step` of its flow its `options`, `handlers`, `status`
and `acting`, beside when it happens and who acts. The engine sends each input to the current step's
handler for it:

  {"type": "advance", "action": "coin", ...}   the handler "coin" (a turn's action), then the flow moves on
  {"type": "advance", ...}                     the handler "advance", then the flow moves on
  {"type": "hand", ...}                        the handler "hand"; the flow stays

A handler gets an `Edit`: a working copy of the game's data (plain dicts and lists), the log, the
player's counters to `pay` from, the decks to draw from, and `refuse`, which ends the handler (`must`
unwraps a check's answer, the value or the `Refused` it is, refusing with it). The engine commits the edit,
or turns the refusal into a `Refused` answer, so an illegal input still never raises out of `apply` and
never changes the state; no handler threads refusals by hand.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any, NoReturn, TypeVar

from pyrsistent import PMap, pmap, pvector

from companion.core import counters as counters_mod
from companion.core import deck as deck_mod
from companion.core import flow as flow_mod
from companion.core.persistent import freeze, thaw
from companion.core.result import Accepted, Needs, Refused, Result, refused

if TYPE_CHECKING:
    from companion.core.deck import DeckSpec
    from companion.core.game import GameDef


T = TypeVar("T")


class Refusal(Exception):
    """Raised by `Edit.refuse`: the handler ends and the input is refused."""

    def __init__(self, refused: Refused):
        super().__init__(refused.reason)
        self.refused = refused


class Edit:
    """What a handler changes: `data` (the game's data, plain), the decks and counters through the methods
    here, and the log; `action` is the input and `seat` whose turn it is."""

    def __init__(self, game: GameDef, state: PMap, action: Mapping[str, Any]):
        self.game = game
        self.action = action
        self.data: dict[str, Any] = thaw(state["data"])
        self.log: list[str] = []
        self._state = state
        self._reveals: list[str] = []
        self._told: list[tuple[str, str]] = []
        flow = state["flow"]
        self.seat: int | None = flow["player"] if flow is not None else None

    @property
    def state(self) -> PMap:
        """The state as it stands (its decks and counters as changed so far; `data` is the working copy)."""
        return self._state

    def name(self, seat: int | None) -> str:
        return "nobody" if seat is None else self._state["players"][seat]["name"]

    def refuse(self, reason: str, *, needs: Needs | None = None) -> NoReturn:
        raise Refusal(Refused(reason, needs=needs))

    def must(self, checked: T | Refused, said: str = "{}") -> T:
        """What a check shared with the options gave, or the refusal it is (the options leave out what it
        refuses, so only a stale or forged input meets it here), its reason in `said`'s words ("card: {}"),
        what it needs kept."""
        if refused(checked):
            raise Refusal(replace(checked, reason=said.format(checked.reason)))
        return checked

    def say(self, *lines: str) -> None:
        self.log.extend(lines)

    def tell(self, title: str, line: str) -> None:
        """What the whole table should see large on the box for a moment, as a step's `tells` says what its plain
        advance did: ("Not sponsored", "Cy has 9 Ducats: a Wainwright costs 11."). The log says it at length."""
        self._told.append((title, line))

    def reveal(self, how_to_put_back: str | None) -> None:
        """This input shows the table something new; undoing it needs a word first (how to put it back)."""
        if how_to_put_back and how_to_put_back not in self._reveals:
            self._reveals.append(how_to_put_back)

    def counter(self, seat: int, name: str) -> int:
        return self._state["counters"]["players"][seat][name]

    def pay(self, seat: int, name: str, amount: int) -> None:
        """Take `amount` from a player's counter; refused when it would go below its bound."""
        spec = counters_mod.spec_named(self.game.counters, name)
        out = self.must(counters_mod.change(spec, self._state["counters"], seat, delta=-amount, who=self.name(seat)))
        self._state = self._state.set("counters", out[0])

    def gain(self, seat: int, name: str, amount: int) -> None:
        """Add `amount` to a player's counter; refused when it would go above its bound."""
        self.pay(seat, name, -amount)

    def transfer(self, name: str, payer: int | None, payee: int | None, amount: int) -> None:
        """Move `amount` of a per-player counter from one player to another, or between a player and the
        table counter that balances it (None: the Bank); refused when the payer has too little."""
        if amount == 0:
            return
        names = [p["name"] for p in self._state["players"]]
        out = counters_mod.transfer(self.game.counters, self._state["counters"], name, payer, payee, amount, names)
        if refused(out):
            balance = counters_mod.spec_named(self.game.counters, name).balance
            who = self.name(payer) if payer is not None else f"the {counters_mod.spec_named(self.game.counters, balance).label}"
            self.refuse(f"{who} cannot pay {amount}: {out.reason}")
        self._state = self._state.set("counters", out[0])

    def deck(self, name: str) -> PMap:
        return self._state["decks"][name]

    def set_deck(self, name: str, deck: PMap) -> None:
        self._state = self._state.set("decks", self._state["decks"].set(name, deck))

    def draw(self, spec: DeckSpec, n: int, key: str, cards: Sequence[str] | None = None,
             put_back: str | None = None, tell: bool = False) -> list[str]:
        """Draw `n` (or the named `cards`); a shuffle it needs takes its order from the input's `key` (the
        runtime adds a random one: each deck has its own key, since one input may shuffle two).
        `put_back`: what undoing it asks the table to do, instead of the deck's own words (which name the
        cards: not for a deal into secret hands); "" when undoing it puts nothing back. `tell`: the deck's own
        lines (a shuffle, a pile used up) join the log, all but the one naming the cards drawn."""
        before = self.deck(spec.name)
        shuffles = cards is None and (not before["shuffled"] or len(before["draw"]) < n)
        out = deck_mod.draw(spec, before, n, self.action.get(key) if shuffles else None, cards)
        if refused(out):
            self.refuse(out.reason, needs=Needs(out.needs.kind, key, cards=out.needs.cards) if out.needs else None)
        deck, lines, reveal = out
        self.set_deck(spec.name, deck)
        if tell:
            self.say(*lines[1:])
        self.reveal(reveal if put_back is None else put_back)
        return list(deck["out"][len(before["out"]):])

    def discard(self, spec: DeckSpec, cards: Sequence[str]) -> None:
        out = self.must(deck_mod.discard(spec, self.deck(spec.name), list(cards)))
        self.set_deck(spec.name, out[0])

    def end_turn(self) -> None:
        """End the turn now, whatever step it is in (a shortcut past the steps left): the next turn starts."""
        self.take(lambda state: flow_mod.end_turn(self.game.flow, state))

    def roll_off(self, contenders: Sequence[int], purpose: str) -> None:
        """The `contenders` roll 1D6 each before anything else is done; the game's `on_rolloff` takes the
        winner (an election's tie)."""
        self._state = self._state.set("rolloff", pmap({"contenders": pvector(contenders), "purpose": purpose}))

    def end_game(self, reason: str, line: str) -> None:
        """The game is over now, for `reason` ("the players ended it"); `line` says so in the log."""
        self.take(lambda state: Accepted(flow_mod.end_now(state, reason), (line,)))

    def take(self, change: Callable[[PMap], Result]) -> None:
        """Apply a pure function of the state as it stands (this edit's data in it): its log and what it
        reveals join this edit's; its refusal ends the handler."""
        out = self.must(change(self._state.set("data", freeze(self.data))))
        self._state, self.data = out.state, thaw(out.state["data"])
        self.say(*out.log)
        self.reveal(out.reveal)
        self._told.extend(out.told)

    def commit(self) -> Accepted:
        state = self._state.set("data", freeze(self.data))
        return Accepted(state, tuple(self.log), " ".join(self._reveals) or None, tuple(self._told))


Handler = Callable[[Edit], None]


def input_key(action: Mapping[str, Any]) -> str:
    """Which handler an input goes to: an advance's "action", else its type."""
    if action.get("type") == "advance" and isinstance(action.get("action"), str):
        return action["action"]
    return str(action.get("type"))


def run(handler: Handler, game: GameDef, state: PMap, action: Mapping[str, Any]) -> Result:
    edit = Edit(game, state, action)
    try:
        handler(edit)
    except Refusal as r:
        return r.refused
    return edit.commit()
