"""The boards the panel draws (La Venise du Nord's city, Merchant Venturers' ports and ships), read back from
their SVG: every piece the table holds is drawn where the table has it, in its player's colour."""

import math
import random
import xml.etree.ElementTree as ET

import merchant_table
import venise_table

from companion import svg
from companion.games.la_venise_du_nord.picture import SIZE, centre, city
from companion.games.merchant_venturers.picture import board
from options_bot import phones_at

NS = {"s": "http://www.w3.org/2000/svg"}


def _played(make_runtime, game, setup, bot, inputs, seed):
    rt = make_runtime(rng=random.Random(seed))
    assert rt.submit({"type": "new_game", "game": game, "setup": setup}).accepted
    claimed = frozenset(range(len(setup["players"])))
    rt.set_claimed(phones_at(claimed))
    rng = random.Random(seed)
    for _ in range(inputs):
        bot(rt, rng, claimed)
    return rt.view()


def _texts(root):
    return [t.text for t in root.iter(f"{{{NS['s']}}}text")]


def test_the_city_draws_every_tile_bridge_die_and_burgher_where_the_table_has_them(make_runtime):
    setup = venise_table.setup(3)
    setup["players"][2]["name"] = '<Cy & "Co">'  # a name is text, never markup
    view = _played(make_runtime, "la_venise_du_nord", setup, venise_table.play_one, 250, 5)
    assert view["bridges"] and view["dice_on_tiles"]  # the bot built and placed: there is something to draw
    assert view["picture"] == "The city"
    root = ET.fromstring(city(view))

    tiles = {p.get("data-tile"): p for p in root.iterfind(".//s:polygon[@class='tile']", NS)}
    assert set(tiles) == set(view["layout"])
    xs = [float(v.split(",")[0]) for v in tiles["Market"].get("points").split()]
    ys = [float(v.split(",")[1]) for v in tiles["Market"].get("points").split()]
    market = (sum(xs) / 6, sum(ys) / 6)
    offset = (market[0] - centre(view["layout"]["Market"])[0], market[1] - centre(view["layout"]["Market"])[1])

    def drawn_centre(tile):
        x, y = centre(view["layout"][tile])
        return x + offset[0], y + offset[1]

    bars = root.findall(".//s:line[@class='bridge']", NS)
    assert len(bars) == len(view["bridges"])
    for bar, bridge in zip(bars, view["bridges"]):
        assert bar.get("stroke") == svg.colour(bridge["seat"]) and bar.get("data-seat") == str(bridge["seat"])
        mid = ((float(bar.get("x1")) + float(bar.get("x2"))) / 2, (float(bar.get("y1")) + float(bar.get("y2"))) / 2)
        a, b = (drawn_centre(t) for t in bridge["tiles"])
        # across the canal between its two tiles: as far from each centre as the side they share (give or take
        # the shift beside another player's bridge there)
        for c in (a, b):
            assert abs(math.dist(mid, c) - SIZE * math.sqrt(3) / 2) < 4
    dice = root.findall(".//s:rect[@class='die']", NS)
    assert sorted(d.get("stroke") for d in dice) == sorted(svg.colour(d["seat"]) for d in view["dice_on_tiles"].values())
    burghers = root.findall(".//s:circle[@class='burgher']", NS)
    assert sorted(b.get("fill") for b in burghers) == sorted(svg.colour(s) for s, p in enumerate(view["players"]) if p["burgher"])
    texts = _texts(root)
    assert '<Cy & "Co">' in texts  # escaped in the file (else it would not parse), read back whole
    assert [t for t in texts if t in ("Ada", "Bea", '<Cy & "Co">')] == ["Ada", "Bea", '<Cy & "Co">']  # the legend


def test_the_board_draws_each_port_its_lands_posts_and_ships(make_runtime):
    setup = {"players": [{"name": n, "age": 20 + i} for i, n in enumerate(merchant_table.NAMES[:4])]}
    view = _played(make_runtime, "merchant_venturers", setup, merchant_table.play_one, 300, 2)
    assert view["picture"] == "The board"
    root = ET.fromstring(board(view))
    ports = view["board"]["ports"]
    assert [p.get("data-port") for p in root.iterfind(".//s:rect[@class='port']", NS)] == (
        [p["name"] for p in ports if p["world"] == "old"] + [p["name"] for p in ports if p["world"] == "new"])
    assert len(root.findall(".//s:rect[@class='land']", NS)) == sum(len(p["lands"]) for p in ports)
    posts = [(s, port) for s, p in enumerate(view["players"]) for port in p["posts"]]
    assert sorted(int(p.get("data-seat")) for p in root.iterfind(".//s:path[@class='post']", NS)) == sorted(s for s, _ in posts)
    placed = [(s, ship) for s, p in enumerate(view["players"]) for ship in p["ships"] if ship["at"] is not None]
    drawn = root.findall(".//s:g[@class='ship']", NS)
    assert sorted(int(g.get("data-seat")) for g in drawn) == sorted(s for s, _ in placed) and placed
    texts = _texts(root)
    for p in ports:
        if p["world"] == "new":  # what each New World port still sells
            assert f"{view['stock'][p['name']].get(p['good'], 0)} left" in texts


def test_a_ship_at_sea_sails_in_the_ocean_and_an_undealt_board_says_so(make_runtime):
    setup = {"players": [{"name": "Ada", "age": 30}, {"name": "Bea", "age": 20}]}
    rt = make_runtime(rng=random.Random(1))
    assert rt.submit({"type": "new_game", "game": "merchant_venturers", "setup": setup}).accepted
    view = rt.view()
    assert view["board"] is None  # dealt by the first NEXT
    assert "The board is not dealt yet" in _texts(ET.fromstring(board(view)))
    view = {**view, "board": merchant_table.BOARD, "stock": {}, "players": [
        {**view["players"][0], "ships": [{"id": 1, "at": "sea", "cargo": ["furs", "gold"]}], "posts": {}},
        {**view["players"][1], "colour": "purple", "ships": [{"id": 1, "at": "Lisbon", "cargo": []}],
         "posts": {"Lisbon": {"size": "medium", "goods": []}}}]}
    root = ET.fromstring(board(view))
    ship = root.find(".//s:g[@class='ship'][@data-seat='0']", NS)
    hull = ship.find("s:path", NS).get("d").split()
    x = float(hull[0][1:])  # its hull's left end: in the ocean, between the two worlds' columns
    ocean = root.find("s:rect[@fill='#dcebf5']", NS)
    assert float(ocean.get("x")) < x < float(ocean.get("x")) + float(ocean.get("width"))
    assert len(ship.findall("s:circle", NS)) == 2  # a dot per good in its hold
    assert root.find(".//s:path[@class='post'][@data-seat='1']", NS).get("fill") == svg.NAMED["purple"]  # as chosen
    assert ship.find("s:path", NS).get("fill") == svg.colour(0)  # no colour chosen: the seat's own


def test_the_companions_own_board_is_drawn_tile_by_tile_where_each_goes_and_a_tables_own_board_is_not(make_runtime):
    setup = {"players": [{"name": "Ada", "age": 30}, {"name": "Bea", "age": 20}]}
    rt = make_runtime(rng=random.Random(3))
    assert rt.submit({"type": "new_game", "game": "merchant_venturers", "setup": setup}).accepted
    assert rt.submit({"type": "advance"}).accepted  # the companion deals its board
    view = rt.view()
    root = ET.fromstring(board(view))
    tiles = root.findall(".//s:polygon[@class='tile']", NS)
    assert len(tiles) == 90 and sum(t.get("data-tile") == "" for t in tiles) == 41  # the ocean's 41 in the middle
    named = {t.get("data-tile") for t in tiles} - {""}
    assert named == {p["name"] for p in view["board"]["ports"]} | set(view["board"]["lands"])  # every port and land once
    assert "The map: lay the tiles so" in _texts(root)
    own = {**view, "board": merchant_table.BOARD}
    assert ET.fromstring(board(own)).findall(".//s:polygon[@class='tile']", NS) == []
