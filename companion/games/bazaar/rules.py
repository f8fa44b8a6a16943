"""Bazaar's rule options and its scoring chart (shared/design/bazaar-rules.md)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any

from companion.core.errors import RuleError
from companion.core.phrase import Phrase

CUBE_LIMIT = 10
STALLS = 4
CARDS_PER_STALL = 5
EXCHANGE_CARDS = 2
STALLS_TO_CLOSE = 2
"""The game ends at once when this many stalls are empty."""

POINTS = {0: (5, 3, 2, 1), 1: (8, 5, 3, 2), 2: (12, 8, 5, 3)}
"""Points by star level (0, 1, 2) and cubes left after the purchase (0, 1, 2, 3 or more)."""

CHOICES: dict[str, tuple[Any, ...]] = {
    "wares_per_turn": ("1", "many"),
    "cards": ("auto", "sample", "entered"),
}
DESCRIPTIONS = {
    "wares_per_turn": Phrase(
        "wares a player may buy at the end of a turn: 1, or as many as the cubes allow (the source is silent)"
    ),
    "cards": Phrase(
        "the exchange equations and ware cards: auto (typed by the host at a physical "
        "table, from the sample files in a digital game), sample (the invented files "
        "shipped in data/) or entered (the host types each card as it comes up)"
    ),
    "first_player": Phrase("the seat that starts (the youngest player), 1 to the number of players"),
}
"""The host's new-game form shows these, in the reader's language."""


def points(star_level: int, cubes_left: int) -> int:
    """The chart: 3+ cubes left -> 1/2/3, 2 -> 2/3/5, 1 -> 3/5/8, 0 -> 5/8/12."""
    if cubes_left < 0:
        raise ValueError(f"a purchase leaves 0 or more cubes, not {cubes_left}")
    return POINTS[min(star_level, 2)][min(cubes_left, 3)]


@dataclass(frozen=True, slots=True)
class BazaarRules:
    wares_per_turn: str = "1"
    cards: str = "auto"
    first_player: int = 1

    def __post_init__(self) -> None:
        for name, allowed in CHOICES.items():
            if getattr(self, name) not in allowed:
                raise RuleError(
                    "rule option {name} must be one of {allowed}, not {value}",
                    name=repr(name),
                    allowed=", ".join(map(repr, allowed)),
                    value=repr(getattr(self, name)),
                )
        if type(self.first_player) is not int or self.first_player < 1:
            raise RuleError(
                "rule option 'first_player' is a seat from 1, not {value}", value=repr(self.first_player)
            )

    def typed(self, mode: str) -> bool:
        """Whether the host types the cards, at a table of ``mode`` (digital or physical)."""
        return self.cards == "entered" or (self.cards == "auto" and mode == "physical")

    @property
    def purchases(self) -> int | None:
        """How many wares a turn may buy (None: no limit)."""
        return None if self.wares_per_turn == "many" else 1

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any] | None) -> BazaarRules:
        raw = dict(raw or {})
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(raw) - known)
        if unknown:
            raise RuleError(
                "unknown rule option {name}; known: {known}",
                name=repr(unknown[0]),
                known=", ".join(sorted(known)),
            )
        return cls(**raw)

    def to_dict(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}
