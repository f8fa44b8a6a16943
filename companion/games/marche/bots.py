"""Bots that play Le Marché legally and with intent, in distinct styles.

A bot reads only what its seat may see (public facts, its own money, camels and hand) and
turns each card on offer into a worth in dirhams: the points the card would add to its
final score, priced at the style's rate of points per dirham. It stops the countdown at
the highest count it is willing to pay for the best card. All randomness comes from the
``random.Random`` it is given, so a seed replays the same game.
"""
from __future__ import annotations

import random
from typing import Any, Callable, ClassVar, Final

from companion.core.game import Event
from companion.games.marche.state import BANK, CAMEL, PICKING, MarcheState

SET_POINTS: Final = (0, 0, 1, 2, 4, 8, 16)
SET_GAINS: Final = tuple(SET_POINTS[held + 1] - SET_POINTS[held]
                         for held in range(len(SET_POINTS) - 1))
"""Set points gained by one more card of a value already held ``held`` times (none once full:
``held`` past the end)."""


class Bot:
    """Shared reasoning; styles differ in how they value money, sets and camels. A bot plays
    one seat for one game."""

    style: ClassVar[str] = "bot"
    # A style's weights: class defaults each bot carries as its own attributes (compiled,
    # read as fields rather than looked up on the class at every valuation).
    points_per_dirham: float = 1.0   # how many points one dirham is worth
    set_weight: float = 1.0
    least_weight: float = 0.4
    camel_weight: float = 1.0

    def __init__(self, rng: random.Random) -> None:
        self.random: Callable[[], float] = rng.random   # bound once: drawn dozens of times a game
        self._whim_turn = 0
        self._whims: list[float] = []   # this turn's, by seller in _sellers order (< 0: none yet)
        self._camel_whim = -1.0
        self._sellers: list[Any] = []   # who sells each type the seat can buy: the same all game
        self._kinds: list[str] = []     # and the type each sells
        self._turns = self._lowest_price = self._card_values = 0
        self.forget()

    def forget(self) -> None:
        """Drop the cached valuations (not this turn's whims): the next decision values
        everything afresh, as a check that the caches never go stale."""
        self._ranked_for = -1        # the turn and holdings the goods were ranked for
        self._assessed_for = -1      # the holdings assessed
        self._ranked: list[tuple[Any, float]] = []
        self._camel_up = -1          # the camel valued (none yet)
        self._camel_worth = 0.0
        self._worth = 0.0                    # of the card _best found
        self._values: list[int] = []         # how many cards of each value the seat holds
        self._least: list[float] = []        # by seller: least_weight if of a least-bought type
        self._held = 0                       # goods cards held
        self._capacity = 0                   # camel capacity

    # ------------------------------------------------------------ the contract
    def decide(self, state: MarcheState, seat: int) -> Event:
        """The seat's decision when the game waits for it: its offer, or its claim."""
        if state.phase == PICKING:
            return Event("pick", seat, {"card": self.pick(state, seat)})
        return Event("claim", seat, {"target": self.claim(state, seat, state.stop.count)})

    def stop_at(self, state: MarcheState, seat: int) -> int | None:
        """The highest count at which this bot would stop the countdown, if any."""
        bid = self.bid(state, seat)
        return None if bid is None else bid[0]

    # ------------------------------------------------------------ decisions
    def pick(self, state: MarcheState, seat: int) -> int:
        """Offer a card from the hand."""
        return self._any_card(state.hands[seat])

    def _any_card(self, hand: list[int]) -> int:
        return hand[int(self.random() * len(hand))]

    def bid(self, state: MarcheState, seat: int) -> tuple[int, Any] | None:
        """The highest count (<= the current price) at which this bot would stop, and why."""
        target = self._best(state, seat)
        if target is None:
            return None
        count, money, worth = state.price, state.money[seat], int(self._worth)
        if money < count:       # comparisons, not min(): this runs for every bot at every stop
            count = money
        if worth < count:
            count = worth
        return (count, target) if count >= self._lowest_price else None

    def claim(self, state: MarcheState, seat: int, count: int) -> Any:
        """Name the card worth most, if it is worth the stop's count (the bid's target)."""
        target = self._best(state, seat)
        return target if target is not None and self._worth >= count else None

    # ------------------------------------------------------------ valuation
    def _best(self, state: MarcheState, seat: int) -> Any:
        """The card on offer worth most to this bot (goods before the camel on a tie, else
        the market's order), or None; its worth in dirhams is left in ``_worth`` (no tuple
        built at every bid).

        Offers only leave the market during a turn, so the goods are ranked again only when
        a turn begins or the bot's own holdings change (the goods sold since stay ranked and
        are passed over here), the camel valued again only when it changes.
        """
        held = 0
        for cards in state.goods[seat].values():
            held += len(cards)
        holdings = held * 64 + len(state.camels[seat])   # 40 goods and 16 camels at most
        ranked_for = state.turn * 4096 + holdings
        if ranked_for != self._ranked_for:
            self._rank(state, seat, holdings, ranked_for)
        best, worth = None, 0.0
        offers = state.offers
        for seller, seller_worth in self._ranked:
            if seller in offers:
                best, worth = seller, seller_worth
                break
        camel = state.camel_up
        if camel is not None:
            if camel != self._camel_up:
                self._camel_up, self._camel_worth = camel, self._value_camel(state, seat, camel)
            if best is None or self._camel_worth > worth:
                best, worth = CAMEL, self._camel_worth
        self._worth = worth
        return best

    def _rank(self, state: MarcheState, seat: int, holdings: int, ranked_for: int) -> None:
        """Each goods card offered with its worth in dirhams, most first (stable: on a tie,
        in the market's order, seats then the bank)."""
        if holdings != self._assessed_for:
            self._assessed_for = holdings
            self._assess(state, seat, holdings // 64)
        self._ranked_for = ranked_for
        values, least, sellers = self._values, self._least, self._sellers
        base = -0.5 if self._held >= self._capacity else 0.0   # no camel to carry the card
        set_weight, rate = self.set_weight, self.points_per_dirham
        if self._whim_turn != state.turn:
            self._whim_turn, self._whims, self._camel_whim = state.turn, [-1.0] * len(sellers), -1.0
        whims, offers = self._whims, state.offers
        ranked: list[tuple[Any, float]] = []
        for index in range(len(sellers)):     # the offers' own order: seats, then the bank
            seller = sellers[index]
            card = offers.get(seller)
            if card is None:
                continue
            held = values[card]
            points = set_weight * SET_GAINS[held] if held < len(SET_GAINS) else 0.0
            points += least[index] * (card + 1)
            whim = whims[index]
            if whim < 0:   # a per-turn taste, so bots differ on price as people do
                whim = whims[index] = self.random() * 2.0
            worth = (points + base + whim) / rate
            at = len(ranked)            # inserted after every card worth as much: a stable sort
            while at and ranked[at - 1][1] < worth:
                at -= 1
            ranked.insert(at, (seller, worth))
        self._ranked = ranked
        self._camel_up = -1   # the camel's worth, valued for this turn and holdings, is gone

    def _value_camel(self, state: MarcheState, seat: int, camel: int) -> float:
        spare = self._held + (self._turns - state.turn) * 0.7 + 1 - self._capacity
        carried = spare if spare > 0 else 0.0      # what the camel would carry, in cards
        if camel < carried:
            carried = float(camel)
        points = self.camel_weight * carried * 0.9
        if self._camel_whim < 0:    # this turn's: the goods were ranked first
            self._camel_whim = self.random() * 2.0
        return (points + self._camel_whim) / self.points_per_dirham

    def _assess(self, state: MarcheState, seat: int, held: int) -> None:
        """What the seat holds, as valuing needs it: how many of each card value, which
        sellers sell its least-bought types, how many goods cards, its camel capacity."""
        if not self._sellers:
            self._learn_table(state, seat)
        goods = state.goods[seat]
        values = [0] * self._card_values
        for cards in goods.values():
            for card in cards:
                values[card] += 1
        bought = [len(goods[kind]) if kind in goods else 0 for kind in self._kinds]
        fewest = bought[0]
        for count in bought:    # not min(): compiled, the builtin costs 3% of a whole game
            if count < fewest:
                fewest = count
        least_weight = self.least_weight
        self._values = values
        self._least = [least_weight if count == fewest else 0.0 for count in bought]
        capacity = 0
        for camel in state.camels[seat]:   # not sum(), as above
            capacity += camel
        self._held, self._capacity = held, capacity

    def _learn_table(self, state: MarcheState, seat: int) -> None:
        """What stays the same all game: who sells each type this seat can buy (the bank
        too, with three players), in the market's order; the last turn; the lowest price;
        how many card values there are."""
        for other, kind in enumerate(state.sells):
            if other != seat:
                self._sellers.append(other)
                self._kinds.append(kind)
        if state.bank_type:
            self._sellers.append(BANK)
            self._kinds.append(state.bank_type)
        rules = state.rules
        self._turns, self._lowest_price = rules.turns, rules.lowest_price
        self._card_values = max(rules.goods_cards) + 1   # a goods card's value indexes a list


class Collector(Bot):
    """Chases sets and the least-type bonus; spends freely; sells its small cards first."""

    style = "collector"
    points_per_dirham = 0.8
    set_weight = 1.6
    least_weight = 0.45

    def pick(self, state: MarcheState, seat: int) -> int:
        hand = state.hands[seat]
        return hand[0] if self.random() < 0.7 else self._any_card(hand)


class Miser(Bot):
    """Plays for the money podium: buys only bargains, offers its best cards early."""

    style = "miser"
    points_per_dirham = 1.4
    set_weight = 1.0
    least_weight = 0.5
    camel_weight = 1.2

    def pick(self, state: MarcheState, seat: int) -> int:
        return state.hands[seat][-1]


class Camelteer(Bot):
    """Secures carrying capacity first, then buys to fill it."""

    style = "camelteer"
    points_per_dirham = 1.0
    camel_weight = 1.8
    least_weight = 0.4


STYLES: dict[str, type[Bot]] = {cls.style: cls for cls in (Collector, Miser, Camelteer)}
