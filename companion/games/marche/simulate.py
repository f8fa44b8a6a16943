"""Headless games between bots: the engine played end to end, fast and reproducibly.

Each bot decides from its seat's view and returns events, which the table (playout.py)
applies to a state it owns and so advances in place; the cards are drawn from the game's
seed as Match draws them, so a simulated game is the game its decisions replay as.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from companion.core.chance import SeededChance
from companion.core.game import Result, places_by
from companion.games.marche.bots import STYLES
from companion.games.marche.final import final_score
from companion.games.marche.game import MarcheGame
from companion.games.marche.playout import Table, play_out


@dataclass
class GameResult:
    styles: list[str]
    totals: list[int]
    winners: list[int]
    disputes: int
    stops: int


def play_game(seed: int | str, styles: list[str], rules: dict | None = None) -> GameResult:
    """One full game between bots of the given styles (one per seat)."""
    rng = random.Random(f"bots/{seed}")
    bots = [STYLES[style](rng) for style in styles]  # the bots and the presses share rng
    state = MarcheGame().new_state({"players": len(styles), "rules": rules or {}})
    table = Table(state, SeededChance(seed).draw)
    stops, disputes = play_out(table, bots, rng)
    score = final_score(state)
    totals = [player.total for player in score.players]
    winners = [seat for seat, name in enumerate(state.names) if name in score.winners]
    return GameResult(list(styles), totals, winners, disputes, stops)


def simulate_one(seed: int | str, styles: list[str], rules: dict) -> tuple[Result, dict[str, int]]:
    """One game between bots for the simulator (GameSpec.simulate): its result, and how many
    stops and disputes it had."""
    played = play_game(seed, styles, rules)
    places = places_by([(total,) for total in played.totals])
    return (Result(tuple(played.totals), places), {"disputes": played.disputes, "stops": played.stops})
