"""Phases as data: rounds of turns, steps in a turn, and the triggers that end the game.

A game declares a `Flow`; the cursor lives in the state under "flow":

  round        1, 2, ...
  order        the seats in this round's turn order (the lead or first player first)
  turn         index in `order` of the player whose turn it is
  player       that player's seat (the lead player when one turn serves the round)
  step, name   index of the current step in `Flow.steps`, and its name (what a game's rules read)
  actor        the seat expected to act now (None in a table step anyone may close)
  sub, passes  position inside a step every player takes, and consecutive passes
  final_turns  set once "one more turn each" has been triggered: the turns left
  last_round   set once a trigger has granted one more round
  over, ended  the game is over, and why

One *advance* ends the current step for the current actor.

A `Step` is one declaration: when it happens and who acts, what it offers each seat and the table
(`options`), what each of its inputs does (`handlers`, given a `companion.core.edit.Edit`), the status line
under who acts, and which seats' options the table does. What a game offers in every step beside (an action
card played at any time, a power of a player's board, the table's corrections) is declared once, as the
flow's `Anytime`; `options` and `handlers` here give a step's own merged with it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from pyrsistent import PMap, pmap, pvector

from companion.core.result import Accepted, Refused
from companion.core.seats import clockwise_from, next_seat, others_from_left_of, rotated
from companion.core.words import sentence

if TYPE_CHECKING:
    from companion.core.options import Option
    from companion.core.edit import Handler

# Who acts in a step.
ACTOR = "actor"  # the turn's player, once
EACH = "each"  # every player once, in order from the turn's player
PASSES = "passes"  # round after round from the turn's player until enough consecutive passes
TABLE = "table"  # the companion or anybody: one advance closes it
# `Step.acting`: the players who have options now (the flow's order), the any-time ones counted: the table waits
# for them and does their options too.
WITH_OPTIONS = "with options"

# How turns make a round.
EACH_PLAYER = "each_player"  # every seat of the round's order takes a turn
ONE_PER_ROUND = "one_per_round"  # one turn for the whole table, led by the first of the order

# How the round's order is found.
FIXED = "fixed"  # from the first player, clockwise, every round
ROTATING = "rotating"  # the lead moves one seat clockwise each round

# End triggers.
END_OF_TURN = "end_of_turn"  # condition checked when a turn ends: the game ends there
START_OF_ROUND = "start_of_round"  # checked as a round starts: that round is the last
ONE_MORE_TURN_EACH = "one_more_turn_each"  # checked when a turn ends: every other player, from the left of that turn's player, has one more turn (and that player too, last, with `ender_too`)
AFTER_ROUNDS = "after_rounds"  # the game ends when round `rounds` ends

Condition = Callable[[PMap], bool]


@dataclass(frozen=True)
class Step:
    name: str
    label: str
    who: str = ACTOR
    when: Condition | None = None  # the step happens only when this holds
    passes_needed: int | None = None  # PASSES: default, the number of players
    done: str = "Done"  # the hint above NEXT, at most 6 characters
    plain_is_pass: bool = False  # PASSES: an advance that says nothing passes (buying is its own action)
    # What NEXT would throw away here, in players' words ("Anna loses spices ..."), or "": NEXT asks first.
    asks: Callable[[PMap], str] | None = None
    # EACH: a player with nothing to do in this step is passed over (a shipment the pirates took); when
    # every player is, the step does not happen.
    skip: Callable[[PMap, int], bool] | None = None
    # A step with nothing to do now says so in players' words ("Ada has no workshop ready to produce."), or
    # "": then it passes by itself, its plain advance done for the actor (the engine), the words in the log.
    idle: Callable[[PMap], str] | None = None
    # What the step offers now: (state, seat) -> options; seat None: the companion's own, which the table
    # does. By default, nothing.
    options: Callable[[PMap, int | None], Sequence[Option]] = lambda state, seat: ()
    # What each input does, by its key (companion.core.edit.input_key): an advance's "action", else its type.
    # A plain advance with no handler of its own only ends the step.
    handlers: Mapping[str, Handler] = field(default_factory=dict, hash=False)
    status: Callable[[PMap], str] | None = None  # the line the OLED and the table page show under who acts
    # The seats whose options the table does too (default: the flow's actor), or WITH_OPTIONS.
    acting: Callable[[PMap], tuple[int, ...]] | str | None = None
    # What the step does, in players' words and without its number ("sailing", "everyone's income in the
    # Revenue Phase"), made from the state before: what undoing the table's advance of a step the whole table takes
    # names, and what ends when a plain advance ends it ("Ada is done with sailing."). By default, its label.
    undone: str | Callable[[PMap], str] | None = None
    # Whether the game's any-time options and handlers (`Flow.anytime`) are offered here too: not in a step
    # before the play begins (the Burghers placed).
    anytime: bool = True
    # What the step's own plain advance did that the whole table should see, from the state before and after it,
    # for the box to show large for a moment: (its title, one short line), ("Revenue", "Ada +5, Bea +3 Gold"), or
    # None for nothing worth it. The log has it at length.
    tells: Callable[[PMap, PMap], tuple[str, str] | None] | None = None

    def undone_words(self, state: PMap) -> str:
        return (self.undone(state) if callable(self.undone) else self.undone) or self.label


@dataclass(frozen=True)
class Anytime:
    """What a game offers in every step beside the step's own, declared once: what a player may do whoever
    acts (play an action card, use a power of his board) and the table's corrections. `options` as a step's
    (seat None: the table's); `handlers` by input key, a step's own handler for a key coming first."""

    options: Callable[[PMap, int | None], Sequence[Option]] = lambda state, seat: ()
    handlers: Mapping[str, Handler] = field(default_factory=dict, hash=False)
    # While this holds, these are the only options: the step's own are not offered (its handlers stay), as while
    # a card played waits for its answer (Master of Venice: negate it, or let it happen).
    only: Condition | None = None
    # The table's any-time options listed before the step's own, which close it (a card being played heads the
    # table's list); a seat's come after the step's own either way.
    table_first: bool = False


@dataclass(frozen=True)
class EndTrigger:
    kind: str
    when: Condition | None = None
    rounds: int = 0
    reason: str | Callable[[PMap], str] = ""  # text, or made from the state ("Ada has 12 points")
    # ONE_MORE_TURN_EACH: whether the player whose turn triggered it has one more turn too, last
    # (a rule option may decide: made from the state).
    ender_too: bool | Callable[[PMap], bool] = False

    def why(self, state: PMap) -> str:
        return self.reason(state) if callable(self.reason) else self.reason

    def ender_plays(self, state: PMap) -> bool:
        return self.ender_too(state) if callable(self.ender_too) else self.ender_too


@dataclass(frozen=True)
class Flow:
    steps: tuple[Step, ...]
    turns: str = EACH_PLAYER
    order: str | Callable[[PMap], Sequence[int]] = FIXED
    end: tuple[EndTrigger, ...] = ()
    round_word: str = "Round"  # what the log calls a round: "Turn" where one turn serves the table
    # The log's line as a round starts in the game's own words ("Year 3 begins: ..."), or None for the plain one.
    round_line: Callable[[PMap], str | None] | None = None
    # The round as the screens name it where its number says little ("Y1 Win N": Merchant's year, season and wind),
    # in place of "Turn 3"; "" or None: the number.
    round_label: Callable[[PMap], str] | None = None
    anytime: Anytime = Anytime()  # offered in every step (but those with `Step.anytime` false)


def _name(state: PMap, seat: int | None) -> str:
    return "the table" if seat is None else state["players"][seat]["name"]


def _n(state: PMap) -> int:
    return len(state["players"])


def start(flow: Flow, state: PMap, first: int) -> tuple[PMap, list[str]]:
    """Open round 1 with `first` as first (or lead) player."""
    cursor = pmap({"round": 0, "order": pvector(), "turn": 0, "player": first, "step": 0, "name": flow.steps[0].name,
                   "actor": None,
                   "sub": 0, "passes": 0, "final_turns": None, "last_round": False, "over": False, "ended": ""})
    state = state.set("flow", cursor)
    log: list[str] = []
    state = _start_round(flow, state, clockwise_from(first, _n(state)) if not callable(flow.order) else None, log)
    return state, log


def current_step(flow: Flow, state: PMap) -> Step:
    return flow.steps[state["flow"]["step"]]


def options(flow: Flow, state: PMap, seat: int | None) -> tuple[Option, ...]:
    """What the current step offers `seat` (None: the table), its own first, then the game's any-time ones
    (`Anytime.only`, `Anytime.table_first` say otherwise)."""
    step = current_step(flow, state)
    if not step.anytime:
        return tuple(step.options(state, seat))
    anytime = flow.anytime
    extra = tuple(anytime.options(state, seat))
    if anytime.only is not None and anytime.only(state):
        return extra
    own = tuple(step.options(state, seat))
    return (*extra, *own) if seat is None and anytime.table_first else (*own, *extra)


def handlers(flow: Flow, step: Step) -> Mapping[str, Handler]:
    """The handlers of `step`: its own, and the game's any-time ones it has no handler of its own for."""
    return {**flow.anytime.handlers, **step.handlers} if step.anytime else step.handlers


def in_step(state: PMap, *steps: Step) -> bool:
    """Whether the game is in one of `steps` now: for what no step owns (the table's view, a card tapped), which
    names the steps a game declared, never their names again."""
    return state["flow"] is not None and state["flow"]["name"] in {step.name for step in steps}


def step_name(state: PMap) -> str:
    """The name of the step the game is in: what a game's rules read, without its flow."""
    return state["flow"]["name"]


def step_players(state: PMap) -> tuple[int, ...]:
    cur = state["flow"]
    order = tuple(cur["order"])
    return rotated(order, cur["player"]) if cur["player"] in order else clockwise_from(cur["player"], _n(state))


def advance(flow: Flow, state: PMap, seat: int | None = None, passed: bool = False, extra: bool = False):
    """End the current step for the current actor (or pass, or take an extra action)."""
    cur = state["flow"]
    if cur["over"]:
        return Refused(f"the game is over ({cur['ended']})")
    step = flow.steps[cur["step"]]
    if seat is not None and cur["actor"] is not None and seat != cur["actor"]:
        return Refused(f"it is {_name(state, cur['actor'])}'s move ({step.label}), not {_name(state, seat)}'s")
    if passed and step.who != PASSES:
        return Refused(f"there is no passing in {step.label}")
    if extra and step.who != ACTOR:
        return Refused(f"an extra action is only for the turn's player, not in {step.label}")
    log: list[str] = []
    if extra:
        log.append(f"{_name(state, cur['player'])} takes another action.")
        state = _start_turn(flow, state, cur["player"], log)
    elif step.who == EACH and (following := _next_in(step, state, cur["sub"] + 1)) is not None:
        state = _set_actor(state, following, 0, step, log)
    elif step.who == PASSES:
        passes = cur["passes"] + 1 if passed else 0
        players = step_players(state)
        if passed:
            log.append(f"{_name(state, cur['actor'])} passes.")
        if passes >= (step.passes_needed or len(players)):
            state = _enter_step(flow, state, cur["step"] + 1, log)
        else:
            state = _set_actor(state, (cur["sub"] + 1) % len(players), passes, step, log)
    else:
        state = _enter_step(flow, state, cur["step"] + 1, log)
    return Accepted(state, tuple(log))


def end_turn(flow: Flow, state: PMap):
    """End the turn at once, whatever step it is in (a shortcut past the steps left): the next turn starts,
    under the same end rules as an advance past the last step."""
    cur = state["flow"]
    if cur["over"]:
        return Refused(f"the game is over ({cur['ended']})")
    if flow.turns != EACH_PLAYER:
        return Refused("one turn serves the whole table: advance through its steps")
    log = [f"{_name(state, cur['player'])} ends the turn."]
    return Accepted(_end_turn(flow, state, log), tuple(log))


def end_now(state: PMap, reason: str) -> PMap:
    return state.set("flow", state["flow"].set("over", True).set("actor", None).set("ended", reason))


def _next_in(step: Step, state: PMap, sub: int) -> int | None:
    """The first position from `sub` in an EACH step whose player has something to do, or None."""
    players = step_players(state)
    return next((i for i in range(sub, len(players)) if step.skip is None or not step.skip(state, players[i])), None)


def _set_actor(state: PMap, sub: int, passes: int, step: Step, log: list[str], announce: bool = True) -> PMap:
    actor = step_players(state)[sub]
    if announce:
        log.append(f"{step.label}: {_name(state, actor)}.")
    return state.set("flow", state["flow"].update({"sub": sub, "passes": passes, "actor": actor}))


def _enter_step(flow: Flow, state: PMap, index: int, log: list[str]) -> PMap:
    for i in range(index, len(flow.steps)):
        step = flow.steps[i]
        if (step.when is None or step.when(state)) and (step.who != EACH or _next_in(step, state, 0) is not None):
            state = state.set("flow", state["flow"].update({"step": i, "name": step.name}))
            if step.who == TABLE:
                log.append(f"{step.label}.")
                return state.set("flow", state["flow"].update({"sub": 0, "passes": 0, "actor": None}))
            # "Ada's turn." already names who acts in a one-step turn.
            quiet = step.who == ACTOR and flow.turns == EACH_PLAYER and sum(
                1 for s in flow.steps if s.when is None or s.when(state)) == 1
            first = _next_in(step, state, 0) if step.who == EACH else 0
            return _set_actor(state, first, 0, step, log, announce=not quiet)
    return _end_turn(flow, state, log)


def _start_turn(flow: Flow, state: PMap, player: int, log: list[str]) -> PMap:
    cur = state["flow"]
    turn = list(cur["order"]).index(player) if player in cur["order"] else cur["turn"]
    state = state.set("flow", cur.update({"player": player, "turn": turn}))
    if flow.turns == EACH_PLAYER:
        log.append(f"{_name(state, player)}'s turn.")
    return _enter_step(flow, state, 0, log)


def _over(state: PMap, reason: str, log: list[str]) -> PMap:
    log.append(f"The game is over: {reason}.")
    return end_now(state, reason)


def _end_turn(flow: Flow, state: PMap, log: list[str]) -> PMap:
    cur = state["flow"]
    for trig in flow.end:
        if trig.kind == END_OF_TURN and trig.when(state):
            return _over(state, trig.why(state) or "end of the turn", log)
    final = cur["final_turns"]
    if final is None:
        for trig in flow.end:
            if trig.kind == ONE_MORE_TURN_EACH and trig.when(state):
                final = pvector(others_from_left_of(cur["player"], _n(state))
                                + ((cur["player"],) if trig.ender_plays(state) else ()))
                log.append(f"{sentence(trig.why(state) or 'the end is triggered')}: one more turn each, from "
                           f"{_name(state, final[0]) if final else 'nobody'}.")
                break
    if final is not None:
        if not final:
            return _over(state, "every player has had a last turn", log)
        state = state.set("flow", cur.set("final_turns", final[1:]))
        return _start_turn(flow, state, final[0], log)
    if flow.turns == EACH_PLAYER and cur["turn"] + 1 < len(cur["order"]):
        return _start_turn(flow, state, cur["order"][cur["turn"] + 1], log)
    return _end_round(flow, state, log)


def _end_round(flow: Flow, state: PMap, log: list[str]) -> PMap:
    cur = state["flow"]
    for trig in flow.end:
        if trig.kind == AFTER_ROUNDS and cur["round"] >= trig.rounds:
            return _over(state, trig.why(state) or f"{trig.rounds} rounds played", log)
    if cur["last_round"]:
        return _over(state, "the last round is played", log)
    if callable(flow.order):
        order = None
    elif flow.order == ROTATING:
        order = clockwise_from(next_seat(cur["order"][0], _n(state)), _n(state))
    else:
        order = tuple(cur["order"])
    return _start_round(flow, state, order, log)


def _start_round(flow: Flow, state: PMap, order: Sequence[int] | None, log: list[str]) -> PMap:
    cur = state["flow"]
    if order is None:
        order = tuple(flow.order(state))
    rnd = cur["round"] + 1
    state = state.set("flow", cur.update({"round": rnd, "order": pvector(order), "turn": 0}))
    if flow.round_line is not None and (line := flow.round_line(state)):
        log.append(line)
    elif flow.turns == ONE_PER_ROUND:
        log.append(f"{flow.round_word} {rnd}: {_name(state, order[0])} leads.")
    else:
        log.append(f"{flow.round_word} {rnd}.")
    for trig in flow.end:
        if trig.kind == START_OF_ROUND and not state["flow"]["last_round"] and trig.when(state):
            state = state.set("flow", state["flow"].set("last_round", True))
            log.append(f"{sentence(trig.why(state) or 'the end is triggered')}: this is the last round.")
    return _start_turn(flow, state, order[0], log)
