"""Rebuild a session from the journal: setup, then every input, from a snapshot when one is close.

Snapshots hold the state only, not the undo history. Starting from a snapshot
at least UNDO_LIMIT inputs back rebuilds the history a table can use; if an
undo in the replayed tail reaches further back than the snapshot, the replay
starts again from an earlier snapshot, and at worst from the setup.

A game played under an earlier version of its rules (`rules`, kept with it in the journal) has each input
taken to today's form first, and is replayed under that version's rules where they gave more than today's
(companion/upgrades.py, the one place that knows old journals); it replays from its setup (a snapshot of it may
hold a table of those rules).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pyrsistent import freeze

from companion.core.engine import UNDO_LIMIT, Applied, Session, apply_input, new_game, start_session
from companion.core.game import GameDef
from companion.core.result import Accepted, Refused, refused
from companion.errors import JournalError
from companion.sources import signed
from companion.upgrades import Upgrader, played_under

SNAPSHOT_EVERY = 250


def restore(
    game: GameDef,
    setup: Mapping[str, Any],
    inputs: Sequence[tuple[int, Mapping[str, Any]]],
    snapshots: Sequence[tuple[int, Any]],
    source: str = "the journal",
    keep_log: int = 50,
    sources: Mapping[int, Mapping[str, Any]] | None = None,
    rules: int | None = None,
) -> tuple[Session, list[str]]:
    """The session after every input, and the last `keep_log` log lines (each input's first line signed with
    who made it, where `sources` says: companion.sources). `rules`: the version of the game's rules it was
    played under (None: before the journal kept it)."""
    first = Replayer(game, rules).new_game(setup)
    if refused(first):
        raise JournalError(f"{source}: the saved setup of this {game.title} game is refused now ({first.reason})")
    last = inputs[-1][0] if inputs else 0
    current = rules == game.rules
    bases = [(seq, state) for seq, state in snapshots if seq <= last - UNDO_LIMIT and current] + [(0, None)]
    for base_seq, base_state in bases:
        session = start_session(freeze(base_state) if base_state is not None else first.state)
        log: list[str] = list(first.log) if base_state is None else []
        replayed = Replayer(game, rules)
        for seq, action in inputs:
            if seq <= base_seq:
                continue
            step = replayed(session, action, (sources or {}).get(seq))
            if step is None:
                continue
            if refused(step):
                if action.get("type") in ("undo", "redo") and base_state is not None:
                    break  # history from before the snapshot is needed: start earlier
                raise JournalError(
                    f"{source}: input {seq} of this {game.title} game can no longer be applied ({step.reason}). "
                    "The file was left as it is."
                )
            session = step.session
            log.extend(signed(step.log, (sources or {}).get(seq), session.state["players"]))
            del log[:-keep_log]
        else:
            return session, log
    raise AssertionError("the replay from the setup always ends")  # pragma: no cover


class Replayer:
    """A journaled game's inputs applied in order, each first taken to today's form, under the rules of the
    version it was played under (companion.upgrades)."""

    def __init__(self, game: GameDef, rules: int | None):
        self.game, self._upgrade = played_under(game, rules), Upgrader(game, rules)

    def new_game(self, setup: Mapping[str, Any]) -> Accepted | Refused:
        """The game's first state from its setup, as the rules it was played under take it."""
        return new_game(self.game, setup)

    def __call__(self, session: Session, action: Mapping[str, Any],
                 by: Mapping[str, Any] | None = None) -> Applied | Refused | None:
        """The input applied (engine.apply_input), or None when today's rules have no such input."""
        today = self._upgrade(session.state, action)
        return None if today is None else apply_input(self.game, session, today, by)
