"""What the players read is written for them: it cites no SPEC section (they do not have SPEC.md), a count
agrees with its noun ("1 coin", "1 point"), "a" and "an" fit the word after them, a log line starts with a
capital and a player's name keeps its own, a rule option names its choices in words (not true/false or
an identifier), and a game's example is its own.

Whole games of every game are played from what is offered (each seat's options and the table's, with
random values, now and then a wrong input), collecting every log line, refusal, option label, short,
field title, description, choice name and example, and every text of the table's and each seat's view, the
score sheet and its result; each game's rule options, its score sheet's schema, and the phone pages are
read as they are."""

import random
import re
from pathlib import Path

import pytest
from options_bot import value_for
from conftest import chance_from

from companion.core import engine
from companion.core.fields import conforms
from companion.core.result import Refused
from companion.core.view import views
from companion.games import GAMES, SCORED, scoring_of

ROOT = Path(__file__).resolve().parents[2]
NAMES = ("Ada", "Bea", "Cy", "Dan", "Eve", "Fay")

# Nouns a count goes with, somewhere in the five games (and the core's decks and dice).
_NOUNS = ("coins|points|cubes|cards|goods|ships|turns|players|tiles|structures|ducats|trips|routes|votes|sales|"
          "dice|seasons|moves|items|values|armies|navies|majorities|materials|bridges|rounds|actions|offices|"
          "posts|shipments|favours|statues|businesses|passes|spaces|steps")
PROBLEMS = {
    "cites a SPEC section": re.compile(r"SPEC|§|\b\d+\.\d+\.\d+\b|\[[ADR]( l\.\d+(-\d+)?)?\]"),
    "a plural after 1": re.compile(rf"(?<![\w.+-])1 (?:[A-Z][\w!]* )*(?i:{_NOUNS})\b"),
    # Lower case "a" and "an" (the OLED's "An" is a tile: Arms null), and "A" before a lower-case word.
    "'a' before a vowel": re.compile(r"(?<![\w'])(?:a (?!(?i:one\b|once\b|uni|use|usu|eu))[aeiouAEIOU]|"
                                     r"A (?!one\b|once\b|uni|use|usu|eu)[aeiou])"),
    "'an' before a consonant": re.compile(r"(?<![\w'])an (?!(?i:hour|honest|honour|heir)|8|11\b|18\b)"
                                          r"[b-df-hj-np-tv-zB-DF-HJ-NP-TV-Z0-9]"),
    "a player's name in lower case": re.compile(r"\b(?:ada|bea|cy|dan|eve|fay)\b"),
}


def problems(text):
    """What is wrong with `text`, by name."""
    return [what for what, pattern in PROBLEMS.items() if pattern.search(text)]


def test_the_checks_see_what_they_are_for():
    assert problems("Ada: 1 points (0 on the track)") == ["a plural after 1"]
    assert problems("Bridge to Flax (1 cubes), take back the 2 on Gold") == ["a plural after 1"]
    assert problems("Ada draws 1 Master Builder cards and keeps none.") == ["a plural after 1"]
    assert problems("The bank: a ace is turned up.") == ["'a' before a vowel"]
    assert problems("show 2 of the 3 goods a Armour needs") == ["'a' before a vowel"]
    assert problems("The rulebook gives none (SPEC 2.9.1): turn 1's Revenue gives 3.") == ["cites a SPEC section"]
    assert problems("bought it last (SPEC 3.9.8)") == ["cites a SPEC section"]
    assert problems("The general (bruno) and the admiral (ada) must pay") == ["a player's name in lower case"]
    for fine in ("Ada takes an ace from the bank.", "Lace +1 cost 2", "Ada's 1 goes on Port 1.", "a null",
                 "1 from others' traders", "Ada: 1 point, 1 Ducat, 1 cube left", "an 8", "a 3", "Take 1 wool",
                 "Dan has 1 die in hand", "It is a one-off"):
        assert problems(fine) == [], fine


# --- whole games ---------------------------------------------------------------------------------------


def _strings(value, skip=("action",)):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            if key not in skip:
                yield from _strings(item, skip)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from _strings(item, skip)


def _field_text(field):
    """What a phone shows of a field: its title, description, choice names and examples."""
    for key in ("title", "description"):
        if isinstance(field.get(key), str):
            yield field[key]
    yield from _strings(field.get("enumNames", []))
    yield from _strings(field.get("examples", []))
    if isinstance(field.get("items"), dict):
        yield from _field_text(field["items"])


def _value(field, rng):
    """A value for `field`: one it allows (a game not on the contract yet gets a likely one)."""
    if conforms(field) is None:
        return value_for(field, rng)
    if "enum" in field:
        return rng.choice(field["enum"])
    kind = field.get("type")
    if kind == "integer":
        low = field.get("minimum", 0)
        return rng.randint(low, field.get("maximum", low + 3))
    if kind == "boolean":
        return rng.random() < 0.5
    if kind == "array":
        return [_value(field.get("items", {}), rng) for _ in range(rng.randint(field.get("minItems", 0), 2))]
    return rng.choice(field.get("examples") or ["Wool 3", "Lace +1", "Senator", "Armour"])


def _filled(option, rng):
    action = {**option["action"], **{key: _value(field, rng) for key, field in option["fields"].items()}}
    return {**action, "confirm": True} if option["confirm"] else action


def _do(game, session, action, rng):
    for _ in range(8):
        step = engine.apply_input(game, session, action)
        if not (isinstance(step, Refused) and step.needs):
            return step
        action[step.needs.key] = chance_from(step.needs, rng)
    return step


def play(game_id, n, mode, seed, limit, watch=None):
    """Every text a whole game shows its players, each with where it was seen. `watch(before, seats, option,
    seat, after)`: called after each input done (the table's view and each seat's before it, the option, or a
    plain advance when it was refused, the seat whose it was or None for the table's, the table's view after)."""
    game = GAMES[game_id]
    setup = {"players": [{"name": NAMES[i], "age": 20 + i} for i in range(n)],
             "deck_modes": {d.name: mode for d in game.decks if d.composition is not None or mode == "mirror"}}
    if game.first_player == "choice":
        setup["first"] = 0
    first = engine.new_game(game, setup)
    assert not isinstance(first, Refused), first.reason
    seen = {line: "log" for line in first.log}
    session = engine.start_session(first.state)
    rng = random.Random(seed)
    for _ in range(limit):
        view, seats = views(game, session)
        for where, shown in (("view", view), *((f"seat {s['seat']}", s) for s in seats)):
            for text in _strings({k: v for k, v in shown.items() if k != "options"}):
                seen.setdefault(text, where)
            for option in shown["options"]:
                for text in (option["label"], option["short"], *(t for f in option["fields"].values() for t in _field_text(f))):
                    seen.setdefault(text, f"an option ({option['label']})")
        if view["over"]:
            sheet = game.score_sheet(session.state) if game.score_sheet else None
            if sheet is not None:
                result = scoring_of(game_id).score({"game": game_id, **sheet})
                for text in _strings({k: v for k, v in result.items() if k != "players"}):
                    seen.setdefault(text, "the result")
            return seen, True
        choices = [(o, None) for o in view["options"]] + [(o, s["seat"]) for s in seats for o in s["options"]]
        plays = [c for c in choices if c[0]["group"] == "Play"]
        if rng.random() < 0.95:  # the real pile runs out now and then, not at every turn
            plays = [c for c in plays if c[0]["action"].get("type") != "deck_exhausted"]
        pool = plays if plays and rng.random() < 0.97 else choices
        if rng.random() < 0.2 and choices:  # a wrong input now and then: an option for another seat, odd values
            option, _ = rng.choice(choices)
            wrong = _do(game, session, {**_filled(option, rng), "seat": rng.randrange(n)}, rng)
            if isinstance(wrong, Refused):
                seen.setdefault(wrong.reason, "a refusal")
        nexts = [c for c in pool if c[0]["button"] == "NEXT"]
        if nexts and rng.random() < 0.3:  # a step ended now and then: a long game (ten years of phases) ends too
            pool = nexts
        option, seat = rng.choice(pool) if pool else ({"action": {"type": "advance"}, "fields": {}, "confirm": False}, None)
        action = _filled(option, rng) | ({"seat": seat} if seat is not None else {})
        step = _do(game, session, action, rng)
        if isinstance(step, Refused):
            seen.setdefault(step.reason, "a refusal")
            option, seat = {"action": {"type": "advance"}}, None
            step = _do(game, session, {"type": "advance"}, rng)
            if isinstance(step, Refused):
                seen.setdefault(step.reason, "a refusal")
                continue
        if watch is not None:
            watch(view, seats, option, seat, views(game, step.session)[0])
        session = step.session
        for line in step.log:
            seen.setdefault(line, "log")
    return seen, False


WHOLE_GAMES = [  # (game, players, decks, seed): each game, both ways its decks are played
    ("palazzo", 2, "virtual", 1), ("palazzo", 4, "mirror", 2),
    ("master_of_venice", 3, "virtual", 1), ("master_of_venice", 4, "mirror", 2),
    ("la_venise_du_nord", 3, "mirror", 2), ("la_venise_du_nord", 2, "virtual", 2),
    ("patrons_of_venice", 4, "mirror", 3), ("patrons_of_venice", 5, "mirror", 2),
    ("merchant_venturers", 2, "mirror", 1), ("merchant_venturers", 4, "mirror", 2),
]


@pytest.mark.parametrize("game_id, n, mode, seed", WHOLE_GAMES)
def test_every_text_of_a_whole_game_reads_right(game_id, n, mode, seed):
    seen, over = play(game_id, n, mode, seed, limit=8000)  # a random walk: now and then a long one
    assert over, f"{game_id}: the game did not end"  # the end's own texts (the score sheet's) are seen too
    assert len(seen) > 100  # the game was played: many things were said
    wrong = sorted(f"{where}: {text!r} ({', '.join(problems(text))})" for text, where in seen.items() if problems(text))
    assert not wrong, "\n".join(wrong[:20])
    lower = sorted(text for text, where in seen.items() if where == "log" and not re.match(r"[A-Z0-9“\"'(]", text))
    assert not lower, f"log lines that do not start a sentence: {lower[:10]}"


# --- what an undo names ----------------------------------------------------------------------------------

def undo_label_problems(before, seats, option, seat, after):
    """What is wrong with the undo offered right after `option` was done (test_player_text.play's watch): it
    must say what happened, not a step's name or a button's word ("Undo: One action", "Undo: Cy's turn"), not
    a step's number ("Undo: 7 Sail ships: Bea.", "Undo: Phase 3: activate the tile"), and name a player when
    one player made the input."""
    undo = next((o for o in after["options"] if o["action"]["type"] == "undo"), None)
    if undo is None or option["action"]["type"] in ("undo", "redo"):
        return []
    said = undo["label"].removeprefix("Undo: ").rstrip(".")
    steps = [view["step_label"] for view in (before, after) if view.get("step_label")]
    short, label = option.get("short") or "", option.get("label") or ""
    words = steps + [before.get("step_done") or "", short]
    words += [label.removeprefix(f"{short}: ")] if short and label.startswith(f"{short}: ") else []  # "End: Cy's turn"
    found = []
    if said.lower() in {w.lower().rstrip(".") for w in words if w}:
        found.append("a step's name or a button's word")
    if re.match(r"(Phase )?\d+:", said) or any(w in said for w in steps if re.match(r"(Phase )?\d", w)):
        found.append("a step's number")
    if re.fullmatch(r"(Round|Turn|Year) \d+|\w+'s turn", said):
        found.append("only what comes next")
    names = [p["name"] for p in after["players"]]
    if seat is not None and not any(name in said for name in names):
        found.append(f"no player named, though {names[seat]} did it from their phone")
    return [f"{undo['label']!r} after {option.get('label')!r}: {', '.join(found)}"] if found else []


def test_the_undo_checks_see_the_labels_the_playtests_found():
    def view(step, undo):
        return {"step_label": step, "step_done": "Done", "players": [{"name": "Ada"}, {"name": "Bea"}],
                "options": [{"label": f"Undo: {undo}", "action": {"type": "undo"}}]}

    def wrong(step, undo, option, seat=None, after=None):
        return undo_label_problems(view(step, "-"), [], option, seat, view(after or step, undo))

    coin = {"label": "Take the 5 from the bank", "short": "Coin", "action": {"type": "advance", "action": "coin"}}
    assert wrong("One action", "One action", coin, seat=0)  # palazzo
    assert wrong("Phase 3: activate the tile", "Phase 3: activate the tile", {"short": "Keep", "action": {"type": "advance"}})
    assert wrong("7 Sail ships", "7 Sail ships: Bea.", {"short": "Done", "action": {"type": "advance"}})
    assert wrong("Phase 6: produce goods", "Bea's turn.", {"label": "End: Bea's turn", "short": "End", "action": {"type": "advance"}})
    assert wrong("Diplomacy Phase", "Expansion Phase.", {"short": "Done", "action": {"type": "advance"}}, after="Expansion Phase")
    assert not wrong("One action", "Ada takes a 5 from the bank.", coin, seat=0)
    assert not wrong("7 Sail ships", "Bea is done with sailing.", {"short": "Done", "action": {"type": "advance"}})


@pytest.mark.parametrize("game_id, n, mode, seed", WHOLE_GAMES)
def test_every_undo_says_what_it_takes_back_and_who_did_it(game_id, n, mode, seed):
    wrong, offered = [], []

    def watch(before, seats, option, seat, after):
        offered.append(option)
        wrong.extend(undo_label_problems(before, seats, option, seat, after))

    _, over = play(game_id, n, mode, seed, limit=3000, watch=watch)
    assert over and offered  # the game was played to its end
    assert not wrong, "\n".join(sorted(set(wrong))[:30])


# --- what the New game and Scores pages show of each game ---------------------------------------------


def _static_texts(game_id):
    """A game's rule options and its score sheet's schema, as the pages show them."""
    game = GAMES[game_id]
    for name, spec in game.rule_options.items():
        yield from ((f"rule option {name}", text) for text in _field_text(spec))
    if game_id in SCORED:
        schema = scoring_of(game_id).schema()
        for text in _strings(schema, skip=("pattern", "$schema", "enum", "const", "required")):
            yield "score sheet", text


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_rule_options_and_score_sheets_read_right(game_id):
    wrong = [f"{where}: {text!r} ({', '.join(problems(text))})" for where, text in _static_texts(game_id) if problems(text)]
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_rule_option_names_its_choices_in_words(game_id):
    """The New game page shows an enum's names: true/false or an identifier (if_used, warm_cold) is not one."""
    for name, spec in GAMES[game_id].rule_options.items():
        if all(type(v) is int for v in spec["enum"]):
            continue  # numbers read as they are (2 or 3 points, 0, 3, 5 or 10 Gold)
        names = spec.get("enumNames")
        assert names and len(names) == len(spec["enum"]), f"{game_id}.{name}: {spec['enum']} has no names"
        assert all(isinstance(n, str) and n.strip() and n not in ("true", "false") for n in names), (name, names)


def _example_cards(spec):
    return [re.sub(r"\s*[x×]\s*\d+$", "", line.strip()) for line in getattr(spec, "examples", ())]


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_deck_the_table_enters_gives_an_example_of_its_own_cards(game_id):
    """The New game page's example for a deck the rulebook does not list is that deck's own: its cards pass
    the deck's check (and no other game's strict one)."""
    for spec in GAMES[game_id].decks:
        if spec.check_composition is None:
            continue
        cards = _example_cards(spec)
        assert cards, f"{game_id}.{spec.name}: no example of its cards"
        for card in cards:
            assert spec.check_card is None or spec.check_card(card) is None, (game_id, spec.name, card)
            for other_id, other in GAMES.items():
                for theirs in other.decks:
                    strict = theirs.check_card is not None and theirs.check_card("Xyzzy plugh") is not None
                    if other_id != game_id and strict:
                        assert theirs.check_card(card) is not None, f"{game_id}'s example {card!r} is a {other_id} card"


def _page_texts():
    for path in sorted((ROOT / "web_panel" / "templates").glob("*.html")) + sorted((ROOT / "web_panel" / "static").rglob("*.js")):
        yield path.relative_to(ROOT).as_posix(), path.read_text()


def test_the_pages_cite_no_spec_section_and_name_no_games_cards():
    """The pages' own words: no SPEC section; no game's cards written in (an example comes from the game)."""
    cards = {card for g in GAMES.values() for d in g.decks for card in _example_cards(d)} | {"Wool 3", "Pirates!"}
    for name, text in _page_texts():
        assert not PROBLEMS["cites a SPEC section"].search(text), name
        assert not [c for c in cards if c in text], (name, [c for c in cards if c in text])
        assert "Real cards" not in text, f"{name}: a deck of coins or tiles is not real cards"
