"""Samarkand Market: lots from the bag, sealed bids, sales on the market cards; registered here.

The game's one file, the invented sample deck (data/sample_deck.toml), is read when the
game registers, as the default of the rule option ``market_deck`` (options.py); the rules
never read a file: they get their cards in the rules of each game's setup, which the
store keeps with the game.
"""

from __future__ import annotations

from companion.core.phrase import Phrase
from companion.core.registry import GameSpec, register_game
from companion.games.market.bots import STYLES
from companion.games.market.game import MarketGame
from companion.games.market.narration import NARRATION
from companion.games.market.options import MarketOptions
from companion.games.market.tallies import tallies
from companion.games.market.tools import advise_data

SPEC = register_game(
    GameSpec(
        name="market",
        title=Phrase("Samarkand Market"),
        standing_unit=Phrase("piasters"),
        min_players=2,
        max_players=5,
        engine=MarketGame,
        options=MarketOptions.schema,
        bots=STYLES,
        narration=NARRATION,
        renderer="companion.games.market",
        tools={"advise": advise_data},
        tallies=tallies,
    )
)
