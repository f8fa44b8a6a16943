"""Bots that play Le Marché legally and with intent, in distinct styles.

A bot reads only what its seat may see (public facts, its own money, camels and hand) and
turns each card on offer into a worth in dirhams: the points the card would add to its
final score, priced at the style's rate of points per dirham. It stops the countdown at
the highest count it is willing to pay for the best card. All randomness comes from the
``random.Random`` it is given, so a seed replays the same game.
"""
from __future__ import annotations

import random
from typing import Any

from companion.marche.state import BANK, CAMEL, MarcheState

SET_POINTS = (0, 0, 1, 2, 4, 8, 16)


def set_gain(held: int) -> int:
    """Set points gained by one more card of a value already held ``held`` times."""
    top = len(SET_POINTS) - 1
    return SET_POINTS[min(held + 1, top)] - SET_POINTS[min(held, top)]


class Bot:
    """Shared reasoning; styles differ in how they value money, sets and camels."""

    style = "bot"
    points_per_dirham = 1.0   # how many points one dirham is worth to this style
    set_weight = 1.0
    least_weight = 0.4
    camel_weight = 1.0

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self._goods_key = self._camel_key = self._whim_turn = None
        self._goods_worths: dict[Any, float] = {}
        self._camel_worth = 0.0
        self._held = self._capacity = 0
        self._whims: dict[Any, float] = {}

    # ------------------------------------------------------------ decisions
    def pick(self, state: MarcheState, seat: int) -> int:
        """Offer a card from the hand."""
        hand = state.hands[seat]
        return hand[self.rng.randrange(len(hand))]

    def bid(self, state: MarcheState, seat: int) -> tuple[int, Any] | None:
        """The highest count (<= the current price) at which this bot would stop, and why."""
        best: tuple[int, Any] | None = None
        limit = min(state.price, state.money[seat])
        low = state.rules.lowest_price
        for target, worth in self._worths(state, seat):
            count = min(limit, int(worth))
            if count >= low and (best is None or count > best[0]):
                best = (count, target)
        return best

    def claim(self, state: MarcheState, seat: int, count: int) -> Any:
        """Name the card worth most at the stop's count (the bid's target, usually)."""
        options = [(worth, target) for target, worth in self._worths(state, seat) if worth >= count]
        return max(options, key=lambda o: o[0])[1] if options else None

    # ------------------------------------------------------------ valuation
    def _worths(self, state: MarcheState, seat: int) -> list[tuple[Any, float]]:
        """What each card on offer is worth to this bot in dirhams, in the market's order.

        Offers only leave the market during a turn, so the goods are revalued only when a
        turn begins or the bot's own holdings change, and the camel only when it changes.
        """
        goods = state.goods[seat]
        key = (state.turn, len(state.camels[seat]), sum(map(len, goods.values())))
        if key != self._goods_key:
            self._value_goods(state, seat, key)
        cached = self._goods_worths
        worths = [(t, cached[t]) for t in state.offers if t in cached]
        if state.camel_up is not None:
            if (key, state.camel_up) != self._camel_key:
                self._value_camel(state, key)
            worths.append((CAMEL, self._camel_worth))
        return worths

    def _value_goods(self, state: MarcheState, seat: int, key: tuple) -> None:
        goods = state.goods[seat]
        values: dict[int, int] = {}
        for cards in goods.values():
            for card in cards:
                values[card] = values.get(card, 0) + 1
        counts = {t: len(goods.get(t, ())) for t in buyable_types(state, seat)}
        fewest = min(counts.values())
        least_types = {t for t, n in counts.items() if n == fewest}
        self._held = held = sum(counts.values())
        self._capacity = capacity = sum(state.camels[seat])
        needs_camel = 0.5 if held >= capacity else 0.0
        rate = self.points_per_dirham
        worths = {}
        for seller, card in state.offers.items():
            if seller == seat:
                continue
            kind = state.bank_type if seller == BANK else state.sells[seller]
            points = self.set_weight * set_gain(values.get(card, 0))
            if kind in least_types:
                points += self.least_weight * (card + 1)
            worths[seller] = (points - needs_camel + self._whim(state, seller)) / rate
        self._goods_key, self._goods_worths = key, worths

    def _value_camel(self, state: MarcheState, key: tuple) -> None:
        spare = self._held + (state.rules.turns - state.turn) * 0.7 + 1 - self._capacity
        points = self.camel_weight * min(state.camel_up, max(spare, 0)) * 0.9
        self._camel_key = (key, state.camel_up)
        self._camel_worth = (points + self._whim(state, CAMEL)) / self.points_per_dirham

    def _whim(self, state: MarcheState, target: Any) -> float:
        """A per-turn taste for each card, so bots differ on price as people do."""
        if self._whim_turn != state.turn:
            self._whim_turn, self._whims = state.turn, {}
        whim = self._whims.get(target)
        if whim is None:
            whim = self._whims[target] = self.rng.random() * 2.0
        return whim


def buyable_types(state: MarcheState, seat: int) -> list[str]:
    """Every goods type in play but the seat's own."""
    types = [t for i, t in enumerate(state.sells) if i != seat]
    return types + ([state.bank_type] if state.bank_type else [])


class Collector(Bot):
    """Chases sets and the least-type bonus; spends freely; sells its small cards first."""

    style = "collector"
    points_per_dirham = 0.8
    set_weight = 1.6
    least_weight = 0.45

    def pick(self, state: MarcheState, seat: int) -> int:
        hand = state.hands[seat]
        return hand[0] if self.rng.random() < 0.7 else hand[self.rng.randrange(len(hand))]


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
