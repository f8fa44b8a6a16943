"""Bazaar's rule options: the schema the host's form and the registry check, and the typed
options the rules read (docs/rules/bazaar.md, "Options").

The card contents nobody has published are options too: ``exchange_cards`` and
``ware_cards`` carry the text of a card file (the notation of docs/rules/bazaar.md, "Card
notation"). Their defaults are the package's invented sample files (data/), read once when
the package registers (``data_file``, the one way a game carries data), so every setup
carries its cards and a stored game replays without the files.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from companion.core.options import Option, RuleOptions
from companion.core.phrase import Phrase
from companion.core.registry import data_file

CARD_FILES = ("exchange_cards", "ware_cards")
"""The options that carry a card file: each one's sample is data/<name>.txt."""

OPTIONS: tuple[Option, ...] = (
    Option(
        "wares_per_turn",
        "1",
        Phrase(
            "wares a player may buy at the end of a turn: 1, or as many as the cubes allow "
            "(the source is silent)"
        ),
        ("1", "many"),
    ),
    Option(
        "cards",
        "auto",
        Phrase(
            "the exchange equations and ware cards: automatic (typed in by the host at a "
            "physical table, the sample cards in a digital game), the sample cards (invented, "
            "shipped with the game) or typed in at the table (the host types each card as it "
            "comes up)"
        ),
        ("auto", "sample", "entered"),
    ),
    Option("first_player", 1, Phrase("the seat that starts (the youngest player)"), seat=True),
    Option(
        "exchange_cards",
        data_file(__package__, "exchange_cards.txt"),
        Phrase(
            "the exchange cards a game with sample cards draws its two from, one card a line "
            "(N: five equations); the default is an INVENTED sample set, not the publisher's cards"
        ),
    ),
    Option(
        "ware_cards",
        data_file(__package__, "ware_cards.txt"),
        Phrase(
            "the ware cards a game with sample cards deals the stalls from, one card a line "
            "(five cubes, * for a star); the default is an INVENTED sample deck, not the "
            "publisher's cards"
        ),
    ),
)
"""The schema: each option's type, choices and words, checked by the core alone."""


@dataclass(frozen=True, slots=True)
class BazaarOptions(RuleOptions):
    """The options of one game, built by ``from_rules`` from a setup's rules."""

    schema: ClassVar[tuple[Option, ...]] = OPTIONS

    wares_per_turn: str
    cards: str
    first_player: int
    exchange_cards: str
    ware_cards: str

    def typed(self, mode: str) -> bool:
        """Whether the host types the cards, at a table of ``mode`` (digital or physical)."""
        return self.cards == "entered" or (self.cards == "auto" and mode == "physical")

    @property
    def purchases(self) -> int | None:
        """How many wares a turn may buy (None: no limit)."""
        return None if self.wares_per_turn == "many" else 1

    def table_choices(self) -> dict[str, object]:
        """The options a page shows (the card files are the decks, not shown)."""
        return {name: value for name, value in self.to_dict().items() if name not in CARD_FILES}
