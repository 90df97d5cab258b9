"""The games the companion knows, by identifier."""

from companion.core.game import GameDef
from companion.games.free_play import FREE_PLAY
from companion.games.la_venise_du_nord import LA_VENISE
from companion.games.master_of_venice import MASTER
from companion.games.merchant_venturers import MERCHANT_VENTURERS
from companion.games.palazzo import PALAZZO
from companion.games.patrons_of_venice import PATRONS

GAMES: dict[str, GameDef] = {g.id: g for g in (FREE_PLAY, PATRONS, MASTER, PALAZZO, LA_VENISE, MERCHANT_VENTURERS)}
