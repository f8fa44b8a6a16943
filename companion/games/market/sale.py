"""Sales on the current market cards, and the best sale now (exact).

A sale is a list of parts: a set of one of the current cards and how many times it is
sold. The best sale pays the most piasters for the cubes held; among sales that pay the
same it sells the fewest cubes (the rest stay for later and for the tie-break), and among
those the first found in card-and-set order.

The search is exact. Selling is an unbounded knapsack in five dimensions (one per colour):
the best sale of a collection is, over the sets it can form, one such set plus the best
sale of the rest, or nothing. ``SaleTable`` works it out for the collections a question
reaches from the cubes held (at most every sub-collection: 4**5 = 1024 for 15 cubes;
usually far fewer) and keeps each, so later questions on the same cards reuse them. It
takes the sets in card-and-set order and keeps, for each collection, the best with the
first sets only and the last set that improved it: the sale is read back by following
those sets from the cubes held (the order of the classic table filled set by set, so the
sale among equals is the same). Before the search, a set another set beats (fewer or
equal cubes of every colour, at least the payout) is dropped: it can never be needed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from companion.core.errors import RuleError
from companion.games.market import cubes as cu
from companion.games.market.cards import Card


@dataclass(frozen=True, slots=True)
class Part:
    market: int  # the card's space, 0 = space 1 (leftmost)
    set: int  # the set's place on that card, 0 = the first
    times: int

    def to_dict(self) -> dict[str, int]:
        return {"market": self.market, "set": self.set, "times": self.times}


@dataclass(frozen=True, slots=True)
class Sale:
    parts: tuple[Part, ...]
    payout: int
    sold: cu.Cubes

    def to_dict(self, markets: Sequence[Card] | None = None) -> dict[str, Any]:
        parts = []
        for p in self.parts:
            part: dict[str, Any] = p.to_dict()
            if markets is not None:
                cube_set = markets[p.market].sets[p.set]
                part.update(cubes=cu.to_dict(cube_set.cubes), pays=cube_set.pays, card=markets[p.market].name)
            parts.append(part)
        return {"parts": parts, "payout": self.payout, "sold": cu.to_dict(self.sold)}


NOTHING = Sale((), 0, cu.NONE)


# ------------------------------------------------------------------ checking a sale
def check_sale(raw: Any, held: cu.Cubes, markets: Sequence[Card]) -> Sale:
    """The sale a player asks for, checked against the current cards and the cubes held."""
    if not isinstance(raw, (list, tuple)):
        raise RuleError(
            'a sale lists its parts: [{"market": 1, "set": 2, "times": 1}, ...] '
            "(space and set numbers from 0), or [] to sell nothing"
        )
    parts: list[Part] = []
    sold, payout = cu.NONE, 0
    for i, entry in enumerate(raw):
        part = i + 1
        if not isinstance(entry, dict) or set(entry) != {"market", "set", "times"}:
            raise RuleError(
                'sale part {part}: expected {{"market": ..., "set": ..., "times": ...}}, not {value}',
                part=part,
                value=repr(entry),
            )
        market, which, count = entry["market"], entry["set"], entry["times"]
        if type(market) is not int or not 0 <= market < len(markets):
            raise RuleError(
                "sale part {part}: there is no current market card in space {space} (spaces 0 to {last})",
                part=part,
                space=repr(market),
                last=len(markets) - 1,
            )
        card = markets[market]
        if type(which) is not int or not 0 <= which < len(card.sets):
            raise RuleError(
                "sale part {part}: {card} has no set {set} (sets 0 to {last})",
                part=part,
                card=card.name,
                set=repr(which),
                last=len(card.sets) - 1,
            )
        if type(count) is not int or count < 1:
            raise RuleError(
                "sale part {part}: a set is sold a whole number of times, at least once, not {times}",
                part=part,
                times=repr(count),
            )
        if any(p.market == market and p.set == which for p in parts):
            raise RuleError(
                "sale part {part}: set {set} of {card} is listed twice (list it once, with how many times)",
                part=part,
                set=which,
                card=card.name,
            )
        cube_set = card.sets[which]
        sold = cu.add(sold, cu.times(cube_set.cubes, count))
        payout += cube_set.pays * count
        parts.append(Part(market, which, count))
    if not cu.within(sold, held):
        raise RuleError(
            "that sale needs {needed}, and you hold {held}", needed=cu.describe(sold), held=cu.describe(held)
        )
    return Sale(tuple(parts), payout, sold)


def fits(held: cu.Cubes, markets: Sequence[Card]) -> list[list[int]]:
    """How many times each set of each card could be sold alone from ``held``."""
    return [[min(h // n for h, n in zip(held, s.cubes) if n) for s in card.sets] for card in markets]


# ------------------------------------------------------------------ the best sale
def best(held: cu.Cubes, markets: Sequence[Card]) -> Sale:
    """The sale that pays most now for ``held`` on ``markets`` (see the module's words)."""
    return SaleTable(markets).sale(held)


class SaleTable:
    """The best sale of any cubes on fixed cards, each collection's worked out once.

    Whoever asks several questions on the same cards (a bot values its cubes with each lot
    on the table, then sells; every bot of a round does so on the same cards) keeps one
    table, and what one question worked out answers the next. For each collection it keeps
    the key of the best sale with the first sets only (``prefix[i]``: sets 0 to i-1) and
    the last set that improved it (``choice``). A collection is packed into one integer,
    ``_FIELD`` bits a colour (a colour counts at most 22 cubes, the bag's yellow, in its
    low five bits), so a set fits in it when the subtraction borrows no colour's guard bit.
    """

    def __init__(self, markets: Sequence[Card]) -> None:
        self._sets = _unbeaten(markets)
        self._packed = [(_packed(vec), pays * _SCALE - cu.total(vec)) for _, _, vec, pays in self._sets]
        self._known: dict[int, tuple[list[int], int]] = {}  # packed cubes -> (prefix, choice)

    def __len__(self) -> int:
        """How many collections it has worked out: at most every sub-collection of the
        cubes asked about."""
        return len(self._known)

    def value(self, held: cu.Cubes) -> tuple[int, int]:
        """(what the best sale of ``held`` pays, how many cubes it sells)."""
        key = self._entry(_packed(held))[0][-1]
        payout = -(-key // _SCALE)
        return payout, payout * _SCALE - key

    def sale(self, held: cu.Cubes) -> Sale:
        """The best sale of ``held``: its sets read back from the cubes held, following
        each collection's last improving set."""
        code = _packed(held)
        counts: dict[int, int] = {}
        while (choice := self._entry(code)[1]) >= 0:
            counts[choice] = counts.get(choice, 0) + 1
            code -= self._packed[choice][0]
        parts, sold, payout = [], cu.NONE, 0
        for index in sorted(counts):
            space, which, vec, pays = self._sets[index]
            parts.append(Part(space, which, counts[index]))
            sold = cu.add(sold, cu.times(vec, counts[index]))
            payout += pays * counts[index]
        return Sale(tuple(parts), payout, sold)

    def _entry(self, held: int) -> tuple[list[int], int]:
        """The best sale with set i among the first i+1 sets is set i once plus the best
        sale of the rest with the same sets (a set may be sold any number of times), if it
        beats the best without set i."""
        known = self._known.get(held)
        if known is None:
            key, choice, prefix = 0, -1, [0]  # selling nothing
            for i, (cubes, gain) in enumerate(self._packed):
                if _fits(cubes, held):
                    with_it = gain + self._entry(held - cubes)[0][i + 1]
                    if with_it > key:
                        key, choice = with_it, i
                prefix.append(key)
            known = self._known[held] = (prefix, choice)
        return known


_SCALE = 128
"""A sale's key is its payout times this, less its cubes: a piaster outweighs every cube."""
_FIELD = 6
_GUARDS = sum(1 << (_FIELD * colour + _FIELD - 1) for colour in range(5))


def _packed(cubes: cu.Cubes) -> int:
    return sum(n << (_FIELD * colour) for colour, n in enumerate(cubes))


def _fits(part: int, whole: int) -> bool:
    """Packed cubes ``part`` are within ``whole``: the subtraction borrows no guard bit."""
    return (whole + _GUARDS - part) & _GUARDS == _GUARDS


def _unbeaten(markets: Sequence[Card]) -> list[tuple[int, int, cu.Cubes, int]]:
    """(space, set, cubes, pays) of every set on ``markets`` that no other set makes
    useless: no more cubes of any colour and at least its payout (between two equal sets,
    the earlier one is kept)."""
    found = [
        (space, which, cube_set.cubes, cube_set.pays, _packed(cube_set.cubes))
        for space, card in enumerate(markets)
        for which, cube_set in enumerate(card.sets)
    ]

    def beaten(i: int) -> bool:
        *_, pays, cubes = found[i]
        for j, (*_, other_pays, other_cubes) in enumerate(found):
            if other_cubes == cubes and other_pays == pays:
                if j < i:
                    return True
            elif other_pays >= pays and _fits(other_cubes, cubes):
                return True
        return False

    return [found[i][:4] for i in range(len(found)) if not beaten(i)]


# ------------------------------------------------------------------ the cube limit
def suggested_return(held: cu.Cubes, markets: Sequence[Card], limit: int) -> cu.Cubes:
    """The cubes offered as the default return down to ``limit``: one at a time, the cube
    whose loss costs the least on ``markets`` (the cards that stay after the rotation),
    a tie going to the colour the bag held most of at the start (the commonest)."""
    table = SaleTable(markets)
    back = cu.NONE
    for _ in range(cu.total(held) - limit):
        left = cu.sub(held, back)
        options = []
        for colour in range(5):
            if left[colour]:
                cube = cu.one(cu.COLOURS[colour])
                payout, _ = table.value(cu.sub(left, cube))
                options.append((-payout, -cu.BAG[colour], colour, cube))
        back = cu.add(back, min(options)[3])
    return back
