"""Bots that play Le Marché legally and with intent, in distinct styles.

A bot decides from its seat's view (``SeatView``: the public facts, its own hand, money and
camels), so it can never peek, and each decision is an event for the engine: its secret
pick, the card it names after a stop. Its bid is the one decision that is not an event: the
count at which it would press its buzzer; the stop is the arbiter's event, made from
everyone's presses.

A bot turns each card on offer into a worth in dirhams: the points the card would add to its
final score, priced at the style's rate of points per dirham. It bids the highest count it
is willing to pay for the best card. All randomness comes from the ``random.Random`` it is
given, so a seed replays the same game.
"""

from __future__ import annotations

import random
from itertools import chain
from operator import itemgetter
from typing import Any

from companion.core.bot import Bot
from companion.core.game import Event
from companion.core.phrase import Phrase
from companion.games.marche.state import BANK, CAMEL, PICKING
from companion.games.marche.view import SeatView

SET_POINTS = (0, 0, 1, 2, 4, 8, 16)
"""Set points for a value held 0, 1, 2… times (the rulebook's: six and more score 16)."""
SET_GAINS = {held: SET_POINTS[held + 1] - SET_POINTS[held] for held in range(len(SET_POINTS) - 1)}
"""The set points one more card of a value held ``held`` times adds (none to a full set)."""


Bid = tuple[int, Any]
"""(count, target): the highest count at which a bot would stop the countdown, and the card
it wants there (a seat, BANK or CAMEL)."""


class MarcheBot(Bot[SeatView]):
    """Shared reasoning; styles differ in how they value money, sets and camels, and in
    which card they offer. A bot plays one seat for one game."""

    points_per_dirham = 1.0  # how many points one dirham is worth to this style
    set_weight = 1.0
    least_weight = 0.4
    camel_weight = 1.0
    whims = (0.0, 2.0)  # the range of this style's taste for a card, drawn each turn

    def __init__(self, rng: random.Random, effort: float = 1.0) -> None:
        super().__init__(rng, effort)
        self._whim_turn = 0
        self._whims: dict[Any, float] = {}  # this turn's taste for each seller's card and the
        # camel, drawn as each is first valued: bots differ on price as people do
        self._sellers: dict[Any, str] = {}  # who sells what the seat can buy: the same all game
        self.forget()

    def forget(self) -> None:
        """Drop the cached valuations (not this turn's whims): the next decision values
        everything afresh (as one must after an undo)."""
        self._bought: int | None = None  # how many cards the seat had bought when last seen
        self._values: list[int] = []  # the value of each goods card held
        self._least: set[Any] = set()  # the sellers of the least-bought types
        self._capacity = 0  # of the camels
        self._ranked_turn = 0  # the turn the goods on offer were ranked in
        self._ranked: list[tuple[Any, float]] = []  # (seller, worth) of the goods, most first
        self._camel_valued: int | None = None  # the camel _camel_worth is the worth of
        self._camel_worth = 0.0

    # ------------------------------------------------------------ at a live table
    # The table asks a seated bot through the core's contract (companion/core/bot.py) and
    # the countdown's plan of presses: each time afresh, since a table can undo and a bot's
    # valuations assume that its seat's holdings change only at its own stops.
    def decide(self, view: SeatView, seat: int) -> Event:
        """The decision the game waits for from this seat: its offer, or its claim."""
        self.forget()
        return self.decide_pick(view) if view.phase == PICKING else self.decide_claim(view)

    def stop_at(self, view: SeatView, seat: int) -> int | None:
        """The highest count at which this bot would stop the countdown, if any."""
        self.forget()
        bid = self.decide_bid(view)
        return None if bid is None else bid[0]

    # ------------------------------------------------------------ decisions
    def decide_pick(self, view: SeatView) -> Event:
        """This turn's secret offer, from the hand."""
        return Event("pick", view.seat, {"card": self.choose_offer(view.hand)})

    def decide_prices(self, view: SeatView) -> list[Bid]:
        """This bot's plan of presses for the countdown: each card on offer it would stop
        for, the one it wants most first, at the highest count it would pay for it (its
        worth, within its money). The plan stands while the seat's view changes only by
        cards leaving the market and the count falling, or by its money growing where
        ``stands_richer``: a new turn, a change of the seat's holdings, another camel turned
        up, or any other change of its money call for a new one."""
        money, lowest = view.money, view.rules.lowest_price
        if money < lowest and view.turn == self._ranked_turn:
            # It can pay for nothing, so it values nothing anew (it drew this turn's whims
            # as it first valued the market).
            return []
        prices = []
        for target, worth in self._worths(view):
            count = min(money, int(worth))
            if count < lowest:  # the cards after it are worth no more
                break
            prices.append((count, target))
        return prices

    def decide_bid(self, view: SeatView) -> Bid | None:
        """The highest count (at most the current price) at which this bot would stop: its
        plan's first price."""
        prices = self.decide_prices(view)
        if not prices:
            return None
        count, target = prices[0]
        return min(count, view.price), target

    def decide_claim(self, view: SeatView) -> Event:
        """After a stop by this seat: the card worth most, if it is worth the stop's count
        (the bid's target), else nothing."""
        stop = view.stop
        assert stop is not None, "a claim follows a stop"
        worths = self._worths(view)
        target, worth = worths[0] if worths else (None, 0.0)
        return Event("claim", view.seat, {"target": target if worth >= stop.count else None})

    def choose_offer(self, hand: tuple[int, ...]) -> int:
        """The card to offer from the hand (lowest first)."""
        return self._any_card(hand)

    def _any_card(self, hand: tuple[int, ...]) -> int:
        return hand[int(self.rng.random() * len(hand))]

    # ------------------------------------------------------------ valuation
    def _worths(self, view: SeatView) -> list[tuple[Any, float]]:
        """Each card on offer this bot could buy, with its worth in dirhams, most first (on
        a tie, goods before the camel, else the market's order).

        What the seat holds changes only when a stop it took part in is settled, and offers
        only leave the market during a turn: so the goods on offer are ranked once a turn,
        and again when the seat holds other goods or camels (the goods sold since stay
        ranked and are passed over here); the camel is valued again when it changes.
        """
        bought, turn = view.bought, view.turn
        if bought != self._bought:  # the seat's holdings grew: they change every worth
            self._assess(view, bought)
            self._ranked_turn = 0
        if turn != self._ranked_turn:
            if turn != self._whim_turn:  # a new turn: new tastes, drawn as each card is valued
                self._whim_turn, self._whims = turn, {}
            self._ranked_turn, self._camel_valued = turn, None
            self._ranked = self._rank(view)
        camel = view.camel_up
        if camel is not None and camel != self._camel_valued:
            self._camel_valued = camel
            self._camel_worth = self._value_camel(view, turn, camel)
        camel_worth = None if camel is None else self._camel_worth
        offers = view.offers
        worths = []
        for entry in self._ranked:
            if entry[0] in offers:
                if camel_worth is not None and camel_worth > entry[1]:
                    worths.append((CAMEL, camel_worth))
                    camel_worth = None
                worths.append(entry)
        if camel_worth is not None:
            worths.append((CAMEL, camel_worth))
        return worths

    def _assess(self, view: SeatView, bought: int) -> None:
        """What the seat holds, as valuing cards needs it: the value of each goods card, the
        sellers of its least-bought types, its camels' capacity (assessed again whenever it
        has bought a card: its holdings only grow, so their count tells)."""
        self._bought = bought
        if not self._sellers:
            self._sellers = sellers(view)
        goods = view.goods
        counts = {seller: len(goods.get(kind, ())) for seller, kind in self._sellers.items()}
        fewest = min(counts.values())
        self._values = list(chain.from_iterable(goods.values()))
        self._least = {seller for seller, count in counts.items() if count == fewest}
        self._capacity = sum(view.camels)

    def _rank(self, view: SeatView) -> list[tuple[Any, float]]:
        """Each goods card offered, with its worth in dirhams, most first (on a tie, in the
        market's order: seats, then the bank)."""
        values, least = self._values, self._least
        base = 0.0 if len(values) < self._capacity else -0.5  # no camel to carry the card
        whims = self._whims
        ranked = []
        for seller, card in view.offers.items():
            if seller in self._sellers:  # not the seat's own card
                points = self.set_weight * SET_GAINS.get(values.count(card), 0)
                if seller in least:
                    points += self.least_weight * (card + 1)
                whim = whims.get(seller)
                if whim is None:  # first valued this turn
                    whim = whims[seller] = self._whim()
                ranked.append((seller, (points + base + whim) / self.points_per_dirham))
        ranked.sort(key=itemgetter(1), reverse=True)
        return ranked

    def _value_camel(self, view: SeatView, turn: int, camel: int) -> float:
        spare = len(self._values) + (view.rules.turns - turn) * 0.7 + 1 - self._capacity
        carried = min(camel, max(spare, 0))  # the cards it would carry, as far as foreseen
        points = self.camel_weight * carried * 0.9
        whims = self._whims
        if CAMEL not in whims:  # first valued this turn
            whims[CAMEL] = self._whim()
        return (points + whims[CAMEL]) / self.points_per_dirham

    def _whim(self) -> float:
        low, high = self.whims
        return low + self.rng.random() * (high - low)


def stands_richer(prices: list[Bid], money: int, lowest: int) -> bool:
    """Whether a plan made with ``money`` stands when the seat has more: its money held
    back none of its prices (each is below it) and did not leave it unable to pay for
    anything (it reaches the lowest price)."""
    return prices[0][0] < money if prices else money >= lowest


def sellers(view: SeatView) -> dict[Any, str]:
    """Who sells the goods types the seat can buy (every other seat, and the bank with three
    players), with the type each sells, in the market's order."""
    sold: dict[Any, str] = {seat: kind for seat, kind in enumerate(view.sells) if seat != view.seat}
    if view.bank_type:
        sold[BANK] = view.bank_type
    return sold


class Collector(MarcheBot):
    style = "collector"
    title = Phrase("collector")
    summary = Phrase("chases sets and the least-type bonus, spends freely, sells its small cards first")
    points_per_dirham = 0.8
    set_weight = 1.6
    least_weight = 0.45

    def choose_offer(self, hand: tuple[int, ...]) -> int:
        return hand[0] if self.rng.random() < 0.7 else self._any_card(hand)


class Miser(MarcheBot):
    style = "miser"
    title = Phrase("miser")
    summary = Phrase("plays for the money podium: buys only bargains, offers its best cards early")
    points_per_dirham = 1.4
    set_weight = 1.0
    least_weight = 0.5
    camel_weight = 1.2

    def choose_offer(self, hand: tuple[int, ...]) -> int:
        return hand[-1]


class Camelteer(MarcheBot):
    style = "camelteer"
    title = Phrase("camelteer")
    summary = Phrase("secures its camels first, then buys to fill them")
    points_per_dirham = 1.0
    camel_weight = 1.8
    least_weight = 0.4


class Easy(MarcheBot):
    """A beginner's opponent: it pays what a card looks worth at a glance, whatever it adds
    to its score, cares little for camels and offers any card."""

    style = "easy"
    title = Phrase("easy")
    summary = Phrase("a gentle opponent: pays too much for what it likes and forgets its camels")
    by_default = False
    points_per_dirham = 0.45
    set_weight = 0.3
    least_weight = 0.15
    camel_weight = 0.3


class Strong(MarcheBot):
    """Plays to win, with the valuation that wins most often against the other styles,
    found by simulation: a dirham is worth more to it than to them (the money podium
    decides most games), the least-bought type's bonus far more (a card of a type it
    lacks), and it has no whims: each card's worth is its worth, so it never overpays by
    chance. It offers its best card first, while the others have money to pay for it.

    It searches nothing, so it has no budget to spend (``effort`` changes nothing): rollouts
    of the rest of the game from its view were tried and judged too noisy for a live table
    (docs/rules/marche.md, "Bots")."""

    style = "strong"
    title = Phrase("strong")
    summary = Phrase("plays to win: guards its money for the podium, completes its types, never overpays")
    by_default = False
    points_per_dirham = 1.8
    set_weight = 1.0
    least_weight = 1.0
    camel_weight = 1.2
    whims = (1.0, 1.0)

    def choose_offer(self, hand: tuple[int, ...]) -> int:
        return hand[-1]


STYLES: dict[str, type[MarcheBot]] = {cls.style: cls for cls in (Easy, Camelteer, Collector, Miser, Strong)}
