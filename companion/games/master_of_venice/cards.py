"""Master of Venice: the 116 cards of the shared deck, as data (SPEC.md 2.4, rulebook l.162-213).

Card names are the card list's spellings (Benifice, The Geonese, League of
Cambri, Condottieri), used as ids everywhere. Each card says what kind of
play it is, when it may be played, what it costs and what it does.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.core.deck import Composition, DeckSpec
from companion.core.dice import Table
from companion.core.result import Refused

# Kinds of card, the rulebook's type letters [R l.148-160].
CARDINAL, SENATOR, COG, CARAVAN = "C", "S", "G", "V"
CRIME, INTRIGUE, PATRONAGE, POPULARITY = "R", "I", "U", "P"
EVENT, WAR, ROUTE, ARMY, NAVY = "E", "W", "T", "A", "N"

# The kinds that stay in play when put into play in the Expansion Phase [R l.80-81];
# Popularity cards are played then too, and leave at the end of the turn [R l.82-83].
IN_PLAY = (CARDINAL, SENATOR, COG, CARAVAN, ROUTE, PATRONAGE, ARMY, NAVY)


@dataclass(frozen=True)
class Card:
    count: int
    kind: str
    cost: int = 0
    gold: int = 0  # Revenue per turn (Cardinal, Senator, Patronage), or a Trade Route's roll bonus
    votes: int = 0
    election: str = ""  # "pope", "doge", or "" (Patronage: both, SPEC 2.9.7)
    villa: bool = False  # can only be played by a player with a Villa [R l.86]
    only: str = ""  # who may play it: "pope" (the Pope's controller) or "Council Head"
    target: tuple[str, ...] = ()  # what it discards: card names, or "villa"
    negated_by: tuple[str, ...] = ()  # cards whose discard negates it (the target's owner) [R l.96-97]
    draws: int = 0  # cards drawn when it is played
    gains: str = ""  # +1 Gold per card of this name controlled
    phase: str = ""  # the step it is played in, when not its kind's usual one


# A long list of card names is picked by the card's type first (the phone's and the box's groups), in the
# rulebook's words for the types of its card list.
KIND_WORDS = {CARDINAL: "Cardinal", SENATOR: "Senator", COG: "Cogs", CARAVAN: "Caravan", WAR: "War", EVENT: "Event",
              ARMY: "Army", INTRIGUE: "Intrigue", NAVY: "Navy", CRIME: "Crimes", ROUTE: "Trade Route",
              POPULARITY: "Popularity", PATRONAGE: "Artists & Scientists"}

PERSONS = ("Cardinal", "Senator", "Patronage")  # [A] a "person": a Cardinal, a Senator or an Artist (Patronage)
TRADERS = ("Cogs", "Caravan")
ROUTES = ("Antioch", "Rome", "Aegean Sea", "Byzantium", "Ottoman Empire", "Hanseatic League", "Timbuktu",
          "Mamluks", "Mughal Empire", "The Silk Road")
# A Trade Route that takes only one kind of trader [R l.187, l.194].
ROUTE_TAKES = {"Aegean Sea": ("Cogs",), "The Silk Road": ("Caravan",)}
ROUTE_CAPACITY = 3  # [R l.88]

def kinds(names: list[str]) -> list[str]:
    """The kind of each card named, in the players' words: a long list's groups."""
    # The rulebook's 13 Events are more than a picker lists: those played on a card in play are grouped by what they
    # take, in the card list's words ("Discard target Trade Route", "Destroy target Cog or Caravan").
    return [_EVENT_ON.get(CARDS[n].target, "Event on a card") if CARDS[n].kind == EVENT and CARDS[n].target
            else KIND_WORDS.get(CARDS[n].kind, "Other") for n in names]


CARDS: dict[str, Card] = {
    "Cardinal": Card(12, CARDINAL, 3, gold=1),
    "Senator": Card(12, SENATOR, 3, gold=1),
    "Cogs": Card(15, COG, 3),
    "Caravan": Card(10, CARAVAN, 3),
    "Assassination": Card(1, CRIME, 2, target=PERSONS),
    "Arson": Card(1, CRIME, 2, target=("villa",)),
    "Slander": Card(2, CRIME, 2, target=PERSONS),
    "Caught": Card(1, CRIME, 1),
    "Intrigue": Card(4, INTRIGUE, 2, votes=4),
    "Patronage": Card(3, PATRONAGE, 3, gold=1, votes=1, villa=True),
    "Pageant": Card(1, POPULARITY, 2, votes=5, election="doge", villa=True),
    "Feast": Card(1, POPULARITY, 1, votes=3, election="doge", villa=True),
    "Masquerade": Card(1, POPULARITY, 3, votes=7, election="doge", villa=True),
    "Benifice": Card(1, POPULARITY, 1, votes=3, election="pope"),
    "Act of Devotion": Card(1, POPULARITY, 2, votes=5, election="pope"),
    "Build Church": Card(1, POPULARITY, 3, votes=7, election="pope"),
    "Explorer": Card(2, EVENT, 3, draws=3),
    "The Turks": Card(1, WAR),
    "The Geonese": Card(1, WAR),
    "The Golden Horde": Card(1, WAR),
    "League of Cambri": Card(1, WAR),
    **{route: Card(1, ROUTE, 2, gold=2 if route in ROUTE_TAKES else 1) for route in ROUTES},
    "Mercenaries": Card(2, ARMY, 3),
    "Guards": Card(2, ARMY, 2),
    "Condottieri": Card(2, ARMY, 2),
    "War Galleys": Card(2, NAVY, 3),
    "Privateers": Card(2, NAVY, 2),
    "Call Crusade": Card(3, EVENT, 4, draws=5, only="pope"),
    "Excommunicate": Card(2, EVENT, 2, only="pope", target=("any",)),
    "Indulgences": Card(2, EVENT, gains="Cardinal"),
    "Taxes": Card(2, EVENT, gains="Senator"),
    "Black Death": Card(1, EVENT, target=ROUTES),
    "The Reformation": Card(1, EVENT, target=ROUTES),
    "Storm": Card(1, EVENT, target=TRADERS),
    "Pirates": Card(2, EVENT, target=("Cogs",), negated_by=("War Galleys",)),
    "Brigands": Card(2, EVENT, target=("Caravan",), negated_by=("Guards", "Mercenaries")),
    "The Pope Dies": Card(1, EVENT, phase="POPE"),
    "The Doge Dies": Card(1, EVENT, phase="DOGE"),
    "Accusation": Card(3, EVENT, 2, only="Council Head", target=("Senator",)),
    "Senator Dies": Card(1, EVENT, target=("Senator",)),
    "Cardinal Dies": Card(1, EVENT, target=("Cardinal",)),
}

DECK_SIZE = sum(c.count for c in CARDS.values())  # 116 [D]

# Armies and navies used to seize a card in the War Phase, and what they may seize [R l.107-112];
# Guards defend only, Condottieri and Privateers attack only.
ATTACKERS = {"Mercenaries": ("Caravan",) + ROUTES, "Condottieri": ("Caravan",) + ROUTES,
             "War Galleys": ("Cogs",) + ROUTES, "Privateers": ("Cogs",) + ROUTES}
DEFENDERS = {"Mercenaries": ("Guards", "Mercenaries"), "Condottieri": ("Guards", "Mercenaries"),
             "War Galleys": ("War Galleys",), "Privateers": ("War Galleys",)}

# An Event played on a card, by what it takes (`kinds`); any other (Excommunicate: "Discard target card") is an
# "Event on a card".
_EVENT_ON = {ROUTES: "Event on a Trade Route", TRADERS: "Event on a Cog or Caravan", ("Cogs",): "Event on a Cog or Caravan",
             ("Caravan",): "Event on a Cog or Caravan", ("Senator",): "Event on a Senator or Cardinal",
             ("Cardinal",): "Event on a Senator or Cardinal"}

# The step each kind is played in [R l.79-112]; the exceptions name their own (`Card.phase`).
STEP_OF_KIND = {CARDINAL: "EXPANSION", SENATOR: "EXPANSION", COG: "EXPANSION", CARAVAN: "EXPANSION",
                ROUTE: "EXPANSION", PATRONAGE: "EXPANSION", ARMY: "EXPANSION", NAVY: "EXPANSION",
                POPULARITY: "EXPANSION", CRIME: "EVENT", EVENT: "EVENT", WAR: "WAR"}

# One trade trip: 1D6 plus the route's bonus [R l.54-62].
TRIP = Table("trade trip", ((1, 1, 0), (2, 3, 1), (4, 5, 2), (6, 6, 3), (7, 7, 4), (8, 8, 5)))
FIXED_TRIP = 2  # the card list's "Gold 2", a variant (SPEC 2.9.4)

VILLA_COST, VILLA_COST_CONSTRUCTION = 10, 7  # [R l.85]
OFFICES = ("Council Head", "General", "Admiral", "Construction")  # [R l.140-141]
OFFICE_GOLD = {"Council Head": 2, "General": 2, "Admiral": 2, "Construction": 1}  # [R l.66-69]
POPE_GOLD, DOGE_GOLD, BASE_GOLD = 5, 3, 3  # [R l.52, l.64-65]


def phases_of(name: str) -> tuple[str, ...]:
    """The phases a card is played in: "Players may play War or Army cards in this phase" (the War Phase)
    makes an Army card's two."""
    card = CARDS[name]
    if card.phase:
        return (card.phase,)
    return ("EXPANSION", "WAR") if card.kind == ARMY else (STEP_OF_KIND[card.kind],) if card.kind in STEP_OF_KIND else ()


def check_card(name: object) -> Refused | None:
    if isinstance(name, str) and name in CARDS:
        return None
    return Refused("one of the card list's names, such as Senator, Cogs or The Turks")


def trip_gold(roll: int, bonus: int) -> int:
    return TRIP.lookup(roll, (bonus,))


DECK = DeckSpec(
    "deck", "Master of Venice", Composition({name: card.count for name, card in CARDS.items()}),
    mode="mirror",
    # Real cards: the hands are secret and the real deck is the truth, so the companion counts
    # cards instead of naming them, and the table says when the draw pile runs out.
    mirror_tracks_cards=False,
    check_card=check_card,
    public_out=False,
)
