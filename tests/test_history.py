"""Past games from the journal and their exports (companion.history)."""

import csv
import io

import pytest

from companion import history
from companion.errors import CompanionError
from companion.games import GAMES

SETUP = {"players": [{"name": "Ada", "colour": "red"}, {"name": "Bea"}, {"name": "Cy"}], "first": 1}


def test_a_finished_game_is_ranked_by_score_and_exported(make_runtime):
    rt = make_runtime(game_setup=SETUP)
    for seat, points in ((0, 7), (1, 9), (2, 9)):
        assert rt.submit({"type": "counter", "name": "score", "seat": seat, "delta": points}).accepted
    assert rt.submit({"type": "finish", "confirm": True}).accepted
    res = rt.call(lambda: history.result(rt.journal, GAMES, 1))
    assert res["over"] and res["first_player"] == 1 and res["title"] == "Free play"
    assert [(p["name"], p["score"], p["place"], p["winner"]) for p in res["players"]] == [
        ("Ada", 7, 3, False), ("Bea", 9, 1, True), ("Cy", 9, 1, True)]

    rows = list(csv.DictReader(io.StringIO(history.as_csv(res))))
    assert [(r["name"], r["score"], r["place"], r["winner"]) for r in rows] == [
        ("Ada", "7", "3", "no"), ("Bea", "9", "1", "yes"), ("Cy", "9", "1", "yes")]

    play = history.as_bgstats(res)
    assert play["sourceName"] == "Tabletop companion" and play["sourcePlayId"] == "1"
    assert play["game"] == {"name": "Free play", "highestWins": True, "noPoints": False, "sourceGameId": "free_play"}
    assert [(p["name"], p["score"], p["winner"], p["rank"], p["startPlayer"], p["role"]) for p in play["players"]] == [
        ("Ada", 7, False, 3, False, "red"), ("Bea", 9, True, 1, True, ""), ("Cy", 9, True, 1, False, "")]
    assert len(play["playDate"]) == 19 and play["durationMin"] >= 0


def test_a_name_a_spreadsheet_would_run_as_a_formula_is_exported_as_text(make_runtime):
    """The attack: players named "=1+2" and "@SUM(1)" ran as formulas in the spreadsheet the CSV was opened in."""
    names = ["=1+2", "@SUM(1)", "+Bo", "-Di", "Ada"]
    rt = make_runtime(game_setup={"players": [{"name": n} for n in names]})
    assert rt.submit({"type": "counter", "name": "score", "seat": 0, "delta": -3}).accepted
    res = rt.call(lambda: history.result(rt.journal, GAMES, 1))
    rows = list(csv.DictReader(io.StringIO(history.as_csv(res))))
    assert [(r["name"], r["score"]) for r in rows] == [
        ("'=1+2", "-3"), ("'@SUM(1)", "0"), ("'+Bo", "0"), ("'-Di", "0"), ("Ada", "0")]  # a score stays a number
    assert not [cell for r in rows for cell in r.values() if cell.startswith(history.FORMULA_START)
                and cell != r["score"]]


def test_an_open_game_has_no_winner_yet(make_runtime):
    rt = make_runtime(game_setup={"players": [{"name": "Ada"}, {"name": "Bea"}]})
    rt.submit({"type": "counter", "name": "score", "seat": 0, "delta": 3})
    res = rt.call(lambda: history.result(rt.journal, GAMES, 1))
    assert not res["over"] and not any(p["winner"] for p in res["players"])
    assert [g["id"] for g in rt.call(lambda: history.games(rt.journal))] == [1]


def test_an_unknown_game_id_says_so(make_runtime):
    rt = make_runtime()
    with pytest.raises(CompanionError, match="no game 7"):
        rt.call(lambda: history.result(rt.journal, GAMES, 7))


def test_the_chart_of_a_game_follows_each_score_and_escapes_names(make_runtime):
    import re

    from companion.chart import score_chart

    rt = make_runtime(game_setup={"players": [{"name": "Ada", "colour": "orange"}, {"name": "<b>Bea</b>"}], "first": 0})
    for seat, delta in ((0, 3), (1, 2), (0, 1)):
        assert rt.submit({"type": "counter", "name": "score", "seat": seat, "delta": delta}).accepted
    assert rt.submit({"type": "undo"}).accepted  # Ada's last point taken back: the end is as the table shows it
    line = rt.call(lambda: history.timeline(GAMES, history.load(rt.journal, 1)))
    assert line["label"] == "Score" and line["players"] == ["Ada", "<b>Bea</b>"]
    assert [p["values"] for p in line["points"]] == [[0, 0], [3, 2]]  # the start and the end: one round
    svg = score_chart(line, "Free play: Score over the game")
    assert re.findall(r'data-final="([^"]*)"', svg) == ["3", "2"]
    from companion.svg import NAMED, colour

    assert re.findall(r'class="player"[^>]* stroke="([^"]*)"', svg) == [NAMED["orange"], colour(1)]  # as chosen, or the seat's
    assert "&lt;b&gt;Bea&lt;/b&gt;: 2" in svg and "<b>" not in svg
    assert "No score yet" in score_chart({"label": "Score", "round_word": "Round", "players": [], "points": []}, "t")


def test_the_bgstats_link_opens_the_play_in_the_app(make_runtime):
    import json
    from urllib.parse import unquote

    rt = make_runtime(game_setup=SETUP)
    assert rt.submit({"type": "finish", "confirm": True}).accepted
    res = rt.call(lambda: history.result(rt.journal, GAMES, 1))
    link = history.bgstats_link(res)
    assert link.startswith("https://app.bgstatsapp.com/createPlay.html?data=%7B%22sourceName%22")
    assert json.loads(unquote(link.split("data=", 1)[1])) == history.as_bgstats(res)


def test_the_chart_is_kept_as_the_game_is_played_and_a_round_undone_is_not_drawn_twice(make_runtime):
    """The open game's chart is the runtime's own, kept round by round (not replayed when first asked); a round
    taken back by undo leaves the line, so the rounds read 1 2 3, never 1 2 1 2 3."""
    rt = make_runtime()
    setup = {"players": [{"name": "Ada"}, {"name": "Bea"}], "first": 0}
    assert rt.submit({"type": "new_game", "game": "master_of_venice", "setup": setup}).accepted

    def to_turn(turn):
        while rt.view()["turn"] < turn:
            nxt = next(o for o in rt.view()["options"] if o["button"] == "NEXT")
            assert rt.submit({**nxt["action"], "confirm": True} if nxt["confirm"] else nxt["action"]).accepted

    to_turn(2)
    while rt.view()["turn"] == 2:  # back into turn 1
        assert rt.submit({"type": "undo", "confirm": True}).accepted
    to_turn(3)
    game_id = rt.view()["game_id"]
    kept = rt.timeline(game_id)
    replayed = rt.call(lambda: history.timeline(GAMES, history.load(rt.journal, game_id)))
    assert kept == replayed
    assert [p["round"] for p in kept["points"]] == [1, 2, 3]
    assert rt.timeline(game_id + 1) is None  # another game: replayed from the journal


def test_the_panel_replays_a_past_game_once_and_never_on_a_requests_thread(phones, monkeypatch):
    """Past games, asked for by two phones: the list (each finished game's winner), then the game opened (its
    result, board, chart and exports). Before (issue 57) that replayed the game 4 times, each on the thread of
    the request that asked (its result, its chart, and its board at each ask, though free play draws none); now
    twice, on the panel's own thread: its result when the game ended, before anyone asked, and its chart."""
    import threading

    from companion import history as past

    replays, replayed = [], threading.Event()
    for name in ("restore", "timeline"):  # a replay from the journal: to the end (from a snapshot), or round by round
        def counted(*args, _real=getattr(past, name), _name=name, **kwargs):
            replays.append((_name, threading.current_thread().name))
            replayed.set()
            return _real(*args, **kwargs)
        monkeypatch.setattr(past, name, counted)
    table, player = phones
    table.input({"type": "new_game", "game": "free_play", "setup": {"players": [{"name": "Ada"}, {"name": "Bea"}]}})
    table.input({"type": "counter", "name": "score", "seat": 0, "delta": 3})
    table.input({"type": "finish", "confirm": True})
    table.input({"type": "new_game", "game": "free_play", "setup": {"players": [{"name": "Cy"}]}})  # game 1 is past
    assert replayed.wait(5)  # the ended game's result is replayed in the background
    for phone in (table, player):
        assert [g["id"] for g in phone.get("/api/history")[1]["games"]] == [2, 1]
        assert phone.get("/api/history/1")[1]["winner"] == ["Ada"]  # the list's winner
        assert phone.get("/api/history/1")[1]["players"][0]["score"] == 3  # the game opened
        assert phone.raw("GET", "/api/history/1/board.svg")[0] == 404  # free play draws no board
        assert phone.raw("GET", "/api/history/1/chart.svg")[0] == 200
        for kind in ("json", "csv", "bgstats"):
            assert phone.raw("GET", f"/api/history/1/export?format={kind}")[0] == 200
    assert [kind for kind, _ in replays] == ["restore", "timeline"]
    assert not [thread for _, thread in replays if thread.startswith("waitress")]
