"""The table's settings for Samarkand Market: the rule options and the market-card deck.

Where the source is silent the ruling is the default (docs/rules/market.md); where tables
could reasonably differ it is an option here, never a constant in the engine. The deck is
data the rules carry (a stored game keeps its own cards, so a replay never depends on a
file): the registration reads the invented sample deck from the package's data/ folder
as the option's default, and a table may give its own deck instead.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from companion.core.errors import RuleError
from companion.core.phrase import Phrase
from companion.core.registry import Option
from companion.games.market.cards import Card, deck_to_data, parse_deck

START_MONEY = 75
MIN_BID = 5
CUBE_LIMIT = 10
ROUNDS = 10
LOTS = {2: (3, 5), 3: (3, 4, 5), 4: (3, 4, 4, 5), 5: (3, 3, 4, 4, 5)}
"""The lots' sizes by player count, in lot order (lot 1 first)."""
BROKE_PLAYER = ("last_pick", "sits_out")

DESCRIPTIONS = {
    "open_money": Phrase(
        "everyone sees everyone's money (default: each player's money is "
        "secret, shown on their own phone only)"
    ),
    "broke_player": Phrase(
        "a player with under 5 piasters cannot bid: they pick after every "
        "bidder (last_pick) or take no lot that round (sits_out)"
    ),
    "market_deck": Phrase(
        "the market cards a digital game draws from (at least 12; the "
        "default is an invented sample deck, not the publisher's cards); a "
        "table's own deck file (TOML or JSON) may be pasted here"
    ),
}
"""The host's new-game form shows them, in the console's language."""


class DeckOption(Option):
    """The deck option: a list of cards, a deck file's table, or a deck file's text (TOML or
    JSON), each checked card by card and kept as the list of cards."""

    def check(self, value: Any, players: int | None = None) -> Any:
        return deck_to_data(parse_deck(value, self.name))


def options(sample_deck: list[dict]) -> tuple[Option, ...]:
    return (
        Option("open_money", False, DESCRIPTIONS["open_money"]),
        Option("broke_player", BROKE_PLAYER[0], DESCRIPTIONS["broke_player"], BROKE_PLAYER),
        DeckOption("market_deck", sample_deck, DESCRIPTIONS["market_deck"]),
    )


@dataclass(frozen=True)
class MarketRules:
    open_money: bool = False
    broke_player: str = BROKE_PLAYER[0]
    deck: tuple[Card, ...] = ()
    """The digital game's market cards; none: every card is entered at the table."""

    @classmethod
    def from_setup(cls, rules: Mapping[str, Any] | None, entered: bool) -> MarketRules:
        rules = dict(rules or {})
        unknown = sorted(set(rules) - {"open_money", "broke_player", "market_deck"})
        if unknown:
            raise RuleError(
                "Samarkand Market has no rule option {name} (options: open_money, broke_player, market_deck)",
                name=repr(unknown[0]),
            )
        open_money = rules.get("open_money", False)
        if type(open_money) is not bool:
            raise RuleError(
                "rule option 'open_money' must be true or false, not {value}", value=repr(open_money)
            )
        broke = rules.get("broke_player", BROKE_PLAYER[0])
        if broke not in BROKE_PLAYER:
            raise RuleError(
                "rule option 'broke_player' must be one of {allowed}, not {value}",
                allowed=", ".join(BROKE_PLAYER),
                value=repr(broke),
            )
        deck: tuple[Card, ...] = ()
        if not entered:
            if "market_deck" not in rules:
                raise RuleError(
                    "a digital game of Samarkand Market needs its market cards (rule option market_deck)"
                )
            deck = parse_deck(rules["market_deck"])
        return cls(open_money, broke, deck)

    def to_dict(self) -> dict[str, Any]:
        return {"open_money": self.open_money, "broke_player": self.broke_player}
