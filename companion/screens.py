"""Screens: pure functions from a small view model to a 128x64 1-bit image.

Text is drawn with luma's 8x8 CP437 bitmap font, trimmed to proportional
widths: crisp on a 1-bit panel, where a scaled-down outline font smears. The
main line of each screen is drawn twice as large (16 pixels tall), legible
across a table. Glyphs are cached as images and pasted, so a frame renders in
well under a millisecond.

The four button hints along the bottom follow the buttons' order under the
panel, left to right: BACK, SELECT, ACTION, NEXT. They are drawn in luma's 5x7
LCD font, the character LCDs' font, narrower than the trimmed CP437 and as clear:
five letters fit a button ("Leave", "Trade"), a sixth uses the blank its
neighbours leave, and only a word that still does not fit is drawn in the
3-pixel-wide TINY_FONT.

Every line fits the panel at rest, and nothing moves: a line too wide is
wrapped between words onto the lines free under it (a step screen has three
small lines under the big one: the step, then the option under the cursor),
a step's line made of parts (" · ", the one that matters most first) shows the
parts that fit whole, and only what still does not fit is cut, between words,
with an ellipsis. A frame with nothing happening does not change.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

import segno
from luma.core.legacy.font import CP437_FONT, LCD_FONT, TINY_FONT
from PIL import Image, ImageDraw

from companion.core.words import PARTS

WIDTH, HEIGHT = 128, 64

# Symbols CP437 draws but Python's cp437 codec maps to control characters.
_SYMBOLS = {"♥": 3, "♦": 4, "♣": 5, "♠": 6, "•": 7, "►": 16, "◄": 17, "↑": 24, "↓": 25, "→": 26, "←": 27}
# CP437 has no ellipsis, and luma's middle dot is one pixel high and two wide: a dash on the glass. A square dot.
_EXTRA = {"…": [64, 0, 64, 0, 64], "·": [24, 24]}


# --- the view models ---------------------------------------------------------------------------


@dataclass(frozen=True)
class StepScreen:
    header: str  # game and round, e.g. "Free play  R3"
    who: str  # the main line: who acts, or "Everyone"
    step: str  # what to do: the step's label
    doing: str  # the option ACTION would do now, e.g. "► Roll 2d6  2/4"
    hints: tuple[str, str, str, str]  # BACK, SELECT, ACTION, NEXT
    badge: str = ""  # top right: "LAST" in the last round, "END" when over
    notice: str = ""  # instead of the hints, for a moment: why a press did nothing ("Too soon: press again")


@dataclass(frozen=True)
class DiceScreen:
    who: str
    spec: str
    values: tuple[int, ...]
    sides: int = 6
    said: str = ""  # what the roll did, in the game's words ("Ada's trips: 3 + 5 = 8 Gold."); without it, the total


@dataclass(frozen=True)
class CardScreen:
    who: str
    deck: str
    cards: tuple[str, ...]
    left: int | None = None  # cards left in the draw pile, when known
    verb: str = "drew"  # after `who` ("Bea drew"), or alone ("Turned up": a tile the table set out)


@dataclass(frozen=True)
class ScoresScreen:
    title: str
    rows: tuple[tuple[int, str, int], ...]  # place, name, score; best first
    hints: tuple[str, str, str, str] = ("", "", "", "")


@dataclass(frozen=True)
class CountersScreen:
    title: str  # whose counters: a player's name, or "Table"
    rows: tuple[tuple[str, int], ...]  # label, value
    focus: int  # the row NEXT and BACK change
    hints: tuple[str, str, str, str] = ("-1", "Next", "OK", "+1")


@dataclass(frozen=True)
class AlertScreen:
    title: str  # "Refused", "Game over", "Reader", "Unknown card", ...
    message: str
    hints: tuple[str, str, str, str] = ("", "", "", "")


@dataclass(frozen=True)
class ResultScreen:
    """The end of a game: who won on the big line, the ranking below (or, without a result, what is missing)."""

    header: str  # the game, e.g. "Palazzo"
    winner: str  # the big line: "Ada wins", "Ada & Bea win", "Game over"
    rows: tuple[tuple[int, str, int], ...] = ()  # place, name, total; best first
    note: str = ""  # instead of rows: what the players still have to do
    hints: tuple[str, str, str, str] = ("", "", "", "")


@dataclass(frozen=True)
class PairingScreen:
    code: str  # six digits (eight in a pairing window opened at the table)
    url: str  # the panel's pairing address, as a QR code


@dataclass(frozen=True)
class WifiScreen:
    ssid: str  # the companion's own network
    code: str  # the standard Wi-Fi QR code's text (WIFI:T:WPA;S:...;P:...;;), which phone cameras join


@dataclass(frozen=True)
class SplashScreen:
    title: str
    line: str


Screen = (StepScreen | DiceScreen | CardScreen | ScoresScreen | CountersScreen | AlertScreen | PairingScreen | SplashScreen
          | ResultScreen | WifiScreen)


def render(screen: Screen) -> Image.Image:
    image = Image.new("1", (WIDTH, HEIGHT), 0)
    _RENDERERS[type(screen)](image, screen)
    return image


# --- text ----------------------------------------------------------------------------------------


# Typographic quotes and dashes, which CP437 lacks, as the plain ones it has (a phone's name is “Ada's phone”).
_PLAIN = {"“": '"', "”": '"', "„": '"', "‘": "'", "’": "'", "–": "-", "—": "-", "−": "-"}


def _code(ch: str) -> int:
    if ch in _SYMBOLS:
        return _SYMBOLS[ch]
    ch = _PLAIN.get(ch, ch)
    try:
        return ch.encode("cp437")[0]
    except (UnicodeEncodeError, IndexError):
        return ord("?")


LCD = -1  # the scale that draws in luma's 5x7 LCD font (a hint its button's width cannot hold otherwise)


@lru_cache(maxsize=1024)
def _glyph(ch: str, scale: int) -> Image.Image:
    if scale == 0:  # the tiny font: fixed 3 columns and a space, already
        columns = list(TINY_FONT[_code(ch)])
        glyph = Image.new("1", (len(columns), 8), 0)
        for x, column in enumerate(columns):
            for y in range(8):
                if column >> y & 1:
                    glyph.putpixel((x, y), 1)
        return glyph
    font = LCD_FONT if scale == LCD else CP437_FONT
    columns = _EXTRA.get(ch) or font[_code(ch)]
    scale = max(scale, 1)
    if ch == " ":
        columns = [0, 0, 0]
    else:  # proportional: trim empty columns, keep one for spacing
        used = [i for i, c in enumerate(columns) if c]
        columns = (columns[used[0]:used[-1] + 1] if used else []) + [0]
    glyph = Image.new("1", (len(columns), 8), 0)
    for x, column in enumerate(columns):
        for y in range(8):
            if column >> y & 1:
                glyph.putpixel((x, y), 1)
    return glyph.resize((glyph.width * scale, 8 * scale), Image.Resampling.NEAREST) if scale > 1 else glyph


def text_width(text: str, scale: int = 1) -> int:
    return sum(_glyph(ch, scale).width for ch in text)


def fit(text: str, width: int, scale: int = 1) -> str:
    """`text`, cut with an ellipsis if it is wider than `width` pixels: between words, unless its first word alone
    is wider than that."""
    if text_width(text, scale) <= width:
        return text
    words = text.split(" ")
    while len(words) > 1:
        words.pop()
        head = " ".join(words).rstrip(" :,;·-")
        if head and text_width(head + "…", scale) <= width:
            return head + "…"
    while text and text_width(text + "…", scale) > width:
        text = text[:-1]
    return text.rstrip() + "…"


def draw_text(image: Image.Image, xy: tuple[int, int], text: str, scale: int = 1, fill: int = 1) -> int:
    """Draw `text` with its top left at `xy`; returns the x after it."""
    x, y = xy
    for ch in text:
        glyph = _glyph(ch, scale)
        image.paste(fill, (x, y, x + glyph.width, y + glyph.height), glyph)
        x += glyph.width
    return x


def _centred(image: Image.Image, y: int, text: str, scale: int = 1, width: int = WIDTH, left: int = 0) -> None:
    text = fit(text, width, scale)
    draw_text(image, (left + (width - text_width(text, scale)) // 2, y), text, scale)


def wrap(text: str, width: int, scale: int = 1) -> list[str]:
    """`text` on as many lines of `width` pixels as it takes, broken between words (a word wider than that, cut)."""
    return wrapped(text, [width] * len(text.split()), scale)


def wrapped(text: str, widths: list[int], scale: int = 1) -> list[str]:
    """`text` on at most len(`widths`) lines, the k-th at most widths[k] pixels wide, broken between words; what
    the last line cannot hold is cut there, between words, with an ellipsis."""
    lines: list[str] = []
    words = text.split()
    while words and len(lines) < len(widths):
        width = widths[len(lines)]
        if len(lines) == len(widths) - 1:
            lines.append(fit(" ".join(words), width, scale))
            break
        line = words.pop(0)
        while words and text_width(line + " " + words[0], scale) <= width:
            line += " " + words.pop(0)
        lines.append(fit(line, width, scale))
    return lines


HINT_WIDTH = 31  # pixels over each button


def hint_fits(hint: str) -> bool:
    """Whether `hint` shows whole over its button (in the screens' font, the LCD font, or the tiny one)."""
    return any(text_width(hint, scale) <= HINT_WIDTH for scale in (LCD, 0))


def _hints(image: Image.Image, hints: tuple[str, str, str, str]) -> None:
    """The bottom row: what each button does now, in the buttons' order, over it, in the LCD font (five letters
    fit a button); a longer word ("Turret", "Reveal") uses the blank its neighbours leave, moved aside from its
    button's middle as far as it must; only a word that still does not fit is drawn tiny."""
    draw = ImageDraw.Draw(image)
    draw.line((0, 54, WIDTH - 2, 54), fill=1)
    placed: list[tuple[int, int] | None] = []  # each hint's left x and width, once placed
    for i, hint in enumerate(hints):
        width = text_width(hint, LCD)
        x = i * 32 + 16 - width // 2
        placed.append((x, width) if hint and width <= HINT_WIDTH else None)
    for i, hint in enumerate(hints):
        if not hint or placed[i] is not None:
            continue
        # Between the nearest hints either side, 3 blank pixels apart (a width ends in a blank column already), or
        # the panel's edges.
        left = max((x + w + 2 for x, w in filter(None, placed[:i])), default=0)
        right = min((x - 2 for x, w in filter(None, placed[i + 1:])), default=WIDTH - 1)
        width = text_width(hint, LCD)
        if width <= right - left:
            placed[i] = (max(left, min(i * 32 + 16 - width // 2, right - width)), width)
    drawn = []  # each hint as drawn: (x, width, text, font, y)
    for i, hint in enumerate(hints):
        if placed[i] is not None:
            drawn.append((placed[i][0], placed[i][1], hint, LCD, 56))
        elif hint:  # too long even so: the tiny font, over its own button
            text = fit(hint, HINT_WIDTH, 0)
            drawn.append((i * 32 + 16 - text_width(text, 0) // 2, text_width(text, 0), text, 0, 57))
    # A rule between two hints side by side, from the line above (cells, not a letter), so that "Ex+D5|Ov+D5" read
    # as two words: on the buttons' edge, or where a longer word moved aside ("More|Turret|Prev"), in the middle of
    # the blank between them; only where it touches neither.
    for (x0, w0, *_), (x1, *_) in zip(drawn, drawn[1:]):
        blank = range(x0 + w0 - 1, x1)  # a width ends in a blank column already
        edges = [e for e in (32 * k - 1 for k in range(1, 4)) if blank.start < e < blank.stop - 1]
        if len(blank) >= 3:
            x = edges[0] if edges else (blank.start + blank.stop - 1) // 2
            draw.line((x, 54, x, 63), fill=1)
    for x, _, text, font, y in drawn:
        draw_text(image, (x, y), text, font)


def _header(image: Image.Image, left: str, right: str = "", place: str = "") -> None:
    """The top line: `left` ("Title  R7": a title too long for the room left goes, never the round), then at the
    right the option's `place` in the list ("2/4") and the inverted `right` badge."""
    right_w = text_width(right) + 2 if right else 0
    place_w = text_width(place) + 4 if place else 0
    if place:
        draw_text(image, (WIDTH - 1 - right_w - place_w + 3, 0), place)
    room = WIDTH - 1 - right_w - place_w
    if text_width(left) > room and "  " in left:  # "Title  R7": a title that does not fit whole goes, never the round
        left = left.rsplit("  ", 1)[1]
    draw_text(image, (0, 0), fit(left, room))
    if right:  # inverted, so "LAST" and "END" catch the eye
        x = WIDTH - 1 - right_w
        ImageDraw.Draw(image).rectangle((x, 0, WIDTH - 2, 8), fill=1)
        draw_text(image, (x + 1, 1), right, fill=0)


# --- the screens ---------------------------------------------------------------------------------


PLACE = re.compile(r"^(.*?)\s{2}(\d+/\d+)$")  # "► Roll 2d6  2/4": the option, and its place in the list


def _who(image: Image.Image, who: str) -> None:
    """The big line, 16 pixels tall: as it is, or with "&" for "and", or its letters a pixel closer together; a
    line of names too wide even so on two small lines, broken between names (or after a long name's hyphen)."""
    for text in dict.fromkeys((who, who.replace(" and ", " & "))):
        if text_width(text, 2) <= WIDTH - 1:
            _centred(image, 10, text, scale=2, width=WIDTH - 1)
            return
        if _tight_width(text) <= WIDTH - 1:
            _tight(image, (WIDTH - 1 - _tight_width(text)) // 2, 10, text)
            return
    lines = [line.replace("- ", "-") for line in wrapped(who.replace("-", "- "), [WIDTH - 1, WIDTH - 1])]
    for k, line in enumerate(lines):
        _centred(image, (14 if len(lines) == 1 else 10 + 8 * k), line, width=WIDTH - 1)


def _tight_width(text: str) -> int:
    """The width of `text` twice as large with half of each letter's blank column (two pixels) dropped."""
    return text_width(text, 2) - (len(text) - 1)


def _tight(image: Image.Image, x: int, y: int, text: str, fill: int = 1) -> None:
    for ch in text:
        x = draw_text(image, (x, y), ch, scale=2, fill=fill) - 1


def step_lines(step: str, doing: str) -> tuple[list[str], list[str], str]:
    """The small lines under the big one, wrapped between words on three at most: the option under the cursor on
    two at most, the step on what is left (one at least: _step_shown); and the option's place in the list ("2/4",
    from the end of `doing`), which the header shows."""
    match = PLACE.match(doing)
    label, place = (match.group(1), match.group(2)) if match else (doing, "")
    room = WIDTH - 1
    options = wrapped(label, [room] * (2 if step else 3)) if label else []
    return (_step_shown(step, [room] * (3 - len(options))) if step else []), options, place


def doing_fits(step: str, doing: str) -> bool:
    """Whether the option's lines show all of `doing` (its place in the list aside) beside `step`."""
    match = PLACE.match(doing)
    _, lines, _ = step_lines(step, doing)
    return _whole(lines, match.group(1) if match else doing) is not None


def step_fits(step: str, doing: str) -> bool:
    """Whether the step's line shows all of `step` beside `doing`, not only its first parts."""
    lines, _, _ = step_lines(step, doing)
    return _whole(lines, step) is not None


def _step_shown(step: str, widths: list[int]) -> list[str]:
    """The step's line on the lines left to it: as many of its first parts (" · ") as fit whole, the rest left out
    (the Table page shows them all), broken between parts where they can be, else between words; only a first
    part too long for the lines is cut."""
    parts = step.split(PARTS)
    for k in range(len(parts), 0, -1):
        head = PARTS.join(parts[:k])
        if lines := _laid(parts[:k], widths) or _whole(_unwidowed(_dots_kept(wrapped(head, widths), widths), widths), head):
            return lines
    return wrapped(step, widths)


def _dots_kept(lines: list[str], widths: list[int]) -> list[str]:
    """No line begins with the dot between two parts ("the reserve" / "· payment"): it ends the line before, where
    it fits there."""
    dot = PARTS.strip()
    out = list(lines)
    for k in range(1, len(out)):
        if out[k].startswith(dot + " ") and text_width(f"{out[k - 1]} {dot}") <= widths[k - 1]:
            out[k - 1], out[k] = f"{out[k - 1]} {dot}", out[k][len(dot) + 1:]
    return out


def _unwidowed(lines: list[str], widths: list[int]) -> list[str]:
    """Lines broken between words, with no last word left alone under a long line ("The coin turned up" / "is"
    becomes "The coin turned" / "up is"), where the word before it fits beside it."""
    if len(lines) < 2 or len(lines[-1].split()) != 1 or len(lines[-2].split()) < 3:
        return lines
    *kept, moved = lines[-2].split()
    if moved == PARTS.strip():  # a part's end stays with it
        return lines
    last = f"{moved} {lines[-1]}"
    return [*lines[:-2], " ".join(kept), last] if text_width(last) <= widths[len(lines) - 1] else lines


def _whole(lines: list[str], text: str) -> list[str] | None:
    return lines if " ".join(lines).split() == text.split() else None


def _laid(parts: list[str], widths: list[int]) -> list[str] | None:
    """`parts` on the lines, each line whole parts ("Die 5 · name 4 tiles" / "name 3 coins"); None if one of them
    does not fit a line."""
    lines: list[str] = []
    for part in parts:
        if lines and text_width(lines[-1] + PARTS + part) <= widths[len(lines) - 1]:
            lines[-1] += PARTS + part
        elif len(lines) < len(widths) and text_width(part) <= widths[len(lines)]:
            lines.append(part)
        else:
            return None
    return lines


def _step(image: Image.Image, s: StepScreen) -> None:
    steps, doing, place = step_lines(s.step, s.doing)
    _header(image, s.header, s.badge, place)
    _who(image, s.who)
    lines = len(steps) + len(doing)
    ys = [30, 42] if lines <= 2 else [27, 36, 45]  # two lines well apart, three close (each 8 pixels, above the rule)
    if lines == 1 and doing:
        ys = [42]
    for y, line in zip(ys, steps):
        _centred(image, y, line, width=WIDTH - 1)
    for y, line in zip(ys[len(steps):], doing):
        draw_text(image, (0, y), line)
    if s.notice:  # the rest of the screen stays readable: only the hints' line says it
        ImageDraw.Draw(image).line((0, 54, WIDTH - 2, 54), fill=1)
        _centred(image, 56, s.notice, scale=LCD, width=WIDTH - 1)
    else:
        _hints(image, s.hints)


# Pip positions on a 3x3 grid for each face of a d6.
_PIPS = {1: (4,), 2: (0, 8), 3: (0, 4, 8), 4: (0, 2, 6, 8), 5: (0, 2, 4, 6, 8), 6: (0, 2, 3, 5, 6, 8)}


def _dice(image: Image.Image, s: DiceScreen) -> None:
    draw = ImageDraw.Draw(image)
    _header(image, f"{s.who}: {s.spec}")
    values = s.values[:4]
    size, gap = (30, 6) if len(values) <= 3 else (26, 4)
    total_w = len(values) * size + (len(values) - 1) * gap
    x, y = (WIDTH - 1 - total_w) // 2, 12
    for value in values:
        if s.sides == 6 and 1 <= value <= 6:
            draw.rounded_rectangle((x, y, x + size - 1, y + size - 1), radius=4, fill=1)
            step = size // 4
            for cell in _PIPS[value]:
                cx, cy = x + step * (1 + cell % 3), y + step * (1 + cell // 3)
                draw.ellipse((cx - 2, cy - 2, cx + 2, cy + 2), fill=0)
        else:
            draw.rounded_rectangle((x, y, x + size - 1, y + size - 1), radius=4, outline=1)
            _centred(image, y + (size - 16) // 2, str(value), scale=2, width=size, left=x)
        x += size + gap
    if s.said:  # the game's words: a total only where the game adds the dice up (La Venise du Nord does not)
        lines = wrapped(s.said, [WIDTH - 1, WIDTH - 1])
        lines = _unwidowed(lines, [WIDTH - 1, WIDTH - 1]) if _whole(lines, s.said) else lines  # no "Gold." alone
        for k, line in enumerate(lines):
            _centred(image, (48 if len(lines) == 1 else 46 + 9 * k), line, width=WIDTH - 1)
    elif len(s.values) > 1:
        _centred(image, 47, f"total {sum(s.values)}", scale=2 if len(s.values) <= 3 else 1, width=WIDTH - 1)


def _card(image: Image.Image, s: CardScreen) -> None:
    left = f"  ({s.left} left)" if s.left is not None else ""
    _header(image, f"{s.who} {s.verb}".strip() + left)
    _centred(image, 12, s.deck, width=WIDTH - 1)
    lines = list(s.cards[:3])
    if len(lines) == 1 and text_width(lines[0], 2) > WIDTH - 1:  # one name too wide large: on two large lines
        lines = wrapped(lines[0], [WIDTH - 1, WIDTH - 1], scale=2)  # ("Crowns" / "ace", not "Crowns…")
    y = 24 if len(lines) == 1 else 22
    for card in lines:
        _centred(image, y, card, scale=2 if len(lines) <= 2 else 1, width=WIDTH - 1)
        y += 18 if len(lines) <= 2 else 10
    if len(s.cards) > 3:
        _centred(image, 56, f"and {len(s.cards) - 3} more", width=WIDTH - 1)


# Rows sit on the panel's 8-pixel pages, so a changed value rewrites one page
# (two for a large one), not the neighbours a straddling row would drag in.


def _scores(image: Image.Image, s: ScoresScreen) -> None:
    room = 5 if any(s.hints) else 7
    _header(image, s.title if len(s.rows) <= room else f"{s.title} (top {room})")
    for row, (place, name, score) in enumerate(s.rows[:room]):
        y = 8 * (row + 1)
        draw_text(image, (0, y), f"{place}.")
        number = str(score)
        draw_text(image, (14, y), fit(name, WIDTH - 20 - text_width(number)))
        draw_text(image, (WIDTH - 1 - text_width(number), y), number)
    if any(s.hints):
        _hints(image, s.hints)


def _counters(image: Image.Image, s: CountersScreen) -> None:
    """Up to four rows; the focused one inverted over two pages, its value large."""
    _header(image, s.title)
    draw = ImageDraw.Draw(image)
    first = max(0, min(s.focus - 1, len(s.rows) - 4))
    y = 8
    for index, (label, value) in enumerate(s.rows[first:first + 4], start=first):
        if y > 40:
            break
        number = str(value)
        if index == s.focus:
            draw.rectangle((0, y, WIDTH - 2, y + 15), fill=1)
            draw_text(image, (2, y + 4), fit(label, 70), fill=0)
            draw_text(image, (WIDTH - 3 - text_width(number, 2), y + 1), number, scale=2, fill=0)
            y += 16
        else:
            draw_text(image, (2, y), fit(label, 90))
            draw_text(image, (WIDTH - 3 - text_width(number), y), number)
            y += 8
    _hints(image, s.hints)


def _title(image: Image.Image, title: str) -> None:
    """An alert's title in the inverted bar, whole: large; large with the letters closer together; or
    small when even that is too wide ("Nothing to do")."""
    room = WIDTH - 4
    if text_width(title, 2) <= room:
        draw_text(image, ((WIDTH - 1 - text_width(title, 2)) // 2, 1), title, scale=2, fill=0)
        return
    if _tight_width(title) <= room:
        _tight(image, (WIDTH - 1 - _tight_width(title)) // 2, 1, title, fill=0)
        return
    small = fit(title, room)
    draw_text(image, ((WIDTH - 1 - text_width(small)) // 2, 5), small, fill=0)


def _alert_lines(message: str, hints: tuple[str, str, str, str]) -> list[str]:
    bottom = 54 if any(hints) else 64
    return wrapped(message, [WIDTH - 2] * ((bottom - 19) // 8))  # a cut says so: "…"


def alert_fits(message: str, hints: tuple[str, str, str, str] = ("", "", "", "")) -> bool:
    """Whether an alert shows all of `message` (under its title, over its hints where it has some)."""
    return " ".join(_alert_lines(message, hints)).split() == message.split()


def _alert(image: Image.Image, s: AlertScreen) -> None:
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, WIDTH - 2, 17), fill=1)
    _title(image, s.title)
    for i, line in enumerate(_alert_lines(s.message, s.hints)):
        draw_text(image, (0, 19 + i * 8), line)
    if any(s.hints):
        _hints(image, s.hints)


def _result(image: Image.Image, s: ResultScreen) -> None:
    """The winner 16 pixels tall (or on two small lines when too long for that), then the places, one a page,
    in two columns when they do not fit in one: "1.Ada  31"."""
    _header(image, s.header, "END")
    if text_width(s.winner, 2) <= WIDTH - 1:
        _centred(image, 10, s.winner, scale=2, width=WIDTH - 1)
    else:  # a long name may break after a hyphen rather than be cut
        for i, line in enumerate(wrap(s.winner.replace("-", "- "), WIDTH - 1)[:2]):
            _centred(image, 10 + 8 * i, line.replace("- ", "-"), width=WIDTH - 1)
    bottom = 54 if any(s.hints) else 64
    if s.note:
        for i, line in enumerate(wrap(s.note, WIDTH - 1)[: (bottom - 28) // 8]):
            draw_text(image, (0, 28 + 8 * i), line)
    per_column = (bottom - 28) // 8
    columns = 1 if len(s.rows) <= per_column else 2
    width = (WIDTH - 1) // columns - (2 if columns > 1 else 0)
    for index, (place, name, total) in enumerate(s.rows[: per_column * columns]):
        x, y = (index // per_column) * (width + 3), 28 + 8 * (index % per_column)
        number, mark = str(total), f"{place}."
        draw_text(image, (x, y), mark)
        left = x + max(text_width(mark) + 1, 10)
        draw_text(image, (left, y), fit(name, x + width - left - text_width(number) - 2))
        draw_text(image, (x + width - text_width(number), y), number)
    if any(s.hints):
        _hints(image, s.hints)


def qr_matrix(url: str) -> tuple[tuple[bool, ...], ...]:
    """The QR code of `url`, as small as it goes (version 2 or 3 fits).

    A QR code's alphanumeric mode takes upper-case letters, digits and a few
    symbols at 5.5 bits a character instead of 8; a URL's scheme and host are
    case-insensitive, so they are upper-cased when that makes the code smaller.
    """
    scheme, sep, rest = url.partition("://")
    host, slash, path = rest.partition("/")
    candidates = [url]
    if sep:
        candidates.insert(0, f"{scheme.upper()}{sep}{host.upper()}{slash}{path}")
    codes = [segno.make_qr(c, error="L", boost_error=False) for c in candidates]
    best = min(codes, key=lambda q: q.version)
    if best.version > 3:
        raise ValueError(f"{url} is too long for a QR code on this panel (at most version 3)")
    return tuple(tuple(bool(m) for m in row) for row in best.matrix)


def _qr(image: Image.Image, text: str) -> int:
    """`text` as a QR code at the left, dark modules on a lit square; returns where the square ends."""
    matrix = qr_matrix(text)
    modules = len(matrix)
    quiet = (64 - 2 * modules) // 4  # modules of lit margin each side, as many as fit
    box = 2 * (modules + 2 * quiet)
    draw = ImageDraw.Draw(image)
    # Dark modules on a lit square, the way phones expect a QR code to look.
    draw.rectangle((0, 0, box - 1, box - 1), fill=1)
    for y, row in enumerate(matrix):
        for x, dark in enumerate(row):
            if dark:
                px, py = 2 * (x + quiet), 2 * (y + quiet)
                draw.rectangle((px, py, px + 1, py + 1), fill=0)
    return box


def _pairing(image: Image.Image, s: PairingScreen) -> None:
    left = _qr(image, s.url) + 1  # a window's 8 digits need every column: 4 of the widest at double size are 64 pixels
    width = WIDTH - 1 - left
    # A window's 8 digits pair a host's phone (the box's owner's): not the code players type.
    _centred(image, 2, "Host" if len(s.code) > 6 else "Pair", width=width, left=left)
    half = len(s.code) // 2
    _centred(image, 14, s.code[:half], scale=2, width=width, left=left)
    _centred(image, 32, s.code[half:], scale=2, width=width, left=left)
    _centred(image, 54, "on phone", width=width, left=left)


def _wifi(image: Image.Image, s: WifiScreen) -> None:
    left = _qr(image, s.code) + 1
    width = WIDTH - 1 - left
    _centred(image, 2, "Wi-Fi", width=width, left=left)
    lines = wrap(s.ssid, width)
    if any(line.endswith("…") for line in lines):  # a word wider than the space: cut it where it must be
        lines = _pieces(s.ssid, width)
    for y, line in zip((16, 26, 36), lines):
        _centred(image, y, line, width=width, left=left)
    _centred(image, 54, "scan me", width=width, left=left)


def _pieces(text: str, width: int) -> list[str]:
    """`text` in as few lines of `width` pixels as it goes, cut between any two characters."""
    lines = [""]
    for ch in text:
        if lines[-1] and text_width(lines[-1] + ch) > width:
            lines.append("")
        lines[-1] += ch
    return [line.strip() for line in lines]


def _splash(image: Image.Image, s: SplashScreen) -> None:
    _centred(image, 16, s.title, scale=2, width=WIDTH - 1)
    _centred(image, 40, s.line, width=WIDTH - 1)


_RENDERERS = {
    StepScreen: _step,
    DiceScreen: _dice,
    CardScreen: _card,
    ScoresScreen: _scores,
    CountersScreen: _counters,
    AlertScreen: _alert,
    PairingScreen: _pairing,
    WifiScreen: _wifi,
    SplashScreen: _splash,
    ResultScreen: _result,
}
