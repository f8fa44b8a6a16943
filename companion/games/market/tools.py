"""Samarkand Market's command-line tool (``samarkand advise market FILE``): JSON in, the
best sale out, computed by sale.py."""

from __future__ import annotations

from typing import Any

from companion.core.errors import RuleError
from companion.games.market import cubes as cu
from companion.games.market.cards import parse_card
from companion.games.market.sale import best, fits

MARKETS = 3
"""The current cards: spaces 1, 2 and 3."""


def advise_data(data: Any) -> dict:
    """``samarkand advise market FILE``: {"cubes": ..., "markets": [card, card, card]} in,
    the best sale out; a malformed field is named in a ValueError."""
    if not isinstance(data, dict):
        raise ValueError('file: expected {"cubes": {"yellow": 2, ...}, "markets": [card, ...]}')
    unknown = sorted(set(data) - {"cubes", "markets"})
    if unknown:
        raise ValueError(f"file: unknown field {unknown[0]!r} (expected cubes and markets)")
    if "cubes" not in data or "markets" not in data:
        raise ValueError("file: both cubes (the cubes held) and markets (the current cards) are needed")
    try:
        held = cu.parse(data["cubes"])
    except RuleError as exc:
        raise ValueError(str(exc)) from None
    if not cu.within(held, cu.BAG):
        raise ValueError(f"cubes: more than the bag holds ({cu.letters(cu.BAG)})")
    raw = data["markets"]
    if not isinstance(raw, list) or not 1 <= len(raw) <= MARKETS:
        raise ValueError(f"markets: expected a list of 1 to {MARKETS} market cards")
    markets = [parse_card(card, f"markets[{i}]", f"Market {i + 1}") for i, card in enumerate(raw)]
    sale = best(held, markets)
    answer = sale.to_dict(markets)
    answer["kept"] = cu.to_dict(cu.sub(held, sale.sold))
    answer["each_set"] = [
        [{"pays": s.pays, "could_sell": n} for s, n in zip(card.sets, row)]
        for card, row in zip(markets, fits(held, markets))
    ]
    return answer
