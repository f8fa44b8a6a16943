"""The table's settings for Samarkand Market: the rule options and the market-card deck.

Where the rulebook is silent the ruling is the default (docs/rules/market.md); where tables
could reasonably differ it is an option here, never a constant in the rules. The deck is
data the rules carry (a stored game keeps its own cards, so a replay never depends on a
file): the invented sample deck in the package's data/ folder is read once, when the game
registers, through the registry's ``data_file`` (package data, like a module), and is the
option's default; a table may give its own deck instead.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any

from companion.core.options import Option, RuleOptions
from companion.core.phrase import Phrase
from companion.core.registry import data_file
from companion.games.market.cards import Card, deck_to_data, parse_deck

SAMPLE_DECK_FILE = "sample_deck.toml"
BROKE_PLAYER = ("last_pick", "sits_out")


class DeckOption(Option):
    """The deck option: a list of cards, a deck file's table, or a deck file's text (TOML or
    JSON), each checked card by card and kept as the list of cards."""

    def check(self, value: Any, players: int | None = None) -> Any:
        return deck_to_data(parse_deck(value, self.name))


def sample_deck() -> list[dict]:
    """The invented sample deck (not the publisher's cards), as the rules carry it."""
    text = data_file(__package__, SAMPLE_DECK_FILE)
    return deck_to_data(parse_deck(text, f"data/{SAMPLE_DECK_FILE}"))


OPTIONS = (
    Option(
        "open_money",
        False,
        Phrase(
            "everyone sees everyone's money (default: each player's money is "
            "secret, shown on their own phone only)"
        ),
    ),
    Option(
        "broke_player",
        BROKE_PLAYER[0],
        Phrase(
            "a player with under 5 piasters cannot bid: they pick last (after every "
            "bidder) or sit the round out (no lot that round)"
        ),
        BROKE_PLAYER,
    ),
    DeckOption(
        "market_deck",
        sample_deck(),
        Phrase(
            "the market cards a digital game draws from (at least 12; the "
            "default is an invented sample deck, not the publisher's cards); a "
            "table's own deck file (TOML or JSON) may be pasted here"
        ),
    ),
)
"""The schema (the host's new-game form shows the descriptions in the console's language)."""


@dataclass(frozen=True)
class MarketOptions(RuleOptions):
    """A game's rule options, built by ``from_rules`` from a setup's rules."""

    schema = OPTIONS

    open_money: bool
    broke_player: str
    market_deck: list[dict]

    @cached_property
    def deck(self) -> tuple[Card, ...]:
        """The digital game's market cards (a physical table enters its cards instead)."""
        return parse_deck(self.market_deck)
