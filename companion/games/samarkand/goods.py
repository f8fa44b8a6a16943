"""The goods, the price table and the sales of Samarkand, as plain functions of counts.

Goods are named by colour, the same in both editions (1998 names: grain, fruit, copper,
carpets, camels, jewels). A holding of goods is a plain dict kind -> count without zero
entries, so two equal holdings compare equal and turn into the same JSON.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from companion.core.errors import RuleError
from companion.core.phrase import Phrase

KINDS = ("yellow", "green", "red", "blue", "white", "black")
WILD = "wild"
SYMBOLS = (*KINDS, WILD)
"""What a market buys: one kind, or the wild assortment."""
COPIES = {"yellow": 22, "green": 20, "red": 18, "blue": 16, "white": 14, "black": 12}
REMOVED_1998 = {5: 0, 4: 1, 3: 3, 2: 5}
"""1998: copies of each kind taken out of the deck, by the number of players."""
NAMES_1998 = {
    "yellow": "grain",
    "green": "fruit",
    "red": "copper",
    "blue": "carpets",
    "white": "camels",
    "black": "jewels",
    WILD: "assortment",
}

PRICES: dict[str, dict[int, int]] = {
    "yellow": {2: 10, 3: 15, 4: 20, 5: 40, 6: 80, 7: 140},
    "green": {2: 10, 3: 20, 4: 30, 5: 60, 6: 120},
    "red": {2: 15, 3: 25, 4: 40, 5: 70, 6: 140},
    "blue": {2: 15, 3: 30, 4: 50, 5: 80, 6: 160},
    "white": {2: 20, 3: 35, 4: 60, 5: 100, 6: 180},
    "black": {2: 20, 3: 40, 4: 70, 5: 120, 6: 200},
    WILD: {2: 10, 3: 15, 4: 20, 5: 50, 6: 100},
}
"""Count sold -> piasters (the same in both editions); a wild sale counts its kinds."""
LARGEST = {symbol: max(row) for symbol, row in PRICES.items()}
HAND_LIMIT = 12
"""What every supply is cut to when the deck or bag runs out."""


def full_supply(edition: str, players: int) -> dict[str, int]:
    """The deck (1998, fewer cards with fewer players) or the bag (2.0, all 102 cubes).
    Ruling: 1998's cards are removed before the camps are filled (drawn from this deck)."""
    removed = REMOVED_1998[players] if edition == "1998" else 0
    return {kind: COPIES[kind] - removed for kind in KINDS}


def add(holding: dict[str, int], goods: Mapping[str, int]) -> None:
    for kind, n in goods.items():
        if n:
            holding[kind] = holding.get(kind, 0) + n


def take(holding: dict[str, int], goods: Mapping[str, int]) -> None:
    """Remove ``goods`` (already checked to be there), dropping the kinds that run out."""
    for kind, n in goods.items():
        left = holding[kind] - n
        if left:
            holding[kind] = left
        else:
            del holding[kind]


def total(goods: Mapping[str, int]) -> int:
    return sum(goods.values())


def ordered(goods: Mapping[str, int]) -> dict[str, int]:
    """``goods`` in the order of KINDS (for views and records)."""
    return {kind: goods[kind] for kind in KINDS if goods.get(kind)}


def goods_arg(value: Any, what: str) -> dict[str, int]:
    """A JSON holding {kind: count} (or a list of kinds) checked and made plain."""
    if isinstance(value, (list, tuple)):
        counted: dict[str, int] = {}
        for kind in value:
            _check_kind(kind, what)
            counted[kind] = counted.get(kind, 0) + 1
        return counted
    if not isinstance(value, Mapping):
        raise RuleError('{what} must be goods as {{kind: count}}, e.g. {{"red": 2}}', what=what)
    plain: dict[str, int] = {}
    for kind, n in value.items():
        _check_kind(kind, what)
        if type(n) is not int or n < 0:
            raise RuleError(
                "{what}: the count of {kind} must be a whole number, not {n}", what=what, kind=kind, n=repr(n)
            )
        if n:
            plain[kind] = n
    return plain


def _check_kind(kind: Any, what: str) -> None:
    if kind not in KINDS:
        raise RuleError(
            "{what}: {kind} is not a good ({kinds})", what=what, kind=repr(kind), kinds=", ".join(KINDS)
        )


def covers(holding: Mapping[str, int], goods: Mapping[str, int]) -> bool:
    return all(holding.get(kind, 0) >= n for kind, n in goods.items())


def word(kind: str, edition: str) -> str:
    """A kind as the edition names it: 2.0's cubes by their colour, 1998's cards by name
    (a msgid of the pages' catalog, so a refusal reads "grain", "céréales")."""
    return NAMES_1998.get(kind, kind) if edition == "1998" else kind


def describe(goods: Mapping[str, int], edition: str = "2.0") -> Phrase:
    """The goods in words ("2 red, 1 blue"; 1998's cards: "2 × grain"): a Phrase of one Phrase per
    kind, so that a refusal naming goods reads in the reader's language (the list itself
    is not a msgid)."""
    shown = ordered(goods)
    if not shown:
        return Phrase("nothing")
    parts = {
        kind: (
            Phrase("{n} × {kind}", n=n, kind=NAMES_1998[kind])
            if edition == "1998"
            else Phrase("{n} {kind}", n=n, kind=kind)
        )
        for kind, n in shown.items()
    }
    listed = ", ".join("{" + kind + "}" for kind in parts)
    return Phrase(listed, **parts)


# ----------------------------------------------------------------- sales
@dataclass(frozen=True, slots=True)
class Sale:
    """One sale a market could make: which market of the city, the goods, the price."""

    market: int
    symbol: str
    goods: tuple[tuple[str, int], ...]
    pays: int
    covered: bool = False

    @property
    def count(self) -> int:
        return sum(n for _, n in self.goods)

    def to_dict(self) -> dict[str, Any]:
        return {
            "market": self.market,
            "symbol": self.symbol,
            "goods": dict(self.goods),
            "count": self.count,
            "pays": self.pays,
            "covered": self.covered,
        }


def price(symbol: str, count: int, covered: bool = False, covered_two: str = "half") -> int | None:
    """What ``count`` goods of ``symbol`` pay (None: that sale is not possible).

    A covered symbol (1998's chips) pays the column for one good fewer; two covered goods
    pay half the 2-goods price, rounded down (``covered_two="half"``) or cannot be sold
    (``"none"``).
    """
    row = PRICES[symbol]
    if count not in row:
        return None
    if not covered:
        return row[count]
    if count == 2:
        return row[2] // 2 if covered_two == "half" else None
    return row[count - 1]


def sales(
    goods: Mapping[str, int],
    markets: Iterable[str],
    *,
    covered: Iterable[str] = (),
    closed: int | None = None,
    covered_two: str = "half",
    largest: bool = False,
) -> list[Sale]:
    """Every sale the city's markets buy from ``goods`` now.

    ``covered``: the symbols under a chip (1998); ``closed``: the market under the
    closed-market token (2.0). A kind market takes 2 up to the table's largest count; the
    wild market one good of each of 2 or more kinds (the kinds of which fewest are held are
    offered, so as to keep the others' sets). ``largest``: only each market's largest
    sale, as a market pays more for more goods (every row of the price table rises, a
    covered symbol's too): the best sale of all is one of them (``best_sale``), found
    without listing the others.
    """
    covered = set(covered)
    found: list[Sale] = []
    for index, symbol in enumerate(markets):
        if index == closed:
            continue
        hidden = symbol in covered
        if symbol == WILD:
            kinds = sorted((k for k in KINDS if goods.get(k)), key=lambda k: (goods[k], KINDS.index(k)))
            counts = range(2, len(kinds) + 1)
        else:
            counts = range(2, min(goods.get(symbol, 0), LARGEST[symbol]) + 1)
        for n in reversed(counts) if largest else counts:
            pays = price(symbol, n, hidden, covered_two)
            if pays is None:
                continue
            if symbol == WILD:
                chosen = tuple(sorted(((k, 1) for k in kinds[:n]), key=lambda g: KINDS.index(g[0])))
            else:
                chosen = ((symbol, n),)
            found.append(Sale(index, symbol, chosen, pays, hidden))
            if largest:
                break
    return found


def best_sale(found: list[Sale]) -> Sale | None:
    """The sale that pays most now; of equal pay, the one that gives up fewest goods."""
    return max(found, key=lambda s: (s.pays, -s.count, -s.market), default=None)


def sale_of(goods: Mapping[str, int], symbol: str, given: Any) -> dict[str, int]:
    """The goods a ``sell`` decision names for a market of ``symbol``: a count for a kind
    market, the kinds (one of each) for the wild market."""
    if symbol == WILD:
        if not isinstance(given, (list, tuple)):
            raise RuleError(
                "the wild market buys one good of each of several kinds: "
                'say which kinds ("kinds": ["red", "blue"])'
            )
        chosen = goods_arg(given, Phrase("the wild market's kinds"))
        if any(n > 1 for n in chosen.values()):
            raise RuleError("the wild market buys only one good of each kind")
        if len(chosen) < 2:
            raise RuleError("the wild market buys an assortment of at least 2 kinds")
        return chosen
    if type(given) is not int:
        raise RuleError('say how many {symbol} goods to sell ("count": 2 or more)', symbol=symbol)
    if given < 2:
        raise RuleError("a market buys at least 2 goods, not {count}", count=given)
    if given > LARGEST[symbol]:
        raise RuleError(
            "the price table stops at {largest} {symbol}: no more than {largest} can be sold at once",
            largest=LARGEST[symbol],
            symbol=symbol,
        )
    return {symbol: given}
