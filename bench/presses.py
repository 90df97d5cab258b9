"""Presses on the box alone (issue 52): how many button presses each game needs with no phone at the table.

Each game is played from its start by a seeded random player on a real runtime and a real Table (companion/table.py)
with a display that shows nothing and a clock moved by hand, no phone holding a seat, and every deck real (mirror:
the players draw the cards and the box names them; where the rulebook lists no deck card by card, the table's own
list is entered at setup). At each decision the player chooses one of the options the box can do (what SELECT walks,
a die thrown at the table among them, and what NEXT does; never undo nor a correction), each kind of input about as
likely as another and one that asks first (the game ended, goods thrown away) a tenth as likely, with a value for
each field taken at random among those the box offers; a real card named is named as it comes from the deck, each
name as likely as its copies (a Cogs, of which Master of Venice has 15, fifteen times as likely as Timbuktu). An option with a field only a phone can fill (a list to
tick, a name to type) is not chosen: it is counted (`phone_only`, distinct labels). The bench then finds the
SHORTEST sequence of presses from the panel the Table holds now that makes exactly that input (a breadth-first
search over the panel states of the pure `controls.press`; a short and a long press each count one), presses them
into the Table, and counts them. Where a result covers a step the box has not shown yet (a roll that ended a
turn, what NEXT did), a press only takes it away: the player presses once to see the step, and that press counts
too (`uncovered`: how many decisions began so). What the Table does between decisions (SELECT starting on what the box did last in
that step, keeping its place when the list changes) is the Table's own. An input the game refuses is not a
decision (`refused`; its presses are not counted).

A decision is one input accepted by the table. A turn is a run of decisions in one player's turn: it starts with a
decision whose view (before it) names another `player` (whose turn or round it is; where none is named, the `actor`,
the player the table waits for) or another `round`. In Palazzo and La Venise du Nord that is each player's own turn;
in The Patrons of Venice the lead player's, with the others' answers in it; in Master of Venice and Merchant
Venturers, whose `player` is the round's first player, the whole round (a season there), everyone's part in it, as
the playtests counted them. A decision with no player named (the roll-off) counts in the turn under way.

A player's part is what a turn asks of one player: the presses of the inputs made for him in it (the seat the
input names, else the view's `actor`); the inputs for the whole table (NEXT closing a phase everyone plays in, a
card named as it is played) are the table's part of the turn. In a Master of Venice turn (8 phases) or a Merchant
Venturers season, each player's share of it, and the table's; in Patrons, the lead player's turn and each answer
of the others to it; in palazzo and La Venise du Nord, the player's own turn and the others' secondary
activations in it. The goal of at most 8 presses for an ordinary turn is a part in every game, and the turn too
where the turn is one player's (palazzo, La Venise du Nord). Rolls are
the runtime's virtual dice or the faces keyed on the box's keypad, one die after another (dice thrown at the table), as the player chooses.
"""

from __future__ import annotations

import math
import random
import statistics
import tempfile
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion import box_list, controls
from companion.games import GAMES
from companion.journal import Journal
from companion.runtime import Runtime
from companion.table import Table
from hardware.buttons import Press

GAME_IDS = ("patrons_of_venice", "master_of_venice", "palazzo", "la_venise_du_nord", "merchant_venturers")
PLAYERS = (("Ada", 41), ("Bea", 9), ("Cy", 35), ("Dan", 12))
# Every deck real (mirror: the players draw the cards, the box names them). Where the rulebook lists no deck card
# by card the table enters its own at setup, or no button could name a card drawn (a phone would type it): these
# are a table's lists, within what the rulebooks say (the same as the whole-game tests enter).
SETUPS: dict[str, dict[str, Any]] = {
    "patrons_of_venice": {"deck_modes": {"raw_goods": "mirror"}, "compositions": {"raw_goods": {
        "Lumber 2": 8, "Wool 2": 8, "Iron 3": 8, "Hemp 2": 8, "Silk 4": 9, "Grain 1": 8, "Wine 2": 8, "Pepper 3": 8,
        "Pirates!": 4}}},
    "palazzo": {"deck_modes": {"tiles": "mirror", "coins": "mirror"}},
    "la_venise_du_nord": {"deck_modes": {"orders": "mirror", "workshops": "mirror", "builders": "mirror"}, "compositions": {
        "orders": {f"{g} +{n}": count for n, count in ((1, 6), (2, 2)) for g in ("Clothing", "Lace", "Jewelry")},
        "workshops": {
            "Clothing 1 cost 1 wool": 1, "Clothing 2 cost 2 wool 1 flax": 2, "Clothing 3 cost 3 wool 1 flax 1 gold": 2,
            "Lace 1 cost 1 flax": 1, "Lace 2 cost 1 flax 2 gold": 2, "Lace 3 cost 1 wool 3 flax 1 gold": 2,
            "Jewelry 1 cost 2 gold": 1, "Jewelry 2 cost 1 wool 2 gold": 2, "Jewelry 3 cost 1 wool 1 flax 4 gold": 2},
        "builders": {
            "Bridge bonus cost 1 wool 1 flax 1 gold": 2, "Movement +-1 cost 2 wool": 2, "Activation +-1 cost 2 flax": 2,
            "Price shift Clothing cost 1 wool 1 gold": 1, "Price shift Lace cost 2 gold": 1,
            "Price shift Jewelry cost 1 flax 1 gold": 1, "Fill stock cost 3 gold": 4, "Order Clothing +1 cost 1 wool": 1,
            "Order Lace +1 cost 1 flax": 1, "Order Jewelry +2 cost 2 gold": 1}}},
}
MOVES = tuple((role, long) for role in ("back", "select", "action", "next") for long in (False, True))
DEPTH = 60  # presses the search tries at most: far beyond any list the box shows
ASKS_FIRST = 0.1  # how likely an option that asks first (the game ended, goods thrown away) is, against another
REFUSALS = 20  # inputs refused one after another before a game is given up
LONG_S, SHORT_S, PACE_S = 1.0, 0.1, 0.5  # how long a press is held, and the time between presses


class NoPresses(Exception):
    """An input the box offers that no sequence of presses makes."""


@dataclass
class Decision:
    view: dict[str, Any]  # the view it was made on
    panel: controls.Panel  # the Table's panel before the first press
    action: dict[str, Any]  # the input chosen
    presses: tuple[tuple[str, bool], ...]  # (role, long) each
    costly: bool = False  # the Table asked before spending more than a few coins: the last press is its yes
    uncovered: bool = False  # the first press took away a result over a step the box had not shown yet


@dataclass
class Played:
    game: str
    decisions: list[Decision] = field(default_factory=list)
    turns: list[int] = field(default_factory=list)  # presses per turn
    parts: list[int] = field(default_factory=list)  # presses per player's part of a turn (and the table's)
    phone_only: set[str] = field(default_factory=set)  # options the box lists with a field only a phone fills
    no_presses: list[dict[str, Any]] = field(default_factory=list)  # inputs the box offers that no presses make
    refused: int = 0  # inputs the box made that the game refused (their presses are not counted)
    over: bool = False


class _Glass:
    """A display that shows nothing: the Table draws, nobody looks."""

    def show(self, image: Any) -> None:
        pass

    def set_contrast(self, level: int) -> None:
        pass

    def sleep(self) -> None:
        pass

    def wake(self) -> None:
        pass


class _Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def shortest(view: dict[str, Any], panel: controls.Panel, action: dict[str, Any],
             label: str | None = None) -> tuple[tuple[str, bool], ...]:
    """The fewest presses from `panel` on `view` whose last makes `action` (and none before it makes another).
    `label`: the option that makes it; then states that lie on no shortest path are not gone into (a page other
    than the step's, another option's picker, a value other than the action's taken): each only comes back to
    where it was entered, pressed out of."""
    seen, queue = {repr(panel)}, deque([(panel, ())])
    while queue:
        at, path = queue.popleft()
        if len(path) >= DEPTH:
            break
        for move in MOVES:
            reply = controls.press(view, at, *move)
            if reply.action is not None:
                if reply.action == action:
                    return path + (move,)
                continue  # it would do something else
            key = repr(reply.panel)
            if key not in seen and (label is None or _towards(reply.panel, action, label)):
                seen.add(key)
                queue.append((reply.panel, path + (move,)))
    raise NoPresses(f"no presses make {action}")


def _towards(panel: controls.Panel, action: dict[str, Any], label: str) -> bool:
    """Whether `panel` may lie on the way to `action`, made by the option `label`."""
    taken = panel.pick.chosen if panel.pick is not None else panel.chosen
    return (panel.page == "step" and (panel.pick is None or panel.pick.label == label)
            and all(key in action and action[key] == value for key, value in taken))


def offered(view: dict[str, Any]) -> list[dict[str, Any]]:
    """What a player at the box may do: what SELECT walks and what NEXT does (undo and corrections aside)."""
    options = box_list.walk(view)
    nxt = box_list.on_button(view, "NEXT")
    return options + ([nxt] if nxt is not None and nxt not in options else [])


def box_only(option: dict[str, Any]) -> bool:
    """Whether the buttons can fill every field of `option` (a list to tick, a name to type are a phone's)."""
    return box_list.fillable(option)


def chosen(option: dict[str, Any], rng: random.Random, copies: dict[str, int] | None = None) -> dict[str, Any]:
    """The input `option` makes with a random value the box offers for each field (and the yes it asks for). A
    field that names a real card (each of its values a card of one of the game's decks: `copies`) names it as a
    card comes from the deck: each name as likely as its copies (a Senator, of which there are 12, twelve times
    as likely as the one Timbuktu); any other value is as likely as another."""
    values = {key: _in_turn(f, rng) if box_list.in_turn(f) else _value(controls.choices(f), rng, copies or {})
              for key, f in option.get("fields", {}).items()}
    return dict(option["action"]) | values | ({"confirm": True} if option["confirm"] else {})


def _in_turn(field: dict[str, Any], rng: random.Random) -> list[Any]:
    """A list the buttons name one value after another: each die's face, or a few different things (as many as the
    field may hold, at random)."""
    enum = field["items"]["enum"]
    if box_list.dice(field):
        return [rng.choice(enum) for _ in range(box_list.dice(field))]
    most = min(box_list.several(field), len(enum))
    return rng.sample(enum, rng.randint(min(field.get("minItems", 0), most), most))


def _value(choices: list[tuple[Any, str]], rng: random.Random, copies: dict[str, int]) -> Any:
    names = [v[0] if isinstance(v, list) and len(v) == 1 else v for v, _ in choices]  # a card named in a list of one
    if all(isinstance(n, str) and n in copies for n in names):
        return rng.choices(choices, [copies[n] for n in names])[0][0]
    return rng.choice(choices)[0]


def copies_of(game: str) -> dict[str, int]:
    """How many copies each card of the game's decks has (the rulebook's composition, else the table's entered at
    setup): a name of two decks counts the copies of both."""
    counts: dict[str, int] = {}
    entered = SETUPS.get(game, {}).get("compositions", {})
    for deck in GAMES[game].decks:
        given = deck.composition.counts if deck.composition is not None else entered.get(deck.name, {})
        for card, k in given.items():
            counts[card] = counts.get(card, 0) + k
    return counts


def pick(options: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    """One option, each kind of input (its action or type) about as likely as another, one that asks first less."""
    kinds: dict[str, list[dict[str, Any]]] = {}
    for o in options:
        kinds.setdefault(o["action"].get("action") or o["action"]["type"], []).append(o)
    names = sorted(kinds)
    kind = rng.choices(names, [1.0 if any(not o["confirm"] for o in kinds[k]) else ASKS_FIRST for k in names])[0]
    return rng.choice(kinds[kind])


def _whose(view: dict[str, Any]) -> tuple:
    """Whose turn a view is in: the player whose turn (or round) it is, else the player waited for; and the round."""
    player = view.get("player")
    return (player if player is not None else view.get("actor")), view.get("round")


class Box:
    """A real runtime and Table on a temporary journal, a game started with no phone at the table."""

    def __init__(self, folder: Path, game: str, players: int, seed: int):
        self.runtime = Runtime(Journal(folder / f"{game}-{seed}.sqlite3"), GAMES, rng=random.Random(seed))
        self.runtime.start()
        setup = {"players": [{"name": n, "age": a} for n, a in PLAYERS[:players]], **SETUPS.get(game, {})}
        outcome = self.runtime.submit({"type": "new_game", "game": game, "setup": setup})
        if not outcome.accepted:
            raise RuntimeError(f"{game}: {outcome.reason}")
        self.clock = _Clock()
        self.table = Table(self.runtime, _Glass(), clock=self.clock)
        self.table.start()
        self._settle()

    def _settle(self) -> None:
        for _ in range(2):  # the press, then the runtime's copy of the view it queued meanwhile
            if not self.table.wait_idle():
                raise RuntimeError("the table thread did not answer")

    @property
    def panel(self) -> controls.Panel:
        return self.table._panel  # what the Table holds: where its own remembering left SELECT

    def press(self, role: str, long: bool) -> None:
        self.table.press(Press(role, long, self.clock.now, LONG_S if long else SHORT_S))
        self.clock.now += PACE_S
        self._settle()

    def close(self) -> None:
        self.table.stop()
        self.runtime.stop()
        self.runtime.journal.close()


def play(folder: Path, game: str, players: int, seed: int, decisions: int, keep: bool = False) -> Played:
    """One game on the box alone, for at most `decisions` accepted inputs; `keep`: each decision's view and panel
    kept too (for a check that replays it)."""
    rng, out, box = random.Random(seed), Played(game), Box(folder, game, players, seed)
    copies = copies_of(game)
    turn, whose, refused = 0, None, 0
    parts: dict[int | None, int] = {}  # this turn's presses for each player (None: the table's)
    try:
        while len(out.decisions) < decisions:
            view = box.runtime.view()
            if view.get("over"):
                out.over = True
                break
            options = offered(view)
            out.phone_only |= {o["label"] for o in options if not box_only(o)}
            options = [o for o in options if box_only(o)]
            if not options:
                break  # nothing the box can do: the game waits for a phone
            option = pick(options, rng)
            action = chosen(option, rng, copies)
            uncovered = box.table.covers_step
            if uncovered:  # a result over a step not shown yet (a roll, what NEXT did): a press shows the step
                box.press("select", False)
            panel = box.panel
            try:
                found = shortest(view, panel, action, option["label"])
            except NoPresses:
                out.no_presses.append(action)
                break  # reported: the game cannot go on the way it was chosen
            for move in found:
                box.press(*move)
            presses = (("select", False),) * uncovered + found  # the press that showed the step counts too
            costly = box.panel.confirm == "costly"
            if costly:  # the box asks before one press spends more than a few coins: yes
                box.press("action", False)
                presses = (*presses, ("action", False))
            if box.runtime.view()["version"] == view["version"]:  # refused: the presses are not counted
                out.refused, refused = out.refused + 1, refused + 1
                if refused >= REFUSALS:
                    break  # the box keeps making what the game refuses: report what there is
                continue
            refused = 0
            last = box.runtime.view()["last"]
            if any(last.get(k) != action[k] for k in ("type", "deck", "n", "spec", "seat") if k in action):
                raise RuntimeError(f"{game}: the Table made {last}, not {action}")  # the search and the Table disagree
            if whose is not None and _whose(view) != whose and _whose(view)[0] is not None:
                out.turns.append(turn)
                out.parts += parts.values()
                turn, parts = 0, {}
            if _whose(view)[0] is not None:
                whose = _whose(view)
            turn += len(presses)
            seat = _for(view, action)
            parts[seat] = parts.get(seat, 0) + len(presses)
            out.decisions.append(Decision(view if keep else {}, panel, action, presses, costly, uncovered))
    finally:
        box.close()
    if turn:
        out.turns.append(turn)
    out.parts += parts.values()
    return out


def _for(view: dict[str, Any], action: dict[str, Any]) -> int | None:
    """The player an input is made for: the seat it names, else the player the table waits for (None: the table)."""
    seat = action.get("seat")
    return seat if type(seat) is int else view.get("actor")


def percentile(values: list[int], p: float) -> int:
    """The nearest-rank percentile: a value of the list, at or above `p` percent of them."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(p / 100 * len(ordered)) - 1)]


def figures(played: list[Played]) -> dict[str, float]:
    """Per game: presses per decision (p50, p95, max) and per turn (p50, p95); the options the box lists that only a
    phone can fill (by label), and the inputs the box offers that no presses made (none, or the box is wrong)."""
    out: dict[str, float] = {}
    for game in dict.fromkeys(p.game for p in played):
        mine = [p for p in played if p.game == game]
        each = [len(d.presses) for p in mine for d in p.decisions]
        turns = [t for p in mine for t in p.turns]
        parts = [t for p in mine for t in p.parts]
        name = f"presses.{game}"
        if each:
            out |= {f"{name}.decision_p50": statistics.median_low(each), f"{name}.decision_p95": percentile(each, 95),
                    f"{name}.decision_max": max(each), f"{name}.decisions": len(each)}
        if turns:
            out |= {f"{name}.turn_p50": statistics.median_low(turns), f"{name}.turn_p95": percentile(turns, 95),
                    f"{name}.turns": len(turns)}
        if parts:
            out |= {f"{name}.part_p50": statistics.median_low(parts), f"{name}.part_p95": percentile(parts, 95)}
        out[f"{name}.uncovered"] = sum(d.uncovered for p in mine for d in p.decisions)
        out[f"{name}.refused"] = sum(p.refused for p in mine)
        out[f"{name}.phone_only"] = len(set().union(*(p.phone_only for p in mine)))
        out[f"{name}.no_presses"] = sum(len(p.no_presses) for p in mine)
    return out


def players(game: str, k: int) -> int:
    """The number of players of the `k`th game of `game`: the fewest the game allows, then one more, up to 4."""
    low = max(2, GAMES[game].min_players)
    return low + k % (min(GAMES[game].max_players, len(PLAYERS)) - low + 1)


def run(games: tuple[str, ...] = GAME_IDS, seed: int = 1, games_per: int = 2, decisions: int = 300) -> dict[str, float]:
    """`games_per` games of each game (2 players, then 3, ...: `players`), each to its end or `decisions` inputs."""
    with tempfile.TemporaryDirectory(dir="/dev/shm" if Path("/dev/shm").is_dir() else None) as folder:  # throwaway journals
        played = [play(Path(folder), game, players(game, k), seed + k, decisions) for game in games for k in range(games_per)]
    return figures(played)


OWN_TURNS = ("palazzo", "la_venise_du_nord")  # a turn is one player's (in Patrons every player acts in the lead's)
GOALS = {f"presses.{g}.{what}": ("<=", most) for g in GAME_IDS for what, most in (("decision_p95", 6.0), ("part_p95", 8.0))}
GOALS |= {f"presses.{g}.turn_p95": ("<=", 8.0) for g in OWN_TURNS}
GOALS |= {f"presses.{g}.no_presses": ("<=", 0.0) for g in GAME_IDS}  # what the buttons offer, they can do


if __name__ == "__main__":
    for name, value in run().items():
        print(f"{name}: {value}")
