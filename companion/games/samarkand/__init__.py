"""Sid Sackson's Samarkand, the 1998 and 2.0 editions as one game (option ``edition``).

The rules as implemented, every gap and edition difference decided: docs/rules/samarkand.md.
The board reaches the engine through the rules: option ``board`` holds a board file's
text, and its default is the invented sample board shipped in data/, read once when the
package registers (options.py; the engine itself reads nothing).
"""

from __future__ import annotations

from functools import partial

from companion.core.phrase import Phrase
from companion.core.registry import GameSpec, register_game
from companion.games.samarkand.bots import STYLES
from companion.games.samarkand.game import SamarkandGame
from companion.games.samarkand.narration import NARRATION
from companion.games.samarkand.options import SAMPLE_BOARD, SamarkandOptions
from companion.games.samarkand.tallies import tallies
from companion.games.samarkand.tools import advise

SPEC = register_game(
    GameSpec(
        name="samarkand",
        title=Phrase("Samarkand"),
        standing_unit=Phrase("piasters"),
        min_players=2,
        max_players=5,
        engine=SamarkandGame,
        options=SamarkandOptions.schema,
        bots=STYLES,
        narration=NARRATION,
        renderer="companion.games.samarkand",
        tools={"advise": partial(advise, sample_board=SAMPLE_BOARD)},
        first_seat=lambda setup, seat: {**setup, "rules": {**setup["rules"], "first_player": seat + 1}},
        plays_first=lambda setup: setup["rules"]["first_player"] - 1,
        first_rule=Phrase("the first player: the oldest"),
        tallies=tallies,
    )
)
