"""Reader events at the runtime: applied once, recorded before their ACK, judged by the step."""

import pytest

from companion.cards import Card
from companion.errors import CompanionError, JournalError
from companion.reader_event import ReaderEvent

PLAYERS = [{"name": "Ada"}, {"name": "Bea"}]
MIRROR = {"players": PLAYERS, "deck_modes": {"cards": "mirror"}}
BOOT = "1A2B3C4D"


def tag(seq, uid="04A1B2C3", boot=BOOT):
    return ReaderEvent(boot, seq, "TAG", {"uid": uid})


def dice(seq, values, sides=6, boot=BOOT):
    return ReaderEvent(boot, seq, "DICE", {"sides": str(sides), "values": ",".join(map(str, values))})


def register(rt, uid, card, deck="cards", game="free_play"):
    rt.call(lambda: rt.cards.register(uid, Card(game, deck, card)))


def recorded(rt):
    return {(e["boot"], e["seq"]): e["outcome"] for e in rt.call(lambda: rt.journal.events())}


def test_a_registered_card_of_a_physical_deck_is_drawn_once_however_often_it_is_sent(make_runtime):
    rt = make_runtime(game_setup=MIRROR)
    register(rt, "04A1B2C3", "Q♥")
    first = rt.submit_event(tag(5))
    again = rt.submit_event(tag(5))
    assert first.ok and not first.duplicate
    assert again.duplicate and again.ok
    view = rt.view()
    assert view["decks"]["cards"]["out"] == ["Q♥"] and view["decks"]["cards"]["draw"] == 51
    assert view["last"]["type"] == "draw" and view["last"]["seat"] == 0
    assert recorded(rt)[(BOOT, 5)] == "applied"


def test_an_event_recorded_before_a_restart_is_not_applied_again(make_runtime):
    rt = make_runtime(game_setup=MIRROR)
    register(rt, "04A1B2C3", "Q♥")
    assert rt.submit_event(tag(9)).ok
    rt.stop()
    rt.journal.close()
    again = make_runtime(path=rt.journal.path)
    outcome = again.submit_event(tag(9))
    assert outcome.duplicate
    assert again.view()["decks"]["cards"]["out"] == ["Q♥"]
    # The same SEQ from a reader that restarted (a new BOOT) is a new event: Q♥, out, laid down again is discarded.
    assert again.submit_event(tag(9, boot="99999999")).ok
    assert again.view()["decks"]["cards"]["out"] == [] and again.view()["decks"]["cards"]["discard"] == 1
    assert recorded(again)[("99999999", 9)] == "applied"


def test_an_unknown_tag_is_recorded_and_named_for_the_panel(make_runtime):
    rt = make_runtime(game_setup=MIRROR)
    outcome = rt.submit_event(tag(1, uid="0102030405060708090A"))
    assert not outcome.ok and outcome.title == "Unknown card" and "register it in the panel" in outcome.message
    assert rt.last_tag == {"uid": "0102030405060708090A", "card": None, "outcome": "register it in the panel"}
    assert recorded(rt)[(BOOT, 1)] == "not applied: register it in the panel"
    assert rt.view()["seq"] == 0  # nothing applied


def test_a_card_of_a_virtual_deck_or_another_game_is_shown_not_applied(make_runtime):
    rt = make_runtime(game_setup={"players": PLAYERS})  # the deck is virtual
    register(rt, "04A1B2C3", "Q♥")
    outcome = rt.submit_event(tag(1))
    assert not outcome.ok and "virtual" in outcome.message
    assert rt.view()["decks"]["cards"]["out"] == []


def test_dice_are_used_only_when_the_step_expects_that_roll(make_runtime):
    rt = make_runtime(game_setup={"players": PLAYERS})
    ok = rt.submit_event(dice(1, [3, 5]))
    assert ok.ok and rt.view()["last_roll"] == {"spec": "2d6", "values": [3, 5], "total": 8, "seat": 0, "source": "physical"}
    for seq, event in ((2, dice(2, [1, 2, 3])), (3, dice(3, [7])), (4, dice(4, [2], sides=20))):
        out = rt.submit_event(event)
        assert not out.ok and out.title in ("Dice not expected", "Refused"), out
    assert rt.view()["last_roll"]["values"] == [3, 5]  # unchanged
    outcomes = recorded(rt)
    assert outcomes[(BOOT, 2)] == "not applied: 1, 2, 3: this step rolls 1d6 or 2d6, not 3d6"
    assert outcomes[(BOOT, 3)] == "not applied: 7 is not a face of a d6 (1 to 6)"


def test_dice_with_no_game_open_are_recorded(make_runtime):
    rt = make_runtime()
    out = rt.submit_event(dice(1, [4]))
    assert not out.ok and "no game" in out.message
    assert (BOOT, 1) in recorded(rt)


def test_walking_a_deck_registers_each_tap_in_turn(make_runtime):
    rt = make_runtime()
    rt.call(lambda: rt.registration.arm([Card("free_play", "cards", "A♠"), Card("free_play", "cards", "2♠")]))
    first = rt.submit_event(tag(1, uid="AAAAAAAA"))
    assert first.ok and first.title == "Card registered" and first.message == "A♠. Next: 2♠"
    assert rt.registration.public() == {"game": "free_play", "deck": "cards", "card": "2♠", "index": 1, "total": 2}
    assert rt.submit_event(tag(1, uid="AAAAAAAA")).duplicate  # a resend does not register the next card
    assert rt.submit_event(tag(2, uid="BBBBBBBB")).ok
    assert rt.registration.public() is None
    assert sorted((c["uid"], c["card"]) for c in rt.call(rt.cards.all)) == [("AAAAAAAA", "A♠"), ("BBBBBBBB", "2♠")]


def test_a_seq_reused_after_the_wrap_is_a_new_event(make_runtime):
    rt = make_runtime(game_setup={"players": PLAYERS})
    assert rt.submit_event(dice(10, [1, 1])).ok
    assert rt.submit_event(dice(20000, [2, 2])).ok
    assert rt.submit_event(dice(10, [3, 3])).duplicate  # behind the newest: a resend
    assert rt.submit_event(dice(40000, [3, 3])).ok
    assert rt.submit_event(dice(65535, [4, 4])).ok
    assert rt.submit_event(dice(5, [5, 5])).ok  # wrapped
    assert rt.submit_event(dice(10, [6, 6])).ok  # ahead of the newest: the number came round again
    assert rt.view()["last_roll"]["values"] == [6, 6]


def test_an_event_that_cannot_be_recorded_raises_so_it_is_not_acknowledged(make_runtime, monkeypatch):
    rt = make_runtime(game_setup={"players": PLAYERS})

    def full_disk(*args, **kwargs):
        raise JournalError("could not write to the journal: database or disk is full")

    monkeypatch.setattr(rt.journal, "append", full_disk)
    with pytest.raises(JournalError):
        rt.submit_event(dice(1, [3, 4]))
    assert rt.view()["last_roll"] is None
    monkeypatch.undo()
    assert rt.submit_event(dice(1, [3, 4])).ok  # the resend, once the disk has room


def test_import_checks_every_row_before_changing_anything(make_runtime):
    rt = make_runtime()
    good = {"uid": "AAAAAAAA", "game": "free_play", "deck": "cards", "card": "A♠"}
    for bad, message in (({**good, "uid": "XYZ"}, "8, 14 or 20 hex digits"), ({**good, "deck": "nope"}, "no deck"),
                         ({**good, "card": "Z♠"}, "no card"), ({**good, "game": "chess"}, "unknown game")):
        with pytest.raises(CompanionError, match=message):
            rt.call(lambda: rt.cards.import_({"version": 1, "cards": [good, bad]}))
    assert rt.call(rt.cards.all) == []
    assert rt.call(lambda: rt.cards.import_({"version": 1, "cards": [good]})) == 1
    assert rt.call(rt.cards.export) == {"version": 1, "cards": [good]}


def test_a_card_tapped_twice_during_a_walk_does_not_shift_the_rest(make_runtime):
    rt = make_runtime()
    rt.call(lambda: rt.registration.arm([Card("free_play", "cards", c) for c in ("A♠", "2♠", "3♠")]))
    assert rt.submit_event(tag(1, uid="AAAAAAAA")).ok
    twice = rt.submit_event(tag(2, uid="AAAAAAAA"))
    assert not twice.ok and twice.message == "this tag is A♠; tap 2♠"
    assert rt.registration.public()["card"] == "2♠"
    # Choosing one card moves a tag on purpose.
    rt.call(lambda: rt.registration.arm([Card("free_play", "cards", "K♣")]))
    assert rt.submit_event(tag(3, uid="AAAAAAAA")).ok
    assert rt.call(lambda: rt.cards.lookup("AAAAAAAA")).card == "K♣"


def test_dice_thrown_on_the_reader_are_shown_as_a_roll_in_a_game_not_strict_yet(make_runtime):
    from companion.screens import DiceScreen
    from companion.table import _result_screen

    rt = make_runtime()
    setup = {"players": [{"name": "Ada"}, {"name": "Bea"}], "first": 0}
    assert rt.submit({"type": "new_game", "game": "master_of_venice", "setup": setup}).accepted
    while rt.view()["step"] != "POPE":
        assert rt.submit({"type": "advance"}).accepted
    assert rt.submit_event(dice(7, (4,))).ok  # the Pope's die, thrown on the reader
    view = rt.view()
    assert _result_screen(view, view["last"], rt.shown(view["last"]["seq"])) == DiceScreen("Table", "1d6", (4,), 6,
                                                                                              "Pope Phase: 4. The Pope lives.")
