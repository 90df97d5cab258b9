"""The public table state: what every player may see (no deck order, no hands), and each seat's own view; the
game's part of each as its player view decides (companion.core.player_view)."""

from __future__ import annotations

from typing import Any

from pyrsistent import PMap, thaw

from companion.core import final_sheet
from companion.core.deck import DeckSpec
from companion.core.engine import Session, can_undo
from companion.core.flow import current_step
from companion.core.game import GameDef
from companion.core.offer import Offer, offer
from companion.core.options import on_phone
from companion.core.player_view import TABLE, seen
from companion.core.ranking import RankKey, rank
from companion.core.words import plural
from companion.errors import SheetError


def views(game: GameDef, session: Session, claimed: frozenset[int] = frozenset(),
          offered: Offer | None = None) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The public view (with the table's options) and each seat's own view (GET /api/seat): its player, its
    private view, whether it acts, and its options. `claimed`: the seats a phone holds."""
    offered = offered or offer(game, session)
    view = table_view(game, session, offered, claimed)
    state = session.state
    seats = []
    for seat, player in enumerate(view["players"]):
        seats.append({"seat": seat, "player": player, "actor": seat in offered.waiting_for,
                      "private": seen(game, state, seat),
                      "options": on_phone([o.public() for o in offered.for_seat(seat)])})
    return view, seats


def table_view(game: GameDef, session: Session, offered: Offer | None = None,
               claimed: frozenset[int] = frozenset()) -> dict[str, Any]:
    state = session.state
    players = [
        {"seat": i, "name": p["name"], "colour": p["colour"], **thaw(state["counters"]["players"][i])}
        for i, p in enumerate(state["players"])
    ]
    view: dict[str, Any] = {
        "game": game.id,
        "title": game.title,
        "short_title": game.short_title or game.title,
        "round_word": game.flow.round_word,
        "players": players,
        "counters": thaw(state["counters"]["table"]),
        "counter_names": {
            "players": {c.name: c.label for c in game.counters if c.per_player},
            "table": {c.name: c.label for c in game.counters if not c.per_player},
        },
        "decks": {d.name: _deck(d, state["decks"][d.name]) for d in game.decks},
        "last_roll": thaw(state["dice"]["last"]),
        "rolloff": thaw(state["rolloff"]),
        "undo": can_undo(session),
        "redo": bool(session.future),
        "over": False,
        "ended": "",
        "picture": game.picture_title if game.picture is not None else None,  # /api/board.svg draws it
    }
    flow = state["flow"]
    if flow is not None:
        step = current_step(game.flow, state)
        view.update(
            round=flow["round"],
            round_label=game.flow.round_label(state) if game.flow.round_label is not None else "",
            player=flow["player"],
            lead=flow["order"][0] if flow["order"] else None,
            step="GAME_OVER" if flow["over"] else step.name,
            # The step's own words (a step is one idea everywhere: "step", not stage nor phase), and whether it
            # says itself what NEXT would leave undone.
            step_label=step.label, step_who=step.who, step_done=step.done, step_asks=step.asks is not None,
            actor=flow["actor"],
            over=flow["over"],
            ended=flow["ended"],
            last_round=flow["last_round"] or flow["final_turns"] is not None,  # or the last turns, one each
        )
    offered = offered or offer(game, session)
    view["options"] = on_phone([o.public() for o in offered.table(claimed)])
    view["acting"] = list(offered.waiting_for)  # the seats the table waits for; none: the companion acts
    own = seen(game, state, TABLE)
    for player, extra in zip(players, own.pop("per_player", ())):
        player.update(extra)
    view.update(own)
    if flow is not None and not flow["over"]:
        step = current_step(game.flow, state)
        if step.status is not None:  # else the game's public view may give its own line
            view["status"] = step.status(state)
    view.setdefault("status", "")
    keys = score_keys(game)
    view["score_keys"] = [list(k) for k in keys]
    groups = rank(players, [RankKey(name, lambda p, name=name: p.get(name) or 0) for name, _ in keys])
    view["standings"] = [[p["name"] for p in group] for group in groups]
    view.update(final_result(game, state))
    return view


def final_result(game: GameDef, state: PMap) -> dict[str, Any]:
    """At game over, the game's pre-filled score sheet scored (TABLE.md): ``result`` is
    the game's scoring's ``result`` of it (ranking, winner, totals, breakdown, which tie-break decided), or null
    while the sheet has fields the companion does not know, which ``sheet_missing`` names
    (``["players[1].coins_in_hand"]``). A sheet the scoring refuses (a bug) gives null and ``sheet_error``.
    Before the end, or for a game without a score sheet: null and []."""
    flow = state["flow"]
    sheet = final_sheet.sheet(game, state)  # with what the players entered at the end
    if flow is None or not flow["over"] or sheet is None:
        return {"result": None, "sheet_missing": []}
    missing = final_sheet.unknown(sheet)
    if missing:
        return {"result": None, "sheet_missing": missing}
    try:
        return {"result": game.scoring.result(sheet), "sheet_missing": []}
    except SheetError as e:
        return {"result": None, "sheet_missing": [], "sheet_error": f"the sheet filled in from the table is refused: {e}"}


def scores(game: GameDef, state: PMap) -> list[Any]:
    """Each seat's value of the standings' first key (the score as the table shows it), without building
    the whole view: for a chart of the game."""
    keys = score_keys(game)
    if not keys:
        return []
    key = keys[0][0]
    per_player = list(seen(game, state, TABLE).get("per_player", ()))
    values = []
    for seat in range(len(state["players"])):
        own = per_player[seat] if seat < len(per_player) else {}
        values.append(own.get(key, state["counters"]["players"][seat].get(key)))
    return values


def score_keys(game: GameDef) -> tuple[tuple[str, str], ...]:
    """The standings' keys, best first: the game's own, or its first per-player counter."""
    if game.score_keys:
        return game.score_keys
    first = next((c for c in game.counters if c.per_player), None)
    return ((first.name, first.label),) if first else ()


def _deck(spec: DeckSpec, deck: PMap) -> dict[str, Any]:
    return {
        "label": spec.label,
        "piece": spec.piece,  # "card", "coin", "tile"
        "pieces": plural(spec.piece),  # "cards", "coins", "tiles"
        "mode": deck["mode"],
        "draw": len(deck["draw"]) if deck["known"] else None,
        "discard": len(deck["discard"]),
        "out": list(deck["out"]) if spec.public_out else len(deck["out"]),
        "looking": list(deck["looking"]),
        "passes": deck["passes"],
    }
