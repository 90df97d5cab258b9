"""What each seat, and the table, may do now (TABLE.md, "Per seat").

`offer(game, session)` works out, once per table state, every seat's options, the companion's own
(a step the companion does, a roll-off) and the corrections (undo, redo, counters set right by hand).
The table (the box's buttons, the host's table page) does the options of the acting seats no phone holds,
its own and the corrections (`Offer.table`); a seat a phone holds is that phone's: the host acts for it only
after confirming, and never does its private options (`Offer.held`).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from pyrsistent import PMap

from companion.core import counters as counters_mod
from companion.core import final_sheet
from companion.core.engine import Session, apply
from companion.core.flow import WITH_OPTIONS, current_step
from companion.core.flow import options as step_options
from companion.core.game import GameDef
from companion.core.options import CORRECTIONS, Option, rolloff_options
from companion.core.result import Accepted, Refused, refused

CORRECTION_STEP = 50  # the most a counter with no upper bound is raised by one correction


@dataclass(frozen=True)
class Offer:
    companion: tuple[Option, ...]  # the companion's own steps: no seat does them, the table does
    seats: tuple[tuple[Option, ...], ...]  # each seat's, private ones included
    acting: tuple[int, ...]  # the seats whose options the table does too
    corrections: tuple[Option, ...]
    # The seats the screens name as acting: who the table waits for.
    waiting_for: tuple[int, ...] = ()

    def table(self, claimed: frozenset[int] = frozenset()) -> tuple[Option, ...]:
        """The table's options: those of the acting seats no phone holds (`claimed`), the companion's, the
        corrections; what the table just did first (`Option.first`: the plays of a card tapped on the reader)."""
        own = tuple(o for s in self.acting if s not in claimed for o in self.seats[s])
        listed = _once(own + self.companion + self.corrections)
        return tuple(o for o in listed if o.first) + tuple(o for o in listed if not o.first)

    def held(self, claimed: frozenset[int]) -> tuple[tuple[int, Option], ...]:
        """The options of the acting seats a phone holds, but their private ones, each with its seat: what the
        host may do for such a seat after confirming, and what a card or dice on the reader may fill (a real
        card or die is laid on the table, in everyone's sight)."""
        return tuple((s, o) for s in self.acting if s in claimed for o in self.seats[s]
                     if not o.private and o.action.get("type") != "undo")  # the host has its own undo

    def for_seat(self, seat: int) -> tuple[Option, ...]:
        return self.seats[seat]


def _once(options: tuple[Option, ...]) -> tuple[Option, ...]:
    """The same choice offered twice (a seat's own, and the table's for every seat) is listed once, first where
    it first comes."""
    seen: set[str] = set()
    kept = []
    for option in options:
        key = json.dumps([option.action, option.fields], sort_keys=True)
        if key not in seen:
            seen.add(key)
            kept.append(option)
    return tuple(kept)


def offer(game: GameDef, session: Session) -> Offer:
    state = session.state
    n = len(state["players"])
    corrections = _undo_redo(session)
    flow = state["flow"]
    if state["rolloff"] is not None or flow is None:
        return Offer(rolloff_options(state, game.rolloff_face), ((),) * n, (), corrections)
    if flow["over"]:  # what the score sheet still needs, entered at the table
        return Offer(final_sheet.options(game, state), ((),) * n, (), corrections)
    step = current_step(game.flow, state)

    def said(options) -> tuple[Option, ...]:
        return tuple(_said_next(game, state, o) for o in options)

    seats = tuple(said(step_options(game.flow, state, s)) for s in range(n))
    if callable(step.acting):
        acting = tuple(step.acting(state))
    elif step.acting == WITH_OPTIONS:  # the players with something to do, the any-time options counted
        acting = tuple(s for s in flow["order"] if seats[s])
    else:
        acting = (flow["actor"],) if flow["actor"] is not None else ()
    return Offer(said(step_options(game.flow, state, None)), seats,
                 tuple(acting), tuple(_counters(game, state)) + corrections, tuple(acting))


def _said_next(game: GameDef, state: PMap, option: Option) -> Option:
    """NEXT that ends the game (the last player's part of the last step of the turn that reached the end)
    says so ("Done: the game ends") and asks first: the step cannot know, the flow's end triggers do. A NEXT the
    step leaves unlabelled (a table's phase closed) says what follows ("Pay: on to Diplomacy Phase"), and asks first
    when the step's `asks` says it throws something away."""
    if option.button == "NEXT" and not option.short:  # the step's own word for it ("Draw", "Pay")
        option = replace(option, short=current_step(game.flow, state).done)
    if option.button != "NEXT" or option.fields or option.rolls or (option.confirm and option.label):
        return option  # a roll's outcome is the dice's: whether it ends the game is not known before
    tried = _tried(game, state, option.action)
    if refused(tried):
        return option if option.label else replace(option, label=current_step(game.flow, state).label)
    if tried.state["flow"]["over"]:
        # Not why it ends (the box could not show that whole): the game's own line says the end is near, the last
        # screen and the log say why.
        said = option.label or current_step(game.flow, state).done
        return replace(option, label=f"{said}: the game ends", confirm=True)
    if option.label:
        return option
    step = current_step(game.flow, state)
    lost = step.asks(state) if step.asks is not None else ""
    label = f"{step.done}: {_what_follows(game, state, tried.state)}"
    return replace(option, label=f"{label}. {lost}" if lost else label, confirm=bool(lost))


def cost(game: GameDef, state: PMap, action: Mapping[str, Any]) -> tuple[int, str, str] | None:
    """What `action` would spend of one player's money, tried on `state`: (the most any player pays, the money's
    label, the input's first log line), or None when it spends none (or is refused)."""
    tried = _tried(game, state, action)
    if refused(tried):
        return None
    paid = [(state["counters"]["players"][seat][spec.name] - mine[spec.name], spec.label)
            for spec in game.counters if spec.money and spec.per_player
            for seat, mine in enumerate(tried.state["counters"]["players"])]
    most = max(paid, default=(0, ""))
    return (most[0], most[1], tried.log[0] if tried.log else "") if most[0] > 0 else None


def _tried(game: GameDef, state: PMap, action) -> Accepted | Refused:
    """`action` tried on the state, any chance outcome it lacks filled with a stand-in (what follows does not
    depend on the dice or the shuffle)."""
    for _ in range(8):
        tried = apply(game, state, action)
        if not (refused(tried) and tried.needs is not None and tried.needs.key not in action):
            return tried
        needs = tried.needs
        stand_in = [1] * int(needs.spec.split("d")[0]) if needs.kind == "roll" else list(needs.cards)
        action = {**action, needs.key: stand_in}
    return tried


def _undo_redo(session: Session) -> tuple[Option, ...]:
    options = []
    if session.past:
        last = session.past[-1]
        asks = last.reveal is not None or _whose(last.before) != _whose(session.state)
        options.append(Option(f"Undo: {last.label}", "Undo", {"type": "undo"}, confirm=asks, group=CORRECTIONS,
                              button="BACK"))
    if session.future:
        options.append(Option(f"Redo: {session.future[-1].label}", "Redo", {"type": "redo"}, group=CORRECTIONS))
    return tuple(options)


def _whose(state: PMap) -> int | None:
    """Whose decision the table waits for: the player acting, else the one whose turn it is. An undo that would go
    back to another's (what Bea paid, taken back in Cy's turn by one stray BACK) asks first."""
    flow = state["flow"]
    return None if flow is None else flow["actor"] if flow["actor"] is not None else flow["player"]


def _counters(game: GameDef, state: PMap) -> list[Option]:
    """A bounded per-player counter set right by hand, for each seat (the knob and the counters page)."""
    options = []
    for spec in game.counters:
        if not spec.per_player or spec.minimum is None or (spec.corrected is not None and not spec.corrected(state)):
            continue
        for seat, player in enumerate(state["players"]):
            now = state["counters"]["players"][seat][spec.name]
            # A counter with no upper bound (Gold, Ducats) is set right by up to CORRECTION_STEP at a time.
            top = spec.top(state["counters"]["players"][seat])
            top = top if top is not None else now + CORRECTION_STEP
            if spec.balance:  # what the player gains comes from the table's counter (the Bank): no more than it holds
                balance = counters_mod.spec_named(game.counters, spec.balance)
                if balance.minimum is not None:
                    top = min(top, now + state["counters"]["table"][spec.balance] - balance.minimum)
            options.append(Option(
                f"Set {player['name']}'s {spec.label} right (now {now})", spec.label[:6],
                {"type": "counter", "name": spec.name, "seat": seat},
                fields={"delta": {"type": "integer", "minimum": spec.minimum - now, "maximum": top - now,
                                  "title": "change by"}},
                group=CORRECTIONS, under=f"Set {player['name']}'s counts right"))
    return options


def _what_follows(game: GameDef, before: PMap, after: PMap) -> str:
    """After an advance: "Bea's turn", "round 4", "on to Revenue Phase" (the step that comes)."""
    was, now = before["flow"], after["flow"]
    names = [p["name"] for p in after["players"]]
    if now["round"] != was["round"]:
        return f"{game.flow.round_word.lower()} {now['round']}"
    if now["player"] != was["player"] and now["player"] is not None:
        return f"{names[now['player']]}'s turn"
    if now["step"] != was["step"]:
        return f"on to {current_step(game.flow, after).label}"
    if now["actor"] is not None and now["actor"] != was["actor"]:
        return f"{names[now['actor']]} next"
    return "the step ends"
