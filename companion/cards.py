"""The card registry: which NFC tag is stuck on which card of which game.

A tag's UID maps to (game, deck, card). Cards are registered one at a time
(choose a card, tap its tag) or by walking a deck's card list (tap each card
in the order the panel shows). The registry lives in the journal's SQLite
file, so one backup keeps both, and is used on the runtime's owner thread only.

An export is a JSON object: {"version": 1, "cards": [{uid, game, deck, card}]};
an import checks every row before it changes anything.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any

from companion.core.game import GameDef
from companion.errors import CompanionError
from companion.journal import Journal

_UID = re.compile(r"(?:[0-9A-F]{8}|[0-9A-F]{14}|[0-9A-F]{20})\Z")
MAX_CARD_NAME = 40
EXPORT_VERSION = 1


@dataclass(frozen=True)
class Card:
    game: str
    deck: str
    card: str

    def public(self) -> dict[str, str]:
        return {"game": self.game, "deck": self.deck, "card": self.card}


def deck_cards(game: GameDef, deck: str) -> tuple[str, ...] | None:
    """The distinct cards of a game's deck, in the order a walk asks for them;
    None when the rulebook does not give the deck's cards."""
    spec = game.deck(deck)
    if spec is None or spec.composition is None:
        return None
    return tuple(spec.composition.counts)


def check_deck(games: Mapping[str, GameDef], game: Any, deck: Any) -> GameDef:
    """The game, after checking it is known and has the deck; CompanionError says which is not."""
    spec = games.get(game) if isinstance(game, str) else None
    if spec is None:
        raise CompanionError(f"unknown game {game!r}; one of {', '.join(sorted(games))}")
    if not isinstance(deck, str) or spec.deck(deck) is None:
        names = ", ".join(d.name for d in spec.decks) or "none"
        raise CompanionError(f"{spec.title} has no deck {deck!r} (its decks: {names})")
    return spec


def check_card(games: Mapping[str, GameDef], game: Any, deck: Any, card: Any) -> Card:
    """A Card after checking it names a known game, deck and card; CompanionError says what is wrong.

    A deck the rulebook does not list takes any name its own check accepts (a Raw Good card
    is "Wool 3"), so a tag is never stuck on a card the game would refuse when it is tapped."""
    spec = check_deck(games, game, deck)
    if not isinstance(card, str) or not card.strip() or len(card) > MAX_CARD_NAME:
        raise CompanionError(f"a card name is 1 to {MAX_CARD_NAME} characters")
    name, deck_spec = card.strip(), spec.deck(deck)
    known = deck_cards(spec, deck)
    if known is not None and name not in known:
        raise CompanionError(f"the {deck_spec.label} deck has no card {name!r}")
    why = deck_spec.check_card(name) if known is None and deck_spec.check_card is not None else None
    if why is not None:
        raise CompanionError(f"the {deck_spec.label} deck has no card {name!r}: {why.reason}")
    return Card(game, deck, name)


def name_hint(game: GameDef, deck: str) -> str | None:
    """How to name a card of a deck the rulebook does not list, as the deck's own check says it (what it
    answers for an empty name); None for a listed deck or one without a check of its own."""
    spec = game.deck(deck)
    if spec is None or spec.composition is not None or spec.check_card is None:
        return None
    empty = spec.check_card("")
    return empty.reason if empty is not None else None


def check_uid(uid: Any) -> str:
    text = uid.strip().upper() if isinstance(uid, str) else ""
    if not _UID.match(text):
        raise CompanionError(f"a tag UID is 8, 14 or 20 hex digits, not {uid!r}")
    return text


class CardRegistry:
    def __init__(self, journal: Journal, games: Mapping[str, GameDef]):
        self.journal = journal
        self.games = games

    def lookup(self, uid: str) -> Card | None:
        rows = self.journal.read("SELECT game, deck, card FROM cards WHERE uid = ?", (uid,))
        return Card(*rows[0]) if rows else None

    def register(self, uid: str, card: Card) -> None:
        """Stick `uid` on `card` (a tag moved to another card forgets its old one)."""
        self.journal.write(
            "INSERT OR REPLACE INTO cards (uid, game, deck, card, registered) VALUES (?, ?, ?, ?, ?)",
            (uid, card.game, card.deck, card.card, datetime.now(timezone.utc).isoformat(timespec="seconds")),
        )

    def forget(self, uid: str) -> bool:
        return self.journal.write("DELETE FROM cards WHERE uid = ?", (check_uid(uid),)).rowcount > 0

    def all(self) -> list[dict[str, str]]:
        rows = self.journal.read("SELECT uid, game, deck, card, registered FROM cards ORDER BY game, deck, card, uid")
        return [{"uid": u, "game": g, "deck": d, "card": c, "registered": r} for u, g, d, c, r in rows]

    def export(self) -> dict[str, Any]:
        return {"version": EXPORT_VERSION, "cards": [{k: row[k] for k in ("uid", "game", "deck", "card")} for row in self.all()]}

    def import_(self, data: Any) -> int:
        """Add or replace the exported cards; all or nothing. Returns how many."""
        if not isinstance(data, Mapping) or data.get("version") != EXPORT_VERSION or not isinstance(data.get("cards"), list):
            raise CompanionError(f'a card list is {{"version": {EXPORT_VERSION}, "cards": [...]}}, as the export writes it')
        checked = []
        for i, row in enumerate(data["cards"]):
            if not isinstance(row, Mapping):
                raise CompanionError(f"cards[{i}]: an object with uid, game, deck and card")
            try:
                checked.append((check_uid(row.get("uid")), check_card(self.games, row.get("game"), row.get("deck"), row.get("card"))))
            except CompanionError as e:
                raise CompanionError(f"cards[{i}]: {e}; nothing was imported") from None
        with self.journal.transaction():
            for uid, card in checked:
                self.register(uid, card)
        return len(checked)


class Registration:
    """What the next taps register: one chosen card, or a deck's list in order."""

    def __init__(self) -> None:
        self._cards: tuple[Card, ...] = ()
        self._index = 0

    def arm(self, cards: Sequence[Card]) -> None:
        self._cards, self._index = tuple(cards), 0

    def cancel(self) -> None:
        self.arm(())

    def expected(self) -> Card | None:
        return self._cards[self._index] if self._index < len(self._cards) else None

    def walking(self) -> bool:
        """Registering a deck's list, not one chosen card."""
        return len(self._cards) > 1

    def took(self) -> None:
        self._index += 1

    def public(self) -> dict[str, Any] | None:
        card = self.expected()
        if card is None:
            return None
        return card.public() | {"index": self._index, "total": len(self._cards)}
