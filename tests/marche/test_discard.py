"""The discard advice is exact: checked against every keep set on small hands."""

from __future__ import annotations

from collections import Counter
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.core.errors import RuleError
from companion.games.marche.discard import best_keep, set_bonus
from companion.games.marche.scoring import least_type_points, set_points

VALUES = (0, 1, 2, 3, 5, 6, 7)
TYPES = ("jewels", "spices", "carpets", "textiles")


def objective(kept, buyable, set_scoring):
    """The part of the final score the discard choice changes."""
    sets, _ = set_points([v for vs in kept.values() for v in vs], set_scoring)
    return least_type_points(kept, buyable)[1] + sets


def brute_force(goods, capacity, buyable, set_scoring):
    """Best objective over every keep set of exactly min(capacity, held) cards."""
    piles = [(t, v, n) for t, vs in goods.items() for v, n in Counter(vs).items()]
    must = min(capacity, sum(len(vs) for vs in goods.values()))
    best = None
    for counts in product(*(range(n + 1) for _, _, n in piles)):
        if sum(counts) != must:
            continue
        kept = {t: [] for t in goods}
        for (t, v, _), c in zip(piles, counts):
            kept[t] += [v] * c
        score = objective(kept, buyable, set_scoring)
        best = score if best is None else max(best, score)
    return best


@st.composite
def hands(draw):
    types = list(TYPES[: draw(st.integers(1, 4))])
    goods = {t: draw(st.lists(st.sampled_from(VALUES), max_size=5)) for t in types}
    while sum(len(v) for v in goods.values()) > 12:
        longest = max(goods, key=lambda t: len(goods[t]))
        goods[longest].pop()
    buyable = draw(st.lists(st.sampled_from([*types, "vegetables"]), unique=True))
    capacity = draw(st.integers(0, 14))
    return goods, capacity, buyable, draw(st.sampled_from(["rulebook", "doubling"]))


@settings(max_examples=400, deadline=None)
@given(hands())
def test_advice_matches_brute_force(case):
    goods, capacity, buyable, set_scoring = case
    kept = best_keep(goods, capacity, buyable, set_scoring)
    for t, values in kept.items():
        assert not Counter(values) - Counter(goods[t]), "keeps a card not held"
    assert sum(len(v) for v in kept.values()) == min(capacity, sum(len(v) for v in goods.values()))
    assert objective(kept, buyable, set_scoring) == brute_force(goods, capacity, buyable, set_scoring)


def test_greedy_keep_highest_is_beaten():
    # Keeping 7, 7, 1 scores 1 (least: one 1) + 1 (pair of 7s); the advice keeps 7, 1, 1: 7 + 1.
    goods = {"jewels": [7, 7], "spices": [1, 1, 1]}
    kept = best_keep(goods, 3, ["jewels", "spices"])
    assert kept == {"jewels": [7], "spices": [1, 1]}


def test_sets_can_outweigh_the_least_type():
    # Five 2s (8) + least type spices 2+2 = 12; keeping the 7 reaches 9 (jewels 7+2) + 2 = 11.
    goods = {"jewels": [2, 2, 2, 7], "spices": [2, 2]}
    kept = best_keep(goods, 5, ["jewels", "spices"])
    assert kept == {"jewels": [2, 2, 2], "spices": [2, 2]}


def test_everything_fits_so_everything_is_kept():
    goods = {"jewels": [1, 7], "spices": [3]}
    assert best_keep(goods, 5, ["jewels", "spices"]) == {"jewels": [7, 1], "spices": [3]}


def test_no_camels_discards_everything():
    assert best_keep({"jewels": [1, 7], "spices": [3]}, 0, ["jewels", "spices"]) == {
        "jewels": [],
        "spices": [],
    }


def test_largest_hand_keeps_exactly_capacity():
    deck = (1, 1, 2, 2, 2, 3, 3, 5, 6, 7)
    goods = {t: list(deck) for t in TYPES}
    for capacity in (1, 9, 23, 39):
        kept = best_keep(goods, capacity, TYPES, "doubling")
        assert sum(len(v) for v in kept.values()) == capacity


def test_set_bonus_both_options():
    assert [set_bonus(n) for n in range(9)] == [0, 0, 1, 2, 4, 8, 16, 16, 16]
    assert [set_bonus(n, "doubling") for n in range(9)] == [0, 0, 1, 2, 4, 8, 16, 32, 64]


@pytest.mark.parametrize(
    "call",
    [
        lambda: set_bonus(3, "tripling"),
        lambda: best_keep({"jewels": [1]}, -1, ["jewels"]),
        lambda: best_keep({"jewels": [1]}, 0, ["jewels"], "tripling"),
    ],
)
def test_bad_input_is_refused(call):
    with pytest.raises(RuleError):
        call()


@pytest.mark.parametrize(
    "goods, buyable, kept",
    [
        # Hands from bot games with several equally good keeps (10, 6 and 6 of them): the advice
        # is always the same one, so the table sees the same suggestion however the search is sped up.
        (
            {"textiles": [3, 3], "carpets": [3, 5, 6], "jewels": [3, 6], "vegetables": [6, 3]},
            ["jewels", "vegetables", "carpets", "textiles"],
            {"textiles": [3, 3], "carpets": [3], "jewels": [6], "vegetables": [6, 3]},
        ),
        (
            {"spices": [5, 2], "vegetables": [5, 2], "jewels": [2, 5], "carpets": [2, 7]},
            ["jewels", "spices", "vegetables", "carpets"],
            {"spices": [5, 2], "vegetables": [5, 2], "jewels": [5], "carpets": [7]},
        ),
        (
            {"jewels": [7, 3], "vegetables": [1, 7, 3], "textiles": [3], "spices": [3, 1]},
            ["jewels", "spices", "vegetables", "textiles"],
            {"jewels": [7], "vegetables": [7, 3, 1], "textiles": [3], "spices": [3]},
        ),
    ],
)
def test_equally_good_keeps_always_give_the_same_advice(goods, buyable, kept):
    assert best_keep(goods, 6, buyable) == kept
    assert objective(kept, buyable, "rulebook") == brute_force(goods, 6, buyable, "rulebook")
