"""Bazaar (Sid Sackson, 1967), from the Samarkand Bazaar box: trade cubes at the exchange's
rates, buy the wares of four stalls, until a second stall is sold out. Registered here.

The card contents nobody has published are rule options (options.py): the text of this
package's two sample files (data/, marked as invented) is read once (options.py), as the
defaults of ``exchange_cards`` and ``ware_cards``, so every setup carries its cards and the engine
draws the two exchange cards and the face-up wares from them; at a physical table
(``cards = "auto"``, the appliance's mode in the setup) or with ``cards = "entered"`` the
host types the two exchange cards at setup and each ware card as it comes face up
(docs/rules/bazaar.md).
"""

from __future__ import annotations

from companion.core.phrase import Phrase
from companion.core.registry import GameSpec, register_game
from companion.games.bazaar.bots import STYLES
from companion.games.bazaar.game import BazaarGame
from companion.games.bazaar.narration import NARRATION
from companion.games.bazaar.options import BazaarOptions
from companion.games.bazaar.realtime import BuzzerRoll
from companion.games.bazaar.tallies import tallies
from companion.games.bazaar.tools import advise

SPEC = register_game(
    GameSpec(
        name="bazaar",
        title=Phrase("Bazaar"),
        min_players=2,
        max_players=5,
        engine=BazaarGame,
        options=BazaarOptions.schema,
        bots=STYLES,
        narration=NARRATION,
        renderer=__name__,
        realtime=BuzzerRoll,
        tools={"advise": advise},
        first_seat=lambda setup, seat: {**setup, "rules": {**setup["rules"], "first_player": seat + 1}},
        plays_first=lambda setup: setup["rules"]["first_player"] - 1,
        first_rule=Phrase("the first player: the youngest"),
        tallies=tallies,
    )
)
