"""Every screen against its reference PNG (tests/screens/NAME.png).

After a deliberate change to a screen, look at the new pictures and regenerate:

    make screens

(it runs this file with REGENERATE_SCREENS=1, which rewrites the PNGs).
"""

import os
from pathlib import Path

import pytest
from PIL import Image

from companion.screens import (
    AlertScreen,
    CardScreen,
    CountersScreen,
    DiceScreen,
    PairingScreen,
    WifiScreen,
    ResultScreen,
    ScoresScreen,
    SplashScreen,
    StepScreen,
    draw_text,
    fit,
    qr_matrix,
    render,
    step_lines,
    text_width,
)

REFERENCES = Path(__file__).parent / "screens"
HINTS = ("Undo", "More", "Roll", "Done")

SCREENS = {
    "step": StepScreen("Free play  R3", "Zoë", "Turn", "► Roll 2d6  2/4", HINTS),
    "step_last_round": StepScreen("Free play  R9", "Bea", "Turn", "► Draw: Cards  3/4", HINTS, "LAST"),
    "step_long_name": StepScreen("Free play  R1", "Maximilian-Alexander", "Turn", "", ("", "", "", "Done")),
    "step_everyone": StepScreen("Free play  R2", "Everyone", "Sell goods", "", ("Undo", "", "", "Pass")),
    "step_long_lines_at_rest": StepScreen("Palazzo  R4", "Maximilian-Alexander", "Round 4 · One action · Sa A5 M2 M5",
                                          "► Take the 5 from the bank  1/3", HINTS),
    "step_two_names": StepScreen("Master of Venice  R2", "Ada and Bea", "Y1 Aut W: every port is done: nobody there has "
                                 "goods it wants", "► Eve builds a Villa for 10 Gold  3/9", ("Undo", "More", "Turret", "Prev")),
    "step_three_names": StepScreen("Master  R2", "Ada, Bea and Cy", "Diplomacy Phase: talk", "", ("Undo", "", "", "Done")),
    "step_wide_hints": StepScreen("Patrons  T1", "Cy", "Choose the action", "► Reserve goods  1/5",
                                  ("Undo", "More", "Reserve", "Start")),
    "dice_1d6": DiceScreen("Ada", "1d6", (4,)),
    "dice_2d6": DiceScreen("Ada", "2d6", (3, 6)),
    "dice_3d8": DiceScreen("Cy", "3d8", (7, 1, 8), sides=8),
    "dice_said": DiceScreen("Bea", "2d6", (1, 4), said="Bea rolls 1 and 4."),
    "dice_said_long": DiceScreen("Ada", "2d6", (3, 5), said="Ada's trips: 3 + 5 = 8 Gold, and 2 Gold from the Villa."),
    "card_one": CardScreen("Bea", "Cards", ("Q♥",), left=37),
    "card_three": CardScreen("Bea", "New Shipment", ("Silk", "Pirates!", "Glass"), left=None),
    "scores": ScoresScreen("Score  R4", ((1, "Ada", 12), (2, "Bea", 9), (2, "Cy", 9), (4, "Dieter-Hans Longname", 3))),
    "scores_eight": ScoresScreen("Score", tuple((i + 1, f"Player {i + 1}", 20 - i) for i in range(8))),
    "counters": CountersScreen("Ada", (("Score", 12), ("Ducats", 30), ("Points", 4)), 1),
    "alert_game_over": AlertScreen("Game over", "Every player has had a last turn."),
    "alert_long_title": AlertScreen("Nothing to do", "Nothing to choose here now."),
    "alert": AlertScreen("Refused", "The game is over (the players ended it); start a new game from the phone"),
    "alert_question": AlertScreen("Undo?", "Ada rolled 2d6: 3, 6. Hold BACK to take it back.", ("Hold", "", "", "Keep")),
    "pairing": PairingScreen("123456", "http://192.168.100.123:8080/pair"),
    "wifi": WifiScreen("Kitchen-table-1 table", "WIFI:T:WPA;S:Kitchen-table-1 table;P:abcd-efgh-jkmn;;"),
    "pairing_window": PairingScreen("40404040", "http://192.168.100.123:8080/pair?code=40404040"),
    "splash": SplashScreen("Tabletop", "companion starting"),
    "result": ResultScreen("Palazzo", "Dirk wins", ((1, "Dirk", 40), (2, "Phillip", 39), (3, "Brad", 22), (4, "Brunhilde", 19))),
    "result_two": ResultScreen("Master", "Bea wins", ((1, "Bea", 20), (2, "Ada", 12))),
    "result_shared_six": ResultScreen("Shared win", "Bea & Cy", ((1, "Bea", 31), (1, "Cy", 31), (3, "Dieter-Hans", 20),
                                                                 (4, "Eve", 12), (5, "Fay", 9), (6, "Gus", 2))),
    "result_long_name": ResultScreen("Patrons", "Maximilian-Alexander wins", ((1, "Maximilian-Alexander", 12), (2, "Bea", 10))),
    "result_missing": ResultScreen("Palazzo", "Game over", note="No winner yet: enter 1 field on the Scores page of a phone."),
}


@pytest.mark.parametrize("name", sorted(SCREENS))
def test_screen_matches_its_reference(name, tmp_path):
    image = render(SCREENS[name])
    assert image.mode == "1" and image.size == (128, 64)
    reference = REFERENCES / f"{name}.png"
    if os.environ.get("REGENERATE_SCREENS"):
        image.save(reference)
    if not reference.exists():
        pytest.fail(f"no reference picture {reference}: run `make screens` and look at it")
    expected = Image.open(reference).convert("1")
    if image.tobytes() != expected.tobytes():
        image.resize((512, 256)).save(tmp_path / f"{name}.png")
        pytest.fail(f"{name} differs from {reference}; this run drew {tmp_path / (name + '.png')} (4x)")


def test_the_main_line_is_sixteen_pixels_tall():
    image = render(StepScreen("", "Ady", "", "", ("", "", "", "")))
    rows = [y for y in range(9, 54) if any(image.getpixel((x, y)) for x in range(128))]  # between header and hints
    assert rows[-1] - rows[0] + 1 >= 16  # "Ady": from the top of the A to the foot of the y


def test_text_that_does_not_fit_is_cut_with_an_ellipsis_between_words():
    cut = fit("Maximilian-Alexander", 100, 2)
    assert cut.endswith("…") and text_width(cut, 2) <= 100
    assert fit("Diplomacy Phase: talk it over", 110) == "Diplomacy Phase…"


def test_the_pairing_address_fits_a_version_2_code():
    assert len(qr_matrix("http://192.168.100.123:8080/pair")) == 25  # version 2: 25 modules
    with pytest.raises(ValueError, match="too long"):
        qr_matrix("http://companion.example/" + "x" * 200)


@pytest.mark.parametrize("code, url", [("123456", "http://192.168.100.123:8080/pair"),
                                       ("12345678", "http://192.168.100.123:8080/pair?code=12345678")])
def test_the_pairing_qr_code_reads_back(code, url):
    """A real decoder (zxing-cpp) reads the code off the drawn panel (a window's longer code too)."""
    import zxingcpp

    image = render(PairingScreen(code, url)).convert("L")
    big = Image.new("L", (128 * 4 + 80, 64 * 4 + 80), 0)
    big.paste(image.resize((128 * 4, 64 * 4), Image.Resampling.NEAREST), (40, 40))
    decoded = [r.text for r in zxingcpp.read_barcodes(big)]
    # The scheme and host are upper-cased for the smaller alphanumeric mode; both are case-blind.
    assert decoded == ["HTTP://192.168.100.123:8080" + url.removeprefix("http://192.168.100.123:8080")]


# What the playtests saw scroll or cut on the box: each line now fits the panel at rest, whole words only.
LONG = [
    ("Y1 Win N: the season changes", "► Done: on to 1 The season changes  2/7"),
    ("Reserve goods 1/5", "► Take 6 flax into the stock (6 lost)  1/18"),
    ("Bridge to Master Builder: 1 cube, the 1 on Master Builder comes back", ""),
    ("Diplomacy Phase: talk", "► Eve builds a Villa for 10 Gold  3/9"),
    ("Round 4 · One action · Sa A5 M2 M5", "► Take the 5 from the bank  1/3"),
]


@pytest.mark.parametrize("step, doing", LONG)
def test_every_line_fits_the_panel_at_rest_cut_only_between_words(step, doing):
    steps, options, place = step_lines(step, doing)
    assert 1 <= len(steps) and len(steps) + len(options) <= 3
    for line in steps + options:
        assert text_width(line) <= 127, line
        whole = line.removesuffix("…")
        words = [w.strip(":,;·-") for w in (step + " " + doing).split()]
        assert all(word.strip(":,;·-") in words for word in whole.replace("► ", "").split()), line  # whole words
    shown = " ".join(steps + options).replace("…", "").replace(" · ", " ").split()
    if not any(line.endswith("…") for line in steps + options):  # whole, or the step's first parts (" · ") whole
        parts = step.split(" · ")
        option = doing.rsplit("  ", 1)[0] if place else doing
        assert any(shown == " ".join(parts[:k] + [option]).split() for k in range(1, len(parts) + 1))
    assert place == (doing.rsplit("  ", 1)[1] if "/" in doing else "")


def test_the_option_under_the_cursor_shows_whole_on_two_lines_and_its_place_in_the_header():
    steps, options, place = step_lines("Diplomacy Phase: talk", "► Eve builds a Villa for 10 Gold  3/9")
    assert options == ["► Eve builds a Villa", "for 10 Gold"] and place == "3/9"
    image = render(StepScreen("Master  R2", "Eve", "Diplomacy Phase: talk", "► Eve builds a Villa for 10 Gold  3/9", HINTS))
    top = Image.new("1", (128, 64), 0)
    draw_text(top, (128 - 2 - text_width("3/9"), 0), "3/9")  # its right edge where the badge's is
    assert image.crop((100, 0, 127, 8)).tobytes() == top.crop((100, 0, 127, 8)).tobytes()


def test_two_names_stay_large_and_a_long_name_breaks_after_its_hyphen():
    image = render(StepScreen("", "Ada and Bea", "", "", ("", "", "", "")))
    rows = [y for y in range(9, 27) if any(image.getpixel((x, y)) for x in range(128))]
    assert rows[-1] - rows[0] + 1 >= 14  # "Ada & Bea", twice as large
    long = render(StepScreen("", "Maximilian-Alexander", "", "", ("", "", "", "")))
    first = Image.new("1", (128, 64), 0)
    draw_text(first, ((127 - text_width("Maximilian-")) // 2, 10), "Maximilian-")
    assert long.crop((0, 10, 127, 18)).tobytes() == first.crop((0, 10, 127, 18)).tobytes()


def test_a_hint_too_wide_for_its_button_is_drawn_smaller_never_cut():
    from companion.screens import LCD, hint_fits

    assert text_width("Leave", LCD) <= 31 and text_width("Reserve", LCD) > 31 and hint_fits("Reserve")
    wide = render(StepScreen("", "", "", "", ("Undo", "More", "Reserve", "Start")))
    cut = render(StepScreen("", "", "", "", ("Undo", "More", "Res…", "Start")))
    assert wide.crop((64, 55, 96, 64)).tobytes() != cut.crop((64, 55, 96, 64)).tobytes()
    lit = [x for x in range(64, 96) for y in range(55, 64) if wide.getpixel((x, y))]
    assert min(lit) >= 64 and max(lit) <= 95  # over ACTION's button, not spilling onto NEXT's
    # Six letters over a button whose neighbours leave room: the LCD font, a few pixels past the button's edge.
    six = render(StepScreen("", "", "", "", ("Undo", "More", "Turret", "Prev")))
    alone = Image.new("1", (128, 64), 0)
    draw_text(alone, (80 - text_width("Turret", LCD) // 2, 56), "Turret", LCD)
    assert six.crop((62, 55, 98, 64)).tobytes() == alone.crop((62, 55, 98, 64)).tobytes()
    assert [x for x in range(56, 102) if all(six.getpixel((x, y)) for y in range(54, 64))] == [60, 98]  # rules beside it
    # Over NEXT, at the panel's edge, with nothing over ACTION: moved left into the blank, still in the LCD font.
    edge = render(StepScreen("", "", "", "", ("Undo", "", "", "Reveal")))
    right = Image.new("1", (128, 64), 0)
    draw_text(right, (127 - text_width("Reveal", LCD), 56), "Reveal", LCD)
    assert edge.crop((64, 55, 128, 64)).tobytes() == right.crop((64, 55, 128, 64)).tobytes()
    assert not hint_fits("Take the 5 from the bank")


def test_an_alert_too_long_for_its_lines_says_it_is_cut():
    long = AlertScreen("Undo?", "Roll-off: Ada null, Bea 4, Cy 5, Dan 2, Eve 3. Cy goes first. Hold BACK to take "
                       "it back, or press NEXT to keep it as it is.", ("Hold", "", "", "Keep"))
    lines = []
    import companion.screens as screens

    real = screens.draw_text
    try:
        screens.draw_text = lambda image, at, text, *a, **k: (lines.append(text), real(image, at, text, *a, **k))
        render(long)
    finally:
        screens.draw_text = real
    message = [line for line in lines if line not in ("Undo?", "Hold", "Keep")]
    assert len(message) == 4 and message[-1].endswith("…"), message


def test_the_winner_is_sixteen_pixels_tall_and_every_place_of_six_shows():
    screen = SCREENS["result_shared_six"]
    image = render(screen)
    rows = [y for y in range(9, 27) if any(image.getpixel((x, y)) for x in range(128))]  # the big line
    assert rows[-1] - rows[0] + 1 >= 14
    shown = render(ResultScreen(screen.header, screen.winner, screen.rows[:5]))
    assert shown.tobytes() != image.tobytes()  # the sixth place is drawn (not cut off below the fifth)


def test_an_alert_title_is_never_cut():
    from companion.screens import WIDTH

    for title in ("Game over", "Hand over?", "Nothing to do", "On the phone", "Unknown card"):
        bar = render(AlertScreen(title, "")).crop((0, 0, WIDTH - 1, 18))
        dark = [x for x in range(WIDTH - 1) for y in range(18) if not bar.getpixel((x, y))]
        assert dark and min(dark) > 0 and max(dark) < WIDTH - 2, title  # inside the bar, not run off its edge
        assert render(AlertScreen(title, "")).tobytes() != render(AlertScreen(fit(title, 124, 2), "")).tobytes()


def test_a_long_title_beside_the_last_badge_goes_and_the_round_is_kept():
    """In La Venise du Nord's last round, "Venise du Nord  R7" and "LAST" do not fit: the title goes (never cut
    into "Venise du…"), the round still shows."""
    long = render(StepScreen("Venise du Nord  R7", "Ada", "Gold at 4", "", ("", "", "", ""), "LAST"))
    cut = render(StepScreen("R7", "Ada", "Gold at 4", "", ("", "", "", ""), "LAST"))
    assert long.tobytes() == cut.tobytes()
    assert render(StepScreen("Free play  R9", "Bea", "Turn", "", ("", "", "", ""), "LAST")).tobytes() != long.tobytes()


def test_the_wifi_qr_code_reads_back_with_the_longest_network_name():
    """Phone cameras join from the standard Wi-Fi QR code; the longest own network name still fits the panel."""
    import zxingcpp

    from companion.wifi import join_code, own_ssid

    ssid = own_ssid("Kitchen-table-1234")
    code = join_code(ssid, "abcd-efgh-jkmn")
    image = render(WifiScreen(ssid, code)).convert("L")
    big = Image.new("L", (128 * 4 + 80, 64 * 4 + 80), 0)
    big.paste(image.resize((128 * 4, 64 * 4), Image.Resampling.NEAREST), (40, 40))
    assert [r.text for r in zxingcpp.read_barcodes(big)] == ["WIFI:T:WPA;S:Kitchen-table-1 table;P:abcd-efgh-jkmn;;"]


def test_typographic_quotes_and_dashes_are_drawn_as_plain_ones_not_question_marks():
    from companion.screens import draw_text

    def drawn(text):
        image = Image.new("1", (128, 16), 0)
        draw_text(image, (0, 0), text)
        return image.tobytes()

    assert drawn("“Ada’s phone” – 2") == drawn("\"Ada's phone\" - 2")
    assert drawn("“") != drawn("?")


def test_a_middle_dot_is_a_square_dot_not_a_dash():
    from companion.screens import _glyph

    dot, dash = _glyph("·", 1), _glyph("-", 1)
    lit = [(x, y) for x in range(dot.width) for y in range(8) if dot.getpixel((x, y))]
    assert len({x for x, _ in lit}) == len({y for _, y in lit}) == 2  # as tall as it is wide
    assert dot.tobytes() != dash.tobytes()


def test_one_name_too_wide_to_draw_large_is_drawn_large_on_two_lines_not_cut():
    """A palazzo tile turned up, "Crowns ace", read across the table: it was drawn "Crowns…" on one large line."""
    from companion.screens import render, text_width

    assert text_width("Crowns ace", 2) > 127  # too wide for one large line
    image = render(CardScreen("", "Structure tiles", ("Crowns ace",), 23, verb="Turned up"))
    second = image.crop((0, 40, 128, 58))  # where a second large line is drawn
    assert second.getbbox() is not None  # "ace" is there
    one_line = render(CardScreen("Bea", "Cards", ("Q♥",), 37)).crop((0, 40, 128, 58))
    assert one_line.getbbox() is None  # a short name stays on one line


def test_a_step_line_leaves_no_word_alone_on_its_last_line():
    """"The coin turned up" over a lone "is" (a new player's play of palazzo): the word before it goes down too,
    where it fits; the words and their order stay."""
    assert step_lines("The coin turned up is", "► Null Ace 2")[0] == ["The coin turned", "up is"]
    assert step_lines("Choose the action", "► Reserve goods")[0] == ["Choose the action"]  # one line: as it was
    # Nor does a line begin with the dot between two parts: it ends the line before ("the reserve ·" / "payment").
    assert step_lines("Buy Arms 4 (9) for the reserve · payment", "")[0] == ["Buy Arms 4 (9) for", "the reserve ·",
                                                                             "payment"]


def test_the_words_under_the_dice_leave_no_word_alone_either():
    """"Ada's trip: 4 → 2" over a lone "Gold." (a new player's Master of Venice): the word before goes down too."""
    said = render(DiceScreen("Ada", "1d6", (4,), said="Ada's trip: 4 → 2 Gold."))
    lines = Image.new("1", (128, 64), 0)
    for k, line in enumerate(("Ada's trip: 4 →", "2 Gold.")):
        draw_text(lines, ((127 - text_width(line)) // 2, 46 + 9 * k), line)
    assert said.crop((0, 46, 128, 64)).tobytes() == lines.crop((0, 46, 128, 64)).tobytes()
