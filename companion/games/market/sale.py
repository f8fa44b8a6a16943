"""Sales on the current market cards, and the best sale now (exact).

A sale is a list of parts: a set of one of the current cards and how many times it is
sold. The best sale pays the most piasters for the cubes held; among sales that pay the
same it sells the fewest cubes (the rest stay for later and for the tie-break), and among
those the one the classic table filled set by set in card-and-set order names: the one
that sells the fewest of the last set, then of the set before it, and so on.

The search is exact. Selling is an unbounded knapsack in five dimensions (one per colour):
the best sale of a collection is, over the sets it can form, one such set plus the best
sale of the rest, or nothing. ``SaleTable`` works it out for the collections a question
reaches from the cubes held (at most every sub-collection: 4**5 = 1024 for 15 cubes;
usually far fewer) and keeps each, so later questions on the same cards reuse them. The
sets of one colour are a knapsack in one dimension, worked out apart for each colour, so
the search over collections subtracts only the sets of several colours: it reaches far
fewer collections than a search over every set would.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from companion.core.errors import RuleError, numbered
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
                "sale part {part}: there is no current market card in space {space} (spaces 1 to {last})",
                part=part,
                space=numbered(market),
                last=len(markets),
            )
        card = markets[market]
        if type(which) is not int or not 0 <= which < len(card.sets):
            raise RuleError(
                "sale part {part}: {card} has no set {set} (sets 1 to {last})",
                part=part,
                card=card.name,
                set=numbered(which),
                last=len(card.sets),
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
                set=which + 1,
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


_Set = tuple[int, int, int]
"""A set of several colours as the search tries it: (its index in card-and-set order, its
packed cubes, its key)."""


class SaleTable:
    """The best sale of any cubes on fixed cards, each collection's worked out once.

    Whoever asks several questions on the same cards (a bot values its cubes with each lot
    on the table, then sells; every bot of a round does so on the same cards) keeps one
    table, and what one question worked out answers the next. A set of one colour meets
    the others only through its colour's count, so each colour's sets are worked out apart,
    once for every count (``_Line``), and the search over collections tries only the sets
    of several colours, the lines selling what they leave. For each collection it keeps
    the best key and the sets of several colours that fit; for the collections a sale is
    read from, the sale chosen among the best. A collection is packed into one integer,
    a byte a colour (a colour counts at most its bag's cubes, 22 for yellow, in its low
    seven bits), so a set fits in it when the subtraction borrows no colour's guard bit.
    """

    def __init__(self, markets: Sequence[Card], least_per_cube: float = 0.0) -> None:
        """The sales on ``markets`` of their sets paying at least ``least_per_cube`` a cube
        (every set at 0: a bot's style may keep its cubes for the sets that pay well)."""
        self._sets = [
            (space, which, cube_set.cubes, cube_set.pays)
            for space, card in enumerate(markets)
            for which, cube_set in enumerate(card.sets)
            if cube_set.pays >= least_per_cube * cu.total(cube_set.cubes)
        ]
        self._mixed: list[_Set] = []
        one_colour: list[list[tuple[int, int, int]]] = [[] for _ in cu.COLOURS]
        for index, (_, _, vec, pays) in enumerate(self._sets):
            gain = pays * _SCALE - cu.total(vec)
            colours = [colour for colour, n in enumerate(vec) if n]
            if len(colours) == 1:
                one_colour[colours[0]].append((index, vec[colours[0]], gain))
            else:
                self._mixed.append((index, _packed(vec), gain))
        self._lines = [_Line(colour, sets) for colour, sets in enumerate(one_colour) if sets]
        self._line_counts = sum(line.mask for line in self._lines)  # the counts the lines read
        self._one_colour: dict[int, int] = {}  # those counts -> the lines' best key
        self._known: dict[int, int] = {}  # packed cubes -> the best sale's key
        self._fitting: dict[int, list[_Set]] = {}  # packed cubes -> the sets of several colours that fit
        self._chosen: dict[int, tuple[int, ...]] = {}  # packed cubes -> the sale chosen (see _choice)

    def __len__(self) -> int:
        """How many collections it has worked out: at most every sub-collection of the
        cubes asked about."""
        return len(self._known)

    def value(self, held: cu.Cubes) -> tuple[int, int]:
        """(what the best sale of ``held`` pays, how many cubes it sells)."""
        return self.values_with(held, [cu.NONE])[0]

    def values_with(self, held: cu.Cubes, lots: Sequence[cu.Cubes]) -> list[tuple[int, int]]:
        """``value`` of ``held`` with each of ``lots`` added: a bot values every lot on the
        table at once, its cubes packed once and the lines worked out once."""
        most = tuple(map(max, zip(cu.NONE, *lots)))  # the most of each colour a lot adds
        self._reach(cu.add(held, most))
        code = _packed(held)
        values = []
        for lot in lots:
            key = self._key(code + _packed(lot), self._mixed)
            payout = -(-key // _SCALE)
            values.append((payout, payout * _SCALE - key))
        return values

    def sale(self, held: cu.Cubes) -> Sale:
        """The best sale of ``held``, the one chosen among equals."""
        self._reach(held)
        code = _packed(held)
        self._key(code, self._mixed)
        chosen = self._choice(code)
        parts, sold, payout = [], 0, 0
        for index in sorted(set(chosen)):
            space, which, vec, pays = self._sets[index]
            times = chosen.count(index)
            parts.append(Part(space, which, times))
            sold += _packed(vec) * times
            payout += pays * times
        return Sale(tuple(parts), payout, _unpacked(sold))

    def _reach(self, counts: cu.Cubes) -> None:
        """Work the lines out as far as ``counts`` of each colour, and so for every
        collection within them."""
        for line in self._lines:
            line.reach(counts[line.colour])

    def _key(self, held: int, candidates: list[_Set]) -> int:
        """The best sale's key: the sets of one colour alone, or a set of several colours
        once plus the best sale of the rest (a set may be sold any number of times). The
        sets of several colours tried are the ``candidates`` that fit: a set that does not
        fit a collection fits none of its parts."""
        key = self._known.get(held)
        if key is None:
            fitting = self._fitting[held] = [each for each in candidates if _fits(each[1], held)]
            key = self._one_colour_key(held)
            for _, cubes, gain in fitting:
                if (with_it := gain + self._key(held - cubes, fitting)) > key:
                    key = with_it
            self._known[held] = key
        return key

    def _choice(self, held: int) -> tuple[int, ...]:
        """The sale chosen among the best sales of ``held`` (searched already), as its
        sets' indices from the last in card-and-set order down: the one whose list compares
        least, so it sells the fewest of the last set, then of the one before, and so on
        (the sale the classic table filled set by set names). It is the sets of one colour
        alone, or a set of several colours that a best sale holds and the sale chosen for
        the rest, whichever compares least (what one colour's sets choose is its line's)."""
        chosen = self._chosen.get(held)
        if chosen is None:
            key, options = self._known[held], []
            if self._one_colour_key(held) == key:
                options.append(_listed(i for line in self._lines for i in line.chosen[line.count(held)]))
            for index, cubes, gain in self._fitting[held]:
                if gain + self._known[held - cubes] == key:
                    options.append(_listed((index, *self._choice(held - cubes))))
            chosen = self._chosen[held] = min(options)
        return chosen

    def _one_colour_key(self, held: int) -> int:
        """The best sale's key on the sets of one colour alone: the lines', kept by the
        counts they read, which many collections share."""
        counts = held & self._line_counts
        key = self._one_colour.get(counts)
        if key is None:
            key = self._one_colour[counts] = sum([line.keys[line.count(held)] for line in self._lines])
        return key


class _Line:
    """The best sale of every count of one colour on that colour's sets alone, and the sale
    chosen among equals (see ``SaleTable._choice``): an unbounded knapsack in one
    dimension, worked out count by count as far as the questions reach."""

    def __init__(self, colour: int, sets: list[tuple[int, int, int]]) -> None:
        """``sets``: (index, how many cubes, key) of each set of this colour alone."""
        self.colour = colour
        self._shift = _FIELD * colour
        self.mask = _COUNT << self._shift  # the colour's count in packed cubes
        self._sets = sets
        self.keys = [0]  # cubes -> the best sale's key
        self.chosen: list[tuple[int, ...]] = [()]  # cubes -> the sale chosen

    def count(self, held: int) -> int:
        """How many cubes of this colour the packed ``held`` counts."""
        return (held >> self._shift) & _COUNT

    def reach(self, most: int) -> None:
        """Work the line out up to ``most`` cubes."""
        for n in range(len(self.keys), most + 1):
            fitting = [
                (index, n - size, gain + self.keys[n - size]) for index, size, gain in self._sets if size <= n
            ]
            key = max([0] + [with_it for _, _, with_it in fitting])
            best_sales = [
                _listed((index, *self.chosen[rest])) for index, rest, with_it in fitting if with_it == key
            ]
            self.keys.append(key)
            self.chosen.append(min(best_sales, default=()))


def _listed(indices: Iterable[int]) -> tuple[int, ...]:
    """A sale's sets' indices, the last first."""
    return tuple(sorted(indices, reverse=True))


_SCALE = 128
"""A sale's key is its payout times this, less its cubes: a piaster outweighs every cube."""
_FIELD = 8
_COUNT = (1 << (_FIELD - 1)) - 1
"""A colour's count in its field, under the guard bit."""
_GUARDS = sum(1 << (_FIELD * colour + _FIELD - 1) for colour in range(5))


def _packed(cubes: cu.Cubes) -> int:
    """The cubes in one integer, a byte a colour (the first colour in the lowest)."""
    return int.from_bytes(bytes(cubes), "little")


def _unpacked(code: int) -> cu.Cubes:
    """The cubes packed in ``code``."""
    return tuple(code.to_bytes(len(cu.COLOURS), "little"))  # type: ignore[return-value]


def _fits(part: int, whole: int) -> bool:
    """Packed cubes ``part`` are within ``whole``: the subtraction borrows no guard bit."""
    return (whole + _GUARDS - part) & _GUARDS == _GUARDS


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
