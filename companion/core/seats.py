"""The seat ring: players sit in a list in clockwise order.

"To the left" and "clockwise" both mean the next seat in the list.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.core.result import Refused


def next_seat(seat: int, n: int, step: int = 1) -> int:
    return (seat + step) % n


def clockwise_from(start: int, n: int) -> tuple[int, ...]:
    """Every seat once, starting with `start` and going clockwise."""
    return tuple((start + i) % n for i in range(n))


def rotated(order: Sequence[int], first: int) -> tuple[int, ...]:
    """`order` rotated so that `first` comes first (it must be in `order`)."""
    i = list(order).index(first)
    return tuple(order[i:]) + tuple(order[:i])


def others_from_left_of(seat: int, n: int) -> tuple[int, ...]:
    """Every other seat, starting left of `seat`: a final action each."""
    return clockwise_from(seat, n)[1:]


def fewest_first(values: Sequence[int], ages: Sequence[int | None]) -> tuple[int, ...]:
    """Seats ordered by the fewest of something first, ties to the youngest.

    A missing age sorts after every known age; seats still tied keep seat order.
    """
    unknown = float("inf")
    return tuple(
        sorted(range(len(values)), key=lambda s: (values[s], unknown if ages[s] is None else ages[s], s))
    )


def nth_youngest(ages: Sequence[int | None], nth: int) -> int | Refused:
    """The seat of the `nth` youngest player (1 = the youngest), or why it cannot be told (a refusal).

    Ages are whole years; two players of the same age at the place that matters
    cannot be told apart, so the table must choose.
    """
    if any(a is None for a in ages):
        return Refused("give every player's age, or choose the first player")
    if not 1 <= nth <= len(ages):
        return Refused(f"there is no {nth}th youngest of {len(ages)} players")
    order = sorted(range(len(ages)), key=lambda s: ages[s])
    seat = order[nth - 1]
    twins = [s for s in order if ages[s] == ages[seat]]
    if len(twins) > 1:
        return Refused(f"{len(twins)} players are {ages[seat]}: choose the first player")
    return seat


def rolloff(contenders: Sequence[int], rolls: Sequence[int], highest: bool = True) -> tuple[int, ...]:
    """One round of a roll-off: the contenders who rolled best.

    One seat back means it won; several mean they are tied and roll again.
    """
    if len(contenders) != len(rolls):
        raise ValueError("one roll per contender")
    best = max(rolls) if highest else min(rolls)
    return tuple(s for s, r in zip(contenders, rolls) if r == best)
