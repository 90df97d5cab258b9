"""What `apply` answers: the new state with its log, or a refusal with a reason.

An illegal action is never an exception and never changes the state: it is a
`Refused` value. A check that options and handlers share answers the value it found or a `Refused` (never a
reason as a string, never None for "refused"): a handler unwraps it with `Edit.must`, which refuses the input
with it (its `needs` kept), and an option's check reads it with `refused`. A `Refused` is not falsy: ask
`refused(x)`, never `if x`. A refusal may say that the action only lacks a chance outcome
(a die roll, a shuffle order); the runtime then supplies one and tries again,
so the core itself never draws random numbers.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, TypeGuard, Union

from pyrsistent import PMap


@dataclass(frozen=True)
class Needs:
    """The outcome a chance action lacks.

    kind "roll": `spec` is a roll spec like "2d6"; the runtime adds `values`.
    kind "order": `cards` must be put in a random order; the runtime adds it as `key`.
    """

    kind: str
    key: str
    spec: str = ""
    cards: tuple[str, ...] = ()


@dataclass(frozen=True)
class Accepted:
    state: PMap
    log: tuple[str, ...] = ()
    # Set when the action revealed hidden information (a draw, a roll, a
    # shuffle): how to put the table back if it is undone.
    reveal: str | None = None
    told: tuple[tuple[str, str], ...] = ()  # what the box shows large for a moment: `Step.tells`, `Edit.tell`


@dataclass(frozen=True)
class Refused:
    reason: str
    needs: Needs | None = None
    needs_confirm: bool = False
    details: dict[str, Any] = field(default_factory=dict)


Result = Union[Accepted, Refused]


def refused(checked: object) -> TypeGuard[Refused]:
    """Whether a check's answer (or an input's result) is a refusal: the one way to ask."""
    return isinstance(checked, Refused)
