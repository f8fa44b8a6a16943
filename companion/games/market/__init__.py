"""Samarkand Market: lots from the bag, sealed bids, sales on the market cards; registered here.

The one file read of the package is here, at registration: the invented sample deck in
data/sample_deck.toml, read through the registry's data_file (package data, like a module)
and given as the default of the rule option ``market_deck``. The engine never reads a file: it
gets its cards in the rules of each game's setup, which the store keeps with the game.
"""

from __future__ import annotations

from companion.core.phrase import Phrase
from companion.core.registry import GameSpec, Narration, data_file, register_game
from companion.games.market import narration
from companion.games.market.bots import STYLES
from companion.games.market.cards import deck_to_data, parse_deck
from companion.games.market.engine import MarketGame
from companion.games.market.options import options
from companion.games.market.sale import advise_data

SAMPLE_DECK_FILE = "sample_deck.toml"


def sample_deck() -> list[dict]:
    """The invented sample deck (not the publisher's cards), as the rules carry it."""
    text = data_file(__name__, SAMPLE_DECK_FILE)
    return deck_to_data(parse_deck(text, f"data/{SAMPLE_DECK_FILE}"))


SPEC = register_game(
    GameSpec(
        name="market",
        title=Phrase("Samarkand Market"),
        standing_unit=Phrase("piasters"),
        min_players=2,
        max_players=5,
        engine=MarketGame,
        options=options(sample_deck()),
        bots=STYLES,
        narration=Narration(
            narration.describe, narration.score_sheet, narration.command, narration.KEYBOARD_HELP
        ),
        renderer="companion.games.market",
        tools={"advise": advise_data},
    )
)
