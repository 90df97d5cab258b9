"""What the four buttons (and the knob) do, and which screen shows: pure.

`press(view, panel, role, long)` takes the public table view, the panel's own
small state (which page, which option is selected) and one button press, and
returns the new panel state, the action to submit (or None) and a prompt to
show (or None). Nothing here touches hardware or threads.

On the step page (BACK, SELECT, ACTION, NEXT, left to right):
  NEXT     end the step for whoever acts; held: pass, where the step counts passes
  BACK     undo; if the last action showed a card or a roll, hold BACK to confirm
  SELECT   the next option the step offers; held: the scores, then the counters
  ACTION   do the selected option (asked twice if it ends the game, say); held: counters
On the counters page NEXT and BACK add and take one (held: five), SELECT moves
to the next counter, ACTION closes it. The knob changes a counter: the first
detent opens the counters page at the acting player's first counter.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from companion.core.ranking import competition_positions
from companion.screens import AlertScreen, CountersScreen, PairingScreen, Screen, ScoresScreen, StepScreen

PAGES = ("step", "scores", "counters", "pair")


@dataclass(frozen=True)
class Panel:
    page: str = "step"
    option: int = 0  # index into the step's options
    focus: int = 0  # index into the counter rows
    confirm: str | None = None  # "undo" or "option": waiting for the confirming press


@dataclass(frozen=True)
class Reply:
    panel: Panel
    action: dict[str, Any] | None = None
    prompt: AlertScreen | None = None


def press(view: dict[str, Any], panel: Panel, role: str, long: bool) -> Reply:
    if view.get("game") is None:
        return Reply(Panel(), prompt=AlertScreen("No game", "Start a game from the phone."))
    if panel.confirm is not None:
        return _confirming(view, panel, role, long)
    if panel.page == "counters":
        return _on_counters(view, panel, role, long)
    if panel.page == "pair":
        return Reply(replace(panel, page="step"))
    if panel.page == "scores":
        if role == "select" and long:
            return Reply(_counters_at(view, panel))
        return Reply(replace(panel, page="step"))
    return _on_step(view, panel, role, long)


def turn(view: dict[str, Any], panel: Panel, steps: int) -> Reply:
    """The knob: change the focused counter, opening the counters page first."""
    rows = counter_rows(view)
    panel = replace(panel, confirm=None)  # turning the knob is not the confirming press
    if view.get("game") is None or not rows:
        return Reply(panel)
    if panel.page != "counters":
        return Reply(_counters_at(view, panel))
    return Reply(panel, _change(rows, panel.focus, steps))


def _on_step(view: dict[str, Any], panel: Panel, role: str, long: bool) -> Reply:
    options = view.get("options") or []
    over = view.get("over")
    if role == "next":
        if over:
            return Reply(panel, prompt=AlertScreen("Game over", view.get("ended") or ""))
        passing = long and (view.get("stage") or {}).get("who") == "passes"
        return Reply(panel, {"type": "advance", "passed": True} if passing else {"type": "advance"})
    if role == "back":
        undo = view.get("undo")
        if undo is None:
            return Reply(panel, prompt=AlertScreen("Undo", "Nothing to undo."))
        if undo["confirm"] and not long:
            prompt = AlertScreen("Undo?", f"{undo['label']} Hold BACK to take it back.", ("Hold", "", "", "Keep"))
            return Reply(replace(panel, confirm="undo"), prompt=prompt)
        return Reply(panel, {"type": "undo", "confirm": True} if undo["confirm"] else {"type": "undo"})
    if role == "select":
        if long:
            return Reply(replace(panel, page="scores"))
        return Reply(replace(panel, option=(panel.option + 1) % len(options) if options else 0))
    # action
    if long:
        return Reply(_counters_at(view, panel))
    if not options:
        return Reply(panel, prompt=AlertScreen("Nothing to do", "Press NEXT to end the step."))
    option = options[panel.option % len(options)]
    if option.get("fields"):
        return Reply(panel, prompt=AlertScreen("On the phone", f"{option['label']}: it needs details only the phone can take."))
    if option["confirm"]:
        prompt = AlertScreen(f"{option['short']}?", f"{option['label']}: press ACTION again to do it.",
                             ("No", "", "Yes", "No"))
        return Reply(replace(panel, confirm="option"), prompt=prompt)
    return Reply(panel, dict(option["action"]))


def _confirming(view: dict[str, Any], panel: Panel, role: str, long: bool) -> Reply:
    """The press after a question: only the confirming press acts; any other cancels."""
    waiting, panel = panel.confirm, replace(panel, confirm=None)
    if waiting == "undo" and role == "back" and long and view.get("undo"):
        return Reply(panel, {"type": "undo", "confirm": True})
    options = view.get("options") or []
    if waiting == "option" and role == "action" and not long and options:
        return Reply(panel, dict(options[panel.option % len(options)]["action"]))
    return Reply(panel)


def _on_counters(view: dict[str, Any], panel: Panel, role: str, long: bool) -> Reply:
    rows = counter_rows(view)
    if not rows or role == "action":
        return Reply(replace(panel, page="step"))
    if role == "select":
        if long:
            return Reply(replace(panel, page="pair"))  # the pairing code, for a phone that joins mid-game
        return Reply(replace(panel, focus=(panel.focus + 1) % len(rows)))
    step = 5 if long else 1
    return Reply(panel, _change(rows, panel.focus, step if role == "next" else -step))


def _counters_at(view: dict[str, Any], panel: Panel) -> Panel:
    """The counters page, focused on the acting player's first counter."""
    rows = counter_rows(view)
    actor = view.get("actor")
    focus = next((i for i, r in enumerate(rows) if r["seat"] == actor), 0) if actor is not None else 0
    return replace(panel, page="counters", focus=focus)


def _change(rows: list[dict[str, Any]], focus: int, delta: int) -> dict[str, Any]:
    row = rows[focus % len(rows)]
    action = {"type": "counter", "name": row["name"], "delta": delta}
    if row["seat"] is not None:
        action["seat"] = row["seat"]
    return action


def counter_rows(view: dict[str, Any]) -> list[dict[str, Any]]:
    """Every counter, player by player in seat order, then the table's."""
    names = view.get("counter_names") or {}
    rows = []
    for player in view.get("players", []):
        for name, label in names.get("players", {}).items():
            rows.append({"seat": player["seat"], "who": player["name"], "name": name, "label": label,
                         "value": player.get(name)})
    for name, label in names.get("table", {}).items():
        rows.append({"seat": None, "who": "Table", "name": name, "label": label,
                     "value": (view.get("counters") or {}).get(name)})
    return rows


# --- screens ---------------------------------------------------------------------------------------


def screen_for(view: dict[str, Any], panel: Panel, pairing: tuple[str, str] | None = None) -> Screen:
    """The screen for this view and page; `pairing` is (code, address) for the pairing screen,
    which shows when no game is open and on the page after the counters."""
    if pairing is not None and (view.get("game") is None or panel.page == "pair"):
        return PairingScreen(*pairing)
    if view.get("game") is None:
        return StepScreen("Companion", "No game", "Start one from the phone", "", ("", "", "", ""))
    if panel.page == "scores":
        return scores_screen(view)
    if panel.page == "counters":
        rows = counter_rows(view)
        if rows:
            focus = panel.focus % len(rows)
            who = rows[focus]["who"]
            mine = [(i, r) for i, r in enumerate(rows) if r["who"] == who]
            return CountersScreen(who, tuple((r["label"], r["value"]) for _, r in mine),
                                  next(k for k, (i, _) in enumerate(mine) if i == focus))
    return step_screen(view, panel)


def step_screen(view: dict[str, Any], panel: Panel) -> StepScreen:
    players = view.get("players", [])
    title = view.get("short_title") or view.get("title", "")
    mark = (view.get("round_word") or "Round")[0]
    header = f"{title}  {mark}{view['round']}" if view.get("round") else title
    if view.get("over"):
        return StepScreen(header, "Game over", view.get("ended") or "", "", ("Undo", "Score", "", ""), "END")
    step = view.get("stage") or {}
    actor = view.get("actor")
    who = players[actor]["name"] if actor is not None and actor < len(players) else (
        "Everyone" if step.get("who") in ("each", "passes") else "Table")
    options = view.get("options") or []
    doing, short = "", ""
    if options:
        index = panel.option % len(options)
        count = f"  {index + 1}/{len(options)}" if len(options) > 1 else ""
        phone = " (phone)" if options[index].get("fields") else ""
        doing, short = f"► {options[index]['label']}{phone}{count}", "" if phone else options[index]["short"]
    hints = ("Undo" if view.get("undo") else "", "More" if len(options) > 1 else "", short, step.get("done", "Done"))
    line = view.get("status") or step.get("label", "")  # a game's own line for this moment, else the step's label
    return StepScreen(header, who, line, doing, hints, "LAST" if view.get("last_round") else "")


def scores_screen(view: dict[str, Any]) -> ScoresScreen:
    """The view's standings (the game's score, then its tie-breaks); players still equal share a place."""
    keys = view.get("score_keys") or []
    score = keys[0][0] if keys else None
    by_name = {p["name"]: p for p in view.get("players", [])}
    groups = view.get("standings") or []
    rows = [(place, name, (by_name[name].get(score) or 0) if score else 0)
            for place, group in zip(competition_positions(groups), groups) for name in group]
    title = keys[0][1] if keys else "Scores"
    return ScoresScreen(f"{title}  R{view['round']}" if view.get("round") else title, tuple(rows))
