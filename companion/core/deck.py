"""Decks: composition as data, shuffles and draws as actions carrying their outcome.

A deck is a persistent map in the state:
  mode      "virtual" (the companion holds the order) or "mirror" (real cards;
            the companion records what was drawn)
  draw      the draw pile, top first (mirror mode: the cards still in it, in no
            particular order; empty and `known` false when the composition is
            not given)
  discard   the discard pile, most recent last
  out       cards drawn and not yet discarded (on the table or in a hand)
  looking   cards drawn to choose from (draw N, keep at most one)
  passes    how many times the draw pile has run out
  shuffled  whether the virtual order has been set since the deck was built

Every function takes a deck and returns `(deck, log, reveal)` or a `Refused`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from pyrsistent import PMap, pmap, pvector

from companion.core.result import Needs, Refused, refused
from companion.core.words import counted, noun, plural

DRAW_THEN_RESHUFFLE = "draw_then_reshuffle"  # take what is left, shuffle the discards, draw the rest
SHUFFLE_INTO_REMAINING = "shuffle_into_remaining"  # shuffle the discards into what is left, then draw
NO_RESHUFFLE = "none"  # an empty deck stays empty


@dataclass(frozen=True)
class Composition:
    """Cards and counts, and what comes out for some player counts."""

    counts: Mapping[str, int]
    remove_by_players: Mapping[int, Mapping[str, int]] = field(default_factory=dict)

    def cards(self, players: int) -> tuple[str, ...]:
        left = Counter(self.counts)
        left.subtract(self.remove_by_players.get(players, {}))
        if any(v < 0 for v in left.values()):
            raise ValueError("a composition removes more cards than it has")  # a game's own data is wrong
        return tuple(card for card, count in self.counts.items() for _ in range(left[card]))


@dataclass(frozen=True)
class DeckSpec:
    name: str
    label: str
    composition: Composition | None  # None: not known from the rulebook (mirror only)
    mode: str = "virtual"
    when_short: str = DRAW_THEN_RESHUFFLE
    # A custom trigger checked after every discard: reshuffle the discard pile
    # into the draw pile at once when it answers True.
    reshuffle_when: Callable[[PMap], bool] | None = None
    # For a deck the rulebook does not list: what makes a card name valid (a
    # reason, or None), and what makes a composition the table enters valid.
    # With `check_composition`, setup may give the deck's cards and play it virtually.
    check_card: Callable[[str], Refused | None] | None = None
    check_composition: Callable[[Mapping[str, int]], Refused | None] | None = None
    # Whether the cards drawn and not discarded may be shown to everyone; False
    # where they go into hands (the view then gives only how many there are).
    public_out: bool = True
    # Whether a mirror deck with a known composition names its cards as they are
    # drawn. False where the draws go into secret hands: the companion then only
    # counts them, and the table says when the real draw pile runs out (`exhausted`).
    mirror_tracks_cards: bool = True
    # The cards not kept after a look go under the deck shuffled (their order is a chance outcome),
    # rather than in the order drawn.
    shuffle_rest: bool = False
    # Cards taken out for some player counts, from a composition the table enters too (the rulebook
    # names what comes out even where it does not list the deck).
    removals: Mapping[int, Mapping[str, int]] = field(default_factory=dict)
    # A real card kept never comes back into play (it stays on its owner's board): a tapped card's action
    # carries its tag ("tag": the UID), so the game keeps one card per tag (a second tap of it is refused).
    tag_once: bool = False
    # What one of the deck's pieces is called, for the players ("1 card", "3 coins", "real tiles").
    piece: str = "card"
    # A few of its cards as the players would type them, for a deck the table enters by hand (the New game
    # page shows them as an example: "Wool 3 x8").
    examples: tuple[str, ...] = ()

    def composition_from(self, given: object) -> Composition | None | Refused:
        """The composition to play with: the rulebook's, or the one setup gives (or why it is refused)."""
        if given is None:
            return self.composition
        if self.composition is not None or self.check_composition is None:
            return Refused(f"the {self.label} deck's cards are fixed by the rules")
        if not isinstance(given, Mapping) or not given or not all(
                isinstance(k, str) and type(v) is int and v > 0 for k, v in given.items()):
            return Refused(f"the {self.label} deck's cards: an object of card name -> how many (whole numbers above 0)")
        for name in given:
            bad = self.check_card(name) if self.check_card else None
            if bad is not None:
                return Refused(f"{name!r}: {bad.reason}")
        bad = self.check_composition(given)
        return bad if bad is not None else Composition(dict(given), self.removals)


def build(spec: DeckSpec, players: int, mode: str | None = None, composition: Composition | None = None) -> PMap:
    mode = mode or spec.mode
    composition = composition or spec.composition
    known = composition is not None and (mode == "virtual" or spec.mirror_tracks_cards)
    if mode == "virtual" and not known:
        raise ValueError(f"the {spec.label} deck has no composition: it can only be a physical deck")
    cards = composition.cards(players) if known else ()
    return pmap(
        {
            "mode": mode,
            "known": known,
            "draw": pvector(sorted(cards) if mode == "mirror" else cards),
            "discard": pvector(),
            "out": pvector(),
            "looking": pvector(),
            "passes": 0,
            "shuffled": mode == "mirror",
        }
    )


def _names(cards: Sequence[str]) -> str:
    return ", ".join(cards) if cards else "nothing"


def _is_permutation(order: object, cards: Sequence[str]) -> bool:
    return (
        isinstance(order, (list, tuple))
        and all(isinstance(c, str) for c in order)
        and Counter(order) == Counter(cards)
    )


def shuffle(spec: DeckSpec, deck: PMap, order: object = None):
    """Gather the draw and discard piles and shuffle them (cards out stay out)."""
    pool = list(deck["draw"]) + list(deck["discard"])
    if deck["mode"] == "mirror":
        new = deck.set("draw", pvector(sorted(pool))).set("discard", pvector())
        return new, (f"{spec.label}: shuffle the draw and discard piles together ({counted(len(pool), spec.piece)}).",), None
    if order is None:
        return Refused(f"the {spec.label} deck needs a shuffle order", needs=Needs("order", "order", cards=tuple(pool)))
    if not _is_permutation(order, pool):
        return Refused(f"the shuffle order must hold exactly the {counted(len(pool), spec.piece)} of the {spec.label} draw and discard piles")
    new = deck.set("draw", pvector(order)).set("discard", pvector()).set("shuffled", True)
    before = f"{len(deck['draw'])} in the draw pile and {len(deck['discard'])} in the discard pile"
    return new, (f"{spec.label}: shuffled ({counted(len(pool), spec.piece)}).",), f"The {spec.label} deck goes back to {before}, in the old order."


def draw(spec: DeckSpec, deck: PMap, n: int, order: object = None, cards: object = None, to: str = "out"):
    """Draw `n` cards to `out` (or `looking`).

    Virtual: from the top; when the pile is short the action must carry the
    shuffle `order` the deck's policy needs. Mirror: `cards` names what was drawn.
    """
    if type(n) is not int or n < 1:
        return Refused(f"draw at least one {spec.piece}")
    if deck["mode"] == "mirror":
        return _draw_mirror(spec, deck, n, cards, to)
    if cards is not None:
        return Refused(f"the {spec.label} deck is virtual: the companion draws the cards itself")
    log: list[str] = []
    if not deck["shuffled"]:
        if order is None:
            return Refused(f"the {spec.label} deck needs its first shuffle", needs=Needs("order", "order", cards=tuple(deck["draw"])))
        if not _is_permutation(order, deck["draw"]):
            return Refused(f"the shuffle order must hold exactly the {counted(len(deck['draw']), spec.piece)} of the {spec.label} draw pile")
        deck = deck.set("draw", pvector(order)).set("shuffled", True)
        log.append(f"{spec.label}: shuffled before the draw ({counted(len(order), spec.piece)}).")
        order = None
    drawn: list[str] = []
    pile = list(deck["draw"])
    passes = deck["passes"]
    if len(pile) < n:
        if spec.when_short == NO_RESHUFFLE or not deck["discard"]:
            available = len(pile) + (0 if spec.when_short == NO_RESHUFFLE else len(deck["discard"]))
            return Refused(f"the {spec.label} deck has only {counted(available, spec.piece)} left to draw, not {n}")
        refill = list(deck["discard"]) if spec.when_short == DRAW_THEN_RESHUFFLE else pile + list(deck["discard"])
        if order is None:
            return Refused(f"the {spec.label} deck must be reshuffled to draw {n}", needs=Needs("order", "order", cards=tuple(refill)))
        if not _is_permutation(order, refill):
            return Refused(f"the reshuffle order must hold exactly the {counted(len(refill), spec.piece)} being reshuffled")
        if pile:  # an empty pile already counted its pass when it emptied
            passes += 1
        if spec.when_short == DRAW_THEN_RESHUFFLE:
            drawn, pile = pile, list(order)
        else:
            pile = list(order)
        log.append(f"{spec.label}: the discard pile was reshuffled into the draw pile (pass {passes} ended).")
        deck = deck.set("discard", pvector())
    elif order is not None:
        return Refused(f"the {spec.label} deck does not need a shuffle to draw {n}")
    need = n - len(drawn)
    drawn += pile[:need]
    pile = pile[need:]
    if not pile:
        passes += 1
        log.append(f"{spec.label}: the draw pile is used up (pass {passes}).")
    deck = deck.set("draw", pvector(pile)).set("passes", passes).set(to, deck[to].extend(drawn))
    log.insert(0, f"{spec.label}: drew {_names(drawn)}.")
    top = f" ({drawn[0]} on top)" if len(drawn) > 1 else ""
    return deck, tuple(log), f"Put {_names(drawn)} back on top of the {spec.label} deck{top}."


def _draw_mirror(spec: DeckSpec, deck: PMap, n: int, cards: object, to: str):
    if not isinstance(cards, (list, tuple)) or not all(isinstance(c, str) and c for c in cards):
        return Refused(f"the {spec.label} deck is physical: say which {noun(n, spec.piece)} {'were' if n > 1 else 'was'} drawn")
    if len(cards) != n:
        return Refused(f"{counted(n, spec.piece)} drawn, but {len(cards)} named")
    pile = list(deck["draw"])
    passes = deck["passes"]
    if deck["known"]:
        left = Counter(pile)
        missing = [c for c, k in Counter(cards).items() if left[c] < k]
        if missing:
            return Refused(f"no {missing[0]} is left in the {spec.label} draw pile: was it drawn already?")
        for c in cards:
            pile.remove(c)
        if not pile:
            passes += 1
    deck = deck.set("draw", pvector(pile)).set("passes", passes).set(to, deck[to].extend(cards))
    return deck, (f"{spec.label}: drew {_names(cards)}.",), f"Put {_names(cards)} back on top of the {spec.label} deck."


def discard(spec: DeckSpec, deck: PMap, cards: object, order: object = None):
    """Move cards from `out` to the discard pile; then check the custom reshuffle trigger.

    When the deck's cards are not known (real cards, no list), a card the
    companion never saw drawn may still be discarded: it was dealt by hand.
    """
    if not isinstance(cards, (list, tuple)) or not cards or not all(isinstance(c, str) for c in cards):
        return Refused(f"name the {plural(spec.piece)} to discard")
    held = list(deck["out"])
    for c in cards:
        if c in held:
            held.remove(c)
        elif deck["known"]:
            return Refused(f"{c} is not among the {spec.label} {plural(spec.piece)} drawn and not yet discarded")
    deck = deck.set("out", pvector(held)).set("discard", deck["discard"].extend(cards))
    log = (f"{spec.label}: discarded {_names(cards)}.",)
    if spec.reshuffle_when is None or not spec.reshuffle_when(deck):
        if order is not None:
            return Refused(f"the {spec.label} deck does not need a shuffle now")
        return deck, log, None
    shuffled = shuffle(spec, deck, order)
    if refused(shuffled):
        return shuffled
    deck, more, reveal = shuffled
    return deck, log + more, reveal


def exhausted(spec: DeckSpec, deck: PMap):
    """A real draw pile has run out (the table says so): the pass ends and the discard pile,
    shuffled by the players, is the new draw pile. Only for a mirror deck whose cards the
    companion does not track: it cannot see the real pile, and a virtual deck knows by itself."""
    if deck["mode"] != "mirror":
        return Refused(f"the {spec.label} deck is virtual: the companion knows when it runs out")
    if deck["known"]:
        return Refused(f"the companion tracks the {spec.label} {plural(spec.piece)}: the pile runs out as they are named")
    passes = deck["passes"] + 1
    deck = deck.set("passes", passes).set("discard", pvector())
    return deck, (f"{spec.label}: the draw pile has run out (pass {passes}). Shuffle the discard pile: it is the new draw pile.",), None


def keep(spec: DeckSpec, deck: PMap, card: str | None, order: object = None, to: str = "out"):
    """After drawing to `looking`: keep at most one card, the rest go under the deck (in drawn order, or
    shuffled with `spec.shuffle_rest`: a virtual deck's action then carries their `order`)."""
    looking = list(deck["looking"])
    if not looking:
        return Refused(f"no {spec.label} cards are being looked at")
    if card is not None:
        if card not in looking:
            return Refused(f"{card} is not among the cards drawn ({_names(looking)})")
        looking.remove(card)
    if spec.shuffle_rest and deck["mode"] == "virtual" and len(looking) > 1:
        if order is None:
            return Refused(f"the {spec.label} cards not kept are shuffled", needs=Needs("order", "order", cards=tuple(looking)))
        if not _is_permutation(order, looking):
            return Refused(f"the shuffle order must hold exactly the {counted(len(looking), spec.piece)} not kept")
        looking = list(order)
    elif order is not None:
        return Refused(f"the {spec.label} cards not kept need no shuffle")
    deck = deck.set("looking", pvector()).set("draw", deck["draw"].extend(looking))
    if card is not None:
        deck = deck.set(to, deck[to].append(card))
    kept = f"kept {card}" if card else "kept none"
    how = "shuffled under the deck" if spec.shuffle_rest else "under the deck"
    return deck, (f"{spec.label}: {kept}; {_names(looking)} {how}.",), None


def deal(spec: DeckSpec, deck: PMap, places: Sequence[str], allowed: Callable[[str, str], bool],
         order: object = None, reorder: object = None):
    """Shuffle, then deal one card to each place in turn, replacing a card not `allowed` there.

    A replacement that is itself not allowed is replaced again; the cards set
    aside are shuffled back into what is left of the deck after the deal (the
    `reorder` outcome). Virtual decks only. Returns (deck, cards in place order,
    log, reveal) or a Refused that names the chance outcome it lacks.
    """
    if deck["mode"] != "virtual":
        return Refused(f"the {spec.label} deck is physical: the players deal it")
    pool = list(deck["draw"]) + list(deck["discard"])
    if order is None:
        return Refused(f"the {spec.label} deck needs a shuffle to deal", needs=Needs("order", "order", cards=tuple(pool)))
    if not _is_permutation(order, pool):
        return Refused(f"the shuffle order must hold exactly the {counted(len(pool), spec.piece)} of the {spec.label} deck")
    pile, dealt, aside = list(order), [], []
    for place in places:
        while pile and not allowed(pile[0], place):
            aside.append(pile.pop(0))
        if not pile:
            return Refused(f"the {spec.label} deck runs out before the deal is done")
        dealt.append(pile.pop(0))
    log = [f"{spec.label}: shuffled and dealt {counted(len(dealt), spec.piece)}."]
    if aside:
        back = pile + aside
        if reorder is None:
            return Refused(f"the {counted(len(aside), 'replaced ' + spec.piece)} must be shuffled back into the {spec.label} deck",
                           needs=Needs("order", "reorder", cards=tuple(back)))
        if not _is_permutation(reorder, back):
            return Refused(f"the reshuffle order must hold exactly the {counted(len(back), spec.piece)} left in the {spec.label} deck")
        pile = list(reorder)
        log.append(f"{spec.label}: {counted(len(aside), 'replaced ' + spec.piece)} ({_names(aside)}) shuffled back in.")
    deck = deck.update({"draw": pvector(pile), "discard": pvector(), "shuffled": True, "out": deck["out"].extend(dealt)})
    return deck, dealt, tuple(log), f"Gather the dealt {spec.label} {plural(spec.piece)} back into the deck."
