"""The display adapter on luma's own drivers, checked at the bytes and at the glass."""

import random

import pytest
from luma.oled.device import sh1106, ssd1306
from PIL import Image, ImageDraw

from companion.errors import CompanionError
from companion.screens import ScoresScreen, StepScreen, render
from hardware.display import PagedDisplay, pack_pages
from hardware.factory import GpioZeroLines, real_display, simulated_display
from hardware.panel import EmulatedPanel

DRIVERS = {"ssd1306": ssd1306, "sh1106": sh1106}


def make(driver="ssd1306", rotate=0):
    panel = EmulatedPanel(driver)
    device = DRIVERS[driver](panel)
    return PagedDisplay(device, driver, rotate), panel


def random_frames(seed, count):
    rng = random.Random(seed)
    for _ in range(count):
        image = Image.new("1", (128, 64))
        draw = ImageDraw.Draw(image)
        for _ in range(rng.randint(0, 6)):
            x, y = rng.randrange(128), rng.randrange(64)
            draw.rectangle((x, y, x + rng.randrange(50), y + rng.randrange(24)), fill=rng.randint(0, 1))
        yield image


@pytest.mark.parametrize("driver", DRIVERS)
def test_what_reaches_the_glass_is_every_frame_shown(driver):
    display, panel = make(driver)
    for image in random_frames(7, 150):
        display.show(image)
        assert panel.image().tobytes() == image.tobytes()


def oriented(image, rotate):
    """The frame as the panel's RAM holds it: turned half a turn for a panel mounted upside down."""
    return image.transpose(Image.Transpose.ROTATE_180) if rotate == 2 else image


def toggle(image, x, y):
    image.putpixel((x, y), 1 - image.getpixel((x, y)))


def changing_frames(seed, count):
    """Each frame a change to the last: several separate runs of columns on one
    page, runs on pages that are not neighbours, a pixel (the edge columns
    too), a clear, a white screen, a redraw of random shapes, or no change."""
    rng = random.Random(seed)
    image = Image.new("1", (128, 64))
    for _ in range(count):
        image = image.copy()
        kind = rng.choice(("runs", "pages", "pixel", "clear", "fill", "redraw", "same"))
        if kind in ("runs", "pages"):
            if kind == "runs":
                pages = [rng.randrange(8)]
            else:
                pages = list(range(rng.randrange(3), 8, rng.randint(2, 4)))
            for page in pages:
                x = rng.randrange(8)
                while x < 128:  # runs of 1 to 6 columns, gaps of 1 to 20: some jumped, some written through
                    for column in range(x, min(x + rng.randint(1, 6), 128)):
                        toggle(image, column, page * 8 + rng.randrange(8))
                    x = column + 1 + rng.randint(1, 20)
        elif kind == "pixel":
            toggle(image, rng.choice((0, 127, rng.randrange(128))), rng.randrange(64))
        elif kind in ("clear", "fill"):
            image = Image.new("1", (128, 64), int(kind == "fill"))
        elif kind == "redraw":
            image = next(random_frames(rng.random(), 1))
        yield image


@pytest.mark.parametrize("write_cost", (0, 2))
@pytest.mark.parametrize("rotate", (0, 2))
@pytest.mark.parametrize("driver", DRIVERS)
def test_the_panel_ram_holds_the_last_frame_after_any_changes(driver, rotate, write_cost):
    panel = EmulatedPanel(driver)
    display = PagedDisplay(DRIVERS[driver](panel), driver, rotate, write_cost=write_cost)
    last = Image.new("1", (128, 64))
    for image in changing_frames(11 + rotate + write_cost, 200):
        sent = panel.bytes_sent
        display.show(image)
        ram = [bytes(row[panel._offset:panel._offset + 128]) for row in panel.ram]
        assert ram == pack_pages(oriented(image, rotate))
        assert panel.image().tobytes() == oriented(image, rotate).tobytes()
        assert not any(any(row[:panel._offset]) or any(row[panel._offset + 128:]) for row in panel.ram)  # SH1106's unseen columns
        if image.tobytes() == last.tobytes():
            assert panel.bytes_sent == sent  # an unchanged frame sends nothing
        last = image


@pytest.mark.parametrize("driver", DRIVERS)
def test_two_distant_runs_on_a_page_cost_less_than_the_span_that_holds_them(driver):
    def send(columns):
        display, panel = make(driver)
        image = Image.new("1", (128, 64))
        for x in columns:
            image.putpixel((x, 20), 1)  # page 2
        before = panel.bytes_sent
        panel.transcript.clear()
        pixel_bytes = display.show(image)
        assert panel.image().tobytes() == image.tobytes()
        writes = sum(kind == "data" for kind, _ in panel.transcript)
        return panel.bytes_sent - before, pixel_bytes, writes

    runs = [*range(10, 14), *range(100, 104)]
    runs_bytes, runs_pixel_bytes, runs_writes = send(runs)
    # Every column from the first run's to the last run's differs: what a single span would send.
    span_bytes, _, span_writes = send(range(runs[0], runs[-1] + 1))
    assert (runs_writes, span_writes) == (2, 1)
    assert runs_pixel_bytes == len(runs)  # only the columns that changed
    assert runs_bytes < span_bytes


@pytest.mark.parametrize("write_cost", (0, 2))
def test_a_gap_is_jumped_only_when_writing_it_again_costs_more(write_cost):
    for extra, writes in ((0, 1), (1, 2)):
        panel = EmulatedPanel("ssd1306")
        display = PagedDisplay(ssd1306(panel), "ssd1306", write_cost=write_cost)
        gap = display.jump_cost + extra
        image = Image.new("1", (128, 64))
        image.putpixel((30, 44), 1)
        image.putpixel((30 + gap + 1, 44), 1)
        panel.transcript.clear()
        assert display.show(image) == (2 if writes == 2 else gap + 2)
        assert sum(kind == "data" for kind, _ in panel.transcript) == writes
        assert panel.image().tobytes() == image.tobytes()


def test_each_page_is_chosen_once_and_its_runs_only_move_the_column():
    display, panel = make("sh1106")
    image = Image.new("1", (128, 64))
    for x in (3, 60, 120):  # three runs on page 4, far apart
        image.putpixel((x, 35), 1)
    panel.transcript.clear()
    display.show(image)
    commands = [data for kind, data in panel.transcript if kind == "cmd"]
    columns = [x + 2 for x in (3, 60, 120)]  # the SH1106 shows RAM columns 2..129
    assert commands == [bytes([0xB4, columns[0] & 0x0F, 0x10 | columns[0] >> 4]),
                        bytes([columns[1] & 0x0F, 0x10 | columns[1] >> 4]),
                        bytes([columns[2] & 0x0F, 0x10 | columns[2] >> 4])]


@pytest.mark.parametrize("driver", DRIVERS)
def test_pages_match_lumas_own_packing(driver):
    # luma's stock display() on the same emulated panel is the reference.
    image = render(StepScreen("Free play  R2", "Bea", "Turn", "► Roll 1d6", ("Undo", "More", "Roll", "Done")))
    panel = EmulatedPanel(driver)
    DRIVERS[driver](panel).display(image)
    assert panel.image().tobytes() == image.tobytes()
    assert [bytes(panel.ram[p][panel._offset:panel._offset + 128]) for p in range(8)] == pack_pages(image)


def test_an_unchanged_frame_sends_nothing_and_one_pixel_sends_one_byte():
    display, panel = make()
    image = Image.new("1", (128, 64))
    image.putpixel((5, 3), 1)
    panel.transcript.clear()
    assert display.show(image) == 1
    # Page addressing: page 0, column 5 (low nibble, high nibble), then the one column byte.
    assert list(panel.transcript) == [("cmd", bytes([0xB0, 0x05, 0x10])), ("data", bytes([0b1000]))]
    panel.transcript.clear()
    assert display.show(image.copy()) == 0
    assert not panel.transcript


def test_sh1106_writes_each_changed_page_at_its_column_offset():
    display, panel = make("sh1106")
    image = Image.new("1", (128, 64))
    image.putpixel((20, 9), 1)  # page 1, bit 1
    image.putpixel((21, 40), 1)  # page 5, bit 0
    panel.transcript.clear()
    display.show(image)
    column_20, column_21 = 20 + 2, 21 + 2  # the SH1106's 132-column RAM shows columns 2..129
    assert list(panel.transcript) == [
        ("cmd", bytes([0xB1, column_20 & 0x0F, 0x10 | column_20 >> 4])), ("data", bytes([0b10])),
        ("cmd", bytes([0xB5, column_21 & 0x0F, 0x10 | column_21 >> 4])), ("data", bytes([0b1])),
    ]


def test_the_ssd1306_is_switched_to_page_addressing_once():
    panel = EmulatedPanel("ssd1306")
    device = ssd1306(panel)  # luma's init chose horizontal addressing
    panel.transcript.clear()
    display = PagedDisplay(device, "ssd1306")
    assert list(panel.transcript) == [("cmd", bytes([0x20, 0x02]))]
    image = Image.new("1", (128, 64))
    ImageDraw.Draw(image).rectangle((40, 10, 50, 30), fill=1)  # pages 1 to 3, columns 40..50
    display.show(image)
    display.show(Image.new("1", (128, 64)))
    assert [data for kind, data in panel.transcript if kind == "cmd" and data[0] == 0x20] == [bytes([0x20, 0x02])]
    assert panel.image().tobytes() == bytes(128 * 64 // 8)


def test_a_score_change_sends_a_small_part_of_a_frame():
    display, panel = make()
    before = render(ScoresScreen("Score  R3", ((1, "Ada", 12), (2, "Bea", 9), (3, "Cy", 4))))
    after = render(ScoresScreen("Score  R3", ((1, "Ada", 12), (2, "Bea", 10), (3, "Cy", 4))))
    display.show(before)
    sent = panel.bytes_sent
    display.show(after)
    assert panel.bytes_sent - sent < 1030 // 10  # luma sends 6 + 1024 bytes for every frame
    assert panel.image().tobytes() == after.tobytes()


def test_rotated_half_a_turn_for_a_panel_mounted_upside_down():
    display, panel = make(rotate=2)
    image = Image.new("1", (128, 64))
    image.putpixel((0, 0), 1)
    display.show(image)
    assert panel.image().getpixel((127, 63)) and not panel.image().getpixel((0, 0))


def test_contrast_sleep_and_wake_reach_the_panel():
    display, panel = make()
    display.set_contrast(8)
    assert panel.contrast == 8
    display.sleep()
    assert not panel.on and not any(panel.image().tobytes())
    display.wake()
    assert panel.on


class CountingBus:
    """An smbus2 stand-in: what luma's i2c interface writes on the bus."""

    def __init__(self, fail=False):
        self.writes = []
        self.fail = fail

    def write_i2c_block_data(self, address, register, data):
        if self.fail:
            raise OSError(121, "Remote I/O error")  # EREMOTEIO: nobody acknowledged the address
        self.writes.append((address, register, bytes(data)))


def settings_display(**changes):
    from companion import settings

    return settings.load()["display"] | changes


def test_real_i2c_path_through_luma_sends_pages_to_the_configured_address():
    bus = CountingBus()
    display = real_display(settings_display(i2c_address=0x3D, contrast=77), bus=bus)
    assert {a for a, _, _ in bus.writes} == {0x3D}
    assert (0x3D, 0x00, bytes([0x81, 77])) in bus.writes  # contrast from the settings
    bus.writes.clear()
    image = Image.new("1", (128, 64))
    image.putpixel((9, 0), 1)
    display.show(image)
    assert bus.writes == [(0x3D, 0x00, bytes([0xB0, 9, 0x10])), (0x3D, 0x40, bytes([1]))]


def test_a_missing_oled_names_the_bus_the_address_and_the_i2c_group():
    with pytest.raises(CompanionError) as e:
        real_display(settings_display(i2c_port=1, i2c_address=0x3C), bus=CountingBus(fail=True))
    message = str(e.value)
    assert "I2C bus 1" in message and "0x3C" in message and "i2c group" in message and "i2cdetect -y 1" in message


def test_no_i2c_bus_on_this_machine_is_a_clear_error_not_a_simulation():
    with pytest.raises(CompanionError, match="I2C bus 7 at address 0x3C"):
        real_display(settings_display(i2c_port=7))


class CountingSpi:
    """A spidev stand-in."""

    def __init__(self):
        self.opened = None
        self.writes = []

    def open(self, port, device):
        self.opened = (port, device)

    def writebytes(self, data):
        self.writes.append(bytes(data))

    def close(self):
        pass


def test_real_spi_path_drives_dc_and_reset_through_gpiozero():
    from gpiozero.pins.mock import MockFactory

    factory = MockFactory()
    spi_device = CountingSpi()
    display = real_display(settings_display(interface="spi", spi_port=0, spi_device=1, gpio_dc=24, gpio_reset=25),
                           spi_device=spi_device, pin_factory=factory)
    assert spi_device.opened == (0, 1)
    assert factory.pin(25).state == 1  # RESET released after the reset pulse
    spi_device.writes.clear()
    image = Image.new("1", (128, 64))
    image.putpixel((0, 8), 1)
    display.show(image)
    assert spi_device.writes == [bytes([0xB1, 0, 0x10]), bytes([1])]
    assert factory.pin(24).state == 1  # D/C high: the last write was data


def test_gpiozero_lines_answer_the_calls_luma_makes():
    from gpiozero.pins.mock import MockFactory

    factory = MockFactory()
    lines = GpioZeroLines(factory)
    lines.setup(5, lines.OUT)
    lines.output(5, lines.HIGH)
    assert factory.pin(5).state == 1
    lines.output(5, lines.LOW)
    assert factory.pin(5).state == 0
    lines.cleanup()
    assert not lines.lines


def test_simulated_display_uses_the_configured_driver():
    display, panel = simulated_display(settings_display(driver="sh1106", contrast=10))
    assert panel.driver == "sh1106" and panel.contrast == 10 and panel.on
    image = render(StepScreen("Free play", "Ada", "Turn", "", ("", "", "", "Done")))
    display.show(image)
    assert panel.image().tobytes() == image.tobytes()


def test_after_a_failed_write_the_next_frame_goes_out_whole():
    display, panel = make()
    image = render(StepScreen("Free play", "Ada", "Turn", "", ("", "", "", "Done")))
    real_data = panel.data

    def loose_wire(data):
        raise OSError(121, "Remote I/O error")

    panel.data = loose_wire
    with pytest.raises(OSError):
        display.show(image)
    panel.data = real_data
    panel.transcript.clear()
    display.show(image)  # the same frame: the panel's RAM is unknown, so all of it is sent
    assert panel.image().tobytes() == image.tobytes()
    transcript = list(panel.transcript)
    assert transcript[0] == ("cmd", bytes([0x20, 0x02]))  # the addressing mode again, in case the panel was reset
    assert [data for kind, data in transcript if kind == "data"] == pack_pages(image)
