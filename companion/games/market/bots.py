"""Bots that play Samarkand Market legally and with intent, in distinct styles.

A bot reads only its seat's view (view.SeatView: the public facts and its own money). It
values a collection of cubes as what the best sale on the current cards pays for it now,
plus a worth for each cube left over (the style's ``keep``: what it hopes an unsold cube
fetches later; nothing in the final round, when cubes only break ties). So:
- a lot is worth what it adds to the bot's cubes (the lots are ranked by the cubes' worth
  with each: what the bot holds counts the same beside every lot);
- a bid buys an earlier pick: the bot bids the minimum plus a share (the style's
  ``eagerness``) of what picking first is worth over picking when the others have taken
  the lots they like (the best lot's worth minus the worth of the lot it expects to be
  left with), never more than it can afford over the rounds still to bid in;
- it sells as its style says (the best sale now, or only the sets that pay well enough
  per cube), everything it can in the final round;
- over the cube limit it returns the cubes the cards that stay want least.
All randomness comes from the ``random.Random`` it is given, so a seed replays the game.
"""

from __future__ import annotations

import random
from dataclasses import replace
from functools import lru_cache
from typing import ClassVar

from companion.core.bot import Bot
from companion.core.game import Event
from companion.core.phrase import Phrase
from companion.games.market import cubes as cu
from companion.games.market.cards import Card
from companion.games.market.rules import CUBE_LIMIT, MIN_BID, ROUNDS
from companion.games.market.sale import NOTHING, Sale, SaleTable, suggested_return
from companion.games.market.state import BIDDING, DISCARDING, PICKING, SELLING
from companion.games.market.view import SeatView


@lru_cache(maxsize=16)
def table_on(markets: tuple[Card, ...], least_per_cube: float) -> SaleTable:
    """The best sales on the current cards (or on their sets paying at least
    ``least_per_cube`` a cube, as a style chooses), one table shared by every bot of the
    round: each values its cubes with every lot, then sells what it picked, a collection
    the table has already worked out."""
    return SaleTable(markets, least_per_cube)


class MarketBot(Bot[SeatView]):
    """Shared reasoning; the styles differ in their weights and in how they sell."""

    style = "bot"
    keep: ClassVar[float] = 6.0  # piasters an unsold cube is hoped to fetch later
    eagerness: ClassVar[float] = 0.5  # the share of an earlier pick's worth it bids
    min_per_cube: ClassVar[float] = 0.0  # a set sold must pay this much a cube (not the last round)

    def __init__(self, rng: random.Random, effort: float = 1.0) -> None:
        super().__init__(rng, effort)
        self._ranked: tuple[object, list[tuple[float, int]]] = (None, [])  # (key, every_lot)
        self._tables: dict[float, tuple[tuple[Card, ...], SaleTable]] = {}  # see table()

    # ------------------------------------------------------------ the contract
    def decide(self, view: SeatView, seat: int) -> Event:
        phase = view.phase
        if phase == BIDDING:
            return Event("bid", seat, {"amount": self.bid(view)})
        if phase == PICKING:
            return Event("pick", seat, {"lot": self.pick(view)})
        if phase == SELLING:
            return Event("sell", seat, {"sales": [p.to_dict() for p in self.sell(view).parts]})
        if phase == DISCARDING:
            return Event("discard", seat, {"cubes": cu.to_dict(self.discard(view))})
        raise ValueError(f"a bot is not asked to act while the game is {phase}")

    # ------------------------------------------------------------ valuing
    def table(self, markets: tuple[Card, ...], least_per_cube: float = 0.0) -> SaleTable:
        """The table of the best sales on ``markets`` (of their sets paying at least
        ``least_per_cube`` a cube) shared by every bot, ``table_on``. The bot keeps the last
        it used for each ``least_per_cube`` while the cards stay: it asks at its bid and at
        its sale, and the shared look-up hashes every card."""
        kept = self._tables.get(least_per_cube)
        if kept is None or kept[0] != markets:
            kept = self._tables[least_per_cube] = (markets, table_on(markets, least_per_cube))
        return kept[1]

    def worth(self, payout: int, left: int, view: SeatView) -> float:
        """Cubes valued on the current cards: ``payout``, what their best sale pays, and
        ``left`` of them unsold."""
        keep = 0.0 if view.final_round else self.keep
        over = max(0, left - CUBE_LIMIT)  # returned for nothing
        return payout + keep * (left - over)

    def ranked(self, view: SeatView) -> list[tuple[float, int]]:
        """(this bot's cubes' worth with the lot, lot) for every lot still on the table,
        best first (a tie to the lower lot)."""
        return [ranked for ranked in self.every_lot(view) if view.lot_owner[ranked[1]] is None]

    def every_lot(self, view: SeatView) -> list[tuple[float, int]]:
        """(this bot's cubes' worth with the lot, lot) for every lot of the round, best
        first, worked out once: the pick after the bid asks again (the key is all they
        depend on: the cubes held, the cards, the lots, whether the round is the last).
        The cubes held count the same beside every lot, so what a lot adds is never worked
        out alone: the lots rank alike, and one lot's gain over another is the same."""
        mine = view.cubes[view.seat]
        key = (mine, view.markets, view.lots, view.final_round)
        if self._ranked[0] != key:
            values = self.table(view.markets).values_with(mine, view.lots)
            worths = [
                (self.worth(payout, cu.total(mine) + cu.total(lot) - sold, view), i)
                for i, (lot, (payout, sold)) in enumerate(zip(view.lots, values))
            ]
            self._ranked = (key, sorted(worths, key=lambda w: (-w[0], w[1])))
        return self._ranked[1]

    # ------------------------------------------------------------ decisions
    def bid(self, view: SeatView) -> int:
        ranked = self.ranked(view)
        first = ranked[0][0]
        others = view.players - 1
        expected = ranked[min(others, len(ranked) - 1)][0]  # what is left after the others
        premium = max(0.0, first - expected) * self.eagerness * (0.8 + 0.4 * self.rng.random())
        rounds_left = ROUNDS - view.round  # rounds still to bid in after this one
        affordable = view.money - MIN_BID * rounds_left
        amount = MIN_BID + int(premium)
        return max(MIN_BID, min(amount, affordable, view.money))

    def pick(self, view: SeatView) -> int:
        return self.ranked(view)[0][1]

    def sell(self, view: SeatView) -> Sale:
        held = view.cubes[view.seat]
        if view.final_round or not self.min_per_cube:
            return self.table(view.markets).sale(held)
        choosy = self.table(view.markets, self.min_per_cube).sale(held)
        after = cu.total(held) - cu.total(choosy.sold)
        if after > CUBE_LIMIT + 2:  # it would have to return many cubes for nothing
            return self.table(view.markets).sale(held)
        return choosy

    def discard(self, view: SeatView) -> cu.Cubes:
        staying = () if view.final_round else view.markets[:2]
        return suggested_return(view.cubes[view.seat], staying, CUBE_LIMIT)


class Trader(MarketBot):
    style = "trader"
    title = Phrase("trader")
    summary = Phrase("sells the best sale every round and bids moderately for the lot it wants")
    keep = 5.0
    eagerness = 0.5


class Hoarder(MarketBot):
    style = "hoarder"
    title = Phrase("hoarder")
    summary = Phrase("keeps its cubes for the sets that pay well per cube and bids high for big lots")
    keep = 9.0
    eagerness = 0.8
    min_per_cube = 18.0


class Thrifty(MarketBot):
    style = "thrifty"
    title = Phrase("thrifty")
    summary = Phrase("bids little (money is the score) and sells the best sale every round")
    keep = 4.0
    eagerness = 0.2


class Easy(MarketBot):
    """A beginner's opponent: always the minimum bid, the biggest lot left, the best sale
    every round; it never weighs what a lot is worth against the cards."""

    style = "easy"
    title = Phrase("easy")
    summary = Phrase("a beginner's opponent: bids the minimum, takes the biggest lot, sells whenever it can")
    by_default = False

    def bid(self, view: SeatView) -> int:
        return MIN_BID

    def pick(self, view: SeatView) -> int:
        free = [i for i, owner in enumerate(view.lot_owner) if owner is None]
        return max(free, key=lambda i: (cu.total(view.lots[i]), -i))

    def sell(self, view: SeatView) -> Sale:
        return self.table(view.markets).sale(view.cubes[view.seat])


class Strong(MarketBot):
    """Plays to win: it values its cubes by looking one sale ahead, and bids by playing the
    round's picks out against the other styles.

    - A collection is worth the best of a few sales now (the best sale, the sets paying at
      least ``PER_CUBE`` piasters a cube for each threshold, or nothing) plus what is left:
      ``later`` times what it would fetch on the two cards that stay next round, and
      ``keep`` for each cube not sold there, less ``keep`` for each cube over the limit.
      In the final round only the best sale counts. It sells the sale that wins that
      comparison and picks the lot that adds most.
    - The bid is the round's one decision made blind, so it is searched: ``samples``
      (times ``effort``) determinisations of the other seats, each given one of the
      existing styles, its own random draws and, its money being secret, this seat's
      own money (money only caps a bid); each bids and picks as its style does. Every
      amount that would overtake a sampled bid (and the minimum) is tried against every
      determinisation: the picks play out in bid order and the amount that leaves this
      seat the most (its lot's worth less the bid, summed) is bid, the lower on a tie.
    What it reads is the seat's view; the draws come from its ``random.Random``, so a seed
    replays its decisions. The search is Market's own (it plays the picks of one round
    from the view, not the engine), so it lives here rather than in a generic module.
    """

    style = "strong"
    title = Phrase("strong")
    summary = Phrase("plays to win: looks a sale ahead and plays out each round's picks before it bids")
    by_default = False
    keep = 12.0
    later: ClassVar[float] = 0.8  # what a sale on the cards that stay is worth now
    PER_CUBE: ClassVar[tuple[float, ...]] = (14.0, 18.0, 22.0)
    samples: ClassVar[int] = 16  # determinisations per bid at effort 1.0
    OPPONENTS: ClassVar[tuple[type[MarketBot], ...]] = (Hoarder, Thrifty, Trader)

    # ------------------------------------------------------------ valuing
    def plan(self, held: cu.Cubes, view: SeatView) -> tuple[float, Sale]:
        """(what ``held`` is worth, the sale now that gets it)."""
        sales = [self.table(view.markets).sale(held)]
        if not view.final_round:
            sales += [self.table(view.markets, per_cube).sale(held) for per_cube in self.PER_CUBE]
            sales.append(NOTHING)
        worths = [sale.payout + self.left_worth(cu.sub(held, sale.sold), view) for sale in sales]
        best_worth = max(worths)
        return best_worth, sales[worths.index(best_worth)]

    def left_worth(self, left: cu.Cubes, view: SeatView) -> float:
        if view.final_round:
            return 0.0  # cubes left only break ties
        payout, sold = table_on(view.markets[:2], 0.0).value(left)
        over = max(0, cu.total(left) - CUBE_LIMIT)
        return self.later * payout + self.keep * (cu.total(left) - sold - over)

    def lot_worths(self, view: SeatView) -> list[float]:
        mine = view.cubes[view.seat]
        return [self.plan(cu.add(mine, lot), view)[0] for lot in view.lots]

    # ------------------------------------------------------------ decisions
    def pick(self, view: SeatView) -> int:
        worths = self.lot_worths(view)
        free = [i for i, owner in enumerate(view.lot_owner) if owner is None]
        return max(free, key=lambda i: (worths[i], -i))

    def sell(self, view: SeatView) -> Sale:
        return self.plan(view.cubes[view.seat], view)[1]

    def bid(self, view: SeatView) -> int:
        worths = self.lot_worths(view)
        others = [self.determinised(view) for _ in range(max(1, round(self.samples * self.effort)))]

        def left_with(amount: int) -> tuple[float, int]:
            got = sum(worths[self.lot_got(view, amount, bids, worths)] for bids in others)
            return got - amount * len(others), -amount

        return max(self.amounts(view, others), key=left_with)

    def amounts(self, view: SeatView, others: list[dict[int, tuple[int, MarketBot]]]) -> list[int]:
        """The bids worth trying: the minimum and one more than each sampled bid, within
        what leaves the minimum for every round still to bid in (at most one more than
        the determinisations' bids)."""
        rounds_left = ROUNDS - view.round
        affordable = max(MIN_BID, min(view.money - MIN_BID * rounds_left, view.money))
        overtaking = {amount + 1 for bids in others for amount, _ in bids.values()}
        return sorted(a for a in overtaking | {MIN_BID} if a <= affordable)

    def determinised(self, view: SeatView) -> dict[int, tuple[int, MarketBot]]:
        """Every other seat as one of the existing styles: its bid and the bot that picks."""
        bids = {}
        for seat in range(view.players):
            if seat != view.seat:
                style = self.OPPONENTS[self.rng.randrange(len(self.OPPONENTS))]
                bot = style(random.Random(self.rng.random()))
                money = view.open_money[seat] if view.open_money else view.money
                bids[seat] = (bot.bid(replace(view, seat=seat, money=money, my_bid=None)), bot)
        return bids

    def lot_got(
        self, view: SeatView, amount: int, bids: dict[int, tuple[int, MarketBot]], worths: list[float]
    ) -> int:
        """The lot this seat ends with when it bids ``amount`` and the others as sampled:
        picks in bid order, a tie in seat order from the start player."""
        bid_of = {seat: bid for seat, (bid, _) in bids.items()} | {view.seat: amount}
        place = {(view.start + k) % view.players: k for k in range(view.players)}
        owner = list(view.lot_owner)
        for seat in sorted(bid_of, key=lambda s: (-bid_of[s], place[s])):
            if seat == view.seat:
                free = [i for i, o in enumerate(owner) if o is None]
                return max(free, key=lambda i: (worths[i], -i))
            owner[bids[seat][1].pick(replace(view, seat=seat, phase=PICKING, lot_owner=tuple(owner)))] = seat
        raise AssertionError("every seat picks")


STYLES = {bot.style: bot for bot in (Easy, Hoarder, Thrifty, Trader, Strong)}
