"""Headless games between bots: the engine played end to end, fast and reproducibly.

Bots play through the engine's rule functions, which advance the state in place (the
simulator owns it and keeps no log, so it builds no events). Stops happen at the highest
count any bot would pay, and every bot whose price is that count stops "at the same time",
so disputes arise as they do at a table.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Callable, Final

from companion.core.chance import SeededChance
from companion.games.marche.bots import STYLES, Bot
from companion.games.marche.engine import (
    MarcheGame, awaited_card, claim, end_countdown, pick, stop, turn_up,
)
from companion.games.marche.final import final_score
from companion.games.marche.state import OVER, PICKING, MarcheState

REACTION_US: Final = (150_000, 900_000)
"""When a bot presses after the tick it wants: the tie window then decides who was together.
A lone stopper's reaction time changes nothing, so it is drawn only when several bid."""


@dataclass
class GameResult:
    styles: list[str]
    totals: list[int]
    winners: list[int]
    disputes: int
    stops: int


class Table:
    """The game being played: its state, its draws, and how long its log would be (a draw
    depends on its position in the log, as at a table)."""

    def __init__(self, seed: int | str, players: int, rules: dict | None) -> None:
        self.state = MarcheGame().new_state({"players": players, "rules": rules or {}})
        self.chance = SeededChance(seed)
        self.log_length = 0
        self.draw_due()

    def decided(self) -> None:
        """A decision was applied: count it, and turn up the cards it made due."""
        self.log_length += 1
        self.draw_due()

    def draw_due(self) -> None:
        """Turn up the cards the game waits for, as Match does."""
        state = self.state
        while (request := awaited_card(state)) is not None:
            turn_up(state, request.deck, self.chance.draw(request, self.log_length))
            self.log_length += 1


def play_game(seed: int | str, styles: list[str], rules: dict | None = None,
              tie_window_us: int = 100_000) -> GameResult:
    """One full game between bots of the given styles (one per seat)."""
    rng = random.Random(f"bots/{seed}")
    bots: list[Bot] = [STYLES[s](rng) for s in styles]   # one generator: seeding one costs ~8 µs
    random_fraction = rng.random
    table = Table(seed, len(styles), rules)
    state = table.state
    disputes = stops = 0
    while state.phase != OVER:
        if state.phase == PICKING:
            for seat, bot in enumerate(bots):
                pick(state, seat, bot.pick(state, seat))
                table.decided()
            continue
        top, keen = highest_bids(state, bots)
        if not keen:
            end_countdown(state)
            table.decided()
            continue
        stoppers = simultaneous(keen, random_fraction, tie_window_us)
        stop(state, top, stoppers)
        table.decided()
        stops += 1
        claims = [(seat, bots[seat].claim(state, seat, top)) for seat, _ in stoppers]
        if len(claims) > 1:   # a dispute: one card named by several stoppers
            named = [t for _, t in claims if t is not None]
            disputes += sum(1 for t in set(named) if named.count(t) > 1)
        for seat, target in claims:
            claim(state, seat, target)
            table.decided()
    score = final_score(state)
    totals = [p.total for p in score.players]
    winners = [seat for seat, name in enumerate(state.names) if name in score.winners]
    return GameResult(list(styles), totals, winners, disputes, stops)


def simultaneous(keen: list[int], random_fraction: Callable[[], float],
                 tie_window_us: int) -> list[list[int]]:
    """The stoppers among the bots that bid the same count: [seat, µs after the first press]."""
    if len(keen) == 1:
        return [[keen[0], 0]]
    low, span = REACTION_US[0], REACTION_US[1] - REACTION_US[0]
    # each press as one int, time * 8 + seat (seats fit in 3 bits): sorted as (time, seat)
    # pairs would be, but compared natively
    presses = sorted((low + int(random_fraction() * span)) * 8 + seat for seat in keen)
    first = presses[0] >> 3
    return [[press & 7, (press >> 3) - first] for press in presses
            if (press >> 3) - first <= tie_window_us]


def highest_bids(state: MarcheState, bots: list[Bot]) -> tuple[int, list[int]]:
    """The highest count any bot would stop at, and the seats of every bot bidding it."""
    top, keen = -1, []
    for seat, bot in enumerate(bots):
        bid = bot.bid(state, seat)
        if bid is not None:
            if bid[0] > top:
                top, keen = bid[0], [seat]
            elif bid[0] == top:
                keen.append(seat)
    return top, keen
