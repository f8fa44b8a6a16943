"""Headless games between bots: the engine played end to end, fast and reproducibly.

Bots advance the state in place (the simulator owns it), stops happen at the highest
count any bot would pay, and every bot whose price is that count stops "at the same
time", so disputes arise as they do at a table.
"""
from __future__ import annotations

import random
import sys
import time
from dataclasses import dataclass, field
from functools import cache
from typing import Callable, Final

from companion.core.chance import SeededChance
from companion.core.game import Event, chance_event
from companion.marche.bots import STYLES, Bot
from companion.marche.engine import MarcheGame, advance, awaited_card
from companion.marche.final import final_score
from companion.marche.state import OVER, PICKING, MarcheState

END_COUNTDOWN: Final = Event("end_countdown")
DRAWN: Final = cache(chance_event)
"""Chance events recur game after game; events are immutable, so each is built once."""
REACTION_US: Final = (150_000, 900_000)
"""When a bot presses after the tick it wants: the tie window then decides who was together.
A lone stopper's reaction time changes nothing, so it is drawn only when several bid."""


@cache
def decision(kind: str, seat: int, name: str, value: object) -> Event:
    """A pick or a claim, built once like the draws."""
    return Event(kind, seat, {name: value})


@cache
def lone_stop(count: int, seat: int) -> Event:
    """A stop by one bot (most stops), built once like the decisions."""
    return Event("stop", None, {"count": count, "stoppers": [[seat, 0]]})


@dataclass
class GameResult:
    styles: list[str]
    totals: list[int]
    winners: list[int]
    disputes: int
    stops: int


class Table:
    """The game being played: its state (advanced in place), its draws, its log's length."""

    def __init__(self, seed: int | str, players: int, rules: dict | None) -> None:
        self.state = MarcheGame().new_state({"players": players, "rules": rules or {}})
        self.chance = SeededChance(seed)
        self.log_length = 0
        self.act(None)

    def act(self, event: Event | None) -> None:
        """Apply a decision (None at the start) and the draws it makes due, as Match does."""
        state = self.state
        if event is not None:
            advance(state, event)
            self.log_length += 1
        while (request := awaited_card(state)) is not None:
            card = self.chance.draw(request, self.log_length)
            advance(state, DRAWN(request.deck, card))
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
                table.act(decision("pick", seat, "card", bot.pick(state, seat)))
            continue
        top, keen = highest_bids(state, bots)
        if not keen:
            table.act(END_COUNTDOWN)
            continue
        stoppers = simultaneous(keen, random_fraction, tie_window_us)
        table.act(lone_stop(top, stoppers[0][0]) if len(stoppers) == 1 else
                  Event("stop", None, {"count": top, "stoppers": stoppers}))
        stops += 1
        claims = [(seat, bots[seat].claim(state, seat, top)) for seat, _ in stoppers]
        if len(claims) > 1:   # a dispute: one card named by several stoppers
            named = [t for _, t in claims if t is not None]
            disputes += sum(1 for t in set(named) if named.count(t) > 1)
        for seat, target in claims:
            table.act(decision("claim", seat, "target", target))
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
    presses = sorted((low + int(random_fraction() * span), seat) for seat in keen)
    first = presses[0][0]
    return [[seat, t - first] for t, seat in presses if t - first <= tie_window_us]


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


@dataclass
class Summary:
    players: int
    games: int = 0
    seconds: float = 0.0
    wins_by_seat: list[float] = field(default_factory=list)
    wins_by_style: dict[str, float] = field(default_factory=dict)
    score_by_style: dict[str, list[int]] = field(default_factory=dict)
    score_by_seat: list[int] = field(default_factory=list)
    disputes: int = 0
    stops: int = 0

    def add(self, result: GameResult) -> None:
        self.games += 1
        for seat in result.winners:
            self.wins_by_seat[seat] += 1
            self.wins_by_style[result.styles[seat]] = self.wins_by_style.get(result.styles[seat], 0) + 1
        for seat, total in enumerate(result.totals):
            self.score_by_seat[seat] += total
            self.score_by_style.setdefault(result.styles[seat], []).append(total)
        self.disputes += result.disputes
        self.stops += result.stops

    def to_dict(self) -> dict:
        games = max(self.games, 1)
        return {
            "games": self.games, "players": self.players,
            "wins_by_seat": {f"seat {i + 1}": w for i, w in enumerate(self.wins_by_seat)},
            "wins_by_bot": dict(sorted(self.wins_by_style.items())),
            "average_score_by_seat": {f"seat {i + 1}": round(s / games, 2)
                                      for i, s in enumerate(self.score_by_seat)},
            "average_score_by_bot": {k: round(sum(v) / len(v), 2)
                                     for k, v in sorted(self.score_by_style.items())},
            "disputes_per_game": round(self.disputes / games, 3),
            "stops_per_game": round(self.stops / games, 2),
            "seconds": round(self.seconds, 3),
            "games_per_second": round(self.games / self.seconds, 1) if self.seconds else None,
        }


def seat_styles(players: int, game_index: int, styles: list[str]) -> list[str]:
    """Rotate the styles round the table each game so seat and style effects separate."""
    return [styles[(seat + game_index) % len(styles)] for seat in range(players)]


def simulate(players: int, games: int, seed: int, styles: list[str] | None = None,
             rules: dict | None = None, progress=None, tie_window_us: int = 100_000) -> Summary:
    styles = styles or sorted(STYLES)
    summary = Summary(players, wins_by_seat=[0] * players, score_by_seat=[0] * players)
    started = time.perf_counter()
    for index in range(games):
        summary.add(play_game(f"{seed}/{index}", seat_styles(players, index, styles), rules,
                              tie_window_us))
        if progress:
            progress(index + 1, games)
    summary.seconds = time.perf_counter() - started
    return summary


def progress_bar(stream=None, width: int = 30):
    """A one-line bar on a terminal; silent when the output is not one."""
    stream = stream or sys.stderr
    if not stream.isatty():
        return None
    step = [0]

    def show(done: int, total: int) -> None:
        filled = done * width // total
        if filled != step[0] or done == total:
            step[0] = filled
            stream.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} games")
            if done == total:
                stream.write("\n")
            stream.flush()
    return show
