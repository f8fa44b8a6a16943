"""The table's settings for Le Marché: rule options and card distributions as data.

Sources disagree on a few points and are silent on card splits (see
shared/design/marche-rules.md); every such choice is a setting here, never a constant
in the engine.
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from companion.core.errors import RuleError

GOODS_TYPES = ("jewels", "spices", "vegetables", "carpets", "textiles")
# One each of 5, 6, 7 and seven low cards; the low split is in no source: default 1,1,2,2,2,3,3.
DEFAULT_GOODS_CARDS = (1, 1, 2, 2, 2, 3, 3, 5, 6, 7)
# Sixteen camels valued 3-6; the split is in no source: default four of each.
DEFAULT_CAMEL_CARDS = (3,) * 4 + (4,) * 4 + (5,) * 4 + (6,) * 4

CHOICES = {
    "lowest_price": (1, 0),
    "camel_refill": ("rulebook", "immediate"),
    "set_scoring": ("rulebook", "doubling"),
    "hidden_goods": (False, True),
}


@dataclass(frozen=True)
class MarcheRules:
    """Rule options (defaults are the publisher's rulebook) and the card data."""

    lowest_price: int = 1
    camel_refill: str = "rulebook"
    set_scoring: str = "rulebook"
    hidden_goods: bool = False
    goods_cards: tuple[int, ...] = DEFAULT_GOODS_CARDS
    camel_cards: tuple[int, ...] = DEFAULT_CAMEL_CARDS
    start_price: int = 10
    turns: int = 10

    def __post_init__(self) -> None:
        for name, allowed in CHOICES.items():
            value = getattr(self, name)
            if value not in allowed or type(value) is not type(allowed[0]):
                raise RuleError(
                    "rule option {name} must be one of {allowed}, not {value}",
                    name=repr(name),
                    allowed=str(list(allowed)),
                    value=repr(value),
                )
        for name in ("start_price", "turns"):
            if type(getattr(self, name)) is not int or getattr(self, name) < 1:
                raise RuleError("rule option {name} must be a whole number of at least 1", name=repr(name))
        if len(self.goods_cards) != self.turns or any(v < 0 for v in self.goods_cards):
            raise RuleError(
                "goods_cards must list {turns} non-negative values, one per turn", turns=self.turns
            )
        if not self.camel_cards or any(v <= 0 for v in self.camel_cards):
            raise RuleError("camel_cards must list positive capacities")
        if not self.lowest_price < self.start_price:
            raise RuleError("start_price must be above lowest_price")

    @classmethod
    def from_dict(cls, data: dict | None) -> MarcheRules:
        """Build from a JSON/TOML table, naming any unknown or malformed key."""
        data = dict(data or {})
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise RuleError(
                "unknown rule option {name}; known: {known}", name=repr(unknown[0]), known=str(sorted(known))
            )
        for key in ("goods_cards", "camel_cards"):
            if key in data:
                if not isinstance(data[key], (list, tuple)) or not all(
                    isinstance(v, int) and not isinstance(v, bool) for v in data[key]
                ):
                    raise RuleError("rule option {name} must be a list of integers", name=repr(key))
                data[key] = tuple(data[key])
        return cls(**data)

    def to_dict(self) -> dict:
        return {
            f.name: (list(v) if isinstance(v := getattr(self, f.name), tuple) else v) for f in fields(self)
        }


def starting_money(players: int) -> int:
    """15 dirhams each, 25 with three players."""
    return 25 if players == 3 else 15


def podium_points(players: int) -> tuple[int, ...]:
    """Points by money rank: 5/3/1 with 4-5 players, 3/1 with three."""
    return (3, 1) if players == 3 else (5, 3, 1)
