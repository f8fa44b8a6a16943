"""Sid Sackson's Samarkand, the 1998 and 2.0 editions as one game (option ``edition``).

The rules as implemented, every gap and edition difference decided: docs/rules/samarkand.md.
The board reaches the engine through the rules: option ``board`` holds a board file's
text, and its default is the invented sample board shipped in data/, read here once when
the package registers (the engine itself reads nothing).
"""

from __future__ import annotations

from companion.core.phrase import Phrase
from companion.core.registry import GameSpec, Narration, Option, data_file, register_game
from companion.games.samarkand import narration
from companion.games.samarkand.advise import advise
from companion.games.samarkand.bots import STYLES
from companion.games.samarkand.engine import SamarkandGame
from companion.games.samarkand.rules import CHOICES, DESCRIPTIONS, Rules

SAMPLE_BOARD = data_file(__package__, "sample_board.json")
"""The sample board's file text (INVENTED: not the printed board)."""


def engine() -> SamarkandGame:
    return SamarkandGame(SAMPLE_BOARD)


def advise_tool(data):
    """``samarkand advise samarkand FILE``: the best sale at a city, the reachable spaces."""
    return advise(data, SAMPLE_BOARD)


_DEFAULTS = Rules()
SPEC = register_game(
    GameSpec(
        name="samarkand",
        title=Phrase("Samarkand"),
        standing_unit=Phrase("piasters"),
        min_players=2,
        max_players=5,
        engine=engine,
        options=(
            *(
                Option(name, getattr(_DEFAULTS, name), DESCRIPTIONS[name], allowed)
                for name, allowed in CHOICES.items()
            ),
            Option("target", _DEFAULTS.target, DESCRIPTIONS["target"]),
            Option("first_player", _DEFAULTS.first_player, DESCRIPTIONS["first_player"]),
            Option("board", SAMPLE_BOARD, DESCRIPTIONS["board"]),
        ),
        bots=STYLES,
        narration=Narration(
            narration.describe, narration.score_sheet, narration.command, narration.KEYBOARD_HELP
        ),
        renderer="companion.games.samarkand",
        tools={"advise": advise_tool},
        first_seat=lambda setup, seat: {**setup, "rules": {**setup["rules"], "first_player": seat + 1}},
        first_rule=Phrase("the first player: the oldest"),
    )
)
