"""A holding's worth, and what one good more or fewer of a kind changes it by (``Appraisal``):
the worth is what its definition says for every style; a change is exactly the changed
holding's worth where every set weighs the same (the merchant's), and keeps the strongest
set's kind where the style weighs that set more (the hoarder's)."""

from __future__ import annotations

import random

import pytest

from companion.games.samarkand import goods as g
from companion.games.samarkand.appraisal import PER_GOOD, Appraisal, set_value
from companion.games.samarkand.bots import STYLES

WEIGHTS = sorted({bot.set_weight for bot in STYLES.values()})


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


def changed(hand: dict[str, int], give: str | None, take: str | None) -> dict[str, int]:
    after = dict(hand)
    if give is not None:
        g.take(after, {give: 1})
    if take is not None:
        g.add(after, {take: 1})
    return after


@pytest.mark.parametrize("weight", WEIGHTS)
def test_a_holding_is_worth_what_its_definition_says(weight):
    for hand in holdings(seed=24, count=600):
        assert Appraisal(hand, weight).worth == plain_worth(hand, weight)


def test_where_every_set_weighs_the_same_a_change_is_the_changed_holdings_worth():
    checked = 0
    for hand in holdings(seed=25, count=600):
        holding = Appraisal(hand, 1.0)
        for give in hand:
            assert holding.worth - holding.loss(give) == plain_worth(changed(hand, give, None), 1.0)
            for take in g.KINDS:
                if take != give:
                    after = plain_worth(changed(hand, give, take), 1.0)
                    assert holding.worth + holding.gain(take) - holding.loss(give) == after
                    checked += 1
    assert checked > 5000


def test_the_hoarder_weighs_the_changes_of_its_strongest_set_and_only_of_that_one():
    hoarder = Appraisal({"black": 4, "yellow": 3}, 1.8)  # black (70) is its strongest set
    assert hoarder.lead == "black"
    assert hoarder.gain("black") == 1.8 * (120 - 70) + PER_GOOD
    assert hoarder.gain("yellow") == (20 - 15) + PER_GOOD
    assert hoarder.loss("black") == 1.8 * (70 - 40) + PER_GOOD
    # sets worth the same: one must lead, the one whose name sorts last
    assert Appraisal({"yellow": 2, "green": 2}, 1.8).lead == "yellow"
    assert Appraisal({"black": 5, "yellow": 2}, 1.8).worth == 1.8 * 120 + 10 + 7 * PER_GOOD


@pytest.mark.parametrize("weight", WEIGHTS)
def test_the_best_swap_for_a_kind_gives_the_good_whose_loss_costs_least(weight):
    for hand in holdings(seed=26, count=300):
        holding = Appraisal(hand, weight)
        best = holding.best_swaps()
        for take in g.KINDS:
            gives = [give for give in hand if give != take]
            gain, given = holding.best_give(take, hand)
            if not gives:
                assert (gain, given, best[take]) == (float("-inf"), None, float("-inf"))
                continue
            least = min(holding.loss(give) for give in gives)
            assert given == next(give for give in gives if holding.loss(give) == least)  # the first of equals
            assert gain == best[take] == holding.gain(take) - least
            if weight == 1.0:  # exactly what the best swap does to the holding's worth
                after = max(plain_worth(changed(hand, give, take), 1.0) for give in gives)
                assert holding.worth + gain == after


@pytest.mark.parametrize("weight", WEIGHTS)
def test_the_cheapest_good_is_the_one_whose_loss_costs_least_the_first_of_kinds_among_equals(weight):
    for hand in holdings(seed=27, count=300):
        if hand:
            holding = Appraisal(hand, weight)
            least = min(holding.loss(kind) for kind in hand)
            assert holding.cheapest() == next(k for k in g.KINDS if k in hand and holding.loss(k) == least)
