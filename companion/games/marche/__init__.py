"""Le Marché de Samarkand: the first game on the companion's core, registered here."""

from __future__ import annotations

from companion.core.game import Result, places_by
from companion.core.phrase import Phrase
from companion.core.registry import GameSpec, Narration, Option, register_game
from companion.games.marche import narration
from companion.games.marche.bots import STYLES
from companion.games.marche.final import table_scores
from companion.games.marche.game import MarcheGame
from companion.games.marche.options import CHOICES, DEFAULT_CAMEL_CARDS, DEFAULT_GOODS_CARDS
from companion.games.marche.realtime import MarcheCountdown
from companion.games.marche.simulate import play_game
from companion.games.marche.tools import score_data

DESCRIPTIONS = {
    "lowest_price": Phrase("the lowest count a stop may buy at (the rulebook: 1)"),
    "camel_refill": Phrase(
        "a camel sold when no goods are left is replaced at the next turn (rulebook) or at once (immediate)"
    ),
    "set_scoring": Phrase("6 or more equal values score 16 (rulebook) or keep doubling"),
    "hidden_goods": Phrase("bought goods stay hidden until the scoring"),
}


def simulate_one(seed, styles: list[str], rules: dict) -> tuple[Result, dict[str, int]]:
    """One game between bots, its countdown's stops played out by the bots' bids."""
    played = play_game(seed, styles, rules)
    places = places_by([(total,) for total in played.totals])
    return (Result(tuple(played.totals), places), {"disputes": played.disputes, "stops": played.stops})


SPEC = register_game(
    GameSpec(
        name="marche",
        title=Phrase("Le Marché de Samarkand"),
        standing_unit=Phrase("dirhams"),
        min_players=3,
        max_players=5,
        engine=MarcheGame,
        options=(
            *(Option(name, allowed[0], DESCRIPTIONS[name], allowed) for name, allowed in CHOICES.items()),
            Option(
                "goods_cards",
                list(DEFAULT_GOODS_CARDS),
                Phrase("each goods type's 10 card values (the low split is in no source)"),
            ),
            Option("camel_cards", list(DEFAULT_CAMEL_CARDS), Phrase("the camel cards' capacities")),
        ),
        bots=STYLES,
        narration=Narration(
            narration.describe, narration.score_sheet, narration.command, narration.KEYBOARD_HELP
        ),
        renderer="companion.games.marche",
        realtime=MarcheCountdown,
        tools={"score": score_data},
        table_scores=table_scores,
        simulate=simulate_one,
        first_seat=lambda setup, seat: {**setup, "first_dean": seat},
        first_rule=Phrase("the first Dean: the oldest player"),
    )
)
