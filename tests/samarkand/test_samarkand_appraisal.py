"""A holding's worth after one swap or one loss, found from the kinds it touches
(``Appraisal``), is the very float a plain appraisal of the changed holding gives: the bots'
trades and losses, and so their games, do not depend on the shortcut."""

from __future__ import annotations

import random

import pytest

from companion.games.samarkand import goods as g
from companion.games.samarkand.appraisal import PER_GOOD, Appraisal, set_value
from companion.games.samarkand.bots import STYLES


def plain_worth(hand: dict[str, int], weight: float) -> float:
    """The worth as its definition reads: every kind valued afresh."""
    values = [set_value(kind, n) for kind, n in hand.items()]
    top = max(values, default=0.0)
    return weight * top + (sum(values) - top) + PER_GOOD * g.total(hand)


def holdings(seed: int, count: int) -> list[dict[str, int]]:
    """Random holdings, from empty to beyond the price table's largest sets, in random order."""
    rng = random.Random(seed)
    found = []
    for _ in range(count):
        kinds = rng.sample(g.KINDS, rng.randint(0, len(g.KINDS)))
        found.append({kind: rng.randint(1, 8) for kind in kinds})
    return found


@pytest.mark.parametrize("weight", sorted({bot.set_weight for bot in STYLES.values()}))
def test_a_changed_holding_is_worth_what_a_fresh_appraisal_says(weight):
    checked = 0
    for hand in holdings(seed=25, count=600):
        holding = Appraisal(hand, weight)
        assert holding.worth() == plain_worth(hand, weight)
        for give in hand:
            less = dict(hand)
            g.take(less, {give: 1})
            assert holding.without(give) == plain_worth(less, weight)
            for take in g.KINDS:
                if take == give:
                    continue
                swapped = dict(less)
                g.add(swapped, {take: 1})
                assert holding.swapped(take, give) == plain_worth(swapped, weight)
                checked += 1
    assert checked > 5000


def test_the_worth_rises_with_the_strongest_set_only_as_the_style_weighs_it():
    hand = {"black": 5, "yellow": 2}
    assert Appraisal(hand, 1.0).worth() == 120 + 10 + 7 * PER_GOOD
    assert Appraisal(hand, 1.8).worth() == 1.8 * 120 + 10 + 7 * PER_GOOD


@pytest.mark.parametrize("weight", sorted({bot.set_weight for bot in STYLES.values()}))
def test_the_best_swap_for_a_kind_is_the_best_of_every_good_given_for_it(weight):
    for hand in holdings(seed=26, count=300):
        holding = Appraisal(hand, weight)
        best = holding.best_swaps()
        for take in g.KINDS:
            gains = []
            for give in hand:
                if give != take:
                    swapped = dict(hand)
                    g.take(swapped, {give: 1})
                    g.add(swapped, {take: 1})
                    gains.append(plain_worth(swapped, weight) - plain_worth(hand, weight))
            assert best[take] == max(gains, default=float("-inf"))
