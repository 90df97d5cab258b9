"""Counters per player and for the table, with bounds.

state["counters"] = {"table": {name: int}, "players": [{name: int}, ...]}
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from pyrsistent import PMap, pmap, pvector

from companion.core.result import Refused, refused


@dataclass(frozen=True)
class CounterSpec:
    name: str
    label: str
    start: int | Callable[[int], int] = 0  # a number, or one made from the player count
    minimum: int | None = 0
    maximum: int | None = None
    per_player: bool = True
    # A table counter that takes the opposite change, so a total is kept: a
    # player's money changed by hand comes from (or goes to) the bank.
    balance: str | None = None
    # Whether the table may set it right by hand now (None: always); a count the companion keeps itself
    # (a virtual hand's size) is not corrected.
    corrected: Callable[[PMap], bool] | None = None
    # Other per-player counters that share `maximum` with this one: their sum stays within it (a raw-material
    # stock's 6 spaces hold wool, flax and gold together).
    pool: tuple[str, ...] = ()
    # A player's money (Gold, Ducats, coins): the box asks first before one press spends more than a few.
    money: bool = False

    def first(self, players: int) -> int:
        return self.start(players) if callable(self.start) else self.start

    def top(self, mine: PMap) -> int | None:
        """The most this counter may hold, given the player's other counters (`mine`)."""
        if self.maximum is None:
            return None
        return self.maximum - sum(mine[other] for other in self.pool)


def build(specs: Sequence[CounterSpec], players: int) -> PMap:
    table = {s.name: s.first(players) for s in specs if not s.per_player}
    mine = {s.name: s.first(players) for s in specs if s.per_player}
    return pmap({"table": pmap(table), "players": pvector(pmap(mine) for _ in range(players))})


def spec_named(specs: Sequence[CounterSpec], name: str) -> CounterSpec | None:
    return next((s for s in specs if s.name == name), None)


def change(spec: CounterSpec, counters: PMap, seat: int | None, delta: int | None = None, value: int | None = None, who: str = ""):
    """Add `delta` to a counter, or set it to `value`; refuse to leave its bounds."""
    if (delta is None) == (value is None):
        return Refused("give either a change or a new value")
    amount = delta if delta is not None else value
    if type(amount) is not int:
        return Refused(f"{spec.label} changes by whole numbers")
    if spec.per_player:
        if seat is None:
            return Refused(f"{spec.label} belongs to a player: say whose")
        path = ("players", seat, spec.name)
    else:
        path = ("table", spec.name)
    old = _get(counters, path)
    new = old + delta if delta is not None else value
    owner = f"{who}'s " if who else ""
    if spec.minimum is not None and new < spec.minimum:
        return Refused(f"{owner}{spec.label} cannot go below {spec.minimum} (now {old})")
    top = spec.top(counters["players"][seat]) if spec.per_player else spec.maximum
    if top is not None and new > top:
        shared = f" ({spec.maximum} in all with {' and '.join(spec.pool)})" if spec.pool else ""
        return Refused(f"{owner}{spec.label} cannot go above {top}{shared} (now {old})")
    return counters.transform(list(path), new), (f"{owner}{spec.label}: {old} -> {new}.",)


def transfer(specs: Sequence[CounterSpec], counters: PMap, name: str, payer: int | None, payee: int | None,
             amount: int, who: Sequence[str]):
    """Move `amount` of a per-player counter between two players, or a player and its balancing table
    counter (None: the bank). Refused when the payer has too little."""
    spec = spec_named(specs, name)
    bank = spec_named(specs, spec.balance) if spec.balance else None
    log: list[str] = []
    for side, delta in ((payer, -amount), (payee, amount)):
        target = spec if side is not None else bank
        if target is None:
            raise ValueError(f"{name} has no table counter to balance it")  # the game's own data is wrong
        out = change(target, counters, side, delta=delta, who=who[side] if side is not None else "")
        if refused(out):
            return out
        counters, more = out
        log.extend(more)
    return counters, tuple(log)


def _get(counters: PMap, path: tuple) -> int:
    node = counters
    for key in path:
        node = node[key]
    return node

