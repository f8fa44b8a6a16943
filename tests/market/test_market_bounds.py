"""What the engine and the bots enumerate stays bounded on the largest position the rules
allow: five players, a seat as rich as sales make it, 15 cubes held (10 kept and a lot of
5), three cards of six small sets none of which makes another useless."""

from __future__ import annotations

import random
from itertools import product

from market_driver import GAME, bids, draw, table

from companion.games.market import cubes as cu
from companion.games.market.bots import Strong
from companion.games.market.cards import MAX_SETS, parse_card
from companion.games.market.rules import LOTS
from companion.games.market.sale import SaleTable

RICH = 10**9
"""Money a seat could reach on a deck of its own (a set pays up to 10,000, any number of times)."""


def five_rich_players():
    match = table(players=5)
    draw(match, "YYY", "BBB", "RRRR", "GGGG", "KKKKK")
    for seat in range(5):
        match.state.money[seat] = RICH
    return match


def test_legal_actions_list_at_most_a_pick_per_lot_and_never_the_bids():
    match = five_rich_players()
    assert match.state.phase == "bidding"
    assert all(GAME.legal_actions(match.state, seat) is None for seat in range(5))  # not a billion bids
    bids(match, 9, 8, 7, 6, 5)
    listed = GAME.legal_actions(match.state, 0)
    assert len(listed) == len(LOTS[5]) == max(len(sizes) for sizes in LOTS.values())
    assert all(GAME.legal_actions(match.state, seat) == [] for seat in range(1, 5))


WORST_CARDS = [
    parse_card(text)
    for text in (
        "Y=1, B=2, R=3, G=4, K=5, YB=6",
        "YR=7, YG=8, YK=9, BR=10, BG=11, BK=12",
        "RG=13, RK=14, GK=15",
    )
]


def test_a_sale_table_works_out_at_most_every_sub_collection_of_15_cubes():
    assert max(len(card.sets) for card in WORST_CARDS) == MAX_SETS
    every_15 = [h for h in product(range(16), repeat=5) if sum(h) == 15][::40]
    for held in [*every_15, (3, 3, 3, 3, 3)]:
        table = SaleTable(WORST_CARDS)
        table.sale(held)
        bound = 1
        for n in held:
            bound *= n + 1
        assert len(table) <= bound <= 4**5


def test_the_strong_bid_tries_at_most_one_amount_per_sampled_bid():
    match = five_rich_players()
    state = match.state
    state.cubes[0] = cu.parse("YYBBRRGGKK")
    view = GAME.seat_view(state, 0)
    bot = Strong(random.Random(3))
    others = [bot.determinised(view) for _ in range(Strong.samples)]
    amounts = bot.amounts(view, others)
    assert 1 < len(amounts) <= 1 + Strong.samples * 4
    assert bot.bid(view) in amounts
