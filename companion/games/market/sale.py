"""Sales on the current market cards, and the best sale now (exact).

A sale is a list of parts: a set of one of the current cards and how many times it is
sold. The best sale pays the most piasters for the cubes held; among sales that pay the
same it sells the fewest cubes (the rest stay for later and for the tie-break), and among
those the first found in card-and-set order.

The search is exact. Selling is an unbounded knapsack in five dimensions (one per colour),
and a player's cubes are few, so the table of every sub-collection of the cubes held is
small (at most 4**5 = 1024 entries for 15 cubes; fewer when the colours are uneven or
unused by any set). ``best`` fills it set by set, each over the box of sub-collections the
set fits in (the classic unbounded-knapsack order, so a set may be used any number of
times), keeping for each entry the set that last improved it; the sale is read back by
following those sets from the cubes held. Before the search, sets that cannot be formed
at all are dropped, and so is a set another set beats (fewer or equal cubes of every
colour, at least the payout): it can never be needed.
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
    candidates = _candidates(held, markets)
    if not candidates:
        return NOTHING
    used = [c for c in range(5) if any(vec[c] for _, _, vec, _ in candidates)]
    limits = [held[c] for c in used]
    radix = [1] * len(used)  # the first colour has the largest radix
    for i in range(len(used) - 2, -1, -1):
        radix[i] = radix[i + 1] * (limits[i + 1] + 1)
    size = radix[0] * (limits[0] + 1)
    weight = sum(held) + 1  # a piaster outweighs every cube a sale sells
    key = [0] * size
    choice = [-1] * size
    for index, (_, _, vec, pays) in enumerate(candidates):
        need = [vec[c] for c in used]
        delta = sum(n * r for n, r in zip(need, radix))
        gain = pays * weight - sum(need)
        codes = [0]
        for n, limit, r in zip(need, limits, radix):  # the box, in increasing order
            codes = [code + step for code in codes for step in range(n * r, (limit + 1) * r, r)]
        for code in codes:
            value = key[code - delta] + gain
            if value > key[code]:
                key[code] = value
                choice[code] = index
    return _read_back(candidates, choice, radix, used, held)


def _candidates(held: cu.Cubes, markets: Sequence[Card]) -> list[tuple[int, int, cu.Cubes, int]]:
    """(space, set, cubes, pays) of every set worth searching, in card-and-set order."""
    found: list[tuple[int, int, cu.Cubes, int]] = []
    for space, card in enumerate(markets):
        for which, cube_set in enumerate(card.sets):
            vec = cube_set.cubes
            if cu.within(vec, held):
                found.append((space, which, vec, cube_set.pays))
    return [
        c
        for i, c in enumerate(found)
        if not any(_beats(other, c, j < i) for j, other in enumerate(found) if j != i)
    ]


def _beats(other, mine, earlier: bool) -> bool:
    """``other`` makes ``mine`` useless: no more cubes of any colour and at least its payout
    (between two equal sets, the earlier one is kept)."""
    _, _, vec, pays = other
    _, _, my_vec, my_pays = mine
    if vec == my_vec and pays == my_pays:
        return earlier
    return pays >= my_pays and cu.within(vec, my_vec)


def _read_back(candidates, choice: list[int], radix: list[int], used: list[int], held: cu.Cubes) -> Sale:
    code = sum(held[c] * r for c, r in zip(used, radix))
    counts: dict[int, int] = {}
    while choice[code] >= 0:
        index = choice[code]
        counts[index] = counts.get(index, 0) + 1
        vec = candidates[index][2]
        code -= sum(vec[c] * r for c, r in zip(used, radix))
    parts, sold, payout = [], cu.NONE, 0
    for index in sorted(counts):
        space, which, vec, pays = candidates[index]
        parts.append(Part(space, which, counts[index]))
        sold = cu.add(sold, cu.times(vec, counts[index]))
        payout += pays * counts[index]
    return Sale(tuple(parts), payout, sold)


# ------------------------------------------------------------------ the cube limit
def suggested_return(held: cu.Cubes, markets: Sequence[Card], limit: int) -> cu.Cubes:
    """The cubes offered as the default return down to ``limit``: one at a time, the cube
    whose loss costs the least on ``markets`` (the cards that stay after the rotation),
    a tie going to the colour the bag held most of at the start (the commonest)."""
    back = cu.NONE
    for _ in range(cu.total(held) - limit):
        left = cu.sub(held, back)
        options = []
        for colour in range(5):
            if left[colour]:
                cube = cu.one(cu.COLOURS[colour])
                options.append((-best(cu.sub(left, cube), markets).payout, -cu.BAG[colour], colour, cube))
        back = cu.add(back, min(options)[3])
    return back
