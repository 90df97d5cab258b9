"""The palazzo game is strict (TABLE.md): only what is offered, to where it is offered, is accepted. What the
old API took and no option offers now is refused and changes nothing; a claimed seat's private options come
only from its own phone; a payment is one the player can make, on the buttons as on the phone; the reader's
dice answer the roll-off for 3 and 4 players."""

import random

from companion import controls
from companion.controls import Panel
from companion.core import engine
from companion.core.result import Refused
from companion.games.palazzo import PALAZZO
from companion.reader_event import ReaderEvent
from palazzo_table import coins_first, tiles_first

from buttons import press
from options_bot import from_seat, phones_at

NAMES = ("Ada", "Bea", "Cy", "Dan")


def _runtime(make_runtime, n=2, real=False, first=0, tiles=None, coins=None):
    """A game set out (virtual pieces: the shuffles the test gives), Ada to act."""
    order = iter([tiles or tiles_first(), coins or coins_first()])

    class Shuffles(random.Random):  # the setup's two shuffles, in the order the companion makes them
        def shuffle(self, x):
            x[:] = next(order, x)

    rt = make_runtime(rng=Shuffles(3))
    mode = "mirror" if real else "virtual"
    setup = {"players": [{"name": name} for name in NAMES[:n]], "deck_modes": {"tiles": mode, "coins": mode}}
    if first is not None:
        setup["first"] = first
    assert rt.submit({"type": "new_game", "game": "palazzo", "setup": setup}).accepted
    if first is not None:
        assert rt.submit({"type": "advance"}).accepted
    return rt


def _option(options, label):
    return next(o for o in options if o["label"] == label)


def _old_core_accepts(rt, action):
    """The pure core, as the old API reached it, takes `action` in the runtime's state now."""
    session = engine.start_session(rt._session.state)
    for _ in range(4):
        step = engine.apply_input(PALAZZO, session, action)
        if isinstance(step, Refused) and step.needs:
            action = {**action, step.needs.key: list(step.needs.cards)}
            continue
        return not isinstance(step, Refused)
    return False


def test_what_the_old_api_took_and_no_option_offers_is_refused_and_changes_nothing(make_runtime):
    rt = _runtime(make_runtime, real=True)
    rt.submit({"type": "draw", "deck": "tiles", "cards": ["Suns 3"]})
    assert rt.submit({"type": "hand", "seat": 0, "coins": [3, 4]}).accepted  # from the table: no phone holds Ada's seat
    old = [
        {"type": "advance"},  # "an action the companion does not record": the turn passed with nothing in the log
        {"type": "advance", "action": "purchase", "tile": "Suns 3", "pay": {"coins": [4], "die": True}, "to": [0, 0],
         "place": "palazzo"},  # a key the option does not have
        {"type": "counter", "name": "die", "seat": 0, "value": 3},  # a value, where the correction takes a change
        {"type": "advance", "action": "coin", "seat": 0, "coin": 2},  # a seat the option does not name
    ]
    before = rt.view()
    for action in old:
        assert _old_core_accepts(rt, action), action
        outcome = rt.submit(action)
        assert not outcome.accepted and outcome.reason, action
        assert rt.view()["version"] == before["version"], action
    for action in (  # only in journals of an earlier version, taken to today's form as they are read (companion.upgrades)
        {"type": "choose", "tile": "Suns 3"},  # the buttons' old first step of a purchase
        {"type": "advance", "action": "purchase", "tile": 0, "exact": True},  # a yard slot, "paid exactly" with a hand known
        {"type": "advance", "action": "purchase", "tile": "Suns 3", "coins": [3, 4], "die": True},  # coins typed in
        {"type": "advance", "action": "purchase", "tile": "Suns 3", "pay": {"coins": [4], "die": True}},  # no place
    ):
        assert not _old_core_accepts(rt, action) and not rt.submit(action).accepted, action
        assert rt.view()["version"] == before["version"], action
    assert rt.submit({"type": "advance", "action": "coin", "coin": 7}).reason == \
        "Take the coin just turned up: coin: one of null, ace, 2, 3, 4, 5"
    assert rt.submit({"type": "advance", "action": "turret", "on": "Suns 3"}).reason.startswith("that is not one of the choices now")
    assert rt.submit({"type": "advance", "action": "purchase", "tile": "Suns 3", "pay": {"coins": [4], "die": True}}).reason == \
        "Buy Suns 3 (8): choose where it goes"


def test_a_claimed_seats_private_options_come_only_from_its_phone(make_runtime):
    rt = _runtime(make_runtime, tiles=tiles_first("Crowns 3"), coins=coins_first(3, 5, 1, 1))
    buy = _option(rt.view()["options"], "Buy Crowns 3 (8)")
    assert buy["private"] and buy["fields"]["pay"]["enumNames"][0] == "5 + 3: exact, another action"  # the hand is on the table
    rt.set_claimed(phones_at(frozenset({0})))
    assert "Buy Crowns 3 (8)" not in [o["label"] for o in rt.view()["options"]]  # ... not once Ada's phone holds her seat
    # Nor what is not secret: her seat is her phone's. The host may do that for her once it confirms so.
    assert "Take the null from the bank" not in [o["label"] for o in rt.view()["options"]]
    (held,) = rt.view()["held"]
    labels = [o["label"] for o in held["options"]]
    assert held["seat"] == 0 and "Take the null from the bank" in labels and "Buy Crowns 3 (8)" not in labels
    mine = _option(rt.seat_view(0)["options"], "Buy Crowns 3 (8)")
    action = {**mine["action"], "pay": {"coins": [5, 3], "die": False}, "to": [0, 0]}
    assert not rt.submit(action).accepted  # from the table
    assert not rt.submit(action, source=from_seat(1)).accepted  # from Bea's phone
    done = rt.submit(action, source=from_seat(0))
    assert done.accepted and rt.journal.sources(1)[done.seq] == {"by": "phone", "id": "phone0", "name": "0's phone", "seat": 0}
    assert rt.private(0)["hand"] == [] and rt.view()["extra_action"]


def test_payments_are_those_the_hand_can_make_and_the_die_alone_keeps_the_coin_check(make_runtime):
    rt = _runtime(make_runtime, real=True)
    rt.submit({"type": "draw", "deck": "tiles", "cards": ["Suns null"]})
    buy = _option(rt.view()["options"], "Buy Suns null (5)")
    assert buy["fields"]["pay"]["enumNames"] == ["exactly: another action", "more than 5",
                                                    "exactly, with the die's 5: another action", "more than 5, with the die's 5"]
    for turn in ({"type": "draw", "deck": "coins", "cards": ["null"]}, {"type": "advance", "action": "coin", "coin": 0},
                 {"type": "advance", "action": "coin"}):  # Ada takes the null, Bea a coin: Ada's turn again
        assert rt.submit(turn).accepted
    assert rt.submit({"type": "hand", "seat": 0, "coins": [4, 3, 0]}).accepted  # her 2 coins and the null
    buy = _option(rt.view()["options"], "Buy Suns null (5)")
    assert buy["private"] and buy["fields"]["pay"]["enumNames"] == [  # the null never helps, but may be paid
        "die 5: exact, another action", "4 + 3 (2 over)", "every coin: 4 + 3 + null (2 over)"]
    assert buy["fields"]["pay"]["enum"][0] == {"coins": [], "die": True}
    assert rt.submit({**buy["action"], "pay": {"coins": [], "die": True}, "to": [0, 0]}).accepted
    assert rt.private(0)["hand"] == [4, 3, 0] and rt.view()["players"][0]["die"] == 4  # still followed
    assert rt.view()["extra_action"]


def test_the_buttons_buy_with_the_coins_held_choosing_the_payment_then_the_place(make_runtime):
    rt = _runtime(make_runtime, tiles=tiles_first("Crowns 3"), coins=coins_first(3, 5, 1, 1))
    panel = Panel()
    labels = [o["label"] for o in controls.walk(rt.view())]
    assert labels[:2] == ["Take the null from the bank", "Buy Crowns 3 (8)"]  # the most common action first
    assert [o["label"] for o in controls.shown(rt.view(), panel)] == labels  # five: each on its own
    panel = press(rt, panel, "select").panel
    panel = press(rt, panel, "action").panel  # opens the picker: the payment first
    screen = controls.screen_for(rt.view(), panel)
    assert (screen.header, screen.who, screen.step) == ("Buy Crowns 3 (8)", "Ada", "payment")  # Ada decides: her name stays
    assert screen.doing.startswith("► 5 + 3: exact, another action")
    panel = press(rt, panel, "action").panel  # that payment; then where it goes
    screen = controls.screen_for(rt.view(), panel)
    # Where it goes, each place a word on its own key: BACK starts the palazzo, SELECT puts it in the reserve.
    assert (screen.who, screen.step, screen.doing) == ("Ada", "where it goes (hold BACK to leave)", "► Start Resrv")
    press(rt, panel, "back")
    view = rt.view()
    assert view["players"][0]["palazzo"][0]["tile"] == "Crowns 3" and rt.private(0)["hand"] == []
    assert view["extra_action"] and view["active"] == 0


def test_next_ends_no_turn_and_asks_before_letting_a_final_action_go(make_runtime):
    rt = _runtime(make_runtime)
    reply = controls.press(rt.view(), Panel(), "next", False)  # it walks the list back, to the last option
    assert reply.action is None and reply.panel.option == len(controls.shown(rt.view(), Panel())) - 1
    assert controls.screen_for(rt.view(), Panel()).hints[3] == "Prev"


def test_the_start_roll_off_takes_the_readers_dice_in_seat_order_for_three_and_four(make_runtime):
    outcomes = {}
    for n, values in ((3, (4, 5, 6)), (4, (3, 5, 5, 1))):  # a piecepack die's 6 is its null face: 0
        rt = _runtime(make_runtime, n=n, first=None)
        roll = _option(rt.view()["options"], "Roll off for the first player")
        assert roll["rolls"] == f"{n}d6" and roll["button"] == "NEXT"
        thrown = rt.submit_event(ReaderEvent(n, 1, "DICE", {"sides": "6", "values": ",".join(map(str, values))}))
        assert thrown.ok, thrown.message
        outcomes[n] = rt
    assert outcomes[3].view()["rolloff"] is None and outcomes[3].view()["player"] == 1  # Bea threw the 5
    rt = outcomes[4]
    assert rt.view()["rolloff"]["contenders"] == [1, 2]  # Bea and Cy both threw a 5: they roll again
    wrong = rt.submit_event(ReaderEvent(4, 2, "DICE", {"sides": "6", "values": "1,2,3"}))
    assert not wrong.ok and "needs 2d6, not 3d6" in wrong.message


def test_a_tagged_tile_on_the_reader_names_the_tile_the_buyer_turned_up_while_phones_hold_every_seat(make_runtime):
    """Real tiles tagged: Ada (on her phone) buys and turns up a new tile, Bea's turn follows; the tile laid on the
    reader names it, as Ada's one tap would, and the log says it was Ada's. A second tile tapped finds none waiting."""
    from companion.cards import Card

    rt = _runtime(make_runtime, real=True)
    rt.set_claimed(phones_at(frozenset({0, 1})))
    for tile in ("Suns 3", "Moons ace", "Arms 2", "Crowns null"):
        assert rt.submit({"type": "draw", "deck": "tiles", "cards": [tile]}).accepted
    buy = {"type": "advance", "action": "purchase", "tile": "Arms 2", "pay": {"exact": False, "die": False}, "to": [0, 0]}
    assert rt.submit(buy, source=from_seat(0)).accepted and rt.view()["active"] == 1
    for uid, tile in (("04A1B2C3", "Suns 5"), ("04A1B2C4", "Moons 4")):
        rt.call(lambda uid=uid, tile=tile: rt.cards.register(uid, Card("palazzo", "tiles", tile)))
    assert rt.submit_event(ReaderEvent(1, 1, "TAG", {"uid": "04A1B2C3"})).ok
    assert "Suns 5" in [y and y["tile"] for y in rt.view()["yard"]]
    assert rt.view()["last"]["type"] == "draw" and rt.view()["log"][-1] == "Ada turns up Suns 5 in the yard — the reader"
    again = rt.submit_event(ReaderEvent(1, 2, "TAG", {"uid": "04A1B2C4"}))
    assert not again.ok and again.message.startswith("Moons 4: every tile in the yard is named already")
