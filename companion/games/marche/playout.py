"""A game played out between bots, in place: the countdown's stops at the highest count any
bot's plan of presses would pay, and the presses of the bots that bid it together.

The simulator's loop (simulate.py: whole games, cards drawn from the game's seed), apart
from where the cards come from, so a test can play a game on from any state it sets up. Every bot whose price is the top count presses "at the same time" (a
reaction time each), so the tie window decides who stopped together and disputes arise as
they do at a table.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from companion.core.game import ChanceRequest, Event
from companion.games.marche.bots import Bid, MarcheBot, stands_richer
from companion.games.marche.realtime import Timing, reaction_us
from companion.games.marche.rules import advance, chance_request, claim, end_countdown, stop, turn_up
from companion.games.marche.state import CAMEL, OVER, PICKING, MarcheState
from companion.games.marche.view import SeatView

DEFAULT_TABLE = Timing()
"""The countdown a simulation plays at: a table's default settings (its step and tie window)."""

Draw = Callable[[ChanceRequest, int], Any]
"""The card turned up for a request, given how many events came before it."""


class Table:
    """A game being played: its state, advanced in place (no copies, no log kept), and the
    cards due turned up by ``draw`` as each event makes them due. A seeded draw depends on
    its position in the log, as at a table, so the log's length is counted though no log
    is kept.

    The bots' offers arrive as events; what the table does itself (a stop the arbiter
    decided, the card each stopper pressed for, the countdown running out, a card turned
    up) goes to its rule function.
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

    def claim(self, seat: int, target: Any) -> None:
        """A stopper names the card it pressed for."""
        claim(self.state, seat, target)
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
) -> tuple[int, int]:
    """Play ``table``'s game to its end, each seat's bot deciding from its own view; the
    presses share ``rng`` with the bots. Returns (stops, disputes).

    Each bot gives its plan of presses once (``decide_prices``), and again only when its
    view changes otherwise than by cards leaving the market: at each countdown, then after
    a stop for its stoppers (their money or holdings changed), for the sellers they paid
    whose plans their money held back (``stands_richer``), and for every seat when another
    camel is up. Plans are asked in seat order, as bids were, so the bots draw their whims
    in the same order. Each stopper names the card it pressed for."""
    state = table.state
    seats = range(len(bots))
    views = [SeatView(state, seat) for seat in seats]
    lowest = state.rules.lowest_price
    plans: list[list[Bid] | None] = [None] * len(bots)
    disputes = stops = 0
    while state.phase != OVER:
        if state.phase == PICKING:
            for bot, view in zip(bots, views):
                table.act(bot.decide_pick(view))
            plans = [None] * len(bots)
            continue
        price, offers, camel = state.price, state.offers, state.camel_up
        top, keen = -1, []
        wanted: list[Any] = [None] * len(bots)  # the card each seat presses for
        for seat in seats:
            plan = plans[seat]
            if plan is None:
                plan = plans[seat] = bots[seat].decide_prices(views[seat])
            bid = bid_from(plan, offers, camel, price)
            if bid is not None:
                count, wanted[seat] = bid
                if count > top:
                    top, keen = count, [seat]
                elif count == top:
                    keen.append(seat)
        if not keen:
            table.end_countdown()
            continue
        stoppers = simultaneous(keen, rng, DEFAULT_TABLE)
        table.stop(top, stoppers)
        stops += 1
        named = [wanted[seat] for seat, _ in stoppers]  # each stopper names the card it pressed for
        if len(named) > 1:
            disputes += disputed(named)
        for (seat, _), target in zip(stoppers, named):
            plans[seat] = None  # its money or holdings change
            paid = plans[target] if type(target) is int else None  # the seller, paid as it settles
            if paid is not None and not stands_richer(paid, state.money[target], lowest):
                plans[target] = None
            table.claim(seat, target)  # the last claim settles the stop
        if state.camel_up != camel:
            plans = [None] * len(bots)
    return stops, disputes


def bid_from(
    prices: Sequence[Bid], offers: Mapping[Any, int], camel_up: int | None, price: int
) -> Bid | None:
    """The press a plan of prices (``MarcheBot.decide_prices``) makes with the count at
    ``price``: for its first card still on offer, at that count at most."""
    for count, target in prices:
        if target in offers or (target == CAMEL and camel_up is not None):
            return (min(count, price), target)
    return None


def disputed(named: list[Any]) -> int:
    """How many cards several of one stop's stoppers name."""
    return len({target for target in named if named.count(target) > 1})


def simultaneous(keen: list[int], rng: random.Random, timing: Timing) -> list[list[int]]:
    """The stoppers among the bots that bid the same count: [seat, µs after the first press],
    in press order (on the same microsecond, by seat). Each presses a reaction time after
    the count, as the table's bots do (``reaction_us``), and the tie window decides who was
    together; a lone stopper's reaction changes nothing, so it is drawn only when several bid."""
    if len(keen) == 1:
        return [[keen[0], 0]]
    presses = sorted([(reaction_us(timing.step_us, rng), seat) for seat in keen])
    first = presses[0][0]
    return [[seat, at - first] for at, seat in presses if at - first <= timing.tie_window_us]
