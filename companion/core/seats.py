"""The seat ring: players sit in a list in clockwise order.

"To the left" and "clockwise" both mean the next seat in the list.
"""

from __future__ import annotations

from collections.abc import Sequence


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


def rolloff(contenders: Sequence[int], rolls: Sequence[int], highest: bool = True) -> tuple[int, ...]:
    """One round of a roll-off: the contenders who rolled best.

    One seat back means it won; several mean they are tied and roll again.
    """
    if len(contenders) != len(rolls):
        raise ValueError("one roll per contender")
    best = max(rolls) if highest else min(rolls)
    return tuple(s for s, r in zip(contenders, rolls) if r == best)
