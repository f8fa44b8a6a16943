"""What a holding of goods is worth to a bot, and what it would be worth after one swap or
one loss, found from the kinds the change touches alone.

A holding's worth is what its sets would sell for, the strongest set weighted by the bot's
style, plus a little per good. A bot weighs dozens of swaps per camp and every camp of the
board per move, so an ``Appraisal`` keeps each kind's set value, their sum and the three
largest: a change of one or two kinds is then a few additions, not a new valuation of every
kind. Every set value is a whole number, so the sums are exact whatever their order and a
changed holding's worth is the same float as a fresh appraisal's (tests/samarkand checks it).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterable

from companion.games.samarkand import goods as g

PER_GOOD = 1.5
"""What each good held adds to a holding's worth, whatever its set."""


@functools.cache
def set_value(kind: str, n: int) -> float:
    """What ``n`` goods of a kind would sell for as a set (a lone good: a little): found
    once per kind and count, as every appraisal and every swap weighed reads a few."""
    return g.PRICES[kind][min(n, g.LARGEST[kind])] if n >= 2 else 2.0 * n


class Appraisal:
    """A holding's set values, kept so that its worth after a change is quick to find."""

    __slots__ = ("count", "hand", "less", "sum", "tops", "values", "weight")

    def __init__(self, hand: dict[str, int], weight: float) -> None:
        self.hand, self.weight = hand, weight
        self.values = {kind: set_value(kind, n) for kind, n in hand.items()}
        self.less = {kind: set_value(kind, n - 1) for kind, n in hand.items()}  # one good fewer
        self.sum = sum(self.values.values())
        self.count = g.total(hand)
        self.tops = sorted(((v, kind) for kind, v in self.values.items()), reverse=True)[:3]

    def worth(self) -> float:
        return self._worth(self.tops[0][0] if self.tops else 0.0, self.sum, self.count)

    def without(self, kind: str) -> float:
        """The worth with one good of ``kind`` fewer."""
        less = self.less[kind]
        top = max(self._top_but(kind, kind), less)
        return self._worth(top, self.sum - self.values[kind] + less, self.count - 1)

    def swapped(self, take: str, give: str) -> float:
        """The worth with one good of ``give`` (held) exchanged for one of ``take``."""
        return self._swapped(take, give, set_value(take, self.hand.get(take, 0) + 1))

    def best_give(self, take: str, gives: Iterable[str]) -> tuple[float, str | None]:
        """The best exchange of one held good of ``gives`` (not of ``take``) for one of
        ``take``: what it gains (minus infinity: none) and the good given (of equal gains,
        the first), the value of one more ``take`` found once for every good it could be
        swapped for."""
        more = set_value(take, self.hand.get(take, 0) + 1)
        base, best, chosen = self.worth(), -math.inf, None
        for give in gives:
            if give != take:
                gain = self._swapped(take, give, more) - base
                if gain > best:
                    best, chosen = gain, give
        return best, chosen

    def best_swaps(self) -> BestSwaps:
        """What the best exchange of one held good for one of each kind would gain."""
        return BestSwaps(self)

    def _swapped(self, take: str, give: str, more: float) -> float:
        """``swapped``, given the set value of ``take`` with one good more."""
        less = self.less[give]
        top = max(self._top_but(take, give), less, more)
        changed = self.sum - self.values[give] + less - self.values.get(take, 0) + more
        return self._worth(top, changed, self.count)

    def _top_but(self, one: str, other: str) -> float:
        """The largest set value of the kinds other than these two (0 if none)."""
        for value, kind in self.tops:
            if kind != one and kind != other:
                return value
        return 0.0

    def _worth(self, top: float, total: float, count: int) -> float:
        return self.weight * top + (total - top) + PER_GOOD * count


class BestSwaps(dict[str, float]):
    """What the best exchange of one held good for one of a kind would gain (minus infinity
    for a kind that is all that is held), by kind: each found when first read (a camp's
    field offers a few kinds)."""

    __slots__ = ("holding",)

    def __init__(self, holding: Appraisal) -> None:
        super().__init__()
        self.holding = holding

    def __missing__(self, take: str) -> float:
        self[take] = found = self.holding.best_give(take, self.holding.hand)[0]
        return found
