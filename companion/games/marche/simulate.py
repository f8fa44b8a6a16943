"""Headless games between bots: the engine played end to end, fast and reproducibly.

Each bot decides from its seat's view and returns events, which the simulator applies to a
state it owns and so advances in place (no copies, no log kept). Stops happen at the highest
count any bot would pay, and every bot whose price is that count presses "at the same time"
(a reaction time each), so the tie window decides who stopped together and disputes arise
as they do at a table.
"""
from __future__ import annotations

import random
import sys
import time
from collections import Counter
from dataclasses import dataclass, field

from companion.core.chance import SeededChance
from companion.core.game import Event
from companion.games.marche.bots import STYLES, Bid
from companion.games.marche.engine import (
    MarcheGame, advance, awaited_card, end_countdown, stop, turn_up,
)
from companion.games.marche.final import final_score
from companion.games.marche.state import OVER, PICKING
from companion.games.marche.view import SeatView

REACTION_US = (150_000, 900_000)
"""When a bot presses after the tick it wants: the tie window then decides who was together.
A lone stopper's reaction time changes nothing, so it is drawn only when several bid."""


@dataclass
class GameResult:
    styles: list[str]
    totals: list[int]
    winners: list[int]
    disputes: int
    stops: int


class SimulatedGame:
    """The game being played: its state, advanced in place, and the cards turned up as
    Match does (a seeded draw depends on its position in the log, as at a table, so the
    log's length is counted though no log is kept).

    The bots' decisions arrive as events; what the table does itself (a stop the arbiter
    decided, the countdown running out, a card turned up) goes to its rule function.
    """

    def __init__(self, seed: int | str, players: int, rules: dict | None) -> None:
        self.state = MarcheGame().new_state({"players": players, "rules": rules or {}})
        self.chance = SeededChance(seed)
        self.log_length = 0
        self.fill_chance()

    def act(self, event: Event) -> None:
        """Apply a bot's decision."""
        advance(self.state, event)
        self.logged()

    def stop(self, count: int, stoppers: list[list[int]]) -> None:
        stop(self.state, count, stoppers)
        self.logged()

    def end_countdown(self) -> None:
        end_countdown(self.state)
        self.logged()

    def logged(self) -> None:
        """One more event in the log: turn up the cards it made due."""
        self.log_length += 1
        self.fill_chance()

    def fill_chance(self) -> None:
        while (request := awaited_card(self.state)) is not None:
            turn_up(self.state, request.deck, self.chance.draw(request, self.log_length))
            self.log_length += 1


def play_game(seed: int | str, styles: list[str], rules: dict | None = None,
              tie_window_us: int = 100_000) -> GameResult:
    """One full game between bots of the given styles (one per seat)."""
    rng = random.Random(f"bots/{seed}")
    bots = [STYLES[style](rng) for style in styles]   # the bots and the presses share rng
    game = SimulatedGame(seed, len(styles), rules)
    views = [SeatView(game.state, seat) for seat in range(len(styles))]
    disputes = stops = 0
    while game.state.phase != OVER:
        if game.state.phase == PICKING:
            for bot, view in zip(bots, views):
                game.act(bot.decide_pick(view))
            continue
        bids = {seat: bid for seat, (bot, view) in enumerate(zip(bots, views))
                if (bid := bot.decide_bid(view)) is not None}
        if not bids:
            game.end_countdown()
            continue
        count, keen = highest(bids)
        stoppers = simultaneous(keen, rng, tie_window_us)
        game.stop(count, stoppers)
        stops += 1
        claims = [bots[seat].decide_claim(views[seat]) for seat, _ in stoppers]
        if len(claims) > 1:
            disputes += disputed(claims)
        for claim in claims:
            game.act(claim)
    score = final_score(game.state)
    totals = [player.total for player in score.players]
    winners = [seat for seat, name in enumerate(game.state.names) if name in score.winners]
    return GameResult(list(styles), totals, winners, disputes, stops)


def disputed(claims: list[Event]) -> int:
    """How many cards several of one stop's claims name."""
    named = Counter(claim.data["target"] for claim in claims)
    return sum(1 for target, count in named.items() if target is not None and count > 1)


def highest(bids: dict[int, Bid]) -> tuple[int, list[int]]:
    """The highest count bid, and the seats bidding it (in seat order)."""
    top = max(count for count, _ in bids.values())
    return top, [seat for seat, (count, _) in bids.items() if count == top]


def simultaneous(keen: list[int], rng: random.Random, tie_window_us: int) -> list[list[int]]:
    """The stoppers among the bots that bid the same count: [seat, µs after the first press],
    in press order (on the same microsecond, by seat)."""
    if len(keen) == 1:
        return [[keen[0], 0]]
    low, high = REACTION_US
    presses = sorted((low + int(rng.random() * (high - low)), seat) for seat in keen)
    first = presses[0][0]
    return [[seat, at - first] for at, seat in presses if at - first <= tie_window_us]


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
