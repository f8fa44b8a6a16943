"""What a holding of goods is worth to a bot, and what one good more or fewer of a kind
would change: a bot weighs the swaps of every camp the die reaches, so each is found from
two numbers per kind, not from a new appraisal of the changed holding.

A holding's worth is what its sets would sell for, the strongest set weighted by the bot's
style, plus a little per good. The change of one good of a kind is that kind's set value
with one good more or fewer, weighted as its set is: the strongest set's kind (its ``lead``)
stays the holding's lead while a bot weighs small changes, so a swap is worth what it adds
to the kind taken less what it takes from the kind given. Where every set weighs the same
(the merchant's weight 1), that is exactly the worth of the changed holding.
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
    """A holding's worth, and the worth of one good more or fewer of each kind."""

    __slots__ = ("hand", "lead", "losses", "weight", "worth")

    def __init__(self, hand: dict[str, int], weight: float) -> None:
        self.hand, self.weight = hand, weight
        values = {kind: set_value(kind, n) for kind, n in hand.items()}
        self.lead = max(values, key=lambda kind: (values[kind], kind)) if values else None
        strongest = values[self.lead] if self.lead is not None else 0.0
        self.worth = weight * strongest + (sum(values.values()) - strongest) + PER_GOOD * g.total(hand)
        self.losses = {kind: self.loss(kind) for kind in hand}

    def weight_of(self, kind: str) -> float:
        return self.weight if kind == self.lead else 1.0

    def loss(self, kind: str) -> float:
        """What one good of ``kind`` fewer takes from the worth."""
        n = self.hand[kind]
        return self.weight_of(kind) * (set_value(kind, n) - set_value(kind, n - 1)) + PER_GOOD

    def gain(self, kind: str) -> float:
        """What one good of ``kind`` more adds to the worth."""
        n = self.hand.get(kind, 0)
        return self.weight_of(kind) * (set_value(kind, n + 1) - set_value(kind, n)) + PER_GOOD

    def cheapest(self) -> str:
        """The kind whose loss of one good costs least (of equal cost, the first of KINDS)."""
        return min(self.losses, key=lambda kind: (self.losses[kind], g.KINDS.index(kind)))

    def best_give(self, take: str, gives: Iterable[str]) -> tuple[float, str | None]:
        """The best exchange of one held good of ``gives`` (not of ``take``) for one of
        ``take``: what it gains (minus infinity: none) and the good given (of equal gains,
        the first)."""
        chosen, least = None, math.inf
        for give in gives:
            if give != take and self.losses[give] < least:
                chosen, least = give, self.losses[give]
        return (self.gain(take) - least, chosen) if chosen is not None else (-math.inf, None)

    def best_swaps(self) -> BestSwaps:
        """What the best exchange of one held good for one of each kind would gain."""
        return BestSwaps(self)


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
