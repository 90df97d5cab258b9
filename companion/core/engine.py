"""The pure core: `new_game`, `apply`, and a session with exact undo and redo.

`apply(game, state, action)` returns `Accepted(new_state, log, reveal)` or
`Refused(reason)`. It never raises for a bad action and never changes the
state it was given (states are persistent maps: nothing can change them).

Actions are plain JSON-like mappings with a "type". Each goes to the current step's handler for it
(companion.core.edit); an advance ends the step for its actor. The core's own, which a step takes as they
are (`core_input`), and of which a roll-off, a counter set right and a real draw pile run out are taken in
every step:

  advance   {action?, ...}                    end the current step for its actor (after its handler)
  roll      {spec, values?, seat?, source?}   dice; values come from the runtime or a physical die
  rolloff   {values}                          one value per contender, in contender order
  shuffle   {deck, order?}                    gather draw and discard piles and shuffle
  draw      {deck, n?, order?, cards?}        virtual decks draw from the top; mirror decks name the cards
  look      {deck, n, order?, cards?}         draw N to choose from ...
  keep      {deck, card|null, order?}         ... keep at most one, the rest go under the deck
  discard   {deck, cards, order?}
  deck_exhausted {deck}                       a real draw pile ran out (mirror decks the companion only counts)
  counter   {name, seat?, delta | value}

A game adds its own action types, as its steps' handlers.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from pyrsistent import PMap, PVector, freeze, pmap, pvector

from companion.core import counters as counters_mod
from companion.core import deck as deck_mod
from companion.core import final_sheet
from companion.core import flow as flow_mod
from companion.core.dice import check_values, parse_spec
from companion.core.game import GameDef
from companion.core.result import Accepted, Needs, Refused, Result, refused
from companion.core.seats import nth_youngest
from companion.core.seats import rolloff as rolloff_round
from companion.core.edit import Edit, input_key
from companion.core.edit import run as run_handler
from companion.core.words import listing, sentence

UNDO_LIMIT = 100  # actions a table can take back, in memory and after a restart


def validate_setup(game: GameDef, setup: Mapping[str, Any]) -> Refused | None:
    """Why this setup cannot start `game` (a refusal), or None."""
    if not isinstance(setup, Mapping):
        return Refused("the setup must be an object")
    players = setup.get("players")
    if not isinstance(players, (list, tuple)) or not all(isinstance(p, Mapping) for p in players):
        return Refused("players: give a list of players in seat order")
    if not game.min_players <= len(players) <= game.max_players:
        return Refused(f"players: {game.title} is for {game.min_players} to {game.max_players} players, not {len(players)}")
    names = []
    for i, p in enumerate(players):
        name = p.get("name")
        if not isinstance(name, str) or not name.strip():
            return Refused(f"players[{i}].name: every player needs a name")
        if len(name) > 24:
            return Refused(f"players[{i}].name: at most 24 characters")
        age = p.get("age")
        if age is not None and (type(age) is not int or not 0 <= age <= 150):
            return Refused(f"players[{i}].age: a whole number of years")
        born = p.get("birth_year")
        if born is not None and (type(born) is not int or not 1850 <= born <= 2200):
            return Refused(f"players[{i}].birth_year: a year such as 1987")
        names.append(name.strip().casefold())
    if len(set(names)) != len(names):
        return Refused("players: two players have the same name")
    first = setup.get("first")
    if first is not None and (type(first) is not int or not 0 <= first < len(players)):
        return Refused(f"first: a seat number from 0 to {len(players) - 1}")
    compositions = _per_deck(game, setup, "compositions", "{card: how many}")
    if refused(compositions):
        return compositions
    for name, given in compositions.items():
        bad = game.deck(name).composition_from(given)
        if refused(bad):
            return Refused(f"compositions.{name}: {bad.reason}")
    modes = _per_deck(game, setup, "deck_modes", "virtual or mirror")
    if refused(modes):
        return modes
    for name, mode in modes.items():
        spec = game.deck(name)
        if mode not in ("virtual", "mirror"):
            return Refused(f"deck_modes.{name}: virtual or mirror, not {mode!r}")
        if mode == "virtual" and spec.composition is None and name not in compositions:
            how = " until its cards are entered" if spec.check_composition else ""
            return Refused(f"deck_modes.{name}: the {spec.label} deck's cards are not known, so it can only be physical{how}")
    return _check_options(game, setup.get("options", {})) or (game.check_setup(setup) if game.check_setup else None)


def _per_deck(game: GameDef, setup: Mapping[str, Any], key: str, what: str) -> Mapping[str, Any] | Refused:
    """setup[key], an object keyed by this game's deck names; or why it is not."""
    given = setup.get(key, {})
    if not isinstance(given, Mapping):
        return Refused(f"{key}: an object of deck name -> {what}")
    unknown = next((name for name in given if game.deck(name) is None), None)
    if unknown is not None:
        return Refused(f"{key}.{unknown}: {game.title} has no such deck")
    return given


def _check_options(game: GameDef, options: object) -> Refused | None:
    if not isinstance(options, Mapping):
        return Refused("options: an object of rule option -> value")
    for name, value in options.items():
        spec = game.rule_options.get(name)
        if spec is None:
            known = ", ".join(game.rule_options) or "none"
            return Refused(f"options.{name}: {game.title} has no such rule option (its options: {known})")
        if value not in spec["enum"] or type(value) is not type(spec["default"]):
            return Refused(f"options.{name}: one of {', '.join(map(str, spec['enum']))}, not {value!r}")
    return None


def _first_seat(game: GameDef, setup: Mapping[str, Any]) -> int | Refused | None:
    """The first (or lead) player's seat; None for a roll-off; or why the setup cannot tell (a refusal)."""
    first = setup.get("first")
    if first is not None:
        return first
    if game.first_player == "rolloff":
        return None
    if game.first_player == "second_youngest":
        players = setup["players"]
        if all(p.get("age") is None and p.get("birth_year") is not None for p in players):
            seat = nth_youngest([-p["birth_year"] for p in players], 2)  # the later the year, the younger
            if refused(seat):
                seat = Refused("two players were born in the same year: choose the first player")
        else:
            seat = nth_youngest([p.get("age") for p in players], 2)
        return Refused(f"first: the second-youngest player starts, but {seat.reason}") if refused(seat) else seat
    return 0


def new_game(game: GameDef, setup: Mapping[str, Any]) -> Result:
    """The state at the start of a game, or why this setup is refused."""
    refusal = validate_setup(game, setup)
    if refusal is not None:
        return refusal
    players = [
        {"name": p["name"].strip(), "colour": p.get("colour"), "age": p.get("age")} for p in setup["players"]
    ]
    n = len(players)
    modes = setup.get("deck_modes", {})
    given = setup.get("compositions", {})
    first = _first_seat(game, setup)
    if refused(first):
        return first
    options = {name: spec["default"] for name, spec in game.rule_options.items()} | dict(setup.get("options", {}))
    state = pmap(
        {
            "game": game.id,
            "players": freeze(players),
            "options": freeze(options),
            "counters": counters_mod.build(game.counters, n),
            "decks": pmap({d.name: deck_mod.build(d, n, modes.get(d.name), d.composition_from(given.get(d.name)))
                           for d in game.decks}),
            "dice": pmap({"last": None}),
            "rolloff": None,
            "data": freeze(dict(game.initial_data(setup) if game.initial_data else {})),
            "flow": None,
        }
    )
    before = game.setup_log(state) if game.setup_log is not None else ()
    if first is None:
        state = state.set("rolloff", pmap({"contenders": pvector(range(n)), "purpose": "first player"}))
        return Accepted(state, (f"{game.title}: {n} players.", *before, "Roll off for the first player."))
    state, log = flow_mod.start(game.flow, state, first)
    return Accepted(state, (f"{game.title}: {n} players.", *before, *log))


def _seat(state: PMap, action: Mapping[str, Any]) -> int | None | Refused:
    seat = action.get("seat")
    if seat is None:
        return None
    if type(seat) is not int or not 0 <= seat < len(state["players"]):
        return Refused(f"seat must be a number from 0 to {len(state['players']) - 1}")
    return seat


def apply(game: GameDef, state: PMap, action: Mapping[str, Any]) -> Result:
    """Apply one action; see the module text for the generic actions."""
    if not isinstance(action, Mapping) or not isinstance(action.get("type"), str):
        return Refused("an action is an object with a type")
    kind = action["type"]
    seat = _seat(state, action)
    if refused(seat):
        return seat
    if state["rolloff"] is not None and kind != "rolloff":
        return Refused(f"first the roll-off for the {state['rolloff']['purpose']}")
    if kind == final_sheet.TYPE:  # at game over: a field of the score sheet the companion did not know
        return final_sheet.enter(game, state, action)
    if state["flow"] is not None and state["flow"]["over"]:
        return Refused(f"the game is over ({state['flow']['ended']})")
    return _by_step(game, state, action, seat)


# The generic inputs a game on steps leaves to the core: a roll-off, a counter set right by hand, a real
# draw pile that ran out (a strict game takes each only where it offers it).
_STEPPED_GENERIC = ("rolloff", "counter", "deck_exhausted")


def _by_step(game: GameDef, state: PMap, action: Mapping[str, Any], seat: int | None) -> Result:
    """A game on steps: the current step's handler for the input; after an advance's, the flow moves on."""
    kind = action["type"]
    step = flow_mod.current_step(game.flow, state) if state["flow"] is not None else None
    handlers = flow_mod.handlers(game.flow, step) if step is not None else {}
    if step is None or kind in _STEPPED_GENERIC and kind not in handlers:  # a step may do one its own way
        handler = _GENERIC.get(kind) if kind in _STEPPED_GENERIC else None
        return handler(game, state, action, seat) if handler else Refused("the game has not started")
    handler = handlers.get(input_key(action), _ends_the_step if input_key(action) == "advance" else None)
    if handler is None:
        return Refused(f"that cannot be done now ({step.label})")
    actor = state["flow"]["actor"]
    if kind == "advance" and seat is not None and actor is not None and seat != actor:
        return flow_mod.advance(game.flow, state, seat)  # the flow's refusal names whose move it is
    done = run_handler(handler, game, state, action)
    if refused(done) or kind != "advance":
        return done
    extra = game.extra_action(done.state, action) if game.extra_action is not None else False
    passed = step.plain_is_pass and input_key(action) == "advance"  # a plain advance passes; a purchase does not
    moved = flow_mod.advance(game.flow, done.state, seat, passed, bool(extra))
    if refused(moved):
        return moved
    said = done.log if done.log or passed else (_ended(state, step, seat),)  # the flow says only what follows
    after, idle, told = _idle_passed(game, moved.state)
    own = _tells(step, state, done.state) if input_key(action) == "advance" else ()
    return Accepted(after, said + moved.log + idle, done.reveal, done.told + own + told)


def _tells(step: flow_mod.Step, before: PMap, after: PMap) -> tuple[tuple[str, str], ...]:
    """What a step's plain advance did, for the box (`Step.tells`): (a title, a line), or nothing."""
    told = step.tells(before, after) if step.tells is not None else None
    return (told,) if told else ()


def _idle_passed(game: GameDef, state: PMap) -> tuple[PMap, tuple[str, ...], tuple[tuple[str, str], ...]]:
    """The steps that follow with nothing to do (`Step.idle`) passed by themselves: each one's plain advance done
    for its actor, as a press would, its words in the log (and what it did in its short line, `Step.tells`). A
    step whose advance is refused, or would end the game (which the table confirms), waits for the table."""
    log: tuple[str, ...] = ()
    told: tuple[tuple[str, str], ...] = ()
    for _ in range(len(game.flow.steps) * max(1, len(state["players"]))):  # bounded: each pass moves the flow on
        if state["flow"] is None or state["flow"]["over"]:
            break
        step = flow_mod.current_step(game.flow, state)
        why = step.idle(state) if step.idle is not None else ""
        if not why:
            break
        done = run_handler(flow_mod.handlers(game.flow, step).get("advance", _ends_the_step), game, state, {"type": "advance"})
        # A step of passes counts it as a pass, as the press would (`Step.plain_is_pass`).
        moved = done if refused(done) else flow_mod.advance(game.flow, done.state, state["flow"]["actor"],
                                                             passed=step.plain_is_pass)
        if refused(moved) or moved.state["flow"]["over"]:
            break
        told += done.told + _tells(step, state, done.state)
        state, log = moved.state, log + (why,) + done.log + moved.log
    return state, log, told


def _ended(state: PMap, step: flow_mod.Step, seat: int | None) -> str:
    """A step ended with nothing of its own to say: "Ada is done with sailing." (the actor), "The Diplomacy
    Phase ends." (the table)."""
    actor = state["flow"]["actor"] if state["flow"]["actor"] is not None else seat
    words = step.undone_words(state)
    return f"{_who(state, actor)} is done with {words}." if actor is not None else f"{sentence(words)} ends."


def _ends_the_step(e: Edit) -> None:
    """A plain advance in a step with no work of its own to do first."""


def core_input(e: Edit) -> None:
    """A step's handler for one of the core's own inputs (a roll, a draw, a discard, ...), done as the core
    does it, in the name of the seat it names, else the acting player: for a step that offers them as they
    are (free play)."""
    seat = e.action.get("seat")  # checked by `apply`
    seat = e.state["flow"]["actor"] if seat is None else seat
    e.take(lambda state: _GENERIC[e.action["type"]](e.game, state, e.action, seat))


def _who(state: PMap, seat: int | None) -> str:
    return state["players"][seat]["name"] if seat is not None else "The table"


def _roll(game: GameDef, state: PMap, action: Mapping[str, Any], seat: int | None) -> Result:
    spec = parse_spec(action.get("spec", ""))
    if spec is None:
        return Refused("a roll needs a spec such as 1d6 or 2d6")
    if game.dice and str(spec) not in game.dice:
        return Refused(f"{game.title} rolls {' or '.join(game.dice)}, not {spec}")
    values = action.get("values")
    if values is None:
        return Refused(f"the {spec} roll needs its values", needs=Needs("roll", "values", spec=str(spec)))
    bad = check_values(spec, values)
    if bad is not None:
        return bad
    source = action.get("source", "virtual")
    if source not in ("virtual", "physical"):
        return Refused("a roll comes from a virtual or a physical die")
    total = sum(values)
    shown = ", ".join(map(str, values))
    last = pmap({"spec": str(spec), "values": pvector(values), "total": total, "seat": seat, "source": source})
    line = f"{_who(state, seat)} rolled {spec}: {shown}" + (f" (total {total})" if len(values) > 1 else "") + "."
    return Accepted(state.set("dice", state["dice"].set("last", last)), (line,), f"The roll of {shown} is taken back.")


def _rolloff(game: GameDef, state: PMap, action: Mapping[str, Any], seat: int | None) -> Result:
    ro = state["rolloff"]
    if ro is None:
        return Refused("there is no roll-off going on")
    contenders = tuple(ro["contenders"])
    values = action.get("values")
    if values is None:
        return Refused("the roll-off needs one die per player", needs=Needs("roll", "values", spec=f"{len(contenders)}d6"))
    bad = check_values(parse_spec(f"{len(contenders)}d6"), values)
    if bad is not None:
        return Refused(f"roll-off: {bad.reason}")
    faces = [game.rolloff_face(state, v) if game.rolloff_face else (v, str(v)) for v in values]
    names = ", ".join(f"{_who(state, s)} {shown}" for s, (_, shown) in zip(contenders, faces))
    best = rolloff_round(contenders, [rank for rank, _ in faces])
    if len(best) > 1:
        state = state.set("rolloff", ro.set("contenders", pvector(best)).set("again", True))
        tied = listing([_who(state, s) for s in best])
        return Accepted(state, (f"Roll-off: {names}. {tied} are tied and roll again.",), "The roll-off roll is taken back.")
    state = state.set("rolloff", None)
    if state["flow"] is not None:  # a roll-off the game started (an election's tie): the game takes the winner
        decided = run_handler(lambda e: game.on_rolloff(e, ro, best[0]), game, state, {})
        if refused(decided):
            return decided
        return Accepted(decided.state, (f"Roll-off: {names}. {_who(state, best[0])} wins.", *decided.log),
                        "The roll-off roll is taken back.")
    state, log = flow_mod.start(game.flow, state, best[0])
    return Accepted(state, (f"Roll-off: {names}. {_who(state, best[0])} goes first.", *log), "The roll-off roll is taken back.")


def _deck_action(op):
    def handler(game: GameDef, state: PMap, action: Mapping[str, Any], seat: int | None) -> Result:
        name = action.get("deck", game.decks[0].name if len(game.decks) == 1 else None)  # the only deck needs no name
        spec = game.deck(name) if isinstance(name, str) else None
        if spec is None:
            names = ", ".join(d.name for d in game.decks) or "none"
            return Refused(f"which deck? ({names})")
        out = op(spec, state["decks"][spec.name], action)
        if refused(out):
            return out
        deck, log, reveal = out
        return Accepted(state.set("decks", state["decks"].set(spec.name, deck)), log, reveal)

    return handler


_GENERIC = {
    "roll": _roll,
    "rolloff": _rolloff,
    "shuffle": _deck_action(lambda s, d, a: deck_mod.shuffle(s, d, a.get("order"))),
    "draw": _deck_action(lambda s, d, a: deck_mod.draw(s, d, a.get("n", 1), a.get("order"), a.get("cards"))),
    "look": _deck_action(lambda s, d, a: deck_mod.draw(s, d, a.get("n", 1), a.get("order"), a.get("cards"), to="looking")),
    "keep": _deck_action(lambda s, d, a: deck_mod.keep(s, d, a.get("card"), a.get("order"))),
    "discard": _deck_action(lambda s, d, a: deck_mod.discard(s, d, a.get("cards"), a.get("order"))),
    "deck_exhausted": _deck_action(lambda s, d, a: deck_mod.exhausted(s, d)),
}


def _counter(game: GameDef, state: PMap, action: Mapping[str, Any], seat: int | None) -> Result:
    spec = counters_mod.spec_named(game.counters, action.get("name")) if isinstance(action.get("name"), str) else None
    if spec is None:
        names = ", ".join(c.name for c in game.counters) or "none"
        return Refused(f"which counter? ({names})")
    if spec.corrected is not None and not spec.corrected(state):
        return Refused(f"{spec.label} is not set by hand now: the game keeps it")
    out = counters_mod.change(spec, state["counters"], seat, action.get("delta"), action.get("value"),
                              who=_who(state, seat) if seat is not None else "")
    if refused(out):
        return out
    counters, log = out
    if spec.balance and seat is not None:
        moved = counters["players"][seat][spec.name] - state["counters"]["players"][seat][spec.name]
        other = counters_mod.spec_named(game.counters, spec.balance)
        balanced = counters_mod.change(other, counters, None, delta=-moved)
        if refused(balanced):
            return balanced
        counters, log = balanced[0], log + balanced[1]
    return Accepted(state.set("counters", counters), log)


_GENERIC["counter"] = _counter

# A step's handlers for the core's own inputs, each done as the core does it (free play's turn).
CORE_INPUTS = {kind: core_input for kind in ("roll", "shuffle", "draw", "look", "keep", "discard")}


# --- session: the state with its undo and redo history ---------------------------------------


@dataclass(frozen=True)
class Done:
    """An accepted action kept for undo: the state before it and what it revealed."""

    action: Mapping[str, Any]
    before: PMap
    label: str
    reveal: str | None
    by: Mapping[str, Any] | None = None  # who made it, as the journal keeps it (companion.sources): opaque here


@dataclass(frozen=True)
class Session:
    state: PMap
    past: PVector = pvector()  # Done, oldest first, at most UNDO_LIMIT
    future: PVector = pvector()  # Done that were undone, the next redo last


@dataclass(frozen=True)
class Applied:
    """What one input did to a session (a flow's step is `companion.core.flow.Step`)."""

    session: Session
    log: tuple[str, ...]
    reveal: str | None = None
    told: tuple[tuple[str, str], ...] = ()  # what the box shows large for a moment: `Step.tells`, `Edit.tell`


def start_session(state: PMap) -> Session:
    return Session(state)


def apply_input(game: GameDef, session: Session, action: Mapping[str, Any],
                by: Mapping[str, Any] | None = None) -> Applied | Refused:
    """An action, or {"type": "undo", "confirm": bool}, or {"type": "redo"}; `by`: who made it, kept with it
    for undo (a table that takes back what a player's phone did asks first)."""
    kind = action.get("type") if isinstance(action, Mapping) else None
    if kind == "undo":
        return _undo(session, bool(action.get("confirm")))
    if kind == "redo":
        return _redo(game, session)
    result = apply(game, session.state, action)
    if refused(result):
        return result
    label = _label(game, session.state, action, result.log)
    reveal = result.reveal
    dice = action.get("dice")
    if reveal is None and isinstance(dice, (list, tuple)) and dice:  # a step's own roll: undone, it is seen again
        reveal = f"The roll of {', '.join(map(str, dice))} is taken back."
    ended = result.state["flow"] is not None and result.state["flow"]["over"]
    if reveal is None and ended and not (session.state["flow"] or {}).get("over"):  # the winner has been shown
        reveal = "The end of the game is taken back: play goes on."
    done = Done(dict(action), session.state, label, reveal, by)
    past = session.past.append(done)
    if len(past) > UNDO_LIMIT:
        past = past[len(past) - UNDO_LIMIT:]
    return Applied(Session(result.state, past, pvector()), result.log, reveal, result.told)


def _label(game: GameDef, state: PMap, action: Mapping[str, Any], log: tuple[str, ...] | list[str]) -> str:
    """What an input is called when it is undone: its first line, which says who did what (cut short). A step
    the whole table takes (an advance no seat makes, whose lines name several players: everyone's income,
    every port's goods) is called by what the step did (its `undone` words), not by one player's line; but the
    acting player's move done at the table is his (its first line names him)."""
    names = [p["name"] for p in state["players"]]
    label = _short(log[0], names) if log else str(action.get("type"))
    flow = state["flow"]
    if len(log) < 2 or action.get("type") != "advance" or action.get("seat") is not None or flow is None \
            or flow["over"]:
        return label
    if flow["actor"] is not None and names[flow["actor"]] in label:
        return label
    if sum(1 for name in names if any(name in line for line in log)) > 1:
        return flow_mod.current_step(game.flow, state).undone_words(state)
    return label


LABEL_MOST = 60  # characters: an undo's label is read wrapped on the box's small screen


def _short(line: str, names: list[str]) -> str:
    """A long line cut to the part that says who did what, when it comes first ("Cy buys Moons 2 for 7." of
    "Cy buys Moons 2 for 7: paid 10 with 5 ..."): the log keeps the whole line."""
    if len(line) <= LABEL_MOST:
        return line
    for mark in (": ", "; "):
        head = line.split(mark, 1)[0]
        if head != line and len(head.split()) >= 3 and any(name in head for name in names):
            return f"{head}."
    return line


def _undo(session: Session, confirm: bool) -> Applied | Refused:
    if not session.past:
        return Refused("there is nothing to undo")
    last = session.past[-1]
    if last.reveal and not confirm:
        return Refused(
            f"undoing “{last.label}” takes back something the table has seen. {last.reveal} Confirm to undo it.",
            needs_confirm=True,
        )
    log = (f"Undone: {last.label}",) + ((last.reveal,) if last.reveal else ())
    return Applied(Session(last.before, session.past[:-1], session.future.append(last)), log)


def _redo(game: GameDef, session: Session) -> Applied | Refused:
    if not session.future:
        return Refused("there is nothing to redo")
    nxt = session.future[-1]
    result = apply(game, session.state, nxt.action)
    if refused(result):  # cannot happen: the state is the one it was applied to
        return Refused(f"cannot redo “{nxt.label}”: {result.reason}")
    return Applied(Session(result.state, session.past.append(nxt), session.future[:-1]), (f"Redone: {nxt.label}",) + result.log[1:])


def can_undo(session: Session) -> dict[str, Any] | None:
    """What the next undo would take back (for a screen), or None.

    Only the label and whether it needs confirming: the put-back hint can name
    a card from a hand, so it is shown only to whoever confirms the undo.
    """
    if not session.past:
        return None
    last = session.past[-1]
    return {"label": last.label, "confirm": last.reveal is not None}
