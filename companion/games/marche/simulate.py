"""Headless games between bots: the engine played end to end, fast and reproducibly.

Each bot decides from its seat's view and returns events, which the simulator applies to a
state it owns and so advances in place (no copies, no log kept). Stops happen at the highest
count any bot would pay, and every bot whose price is that count presses "at the same time"
(a reaction time each), so the tie window decides who stopped together and disputes arise
as they do at a table.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

from companion.core.chance import SeededChance
from companion.core.game import Event, Result, places_by
from companion.games.marche.bots import STYLES, Bid
from companion.games.marche.final import final_score
from companion.games.marche.game import MarcheGame
from companion.games.marche.rules import advance, chance_request, end_countdown, stop, turn_up
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
        while (request := chance_request(self.state)) is not None:
            turn_up(self.state, request.deck, self.chance.draw(request, self.log_length))
            self.log_length += 1


def play_game(
    seed: int | str, styles: list[str], rules: dict | None = None, tie_window_us: int = 100_000
) -> GameResult:
    """One full game between bots of the given styles (one per seat)."""
    rng = random.Random(f"bots/{seed}")
    bots = [STYLES[style](rng) for style in styles]  # the bots and the presses share rng
    game = SimulatedGame(seed, len(styles), rules)
    views = [SeatView(game.state, seat) for seat in range(len(styles))]
    disputes = stops = 0
    while game.state.phase != OVER:
        if game.state.phase == PICKING:
            for bot, view in zip(bots, views):
                game.act(bot.decide_pick(view))
            continue
        bids = {
            seat: bid
            for seat, (bot, view) in enumerate(zip(bots, views))
            if (bid := bot.decide_bid(view)) is not None
        }
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


def simulate_one(seed: int | str, styles: list[str], rules: dict) -> tuple[Result, dict[str, int]]:
    """One game between bots for the simulator (GameSpec.simulate): its result, and how many
    stops and disputes it had."""
    played = play_game(seed, styles, rules)
    places = places_by([(total,) for total in played.totals])
    return (Result(tuple(played.totals), places), {"disputes": played.disputes, "stops": played.stops})


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
