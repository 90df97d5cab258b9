"""Words for what the players read: a count with its noun ("1 coin", "2 coins"), "a" or "an", a
sentence's capital.

Every game's log lines, refusals, option labels and status lines, and the score sheets, count with these,
so that "1 coins" or "a ace" cannot come back one f-string at a time.
"""

from __future__ import annotations

# Plurals that adding "s" (or "es", or "y" -> "ies") does not make.
_IRREGULAR = {"die": "dice", "Die": "Dice"}
# Words spoken with a vowel sound though written with a consonant, and the other way round.
_AN_ANYWAY = ("hour", "honest", "honour", "heir")
_A_ANYWAY = ("one", "once", "uni", "use", "usu", "uto", "eu", "ewe", "ur")
# Between the parts of a status line, the one that matters most first ("Die 5 · name 4 coins · yard: Suns 3"): the
# Table page shows them all, the box the first ones that fit (companion.screens.step_lines).
PARTS = " · "


def plural(noun: str) -> str:
    """The plural of `noun`, or of the last word of a noun phrase: "Order card" -> "Order cards"."""
    head, _, last = noun.rpartition(" ")
    if last in _IRREGULAR:
        many = _IRREGULAR[last]
    elif last.endswith("y") and len(last) > 1 and last[-2].lower() not in "aeiou":
        many = last[:-1] + "ies"
    elif last.endswith(("s", "x", "z", "ch", "sh")):
        many = last + "es"
    else:
        many = last + "s"
    return f"{head} {many}" if head else many


def noun(n: int, one: str, many: str | None = None) -> str:
    """`one` for exactly 1 (and -1), else its plural (`many` when the plural is not regular)."""
    return one if abs(n) == 1 else (many or plural(one))


def counted(n: int, one: str, many: str | None = None) -> str:
    """"1 coin", "0 coins", "3 Order cards": a count and its noun, which agree."""
    return f"{n} {noun(n, one, many)}"


def article(word: str) -> str:
    """"a" or "an" before `word` (as it sounds: "an ace", "a null", "an 8", "an 11", "a Unicorn")."""
    text = word.strip()
    low = text.lower()
    if not low:
        return "a"
    if low[0].isdigit():
        digits = low[: len(low) - len(low.lstrip("0123456789"))]
        return "an" if digits.startswith("8") or digits in ("11", "18") else "a"  # eight, eleven, eighteen
    if low.startswith(_AN_ANYWAY):
        return "an"
    if low.startswith(_A_ANYWAY):
        return "a"
    return "an" if low[0] in "aeiou" else "a"


def a(word: str) -> str:
    """`word` with its article: "an ace", "a 3", "an Armour"."""
    return f"{article(word)} {word}"


def listing(names: list[str]) -> str:
    """Names in a sentence: "Ada", "Ada and Bea", "Ada, Bea and Cy"."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def sentence(text: str) -> str:
    """`text` starting with a capital, the rest left as it is ("the General (Bruno)" -> "The General (Bruno)")."""
    return text[:1].upper() + text[1:]
