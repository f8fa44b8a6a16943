"""Le Marché de Samarkand: the first game on the companion's core, registered here."""

from __future__ import annotations

from companion.core.phrase import Phrase
from companion.core.registry import GameSpec, register_game
from companion.games.marche.bots import STYLES
from companion.games.marche.final import checked_keep, table_scores
from companion.games.marche.game import MarcheGame
from companion.games.marche.narration import NARRATION
from companion.games.marche.options import MarcheOptions
from companion.games.marche.realtime import MarcheCountdown
from companion.games.marche.simulate import simulate_one
from companion.games.marche.tallies import tallies
from companion.games.marche.tools import score_data

SPEC = register_game(
    GameSpec(
        name="marche",
        title=Phrase("Le Marché de Samarkand"),
        standing_unit=Phrase("dirhams"),
        min_players=3,
        max_players=5,
        engine=MarcheGame,
        options=MarcheOptions.schema,
        bots=STYLES,
        narration=NARRATION,
        renderer="companion.games.marche",
        realtime=MarcheCountdown,
        tools={"score": score_data},
        table_scores=table_scores,
        table_choice=checked_keep,
        simulate=simulate_one,
        first_seat=lambda setup, seat: {**setup, "first_dean": seat},
        plays_first=lambda setup: setup.get("first_dean", 0),
        first_rule=Phrase("the first Dean: the oldest player"),
        tallies=tallies,
    )
)
