"""Past games from the journal, and their exports: JSON, CSV, and BG Stats' push format.

A game's result is rebuilt by replaying its journal (the same replay a restart
uses), so an export always agrees with what the table showed. A finished game
of the five with score sheets is ranked by its scored sheet, as the table showed
it at the end (`result`: the winner, the places, each total and its breakdown,
the tie-break that decided); one whose sheet the companion could not fill in
whole (real coins nobody entered) has no winner and says which fields it
lacked (`sheet_missing`). Any other game is ranked by its score and its
tie-breaks (`score_keys`), best first, players equal on all of them sharing a
place.

Reading a game (`load`) touches the journal, so it runs on the thread that owns
it; replaying it (`replay`) is pure and may run anywhere.

BG Stats' push format (bgstatsapp.com, "Push plays to BG Stats from other apps
or websites"): one play as JSON with sourceName, sourcePlayId, playDate
("YYYY-MM-DD HH:MM:SS"), durationMin, game {name, highestWins, noPoints,
sourceGameId} and players [{name, score, winner, rank, startPlayer,
sourcePlayerId, role}]. The app opens it url-encoded in its import link.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Mapping
from datetime import datetime
from typing import Any
from urllib.parse import quote

from companion import __version__, svg
from companion.core.engine import start_session
from companion.core.game import GameDef
from companion.core.ranking import competition_positions
from companion.core.result import refused
from companion.core.view import score_keys, scores, table_view
from companion.errors import CompanionError
from companion.journal import Journal
from companion.replay import Replayer, restore
from companion.sources import said

SOURCE_NAME = "Tabletop companion"


_GAMES = "SELECT id, game, setup, started, finished, outcome FROM games"


def _record(row: tuple) -> tuple[dict[str, Any], dict[str, Any]]:
    """A games row as (the listing's record, the game's setup)."""
    game_id, game, setup, started, finished, outcome = row
    setup = json.loads(setup)
    record = {"id": game_id, "game": game, "players": [p.get("name") for p in setup.get("players", [])],
              "started": started, "finished": finished, "outcome": outcome}
    return record, setup


def games(journal: Journal) -> list[dict[str, Any]]:
    return [_record(row)[0] for row in journal.read(f"{_GAMES} ORDER BY id DESC")]


def result(journal: Journal, known: Mapping[str, GameDef], game_id: int) -> dict[str, Any]:
    """A game's players with their scores, places and winners, replayed from the journal."""
    return replay(known, load(journal, game_id))


def load(journal: Journal, game_id: int) -> dict[str, Any]:
    """What replaying a game needs from the journal (on the journal's own thread): its record, setup, inputs
    and the snapshots this companion wrote."""
    rows = journal.read(f"{_GAMES} WHERE id = ?", (game_id,))
    if not rows:
        raise CompanionError(f"there is no game {game_id} in the journal")
    record, setup = _record(rows[0])
    (rules,) = journal.read("SELECT rules FROM games WHERE id = ?", (game_id,))[0]
    return {"record": record, "setup": setup, "rules": rules, "inputs": journal.inputs(game_id),
            "snapshots": journal.snapshots(game_id, __version__), "sources": journal.sources(game_id)}


def _game(known: Mapping[str, GameDef], record: Mapping[str, Any]) -> GameDef:
    game = known.get(record["game"])
    if game is None:
        raise CompanionError(f"game {record['id']} is of a kind this companion does not know ({record['game']})")
    return game


LOG_LINES = 200  # the end of a past game's log, each input signed with who made it


def _restored(known: Mapping[str, GameDef], loaded: Mapping[str, Any]) -> tuple[GameDef, Any, list[str]]:
    record = loaded["record"]
    game = _game(known, record)
    session, log = restore(game, loaded["setup"], loaded["inputs"], loaded["snapshots"], source=f"game {record['id']}",
                           keep_log=LOG_LINES, sources=loaded.get("sources"), rules=loaded.get("rules"))
    return game, session, log


def made_by(sources: Mapping[int, Mapping[str, Any]], players: list[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Who made the game's inputs, and how many each: the phones (by name and short id), the box's buttons,
    the reader; most first."""
    counts: dict[str, int] = {}
    for source in sources.values():
        who = said(source, players).split(", acting for")[0]
        if who:
            counts[who] = counts.get(who, 0) + 1
    return [{"who": who, "inputs": n} for who, n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))]


def board_picture(known: Mapping[str, GameDef], loaded: Mapping[str, Any]) -> str:
    """The game's board as it was left (SVG), where the game draws one; CompanionError where it does not."""
    game = _game(known, loaded["record"])
    if game.picture is None:  # said before a replay, which would draw nothing
        raise CompanionError(f"{game.title} has no board the companion draws")
    _, session, _ = _restored(known, loaded)
    return game.picture(table_view(game, session))


def replay(known: Mapping[str, GameDef], loaded: Mapping[str, Any]) -> dict[str, Any]:
    """The game `load` read, replayed (pure): its players with their scores, places and winners, `winner`
    (names), and at the end `result` and `sheet_missing` as the table showed them."""
    record, inputs = loaded["record"], loaded["inputs"]
    game, session, log = _restored(known, loaded)
    setup, state = loaded["setup"], session.state
    view = table_view(game, session)  # the standings the table showed, with the game's tie-breaks
    keys = view["score_keys"]
    key = keys[0][0] if keys else None
    finished = state["flow"] is not None and state["flow"]["over"]
    scored = view["result"]
    if scored is not None:  # the scored sheet: its places (players out of the game after everyone ranked)
        ranking = scored["ranking"]
        places = {name: place for place, group in zip(competition_positions(ranking), ranking) for name in group}
        last = 1 + len(places)
        players = [
            {"seat": seat, "name": p["name"], "colour": p["colour"], "counters": dict(state["counters"]["players"][seat]),
             "score": scored["totals"][p["name"]], "place": places.get(p["name"], last),
             "winner": p["name"] in scored["winner"]}
            for seat, p in enumerate(view["players"])
        ]
    else:
        # No scored sheet: the table's standings; a winner only at the end of a game that has no sheet to score.
        places = {name: place for place, group in zip(competition_positions(view["standings"]), view["standings"])
                  for name in group}
        decided = finished and key is not None and game.score_sheet is None
        players = [
            {"seat": seat, "name": p["name"], "colour": p["colour"], "counters": dict(state["counters"]["players"][seat]),
             "score": p.get(key) if key else None, "place": places[p["name"]],
             "winner": decided and places[p["name"]] == 1}
            for seat, p in enumerate(view["players"])
        ]
    return record | {"title": game.title, "bgg_id": game.bgg_id, "picture": view["picture"], "score_counter": key,
                     "over": finished,
                     "first_player": _first_player(game, setup, inputs, loaded.get("rules")), "players": players,
                     "winner": [p["name"] for p in players if p["winner"]],
                     "result": scored, "sheet_missing": view["sheet_missing"], "inputs": len(inputs),
                     "log": log, "made_by": made_by(loaded.get("sources") or {}, list(state["players"]))}


class Timeline:
    """Each seat's score (the standings' first key: points, gold, fortune...) at the start and as each round
    begins, for the chart of a game: kept as the game goes (the runtime's open game), or replayed (a past one).
    A round taken back by an undo is taken off the line, so the chart shows the game as it was played."""

    def __init__(self, game: GameDef, state: Any):
        self.game = game
        self.keys = score_keys(game)
        self.points: list[dict[str, Any]] = []
        self.add(0, state)

    def _sample(self, seq: int, state: Any) -> dict[str, Any]:
        values = [v if isinstance(v, (int, float)) else 0 for v in scores(self.game, state)]
        return {"seq": seq, "round": _round_of(state), "values": values}

    def add(self, seq: int, state: Any) -> None:
        """The state after input `seq`: a sample when a round begins (reading the scores is the cost)."""
        if not self.keys:
            return
        now = _round_of(state)
        while self.points and self.points[-1]["round"] > now:  # undone back into an earlier round
            self.points.pop()
        if not self.points or self.points[-1]["round"] != now:
            self.points.append(self._sample(seq, state))

    def line(self, seq: int, state: Any) -> dict[str, Any]:
        """The chart's line up to input `seq` (the state after it)."""
        if not self.keys:
            return {"title": self.game.title, "label": "", "round_word": self.game.flow.round_word, "players": [],
                    "points": []}
        points = list(self.points)
        if seq and points[-1]["seq"] != seq:
            points.append(self._sample(seq, state))
        return {"title": self.game.title, "label": self.keys[0][1], "round_word": self.game.flow.round_word,
                "players": [p["name"] for p in state["players"]], "inks": svg.inks(state["players"]), "points": points}


def _round_of(state: Any) -> int:
    return state["flow"]["round"] if state["flow"] is not None else 0


def timeline(known: Mapping[str, GameDef], loaded: Mapping[str, Any]) -> dict[str, Any]:
    """The game `load` read, replayed input by input (pure): its Timeline's line."""
    record, setup, inputs = loaded["record"], loaded["setup"], loaded["inputs"]
    game = _game(known, record)
    replayed = Replayer(game, loaded.get("rules"))
    first = replayed.new_game(setup)
    if refused(first):
        return {"title": game.title, "label": "", "round_word": game.flow.round_word, "players": [], "points": []}
    session = start_session(first.state)
    line = Timeline(game, session.state)
    for seq, action in inputs:
        step = replayed(session, action)
        if step is None or refused(step):
            continue
        session = step.session
        line.add(seq, session.state)
    return line.line(inputs[-1][0] if inputs else 0, session.state)


def _first_player(game: GameDef, setup: Mapping[str, Any], inputs: list, rules: int | None) -> int | None:
    """Who started: the setup's choice, or the winner of the opening roll-off."""
    replayed = Replayer(game, rules)
    first = replayed.new_game(setup)
    if refused(first):
        return None
    session = start_session(first.state)
    for _, action in inputs:
        if session.state["flow"] is not None:
            break
        step = replayed(session, action)
        if step is not None and not refused(step):
            session = step.session
    flow = session.state["flow"]
    return flow["order"][0] if flow is not None and flow["order"] else None


FORMULA_START = ("=", "+", "-", "@", "\t", "\r")  # what makes a spreadsheet read a cell as a formula


def as_csv(res: Mapping[str, Any]) -> str:
    """One row a player. Text that a spreadsheet would run as a formula (a player named "=1+2") starts with
    an apostrophe, which spreadsheets show as text; numbers (a score of -3) stay numbers."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["game_id", "game", "started", "finished", "seat", "name", "score", "place", "winner"])
    for p in res["players"]:
        writer.writerow([_cell(v) for v in (res["id"], res["game"], res["started"], res["finished"] or "", p["seat"],
                         p["name"], "" if p["score"] is None else p["score"], p["place"], "yes" if p["winner"] else "no")])
    return out.getvalue()


def _cell(value: Any) -> Any:
    return "'" + value if isinstance(value, str) and value.startswith(FORMULA_START) else value


BGSTATS_LINK = "https://app.bgstatsapp.com/createPlay.html?data="


def bgstats_link(res: Mapping[str, Any]) -> str:
    """The link that opens BG Stats on the phone with this play ready to save (its push format, url-encoded)."""
    return BGSTATS_LINK + quote(json.dumps(as_bgstats(res), ensure_ascii=False, separators=(",", ":")), safe="")


def as_bgstats(res: Mapping[str, Any]) -> dict[str, Any]:
    started = datetime.fromisoformat(res["started"])
    ended = datetime.fromisoformat(res["finished"]) if res["finished"] else None
    return {
        "sourceName": SOURCE_NAME,
        "sourcePlayId": str(res["id"]),
        "playDate": started.astimezone().strftime("%Y-%m-%d %H:%M:%S"),
        "durationMin": round((ended - started).total_seconds() / 60) if ended else 0,
        "board": "",
        "game": {"name": res["title"], "highestWins": True, "noPoints": res["score_counter"] is None,
                 "sourceGameId": res["game"]} | ({"bggId": res["bgg_id"]} if res.get("bgg_id") else {}),
        "players": [{"name": p["name"], "score": p["score"] if p["score"] is not None else 0, "winner": p["winner"],
                     "rank": p["place"], "startPlayer": p["seat"] == res["first_player"],
                     "sourcePlayerId": f"{res['id']}-{p['seat']}", "role": p["colour"] or ""}
                    for p in res["players"]],
    }
