"""What a game declares: players allowed, flow, decks, counters, its views and score sheet.

Each step of its flow (companion.core.flow.Step) owns its options, handlers and status line; a game accepts
an input only when it matches an option offered to where it comes from (TABLE.md). Besides, a game may give:

  player_view (state, seat) -> dict: what a seat may see (companion.core.player_view):
              seat None, the whole table (the game's variables for the table
              view, under the names its SPEC.md state machine gives them);
              a seat, what only its phone adds
  score_sheet (state) -> dict: the final score sheet, pre-filled
  on_rolloff  (edit, rolloff, winner): a roll-off the game started mid-game
              (`Edit.roll_off`, with its "purpose") has a winner
  tapped      (state, deck, card) -> action | Refused: what a card tapped on
              the reader means now (default: it was drawn)
  extra_action (state, action) -> bool: whether this advance, once the step's
              handler has done its work, gives the actor another action at
              once (a purchase paid exactly)
  rolloff_face (state, value) -> (rank, shown): what a die's value counts for
              in a roll-off, and its name in the log (a piecepack die's null
              face, read as 6, counts 0)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from pyrsistent import PMap

from companion.core.counters import CounterSpec
from companion.core.deck import DeckSpec
from companion.core.flow import Flow
from companion.core.result import Refused

if TYPE_CHECKING:
    from companion.core.edit import Edit


@dataclass(frozen=True)
class GameDef:
    id: str
    title: str
    min_players: int
    max_players: int
    flow: Flow
    short_title: str = ""  # for the OLED's header line, when the title is too long for it
    bgg_id: int | None = None  # BoardGameGeek's id, so BG Stats matches an exported play by itself
    # The game's board as the companion knows it, as an SVG document drawn from the public view (the table
    # page and Past games show it), and what it shows ("The city").
    picture: Callable[[Mapping[str, Any]], str] | None = None
    picture_title: str = ""
    decks: tuple[DeckSpec, ...] = ()
    counters: tuple[CounterSpec, ...] = ()
    dice: tuple[str, ...] = ("1d6",)  # the roll specs this game uses
    # Extra game data at setup: (setup) -> dict merged into state["data"].
    initial_data: Callable[[Mapping[str, Any]], Mapping[str, Any]] | None = None
    # The game's own setup keys (a board layout): (setup) -> why they are refused (a `Refused`), or None.
    check_setup: Callable[[Mapping[str, Any]], Refused | None] | None = None
    # Who chooses the first player: "choice" (setup names the seat), "rolloff",
    # "second_youngest" (from the players' ages, unless setup names the seat), or
    # "fewest_coins" (the game's flow gives it from the coins, the youngest on a
    # tie: setup gives the ages, and a seat it names is not used).
    first_player: str = "choice"
    # What a seat may see, decided here once (boardgame.io's playerView; companion.core.player_view asks it for
    # every output): (state, None) the whole table's part, (state, seat) what only that seat's phone adds, with
    # under "sheet" its score sheet's fields secret until the end (the coins in a palazzo hand).
    player_view: Callable[[PMap, int | None], Mapping[str, Any]] | None = None
    # The standings: (field, label) best first, the score then its tie-breaks;
    # a field is a per-player counter or a per-player field of the table's
    # `player_view`'s "per_player". Empty: the first per-player counter.
    score_keys: tuple[tuple[str, str], ...] = ()
    score_sheet: Callable[[PMap], Mapping[str, Any]] | None = None
    # How that sheet is scored (companion.scoring.Sheet): the game brings its own.
    scoring: Any = None
    # Rule switches the players choose at setup: name -> {"enum", "default",
    # "description"}; the chosen values are in state["options"].
    rule_options: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    # The game's own setup keys the New game page asks for (a board's layout, a tile's printed values): name
    # -> a JSON Schema with defaults, checked by `check_setup`.
    setup_fields: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    # What the table does before the first move that the box cannot do for it (cards a rule takes out of a
    # real deck): lines for the new game's log.
    setup_log: Callable[[PMap], tuple[str, ...]] | None = None
    # Setup fields the table taught the game while playing (a Business Tile's printed cost, asked the first time
    # it is sponsored): the box keeps them for the next game of this kind, as it keeps the setup.
    learned: Callable[[PMap], Mapping[str, Any]] | None = None
    on_rolloff: Callable[[Edit, PMap, int], None] | None = None
    tapped: Callable[[PMap, str, str], Mapping[str, Any] | Refused] | None = None
    extra_action: Callable[[PMap, Mapping[str, Any]], bool] | None = None
    rolloff_face: Callable[[PMap, int], tuple[int, str]] | None = None
    # The version of these rules, kept with each game in the journal: raised when a change would make a game
    # journaled under the version before replay differently, whose inputs companion/upgrades.py then takes to
    # today's form as the journal is read. The rules know only today's inputs.
    rules: int = 1

    def deck(self, name: str) -> DeckSpec | None:
        return next((d for d in self.decks if d.name == name), None)
