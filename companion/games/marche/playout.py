"""A game played out between bots, in place: the countdown's stops at the highest count any
bot would pay, and the presses of the bots that bid it together.

The simulator's loop (simulate.py: whole games, cards drawn from the game's seed), apart
from where the cards come from, so a test can play a game on from any state it sets up. Every bot whose price is the top count presses "at the same time" (a
reaction time each), so the tie window decides who stopped together and disputes arise as
they do at a table.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from companion.core.game import ChanceRequest, Event
from companion.games.marche.rules import advance, chance_request, end_countdown, stop, turn_up
from companion.games.marche.state import OVER, PICKING, MarcheState
from companion.games.marche.view import SeatView

if TYPE_CHECKING:
    from companion.games.marche.bots import Bid, MarcheBot

REACTION_US = (150_000, 900_000)
"""When a bot presses after the tick it wants: the tie window then decides who was together.
A lone stopper's reaction time changes nothing, so it is drawn only when several bid."""
TIE_WINDOW_US = 100_000
"""The arbiter's default tie window."""

Draw = Callable[[ChanceRequest, int], Any]
"""The card turned up for a request, given how many events came before it."""


class Table:
    """A game being played: its state, advanced in place (no copies, no log kept), and the
    cards due turned up by ``draw`` as each event makes them due. A seeded draw depends on
    its position in the log, as at a table, so the log's length is counted though no log
    is kept.

    The bots' decisions arrive as events; what the table does itself (a stop the arbiter
    decided, the countdown running out, a card turned up) goes to its rule function.
    """

    def __init__(self, state: MarcheState, draw: Draw) -> None:
        self.state = state
        self.draw = draw
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
            turn_up(self.state, request.deck, self.draw(request, self.log_length))
            self.log_length += 1


def play_out(
    table: Table,
    bots: Sequence[MarcheBot],
    rng: random.Random,
    tie_window_us: int = TIE_WINDOW_US,
) -> tuple[int, int]:
    """Play ``table``'s game to its end, each seat's bot deciding from its own view; the
    presses share ``rng`` with the bots. Returns (stops, disputes)."""
    state = table.state
    views = [SeatView(state, seat) for seat in range(len(bots))]
    disputes = stops = 0
    while state.phase != OVER:
        if state.phase == PICKING:
            for bot, view in zip(bots, views):
                table.act(bot.decide_pick(view))
            continue
        bids = {
            seat: bid
            for seat, (bot, view) in enumerate(zip(bots, views))
            if (bid := bot.decide_bid(view)) is not None
        }
        if not bids:
            table.end_countdown()
            continue
        count, keen = highest(bids)
        stoppers = simultaneous(keen, rng, tie_window_us)
        table.stop(count, stoppers)
        stops += 1
        claims = [bots[seat].decide_claim(views[seat]) for seat, _ in stoppers]
        if len(claims) > 1:
            disputes += disputed(claims)
        for claim in claims:
            table.act(claim)
    return stops, disputes


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
