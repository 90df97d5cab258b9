"""The words every game counts and names with: a count agrees with its noun, "a" or "an" as the word sounds, a
sentence's capital that leaves the rest (a player's name) as it is."""

import pytest

from companion.core.words import a, counted, noun, plural, sentence


@pytest.mark.parametrize("n, one, shown", [
    (1, "coin", "1 coin"), (0, "coin", "0 coins"), (2, "coin", "2 coins"), (-1, "point", "-1 point"),
    (1, "Order card", "1 Order card"), (3, "Master Builder card", "3 Master Builder cards"),
    (1, "die", "1 die"), (2, "die", "2 dice"), (2, "army", "2 armies"), (2, "navy", "2 navies"),
    (2, "majority", "2 majorities"), (2, "day", "2 days"), (2, "pass", "2 passes"), (5, "Ducat", "5 Ducats"),
])
def test_a_count_agrees_with_its_noun(n, one, shown):
    assert counted(n, one) == shown


def test_an_irregular_plural_is_given():
    assert counted(2, "person", "people") == "2 people" and counted(1, "person", "people") == "1 person"
    assert noun(4, "cube") == "cubes" and plural("Raw Good card") == "Raw Good cards"


@pytest.mark.parametrize("word, shown", [
    ("ace", "an ace"), ("null", "a null"), ("3", "a 3"), ("8", "an 8"), ("11", "an 11"), ("18", "an 18"),
    ("Armour", "an Armour"), ("Order card", "an Order card"), ("Wagon", "a Wagon"), ("Umbrella", "an Umbrella"),
    ("unit", "a unit"), ("one-off", "a one-off"), ("hour", "an hour"), ("Eu", "a Eu"),
])
def test_a_or_an_as_the_word_sounds(word, shown):
    assert a(word) == shown


def test_a_sentence_starts_with_a_capital_and_keeps_the_rest():
    assert sentence("the General (Bruno) and the Admiral (Alice)") == "The General (Bruno) and the Admiral (Alice)"
    assert sentence("every Market space is covered") == "Every Market space is covered" and sentence("") == ""
