"""TABLE.md's contract in the core: the fields an option may have, an input matched against the offered
options (strict games), and steps that own their handlers (an edit a refusal throws away)."""


from companion.core import engine
from companion.core.counters import CounterSpec
from companion.core.fields import check, conforms
from companion.core.flow import Flow, Step
from companion.core.game import GameDef
from companion.core.options import CORRECTIONS, Option
from companion.core.result import Refused
from companion.core.strict import match

CELL = {"enum": [[0, 1], [1, 0], "reserve"], "enumNames": ["above", "right", "the reserve"], "title": "where"}


def test_a_value_fits_a_field_by_json_not_by_pythons_equality():
    assert check(CELL, [0, 1]) is None and check(CELL, "reserve") is None
    assert check(CELL, [True, 0]).reason == "one of above, right, the reserve"  # True == 1 in Python, not in JSON
    assert check({"enum": [1, 2]}, True) is not None
    assert check({"type": "integer", "minimum": -2, "maximum": 3}, 3) is None
    assert check({"type": "integer", "minimum": -2, "maximum": 3}, 4).reason == "a number from -2 to 3"
    assert check({"type": "integer", "minimum": 0, "maximum": 3}, True).reason == "a whole number"
    assert check({"type": "boolean"}, 1).reason == "true or false"
    coins = {"type": "array", "items": {"enum": [0, 1, 2]}, "maxItems": 5, "maxEach": 2}
    assert check(coins, [2, 2, 1]) is None
    assert check(coins, [2, 2, 2]).reason == "at most 2 of each"
    assert check(coins, [0, 1, 2, 0, 1, 2]).reason == "0 to 5 items"
    assert check(coins, [3]).reason == "each item one of 0, 1, 2"
    assert check({"type": "array", "items": {"enum": ["a", "b"]}, "maxItems": 2, "uniqueItems": True}, ["a", "a"]).reason == "each item once"
    assert check({"type": "array", "items": {"enum": ["a"]}, "minItems": 1, "maxItems": 1}, []).reason == "1 item"
    assert check({"type": "string", "maxLength": 5, "examples": ["x"]}, "  ").reason == "a name"
    # How often each value may come, value by value: the cubes of each kind in a stock of 2 wool and 1 gold.
    stock = {"type": "array", "items": {"enum": ["wool", "gold"]}, "maxItems": 3, "maxEach": [2, 1]}
    assert conforms(stock) is None and check(stock, ["wool", "gold", "wool"]) is None
    assert check(stock, ["gold", "gold"]).reason == "at most 1 of gold"
    assert conforms({**stock, "maxEach": [2]}).reason == "maxEach gives one number per value of the items' enum"


def test_a_field_the_contract_does_not_allow_is_named():
    assert conforms(CELL) is None
    assert conforms({"type": "integer", "minimum": 0}).reason == "a number has a minimum and a maximum"
    assert conforms({"type": "array", "items": {"enum": [1]}}).reason == "an array has items and a maxItems"
    assert conforms({"type": "string", "maxLength": 10}).reason.startswith("a free string has a maxLength and examples")
    assert conforms({"enum": []}).reason == "an enum lists at least one value"
    assert conforms({"enum": [1, 2], "enumNames": ["one"]}).reason == "enumNames gives one label per enum value"
    assert conforms({"enum": [1, 2], "enumShort": ["One", "Twelve"]}).reason == \
        "enumShort gives one name of five letters at most per enum value (or one per group it is in)"
    assert conforms({"enum": [1, 2], "enumShort": ["One", "Two"]}) is None
    by_tile = {"enum": [["Wool"], ["Wool", "Flax"]], "enumGroups": [["Wool"], ["Wool", "Flax"]],
               "enumShort": ["Alone", ["Flax", "Wool"]], "groupShort": {"Flax": "Flax", "Wool": "Wool"}}
    assert conforms(by_tile) is None  # a name per group a value is in, and the groups' own
    assert conforms({**by_tile, "enumShort": ["Alone", ["Flax"]]}).reason == \
        "enumShort gives one name of five letters at most per enum value (or one per group it is in)"
    assert conforms({**by_tile, "groupShort": {"Wool": "Woollen"}}).reason == \
        "groupShort gives a name of five letters at most to groups of enumGroups"
    assert conforms({**by_tile, "groupShort": {"Gold": "Gold"}}).reason.startswith("groupShort gives")
    assert conforms({"type": "object"}).reason.startswith("a field is an enum")


BUY = Option("Buy Suns 3 (8)", "Buy", {"type": "advance", "action": "purchase", "tile": "Suns 3"}, fields={"to": CELL})
END = Option("No final action", "None", {"type": "advance"}, confirm=True, button="NEXT")
ROLL = Option("Roll off (3d6)", "Roll", {"type": "rolloff"}, rolls="3d6")


def test_a_tapped_cards_tag_comes_only_with_an_option_a_tap_does():
    keep = Option("Keep a card: name it or tap it", "Keep", {"type": "advance"}, fields={"keep": {
        "type": "string", "maxLength": 40, "examples": ["Lace +1"]}}, taps="orders")
    assert match([keep], {"type": "advance", "keep": "Lace +1", "tag": "04A1B2C3"}) is keep
    assert match([BUY], {"type": "advance", "action": "purchase", "tile": "Suns 3", "to": [1, 0], "tag": "04A1B2C3"}).reason == (
        "Buy Suns 3 (8): tag is not part of this")


def test_an_input_matches_an_offered_option_or_is_refused_with_a_reason():
    offered = [BUY, END, ROLL]
    assert match(offered, {"type": "advance", "action": "purchase", "tile": "Suns 3", "to": [1, 0]}) is BUY
    assert match(offered, {"type": "advance", "action": "purchase", "tile": "Suns 3", "to": [1, 0], "confirm": True}) is BUY
    missing = match(offered, {"type": "advance", "action": "purchase", "tile": "Suns 3"})
    assert isinstance(missing, Refused) and missing.reason == "Buy Suns 3 (8): choose where"
    extra = match(offered, {"type": "advance", "action": "purchase", "tile": "Suns 3", "to": [1, 0], "exact": True})
    assert extra.reason == "Buy Suns 3 (8): exact is not part of this"
    bad = match(offered, {"type": "advance", "action": "purchase", "tile": "Suns 3", "to": [5, 5]})
    assert bad.reason == "Buy Suns 3 (8): where: one of above, right, the reserve"
    other = match(offered, {"type": "advance", "action": "purchase", "tile": "Moons 4", "to": [1, 0]})
    assert other.reason == "that is not one of the choices now (Buy Suns 3 (8); No final action; Roll off (3d6))"
    assert match([Option("Undo", "Undo", {"type": "undo"}, group=CORRECTIONS)], {"type": "roll"}).reason == \
        "there is nothing to do here now"


def test_an_option_that_asks_first_needs_the_confirming_key_and_dice_come_with_a_roll():
    asked = match([END], {"type": "advance"})
    assert isinstance(asked, Refused) and asked.needs_confirm and asked.reason == "No final action: confirm to do it"
    assert match([END], {"type": "advance", "confirm": True}) is END
    assert match([END], {"type": "advance", "confirm": "yes"}).reason == "No final action: confirm: true, or leave it out"
    assert match([ROLL], {"type": "rolloff", "values": [6, 1, 2], "source": "physical"}) is ROLL
    assert isinstance(match([END], {"type": "advance", "confirm": True, "values": [1]}), Refused)


def _game(*steps):
    return GameDef(id="toy", title="Toy", min_players=2, max_players=2, flow=Flow(steps=steps),
                   counters=(CounterSpec("coins", "Coins", start=3, minimum=0, maximum=9),), first_player="choice")


def _nothing(state, seat):
    return ()


def test_a_handler_that_refuses_changes_nothing_and_a_payment_beyond_the_counter_is_refused():
    def spend(e):
        e.data["spent"] = e.data.get("spent", 0) + e.action["n"]
        e.say(f"{e.name(e.seat)} spends {e.action['n']}.")
        e.pay(e.seat, "coins", e.action["n"])
        if e.action["n"] == 2:
            e.refuse("two is never allowed")

    game = _game(Step("PLAY", "Play", options=_nothing, handlers={"spend": spend}))
    state = engine.new_game(game, {"players": [{"name": "Ada"}, {"name": "Bea"}], "first": 0}).state
    done = engine.apply(game, state, {"type": "spend", "n": 1})
    assert done.log == ("Ada spends 1.",) and done.state["data"]["spent"] == 1
    assert done.state["counters"]["players"][0]["coins"] == 2 and state["counters"]["players"][0]["coins"] == 3
    assert engine.apply(game, done.state, {"type": "spend", "n": 2}).reason == "two is never allowed"
    assert engine.apply(game, done.state, {"type": "spend", "n": 5}).reason == "Ada's Coins cannot go below 0 (now 2)"
    assert engine.apply(game, done.state, {"type": "dance"}).reason == "that cannot be done now (Play)"
    assert "spent" not in state["data"]  # the working copy never reached the state it came from


def test_a_short_list_shows_each_option_but_a_few_short_ways_make_one_row_on_a_phone():
    from companion.core.options import listed, ways

    coins = [{"label": f"The coin turned up is {c}", "under": "The coin turned up is"}
             for c in ("a null", "an ace", "a 2", "a 3", "a 4", "a 5")]
    take = {"label": "Take the 5 from the bank"}
    tiles = [{"label": f"Buy Suns {k}", "under": "Buy a tile"} for k in (2, 3)]
    options = [coins[0], take, *coins[1:], *tiles]
    assert ways(coins) == ["a null", "an ace", "a 2", "a 3", "a 4", "a 5"]
    assert [len(e) for e in listed(options, 10)] == [1] * 9  # a short list: each on its own (the box's rule)
    on_phone = listed(options, 10, rows=True)  # the coins are one row where the first comes; the tiles stay
    assert [len(e) for e in on_phone] == [6, 1, 1, 1] and on_phone[0] == coins and on_phone[1] == [take]
    assert [len(e) for e in listed(options, 6)] == [6, 1, 2]  # a long list: every `under` is one entry
    long_ways = [{"label": f"Flax by Boat to {t}: move 5, act 6", "under": "Move to Flax"} for t in ("Gold", "Wool")]
    assert [len(e) for e in listed(long_ways + [take], 10, rows=True)] == [1, 1, 1]  # not short words: not a row
    # Only the words its under already says go: "Flax", not "Flax by Boat to" (La Venise du Nord's moves).
    assert ways(long_ways) == ["by Boat to Gold: move 5, act 6", "by Boat to Wool: move 5, act 6"]
    by_die = [{"label": f"Market: move {m}, act {a}", "under": "Move to Market"} for m, a in ((3, 5), (5, 3))]
    assert ways(by_die) == ["move 3, act 5", "move 5, act 3"]
    assert ways(tiles) == ["Buy Suns 2", "Buy Suns 3"]  # "Buy Suns" is not what "Buy a tile" says: whole



def test_a_phone_is_sent_each_options_entry_and_the_way_its_chip_says():
    """The phone pages only draw the entries (web_panel/static/js/options_panel.js): the listing rule is here."""
    from companion.core.options import on_phone

    coins = [{"label": f"The coin turned up is {c}", "under": "The coin turned up is"} for c in ("a null", "an ace")]
    moves = [{"label": f"Flax by Boat to {t}: move 5, act 6", "under": "Move to Flax"}
             for t in ("Gold", "Wool", "Lace", "Silk")]
    fix = [{"label": f"Set Ada's coins to {n}", "under": "Set Ada's coins to", "group": "Corrections"} for n in (1, 2)]
    take = {"label": "Take the 5 from the bank"}
    shown = on_phone([coins[0], take, *fix, coins[1], *moves])
    assert [(o["entry"], o["way"]) for o in shown] == [
        (0, "a null"), (1, ""), (6, "1"), (6, "2"), (0, "an ace"),  # the coins one row; the corrections' entry last
        (2, ""), (3, ""), (4, ""), (5, "")]  # four long ways in a short list: each its own entry
    as_given = [{k: v for k, v in o.items() if k not in ("entry", "way")} for o in shown]
    assert as_given == [coins[0], take, *fix, coins[1], *moves]  # in their order, each whole
    many = on_phone([*moves, *[{"label": f"Take the {n} from the bank"} for n in range(10)]])  # a long list
    assert {o["entry"] for o in many[:4]} == {0} and {o["way"] for o in many[:4]} == {""}  # behind "Move to Flax"
    assert [o["entry"] for o in many[4:]] == list(range(1, 11))

def test_a_grouped_pickers_chips_at_once_count_a_value_in_each_of_its_groups():
    from companion.core.fields import at_once, groups_each

    assert groups_each(["Flax", ["Flax", "Gold"]]) == [["Flax"], ["Flax", "Gold"]]
    assert at_once(["Ada"] * 5 + ["Bea"]) == 5 and at_once(list("abcdefg")) == 7
    assert at_once([["Flax", "Gold"], ["Gold"], ["Gold", "Wool"]]) == 3  # Gold holds all three
