"""The best sale now: exact against brute force on random small cases, the sale it names
valid and paying what it says, its tie-breaks, and ``samarkand advise market`` (JSON in,
JSON out)."""

from __future__ import annotations

import json
from functools import cache
from itertools import product

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from companion.appliance.cli import main
from companion.games.market import cubes as cu
from companion.games.market.cards import Card, CubeSet, parse_card
from companion.games.market.sale import SaleTable, best, check_sale, fits, suggested_return
from companion.games.market.tools import advise_data

vectors = st.tuples(*[st.integers(0, 4)] * 5)
small_sets = st.builds(
    lambda v, pays: CubeSet(v, pays),
    st.tuples(*[st.integers(0, 2)] * 5).filter(lambda v: 1 <= sum(v) <= 10),
    st.integers(1, 60),
)


@st.composite
def cards(draw):
    sets = draw(st.lists(small_sets, min_size=1, max_size=4, unique_by=lambda s: s.cubes))
    return Card(f"C{draw(st.integers(0, 99))}", tuple(sets))


def brute_force(held: cu.Cubes, markets) -> int:
    """The most a sale pays, by trying every number of times of every set."""
    sets = [s for card in markets for s in card.sets]
    ranges = [range(min((h // n for h, n in zip(held, s.cubes) if n), default=0) + 1) for s in sets]
    most = 0
    for counts in product(*ranges):
        used = [sum(c * s.cubes[i] for c, s in zip(counts, sets)) for i in range(5)]
        if all(u <= h for u, h in zip(used, held)):
            most = max(most, sum(c * s.pays for c, s in zip(counts, sets)))
    return most


@settings(max_examples=300, deadline=None)
@given(vectors.filter(lambda v: sum(v) <= 12), st.lists(cards(), min_size=1, max_size=3))
def test_the_best_sale_pays_as_much_as_brute_force_finds_and_is_a_valid_sale(held, markets):
    sale = best(held, markets)
    assert sale.payout == brute_force(held, markets)
    checked = check_sale([p.to_dict() for p in sale.parts], held, markets)  # the engine accepts it
    assert checked.payout == sale.payout and checked.sold == sale.sold


@settings(max_examples=200, deadline=None)
@given(vectors.filter(lambda v: sum(v) <= 10), st.lists(cards(), min_size=1, max_size=3))
def test_no_sale_paying_as_much_sells_fewer_cubes(held, markets):
    sale = best(held, markets)
    sets = [s for card in markets for s in card.sets]
    ranges = [range(min((h // n for h, n in zip(held, s.cubes) if n), default=0) + 1) for s in sets]
    for counts in product(*ranges):
        used = [sum(c * s.cubes[i] for c, s in zip(counts, sets)) for i in range(5)]
        pays = sum(c * s.pays for c, s in zip(counts, sets))
        if all(u <= h for u, h in zip(used, held)) and pays == sale.payout:
            assert sum(used) >= cu.total(sale.sold)


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.tuples(*[st.integers(0, 5)] * 5), min_size=1, max_size=6),
    st.lists(cards(), min_size=1, max_size=3),
)
def test_one_table_answers_every_question_on_its_cards_as_a_fresh_search_would(holdings, markets):
    table = SaleTable(markets)  # the bots' table: each answer reuses what earlier ones worked out
    for held in holdings:
        sale = best(held, markets)
        assert table.sale(held) == sale
        assert table.value(held) == (sale.payout, cu.total(sale.sold))


def classic_sale(held: cu.Cubes, markets) -> list[tuple[int, int, int]]:
    """The best sale as the classic table filled set by set finds it, plainly: the best
    key (payout, then fewest cubes) with the first k sets of card-and-set order, read back
    from the last set down, each set taken only where it improves on the sets before it."""
    sets = [(space, which, s) for space, card in enumerate(markets) for which, s in enumerate(card.sets)]

    @cache
    def best(left: cu.Cubes, k: int) -> tuple[int, int]:
        if k == 0:
            return (0, 0)
        without = best(left, k - 1)
        cubes, pays = sets[k - 1][2].cubes, sets[k - 1][2].pays
        if not cu.within(cubes, left):
            return without
        payout, fewer = best(cu.sub(left, cubes), k)
        return max(without, (payout + pays, fewer - cu.total(cubes)))

    parts: dict[tuple[int, int], int] = {}
    left, k = held, len(sets)
    while k:
        if best(left, k) == best(left, k - 1):
            k -= 1
        else:
            space, which, cube_set = sets[k - 1]
            parts[space, which] = parts.get((space, which), 0) + 1
            left = cu.sub(left, cube_set.cubes)
    return sorted((space, which, times) for (space, which), times in parts.items())


tied_sets = st.builds(
    lambda v, pays: CubeSet(v, pays),
    st.tuples(*[st.integers(0, 2)] * 5).filter(lambda v: 1 <= sum(v) <= 4),
    st.sampled_from([2, 3, 4, 6, 8, 12]),
)
"""Sets with few payouts, often of one colour, often alike: many sales pay the same."""


@settings(max_examples=300, deadline=None)
@given(
    st.lists(vectors, min_size=1, max_size=4),
    st.lists(
        st.builds(lambda sets: Card("C", tuple(sets)), st.lists(tied_sets, min_size=1, max_size=5)),
        max_size=3,
    ),
)
def test_the_sale_chosen_among_equals_is_the_one_the_classic_table_names(holdings, markets):
    table = SaleTable(markets)  # sets of one colour worked out apart, the others searched
    for held in holdings:
        sale = table.sale(held)
        assert [(p.market, p.set, p.times) for p in sale.parts] == classic_sale(held, markets)
        assert table.value(held) == (sale.payout, cu.total(sale.sold))


@settings(max_examples=200, deadline=None)
@given(
    vectors.filter(lambda v: sum(v) <= 12),
    st.lists(cards(), min_size=1, max_size=3),
    st.sampled_from([0.0, 5.0, 10.0, 18.0]),
)
@example(
    (3, 0, 0, 0, 0), [Card("A", (CubeSet((2, 0, 0, 0, 0), 10), CubeSet((1, 0, 0, 0, 0), 4)))], 5.0
)  # 5 a cube
def test_a_table_of_the_sets_paying_well_sells_as_the_cards_without_the_others_would(held, markets, least):
    def pays_well(s: CubeSet) -> bool:
        return s.pays >= least * cu.total(s.cubes)

    kept = [[which for which, s in enumerate(card.sets) if pays_well(s)] for card in markets]
    without = [Card(card.name, tuple(s for s in card.sets if pays_well(s))) for card in markets]
    sale, alone = SaleTable(markets, least).sale(held), best(held, without)
    assert [(p.market, p.set, p.times) for p in sale.parts] == [
        (p.market, kept[p.market][p.set], p.times) for p in alone.parts
    ]  # numbered as the card's own sets
    assert (sale.payout, sale.sold) == (alone.payout, alone.sold)


@settings(max_examples=200, deadline=None)
@given(vectors, st.lists(vectors, min_size=1, max_size=5), st.lists(cards(), min_size=1, max_size=3))
def test_a_table_values_the_cubes_with_each_lot_as_it_values_each_sum(held, lots, markets):
    table = SaleTable(markets)  # as a bot asks: every lot at once
    assert table.values_with(held, lots) == [SaleTable(markets).value(cu.add(held, lot)) for lot in lots]


def test_the_example_of_the_rule_card_sells_four_cubes_and_keeps_the_red():
    markets = [parse_card("Example: YYBK=85")]
    sale = best(cu.parse("YYBKR"), markets)
    assert sale.payout == 85 and cu.sub(cu.parse("YYBKR"), sale.sold) == cu.parse("R")


def test_a_set_may_be_sold_any_number_of_times_and_greedy_is_not_enough():
    # greedy by payout takes YYY=40 once and sells the rest as singles: 40 + 0; the best is 3×YY
    markets = [parse_card("A: YYY=40, YY=30")]
    assert best(cu.parse("YYYYYY"), markets).payout == 90
    # greedy by payout a cube takes BG=30 (15 a cube) twice: 60; the best is BBG + BG = 70
    markets = [parse_card("B: BG=30, BBG=40, GG=26")]
    assert best(cu.parse("BBBGG"), markets).payout == 70


def test_nothing_to_sell_is_an_empty_sale():
    sale = best(cu.parse("RRR"), [parse_card("Y=10")])
    assert sale.parts == () and sale.payout == 0
    assert best(cu.NONE, [parse_card("Y=10")]).payout == 0


def test_equal_sets_on_two_cards_are_sold_on_the_first():
    sale = best(cu.parse("YY"), [parse_card("A: K=5"), parse_card("B: YY=20"), parse_card("C: YY=20")])
    assert [(p.market, p.set, p.times) for p in sale.parts] == [(1, 0, 1)]


def test_what_each_set_would_pay_alone():
    assert fits(cu.parse("YYYB"), [parse_card("Y=10, YB=25, K=5")]) == [[3, 1, 0]]


def test_the_default_return_keeps_what_the_cards_that_stay_want():
    stay = [parse_card("K=50, KK=120")]
    assert suggested_return(cu.parse("KKKYYYYYYYYY"), stay, 10) == cu.parse("YY")
    assert suggested_return(cu.parse("BBBBBBKKKKKK"), [], 10) == cu.parse("BB")  # the commonest first


# ------------------------------------------------------------------ the command line
EXAMPLE = {
    "cubes": "YYBKR",
    "markets": [
        {"name": "Saffron", "sets": [{"cubes": "YYBK", "pays": 85}]},
        "Copper: R=15, RR=35",
        "Ebony: K=20",
    ],
}


def test_advise_answers_the_best_sale_in_json():
    answer = advise_data(EXAMPLE)
    assert answer["payout"] == 100 and answer["kept"] == {}
    assert answer["parts"] == [
        {
            "market": 0,
            "set": 0,
            "times": 1,
            "cubes": {"yellow": 2, "blue": 1, "black": 1},
            "pays": 85,
            "card": "Saffron",
        },
        {"market": 1, "set": 0, "times": 1, "cubes": {"red": 1}, "pays": 15, "card": "Copper"},
    ]
    assert answer["each_set"][1] == [{"pays": 15, "could_sell": 1}, {"pays": 35, "could_sell": 0}]


@pytest.mark.parametrize(
    "data, words",
    [
        ([], "file: expected"),
        ({"cubes": "YY"}, "both cubes"),
        ({"cubes": "YY", "markets": [], "extra": 1}, "unknown field 'extra'"),
        ({"cubes": "YQ", "markets": ["Y=1"]}, "cubes: 'Q' is not a colour letter"),
        ({"cubes": "YY", "markets": []}, "markets: expected a list of 1 to 3"),
        ({"cubes": "YY", "markets": ["Y=1"] * 4}, "markets: expected a list of 1 to 3"),
        ({"cubes": "YY", "markets": ["Y=1", "YY=0"]}, r"markets\[1\] \(Market 2\), set 1: pays"),
        ({"cubes": "K" * 12, "markets": ["K=1"]}, "cubes: more than the bag holds"),
    ],
)
def test_advise_names_the_malformed_field(data, words):
    with pytest.raises(ValueError, match=words):
        advise_data(data)


def test_samarkand_advise_market_reads_a_file_and_prints_json(tmp_path, capsys):
    path = tmp_path / "position.json"
    path.write_text(json.dumps(EXAMPLE))
    assert main(["advise", "market", str(path)]) == 0
    assert json.loads(capsys.readouterr().out)["payout"] == 100
    path.write_text(json.dumps({"cubes": "YQ", "markets": ["Y=1"]}))
    assert main(["advise", "market", str(path)]) == 2
    assert "error: cubes: 'Q' is not a colour letter" in capsys.readouterr().err
