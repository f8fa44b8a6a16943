"""Le Marché's rule options: the schema (each option's type, choices, bounds and words, the
one place they are checked) and MarcheOptions, the options the rules read, built from it.

Where the publisher's rulebook and the French write-up differ, the rulebook is the default
and the other reading a choice. The card values no source publishes are a ruling kept as
data, data/cards.toml, read once with the package as the defaults of ``goods_cards`` and
``camel_cards``: a setup's rules carry the cards, so a stored game never reads the file.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from typing import Any, ClassVar

from companion.core.errors import RuleError
from companion.core.options import Option, RuleOptions
from companion.core.phrase import Phrase
from companion.core.registry import data_file

CARDS_FILE = "cards.toml"
CARDS = tomllib.loads(data_file("companion.games.marche", CARDS_FILE))
"""The ruling on the cards' values: ``goods_cards`` and ``camel_cards``."""
START_PRICE_HIGH = 99
"""The highest count a countdown may start from: two digits, as a person reads a count at a
glance; a turn from 99 already lasts over a minute and a half at the table's usual step of
a second, where a count of a billion made a turn that never ended."""

OPTIONS: tuple[Option, ...] = (
    Option("lowest_price", 1, Phrase("the lowest count a stop may buy at (the rulebook: 1)"), (1, 0)),
    Option(
        "camel_refill",
        "rulebook",
        Phrase(
            "when a camel sold with no goods left is replaced: as in the rulebook (at the next turn) or at once"
        ),
        ("rulebook", "immediate"),
    ),
    Option(
        "set_scoring",
        "rulebook",
        Phrase(
            "what 6 or more equal values score: as in the rulebook (16) or doubling (the score keeps doubling)"
        ),
        ("rulebook", "doubling"),
    ),
    Option("hidden_goods", False, Phrase("bought goods stay hidden until the scoring"), (False, True)),
    Option(
        "goods_cards",
        CARDS["goods_cards"],
        Phrase("each goods type's 10 card values (the low split is in no source)"),
    ),
    Option("camel_cards", CARDS["camel_cards"], Phrase("the camel cards' capacities")),
    Option(
        "start_price",
        10,
        Phrase("the count each turn's countdown starts from (the rulebook: 10)"),
        low=1,
        high=START_PRICE_HIGH,
    ),
    Option(
        "turns",
        10,
        Phrase("the number of turns, one card of each hand per turn (the rulebook: 10)"),
        low=1,
    ),
)


def _whole(value: Any, low: int) -> bool:
    return type(value) is int and value >= low


@dataclass(frozen=True)
class MarcheOptions(RuleOptions):
    """The options of one game (the defaults are the rulebook's), built by ``from_rules``;
    the card lists are kept as tuples, since every copy of the state shares them."""

    schema: ClassVar[tuple[Option, ...]] = OPTIONS

    lowest_price: int
    camel_refill: str
    set_scoring: str
    hidden_goods: bool
    goods_cards: tuple[int, ...]
    camel_cards: tuple[int, ...]
    start_price: int
    turns: int

    def __post_init__(self) -> None:
        """What one option's schema cannot check: the options together, and the cards."""
        object.__setattr__(self, "goods_cards", tuple(self.goods_cards))
        object.__setattr__(self, "camel_cards", tuple(self.camel_cards))
        if len(self.goods_cards) != self.turns or not all(_whole(v, 0) for v in self.goods_cards):
            raise RuleError(
                "goods_cards must list {turns} whole numbers from 0 up, one per turn", turns=self.turns
            )
        if not self.camel_cards or not all(_whole(v, 1) for v in self.camel_cards):
            raise RuleError("camel_cards must list camel capacities, whole numbers from 1 up")
        if not self.lowest_price < self.start_price:
            raise RuleError("start_price must be above lowest_price")

    def to_dict(self) -> dict[str, Any]:
        """The options as JSON has them (the card lists as lists)."""
        return {name: list(v) if isinstance(v, tuple) else v for name, v in super().to_dict().items()}
