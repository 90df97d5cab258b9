"""Each game's most common turn on the box alone (no phone holds a seat): the table page's simulated buttons,
pressed as a person at the table would, the presses counted against the game's guide."""

import random
import re

from playwright.sync_api import expect

from browser.test_phone_pages import _shot, _start_rolled_off_game, pair


class Presses:
    """Presses of the box's buttons on the table page, counted. A press that does something waits for the table
    to have taken it (its version moves on), and each waits out the box's press guard: a press within 300 ms of
    the last, or of the screen changing, is dropped, as a real button's would be."""

    def __init__(self, page, served):
        self.page, self.runtime, self.count = page, served[0], 0
        self.table = served[1].extensions["table"]

    def show(self):
        """A press under a result that covers a step the box has not shown yet (what NEXT did, a roll-off): it
        only takes the result away, so that nobody acts on a step unseen."""
        assert self.table.covers_step
        version = self.runtime.view()["version"]
        self._press("select")
        self.page.wait_for_timeout(400)
        assert self.runtime.view()["version"] == version and not self.table.covers_step

    def walk(self, *roles):
        """Presses that move about the box's list (SELECT, an entry opened): the game stays as it is."""
        for role in roles:
            self._press(role)
            self.page.wait_for_timeout(400)

    def do(self, *roles):
        """Presses that each do something to the game."""
        for role in roles:
            version = self.runtime.view()["version"]
            self._press(role)
            for _ in range(100):
                if self.runtime.view()["version"] != version:
                    break
                self.page.wait_for_timeout(50)
            else:
                raise AssertionError(f"{role} did nothing (press {self.count})")
            self.page.wait_for_timeout(500)  # the new screen read: the guard counts from the box taking it

    def _press(self, role):
        self.page.locator(f'#sim [data-role="{role}"]').click()
        self.count += 1


def _box_game(page, served, game, setup, seed):
    """`game` started for `setup` on a seeded table, and the host's table page open on it (the box's screen,
    its simulated buttons)."""
    runtime, app, base = served
    runtime.rng = random.Random(seed)
    pair(page, served)
    assert runtime.submit({"type": "new_game", "game": game, "setup": setup}).accepted
    page.goto(f"{base}/")
    expect(page.locator("#sim")).to_be_visible()
    page.wait_for_timeout(500)  # the new game's screen read before the first press (the press guard)
    return runtime


def test_a_master_of_venice_expansion_phase_on_the_box_takes_six_presses(page, served):
    """Ada plays a Senator (ACTION on "Ada plays a card", SELECT from Cardinal to Senator, ACTION), Bea a
    Cardinal (ACTION, ACTION: it is the first type), NEXT closes the phase: 6 presses, as the guide says."""
    runtime = _box_game(page, served, "master_of_venice", {"players": [{"name": "Ada"}, {"name": "Bea"}], "first": 0}, 1)
    press = Presses(page, served)
    press.do("next")  # the Draw Phase: the table's NEXT (no trip dice: the Revenue is paid as it begins)
    press.show()  # "Revenue" over the Diplomacy Phase
    press.do("next")
    expect(page.locator("#status")).to_contain_text("Expansion Phase")
    press.count = 0
    press.walk("action", "select")
    press.do("action")
    expect(page.locator("#log")).to_contain_text("Ada puts Senator #1 into play for 3")
    press.walk("action")
    press.do("action")
    expect(page.locator("#log")).to_contain_text("Bea puts Cardinal #2 into play for 3")
    _shot(page, "master-of-venice-7-box-expansion-played", part="#sim")
    press.do("next")
    expect(page.locator("#status")).to_contain_text("Event Phase")
    assert press.count == 6


def test_a_quiet_merchant_venturers_winter_on_the_box_takes_four_presses_and_three_per_player(page, served):
    """A Winter in which nobody buys or sails: the table's NEXT for the season, the resources and the ports
    (3), a press that takes away what the lands made, shown over the buying (1), and each player's Done in the
    buying, the sailing and the second buying (3 each): 10 for two players."""
    setup = {"players": [{"name": "Ada", "age": 30}, {"name": "Bea", "age": 20}]}
    runtime = _box_game(page, served, "merchant_venturers", setup, 4)
    press = Presses(page, served)
    press.do("next", "action", "action", "next", "next")  # the deal, the first posts and ships, no first buying
    expect(page.locator("#status")).to_contain_text("the season changes")
    press.count = 0
    press.do("next", "next")  # the season, the resources made
    press.show()  # "Resources made" over Bea's buying
    press.do(*["next"] * 7)
    expect(page.locator("#status")).to_contain_text("Spr")
    view = runtime.view()
    assert (view["season"], view["phase"]) == ("Spring", 1) and press.count == 10


def test_a_palazzo_turn_on_the_box_a_coin_in_two_presses_and_a_purchase_in_five(page, served):
    """Virtual tiles and coins: Ada takes a coin from the bank (ACTION opens the bank's coins, ACTION takes the
    first: 2 presses); Bea buys the first tile listed (SELECT to "Buy a tile", ACTION, BACK: the first tile's key,
    ACTION on the first payment, BACK: "Start", the first place's key: 5)."""
    setup = {"players": [{"name": "Ada"}, {"name": "Bea"}], "first": 0, "deck_modes": {"tiles": "virtual", "coins": "virtual"}}
    runtime = _box_game(page, served, "palazzo", setup, 3)
    press = Presses(page, served)
    press.do("next")  # the yard and the bank set out
    expect(page.locator("#status")).to_contain_text("Ada to act")
    press.count = 0
    coins = runtime.view()["players"][0]["coins_in_hand"]
    press.walk("action")
    press.do("action")
    expect(page.locator("#status")).to_contain_text("Bea to act")
    assert runtime.view()["players"][0]["coins_in_hand"] == coins + 1 and press.count == 2
    press.walk("select", "action", "back", "action")
    press.do("back")
    expect(page.locator("#log")).to_contain_text(re.compile(r"Bea buys \w+ \w+ for \d"))
    assert len(runtime.view()["players"][1]["palazzo"]) == 1 and press.count == 7


def test_a_patrons_of_venice_reserve_round_on_the_box_takes_four_presses(page, served):
    """Cy leads and chooses Reserve goods (ACTION: it is first); each player in turn reserves his own ship 3, the
    next to unload, first on his list (ACTION): 4 presses for three players; a short list is walked to another's.
    """
    players = [{"name": "Ada", "age": 41}, {"name": "Bea", "age": 9}, {"name": "Cy", "age": 35}]
    runtime = _box_game(page, served, "patrons_of_venice", {"players": players}, 2)
    press = Presses(page, served)
    press.do("next")  # the cards are dealt: start
    expect(page.locator("#status")).to_contain_text("Choose the action · Cy to act")
    press.count = 0
    press.do("action")
    expect(page.locator("#status")).to_contain_text("Reserve a shipment · Cy to act")
    press.do("action")
    expect(page.locator("#log")).to_contain_text("Cy reserves the shipment on Cy's ship 3 (1 to the Bank)")
    press.do("action")
    expect(page.locator("#log")).to_contain_text("Ada reserves the shipment on Ada's ship 3")
    press.do("action")
    expect(page.locator("#log")).to_contain_text("Bea reserves the shipment on Bea's ship 3")
    expect(page.locator("#status")).to_contain_text("Choose the action · Ada to act")
    assert press.count == 4
    press.do("action")  # Ada leads Reserve goods again: six shipments are left, each listed on its own (her own
    press.walk("select", "select")  # two first), and she takes Bea's ship 2
    press.do("action")
    expect(page.locator("#log")).to_contain_text("Ada reserves the shipment on Bea's ship 2 (2 to Bea)")
    assert press.count == 8


def test_a_plain_la_venise_du_nord_turn_on_the_box_takes_four_presses(page, served):
    """The roll (1 press), the move to a tile reached more than one way (its entry, then the way's button: 2), its
    power (1); with no bridge to build nor workshop ready, phases 5 and 6 pass by themselves: 4 presses, as the guide
    says."""
    runtime = served[0]
    _start_rolled_off_game(page, served, "la_venise_du_nord")
    for tile in ("Market", "Order"):  # every Burgher placed first (one press each on the box)
        (start,) = [o for o in runtime.view()["options"] if o["label"] == f"Start on {tile}"]
        assert runtime.submit(start["action"]).accepted
    expect(page.locator("#status")).to_contain_text("Phase 1")
    page.wait_for_timeout(500)  # the screen read before the first press (the press guard)
    press = Presses(page, served)
    press.do("next")  # Roll two dice: the box rolls (ACTION would enter dice thrown at the table)
    assert len(runtime.view()["turn"]["dice"]) == 2
    assert runtime.submit({"type": "undo", "confirm": True}).accepted  # the test's own dice, as the reader reads them
    assert runtime.submit({"type": "advance", "roll": True, "dice": [1, 3], "source": "physical"}).accepted
    page.wait_for_timeout(500)
    press.walk("action")  # the first tile's entry opens: its ways are keys (Foot1 Foot3 ...)
    expect(page.locator("#status")).to_contain_text("Phase 2")
    _shot(page, "la-venise-du-nord-7-box-a-tiles-ways", part="#oled")
    press.do("back")  # Foot1: Flax on foot, the 1 moves, the 3 activates
    assert runtime.view()["players"][0]["burgher"] == "Flax" and runtime.view()["turn"]["act"] == 3
    press.do("action")  # the tile's first power: the flax into the stock; no bridge, no workshop: Bea's turn
    expect(page.locator("#status")).to_contain_text("Bea to act")
    assert press.count == 4, press.count
